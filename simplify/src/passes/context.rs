//! `context`: assertions simplify each other within their check-sat scopes
//! (literals, definitions, and comparisons decided by a fact's range on the
//! same linear form; the rules are those of [`crate::egraph::context`]).

use crate::pass::{Budget, ScriptChange, ScriptPass};
use smtlib_io::Script;

/// The `context` pass: up to [`UseContext::rounds`] rounds of
/// [`crate::egraph::context::use_context`], until a round changes nothing.
#[derive(Clone, Copy, Debug)]
pub struct UseContext {
    /// At most this many rounds.
    pub rounds: usize,
    /// Also fold definitions `c = φ` (rewrite `φ` to `c`).
    pub fold_definitions: bool,
}

impl UseContext {
    /// The form run at the start of each procedural round: one round, no
    /// folding of definitions, so that guards decided by facts leave plain
    /// definitions for `guarded-eq`.
    pub const ROUND_START: UseContext = UseContext {
        rounds: 1,
        fold_definitions: false,
    };
    /// The form run after the procedural rounds.
    pub const FINAL: UseContext = UseContext {
        rounds: 3,
        fold_definitions: true,
    };
}

impl ScriptPass for UseContext {
    fn name(&self) -> &'static str {
        "context"
    }

    /// Commands keep their places: `rewritten` lists the changed
    /// assertions (sorted, unique), `fired` counts them.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        let mut changed = vec![];
        let mut out_of_time = false;
        for _ in 0..self.rounds {
            if budget.expired() {
                out_of_time = true;
                break;
            }
            let c =
                crate::egraph::context::use_context(script, self.fold_definitions, budget.deadline);
            if c.is_empty() {
                break;
            }
            changed.extend(c);
        }
        changed.sort();
        changed.dedup();
        ScriptChange {
            fired: changed.len(),
            rewritten: changed,
            out_of_time,
            ..ScriptChange::default()
        }
    }
}
