//! What hypotheses decide about one atom, for the guards of `guarded-eq`:
//! implied ([`implied_atom`], asking [`Known`]), refuted
//! ([`refutes`], [`negated_atom`]), or simplified as an equation
//! ([`eq_simplify`]).

use crate::arith::known::Known;
use crate::arith::poly::Poly;
use crate::arith::{int_cmp, mk_cmp, Rel};
use crate::term::{self, and, not, or};
use num_traits::Zero;
use smtlib_io::{Context, Op, TermId, TermKind};

/// The hypotheses entail the atom `c` ([`Known::entails`]): an `Int`
/// inequality by the integer ranges of their literals, or `c` is one of
/// them.
pub(super) fn implied_atom(cx: &Context, c: TermId, hyps: &[TermId]) -> bool {
    known(cx, hyps).entails(cx, c)
}

/// What the hypotheses `hyps` decide: each assumed, a conjunction also as
/// a literal (so that its negation is refuted).
fn known(cx: &Context, hyps: &[TermId]) -> Known {
    let mut known = Known::new();
    for &f in hyps {
        known.assume(cx, f, true);
        if matches!(cx.kind(f), TermKind::App(Op::And, _)) {
            known.assume_literal(cx, f, true, 0);
        }
    }
    known
}

/// Whether the facts refute `t` ([`Known::refutes_formula`]): a
/// disjunction when they refute every disjunct, a conjunction when they
/// refute some conjunct, an implication when its hypotheses hold and they
/// refute its conclusion, an atom when it is `false`, the negation of a
/// fact or of a conjunct of one, or refuted by the facts' integer ranges
/// (an equality only by its negation). A fact that is a disjunction of at
/// most [`MAX_CASES`] literals refutes `t` also when each of its disjuncts,
/// added to the facts, does: the other disjunct of a per-thread assign
/// whose conditions are the negation of this one's, written as a
/// disjunction (`n < 0 ∨ k <= n` against `0 <= n ∧ n < k`).
pub(super) fn refutes(cx: &Context, t: TermId, facts: &[TermId]) -> bool {
    let mut k = known(cx, facts);
    if k.refutes_formula(cx, t) {
        return true;
    }
    facts.iter().any(|&f| match cx.kind(f) {
        TermKind::App(Op::Or, ds) if ds.len() <= MAX_CASES => ds.iter().all(|&d| {
            k.push();
            k.assume(cx, d, true);
            let r = k.refutes_formula(cx, t);
            k.pop();
            r
        }),
        _ => false,
    })
}

/// The most disjuncts of a fact that [`refutes`] splits on.
const MAX_CASES: usize = 8;

/// The comparison that holds when the Int comparison `c` (not an
/// equality) does not: `x >= s` for `x < s`.
pub(super) fn negated_atom(cx: &mut Context, c: TermId) -> Option<TermId> {
    let (rel, p) = int_cmp(cx, c)?;
    let r = match rel {
        Rel::Lt => Rel::Ge,
        Rel::Le => Rel::Gt,
        Rel::Ge => Rel::Lt,
        Rel::Gt => Rel::Le,
        Rel::Eq => return None,
    };
    Some(mk_cmp(cx, r, &p))
}

/// An `Int` equality or comparison between polynomials that is constant
/// becomes `true`/`false`; other atoms are kept.
pub(super) fn eq_simplify(cx: &mut Context, t: TermId) -> TermId {
    match int_cmp(cx, t) {
        Some((rel, p)) if p.is_constant() => mk_cmp(cx, rel, &p),
        _ => t,
    }
}

/// Evaluate constant comparisons and `a = a` in a rewritten formula.
/// Are `a` and `b` equal as sums of products: the same summands, each the
/// same factors, up to order, nesting and zero constants? (`arith::norm`
/// puts `Int` sums in normal form; `Real` ones, such as an unfolded
/// `sum_r`, are compared here.)
fn same_sum(cx: &Context, a: TermId, b: TermId) -> bool {
    fn factors(cx: &Context, t: TermId, out: &mut Vec<TermId>) {
        match cx.kind(t) {
            TermKind::App(Op::Mul, args) => {
                for &a in args.iter() {
                    factors(cx, a, out);
                }
            }
            _ => out.push(t),
        }
    }
    fn summands(cx: &Context, t: TermId, out: &mut Vec<Vec<TermId>>) {
        match cx.kind(t) {
            TermKind::App(Op::Add, args) => {
                for &a in args.iter() {
                    summands(cx, a, out);
                }
            }
            TermKind::Int(n) if n.is_zero() => {}
            TermKind::Real(q) if q.is_zero() => {}
            _ => {
                let mut f = Vec::new();
                factors(cx, t, &mut f);
                f.sort_unstable();
                out.push(f);
            }
        }
    }
    let arithmetic = |t: TermId| matches!(cx.kind(t), TermKind::App(Op::Add | Op::Mul, _));
    // Without a sum or product on either side, each side is its own one
    // summand: equal only if identical. Most equations end here, before
    // any allocation (this runs on every atom a rewrite produces).
    if a == b || !(arithmetic(a) || arithmetic(b)) {
        return a == b;
    }
    let (mut x, mut y) = (Vec::new(), Vec::new());
    summands(cx, a, &mut x);
    summands(cx, b, &mut y);
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

pub(super) fn simplify_trivial(cx: &mut Context, t: TermId) -> TermId {
    match cx.kind(t).clone() {
        TermKind::App(Op::And, args) => {
            let v = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            and(cx, v)
        }
        TermKind::App(Op::Or, args) => {
            let v = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            or(cx, v)
        }
        TermKind::App(Op::Not, args) => {
            let a = simplify_trivial(cx, args[0]);
            not(cx, a)
        }
        TermKind::App(Op::Implies, args) => {
            let v: Vec<TermId> = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            let (c, hs) = v.split_last().unwrap();
            let h = and(cx, hs.to_vec());
            term::implies(cx, h, *c)
        }
        TermKind::App(Op::Eq, args) if args.len() == 2 && same_sum(cx, args[0], args[1]) => {
            cx.mk_bool(true)
        }
        _ => {
            if let Some((rel, p)) = int_cmp(cx, t) {
                if p.is_constant() {
                    return mk_cmp(cx, rel, &p);
                }
            }
            let _ = Poly::<TermId>::zero();
            t
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The facts refute a disjunct by an inequality's range or a fact's
    /// negation, not an equality by a range (a per-thread assign's other
    /// disjunct `lc = 0 ∧ …` under `1 <= lc` stays open); they imply an
    /// inequality by its range, an equality only as a fact.
    #[test]
    fn facts_refute_and_imply_as_literals_and_ranges() {
        let s = smtlib_io::parse_script(
            "(declare-const lc Int)(declare-const v Real)(declare-const p Bool)
             (assert (<= 1 lc))(assert (and p (<= lc 5)))
             (assert (and (= lc 0) (= v 0.0)))(assert (and (< lc 0) (= v 0.0)))
             (assert (not (and p (<= lc 5))))(assert (or (not p) (< 5 lc)))
             (assert (< lc 7))(assert (= lc 3))(assert (<= 2 lc))",
        )
        .unwrap();
        let t: Vec<TermId> = s.assertions().collect();
        let cx = &s.cx;
        let facts = &t[..2];
        assert!(!refutes(cx, t[2], facts));
        assert!(refutes(cx, t[3], facts));
        assert!(refutes(cx, t[4], facts) && refutes(cx, t[5], facts));
        assert!(implied_atom(cx, t[6], facts));
        assert!(!implied_atom(cx, t[7], facts) && !implied_atom(cx, t[8], facts));
        assert!(implied_atom(cx, t[7], &[t[7]]));
    }

    /// A disjunctive fact refutes what each of its disjuncts refutes: the
    /// range `0 <= lc < 5` by `lc < 0 ∨ 5 <= lc`; not when one disjunct
    /// leaves it open.
    #[test]
    fn a_disjunctive_fact_refutes_by_cases() {
        let s = smtlib_io::parse_script(
            "(declare-const lc Int)
             (assert (and (<= 0 lc) (< lc 5)))
             (assert (or (< lc 0) (<= 5 lc)))(assert (or (< lc 0) (<= 3 lc)))",
        )
        .unwrap();
        let t: Vec<TermId> = s.assertions().collect();
        let cx = &s.cx;
        assert!(refutes(cx, t[0], &[t[1]]));
        assert!(!refutes(cx, t[0], &[t[2]]));
    }
}
