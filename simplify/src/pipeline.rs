//! The pass pipeline: parse, run the selected passes within explicit limits,
//! print.

use crate::size::tree_size;
use crate::stats::Stats;
use smtlib_io::{parse_script, print_script, CommandKind, Script};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The passes vcsimp knows, in pipeline order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PassName {}

impl PassName {
    /// Every pass, in pipeline order, with its one-line description.
    pub const ALL: &'static [(PassName, &'static str)] = &[];

    pub fn name(self) -> &'static str {
        match self {}
    }

    /// Look a pass up by its command-line name.
    pub fn parse(s: &str) -> Option<PassName> {
        Self::ALL.iter().map(|(p, _)| *p).find(|p| p.name() == s)
    }

    /// Passes that keep the output equisatisfiable (and equivalent) with the
    /// input; the default pipeline runs exactly these.
    pub fn default_passes() -> Vec<PassName> {
        Self::ALL.iter().map(|(p, _)| *p).collect()
    }
}

/// Bounds on the work of one run. When a bound is hit, the best output found
/// so far is printed; it is still correct.
#[derive(Clone, Debug)]
pub struct Limits {
    pub timeout: Option<Duration>,
    /// Maximum number of e-graph nodes.
    pub node_limit: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            timeout: None,
            node_limit: 200_000,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub passes: Vec<PassName>,
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            passes: PassName::default_passes(),
            limits: Limits::default(),
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The simplified script, as SMT-LIB text.
    pub output: String,
    pub stats: Stats,
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

/// Simplify a parsed script.
pub fn simplify_script(script: Script, options: &Options) -> Outcome {
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
    let _ = &options.passes;
    stats.output_nodes = assertion_nodes(&script);
    let output = print_script(&script);
    stats.total_seconds = start.elapsed().as_secs_f64();
    Outcome { output, stats }
}
