//! Solver processes and temporary files that never outlive vcsimp.
//!
//! Everything vcsimp starts goes through this module: `vcsimp solve`'s
//! races, `--validate`'s queries and the tests' solver runs.
//!
//! # Command lines
//! [`split_command`] splits `--solver` and `--validate-solver` as a POSIX
//! shell would (quotes and backslashes, no expansion), so that
//! `z3 "tactic.default_tactic=(then simplify smt)"` passes one argument.
//!
//! # Process trees
//! [`Group::spawn`] does not start the solver directly but through a
//! supervisor: the child that `fork` gives, which forks again before
//! `exec`, so the solver is the supervisor's child and the supervisor runs
//! vcsimp's own code (no `exec`, only async-signal-safe calls). The
//! supervisor
//! - leads its own process group and puts the solver in another one, so
//!   that a wrapper script's children and a portfolio's workers share the
//!   solver's group;
//! - on Linux, is a child subreaper (`PR_SET_CHILD_SUBREAPER`): a
//!   descendant whose parent dies, even one that left the group with
//!   `setsid`, becomes its child; and gets SIGTERM when the vcsimp thread
//!   that started it ends (`PR_SET_PDEATHSIG`), which is what happens when
//!   vcsimp is killed with SIGKILL;
//! - on SIGTERM, SIGINT or SIGHUP, kills the solver's group;
//! - when the solver ended, for whatever reason, kills the solver's group
//!   and then, on Linux, every descendant left (its children, read from
//!   `/proc/thread-self/children`, until none is left), and ends as the
//!   solver ended (same exit code, or the same signal).
//!
//! So when [`Group::try_wait`] reports an end, nothing the solver started
//! runs any more; [`Group::kill`] (also on drop and on a panic) sends the
//! supervisor SIGTERM and waits for it. The solver itself gets SIGKILL when
//! the supervisor dies (`PR_SET_PDEATHSIG`), so a supervisor killed with
//! SIGKILL takes at least the solver with it.
//!
//! Limits: a process that leaves the group and whose parent is still
//! alive when the supervisor cleans up is found only through
//! `/proc/thread-self/children`, which needs Linux 3.17 and
//! `CONFIG_PROC_CHILDREN`; without them only the group is killed. Outside
//! Linux there is no subreaper and no parent-death signal: a SIGKILL of
//! vcsimp leaves the solvers running. A process that is killed together
//! with its supervisor (SIGKILL to both at once) cannot be helped.
//!
//! # Signals
//! [`install_signal_handlers`] makes SIGINT, SIGTERM and SIGHUP stop every
//! live solver (SIGTERM to its supervisor) and remove every file that
//! [`write_atomically_with`] is writing. Unless [`defer_signals`] was
//! called, vcsimp then dies of the signal at once; otherwise it records
//! it for [`pending_signal`], so that the caller cleans up and calls
//! [`die_of`].
//!
//! # Temporary files
//! [`PrivateDir`] is a directory with a random name and mode 0700 (the
//! `tempfile` crate). A janitor (`sh`, in its own process group, reading a
//! pipe from vcsimp) removes it if vcsimp ends without saying it removed
//! the directory itself, SIGKILL included. [`write_atomically_with`]
//! writes a file through a `tempfile::NamedTempFile` in the target's
//! directory (random name, created exclusively, so no symbolic link is
//! followed) renamed onto the target (`rename` replaces a link rather than
//! write through it); the temporary file is removed on an error, on a panic
//! and on the signals above.

use std::ffi::CString;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};
use std::time::{Duration, Instant};

/// Split a solver command line as a POSIX shell splits words: blanks
/// separate words, single and double quotes and backslashes quote, and
/// nothing is expanded. An error when it has no word or an unclosed quote.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let words = shlex::split(line).ok_or_else(|| {
        format!("cannot split the command line `{line}`: unclosed quote or trailing backslash")
    })?;
    if words.is_empty() {
        return Err("the solver command line is empty".into());
    }
    Ok(words)
}

/// Supervisors a signal handler must stop (0: free slot).
static LIVE: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];
/// The signal that asked vcsimp to stop (0: none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Whether the handler leaves dying to the caller.
static DEFER: AtomicBool = AtomicBool::new(false);
/// Temporary files being written, removed by the handler (null: free).
/// Each is a leaked C string: the handler may read it at any time, so it
/// is never freed.
static TEMPS: [AtomicPtr<libc::c_char>; 64] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 64];

/// A running solver under its supervisor (see the module documentation).
pub struct Group {
    child: Child,
    slot: Option<usize>,
    reaped: bool,
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// A signal it did not catch ended it (a crash, or another process).
    Signal(i32),
}

impl Exit {
    fn of(status: ExitStatus) -> Exit {
        match (status.code(), status.signal()) {
            (Some(c), _) => Exit::Code(c),
            (None, Some(s)) => Exit::Signal(s),
            (None, None) => Exit::Code(-1),
        }
    }
}

impl Group {
    /// Start `cmd` under a supervisor. Its standard streams are the
    /// solver's; whatever else `cmd` sets (`pre_exec` hooks, registered
    /// before this call, included) applies to both.
    pub fn spawn(cmd: &mut Command) -> std::io::Result<Group> {
        cmd.process_group(0);
        // SAFETY: `supervise` makes async-signal-safe calls only and never
        // returns in the supervisor.
        let vcsimp = std::process::id() as libc::pid_t;
        unsafe {
            cmd.pre_exec(move || supervise(vcsimp));
        }
        let child = cmd.spawn()?;
        let pid = child.id() as i32;
        let slot = LIVE.iter().position(|s| {
            s.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        Ok(Group {
            child,
            slot,
            reaped: false,
        })
    }

    /// The process id of the supervisor.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The solver's standard input, output or error when piped.
    pub fn stdio(
        &mut self,
    ) -> (
        Option<std::process::ChildStdin>,
        Option<std::process::ChildStdout>,
        Option<std::process::ChildStderr>,
    ) {
        (
            self.child.stdin.take(),
            self.child.stdout.take(),
            self.child.stderr.take(),
        )
    }

    /// How the solver ended, if it has; everything it started is gone then.
    pub fn try_wait(&mut self) -> std::io::Result<Option<Exit>> {
        let status = self.child.try_wait()?;
        Ok(status.map(|s| {
            self.reaped = true;
            self.release();
            Exit::of(s)
        }))
    }

    /// Stop the solver and everything it started, and wait until they are
    /// gone.
    pub fn kill(&mut self) {
        if !self.reaped {
            // SAFETY: a plain system call on our own child, not yet reaped.
            unsafe {
                libc::kill(self.child.id() as i32, libc::SIGTERM);
            }
            let _ = self.child.wait();
            self.reaped = true;
        }
        self.release();
    }

    fn release(&mut self) {
        if let Some(i) = self.slot.take() {
            LIVE[i].store(0, Ordering::SeqCst);
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The solver's pid, in the supervisor (0 before the fork).
static SOLVER: AtomicI32 = AtomicI32::new(0);

extern "C" fn supervisor_on_signal(_: libc::c_int) {
    let pid = SOLVER.load(Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// The `pre_exec` hook of [`Group::spawn`], in the child of vcsimp's fork:
/// fork again; the new child returns and becomes the solver, this process
/// stays as its supervisor and never returns. Async-signal-safe only.
fn supervise(vcsimp: libc::pid_t) -> std::io::Result<()> {
    // SAFETY: every call below is async-signal-safe (we are between fork
    // and exec of a multi-threaded process); nothing allocates.
    unsafe {
        #[cfg(target_os = "linux")]
        {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
        }
        let me = libc::getpid();
        let solver = libc::fork();
        if solver < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if solver == 0 {
            // The solver: a group of its own, killed if the supervisor dies.
            libc::setpgid(0, 0);
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0);
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != me {
                    libc::_exit(128 + libc::SIGKILL);
                }
            }
            return Ok(());
        }
        // Both set the group, so it is set before either goes on.
        libc::setpgid(solver, solver);
        // `ps` then tells the supervisor from vcsimp.
        #[cfg(target_os = "linux")]
        libc::prctl(libc::PR_SET_NAME, c"vcsimp-watch".as_ptr());
        SOLVER.store(solver, Ordering::SeqCst);
        for sig in STOP_SIGNALS {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = supervisor_on_signal as *const () as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
        // vcsimp may have died before the parent-death signal was set.
        if libc::getppid() != vcsimp {
            supervisor_on_signal(libc::SIGTERM);
        }
        // The supervisor keeps no stream: the reader of the solver's output
        // sees its end when the solver's processes are gone, and vcsimp's
        // spawn learns of the exec through the solver's copy of its pipe.
        close_all_fds();
        let mut status = 0;
        loop {
            let r = libc::waitpid(solver, &mut status, 0);
            if r == solver {
                break;
            }
            if r < 0 && errno() != libc::EINTR {
                status = libc::SIGKILL; // "killed": the solver cannot be waited for
                break;
            }
        }
        libc::kill(-solver, libc::SIGKILL);
        kill_descendants();
        if libc::WIFEXITED(status) {
            libc::_exit(libc::WEXITSTATUS(status));
        }
        let sig = if libc::WIFSIGNALED(status) {
            libc::WTERMSIG(status)
        } else {
            libc::SIGKILL
        };
        // End of the same signal, without a core dump of the supervisor.
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(me, sig);
        libc::_exit(128 + sig)
    }
}

/// The calling thread's `errno`. Async-signal-safe (no allocation).
fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Close every file descriptor of the calling process. Async-signal-safe.
unsafe fn close_all_fds() {
    #[cfg(target_os = "linux")]
    if libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32) == 0 {
        return;
    }
    for fd in 0..1024 {
        libc::close(fd);
    }
}

/// In the supervisor, after the solver ended: kill every child left (the
/// subreaper inherits the orphans) and reap them, until none is left.
/// Without `/proc/thread-self/children` nothing is waited for, so that a
/// descendant that is not ours to kill cannot hold the supervisor.
/// Async-signal-safe.
unsafe fn kill_descendants() {
    #[cfg(target_os = "linux")]
    loop {
        let mut buf = [0u8; 4096];
        let fd = libc::open(
            c"/proc/thread-self/children".as_ptr(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return;
        }
        let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
        libc::close(fd);
        let mut pid: libc::pid_t = 0;
        for &b in &buf[..n.max(0) as usize] {
            if b.is_ascii_digit() {
                pid = pid * 10 + libc::pid_t::from(b - b'0');
            } else {
                if pid > 0 {
                    libc::kill(pid, libc::SIGKILL);
                }
                pid = 0;
            }
        }
        if pid > 0 {
            libc::kill(pid, libc::SIGKILL);
        }
        let mut status = 0;
        let r = libc::waitpid(-1, &mut status, 0);
        if r < 0 && errno() == libc::ECHILD {
            return;
        }
    }
}

/// The signals after which vcsimp stops its solvers and removes its
/// temporary files.
pub const STOP_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

extern "C" fn on_signal(sig: libc::c_int) {
    SIGNAL.store(sig, Ordering::SeqCst);
    for s in &LIVE {
        let pid = s.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe {
                libc::kill(pid, libc::SIGTERM);
            }
        }
    }
    for t in &TEMPS {
        let path = t.load(Ordering::SeqCst);
        if !path.is_null() {
            // SAFETY: unlink is async-signal-safe; the string is never freed.
            unsafe {
                libc::unlink(path);
            }
        }
    }
    if !DEFER.load(Ordering::SeqCst) {
        die_of(sig);
    }
}

/// Make [`STOP_SIGNALS`] stop every live solver and remove the temporary
/// files being written, then end vcsimp of the signal (or, after
/// [`defer_signals`], set [`pending_signal`]). Installing twice is
/// harmless.
pub fn install_signal_handlers() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for sig in STOP_SIGNALS {
            // SAFETY: the handler touches atomics and makes
            // async-signal-safe calls only.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(sig, &action, std::ptr::null_mut());
            }
        }
    });
}

/// From now on a stop signal only sets [`pending_signal`] (after stopping
/// the solvers): the caller cleans up and calls [`die_of`].
pub fn defer_signals() {
    DEFER.store(true, Ordering::SeqCst);
    install_signal_handlers();
}

/// The stop signal received since [`install_signal_handlers`], if any.
pub fn pending_signal() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Die of `sig` as if it had never been caught (the exit status then tells
/// the parent which signal it was). Async-signal-safe.
pub fn die_of(sig: i32) -> ! {
    // SAFETY: restoring the default action, unblocking and raising are
    // plain calls.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
        libc::_exit(128 + sig)
    }
}

/// How a [`run`] ended.
#[derive(Debug)]
pub struct Finished {
    /// How the solver ended; `None` when it was killed at the time limit.
    pub exit: Option<Exit>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Run `argv` under a [`Group`] with `input` on its standard input,
/// killed with everything it started after `limit`; its output. Writing
/// the input stops quietly when the solver closes its input early (it
/// stopped at `(exit)` or an error): its output says what happened. An
/// error only when it cannot be started.
pub fn run(argv: &[String], input: &[u8], limit: Duration) -> std::io::Result<Finished> {
    run_command(
        Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
        input,
        limit,
    )
}

/// [`run`] for a prepared command (its standard streams are set here).
pub fn run_command(cmd: &mut Command, input: &[u8], limit: Duration) -> std::io::Result<Finished> {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut group = Group::spawn(cmd)?;
    let (stdin, stdout, stderr) = group.stdio();
    std::thread::scope(|s| {
        s.spawn(move || {
            if let Some(mut w) = stdin {
                // A solver that closed its input early is no error here.
                let _ = w.write_all(input);
            }
        });
        let out = s.spawn(move || read_all(stdout));
        let err = s.spawn(move || read_all(stderr));
        let mut pause = Duration::from_millis(1);
        let exit = loop {
            match group.try_wait() {
                Ok(Some(exit)) => break Some(exit),
                Ok(None) if start.elapsed() >= limit => {
                    group.kill();
                    break None;
                }
                Ok(None) => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
                Err(_) => {
                    group.kill();
                    break None;
                }
            }
        };
        Ok(Finished {
            exit,
            stdout: out.join().unwrap_or_default(),
            stderr: err.join().unwrap_or_default(),
        })
    })
}

fn read_all(stream: Option<impl Read>) -> Vec<u8> {
    let mut buf = Vec::new();
    if let Some(mut s) = stream {
        let _ = s.read_to_end(&mut buf);
    }
    buf
}

/// A private temporary directory (random name, mode 0700), removed with
/// everything in it when dropped, and by a janitor process when vcsimp
/// ends without dropping it (a SIGKILL).
pub struct PrivateDir {
    dir: Option<tempfile::TempDir>,
    janitor: Option<Child>,
}

impl PrivateDir {
    /// A new directory under the system's temporary directory, named
    /// `PREFIX` and random characters.
    pub fn new(prefix: &str) -> std::io::Result<PrivateDir> {
        use std::os::unix::fs::PermissionsExt;
        // tempfile gives a directory the umask's mode unless told.
        let dir = tempfile::Builder::new()
            .prefix(prefix)
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir()?;
        // The janitor waits for a line on its input: `done` when vcsimp
        // removed the directory itself, end of file when vcsimp died. Its
        // own group keeps a terminal's Ctrl-C (which vcsimp handles) from
        // ending it first.
        let janitor = Command::new("/bin/sh")
            .args([
                "-c",
                r#"read -r line; [ "$line" = done ] || rm -rf -- "$1""#,
                "vcsimp-janitor",
            ])
            .arg(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .ok();
        Ok(PrivateDir {
            dir: Some(dir),
            janitor,
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("present until dropped").path()
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let removed = self.dir.take().is_some_and(|d| d.close().is_ok());
        if let Some(mut j) = self.janitor.take() {
            if let Some(mut w) = j.stdin.take() {
                let _ = w.write_all(if removed { b"done\n" } else { b"remove\n" });
            }
            let _ = j.wait();
        }
    }
}

/// Write `data` to `path` atomically (see [`write_atomically_with`]).
pub fn write_atomically(path: &Path, data: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |w| w.write_all(data))
}

/// Write what `write` writes (through a buffer) to `path` atomically: a
/// temporary file with a random name in the same directory, renamed onto
/// `path` once complete, so a failure never leaves a partial output and
/// no link is followed; the temporary file is removed on an error, a panic
/// and a stop signal ([`install_signal_handlers`], installed here). The
/// file gets the permissions a new file gets (0666 less the umask).
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    install_signal_handlers();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".vcsimp.tmp")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)?;
    let armed = Armed::new(tmp.path());
    let written = (|| {
        let mut w = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    let result = written.and_then(|_| tmp.persist(path).map(|_| ()).map_err(|e| e.error));
    drop(armed);
    result
}

/// A temporary file's path registered for the signal handler.
struct Armed(Option<usize>);

impl Armed {
    fn new(path: &Path) -> Armed {
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return Armed(None);
        };
        let ptr = c.into_raw();
        let slot = TEMPS.iter().position(|t| {
            t.compare_exchange(
                std::ptr::null_mut(),
                ptr,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        });
        if slot.is_none() {
            // SAFETY: never shared: it went into no slot.
            drop(unsafe { CString::from_raw(ptr) });
        }
        Armed(slot)
    }
}

impl Drop for Armed {
    fn drop(&mut self) {
        // The string is leaked: a signal handler may still be reading it.
        if let Some(i) = self.0 {
            TEMPS[i].store(std::ptr::null_mut(), Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_as_a_shell_splits_them() {
        assert_eq!(split_command("z3 -in").unwrap(), ["z3", "-in"]);
        assert_eq!(
            split_command(r#"z3 "tactic.default_tactic=(then simplify smt)" -in"#).unwrap(),
            ["z3", "tactic.default_tactic=(then simplify smt)", "-in"]
        );
        assert_eq!(
            split_command(r"'/opt/my solver/z3' a\ b").unwrap(),
            ["/opt/my solver/z3", "a b"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("z3 \"open").is_err());
    }

    #[test]
    fn a_run_feeds_its_input_and_reads_its_output() {
        let argv = [
            "/bin/sh".to_string(),
            "-c".into(),
            "cat; echo e >&2; exit 3".into(),
        ];
        let f = run(&argv, b"hello\n", Duration::from_secs(60)).unwrap();
        assert_eq!(f.exit, Some(Exit::Code(3)));
        assert_eq!(f.stdout, b"hello\n");
        assert_eq!(f.stderr, b"e\n");
    }

    #[test]
    fn a_run_that_closes_its_input_early_is_no_error() {
        let argv = [
            "/bin/sh".to_string(),
            "-c".into(),
            "exec 0<&-; echo ok".into(),
        ];
        let big = vec![b'x'; 1 << 20];
        let f = run(&argv, &big, Duration::from_secs(60)).unwrap();
        assert_eq!(f.exit, Some(Exit::Code(0)));
        assert_eq!(f.stdout, b"ok\n");
    }

    #[test]
    fn a_crash_is_reported_as_its_signal() {
        let argv = ["/bin/sh".to_string(), "-c".into(), "kill -SEGV $$".into()];
        let f = run(&argv, b"", Duration::from_secs(60)).unwrap();
        assert_eq!(f.exit, Some(Exit::Signal(libc::SIGSEGV)));
    }

    #[test]
    fn a_program_that_does_not_exist_cannot_start() {
        let argv = ["/nonexistent/solver".to_string()];
        assert!(run(&argv, b"", Duration::from_secs(60)).is_err());
    }

    #[test]
    fn atomic_writes_replace_links_and_leave_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("victim");
        std::fs::write(&target, "keep").unwrap();
        let link = dir.path().join("out.smt2");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
        assert!(!std::fs::symlink_metadata(&link).unwrap().is_symlink());
        let failed =
            write_atomically_with(&dir.path().join("x"), |_| Err(std::io::Error::other("no")));
        assert!(failed.is_err());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    #[test]
    fn a_private_dir_is_private_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let d = PrivateDir::new("vcsimp-test-").unwrap();
        let path = d.path().to_path_buf();
        std::fs::write(path.join("f"), "x").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        drop(d);
        assert!(!path.exists());
    }
}
