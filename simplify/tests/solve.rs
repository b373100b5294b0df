//! `vcsimp solve`: agreement with the solver, first answer wins, time
//! budgets, crashing solvers, and no solver outliving vcsimp. Most tests use
//! `tests/solve/fake-solver.sh`, whose behaviour per run (input, S1, S2)
//! is set by environment variables; none measures time.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const INPUT: &str = "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n";

struct Case {
    dir: PathBuf,
    input: PathBuf,
}

impl Case {
    fn new(name: &str, text: &str) -> Case {
        let dir =
            std::env::temp_dir().join(format!("vcsimp-solve-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pids")).unwrap();
        let input = dir.join("in.smt2");
        std::fs::write(&input, text).unwrap();
        Case { dir, input }
    }

    fn pids(&self) -> PathBuf {
        self.dir.join("pids")
    }

    /// `vcsimp solve -v --solver fake-solver.sh ARGS in.smt2` with the
    /// fake solver acting as `acts` says (input, S1, S2).
    fn command(&self, acts: [&str; 3], args: &[&str]) -> Command {
        self.command_with(&fake_solver().display().to_string(), acts, args)
    }

    /// [`Case::command`] with the solver command line `solver`.
    fn command_with(&self, solver: &str, acts: [&str; 3], args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vcsimp"));
        cmd.arg("solve")
            .arg("-v")
            .arg("--solver")
            .arg(solver)
            .args(args)
            .arg(&self.input)
            .env("FAKE_INPUT", acts[0])
            .env("FAKE_S1", acts[1])
            .env("FAKE_S2", acts[2])
            .env("FAKE_PIDS", self.pids())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    fn run(&self, acts: [&str; 3], args: &[&str]) -> Output {
        self.command(acts, args).output().expect("run vcsimp solve")
    }

    /// Every pid a fake solver recorded (runs and their children).
    fn recorded_pids(&self) -> Vec<i32> {
        std::fs::read_dir(self.pids())
            .unwrap()
            .flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                !name.ends_with(".tmp") && !name.ends_with(".nice") && !name.ends_with(".policy")
            })
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .filter_map(|s| s.trim().parse().ok())
            .collect()
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn fake_solver() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/solve/fake-solver.sh")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Whether process `pid` still runs (a zombie does not).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => {
            let state = stat.rsplit_once(')').map(|(_, r)| r.trim_start());
            !matches!(state.and_then(|s| s.chars().next()), Some('Z' | 'X'))
        }
    }
}

/// Wait until every process of `pids` is gone; a SIGKILLed process may
/// take a moment to die. Panics if some still runs after many checks.
fn assert_all_gone(pids: &[i32]) {
    for _ in 0..500 {
        if !pids.iter().any(|&p| alive(p)) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let left: Vec<_> = pids.iter().filter(|&&p| alive(p)).collect();
    panic!("processes outlived vcsimp solve: {left:?}");
}

/// Wait until the fake solver recorded `files` in `dir`.
fn wait_for(dir: &Path, files: &[&str]) {
    for _ in 0..3000 {
        if files.iter().all(|f| dir.join(f).exists()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the fake solver never recorded {files:?}");
}

#[test]
fn the_simplified_run_answers_when_the_input_run_hangs() {
    let c = Case::new("s1-wins", INPUT);
    let o = c.run(["hang", "unsat", "hang"], &[]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("answer from: s1"), "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn the_runs_on_vcsimps_outputs_are_nicer_than_the_input_run() {
    // Every run hangs until the budget ends, so that each has recorded its
    // priority by then however slowly the machine starts it (a run that
    // answered at once could end the others before they record).
    let c = Case::new("nice", INPUT);
    let o = c.run(["hang", "hang", "hang"], &["--time-limit", "3"]);
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    let nice = |run: &str| -> i32 {
        let text = std::fs::read_to_string(c.pids().join(format!("{run}.nice"))).unwrap();
        text.trim().parse().unwrap()
    };
    assert!(
        nice("s1") > nice("input") || nice("input") == 19,
        "{} {}",
        nice("s1"),
        nice("input")
    );
    if cfg!(target_os = "linux") {
        let policy =
            |run: &str| std::fs::read_to_string(c.pids().join(format!("{run}.policy"))).unwrap();
        // 5: SCHED_IDLE, runs only on a CPU nothing else wants
        assert_eq!(policy("s1").trim(), "5");
        assert_eq!(policy("input").trim(), "0");
    }
}

/// Under the solver's own limit (here `-T:2`), the input's run is the
/// solver alone: an answer within that limit counts even when the runs on
/// vcsimp's outputs hang, and a run that hangs is ended (by its own limit,
/// plus a grace, or by `--time-limit`), every process with it. Whether an
/// answer just past the limit still counts depends on the machine's speed
/// and is not tested.
#[test]
fn under_the_solvers_own_limit_the_input_run_ends_on_its_own() {
    let c = Case::new("own-limit", INPUT);
    let own = format!("{} -T:2", fake_solver().display());
    let run = |acts: [&str; 3], solver: &str, args: &[&str]| {
        let mut cmd = c.command_with(solver, acts, args);
        cmd.env("FAKE_LATE", "0.2");
        cmd.output().expect("run vcsimp solve")
    };
    let o = run(["late", "hang", "hang"], &own, &["--jobs", "2"]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
    let o = run(["hang", "hang", "hang"], &own, &["--jobs", "2"]);
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
    let plain = fake_solver().display().to_string();
    let o = run(
        ["hang", "hang", "hang"],
        &plain,
        &["--jobs", "2", "--time-limit", "1"],
    );
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn the_input_run_answers_with_its_model_when_the_simplified_run_hangs() {
    let c = Case::new("input-wins", INPUT);
    let o = c.run(["sat", "hang", "hang"], &[]);
    assert_eq!(stdout(&o), "sat\n((x 1))\n", "{}", stderr(&o));
    assert!(stderr(&o).contains("answer from: input"), "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn the_winner_exit_code_and_stderr_are_passed_on() {
    let c = Case::new("exit-code", INPUT);
    let o = c.run(["exit3", "hang", "hang"], &[]);
    assert_eq!(stdout(&o), "unsat\n");
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("a note"), "{}", stderr(&o));
}

#[test]
fn undecided_runs_leave_the_answer_to_the_input_run() {
    let c = Case::new("undecided", INPUT);
    // S1 is undecided at once; the input's own `timeout` is what the
    // solver alone would have printed.
    let o = c.run(["timeout", "unknown", "unknown"], &[]);
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    let o = c.run(["unknown", "timeout", "timeout"], &[]);
    assert_eq!(stdout(&o), "unknown\n", "{}", stderr(&o));
    // An error on the input is passed on as the solver printed it.
    let o = c.run(["error", "unknown", "unknown"], &[]);
    assert!(stdout(&o).starts_with("(error"), "{}", stdout(&o));
    assert_eq!(o.status.code(), Some(1));
}

/// A reader that closed standard output before the answer (`vcsimp solve
/// … | head -0`) ends vcsimp solve quietly with exit code 0, as it ends
/// vcsimp itself; the read end is closed before vcsimp starts, so the
/// answer always meets the broken pipe, on an answer and on `timeout`.
#[test]
fn closed_stdout_ends_quietly() {
    let c = Case::new("closed-stdout", INPUT);
    for (acts, args) in [
        (["unsat", "unsat", "unsat"], &[][..]),
        (["hang", "hang", "hang"], &["--time-limit", "0.5"][..]),
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = c
            .command(acts, args)
            .stdout(writer)
            .output()
            .expect("run vcsimp solve");
        assert_eq!(o.status.code(), Some(0), "{acts:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("error"), "{acts:?}: {}", stderr(&o));
        assert_all_gone(&c.recorded_pids());
    }
}

#[test]
fn the_budget_ends_every_run_with_timeout() {
    let c = Case::new("budget", INPUT);
    let o = c.run(["hang", "hang", "hang"], &["--time-limit", "0.5"]);
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn with_one_job_the_runs_take_turns() {
    let c = Case::new("one-job", INPUT);
    // S1 runs first and hangs until its share (half the budget) ends, then
    // the input answers.
    let o = c.run(
        ["unsat", "hang", "hang"],
        &["--jobs", "1", "--time-limit", "1"],
    );
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("s1: out of time"), "{err}");
    assert!(err.contains("answer from: input"), "{err}");
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn a_crashing_run_loses_and_prints_nothing() {
    let c = Case::new("crash", INPUT);
    // The crashing input run printed `sat` before dying: never shown.
    let o = c.run(["crash", "unsat", "unsat"], &[]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    // One job: S1 is undecided first, then the input crashes.
    let o = c.run(["crash", "unknown", "unknown"], &["--jobs", "1"]);
    assert_eq!(stdout(&o), "unknown\n", "{}", stderr(&o));
    assert!(
        stderr(&o).contains("input: killed by signal 11"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn when_every_run_crashes_vcsimp_says_so_and_prints_nothing() {
    let c = Case::new("all-crash", INPUT);
    let o = c.run(["crash", "crash", "crash"], &[]);
    assert_eq!(stdout(&o), "");
    assert_eq!(o.status.code(), Some(128 + 11));
    assert!(
        stderr(&o).contains("crashed on every script"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn sat_from_an_unsat_only_output_is_never_trusted() {
    let c = Case::new("strengthen", INPUT);
    let o = c.run(["unknown", "sat", "sat"], &["--strengthen"]);
    assert_eq!(stdout(&o), "unknown\n", "{}", stderr(&o));
    assert!(
        stderr(&o).contains("s1: sat from an unsat-only output"),
        "{}",
        stderr(&o)
    );
    let o = c.run(["hang", "unsat", "unsat"], &["--prune-unused"]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    // Without the opt-in passes the same sat is trusted.
    let o = c.run(["unknown", "sat", "sat"], &[]);
    assert_eq!(stdout(&o), "sat\n((x 1))\n", "{}", stderr(&o));
}

#[test]
fn the_s2_variant_races_where_it_differs() {
    let file =
        common::repo_root().join("corpus/vericuda/arraycopy_multblocks/t4_preserve_inv2.smt2");
    let c = Case::new("s2", &std::fs::read_to_string(file).unwrap());
    // Three jobs: with fewer, S2 would wait for a slot that never frees.
    let o = c.run(["hang", "hang", "unsat"], &["--jobs", "3"]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    assert!(stderr(&o).contains("answer from: s2"), "{}", stderr(&o));
    assert_all_gone(&c.recorded_pids());
    // Where S2 prints as S1 it is not run a second time (every run that
    // starts answers at once, so no time limit is needed to end the race).
    let c = Case::new("no-s2", INPUT);
    let o = c.run(["unknown", "unknown", "unsat"], &[]);
    assert_eq!(stdout(&o), "unknown\n", "{}", stderr(&o));
    assert!(!stderr(&o).contains("s2:"), "{}", stderr(&o));
}

#[test]
fn what_the_solvers_started_dies_with_them() {
    let c = Case::new("children", INPUT);
    let o = c.run(["spawn", "unsat", "spawn"], &[]);
    assert_eq!(stdout(&o), "unsat\n", "{}", stderr(&o));
    let pids = c.recorded_pids();
    assert!(!pids.is_empty());
    assert_all_gone(&pids);
}

#[test]
fn a_signal_to_vcsimp_kills_every_solver() {
    let c = Case::new("signal", INPUT);
    let mut child = c.command(["spawn", "spawn", "spawn"], &[]).spawn().unwrap();
    wait_for(&c.pids(), &["input", "input.child", "s1", "s1.child"]);
    // SAFETY: a plain system call on our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(15), "{status:?}");
    assert_all_gone(&c.recorded_pids());
}

#[test]
fn a_solver_that_cannot_start_is_a_clear_error() {
    let c = Case::new("no-solver", INPUT);
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["solve", "--solver", "/nonexistent/solver"])
        .arg(&c.input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(127));
    assert!(
        stderr(&o).contains("cannot run /nonexistent/solver"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["solve", "--solver", " "])
        .arg(&c.input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// With z3 itself, `vcsimp solve` gives z3's answers on corpus files,
/// sat (with the model asked for) and unsat.
#[test]
fn agrees_with_z3() {
    if !common::require("z3") {
        return;
    }
    let z3 = common::solver_path("z3");
    let sat = "(set-option :produce-models true)\n(declare-const x Int)\n(assert (and (> x 2) (< x 4)))\n(check-sat)\n(get-value (x))\n";
    let c = Case::new("z3-sat", sat);
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["solve", "--solver", &format!("{z3} -T:20")])
        .arg(&c.input)
        .output()
        .unwrap();
    assert_eq!(stdout(&o), "sat\n((x 3))\n", "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    for file in [
        "corpus/examples/arraycopy_t5.smt2",
        "corpus/vericuda/arraycopy_multblocks/t4_preserve_inv2.smt2",
    ] {
        let path = common::repo_root().join(file);
        let alone = common::run_solver(
            &["z3", "-T:20", &path.display().to_string()],
            "",
            std::time::Duration::from_secs(60),
        )
        .unwrap_or_default();
        let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
            .args(["solve", "--solver", &format!("{z3} -T:20")])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(stdout(&o), "unsat\n", "{file}: {}", stderr(&o));
        if alone != "timeout\n" {
            assert_eq!(stdout(&o), alone, "{file}");
        }
    }
}

/// The entries of `dir` whose names start with `prefix`.
fn entries(dir: &Path, prefix: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect()
}

/// Killed with SIGKILL, vcsimp solve can clean nothing up itself: the
/// solvers' supervisors kill every process a wrapper-script solver
/// started (a grandchild, and one that left the group with setsid), and
/// the janitor removes the temporary directory.
#[test]
fn sigkill_of_vcsimp_leaves_no_process_and_no_file() {
    let c = Case::new("sigkill", INPUT);
    let tmp = c.dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let mut child = c
        .command(["wrap", "wrap", "wrap"], &["--jobs", "2"])
        .env("TMPDIR", &tmp)
        .spawn()
        .unwrap();
    let files: Vec<String> = ["input", "s1"]
        .iter()
        .flat_map(|r| ["", ".child", ".grandchild", ".escapee"].map(|f| format!("{r}{f}")))
        .collect();
    wait_for(
        &c.pids(),
        &files.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let dirs = entries(&tmp, "vcsimp-solve-");
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(tmp.join(&dirs[0]))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700, "the temporary directory is private");
    child.kill().unwrap();
    child.wait().unwrap();
    let pids = c.recorded_pids();
    assert_eq!(pids.len(), files.len(), "{pids:?}");
    assert_all_gone(&pids);
    for _ in 0..500 {
        if entries(&tmp, "").is_empty() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("left behind: {:?}", entries(&tmp, ""));
}

/// `--solver` is split as a shell splits it: an option whose value holds
/// blanks and parentheses reaches the solver as one argument.
#[test]
fn a_quoted_solver_option_is_one_argument() {
    if !common::require("z3") {
        return;
    }
    let z3 = common::solver_path("z3");
    let c = Case::new("quoted", INPUT);
    let solver = format!("'{z3}' -T:20 \"tactic.default_tactic=(then simplify smt)\"");
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["solve", "--jobs", "1", "--solver", &solver])
        .arg(&c.input)
        .output()
        .unwrap();
    assert_eq!(stdout(&o), "sat\n", "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    // An unclosed quote is a usage error, not a guess. (Split at blanks, the
    // value above would be three arguments, and z3 would reject them.)
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["solve", "--solver", "z3 \"unclosed"])
        .arg(&c.input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("unclosed quote"), "{}", stderr(&o));
}
