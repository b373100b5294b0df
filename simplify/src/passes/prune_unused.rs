//! `prune-unused` (opt-in): drop the quantified assertions that share no
//! symbol with the goal. Sound for unsat only; its output is marked.

use crate::analysis::axioms::funs_of;
use crate::pass::Marker;
use crate::pass::{Budget, ScriptChange, ScriptPass};
use crate::registry::PassId;
use crate::term;
use smtlib_io::{CommandKind, FunId, Script, TermId};
use std::collections::BTreeSet;

/// The opt-in `prune-unused` pass ([`prune_unused`]): sound for unsat
/// only, its output carries [`PRUNED_MARKER`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PruneUnused;

impl ScriptPass for PruneUnused {
    fn id(&self) -> PassId {
        PassId::PruneUnused
    }

    /// `fired` counts the dropped assertions.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let n = prune_unused(script);
        ScriptChange {
            fired: n,
            dropped: n > 0,
            ..ScriptChange::default()
        }
    }
}

/// What the output of `prune-unused` says about itself.
pub const PRUNED_MARKER: Marker = Marker {
    comment: "; vcsimp --prune-unused: unsat proves the input unsat; sat/unknown mean nothing",
    info: "(set-info :vcsimp-pruned true)",
    warning: |n| {
        format!(
            "--prune-unused dropped {n} assertion(s): an unsat answer proves the input unsat; sat/unknown mean nothing"
        )
    },
};

/// Opt-in relevance filter (`--prune-unused`): in a script with exactly
/// one `check-sat` and no `push`/`pop`/`reset`, keep the goal (the last
/// assertion before the `check-sat`), every quantifier-free assertion, and
/// every quantified assertion connected to them through shared
/// uninterpreted symbols (transitively); drop the other quantified
/// assertions (library axioms about unrelated symbols).
///
/// **Not an equivalence.** Dropping an axiom weakens the script: `unsat`
/// still proves the input unsat (a subset of its assertions is already
/// unsat), but `sat` or `unknown` mean nothing; the pipeline marks such
/// output. Returns how many assertions were dropped.
pub fn prune_unused(script: &mut Script) -> usize {
    let checks = script
        .commands
        .iter()
        .filter(|c| matches!(c.kind, CommandKind::CheckSat))
        .count();
    let scoped = script.has_scopes();
    if checks != 1 || scoped {
        return 0;
    }
    let asserts: Vec<(usize, TermId)> = script
        .commands
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c.kind {
            CommandKind::Assert(a) => Some((i, a)),
            _ => None,
        })
        .collect();
    let Some(&(goal, _)) = asserts.last() else {
        return 0;
    };
    let cx = &script.cx;
    let syms: Vec<BTreeSet<FunId>> = asserts
        .iter()
        .map(|&(_, a)| {
            let mut s = BTreeSet::new();
            funs_of(cx, a, &mut s);
            s
        })
        .collect();
    let mut keep: Vec<bool> = asserts
        .iter()
        .map(|&(i, a)| i == goal || !term::has_binder(cx, a))
        .collect();
    let mut relevant: BTreeSet<FunId> = BTreeSet::new();
    for (k, s) in syms.iter().enumerate() {
        if keep[k] {
            relevant.extend(s.iter().copied());
        }
    }
    loop {
        let mut changed = false;
        for (k, s) in syms.iter().enumerate() {
            if !keep[k] && (s.is_empty() || s.iter().any(|f| relevant.contains(f))) {
                keep[k] = true;
                relevant.extend(s.iter().copied());
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let t = script.cx.mk_bool(true);
    let mut n = 0;
    for (k, &(i, _)) in asserts.iter().enumerate() {
        if !keep[k] {
            script.commands[i].kind = CommandKind::Assert(t);
            n += 1;
        }
    }
    n
}
