//! The e-graph core: term language, analysis, rules as data, procedural
//! appliers, and one saturate-and-extract run over a set of terms.
//!
//! See [`lang`] for how binders are handled and [`analysis`] for what the
//! analysis knows. Determinism: e-class ids, egg's hash maps (Fx hashing)
//! and the rule order are all deterministic, and nothing is ordered by
//! `egg::Symbol`, so the same input gives the same output byte for byte
//! (unless the time limit cuts a run short).
//!
//! The e-graph layer imports no pass: term utilities come from
//! [`crate::term`], comparisons from [`crate::arith`] (checked by
//! `tests/layers.rs`).

pub mod analysis;
pub mod convert;
pub mod lang;
pub mod procedural;
pub mod rule_files;
pub mod schedule;

use analysis::{VcAnalysis, VcEGraph};
use convert::{Choice, Loader, VcCost};
use egg::{Id, Rewrite, Runner, StopReason};
use lang::Node;
use smtlib_io::{Context, FunId, TermId};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Limits of one saturation run.
#[derive(Clone, Debug)]
pub struct SatLimits {
    pub node_limit: usize,
    pub iter_limit: usize,
    pub time_limit: Duration,
    /// Stops the run too, checked between iterations and in the
    /// procedural appliers (the default budget's CPU time).
    pub stop: crate::deadline::Deadline,
    /// Matches one rule may apply in one iteration before it is banned
    /// (see [`schedule::CappedBackoff`]).
    pub match_limit: usize,
}

impl Default for SatLimits {
    fn default() -> SatLimits {
        SatLimits {
            node_limit: 200_000,
            iter_limit: 30,
            time_limit: Duration::from_secs(10),
            stop: crate::deadline::Deadline::none(),
            match_limit: schedule::DEFAULT_MATCH_LIMIT,
        }
    }
}

/// Which parts of the e-graph machinery run.
#[derive(Clone, Debug)]
pub struct SatConfig {
    /// Constant folding and polynomial normal forms (the analysis' `modify`).
    pub normalise: bool,
    /// The n-ary Boolean appliers of [`procedural`].
    pub bool_nary: bool,
    /// Canonical linear comparisons ([`procedural`]).
    pub arith_cmp: bool,
    /// Record which rule fired on which class (for `--explain`).
    pub explain: bool,
    /// Function symbols with a defining (guarded) equation among the
    /// assertions: extraction prefers forms without them
    /// ([`crate::cost::DEFINED_FUN_WEIGHT`]), which is what makes ElimAssign's
    /// substitutions stick.
    pub defined_funs: HashSet<FunId>,
}

impl SatConfig {
    /// The rules alone: no folding, no appliers, no log.
    pub fn rules_only() -> SatConfig {
        SatConfig {
            normalise: false,
            bool_nary: false,
            arith_cmp: false,
            explain: false,
            defined_funs: HashSet::new(),
        }
    }
}

/// What one run produced.
#[derive(Debug, Default)]
pub struct SatResult {
    /// The extracted term of each root (or the root itself if the extracted
    /// term failed the scope check).
    pub terms: Vec<TermId>,
    pub stop_reason: String,
    pub iterations: usize,
    pub nodes: usize,
    /// Rewrites applied per rule or applier, in rule order then applier order.
    pub applied: Vec<(String, usize)>,
    /// (rule, extracted form of the class it fired on), for `--explain`.
    pub explain: Vec<(String, TermId)>,
    /// Roots whose extraction failed the scope check.
    pub fallbacks: usize,
}

/// The hook's stop reason for an iteration that merged no classes (see
/// [`saturate`]'s run loop).
const NO_MERGE: &str = "no-merge";

/// The stop reason as `--stats` reports it. `saturated` covers both ways a
/// run ends on its own: an iteration that changed nothing (egg's
/// saturation), and one in which no rewrite or applier merged two classes
/// (the e-graph's equalities are those of the iteration before).
fn stop_name(r: &Option<StopReason>) -> String {
    match r {
        Some(StopReason::Saturated) | None => "saturated".into(),
        Some(StopReason::Other(s)) if s == NO_MERGE => "saturated".into(),
        Some(StopReason::IterationLimit(_)) => "iteration-limit".into(),
        Some(StopReason::NodeLimit(_)) => "node-limit".into(),
        Some(StopReason::TimeLimit(_)) => "timeout".into(),
        Some(StopReason::Other(s)) => s.clone(),
    }
}

/// Saturate `roots` (terms of `cx`) with `rewrites` and the enabled
/// appliers, then extract each root. Only unconditional equalities enter
/// the e-graph: a rewrite that holds under other assertions must replace
/// its assertion instead (see `pipeline::stages::run_term_passes`). Returns the context (with the new terms) and the result.
///
/// The run stops at the limits, at the deadline, when an iteration changes
/// nothing, or after an iteration in which no rewrite and no applier merged
/// two classes.
pub fn saturate(
    cx: Context,
    roots: &[TermId],
    rewrites: &[Rewrite<Node, VcAnalysis>],
    config: &SatConfig,
    limits: &SatLimits,
    log: Option<rule_files::RewriteLog>,
) -> (Context, SatResult) {
    without_egg_clock(|| saturate_run(cx, roots, rewrites, config, limits, log))
}

/// Run `f`, which uses egg, with egg's clock standing still. egg times
/// rebuilds and iterations with `quanta`, whose first clock calibrates the
/// processor's counter against the system clock in a busy loop (longer,
/// the more loaded the machine): on a small input, a large share of the
/// whole run. vcsimp reads none of egg's times, and its time limits are
/// the scheduler's and the runner hook's ([`schedule::CappedBackoff`]).
pub(crate) fn without_egg_clock<T>(f: impl FnOnce() -> T) -> T {
    let (frozen, _) = quanta::Clock::mock();
    quanta::with_clock(&frozen, f)
}

fn saturate_run(
    cx: Context,
    roots: &[TermId],
    rewrites: &[Rewrite<Node, VcAnalysis>],
    config: &SatConfig,
    limits: &SatLimits,
    log: Option<rule_files::RewriteLog>,
) -> (Context, SatResult) {
    let mut analysis = VcAnalysis::new(cx);
    analysis.normalise = config.normalise;
    let mut eg = VcEGraph::new(analysis);
    let mut loader = Loader::default();
    let ids: Vec<Id> = roots.iter().map(|&t| loader.add(&mut eg, t)).collect();
    eg.rebuild();
    let counts: Arc<Mutex<Vec<(String, usize)>>> = Arc::new(Mutex::new(vec![
        (procedural::BOOL_NARY_RULE.to_string(), 0),
        (procedural::ARITH_CMP_RULE.to_string(), 0),
    ]));
    let hook_counts = counts.clone();
    let hook_log = if config.explain { log.clone() } else { None };
    let (bool_nary, arith_cmp) = (config.bool_nary, config.arith_cmp);
    let deadline = limits.stop;
    let wall = Instant::now() + limits.time_limit;
    let mut seen_bool = HashSet::new();
    let mut seen_cmp = HashSet::new();
    let mut seen_implies = HashSet::new();
    let mut appliers_merged = true;
    let node_limit = limits.node_limit;
    let (scheduler, capped) = schedule::CappedBackoff::new(limits.match_limit);
    let scheduler = scheduler.with_time_limits(deadline, wall);
    let banned_in = scheduler.banned_in();
    let timed_out = scheduler.timed_out();
    let runner: Runner<Node, VcAnalysis, ()> = Runner::new(VcAnalysis::new(Context::new()))
        .with_scheduler(scheduler)
        .with_egraph(eg)
        .with_node_limit(limits.node_limit)
        .with_iter_limit(limits.iter_limit)
        .with_hook(move |runner| {
            // An iteration in which neither the rules nor the appliers
            // merged two classes ends the run. Rules can go on adding nodes
            // without merging anything: a rewrite whose right-hand side the
            // analysis folds back into the class it came from (`x < y` to
            // `x + 1 <= y`, then `not` and `<` again, one constant further
            // each round). Such nodes only spell known classes anew, and
            // egg would search all rules over them until the iteration
            // limit.
            // A banned rule might still merge classes once its ban ends,
            // so an iteration that skipped one does not count.
            if let Some(last) = runner.iterations.last() {
                let all_rules_ran = banned_in.get() != Some(runner.iterations.len() - 1);
                if all_rules_ran && !appliers_merged && last.applied.values().all(|&n| n == 0) {
                    return Err(NO_MERGE.to_string());
                }
            }
            let mut fired = [0usize; 2];
            if Instant::now() >= wall || deadline.expired() {
                return Err("timeout".to_string());
            }
            if bool_nary {
                fired[0] = procedural::implies_chain(
                    &mut runner.egraph,
                    &mut seen_implies,
                    hook_log.as_ref(),
                    &deadline,
                    node_limit,
                );
                fired[0] += procedural::bool_nary(
                    &mut runner.egraph,
                    &mut seen_bool,
                    hook_log.as_ref(),
                    &deadline,
                    node_limit,
                );
            }
            if arith_cmp {
                fired[1] = procedural::arith_cmp(
                    &mut runner.egraph,
                    &mut seen_cmp,
                    hook_log.as_ref(),
                    &deadline,
                );
            }
            runner.egraph.rebuild();
            appliers_merged = fired != [0, 0];
            if let Ok(mut c) = hook_counts.lock() {
                c[0].1 += fired[0];
                c[1].1 += fired[1];
            }
            Ok(())
        })
        .run(rewrites);
    let stop_reason = match &runner.stop_reason {
        _ if timed_out.get() => "timeout".to_string(),
        Some(StopReason::Saturated) if capped.get() => "match-limit".to_string(),
        r => stop_name(r),
    };
    let mut result = SatResult {
        stop_reason,
        iterations: runner.iterations.len(),
        nodes: runner.egraph.total_number_of_nodes(),
        ..SatResult::default()
    };
    // applied counts, in rule order
    let mut per_rule: Vec<(String, usize)> = rewrites
        .iter()
        .map(|r| (r.name.to_string(), 0usize))
        .collect();
    let index: HashMap<String, usize> = per_rule
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (n.clone(), i))
        .collect();
    for it in &runner.iterations {
        for (name, n) in &it.applied {
            if let Some(&i) = index.get(name.as_str()) {
                per_rule[i].1 += n;
            }
        }
    }
    if let Ok(c) = counts.lock() {
        per_rule.extend(c.iter().cloned());
    }
    result.applied = per_rule;

    let mut eg = runner.egraph;
    // Extraction.
    let mut opaque_size = HashMap::new();
    {
        let cx = &eg.analysis.cx;
        let mut memo = HashMap::new();
        for class in eg.classes() {
            for n in class.iter() {
                if let lang::Head::Opaque(t) = n.head {
                    opaque_size.insert(t, crate::size::tree_size(cx, t, &mut memo));
                }
            }
        }
    }
    let choice = Choice::new(
        &eg,
        &mut VcCost {
            eg: &eg,
            opaque_size: &opaque_size,
            defined_funs: &config.defined_funs,
        },
    );
    let attrs = eg.analysis.attrs.clone();
    let mut cx = std::mem::take(&mut eg.analysis.cx);
    let mut memo = HashMap::new();
    if let Some(log) = &log {
        let entries: Vec<(String, Id)> = log.lock().map(|l| l.clone()).unwrap_or_default();
        let mut seen = HashSet::new();
        for (rule, class) in entries {
            let class = eg.find(class);
            if seen.insert((rule.clone(), class)) {
                if let Some(t) = choice.build(&eg, &mut cx, &attrs, class, &mut memo) {
                    result.explain.push((rule, t));
                }
            }
        }
    }
    for (root, &id) in roots.iter().zip(&ids) {
        match choice.build(&eg, &mut cx, &attrs, id, &mut memo) {
            Some(t) if crate::term::well_scoped(&cx, t) => result.terms.push(t),
            _ => {
                result.fallbacks += 1;
                result.terms.push(*root);
            }
        }
    }
    crate::term::alpha::unshare_binders(&mut cx, &mut result.terms);
    (cx, result)
}
