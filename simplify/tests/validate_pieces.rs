//! `--validate`'s narrower claims for an obligation left undecided: a
//! certified goal proved piece by piece (each conjunct of the hint from
//! the premise, the hint implying the goal from none), and z3's second
//! configuration. A correct claim agrees through them; a wrong one never
//! agrees, and a `sat` of the second configuration is no disagreement.

mod common;

use simplify::pass::ReadBack;
use simplify::validate::{validate_text, SolverCommand, Verdict};
use std::time::Duration;

const INPUT: &str = "(declare-fun f (Int) Int)\
                     (assert (forall ((x Int)) (= (f x) (+ x 1))))(check-sat)";

/// The output: the input's axiom, and `∀y. f(y) > y` (true) or
/// `∀y. f(y) > y + 1` (false) derived from it.
fn output(claim: &str) -> String {
    format!(
        "(declare-fun f (Int) Int)(assert (forall ((x Int)) (= (f x) (+ x 1))))\
         (assert (forall ((y Int)) {claim}))(check-sat)"
    )
}

/// A certificate for the output's derived claim: the axiom's instance at
/// `y`, and a second, trivial, conjunct.
fn certificate(claim: &str) -> ReadBack {
    ReadBack::Certificate {
        claim: format!(
            "(forall ((vcsimp_claim!0 Int)) {})",
            claim.replace('y', "vcsimp_claim!0")
        ),
        params: vec![("y".into(), "Int".into())],
        hint: "(and (= (f y) (+ y 1)) (<= 0 1))".into(),
    }
}

/// A shell script as a solver, named `name` (z3's batching and second
/// configuration go by the program's name).
fn script_solver(name: &str, body: &str) -> (tempfile::TempDir, SolverCommand) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    let solver = SolverCommand {
        program: path.to_string_lossy().into_owned(),
        args: vec!["-in".into()],
        timeout: Duration::from_secs(10),
        fallback: None,
    };
    (dir, solver)
}

/// z3, except that a query that mentions the derived claim's `(> (f`
/// gets `unknown` unless it is the hint's bridge `∀y. hint(y) ⇒ claim`:
/// the claim itself, whole, with its premises, or with the hint as a
/// conjunct, stays undecided.
fn blind_but_for_pieces() -> (tempfile::TempDir, SolverCommand) {
    let z3 = common::solver_path("z3");
    script_solver(
        "blind",
        &format!(
            "q=$(cat); case \"$q\" in *'(=> (vcsimp_validate_cert!0'*) ;; \
             *'(> (f'*) echo unknown; exit 0;; esac; printf '%s\\n' \"$q\" | '{z3}' -in"
        ),
    )
}

#[test]
fn a_certified_claim_is_proved_piece_by_piece() {
    if !common::require("z3") {
        return;
    }
    let (_dir, solver) = blind_but_for_pieces();
    let claim = "(> (f y) y)";
    let v = validate_text(INPUT, &output(claim), &[certificate(claim)], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
    // without the certificate, nothing proves it
    let v = validate_text(INPUT, &output(claim), &[], &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
}

#[test]
fn a_false_claim_with_true_pieces_never_agrees() {
    if !common::require("z3") {
        return;
    }
    // each conjunct of the hint holds, but it does not imply the claim
    let claim = "(> (f y) (+ y 1))";
    let (_dir, solver) = blind_but_for_pieces();
    let v = validate_text(INPUT, &output(claim), &[certificate(claim)], &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
    // with z3 itself, the claim disagrees, certificate or not
    let z3 = SolverCommand::parse(
        &format!("{} -in", common::solver_path("z3")),
        Duration::from_secs(10),
    )
    .unwrap();
    let v = validate_text(INPUT, &output(claim), &[certificate(claim)], &z3).unwrap();
    assert_eq!(v.verdict, Verdict::Disagree, "{}", v.detail);
}

/// A solver named `z3` that answers `unknown` to every query but those of
/// its second configuration (`sat.euf`), which it answers with `euf`
/// (`z3` itself, or a fixed answer).
fn default_core_blind(euf: &str) -> (tempfile::TempDir, SolverCommand) {
    let z3 = common::solver_path("z3");
    let euf = match euf {
        "z3" => format!("printf '%s\\n' \"$q\" | '{z3}' \"$@\""),
        answer => format!("echo {answer}"),
    };
    script_solver(
        "z3",
        &format!(
            "q=$(cat); case \"$q\" in *':sat.euf true'*) {euf};; \
             *) n=$(printf '%s\\n' \"$q\" | grep -c '(check-sat)'); \
             i=0; while [ $i -lt $n ]; do echo unknown; i=$((i+1)); done;; esac"
        ),
    )
}

#[test]
fn z3s_second_configuration_proves_what_the_first_leaves() {
    if !common::require("z3") {
        return;
    }
    let (_dir, solver) = default_core_blind("z3");
    let claim = "(> (f y) y)";
    let v = validate_text(INPUT, &output(claim), &[], &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
    // a false claim is not proved by it
    let v = validate_text(INPUT, &output("(> (f y) (+ y 1))"), &[], &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
}

#[test]
fn a_sat_of_the_second_configuration_is_no_disagreement() {
    if !common::require("z3") {
        return;
    }
    let (_dir, solver) = default_core_blind("sat");
    let v = validate_text(INPUT, &output("(> (f y) y)"), &[], &solver).unwrap();
    assert_ne!(v.verdict, Verdict::Disagree, "{}", v.detail);
    assert_ne!(v.verdict, Verdict::Agree, "{}", v.detail);
}
