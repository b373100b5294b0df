//! The `vcsimp` binary's contract: exit codes, error messages with
//! positions, no partial output, stdin/stdout and `-o`.

mod common;

use common::feed;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn vcsimp(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run vcsimp");
    feed(&mut child, stdin);
    child.wait_with_output().unwrap()
}

/// A fresh directory under the system temp dir, removed again when the
/// guard goes out of scope (also when the test fails).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("vcsimp-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const GOOD: &str = "(set-logic UFLIA)\n(declare-fun f (Int) Int)\n(assert (forall ((x Int)) (! (> (f x) 0) :pattern ((f x)))))\n(check-sat)\n";

#[test]
fn reads_stdin_and_writes_stdout() {
    for args in [&[][..], &["-"][..], &["--passes", "none"][..]] {
        let o = vcsimp(args, GOOD);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(out.contains(":pattern ((f x))"), "{out}");
        assert!(out.ends_with("(check-sat)\n"));
    }
}

/// Every kind of bad input: exit 1, `path:line:col: error:` on stderr,
/// nothing on stdout, and no `-o` file.
#[test]
fn bad_input_is_a_positioned_error_with_no_output() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "unbalanced",
            "(declare-const x Int)\n(assert (> x 0)\n",
            "bad.smt2:2:1: error: unbalanced",
        ),
        (
            "extra paren",
            "(check-sat))\n",
            "bad.smt2:1:12: error: unexpected ')'",
        ),
        (
            "stray token",
            "(check-sat)\n  #\n(exit)\n",
            "bad.smt2:2:3: error:",
        ),
        (
            "bad string",
            "(echo \"abc)\n",
            "bad.smt2:1:7: error: unterminated string",
        ),
        (
            "bad quoted symbol",
            "(declare-const |x Int)\n",
            "bad.smt2:1:16: error: unterminated quoted symbol",
        ),
        (
            "not a command",
            "x\n",
            "bad.smt2:1:1: error: expected a command",
        ),
        (
            "malformed declare-fun",
            "(declare-fun f Int)\n",
            "bad.smt2:1:1: error: declare-fun expects 3",
        ),
        (
            "malformed let",
            "(declare-const x Int)\n(assert (let ((y)) y))\n",
            "bad.smt2:2:15: error: expected (name term)",
        ),
        (
            "keyword as term",
            "(assert :k)\n",
            "bad.smt2:1:9: error: a keyword is not a term",
        ),
        (
            "bad binder",
            "(assert (forall () true))\n",
            "bad.smt2:1:17: error: a binder needs at least one variable",
        ),
        (
            "bad numeral",
            "(push 1x)\n",
            "bad.smt2:1:7: error: a symbol may not start with a digit",
        ),
    ];
    let dir = temp_dir("bad");
    let input = dir.join("bad.smt2");
    let output = dir.join("out.smt2");
    for (name, text, want) in cases {
        std::fs::write(&input, text).unwrap();
        let o = vcsimp(
            &[input.to_str().unwrap(), "-o", output.to_str().unwrap()],
            "",
        );
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{name}: wrote to stdout");
        assert!(!output.exists(), "{name}: left an output file");
        let err = stderr(&o);
        let want = want.replace("bad.smt2", input.to_str().unwrap());
        assert!(
            err.starts_with(&want),
            "{name}: got {err:?}, want prefix {want:?}"
        );
    }
}

#[test]
fn invalid_utf8_is_an_error() {
    let dir = temp_dir("utf8");
    let input = dir.join("bin.smt2");
    std::fs::write(&input, b"(check-sat)\n(echo \"\xff\")\n").unwrap();
    let o = vcsimp(&[input.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(":2:8: error: input is not valid UTF-8"),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn missing_file_is_an_input_error() {
    let o = vcsimp(&["/nonexistent/x.smt2"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("/nonexistent/x.smt2: error: cannot read input"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--passes", "no-such-pass"][..],
        &["--timeout", "-1"][..],
        &["--bogus-flag"][..],
        &["a", "b"][..],
    ] {
        let o = vcsimp(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn help_lists_passes_and_the_model_guarantee() {
    let o = vcsimp(&["--help"], "");
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("PASSES"), "{out}");
    assert!(out.contains("get-model"), "{out}");
    assert!(out.contains("guarded-eq, elim-assign"), "{out}");
}

/// `--passes` takes a pass' aliases as well as its name.
#[test]
fn passes_accept_aliases() {
    let text = "(declare-const x Int)(assert (> x 0))(check-sat)";
    let by_alias = vcsimp(&["--passes", "elim-assign"], text);
    assert_eq!(by_alias.status.code(), Some(0), "{}", stderr(&by_alias));
    let by_name = vcsimp(&["--passes", "guarded-eq"], text);
    assert_eq!(by_alias.stdout, by_name.stdout);
}

#[test]
fn output_file_and_stats() {
    let dir = temp_dir("out");
    let input = dir.join("in.smt2");
    let output = dir.join("out.smt2");
    let json = dir.join("stats.json");
    std::fs::write(&input, GOOD).unwrap();
    let o = vcsimp(
        &[
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
            "--stats",
            "--stats-json",
            json.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    assert!(std::fs::read_to_string(&output)
        .unwrap()
        .contains("(check-sat)"));
    assert!(stderr(&o).contains("AST nodes"), "{}", stderr(&o));
    let j = std::fs::read_to_string(&json).unwrap();
    for key in [
        "\"input_nodes\"",
        "\"output_nodes\"",
        "\"passes\"",
        "\"stop_reason\"",
        "\"total_seconds\"",
    ] {
        assert!(j.contains(key), "{key} missing in {j}");
    }
}

#[test]
fn unreadable_commands_pass_through_with_a_warning() {
    let text = "(declare-fun s (Int) Real)\n(assert (> (sin 1.0) 0.0))\n(check-sat)\n";
    let o = vcsimp(&[], text);
    assert!(o.status.success());
    assert!(stderr(&o).contains("kept verbatim"), "{}", stderr(&o));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), text);
}

/// Regression inputs that once crashed or hung (see tests/no_panic/): each
/// must give output or a clean error, never a panic.
#[test]
fn no_panic_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/no_panic");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "smt2") {
            n += 1;
            let o = vcsimp(&[p.to_str().unwrap(), "--timeout", "20"], "");
            assert!(
                matches!(o.status.code(), Some(0) | Some(1)),
                "{}: {}",
                p.display(),
                stderr(&o)
            );
            if o.status.code() == Some(1) {
                assert!(
                    stderr(&o).contains(": error: "),
                    "{}: {}",
                    p.display(),
                    stderr(&o)
                );
                assert!(o.stdout.is_empty(), "{}: output on error", p.display());
            }
        }
    }
    assert!(n > 0);
}

#[test]
fn strengthen_is_opt_in_and_marked() {
    let text = "(declare-fun f (Int) Int)(declare-const a Int)(declare-const b Int)\n(assert (not (= (f a) (f b))))\n(check-sat)\n";
    let plain = vcsimp(&[], text);
    assert!(plain.status.success());
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("vcsimp-strengthened"));
    let strong = vcsimp(&["--strengthen"], text);
    assert!(strong.status.success(), "{}", stderr(&strong));
    let err = stderr(&strong);
    let out = String::from_utf8(strong.stdout).unwrap();
    assert!(out.starts_with("; vcsimp --strengthen"), "{out}");
    assert!(
        out.contains("(set-info :vcsimp-strengthened true)"),
        "{out}"
    );
    assert!(err.contains("strengthen"), "{err}");
}

fn stats_json_of(args: &[&str], text: &str, name: &str) -> (Output, String) {
    let dir = temp_dir(name);
    let json = dir.join("stats.json");
    let mut all: Vec<&str> = args.to_vec();
    let json_s = json.to_str().unwrap().to_string();
    all.extend(["--stats-json", &json_s]);
    let o = vcsimp(&all, text);
    let j = std::fs::read_to_string(&json).unwrap_or_default();
    (o, j)
}

/// `--validate` with z3: an equivalent output is proved so, at every
/// check-sat scope, and is what gets written.
#[test]
fn validate_agrees_on_an_equivalent_output() {
    if !common::require("z3") {
        return;
    }
    let text = "(declare-const x Int)(declare-const y Int)\n(assert (and (> x 0) (> x 0) (= y (+ x x))))\n(push 1)\n(assert (< y 1))\n(check-sat)\n(pop 1)\n(check-sat)\n";
    let (o, j) = stats_json_of(&["--validate", "--stats"], text, "validate-agree");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("vcsimp: validate: agree (2 of 2 check-sat scope(s)"),
        "{}",
        stderr(&o)
    );
    assert!(j.contains("\"validate\": {\"verdict\": \"agree\""), "{j}");
    let out = String::from_utf8(o.stdout).unwrap();
    assert_ne!(out, text, "the simplified output is written");
}

/// A disagreement (here: `--strengthen`, which does not keep equivalence)
/// makes vcsimp write the input unchanged and say so on stderr.
#[test]
fn validate_falls_back_to_the_input_on_disagreement() {
    if !common::require("z3") {
        return;
    }
    let text = "(declare-fun f (Int) Int)(declare-const a Int)(declare-const b Int)\n(assert (not (= (f a) (f b))))\n(check-sat)\n";
    let (o, j) = stats_json_of(&["--strengthen", "--validate"], text, "validate-disagree");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--validate: the output disagrees with the input"),
        "{}",
        stderr(&o)
    );
    assert_eq!(String::from_utf8(o.stdout).unwrap(), text);
    assert!(j.contains("\"verdict\": \"disagree\""), "{j}");
}

/// The library check itself on a deliberately wrong output: z3 finds the
/// difference, in the second check-sat scope only.
#[test]
fn validate_library_catches_a_wrong_output() {
    if !common::require("z3") {
        return;
    }
    use simplify::validate::{default_solver, validate_text, Verdict};
    let input =
        "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n(assert (< x 5))\n(check-sat)\n";
    let wrong =
        "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n(assert (< x 6))\n(check-sat)\n";
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(input, wrong, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Disagree, "{v:?}");
    assert!(v.detail.contains("check-sat 2"), "{v:?}");
    assert_eq!(v.agreed, 1);
    let same = validate_text(input, input, &[], &solver).unwrap();
    assert_eq!(same.verdict, Verdict::Agree, "{same:?}");
}

/// A goal that follows from the input only with a fact that a pass derived
/// and kept as an assertion of its own: in this loop-invariant VC the
/// output's `(and (< l m) (<= 1 N))` (from the loop condition and
/// `len = m * N`) is what lets the updates of `b` and `i` drop their
/// `(< (i_2 t) len_0)` guards. Proved one by one, the rewritten updates
/// need that fact among their premises, which the validation adds once
/// it has proved it (without it, z3 does not decide them within 10 s).
#[test]
fn validate_uses_proved_goals_as_lemmas() {
    if !common::require("z3") {
        return;
    }
    use simplify::validate::{default_solver, validate_text, Verdict};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/divergence/arraycopy_barrier/t5_preserve_inv2.smt2");
    let input = std::fs::read_to_string(path).unwrap();
    let out = simplify::simplify_text(&input, &simplify::Options::default()).unwrap();
    let mut bytes = vec![];
    out.write_output(&mut bytes).unwrap();
    let output = String::from_utf8(bytes).unwrap();
    assert!(
        output.contains("(assert (and (< l m) (<= 1 N)))"),
        "{output}"
    );
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(&input, &output, &out.read_back, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
}

/// An output without the definitional axiom of a function it no longer
/// uses (what `prune-defs` does, and reports) is equisatisfiable, and
/// validates; a function defined twice, possibly inconsistently, is not
/// excused, nor is a dropped definition no pass reports.
#[test]
fn validate_accepts_dropped_definitions_of_unused_functions() {
    if !common::require("z3") {
        return;
    }
    use simplify::pass::ReadBack;
    use simplify::validate::{default_solver, validate_text, Verdict};
    let dropped = [ReadBack::DroppedDefinition { name: "f".into() }];
    let decls = "(declare-fun f (Int) Int)\n(declare-const x Int)\n";
    let def = "(assert (forall ((y Int)) (= (f y) (+ y 1))))\n";
    let input = format!("{decls}{def}(assert (> (f x) 3))\n(check-sat)\n");
    let output = format!("{decls}(assert (> (+ x 1) 3))\n(check-sat)\n");
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(&input, &output, &dropped, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let unreported = validate_text(&input, &output, &[], &solver).unwrap();
    assert_eq!(unreported.verdict, Verdict::Disagree, "{unreported:?}");
    // The output must still agree with the rest: a wrong goal is caught.
    let wrong = format!("{decls}(assert (> (+ x 1) 4))\n(check-sat)\n");
    let v = validate_text(&input, &wrong, &dropped, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Disagree, "{v:?}");
    // `f y = y + 1` and `f y = y + 2` together are unsat; dropping both is not.
    let clash = "(assert (forall ((y Int)) (= (f y) (+ y 2))))\n";
    let input = format!("{decls}{def}{clash}(assert (> x 3))\n(check-sat)\n");
    let output = format!("{decls}(assert (> x 3))\n(check-sat)\n");
    let v = validate_text(&input, &output, &dropped, &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{v:?}");
}

/// A reported read-back is checked, not trusted: reading `f(u)` back as
/// `f(mk(u))` would make this output "agree" with the unsatisfiable input
/// (`mk(1) = mk(2)` and `f(mk(1)) ≠ f(mk(2))`) although the output is
/// satisfiable, but `mk` is neither a datatype constructor nor given
/// projection axioms, so it is not known injective and nothing is read
/// back.
#[test]
fn validate_reads_back_only_through_injective_constructors() {
    if !common::require("z3") {
        return;
    }
    use simplify::pass::{ArgShape, ReadBack};
    use simplify::validate::{default_solver, validate_text, Verdict};
    let input = "(declare-sort R 0)\n(declare-fun mk (Int) R)\n(declare-fun f (R) Int)\n\
                 (assert (= (mk 1) (mk 2)))\n(assert (not (= (f (mk 1)) (f (mk 2)))))\n(check-sat)\n";
    let output = "(declare-sort R 0)\n(declare-fun mk (Int) R)\n(declare-fun f (Int) Int)\n\
                  (assert (= (mk 1) (mk 2)))\n(assert (not (= (f 1) (f 2))))\n(check-sat)\n";
    let read_back = [ReadBack::RecordFields {
        name: "f".into(),
        shapes: vec![ArgShape::Fields {
            ctor: "mk".into(),
            fields: vec![ArgShape::Whole],
        }],
    }];
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(input, output, &read_back, &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{v:?}");
    // with the projection axiom, mk is injective and the read-back holds
    let proj = "(declare-fun p (R) Int)\n(assert (forall ((u Int)) (= (p (mk u)) u)))\n";
    let input = input.replace("(assert (= (mk 1)", &format!("{proj}(assert (= (mk 1)"));
    let output = output.replace("(assert (= (mk 1)", &format!("{proj}(assert (= (mk 1)"));
    let v = validate_text(&input, &output, &read_back, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
}

/// A solver that cannot decide: the verdict is `unknown` and the
/// simplified output is still written.
#[test]
fn validate_reports_unknown_when_the_solver_cannot_decide() {
    let dir = temp_dir("validate-unknown");
    let fake = dir.join("undecided-solver.sh");
    std::fs::write(&fake, "#!/bin/sh\ncat >/dev/null\necho unknown\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let text = "(declare-fun f (Int) Int)\n(assert (forall ((x Int)) (and (> (f x) 0) (> (f x) 0))))\n(check-sat)\n";
    let (o, j) = stats_json_of(
        &["--validate-solver", fake.to_str().unwrap(), "--stats"],
        text,
        "validate-unknown-run",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(j.contains("\"verdict\": \"unknown\""), "{j}");
    assert!(stderr(&o).contains("validate: unknown"), "{}", stderr(&o));
    assert!(!String::from_utf8(o.stdout).unwrap().contains("(and"));
    // a missing solver is undecided too, never an error
    let (o, j) = stats_json_of(
        &["--validate-solver", "/nonexistent/solver"],
        text,
        "validate-missing",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(j.contains("cannot run /nonexistent/solver"), "{j}");
}

/// A solver that exits without reading its query closes the pipe under
/// vcsimp's writer: the verdict is undecided, never a failure, and the
/// simplified output is still written.
#[test]
fn validate_tolerates_a_solver_that_exits_early() {
    let mut text = String::from("(declare-fun f (Int) Int)\n");
    // Well over a pipe buffer (64 KiB), so the write meets the closed pipe.
    for i in 0..4000 {
        text.push_str(&format!("(assert (> (f {i}) (+ 0 {i})))\n"));
    }
    text.push_str("(check-sat)\n");
    let (o, j) = stats_json_of(
        &["--validate-solver", "true", "--stats"],
        &text,
        "validate-early-exit",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(j.contains("\"verdict\": \"unknown\""), "{j}");
    // no answer to the whole claim: no step's obligations are asked
    // (thousands of them, each with no answer)
    assert!(!j.contains("step by step"), "{j}");
    assert!(String::from_utf8(o.stdout).unwrap().contains("(check-sat)"));
}

/// A solver that answers `unknown` to everything makes vcsimp split the
/// scope into one obligation per assertion; the number of queries is
/// bounded, and the verdict names what stayed undecided.
#[test]
fn validate_asks_a_bounded_number_of_queries() {
    let mut text = String::from("(declare-fun f (Int) Int)\n");
    for i in 0..2000 {
        text.push_str(&format!("(assert (> (f {i}) (+ 0 {i})))\n"));
    }
    text.push_str("(check-sat)\n");
    let log = temp_dir("validate-bounded-log");
    let calls = log.0.join("calls");
    let solver = format!(
        "sh -c 'cat >/dev/null; echo run >> {}; echo unknown'",
        calls.display()
    );
    let (o, j) = stats_json_of(
        &["--validate-solver", &solver, "--stats"],
        &text,
        "validate-bounded",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(j.contains("\"verdict\": \"unknown\""), "{j}");
    assert!(j.contains("0 of 4000 obligations proved"), "{j}");
    let runs = std::fs::read_to_string(&calls).unwrap().lines().count();
    // the whole scope, then obligations until 32 answers were undecided
    assert!((2..=40).contains(&runs), "{runs} solver runs");
}

/// A reader that closes vcsimp's standard output early (`vcsimp big.smt2 |
/// head -1`) ends vcsimp quietly with exit code 0; the input here is read
/// in full before the first write, so the write meets the closed pipe.
#[test]
fn closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .args(["--passes", "none"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run vcsimp");
    drop(child.stdout.take());
    feed(
        &mut child,
        "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n",
    );
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
}

/// `--variants DIR`: S1 (the main output, MergeQuant then SimpAffine) and
/// S2 (no MergeQuant), each marked, both unsat like the input; bad input
/// writes neither.
#[test]
fn variants_writes_the_papers_two_tasks() {
    let src = "(set-logic UFNIA)(declare-const T Int)(declare-const B Int)(declare-fun a (Int) Int)
      (assert (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (forall ((t Int)) (=> (and (<= 0 t) (< t T)) (= (a (+ (* b T) t)) 0))))))
      (assert (not (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (forall ((t Int)) (=> (and (<= 0 t) (< t T)) (<= (a (+ (* b T) t)) 0)))))))
      (check-sat)";
    let dir = temp_dir("variants");
    let o = vcsimp(&["--variants", dir.to_str().unwrap()], src);
    assert!(o.status.success(), "{}", stderr(&o));
    let main = String::from_utf8(o.stdout).unwrap();
    let s1 = std::fs::read_to_string(dir.join("s1-merge-quant.smt2")).unwrap();
    let s2 = std::fs::read_to_string(dir.join("s2-simp-affine.smt2")).unwrap();
    let (c1, body1) = s1.split_once('\n').unwrap();
    let (c2, body2) = s2.split_once('\n').unwrap();
    assert!(c1.starts_with("; vcsimp variant S1"), "{c1}");
    assert!(c2.starts_with("; vcsimp variant S2"), "{c2}");
    assert_eq!(body1, main, "S1 is the main output");
    // MergeQuant fired in S1 only.
    assert!(body1.contains("(z Int)"), "{body1}");
    assert!(
        !body2.contains("(z Int)") && body2.contains("(t Int)"),
        "{body2}"
    );
    for text in [&s1, &s2] {
        common::assert_unsat(text);
    }
    let bad_dir = temp_dir("variants-bad");
    let o = vcsimp(&["--variants", bad_dir.to_str().unwrap()], "(assert (and p");
    assert_eq!(o.status.code(), Some(1));
    assert!(std::fs::read_dir(&bad_dir).unwrap().next().is_none());
}

/// `--passes default,…` adds an opt-in pass to the default pipeline; the
/// default pipeline alone leaves it out.
#[test]
fn passes_default_adds_opt_in_passes() {
    let text = "(declare-datatypes ((P 0)) (((mk (fst Int) (snd Int)))))
(declare-fun f (P) Int)
(declare-const a Int)
(assert (= (f (mk a 1)) 3))
(check-sat)
";
    let flat = vcsimp(&["--passes", "default,record-args"], text);
    assert!(flat.status.success(), "{}", stderr(&flat));
    let out = String::from_utf8_lossy(&flat.stdout);
    assert!(out.contains("(declare-fun f (Int Int) Int)"), "{out}");
    let plain = vcsimp(&[], text);
    let out = String::from_utf8_lossy(&plain.stdout);
    assert!(out.contains("(declare-fun f (P) Int)"), "{out}");
    let bad = vcsimp(&["--passes", "default,no-such-pass"], text);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
}

/// A script with `define-fun`s: the query states each definition once, so
/// z3 decides it (no "already defined" error), and the output agrees; an
/// output that redefines a symbol otherwise has its own symbol in the
/// query, and a wrong output disagrees.
#[test]
fn validate_agrees_on_scripts_with_definitions() {
    if !common::require("z3") {
        return;
    }
    let text = "(declare-fun x () Int)\n(declare-fun y () Int)\n(define-fun f ((a Int)) Int (+ a (* 2 0) 1))\n(define-fun g () Bool (> x (+ y 0)))\n(assert (and (> (f x) (+ y 0)) g))\n(check-sat)\n";
    let (o, j) = stats_json_of(&["--validate", "--stats"], text, "validate-define-fun");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("vcsimp: validate: agree (1 of 1 check-sat scope(s)"),
        "{}",
        stderr(&o)
    );
    assert!(j.contains("\"verdict\": \"agree\""), "{j}");
    use simplify::validate::{default_solver, validate_text, Verdict};
    let solver = default_solver(std::time::Duration::from_secs(10));
    // the output defines f otherwise (the identity): renamed apart, its
    // assertion still says x > y
    let redefined = "(declare-fun x () Int)\n(declare-fun y () Int)\n(define-fun f ((a Int)) Int a)\n(define-fun g () Bool (> x (+ y 0)))\n(assert (and (> (f x) y) g))\n(check-sat)\n";
    let v = validate_text(text, redefined, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let wrong = "(declare-fun x () Int)\n(declare-fun y () Int)\n(define-fun f ((a Int)) Int (+ a (* 2 0) 1))\n(define-fun g () Bool (> x (+ y 0)))\n(assert (> (f x) y))\n(check-sat)\n";
    let v = validate_text(text, wrong, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Disagree, "{v:?}");
}

/// Why3's output for a VeriCUDA kernel (ArrayCopy, task T1): `record-consts`
/// splits `blockDim` and `gridDim` into fresh field constants, and the
/// validator reads them back, so z3 proves the output equisatisfiable
/// (before, the query failed on the unknown field constants).
#[test]
fn validate_reads_back_split_record_constants_of_real_why3_output() {
    if !common::require("z3") {
        return;
    }
    let path = common::repo_root()
        .join("corpus/why3-real/arraycopy/arraycopy-T1_entry_inv1-t1_entry_inv1.smt2");
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let (o, _) = stats_json_of(&["--validate", "--stats"], &text, "validate-record-consts");
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.lines()
            .any(|l| l.contains("record-consts") && !l.contains("fired      0")),
        "{err}"
    );
    assert!(
        err.contains("vcsimp: validate: agree (1 of 1 check-sat scope(s)"),
        "{err}"
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("(declare-fun blockDim_x () Int)"), "{out}");
}

/// The read-back of a split constant is a witness, not a licence: an
/// output whose field constant is constrained otherwise than the input's
/// field disagrees (a datatype here, so that z3 finds the counter-model).
#[test]
fn validate_split_constant_with_a_wrong_output_disagrees() {
    if !common::require("z3") {
        return;
    }
    use simplify::pass::{Built, ReadBack};
    use simplify::validate::{default_solver, validate_text, Verdict};
    let input = "(declare-datatypes ((thread 0)) (((mk (bid Int) (tid Int)))))\n(declare-const t thread)\n(assert (<= 0 (bid t)))\n(check-sat)\n";
    let output = |bound: &str| {
        format!("(declare-datatypes ((thread 0)) (((mk (bid Int) (tid Int)))))\n(declare-const t thread)\n(declare-fun t_bid () Int)\n(declare-fun t_tid () Int)\n(assert (<= {bound} t_bid))\n(check-sat)\n")
    };
    let read_back = [ReadBack::SplitConstant {
        name: "t".into(),
        value: Built::Record {
            ctor: "mk".into(),
            fields: vec![
                ("bid".into(), Built::Field("t_bid".into())),
                ("tid".into(), Built::Field("t_tid".into())),
            ],
        },
    }];
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(input, &output("0"), &read_back, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let v = validate_text(input, &output("1"), &read_back, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Disagree, "{v:?}");
    // without the read-back the fresh constant is free: no agreement
    let v = validate_text(input, &output("0"), &[], &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{v:?}");
}

/// A solver that answers `unknown` to every query, for the tests of what
/// the validation does when its first solver decides nothing.
fn undeciding_solver() -> simplify::validate::SolverCommand {
    simplify::validate::SolverCommand::parse(
        "sh -c 'cat >/dev/null; echo unknown'",
        std::time::Duration::from_secs(10),
    )
    .unwrap()
}

/// An obligation that the first solver leaves undecided goes to the
/// fallback solver, whose `unsat` proves it and whose `sat` is a
/// disagreement; without a fallback the same run decides nothing.
#[test]
fn validate_asks_the_fallback_solver() {
    if !common::require("z3") {
        return;
    }
    use simplify::validate::{validate_text, SolverCommand, Verdict};
    let z3 = SolverCommand::parse(
        &common::solver_path("z3"),
        std::time::Duration::from_secs(10),
    )
    .unwrap();
    let z3 = SolverCommand {
        args: vec!["-in".into()],
        ..z3
    };
    let input = "(declare-const x Int)\n(assert (> x 0))\n(assert (< x 5))\n(check-sat)\n";
    let output = "(declare-const x Int)\n(assert (>= x 1))\n(assert (<= x 4))\n(check-sat)\n";
    let wrong = "(declare-const x Int)\n(assert (>= x 1))\n(assert (<= x 5))\n(check-sat)\n";
    let alone = validate_text(input, output, &[], &undeciding_solver()).unwrap();
    assert_ne!(alone.verdict, Verdict::Agree, "{alone:?}");
    let solver = undeciding_solver().with_fallback(Some(z3));
    let v = validate_text(input, output, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let w = validate_text(input, wrong, &[], &solver).unwrap();
    assert_eq!(w.verdict, Verdict::Disagree, "{w:?}");
}

/// Why3's `mod_mult` lemma as Why3 prints it, `(< 0 x)`, and as vcsimp
/// writes it, `(<= 1 x)`: z3 rewrites the ground term of the negated goal
/// so that the pattern no longer matches it, and does not decide either
/// direction; cvc5, the default fallback, proves both.
#[test]
fn validate_proves_with_cvc5_what_z3_leaves_undecided() {
    if !common::require("z3") || !common::require("cvc5") {
        return;
    }
    use simplify::validate::{validate_text, SolverCommand, Verdict};
    let timeout = std::time::Duration::from_secs(5);
    let solver = SolverCommand::parse(&common::solver_path("z3"), timeout).unwrap();
    let solver = SolverCommand {
        args: vec!["-in".into()],
        ..solver
    }
    .with_fallback(Some(
        SolverCommand::parse(&common::solver_path("cvc5"), timeout)
            .map(|s| SolverCommand {
                args: vec!["--lang".into(), "smt2".into()],
                ..s
            })
            .unwrap(),
    ));
    let lemma = |guard: &str| {
        format!(
            "(declare-const c Int)\n(assert (> c 2))\n\
             (assert (forall ((x Int) (y Int) (z Int)) (! (=> {guard} (= (mod (+ (* x y) z) x) (mod z x))) :pattern ((mod (+ (* x y) z) x)))))\n(check-sat)\n"
        )
    };
    let (input, output) = (lemma("(< 0 x)"), lemma("(<= 1 x)"));
    let v = validate_text(&input, &output, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let wrong = lemma("(<= 0 x)").replace("(mod z x)", "(mod (+ z 1) x)");
    let w = validate_text(&input, &wrong, &[], &solver).unwrap();
    assert_ne!(w.verdict, Verdict::Agree, "{w:?}");
}

/// An obligation undecided with its whole premise is asked again with
/// only the premises near its goal (sharing symbols with it): here a
/// solver that gives up on any query asserting `(p noise)` decides the
/// smaller question. A weaker premise's `sat` proves nothing, and is not
/// a disagreement: the wrong output stays undecided.
#[test]
fn validate_asks_again_with_the_premises_near_the_goal() {
    if !common::require("z3") {
        return;
    }
    use simplify::validate::{validate_text, SolverCommand, Verdict};
    let script = format!(
        "q=$(cat); case \"$q\" in *'(p noise)'*) echo unknown;; *) printf '%s' \"$q\" | {} -in;; esac",
        common::solver_path("z3")
    );
    let solver = SolverCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script],
        timeout: std::time::Duration::from_secs(10),
        fallback: None,
    };
    let decls = "(declare-const a Int)\n(declare-fun p (Int) Bool)\n(declare-const noise Int)\n";
    let input = format!("{decls}(assert (> a 0))\n(assert (p noise))\n(check-sat)\n");
    let output = format!("{decls}(assert (>= a 1))\n(assert (p noise))\n(check-sat)\n");
    let wrong = format!("{decls}(assert (>= a 0))\n(assert (p noise))\n(check-sat)\n");
    let v = validate_text(&input, &output, &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
    let w = validate_text(&input, &wrong, &[], &solver).unwrap();
    assert_eq!(w.verdict, Verdict::Partial, "{w:?}");
    assert!(w.detail.contains("input assertion 1"), "{w:?}");
}

/// `--validate-fallback CMD` names the second solver; `none` leaves the
/// first alone, whose `unknown` then stands.
#[test]
fn validate_fallback_option() {
    if !common::require("z3") {
        return;
    }
    let text = "(declare-const x Int)\n(assert (> (+ x 1) 1))\n(assert (< x 9))\n(check-sat)\n";
    let undeciding = "sh -c 'cat >/dev/null; echo unknown'";
    let z3 = format!("{} -in", common::solver_path("z3"));
    let (o, j) = stats_json_of(
        &[
            "--validate-solver",
            undeciding,
            "--validate-fallback",
            &z3,
            "--stats",
        ],
        text,
        "validate-fallback",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(j.contains("\"verdict\": \"agree\""), "{j}");
    let (o, j) = stats_json_of(
        &[
            "--validate-solver",
            undeciding,
            "--validate-fallback",
            "none",
            "--stats",
        ],
        text,
        "validate-no-fallback",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!j.contains("\"verdict\": \"agree\""), "{j}");
}
