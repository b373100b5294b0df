//! The pass pipeline: parse, see through the encoding (definitions,
//! records), load the assertions into an e-graph, saturate within explicit
//! limits, extract, run the procedural passes on the extracted terms in
//! rounds (each round first lets the assertions decide each other's
//! comparisons and literals, `context` without folding definitions; a
//! rewrite replaces its assertion when it is no more costly, and the
//! changed assertions are saturated again), use the assertions as context
//! for each other, and print.

use crate::budget::{default_cpu_budget, Deadline, STEP_SHARE, WALL_FACTOR};
use crate::cost::term_cost;
use crate::egraph::{self, rules, SatConfig, SatLimits};
use crate::pass::{Budget, PassContext, ReadBack, ScriptChange, ScriptPass, TermPass, TraceEvent};
use crate::passes::context::UseContext;
pub use crate::passes::registry::PassName;
use crate::passes::registry::{self, Build, Soundness, Stage};
use crate::size::tree_size;
pub use crate::split_goal::split_goal;
use crate::stats::{PassStats, Stats};
use smtlib_io::{parse_script, print_script, CommandKind, Printer, Script, TermId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bounds on the work of one run. When a bound is hit, the best output found
/// so far is printed; it is still correct.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock limit of the whole run. `None` (the default): the
    /// default budget, which grows with the input ([`crate::budget`]).
    pub timeout: Option<Duration>,
    /// Maximum number of e-graph nodes.
    pub node_limit: usize,
    /// Maximum number of saturation iterations per e-graph run.
    pub iter_limit: usize,
    /// Matches one rule may apply in one iteration before it is banned
    /// ([`crate::egraph::schedule::CappedBackoff`]).
    pub match_limit: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            timeout: None,
            node_limit: 200_000,
            iter_limit: 30,
            match_limit: crate::egraph::schedule::DEFAULT_MATCH_LIMIT,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub passes: Vec<PassName>,
    pub limits: Limits,
    /// Record which rule or pass rewrote which subterm ([`Outcome::trace`]).
    pub explain: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            passes: PassName::default_passes(),
            limits: Limits::default(),
            explain: false,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The simplified script, as SMT-LIB text; from
    /// [`simplify_script_unprinted`], only the lines that head it (the
    /// markers of passes sound for proving only), the rest being `script`
    /// as [`Outcome::write_output`] prints it.
    pub output: String,
    pub stats: Stats,
    /// With [`Options::explain`]: one line per rewrite, `rule: term` for
    /// e-graph rules (the final form of the class the rule fired on) and
    /// `pass: before ~> after` for procedural passes.
    pub trace: Vec<String>,
    /// The simplified script itself.
    pub script: Script,
    /// What the script passes report for reading the output's changed
    /// symbols back ([`crate::validate`]).
    pub read_back: Vec<ReadBack>,
    /// False while `script` is still to be printed after `output`.
    pub(crate) printed: bool,
}

impl Outcome {
    /// Write the whole output to `w`: `output`, then `script` printed
    /// command by command when it was not printed into `output`.
    pub fn write_output(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        w.write_all(self.output.as_bytes())?;
        if !self.printed {
            smtlib_io::write_script(&self.script, w)?;
        }
        Ok(())
    }
}

/// Parse `source` and simplify it. An error carries the span of the bad
/// input; render it with [`smtlib_io::Error::render`].
pub fn simplify_text(source: &str, options: &Options) -> Result<Outcome, smtlib_io::Error> {
    let script = parse_script(source)?;
    Ok(simplify_script(script, options))
}

fn assertion_nodes(script: &Script) -> u64 {
    let mut memo = HashMap::new();
    script.assertions().fold(0u64, |acc, t| {
        acc.saturating_add(tree_size(&script.cx, t, &mut memo))
    })
}

fn add_pass(stats: &mut Stats, name: &'static str, fired: usize, seconds: f64) {
    if let Some(p) = stats.passes.iter_mut().find(|p| p.name == name) {
        p.fired += fired;
        p.seconds += seconds;
    } else {
        stats.passes.push(PassStats {
            name,
            fired,
            seconds,
            details: None,
        });
    }
}

fn static_name(s: &str) -> &'static str {
    match s {
        "bool-nary" => "bool-nary",
        "arith-cmp-normal" => "arith-cmp",
        _ => "rules",
    }
}

struct Run<'a> {
    options: &'a Options,
    rewrites: Vec<egg::Rewrite<egraph::lang::Node, egraph::analysis::VcAnalysis>>,
    config: SatConfig,
    deadline: Deadline,
    /// The CPU time one step may use (default budget only).
    step_cpu: Duration,
    /// The steps (passes, e-graph runs) that a deadline stopped, in order.
    cut: Vec<&'static str>,
    /// Steps not run at all because the run's deadline had passed.
    skipped: usize,
    /// Whether the run's deadline had passed when the current step began.
    spent_before_step: bool,
    stats: Stats,
    trace: Vec<String>,
    log: Option<rules::RewriteLog>,
    read_back: Vec<ReadBack>,
}

impl Run<'_> {
    /// The deadline of the next step: its share of the default budget, or
    /// the run's `--timeout`.
    fn step(&mut self) -> Deadline {
        self.spent_before_step = self.deadline.expired();
        self.deadline.step(self.step_cpu)
    }

    /// Record that the step `name`, run until `step`, was cut when its
    /// deadline has passed (or `out_of_time` says so).
    /// A step that starts after the run's deadline counts as skipped.
    fn end_step(&mut self, name: &'static str, step: &Deadline, out_of_time: bool) {
        if !(out_of_time || step.expired()) {
            return;
        }
        if self.spent_before_step {
            self.skipped += 1;
        } else if !self.cut.contains(&name) {
            self.cut.push(name);
        }
    }

    /// Saturate the assertions of `cmds` and write the extracted terms back.
    fn saturate(&mut self, script: &mut Script, cmds: &[usize]) {
        if cmds.is_empty() {
            return;
        }
        let roots: Vec<TermId> = cmds
            .iter()
            .filter_map(|&i| match script.commands[i].kind {
                CommandKind::Assert(t) => Some(t),
                _ => None,
            })
            .collect();
        let now = Instant::now();
        let step = self.step();
        if step.expired() {
            // out of time: keep the terms as they are
            self.end_step("e-graph", &step, true);
            return;
        }
        let wall = step.wall().map_or(Duration::from_secs(3600), |w| {
            w.saturating_duration_since(now)
        });
        let limits = SatLimits {
            node_limit: self.options.limits.node_limit,
            iter_limit: self.options.limits.iter_limit,
            match_limit: self.options.limits.match_limit,
            time_limit: wall.max(Duration::from_millis(1)),
            stop: step,
        };
        if let Some(l) = &self.log {
            if let Ok(mut l) = l.lock() {
                l.clear();
            }
        }
        let cx = std::mem::take(&mut script.cx);
        let (cx, res) = egraph::saturate(
            cx,
            &roots,
            &self.rewrites,
            &self.config,
            &limits,
            self.log.clone(),
        );
        script.cx = cx;
        let secs = now.elapsed().as_secs_f64();
        if res.stop_reason == "timeout" {
            self.end_step("e-graph", &step, true);
        } else if self.stats.stop_reason.is_empty() || self.stats.stop_reason == "saturated" {
            self.stats.stop_reason = res.stop_reason.clone();
        }
        let total: usize = res.applied.iter().map(|(_, n)| n).sum();
        for (name, n) in &res.applied {
            let share = if total > 0 {
                secs * *n as f64 / total as f64
            } else {
                0.0
            };
            let pass = static_name(name);
            let enabled = match pass {
                "bool-nary" => self.config.bool_nary,
                "arith-cmp" => self.config.arith_cmp,
                _ => !self.rewrites.is_empty(),
            };
            if enabled {
                add_pass(&mut self.stats, pass, *n, share);
            }
        }
        if res.fallbacks > 0 {
            self.stats.warnings.push(format!(
                "{} assertion(s) kept as they were: the extracted term was not well scoped",
                res.fallbacks
            ));
        }
        if self.options.explain {
            let mut p = Printer::new(&script.cx);
            for (rule, t) in &res.explain {
                self.trace.push(format!("{rule}: {}", p.term(*t)));
            }
        }
        let mut kept_deep = 0;
        for (&i, &t) in cmds.iter().zip(&res.terms) {
            if too_deep(&script.cx, t) {
                kept_deep += 1;
            } else {
                script.commands[i].kind = CommandKind::Assert(t);
            }
        }
        if kept_deep > 0 {
            self.stats.warnings.push(format!(
                "{kept_deep} extracted assertion(s) nested deeper than {MAX_TERM_DEPTH} not taken"
            ));
        }
    }

    fn record_events(&mut self, script: &Script, events: &[TraceEvent]) {
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

/// A procedural rewrite may grow an assertion to at most
/// `GROWTH_FACTOR * size + GROWTH_SLACK` AST nodes; bigger results (the
/// case-splitting blow-up the paper reports for ElimAssign) are not taken.
const GROWTH_FACTOR: u64 = 4;
const GROWTH_SLACK: u64 = 200;

fn grows_too_much(cx: &smtlib_io::Context, before: TermId, after: TermId) -> bool {
    let mut memo = HashMap::new();
    let b = crate::size::tree_size(cx, before, &mut memo);
    let a = crate::size::tree_size(cx, after, &mut memo);
    a > b.saturating_mul(GROWTH_FACTOR).saturating_add(GROWTH_SLACK)
}

/// The procedural passes run again on the extracted results of the
/// previous round (a quantifier-free Cooper result or a merged quantifier
/// can enable more guarded-equality rewriting), up to this many rounds or
/// until a round changes nothing.
const PROCEDURAL_ROUNDS: usize = 2;

/// Above this many assertions, passes get no facts: choosing them per
/// assertion is quadratic.
const MAX_ASSERTIONS_WITH_FACTS: usize = 2000;

/// Which assertions may serve as facts for which: those live at every
/// check-sat where the rewritten one is. Assertions with the same set of
/// check-sats share one list, so that the subset tests cost
/// `distinct sets × assertions` rather than `assertions²`.
struct FactSources<'a> {
    asserts: &'a [usize],
    live: HashMap<usize, std::collections::BTreeSet<usize>>,
    by_scope: HashMap<std::collections::BTreeSet<usize>, std::rc::Rc<[usize]>>,
}

impl<'a> FactSources<'a> {
    fn new(script: &Script, asserts: &'a [usize]) -> FactSources<'a> {
        FactSources {
            asserts,
            live: crate::scope::liveness(script),
            by_scope: HashMap::new(),
        }
    }

    /// The facts a pass may use when rewriting assertion `i`: the current
    /// versions of the other assertions live at every check-sat where `i`
    /// is (never `i` itself: a formula must not justify its own rewriting).
    fn facts_for(&mut self, script: &Script, i: usize) -> Vec<TermId> {
        if self.asserts.len() > MAX_ASSERTIONS_WITH_FACTS {
            return vec![];
        }
        let Some(li) = self.live.get(&i) else {
            return vec![];
        };
        let sources = match self.by_scope.get(li) {
            Some(s) => s.clone(),
            None => {
                let s: std::rc::Rc<[usize]> = self
                    .asserts
                    .iter()
                    .copied()
                    .filter(|j| self.live.get(j).is_some_and(|lj| li.is_subset(lj)))
                    .collect();
                self.by_scope.insert(li.clone(), s.clone());
                s
            }
        };
        sources
            .iter()
            .filter(|&&j| j != i)
            .filter_map(|&j| match script.commands[j].kind {
                CommandKind::Assert(f) => Some(f),
                _ => None,
            })
            .collect()
    }
}

/// Assertions nested deeper than this are kept exactly as they are: the
/// passes walk terms recursively, and [`PIPELINE_STACK`] is sized so that
/// every walk over a term of at most this depth fits. Results of a pass or
/// of the e-graph that would exceed it are not taken either.
pub const MAX_TERM_DEPTH: u64 = 4_000;

/// Stack of the thread the pipeline runs on (reserved address space; only
/// the pages a walk touches are committed).
pub const PIPELINE_STACK: usize = 512 << 20;

/// Simplify a parsed script. Runs on a thread of its own with a
/// [`PIPELINE_STACK`]-byte stack (on the calling thread if none can be
/// started), so that callers with small stacks (test threads) are safe.
pub fn simplify_script(script: Script, options: &Options) -> Outcome {
    simplify_script_with(script, options, true)
}

/// [`simplify_script`] without printing the result into
/// [`Outcome::output`]: [`Outcome::write_output`] prints it straight to
/// its destination, which spares a copy of the whole output in memory.
pub fn simplify_script_unprinted(script: Script, options: &Options) -> Outcome {
    simplify_script_with(script, options, false)
}

fn simplify_script_with(script: Script, options: &Options, print: bool) -> Outcome {
    let input = Mutex::new(Some(script));
    let ran = std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("vcsimp-pipeline".into())
            .stack_size(PIPELINE_STACK)
            .spawn_scoped(s, || {
                let script = input.lock().ok().and_then(|mut g| g.take());
                script.map(|sc| simplify_on_this_thread(sc, options, print))
            });
        match spawned {
            Ok(handle) => match handle.join() {
                Ok(outcome) => outcome,
                Err(panic) => std::panic::resume_unwind(panic),
            },
            Err(_) => None,
        }
    });
    match ran {
        Some(outcome) => outcome,
        None => {
            let script = input
                .into_inner()
                .ok()
                .flatten()
                .expect("the script is still here when no thread took it");
            simplify_on_this_thread(script, options, print)
        }
    }
}

/// Freeze the assertions deeper than [`MAX_TERM_DEPTH`]: they become
/// opaque for the passes (not rewritten, not used as facts). Returns them
/// for [`thaw`].
fn freeze_deep_assertions(script: &mut Script) -> Vec<TermId> {
    let mut memo = HashMap::new();
    let mut frozen = vec![];
    for c in script.commands.iter_mut() {
        if let CommandKind::Assert(t) = c.kind {
            if crate::size::term_depth(&script.cx, t, &mut memo) > MAX_TERM_DEPTH {
                frozen.push(t);
                // Passes read an opaque command's text for the names it
                // uses; a readable assertion was read without its text.
                if c.text.is_empty() {
                    c.text = format!("(assert {})", Printer::new(&script.cx).term(t)).into();
                }
                c.kind = CommandKind::Opaque {
                    reason: FROZEN.into(),
                };
            }
        }
    }
    frozen
}

/// The reason of a frozen assertion's placeholder command.
const FROZEN: &str = "vcsimp: nested too deeply to simplify";

/// Put the frozen assertions back, in order (passes may insert or drop
/// other commands, never these placeholders, so positions are not kept).
fn thaw(script: &mut Script, frozen: &[TermId]) {
    let mut terms = frozen.iter();
    for c in script.commands.iter_mut() {
        if matches!(&c.kind, CommandKind::Opaque { reason } if reason == FROZEN) {
            if let Some(&t) = terms.next() {
                c.kind = CommandKind::Assert(t);
            }
        }
    }
}

fn too_deep(cx: &smtlib_io::Context, t: TermId) -> bool {
    crate::size::term_depth(cx, t, &mut HashMap::new()) > MAX_TERM_DEPTH
}

fn simplify_on_this_thread(mut script: Script, options: &Options, print: bool) -> Outcome {
    let start = Instant::now();
    let mut stats = Stats {
        input_nodes: assertion_nodes(&script),
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
    let frozen = freeze_deep_assertions(&mut script);
    if !frozen.is_empty() {
        stats.warnings.push(format!(
            "{} assertion(s) nested deeper than {MAX_TERM_DEPTH} kept as they were",
            frozen.len()
        ));
    }
    let on = |name: &str| registry::enabled(&options.passes, name);
    let log: Option<rules::RewriteLog> = options.explain.then(|| Arc::new(Mutex::new(vec![])));
    let rewrites = if on("rules") {
        rules::builtin_rules()
            .expect("built-in rules load (checked by tests)")
            .iter()
            .map(|r| r.rewrite(log.clone()))
            .collect()
    } else {
        vec![]
    };
    let egraph_on = !registry::in_stage(&options.passes, Stage::Saturation).is_empty();
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
    let mut run = Run {
        options,
        rewrites,
        config: SatConfig {
            normalise: on("fold"),
            bool_nary: on("bool-nary"),
            arith_cmp: on("arith-cmp"),
            explain: options.explain,
            defined_funs: Default::default(),
        },
        deadline,
        step_cpu,
        cut: vec![],
        skipped: 0,
        spent_before_step: false,
        stats,
        trace: vec![],
        read_back: vec![],
        log,
    };
    let mut dropped_true = false;
    run_script_stage(&mut script, &mut run, Stage::Prepare, &mut dropped_true);
    let assertion_indices =
        |script: &Script| -> Vec<usize> { script.indexed_assertions().map(|(i, _)| i).collect() };
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
    }
    run_script_stage(&mut script, &mut run, Stage::Decoded, &mut dropped_true);
    // decoded passes may declare symbols (`record-consts`)
    asserts = assertion_indices(&script);
    // 1. saturate and extract
    if egraph_on {
        run.saturate(&mut script, &asserts);
    }
    // 2. procedural passes on the extracted terms, in rounds
    let mut procedural = term_passes(&script, options, Stage::Rounds);
    if !procedural.is_empty() {
        // The growth bound is against the assertion as it entered this
        // stage, whatever the number of rounds.
        let entered: HashMap<usize, TermId> = asserts
            .iter()
            .filter_map(|&i| match script.commands[i].kind {
                CommandKind::Assert(t) => Some((i, t)),
                _ => None,
            })
            .collect();
        for _round in 0..PROCEDURAL_ROUNDS {
            if on("guarded-eq") {
                // the cost model weighs applications of defined functions,
                // so that guarded-eq's substitutions win
                let all: Vec<TermId> = script.assertions().collect();
                run.config.defined_funs =
                    crate::passes::guarded_eq::defined_functions(&mut script.cx, &all);
            }
            // Facts decide guards first (a loop-exit case refuted by the
            // loop condition), so guarded-eq sees plain definitions.
            let decided = if on("context") {
                let decided = use_context(&mut script, &mut run, UseContext::ROUND_START);
                if egraph_on && !decided.is_empty() {
                    run.saturate(&mut script, &decided);
                }
                decided
            } else {
                vec![]
            };
            let changed = run_term_passes(
                &mut script,
                &mut run,
                &mut procedural,
                &asserts,
                Accept::NoCostlier(&entered),
            );
            if (changed.is_empty() && decided.is_empty()) || run.deadline.expired() {
                break;
            }
            if egraph_on {
                run.saturate(&mut script, &changed);
            }
        }
        // Last, the passes with a conservative mode (guarded-eq's decided
        // rewrites where its full result was too costly; never earlier: a
        // later round's full rewrite, on simpler facts, is better than an
        // early partial one).
        let mut last: Vec<Box<dyn TermPass>> = registry::in_stage(&options.passes, Stage::Rounds)
            .iter()
            .filter_map(|p| p.last_run.map(|make| make()))
            .collect();
        if !last.is_empty() && !run.deadline.expired() {
            let changed = run_term_passes(
                &mut script,
                &mut run,
                &mut last,
                &asserts,
                Accept::NoCostlierOrConservative(&entered),
            );
            if egraph_on && !changed.is_empty() {
                run.saturate(&mut script, &changed);
            }
        }
    }
    // 3. assertions as context for each other
    if on("context") {
        let changed = use_context(&mut script, &mut run, UseContext::FINAL);
        if egraph_on {
            run.saturate(&mut script, &changed);
        }
    }
    thaw(&mut script, &frozen);
    run_script_stage(&mut script, &mut run, Stage::Finish, &mut dropped_true);
    // drop assertions that became `true`
    let t = script.cx.mk_bool(true);
    if on("context") || egraph_on || dropped_true {
        script
            .commands
            .retain(|c| !matches!(c.kind, CommandKind::Assert(a) if a == t));
    }
    let mut stats = run.stats;
    if !run.cut.is_empty() || run.skipped > 0 {
        stats.stop_reason = if !run.deadline.is_budget() {
            "timeout".into()
        } else if run.skipped == 0 {
            format!("budget: {}", run.cut.join(", "))
        } else {
            format!(
                "budget: {} ({} later steps skipped)",
                run.cut.join(", "),
                run.skipped
            )
        };
    }
    let trace = run.trace;
    let read_back = run.read_back;
    stats.output_nodes = assertion_nodes(&script);
    let mut output = if print {
        print_script(&script)
    } else {
        String::new()
    };
    // Passes that are sound for proving only say so in the output (each
    // marker goes before the ones of earlier passes).
    for p in registry::PASSES {
        if let (Soundness::UnsatOnly(m), true) = (p.soundness, on(p.name)) {
            output = format!("{}\n{}\n{output}", m.comment, m.info);
            let fired = stats
                .passes
                .iter()
                .find(|s| s.name == p.name)
                .map_or(0, |s| s.fired);
            stats.warnings.push((m.warning)(fired));
        }
    }
    stats.total_seconds = start.elapsed().as_secs_f64();
    Outcome {
        output,
        stats,
        trace,
        script,
        read_back,
        printed: print,
    }
}

/// The term passes of `stage` (with their companions) among the chosen
/// ones, made from `script` as it is now, in registry order.
fn term_passes(script: &Script, options: &Options, stage: Stage) -> Vec<Box<dyn TermPass>> {
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
/// it marks its output (so that the stats say it ran).
fn run_script_stage(script: &mut Script, run: &mut Run, stage: Stage, dropped: &mut bool) {
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
        run.end_step(p.name, &budget.deadline, change.out_of_time);
        *dropped |= change.dropped;
        run.read_back.extend(change.read_back);
        if change.fired > 0 || matches!(p.soundness, Soundness::UnsatOnly(_)) {
            let seconds = t0.elapsed().as_secs_f64();
            add_pass(&mut run.stats, pass.name(), change.fired, seconds);
        }
    }
}

/// Run `context` ([`UseContext`]), recorded in the stats and trace.
/// Returns the changed assertions (sorted, unique).
fn use_context(script: &mut Script, run: &mut Run, mut pass: UseContext) -> Vec<usize> {
    let t0 = Instant::now();
    let before: HashMap<usize, TermId> = script.indexed_assertions().collect();
    let budget = Budget {
        deadline: run.step(),
        ..Budget::default()
    };
    let change = pass.run(script, &budget);
    run.end_step(pass.name(), &budget.deadline, change.out_of_time);
    let changed = change.rewritten;
    let events: Vec<TraceEvent> = changed
        .iter()
        .filter_map(|i| match script.commands[*i].kind {
            CommandKind::Assert(t) => Some(TraceEvent {
                rule: pass.name().into(),
                before: before[i],
                after: t,
            }),
            _ => None,
        })
        .collect();
    run.record_events(script, &events);
    add_pass(
        &mut run.stats,
        pass.name(),
        changed.len(),
        t0.elapsed().as_secs_f64(),
    );
    changed
}

fn run_term_passes(
    script: &mut Script,
    run: &mut Run,
    passes: &mut [Box<dyn TermPass>],
    asserts: &[usize],
    accept: Accept,
) -> Vec<usize> {
    let mut changed = vec![];
    let mut sources = FactSources::new(script, asserts);
    let declared_at = crate::scope::declaration_index(script);
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
            let mut ctx = PassContext {
                facts: &facts,
                budget: &budget,
                trace: &mut events,
            };
            let Some(q) = pass.apply(&mut script.cx, t, &mut ctx) else {
                continue;
            };
            let base = match accept {
                Accept::Always => t,
                Accept::NoCostlier(entered) | Accept::NoCostlierOrConservative(entered) => {
                    entered.get(&i).copied().unwrap_or(t)
                }
            };
            let acceptable = |cx: &smtlib_io::Context, q: TermId| {
                if q == t
                    || grows_too_much(cx, base, q)
                    || too_deep(cx, q)
                    || !crate::scope::declared_before(cx, q, i, &declared_at)
                {
                    return false;
                }
                if let Accept::Always = accept {
                    return true;
                }
                let mut memo = HashMap::new();
                let defined = &run.config.defined_funs;
                term_cost(cx, q, defined, &mut memo) <= term_cost(cx, t, defined, &mut memo)
            };
            let q = if acceptable(&script.cx, q) {
                q
            } else if !matches!(accept, Accept::NoCostlierOrConservative(_)) {
                continue;
            } else {
                // e.g. guarded-eq without case splits: the decided rewrites
                // alone (a thread map applied to thread $1) still pay off.
                match pass.apply_conservatively(&mut script.cx, t, &mut ctx) {
                    Some(q) if acceptable(&script.cx, q) => q,
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
        let name = pass.name();
        run.end_step(name, &budget.deadline, false);
        add_pass(&mut run.stats, name, fired, t0.elapsed().as_secs_f64());
        if let Some(d) = pass.details() {
            if let Some(p) = run.stats.passes.iter_mut().find(|p| p.name == name) {
                p.details = Some(d);
            }
        }
    }
    changed.sort();
    changed.dedup();
    changed
}

/// Which rewrites of [`run_term_passes`] replace their assertion.
#[derive(Clone, Copy)]
enum Accept<'a> {
    /// Every rewrite within the growth bound (encoding passes: unfolding a
    /// definition is the point, even when it is larger).
    Always,
    /// Rewrites no more costly than the current form ([`term_cost`]),
    /// with the growth bound measured from the form each assertion had
    /// when it entered the stage.
    NoCostlier(&'a HashMap<usize, TermId>),
    /// As `NoCostlier`, and when a result is rejected, the pass'
    /// [`TermPass::apply_conservatively`] result if that one passes.
    NoCostlierOrConservative(&'a HashMap<usize, TermId>),
}
