//! Term utilities over `smtlib-io` terms, below the e-graph and the
//! passes: walks ([`post_order`], [`rebuild`]), free variables, the scope
//! check of extracted terms, substitution and replacement, binder
//! freshening, conjuncts, syntactic matching ([`match_term`]), and smart
//! Boolean and quantifier constructors; directed rewriting with rules read
//! from facts is in [`rewrite`].

pub mod alpha;
pub mod eval;
pub mod rewrite;

use smtlib_io::{Attr, AttrValue, BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::{BTreeSet, HashMap, HashSet};

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
    let mut seen = rustc_hash::FxHashSet::default();
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
    let mut seen = rustc_hash::FxHashSet::default();
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
    fill_free_vars(cx, t, memo);
    memo[&t].clone()
}

/// Put the free variables of `t` and of its subterms into `memo` (see
/// [`free_vars`]), without copying the set of `t` out.
pub fn fill_free_vars(cx: &Context, t: TermId, memo: &mut HashMap<TermId, BTreeSet<VarId>>) {
    fold_memo(cx, t, memo, |memo, u| {
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
        s
    });
}

/// Fill `memo` for `t` and its subterms, bottom-up: `value(memo, u)` is
/// called once per distinct subterm missing from `memo`, after the values
/// of its children are in. Subterms already in `memo` are not walked
/// again, so filling the memo for many overlapping terms costs their
/// union, not the sum of their sizes.
pub fn fold_memo<V>(
    cx: &Context,
    t: TermId,
    memo: &mut HashMap<TermId, V>,
    mut value: impl FnMut(&HashMap<TermId, V>, TermId) -> V,
) {
    if memo.contains_key(&t) {
        return;
    }
    let mut stack = vec![(t, false)];
    while let Some((u, done)) = stack.pop() {
        if memo.contains_key(&u) {
            continue;
        }
        if done {
            let v = value(memo, u);
            memo.insert(u, v);
            continue;
        }
        stack.push((u, true));
        for k in cx.children(u).into_iter().rev() {
            if !memo.contains_key(&k) {
                stack.push((k, false));
            }
        }
    }
}

/// True if `t` has no free variable.
pub fn is_closed(cx: &Context, t: TermId) -> bool {
    free_vars(cx, t, &mut HashMap::new()).is_empty()
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

/// The application `t` = `op(args)` with its arguments replaced by `new`:
/// `t` itself when they are the same, else `op(new)` (`t` if that is ill
/// sorted, which a rewrite that keeps sorts never causes).
pub fn with_args(cx: &mut Context, t: TermId, op: Op, args: &[TermId], new: Vec<TermId>) -> TermId {
    if new[..] == args[..] {
        t
    } else {
        cx.mk_app(op, new).unwrap_or(t)
    }
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

/// The quantified variables and matrix of an axiom: nested `forall`s and
/// `(! … :pattern …)` annotations are looked through (a `:named` axiom too;
/// its name is kept by whoever keeps the axiom).
pub fn axiom_matrix(cx: &Context, mut t: TermId) -> (Vec<VarId>, TermId) {
    let mut vars = Vec::new();
    loop {
        match cx.kind(t) {
            TermKind::Binder(BinderKind::Forall, vs, body, _) => {
                vars.extend(vs.iter().copied());
                t = *body;
            }
            TermKind::Annot(body, _) => t = *body,
            _ => return (vars, t),
        }
    }
}

/// Attributes that remain valid for a quantifier over `vars`.
pub fn keep_attrs(
    cx: &Context,
    attrs: &[Attr],
    vars: &[VarId],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Box<[Attr]> {
    let vars: BTreeSet<VarId> = vars.iter().copied().collect();
    attrs
        .iter()
        .filter(|a| match &a.value {
            AttrValue::Terms(ts) => {
                let mut used = BTreeSet::new();
                for &t in ts.iter() {
                    used.extend(free_vars(cx, t, fv));
                }
                used == vars
            }
            _ => true,
        })
        .cloned()
        .collect()
}

pub fn app(cx: &mut Context, op: Op, args: Vec<TermId>) -> TermId {
    cx.mk_app(op, args)
        .expect("well-sorted term built by a pass")
}

pub fn is_true(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Bool(true))
}

pub fn is_false(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Bool(false))
}

/// `(and …)` flattened, without `true`, `false` if any part is.
pub fn and(cx: &mut Context, parts: Vec<TermId>) -> TermId {
    junction(cx, Op::And, true, parts)
}

/// `(or …)` flattened, without `false`, `true` if any part is.
pub fn or(cx: &mut Context, parts: Vec<TermId>) -> TermId {
    junction(cx, Op::Or, false, parts)
}

/// `op` (`and` with `unit` true, `or` with `unit` false) over `parts`:
/// nested `op`s flattened one level, duplicates and `unit` dropped, the
/// absorbing constant if any part is it.
fn junction(cx: &mut Context, op: Op, unit: bool, parts: Vec<TermId>) -> TermId {
    let mut out: Vec<TermId> = Vec::new();
    for p in parts {
        match cx.kind(p) {
            TermKind::Bool(b) if *b == unit => continue,
            TermKind::Bool(_) => return cx.mk_bool(!unit),
            TermKind::App(o, args) if *o == op => {
                for &a in args.iter() {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
            _ => {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    match out.len() {
        0 => cx.mk_bool(unit),
        1 => out[0],
        _ => app(cx, op, out),
    }
}

pub fn not(cx: &mut Context, t: TermId) -> TermId {
    match cx.kind(t) {
        TermKind::Bool(b) => {
            let b = !*b;
            cx.mk_bool(b)
        }
        TermKind::App(Op::Not, args) => args[0],
        _ => app(cx, Op::Not, vec![t]),
    }
}

/// `(=> h c)`, simplified when `h` or `c` is a constant.
pub fn implies(cx: &mut Context, h: TermId, c: TermId) -> TermId {
    if is_true(cx, h) || is_true(cx, c) {
        return c;
    }
    if is_false(cx, h) {
        return cx.mk_bool(true);
    }
    if is_false(cx, c) {
        return not(cx, h);
    }
    app(cx, Op::Implies, vec![h, c])
}

/// A quantifier, or its body if it binds nothing.
pub fn quant(cx: &mut Context, k: BinderKind, vars: Vec<VarId>, body: TermId) -> TermId {
    quant_with(cx, k, vars, body, &[])
}

/// [`quant`] with the attributes of the quantifier it replaces: `:qid` and
/// the like are kept, and each `:pattern` that still covers exactly `vars`
/// (a trigger chosen by the VC generator drives z3's instantiation; losing
/// it can turn a proof of milliseconds into a timeout).
pub fn quant_with(
    cx: &mut Context,
    k: BinderKind,
    vars: Vec<VarId>,
    body: TermId,
    attrs: &[Attr],
) -> TermId {
    if vars.is_empty() || matches!(cx.kind(body), TermKind::Bool(_)) {
        return body;
    }
    let attrs = keep_attrs(cx, attrs, &vars, &mut HashMap::new());
    cx.mk_binder(k, vars.into(), body, attrs)
        .expect("quantifier over a Bool body")
}

/// Does `t` mention any variable of `vars` (free or not)?
pub fn mentions_any(
    cx: &Context,
    t: TermId,
    vars: &HashSet<VarId>,
    memo: &mut HashMap<TermId, bool>,
) -> bool {
    if vars.is_empty() {
        return false;
    }
    if let Some(&b) = memo.get(&t) {
        return b;
    }
    let b = match cx.kind(t) {
        TermKind::Var(v) => vars.contains(v),
        TermKind::Binder(_, bvs, _, _) if bvs.iter().any(|v| vars.contains(v)) => true,
        _ => cx
            .children(t)
            .into_iter()
            .any(|c| mentions_any(cx, c, vars, memo)),
    };
    memo.insert(t, b);
    b
}

pub fn mentions(cx: &Context, t: TermId, v: VarId) -> bool {
    let vars: HashSet<VarId> = [v].into_iter().collect();
    mentions_any(cx, t, &vars, &mut HashMap::new())
}

/// Does `t` contain the subterm `s`?
pub fn contains_term(cx: &Context, t: TermId, s: TermId, memo: &mut HashMap<TermId, bool>) -> bool {
    if t == s {
        return true;
    }
    if let Some(&b) = memo.get(&t) {
        return b;
    }
    let b = cx
        .children(t)
        .into_iter()
        .any(|c| contains_term(cx, c, s, memo));
    memo.insert(t, b);
    b
}

/// Replace the terms of `map` (variables or any subterm) in `t`. Binders of
/// `t` are kept (their variables are not in `map`'s replacements by the
/// renamed-apart invariant, or the caller freshened them).
pub fn replace(cx: &mut Context, t: TermId, map: &HashMap<TermId, TermId>) -> TermId {
    fn go(
        cx: &mut Context,
        t: TermId,
        map: &HashMap<TermId, TermId>,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = map.get(&t) {
            return r;
        }
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args.iter().map(|&a| go(cx, a, map, memo)).collect();
                with_args(cx, t, op, &args, new)
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = go(cx, body, map, memo);
                if nb == body {
                    t
                } else {
                    // Patterns may mention replaced terms; drop them.
                    let attrs: Vec<_> = attrs
                        .iter()
                        .filter(|a| !matches!(a.value, AttrValue::Terms(_)))
                        .cloned()
                        .collect();
                    cx.mk_binder(k, vs, nb, attrs.into()).unwrap_or(t)
                }
            }
            TermKind::Annot(body, attrs) => {
                let nb = go(cx, body, map, memo);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }
    if map.is_empty() {
        return t;
    }
    go(cx, t, map, &mut HashMap::new())
}

/// `t` with each variable of `map` replaced by its term, patterns
/// included. Capture-free because bound variables are renamed apart.
pub fn subst(cx: &mut Context, t: TermId, map: &HashMap<VarId, TermId>) -> TermId {
    if map.is_empty() {
        return t;
    }
    rebuild(cx, t, |cx, u, _| match cx.kind(u) {
        TermKind::Var(v) => map.get(v).copied(),
        _ => None,
    })
}

/// A copy of `t` in which every binder binds fresh variables, so that the
/// copy can be placed next to the original without breaking the
/// renamed-apart invariant.
pub fn freshen(cx: &mut Context, t: TermId) -> TermId {
    fn go(cx: &mut Context, t: TermId, ren: &mut HashMap<VarId, VarId>) -> TermId {
        match cx.kind(t).clone() {
            TermKind::Var(v) => match ren.get(&v) {
                Some(&w) => cx.mk_var(w),
                None => t,
            },
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args.iter().map(|&a| go(cx, a, ren)).collect();
                cx.mk_app(op, new).unwrap_or(t)
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let mut nvs = Vec::new();
                for &v in vs.iter() {
                    let d = cx.var(v).clone();
                    let w = cx.new_var(d.name, d.sort);
                    ren.insert(v, w);
                    nvs.push(w);
                }
                let nb = go(cx, body, ren);
                // patterns are terms over the bound variables: rename them too
                let attrs: Vec<Attr> = attrs
                    .iter()
                    .map(|a| match &a.value {
                        AttrValue::Terms(ts) => Attr {
                            key: a.key,
                            value: AttrValue::Terms(ts.iter().map(|&p| go(cx, p, ren)).collect()),
                        },
                        _ => a.clone(),
                    })
                    .collect();
                cx.mk_binder(k, nvs.into(), nb, attrs.into()).unwrap_or(t)
            }
            TermKind::Annot(body, attrs) => {
                let nb = go(cx, body, ren);
                cx.mk_annot(nb, attrs)
            }
            _ => t,
        }
    }
    go(cx, t, &mut HashMap::new())
}

/// Does `t` contain any binder?
pub fn has_binder(cx: &Context, t: TermId) -> bool {
    cx.has_binder(t)
}

/// Split `(=> h1 … hn c)` into hypotheses and conclusion; other terms are
/// their own conclusion.
pub fn split_implies(cx: &Context, t: TermId) -> (Vec<TermId>, TermId) {
    let mut hyps = Vec::new();
    let mut cur = t;
    while let TermKind::App(Op::Implies, args) = cx.kind(cur) {
        hyps.extend(args[..args.len() - 1].iter().copied());
        cur = args[args.len() - 1];
    }
    (hyps, cur)
}

/// Conjuncts of `t` (flattening nested `and`).
pub fn conjuncts(cx: &Context, t: TermId) -> Vec<TermId> {
    match cx.kind(t) {
        TermKind::App(Op::And, args) => args.iter().flat_map(|&a| conjuncts(cx, a)).collect(),
        _ => vec![t],
    }
}

/// Match `pat` (over the variables `vars`; other variables match only
/// themselves) against `t` syntactically, extending `m`. A closed part of
/// the pattern matches only itself (hash-consed terms are equal iff they
/// are the same id), so every match is an instance.
pub fn match_term(
    cx: &Context,
    pat: TermId,
    t: TermId,
    vars: &[VarId],
    m: &mut HashMap<VarId, TermId>,
) -> bool {
    if let TermKind::Var(v) = cx.kind(pat) {
        if vars.contains(v) {
            return match m.get(v) {
                Some(&b) => b == t,
                None => {
                    m.insert(*v, t);
                    true
                }
            };
        }
    }
    match (cx.kind(pat), cx.kind(t)) {
        (TermKind::App(o1, a1), TermKind::App(o2, a2)) if o1 == o2 && a1.len() == a2.len() => a1
            .iter()
            .zip(a2.iter())
            .all(|(&p, &s)| match_term(cx, p, s, vars, m)),
        _ => pat == t,
    }
}
