//! Integer comparisons over polynomials: [`Rel`], reading an atom as
//! `p ⋈ 0` ([`int_cmp`]), printing one back ([`mk_cmp`]), exact integer
//! bounds ([`integer_bound`]), arithmetic normalisation ([`norm`]), and
//! what known literals decide ([`known`]).

pub mod known;

pub mod poly;
use crate::term::{self, and, app, not, or, quant};
use poly::Poly;
use smtlib_io::{Context, Op, TermId, TermKind};
use std::collections::HashMap;

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
pub fn integer_bound(
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

/// An `Int` comparison as `L ≤ 0` (over Int, `p ⋈ 0` is `L ≤ 0` for one
/// `L`; `¬(L ≤ 0)` is `1 - L ≤ 0`); `None` for `=` and non-comparisons.
pub fn as_le(cx: &Context, t: TermId) -> Option<Poly<TermId>> {
    let (rel, p) = int_cmp(cx, t)?;
    let one = Poly::constant(1);
    Some(match rel {
        Rel::Le => p,
        Rel::Lt => p.add(&one),
        Rel::Ge => Poly::zero().sub(&p),
        Rel::Gt => one.sub(&p),
        Rel::Eq => return None,
    })
}

/// A binary `Int` comparison `lhs ⋈ rhs`, read as `lhs - rhs ⋈ 0`.
pub fn int_cmp(cx: &Context, t: TermId) -> Option<(Rel, Poly<TermId>)> {
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
pub fn mk_cmp(cx: &mut Context, rel: Rel, p: &Poly<TermId>) -> TermId {
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

/// Normalise the arithmetic of `t`: `Int` comparisons are printed from
/// their polynomial (constant ones become `true`/`false`), `Int` arguments
/// of functions and `select` are put in polynomial normal form. Binders
/// are entered. The result is equivalent.
pub fn norm(cx: &mut Context, t: TermId) -> TermId {
    norm_memo(cx, t, &mut HashMap::new())
}

/// [`norm`], with the normal forms of the subterms met so far in `memo`
/// (a function of the term alone: `memo` may be kept across calls on one
/// context, so that a term that differs from an earlier one in a few
/// places costs only those).
pub fn norm_memo(cx: &mut Context, t: TermId, memo: &mut HashMap<TermId, TermId>) -> TermId {
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
                    let r = term::with_args(cx, t, op.clone(), &args, new);
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
    go(cx, t, memo)
}
