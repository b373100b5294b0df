//! Solver processes that never outlive `vcsimp solve`.
//!
//! Each solver runs as the leader of its own process group, so that killing
//! the group also kills whatever the solver started (a wrapper script's
//! children, a portfolio's workers). A [`Group`] kills its process group
//! with SIGKILL when it is dropped: when the race is over, on an early
//! return, and when a panic unwinds. [`install_signal_handlers`] makes
//! SIGINT, SIGTERM and SIGHUP kill every live group at once (from the
//! handler, with the async-signal-safe `kill`) and record the signal for
//! [`pending_signal`], so that the caller can clean up and die of it. On
//! Linux each solver also gets SIGKILL when the thread that started it
//! ends (`PR_SET_PDEATHSIG`), which covers `vcsimp solve` itself being
//! killed with SIGKILL; spawn groups from a thread that outlives them.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicI32, Ordering};

/// Process groups a signal handler must kill (0: free slot).
static LIVE: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];
/// The signal that asked `vcsimp solve` to stop (0: none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// A running solver, leader of its own process group.
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
    /// Start `cmd` in a new process group.
    pub fn spawn(cmd: &mut Command) -> std::io::Result<Group> {
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        unsafe {
            // SAFETY: prctl is async-signal-safe, the only thing allowed
            // between fork and exec.
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
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

    /// The solver's standard input and output, when they are pipes (taken
    /// once).
    pub fn take_pipes(
        &mut self,
    ) -> (
        Option<std::process::ChildStdin>,
        Option<std::process::ChildStdout>,
    ) {
        (self.child.stdin.take(), self.child.stdout.take())
    }

    /// The process id of the solver (also its group's id).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// How the solver ended, if it has; whatever else its group still
    /// runs is killed then.
    pub fn try_wait(&mut self) -> std::io::Result<Option<Exit>> {
        let status = self.child.try_wait()?;
        Ok(status.map(|s| {
            self.kill_group();
            self.reaped = true;
            self.release();
            Exit::of(s)
        }))
    }

    /// Kill the whole group and reap the solver.
    pub fn kill(&mut self) {
        if !self.reaped {
            self.kill_group();
            let _ = self.child.wait();
            self.reaped = true;
        }
        self.release();
    }

    fn kill_group(&self) {
        // SAFETY: plain system call; a group that is gone gives ESRCH.
        unsafe {
            libc::kill(-(self.child.id() as i32), libc::SIGKILL);
        }
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

extern "C" fn on_signal(sig: libc::c_int) {
    SIGNAL.store(sig, Ordering::SeqCst);
    for s in &LIVE {
        let pid = s.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}

/// The signals after which `vcsimp solve` kills its solvers and stops.
pub const STOP_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Make [`STOP_SIGNALS`] kill every live group and set [`pending_signal`].
pub fn install_signal_handlers() {
    for sig in STOP_SIGNALS {
        // SAFETY: the handler only touches atomics and calls kill.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// The stop signal received since [`install_signal_handlers`], if any.
pub fn pending_signal() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Die of `sig` as if it had never been caught (the exit status then tells
/// the parent which signal it was).
pub fn die_of(sig: i32) -> ! {
    // SAFETY: restoring the default action and raising are plain calls.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
    std::process::exit(128 + sig)
}
