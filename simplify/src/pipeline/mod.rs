//! The pass pipeline: parse, see through the encoding (definitions,
//! records), load the assertions into an e-graph, saturate within explicit
//! limits, extract, run the procedural passes on the extracted terms in
//! rounds (each round first lets the assertions decide each other's
//! comparisons and literals, `context` without folding definitions; a
//! rewrite replaces its assertion when it is no more costly, and the
//! changed assertions are saturated again), use the assertions as context
//! for each other, and print.
//!
//! * [`driver`]: the order of the stages, from a parsed script to an
//!   [`Outcome`];
//! * [`run`]: the state of one run: its deadline, the steps it cut, its
//!   stats and trace;
//! * [`stages`]: running the passes of one stage (script passes, term
//!   passes, `context`);
//! * [`saturate`]: the e-graph step;
//! * [`accept`]: when a term pass's rewrite replaces its assertion;
//! * [`facts`]: which assertions a term pass may use as facts;
//! * [`deep`]: the assertions too deep for the passes, kept aside;
//! * [`names`]: the assertions that define `:named` names, kept or
//!   renamed after the passes.

mod accept;
mod deep;
mod driver;
mod facts;
mod introduced;
mod names;
mod run;
mod saturate;
mod stages;

pub use crate::registry::PassId;
pub use crate::split_goal::split_goal;
pub use deep::MAX_TERM_DEPTH;

use crate::pass::{ReadBack, Snapshot};
use crate::stats::Stats;
use smtlib_io::{parse_script, Script};
use std::sync::Mutex;
use std::time::Duration;

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
    pub passes: Vec<PassId>,
    pub limits: Limits,
    /// Record which rule or pass rewrote which subterm ([`Outcome::trace`]).
    pub explain: bool,
}

impl Options {
    /// These passes under the default limits with a wall-clock `timeout`
    /// (the default budget when `None`), without explanations.
    pub fn passes_with_timeout(passes: Vec<PassId>, timeout: Option<Duration>) -> Options {
        Options {
            passes,
            limits: Limits {
                timeout,
                ..Limits::default()
            },
            explain: false,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            passes: PassId::default_passes(),
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
    /// From [`simplify_script_in_steps`]: the script after each step of
    /// the run that changed it, the last being `script`, each with its
    /// own read-backs; empty otherwise.
    pub steps: Vec<Snapshot>,
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

/// Stack of the thread the pipeline runs on (reserved address space; only
/// the pages a walk touches are committed).
pub const PIPELINE_STACK: usize = 512 << 20;

/// Simplify a parsed script. Runs on a thread of its own with a
/// [`PIPELINE_STACK`]-byte stack (on the calling thread if none can be
/// started), so that callers with small stacks (test threads) are safe.
pub fn simplify_script(script: Script, options: &Options) -> Outcome {
    simplify_script_with(script, options, true, 0, false)
}

/// [`simplify_script`], keeping the script after each step of the run
/// ([`Outcome::steps`]) for validating the run step by step
/// ([`crate::validate::validate_steps`]).
pub fn simplify_script_in_steps(script: Script, options: &Options) -> Outcome {
    simplify_script_with(script, options, true, 0, true)
}

/// [`simplify_script`], keeping the assertions among the first `kept`
/// commands exactly as they are: they are not rewritten, and no pass uses
/// them as facts (like an assertion vcsimp cannot read, they are opaque to
/// the passes, which read their text for the symbols they use, so that a
/// symbol they use is never dropped or redefined). The other commands of
/// the prefix (declarations, definitions, options) are the script's as
/// usual. `vcsimp solve --interactive` simplifies a session's prelude once
/// and then each pushed part after it this way.
pub fn simplify_script_keeping(script: Script, options: &Options, kept: usize) -> Outcome {
    simplify_script_with(script, options, true, kept, false)
}

/// [`simplify_script`] without printing the result into
/// [`Outcome::output`]: [`Outcome::write_output`] prints it straight to
/// its destination, which spares a copy of the whole output in memory.
pub fn simplify_script_unprinted(script: Script, options: &Options) -> Outcome {
    simplify_script_with(script, options, false, 0, false)
}

/// [`simplify_script`], printing the result into [`Outcome::output`] when
/// `print` is set, and the script after each step when `capture` is set.
fn simplify_script_with(
    script: Script,
    options: &Options,
    print: bool,
    kept: usize,
    capture: bool,
) -> Outcome {
    if options.passes.is_empty() {
        return driver::unchanged(script, print);
    }
    let input = Mutex::new(Some(script));
    let ran = std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("vcsimp-pipeline".into())
            .stack_size(PIPELINE_STACK)
            .spawn_scoped(s, || {
                let script = input.lock().ok().and_then(|mut g| g.take());
                script.map(|sc| driver::simplify_on_this_thread(sc, options, print, kept, capture))
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
            driver::simplify_on_this_thread(script, options, print, kept, capture)
        }
    }
}
