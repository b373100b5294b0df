//! The rule scheduler: egg's exponential backoff, with a hard cap on the
//! number of matches a rule may apply in one iteration.
//!
//! egg's `BackoffScheduler` doubles a banned rule's match limit every time
//! it bans it, and fast-forwards bans whenever everything else has
//! saturated. A rule that acts like associativity (the former
//! `bool-implies-chain`, which curried implication chains one level at a
//! time, together with `and` flattening) is then banned ten times and let loose
//! with a limit of a million matches in one iteration: on a Viper VC that
//! single application grew the e-graph by orders of magnitude, to
//! gigabytes, before egg's node limit, which it checks only between rules,
//! could stop it.
//!
//! [`CappedBackoff`] keeps the ban (each ban twice as long as the last) but
//! lets a rule's match limit double at most [`MAX_LIMIT_DOUBLINGS`] times,
//! and never holds it below the e-graph's node count.
//! A rule that still has too many matches stays banned; once only such
//! rules are left, the run stops with [`CappedBackoff::capped`] set, which
//! `saturate` reports as the stop reason `match-limit`.
//!
//! Every applied match is an equality, so applying fewer is always sound.
//!
//! The scheduler also holds the run's time limits
//! ([`CappedBackoff::with_time_limits`]): once they pass, it searches and
//! applies nothing more, so a run stops within one rule's work, and
//! [`CappedBackoff::timed_out`] says so. egg's own time limit is not
//! used: `saturate` runs egg on a mocked clock (see there).

use super::analysis::VcAnalysis;
use super::lang::Node;
use crate::deadline::Deadline;
use egg::{EGraph, Rewrite, RewriteScheduler, SearchMatches, Symbol};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

/// Matches per rule and iteration before the first ban (egg's default).
pub const DEFAULT_MATCH_LIMIT: usize = 1_000;
/// How many times a rule's match limit may double (so the largest limit is
/// `match_limit << MAX_LIMIT_DOUBLINGS`).
pub const MAX_LIMIT_DOUBLINGS: u32 = 3;
/// Iterations of the first ban (egg's default).
pub const BAN_LENGTH: usize = 5;

#[derive(Debug, Default, Clone)]
struct RuleState {
    times_banned: u32,
    banned_until: usize,
}

/// See the module documentation.
#[derive(Debug)]
pub struct CappedBackoff {
    match_limit: usize,
    rules: HashMap<Symbol, RuleState>,
    /// Set when the run stopped with rules that exceed the capped limit.
    capped: Rc<Cell<bool>>,
    /// The run's deadline and wall-clock limit, if any.
    stop: Option<(Deadline, Instant)>,
    /// Set once `stop` has passed.
    timed_out: Rc<Cell<bool>>,
    /// The last iteration in which a banned rule was not searched or a rule
    /// was banned.
    banned_in: Rc<Cell<Option<usize>>>,
}

impl CappedBackoff {
    /// A scheduler that first allows `match_limit` matches per rule and
    /// iteration. The returned flag tells, after the run, whether it stopped
    /// because the only rules left were over the capped limit.
    pub fn new(match_limit: usize) -> (CappedBackoff, Rc<Cell<bool>>) {
        let capped = Rc::new(Cell::new(false));
        let scheduler = CappedBackoff {
            match_limit: match_limit.max(1),
            rules: HashMap::new(),
            capped: capped.clone(),
            stop: None,
            timed_out: Rc::new(Cell::new(false)),
            banned_in: Rc::new(Cell::new(None)),
        };
        (scheduler, capped)
    }

    /// This scheduler, searching and applying nothing once `deadline` has
    /// expired or `wall` has passed.
    pub fn with_time_limits(mut self, deadline: Deadline, wall: Instant) -> CappedBackoff {
        self.stop = Some((deadline, wall));
        self
    }

    /// A flag that is set once the time limits have passed (checked before
    /// each rule's search and application).
    pub fn timed_out(&self) -> Rc<Cell<bool>> {
        self.timed_out.clone()
    }

    /// A cell holding the last iteration in which some rule was banned or
    /// left unsearched because of a ban: an iteration without it searched
    /// and applied every rule.
    pub fn banned_in(&self) -> Rc<Cell<Option<usize>>> {
        self.banned_in.clone()
    }

    /// Have the time limits passed? Remembered once they have.
    fn out_of_time(&self) -> bool {
        if self.timed_out.get() {
            return true;
        }
        let Some((deadline, wall)) = &self.stop else {
            return false;
        };
        let out = Instant::now() >= *wall || deadline.expired();
        self.timed_out.set(out);
        out
    }

    /// A rule may always match once per e-node: rules that are linear in
    /// the e-graph (`<` to `<=` on 10,000 comparisons) are never banned for
    /// good; only rules whose matches multiply are.
    fn limit(&self, state: &RuleState, nodes: usize) -> usize {
        self.match_limit
            .saturating_mul(1usize << state.times_banned.min(MAX_LIMIT_DOUBLINGS))
            .max(nodes)
    }
}

impl RewriteScheduler<Node, VcAnalysis> for CappedBackoff {
    fn can_stop(&mut self, iteration: usize) -> bool {
        // Rules still able to grow their limit get another chance: jump
        // ahead to the earliest ban's end, as egg does.
        let waiting: Vec<usize> = self
            .rules
            .values()
            .filter(|s| s.banned_until > iteration && s.times_banned <= MAX_LIMIT_DOUBLINGS)
            .map(|s| s.banned_until)
            .collect();
        let Some(&first) = waiting.iter().min() else {
            let over_cap = self.rules.values().any(|s| s.banned_until > iteration);
            self.capped.set(over_cap);
            return true;
        };
        let delta = first - iteration;
        for s in self.rules.values_mut() {
            if s.banned_until > iteration {
                s.banned_until -= delta;
            }
        }
        false
    }

    fn search_rewrite<'a>(
        &mut self,
        iteration: usize,
        egraph: &EGraph<Node, VcAnalysis>,
        rewrite: &'a Rewrite<Node, VcAnalysis>,
    ) -> Vec<SearchMatches<'a, Node>> {
        let state = self.rules.entry(rewrite.name).or_default().clone();
        if iteration < state.banned_until {
            self.banned_in.set(Some(iteration));
            return vec![];
        }
        if self.out_of_time() {
            return vec![];
        }
        let limit = self.limit(&state, egraph.total_number_of_nodes());
        let matches = rewrite.search_with_limit(egraph, limit.saturating_add(1));
        let found: usize = matches.iter().map(|m| m.substs.len()).sum();
        if found > limit {
            let s = self.rules.entry(rewrite.name).or_default();
            let ban = BAN_LENGTH << s.times_banned.min(MAX_LIMIT_DOUBLINGS + 1);
            s.times_banned = s.times_banned.saturating_add(1);
            s.banned_until = iteration + ban;
            self.banned_in.set(Some(iteration));
            return vec![];
        }
        matches
    }

    fn apply_rewrite(
        &mut self,
        _iteration: usize,
        egraph: &mut EGraph<Node, VcAnalysis>,
        rewrite: &Rewrite<Node, VcAnalysis>,
        matches: Vec<SearchMatches<Node>>,
    ) -> usize {
        if self.out_of_time() {
            return 0;
        }
        rewrite.apply(egraph, &matches).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egraph::analysis::VcEGraph;
    use crate::egraph::convert::Loader;
    use crate::egraph::rule_files::builtin_rules;
    use std::time::Duration;

    /// An e-graph of a few Boolean and arithmetic terms, and the built-in
    /// rules.
    fn setup() -> (VcEGraph, Vec<Rewrite<Node, VcAnalysis>>) {
        let s = smtlib_io::parse_script(
            "(declare-const p Bool)(declare-const x Int)\
             (assert (and p (not (not p)) (= (+ x 0) x) (ite p true p)))",
        )
        .expect("parses");
        let t = s.assertions().next().expect("one assertion");
        let mut eg = VcEGraph::new(VcAnalysis::new(s.cx));
        Loader::default().add(&mut eg, t);
        eg.rebuild();
        let rules = builtin_rules().expect("load");
        (eg, rules.iter().map(|r| r.rewrite(None)).collect())
    }

    fn matches(s: &mut CappedBackoff, eg: &VcEGraph, rws: &[Rewrite<Node, VcAnalysis>]) -> usize {
        rws.iter().map(|rw| s.search_rewrite(0, eg, rw).len()).sum()
    }

    #[test]
    fn nothing_is_searched_once_the_time_limits_have_passed() {
        let (eg, rws) = setup();
        let far = Instant::now() + Duration::from_secs(3600);
        let mut within = CappedBackoff::new(DEFAULT_MATCH_LIMIT)
            .0
            .with_time_limits(Deadline::none(), far);
        assert!(matches(&mut within, &eg, &rws) > 0);
        assert!(!within.timed_out().get());
        let mut unlimited = CappedBackoff::new(DEFAULT_MATCH_LIMIT).0;
        assert!(matches(&mut unlimited, &eg, &rws) > 0);
        for (deadline, wall) in [
            (Deadline::at(Instant::now()), far),
            (Deadline::none(), Instant::now()),
        ] {
            let mut past = CappedBackoff::new(DEFAULT_MATCH_LIMIT)
                .0
                .with_time_limits(deadline, wall);
            let flag = past.timed_out();
            assert_eq!(matches(&mut past, &eg, &rws), 0);
            assert!(flag.get(), "the run reports the time-out");
        }
    }
}
