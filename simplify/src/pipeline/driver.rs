//! The order of the stages of a run, from a parsed script to an
//! [`Outcome`]: the input's stats, freezing deep assertions, `Prepare`,
//! `Encoding`, `Decoded`, saturation, the procedural `Rounds`, the final
//! `context`, the links of `record-consts`' split constants,
//! `unsplit-records`, thawing, `Finish`, and the printed output
//! with the markers of the passes that are sound for unsat only.

use super::accept::Accept;
use super::deep::{freeze_assertions, thaw, MAX_TERM_DEPTH};
use super::introduced::declare_introduced;
use super::names::{protect_names, restore_names};
use super::run::{Capture, Run};
use super::stages::{run_script_stage, run_term_passes, term_passes, use_context};
use super::{Options, Outcome};
use crate::pass::{Introduced, Snapshot, TermPass};
use crate::passes::asserts_as_facts::UseContext;
use crate::registry::{self, PassId, Soundness, Stage};
use crate::size::tree_size;
use crate::stats::Stats;
use smtlib_io::{print_script, CommandKind, DenseMemo, Script, TermId};
use std::collections::HashMap;
use std::time::Instant;

/// The procedural passes run again on the extracted results of the
/// previous round (a quantifier-free Cooper result or a merged quantifier
/// can enable more guarded-equality rewriting), up to this many rounds or
/// until a round changes nothing.
const PROCEDURAL_ROUNDS: usize = 2;

/// AST nodes of the script's assertions, `let`s expanded (saturating).
/// The walk reaches most terms of the context, so its memo is indexed by
/// term id: on the zoo's largest VCs a hash map here was the largest
/// allocation after the terms themselves.
fn assertion_nodes(script: &Script) -> u64 {
    let mut memo = DenseMemo::new(&script.cx);
    script.assertions().fold(0u64, |acc, t| {
        acc.saturating_add(tree_size(&script.cx, t, &mut memo))
    })
}

/// The stats of the input: its size, assertions, and the commands kept
/// verbatim (each with a warning).
fn input_stats(script: &Script) -> Stats {
    let mut stats = Stats {
        input_nodes: assertion_nodes(script),
        assertions: script.assertions().count(),
        opaque_commands: script
            .commands
            .iter()
            .filter(|c| matches!(c.kind, CommandKind::Opaque { .. }))
            .count(),
        stop_reason: "saturated".into(),
        ..Stats::default()
    };
    for c in &script.commands {
        if let CommandKind::Opaque { reason } = &c.kind {
            stats.warnings.push(format!("kept verbatim: {reason}"));
        }
    }
    stats
}

/// [`freeze_assertions`], with a warning in `stats` when any is deep.
fn freeze(script: &mut Script, stats: &mut Stats, kept: usize) -> Vec<TermId> {
    let (frozen, deep) = freeze_assertions(script, kept);
    if deep > 0 {
        stats.warnings.push(format!(
            "{deep} assertion(s) nested deeper than {MAX_TERM_DEPTH} kept as they were"
        ));
    }
    frozen
}

/// The command indices of the script's assertions.
fn assertion_indices(script: &Script) -> Vec<usize> {
    script.indexed_assertions().map(|(i, _)| i).collect()
}

/// The outcome of no passes (`--passes none`): the input's stats and
/// warnings, and the script as read, printed into [`Outcome::output`] when
/// `print` is set. As the passes' run with an empty list gives it, but on
/// the calling thread (no walk here recurses) and without the stages'
/// machinery, whose code alone would map half a megabyte more of the
/// binary.
pub(super) fn unchanged(mut script: Script, print: bool) -> Outcome {
    let start = Instant::now();
    let mut stats = input_stats(&script);
    let frozen = freeze(&mut script, &mut stats, 0);
    thaw(&mut script, &frozen);
    script.cx.release_index();
    stats.output_nodes = stats.input_nodes;
    let output = if print {
        print_script(&script)
    } else {
        String::new()
    };
    stats.total_seconds = start.elapsed().as_secs_f64();
    Outcome {
        output,
        stats,
        trace: vec![],
        script,
        read_back: vec![],
        steps: vec![],
        printed: print,
    }
}

/// Simplify `script` on the calling thread, whose stack must fit walks
/// over terms of depth [`MAX_TERM_DEPTH`] ([`super::PIPELINE_STACK`]);
/// the assertions among the first `kept` commands stay as they are and
/// are not used as facts; the result is printed into [`Outcome::output`]
/// when `print` is set; with `capture`, the script after each step is
/// kept in [`Outcome::steps`].
pub(super) fn simplify_on_this_thread(
    mut script: Script,
    options: &Options,
    print: bool,
    kept: usize,
    capture: bool,
) -> Outcome {
    let start = Instant::now();
    let mut stats = input_stats(&script);
    let mut capture = capture.then(|| Capture::new(&script));
    let frozen = freeze(&mut script, &mut stats, kept);
    let names = protect_names(&mut script);
    if let Some(c) = &mut capture {
        c.frozen = frozen.clone();
        c.names = names.clone();
    }
    let on = |id: PassId| options.passes.contains(&id);
    let egraph_on = !registry::in_stage(&options.passes, Stage::Saturation).is_empty();
    let mut run = Run::new(options, stats, start);
    run.capture = capture;
    let mut dropped_true = false;
    run_script_stage(&mut script, &mut run, Stage::Prepare, &mut dropped_true);
    let mut asserts = assertion_indices(&script);
    // 0. see through the encoding: definitions, wrappers, records
    let mut encoding = term_passes(&script, options, Stage::Encoding);
    if !encoding.is_empty() {
        run_term_passes(
            &mut script,
            &mut run,
            &mut encoding,
            &asserts,
            Accept::Always,
        );
        run.capture(&script, "encoding", &[]);
    }
    run_script_stage(&mut script, &mut run, Stage::Decoded, &mut dropped_true);
    // decoded passes may declare symbols (`record-consts`)
    asserts = assertion_indices(&script);
    // 1. saturate and extract
    if egraph_on {
        run.saturate(&mut script, &asserts);
        run.capture(&script, "e-graph", &[]);
    }
    // 2. procedural passes on the extracted terms, in rounds
    rounds(&mut script, &mut run, &asserts, egraph_on);
    // 3. the assertions as facts for each other
    if on(PassId::AssertsAsFacts) {
        let changed = use_context(&mut script, &mut run, UseContext::FINAL);
        if egraph_on {
            run.saturate(&mut script, &changed);
        }
        run.capture(&script, "context", &[]);
    }
    // 4. the constants that record-consts split get their projections
    // back as ground terms (linear work, after the deadline too).
    if on(PassId::RecordConsts) {
        let t0 = Instant::now();
        let split: Vec<(String, crate::pass::Built)> = run
            .read_back
            .iter()
            .filter_map(|r| match r {
                crate::pass::ReadBack::SplitConstant { name, value } => {
                    Some((name.clone(), value.clone()))
                }
                _ => None,
            })
            .collect();
        if crate::passes::record_consts::link_split_constants(&mut script, &split) > 0 {
            run.add_pass(PassId::RecordConsts, 0, t0.elapsed().as_secs_f64());
            // the links pin each split constant to its value again
            let pinned: Vec<crate::pass::ReadBack> = split
                .into_iter()
                .map(|(name, value)| crate::pass::ReadBack::SplitConstant { name, value })
                .collect();
            run.capture_reading_back(&script, "record-consts: links", &[], &pinned);
        }
    }
    // 5. quantifiers over record fields go back to the record. Not bound
    // by the deadline: the work is linear in the script, like printing,
    // and it undoes the encoding stage's split, which costs the solvers
    // most on the VCs whose budget ran out before the passes closed them.
    if on(PassId::UnsplitRecords) {
        let t0 = Instant::now();
        let folded = crate::passes::records::unsplit_script(&mut script);
        if !folded.is_empty() {
            run.add_pass(
                PassId::UnsplitRecords,
                folded.len(),
                t0.elapsed().as_secs_f64(),
            );
        }
        run.capture(&script, PassId::UnsplitRecords.name(), &[]);
    }
    thaw(&mut script, &frozen);
    run_script_stage(&mut script, &mut run, Stage::Finish, &mut dropped_true);
    // drop assertions that became `true`
    let t = script.cx.mk_bool(true);
    if on(PassId::AssertsAsFacts) || egraph_on || dropped_true {
        script
            .commands
            .retain(|c| !matches!(c.kind, CommandKind::Assert(a) if a == t));
    }
    restore_names(&mut script, names);
    finish(script, run, start, print)
}

/// The `Rounds` stage on the assertions at `asserts`: up to
/// [`PROCEDURAL_ROUNDS`] rounds of `context` (deciding guards from the
/// facts) and the term passes, each round's changes saturated again when
/// the e-graph is on; then, once, the passes with a conservative mode.
/// A rewrite is taken when it is no more costly ([`Accept`]), its growth
/// measured against the assertion as it entered the stage.
fn rounds(script: &mut Script, run: &mut Run, asserts: &[usize], egraph_on: bool) {
    let options = run.options;
    let on = |id: PassId| options.passes.contains(&id);
    let mut procedural = term_passes(script, options, Stage::Rounds);
    if procedural.is_empty() {
        return;
    }
    // The growth bound is against the assertion as it entered this
    // stage, whatever the number of rounds.
    let entered: HashMap<usize, TermId> = asserts
        .iter()
        .filter_map(|&i| match script.commands[i].kind {
            CommandKind::Assert(t) => Some((i, t)),
            _ => None,
        })
        .collect();
    // with capture, the functions each pass introduced so far, taken
    // after each step so that the snapshot declares them
    let capturing = run.capture.is_some();
    let mut introduced: Vec<Vec<Introduced>> = vec![vec![]; procedural.len()];
    let mut capture =
        |run: &mut Run, script: &Script, passes: &mut [Box<dyn TermPass>], label: &str| {
            if !capturing {
                return;
            }
            for (taken, p) in introduced.iter_mut().zip(passes.iter_mut()) {
                taken.extend(p.take_introduced());
            }
            let all: Vec<Introduced> = introduced.iter().flatten().cloned().collect();
            run.capture(script, label, &all);
        };
    for round in 1..=PROCEDURAL_ROUNDS {
        // every step of the round would stop at once: start none of it
        if run.deadline.expired() {
            break;
        }
        if on(PassId::GuardedEq) {
            // the cost model weighs applications of defined functions,
            // so that guarded-eq's substitutions win
            let all: Vec<TermId> = script.assertions().collect();
            (run.config.defined_funs, run.eliminable_funs) =
                crate::passes::guarded_eq::defined_functions(&mut script.cx, &all);
        }
        // Facts decide guards first (a loop-exit case refuted by the
        // loop condition), so guarded-eq sees plain definitions.
        let decided = if on(PassId::AssertsAsFacts) {
            let decided = use_context(script, run, UseContext::ROUND_START);
            if egraph_on && !decided.is_empty() {
                run.saturate(script, &decided);
            }
            capture(
                run,
                script,
                &mut procedural,
                &format!("round {round}: context"),
            );
            decided
        } else {
            vec![]
        };
        let changed = run_term_passes(
            script,
            run,
            &mut procedural,
            asserts,
            Accept::NoCostlier(&entered),
        );
        capture(
            run,
            script,
            &mut procedural,
            &format!("round {round}: passes"),
        );
        if (changed.is_empty() && decided.is_empty()) || run.deadline.expired() {
            break;
        }
        if egraph_on {
            run.saturate(script, &changed);
            capture(
                run,
                script,
                &mut procedural,
                &format!("round {round}: e-graph"),
            );
        }
    }
    // Last, the passes with a conservative mode (guarded-eq's decided
    // rewrites where its full result was too costly; never earlier: a
    // later round's full rewrite, on simpler facts, is better than an
    // early partial one).
    let mut last: Vec<Box<dyn TermPass>> = registry::in_stage(&options.passes, Stage::Rounds)
        .iter()
        .filter_map(|p| p.last_run.map(|make| make(script)))
        .collect();
    if !last.is_empty() && !run.deadline.expired() {
        let changed = run_term_passes(
            script,
            run,
            &mut last,
            asserts,
            Accept::NoCostlierOrConservative(&entered),
        );
        if egraph_on && !changed.is_empty() {
            run.saturate(script, &changed);
        }
    }
    // The rewrites that use Skolem functions hold under their facts.
    let introduced = introduced
        .into_iter()
        .zip(procedural.iter_mut())
        .flat_map(|(mut taken, p)| {
            taken.extend(p.take_introduced());
            taken
        })
        .chain(last.iter_mut().flat_map(|p| p.take_introduced()))
        .collect();
    for names in declare_introduced(script, introduced) {
        run.read_back
            .push(crate::pass::ReadBack::SkolemFunctions { names });
    }
    run.capture(script, "rounds", &[]);
}

/// The outcome of a finished run: the stop reason (a cut step overrides
/// the e-graph's), the output's size, the script (printed when `print` is
/// set) headed by the marker of each chosen pass that is sound for unsat
/// only (each marker before the ones of earlier passes, with its
/// warning), and the total time.
fn finish(mut script: Script, mut run: Run, start: Instant, print: bool) -> Outcome {
    let steps = match run.capture.take() {
        Some(mut c) => {
            // the last step is the output as it is
            c.steps.push(Snapshot {
                label: "output".into(),
                script: script.clone(),
                read_back: run.read_back[c.mark..].to_vec(),
            });
            c.steps
        }
        None => vec![],
    };
    // The run builds no more terms: printing needs no hash-consing table.
    script.cx.release_index();
    let on = |id: PassId| run.options.passes.contains(&id);
    let cut = run.cut_reason();
    let mut stats = run.stats;
    if let Some(reason) = cut {
        stats.stop_reason = reason;
    }
    stats.output_nodes = assertion_nodes(&script);
    let mut output = if print {
        print_script(&script)
    } else {
        String::new()
    };
    for p in registry::PASSES {
        if let (Soundness::UnsatOnly(m), true) = (p.soundness, on(p.id)) {
            output = format!("{}\n{}\n{output}", m.comment, m.info);
            let fired = stats
                .passes
                .iter()
                .find(|s| s.name == p.name())
                .map_or(0, |s| s.fired);
            stats.warnings.push((m.warning)(fired));
        }
    }
    stats.total_seconds = start.elapsed().as_secs_f64();
    Outcome {
        output,
        stats,
        trace: run.trace,
        script,
        read_back: run.read_back,
        steps,
        printed: print,
    }
}
