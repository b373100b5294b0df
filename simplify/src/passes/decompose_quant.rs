//! Quantifier decomposition (`decompose-quant`), the converse of
//! MergeQuant that section 7 of the paper leaves open (its matrixMul2
//! example).
//!
//! For `∀x. φ` whose bound analysis gives `0 <= x < U` where `U` is a
//! monomial `k*a` with an atom `a` known to be positive from the facts
//! (`0 < a`), write `x = a*x1 + x2`:
//! `∀x. φ ≡ ∀x1 x2. (0 <= x1 < k ∧ 0 <= x2 < a) ⇒ φ[a*x1 + x2 / x]`,
//! because `(x1, x2) ↦ a*x1 + x2` is a bijection from `[0,k) × [0,a)` onto
//! `[0, k*a)` when `a > 0` (both sides are empty when `k <= 0`). Dually
//! for `∃` with `∧`. The decomposition is kept only when SimpAffine, run on
//! the new body with the new guards, lowers the number of nonlinear
//! comparison atoms; the result is the SimpAffine output.

use super::simp_affine::SimpAffine;
use crate::analysis::bounds::analyse;
use crate::arith::known::Known;
use crate::arith::poly::{Monomial, Poly};
use crate::arith::{self, int_cmp, mk_cmp, Rel};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term::{self, and};
use num_traits::{One, Signed};
use smtlib_io::{BinderKind, Context, TermId, TermKind, VarId};
use std::collections::HashMap;

/// The `decompose-quant` pass.
#[derive(Clone, Debug, Default)]
pub struct DecomposeQuant {
    /// Variables decomposed so far.
    pub decomposed: usize,
}

impl TermPass for DecomposeQuant {
    fn id(&self) -> PassId {
        PassId::DecomposeQuant
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let mut memo = HashMap::new();
        let mut trace = Vec::new();
        let r = walk(cx, t, ctx, &mut memo, &mut trace);
        self.decomposed += trace.len();
        ctx.trace.extend(trace);
        (r != t).then_some(r)
    }
}

fn walk(
    cx: &mut Context,
    t: TermId,
    ctx: &mut PassContext,
    memo: &mut HashMap<TermId, TermId>,
    trace: &mut Vec<TraceEvent>,
) -> TermId {
    if let Some(&r) = memo.get(&t) {
        return r;
    }
    if ctx.budget.expired() || cx.sort_of(t) != cx.bool_sort() {
        return t;
    }
    let r = match cx.kind(t).clone() {
        TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
            match decompose(cx, k, &vs, body, ctx) {
                Some(r) => {
                    trace.push(TraceEvent {
                        rule: PassId::DecomposeQuant.name().into(),
                        before: t,
                        after: r,
                    });
                    r
                }
                None => {
                    let nb = walk(cx, body, ctx, memo, trace);
                    if nb == body {
                        t
                    } else {
                        term::quant_with(cx, k, vs.to_vec(), nb, &attrs)
                    }
                }
            }
        }
        TermKind::App(op, args) => {
            let new: Vec<TermId> = args
                .iter()
                .map(|&a| walk(cx, a, ctx, memo, trace))
                .collect();
            term::with_args(cx, t, op, &args, new)
        }
        _ => t,
    };
    memo.insert(t, r);
    r
}

/// Number of comparison atoms whose polynomial is nonlinear.
fn nonlinear_atoms(cx: &Context, t: TermId, memo: &mut HashMap<TermId, usize>) -> usize {
    if let Some(&n) = memo.get(&t) {
        return n;
    }
    let n = match int_cmp(cx, t) {
        Some((_, p)) if p.degree() >= 2 => 1,
        Some(_) => 0,
        None => cx
            .children(t)
            .into_iter()
            .map(|c| nonlinear_atoms(cx, c, memo))
            .sum(),
    };
    memo.insert(t, n);
    n
}

fn decompose(
    cx: &mut Context,
    k: BinderKind,
    vs: &[VarId],
    body: TermId,
    ctx: &mut PassContext,
) -> Option<TermId> {
    let before = nonlinear_atoms(cx, body, &mut HashMap::new());
    if before == 0 {
        return None;
    }
    // the ground facts, assumed when first asked
    let mut facts: Option<Known> = None;
    for (i, &v) in vs.iter().enumerate() {
        if cx.var(v).sort != cx.int_sort() {
            continue;
        }
        let x = cx.mk_var(v);
        let b = analyse(cx, x, body);
        let (nonneg, ups) = match k {
            BinderKind::Forall => (b.forall_nonneg(), b.forall_upper),
            _ => (b.exists_nonneg(), b.exists_upper),
        };
        if !nonneg {
            continue;
        }
        for u in ups.candidates().to_vec() {
            if u.num_terms() != 1 {
                continue;
            }
            let (m, c) = u.terms().next().map(|(m, c)| (m.clone(), c.clone()))?;
            if !c.is_positive() || m.degree() < 1 || (m.degree() == 1 && c.is_one()) {
                continue;
            }
            let mut atoms = m.atoms().to_vec();
            atoms.dedup();
            for a in atoms {
                let facts =
                    facts.get_or_insert_with(|| Known::of_literals(cx, &ctx.ground_facts(cx)));
                if !facts.implied(cx, a).positive() {
                    continue;
                }
                // U = k * a
                let mut rest = m.atoms().to_vec();
                let pos = rest.iter().position(|&y| y == a).expect("atom of m");
                rest.remove(pos);
                let kp = Poly::monomial(Monomial::from_atoms(rest), c.clone());
                if let Some(r) = try_split(cx, k, vs, i, body, a, &kp, before, ctx) {
                    return Some(r);
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn try_split(
    cx: &mut Context,
    k: BinderKind,
    vs: &[VarId],
    i: usize,
    body: TermId,
    a: TermId,
    kp: &Poly<TermId>,
    before: usize,
    ctx: &mut PassContext,
) -> Option<TermId> {
    let v = vs[i];
    let name = cx.var(v).name;
    let base = cx.sym_name(name).to_string();
    let n1 = cx.sym(&format!("{base}1"));
    let n2 = cx.sym(&format!("{base}2"));
    let int = cx.int_sort();
    let x1 = cx.new_var(n1, int);
    let x2 = cx.new_var(n2, int);
    let (t1, t2) = (cx.mk_var(x1), cx.mk_var(x2));
    let val = Poly::atom(a).mul(&Poly::atom(t1)).add(&Poly::atom(t2));
    let val = crate::arith::poly::to_term(cx, &val);
    let m: HashMap<VarId, TermId> = [(v, val)].into_iter().collect();
    let nb = term::subst(cx, body, &m);
    let nb = arith::norm(cx, nb);
    let g = vec![
        mk_cmp(cx, Rel::Ge, &Poly::atom(t1)),
        mk_cmp(cx, Rel::Lt, &Poly::atom(t1).sub(kp)),
        mk_cmp(cx, Rel::Ge, &Poly::atom(t2)),
        mk_cmp(cx, Rel::Lt, &Poly::atom(t2).sub(&Poly::atom(a))),
    ];
    let guard = and(cx, g);
    let inner = match k {
        BinderKind::Forall => term::implies(cx, guard, nb),
        _ => and(cx, vec![guard, nb]),
    };
    let mut sa = SimpAffine::default();
    let mut sub_trace = Vec::new();
    let mut sctx = PassContext {
        facts: ctx.facts,
        budget: ctx.budget,
        trace: &mut sub_trace,
    };
    let simplified = sa.apply(cx, inner, &mut sctx)?;
    let after = nonlinear_atoms(cx, simplified, &mut HashMap::new());
    if after >= before {
        return None;
    }
    let mut nvs: Vec<VarId> = vs.to_vec();
    nvs.remove(i);
    nvs.insert(i, x2);
    nvs.insert(i, x1);
    ctx.trace.extend(sub_trace);
    Some(term::quant(cx, k, nvs, simplified))
}
