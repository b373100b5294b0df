//! The interface of procedural passes.
//!
//! A pass rewrites one term into an *equivalent* term (given the facts that
//! hold where the term stands) or reports that it does not apply. Passes
//! never fail: "not applicable" is `None`. The pipeline decides where
//! results go (into the e-graph as an equal form, or straight into the
//! output) and enforces the budget; a pass checks the budget in its loops
//! and gives up cleanly (returning `None` or a partial but still equivalent
//! result) when it is spent.

use smtlib_io::{Context, TermId};
use std::time::Instant;

/// Explicit limits on the work of a run.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Wall-clock deadline of the whole run.
    pub deadline: Option<Instant>,
    /// Upper bound on the size (AST nodes) of any term a pass builds; a
    /// rewrite that would exceed it is skipped.
    pub max_term_nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            deadline: None,
            max_term_nodes: 1_000_000,
        }
    }
}

impl Budget {
    /// True once the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// One rewrite made by a pass, for `--explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// The pass or rule name.
    pub rule: String,
    pub before: TermId,
    pub after: TermId,
}

/// What a pass may read besides the term it rewrites.
pub struct PassContext<'a> {
    /// Formulas known to hold wherever the rewritten term is asserted (the
    /// other assertions of its check-sat scope). A pass may use them to
    /// simplify, never to drop them.
    pub facts: &'a [TermId],
    pub budget: &'a Budget,
    /// Rewrites are recorded here.
    pub trace: &'a mut Vec<TraceEvent>,
}

/// A procedural pass over sorted terms.
pub trait TermPass {
    /// The command-line name (kebab-case).
    fn name(&self) -> &'static str;

    /// Rewrite `t` (a Bool assertion, or any subterm the pipeline chooses)
    /// into a term equivalent to it under `ctx.facts`, or `None` when the
    /// pass does not apply.
    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId>;

    /// A smaller rewrite of `t`, tried when the pipeline rejects `apply`'s
    /// result as costlier or too large: same contract as `apply`, but the
    /// pass keeps only the rewrites that do not grow the formula (no case
    /// splits). `None` (the default) when the pass has no such mode.
    fn apply_conservatively(
        &mut self,
        _cx: &mut Context,
        _t: TermId,
        _ctx: &mut PassContext,
    ) -> Option<TermId> {
        None
    }

    /// The pass' own counters so far (cumulative over all `apply` calls),
    /// for `--stats`; `None` for passes that keep none.
    fn details(&self) -> Option<crate::stats::PassDetails> {
        None
    }
}
