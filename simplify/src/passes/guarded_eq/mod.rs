//! Guarded-equality rewriting (section 4.2, formulas (4)/(5)) and
//! ElimAssign (section 4.1) as one pass, `guarded-eq` (alias
//! `elim-assign`):
//!
//! * [`equations`]: the rules `γ ⇒ f(x̄) = s'` the pass takes from the facts
//!   and from definitions;
//! * [`elim_assign`]: ElimAssign, the shared-array assign form (1), used
//!   only where its writer is unique, and [`radix`], the writers whose
//!   index is a mixed-radix numeral in their thread variables;
//! * [`cases`]: the rewriting of atoms with both, by cases (formula (5)):
//!   the rules are matched and instantiated by [`crate::term::rewrite`],
//!   the rewriter `unfold` uses too; what is the pass's own is the
//!   strategy, deciding guards under hypotheses and splitting on the rest;
//! * [`triggers`]: the rules left out of a script that relies on
//!   E-matching (MBQI off), so that the ground terms firing its triggers
//!   stay.
//!
//! **Conservative mode.** When the pipeline rejects a result as costlier
//! (a case split on an open guard can double an atom), it asks again
//! without case splits: occurrences whose guard is open stay, the decided
//! ones are still rewritten (Boogie's thread-`$1` goals apply thread maps
//! such as `by@1(g$1, …)` next to loop-invariant functions whose guards
//! stay open).

mod atoms;
mod cases;
mod elim_assign;
mod equations;
mod hyps;
mod radix;
mod skolem;
mod table;
mod triggers;

use crate::pass::{Introduced, PassContext, TermPass};
use crate::registry::PassId;
use crate::term::rewrite::{self as term_rewrite, Head};
use crate::term::{and, conjuncts};
use cases::{Engine, SPLIT_COST};
use equations::{collect, is_projection, Rule};
use hyps::HypIndex;
pub use skolem::skolems_allowed;
use skolem::WriterSkolems;
use smtlib_io::{Context, FunId, FunKind, Op, TermId, TermKind, VarId};
use std::collections::{BTreeSet, HashMap, HashSet};
use table::{read_fact, FactRules, RuleTable};
pub use triggers::trigger_heads;

/// The `guarded-eq` pass (also registered as `elim-assign`).
#[derive(Clone, Debug)]
pub struct GuardedEq {
    /// Maximal number of case splits along one chain of an atom.
    pub depth: usize,
    /// `define-fun` definitions: function, parameters, body.
    pub definitions: Vec<(FunId, Vec<VarId>, TermId)>,
    /// Occurrences rewritten so far.
    pub rewrites: usize,
    /// The rules and shared assigns of each fact term already seen (with
    /// `fact` indices to be set per call): every assertion is a fact for
    /// all the others, so collecting afresh per assertion is quadratic.
    collected: HashMap<TermId, FactRules>,
    /// Skolem functions for writer variables the index leaves undetermined.
    skolems: WriterSkolems,
    /// The rules of the last assertion's facts, updated for the next.
    table: RuleTable,
    /// The rules of `definitions`, once made.
    definition_rules: Option<Vec<Rule>>,
    /// Tree sizes of the terms measured so far, kept across assertions.
    sizes: HashMap<TermId, u64>,
    /// Arithmetic normal forms met so far, kept across assertions.
    norms: HashMap<TermId, TermId>,
    /// The last hypothesis index, kept across assertions: what it knows
    /// of single hypotheses (the facts, mostly the same for every
    /// assertion) is not computed again.
    hyp_index: KeptIndex,
    /// Functions whose applications fire the script's triggers: no rule
    /// of a quantified fact rewrites them ([`triggers`]).
    trigger_heads: BTreeSet<FunId>,
}

/// A hypothesis index kept between assertions: a cache, so a clone of
/// the pass starts without it.
#[derive(Default)]
struct KeptIndex(Option<HypIndex>);

impl Clone for KeptIndex {
    fn clone(&self) -> Self {
        KeptIndex(None)
    }
}

impl std::fmt::Debug for KeptIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeptIndex")
    }
}

impl Default for GuardedEq {
    fn default() -> Self {
        GuardedEq {
            depth: 6,
            definitions: Vec::new(),
            rewrites: 0,
            collected: HashMap::new(),
            skolems: WriterSkolems::default(),
            table: RuleTable::default(),
            definition_rules: None,
            sizes: HashMap::new(),
            norms: HashMap::new(),
            hyp_index: KeptIndex::default(),
            trigger_heads: BTreeSet::new(),
        }
    }
}

impl GuardedEq {
    /// May introduce Skolem functions for a writer's undetermined thread
    /// variables ([`skolem`]; only where [`skolems_allowed`]).
    pub fn with_skolems(mut self, allowed: bool) -> Self {
        self.skolems = WriterSkolems::new(allowed);
        self
    }

    /// Use no rule of a quantified fact whose head is one of `heads`
    /// ([`trigger_heads`] of the script).
    pub fn with_trigger_heads(mut self, heads: BTreeSet<FunId>) -> Self {
        self.trigger_heads = heads;
        self
    }

    /// Also rewrite with these `define-fun` definitions.
    pub fn with_definitions(mut self, defs: Vec<(FunId, Vec<VarId>, TermId)>) -> Self {
        self.definitions = defs;
        self
    }
}

impl TermPass for GuardedEq {
    fn id(&self) -> PassId {
        PassId::GuardedEq
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
        if ctx.budget.expired() {
            return None;
        }
        let definitions = match self.definition_rules.take() {
            Some(d) => d,
            None => {
                let mut rules = Vec::new();
                for (f, params, body) in &self.definitions {
                    if cx.fun(*f).kind == FunKind::Defined || !params.is_empty() {
                        rules.push(Rule {
                            rule: term_rewrite::Rule::definition(cx, *f, params, *body),
                            recursive: false,
                        });
                    }
                }
                rules
            }
        };
        let mut table = std::mem::take(&mut self.table);
        let collected = &mut self.collected;
        let trigger_heads = &self.trigger_heads;
        table.update(ctx.facts, &definitions, |f| {
            collected
                .entry(f)
                .or_insert_with(|| {
                    let rules = read_fact(cx, f);
                    triggers::without_trigger_rules(cx, rules, trigger_heads)
                })
                .clone()
        });
        self.definition_rules = Some(definitions);
        if table.is_empty() && !has_store(cx, t) {
            self.table = table;
            return None;
        }
        let shared = table.shared();
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
        let hyps = ctx.ground_facts(cx);
        let mut eng = Engine {
            base_hyps: hyps.len(),
            table,
            no_hit: HashSet::new(),
            shared: Vec::new(),
            skolem_ranges: HashMap::new(),
            hyps,
            trace: Vec::new(),
            budget_nodes: ctx.budget.max_term_nodes,
            sizes: std::mem::take(&mut self.sizes),
            norms: std::mem::take(&mut self.norms),
            exclude_fact: None,
            protected,
            case_splits,
            hyp_index: self.hyp_index.0.take(),
            negative: false,
            chain: Vec::new(),
            cycle: None,
            recursive_keys: HashSet::new(),
            overflow: false,
        };
        for mut s in shared {
            eng.exclude_fact = Some(s.fact);
            let saved = std::mem::take(&mut eng.hyps);
            let base = std::mem::take(&mut eng.base_hyps);
            let conds = and(cx, s.conds.clone());
            let c2 = eng.rw(cx, conds, ctx, self.depth * SPLIT_COST, &HashSet::new());
            eng.hyps = saved;
            eng.base_hyps = base;
            s.conds = conjuncts(cx, c2);
            self.skolems.narrow(cx, &mut s, &eng.hyps);
            eng.shared.push(s);
        }
        // The writer's conditions are now in the rules' normal form; a
        // read's known remainder (`j < wB` with `wB = gx*B`) is compared
        // with them, so the ground bounds get that form too (each with
        // the rules of the other facts), beside their own.
        if eng
            .shared
            .iter()
            .any(|s| Head::Fun(s.head).occurs_in(cx, t))
        {
            let saved = std::mem::take(&mut eng.hyps);
            eng.base_hyps = 0;
            let mut extra = Vec::new();
            for (i, &f) in ctx.facts.iter().enumerate() {
                if ctx.budget.expired() {
                    break;
                }
                if !is_int_bound(cx, f) {
                    continue;
                }
                eng.exclude_fact = Some(i);
                let g = eng.rw(cx, f, ctx, self.depth * SPLIT_COST, &HashSet::new());
                if g != f && !crate::term::is_true(cx, g) && is_int_bound(cx, g) {
                    extra.push(g);
                }
            }
            eng.hyps = saved;
            eng.hyps.extend(extra);
            eng.base_hyps = eng.hyps.len();
        }
        eng.skolem_ranges = self.skolems.ranges().clone();
        eng.exclude_fact = None;
        eng.trace.clear();
        let r = eng.rw(cx, t, ctx, self.depth * SPLIT_COST, &HashSet::new());
        self.table = std::mem::take(&mut eng.table);
        self.sizes = std::mem::take(&mut eng.sizes);
        self.norms = std::mem::take(&mut eng.norms);
        self.hyp_index = KeptIndex(eng.hyp_index.take());
        if eng.overflow {
            // `t` itself: a result the pipeline does not take, so that it
            // asks for the conservative one where it would have for the
            // too large result.
            return Some(t);
        }
        self.rewrites += eng.trace.len();
        ctx.trace.extend(eng.trace);
        (r != t).then_some(r)
    }
}

/// Whether `f` is a ground comparison of `Int` terms (`<`, `<=`, `>`,
/// `>=`): a bound that the hypothesis index reads.
fn is_int_bound(cx: &Context, f: TermId) -> bool {
    match cx.kind(f) {
        TermKind::App(Op::Lt | Op::Le | Op::Gt | Op::Ge, a) => {
            a.iter().all(|&x| cx.sort_of(x) == cx.int_sort()) && !crate::term::has_binder(cx, f)
        }
        _ => false,
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
/// Also returns the functions that the facts define over a domain, a
/// subset of the first set: the arrays that shared-array assigns write
/// (ElimAssign's arrays) and the heads of rules whose patterns bind a
/// variable (`x'(t) = e` under `valid t`). A rule over ground terms
/// (`tb2t(get(w, Tuple0)) = …`, `c = 5`) defines its head at one point
/// only: substituting it is what the cost model weighs, no assignment
/// eliminated.
pub fn defined_functions(cx: &mut Context, facts: &[TermId]) -> (HashSet<FunId>, HashSet<FunId>) {
    let (mut rules, mut shared) = (Vec::new(), Vec::new());
    for (i, &f) in facts.iter().enumerate() {
        collect(cx, f, i, Vec::new(), Vec::new(), &mut rules, &mut shared);
    }
    let mut over_a_domain: HashSet<FunId> = shared.iter().map(|s| s.head).collect();
    let mut out = over_a_domain.clone();
    for r in &rules {
        // A per-thread variable that Why3 keeps as an array constant is
        // read by `select`: the constant is what the rule defines.
        let f = match r.rule.head {
            Head::Fun(f) => f,
            Head::Select(a) => match cx.kind(a) {
                TermKind::App(Op::Uf(c), args) if args.is_empty() => *c,
                _ => continue,
            },
        };
        // A recursive rule unfolds its head into itself: it never removes
        // the head, so a form without it is no completed substitution.
        if r.recursive || is_projection(cx, &r.rule) {
            continue;
        }
        out.insert(f);
        let binds = r
            .rule
            .pats
            .iter()
            .any(|&p| r.rule.vars.iter().any(|&v| crate::term::mentions(cx, p, v)));
        if binds {
            over_a_domain.insert(f);
        }
    }
    (out, over_a_domain)
}

fn has_store(cx: &Context, t: TermId) -> bool {
    crate::term::any_subterm(cx, t, |u| matches!(cx.kind(u), TermKind::App(Op::Store, _)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_defined_over_a_domain() {
        let mut s = smtlib_io::parse_script(
            "(declare-fun x (Int) Int)(declare-fun w (Int) Int)(declare-fun tb (Int) Int)\
             (declare-fun sum (Int Int) Int)(declare-const c Int)\
             (assert (forall ((t Int)) (=> (<= 0 t) (= (x t) (+ t 1)))))\
             (assert (= (tb (w 0)) 5))\
             (assert (= c 3))\
             (assert (forall ((a Int) (b Int)) (=> (<= a b) (= (sum a b) (+ b (sum a (- b 1)))))))",
        )
        .expect("parses");
        let facts: Vec<TermId> = s.assertions().collect();
        let (defined, over_a_domain) = defined_functions(&mut s.cx, &facts);
        let names = |set: &HashSet<FunId>| {
            let mut v: Vec<String> = set
                .iter()
                .map(|&f| s.cx.sym_name(s.cx.fun(f).name).to_string())
                .collect();
            v.sort();
            v
        };
        // `tb` and `c` are defined at one point; the recursive `sum` is
        // never removed by its own unfolding.
        assert_eq!(names(&defined), ["c", "tb", "x"]);
        assert_eq!(names(&over_a_domain), ["x"]);
    }
}
