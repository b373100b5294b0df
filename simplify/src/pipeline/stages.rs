//! Running the passes of one stage on a script: the whole-script passes
//! ([`run_script_stage`]), the term passes, one assertion at a time
//! ([`run_term_passes`]), and `context` ([`use_context`]). Each pass is
//! one step of the run (its own deadline) and is counted in the stats.

use super::accept::Accept;
use super::facts::FactSources;
use super::run::{Run, Step};
use super::Options;
use crate::pass::{Budget, PassContext, ScriptChange, ScriptPass, TermPass, TraceEvent};
use crate::passes::asserts_as_facts::UseContext;
use crate::registry::{self, Build, Soundness, Stage};
use smtlib_io::{CommandKind, Script, TermId};
use std::collections::HashMap;
use std::time::Instant;

/// The term passes of `stage` (with their companions) among the chosen
/// ones, made from `script` as it is now, in registry order.
pub(super) fn term_passes(
    script: &Script,
    options: &Options,
    stage: Stage,
) -> Vec<Box<dyn TermPass>> {
    registry::in_stage(&options.passes, stage)
        .iter()
        .flat_map(|p| match p.build {
            Build::Terms(make) => make(script, &options.passes),
            _ => vec![],
        })
        .collect()
}

/// Run the whole-script passes of `stage` among the chosen ones, in
/// registry order. A pass is listed in the stats when it fired, or when
/// it marks its output (so that the stats say it ran). `dropped` becomes
/// true when a pass dropped an assertion.
pub(super) fn run_script_stage(
    script: &mut Script,
    run: &mut Run,
    stage: Stage,
    dropped: &mut bool,
) {
    for p in registry::in_stage(&run.options.passes, stage) {
        let Build::Script(make) = p.build else {
            continue;
        };
        let t0 = Instant::now();
        let mut pass = make();
        let budget = Budget {
            deadline: run.step(),
            ..Budget::default()
        };
        let change: ScriptChange = pass.run(script, &budget);
        run.end_step(Step::Pass(p.id), &budget.deadline, change.out_of_time);
        *dropped |= change.dropped;
        run.read_back.extend(change.read_back);
        run.capture(script, p.name(), &[]);
        if change.fired > 0 || matches!(p.soundness, Soundness::UnsatOnly(_)) {
            let seconds = t0.elapsed().as_secs_f64();
            run.add_pass(p.id, change.fired, seconds);
        }
    }
}

/// Run `context` ([`UseContext`]), recorded in the stats and trace.
/// Returns the changed assertions (sorted, unique).
pub(super) fn use_context(script: &mut Script, run: &mut Run, mut pass: UseContext) -> Vec<usize> {
    let t0 = Instant::now();
    let before: HashMap<usize, TermId> = script.indexed_assertions().collect();
    let budget = Budget {
        deadline: run.step(),
        ..Budget::default()
    };
    let change = pass.run(script, &budget);
    run.end_step(Step::Pass(pass.id()), &budget.deadline, change.out_of_time);
    let changed = change.rewritten;
    let events: Vec<TraceEvent> = changed
        .iter()
        .filter_map(|i| match script.commands[*i].kind {
            CommandKind::Assert(t) => Some(TraceEvent {
                rule: pass.id().name().into(),
                before: before[i],
                after: t,
            }),
            _ => None,
        })
        .collect();
    run.record_events(script, &events);
    run.add_pass(pass.id(), changed.len(), t0.elapsed().as_secs_f64());
    changed
}

/// Run each of `passes` (one step each) on the assertions at the command
/// indices `asserts`, in order, each with its facts ([`FactSources`]). A
/// rewrite *replaces* its assertion when `accept` takes it
/// ([`Accept::takes`]); later passes see the new form. Returns the
/// changed assertions (sorted, unique).
pub(super) fn run_term_passes(
    script: &mut Script,
    run: &mut Run,
    passes: &mut [Box<dyn TermPass>],
    asserts: &[usize],
    accept: Accept,
) -> Vec<usize> {
    let mut changed = vec![];
    let mut sources = FactSources::new(script, asserts);
    let declared_at = crate::scope::declaration_index(script);
    // tree sizes of terms, which never change: every pass measures the
    // assertions again
    let mut sizes: rustc_hash::FxHashMap<TermId, u64> = Default::default();
    for pass in passes.iter_mut() {
        let t0 = Instant::now();
        let budget = Budget {
            deadline: run.step(),
            ..Budget::default()
        };
        let mut events = vec![];
        for &i in asserts {
            // Passes check the budget inside; this bounds the overrun to one
            // assertion when a pass' set-up per assertion is what costs.
            if budget.expired() {
                break;
            }
            let CommandKind::Assert(t) = script.commands[i].kind else {
                continue;
            };
            let facts = sources.facts_for(script, i);
            // Nothing larger than the growth bound is taken: a pass need
            // not build it (guarded-eq's case splits would, at length).
            let bounded = Budget {
                max_term_nodes: budget
                    .max_term_nodes
                    .min(accept.max_nodes(&script.cx, i, t, &mut sizes)),
                ..budget.clone()
            };
            let mut ctx = PassContext {
                facts: &facts,
                budget: &bounded,
                trace: &mut events,
            };
            let Some(q) = pass.apply(&mut script.cx, t, &mut ctx) else {
                continue;
            };
            let funs = (&run.config.defined_funs, &run.eliminable_funs);
            let mut takes = |cx: &smtlib_io::Context, q| {
                accept.takes(cx, i, t, q, &declared_at, funs, &mut sizes)
            };
            let q = if takes(&script.cx, q) {
                q
            } else if !accept.retries_conservatively() {
                continue;
            } else {
                // e.g. guarded-eq without case splits: the decided rewrites
                // alone (a thread map applied to thread $1) still pay off.
                match pass.apply_conservatively(&mut script.cx, t, &mut ctx) {
                    Some(q) if takes(&script.cx, q) => q,
                    _ => continue,
                }
            };
            // `q` is equivalent to `t` only under the other assertions, so it
            // *replaces* `t`: never a union in the e-graph, where another
            // assertion containing `t` could be rewritten with its own
            // consequences. Later passes see the new form.
            script.commands[i].kind = CommandKind::Assert(q);
            changed.push(i);
        }
        let fired = events.len();
        run.record_events(script, &events);
        let id = pass.id();
        run.end_step(Step::Pass(id), &budget.deadline, false);
        run.add_pass(id, fired, t0.elapsed().as_secs_f64());
        if let Some(d) = pass.details() {
            if let Some(p) = run.stats.passes.iter_mut().find(|p| p.name == id.name()) {
                p.details = Some(d);
            }
        }
    }
    changed.sort();
    changed.dedup();
    changed
}
