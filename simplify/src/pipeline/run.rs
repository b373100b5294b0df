//! The state of one run: the e-graph's rules and configuration, the
//! deadline of the run and of each step, the steps a deadline cut, and
//! the stats and trace gathered so far.

use super::deep::thaw;
use super::introduced::declare_introduced;
use super::names::{restore_names, Protected};
use super::Options;
use crate::deadline::{default_cpu_budget, Deadline, STEP_SHARE, WALL_FACTOR};
use crate::egraph::{self, rule_files, SatConfig};
use crate::pass::{Introduced, ReadBack, Snapshot, TraceEvent};
use crate::registry::PassId;
use crate::stats::{PassStats, Stats};
use smtlib_io::{CommandKind, FunId, Printer, Script, TermId};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(super) struct Run<'a> {
    pub(super) options: &'a Options,
    pub(super) rewrites: Vec<egg::Rewrite<egraph::lang::Node, egraph::analysis::VcAnalysis>>,
    pub(super) config: SatConfig,
    /// The functions the facts define over a domain, whose elimination
    /// justifies a costlier rewrite
    /// ([`crate::passes::guarded_eq::defined_functions`]).
    pub(super) eliminable_funs: HashSet<FunId>,
    pub(super) deadline: Deadline,
    /// The CPU time one step may use (default budget only).
    step_cpu: Duration,
    /// The steps (passes, e-graph runs) that a deadline stopped, in order.
    cut: Vec<Step>,
    /// Steps not run at all because the run's deadline had passed.
    skipped: usize,
    /// Whether the run's deadline had passed when the current step began.
    spent_before_step: bool,
    pub(super) stats: Stats,
    pub(super) trace: Vec<String>,
    pub(super) log: Option<rule_files::RewriteLog>,
    pub(super) read_back: Vec<ReadBack>,
    /// The scripts after the steps so far, when the caller asked for them
    /// ([`super::simplify_script_in_steps`]).
    pub(super) capture: Option<Capture>,
}

/// At most this many snapshots are kept: a step after that is merged into
/// the last one (its script replaces the last one's, its read-backs are
/// added to the last one's).
const MAX_SNAPSHOTS: usize = 40;

/// What [`Run::capture`] needs to make each snapshot whole, and the
/// snapshots so far.
pub(super) struct Capture {
    /// The assertions the run set aside ([`super::deep`]).
    pub(super) frozen: Vec<TermId>,
    /// The named assertions the run set aside ([`super::names`]).
    pub(super) names: Protected,
    pub(super) steps: Vec<Snapshot>,
    /// How many of the run's read-backs the snapshots so far hold.
    pub(super) mark: usize,
    /// The commands of the last snapshot (of the input, before the
    /// first), to leave out steps that changed nothing.
    last: Vec<(CommandKind, Box<str>)>,
}

impl Capture {
    /// Snapshots of a run on `input`.
    pub(super) fn new(input: &Script) -> Capture {
        Capture {
            frozen: vec![],
            names: Protected::default(),
            steps: vec![],
            mark: 0,
            last: commands(input),
        }
    }
}

fn commands(script: &Script) -> Vec<(CommandKind, Box<str>)> {
    script
        .commands
        .iter()
        .map(|c| (c.kind.clone(), c.text.clone()))
        .collect()
}

/// A step of a run, which a deadline may cut: a pass, or an e-graph
/// saturation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Pass(PassId),
    Saturation,
}

impl Step {
    /// The name the stop reason gives the step.
    pub(super) fn label(self) -> &'static str {
        match self {
            Step::Pass(p) => p.name(),
            Step::Saturation => "e-graph",
        }
    }
}

impl<'a> Run<'a> {
    /// A run of `options` started at `start`, with the `stats` of its
    /// input: the e-graph's rules (when `rules` is chosen) and
    /// configuration, and the deadline of `--timeout`, or else the default
    /// budget for `stats.input_nodes` ([`crate::budget`]).
    pub(super) fn new(options: &'a Options, stats: Stats, start: Instant) -> Run<'a> {
        let on = |id: PassId| options.passes.contains(&id);
        let log: Option<rule_files::RewriteLog> =
            options.explain.then(|| Arc::new(Mutex::new(vec![])));
        let rewrites = if on(PassId::Rules) {
            rule_files::builtin_rules()
                .expect("built-in rules load (checked by tests)")
                .iter()
                .map(|r| r.rewrite(log.clone()))
                .collect()
        } else {
            vec![]
        };
        let (deadline, step_cpu) = match options.limits.timeout {
            Some(t) => (Deadline::at(start + t), t),
            None => {
                let budget = default_cpu_budget(stats.input_nodes);
                (
                    Deadline::cpu_or_wall(budget, budget * WALL_FACTOR),
                    budget.mul_f64(STEP_SHARE),
                )
            }
        };
        Run {
            options,
            rewrites,
            config: SatConfig {
                normalise: on(PassId::Fold),
                bool_nary: on(PassId::BoolNary),
                arith_cmp: on(PassId::ArithCmp),
                explain: options.explain,
                defined_funs: Default::default(),
            },
            eliminable_funs: HashSet::new(),
            deadline,
            step_cpu,
            cut: vec![],
            skipped: 0,
            spent_before_step: false,
            stats,
            trace: vec![],
            read_back: vec![],
            log,
            capture: None,
        }
    }

    /// When capturing, record the script as the step `label` left it: a
    /// clone with the assertions set aside put back and the functions
    /// `introduced` so far declared with their facts, as the run does at
    /// the end. Its read-backs are the run's since the last snapshot and
    /// the Skolem functions so declared. A step that changed no command is
    /// left out (its read-backs go to the next).
    pub(super) fn capture(&mut self, script: &Script, label: &str, introduced: &[Introduced]) {
        self.capture_reading_back(script, label, introduced, &[]);
    }

    /// [`Run::capture`], the snapshot also reading back `extra`: read-backs
    /// reported before that the step relies on again (they are not the
    /// run's anew).
    pub(super) fn capture_reading_back(
        &mut self,
        script: &Script,
        label: &str,
        introduced: &[Introduced],
        extra: &[ReadBack],
    ) {
        let Some(c) = &mut self.capture else { return };
        let mut whole = script.clone();
        thaw(&mut whole, &c.frozen);
        restore_names(&mut whole, c.names.clone());
        let skolems = declare_introduced(&mut whole, introduced.to_vec());
        let now = commands(&whole);
        if now == c.last {
            return;
        }
        c.last = now;
        let mut read_back = self.read_back[c.mark..].to_vec();
        c.mark = self.read_back.len();
        read_back.extend(extra.iter().cloned());
        read_back.extend(
            skolems
                .into_iter()
                .map(|names| ReadBack::SkolemFunctions { names }),
        );
        let snapshot = Snapshot {
            label: label.to_string(),
            script: whole,
            read_back,
        };
        let full = c.steps.len() >= MAX_SNAPSHOTS;
        match c.steps.last_mut() {
            Some(last) if full => {
                last.label = format!("{} + {label}", last.label);
                last.script = snapshot.script;
                last.read_back.extend(snapshot.read_back);
            }
            _ => c.steps.push(snapshot),
        }
    }

    /// The deadline of the next step: its share of the default budget, or
    /// the run's `--timeout`.
    pub(super) fn step(&mut self) -> Deadline {
        self.spent_before_step = self.deadline.expired();
        self.deadline.step(self.step_cpu)
    }

    /// Record that the step `name`, run until `step`, was cut when its
    /// deadline had passed (or `out_of_time` says so).
    /// A step that starts after the run's deadline counts as skipped.
    pub(super) fn end_step(&mut self, name: Step, step: &Deadline, out_of_time: bool) {
        if !(out_of_time || step.expired()) {
            return;
        }
        if self.spent_before_step {
            self.skipped += 1;
        } else if !self.cut.contains(&name) {
            self.cut.push(name);
        }
    }

    /// Why a deadline stopped the run, if one cut or skipped a step:
    /// `timeout` (`--timeout`), or `budget: PASSES` naming the steps the
    /// default budget cut (and how many later steps it skipped).
    pub(super) fn cut_reason(&self) -> Option<String> {
        if self.cut.is_empty() && self.skipped == 0 {
            return None;
        }
        Some(if !self.deadline.is_budget() {
            "timeout".into()
        } else if self.skipped == 0 {
            format!("budget: {}", self.cut_labels())
        } else {
            format!(
                "budget: {} ({} later steps skipped)",
                self.cut_labels(),
                self.skipped
            )
        })
    }

    /// The cut steps' names, in order.
    fn cut_labels(&self) -> String {
        let labels: Vec<&str> = self.cut.iter().map(|s| s.label()).collect();
        labels.join(", ")
    }

    /// Count `fired` rewrites and `seconds` for the pass `id` in the
    /// stats (one entry per pass, in order of first appearance).
    pub(super) fn add_pass(&mut self, id: PassId, fired: usize, seconds: f64) {
        let name = id.name();
        if let Some(p) = self.stats.passes.iter_mut().find(|p| p.name == name) {
            p.fired += fired;
            p.seconds += seconds;
        } else {
            self.stats.passes.push(PassStats {
                name,
                fired,
                seconds,
                details: None,
            });
        }
    }

    /// With [`Options::explain`], one trace line per event.
    pub(super) fn record_events(&mut self, script: &Script, events: &[TraceEvent]) {
        if !self.options.explain {
            return;
        }
        let mut p = Printer::new(&script.cx);
        for e in events {
            let (b, a) = (p.term(e.before), p.term(e.after));
            self.trace.push(format!("{}: {b} ~> {a}", e.rule));
        }
    }
}
