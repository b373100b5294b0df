//! `--validate` step by step ([`simplify::validate::validate_steps`]): a
//! run whose whole check stays undecided agrees when each of its steps
//! is proved, a wrong step never lets it agree, and each step's
//! read-backs read that step's pair back.

mod common;

use simplify::pass::Snapshot;
use simplify::validate::{validate, validate_steps, SolverCommand, Verdict};
use simplify::PassId;
use smtlib_io::{parse_script, print_script, Script};
use std::time::Duration;

/// z3, except that a query whose claim mentions both `(+ x 0)` and
/// `(= y x)` gets `unknown`: the claims comparing the first script of the
/// tests below with their last one stay undecided, whatever is asked.
fn blind_solver() -> SolverCommand {
    let z3 = common::solver_path("z3");
    let script = format!(
        "q=$(cat); case \"$q\" in *'(+ x 0)'*'(= y x)'*|*'(= y x)'*'(+ x 0)'*) echo unknown;; \
         *) printf '%s\\n' \"$q\" | '{z3}' -in;; esac"
    );
    SolverCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script],
        timeout: Duration::from_secs(10),
        fallback: None,
    }
}

fn script(assertion: &str) -> Script {
    let text = format!(
        "(declare-const x Int)(declare-const y Int)(assert (> x 3))(assert {assertion})(check-sat)"
    );
    parse_script(&text).unwrap()
}

fn step(label: &str, s: &Script) -> Snapshot {
    Snapshot {
        label: label.into(),
        script: s.clone(),
        read_back: vec![],
    }
}

/// The whole check is undecided; the two steps, each proved, make the
/// run agree, and the detail names them.
#[test]
fn a_run_whose_steps_are_proved_agrees() {
    if !common::require("z3") {
        return;
    }
    let solver = blind_solver();
    let (input, middle, output) = (
        script("(= y (+ x 0))"),
        script("(= y (+ 0 x))"),
        script("(= y x)"),
    );
    let whole = validate(&input, &output, &[], &solver);
    assert_ne!(whole.verdict, Verdict::Agree, "{}", whole.detail);
    let steps = [step("first", &middle), step("second", &output)];
    let v = validate_steps(&input, &output, &[], &steps, &solver);
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
    assert_eq!(v.agreed, 1);
    assert!(
        v.detail
            .contains("step by step, all 2 steps: first, second"),
        "{}",
        v.detail
    );
}

/// A wrong step disagrees, even when a later step undoes it; a step left
/// out (the chain does not reach the output) or undecided leaves the run
/// short of agreeing.
#[test]
fn a_wrong_step_never_agrees() {
    if !common::require("z3") {
        return;
    }
    let solver = blind_solver();
    let (input, wrong, output) = (
        script("(= y (+ x 0))"),
        script("(= y (+ x 1))"),
        script("(= y x)"),
    );
    let steps = [step("wrong", &wrong), step("back", &output)];
    let v = validate_steps(&input, &output, &[], &steps, &solver);
    assert_eq!(v.verdict, Verdict::Disagree, "{}", v.detail);
    assert!(
        v.detail.contains("the step `wrong` disagrees"),
        "{}",
        v.detail
    );
    // a chain whose one step is the whole run is as undecided as the whole
    let v = validate_steps(&input, &output, &[], &[step("all", &output)], &solver);
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
    assert_ne!(v.verdict, Verdict::Disagree, "{}", v.detail);
}

/// The steps of a real run, each validated with its own read-backs
/// alone: `arrays-as-funs` re-declares `a` in its step and `prune-defs`
/// drops a definition in its own, and each step agrees; the last step's
/// script is the output.
#[test]
fn each_step_reads_back_with_its_own_read_backs() {
    if !common::require("z3") {
        return;
    }
    let src = "(declare-fun a (Int) (Array Int Int))(declare-fun f (Int) Int)\
               (assert (forall ((i Int)) (= (f i) (+ i 1))))\
               (declare-const k Int)\
               (assert (> (select (a k) 2) (+ k 1)))(check-sat)";
    let options = simplify::Options::default();
    let out = simplify::pipeline::simplify_script_in_steps(parse_script(src).unwrap(), &options);
    let passes: Vec<&str> = out.stats.passes.iter().map(|p| p.name).collect();
    assert!(
        passes.contains(&PassId::parse("arrays-as-funs").unwrap().name()),
        "{passes:?}"
    );
    assert!(
        out.steps.len() >= 2,
        "{:?}",
        out.steps.iter().map(|s| &s.label)
    );
    let last = out.steps.last().unwrap();
    assert_eq!(print_script(&last.script), print_script(&out.script));
    let input = parse_script(src).unwrap();
    let solver = simplify::validate::default_solver(Duration::from_secs(10));
    let mut before = &input;
    for s in &out.steps {
        let v = validate(before, &s.script, &s.read_back, &solver);
        assert_eq!(
            v.verdict,
            Verdict::Agree,
            "step `{}`: {}",
            s.label,
            v.detail
        );
        before = &s.script;
    }
    // a step given none of its read-backs does not agree
    let changed = out
        .steps
        .iter()
        .position(|s| !s.read_back.is_empty())
        .expect("some step reports a read-back");
    let before = match changed {
        0 => &input,
        k => &out.steps[k - 1].script,
    };
    let v = validate(before, &out.steps[changed].script, &[], &solver);
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
    let v = validate_steps(&input, &out.script, &out.read_back, &out.steps, &solver);
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
}

/// z3, except that a whole claim `I = O` (a query with `(not (= (and`)
/// or a claim mentioning `(- y 0)` gets `unknown`.
fn whole_and_marker_blind_solver() -> SolverCommand {
    let z3 = common::solver_path("z3");
    let script = format!(
        "q=$(cat); case \"$q\" in *'(not (= (and'*|*'(- y 0)'*) echo unknown;; \
         *) printf '%s\\n' \"$q\" | '{z3}' -in;; esac"
    );
    SolverCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script],
        timeout: Duration::from_secs(10),
        fallback: None,
    }
}

/// A run whose whole claim and one step stay undecided still agrees when
/// the whole claim's obligations, asked after the steps, are proved; a
/// wrong output with the same undecided step does not.
#[test]
fn the_whole_obligations_are_asked_after_an_undecided_step() {
    if !common::require("z3") {
        return;
    }
    let solver = whole_and_marker_blind_solver();
    let (input, middle, output) = (
        script("(= y (+ x 0))"),
        script("(= (- y 0) x)"),
        script("(= y x)"),
    );
    let steps = [step("blind", &middle), step("last", &output)];
    let v = validate_steps(&input, &output, &[], &steps, &solver);
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
    assert!(v.detail.contains("then undecided: `blind`"), "{}", v.detail);
    let wrong = script("(= y (+ x 1))");
    let steps = [step("blind", &middle), step("last", &wrong)];
    let v = validate_steps(&input, &wrong, &[], &steps, &solver);
    assert_eq!(v.verdict, Verdict::Disagree, "{}", v.detail);
}
