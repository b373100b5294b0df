//! `vcsimp batch`: simplify many files at once, in parallel, with a
//! progress bar on a terminal and a summary at the end.
//!
//! Inputs are files, directories (every `*.smt2` below them, in name
//! order, except vcsimp's own `*.vcsimp.smt2` outputs) and the lines of
//! `--files-from`. Each output goes beside its input as `NAME.vcsimp.smt2`,
//! or with `--out-dir DIR` to `DIR/REL`, where `REL` is the path below the
//! directory given on the command line (for a file given by itself, its
//! path as given, without its root or `..` parts). Outputs are written
//! atomically; a file that does not read gets its `path:line:col: error`
//! on stderr and no output, and the others go on. The summary (files,
//! errors, the passes that fired on how many files, time) goes to stderr;
//! `--report FILE` writes the same per file as JSON lines ([`report_line`]).
//! `--shard I/N` keeps part `I` of `N` of the file list ([`shard`]).

pub mod shard;

use crate::cli::write_atomically;
use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use shard::Shard;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const BATCH_HELP: &str = "\
OUTPUTS:
  Beside each input as NAME.vcsimp.smt2, or with --out-dir DIR as DIR/REL
  (REL: the path below the directory named on the command line; a file
  named by itself keeps its path as given, without root or `..`). With
  --stats-each, NAME.stats.json (the --stats-json of that file) goes beside
  each output.

REPORT:
  --report FILE writes one JSON object per line and file, as each file
  ends (in that order, not the input order), with the fields input,
  output, status (ok or error), seconds (reading, simplifying and writing
  that file), and stats (its --stats-json) when ok or error (the message)
  when not.

SHARDS:
  --shard I/N simplifies only part I of N (1 <= I <= N) of the file list:
  the files at positions I, I+N, I+2N, ... (counting from 1) of the list
  built from the inputs in command-line order, then the lines of
  --files-from, each directory's files in name order. N jobs with the same
  command line and --shard 1/N ... N/N simplify every file exactly once;
  with a Slurm job array: #SBATCH --array=1-N and
  --shard $SLURM_ARRAY_TASK_ID/N (and a --report file per shard). The
  summary and --report cover this shard's files; a shard may be empty.

EXIT CODES:
  0 every file simplified, 1 some file did not read or write (each error on
  stderr; the others are written) or the report could not be written,
  2 usage error.";

/// `vcsimp batch`: simplify many SMT-LIB files in parallel.
#[derive(Parser, Debug)]
#[command(
    name = "vcsimp batch",
    bin_name = "vcsimp batch",
    version,
    about = "Simplify many SMT-LIB files in parallel, with progress and a summary.",
    after_help = BATCH_HELP
)]
pub struct BatchCli {
    /// Files, or directories to search for *.smt2.
    pub inputs: Vec<PathBuf>,

    /// Also read input paths from FILE, one a line (`-`: standard input).
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,

    /// Write the outputs below DIR instead of beside the inputs.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// How many files to simplify at once (default: the machine's cores).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub pass_flags: crate::options::PassFlags,

    /// Stop simplifying each file after SECS seconds (its best result so
    /// far is written).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,

    /// Write each file's statistics as JSON beside its output
    /// (NAME.stats.json).
    #[arg(long)]
    pub stats_each: bool,

    /// Write one JSON line per file to FILE as each file ends: input,
    /// output, status, seconds, stats or error (see REPORT below).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Simplify only part I of N of the file list (1 <= I <= N; every
    /// N-th file starting at the I-th, see SHARDS below).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,

    /// No progress bar and no summary.
    #[arg(short, long)]
    pub quiet: bool,
}

/// One file to simplify and where its output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub input: PathBuf,
    pub output: PathBuf,
}

/// The suffix of outputs written beside their inputs.
pub const BESIDE_SUFFIX: &str = ".vcsimp.smt2";

/// Entry point of `vcsimp batch ARGS…` (`args[0]` is `batch`); returns the
/// exit code.
pub fn main(args: &[std::ffi::OsString]) -> i32 {
    match BatchCli::try_parse_from(args) {
        Ok(cli) => run(&cli),
        Err(e) => {
            let _ = e.print();
            if e.use_stderr() {
                2
            } else {
                0
            }
        }
    }
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("vcsimp batch: error: {msg}");
    2
}

/// `rel` without its root, `.` and `..` parts.
fn tame(rel: &Path) -> PathBuf {
    rel.components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s),
            _ => None,
        })
        .collect()
}

fn output_for(input: &Path, rel: &Path, out_dir: Option<&Path>) -> PathBuf {
    match out_dir {
        Some(d) => d.join(tame(rel)),
        None => {
            let name = input.file_name().unwrap_or_default().to_string_lossy();
            let stem = name.strip_suffix(".smt2").unwrap_or(&name);
            input.with_file_name(format!("{stem}{BESIDE_SUFFIX}"))
        }
    }
}

fn smt2_below(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        if p.is_dir() {
            smt2_below(&p, out)?;
        } else if name.ends_with(".smt2") && !name.ends_with(BESIDE_SUFFIX) {
            out.push(p);
        }
    }
    Ok(())
}

/// The jobs for `inputs` (files or directories) and the paths `listed`
/// (files). Errors name what cannot be read, or two inputs that would
/// write the same output.
pub fn jobs(
    inputs: &[PathBuf],
    listed: &[PathBuf],
    out_dir: Option<&Path>,
) -> Result<Vec<Job>, String> {
    let mut jobs = vec![];
    for input in inputs.iter().chain(listed) {
        if input.is_dir() {
            let mut files = vec![];
            smt2_below(input, &mut files).map_err(|e| format!("{}: {e}", input.display()))?;
            for f in files {
                let rel = f.strip_prefix(input).unwrap_or(&f).to_path_buf();
                jobs.push(Job {
                    output: output_for(&f, &rel, out_dir),
                    input: f,
                });
            }
        } else {
            jobs.push(Job {
                output: output_for(input, input, out_dir),
                input: input.clone(),
            });
        }
    }
    let mut seen = BTreeMap::new();
    for j in &jobs {
        if let Some(other) = seen.insert(j.output.clone(), j.input.clone()) {
            return Err(format!(
                "{} and {} would both write {}",
                other.display(),
                j.input.display(),
                j.output.display()
            ));
        }
    }
    Ok(jobs)
}

/// What one file gave.
enum Done {
    /// Its statistics.
    Simplified(crate::Stats),
    Failed(String),
}

/// The `--report` line of one file: `{"input": …, "output": …, "status":
/// "ok", "seconds": …, "stats": {…}}`, or with `"status": "error"` and
/// `"error": MESSAGE` instead of the stats; ends in a newline.
fn report_line(job: &Job, done: &Done, seconds: f64) -> String {
    use crate::stats::json_str;
    let (status, rest) = match done {
        Done::Simplified(stats) => ("ok", format!("\"stats\": {}", stats.json().trim_end())),
        Done::Failed(msg) => ("error", format!("\"error\": {}", json_str(msg))),
    };
    format!(
        "{{\"input\": {}, \"output\": {}, \"status\": \"{status}\", \"seconds\": {seconds:.6}, {rest}}}\n",
        json_str(&job.input.to_string_lossy()),
        json_str(&job.output.to_string_lossy()),
    )
}

fn simplify_one(job: &Job, options: &crate::Options, stats_each: bool) -> Done {
    let name = job.input.display().to_string();
    let source = match std::fs::read(&job.input) {
        Ok(b) => b,
        Err(e) => return Done::Failed(format!("{name}: error: cannot read input: {e}")),
    };
    let source = match crate::cli::utf8_text(source, &name) {
        Ok(s) => s,
        Err(message) => return Done::Failed(message),
    };
    let outcome = match crate::simplify_text(&source, options) {
        Ok(o) => o,
        Err(e) => return Done::Failed(e.render(&name, &source)),
    };
    let write = |path: &Path, text: &str| {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        write_atomically(path, text.as_bytes())
    };
    if let Err(e) = write(&job.output, &outcome.output) {
        return Done::Failed(format!(
            "{}: error: cannot write output: {e}",
            job.output.display()
        ));
    }
    if stats_each {
        let path = job.output.with_extension("stats.json");
        if let Err(e) = write(&path, &outcome.stats.json()) {
            return Done::Failed(format!(
                "{}: error: cannot write stats: {e}",
                path.display()
            ));
        }
    }
    Done::Simplified(outcome.stats)
}

/// `run` for one file, with a panic in it reported as that file's error, so
/// that one bad file never ends the run for the others.
fn isolated(job: &Job, run: impl FnOnce() -> Done) -> Done {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(done) => done,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown cause".into());
            Done::Failed(format!(
                "{}: error: internal error (vcsimp panicked: {what}); no output written",
                job.input.display()
            ))
        }
    }
}

fn read_list(path: &Path) -> Result<Vec<PathBuf>, String> {
    let text = if path == Path::new("-") {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    }
    .map_err(|e| format!("{}: cannot read the file list: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect())
}

/// Run `vcsimp batch`; returns the exit code.
pub fn run(cli: &BatchCli) -> i32 {
    let passes = match cli.pass_flags.passes() {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    let timeout = match cli.timeout {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(_) => return usage_error("--timeout needs a positive number of seconds"),
    };
    let workers = match cli.jobs {
        Some(0) => return usage_error("--jobs needs at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let listed = match &cli.files_from {
        Some(p) => match read_list(p) {
            Ok(l) => l,
            Err(e) => return usage_error(&e),
        },
        None => vec![],
    };
    if cli.inputs.is_empty() && listed.is_empty() {
        return usage_error("no input files (give files, directories or --files-from)");
    }
    let jobs = match jobs(&cli.inputs, &listed, cli.out_dir.as_deref()) {
        Ok(j) => match cli.shard {
            Some(shard) => shard.select(j),
            None => j,
        },
        Err(e) => return usage_error(&e),
    };
    let options = crate::Options::passes_with_timeout(passes, timeout);
    let report = match &cli.report {
        None => None,
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Some(Mutex::new(f)),
            Err(e) => {
                return usage_error(&format!("{}: cannot write the report: {e}", p.display()))
            }
        },
    };
    let report_failed = AtomicUsize::new(0);
    let bar = if cli.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar =
            ProgressBar::with_draw_target(Some(jobs.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (eta {eta}) {msg}")
        {
            bar.set_style(style);
        }
        bar
    };
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let fired: Mutex<BTreeMap<&'static str, usize>> = Mutex::new(BTreeMap::new());
    let failed = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..workers.min(jobs.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                bar.set_message(job.input.display().to_string());
                let began = Instant::now();
                let done = isolated(job, || simplify_one(job, &options, cli.stats_each));
                let seconds = began.elapsed().as_secs_f64();
                match &done {
                    Done::Simplified(stats) => {
                        let mut f = fired.lock().unwrap_or_else(|e| e.into_inner());
                        for p in stats.passes.iter().filter(|p| p.fired > 0) {
                            *f.entry(p.name).or_default() += 1;
                        }
                    }
                    Done::Failed(msg) => {
                        failed.fetch_add(1, Ordering::SeqCst);
                        bar.suspend(|| eprintln!("{msg}"));
                    }
                }
                if let Some(r) = &report {
                    let line = report_line(job, &done, seconds);
                    let mut f = r.lock().unwrap_or_else(|e| e.into_inner());
                    if std::io::Write::write_all(&mut *f, line.as_bytes()).is_err() {
                        report_failed.fetch_add(1, Ordering::SeqCst);
                    }
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let failed = failed.into_inner();
    let unreported = report_failed.into_inner();
    if let (Some(p), 1..) = (&cli.report, unreported) {
        eprintln!(
            "{}: error: cannot write the report of {unreported} files",
            p.display()
        );
    }
    if !cli.quiet {
        let fired = fired.into_inner().unwrap_or_else(|e| e.into_inner());
        eprint!("{}", summary(jobs.len(), failed, &fired, start.elapsed()));
    }
    if failed > 0 || unreported > 0 {
        1
    } else {
        0
    }
}

/// The summary on stderr: files, errors, passes that fired, time.
fn summary(files: usize, failed: usize, fired: &BTreeMap<&str, usize>, took: Duration) -> String {
    let mut by_count: Vec<_> = fired.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let passes: Vec<String> = by_count.iter().map(|(p, n)| format!("{p} {n}")).collect();
    format!(
        "vcsimp batch: {files} files, {} simplified, {failed} failed, {:.1}s\nvcsimp batch: passes fired (files): {}\n",
        files - failed,
        took.as_secs_f64(),
        if passes.is_empty() { "none".to_string() } else { passes.join(", ") }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_the_files_error() {
        let job = Job {
            input: PathBuf::from("in/t.smt2"),
            output: PathBuf::from("out/t.smt2"),
        };
        let failed = |d: Done| match d {
            Done::Failed(m) => m,
            Done::Simplified(_) => panic!("no failure"),
        };
        let m = failed(isolated(&job, || panic!("boom {}", 7)));
        assert!(m.starts_with("in/t.smt2: error: "), "{m}");
        assert!(m.contains("boom 7"), "{m}");
        let m = failed(isolated(&job, || std::panic::panic_any(3u8)));
        assert!(m.contains("unknown cause"), "{m}");
        let m = failed(isolated(&job, || {
            Done::Failed("in/t.smt2: error: x".into())
        }));
        assert_eq!(m, "in/t.smt2: error: x");
    }

    #[test]
    fn outputs_beside_or_below_the_out_dir() {
        let f = Path::new("a/b/t1.smt2");
        assert_eq!(output_for(f, f, None), Path::new("a/b/t1.vcsimp.smt2"));
        assert_eq!(
            output_for(f, Path::new("b/t1.smt2"), Some(Path::new("out"))),
            Path::new("out/b/t1.smt2")
        );
        let up = Path::new("/x/../y/t.smt2");
        assert_eq!(
            output_for(up, up, Some(Path::new("o"))),
            Path::new("o/x/y/t.smt2")
        );
    }
}
