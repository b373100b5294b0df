//! `ctx-simplify`: simplify every subformula under the literals that hold
//! where it stands.
//!
//! **Rule.** Walking a Bool term from the root, the pass keeps the
//! literals known at the current position (a scoped [`Known`]): the
//! hypotheses of an enclosing `=>`, the earlier conjuncts of an `and`, the
//! negations of the earlier disjuncts of an `or`, the condition of an
//! `ite` (negated in its else branch); a hypothesis that is a conjunction
//! contributes its conjuncts, a negated disjunction its negated disjuncts.
//! An atom that the known literals decide becomes `true` or `false`: a
//! known literal, or an `Int` comparison that the known comparisons over
//! the same linear form decide (`x < n` gives `x ≤ n`; `0 ≤ x` refutes
//! `x < 0`). The
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

use crate::arith::known::Known;
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term;
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind};

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
            known: Known::new(),
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
    /// The literals known at the current position.
    known: Known,
    visits: usize,
    budget_out: bool,
}

impl Walk {
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
        self.known.push();
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let s = self.simp(cx, a, depth + 1, ctx);
            let (decides, neutral) = if conj {
                (term::is_false(cx, s), term::is_true(cx, s))
            } else {
                (term::is_true(cx, s), term::is_false(cx, s))
            };
            if decides {
                self.known.pop();
                return s;
            }
            if !neutral {
                self.known.assume(cx, s, conj);
                out.push(s);
            }
        }
        // Conjuncts that together make a known negated conjunction true
        // (`¬(a ∧ b)` known, walking `a ∧ b ∧ x`): the conjunction is
        // false here.
        if conj && out.len() > 1 && self.known.negated_conjunction_holds(cx) {
            self.known.pop();
            return cx.mk_bool(false);
        }
        self.known.pop();
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
                self.known.push();
                let n = args.len();
                let mut hyps = Vec::new();
                for &h in &args[..n - 1] {
                    let s = self.simp(cx, h, depth + 1, ctx);
                    if term::is_false(cx, s) {
                        self.known.pop();
                        return cx.mk_bool(true);
                    }
                    if !term::is_true(cx, s) {
                        self.known.assume(cx, s, true);
                        hyps.push(s);
                    }
                }
                let c = self.simp(cx, args[n - 1], depth + 1, ctx);
                self.known.pop();
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
                self.known.push();
                self.known.assume(cx, c, true);
                let a = self.simp(cx, args[1], depth + 1, ctx);
                self.known.pop();
                self.known.push();
                self.known.assume(cx, c, false);
                let b = self.simp(cx, args[2], depth + 1, ctx);
                self.known.pop();
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
            _ => match self.known.decide(cx, t) {
                Some(b) => cx.mk_bool(b),
                None => t,
            },
        }
    }
}
