//! Seeing through the encodings of VC generators such as Why3 and Boogie:
//! definitions given as axioms, records given as a sort with a constructor
//! and projections, and wrapper functions with round-trip axioms.
//!
//! * [`Unfold`] (`unfold`): an axiom `∀x̄. f(x̄) = body` (also under
//!   `(! … :pattern …)`, nested `forall`s, either side of `=`, Boolean `=`
//!   being the iff form) with the arguments of `f` the distinct quantified
//!   variables and `f` not occurring in `body` is a *definition*: every
//!   application `f(t̄)` elsewhere becomes `body[t̄/x̄]`. Definitions that
//!   are recursive through other definitions are not used. Non-recursive
//!   `define-fun`s are expanded the same way (the reader keeps them as
//!   symbols). An unconditional axiom `∀x̄. l = r` where `l` is a function
//!   application with a non-variable argument (`tb2t(t2tb x) = x`,
//!   `p_i(mk(u1..un)) = u_i`, `U_2_int(int_2_U x) = x`) is an *oriented
//!   rewrite* `l → r` when every instance makes the term smaller: `r` has
//!   fewer nodes than `l`, no variable occurs more often in `r` than in
//!   `l`, and every function of `r` occurs in `l`. Both kinds are instances
//!   of facts that stay in the script, so the rewritten assertion is
//!   equivalent to the original under the facts.
//!   Rewriting is bounded by [`Unfold::max_steps`] per assertion (a
//!   definition whose body contains the left side of an oriented rule could
//!   otherwise loop); every intermediate term is equivalent.
//!   A function that occurs in a `:pattern` of any quantifier other than its
//!   own definition ([`trigger_functions`]) is not unfolded: its ground
//!   applications are what fires those triggers, and a VC generator that
//!   relies on E-matching (Boogie, Viper, Dafny with MBQI off) goes from
//!   milliseconds to a timeout without them.
//!   The rules are applied by [`crate::term::rewrite::normalize`].
//!   A constant (a nullary `define-fun`) whose body is larger as a tree
//!   than the pipeline takes ([`crate::pass::Budget::max_term_nodes`]) is
//!   not expanded: the result would hold the body and be rejected, after
//!   a walk of all of it (Boogie's VC in a `define-fun`, on every
//!   assertion that names it).
//!
//! The axiom shapes are read by `crate::analysis::axioms`.

use crate::analysis::axioms::{
    as_definition, as_oriented, fact_triggers, funs_of, has_match, Definition,
};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::size::tree_size;
use crate::term::{rewrite, rewrite::Head, rewrite::Rule};
use smtlib_io::{Context, FunId, TermId};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The per-term walks of [`RuleSet::from_facts`] (`match` inside, trigger
/// functions), kept across calls: the facts of one assertion are mostly
/// those of the previous one, and walking them all again for every
/// assertion would make `unfold` quadratic in the number of assertions.
#[derive(Clone, Debug, Default)]
pub struct FactWalks {
    has_match: HashMap<TermId, bool>,
    triggers: HashMap<TermId, BTreeSet<FunId>>,
}

impl FactWalks {
    fn has_match(&mut self, cx: &Context, t: TermId) -> bool {
        *self.has_match.entry(t).or_insert_with(|| has_match(cx, t))
    }

    fn triggers(&mut self, cx: &Context, t: TermId) -> &BTreeSet<FunId> {
        self.triggers
            .entry(t)
            .or_insert_with(|| fact_triggers(cx, t))
    }
}

/// The rules a rewrite uses: definitions (acyclic; the rule `f(x̄) →
/// body` of each) and oriented equations ([`as_oriented`]).
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    pub definitions: HashMap<FunId, Rule>,
    pub oriented: Vec<Rule>,
}

/// Rules a rewrite must not apply: the rewritten formula's own definition
/// (of this function) or oriented equation.
#[derive(Clone, Debug, Default)]
pub struct Skip {
    pub definition_of: Option<FunId>,
    pub oriented: Option<Rule>,
}

impl RuleSet {
    /// Rules from `facts` and the `define-fun`s `defined`. Definitions on a
    /// cycle (f's body uses g, g's uses f) are left out; the first
    /// definition of a symbol wins (the others are facts like any other).
    pub fn from_facts(cx: &mut Context, facts: &[TermId], defined: &[Definition]) -> RuleSet {
        RuleSet::from_facts_with(cx, facts, defined, &mut FactWalks::default())
    }

    /// [`RuleSet::from_facts`], reusing (and extending) `walks`.
    pub fn from_facts_with(
        cx: &mut Context,
        facts: &[TermId],
        defined: &[Definition],
        walks: &mut FactWalks,
    ) -> RuleSet {
        let mut defs: HashMap<FunId, Definition> = HashMap::new();
        let mut oriented = Vec::new();
        // (substitution does not enter `match`: such bodies are not used)
        for d in defined.iter().filter(|d| !walks.has_match(cx, d.body)) {
            defs.entry(d.fun).or_insert_with(|| d.clone());
        }
        let mut triggers = BTreeSet::new();
        for &f in facts {
            triggers.extend(walks.triggers(cx, f).iter().copied());
        }
        for &f in facts.iter().filter(|&&f| !walks.has_match(cx, f)) {
            if let Some(d) = as_definition(cx, f) {
                if triggers.contains(&d.fun) {
                    continue;
                }
                defs.entry(d.fun).or_insert(d);
            } else if let Some(o) = as_oriented(cx, f) {
                if !oriented.contains(&o) {
                    oriented.push(o);
                }
            }
        }
        // drop definitions that reach themselves through other definitions
        let uses: HashMap<FunId, BTreeSet<FunId>> = defs
            .iter()
            .map(|(&f, d)| {
                let mut s = BTreeSet::new();
                funs_of(cx, d.body, &mut s);
                s.retain(|g| defs.contains_key(g));
                (f, s)
            })
            .collect();
        let cyclic: Vec<FunId> = defs
            .keys()
            .copied()
            .filter(|&f| {
                let mut seen = HashSet::new();
                let mut stack: Vec<FunId> = uses[&f].iter().copied().collect();
                while let Some(g) = stack.pop() {
                    if g == f {
                        return true;
                    }
                    if seen.insert(g) {
                        stack.extend(uses[&g].iter().copied());
                    }
                }
                false
            })
            .collect();
        for f in cyclic {
            defs.remove(&f);
        }
        let mut funs: Vec<FunId> = defs.keys().copied().collect();
        funs.sort();
        let definitions = funs
            .into_iter()
            .map(|f| {
                let d = &defs[&f];
                (f, Rule::definition(cx, f, &d.params, d.body))
            })
            .collect();
        RuleSet {
            definitions,
            oriented,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.definitions.is_empty() && self.oriented.is_empty()
    }

    /// Rewrite `t` innermost-first to a normal form
    /// ([`rewrite::normalize`]), at most `fuel` rule applications. The
    /// result is equivalent to `t` under the facts the rules come from.
    pub fn rewrite(&self, cx: &mut Context, t: TermId, skip: &Skip, fuel: &mut usize) -> TermId {
        rewrite::normalize(cx, t, fuel, |cx, u| self.step(cx, u, skip))
    }

    /// [`RuleSet::rewrite`] that expands no constant (a nullary
    /// definition) whose body has more than `max_nodes` AST nodes as a
    /// tree (`sizes` measures them, kept across calls): the result would
    /// hold that body, and no larger result is taken.
    pub fn rewrite_within(
        &self,
        cx: &mut Context,
        t: TermId,
        skip: &Skip,
        fuel: &mut usize,
        max_nodes: u64,
        sizes: &mut rustc_hash::FxHashMap<TermId, u64>,
    ) -> TermId {
        rewrite::normalize(cx, t, fuel, |cx, u| {
            if let Some((Head::Fun(f), args)) = Head::of(cx, u) {
                if let Some(d) = self.definitions.get(&f).filter(|_| args.is_empty()) {
                    if tree_size(cx, d.rhs, sizes) > max_nodes {
                        return None;
                    }
                }
            }
            self.step(cx, u, skip)
        })
    }

    /// One rule application at the root of `t`: the definition of its
    /// function if there is one, else the first oriented equation that
    /// matches.
    fn step(&self, cx: &mut Context, t: TermId, skip: &Skip) -> Option<TermId> {
        let (head @ Head::Fun(f), args) = Head::of(cx, t)? else {
            return None;
        };
        if let Some(d) = self
            .definitions
            .get(&f)
            .filter(|_| skip.definition_of != Some(f))
        {
            return d.fire(cx, &args).map(|i| i.rhs);
        }
        self.oriented
            .iter()
            .filter(|&o| o.head == head && skip.oriented.as_ref() != Some(o))
            .find_map(|o| o.fire(cx, &args))
            .map(|i| i.rhs)
    }
}

/// The `unfold` pass (see the module doc).
pub struct Unfold {
    /// `define-fun`s of the script, expanded like definitional axioms.
    pub defined: Vec<Definition>,
    /// Rule applications per assertion.
    pub max_steps: usize,
    /// A rewrite may grow an assertion to at most this many AST nodes (or
    /// 16 times its size, whichever is larger).
    pub max_nodes: u64,
    cache: HashMap<Vec<TermId>, RuleSet>,
    walks: FactWalks,
    /// Tree sizes of the terms measured so far (terms never change).
    sizes: rustc_hash::FxHashMap<TermId, u64>,
}

impl Default for Unfold {
    fn default() -> Unfold {
        Unfold {
            defined: Vec::new(),
            max_steps: 10_000,
            max_nodes: 100_000,
            cache: HashMap::new(),
            walks: FactWalks::default(),
            sizes: Default::default(),
        }
    }
}

impl Unfold {
    pub fn with_defined(defined: Vec<Definition>) -> Unfold {
        Unfold {
            defined,
            ..Unfold::default()
        }
    }
}

impl TermPass for Unfold {
    fn id(&self) -> PassId {
        PassId::Unfold
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        // One rule set for the facts *and* `t`: for a script without
        // push/pop that is the same set for every assertion, so it is built
        // once (per assertion it was quadratic). `t`'s own rule, if it is a
        // definition or an oriented equation, is skipped below: a formula
        // must not justify its own rewriting.
        let mut key = ctx.facts.to_vec();
        key.push(t);
        key.sort();
        key.dedup();
        if !self.cache.contains_key(&key) {
            let rs = RuleSet::from_facts_with(cx, &key, &self.defined, &mut self.walks);
            self.cache.clear();
            self.cache.insert(key.clone(), rs);
        }
        let rules = &self.cache[&key];
        if rules.is_empty() {
            return None;
        }
        let definition_of = as_definition(cx, t).map(|d| d.fun);
        let skip = Skip {
            definition_of,
            oriented: definition_of
                .is_none()
                .then(|| as_oriented(cx, t))
                .flatten(),
        };
        let mut fuel = self.max_steps;
        let b = tree_size(cx, t, &mut self.sizes);
        let max_nodes = self
            .max_nodes
            .max(b.saturating_mul(16))
            .min(ctx.budget.max_term_nodes);
        let r = rules.rewrite_within(cx, t, &skip, &mut fuel, max_nodes, &mut self.sizes);
        if r == t {
            return None;
        }
        if tree_size(cx, r, &mut self.sizes) > max_nodes {
            return None;
        }
        ctx.trace.push(TraceEvent {
            rule: PassId::Unfold.name().into(),
            before: t,
            after: r,
        });
        Some(r)
    }
}
