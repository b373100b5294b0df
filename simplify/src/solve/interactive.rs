//! `vcsimp solve --interactive`: the solver's pipe protocol, command by
//! command, for clients that wait for each answer (Boogie, pySMT, …).
//!
//! One live solver session gets every command of the client as it comes,
//! and everything it prints goes back to the client unchanged: the answers
//! to `get-model`, `get-value`, `get-unsat-core`, `get-info`, `labels`,
//! `echo`, errors and `:print-success` are the solver's own. When a
//! `(check-sat)` has gone [`RACE_DELAY`] without an answer, vcsimp also
//! simplifies the current assertion stack (the commands that are still in
//! effect, as a script ending in that `check-sat`) and runs a fresh solver
//! on the result, at a lower priority, unless the simplification changed
//! nothing (the fresh run would be the live session's problem again). The
//! first definitive answer wins:
//!
//! - The live session answers first (any answer but `unknown`): its output
//!   is printed and the fresh run is killed.
//! - The fresh run answers `sat` or `unsat` first: that word is printed.
//!   The live session is then behind (still in its `check-sat`). The next
//!   command that asks about the result of that `check-sat` (`get-model`,
//!   `get-value`, `get-unsat-core`, `get-info`, `labels`, any `get-…`,
//!   `eval`) waits until the live session has answered its `check-sat`
//!   (its answer is dropped), so models, values and cores always come from
//!   the solver on the raw commands; so do `echo` and the other commands
//!   that change nothing. A command that changes the state (`pop`,
//!   `assert`, `push`, `set-option`, …), `check-sat` and `exit` do not
//!   wait: the live
//!   session is killed and a new one is started and given the commands
//!   still in effect (popped frames left out), with their output dropped.
//! - The live session answers `unknown` while the fresh run still goes:
//!   vcsimp waits for the fresh run a quarter of the time the live session
//!   took (so a quick `unknown` stays quick, and one at the end of a
//!   timeout gives the fresh run a chance), but no longer than until the
//!   fresh run has run as long as the live session took (its own
//!   `:timeout` ends it about then; a solver that overruns it would
//!   overrun it there too); a `sat`/`unsat` from it is then the answer, and
//!   questions after it go to the live session, which answered `unknown`
//!   (so a model or core may be missing there).
//!
//! vcsimp learns where the output of the live session's `check-sat` starts
//! and ends by sending `(echo "…")` with a marker of its own before and
//! after it; the marker lines are never printed (the live session still
//! reads them, so z3's `:all-statistics` count their allocations in
//! `:num-allocs` and `:memory`). Only one simplification
//! runs at a time: a `check-sat` whose race would start while the
//! previous one's simplification is still going gets no fresh run. A
//! `sat` from an output that is sound for `unsat` only (`--strengthen`,
//! `--prune-unused`) never wins.
//!
//! The simplification is incremental. The commands before the first
//! `push` (the prelude: a verifier's declarations, axioms and definitions,
//! often most of the text) are simplified once, by the first check-sat
//! after them that races, and the result is kept; each check-sat then
//! simplifies the simplified prelude followed by the commands in effect
//! after it, with the prelude's assertions kept as they are
//! ([`simplify_script_keeping`]: not rewritten, not used as facts, opaque
//! to the passes, which so never drop or redefine a symbol they use).
//! This is sound because the prelude is simplified as a script that asks
//! for a model (`simplify_prelude`): its output is equivalent to the
//! prelude over the prelude's symbols, so the simplified prelude and the
//! raw rest are equisatisfiable with the raw prelude and rest (were a
//! symbol of the prelude lost, the fresh run would stop at an error, and
//! an output with an error never wins); simplifying them with the prelude
//! frozen is a run of the pipeline on one script like any other. The
//! prelude's facts do not simplify the rest (a pass may not use them), its
//! definitions do. With no `push`, after a `reset` or `reset-assertions`,
//! or with a pass that is sound for `unsat` only, each check-sat
//! simplifies the whole stack.
//!
//! One thread serves the client: it waits (`poll`) for the client's
//! input, the live session's output and room in the live session's input,
//! so a command reaches the solver, and its answer the client, without a
//! hand-over between threads; the live session's input is written without
//! blocking, so that replaying a long log into a new session never waits
//! on a solver that is itself waiting for its output to be read. Its
//! `poll` wakes only for input, for the race's timers and for the reports
//! of the race's helper thread (through a pipe), never at intervals. What
//! the client is owed goes out in one write before the thread waits
//! again, so a long answer (a model) that came in one read leaves in one
//! write, as the solver alone would print it, not one write per line.
//!
//! Each race runs on a helper thread of its own, at a lower priority: the
//! simplification, then the fresh run's start (a `fork` of vcsimp, and the
//! new process lowers itself before its `exec`, which can then wait long
//! for a CPU on a busy machine) and the wait for its end or its kill. So a
//! live session's answer is relayed at once even while a fresh run starts
//! or is being killed. At the end vcsimp waits for the helpers whose fresh
//! run was started, so that none outlives it; one still simplifying starts
//! no run any more and is not waited for.
//!
//! When the client's input ends while a `check-sat` waits for the live
//! session's answer, the commands still held behind it go to the session
//! at once (each `check-sat` between its markers), followed by the end of
//! the session's input, as the solver alone would get them; they are
//! still raced, and a restart sends them again. So a solver that answers
//! only at the end of its input, or never prints the marker (`cat`, a
//! solver without `echo`), is heard out rather than waited for forever.
//!
//! vcsimp ends when the live session ends (after `(exit)`, or after the
//! end of its input), with its exit code, and prints what it printed
//! (minus the marker lines); a solver that exits without answering ends
//! vcsimp at once. A solver that neither answers nor ends at the end of
//! its input (`sleep 1000`) keeps vcsimp waiting as long as it would keep
//! its client waiting alone. A client that closes its end of standard
//! output ends vcsimp with exit code 0.

use super::commands::{self, Commands, Piece};
use super::{answer, lower_this_process, lower_this_thread, SolveCli};
use crate::pass::Soundness;
use crate::pipeline::{simplify_script_keeping, simplify_script_unprinted};
use crate::process::{self, Exit, Group, PrivateDir};
use crate::variants::{simplify_variant, Variant};
use crate::Stats;
use smtlib_io::{parse_script, print_script, CommandKind, QueryKind};
use std::collections::VecDeque;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the live session's `check-sat` goes alone before vcsimp
/// simplifies the stack and races a fresh run on it. A fresh run starts
/// from nothing (simplify, start the solver, read the script, solve), so it
/// cannot beat a live session that answers sooner; started at once for
/// every `check-sat` it would only take CPU from the live session (most of
/// a verifier's check-sats are quick).
pub const RACE_DELAY: Duration = Duration::from_millis(200);

/// What a race's helper thread reports for check `id`.
type Done = (u64, Report);

/// What a race's helper thread reports, in this order.
enum Report {
    /// The simplification is over.
    Simplified(Summary),
    /// The fresh run started (at this time).
    Started(Instant),
    /// The fresh run could not be started: why.
    Failed(String),
    /// The fresh run ended, with this output.
    Finished {
        exit: Exit,
        output: Vec<u8>,
        /// False for an output that is sound for `unsat` only.
        trust_sat: bool,
    },
}

/// What a simplification gives.
#[derive(Default)]
struct Simplified {
    /// The script for the fresh run (None: none to race).
    text: Option<String>,
    /// Whether the simplification changed anything: if not, the fresh run
    /// would be the live session's problem again and is not started.
    changed: bool,
    /// When this simplification simplified the prelude: the result (None:
    /// the prelude cannot be simplified on its own, and each check-sat
    /// simplifies the whole stack).
    prelude: Option<Option<Arc<Prelude>>>,
    seconds: f64,
}

/// A simplification as reported to the session (the script stays with
/// the helper thread, which runs it).
struct Summary {
    /// Whether the stack read as a script (so there is a script to race).
    readable: bool,
    changed: bool,
    prelude: Option<Option<Arc<Prelude>>>,
    seconds: f64,
}

/// The commands before the first `push`, simplified once.
struct Prelude {
    /// Where the prelude ends in the log (the index of the first `push`).
    end: usize,
    /// The simplified prelude, as SMT-LIB text.
    text: String,
    /// How many commands `text` reads as.
    commands: usize,
    /// Whether the simplification changed it.
    changed: bool,
}

/// Where the session is with its prelude.
enum PreludeState {
    /// No `push` yet: no prelude.
    Open,
    /// The prelude ends at this log index (its first `push`); not yet
    /// simplified.
    Found(usize),
    Ready(Arc<Prelude>),
    /// Each check-sat simplifies the whole stack: a `reset` came, the
    /// prelude cannot be simplified on its own, or the passes include one
    /// that is sound for unsat only (whose result for the prelude alone
    /// would not compose with the rest).
    Off,
}

/// What the client sent, waiting its turn.
enum Item {
    Command(Vec<u8>, usize),
    End(Vec<u8>),
}

/// The live session. vcsimp's one thread waits with `poll` for the
/// client's input, the session's output and room in the session's input,
/// so a command goes to the solver and its answer back to the client
/// without a hand-over between threads; the session's input is written
/// without blocking, so that a long replay never waits on a solver that
/// waits for its output to be read.
struct Live {
    group: Group,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// What is still to be written to `stdin`.
    pending: Vec<u8>,
    /// Close `stdin` once `pending` is written.
    closing: bool,
    /// The output after its last line end.
    partial: Vec<u8>,
}

enum Race {
    /// No fresh run for this check.
    Off,
    /// The race starts if the live session has not answered
    /// [`RACE_DELAY`] after the check started.
    Waiting,
    /// A helper thread simplifies the stack and, when that changed
    /// something, runs the fresh solver on the result ([`Helper`]).
    /// Dropping `_cancel`, the write end of a pipe the helper watches,
    /// stops it: the helper kills the fresh run, so that neither its start
    /// nor its end ever holds up the session's one thread.
    Going {
        _cancel: OwnedFd,
        /// When the fresh run started (None: not yet).
        running: Option<Instant>,
    },
}

/// A `check-sat` in progress.
struct Check {
    id: u64,
    before: String,
    after: String,
    /// The live session's output of earlier commands has all been seen.
    started_output: bool,
    /// What the live session printed for this `check-sat`.
    held: Vec<u8>,
    started: Instant,
    /// The commands in effect for this check: `log[..upto]`.
    upto: usize,
    /// When the live session answered `unknown` and vcsimp waits for the
    /// fresh run: until when.
    wait_until: Option<Instant>,
    /// The live session's output after its answer while vcsimp waits for
    /// the fresh run (the answers to commands sent ahead): handled once
    /// the check is over.
    later: Vec<u8>,
    race: Race,
}

struct Session<'a> {
    cli: &'a SolveCli,
    words: &'a [String],
    options: crate::Options,
    tx: mpsc::Sender<Done>,
    /// The helper threads write a byte here after each report, so that
    /// the session's `poll` wakes for it (read end: `wake_read`).
    wake: Arc<OwnedFd>,
    wake_read: OwnedFd,
    /// The helper threads not yet joined, each with its flag
    /// [`Helper::simplifying`].
    helpers: Vec<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// Made by the first fresh run that needs it.
    tmp: Arc<Mutex<Option<PrivateDir>>>,
    live: Live,
    /// The client's input, split into commands.
    client: Commands<std::io::Empty>,
    /// The client's input is still open.
    reading: bool,
    /// What the live sessions were sent, one entry per command, with the
    /// commands that are not in effect (queries, popped frames) blanked
    /// out but their line ends kept: replayed into a new live session, it
    /// leaves the solver in the same state at the same line.
    log: Vec<Vec<u8>>,
    /// Per open assertion level, the index in `log` of its `push`.
    frames: Vec<usize>,
    global_decls: bool,
    markers: u64,
    /// The live session is behind: drop its output up to this marker.
    behind: Option<String>,
    /// A new live session replays the log: drop its output up to this marker.
    replaying: Option<String>,
    check: Option<Check>,
    checks: u64,
    simplifying: bool,
    prelude: PreludeState,
    queue: VecDeque<Item>,
    /// The client's input is over (or it sent `exit`): no more commands.
    closed: bool,
    /// The live session has been sent every command in `queue` and the
    /// end of its input ([`Session::send_ahead`]): `queue` is only logged.
    ahead: bool,
    /// The markers sent ahead around each `check-sat` in `queue`, in order.
    ahead_markers: VecDeque<(String, String)>,
    /// What the client is owed and is printed before vcsimp next waits
    /// ([`Session::flush_out`]).
    out: Vec<u8>,
}

/// Why the session stops early.
enum Stop {
    /// The client closed standard output.
    ClientGone,
    /// Writing the answer failed otherwise.
    WriteFailed,
    /// A signal asked vcsimp to stop.
    Signal(i32),
    /// The solver cannot be started.
    Spawn(std::io::Error),
}

/// Run the interactive session on standard input and output; returns the
/// exit code.
pub fn run(cli: &SolveCli, words: &[String], options: crate::Options) -> i32 {
    process::defer_signals();
    let (tx, rx) = mpsc::channel();
    let (wake_read, wake) = match pipe(libc::O_CLOEXEC | libc::O_NONBLOCK) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("vcsimp solve: error: cannot make a pipe: {e}");
            return 1;
        }
    };
    let live = match spawn_live(words) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("vcsimp solve: error: cannot run {}: {e}", words[0]);
            return 127;
        }
    };
    let prelude = if unsat_only(&options) {
        PreludeState::Off
    } else {
        PreludeState::Open
    };
    let mut session = Session {
        cli,
        words,
        options,
        tx,
        wake: Arc::new(wake),
        wake_read,
        helpers: Vec::new(),
        tmp: Arc::new(Mutex::new(None)),
        live,
        client: Commands::new(std::io::empty()),
        reading: true,
        log: Vec::new(),
        frames: Vec::new(),
        global_decls: false,
        markers: 0,
        behind: None,
        replaying: None,
        check: None,
        checks: 0,
        simplifying: false,
        prelude,
        queue: VecDeque::new(),
        closed: false,
        ahead: false,
        ahead_markers: VecDeque::new(),
        out: Vec::new(),
    };
    match session.serve(&rx) {
        Ok(code) => code,
        Err(stop) => {
            session.kill_all();
            match stop {
                Stop::ClientGone => 0,
                Stop::WriteFailed => 1,
                Stop::Signal(sig) => {
                    drop(session);
                    process::die_of(sig)
                }
                Stop::Spawn(e) => {
                    eprintln!("vcsimp solve: error: cannot run {}: {e}", words[0]);
                    127
                }
            }
        }
    }
}

fn spawn_live(words: &[String]) -> std::io::Result<Live> {
    let mut cmd = Command::new(&words[0]);
    cmd.args(&words[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut group = Group::spawn(&mut cmd)?;
    let (stdin, stdout, _) = group.stdio();
    let stdin = stdin.expect("piped stdin");
    // SAFETY: plain fcntl calls on a descriptor this process owns.
    unsafe {
        let fd = stdin.as_raw_fd();
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(Live {
        group,
        stdin: Some(stdin),
        stdout: stdout.expect("piped stdout"),
        pending: Vec::new(),
        closing: false,
        partial: Vec::new(),
    })
}

/// One `read` from `fd` into `buf`: the byte count (0 at the end), or
/// None when it would block or was interrupted.
fn read_some(fd: RawFd, buf: &mut [u8]) -> std::io::Result<Option<usize>> {
    // SAFETY: `buf` is valid for `buf.len()` bytes.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    if n >= 0 {
        return Ok(Some(n as usize));
    }
    let e = std::io::Error::last_os_error();
    match e.kind() {
        std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => Ok(None),
        _ => Err(e),
    }
}

/// A pipe with `flags` (`O_CLOEXEC`, `O_NONBLOCK`) on both ends: (read
/// end, write end).
fn pipe(flags: libc::c_int) -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), flags) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: pipe2 just opened both, and nothing else owns them.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A descriptor that becomes readable when process `pid` (a child not yet
/// reaped) ends; None where the system has none (Linux before 5.3, other
/// systems), and the waits below look again every few milliseconds.
fn pidfd(pid: u32) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: pidfd_open has no memory arguments; the descriptor it
        // returns is ours (close-on-exec).
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) };
        if fd >= 0 {
            // SAFETY: just opened, owned by nothing else.
            return Some(unsafe { OwnedFd::from_raw_fd(fd as RawFd) });
        }
    }
    let _ = pid;
    None
}

/// How a wait for a solver's end ended.
enum Waited {
    Ended(Exit),
    /// The `cancel` pipe was closed first.
    Cancelled,
    /// The time limit passed first.
    TimedOut,
}

/// Wait until `group`'s solver ends, `cancel` (a pipe's read end) is
/// closed, or `limit` has passed, without polling at intervals where the
/// system tells when a process ends.
fn wait_exit(group: &mut Group, cancel: Option<RawFd>, limit: Option<Duration>) -> Waited {
    let end = limit.map(|l| Instant::now() + l);
    let pidfd = pidfd(group.id());
    loop {
        match group.try_wait() {
            Ok(Some(exit)) => return Waited::Ended(exit),
            Ok(None) => {}
            // Not ours to wait for any more: as good as killed.
            Err(_) => return Waited::Ended(Exit::Signal(libc::SIGKILL)),
        }
        let left = end.map(|e| e.saturating_duration_since(Instant::now()));
        if left.is_some_and(|l| l.is_zero()) {
            return Waited::TimedOut;
        }
        let mut timeout = match left {
            Some(l) => l.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32,
            None => -1,
        };
        if pidfd.is_none() {
            timeout = if timeout < 0 { 5 } else { timeout.min(5) };
        }
        let mut fds = [
            libc::pollfd {
                fd: cancel.unwrap_or(-1),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pidfd.as_ref().map_or(-1, |p| p.as_raw_fd()),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: `fds` is a valid array of two entries (a negative fd is
        // ignored).
        unsafe { libc::poll(fds.as_mut_ptr(), 2, timeout) };
        if fds[0].revents != 0 {
            return Waited::Cancelled;
        }
    }
}

/// Write a byte to the session's wake pipe (a full pipe has one waiting).
fn wake(fd: &OwnedFd) {
    // SAFETY: writes one byte from a valid buffer.
    unsafe { libc::write(fd.as_raw_fd(), b"!".as_ptr().cast(), 1) };
}

/// A race's helper thread: it simplifies the stack, and when that changed
/// something and the check is not over, runs the fresh solver on the
/// result and waits for it (or kills it when `cancel` closes). A solver
/// process must be waited for by the thread that started it (its
/// supervisor stops it when that thread ends), so the helper lives as
/// long as its fresh run.
struct Helper {
    id: u64,
    words: Vec<String>,
    tmp: Arc<Mutex<Option<PrivateDir>>>,
    /// The read end of the pipe whose write end the check's race holds.
    cancel: OwnedFd,
    tx: mpsc::Sender<Done>,
    wake: Arc<OwnedFd>,
    /// True until the simplification is over: until then the helper
    /// starts no process, and vcsimp need not wait for it at its end (it
    /// starts none once `cancel` is closed).
    simplifying: Arc<AtomicBool>,
}

impl Helper {
    fn report(&self, report: Report) {
        let _ = self.tx.send((self.id, report));
        wake(&self.wake);
    }

    fn cancelled(&self) -> bool {
        let mut fd = libc::pollfd {
            fd: self.cancel.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid entry.
        unsafe { libc::poll(&mut fd, 1, 0) > 0 }
    }

    fn run(self, simplify: Box<dyn FnOnce() -> Simplified + Send>) {
        lower_this_thread();
        let done = simplify();
        self.simplifying.store(false, Ordering::SeqCst);
        self.report(Report::Simplified(Summary {
            readable: done.text.is_some(),
            changed: done.changed,
            prelude: done.prelude,
            seconds: done.seconds,
        }));
        let Some(text) = done.text.filter(|_| done.changed) else {
            return;
        };
        if self.cancelled() {
            return;
        }
        let (mut group, out) = match self.start(&text) {
            Ok(started) => started,
            Err(e) => return self.report(Report::Failed(e)),
        };
        self.report(Report::Started(Instant::now()));
        match wait_exit(&mut group, Some(self.cancel.as_raw_fd()), None) {
            Waited::Ended(exit) => {
                let output = std::fs::read(&out).unwrap_or_default();
                self.report(Report::Finished {
                    exit,
                    output,
                    trust_sat: !answer::is_unsat_only(&text),
                });
            }
            Waited::Cancelled | Waited::TimedOut => group.kill(),
        }
    }

    /// Start the fresh run on `text` (its output goes to the returned
    /// file).
    fn start(&self, text: &str) -> Result<(Group, std::path::PathBuf), String> {
        let dir = {
            let mut tmp = self.tmp.lock().unwrap_or_else(|e| e.into_inner());
            if tmp.is_none() {
                *tmp = Some(
                    PrivateDir::new("vcsimp-solve-")
                        .map_err(|e| format!("cannot create a temporary directory: {e}"))?,
                );
            }
            tmp.as_ref().expect("made above").path().to_path_buf()
        };
        let id = self.id;
        let script = dir.join(format!("check-{id}.smt2"));
        let out = dir.join(format!("check-{id}.out"));
        let started = (|| {
            std::fs::write(&script, text)?;
            let mut cmd = Command::new(&self.words[0]);
            // SAFETY: `lower_this_process` makes async-signal-safe calls only.
            unsafe {
                cmd.pre_exec(|| {
                    lower_this_process();
                    Ok(())
                });
            }
            cmd.args(&self.words[1..])
                .stdin(std::fs::File::open(&script)?)
                .stdout(std::fs::File::create(&out)?)
                .stderr(Stdio::null());
            Group::spawn(&mut cmd)
        })();
        started
            .map(|group| (group, out))
            .map_err(|e| format!("cannot run the fresh run: {e}"))
    }
}

/// Whether `line` is the echo of `marker` (z3 prints it bare, cvc5 quoted).
fn is_marker(line: &[u8], marker: &str) -> bool {
    let line = String::from_utf8_lossy(line);
    let line = line.trim();
    line == marker || line.strip_prefix('"').and_then(|l| l.strip_suffix('"')) == Some(marker)
}

/// Commands that ask about the result of the last `check-sat`: after an
/// answer from the fresh run they wait for the live session's.
fn asks_about_result(name: &str) -> bool {
    name.starts_with("get-") || matches!(name, "labels" | "eval" | "display" | "simplify")
}

/// Commands that change the solver's state (kept for a replay).
fn changes_state(name: &str) -> bool {
    !(asks_about_result(name)
        || matches!(
            name,
            "check-sat" | "check-sat-assuming" | "echo" | "exit" | "help" | ""
        ))
}

/// The answer word of a fresh run's output: its last `sat` or `unsat` line.
fn answer_word(out: &[u8]) -> Option<&'static str> {
    String::from_utf8_lossy(out)
        .lines()
        .rev()
        .find_map(|l| match l.trim() {
            "sat" => Some("sat"),
            "unsat" => Some("unsat"),
            _ => None,
        })
}

impl Session<'_> {
    fn note(&self, msg: &str) {
        if self.cli.verbose {
            eprintln!("vcsimp solve: {msg}");
        }
    }

    /// Print what the client is owed so far, in one write: the lines of a
    /// long answer (a model) that came in one read of the session's output
    /// go out together, as the solver alone would print them, rather than
    /// one write (and one wake-up of the client) per line. Called before
    /// vcsimp waits for anything.
    fn flush_out(&mut self) -> Result<(), Stop> {
        let written = emit(&self.out);
        self.out.clear();
        written
    }

    fn serve(&mut self, rx: &mpsc::Receiver<Done>) -> Result<i32, Stop> {
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            if let Some(sig) = process::pending_signal() {
                return Err(Stop::Signal(sig));
            }
            while let Ok((id, report)) = rx.try_recv() {
                self.on_report(id, report)?;
            }
            self.pump()?;
            self.poll_race()?;
            self.flush_live();
            self.flush_out()?;
            let timeout = self.poll_timeout();
            let live_out = self.live.stdout.as_raw_fd();
            let wake_read = self.wake_read.as_raw_fd();
            let mut fds = vec![
                libc::pollfd {
                    fd: live_out,
                    events: libc::POLLIN,
                    revents: 0,
                },
                libc::pollfd {
                    fd: wake_read,
                    events: libc::POLLIN,
                    revents: 0,
                },
            ];
            if self.reading {
                fds.push(libc::pollfd {
                    fd: libc::STDIN_FILENO,
                    events: libc::POLLIN,
                    revents: 0,
                });
            }
            if let (Some(stdin), false) = (&self.live.stdin, self.live.pending.is_empty()) {
                fds.push(libc::pollfd {
                    fd: stdin.as_raw_fd(),
                    events: libc::POLLOUT,
                    revents: 0,
                });
            }
            // SAFETY: `fds` is a valid array of `fds.len()` entries.
            let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout) };
            if n <= 0 {
                // A timeout, or a signal (seen at the top of the loop).
                continue;
            }
            // An error or a closed descriptor (POLLNVAL) is ready too: its
            // read fails and ends that stream, rather than `poll` returning
            // at once forever.
            let ready = |fd: RawFd| {
                let ends = libc::POLLIN | libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;
                fds.iter().any(|p| p.fd == fd && p.revents & ends != 0)
            };
            if fds[1].revents != 0 {
                // The reports are read at the top of the loop.
                while let Ok(Some(n)) = read_some(wake_read, &mut chunk) {
                    if n == 0 {
                        break;
                    }
                }
            }
            if ready(live_out) {
                match read_some(live_out, &mut chunk) {
                    Ok(Some(0)) | Err(_) => {
                        let rest = std::mem::take(&mut self.live.partial);
                        if !rest.is_empty() {
                            self.on_line(rest)?;
                        }
                        return self.finish();
                    }
                    Ok(Some(n)) => self.on_output(&chunk[..n])?,
                    Ok(None) => {}
                }
            }
            if self.reading && ready(libc::STDIN_FILENO) {
                match read_some(libc::STDIN_FILENO, &mut chunk) {
                    Ok(Some(0)) | Err(_) => {
                        self.reading = false;
                        self.client.end();
                    }
                    Ok(Some(n)) => self.client.feed(&chunk[..n]),
                    Ok(None) => {}
                }
                self.take_commands();
            }
        }
    }

    /// How long `poll` may wait, in milliseconds: until the race's next
    /// timer, and at most 100 ms, since a signal that comes between the
    /// check at the top of the loop and `poll` does not interrupt it.
    fn poll_timeout(&self) -> libc::c_int {
        let mut next = Duration::from_millis(100);
        if let Some(check) = &self.check {
            if matches!(check.race, Race::Waiting) {
                next = next.min(RACE_DELAY.saturating_sub(check.started.elapsed()));
            }
            if let Some(t) = check.wait_until {
                next = next.min(t.saturating_duration_since(Instant::now()));
            }
        }
        // Rounded up, so that the timer has passed when `poll` returns.
        next.as_micros().div_ceil(1000) as libc::c_int
    }

    /// Queue the client's complete commands (and, after the end of its
    /// input, the end, with the text of an unfinished command).
    fn take_commands(&mut self) {
        while let Some(piece) = self.client.buffered() {
            match piece {
                Piece::Command { raw, start } => self.queue.push_back(Item::Command(raw, start)),
                Piece::Unfinished(text) => {
                    self.queue.push_back(Item::End(text));
                    return;
                }
            }
        }
        if !self.reading {
            self.queue.push_back(Item::End(Vec::new()));
            // Only one end.
            self.client = Commands::new(std::io::empty());
        }
    }

    /// The live session printed `bytes`: handle each complete line.
    fn on_output(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        let mut rest = bytes;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            let mut line = std::mem::take(&mut self.live.partial);
            line.extend_from_slice(&rest[..=i]);
            rest = &rest[i + 1..];
            self.on_line(line)?;
        }
        self.live.partial.extend_from_slice(rest);
        Ok(())
    }

    /// Write what the live session's input can take now.
    fn flush_live(&mut self) {
        let Some(stdin) = &mut self.live.stdin else {
            self.live.pending.clear();
            return;
        };
        while !self.live.pending.is_empty() {
            match stdin.write(&self.live.pending) {
                Ok(0) => break,
                Ok(n) => {
                    self.live.pending.drain(..n);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    // The session is gone: seen when its output ends.
                    self.live.stdin = None;
                    self.live.pending.clear();
                    return;
                }
            }
        }
        if self.live.closing {
            self.live.stdin = None;
        }
    }

    /// Take the client's commands in order while nothing holds them up.
    fn pump(&mut self) -> Result<(), Stop> {
        while !self.closed {
            if self.check.is_some() {
                if !self.ahead && matches!(self.queue.back(), Some(Item::End(_))) {
                    self.send_ahead();
                }
                return Ok(());
            }
            let Some(item) = self.queue.front() else {
                return Ok(());
            };
            let name = match item {
                Item::Command(raw, start) => commands::name(&raw[*start..]).to_string(),
                Item::End(_) => "exit".to_string(),
            };
            if self.behind.is_some() {
                if !(changes_state(&name)
                    || matches!(name.as_str(), "check-sat" | "check-sat-assuming" | "exit"))
                {
                    // A question (about the result, or an echo) waits for
                    // the live session's own answer, so that the result is
                    // still there for the questions after it.
                    return Ok(());
                }
                self.restart(name == "exit")?;
            }
            match self.queue.pop_front().expect("an item") {
                Item::Command(raw, start) => {
                    let (gap, text) = split_gap(&raw, start);
                    if name == "check-sat" {
                        self.start_check(gap, text)?;
                        continue;
                    }
                    let mut sent = [gap, text, b"\n"].concat();
                    self.send(&sent);
                    if changes_state(&name) {
                        self.record(&name, sent);
                    } else {
                        blank(&mut sent);
                        self.log.push(sent);
                    }
                    if name == "exit" {
                        self.close_live();
                    }
                }
                Item::End(rest) => {
                    let (gap, text) = split_gap(&rest, 0);
                    self.send(&[gap, text].concat());
                    self.close_live();
                }
            }
        }
        Ok(())
    }

    /// The client's input is over while a `check-sat` waits for its
    /// answer: send the live session every command still queued (each
    /// `check-sat` between its markers, as [`Session::start_check`] would)
    /// and the end of its input, as the solver alone would have them.
    /// Waiting for the answer first could wait forever: a solver that
    /// answers only at the end of its input, or never prints the marker
    /// (`cat`, a solver without `echo`), would never get there. A solver
    /// reads its commands in order, so its answers are the same; the
    /// queue is then only logged as its turn comes, for a restart, which
    /// sends it again to the new session.
    fn send_ahead(&mut self) {
        let mut text = Vec::new();
        let mut markers = VecDeque::new();
        for item in &self.queue {
            match item {
                Item::Command(raw, start) => {
                    let (gap, cmd) = split_gap(raw, *start);
                    if commands::name(&raw[*start..]) == "check-sat" {
                        self.markers += 2;
                        let before = marker_text(self.markers - 1);
                        let after = marker_text(self.markers);
                        text.extend_from_slice(&check_text(gap, cmd, &before, &after));
                        markers.push_back((before, after));
                    } else {
                        text.extend_from_slice(&[gap, cmd, b"\n"].concat());
                    }
                }
                Item::End(rest) => {
                    let (gap, cmd) = split_gap(rest, 0);
                    text.extend_from_slice(&[gap, cmd].concat());
                }
            }
        }
        self.note("the client's input is over: the commands held go to the solver session");
        self.send(&text);
        self.live.closing = true;
        self.flush_live();
        self.ahead = true;
        self.ahead_markers = markers;
    }

    fn close_live(&mut self) {
        self.live.closing = true;
        self.flush_live();
        self.closed = true;
    }

    /// Write to the live session (what it cannot take at once goes when it
    /// can); a session that is gone is seen when its output ends.
    fn send(&mut self, bytes: &[u8]) {
        if self.live.stdin.is_some() && !self.ahead {
            self.live.pending.extend_from_slice(bytes);
            self.flush_live();
        }
    }

    fn marker(&mut self) -> String {
        self.markers += 1;
        marker_text(self.markers)
    }

    /// The markers of the next `check-sat`: those it was sent with ahead,
    /// or new ones.
    fn check_markers(&mut self) -> (String, String) {
        if self.ahead {
            if let Some(m) = self.ahead_markers.pop_front() {
                return m;
            }
        }
        (self.marker(), self.marker())
    }

    /// Keep a command that changes the state (as sent) for a replay;
    /// blank out the frames a `pop` closes.
    fn record(&mut self, name: &str, sent: Vec<u8>) {
        let level = commands::level(trimmed(&sent));
        if let Some(on) = commands::global_declarations(trimmed(&sent)) {
            self.global_decls |= on;
        }
        match (name, level) {
            ("push", Some(n)) => {
                if matches!(self.prelude, PreludeState::Open) {
                    self.prelude = PreludeState::Found(self.log.len());
                }
                for _ in 0..n {
                    self.frames.push(self.log.len());
                }
            }
            ("pop", Some(n)) if n <= self.frames.len() => {
                let first = self.frames.len() - n;
                let cut = self.frames[first];
                // A `(push N)` whose levels are not all popped stays, and
                // with global declarations so do the frames' declarations.
                let shared = first > 0 && self.frames[first - 1] == cut;
                self.frames.truncate(first);
                if !shared && !self.global_decls {
                    // Options and infos outlive the frame they were set in.
                    for c in &mut self.log[cut..] {
                        if !matches!(commands::name(trimmed(c)), "set-option" | "set-info") {
                            blank(c);
                        }
                    }
                    let mut sent = sent;
                    blank(&mut sent);
                    self.log.push(sent);
                    return;
                }
            }
            ("reset" | "reset-assertions", _) => {
                self.frames.clear();
                self.prelude = PreludeState::Off;
            }
            _ => {}
        }
        self.log.push(sent);
    }

    /// Kill the live session and start a new one with the commands still in
    /// effect (only the options when `options_only`), its output dropped.
    fn restart(&mut self, options_only: bool) -> Result<(), Stop> {
        self.flush_out()?;
        self.live.group.kill();
        self.live = spawn_live(self.words).map_err(Stop::Spawn)?;
        self.behind = None;
        self.ahead = false;
        self.ahead_markers.clear();
        let marker = self.marker();
        let mut replay = Vec::new();
        for c in &self.log {
            if !options_only || commands::name(trimmed(c)) == "set-option" {
                replay.extend_from_slice(c);
            } else {
                replay.extend(c.iter().map(|&b| if b == b'\n' { b'\n' } else { b' ' }));
            }
        }
        // The marker goes before the last line end, so that the lines
        // after it are numbered as in the first session.
        if replay.last() == Some(&b'\n') {
            replay.pop();
        }
        replay.extend_from_slice(format!("(echo \"{marker}\")\n").as_bytes());
        self.note(&format!(
            "restarting the solver session ({} commands replayed)",
            self.log.len()
        ));
        self.send(&replay);
        self.replaying = Some(marker);
        Ok(())
    }

    fn start_check(&mut self, gap: &[u8], text: &[u8]) -> Result<(), Stop> {
        self.checks += 1;
        let id = self.checks;
        let (before, after) = self.check_markers();
        self.send(&check_text(gap, text, &before, &after));
        let mut sent = [gap, text, b"\n"].concat();
        blank(&mut sent);
        let upto = self.log.len();
        self.log.push(sent);
        self.check = Some(Check {
            id,
            before,
            after,
            started_output: false,
            held: Vec::new(),
            started: Instant::now(),
            upto,
            wait_until: None,
            later: Vec::new(),
            race: Race::Waiting,
        });
        Ok(())
    }

    /// The live session has not answered check `id` within [`RACE_DELAY`]:
    /// simplify the commands in effect (`log[..upto]`) on a thread of its
    /// own. With a prelude, it is simplified once (by the first check-sat
    /// after it that gets here) and kept; each check-sat then simplifies
    /// only the commands after it, with the simplified prelude's assertions
    /// kept as they are ([`simplify_script_keeping`]).
    fn start_race(&mut self, id: u64, upto: usize) -> Race {
        if self.simplifying {
            self.note(&format!("check-sat {id}: no fresh run (still simplifying)"));
            return Race::Off;
        }
        let (cancel_read, cancel) = match pipe(libc::O_CLOEXEC) {
            Ok(p) => p,
            Err(e) => {
                self.note(&format!(
                    "check-sat {id}: no fresh run (cannot make a pipe: {e})"
                ));
                return Race::Off;
            }
        };
        let options = self.options.clone();
        let job: Box<dyn FnOnce() -> Simplified + Send> = match &self.prelude {
            PreludeState::Ready(p) if p.end < upto => {
                let p = p.clone();
                let rest = self.log[p.end..upto].concat();
                Box::new(move || simplify_after_prelude(&p, rest, &options))
            }
            PreludeState::Found(end) if *end < upto => {
                let end = *end;
                let source = self.log[..end].concat();
                let rest = self.log[end..upto].concat();
                let whole = self.log[..upto].concat();
                Box::new(move || {
                    let started = Instant::now();
                    let prelude = simplify_prelude(source, end, &options).map(Arc::new);
                    let mut out = match &prelude {
                        Some(p) => simplify_after_prelude(p, rest, &options),
                        None => simplify_whole(whole, &options),
                    };
                    out.prelude = Some(prelude);
                    out.seconds = started.elapsed().as_secs_f64();
                    out
                })
            }
            _ => {
                let whole = self.log[..upto].concat();
                Box::new(move || simplify_whole(whole, &options))
            }
        };
        let simplifying = Arc::new(AtomicBool::new(true));
        let helper = Helper {
            id,
            words: self.words.to_vec(),
            tmp: self.tmp.clone(),
            cancel: cancel_read,
            tx: self.tx.clone(),
            wake: self.wake.clone(),
            simplifying: simplifying.clone(),
        };
        self.simplifying = true;
        self.helpers.retain(|(_, h)| !h.is_finished());
        let handle = std::thread::spawn(move || helper.run(job));
        self.helpers.push((simplifying, handle));
        Race::Going {
            _cancel: cancel,
            running: None,
        }
    }

    fn on_line(&mut self, line: Vec<u8>) -> Result<(), Stop> {
        if let Some(m) = &self.behind {
            if is_marker(&line, m) {
                self.behind = None;
            }
            return Ok(());
        }
        if let Some(m) = &self.replaying {
            if is_marker(&line, m) {
                self.replaying = None;
            }
            return Ok(());
        }
        if self.check.is_none() && self.ahead {
            // The commands sent ahead are logged as their answers come, so
            // that the next check-sat's markers are known.
            self.pump()?;
        }
        let Some(check) = &mut self.check else {
            self.out.extend_from_slice(&line);
            return Ok(());
        };
        if check.wait_until.is_some() {
            check.later.extend_from_slice(&line);
            return Ok(());
        }
        if !check.started_output {
            if is_marker(&line, &check.before) {
                check.started_output = true;
                return Ok(());
            }
            self.out.extend_from_slice(&line);
            return Ok(());
        }
        if !is_marker(&line, &check.after) {
            check.held.extend_from_slice(&line);
            return Ok(());
        }
        // The live session has answered.
        let seconds = check.started.elapsed();
        let unknown = matches!(
            String::from_utf8_lossy(&check.held).trim(),
            "unknown" | "timeout"
        );
        if unknown && matches!(check.race, Race::Going { .. }) {
            // A quarter of the live session's time, and no longer than the
            // fresh run needs to have had as long as the live session: a
            // solver that overruns its timeout or gives up late has the
            // same trouble in the fresh run.
            let quarter = Instant::now() + seconds / 4;
            check.wait_until = Some(match &check.race {
                Race::Going {
                    running: Some(started),
                    ..
                } => quarter.min(*started + seconds),
                _ => quarter,
            });
            let id = check.id;
            self.note(&format!(
                "check-sat {id}: the solver answered unknown ({:.3}s); waiting for the fresh run",
                seconds.as_secs_f64()
            ));
            return Ok(());
        }
        let id = check.id;
        self.note(&format!(
            "check-sat {id}: answer from the solver session ({:.3}s)",
            seconds.as_secs_f64()
        ));
        self.answer_with_live()
    }

    /// End the check with the live session's answer (dropping the check
    /// stops its race).
    fn answer_with_live(&mut self) -> Result<(), Stop> {
        let check = self.check.take().expect("a check");
        self.out.extend_from_slice(&check.held);
        self.handle_later(check.later)
    }

    /// The live session's output that came after its answer to a check now
    /// over: handled as it would have been then.
    fn handle_later(&mut self, later: Vec<u8>) -> Result<(), Stop> {
        for line in later.split_inclusive(|&b| b == b'\n') {
            self.on_line(line.to_vec())?;
        }
        Ok(())
    }

    /// The check that a report for `id` is about: the current one, if it
    /// is `id` and its race still goes.
    fn racing(&mut self, id: u64) -> Option<&mut Check> {
        self.check
            .as_mut()
            .filter(|c| c.id == id && matches!(c.race, Race::Going { .. }))
    }

    fn on_report(&mut self, id: u64, report: Report) -> Result<(), Stop> {
        match report {
            Report::Simplified(done) => self.on_simplified(id, done),
            Report::Started(at) => {
                if let Some(Check {
                    race: Race::Going { running, .. },
                    ..
                }) = self.racing(id)
                {
                    *running = Some(at);
                }
                Ok(())
            }
            Report::Failed(why) => {
                let Some(check) = self.racing(id) else {
                    return Ok(());
                };
                check.race = Race::Off;
                self.note(&format!("check-sat {id}: {why}"));
                self.after_race_lost()
            }
            Report::Finished {
                exit,
                output,
                trust_sat,
            } => self.on_fresh_end(id, exit, &output, trust_sat),
        }
    }

    fn on_simplified(&mut self, id: u64, done: Summary) -> Result<(), Stop> {
        self.simplifying = false;
        // A `reset` since the job started ends the prelude for good.
        let found = matches!(self.prelude, PreludeState::Found(_));
        match done.prelude {
            Some(_) if !found => {}
            Some(Some(p)) => {
                self.note(&format!(
                    "simplified the prelude once ({} commands)",
                    p.commands
                ));
                self.prelude = PreludeState::Ready(p);
            }
            Some(None) => {
                self.note("the prelude cannot be simplified on its own");
                self.prelude = PreludeState::Off;
            }
            None => {}
        }
        let on_prelude = if matches!(self.prelude, PreludeState::Ready(_)) {
            " after the simplified prelude"
        } else {
            ""
        };
        let Some(check) = self.racing(id) else {
            return Ok(());
        };
        if !done.readable {
            check.race = Race::Off;
            self.note(&format!("check-sat {id}: no simplified script to race"));
            return self.after_race_lost();
        }
        if !done.changed {
            check.race = Race::Off;
            self.note(&format!(
                "check-sat {id}: simplification changed nothing{on_prelude} ({:.3}s); no fresh run",
                done.seconds
            ));
            return self.after_race_lost();
        }
        // The helper goes on to the fresh run.
        self.note(&format!(
            "check-sat {id}: simplified{on_prelude} ({:.3}s)",
            done.seconds
        ));
        Ok(())
    }

    /// The fresh run gave nothing: if the live session has answered, that
    /// is the answer.
    fn after_race_lost(&mut self) -> Result<(), Stop> {
        if self.check.as_ref().is_some_and(|c| c.wait_until.is_some()) {
            return self.answer_with_live();
        }
        Ok(())
    }

    /// The race's timers: its start, and the end of the wait for the fresh
    /// run after the live session's `unknown`.
    fn poll_race(&mut self) -> Result<(), Stop> {
        let Some(check) = &mut self.check else {
            return Ok(());
        };
        let id = check.id;
        if matches!(check.race, Race::Waiting) && check.started.elapsed() >= RACE_DELAY {
            let upto = check.upto;
            let race = self.start_race(id, upto);
            let check = self.check.as_mut().expect("a check");
            check.race = race;
            return Ok(());
        }
        if check.wait_until.is_some_and(|t| Instant::now() >= t) {
            self.note(&format!(
                "check-sat {id}: the fresh run did not answer in time"
            ));
            return self.answer_with_live();
        }
        Ok(())
    }

    /// The fresh run of check `id` ended with `output`.
    fn on_fresh_end(
        &mut self,
        id: u64,
        exit: Exit,
        output: &[u8],
        trust_sat: bool,
    ) -> Result<(), Stop> {
        let Some(check) = self.racing(id) else {
            return Ok(());
        };
        let definitive = matches!(exit, Exit::Code(_))
            && answer::read(output, trust_sat) == answer::Reading::Definitive;
        check.race = Race::Off;
        match (definitive, answer_word(output)) {
            (true, Some(word)) => {
                let live_answered = check.wait_until.is_some();
                let after = check.after.clone();
                let seconds = check.started.elapsed().as_secs_f64();
                let later = std::mem::take(&mut check.later);
                self.check = None;
                if !live_answered {
                    self.behind = Some(after);
                }
                self.note(&format!(
                    "check-sat {id}: answer from the simplified script ({seconds:.3}s)"
                ));
                self.out.extend_from_slice(format!("{word}\n").as_bytes());
                self.handle_later(later)
            }
            _ => {
                self.note(&format!("check-sat {id}: the fresh run was not definitive"));
                self.after_race_lost()
            }
        }
    }

    /// The live session ended: print what it still owes and end with its
    /// exit code.
    fn finish(&mut self) -> Result<i32, Stop> {
        // Each check still open prints what the session printed for it
        // (the answers sent ahead may open the next one).
        while let Some(check) = self.check.take() {
            if self.behind.is_none() && self.replaying.is_none() {
                self.out.extend_from_slice(&check.held);
            }
            self.handle_later(check.later)?;
        }
        self.flush_out()?;
        // The session closed its output; wait (a bounded time) for its
        // exit status (the client sees vcsimp's end only after this, so
        // the wait ends as soon as the session does).
        let code = match wait_exit(&mut self.live.group, None, Some(Duration::from_secs(5))) {
            Waited::Ended(Exit::Code(c)) => c,
            Waited::Ended(Exit::Signal(s)) => 128 + s,
            Waited::Cancelled | Waited::TimedOut => 0,
        };
        self.live.group.kill();
        self.join_helpers();
        Ok(code)
    }

    /// Stop every fresh run and wait until the helper threads have killed
    /// them, so that none outlives vcsimp. A helper still simplifying is
    /// left to end with the process: it would start nothing any more (its
    /// race is cancelled first, and it looks before it starts a run).
    fn join_helpers(&mut self) {
        if let Some(check) = &mut self.check {
            check.race = Race::Off;
        }
        for (simplifying, h) in self.helpers.drain(..) {
            if !simplifying.load(Ordering::SeqCst) {
                let _ = h.join();
            }
        }
    }

    fn kill_all(&mut self) {
        let _ = self.flush_out();
        self.join_helpers();
        self.live.group.kill();
    }
}

/// Split a command's text into the blanks and comments before it and the
/// command. The line end that ended the previous command's line is dropped
/// from the blanks: it went with that command already (a solver may read
/// whole lines, and the client sends it only with its next command).
fn split_gap(raw: &[u8], start: usize) -> (&[u8], &[u8]) {
    let (mut gap, text) = raw.split_at(start);
    if let Some(i) = gap.iter().position(|&b| b == b'\n') {
        if gap[..i]
            .iter()
            .all(|&b| b == b' ' || b == b'\t' || b == b'\r')
        {
            gap = &gap[i + 1..];
        }
    }
    (gap, text)
}

/// vcsimp's marker number `n`.
fn marker_text(n: u64) -> String {
    format!("vcsimp-sync-{}-{n}", std::process::id())
}

/// A `check-sat` (`gap`, `text`) as sent: between the echoes of its
/// markers, on its line.
fn check_text(gap: &[u8], text: &[u8], before: &str, after: &str) -> Vec<u8> {
    [
        gap,
        format!("(echo \"{before}\")").as_bytes(),
        text,
        format!("(echo \"{after}\")\n").as_bytes(),
    ]
    .concat()
}

/// Replace a command by blanks, keeping its line ends.
fn blank(text: &mut [u8]) {
    for b in text.iter_mut() {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

/// A logged command without the blanks and comments before it.
fn trimmed(text: &[u8]) -> &[u8] {
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b';' => {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
            }
            b if b.is_ascii_whitespace() => i += 1,
            _ => break,
        }
    }
    &text[i..]
}

/// Print `bytes` to the client at once.
fn emit(bytes: &[u8]) -> Result<(), Stop> {
    if bytes.is_empty() {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::ClientGone),
        Err(e) => {
            eprintln!("vcsimp solve: error: cannot write the answer: {e}");
            Err(Stop::WriteFailed)
        }
    }
}

/// Whether `options` run a pass whose output is sound for `unsat` only.
fn unsat_only(options: &crate::Options) -> bool {
    options
        .passes
        .iter()
        .any(|p| matches!(p.info().soundness, Soundness::UnsatOnly(_)))
}

/// Whether a run's passes rewrote anything.
fn fired(stats: &Stats) -> bool {
    stats.passes.iter().any(|p| p.fired > 0)
}

/// vcsimp's simplified form of `log` (the commands in effect) and a
/// `check-sat`; no text when it does not read.
fn simplify_whole(log: Vec<u8>, options: &crate::Options) -> Simplified {
    let started = Instant::now();
    let mut out = Simplified::default();
    let parsed = String::from_utf8(log).ok().and_then(|mut text| {
        text.push_str("(check-sat)\n");
        parse_script(&text).ok()
    });
    if let Some(parsed) = parsed {
        let outcome = simplify_variant(parsed, options, Variant::MergeThenAffine);
        out.changed = fired(&outcome.stats);
        out.text = Some(outcome.output);
    }
    out.seconds = started.elapsed().as_secs_f64();
    out
}

/// The prelude `source` (the commands before the first `push`, at log
/// index `end`) simplified on its own, or None when it does not read.
///
/// The rest of the session uses the prelude's symbols, which the prelude
/// alone may not: so it is simplified as a script that asks for a model
/// (a `(get-model)` is added, and removed from the result), which keeps
/// the output equivalent to the prelude over the prelude's symbols (the
/// passes that keep only satisfiability stay off). The simplified prelude
/// and the same commands after it are then equisatisfiable with the
/// original ones (equivalent over the symbols of both), and symbols the
/// simplification introduces are declared in its text.
fn simplify_prelude(source: Vec<u8>, end: usize, options: &crate::Options) -> Option<Prelude> {
    let mut text = String::from_utf8(source).ok()?;
    text.push_str("\n(get-model)\n");
    let parsed = parse_script(&text).ok()?;
    let mut outcome = simplify_script_unprinted(parsed, options);
    let before = outcome.script.commands.len();
    outcome
        .script
        .commands
        .retain(|c| !matches!(c.kind, CommandKind::Query(QueryKind::Model)));
    if outcome.script.commands.len() + 1 != before || !outcome.output.is_empty() {
        // Not the one `get-model` added, or lines heading the output
        // (markers of unsat-only passes): not a prelude to build on.
        return None;
    }
    let text = print_script(&outcome.script);
    let commands = parse_script(&text).ok()?.commands.len();
    Some(Prelude {
        end,
        text,
        commands,
        changed: fired(&outcome.stats),
    })
}

/// The simplified prelude `p` and `rest` (the commands in effect after
/// it) simplified with the prelude's assertions kept as they are, and a
/// `check-sat`; no text when it does not read.
fn simplify_after_prelude(p: &Prelude, rest: Vec<u8>, options: &crate::Options) -> Simplified {
    let started = Instant::now();
    let mut out = Simplified::default();
    let parsed = String::from_utf8(rest).ok().and_then(|rest| {
        let text = format!("{}\n{rest}(check-sat)\n", p.text);
        parse_script(&text).ok()
    });
    if let Some(parsed) = parsed {
        let opts = crate::Options {
            passes: Variant::MergeThenAffine.passes(&options.passes),
            ..options.clone()
        };
        let outcome = simplify_script_keeping(parsed, &opts, p.commands);
        out.changed = p.changed || fired(&outcome.stats);
        out.text = Some(format!(
            "{}\n{}",
            Variant::MergeThenAffine.comment(),
            outcome.output
        ));
    }
    out.seconds = started.elapsed().as_secs_f64();
    out
}
