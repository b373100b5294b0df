//! Command-line interface of `vcsimp`: argument parsing and file handling.
//! Exit codes: 0 success, 1 bad input (nothing written), 2 usage error.

use crate::pipeline::{Limits, Options};
use clap::Parser;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

const AFTER_HELP: &str = "\
GUARANTEES:
  With the default passes the output is logically equivalent to the input
  over the input's symbols: every model of one is a model of the other, so
  sat/unsat answers, get-model and get-value stay meaningful. Unsat cores
  and proofs refer to the simplified assertions. Two exceptions apply only
  when the script asks for no model, value or assignment: prune-defs drops
  definitions of symbols used nowhere else, and arrays-as-funs declares an
  array that is only read as a function ((select a i) becomes (a i)). Both
  keep sat/unsat exactly, as does the opt-in record-args (f(mk(a, b))
  becomes f(a, b)).

EXIT CODES:
  0 success, 1 bad input (a path:line:col error on stderr, nothing written),
  2 usage error.

SUBCOMMANDS:
  vcsimp solve --solver CMD [INPUT]   race a solver on the input and on
                                      vcsimp's outputs (vcsimp solve --help)
  vcsimp batch [DIR|FILE]... [--out-dir DIR] [--jobs N]
                                      simplify many files in parallel
                                      (vcsimp batch --help)";

/// Simplify SMT-LIB verification conditions for SMT solvers.
#[derive(Parser, Debug)]
#[command(name = "vcsimp", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// Input SMT-LIB file; `-` or absent reads standard input.
    pub input: Option<PathBuf>,

    /// Write the output here instead of standard output (only on success).
    #[arg(short, long)]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub pass_flags: crate::options::PassFlags,

    /// Print a summary on stderr: sizes, passes fired, times.
    #[arg(long)]
    pub stats: bool,

    /// Write the same summary as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Stop simplifying after SECS seconds (wall clock) and print the best
    /// result so far. Without it, the default budget applies: 0.3 s of CPU
    /// time plus 0.1 ms per AST node of the input, at most 0.8 s, at most
    /// half of it per pass.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,

    /// Stop growing the e-graph past N nodes.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<usize>,

    /// Stop saturating after N iterations (per e-graph run).
    #[arg(long, value_name = "N")]
    pub iter_limit: Option<usize>,

    /// Ban a rule for a while when it has more than N matches in one
    /// iteration (its limit doubles at most 3 times).
    #[arg(long, value_name = "N")]
    pub match_limit: Option<usize>,

    /// Print on stderr which rule or pass rewrote which subterm.
    #[arg(long)]
    pub explain: bool,

    /// Also write one SMT-LIB file per disjunct of the negated goal into
    /// DIR (the input is unsat iff every file is unsat). Needs a script
    /// with exactly one check-sat.
    #[arg(long, value_name = "DIR")]
    pub split: Option<PathBuf>,

    /// Also write the paper's two tasks (5.1) into DIR for solver
    /// portfolios: `s1-merge-quant.smt2` (the main output) and
    /// `s2-simp-affine.smt2` (the same passes without merge-quant). Both
    /// are equivalent to the input.
    #[arg(long, value_name = "DIR")]
    pub variants: Option<PathBuf>,

    /// Translation validation: ask a solver whether the output agrees with
    /// the input at every check-sat (`(not (= input output))` must be
    /// unsat). The verdict (agree, partial, unknown, disagree) goes to
    /// --stats/--stats-json; on `disagree` the input is written unchanged
    /// and a note goes to stderr.
    #[arg(long)]
    pub validate: bool,

    /// The solver command line for --validate (implies it), reading the
    /// query on stdin, split into words as a POSIX shell would (quotes and
    /// backslashes, no expansion). Default: `z3 -in`.
    #[arg(long, value_name = "CMD")]
    pub validate_solver: Option<String>,

    /// A second solver command line for --validate (implies it), split as
    /// --validate-solver is, asked each obligation that the first leaves
    /// undecided; `none` for none. Default: `cvc5
    /// --lang smt2` when --validate-solver is not given and a `cvc5` is on
    /// the PATH, else none.
    #[arg(long, value_name = "CMD")]
    pub validate_fallback: Option<String>,

    /// Time limit per --validate query (default: 10 seconds).
    #[arg(long, value_name = "SECS")]
    pub validate_timeout: Option<f64>,
}

/// Parse the process arguments; `--help` ends with the list of passes.
pub fn parse_args() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let mut cmd = Cli::command();
    // The list of passes is built only for a help screen.
    if std::env::args_os().any(|a| a == "-h" || a == "--help") {
        cmd = cmd.after_help(format!(
            "{}\n\n{AFTER_HELP}",
            crate::options::pass_list_help().trim_end()
        ));
    }
    let matches = cmd.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("vcsimp: error: {msg}");
    2
}

pub(crate) use crate::process::{write_atomically, write_atomically_with};

/// Write `data` to standard output and flush it. `Ok(false)`: the reader
/// stopped reading (`vcsimp big.smt2 | head -1`, a broken pipe); it has
/// what it asked for, so the caller ends quietly with exit code 0, as `cat`
/// does. Any other write error is `Err`.
pub(crate) fn write_stdout(data: &[u8]) -> std::io::Result<bool> {
    write_stdout_with(|w| w.write_all(data))
}

/// [`write_stdout`] what `write` writes (through a buffer).
pub(crate) fn write_stdout_with(
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<bool> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match write(&mut out).and_then(|_| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(e),
    }
}

/// Run the command line; returns the exit code.
pub fn run(cli: &Cli) -> i32 {
    tune_allocator();
    let passes = match cli.pass_flags.passes() {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    let mut limits = Limits::default();
    if let Some(t) = cli.timeout {
        if !(t.is_finite() && t > 0.0) {
            return usage_error("--timeout needs a positive number of seconds");
        }
        limits.timeout = Some(Duration::from_secs_f64(t));
    }
    if let Some(n) = cli.node_limit {
        limits.node_limit = n;
    }
    if let Some(n) = cli.iter_limit {
        limits.iter_limit = n;
    }
    if let Some(n) = cli.match_limit {
        limits.match_limit = n;
    }
    let options = Options {
        passes,
        limits,
        explain: cli.explain,
    };
    let solver = if cli.validate || cli.validate_solver.is_some() || cli.validate_fallback.is_some()
    {
        match validation_solver(cli) {
            Ok(s) => Some(s),
            Err(e) => return usage_error(&e),
        }
    } else {
        None
    };

    // The input text is needed again only to write it back after a failed
    // validation; otherwise it is not kept while the passes run.
    let keep_text = cli.validate
        || cli.validate_solver.is_some()
        || cli.validate_fallback.is_some()
        || cli.variants.is_some();
    let (path_name, script, source) = match read_script(cli.input.as_deref(), keep_text) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let input = keep_text.then(|| script.clone());
    // Printed at the end straight to its destination, unless validation or
    // the variants need the text.
    let mut outcome = match input {
        None => crate::pipeline::simplify_script_unprinted(script, &options),
        Some(_) if solver.is_some() => crate::pipeline::simplify_script_in_steps(script, &options),
        Some(_) => crate::simplify_script(script, &options),
    };
    let validate = |outcome: &mut crate::Outcome, input: &smtlib_io::Script| {
        let Some(solver) = &solver else { return };
        let v = crate::validate::validate_steps(
            input,
            &outcome.script,
            &outcome.read_back,
            &outcome.steps,
            solver,
        );
        if v.verdict == crate::validate::Verdict::Disagree {
            eprintln!(
                "{path_name}: vcsimp: --validate: the output disagrees with the input ({}); writing the input unchanged",
                v.detail
            );
            outcome.output = source.clone().unwrap_or_default();
            outcome.printed = true;
            outcome.stats.output_nodes = outcome.stats.input_nodes;
            outcome.script = input.clone();
            outcome.read_back.clear();
            outcome.steps.clear();
        }
        outcome.stats.validation = Some((v.verdict.name(), v.detail));
    };
    if let Some(input) = &input {
        validate(&mut outcome, input);
    }
    if let (Some(dir), Some(input)) = (&cli.variants, &input) {
        use crate::variants::{simplify_variant, Variant};
        let mut s2 = simplify_variant(input.clone(), &options, Variant::AffineOnly);
        validate(&mut s2, input);
        let s1 = format!("{}\n{}", Variant::MergeThenAffine.comment(), outcome.output);
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("{}: error: cannot create directory: {e}", dir.display());
            return 1;
        }
        for (v, text) in [
            (Variant::MergeThenAffine, &s1),
            (Variant::AffineOnly, &s2.output),
        ] {
            let p = dir.join(v.file_name());
            if let Err(e) = write_atomically(&p, text.as_bytes()) {
                eprintln!("{}: error: cannot write: {e}", p.display());
                return 1;
            }
        }
    }
    if cli.explain {
        for line in &outcome.trace {
            eprintln!("vcsimp: explain: {line}");
        }
    }
    if let Some(dir) = &cli.split {
        let parts = match crate::pipeline::split_goal(&outcome.script) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{path_name}: error: {e}");
                return 1;
            }
        };
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("{}: error: cannot create directory: {e}", dir.display());
            return 1;
        }
        for (i, text) in parts.iter().enumerate() {
            let p = dir.join(format!("part-{:03}.smt2", i + 1));
            if let Err(e) = write_atomically(&p, text.as_bytes()) {
                eprintln!("{}: error: cannot write: {e}", p.display());
                return 1;
            }
        }
        eprintln!(
            "vcsimp: split into {} file(s) in {}",
            parts.len(),
            dir.display()
        );
    }
    if cli.stats {
        eprint!("{}", outcome.stats.human());
    } else {
        for w in &outcome.stats.warnings {
            eprintln!("{path_name}:{w}");
        }
    }
    if let Some(p) = &cli.stats_json {
        if let Err(e) = write_atomically(p, outcome.stats.json().as_bytes()) {
            eprintln!("{}: error: cannot write stats: {e}", p.display());
            return 1;
        }
    }
    match &cli.output {
        Some(p) => {
            if let Err(e) = write_atomically_with(p, |w| outcome.write_output(w)) {
                eprintln!("{}: error: cannot write output: {e}", p.display());
                return 1;
            }
        }
        None => {
            if let Err(e) = write_stdout_with(|w| outcome.write_output(w)) {
                eprintln!("{path_name}: error: cannot write output: {e}");
                return 1;
            }
        }
    }
    0
}

/// glibc's allocator set for one run of one script: one arena, so that the
/// pipeline's thread reuses what parsing freed, and a fixed threshold for
/// blocks of their own mapping, so that large blocks (the input text,
/// tables that grow) go back to the system when freed or moved, rather
/// than glibc raising the threshold after the first such free and keeping
/// later ones in the heap. On the zoo's largest VCs this lowers the peak
/// resident size of `--passes none` by about 0.5 MB.
fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets allocator parameters, under glibc's lock.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 64 << 10);
    }
}

fn validation_solver(cli: &Cli) -> Result<crate::validate::SolverCommand, String> {
    let timeout = match cli.validate_timeout {
        None => Duration::from_secs(10),
        Some(t) if t.is_finite() && t > 0.0 => Duration::from_secs_f64(t),
        Some(_) => return Err("--validate-timeout needs a positive number of seconds".into()),
    };
    let solver = match &cli.validate_solver {
        None => crate::validate::SolverCommand::parse("z3 -in", timeout).expect("non-empty"),
        Some(line) => crate::validate::SolverCommand::parse(line, timeout)
            .map_err(|e| format!("--validate-solver: {e}"))?,
    };
    let fallback = match cli.validate_fallback.as_deref() {
        None if cli.validate_solver.is_none() => crate::validate::default_fallback(timeout),
        None | Some("none") => None,
        Some(line) => Some(
            crate::validate::SolverCommand::parse(line, timeout)
                .map_err(|e| format!("--validate-fallback: {e}"))?,
        ),
    };
    Ok(solver.with_fallback(fallback))
}

/// The script at `input` (a path; standard input for `-` or none), its
/// name for messages, and its text when `keep_text`. `Err` is the exit
/// code, the error reported. A regular file whose text is not kept is read
/// a piece at a time ([`smtlib_io::parse_script_from`]), so that its text
/// is not held while its terms are built; only if that fails is it read
/// whole, to report the same error as the whole text gives (text that is
/// not UTF-8 first).
fn read_script(
    input: Option<&Path>,
    keep_text: bool,
) -> Result<(String, smtlib_io::Script, Option<String>), i32> {
    let path = input.filter(|p| *p != Path::new("-"));
    let path_name = path.map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
    let regular = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file());
    if let Some(p) = path.filter(|p| !keep_text && regular(p)) {
        let streamed = std::fs::File::open(p)
            .map_err(smtlib_io::StreamError::Read)
            .and_then(|mut f| smtlib_io::parse_script_from(&mut f));
        match streamed {
            Ok(script) => return Ok((path_name, script, None)),
            Err(smtlib_io::StreamError::Read(e)) => {
                eprintln!("{path_name}: error: cannot read input: {e}");
                return Err(1);
            }
            Err(smtlib_io::StreamError::Parse(_)) => {}
        }
    }
    let source = match path {
        None => read_stdin(),
        Some(p) => std::fs::read(p),
    };
    let source = match source {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{path_name}: error: cannot read input: {e}");
            return Err(1);
        }
    };
    let source = match utf8_text(source, &path_name) {
        Ok(s) => s,
        Err(message) => {
            eprintln!("{message}");
            return Err(1);
        }
    };
    match smtlib_io::parse_script(&source) {
        Ok(script) => Ok((path_name, script, keep_text.then_some(source))),
        Err(e) => {
            eprintln!("{}", e.render(&path_name, &source));
            Err(1)
        }
    }
}

/// The input `bytes` as text, or the `path:line:col: error: …` message
/// where they stop being UTF-8.
pub(crate) fn utf8_text(bytes: Vec<u8>, path_name: &str) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.into_bytes()[..at]).into_owned();
        let (line, col) = smtlib_io::span::line_col(&text, at);
        format!("{path_name}:{line}:{col}: error: input is not valid UTF-8")
    })
}

fn read_stdin() -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    std::io::stdin().read_to_end(&mut buf)?;
    Ok(buf)
}
