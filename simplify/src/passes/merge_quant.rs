//! MergeQuant (section 4.3, step II of the paper): replace two quantified
//! `Int` variables `x ∈ [0,a)`, `y ∈ [0,b)` whose body depends only on
//! `x + a*y` by one variable `z ∈ [0, a*b)`.
//!
//! For a `forall` (after pulling nested `forall`s of the same kind out of
//! `=>` conclusions and `or`s, which is sound because bound variables are
//! renamed apart), the bound analysis ([`crate::analysis::bounds`]) gives candidate
//! ∀-bounds: `x < 0 ⇒ φ` and `x >= a ⇒ φ`, likewise `b` for `y`, where `a`
//! and `b` mention none of the block's variables. Then
//! `∀x y. φ ≡ ∀x y. (0<=x<a ∧ 0<=y<b) ⇒ φ`. Inside that box every atom that
//! the box makes true (`0 <= x`, `x < a`, `y <= b - 1`, …) is replaced by
//! `true`, and every other occurrence of `x`, `y` must sit in an `Int` term
//! `p(x, y)` with `p(x, y) = p(x + a*y, 0)` (checked on the canonical
//! polynomial normal form; atoms like `f(x + a*y)` are handled recursively).
//! Then `φ ≡ ψ(x + a*y)` in the box and, as `(x, y) ↦ x + a*y` is a
//! bijection from the box onto `[0, a*b)` when `0 < a`,
//! `∀x y. φ ≡ 0 < a ⇒ ∀z. 0 <= z < a*b ⇒ ψ(z)` (if `a <= 0` the box is empty
//! and both sides are true). Exists is dual: `0 < a ∧ ∃z. 0 <= z < a*b ∧ ψ(z)`.
//! Both orientations (`x + a*y` and `y + b*x`) are tried, for every pair of
//! the block and every candidate bound. The `0 < a` conjunct is dropped when
//! a fact says `0 < a`.

use crate::analysis::bounds::{analyse, atom_as_bound};
use crate::arith::known::Known;
use crate::arith::poly::{self, Poly};
use crate::arith::{int_cmp, mk_cmp, Rel};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term::{self, and, mentions_any};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

/// Quantifier blocks with more Int variables than this are left alone:
/// every pair of variables is a candidate and each candidate analyses the
/// whole body, so a block of hundreds of variables (or a nest of thousands
/// pulled into one block) would take cubic time. Threads have a handful.
const MAX_MERGE_VARS: usize = 12;

/// The `merge-quant` pass.
#[derive(Clone, Debug, Default)]
pub struct MergeQuant {
    /// Pairs of variables merged so far.
    pub merges: usize,
}

impl TermPass for MergeQuant {
    fn id(&self) -> PassId {
        PassId::MergeQuant
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let mut memo = HashMap::new();
        let mut m = Merger {
            facts: ctx.ground_facts(cx),
            trace: Vec::new(),
        };
        let r = m.walk(cx, t, ctx, &mut memo);
        self.merges += m.trace.len();
        ctx.trace.extend(m.trace);
        (r != t).then_some(r)
    }
}

struct Merger {
    facts: Vec<TermId>,
    trace: Vec<TraceEvent>,
}

impl Merger {
    fn walk(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &PassContext,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        if ctx.budget.expired() || cx.sort_of(t) != cx.bool_sort() {
            return t;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args
                    .iter()
                    .map(|&a| {
                        if cx.sort_of(a) == cx.bool_sort() {
                            self.walk(cx, a, ctx, memo)
                        } else {
                            a
                        }
                    })
                    .collect();
                term::with_args(cx, t, op, &args, new)
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                let nb = self.walk(cx, body, ctx, memo);
                let cur = if nb == body {
                    t
                } else {
                    cx.mk_binder(k, vs, nb, attrs).unwrap_or(t)
                };
                let mut cur = cur;
                // Merge repeatedly (three levels of threads merge twice).
                for _ in 0..4 {
                    match self.merge(cx, cur) {
                        Some(r) => {
                            self.trace.push(TraceEvent {
                                rule: PassId::MergeQuant.name().into(),
                                before: cur,
                                after: r,
                            });
                            cur = r;
                        }
                        None => break,
                    }
                    if ctx.budget.expired() {
                        break;
                    }
                }
                cur
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }

    /// Try one merge at the quantifier `t`.
    fn merge(&mut self, cx: &mut Context, t: TermId) -> Option<TermId> {
        // The merged result may be wrapped as `0 < a ⇒ ∀z…`; look through.
        let (k, vars, body) = match cx.kind(t).clone() {
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), _, _, _) => {
                let (vars, body) = pull(cx, k, t);
                (k, vars, body)
            }
            _ => return None,
        };
        let ints: Vec<VarId> = vars
            .iter()
            .copied()
            .filter(|&v| cx.var(v).sort == cx.int_sort())
            .collect();
        if ints.len() < 2 || ints.len() > MAX_MERGE_VARS {
            return None;
        }
        let block: HashSet<VarId> = vars.iter().copied().collect();
        // Candidate bounds per variable.
        let mut cands: HashMap<VarId, Vec<Poly<TermId>>> = HashMap::new();
        for &v in &ints {
            let x = cx.mk_var(v);
            let b = analyse(cx, x, body);
            let (lo_ok, up) = match k {
                BinderKind::Forall => (b.forall_nonneg(), b.forall_upper),
                _ => (b.exists_nonneg(), b.exists_upper),
            };
            if !lo_ok {
                continue;
            }
            let mut memo = HashMap::new();
            let ups: Vec<Poly<TermId>> = up
                .candidates()
                .iter()
                .filter(|p| {
                    !p.is_constant() || p.as_constant().is_some_and(|c: BigInt| c.is_positive())
                })
                .filter(|p| {
                    !p.atoms()
                        .iter()
                        .any(|&a| mentions_any(cx, a, &block, &mut memo))
                })
                .cloned()
                .collect();
            if !ups.is_empty() {
                cands.insert(v, ups);
            }
        }
        for &x in &ints {
            for &y in &ints {
                if x == y {
                    continue;
                }
                let (Some(ax), Some(by)) = (cands.get(&x), cands.get(&y)) else {
                    continue;
                };
                for a in ax {
                    for b in by {
                        if let Some(r) = self.try_pair(cx, k, &vars, body, x, y, a, b) {
                            return Some(r);
                        }
                    }
                }
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn try_pair(
        &mut self,
        cx: &mut Context,
        k: BinderKind,
        vars: &[VarId],
        body: TermId,
        x: VarId,
        y: VarId,
        a: &Poly<TermId>,
        b: &Poly<TermId>,
    ) -> Option<TermId> {
        let xt = cx.mk_var(x);
        let yt = cx.mk_var(y);
        let zname = cx.sym("z");
        let z = cx.new_var(zname, cx.int_sort());
        let zt = cx.mk_var(z);
        let mut rw = Rewriter {
            x: xt,
            y: yt,
            z: zt,
            a: a.clone(),
            b: b.clone(),
            xy: [x, y].into_iter().collect(),
            memo: HashMap::new(),
        };
        let psi = rw.bool(cx, body)?;
        let ab = a.mul(b);
        let g0 = mk_cmp(cx, Rel::Ge, &Poly::atom(zt));
        let g1 = mk_cmp(cx, Rel::Lt, &Poly::atom(zt).sub(&ab));
        let guard = and(cx, vec![g0, g1]);
        let mut nvars: Vec<VarId> = vars.iter().copied().filter(|&v| v != x && v != y).collect();
        nvars.insert(0, z);
        let inner = match k {
            BinderKind::Forall => term::implies(cx, guard, psi),
            _ => and(cx, vec![guard, psi]),
        };
        let q = term::quant(cx, k, nvars, inner);
        // 0 < a, unless a fact or the constant says so.
        let a_pos = match a.as_constant() {
            Some(c) => c.is_positive(),
            None => {
                a.num_terms() == 1 && {
                    let (m, c) = a.terms().next().unwrap();
                    c.is_positive() && {
                        let facts = Known::of_literals(cx, &self.facts);
                        m.atoms().iter().all(|&at| facts.implied(cx, at).positive())
                    }
                }
            }
        };
        if a_pos {
            return Some(q);
        }
        let apos = mk_cmp(cx, Rel::Gt, a);
        Some(match k {
            BinderKind::Forall => term::implies(cx, apos, q),
            _ => and(cx, vec![apos, q]),
        })
    }
}

/// Pull nested quantifiers of kind `k` out of `=>` conclusions and `or`
/// (forall) or `and` (exists): the variables and the remaining body.
fn pull(cx: &mut Context, k: BinderKind, t: TermId) -> (Vec<VarId>, TermId) {
    match cx.kind(t).clone() {
        TermKind::Binder(k2, vs, body, _) if k2 == k => {
            let (mut more, b) = pull(cx, k, body);
            let mut v = vs.to_vec();
            v.append(&mut more);
            (v, b)
        }
        TermKind::App(Op::Implies, args) if k == BinderKind::Forall => {
            let n = args.len();
            let (v, c) = pull(cx, k, args[n - 1]);
            if v.is_empty() {
                return (v, t);
            }
            let mut new = args[..n - 1].to_vec();
            new.push(c);
            (v, term::app(cx, Op::Implies, new))
        }
        TermKind::App(op @ (Op::Or | Op::And), args)
            if (op == Op::Or) == (k == BinderKind::Forall) =>
        {
            let mut vars = Vec::new();
            let mut new = Vec::new();
            for &a in args.iter() {
                let (mut v, b) = pull(cx, k, a);
                vars.append(&mut v);
                new.push(b);
            }
            if vars.is_empty() {
                return (vars, t);
            }
            (vars, term::app(cx, op, new))
        }
        _ => (Vec::new(), t),
    }
}

struct Rewriter {
    x: TermId,
    y: TermId,
    z: TermId,
    a: Poly<TermId>,
    b: Poly<TermId>,
    xy: HashSet<VarId>,
    memo: HashMap<TermId, Option<TermId>>,
}

impl Rewriter {
    fn touches(&self, cx: &Context, t: TermId) -> bool {
        mentions_any(cx, t, &self.xy, &mut HashMap::new())
    }

    /// Is the atom true (`value`) or false (`!value`) everywhere in the
    /// box `0 <= x < a, 0 <= y < b`?
    fn box_decides(&self, cx: &Context, atom: TermId, value: bool) -> bool {
        for (v, bound) in [(self.x, &self.a), (self.y, &self.b)] {
            let Some((rel, s)) = atom_as_bound(cx, atom, v) else {
                continue;
            };
            // `v ⋈ s` is false in the box iff its complement is true there.
            let rel = match (rel, value) {
                (Rel::Eq, _) => continue,
                (rel, true) => rel,
                (Rel::Lt, false) => Rel::Ge,
                (Rel::Le, false) => Rel::Gt,
                (Rel::Ge, false) => Rel::Lt,
                (Rel::Gt, false) => Rel::Le,
            };
            let ok = match rel {
                Rel::Ge => s.as_constant().is_some_and(|c| !c.is_positive()),
                Rel::Gt => s.as_constant().is_some_and(|c| c.is_negative()),
                Rel::Lt => s.sub(bound).as_constant().is_some_and(|c| !c.is_negative()),
                Rel::Le => s
                    .sub(bound)
                    .as_constant()
                    .is_some_and(|c| c >= BigInt::from(-1)),
                Rel::Eq => false,
            };
            if ok {
                return true;
            }
        }
        false
    }

    fn bool(&mut self, cx: &mut Context, t: TermId) -> Option<TermId> {
        if !self.touches(cx, t) {
            return Some(t);
        }
        if let Some(r) = self.memo.get(&t) {
            return *r;
        }
        let r = self.bool_uncached(cx, t);
        self.memo.insert(t, r);
        r
    }

    fn bool_uncached(&mut self, cx: &mut Context, t: TermId) -> Option<TermId> {
        if let Some((rel, p)) = int_cmp(cx, t) {
            if self.box_decides(cx, t, true) {
                return Some(cx.mk_bool(true));
            }
            if self.box_decides(cx, t, false) {
                return Some(cx.mk_bool(false));
            }
            let u = self.poly(cx, &p)?;
            return Some(mk_cmp(cx, rel, &u));
        }
        self.generic(cx, t)
    }

    fn generic(&mut self, cx: &mut Context, t: TermId) -> Option<TermId> {
        match cx.kind(t).clone() {
            TermKind::Var(_) => None,
            TermKind::App(op, args) => {
                let mut new = Vec::new();
                for &a in args.iter() {
                    new.push(self.any(cx, a)?);
                }
                Some(match op {
                    Op::And => and(cx, new),
                    Op::Or => term::or(cx, new),
                    Op::Not => term::not(cx, new[0]),
                    Op::Implies => {
                        let (c, hs) = new.split_last()?;
                        let h = and(cx, hs.to_vec());
                        term::implies(cx, h, *c)
                    }
                    _ => cx.mk_app(op, new).ok()?,
                })
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = if cx.sort_of(body) == cx.bool_sort() {
                    self.bool(cx, body)?
                } else {
                    self.any(cx, body)?
                };
                cx.mk_binder(k, vs, nb, attrs).ok()
            }
            TermKind::Annot(body, _) => self.any(cx, body),
            _ => None,
        }
    }

    fn any(&mut self, cx: &mut Context, t: TermId) -> Option<TermId> {
        if !self.touches(cx, t) {
            return Some(t);
        }
        if cx.sort_of(t) == cx.bool_sort() {
            return self.bool(cx, t);
        }
        if cx.sort_of(t) == cx.int_sort() {
            let p = poly::from_term(cx, t);
            let u = self.poly(cx, &p)?;
            return Some(poly::to_term(cx, &u));
        }
        self.generic(cx, t)
    }

    /// `p(x, y)` as `u(z)` if `p(x, y) = p(x + a*y, 0)`.
    fn poly(&mut self, cx: &mut Context, p: &Poly<TermId>) -> Option<Poly<TermId>> {
        // Rewrite atoms other than x, y that mention them.
        let mut map: HashMap<TermId, TermId> = HashMap::new();
        for at in p.atoms() {
            if at != self.x && at != self.y && self.touches(cx, at) {
                let r = self.generic(cx, at)?;
                map.insert(at, r);
            }
        }
        let p = p.map_atoms(|a| *map.get(a).unwrap_or(a));
        let at_zero = p.substitute(&self.y, &Poly::zero());
        let shifted = Poly::atom(self.x).add(&Poly::atom(self.y).mul(&self.a));
        if at_zero.substitute(&self.x, &shifted) != p {
            return None;
        }
        let u = at_zero.substitute(&self.x, &Poly::atom(self.z));
        if u.contains(&self.y) || u.contains(&self.x) {
            return None;
        }
        if u.atoms().iter().any(|&a| self.touches(cx, a)) {
            return None;
        }
        let _ = BigInt::zero();
        Some(u)
    }
}
