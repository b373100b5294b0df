//! `vcsimp solve`: a solver wrapper that races the solver on the input and
//! on vcsimp's outputs, and answers as soon as one run is definitive.
//!
//! The runs ("racers") are the input as given, the default output (S1,
//! [`crate::variants::Variant::MergeThenAffine`]) and the S2 output
//! ([`crate::variants::Variant::AffineOnly`]) when its text differs from
//! S1's. The input's run starts at once; the others start as soon as their
//! simplification is done, at most `--jobs` solvers at a time (queued runs
//! start as slots free). With one job the runs share the time budget: vcsimp
//! simplifies first, then runs S1, the input and S2 one after the other,
//! each with an equal share of what is left of the budget.
//!
//! The first run to end with a definitive output ([`answer::read`]) wins:
//! its standard output and error are printed byte for byte and vcsimp exits
//! with its exit code; every other run is killed. A `sat` from an output
//! that is sound for `unsat` only (`--strengthen`, `--prune-unused`) never
//! wins. When no run is definitive, vcsimp prints what the solver printed
//! on the input (its `unknown`, `timeout` or error, and its exit code); if
//! that run did not end on its own, the first other run that did and whose
//! output is not an untrusted `sat`; if none did and the budget ran out,
//! `timeout` (exit 0); if every run crashed, nothing on standard output, a
//! note on standard error, and exit code 128 + the signal. Nothing of a run
//! that lost is ever printed, so there is no partial output.
//! A reader that closed standard output before the answer (a broken pipe:
//! `vcsimp solve … | head -0`) ends vcsimp quietly with exit code 0, as it
//! ends vcsimp itself.
//!
//! The input's run keeps the priority vcsimp was started with; the
//! simplification and the runs on vcsimp's outputs run at a lower one
//! (nice + [`NICE`]; the runs on vcsimp's outputs also under Linux's
//! `SCHED_IDLE`), so that on a busy machine they take only the CPU the
//! solver alone would leave idle, and the input's run goes as fast as the
//! solver alone would. The simplification thread is not put under
//! `SCHED_IDLE`: starting a solver forks, fork takes every malloc lock, and
//! a starved thread holding one stalls vcsimp (on 2 cores at load 9, z3's
//! 0.07 s answer was printed only after 2.2 s).
//!
//! The time budget is `--time-limit`, or else the solver's own limit when
//! its command line gives one (`-T:N` for z3, `--tlimit=MS` for cvc5); at
//! its end every run still going is killed, with one exception: when the
//! budget is the solver's own limit, the input's run (in the race, not in
//! turns) ends on that limit as the solver alone would, counted from its
//! own start; vcsimp kills it only [`grace`] later. Each solver runs with
//! everything it starts under a supervisor that kills them all on every
//! exit path, SIGKILL of vcsimp included ([`crate::process`]); the scripts
//! and outputs live in a private temporary directory
//! ([`crate::process::PrivateDir`]), removed on every exit path too.

pub mod answer;
pub mod commands;
pub mod interactive;

use crate::process::{self, Exit, Group, PrivateDir};
use crate::variants::{simplify_variant, Variant};
use answer::Reading;
use clap::Parser;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const SOLVE_HELP: &str = "\
HOW IT ANSWERS:
  The solver runs on the input at once, and on vcsimp's output (and on the
  S2 variant of --variants where it differs) as soon as it is ready, at most
  JOBS solvers at a time. The first run that answers sat or unsat to every
  check-sat without an (error ...) wins: its output (the answer and what
  follows, e.g. a model) is printed exactly as the solver printed it,
  vcsimp exits with the solver's exit code, and the other runs are killed.
  sat from an output marked :vcsimp-strengthened or :vcsimp-pruned never
  wins. If no run is definitive, vcsimp prints what the solver printed on
  the input (unknown, timeout, an error) with its exit code; `timeout` if
  the time budget ended it first. With one job, the runs take turns, each
  with an equal share of the remaining budget.

  The budget is --time-limit, or the solver's own limit (z3 -T:N, cvc5
  --tlimit=MS). Each solver runs in its own process group under a
  supervisor; the solver and everything it started are killed when the race
  ends, when the budget ends, on SIGINT, SIGTERM or SIGHUP (vcsimp then dies
  of the same signal), on a panic, and (Linux) when vcsimp is killed, even
  with SIGKILL. The scripts and outputs live in a private temporary
  directory (mode 0700, random name), removed on all of these too.
  A solver that crashes only loses its run; if all crash, vcsimp prints
  nothing on stdout and exits with 128 + the signal.

HOW IT ANSWERS IN --interactive:
  Commands are read from standard input one at a time and passed at once to
  one live solver session, whose output is printed unchanged. When a
  (check-sat) has gone 0.2 s without an answer, the commands in effect are
  also simplified (the commands before the first push once, the rest at
  each check-sat) and, if that changed them, given to a fresh solver at a
  lower priority; if it answers sat or unsat before the live session, that
  word is printed. Questions about that result
  (get-model, get-value, get-unsat-core, get-info, labels, get-...) then wait
  for the live session's own check-sat, so models, values and cores are the
  solver's on the raw commands; any other command restarts the live session
  with the commands still in effect. When the client's input ends, the
  commands still held behind a check-sat go to the solver with the end of
  its input, as the solver alone would get them. vcsimp ends when the
  solver does, with its exit code (a solver that neither answers nor ends
  at the end of its input keeps vcsimp waiting, as it would its client).

EXIT CODES:
  the winning solver's exit code; 1 the input cannot be read;
  2 usage error; 127 the solver cannot be started.";

/// `vcsimp solve`: race a solver on the input and on vcsimp's outputs.
#[derive(Parser, Debug)]
#[command(name = "vcsimp solve", bin_name = "vcsimp solve", version, about = "Race a solver on an SMT-LIB file and on vcsimp's outputs; print the first definitive answer.", after_help = SOLVE_HELP)]
pub struct SolveCli {
    /// Input SMT-LIB file; `-` or absent reads standard input.
    pub input: Option<PathBuf>,

    /// The solver's command line, split into words as a POSIX shell
    /// would (quotes and backslashes, no expansion); the script's path
    /// replaces `%f`, or is appended when there is no `%f`. Example:
    /// "z3 -T:10 'tactic.default_tactic=(then simplify smt)'".
    #[arg(long, value_name = "CMD")]
    pub solver: String,

    /// How many solvers may run at once (default: the machine's cores).
    /// With 1 the runs take turns and share the time budget.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Wall-clock budget of the whole race in seconds, simplification
    /// included (default: the solver's own limit when its command line
    /// gives one, -T:N or --tlimit=MS).
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,

    /// Stop simplifying after SECS seconds (default: the budget, a quarter
    /// of it with one job).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,

    // --strengthen and --prune-unused are sound for unsat only: a sat from
    // that output is never trusted (see SOLVE_HELP).
    #[command(flatten)]
    pub pass_flags: crate::options::PassFlags,

    /// Speak the solver's pipe protocol on standard input and output, command
    /// by command, like `z3 -in`: a live solver session answers every
    /// command, and each check-sat is also raced on vcsimp's simplified form
    /// of the assertion stack (see HOW IT ANSWERS IN --interactive). The
    /// solver command must read commands from its standard input (e.g.
    /// "z3 -in").
    #[arg(long)]
    pub interactive: bool,

    /// Report on stderr how each run ended and which one won.
    #[arg(short, long)]
    pub verbose: bool,
}

/// Entry point of `vcsimp solve ARGS…` (`args[0]` is `solve`); returns the
/// exit code.
pub fn main(args: &[std::ffi::OsString]) -> i32 {
    let cli = match SolveCli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    run(&cli)
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("vcsimp solve: error: {msg}");
    2
}

fn seconds(value: Option<f64>, flag: &str) -> Result<Option<Duration>, String> {
    match value {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(Duration::from_secs_f64(t))),
        Some(_) => Err(format!("{flag} needs a positive number of seconds")),
    }
}

/// The time limit a solver command line sets itself: z3's `-T:N` (seconds)
/// or cvc5's `--tlimit=MS` / `--tlimit MS` (milliseconds).
pub fn solver_time_limit(args: &[String]) -> Option<Duration> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(n) = a.strip_prefix("-T:") {
            return n.parse::<f64>().ok().map(Duration::from_secs_f64);
        }
        let ms = if let Some(n) = a.strip_prefix("--tlimit=") {
            n.parse::<u64>().ok()
        } else if a == "--tlimit" {
            it.next().and_then(|n| n.parse::<u64>().ok())
        } else {
            None
        };
        if let Some(ms) = ms {
            return Some(Duration::from_millis(ms));
        }
    }
    None
}

/// How much nicer than vcsimp the simplification and the runs on its
/// outputs are.
pub const NICE: i32 = 10;

/// How long after the budget, counted from its own start, vcsimp kills the
/// input's run when the budget is the solver's own limit: the solver is
/// meant to stop itself at its limit, and may answer a little after it,
/// as it would alone. A tenth of the budget plus a quarter second.
pub fn grace(budget: Duration) -> Duration {
    budget / 10 + Duration::from_millis(250)
}

/// Lower the priority of the thread or process `id` (0: the caller) by
/// [`NICE`]. Async-signal-safe (for `pre_exec`).
fn nicer(id: libc::id_t) {
    // SAFETY: plain system calls on a thread or process of ours.
    unsafe {
        let now = libc::getpriority(libc::PRIO_PROCESS, id);
        libc::setpriority(libc::PRIO_PROCESS, id, now + NICE);
    }
}

/// In a solver process about to start (`pre_exec`): [`nicer`], and on
/// Linux `SCHED_IDLE`, so it runs only on a CPU that nothing else wants.
/// Async-signal-safe.
fn lower_this_process() {
    nicer(0);
    #[cfg(target_os = "linux")]
    // SAFETY: a plain system call on the calling process.
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
}

/// Lower the calling thread by [`NICE`] (Linux only: per thread, and
/// threads it starts inherit it; elsewhere priorities are per process, and
/// this does nothing).
fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions.
    nicer(unsafe { libc::gettid() } as libc::id_t);
}

/// One run of the solver on one script.
struct Racer {
    name: &'static str,
    script: PathBuf,
    /// False for outputs that are sound for unsat only.
    trust_sat: bool,
    /// Lower starts first.
    priority: u8,
    stdout: PathBuf,
    stderr: PathBuf,
    state: State,
}

enum State {
    Queued,
    Running {
        group: Group,
        started: Instant,
        deadline: Option<Instant>,
    },
    Ended {
        end: End,
        seconds: f64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Exited(Exit, Reading),
    /// Killed at the end of its share of the budget.
    OutOfTime,
    /// Killed because another run won.
    Lost,
    /// Never started (the race was over first).
    NotRun,
}

/// What the simplification thread sends: a variant's output text.
type Simplified = Result<(Variant, String), String>;

/// Run `vcsimp solve`; returns the exit code.
pub fn run(cli: &SolveCli) -> i32 {
    let words = match process::split_command(&cli.solver) {
        Ok(w) => w,
        Err(e) => return usage_error(&format!("--solver: {e}")),
    };
    let passes = match cli.pass_flags.passes() {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    if cli.interactive {
        if cli.input.as_deref().is_some_and(|p| p != Path::new("-")) {
            return usage_error(
                "--interactive reads its commands from standard input: give no INPUT",
            );
        }
        if cli.time_limit.is_some() {
            return usage_error("--interactive takes no --time-limit (set the solver's own per check-sat limit, e.g. (set-option :timeout MS))");
        }
        let timeout = match seconds(cli.timeout, "--timeout") {
            Ok(t) => t,
            Err(e) => return usage_error(&e),
        };
        let options = crate::Options::passes_with_timeout(passes, timeout);
        return interactive::run(cli, &words, options);
    }
    let jobs = match cli.jobs {
        Some(0) => return usage_error("--jobs needs at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let (budget, simplify_timeout) = match (
        seconds(cli.time_limit, "--time-limit"),
        seconds(cli.timeout, "--timeout"),
    ) {
        (Ok(b), Ok(t)) => (b.or_else(|| solver_time_limit(&words[1..])), t),
        (Err(e), _) | (_, Err(e)) => return usage_error(&e),
    };
    let sequential = jobs == 1;
    // The input's own deadline (after its start) when it races under the
    // solver's own limit; see the module documentation.
    let input_limit = match (cli.time_limit, budget) {
        (None, Some(b)) if !sequential => Some(b + grace(b)),
        _ => None,
    };
    let simplify_timeout =
        simplify_timeout.or_else(|| budget.map(|b| if sequential { b / 4 } else { b }));

    let tmp = match PrivateDir::new("vcsimp-solve-") {
        Ok(t) => t,
        Err(e) => {
            eprintln!("vcsimp solve: error: cannot create a temporary directory: {e}");
            return 1;
        }
    };
    let (path_name, source, raw_path) = match cli.input.as_deref() {
        Some(p) if p != Path::new("-") => {
            (p.display().to_string(), std::fs::read(p), p.to_path_buf())
        }
        _ => {
            let mut buf = Vec::new();
            let read = std::io::stdin().read_to_end(&mut buf).map(|_| buf);
            let path = tmp.path().join("input.smt2");
            let read = read.and_then(|b| std::fs::write(&path, &b).map(|_| b));
            ("<stdin>".to_string(), read, path)
        }
    };
    let source = match source {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path_name}: error: cannot read input: {e}");
            return 1;
        }
    };

    process::defer_signals();
    let start = Instant::now();
    let deadline = budget.map(|b| start + b);
    let options = crate::Options::passes_with_timeout(passes, simplify_timeout);
    let (tx, rx) = mpsc::channel::<Simplified>();
    let name = path_name.clone();
    std::thread::spawn(move || {
        lower_this_thread();
        simplify_both(&name, source, &options, &tx)
    });

    let mut racers = vec![Racer {
        name: "input",
        script: raw_path,
        trust_sat: true,
        priority: if sequential { 1 } else { 0 },
        stdout: tmp.path().join("input.out"),
        stderr: tmp.path().join("input.err"),
        state: State::Queued,
    }];
    let mut texts: Vec<String> = vec![];
    let mut simplified = false;
    let mut winner = None;
    loop {
        if let Some(sig) = process::pending_signal() {
            drop(racers);
            drop(tmp);
            process::die_of(sig);
        }
        while !simplified {
            match rx.try_recv() {
                Ok(Ok((variant, text))) => {
                    if texts.iter().any(|t| body(t) == body(&text)) {
                        continue;
                    }
                    let script = tmp.path().join(variant.file_name());
                    if let Err(e) = std::fs::write(&script, &text) {
                        note(cli, &format!("cannot write {}: {e}", script.display()));
                        continue;
                    }
                    let (name, priority) = match variant {
                        Variant::MergeThenAffine => ("s1", if sequential { 0 } else { 1 }),
                        Variant::AffineOnly => ("s2", 2),
                    };
                    racers.push(Racer {
                        name,
                        script,
                        trust_sat: !answer::is_unsat_only(&text),
                        priority,
                        stdout: tmp.path().join(format!("{name}.out")),
                        stderr: tmp.path().join(format!("{name}.err")),
                        state: State::Queued,
                    });
                    texts.push(text);
                }
                Ok(Err(e)) => note(cli, &format!("not simplified: {e}")),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => simplified = true,
            }
        }
        let now = Instant::now();
        for r in racers.iter_mut() {
            if let Some(end) = poll(r, now) {
                if winner.is_none() && matches!(end, End::Exited(_, Reading::Definitive)) {
                    winner = Some(r.name);
                }
            }
        }
        if winner.is_some() {
            break;
        }
        let past_budget = deadline.is_some_and(|d| now >= d);
        if past_budget
            && !racers
                .iter()
                .any(|r| matches!(r.state, State::Running { deadline: Some(own), .. } if own > now))
        {
            break;
        }
        if !past_budget && (!sequential || simplified) {
            let running = racers
                .iter()
                .filter(|r| matches!(r.state, State::Running { .. }))
                .count();
            let queued = racers
                .iter()
                .filter(|r| matches!(r.state, State::Queued))
                .count() as u32;
            if running < jobs && queued > 0 {
                let next = racers
                    .iter_mut()
                    .filter(|r| matches!(r.state, State::Queued))
                    .min_by_key(|r| r.priority)
                    .expect("a queued run");
                let share = match input_limit {
                    Some(own) if next.name == "input" => Some(now + own),
                    _ if sequential => {
                        deadline.map(|d| now + d.saturating_duration_since(now) / queued)
                    }
                    _ => deadline,
                };
                if let Err(e) = start_racer(next, &words, share) {
                    eprintln!("vcsimp solve: error: cannot run {}: {e}", words[0]);
                    return 127;
                }
                continue;
            }
        }
        let busy = racers
            .iter()
            .any(|r| !matches!(r.state, State::Ended { .. }));
        if simplified && !busy {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // Whatever still runs lost: kill it now, before printing.
    let now = Instant::now();
    for r in racers.iter_mut() {
        match std::mem::replace(&mut r.state, State::Queued) {
            State::Running {
                mut group, started, ..
            } => {
                group.kill();
                let seconds = now.duration_since(started).as_secs_f64();
                let end = if winner.is_some() {
                    End::Lost
                } else {
                    End::OutOfTime
                };
                r.state = State::Ended { end, seconds };
            }
            State::Queued => {
                r.state = State::Ended {
                    end: End::NotRun,
                    seconds: 0.0,
                }
            }
            ended => r.state = ended,
        }
    }
    let code = answer_with(cli, &racers, winner);
    drop(racers);
    drop(tmp);
    code
}

/// The text of a variant's output without its opening comment line.
fn body(text: &str) -> &str {
    text.split_once('\n').map_or(text, |(_, rest)| rest)
}

/// Parse and simplify `source` into S1 and then S2, sending each output as
/// soon as it is ready (or the reason there is none).
fn simplify_both(
    path_name: &str,
    source: Vec<u8>,
    options: &crate::Options,
    tx: &mpsc::Sender<Simplified>,
) {
    let source = match String::from_utf8(source) {
        Ok(s) => s,
        Err(_) => {
            let _ = tx.send(Err(format!("{path_name}: input is not valid UTF-8")));
            return;
        }
    };
    let script = match smtlib_io::parse_script(&source) {
        Ok(s) => s,
        Err(e) => {
            let _ = tx.send(Err(e.render(path_name, &source)));
            return;
        }
    };
    for variant in Variant::ALL {
        let outcome = simplify_variant(script.clone(), options, variant);
        if tx.send(Ok((variant, outcome.output))).is_err() {
            return;
        }
    }
}

fn start_racer(r: &mut Racer, words: &[String], deadline: Option<Instant>) -> std::io::Result<()> {
    let script = r.script.to_string_lossy();
    let mut args: Vec<String> = words[1..]
        .iter()
        .map(|w| w.replace("%f", &script))
        .collect();
    if !words[1..].iter().any(|w| w.contains("%f")) {
        args.push(script.into_owned());
    }
    let mut cmd = Command::new(&words[0]);
    if r.name != "input" {
        // SAFETY: `lower_this_process` makes async-signal-safe system calls only.
        unsafe {
            cmd.pre_exec(|| {
                lower_this_process();
                Ok(())
            });
        }
    }
    cmd.args(&args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&r.stdout)?)
        .stderr(std::fs::File::create(&r.stderr)?);
    let group = Group::spawn(&mut cmd)?;
    r.state = State::Running {
        group,
        started: Instant::now(),
        deadline,
    };
    Ok(())
}

/// Check a running racer: if it ended (or its share of the budget did),
/// record and return how.
fn poll(r: &mut Racer, now: Instant) -> Option<End> {
    let State::Running {
        group,
        started,
        deadline,
    } = &mut r.state
    else {
        return None;
    };
    let end = match group.try_wait() {
        Ok(Some(exit)) => {
            let reading = match exit {
                Exit::Code(_) => {
                    answer::read(&std::fs::read(&r.stdout).unwrap_or_default(), r.trust_sat)
                }
                Exit::Signal(_) => Reading::Undecided,
            };
            End::Exited(exit, reading)
        }
        Ok(None) if deadline.is_some_and(|d| now >= d) => {
            group.kill();
            End::OutOfTime
        }
        Ok(None) => return None,
        Err(_) => {
            group.kill();
            End::Exited(Exit::Signal(libc::SIGKILL), Reading::Undecided)
        }
    };
    let seconds = now.duration_since(*started).as_secs_f64();
    r.state = State::Ended { end, seconds };
    Some(end)
}

fn note(cli: &SolveCli, msg: &str) {
    if cli.verbose {
        eprintln!("vcsimp solve: {msg}");
    }
}

fn report(cli: &SolveCli, name: &str, end: &End, seconds: f64) {
    let how = match end {
        End::Exited(Exit::Code(c), Reading::Definitive) => format!("definitive, exit {c}"),
        End::Exited(Exit::Code(c), Reading::Undecided) => format!("undecided, exit {c}"),
        End::Exited(Exit::Code(c), Reading::UntrustedSat) => {
            format!("sat from an unsat-only output (ignored), exit {c}")
        }
        End::Exited(Exit::Signal(s), _) => format!("killed by signal {s}"),
        End::OutOfTime => "out of time".into(),
        End::Lost => "killed, another run won".into(),
        End::NotRun => "not run".into(),
    };
    note(cli, &format!("{name}: {how} ({seconds:.3}s)"));
}

/// Print `answer` on standard output. `None` when it was written; else
/// the exit code to end with: 0 when the reader closed standard output
/// (a broken pipe, as for vcsimp itself), 1 on any other write error.
fn print_answer(answer: &[u8]) -> Option<i32> {
    match crate::cli::write_stdout(answer) {
        Ok(true) => None,
        Ok(false) => Some(0),
        Err(e) => {
            eprintln!("vcsimp solve: error: cannot write the answer: {e}");
            Some(1)
        }
    }
}

/// Print the answer of the race and return the exit code (see the module
/// documentation for the rules).
fn answer_with(cli: &SolveCli, racers: &[Racer], winner: Option<&str>) -> i32 {
    for r in racers {
        if let State::Ended { end, seconds } = &r.state {
            report(cli, r.name, end, *seconds);
        }
    }
    let end_of = |r: &Racer| match r.state {
        State::Ended { end, .. } => end,
        _ => End::NotRun,
    };
    let chosen = match winner {
        Some(w) => racers.iter().find(|r| r.name == w),
        None => racers.iter().find(|r| {
            matches!(
                end_of(r),
                End::Exited(Exit::Code(_), Reading::Definitive | Reading::Undecided)
            )
        }),
    };
    if let Some(r) = chosen {
        note(cli, &format!("answer from: {}", r.name));
        let End::Exited(Exit::Code(code), _) = end_of(r) else {
            unreachable!("only runs that exited are chosen")
        };
        let out = std::fs::read(&r.stdout).unwrap_or_default();
        let err = std::fs::read(&r.stderr).unwrap_or_default();
        if let Some(exit) = print_answer(&out) {
            return exit;
        }
        let _ = std::io::stderr().write_all(&err);
        return code;
    }
    if racers
        .iter()
        .any(|r| matches!(end_of(r), End::OutOfTime | End::NotRun | End::Lost))
    {
        note(cli, "answer: timeout (the budget ran out)");
        return print_answer(b"timeout\n").unwrap_or(0);
    }
    let signal = racers
        .iter()
        .find_map(|r| match end_of(r) {
            End::Exited(Exit::Signal(s), _) => Some(s),
            _ => None,
        })
        .unwrap_or(libc::SIGKILL);
    eprintln!(
        "vcsimp solve: error: the solver crashed on every script (signal {signal} on the input)"
    );
    128 + signal
}
