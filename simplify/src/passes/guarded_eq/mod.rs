//! Guarded-equality rewriting (section 4.2, formulas (4)/(5)) and
//! ElimAssign (section 4.1) as one pass, `guarded-eq` (alias
//! `elim-assign`):
//!
//! * [`rules`]: the rules `γ ⇒ f(x̄) = s'` the pass takes from the facts
//!   and from definitions;
//! * [`elim_assign`]: ElimAssign, the shared-array assign form (1), used
//!   only where its writer is unique;
//! * [`rewrite`]: the rewriting of atoms with both, by cases (formula (5)):
//!   the rules are matched and instantiated by [`crate::term::rewrite`],
//!   the rewriter `unfold` uses too; what is the pass's own is the
//!   strategy, deciding guards under hypotheses and splitting on the rest.
//!
//! **Conservative mode.** When the pipeline rejects a result as costlier
//! (a case split on an open guard can double an atom), it asks again
//! without case splits: occurrences whose guard is open stay, the decided
//! ones are still rewritten (Boogie's thread-`$1` goals apply thread maps
//! such as `by@1(g$1, …)` next to loop-invariant functions whose guards
//! stay open).

mod elim_assign;
mod hyps;
mod rewrite;
mod rules;
mod skolem;

use crate::pass::{Introduced, PassContext, TermPass};
use crate::term::rewrite::{self as term_rewrite, Head};
use crate::term::{and, conjuncts};
use elim_assign::Shared;
use rewrite::{Engine, SPLIT_COST};
use rules::{collect, is_projection, Rule};
pub use skolem::skolems_allowed;
use skolem::WriterSkolems;
use smtlib_io::{Context, FunId, FunKind, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

/// The `guarded-eq` pass (also registered as `elim-assign`).
#[derive(Clone, Debug)]
pub struct GuardedEq {
    /// Maximal number of case splits along one chain of an atom.
    pub depth: usize,
    /// `define-fun` definitions: function, parameters, body.
    pub definitions: Vec<(FunId, Vec<VarId>, TermId)>,
    /// Occurrences rewritten so far.
    pub rewrites: usize,
    name: &'static str,
    /// The rules and shared assigns of each fact term already seen (with
    /// `fact` indices to be set per call): every assertion is a fact for
    /// all the others, so collecting afresh per assertion is quadratic.
    collected: HashMap<TermId, (Vec<Rule>, Vec<Shared>)>,
    /// Skolem functions for writer variables the index leaves undetermined.
    skolems: WriterSkolems,
}

impl Default for GuardedEq {
    fn default() -> Self {
        GuardedEq {
            depth: 6,
            definitions: Vec::new(),
            rewrites: 0,
            name: "guarded-eq",
            collected: HashMap::new(),
            skolems: WriterSkolems::default(),
        }
    }
}

impl GuardedEq {
    /// The same pass under the name `elim-assign`.
    pub fn elim_assign() -> Self {
        GuardedEq {
            name: "elim-assign",
            ..GuardedEq::default()
        }
    }

    /// May introduce Skolem functions for a writer's undetermined thread
    /// variables ([`skolem`]; only where [`skolems_allowed`]).
    pub fn with_skolems(mut self, allowed: bool) -> Self {
        self.skolems = WriterSkolems::new(allowed);
        self
    }

    /// Also rewrite with these `define-fun` definitions.
    pub fn with_definitions(mut self, defs: Vec<(FunId, Vec<VarId>, TermId)>) -> Self {
        self.definitions = defs;
        self
    }
}

impl TermPass for GuardedEq {
    fn name(&self) -> &'static str {
        self.name
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        self.rewrite(cx, t, ctx, true)
    }

    fn take_introduced(&mut self) -> Vec<Introduced> {
        self.skolems.take_introduced()
    }

    /// Only the rewrites whose guard the hypotheses decide: never larger
    /// by a case split.
    fn apply_conservatively(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &mut PassContext,
    ) -> Option<TermId> {
        self.rewrite(cx, t, ctx, false)
    }
}

impl GuardedEq {
    fn rewrite(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &mut PassContext,
        case_splits: bool,
    ) -> Option<TermId> {
        let mut rules = Vec::new();
        let mut shared = Vec::new();
        for (i, &f) in ctx.facts.iter().enumerate() {
            let (rs, ss) = self.collected.entry(f).or_insert_with(|| {
                let (mut rs, mut ss) = (Vec::new(), Vec::new());
                collect(cx, f, 0, Vec::new(), Vec::new(), &mut rs, &mut ss);
                (rs, ss)
            });
            rules.extend(rs.iter().cloned().map(|r| Rule { fact: i, ..r }));
            shared.extend(ss.iter().cloned().map(|s| Shared { fact: i, ..s }));
        }
        for (f, params, body) in &self.definitions {
            if cx.fun(*f).kind == FunKind::Defined || !params.is_empty() {
                rules.push(Rule {
                    rule: term_rewrite::Rule::definition(cx, *f, params, *body),
                    fact: usize::MAX,
                });
            }
        }
        if rules.is_empty() && shared.is_empty() && !has_store(cx, t) {
            return None;
        }
        // If `t` is itself a shared assign, keep its `f(n) = old` atom so
        // that it stays recognisable (it is still rewritten elsewhere).
        let mut protected = HashSet::new();
        {
            let (mut r2, mut s2) = (Vec::new(), Vec::new());
            collect(cx, t, usize::MAX, Vec::new(), Vec::new(), &mut r2, &mut s2);
            for s in s2 {
                let nt = cx.mk_var(s.n);
                if let Ok(fl) = cx.mk_app(Op::Uf(s.head), vec![nt]) {
                    for pair in [vec![fl, s.old], vec![s.old, fl]] {
                        if let Ok(e) = cx.mk_app(Op::Eq, pair) {
                            protected.insert(e);
                        }
                    }
                }
            }
        }
        // Rewrite the write conditions of shared assigns with the rules of
        // the *other* facts (never a fact with itself).
        let mut eng = Engine {
            rules,
            shared: Vec::new(),
            hyps: ctx.ground_facts(cx),
            trace: Vec::new(),
            budget_nodes: ctx.budget.max_term_nodes,
            exclude_fact: None,
            protected,
            case_splits,
            hyp_index: None,
            negative: false,
        };
        for mut s in shared {
            eng.exclude_fact = Some(s.fact);
            let saved = std::mem::take(&mut eng.hyps);
            let conds = and(cx, s.conds.clone());
            let c2 = eng.rw(cx, conds, ctx, self.depth * SPLIT_COST, &HashSet::new());
            eng.hyps = saved;
            s.conds = conjuncts(cx, c2);
            self.skolems.narrow(cx, &mut s, &eng.hyps);
            eng.shared.push(s);
        }
        eng.exclude_fact = None;
        eng.trace.clear();
        let r = eng.rw(cx, t, ctx, self.depth * SPLIT_COST, &HashSet::new());
        self.rewrites += eng.trace.len();
        ctx.trace.extend(eng.trace);
        (r != t).then_some(r)
    }
}

/// The functions that some formula of `facts` defines, i.e. the heads of
/// the rules (and shared-array assigns) the pass would take from them.
/// Extraction prefers forms without these functions, so that a completed
/// substitution is kept over the original application.
///
/// A projection rule, whose right side is one of its own pattern variables
/// (`x(mk_dim3(u, v, w)) = u`, `tb2t(t2tb i) = i`), defines no program
/// variable: it only folds a field out of a constructor, and the same
/// function applied to anything else (`x(blockDim)`) can never be
/// rewritten. Counting it would make every form that mentions `x(blockDim)`
/// look costlier, and reject the substitutions that introduce it.
///
/// Also returns the functions that the shared-array assigns among the
/// facts write (ElimAssign's arrays), a subset of the first set.
pub fn defined_functions(cx: &mut Context, facts: &[TermId]) -> (HashSet<FunId>, HashSet<FunId>) {
    let (mut rules, mut shared) = (Vec::new(), Vec::new());
    for (i, &f) in facts.iter().enumerate() {
        collect(cx, f, i, Vec::new(), Vec::new(), &mut rules, &mut shared);
    }
    let assigned: HashSet<FunId> = shared.iter().map(|s| s.head).collect();
    let mut out = assigned.clone();
    out.extend(rules.iter().filter_map(|r| match r.rule.head {
        Head::Fun(f) if !is_projection(cx, &r.rule) => Some(f),
        _ => None,
    }));
    (out, assigned)
}

fn has_store(cx: &Context, t: TermId) -> bool {
    crate::term::any_subterm(cx, t, |u| matches!(cx.kind(u), TermKind::App(Op::Store, _)))
}
