//! The rule scheduler: egg's exponential backoff, with a hard cap on the
//! number of matches a rule may apply in one iteration.
//!
//! egg's `BackoffScheduler` doubles a banned rule's match limit every time
//! it bans it, and fast-forwards bans whenever everything else has
//! saturated. A rule that acts like associativity (`bool-implies-chain`
//! together with `and` flattening) is then banned ten times and let loose
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

use super::analysis::VcAnalysis;
use super::lang::Node;
use egg::{EGraph, Rewrite, RewriteScheduler, SearchMatches, Symbol};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

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
        };
        (scheduler, capped)
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
            return vec![];
        }
        matches
    }
}
