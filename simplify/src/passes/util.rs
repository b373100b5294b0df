//! Small term helpers shared by the thread-indexed passes: smart Boolean
//! constructors, comparison atoms as polynomials, variable occurrence,
//! substitution and binder freshening.
#![allow(dead_code)]

use crate::poly::{self, Poly};
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

pub(crate) fn app(cx: &mut Context, op: Op, args: Vec<TermId>) -> TermId {
    cx.mk_app(op, args)
        .expect("well-sorted term built by a pass")
}

pub(crate) fn is_true(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Bool(true))
}

pub(crate) fn is_false(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Bool(false))
}

/// `(and …)` flattened, without `true`, `false` if any part is.
pub(crate) fn and(cx: &mut Context, parts: Vec<TermId>) -> TermId {
    let mut out: Vec<TermId> = Vec::new();
    for p in parts {
        if is_true(cx, p) {
            continue;
        }
        if is_false(cx, p) {
            return cx.mk_bool(false);
        }
        if let TermKind::App(Op::And, args) = cx.kind(p) {
            for &a in args.iter() {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        } else if !out.contains(&p) {
            out.push(p);
        }
    }
    match out.len() {
        0 => cx.mk_bool(true),
        1 => out[0],
        _ => app(cx, Op::And, out),
    }
}

/// `(or …)` flattened, without `false`, `true` if any part is.
pub(crate) fn or(cx: &mut Context, parts: Vec<TermId>) -> TermId {
    let mut out: Vec<TermId> = Vec::new();
    for p in parts {
        if is_false(cx, p) {
            continue;
        }
        if is_true(cx, p) {
            return cx.mk_bool(true);
        }
        if let TermKind::App(Op::Or, args) = cx.kind(p) {
            for &a in args.iter() {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        } else if !out.contains(&p) {
            out.push(p);
        }
    }
    match out.len() {
        0 => cx.mk_bool(false),
        1 => out[0],
        _ => app(cx, Op::Or, out),
    }
}

pub(crate) fn not(cx: &mut Context, t: TermId) -> TermId {
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
pub(crate) fn implies(cx: &mut Context, h: TermId, c: TermId) -> TermId {
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
pub(crate) fn quant(cx: &mut Context, k: BinderKind, vars: Vec<VarId>, body: TermId) -> TermId {
    quant_with(cx, k, vars, body, &[])
}

/// [`quant`] with the attributes of the quantifier it replaces: `:qid` and
/// the like are kept, and each `:pattern` that still covers exactly `vars`
/// (a trigger chosen by the VC generator drives z3's instantiation; losing
/// it can turn a proof of milliseconds into a timeout).
pub(crate) fn quant_with(
    cx: &mut Context,
    k: BinderKind,
    vars: Vec<VarId>,
    body: TermId,
    attrs: &[smtlib_io::Attr],
) -> TermId {
    if vars.is_empty() || matches!(cx.kind(body), TermKind::Bool(_)) {
        return body;
    }
    let attrs = crate::egraph::quant::keep_attrs(cx, attrs, &vars, &mut HashMap::new());
    cx.mk_binder(k, vars.into(), body, attrs)
        .expect("quantifier over a Bool body")
}

/// The relation of a comparison atom `p ⋈ 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    Eq,
    Le,
    Lt,
    Ge,
    Gt,
}

impl Rel {
    /// `p ⋈ 0` iff `-p ⋈' 0`.
    pub fn flip(self) -> Rel {
        match self {
            Rel::Eq => Rel::Eq,
            Rel::Le => Rel::Ge,
            Rel::Lt => Rel::Gt,
            Rel::Ge => Rel::Le,
            Rel::Gt => Rel::Lt,
        }
    }

    pub fn op(self) -> Op {
        match self {
            Rel::Eq => Op::Eq,
            Rel::Le => Op::Le,
            Rel::Lt => Op::Lt,
            Rel::Ge => Op::Ge,
            Rel::Gt => Op::Gt,
        }
    }

    /// Whether `c ⋈ 0` holds for the integer `c`.
    pub fn holds(self, c: &num_bigint::BigInt) -> bool {
        use num_traits::{Signed, Zero};
        match self {
            Rel::Eq => c.is_zero(),
            Rel::Le => !c.is_positive(),
            Rel::Lt => c.is_negative(),
            Rel::Ge => !c.is_negative(),
            Rel::Gt => c.is_positive(),
        }
    }
}

/// `g*r + c ⋈ 0` for an inequality `⋈` and `g > 0`, as the equivalent
/// integer bound on `r`: `r <= k` (for `<=`, `<`) or `r >= k` (for `>=`,
/// `>`), with `k` the rounded `-c/g`. `None` for `=`.
pub(crate) fn integer_bound(
    rel: Rel,
    c: &num_bigint::BigInt,
    g: &num_bigint::BigInt,
) -> Option<(Rel, num_bigint::BigInt)> {
    use num_integer::Integer;
    let one = num_bigint::BigInt::from(1);
    match rel {
        Rel::Le => Some((Rel::Le, (-c).div_floor(g))),
        Rel::Lt => Some((Rel::Le, (-c - one).div_floor(g))),
        Rel::Ge => Some((Rel::Ge, (-c).div_ceil(g))),
        Rel::Gt => Some((Rel::Ge, (one - c).div_ceil(g))),
        Rel::Eq => None,
    }
}

/// A binary `Int` comparison `lhs ⋈ rhs`, read as `lhs - rhs ⋈ 0`.
pub(crate) fn int_cmp(cx: &Context, t: TermId) -> Option<(Rel, Poly<TermId>)> {
    let TermKind::App(op, args) = cx.kind(t) else {
        return None;
    };
    let rel = match op {
        Op::Eq => Rel::Eq,
        Op::Le => Rel::Le,
        Op::Lt => Rel::Lt,
        Op::Ge => Rel::Ge,
        Op::Gt => Rel::Gt,
        _ => return None,
    };
    if args.len() != 2
        || cx.sort_of(args[0]) != cx.int_sort()
        || cx.sort_of(args[1]) != cx.int_sort()
    {
        return None;
    }
    let p = poly::from_term(cx, args[0]).sub(&poly::from_term(cx, args[1]));
    Some((rel, p))
}

/// Print `p ⋈ 0` as `pos ⋈ neg` with both sides positive sums; but an
/// equation whose only function application is `±f(x̄)` is printed solved
/// for it, `(= f(x̄) rest)`.
///
/// Why: `∀x̄. f(x̄) = t` is the shape of a definition. Solvers' macro finders
/// and E-matching use it as written, and the passes of `guarded_eq` look for
/// it; `(= (+ t f(x̄) 1) n)` hides it from all of them.
pub(crate) fn mk_cmp(cx: &mut Context, rel: Rel, p: &Poly<TermId>) -> TermId {
    if let Some(c) = p.as_constant() {
        return cx.mk_bool(rel.holds(&c));
    }
    if rel == Rel::Eq {
        if let Some((f, rest)) = solved_for_application(cx, p) {
            let rest = poly::to_term(cx, &rest);
            return app(cx, Op::Eq, vec![f, rest]);
        }
    }
    let (pos, neg) = poly::to_sides(cx, p);
    app(cx, rel.op(), vec![pos, neg])
}

/// `(f, r)` with `p = 0` iff `f = r`, when `f` is the only atom of `p` that
/// applies a function or reads an array, and occurs in `p` as `±f` alone.
fn solved_for_application(cx: &Context, p: &Poly<TermId>) -> Option<(TermId, Poly<TermId>)> {
    use num_traits::One;
    let is_application = |a: TermId| matches!(cx.kind(a), TermKind::App(Op::Uf(_) | Op::Select, args) if !args.is_empty());
    let mut found = None;
    for (m, c) in p.terms() {
        for &a in m.atoms() {
            if !is_application(a) {
                continue;
            }
            if found.is_some() || m.degree() != 1 || !(c.is_one() || (-c).is_one()) {
                return None;
            }
            found = Some((a, c.clone()));
        }
    }
    let (f, c) = found?;
    let others = p.sub(&Poly::atom(f).scale(&c));
    // f + others = 0 gives f = -others; -f + others = 0 gives f = others.
    Some((f, if c.is_one() { others.neg() } else { others }))
}

/// Does `t` mention any variable of `vars` (free or not)?
pub(crate) fn mentions_any(
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

pub(crate) fn mentions(cx: &Context, t: TermId, v: VarId) -> bool {
    let vars: HashSet<VarId> = [v].into_iter().collect();
    mentions_any(cx, t, &vars, &mut HashMap::new())
}

/// Does `t` contain the subterm `s`?
pub(crate) fn contains_term(
    cx: &Context,
    t: TermId,
    s: TermId,
    memo: &mut HashMap<TermId, bool>,
) -> bool {
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

/// Free variables of `t`.
pub(crate) fn free_vars(cx: &Context, t: TermId) -> HashSet<VarId> {
    fn go(cx: &Context, t: TermId, memo: &mut HashMap<TermId, HashSet<VarId>>) -> HashSet<VarId> {
        if let Some(s) = memo.get(&t) {
            return s.clone();
        }
        let s: HashSet<VarId> = match cx.kind(t) {
            TermKind::Var(v) => [*v].into_iter().collect(),
            TermKind::Binder(_, vs, _, _) => {
                let mut s = HashSet::new();
                for c in cx.children(t) {
                    s.extend(go(cx, c, memo));
                }
                for v in vs.iter() {
                    s.remove(v);
                }
                s
            }
            TermKind::Match(..) => {
                let mut s = HashSet::new();
                for c in cx.children(t) {
                    s.extend(go(cx, c, memo));
                }
                s
            }
            _ => {
                let mut s = HashSet::new();
                for c in cx.children(t) {
                    s.extend(go(cx, c, memo));
                }
                s
            }
        };
        memo.insert(t, s.clone());
        s
    }
    go(cx, t, &mut HashMap::new())
}

/// Replace the terms of `map` (variables or any subterm) in `t`. Binders of
/// `t` are kept (their variables are not in `map`'s replacements by the
/// renamed-apart invariant, or the caller freshened them).
pub(crate) fn replace(cx: &mut Context, t: TermId, map: &HashMap<TermId, TermId>) -> TermId {
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
                if new[..] == args[..] {
                    t
                } else {
                    cx.mk_app(op, new).unwrap_or(t)
                }
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = go(cx, body, map, memo);
                if nb == body {
                    t
                } else {
                    // Patterns may mention replaced terms; drop them.
                    let attrs: Vec<_> = attrs
                        .iter()
                        .filter(|a| !matches!(a.value, smtlib_io::AttrValue::Terms(_)))
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

/// Substitute variables by terms.
pub(crate) fn subst(cx: &mut Context, t: TermId, map: &HashMap<VarId, TermId>) -> TermId {
    let m: HashMap<TermId, TermId> = map.iter().map(|(&v, &r)| (cx.mk_var(v), r)).collect();
    replace(cx, t, &m)
}

/// A copy of `t` in which every binder binds fresh variables, so that the
/// copy can be placed next to the original without breaking the
/// renamed-apart invariant.
pub(crate) fn freshen(cx: &mut Context, t: TermId) -> TermId {
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
                let attrs: Vec<smtlib_io::Attr> = attrs
                    .iter()
                    .map(|a| match &a.value {
                        smtlib_io::AttrValue::Terms(ts) => smtlib_io::Attr {
                            key: a.key,
                            value: smtlib_io::AttrValue::Terms(
                                ts.iter().map(|&p| go(cx, p, ren)).collect(),
                            ),
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
pub(crate) fn has_binder(cx: &Context, t: TermId) -> bool {
    fn go(cx: &Context, t: TermId, seen: &mut HashSet<TermId>) -> bool {
        if !seen.insert(t) {
            return false;
        }
        match cx.kind(t) {
            TermKind::Binder(..) | TermKind::Match(..) => true,
            _ => cx.children(t).into_iter().any(|c| go(cx, c, seen)),
        }
    }
    go(cx, t, &mut HashSet::new())
}

/// Split `(=> h1 … hn c)` into hypotheses and conclusion; other terms are
/// their own conclusion.
pub(crate) fn split_implies(cx: &Context, t: TermId) -> (Vec<TermId>, TermId) {
    let mut hyps = Vec::new();
    let mut cur = t;
    while let TermKind::App(Op::Implies, args) = cx.kind(cur) {
        hyps.extend(args[..args.len() - 1].iter().copied());
        cur = args[args.len() - 1];
    }
    (hyps, cur)
}

/// Conjuncts of `t` (flattening nested `and`).
pub(crate) fn conjuncts(cx: &Context, t: TermId) -> Vec<TermId> {
    match cx.kind(t) {
        TermKind::App(Op::And, args) => args.iter().flat_map(|&a| conjuncts(cx, a)).collect(),
        _ => vec![t],
    }
}

/// Normalise the arithmetic of `t`: `Int` comparisons are printed from
/// their polynomial (constant ones become `true`/`false`), `Int` arguments
/// of functions and `select` are put in polynomial normal form. Binders
/// are entered. The result is equivalent.
pub(crate) fn norm(cx: &mut Context, t: TermId) -> TermId {
    fn go(cx: &mut Context, t: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                if let Some((rel, p)) = int_cmp(cx, t) {
                    let p = p.map_atoms(|&a| a);
                    let atoms_new: HashMap<TermId, TermId> = p
                        .atoms()
                        .into_iter()
                        .map(|a| (a, go(cx, a, memo)))
                        .collect();
                    let p = p.map_atoms(|a| atoms_new[a]);
                    mk_cmp(cx, rel, &p)
                } else {
                    let new: Vec<TermId> = args
                        .iter()
                        .map(|&a| {
                            let a2 = go(cx, a, memo);
                            let arith = matches!(
                                cx.kind(a2),
                                TermKind::App(Op::Add | Op::Sub | Op::Mul | Op::Neg, _)
                            );
                            if arith
                                && cx.sort_of(a2) == cx.int_sort()
                                && !matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Neg)
                            {
                                let p = poly::from_term(cx, a2);
                                poly::to_term(cx, &p)
                            } else {
                                a2
                            }
                        })
                        .collect();
                    let r = if new[..] == args[..] {
                        t
                    } else {
                        cx.mk_app(op.clone(), new).unwrap_or(t)
                    };
                    match (op, cx.kind(r).clone()) {
                        (Op::Eq, TermKind::App(Op::Eq, a)) if a.len() == 2 && a[0] == a[1] => {
                            cx.mk_bool(true)
                        }
                        (Op::And, TermKind::App(Op::And, a)) => and(cx, a.to_vec()),
                        (Op::Or, TermKind::App(Op::Or, a)) => or(cx, a.to_vec()),
                        (Op::Not, TermKind::App(Op::Not, a)) => not(cx, a[0]),
                        _ => r,
                    }
                }
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = go(cx, body, memo);
                if nb == body {
                    t
                } else {
                    let _ = attrs;
                    quant(cx, k, vs.to_vec(), nb)
                }
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }
    go(cx, t, &mut HashMap::new())
}

/// The facts usable as hypotheses for bounds and guard decisions: the
/// quantifier-free ones (quantified facts give no bounds on the atoms
/// these passes ask about, and analysing them for every atom is costly).
pub(crate) fn ground_facts(cx: &Context, facts: &[TermId]) -> Vec<TermId> {
    facts
        .iter()
        .copied()
        .filter(|&f| !has_binder(cx, f))
        .collect()
}
