//! Unique writers whose index is a mixed-radix numeral, for ElimAssign
//! (`elim_assign.rs`).
//!
//! **Mixed-radix writers.** A writer over the thread variables `v1 … vk`
//! (k >= 2) is unique when its conditions `W` contain an equation
//! `c1*v1 + … + ck*vk = m` with `m` and every `ci` free of the writer's
//! variables, ordered so that `c1 = 1`, `c(i+1) = ci * qi` as polynomials
//! and `0 <= vi < qi` follows from `W` for every `i < k` (the top digit
//! `vk` needs no bound), and each `ci` is positive under the hypotheses.
//! VeriCUDA writes such indices for two-dimensional launches, e.g.
//! `tx + B*by + (B*Gy)*ty + (B*B*Gy)*bx` with `tx, ty < B` and `by < Gy`;
//! the coefficients may be symbolic products.
//!
//! Uniqueness is that of a numeral: `0 <= Σ(i<j) ci*vi < cj` for each
//! `j`, by induction (`Σ(i<j+1) ci*vi < cj + cj*(qj - 1) = c(j+1)`), so
//! `vk = m div ck` and, recursively, the lower digits are those of
//! `m - ck*vk`. The writer is therefore
//! `vk* = m div ck`, `v(k-1)* = (m - ck*vk*) div c(k-1)`, …,
//! `v1* = m - Σ(i>=2) ci*vi*` (SMT-LIB `div` is floor division for a
//! positive divisor), and at it the equation and the digit bounds
//! `0 <= vi`, `vi < qi` (i < k) hold by construction. Bounds `g` on the
//! top digit become bounds on `m`: `vk >= g` iff `m >= ck*g`, `vk < g`
//! iff `m < ck*g`. So `W(v̄*)` reduces to the other conditions, and these
//! translated bounds are facts on `m` that every writer satisfies.
//!
//! **Splitting at a known remainder.** Where the read's index is
//! `m = cj*q + r` with `0 <= r < cj` known where the read stands (`r = 0`
//! when `m` is a multiple of `cj`'s monomial), the digits below `j` are
//! those of `r` and the digits from `j` up those of `q` (with the
//! coefficients divided by `cj`): each part is decomposed again, and a
//! part of one digit is a plain term, no `div`. A transposition's read
//! `out[i + (B*Gy)*j]` with `0 <= i < B*Gy` splits into the pairs
//! `(tx, by)` of `i` and `(ty, bx)` of `j`. The parts left with two or
//! more digits are [`Group`]s, named by `div` (or, under a negation, bound
//! by ElimAssign's `writer_case` without `div`).

use super::atoms::implied_atom;
use crate::analysis::bounds::atom_as_bound;
use crate::arith::known::Known;
use crate::arith::poly::{self, Poly};
use crate::arith::{mk_cmp, Rel};
use crate::term;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, VarId};
use std::collections::HashMap;

/// Digits of a writer's index that no known remainder separates: with
/// `vars[0]` the lowest, `m = Σ coefs[i]*vars[i]`, `coefs[0] = 1`, and
/// `coefs[i+1] = coefs[i] * radices[i]` with `0 <= vars[i] < radices[i]`.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) vars: Vec<VarId>,
    pub(super) coefs: Vec<Poly<TermId>>,
    radices: Vec<Poly<TermId>>,
    pub(super) m: Poly<TermId>,
}

impl Group {
    /// The writer's digits as terms: `div` for the upper ones, and the
    /// lowest as `m` minus the rest (so that the numeral at the writer is
    /// `m` once normalised).
    fn writer(&self, cx: &mut Context) -> Option<HashMap<VarId, TermId>> {
        let mut out = HashMap::new();
        let mut rest = self.m.clone();
        for i in (1..self.vars.len()).rev() {
            let (num, den) = (poly::to_term(cx, &rest), poly::to_term(cx, &self.coefs[i]));
            let digit = cx.mk_app(Op::IntDiv, vec![num, den]).ok()?;
            rest = rest.sub(&self.coefs[i].mul(&Poly::atom(digit)));
            out.insert(self.vars[i], digit);
        }
        out.insert(self.vars[0], poly::to_term(cx, &rest));
        Some(out)
    }

    /// What becomes of the condition `c` at the writer of this group:
    /// `None` when it holds there by construction (a digit bound `0 <= vi`
    /// or `vi < qi` below the top), `Some(c')` when it is a bound on the
    /// top digit, translated into one on `m`; `Some(c)` otherwise.
    fn at_writer(
        &self,
        cx: &mut Context,
        c: TermId,
        free: impl Fn(&Context, &Poly<TermId>) -> bool,
    ) -> Option<TermId> {
        let (top, digits) = self.vars.split_last().expect("a group has digits");
        for (&v, q) in digits.iter().zip(&self.radices) {
            let vt = cx.mk_var(v);
            if let Some((rel, bound)) = atom_as_bound(cx, c, vt) {
                let defining = match rel {
                    Rel::Ge => bound.is_zero(),
                    Rel::Gt => bound.as_constant().is_some_and(|k| k == -BigInt::one()),
                    Rel::Lt => bound == *q,
                    Rel::Le => bound == q.add_constant(&-BigInt::one()),
                    Rel::Eq => false,
                };
                if defining && free(cx, &bound) {
                    return None;
                }
            }
        }
        let topt = cx.mk_var(*top);
        let a = self.coefs.last().expect("a group has digits");
        if let Some((rel, g)) = atom_as_bound(cx, c, topt) {
            if free(cx, &g) {
                // v ⋈ g  iff  m ⋈' a*g (shifted for the strict sides)
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
                    return Some(mk_cmp(cx, rel2, &self.m.sub(&rhs)));
                }
            }
        }
        Some(c)
    }
}

/// A unique writer of a mixed-radix index.
#[derive(Clone, Debug)]
pub(super) struct Writer {
    /// Each writer variable's value: a plain term, or `div` terms for the
    /// digits of a [`Group`].
    pub(super) at: HashMap<VarId, TermId>,
    /// The conditions to check at the writer: all but those that hold
    /// there by construction, with the top digit of each group bounded
    /// through its `m`.
    pub(super) checks: Vec<TermId>,
    /// Facts on the index that every writer satisfies: the conditions free
    /// of the writer's variables once the whole numeral's defining
    /// conditions are dropped and its top digit's bounds are translated.
    pub(super) derived: Vec<TermId>,
    /// The digits named by `div`.
    pub(super) groups: Vec<Group>,
}

/// The unique writer of the variables `ts` (two or more) under their
/// conditions `conds`, and the hypotheses `hyps` where the read stands, if
/// the index is a mixed-radix numeral in them (see the module doc).
pub(super) fn radix_writer(
    cx: &mut Context,
    ts: &[VarId],
    conds: &[TermId],
    hyps: &[TermId],
) -> Option<Writer> {
    if ts.len() < 2 {
        return None;
    }
    // A variable that the conditions pin to one value (`0 <= z <= 0`, the
    // unused dimension of a launch) is that value at every writer; the
    // numeral is in the others, under the conditions at that value.
    let mut pinned = HashMap::new();
    let mut digits = Vec::new();
    for &v in ts {
        let vt = cx.mk_var(v);
        match Known::of_literals(cx, conds).implied(cx, vt).pinned() {
            Some(p) if free_of(cx, ts, &p) => {
                let value = poly::to_term(cx, &p);
                pinned.insert(v, value);
            }
            _ => digits.push(v),
        }
    }
    if digits.is_empty() {
        return None;
    }
    let conds: Vec<TermId> = conds.iter().map(|&c| term::subst(cx, c, &pinned)).collect();
    for &v1 in &digits {
        let v1t = cx.mk_var(v1);
        for &eq in &conds {
            let Some((Rel::Eq, rest)) = atom_as_bound(cx, eq, v1t) else {
                continue;
            };
            let Some(whole) = numeral(cx, &digits, &conds, hyps, v1, rest) else {
                continue;
            };
            let mut writer = writer_of(cx, &digits, &conds, hyps, eq, whole)?;
            writer.at.extend(pinned);
            return Some(writer);
        }
    }
    None
}

/// Whether no atom of `p` mentions one of `ts`.
fn free_of(cx: &Context, ts: &[VarId], p: &Poly<TermId>) -> bool {
    !p.atoms()
        .iter()
        .any(|&x| ts.iter().any(|&t| term::mentions(cx, x, t)))
}

/// The equation `v1 = rest` as a mixed-radix numeral in all of `ts`, if it
/// is one (see the module doc).
fn numeral(
    cx: &mut Context,
    ts: &[VarId],
    conds: &[TermId],
    hyps: &[TermId],
    v1: VarId,
    rest: Poly<TermId>,
) -> Option<Group> {
    // v1 = m - Σ ci*vi
    let mut others = Vec::new();
    let mut m = rest;
    for &w in ts.iter().filter(|&&w| w != v1) {
        let wt = cx.mk_var(w);
        let (k, r) = split_symbolic(&m, wt)?;
        let c = k.neg();
        if c.is_zero() || !free_of(cx, ts, &c) {
            return None;
        }
        others.push((w, c));
        m = r;
    }
    if !free_of(cx, ts, &m) {
        return None;
    }
    let mut levels = vec![(v1, Poly::constant(1))];
    let mut radices = Vec::new();
    while !others.is_empty() {
        let (v, c) = levels.last().expect("one level at least").clone();
        let vt = cx.mk_var(v);
        let range = Known::of_literals(cx, conds).implied(cx, vt);
        if !range.nonneg() {
            return None;
        }
        let (i, q) = others.iter().enumerate().find_map(|(i, (_, cw))| {
            let (q, r) = split_multiple(cw, &c)?;
            (r.is_zero() && range.below(&q)).then_some((i, q))
        })?;
        let (w, cw) = others.remove(i);
        if !positive(cx, &cw, hyps) {
            return None;
        }
        radices.push(q);
        levels.push((w, cw));
    }
    Some(Group {
        vars: levels.iter().map(|(v, _)| *v).collect(),
        coefs: levels.into_iter().map(|(_, c)| c).collect(),
        radices,
        m,
    })
}

/// The writer of the numeral `whole` of the equation `eq` among `conds`.
fn writer_of(
    cx: &mut Context,
    ts: &[VarId],
    conds: &[TermId],
    hyps: &[TermId],
    eq: TermId,
    whole: Group,
) -> Option<Writer> {
    let mut at = HashMap::new();
    let mut groups = Vec::new();
    split(cx, whole.clone(), hyps, &mut at, &mut groups);
    for g in &groups {
        at.extend(g.writer(cx)?);
    }
    let free = |cx: &Context, p: &Poly<TermId>| free_of(cx, ts, p);
    let mut checks = Vec::new();
    let mut derived = Vec::new();
    for &c in conds.iter().filter(|&&c| c != eq) {
        let mut check = Some(c);
        for g in &groups {
            check = check.and_then(|c| g.at_writer(cx, c, free));
        }
        checks.extend(check);
        if let Some(d) = whole.at_writer(cx, c, free) {
            if !ts.iter().any(|&t| term::mentions(cx, d, t)) {
                derived.push(d);
            }
        }
    }
    Some(Writer {
        at,
        checks,
        derived,
        groups,
    })
}

/// Decompose the numeral `g` at remainders known under `hyps` (see the
/// module doc): the digits of one-digit parts go to `plain`, the parts
/// left with several digits to `groups`.
fn split(
    cx: &mut Context,
    g: Group,
    hyps: &[TermId],
    plain: &mut HashMap<VarId, TermId>,
    groups: &mut Vec<Group>,
) {
    if g.vars.len() == 1 {
        plain.insert(g.vars[0], poly::to_term(cx, &g.m));
        return;
    }
    for j in (1..g.vars.len()).rev() {
        let a = &g.coefs[j];
        let Some((q, r)) = split_multiple(&g.m, a) else {
            continue;
        };
        let known = r.is_zero() || {
            let r_nonneg = mk_cmp(cx, Rel::Ge, &r);
            let r_below = mk_cmp(cx, Rel::Lt, &r.sub(a));
            implied_atom(cx, r_nonneg, hyps) && implied_atom(cx, r_below, hyps)
        };
        if !known {
            continue;
        }
        let Some(high_coefs) = g.coefs[j..]
            .iter()
            .map(|c| {
                split_multiple(c, a)
                    .filter(|(_, r)| r.is_zero())
                    .map(|(q, _)| q)
            })
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let low = Group {
            vars: g.vars[..j].to_vec(),
            coefs: g.coefs[..j].to_vec(),
            radices: g.radices[..j - 1].to_vec(),
            m: r,
        };
        let high = Group {
            vars: g.vars[j..].to_vec(),
            coefs: high_coefs,
            radices: g.radices[j..].to_vec(),
            m: q,
        };
        split(cx, low, hyps, plain, groups);
        split(cx, high, hyps, plain, groups);
        return;
    }
    groups.push(g);
}

/// Whether `0 < a` under the hypotheses: by their bounds, or because `a`
/// is one monomial with a positive coefficient whose atoms are each at
/// least 1 (a block size times a grid size, `blockDim_y * gridDim_y`).
/// An atom is at least 1 by the hypotheses' bounds on it, or through one
/// lower bound that is (`T >= blockDim_x` from `blockDim_x = T` and
/// `1 <= blockDim_x`).
fn positive(cx: &mut Context, a: &Poly<TermId>, hyps: &[TermId]) -> bool {
    let a_pos = mk_cmp(cx, Rel::Lt, &a.neg());
    if implied_atom(cx, a_pos, hyps) {
        return true;
    }
    let mut ts = a.terms();
    let (Some((m, c)), None) = (ts.next(), ts.next()) else {
        return false;
    };
    let at_least_one = |cx: &mut Context, p: &Poly<TermId>| {
        let c = mk_cmp(cx, Rel::Ge, &p.add_constant(&-BigInt::one()));
        implied_atom(cx, c, hyps)
    };
    c.is_positive()
        && m.atoms().iter().all(|&x| {
            at_least_one(cx, &Poly::atom(x))
                || Known::of_literals(cx, hyps)
                    .implied(cx, x)
                    .lower
                    .iter()
                    .any(|l| !l.atoms().contains(&x) && at_least_one(cx, l))
        })
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
