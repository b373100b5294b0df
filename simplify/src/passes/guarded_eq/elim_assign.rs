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
//! contains `a*b + t = m` with `0 <= t < a` and `0 < a` known (also when
//! `a` is a product of atoms that are each at least 1, as `gridDim_y *
//! blockDim_y`): then `b* = m div a` and `t* = m - a*b*` (`m mod a`), or
//! the plain `q` and `r` when `m = a*q + r` with `0 <= r < a` known where
//! the read stands (`r = 0` for `fn[0]`, `r = i` for `out[i + a*j]` under
//! `0 <= i < a`), and `W`'s bounds on `b` become bounds on `m`. Under a
//! negation the `div` writer is bound instead of named: the atom becomes
//! `∀b. W(b, m - a*b, u) ⇒ φ(v(b, m - a*b))`, equivalent as `b*` is the one
//! `b` that satisfies `W`, and linear; the solver's Skolem constant for `b`
//! is the writer. Otherwise the occurrence is left alone. Writer variables
//! that the index leaves free are dropped or named by Skolem functions
//! first ([`super::skolem`]).
//!
//! Real VCs reach this pass in two shapes besides form (1). The array's
//! argument may be a term over `n` (Why3 writes `out0[Tuple11 n]` when the
//! index sort is a one-field tuple without axioms); the read's argument is
//! matched against it. And the no-writer disjunct may have lost its
//! quantifier (`n < 0 ∨ G*B <= n` after quantifier elimination). The
//! rewrite needs only that no writer satisfies that condition `N`, so it is
//! applied when the facts every writer satisfies (its conditions, with the
//! block bounds turned into bounds on `m`) refute `N(u)` by bounds.

use super::rewrite::{eq_simplify, implied_atom, refutes, Then};
use crate::arith::{mk_cmp, Rel};
use crate::passes::bounds::{atom_as_bound, implied};
use crate::poly::{self, Poly};
use crate::term::rewrite::{fresh_if_binders, Head};
use crate::term::{self, and, conjuncts};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

/// The shared-array assign form (1).
#[derive(Clone, Debug)]
pub(super) struct Shared {
    pub(super) head: FunId,
    /// The array's argument in terms of `n`: `n` itself, or e.g. Why3's
    /// `Tuple11 n` when the index sort is a one-field tuple.
    pub(super) index: TermId,
    pub(super) n: VarId,
    /// The writer's thread variables, outermost first (one or two).
    pub(super) ts: Vec<VarId>,
    pub(super) conds: Vec<TermId>,
    pub(super) value: TermId,
    pub(super) old: TermId,
    /// The no-writer condition `N(n)` of the second disjunct when it is
    /// not literally `∀t'. ¬W'` (a solver or an earlier pass may have
    /// eliminated the quantifier, e.g. to `n < 0 ∨ G*B <= n`). `None` when
    /// it is literally `∀t'. ¬W'`.
    pub(super) no_writer: Option<TermId>,
    pub(super) fact: usize,
    /// The assign itself, `∀n. (∃t̄. …) ∨ …` (for [`super::skolem`]).
    pub(super) source: TermId,
    /// The ranges of the Skolem functions in `value`, over `n` (facts
    /// that hold for every `n`; see [`super::skolem`]).
    pub(super) skolem_ranges: Vec<TermId>,
}

/// At most this many writer variables (a thread's six components).
const MAX_WRITER_VARS: usize = 6;

/// Recognise `source` = `∀n. body` with `body` =
/// `(∃t̄. W ∧ f(n) = v) ∨ ((∀t̄'. ¬W') ∧ f(n) = old)`.
pub(super) fn shared_form(
    cx: &mut Context,
    source: TermId,
    n: VarId,
    body: TermId,
    fact: usize,
) -> Option<Shared> {
    let TermKind::App(Op::Or, args) = cx.kind(body).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let (ts, econds) = exists_chain(cx, args[0])?;
    if ts.is_empty() || ts.len() > MAX_WRITER_VARS {
        return None;
    }
    let mut conds = Vec::new();
    let mut head_val = None;
    for c in econds {
        if let TermKind::App(Op::Eq, a) = cx.kind(c) {
            for (l, r) in [(a[0], a[1]), (a[1], a[0])] {
                if let TermKind::App(Op::Uf(f), fa) = cx.kind(l) {
                    if fa.len() == 1 && head_val.is_none() && is_index_of(cx, fa[0], n) {
                        head_val = Some((*f, fa[0], r));
                    }
                }
            }
        }
        conds.push(c);
    }
    let (f, index, value) = head_val?;
    let f_n = cx.mk_app(Op::Uf(f), vec![index]).ok()?;
    conds.retain(|&c| !matches!(cx.kind(c), TermKind::App(Op::Eq, a) if a.contains(&f_n)));
    // Second disjunct: `f(n) = old` and the no-writer condition.
    let mut old = None;
    let mut literal_no_writer = false;
    let mut others = Vec::new();
    for p in conjuncts(cx, args[1]) {
        match cx.kind(p).clone() {
            TermKind::App(Op::Eq, a) if a.contains(&f_n) && old.is_none() => {
                old = Some(if a[0] == f_n { a[1] } else { a[0] });
            }
            TermKind::Binder(BinderKind::Forall, ..)
                if !literal_no_writer && negates_writer(cx, p, &ts, &conds) =>
            {
                literal_no_writer = true;
            }
            _ => others.push(p),
        }
    }
    // `N ∧ ∀t'. ¬W'` is at least as strong as `∀t'. ¬W'`, which is all
    // the rewrite needs; otherwise `N` is checked against the writer at
    // each use (`writer_case`).
    let no_writer = match (literal_no_writer, others.is_empty()) {
        (true, _) => None,
        (false, false) => Some(and(cx, others)),
        (false, true) => return None,
    };
    if no_writer.is_some_and(|nw| Head::Fun(f).occurs_in(cx, nw)) {
        return None;
    }
    let old = old?;
    if Head::Fun(f).occurs_in(cx, value) {
        return None;
    }
    Some(Shared {
        head: f,
        index,
        n,
        ts,
        conds,
        value,
        old,
        no_writer,
        fact,
        source,
        skolem_ranges: Vec::new(),
    })
}

/// Whether `i` can be the array argument of an assign over `n`: `n`
/// itself, or an application of uninterpreted functions to such terms and
/// closed terms, at least one of them over `n` (matching it against a
/// read's argument finds `n`; no thread variable can occur in it).
fn is_index_of(cx: &Context, i: TermId, n: VarId) -> bool {
    match cx.kind(i) {
        TermKind::Var(v) => *v == n,
        TermKind::App(Op::Uf(_), args) => {
            args.iter().any(|&a| is_index_of(cx, a, n))
                && args
                    .iter()
                    .all(|&a| term::is_closed(cx, a) || is_index_of(cx, a, n))
        }
        _ => false,
    }
}

/// Whether `p` is `∀t'. ¬W'` with `W'` the writer conditions `conds` over
/// the thread variables `ts` up to renaming.
fn negates_writer(cx: &mut Context, p: TermId, ts: &[VarId], conds: &[TermId]) -> bool {
    let Some((ts2, fconds)) = forall_not_chain(cx, p) else {
        return false;
    };
    if ts2.len() != ts.len() {
        return false;
    }
    let m: HashMap<VarId, TermId> = ts2
        .iter()
        .zip(ts)
        .map(|(&v2, &v)| (v2, cx.mk_var(v)))
        .collect();
    let mut a: Vec<TermId> = fconds.iter().map(|&c| term::subst(cx, c, &m)).collect();
    let mut b = conds.to_vec();
    a.sort();
    b.sort();
    a == b
}

/// `∃x̄1. (C1 ∧ ∃x̄2. (C2 ∧ …))` as `∃x̄1 x̄2 …. C1 ∧ C2 ∧ …` (bound
/// variables are renamed apart, so no `Ci` mentions a later `x̄j`): the
/// variables, outermost first, and the conjuncts.
pub(super) fn exists_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
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

/// `p = a*q + r` where `q` collects the monomials of `p` that are `a`
/// (a single monomial) times a monomial with an integer quotient of the
/// coefficients, and `r` the rest: `(q, r)`.
fn split_multiple(p: &Poly<TermId>, a: &Poly<TermId>) -> Option<(Poly<TermId>, Poly<TermId>)> {
    let mut ts = a.terms();
    let (am, ac) = ts.next()?;
    if ts.next().is_some() {
        return None;
    }
    // `c*m` as `a` times a monomial: the quotient's monomial and coefficient.
    let quotient = |m: &poly::Monomial<TermId>, c: &BigInt| {
        if !(c % ac).is_zero() {
            return None;
        }
        let mut rest: Vec<TermId> = m.atoms().to_vec();
        for x in am.atoms() {
            let i = rest.iter().position(|y| y == x)?;
            rest.remove(i);
        }
        Some((poly::Monomial::from_atoms(rest), c / ac))
    };
    let (mut q, mut r) = (Poly::zero(), Poly::zero());
    for (m, c) in p.terms() {
        match quotient(m, c) {
            Some((qm, qc)) => q.add_term(qm, qc),
            None => r.add_term(m.clone(), c.clone()),
        }
    }
    Some((q, r))
}

/// A unique writer (thread variable → term), the conditions to check at
/// it, facts that hold for every writer, and, when the writer is
/// `m div a`, `m - a*(m div a)`, that division.
type Writer = (
    HashMap<VarId, TermId>,
    Vec<TermId>,
    Vec<TermId>,
    Option<Division>,
);

/// A block writer `b* = m div a`, `t* = m - a*b*` of `a*b + t = m`.
#[derive(Clone, Debug)]
struct Division {
    b: VarId,
    t: VarId,
    a: Poly<TermId>,
    m: Poly<TermId>,
}

/// The unique-writer rewrite of a read `f(arg)` of a shared assign, where
/// `arg` is an instance of the assign's index at `n = u`, under the
/// hypotheses `hyps`: the writer's conditions (the guard), the value it
/// writes (the then-value), the old value (the else-term), and the ranges
/// of the Skolem terms in the value at `u` (which always hold). `None`
/// when the writer is not unique or, for a no-writer condition `N` that
/// is not literally `∀t. ¬W`, when `W(t, u) ⇒ ¬N(u)` is not shown.
pub(super) fn writer_case(
    cx: &mut Context,
    s: &Shared,
    arg: TermId,
    hyps: &[TermId],
    negative: bool,
) -> Option<(TermId, Then, TermId, Vec<TermId>)> {
    let mut m: HashMap<VarId, TermId> = HashMap::new();
    if !term::match_term(cx, s.index, arg, &[s.n], &mut m) {
        return None;
    }
    let all_conds: Vec<TermId> = s.conds.iter().map(|&c| term::subst(cx, c, &m)).collect();
    let conds = all_conds.clone();
    let (writer, conds, derived, division) = match *s.ts.as_slice() {
        [t] => (single_writer(cx, t, &conds)?, conds, vec![], None),
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
    if let Some(nw) = s.no_writer {
        // The rewrite needs `W(t, u) ⇒ ¬N(u)` for every writer `t`: the
        // writer's conditions at `t*` and `derived` hold for it.
        let nu = term::subst(cx, nw, &m);
        let mut facts = hyps.to_vec();
        facts.extend(derived);
        facts.extend(w.iter().copied());
        if !refutes(cx, nu, &facts) {
            return None;
        }
    }
    let w = and(cx, w);
    let w = fresh_if_binders(cx, w);
    let mut mv = m.clone();
    let then = match division {
        // Under a negation, `∀b. W(b) ⇒ φ(v(b))` with `t = m - a*b`: the
        // solver's Skolem constant names the writer and its conditions
        // stay linear. Elsewhere the existential would hide the writer,
        // so its `div` form stays.
        Some(Division { b, t, a, m: mp }) if negative => {
            let name = cx.var(b).name;
            let sort = cx.var(b).sort;
            let var = cx.new_var(name, sort);
            let vt = cx.mk_var(var);
            let rest = mp.sub(&a.mul(&Poly::atom(vt)));
            let rest = poly::to_term(cx, &rest);
            let bound: HashMap<VarId, TermId> = [(b, vt), (t, rest)].into_iter().collect();
            let conds = all_conds
                .iter()
                .map(|&c| {
                    let c = term::subst(cx, c, &bound);
                    eq_simplify(cx, c)
                })
                .collect();
            mv.extend(bound);
            let value = term::subst(cx, s.value, &mv);
            Then::Bound { var, conds, value }
        }
        _ => {
            mv.extend(writer);
            Then::Value(term::subst(cx, s.value, &mv))
        }
    };
    let old = term::subst(cx, s.old, &m);
    let known = s
        .skolem_ranges
        .iter()
        .map(|&r| term::subst(cx, r, &m))
        .collect();
    Some((w, then, old, known))
}

/// Whether `conds` determine the writer variables `ts` (one, or a block
/// and a thread) whatever `n` is, under `hyps`.
pub(super) fn determines(
    cx: &mut Context,
    ts: &[VarId],
    conds: &[TermId],
    hyps: &[TermId],
) -> bool {
    match *ts {
        [t] => single_writer(cx, t, conds).is_some(),
        [b, t] => {
            block_writer(cx, t, b, conds, hyps).is_some()
                || block_writer(cx, b, t, conds, hyps).is_some()
        }
        _ => false,
    }
}

/// Whether `0 < a` under the hypotheses: by their bounds, or because `a`
/// is one monomial with a positive coefficient whose atoms are each at
/// least 1 (a block size times a grid size, `blockDim_y * gridDim_y`).
fn positive(cx: &mut Context, a: &Poly<TermId>, hyps: &[TermId]) -> bool {
    let a_pos = mk_cmp(cx, Rel::Lt, &a.neg());
    if implied_atom(cx, a_pos, hyps) {
        return true;
    }
    let mut ts = a.terms();
    let (Some((m, c)), None) = (ts.next(), ts.next()) else {
        return false;
    };
    c.is_positive()
        && m.atoms().iter().all(|&x| {
            let at_least_one = mk_cmp(cx, Rel::Ge, &Poly::atom(x).add_constant(&-BigInt::one()));
            implied_atom(cx, at_least_one, hyps)
        })
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
/// free of `b` and `t`, determine `b* = m div a` and `t* = m - a*b*`
/// (SMT-LIB `div` is floor division for `a > 0`). When `m = a*q + r`
/// with `0 <= r < a` under the hypotheses (`r = 0` when `m` is a
/// multiple of `a`'s monomial), `b* = q` and `t* = r` instead.
///
/// Returns the writer, the conditions left to check at it, and facts on
/// `m` that every writer satisfies. The facts are the writer's conditions
/// with the three that define it dropped (they hold there) and range
/// bounds `c <= b`, `b < g` turned into `a*c <= m`, `m < a*g`. They are
/// also the conditions to check at a `div` writer, so the common
/// case needs no `div`; at plain `q`, `r` every condition is checked.
fn block_writer(
    cx: &mut Context,
    t: VarId,
    b: VarId,
    conds: &[TermId],
    hyps: &[TermId],
) -> Option<Writer> {
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
    let in_range = implied(cx, tt, conds);
    if !(positive(cx, &a, hyps) && in_range.nonneg() && in_range.below(&a)) {
        return None;
    }
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
    // `m = a*q + r` with `0 <= r < a` makes `b* = q`, `t* = r` plain
    // terms (`r = 0` when `m` is a multiple of `a`, as for `fn[0]`):
    // every condition can be checked there.
    if let Some((q, r)) = split_multiple(&mpoly, &a) {
        let r_nonneg = mk_cmp(cx, Rel::Ge, &r);
        let r_below = mk_cmp(cx, Rel::Lt, &r.sub(&a));
        if r.is_zero() || (implied_atom(cx, r_nonneg, hyps) && implied_atom(cx, r_below, hyps)) {
            let writer = [(b, poly::to_term(cx, &q)), (t, poly::to_term(cx, &r))];
            return Some((writer.into_iter().collect(), conds.to_vec(), left, None));
        }
    }
    let division = Division {
        b,
        t,
        a: a.clone(),
        m: mpoly.clone(),
    };
    // `t* = m - a*b*` rather than `m mod a`: `a*b + t` at the writer is
    // then `m` once normalised.
    let (m, at) = (poly::to_term(cx, &mpoly), poly::to_term(cx, &a));
    let bstar = cx.mk_app(Op::IntDiv, vec![m, at]).ok()?;
    let tstar = poly::to_term(cx, &mpoly.sub(&a.mul(&Poly::atom(bstar))));
    let writer = [(b, bstar), (t, tstar)].into_iter().collect();
    Some((writer, left.clone(), left, Some(division)))
}
