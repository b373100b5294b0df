//! `vcsimp solve --interactive`: the solver's pipe protocol. With z3, the
//! whole output (and exit code) of a session is z3's own, fed at once or by
//! a client that waits for each answer; with a fake solver
//! (`tests/interactive/fake-live.py`) whose live session never answers a
//! check-sat, the fresh run on the simplified stack answers and the live
//! session is restarted for the commands that follow. A session that hangs
//! fails after a fixed time instead of blocking the suite.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Far above what any answer here takes: only a hang reaches it.
const HANG: Duration = Duration::from_secs(120);

fn vcsimp(solver: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vcsimp"));
    cmd.args(["solve", "--interactive", "-v", "--solver", solver])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// The output and exit code of `cmd` given `script` at once.
fn run_whole(mut cmd: Command, script: &str) -> (String, Option<i32>) {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start");
    common::feed(&mut child, script);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = rx
        .recv_timeout(HANG)
        .expect("the session hangs")
        .expect("output");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

fn z3_alone() -> Command {
    let mut cmd = Command::new(common::solver_path("z3"));
    cmd.arg("-in");
    cmd
}

fn assert_same_as_z3(script: &str) {
    let z3 = format!("{} -in", common::solver_path("z3"));
    let alone = run_whole(z3_alone(), script);
    let through = run_whole(vcsimp(&z3), script);
    assert_eq!(through, alone, "through vcsimp vs z3 alone on\n{script}");
}

const SESSION: &str = "\
(set-option :print-success true)
(set-option :produce-models true)
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (= (+ x y) 10))
(push 1)
(assert (= x 3))
(check-sat)
(get-value (x y))
(echo \"a (quoted) | string\")
(pop 1)
(push 2)
(assert (> x 20))
(assert (> y 20))
(check-sat)
(pop 2)
(pop 5)
(assert (= x (+ y 2)))
(check-sat)
(get-value (x y))
(undeclared-command)
(assert (> z 0))
(check-sat)
";

#[test]
fn a_session_answers_as_z3_alone() {
    if !common::require("z3") {
        return;
    }
    // With exit, and with the input ending without one.
    assert_same_as_z3(&format!("{SESSION}(exit)\n(check-sat)\n"));
    assert_same_as_z3(SESSION);
    // Several commands on a line, comments, and no line end at the end.
    assert_same_as_z3(
        "(declare-const x Int) ; x\n(assert (> x 0)) (check-sat) (get-value (x)) (assert (< x 0)) (check-sat)",
    );
}

/// A client that sends one command and waits for its answer lines.
struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Client {
    fn start(mut cmd: Command) -> Client {
        let mut child = cmd.spawn().expect("start vcsimp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            lines,
        }
    }

    fn ask(&mut self, command: &str, answers: &[&str]) {
        writeln!(self.stdin, "{command}").unwrap();
        self.stdin.flush().unwrap();
        for want in answers {
            let got = self
                .lines
                .recv_timeout(HANG)
                .unwrap_or_else(|_| panic!("no answer to {command}: the session hangs"));
            assert_eq!(&got, want, "answer to {command}");
        }
    }

    /// The exit code and the standard error after the input ends.
    fn end(self) -> (Option<i32>, String) {
        drop(self.stdin);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(self.child.wait_with_output());
        });
        let out = rx.recv_timeout(HANG).expect("vcsimp does not end").unwrap();
        assert!(
            self.lines.try_recv().is_err(),
            "output after the last answer"
        );
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

#[test]
fn a_client_that_waits_for_each_answer() {
    if !common::require("z3") {
        return;
    }
    let z3 = format!("{} -in", common::solver_path("z3"));
    let mut c = Client::start(vcsimp(&z3));
    c.ask("(set-option :print-success true)", &["success"]);
    c.ask("(declare-const x Int)", &["success"]);
    c.ask("(push 1)", &["success"]);
    c.ask("(assert (and (> x 4) (< x 6)))", &["success"]);
    c.ask("(check-sat)", &["sat"]);
    c.ask("(get-value (x))", &["((x 5))"]);
    c.ask("(assert (< x 5))", &["success"]);
    c.ask("(check-sat)", &["unsat"]);
    c.ask("(pop 1)", &["success"]);
    c.ask("(check-sat)", &["sat"]);
    c.ask("(echo \"done\")", &["done"]);
    c.ask("(exit)", &["success"]);
    let (code, _) = c.end();
    assert_eq!(code, Some(0));
}

struct Fake {
    dir: PathBuf,
}

impl Fake {
    fn new(name: &str) -> Fake {
        let dir =
            std::env::temp_dir().join(format!("vcsimp-interactive-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Fake { dir }
    }

    fn command(&self, live: &str, fresh: &str) -> Command {
        let fake = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive/fake-live.py");
        let mut cmd = vcsimp(&fake.display().to_string());
        cmd.env("FAKE_LIVE", live)
            .env("FAKE_FRESH", fresh)
            .env("FAKE_PIDS", &self.dir);
        cmd
    }

    fn live_pids(&self) -> Vec<i32> {
        self.pids("live")
    }

    /// The fresh runs that hang (FAKE_FRESH=hang).
    fn fresh_pids(&self) -> Vec<i32> {
        self.pids("fresh")
    }

    fn pids(&self, file: &str) -> Vec<i32> {
        std::fs::read_to_string(self.dir.join(file))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn alive(pid: i32) -> bool {
    // A zombie has no more cmdline; a live process has one.
    std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| !c.is_empty())
}

#[test]
fn the_fresh_run_answers_when_the_live_session_does_not() {
    let fake = Fake::new("fresh");
    let mut c = Client::start(fake.command("hang", "unsat"));
    c.ask("(declare-const x Int)", &[]);
    c.ask("(push 1)", &[]);
    c.ask("(assert (and (> x 0) (< x 0)))", &[]);
    c.ask("(check-sat)", &["unsat"]);
    // The live session is still in its check-sat: the next command starts
    // a new one, which answers in its place.
    c.ask("(pop 1)", &[]);
    c.ask("(echo \"after\")", &["after"]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("answer from the simplified script"),
        "{stderr}"
    );
    let pids = fake.live_pids();
    assert_eq!(pids.len(), 2, "one restart: {pids:?}\n{stderr}");
    assert!(
        pids.iter().all(|&p| !alive(p)),
        "a live session outlived vcsimp"
    );
}

/// A restart replays a long log into a session that answers every
/// command (`:print-success`): more than a pipe holds goes each way at
/// once, so vcsimp must read the new session's output while it writes the
/// replay.
#[test]
fn a_long_replay_into_a_session_that_answers_each_command() {
    const N: usize = 20_000;
    let fake = Fake::new("long-replay");
    let mut cmd = fake.command("hang", "unsat");
    cmd.env("FAKE_SUCCESS", "1");
    let mut c = Client::start(cmd);
    c.ask("(set-option :print-success true)", &["success"]);
    let decls: String = (0..N)
        .map(|i| format!("(declare-const x{i} Int)\n"))
        .collect();
    c.stdin.write_all(decls.as_bytes()).unwrap();
    c.ask("(push 1)", &vec!["success"; N + 1]);
    c.ask("(assert (and (> x0 0) (< x0 0)))", &["success"]);
    c.ask("(check-sat)", &["unsat"]);
    c.ask("(pop 1)", &["success"]);
    c.ask("(echo \"after\")", &["after"]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(fake.live_pids().len(), 2, "one restart: {stderr}");
}

#[test]
fn a_model_question_after_a_fresh_answer_waits_for_the_live_session() {
    let fake = Fake::new("values");
    let mut cmd = fake.command("sat", "sat");
    cmd.env("FAKE_LIVE_DELAY", "2");
    let mut c = Client::start(cmd);
    c.ask("(declare-const x Int)", &[]);
    c.ask("(assert (> x 0))", &[]);
    c.ask("(check-sat)", &["sat"]);
    // Whoever answered first, the values come from the live session.
    c.ask("(get-value (x))", &["((x 1))"]);
    c.ask("(exit)", &[]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(fake.live_pids().len(), 1, "no restart: {stderr}");
}

/// A prelude (the commands before the first push) whose facts decide the
/// pushed parts: `c > 5` refutes `c = 0` (a definition of `c` if read
/// without the prelude) and `(f c) = 6`; `d = 2c` with `c > 5` allows
/// `d = 14` but not `d < 12`. The prelude's `and` is split, so its
/// simplification always changes it.
const PRELUDE_SESSION: &str = "\
(declare-const c Int)
(declare-const d Int)
(define-fun f ((a Int)) Int (+ a 1))
(assert (and (> c 5) (= d (* 2 c))))
(push 1)
(assert (= c 0))
(check-sat)
(pop 1)
(push 1)
(assert (= (f c) 6))
(check-sat)
(pop 1)
(push 1)
(assert (= d 14))
(check-sat)
(pop 1)
(push 1)
(declare-const e Int)
(assert (= e (+ d 1)))
(assert (< d 12))
(check-sat)
(pop 1)
";

const PRELUDE_ANSWERS: [&str; 4] = ["unsat", "unsat", "sat", "unsat"];

#[test]
fn a_session_with_a_prelude_answers_as_z3_alone() {
    if !common::require("z3") {
        return;
    }
    assert_same_as_z3(PRELUDE_SESSION);
    let z3 = format!("{} -in", common::solver_path("z3"));
    let (out, _) = run_whole(z3_alone(), PRELUDE_SESSION);
    assert_eq!(out.lines().collect::<Vec<_>>(), PRELUDE_ANSWERS, "{z3}");
}

/// Every answer comes from a fresh run (the live session never answers),
/// here z3 on the simplified script: the simplified prelude and each
/// pushed part simplified after it answer as the raw commands do, and the
/// prelude is simplified once for the four check-sats.
#[test]
fn the_prelude_is_simplified_once_and_the_fresh_runs_answer_right() {
    if !common::require("z3") {
        return;
    }
    let fake = Fake::new("prelude");
    let mut cmd = fake.command("hang", "z3");
    cmd.env("FAKE_Z3", common::solver_path("z3"));
    let mut c = Client::start(cmd);
    let mut answers = PRELUDE_ANSWERS.iter();
    for line in PRELUDE_SESSION.lines() {
        match line {
            "(check-sat)" => c.ask(line, &[answers.next().unwrap()]),
            _ => c.ask(line, &[]),
        }
    }
    c.ask("(echo \"done\")", &["done"]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr.matches("simplified the prelude once").count(),
        1,
        "{stderr}"
    );
    assert_eq!(
        stderr
            .matches("simplified after the simplified prelude")
            .count(),
        4,
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("answer from the simplified script").count(),
        4,
        "{stderr}"
    );
}

/// A simplification that changes nothing starts no fresh run: here the
/// fake fresh run would answer `unsat`, and the live session's `sat` (after
/// a second, past the race's delay) is the answer.
#[test]
fn no_fresh_run_when_simplification_changes_nothing() {
    let fake = Fake::new("unchanged");
    let mut cmd = fake.command("sat", "unsat");
    cmd.env("FAKE_LIVE_DELAY", "1");
    let mut c = Client::start(cmd);
    c.ask("(declare-const p Bool)", &[]);
    c.ask("(declare-const q Bool)", &[]);
    c.ask("(assert (or p q))", &[]);
    c.ask("(check-sat)", &["sat"]);
    c.ask("(exit)", &[]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("simplified script"), "{stderr}");
}

/// The prelude is simplified by the first check-sat that runs past the
/// race's delay, and only then: a session whose check-sats all answer
/// at once simplifies nothing.
#[test]
fn no_simplification_when_every_check_sat_answers_before_the_delay() {
    let fake = Fake::new("quick");
    let mut c = Client::start(fake.command("unsat", "sat"));
    // The fake session is up (Python has started) before the first
    // check-sat's clock starts.
    c.ask("(echo \"up\")", &["up"]);
    let mut checks = 0;
    for line in PRELUDE_SESSION.lines() {
        if line == "(check-sat)" {
            checks += 1;
            c.ask(line, &["unsat"]);
        } else {
            c.ask(line, &[]);
        }
    }
    c.ask("(exit)", &[]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr.matches("answer from the solver session").count(),
        checks,
        "{stderr}"
    );
    assert!(!stderr.contains("simplified"), "{stderr}");
    assert!(fake.fresh_pids().is_empty(), "a fresh run started");
}

/// A long answer that the solver prints in one write (a model, here 300
/// lines) goes to the client in one write too, not one per line: vcsimp's
/// count of write calls (`/proc/PID/io`, where the system keeps it) stays
/// far below the answer's lines.
#[test]
fn a_long_answer_goes_to_the_client_in_one_write() {
    use std::io::Read;
    const LINES: usize = 300;
    let fake = Fake::new("one-write");
    let mut cmd = fake.command("sat", "sat");
    cmd.env("FAKE_VALUE_LINES", LINES.to_string());
    let mut child = cmd.stderr(Stdio::null()).spawn().expect("start vcsimp");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    writeln!(stdin, "(get-value (x))").unwrap();
    stdin.flush().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut got = Vec::new();
        let mut buf = vec![0u8; 1 << 16];
        while got.iter().filter(|&&b| b == b'\n').count() < LINES + 2 {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
        let _ = tx.send(String::from_utf8_lossy(&got).into_owned());
    });
    let answer = rx.recv_timeout(HANG).expect("no answer: the session hangs");
    let io = std::fs::read_to_string(format!("/proc/{}/io", child.id()));
    drop(stdin);
    let _ = child.wait();
    assert_eq!(answer.lines().count(), LINES + 2, "{answer:?}");
    assert!(answer.ends_with(")\n"), "{answer:?}");
    let Ok(io) = io else {
        return;
    };
    let writes: usize = io
        .lines()
        .find_map(|l| l.strip_prefix("syscw:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("syscw in /proc/PID/io");
    assert!(writes < 20, "{writes} write calls for one answer");
}

/// The live session answers (once the fresh run has started) while the
/// fresh run, which never answers, still goes: the live answer is the
/// answer, and the fresh run is killed and gone by the time vcsimp ends.
#[test]
fn the_live_answer_ends_a_fresh_run_that_goes_on() {
    let fake = Fake::new("fresh-killed");
    let mut cmd = fake.command("sat", "hang");
    cmd.env("FAKE_LIVE_AFTER_FRESH", "1");
    let mut c = Client::start(cmd);
    for line in PRELUDE_SESSION.lines().take(7) {
        if line == "(check-sat)" {
            c.ask(line, &["sat"]);
        } else {
            c.ask(line, &[]);
        }
    }
    c.ask("(echo \"after\")", &["after"]);
    let (code, stderr) = c.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("check-sat 1: answer from the solver session"),
        "{stderr}"
    );
    let fresh = fake.fresh_pids();
    assert_eq!(fresh.len(), 1, "one fresh run: {stderr}");
    assert!(!alive(fresh[0]), "the fresh run outlived vcsimp");
}

#[test]
fn usage_errors() {
    for args in [
        &["solve", "--interactive", "--solver", "z3 -in", "in.smt2"][..],
        &[
            "solve",
            "--interactive",
            "--solver",
            "z3 -in",
            "--time-limit",
            "3",
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// `vcsimp solve --interactive --solver CMD` given `script` at once (a
/// solver given as a shell command line).
fn run_shell_solver(solver: &str, script: &str) -> (String, Option<i32>) {
    run_whole(vcsimp(solver), script)
}

/// `cat` answers nothing and ends only at the end of its input: once the
/// client's input is over, the commands held behind the check-sat (which
/// `cat` never answers) go to it with the end of its input, and vcsimp
/// ends with what `cat` printed: what it was sent, the check-sat between
/// vcsimp's markers.
#[test]
fn a_solver_that_echoes_its_input_ends_at_the_end_of_it() {
    for (script, rest) in [
        ("(check-sat)\n(exit)\n", &["(exit)"][..]),
        ("(check-sat)\n", &[][..]),
        (
            "(check-sat)\n(get-model)\n(check-sat)",
            &["(get-model)", "(echo \"vcsimp-sync-"][..],
        ),
    ] {
        let (out, code) = run_shell_solver("cat", script);
        assert_eq!(code, Some(0), "{script:?}: {out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), rest.len() + 1, "{script:?}: {out}");
        assert!(
            lines[0].starts_with("(echo \"vcsimp-sync-") && lines[0].contains(")(check-sat)(echo"),
            "{script:?}: {out}"
        );
        for (line, want) in lines[1..].iter().zip(rest) {
            assert!(line.starts_with(want), "{script:?}: {out}");
        }
    }
}

/// A solver that exits without answering ends vcsimp with its exit code
/// and prints nothing; one that answers only at the end of its input
/// (which vcsimp closes once the client's is over) is heard out.
#[test]
fn a_solver_that_does_not_answer_the_check_sat() {
    let script = "(check-sat)\n(get-model)\n";
    assert_eq!(
        run_shell_solver("sh -c 'exit 3'", script),
        (String::new(), Some(3))
    );
    assert_eq!(
        run_shell_solver("sh -c 'read l; exit 5'", script),
        (String::new(), Some(5))
    );
    assert_eq!(
        run_shell_solver("sh -c 'cat >/dev/null; echo late; exit 4'", script),
        ("late\n".to_string(), Some(4))
    );
}

/// A whole script fed at once to a live session that never answers: the
/// commands behind the first check-sat go to the session with the end of
/// its input, and each check-sat is still raced (the fresh run answers)
/// and each command after a fresh answer that changes the state still
/// restarts the session.
#[test]
fn a_script_fed_at_once_races_each_check_sat() {
    let fake = Fake::new("whole");
    let script = "\
(declare-const x Int)
(push 1)
(assert (and (> x 0) (< x 0)))
(check-sat)
(pop 1)
(push 1)
(assert (and (> x 1) (< x 0)))
(check-sat)
(pop 1)
(echo \"after\")
";
    let (out, code) = run_whole(fake.command("hang", "unsat"), script);
    assert_eq!((out.as_str(), code), ("unsat\nunsat\nafter\n", Some(0)));
    let pids = fake.live_pids();
    assert_eq!(pids.len(), 3, "two restarts: {pids:?}");
    assert!(
        pids.iter().all(|&p| !alive(p)),
        "a live session outlived vcsimp"
    );
}

/// A whole script fed at once whose live session answers `unknown` late
/// while the fresh run, about as slow, may answer just before or after
/// it: the answers of the commands sent ahead behind the check-sat are
/// printed after its answer, in order, whichever run gave it.
#[test]
fn the_answers_sent_ahead_follow_the_check_sat_answer() {
    let fake = Fake::new("ahead-unknown");
    let mut cmd = fake.command("unknown", "unsat");
    cmd.env("FAKE_LIVE_DELAY", "2")
        .env("FAKE_FRESH_DELAY", "1.9");
    let script = "\
(declare-const x Int)
(assert (and (> x 0) (< x 0)))
(check-sat)
(echo \"mid\")
(check-sat)
(echo \"after\")
";
    let (out, code) = run_whole(cmd, script);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!((lines[1], lines[3]), ("mid", "after"), "{out}");
    for answer in [lines[0], lines[2]] {
        assert!(matches!(answer, "unknown" | "unsat"), "{out}");
    }
}
