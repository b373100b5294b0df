//! `ctx-simplify`: simplify every subformula under the literals that hold
//! where it stands.
//!
//! **Rule.** Walking a Bool term from the root, the pass keeps the
//! literals known at the current position: the hypotheses of an enclosing
//! `=>`, the earlier conjuncts of an `and`, the negations of the earlier
//! disjuncts of an `or`, the condition of an `ite` (negated in its else
//! branch); a hypothesis that is a conjunction contributes its conjuncts,
//! a negated disjunction its negated disjuncts. An atom that is a known
//! literal becomes `true` (`false` if its negation is known), and so does
//! an `Int` comparison `p ≤ q` that a known comparison over the same linear
//! form implies (`x < n` gives `x ≤ n`; `0 ≤ x` refutes `x < 0`). The
//! connectives are then rebuilt, dropping `true` conjuncts and `false`
//! disjuncts. Quantifier bodies are walked with the literals of the
//! enclosing context: bound variables are renamed apart on input, so no
//! outer literal mentions them.
//!
//! VeriCUDA writes a per-thread assignment as
//! `∀t. v(t) ⇒ ((v(t) ⇒ x'(t) = e) ∧ (¬v(t) ⇒ x'(t) = x(t)))`; under the
//! outer `v(t)` this becomes `∀t. v(t) ⇒ x'(t) = e`, the guarded equality
//! that `guarded-eq` reads. Boogie, Dafny and Viper VCs repeat guards the
//! same way.
//!
//! **Soundness.** Each replacement is of a subformula by one equivalent to
//! it wherever the known literals hold, at a position where they do hold;
//! so the result is equivalent to the input (the standard contextual
//! simplification argument, as in z3's `ctx-simplify`).
//!
//! **Cost.** Linear in the tree of the term: each occurrence is visited once
//! with the literal set of its position (a scoped stack). The walk stops
//! rewriting below depth [`MAX_DEPTH`] and after [`MAX_VISITS`] visits,
//! and keeps what it has.

use crate::arith::as_le;
use crate::arith::poly::Poly;
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term;
use num_bigint::BigInt;
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind};
use std::collections::HashMap;

/// Deeper subterms are left as they are.
pub const MAX_DEPTH: usize = 2_000;
/// Occurrences visited per assertion before the walk stops rewriting.
pub const MAX_VISITS: usize = 200_000;

/// The `ctx-simplify` pass.
#[derive(Default)]
pub struct CtxSimplify;

impl TermPass for CtxSimplify {
    fn id(&self) -> PassId {
        PassId::CtxSimplify
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        if cx.sort_of(t) != cx.bool_sort() {
            return None;
        }
        let mut w = Walk {
            known: Vec::new(),
            bounds: HashMap::new(),
            undo: Vec::new(),
            visits: 0,
            budget_out: false,
        };
        let r = w.simp(cx, t, 0, ctx);
        if r == t {
            return None;
        }
        ctx.trace.push(TraceEvent {
            rule: PassId::CtxSimplify.name().into(),
            before: t,
            after: r,
        });
        Some(r)
    }
}

struct Walk {
    /// Known literals: the atom and its polarity.
    known: Vec<(TermId, bool)>,
    /// For each linear form `L` (without its constant) of a known
    /// comparison `L + k ≤ 0`, the largest such `k`: then `L ≤ -k`.
    bounds: HashMap<Poly<TermId>, Vec<BigInt>>,
    /// How to take back what `assume` added: (literals, bound keys).
    undo: Vec<(usize, Vec<Poly<TermId>>)>,
    visits: usize,
    budget_out: bool,
}

impl Walk {
    fn push(&mut self) {
        self.undo.push((self.known.len(), Vec::new()));
    }

    fn pop(&mut self) {
        let (n, keys) = self.undo.pop().expect("balanced scopes");
        self.known.truncate(n);
        for k in keys {
            if let Some(v) = self.bounds.get_mut(&k) {
                v.pop();
                if v.is_empty() {
                    self.bounds.remove(&k);
                }
            }
        }
    }

    /// Add `t` (with `positive` polarity) to the known literals.
    fn assume(&mut self, cx: &mut Context, t: TermId, positive: bool, depth: usize) {
        if depth > 64 {
            return;
        }
        match (cx.kind(t).clone(), positive) {
            (TermKind::App(Op::Not, a), _) => self.assume(cx, a[0], !positive, depth + 1),
            (TermKind::App(Op::And, a), true) | (TermKind::App(Op::Or, a), false) => {
                for &c in a.iter() {
                    self.assume(cx, c, positive, depth + 1);
                }
            }
            _ => {
                if term::is_true(cx, t) || term::is_false(cx, t) {
                    return;
                }
                self.known.push((t, positive));
                let le = as_le(cx, t).map(|p| {
                    if positive {
                        p
                    } else {
                        // ¬(L ≤ 0) is 1 - L ≤ 0
                        Poly::constant(1).sub(&p)
                    }
                });
                if let Some(p) = le {
                    let k = p.as_constant_part();
                    let key = p.without_constant();
                    self.bounds.entry(key.clone()).or_default().push(k);
                    if let Some(top) = self.undo.last_mut() {
                        top.1.push(key);
                    }
                }
            }
        }
    }

    /// `Some(b)` when the atom `t` is known to be `b`.
    fn decided(&self, cx: &Context, t: TermId) -> Option<bool> {
        if let Some(&(_, b)) = self.known.iter().rev().find(|(a, _)| *a == t) {
            return Some(b);
        }
        let p = as_le(cx, t)?;
        let key = p.without_constant();
        let k = p.as_constant_part();
        // known L + k' ≤ 0 with k' ≥ k implies L + k ≤ 0
        if let Some(ks) = self.bounds.get(&key) {
            if ks.iter().any(|k2| k2 >= &k) {
                return Some(true);
            }
        }
        // ¬(L + k ≤ 0) is -L - k + 1 ≤ 0
        let neg = Poly::constant(1).sub(&p);
        let nkey = neg.without_constant();
        let nk = neg.as_constant_part();
        if let Some(ks) = self.bounds.get(&nkey) {
            if ks.iter().any(|k2| k2 >= &nk) {
                return Some(false);
            }
        }
        None
    }

    /// `t`, the conjunction (`conj`) or disjunction of `args`, with each
    /// argument simplified under the earlier ones (true in a conjunction,
    /// false in a disjunction); an argument that decides the whole
    /// (`false` in a conjunction) is the result.
    fn simp_junction(
        &mut self,
        cx: &mut Context,
        t: TermId,
        args: &[TermId],
        conj: bool,
        depth: usize,
        ctx: &PassContext,
    ) -> TermId {
        self.push();
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let s = self.simp(cx, a, depth + 1, ctx);
            let (decides, neutral) = if conj {
                (term::is_false(cx, s), term::is_true(cx, s))
            } else {
                (term::is_true(cx, s), term::is_false(cx, s))
            };
            if decides {
                self.pop();
                return s;
            }
            if !neutral {
                self.assume(cx, s, conj, 0);
                out.push(s);
            }
        }
        self.pop();
        if out[..] == args[..] {
            t
        } else if conj {
            term::and(cx, out)
        } else {
            term::or(cx, out)
        }
    }

    fn simp(&mut self, cx: &mut Context, t: TermId, depth: usize, ctx: &PassContext) -> TermId {
        self.visits += 1;
        if self.visits > MAX_VISITS || depth > MAX_DEPTH {
            self.budget_out = true;
        }
        if self.budget_out || (self.visits.is_multiple_of(4096) && ctx.budget.expired()) {
            self.budget_out = true;
            return t;
        }
        if cx.sort_of(t) != cx.bool_sort() {
            return t;
        }
        match cx.kind(t).clone() {
            TermKind::App(Op::And, args) => self.simp_junction(cx, t, &args, true, depth, ctx),
            TermKind::App(Op::Or, args) => self.simp_junction(cx, t, &args, false, depth, ctx),
            TermKind::App(Op::Implies, args) => {
                self.push();
                let n = args.len();
                let mut hyps = Vec::new();
                for &h in &args[..n - 1] {
                    let s = self.simp(cx, h, depth + 1, ctx);
                    if term::is_false(cx, s) {
                        self.pop();
                        return cx.mk_bool(true);
                    }
                    if !term::is_true(cx, s) {
                        self.assume(cx, s, true, 0);
                        hyps.push(s);
                    }
                }
                let c = self.simp(cx, args[n - 1], depth + 1, ctx);
                self.pop();
                let unchanged = hyps.len() == n - 1
                    && hyps.iter().zip(&args[..n - 1]).all(|(a, b)| a == b)
                    && c == args[n - 1];
                if unchanged {
                    t
                } else if hyps.is_empty() {
                    c
                } else {
                    let h = term::and(cx, hyps);
                    term::implies(cx, h, c)
                }
            }
            TermKind::App(Op::Not, args) => {
                let s = self.simp(cx, args[0], depth + 1, ctx);
                if s == args[0] {
                    t
                } else {
                    term::not(cx, s)
                }
            }
            TermKind::App(Op::Ite, args) => {
                let c = self.simp(cx, args[0], depth + 1, ctx);
                if term::is_true(cx, c) {
                    return self.simp(cx, args[1], depth + 1, ctx);
                }
                if term::is_false(cx, c) {
                    return self.simp(cx, args[2], depth + 1, ctx);
                }
                self.push();
                self.assume(cx, c, true, 0);
                let a = self.simp(cx, args[1], depth + 1, ctx);
                self.pop();
                self.push();
                self.assume(cx, c, false, 0);
                let b = self.simp(cx, args[2], depth + 1, ctx);
                self.pop();
                if (c, a, b) == (args[0], args[1], args[2]) {
                    t
                } else {
                    cx.mk_app(Op::Ite, vec![c, a, b]).unwrap_or(t)
                }
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                let nb = self.simp(cx, body, depth + 1, ctx);
                if nb == body {
                    t
                } else if term::is_true(cx, nb) || term::is_false(cx, nb) {
                    nb
                } else {
                    // same variables: the patterns stay valid triggers
                    cx.mk_binder(k, vs, nb, attrs).unwrap_or(t)
                }
            }
            TermKind::Annot(body, attrs) => {
                // a named formula is what an unsat core refers to: kept
                if attrs.iter().any(|a| cx.sym_name(a.key) == ":named") {
                    return t;
                }
                let nb = self.simp(cx, body, depth + 1, ctx);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            _ => match self.decided(cx, t) {
                Some(b) => cx.mk_bool(b),
                None => t,
            },
        }
    }
}

/// The constant part of a polynomial (0 when it has none).
trait ConstantPart {
    fn as_constant_part(&self) -> BigInt;
}

impl ConstantPart for Poly<TermId> {
    fn as_constant_part(&self) -> BigInt {
        self.sub(&self.without_constant())
            .as_constant()
            .unwrap_or_default()
    }
}
