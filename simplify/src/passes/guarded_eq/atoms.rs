//! What hypotheses decide about one atom, for the guards of `guarded-eq`:
//! implied through the bounds they give its Int atoms
//! ([`implied_atom`]), refuted ([`refutes`], [`negated_atom`]), or
//! simplified as an equation ([`eq_simplify`]).

use crate::analysis::bounds::{atom_as_bound, implied, Implied};
use crate::arith::poly::Poly;
use crate::arith::{int_cmp, mk_cmp, Rel};
use crate::term::{self, and, conjuncts, not, or};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, TermKind};

/// `x ⋈ s` implied by the hypotheses' bounds on some atom `x` of the atom.
pub(super) fn implied_atom(cx: &Context, c: TermId, hyps: &[TermId]) -> bool {
    implied_atom_by(cx, c, |x| implied(cx, x, hyps))
}

/// [`implied_atom`] with the bounds on an atom given by `bounds`.
pub(super) fn implied_atom_by(cx: &Context, c: TermId, bounds: impl Fn(TermId) -> Implied) -> bool {
    let Some((rel, p)) = int_cmp(cx, c) else {
        return false;
    };
    if let Some(k) = p.as_constant() {
        return rel.holds(&k);
    }
    for x in p.atoms() {
        let Some((r, s)) = atom_as_bound(cx, c, x) else {
            continue;
        };
        let im = bounds(x);
        let ok = match r {
            // x < s: some upper bound u <= s.
            Rel::Lt => im.below(&s),
            Rel::Le => im.below(&s.add_constant(&BigInt::one())),
            // x >= s: some lower bound l >= s.
            Rel::Ge => im
                .lower
                .iter()
                .any(|l| l.sub(&s).as_constant().is_some_and(|k| !k.is_negative())),
            Rel::Gt => im
                .lower
                .iter()
                .any(|l| l.sub(&s).as_constant().is_some_and(|k| k.is_positive())),
            Rel::Eq => false,
        };
        if ok {
            return true;
        }
    }
    false
}

/// The negation of the atom is implied.
pub(super) fn refuted_atom(cx: &mut Context, c: TermId, hyps: &[TermId]) -> bool {
    negated_atom(cx, c).is_some_and(|a| implied_atom(cx, a, hyps))
}

/// Whether the facts refute `t`: a disjunction when they refute every
/// disjunct, a conjunction when they refute some conjunct, an implication
/// when its hypotheses are among or implied by the facts and they refute
/// its conclusion, and an atom when it is `false`, the negation of a fact
/// (syntactically or as Int comparisons, [`is_negation`]),
/// or refuted by the facts' bounds.
pub(super) fn refutes(cx: &mut Context, t: TermId, facts: &[TermId]) -> bool {
    match cx.kind(t).clone() {
        TermKind::App(Op::Or, args) => args.iter().all(|&a| refutes(cx, a, facts)),
        TermKind::App(Op::And, args) => args.iter().any(|&a| refutes(cx, a, facts)),
        TermKind::App(Op::Implies, args) => {
            let (conclusion, hyps) = args.split_last().expect("=> has arguments");
            let hyps: Vec<TermId> = hyps.iter().flat_map(|&h| conjuncts(cx, h)).collect();
            hyps.iter()
                .all(|&h| facts.contains(&h) || implied_atom(cx, h, facts))
                && refutes(cx, *conclusion, facts)
        }
        _ => {
            term::is_false(cx, t)
                || facts
                    .iter()
                    .any(|&f| is_negation(cx, f, t) || is_negation(cx, t, f))
                || refuted_atom(cx, t, facts)
        }
    }
}

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

/// `a` is `¬b`: syntactically, or as integer comparisons (the e-graph has
/// already turned `(not (<= x y))` into `(< y x)` by the time the pass reads
/// the fact).
pub(super) fn is_negation(cx: &Context, a: TermId, b: TermId) -> bool {
    if matches!(cx.kind(a), TermKind::App(Op::Not, args) if args[0] == b) {
        return true;
    }
    // Over Int, `¬(L ≤ 0)` is `1 - L ≤ 0`.
    match (crate::arith::as_le(cx, a), crate::arith::as_le(cx, b)) {
        (Some(la), Some(lb)) => lb == Poly::constant(1).sub(&la),
        _ => false,
    }
}
