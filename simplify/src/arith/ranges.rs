//! Integer comparisons as ranges of a shared linear form, so that the
//! `context` pass can decide `m <= l` from the fact `l + 1 <= m` although
//! the two atoms differ syntactically.
//!
//! An `Int` comparison `p ⋈ 0` (monomials of `p` taken as opaque atoms, so
//! `b*l - b*m` is linear in the atoms `b*l` and `b*m`) is written as
//! `key ∈ [lo, hi]`, where `key` is the non-constant part of `p` divided
//! by the gcd of its coefficients and signed so that its leading
//! coefficient is positive. Two comparisons with the same key constrain the
//! same integer quantity, so a fact's range decides an atom's: inside it,
//! the atom is true; disjoint from it, false. Integer rounding is exact
//! (`2*k <= 1` is `k <= 0`), so every range is the exact solution set.

use super::poly::Poly;
use crate::arith::{int_cmp, integer_bound, Rel};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, TermKind};

/// A closed integer interval; `None` is unbounded on that side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    pub lo: Option<BigInt>,
    pub hi: Option<BigInt>,
}

impl Range {
    /// Every integer.
    pub fn all() -> Range {
        Range { lo: None, hi: None }
    }

    /// The intersection.
    pub fn meet(&self, o: &Range) -> Range {
        let lo = match (&self.lo, &o.lo) {
            (Some(a), Some(b)) => Some(a.max(b).clone()),
            (a, b) => a.clone().or_else(|| b.clone()),
        };
        let hi = match (&self.hi, &o.hi) {
            (Some(a), Some(b)) => Some(a.min(b).clone()),
            (a, b) => a.clone().or_else(|| b.clone()),
        };
        Range { lo, hi }
    }

    /// No integer in it.
    pub fn is_empty(&self) -> bool {
        matches!((&self.lo, &self.hi), (Some(l), Some(h)) if l > h)
    }

    /// Every integer of `self` is in `o`.
    pub fn within(&self, o: &Range) -> bool {
        if self.is_empty() {
            return true;
        }
        let lo_ok = match (&o.lo, &self.lo) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b >= a,
        };
        let hi_ok = match (&o.hi, &self.hi) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b <= a,
        };
        lo_ok && hi_ok
    }

    /// `self` and `o` share no integer.
    pub fn disjoint(&self, o: &Range) -> bool {
        self.meet(o).is_empty()
    }
}

/// `t` (an `Int` comparison, or the negation of an inequality) as
/// `key ∈ range`; `None` for anything else, for comparisons without a
/// non-constant part, and for negated equalities (not a range).
pub fn as_range(cx: &Context, t: TermId) -> Option<(Poly<TermId>, Range)> {
    let (negated, atom) = match cx.kind(t) {
        TermKind::App(Op::Not, a) => (true, a[0]),
        _ => (false, t),
    };
    let (rel, p) = int_cmp(cx, atom)?;
    let rel = match (negated, rel) {
        (false, r) => r,
        (true, Rel::Eq) => return None,
        // ¬(p <= 0) is p > 0, and so on.
        (true, Rel::Le) => Rel::Gt,
        (true, Rel::Lt) => Rel::Ge,
        (true, Rel::Ge) => Rel::Lt,
        (true, Rel::Gt) => Rel::Le,
    };
    let c = p.constant_term();
    let lin = p.without_constant();
    if lin.is_zero() {
        return None;
    }
    // p = g*key + c with key primitive and its leading coefficient > 0.
    let mut g = lin.content_nonconst();
    if lin.leading_coefficient().is_negative() {
        g = -g;
    }
    let key = lin.div_exact(&g);
    // g*key + c ⋈ 0 as a bound on key; for g < 0 the relation turns.
    let rel = if g.is_negative() { rel.flip() } else { rel };
    let ga = g.abs();
    // Now |g|*key ⋈ -c*sign(g), i.e. |g|*key - m ⋈ 0 with m = -c*sign(g).
    let m = if g.is_negative() { c } else { -c };
    let range = match integer_bound(rel, &-&m, &ga) {
        Some((Rel::Le, k)) => Range {
            lo: None,
            hi: Some(k),
        },
        Some((_, k)) => Range {
            lo: Some(k),
            hi: None,
        },
        // No integer solution: the empty range.
        None if !m.is_multiple_of(&ga) => Range {
            lo: Some(BigInt::one()),
            hi: Some(BigInt::zero()),
        },
        None => {
            let k = &m / &ga;
            Range {
                lo: Some(k.clone()),
                hi: Some(k),
            }
        }
    };
    Some((key, range))
}
