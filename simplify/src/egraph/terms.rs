//! Term utilities over `smtlib-io` terms: free variables, substitution and
//! the scope check of extracted terms. All iterative (no recursion on term
//! depth).

use smtlib_io::{Context, TermId, TermKind, VarId};
use std::collections::{BTreeSet, HashMap};

/// Variables bound at the top of `t` (binders and match cases).
fn binds(cx: &Context, t: TermId) -> Vec<VarId> {
    match cx.kind(t) {
        TermKind::Binder(_, vs, _, _) => vs.to_vec(),
        TermKind::Match(_, cases) => cases.iter().flat_map(|c| c.vars.iter().copied()).collect(),
        _ => vec![],
    }
}

/// Post-order over the DAG of `t`: calls `f` on every distinct subterm after
/// its children.
pub fn post_order(cx: &Context, t: TermId, mut f: impl FnMut(TermId)) {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(t, false)];
    while let Some((u, done)) = stack.pop() {
        if done {
            f(u);
            continue;
        }
        if !seen.insert(u) {
            continue;
        }
        stack.push((u, true));
        for k in cx.children(u).into_iter().rev() {
            if !seen.contains(&k) {
                stack.push((k, false));
            }
        }
    }
}

/// Does some subterm of `t` (`t` included) satisfy `pred`? Visits each
/// distinct subterm once, iteratively: linear in the DAG, safe on deep
/// terms and on `let`-DAGs that are exponential as trees.
pub fn any_subterm(cx: &Context, t: TermId, mut pred: impl FnMut(TermId) -> bool) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t];
    while let Some(u) = stack.pop() {
        if !seen.insert(u) {
            continue;
        }
        if pred(u) {
            return true;
        }
        stack.extend(cx.children(u).into_iter().filter(|k| !seen.contains(k)));
    }
    false
}

/// Free variables of `t` (and of every subterm, in `memo`).
pub fn free_vars(
    cx: &Context,
    t: TermId,
    memo: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> BTreeSet<VarId> {
    if let Some(s) = memo.get(&t) {
        return s.clone();
    }
    post_order(cx, t, |u| {
        if memo.contains_key(&u) {
            return;
        }
        let mut s = BTreeSet::new();
        if let TermKind::Var(v) = cx.kind(u) {
            s.insert(*v);
        }
        for k in cx.children(u) {
            s.extend(memo[&k].iter().copied());
        }
        for v in binds(cx, u) {
            s.remove(&v);
        }
        memo.insert(u, s);
    });
    memo[&t].clone()
}

/// True if `t` is well scoped: closed, and no binder of a variable nested
/// inside another binder of the same variable.
pub fn well_scoped(cx: &Context, t: TermId) -> bool {
    // (free, bound-somewhere-inside) per subterm
    let mut memo: HashMap<TermId, (BTreeSet<VarId>, BTreeSet<VarId>)> = HashMap::new();
    let mut ok = true;
    post_order(cx, t, |u| {
        let mut free = BTreeSet::new();
        let mut bound = BTreeSet::new();
        if let TermKind::Var(v) = cx.kind(u) {
            free.insert(*v);
        }
        for k in cx.children(u) {
            let (f, b) = &memo[&k];
            free.extend(f.iter().copied());
            bound.extend(b.iter().copied());
        }
        for v in binds(cx, u) {
            if bound.contains(&v) {
                ok = false;
            }
            free.remove(&v);
            bound.insert(v);
        }
        memo.insert(u, (free, bound));
    });
    ok && memo[&t].0.is_empty()
}

/// Rebuild `t` bottom-up, replacing subterms by `f(u, rebuilt)` where
/// `rebuilt` is `u` with rebuilt children. `f` returns `None` to keep it.
pub fn rebuild(
    cx: &mut Context,
    t: TermId,
    mut f: impl FnMut(&mut Context, TermId, TermId) -> Option<TermId>,
) -> TermId {
    let mut order = vec![];
    post_order(cx, t, |u| order.push(u));
    let mut map: HashMap<TermId, TermId> = HashMap::new();
    for u in order {
        let new = with_children(cx, u, &map);
        let out = f(cx, u, new).unwrap_or(new);
        map.insert(u, out);
    }
    map[&t]
}

/// `u` with each child `k` replaced by `map[k]` (if present).
pub fn with_children(cx: &mut Context, u: TermId, map: &HashMap<TermId, TermId>) -> TermId {
    let m = |k: &TermId| *map.get(k).unwrap_or(k);
    let kind = cx.kind(u).clone();
    let sort = cx.sort_of(u);
    let new_kind = match kind {
        TermKind::App(op, args) => {
            let args: Vec<TermId> = args.iter().map(m).collect();
            return cx.mk_app(op.clone(), args.clone()).unwrap_or_else(|_| {
                // ill-sorted only if a child changed sort, which passes never do
                cx.intern(TermKind::App(op, args.into()), sort)
            });
        }
        TermKind::Binder(k, vs, body, attrs) => {
            let attrs = map_attrs(&attrs, &m);
            TermKind::Binder(k, vs, m(&body), attrs)
        }
        TermKind::Annot(body, attrs) => TermKind::Annot(m(&body), map_attrs(&attrs, &m)),
        TermKind::Match(s, cases) => {
            let cases = cases
                .iter()
                .map(|c| smtlib_io::MatchCase {
                    ctor: c.ctor,
                    vars: c.vars.clone(),
                    body: m(&c.body),
                })
                .collect();
            TermKind::Match(m(&s), cases)
        }
        other => other,
    };
    let sort = match &new_kind {
        TermKind::Annot(b, _) => cx.sort_of(*b),
        _ => sort,
    };
    cx.intern(new_kind, sort)
}

fn map_attrs(attrs: &[smtlib_io::Attr], m: &impl Fn(&TermId) -> TermId) -> Box<[smtlib_io::Attr]> {
    attrs
        .iter()
        .map(|a| smtlib_io::Attr {
            key: a.key,
            value: match &a.value {
                smtlib_io::AttrValue::Terms(ts) => {
                    smtlib_io::AttrValue::Terms(ts.iter().map(m).collect())
                }
                v => v.clone(),
            },
        })
        .collect()
}

/// `t[s/x]`. Capture-free because bound variables are renamed apart.
pub fn subst(cx: &mut Context, t: TermId, x: VarId, s: TermId) -> TermId {
    let xt = cx.mk_var(x);
    rebuild(cx, t, |_, u, _| (u == xt).then_some(s))
}
