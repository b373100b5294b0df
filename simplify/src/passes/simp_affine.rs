//! SimpAffine (section 4.4 of the paper): simplify nonlinear comparison
//! atoms using bounds that hold where the atom stands.
//!
//! Every `Int` comparison `t ⋈ t'` is read as `p ⋈ 0` with `p = t - t'`.
//!
//! 1. **Common factor.** If an atom `u` divides every monomial of `p`
//!    (`p = u*q`), then `u*q = 0 ⟺ u = 0 ∨ q = 0`, and for the orders the
//!    sign cases of the paper (`u*q <= 0 ⟺ (0 <= u ∧ q <= 0) ∨ (u <= 0 ∧ 0 <= q)`,
//!    …). When the sign of `u` is known where the atom stands (`0 < N`
//!    from a fact, a guard on the path), the cases collapse to `q ⋈ 0` or
//!    `q ⋈' 0`. A numeric content `g` is divided out exactly (rounding the
//!    constant of an inequality, `false` for an equality it does not divide).
//!    A common factor next to a constant (`u*q + c`) is divided out when
//!    that is exact (`u*q >= 1 ⟺ q >= 1` for `u > 0`), and a polynomial
//!    whose monomials all have one known sign is decided outright
//!    (`2*g*l + l1 + 1 <= 0` is false for `g, l, l1 >= 0`).
//! 2. **Affine forms.** If `p = a*T + X` where `a` is a monomial, `X` is
//!    `x`, `-x'` or `x - x'`, and `0 <= x < a`, `0 <= x' < a` hold where the
//!    atom stands, then `X ∈ (-a, a)`, so `p > 0` when `T >= 1`, `p < 0`
//!    when `T <= -1` and `p = X` when `T = 0`:
//!    `p ⋈ 0 ⟺ (T > 0 ∧ 1 ⋈ 0) ∨ (T < 0 ∧ -1 ⋈ 0) ∨ (T = 0 ∧ X ⋈ 0)`.
//!    This covers the paper's three forms `a*t + x ⋈ a*t' + x'`,
//!    `a*t - x ⋈ a*t' - x'`, `a*t ± x ⋈ a*t'` and its special cases
//!    (`a*t + x < a*t' ⟺ t < t'`, `a*t + x >= a*t' ⟺ t >= t'`,
//!    `a*t + x <= a*t' ⟺ t < t' ∨ (t = t' ∧ x = 0)`), since `X ⋈ 0` is
//!    decided or simplified with `0 <= x`. A strict inequality with a
//!    constant `±1` is first tried as the equivalent non-strict one
//!    (`x < a*t + 1 ⟺ x <= a*t`).
//!
//! **Where bounds come from.** The rewrite of an atom is an equivalence
//! *under the hypotheses that hold at its position*: the pass's facts,
//! the hypotheses of enclosing `=>`, the earlier conjuncts of an `and`
//! (negated earlier disjuncts of an `or`), the condition of an `ite`
//! branch. This is polarity-independent: `C[φ] ≡ C[φ']` whenever `φ ≡ φ'`
//! under the path hypotheses, whatever the polarity of the position.
//! The hypotheses are kept in a scoped [`Known`], which gives the bounds
//! they imply on each atom ([`Known::implied`]).
//! For a quantifier `∀x.φ` whose bound analysis gives `c <= x < a` (∀
//! bounds), the guard may be assumed in `φ` too, because
//! `∀x.φ ≡ ∀x. c <= x < a ⇒ φ`; when an atom needed such a synthetic guard,
//! the guard is written into the output (`∀x. g ⇒ φ'`, `∃x. g ∧ φ'`).

use crate::arith::known::{Implied, Known};
use crate::arith::poly::{Monomial, Poly};
use crate::arith::{self, int_cmp, integer_bound, mk_cmp, Rel};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term::{self, and, not, or};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind};
use std::collections::HashMap;

/// The `simp-affine` pass.
#[derive(Clone, Debug, Default)]
pub struct SimpAffine {
    /// Atoms rewritten so far.
    pub rewrites: usize,
    /// The hypotheses' engine, kept from one assertion to the next for
    /// what it found single hypotheses to imply (the facts are the same
    /// for all of them).
    facts: Known,
}

/// The [`Known`] source of real hypotheses (facts and path hypotheses).
const REAL: usize = 0;
/// The [`Known`] source of synthetic guards from the bound analysis.
const GUARD: usize = 1;

impl TermPass for SimpAffine {
    fn id(&self) -> PassId {
        PassId::SimpAffine
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let mut facts = std::mem::take(&mut self.facts);
        facts.clear();
        for f in ctx.ground_facts(cx) {
            facts.assume_literal(cx, f, true, REAL);
        }
        let mut w = Walker {
            facts,
            guards: 0,
            guard_used: Vec::new(),
            trace: Vec::new(),
            budget_expired: false,
            memo: HashMap::new(),
        };
        let r = w.rw(cx, t, ctx);
        self.facts = w.facts;
        self.rewrites += w.trace.len();
        ctx.trace.extend(w.trace);
        (r != t).then_some(r)
    }
}

/// Rewrite one comparison atom under hypotheses (exposed for other passes
/// and tests). `None` if no rule applies.
pub fn simp_atom(cx: &mut Context, atom: TermId, hyps: &[TermId]) -> Option<TermId> {
    let facts = Known::of_literals(cx, hyps);
    simp_atom_by(cx, atom, &|cx, x| facts.implied(cx, x))
}

/// [`simp_atom`] with the bounds on each atom given by `implied` (another
/// pass's index of its hypotheses).
pub fn simp_atom_by(
    cx: &mut Context,
    atom: TermId,
    implied: &dyn Fn(&Context, TermId) -> Implied,
) -> Option<TermId> {
    let (rel, p) = int_cmp(cx, atom)?;
    let hyps = Hyps { implied };
    let r = simp_poly(cx, rel, &p, &hyps, 3)?;
    (r != atom).then_some(r)
}

/// Hypotheses, by the bounds they imply on atoms.
struct Hyps<'a> {
    implied: &'a dyn Fn(&Context, TermId) -> Implied,
}

impl Hyps<'_> {
    /// The bounds the hypotheses imply on `x`.
    fn implied(&self, cx: &Context, x: TermId) -> Implied {
        (self.implied)(cx, x)
    }
}

struct Walker {
    /// Hypotheses on the path, in scopes: real ones from [`REAL`],
    /// synthetic guards from [`GUARD`].
    facts: Known,
    /// The number of synthetic guards among them.
    guards: usize,
    /// Per synthetic guard level: was it needed by a rewrite?
    guard_used: Vec<bool>,
    trace: Vec<TraceEvent>,
    budget_expired: bool,
    /// Memo of (term, number of hypotheses) when no hypothesis was pushed
    /// since; cleared conservatively.
    memo: HashMap<(TermId, usize), TermId>,
}

impl Walker {
    fn with<T>(
        &mut self,
        cx: &mut Context,
        hs: &[TermId],
        f: impl FnOnce(&mut Walker, &mut Context) -> T,
    ) -> T {
        self.facts.push();
        for &h in hs {
            self.facts.assume_literal(cx, h, true, REAL);
        }
        let saved = std::mem::take(&mut self.memo);
        let r = f(self, cx);
        self.memo = saved;
        self.facts.pop();
        r
    }

    fn rw(&mut self, cx: &mut Context, t: TermId, ctx: &PassContext) -> TermId {
        if self.budget_expired || ctx.budget.expired() {
            self.budget_expired = true;
            return t;
        }
        if cx.sort_of(t) != cx.bool_sort() {
            return t;
        }
        let key = (t, self.facts.len());
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(Op::And, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    if self.budget_expired {
                        // the rest as it is: the hypotheses alone cost a
                        // walk over the earlier siblings per argument
                        out.extend_from_slice(&args[i..]);
                        break;
                    }
                    let prev: Vec<TermId> = args[..i].to_vec();
                    let a = args[i];
                    out.push(self.with(cx, &prev, |w, cx| w.rw(cx, a, ctx)));
                }
                rebuild(cx, t, Op::And, &args, out)
            }
            TermKind::App(Op::Or, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    if self.budget_expired {
                        // the rest as it is: the hypotheses alone cost a
                        // walk over the earlier siblings per argument
                        out.extend_from_slice(&args[i..]);
                        break;
                    }
                    let prev: Vec<TermId> = args[..i].iter().map(|&a| not(cx, a)).collect();
                    let a = args[i];
                    out.push(self.with(cx, &prev, |w, cx| w.rw(cx, a, ctx)));
                }
                rebuild(cx, t, Op::Or, &args, out)
            }
            TermKind::App(Op::Implies, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    if self.budget_expired {
                        // the rest as it is: the hypotheses alone cost a
                        // walk over the earlier siblings per argument
                        out.extend_from_slice(&args[i..]);
                        break;
                    }
                    let prev: Vec<TermId> = args[..i].to_vec();
                    let a = args[i];
                    out.push(self.with(cx, &prev, |w, cx| w.rw(cx, a, ctx)));
                }
                rebuild(cx, t, Op::Implies, &args, out)
            }
            TermKind::App(Op::Not, args) => {
                let a = self.rw(cx, args[0], ctx);
                if a == args[0] {
                    t
                } else {
                    not(cx, a)
                }
            }
            TermKind::App(Op::Ite, args) if cx.sort_of(args[1]) == cx.bool_sort() => {
                let c = self.rw(cx, args[0], ctx);
                let a = self.with(cx, &[args[0]], |w, cx| w.rw(cx, args[1], ctx));
                let na = not(cx, args[0]);
                let b = self.with(cx, &[na], |w, cx| w.rw(cx, args[2], ctx));
                rebuild(cx, t, Op::Ite, &args, vec![c, a, b])
            }
            TermKind::Annot(body, attrs) => {
                let b = self.rw(cx, body, ctx);
                if b == body {
                    t
                } else {
                    cx.mk_annot(b, attrs)
                }
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                // Synthetic guards from the bound analysis.
                let mut guards = Vec::new();
                for &v in vs.iter() {
                    // one bound analysis of the body per variable
                    if ctx.budget.expired() {
                        self.budget_expired = true;
                        return t;
                    }
                    if cx.var(v).sort != cx.int_sort() {
                        continue;
                    }
                    let x = cx.mk_var(v);
                    let b = crate::analysis::bounds::analyse(cx, x, body);
                    let (lo, up) = match k {
                        BinderKind::Forall => (b.forall_lower, b.forall_upper),
                        _ => (b.exists_lower, b.exists_upper),
                    };
                    for l in lo.candidates() {
                        if l.is_constant() {
                            let lt = arith::mk_cmp(cx, Rel::Ge, &Poly::atom(x).sub(l));
                            guards.push(lt);
                        }
                    }
                    for a in up.candidates() {
                        let g = arith::mk_cmp(cx, Rel::Lt, &Poly::atom(x).sub(a));
                        guards.push(g);
                    }
                }
                self.guard_used.push(false);
                self.facts.push();
                for &g in &guards {
                    self.facts.assume_literal(cx, g, true, GUARD);
                }
                self.guards += guards.len();
                let saved = std::mem::take(&mut self.memo);
                let nb = self.rw(cx, body, ctx);
                self.memo = saved;
                self.guards -= guards.len();
                self.facts.pop();
                let used = self.guard_used.pop().unwrap_or(false);
                if nb == body {
                    t
                } else {
                    let nb = if used {
                        let g = and(cx, guards);
                        if k == BinderKind::Forall {
                            term::implies(cx, g, nb)
                        } else {
                            and(cx, vec![g, nb])
                        }
                    } else {
                        nb
                    };
                    let attrs: Vec<_> = attrs
                        .iter()
                        .filter(|a| !matches!(a.value, smtlib_io::AttrValue::Terms(_)))
                        .cloned()
                        .collect();
                    cx.mk_binder(k, vs, nb, attrs.into()).unwrap_or(t)
                }
            }
            TermKind::App(..) => {
                let facts = &self.facts;
                let real = |cx: &Context, x: TermId| facts.implied_where(cx, x, |s| s == REAL);
                match simp_atom_by(cx, t, &real) {
                    Some(r) => {
                        self.trace.push(TraceEvent {
                            rule: PassId::SimpAffine.name().into(),
                            before: t,
                            after: r,
                        });
                        r
                    }
                    None if self.guards > 0 => {
                        let facts = &self.facts;
                        let all = |cx: &Context, x: TermId| facts.implied(cx, x);
                        match simp_atom_by(cx, t, &all) {
                            // A constant only restates a synthetic guard.
                            Some(r) if !matches!(cx.kind(r), TermKind::Bool(_)) => {
                                for u in self.guard_used.iter_mut() {
                                    *u = true;
                                }
                                self.trace.push(TraceEvent {
                                    rule: PassId::SimpAffine.name().into(),
                                    before: t,
                                    after: r,
                                });
                                r
                            }
                            _ => t,
                        }
                    }
                    None => t,
                }
            }
            _ => t,
        };
        self.memo.insert(key, r);
        r
    }
}

fn rebuild(cx: &mut Context, t: TermId, op: Op, old: &[TermId], new: Vec<TermId>) -> TermId {
    if old == &new[..] {
        return t;
    }
    match op {
        Op::And => and(cx, new),
        Op::Or => or(cx, new),
        Op::Implies => {
            let (c, hs) = new.split_last().expect("=> has arguments");
            let h = and(cx, hs.to_vec());
            term::implies(cx, h, *c)
        }
        _ => cx.mk_app(op, new).unwrap_or(t),
    }
}

/// `p ⋈ 0` simplified, or `None`.
fn simp_poly(
    cx: &mut Context,
    rel: Rel,
    p: &Poly<TermId>,
    hyps: &Hyps,
    depth: usize,
) -> Option<TermId> {
    if depth == 0 {
        return None;
    }
    if let Some(r) = monomial_signs(cx, rel, p, hyps) {
        return Some(r);
    }
    if let Some(r) = common_factor(cx, rel, p, hyps, depth) {
        return Some(r);
    }
    if let Some(r) = signed_factor_offset(cx, rel, p, hyps, depth) {
        return Some(r);
    }
    if let Some(r) = affine(cx, rel, p, hyps, depth) {
        return Some(r);
    }
    // Strict inequality with a constant: try the non-strict form.
    let c = p.constant_term();
    if rel == Rel::Lt && !c.is_zero() {
        return affine(cx, Rel::Le, &p.add_constant(&BigInt::one()), hyps, depth);
    }
    if rel == Rel::Gt && !c.is_zero() {
        return affine(cx, Rel::Ge, &p.add_constant(&-BigInt::one()), hyps, depth);
    }
    None
}

/// `p ⋈ 0`, simplified further if possible.
fn cmp(cx: &mut Context, rel: Rel, p: &Poly<TermId>, hyps: &Hyps, depth: usize) -> TermId {
    match simp_poly(cx, rel, p, hyps, depth.saturating_sub(1)) {
        Some(r) => r,
        None => normal_cmp(cx, rel, p),
    }
}

/// `p ⋈ 0` with its numeric content divided out.
fn normal_cmp(cx: &mut Context, rel: Rel, p: &Poly<TermId>) -> TermId {
    let g = p.content_nonconst();
    if g > BigInt::one() {
        let c = p.constant_term();
        let q = p.without_constant().div_exact(&g);
        // g*q + c ⋈ 0
        if let Some((rel2, k)) = integer_bound(rel, &c, &g) {
            return mk_cmp(cx, rel2, &q.add_constant(&-k));
        }
        if !c.is_multiple_of(&g) {
            return cx.mk_bool(false);
        }
        let q = q.add_constant(&(&c / &g));
        return mk_cmp(cx, rel, &q);
    }
    mk_cmp(cx, rel, p)
}

fn sign_facts(cx: &Context, u: TermId, hyps: &Hyps) -> Implied {
    hyps.implied(cx, u)
}

/// Rule 1: an atom dividing every monomial.
fn common_factor(
    cx: &mut Context,
    rel: Rel,
    p: &Poly<TermId>,
    hyps: &Hyps,
    depth: usize,
) -> Option<TermId> {
    if p.num_terms() == 0 || p.constant_term() != BigInt::zero() {
        return None;
    }
    let common = common_atoms(p)?;
    let &u = common.first()?;
    let q = divide_atom(p, u);
    if q.is_constant() {
        return None;
    }
    let s = sign_facts(cx, u, hyps);
    let (ge0, le0) = (Rel::Ge, Rel::Le);
    let up = Poly::atom(u);
    let r = if s.positive() {
        cmp(cx, rel, &q, hyps, depth)
    } else if s.negative() {
        cmp(cx, rel.flip(), &q, hyps, depth)
    } else {
        match rel {
            Rel::Eq => {
                let a = mk_cmp(cx, Rel::Eq, &up);
                let b = cmp(cx, Rel::Eq, &q, hyps, depth);
                or(cx, vec![a, b])
            }
            Rel::Le | Rel::Ge => {
                // u*q <= 0 iff (u >= 0 and q <= 0) or (u <= 0 and q >= 0)
                let (r1, r2) = (rel, rel.flip());
                let u_ge = if s.nonneg() {
                    cx.mk_bool(true)
                } else {
                    mk_cmp(cx, ge0, &up)
                };
                let a = cmp(cx, r1, &q, hyps, depth);
                let left = and(cx, vec![u_ge, a]);
                let u_le = mk_cmp(cx, le0, &up);
                let b = cmp(cx, r2, &q, hyps, depth);
                let right = and(cx, vec![u_le, b]);
                or(cx, vec![left, right])
            }
            Rel::Lt | Rel::Gt => {
                let (r1, r2) = (rel, rel.flip());
                let u_gt = mk_cmp(cx, Rel::Gt, &up);
                let a = cmp(cx, r1, &q, hyps, depth);
                let left = and(cx, vec![u_gt, a]);
                let right = if s.nonneg() {
                    cx.mk_bool(false)
                } else {
                    let u_lt = mk_cmp(cx, Rel::Lt, &up);
                    let b = cmp(cx, r2, &q, hyps, depth);
                    and(cx, vec![u_lt, b])
                };
                or(cx, vec![left, right])
            }
        }
    };
    Some(r)
}

/// Decide `p ⋈ 0` from the signs of its monomials: when every
/// non-constant monomial of `p` is `>= 0` where the atom stands (its
/// coefficient and the known signs of its atoms agree; an atom squared is
/// `>= 0` anyway), `p >= c` for the constant `c` of `p`, so `p <= 0` is
/// false for `c > 0` and `p >= 0` true for `c >= 0` (symmetrically when
/// every monomial is `<= 0`). E.g. `2*g*l + l1 + 1 <= 0` is false with
/// `g, l, l1 >= 0`. Only nonlinear atoms: linear guards are the bound
/// analysis' and the context pass' business.
fn monomial_signs(cx: &mut Context, rel: Rel, p: &Poly<TermId>, hyps: &Hyps) -> Option<TermId> {
    if p.degree() < 2 {
        return None;
    }
    let c = p.constant_term();
    let mut signs: HashMap<TermId, i8> = HashMap::new();
    // +1: every monomial >= 0; -1: every monomial <= 0.
    let mut all: Option<i8> = None;
    for (m, k) in p.terms() {
        if m.is_one() {
            continue;
        }
        let mut sign: i8 = if k.is_positive() { 1 } else { -1 };
        let atoms = m.atoms();
        let mut i = 0;
        while i < atoms.len() {
            let a = atoms[i];
            let mut n = 0;
            while i < atoms.len() && atoms[i] == a {
                n += 1;
                i += 1;
            }
            if n % 2 == 0 {
                continue;
            }
            let s = *signs.entry(a).or_insert_with(|| {
                let b = sign_facts(cx, a, hyps);
                if b.nonneg() {
                    1
                } else if b.nonpos() {
                    -1
                } else {
                    0
                }
            });
            sign *= s;
        }
        if sign == 0 || all.is_some_and(|s| s != sign) {
            return None;
        }
        all = Some(sign);
    }
    // p >= c (all = 1) or p <= c (all = -1); decide p ⋈ 0 when that does.
    let verdict = match (all?, rel) {
        (1, Rel::Le) | (1, Rel::Eq) if c.is_positive() => false,
        (1, Rel::Lt) if !c.is_negative() => false,
        (1, Rel::Ge) if !c.is_negative() => true,
        (1, Rel::Gt) if c.is_positive() => true,
        (-1, Rel::Ge) | (-1, Rel::Eq) if c.is_negative() => false,
        (-1, Rel::Gt) if !c.is_positive() => false,
        (-1, Rel::Le) if !c.is_positive() => true,
        (-1, Rel::Lt) if c.is_negative() => true,
        _ => return None,
    };
    Some(cx.mk_bool(verdict))
}

/// Rule 1 with a constant: `g*u*q + c ⋈ 0` for an atom `u` of known sign
/// dividing every non-constant monomial. With the numeric content `g`
/// divided out (rounding `c`), the comparison is `u*q <= k` or `u*q >= k`.
/// For `u > 0` (integers, so `u >= 1`) and `k` in `{-1, 0}` (for `<=`) or
/// `{0, 1}` (for `>=`), `u*q ⋈ k ⟺ q ⋈ k`: `u*q >= 1` forces `q > 0`,
/// and `q >= 1` gives `u*q >= u >= 1` (symmetrically for `<= -1`). For
/// other `k` (e.g. `u*q >= 2`) no such equivalence holds and the atom is
/// left alone. `u < 0` is the same with `q` negated.
fn signed_factor_offset(
    cx: &mut Context,
    rel: Rel,
    p: &Poly<TermId>,
    hyps: &Hyps,
    depth: usize,
) -> Option<TermId> {
    let c = p.constant_term();
    if c.is_zero() || p.num_terms() < 2 {
        return None;
    }
    let g = p.content_nonconst();
    if !g.is_positive() {
        return None;
    }
    let r = p.without_constant().div_exact(&g);
    // p ⋈ 0 as r ⋈' k, with ⋈' in {<=, >=}.
    let (rel2, k) = integer_bound(rel, &c, &g)?;
    let in_range = match rel2 {
        Rel::Le => k == -BigInt::one() || k.is_zero(),
        _ => k == BigInt::one() || k.is_zero(),
    };
    if !in_range {
        return None;
    }
    for u in common_atoms(&r)? {
        let q = divide_atom(&r, u);
        if q.is_constant() {
            continue;
        }
        let s = sign_facts(cx, u, hyps);
        let q = if s.positive() {
            q
        } else if s.negative() {
            q.scale(&-BigInt::one())
        } else {
            continue;
        };
        return Some(cmp(cx, rel2, &q.add_constant(&-&k), hyps, depth));
    }
    None
}

/// The atoms (with multiplicity) that divide every monomial of `p`
/// (`None` for the zero polynomial).
fn common_atoms(p: &Poly<TermId>) -> Option<Vec<TermId>> {
    let mut common: Option<Vec<TermId>> = None;
    for (m, _) in p.terms() {
        let atoms = m.atoms().to_vec();
        common = Some(match common {
            None => atoms,
            Some(c) => multiset_meet(&c, &atoms),
        });
    }
    common
}

fn multiset_meet(a: &[TermId], b: &[TermId]) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut bb = b.to_vec();
    for x in a {
        if let Some(i) = bb.iter().position(|y| y == x) {
            bb.remove(i);
            out.push(*x);
        }
    }
    out
}

fn divide_atom(p: &Poly<TermId>, u: TermId) -> Poly<TermId> {
    let mut q = Poly::zero();
    for (m, c) in p.terms() {
        let mut atoms = m.atoms().to_vec();
        if let Some(i) = atoms.iter().position(|&a| a == u) {
            atoms.remove(i);
        }
        q.add_term(Monomial::from_atoms(atoms), c.clone());
    }
    q
}

/// Split `p = a*T + X` for the monomial `k*A`: monomials containing the
/// atoms `A` with a coefficient divisible by `k` go to `T`.
fn split_by(p: &Poly<TermId>, k: &BigInt, a: &[TermId]) -> (Poly<TermId>, Poly<TermId>) {
    let mut t = Poly::zero();
    let mut x = Poly::zero();
    for (m, c) in p.terms() {
        let meet = multiset_meet(a, m.atoms());
        if meet.len() == a.len() && c.is_multiple_of(k) {
            let mut rest = m.atoms().to_vec();
            for at in a {
                let i = rest.iter().position(|y| y == at).expect("present");
                rest.remove(i);
            }
            t.add_term(Monomial::from_atoms(rest), c / k);
        } else {
            x.add_term(m.clone(), c.clone());
        }
    }
    (t, x)
}

/// Rule 2: `a*T + X ⋈ 0` with `X ∈ (-a, a)`.
fn affine(
    cx: &mut Context,
    rel: Rel,
    p: &Poly<TermId>,
    hyps: &Hyps,
    depth: usize,
) -> Option<TermId> {
    // Candidate atoms x: degree-1 monomials with coefficient ±1.
    let mut cands: Vec<TermId> = Vec::new();
    for (m, c) in p.terms() {
        if m.degree() == 1 && (c.is_one() || *c == -BigInt::one()) {
            cands.push(m.atoms()[0]);
        }
    }
    if cands.is_empty() {
        return None;
    }
    let mut info: HashMap<TermId, Implied> = HashMap::new();
    for &x in &cands {
        info.insert(x, hyps.implied(cx, x));
    }
    let mut tried: Vec<Poly<TermId>> = Vec::new();
    for &x in &cands {
        let ix = &info[&x];
        if !ix.nonneg() {
            continue;
        }
        for a in ix.upper.clone() {
            if tried.contains(&a) || a.num_terms() != 1 {
                continue;
            }
            tried.push(a.clone());
            let (m, k) = a.terms().next().map(|(m, k)| (m.clone(), k.clone()))?;
            if !k.is_positive() || m.is_one() {
                continue;
            }
            let (t, xs) = split_by(p, &k, m.atoms());
            if t.is_zero() || xs.is_zero() {
                continue;
            }
            // X must be x, -x' or x - x' with 0 <= x, x' < a.
            let mut pos = None;
            let mut neg = None;
            let mut ok = true;
            for (mm, c) in xs.terms() {
                if mm.degree() != 1 {
                    ok = false;
                    break;
                }
                let v = mm.atoms()[0];
                let good = info.get(&v).is_some_and(|iv| iv.nonneg() && iv.below(&a));
                if !good {
                    ok = false;
                    break;
                }
                if c.is_one() && pos.is_none() {
                    pos = Some(v);
                } else if *c == -BigInt::one() && neg.is_none() {
                    neg = Some(v);
                } else {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            return Some(affine_result(cx, rel, &t, &xs, pos, neg, hyps, depth));
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn affine_result(
    cx: &mut Context,
    rel: Rel,
    t: &Poly<TermId>,
    xs: &Poly<TermId>,
    pos: Option<TermId>,
    neg: Option<TermId>,
    hyps: &Hyps,
    depth: usize,
) -> TermId {
    // X ⋈ 0, simplified with 0 <= x, x'.
    let x_rel = match (pos, neg) {
        (Some(_), Some(_)) => mk_cmp(cx, rel, xs),
        (Some(x), None) => nonneg_cmp(cx, rel, x),
        (None, Some(x)) => nonneg_cmp(cx, rel.flip(), x),
        (None, None) => cx.mk_bool(rel.holds(&BigInt::zero())),
    };
    let t_zero = cmp(cx, Rel::Eq, t, hyps, depth);
    let mid = and(cx, vec![t_zero, x_rel]);
    let (gt, lt) = (rel.holds(&BigInt::one()), rel.holds(&-BigInt::one()));
    // Merge the common shapes into single atoms.
    if term::is_true(cx, x_rel) {
        if gt {
            return cmp(cx, Rel::Ge, t, hyps, depth);
        }
        if lt {
            return cmp(cx, Rel::Le, t, hyps, depth);
        }
    }
    if term::is_false(cx, x_rel) {
        if gt {
            return cmp(cx, Rel::Gt, t, hyps, depth);
        }
        if lt {
            return cmp(cx, Rel::Lt, t, hyps, depth);
        }
    }
    let mut parts = Vec::new();
    if gt {
        parts.push(cmp(cx, Rel::Gt, t, hyps, depth));
    }
    if lt {
        parts.push(cmp(cx, Rel::Lt, t, hyps, depth));
    }
    parts.push(mid);
    or(cx, parts)
}

/// `x ⋈ 0` knowing `0 <= x`.
fn nonneg_cmp(cx: &mut Context, rel: Rel, x: TermId) -> TermId {
    let p = Poly::atom(x);
    match rel {
        Rel::Eq | Rel::Le => mk_cmp(cx, Rel::Eq, &p),
        Rel::Lt => cx.mk_bool(false),
        Rel::Ge => cx.mk_bool(true),
        Rel::Gt => mk_cmp(cx, Rel::Gt, &p),
    }
}
