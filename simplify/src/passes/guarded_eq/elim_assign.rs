//! ElimAssign (section 4.1) inside `guarded-eq`.
//!
//! **ElimAssign, shared arrays.** The shared-array form (1),
//! `∀n. (∃t. W(t,n) ∧ b2(n) = v(t)) ∨ ((∀t. ¬W(t,n)) ∧ b2(n) = b1(n))`,
//! does *not* in general make `φ(b2(u))` equivalent to either the paper's
//! `∀t. W(t,u) ⇒ φ(v(t))` form (2) or the exists form
//! `∃t. W(t,u) ∧ φ(v(t))`: if two threads write different values to `u`
//! (a race), the fact only says that `b2(u)` is *one* of them; then the
//! ∀ form is stronger and the ∃ form weaker than `φ(b2(u))`. Both are
//! equivalent to it exactly when the writer is unique. The pass therefore
//! rewrites only when it can show uniqueness: after rewriting `W` with the
//! other facts' rules (e.g. `i2(t) = N*l + t`), `W` must contain a conjunct
//! `idx(t) = n` with `idx` linear in the single thread variable `t` with
//! coefficient ±1, so `t` is determined: `t* = ±(n - rest)`. Then
//! `∃t. W(t,u) ≡ W(t*,u)`, and `φ(b2(u)) ≡ (W(t*,u) ∧ φ(v(t*))) ∨
//! (¬W(t*,u) ∧ φ(b1(u)))`, quantifier-free. A writer over a block and a
//! thread variable (`∃b. … ∃t. …`, or one binder of both) is unique when `W`
//! contains `a*b + t = m` with `0 <= t < a` and `0 < a` known: then
//! `b* = m div a` and `t* = m mod a` (or `m / a` and `0` when `a` divides
//! `m` syntactically, as for `fn[0]`), and `W`'s bounds on `b` become bounds
//! on `m`. Otherwise the occurrence is left alone.

use super::rewrite::{eq_simplify, fresh_if_binders, implied_atom};
use super::rules::{contains_head, Head};
use crate::arith::{mk_cmp, Rel};
use crate::passes::bounds::{atom_as_bound, implied};
use crate::poly::{self, Poly};
use crate::term::{self, and, conjuncts};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

/// The shared-array assign form (1).
#[derive(Clone, Debug)]
pub(super) struct Shared {
    pub(super) head: FunId,
    pub(super) n: VarId,
    /// The writer's thread variables, outermost first (one or two).
    pub(super) ts: Vec<VarId>,
    pub(super) conds: Vec<TermId>,
    pub(super) value: TermId,
    pub(super) old: TermId,
    pub(super) fact: usize,
}

/// Recognise `(∃t. W ∧ f(n) = v) ∨ ((∀t'. ¬W') ∧ f(n) = old)`.
pub(super) fn shared_form(cx: &mut Context, n: VarId, body: TermId, fact: usize) -> Option<Shared> {
    let TermKind::App(Op::Or, args) = cx.kind(body).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let (ts, econds) = exists_chain(cx, args[0])?;
    if ts.is_empty() || ts.len() > 2 {
        return None;
    }
    let nt = cx.mk_var(n);
    let mut conds = Vec::new();
    let mut head_val = None;
    for c in econds {
        if let TermKind::App(Op::Eq, a) = cx.kind(c) {
            for (l, r) in [(a[0], a[1]), (a[1], a[0])] {
                if let TermKind::App(Op::Uf(f), fa) = cx.kind(l) {
                    if fa.len() == 1 && fa[0] == nt && head_val.is_none() {
                        head_val = Some((*f, r));
                    }
                }
            }
            if head_val.is_some_and(|(_, r)| a.contains(&r)) && a.contains(&nt) {
                // the equality f(n) = v itself
            }
        }
        conds.push(c);
    }
    let (f, value) = head_val?;
    let f_n = cx.mk_app(Op::Uf(f), vec![nt]).ok()?;
    conds.retain(|&c| !matches!(cx.kind(c), TermKind::App(Op::Eq, a) if a.contains(&f_n)));
    // Second disjunct.
    let parts = conjuncts(cx, args[1]);
    if parts.len() != 2 {
        return None;
    }
    let mut old = None;
    let mut ok_forall = false;
    for &p in &parts {
        match cx.kind(p).clone() {
            TermKind::App(Op::Eq, a) if a.contains(&f_n) => {
                old = Some(if a[0] == f_n { a[1] } else { a[0] });
            }
            TermKind::Binder(BinderKind::Forall, ..) => {
                let (ts2, fconds) = forall_not_chain(cx, p)?;
                if ts2.len() != ts.len() {
                    return None;
                }
                let m: HashMap<VarId, TermId> = ts2
                    .iter()
                    .zip(&ts)
                    .map(|(&v2, &v)| (v2, cx.mk_var(v)))
                    .collect();
                let mut a: Vec<TermId> = fconds.iter().map(|&c| term::subst(cx, c, &m)).collect();
                let mut b = conds.clone();
                a.sort();
                b.sort();
                ok_forall = a == b;
            }
            _ => return None,
        }
    }
    if !ok_forall {
        return None;
    }
    let old = old?;
    if contains_head(cx, value, &Head::Fun(f)) {
        return None;
    }
    Some(Shared {
        head: f,
        n,
        ts,
        conds,
        value,
        old,
        fact,
    })
}

/// `∃x̄1. (C1 ∧ ∃x̄2. (C2 ∧ …))` as `∃x̄1 x̄2 …. C1 ∧ C2 ∧ …` (bound
/// variables are renamed apart, so no `Ci` mentions a later `x̄j`): the
/// variables, outermost first, and the conjuncts.
fn exists_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let TermKind::Binder(BinderKind::Exists, vs, body, _) = cx.kind(t) else {
        return None;
    };
    let mut vars = vs.to_vec();
    let mut conds = Vec::new();
    let mut cur = *body;
    loop {
        let mut next = None;
        for c in conjuncts(cx, cur) {
            match cx.kind(c) {
                TermKind::Binder(BinderKind::Exists, vs2, b2, _) if next.is_none() => {
                    vars.extend(vs2.iter().copied());
                    next = Some(*b2);
                }
                _ => conds.push(c),
            }
        }
        match next {
            Some(b) => cur = b,
            None => return Some((vars, conds)),
        }
    }
}

/// `∀x̄1. (G1 ⇒ ∀x̄2. (G2 ⇒ … ¬C))` as `∀x̄1 x̄2 …. ¬(G1 ∧ G2 ∧ … ∧ C)`:
/// the variables, outermost first, and the conjuncts under the negation.
fn forall_not_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let mut vars = Vec::new();
    let mut conds = Vec::new();
    let mut cur = t;
    loop {
        match cx.kind(cur) {
            TermKind::Binder(BinderKind::Forall, vs, body, _) => {
                vars.extend(vs.iter().copied());
                cur = *body;
            }
            TermKind::App(Op::Implies, args) => {
                let (last, hyps) = args.split_last()?;
                for &h in hyps {
                    conds.extend(conjuncts(cx, h));
                }
                cur = *last;
            }
            TermKind::App(Op::Not, a) => {
                conds.extend(conjuncts(cx, a[0]));
                return Some((vars, conds));
            }
            _ => return None,
        }
    }
}

/// `p = k * x + r` with `k`, `r` free of `x` and `x` of degree one: `(k, r)`.
fn split_symbolic(p: &Poly<TermId>, x: TermId) -> Option<(Poly<TermId>, Poly<TermId>)> {
    let (mut k, mut r) = (Poly::zero(), Poly::zero());
    for (m, c) in p.terms() {
        match m.degree_in(&x) {
            0 => r.add_term(m.clone(), c.clone()),
            1 => {
                let rest: Vec<TermId> = m.atoms().iter().copied().filter(|&a| a != x).collect();
                k.add_term(poly::Monomial::from_atoms(rest), c.clone());
            }
            _ => return None,
        }
    }
    Some((k, r))
}

/// `p / a` when every monomial of `p` is one of `a` (a single monomial)
/// times a monomial, with an integer quotient of the coefficients.
fn divide_exactly(p: &Poly<TermId>, a: &Poly<TermId>) -> Option<Poly<TermId>> {
    let mut ts = a.terms();
    let (am, ac) = ts.next()?;
    if ts.next().is_some() {
        return None;
    }
    let mut q = Poly::zero();
    for (m, c) in p.terms() {
        if !(c % ac).is_zero() {
            return None;
        }
        let mut rest: Vec<TermId> = m.atoms().to_vec();
        for x in am.atoms() {
            let i = rest.iter().position(|y| y == x)?;
            rest.remove(i);
        }
        q.add_term(poly::Monomial::from_atoms(rest), c / ac);
    }
    Some(q)
}

/// The unique-writer rewrite of a shared assign at index `u` under the
/// hypotheses `hyps`: the writer's conditions (the guard), the value it
/// writes (the then-value) and the old value (the else-term).
pub(super) fn writer_case(
    cx: &mut Context,
    s: &Shared,
    u: TermId,
    hyps: &[TermId],
) -> Option<(TermId, TermId, TermId)> {
    let m: HashMap<VarId, TermId> = [(s.n, u)].into_iter().collect();
    let conds: Vec<TermId> = s.conds.iter().map(|&c| term::subst(cx, c, &m)).collect();
    let (writer, conds) = match *s.ts.as_slice() {
        [t] => (single_writer(cx, t, &conds)?, conds),
        [b, t] => {
            block_writer(cx, t, b, &conds, hyps).or_else(|| block_writer(cx, b, t, &conds, hyps))?
        }
        _ => return None,
    };
    let w: Vec<TermId> = conds
        .iter()
        .map(|&c| {
            let c = term::subst(cx, c, &writer);
            eq_simplify(cx, c)
        })
        .collect();
    let w = and(cx, w);
    let w = fresh_if_binders(cx, w);
    let mut mv = m.clone();
    mv.extend(writer);
    let v = term::subst(cx, s.value, &mv);
    let old = term::subst(cx, s.old, &m);
    Some((w, v, old))
}

/// The writer of one thread variable `t`: a conjunct `idx(t) = u`
/// linear in `t` with coefficient ±1 gives `t* = ±(u - rest)`.
fn single_writer(cx: &mut Context, t: VarId, conds: &[TermId]) -> Option<HashMap<VarId, TermId>> {
    let tt = cx.mk_var(t);
    for &c in conds {
        if let Some((Rel::Eq, rest)) = atom_as_bound(cx, c, tt) {
            if !rest.atoms().iter().any(|&a| term::mentions(cx, a, t)) {
                let tstar = poly::to_term(cx, &rest);
                return Some([(t, tstar)].into_iter().collect());
            }
        }
    }
    None
}

/// The writer of a block-and-thread pair: conjuncts `a*b + t = m`,
/// `0 <= t` and `t < a`, with `0 < a` under the hypotheses and `a`, `m`
/// free of `b` and `t`, determine `b* = m div a` and `t* = m mod a`
/// (SMT-LIB `div` is floor division for `a > 0`). Returns the writer
/// and the conditions left to check at it: the three that define it
/// hold there, and range bounds `c <= b`, `b < g` become `a*c <= m`,
/// `m < a*g`, so the common case needs no `div`. When `m` is a
/// multiple of `a`'s monomial, `b* = m / a` and `t* = 0`, and every
/// condition is simply checked there.
#[allow(clippy::type_complexity)]
fn block_writer(
    cx: &mut Context,
    t: VarId,
    b: VarId,
    conds: &[TermId],
    hyps: &[TermId],
) -> Option<(HashMap<VarId, TermId>, Vec<TermId>)> {
    let (tt, bt) = (cx.mk_var(t), cx.mk_var(b));
    let free_of_both = |cx: &Context, p: &Poly<TermId>| {
        !p.atoms()
            .iter()
            .any(|&x| term::mentions(cx, x, t) || term::mentions(cx, x, b))
    };
    let (eq, a, mpoly) = conds.iter().find_map(|&c| {
        let (Rel::Eq, rest) = atom_as_bound(cx, c, tt)? else {
            return None;
        };
        // t = k*b + r, so a*b + t = r with a = -k.
        let (k, r) = split_symbolic(&rest, bt)?;
        let a = k.neg();
        (!a.is_zero() && free_of_both(cx, &a) && free_of_both(cx, &r)).then_some((c, a, r))
    })?;
    let zero = Poly::zero();
    let a_pos = mk_cmp(cx, Rel::Lt, &a.neg());
    let in_range = implied(cx, tt, conds);
    if !(implied_atom(cx, a_pos, hyps) && in_range.nonneg() && in_range.below(&a)) {
        return None;
    }
    let (bstar, tstar) = match divide_exactly(&mpoly, &a) {
        Some(q) => {
            // Plain terms: every condition can be checked at them.
            let writer = [(b, poly::to_term(cx, &q)), (t, poly::to_term(cx, &zero))];
            return Some((writer.into_iter().collect(), conds.to_vec()));
        }
        None => {
            let (m, a) = (poly::to_term(cx, &mpoly), poly::to_term(cx, &a));
            (
                cx.mk_app(Op::IntDiv, vec![m, a]).ok()?,
                cx.mk_app(Op::Mod, vec![m, a]).ok()?,
            )
        }
    };
    let mut left = Vec::new();
    for &c in conds {
        if c == eq {
            continue;
        }
        if let Some((rel, bound)) = atom_as_bound(cx, c, tt) {
            let defining = match rel {
                Rel::Ge => bound.is_zero(),
                Rel::Gt => bound.as_constant().is_some_and(|k| k == -BigInt::one()),
                Rel::Lt => bound == a,
                Rel::Le => bound == a.add_constant(&-BigInt::one()),
                Rel::Eq => false,
            };
            if defining && free_of_both(cx, &bound) {
                continue;
            }
        }
        if let Some((rel, g)) = atom_as_bound(cx, c, bt) {
            if free_of_both(cx, &g) {
                // b ⋈ g  iff  m ⋈' a*g (shifted for the strict sides)
                let one = BigInt::one();
                let translated = match rel {
                    Rel::Ge => Some((Rel::Ge, a.mul(&g))),
                    Rel::Gt => Some((Rel::Ge, a.mul(&g.add_constant(&one)))),
                    Rel::Lt => Some((Rel::Lt, a.mul(&g))),
                    Rel::Le => Some((Rel::Lt, a.mul(&g.add_constant(&one)))),
                    Rel::Eq => None,
                };
                if let Some((rel2, rhs)) = translated {
                    // m - rhs ⋈ 0
                    left.push(mk_cmp(cx, rel2, &mpoly.sub(&rhs)));
                    continue;
                }
            }
        }
        left.push(c);
    }
    let writer = [(b, bstar), (t, tstar)].into_iter().collect();
    Some((writer, left))
}
