//! When simplification must stop: the default budget of a run, and the
//! [`Deadline`]s that a run and each of its steps check.
//!
//! Without `--timeout`, a run may spend [`default_cpu_budget`] of CPU time
//! in the passes: it grows with the input's size, from
//! [`BUDGET_BASE`] to at most [`BUDGET_MAX`], and each step (one pass, one
//! e-graph saturation) may take at most [`STEP_SHARE`] of it, so that one
//! slow pass leaves time to the others. The budget counts the pipeline
//! thread's CPU time rather than the wall clock so that the same input
//! gets the same output on an idle and on a loaded machine; a wall-clock
//! bound of [`WALL_FACTOR`] times the budget stops a run all the same on a
//! machine so loaded that the CPU time lags far behind. `--timeout`
//! replaces all of this with one wall-clock deadline for the whole run.
//!
//! # The contract
//!
//! A run with `--timeout T` writes its output within `T` plus a slack that
//! is the time of work linear in the input and the output, whatever the
//! input:
//!
//! * reading and sort-checking the input, and the pipeline's bookkeeping
//!   around the passes (the input's size, deep assertions set aside,
//!   `:named` names, each assertion's list of facts), each linear in the
//!   script (the facts of one assertion in the number of assertions);
//! * the rest of the step that was running when the deadline passed, up to
//!   its next check. Every pass checks the deadline when it starts and
//!   inside its work on one assertion, at intervals of one node of a walk
//!   (a bounded number of nodes for the e-graph's scans), one variable of
//!   a binder (`simp-affine`'s bound analysis, `cooper-qe`'s trial
//!   eliminations) or one command (script passes); between two checks a
//!   pass does work linear in the assertion at most. An e-graph run checks
//!   between iterations and in its procedural scans, then extracts its
//!   terms from an e-graph of at most `--node-limit` nodes, however late;
//! * printing the output, which is never cut short (a partial script
//!   would not be sound): its `let` sharing costs the size of the
//!   output's DAG times the free variables of its terms (a logarithm of
//!   that per scope), so a DAG whose tree expansion is exponential still
//!   prints in linear size.
//!
//! Once the deadline has passed, a pass returns what it has, which is
//! equivalent to its input like any of its results (a term pass a partial
//! rewrite or `None`, a script pass the changes made so far, each sound on
//! its own), and the pipeline starts no further pass, e-graph run or
//! round. The output is complete: every command of the input, with the
//! assertions as far as the passes got.

use std::time::{Duration, Instant};

/// The budget of the smallest inputs.
pub const BUDGET_BASE: Duration = Duration::from_millis(300);
/// The budget grows by this much per AST node of the input's assertions.
pub const BUDGET_PER_NODE: Duration = Duration::from_micros(100);
/// The largest default budget: a run without `--timeout` spends at most
/// this much CPU time simplifying, besides parsing and printing.
pub const BUDGET_MAX: Duration = Duration::from_millis(800);
/// The part of a run's budget one step may use.
pub const STEP_SHARE: f64 = 0.5;
/// The wall-clock bound of a run, as a multiple of its CPU budget.
pub const WALL_FACTOR: u32 = 5;

/// The default CPU budget of a run on assertions of `input_nodes` AST
/// nodes: `BUDGET_BASE + input_nodes * BUDGET_PER_NODE`, at most
/// `BUDGET_MAX`.
pub fn default_cpu_budget(input_nodes: u64) -> Duration {
    let nodes = u32::try_from(input_nodes).unwrap_or(u32::MAX);
    (BUDGET_BASE + BUDGET_PER_NODE.saturating_mul(nodes)).min(BUDGET_MAX)
}

/// The CPU time the calling thread has used so far.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// A CPU-time limit of the thread that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CpuLimit {
    /// The thread's CPU time at which the limit is reached.
    at: Duration,
    /// No earlier than this instant: a thread uses at most one second of
    /// CPU time per second, so before it the limit cannot have been
    /// reached and the (costlier) CPU clock need not be read.
    not_before: Instant,
}

/// The point at which a run or a step must stop: a wall-clock instant, a
/// CPU-time limit of the current thread, both (the earlier one wins), or
/// neither. Checking it ([`Deadline::expired`]) is cheap until the limit
/// draws near.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline {
    wall: Option<Instant>,
    cpu: Option<CpuLimit>,
}

impl Deadline {
    /// No limit.
    pub fn none() -> Deadline {
        Deadline::default()
    }

    /// Stop at the wall-clock instant `at`.
    pub fn at(at: Instant) -> Deadline {
        Deadline {
            wall: Some(at),
            cpu: None,
        }
    }

    /// Stop once the calling thread has used `cpu` more CPU time, or after
    /// `wall` of wall-clock time, whichever comes first.
    pub fn cpu_or_wall(cpu: Duration, wall: Duration) -> Deadline {
        let now = Instant::now();
        Deadline {
            wall: Some(now + wall),
            cpu: Some(CpuLimit {
                at: thread_cpu_time() + cpu,
                not_before: now + cpu,
            }),
        }
    }

    /// True once either limit is reached.
    pub fn expired(&self) -> bool {
        let now = Instant::now();
        if self.wall.is_some_and(|w| now >= w) {
            return true;
        }
        self.cpu
            .is_some_and(|c| now >= c.not_before && thread_cpu_time() >= c.at)
    }

    /// The wall-clock instant, if any.
    pub fn wall(&self) -> Option<Instant> {
        self.wall
    }

    /// The time left before the nearer limit (`None`: no limit).
    pub fn remaining(&self) -> Option<Duration> {
        let now = Instant::now();
        let wall = self.wall.map(|w| w.saturating_duration_since(now));
        let cpu = self.cpu.map(|c| c.at.saturating_sub(thread_cpu_time()));
        match (wall, cpu) {
            (Some(w), Some(c)) => Some(w.min(c)),
            (w, c) => w.or(c),
        }
    }

    /// A step's deadline: this one, or `cpu` more CPU time from now if
    /// that comes first (only when this deadline has a CPU limit: a
    /// wall-clock-only deadline, `--timeout`, is shared by every step).
    pub fn step(&self, cpu: Duration) -> Deadline {
        let Some(c) = self.cpu else { return *self };
        let now = Instant::now();
        let at = (thread_cpu_time() + cpu).min(c.at);
        Deadline {
            wall: self.wall,
            cpu: Some(CpuLimit {
                at,
                not_before: (now + cpu).min(c.not_before.max(now)),
            }),
        }
    }

    /// True when this deadline counts CPU time (the default budget).
    pub fn is_budget(&self) -> bool {
        self.cpu.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_budget_grows_with_the_input_up_to_its_maximum() {
        assert_eq!(default_cpu_budget(0), BUDGET_BASE);
        assert_eq!(default_cpu_budget(1000), Duration::from_millis(400));
        assert_eq!(default_cpu_budget(4000), Duration::from_millis(700));
        assert_eq!(default_cpu_budget(10_000_000), BUDGET_MAX);
    }

    #[test]
    fn no_deadline_never_expires() {
        assert!(!Deadline::none().expired());
        assert_eq!(Deadline::none().remaining(), None);
        assert_eq!(Deadline::none().step(Duration::ZERO), Deadline::none());
    }

    #[test]
    fn a_past_instant_has_expired() {
        let d = Deadline::at(Instant::now());
        assert!(d.expired());
        assert_eq!(d.remaining(), Some(Duration::ZERO));
        // a wall-clock deadline is every step's deadline
        assert_eq!(d.step(Duration::from_secs(1)), d);
    }

    #[test]
    fn cpu_time_is_counted_and_a_step_ends_no_later_than_its_run() {
        let d = Deadline::cpu_or_wall(Duration::from_millis(20), Duration::from_secs(60));
        assert!(!d.expired());
        let step = d.step(Duration::from_millis(5));
        assert!(step.remaining().unwrap() <= Duration::from_millis(5));
        let long = d.step(Duration::from_secs(10));
        assert!(long.remaining().unwrap() <= Duration::from_millis(20));
        // burn CPU until the step's 5 ms are spent
        let mut x = 0u64;
        while !step.expired() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_time() >= Duration::from_millis(5));
        while !d.expired() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        assert!(long.expired());
    }
}
