//! `--validate`'s sliced claims: an obligation is first asked from the
//! premises reached from its goal through rare symbols. A claim that
//! follows from them agrees where the solver given every premise stays
//! undecided; a slice too small to prove a true claim (`sat`) is no
//! disagreement; a false claim never agrees.

mod common;

use simplify::validate::{validate, SolverCommand, Verdict};
use smtlib_io::parse_script;
use std::time::Duration;

/// z3, except that a query containing `marker` gets `unknown`.
fn blind_to(marker: &str) -> SolverCommand {
    let z3 = common::solver_path("z3");
    let script = format!(
        "q=$(cat); case \"$q\" in *'{marker}'*) echo unknown;; \
         *) printf '%s\\n' \"$q\" | '{z3}' -in;; esac"
    );
    SolverCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script],
        timeout: Duration::from_secs(10),
        fallback: None,
    }
}

const DECLS: &str = "(declare-fun h (Int) Int)(declare-fun f (Int) Int)\
                     (declare-fun g (Int) Int)(declare-const a Int)";

fn validate_texts(
    input: &str,
    output: &str,
    solver: &SolverCommand,
) -> simplify::validate::Validation {
    let i = parse_script(&format!("{DECLS}{input}(check-sat)")).unwrap();
    let o = parse_script(&format!("{DECLS}{output}(check-sat)")).unwrap();
    validate(&i, &o, &[], solver)
}

/// `h`, which every assertion mentions, does not pull `(= (g a) (h 2))`
/// into the slice of the rewritten `(= (f a) (h 1))`: the slice proves
/// it, while every query with `(g a)` stays undecided.
#[test]
fn a_goal_proved_from_its_slice_agrees() {
    if !common::require("z3") {
        return;
    }
    let solver = blind_to("(g a)");
    let v = validate_texts(
        "(assert (= (f a) (h 1)))(assert (= (g a) (h 2)))",
        "(assert (= (h 1) (f a)))(assert (= (g a) (h 2)))",
        &solver,
    );
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
}

/// The same rewrite made wrong: its slice is `sat` and the rest
/// undecided, so the run does not agree (and the slice's `sat` is no
/// disagreement: a part of the premise may be too weak).
#[test]
fn a_false_goal_does_not_agree_through_its_slice() {
    if !common::require("z3") {
        return;
    }
    let solver = blind_to("(g a)");
    let v = validate_texts(
        "(assert (= (f a) (h 1)))(assert (= (g a) (h 2)))",
        "(assert (= (h 1) (f (+ a 1))))(assert (= (g a) (h 2)))",
        &solver,
    );
    assert!(
        matches!(v.verdict, Verdict::Partial | Verdict::Unknown),
        "{:?}: {}",
        v.verdict,
        v.detail
    );
}

/// A goal at the end of a chain longer than the slice's rounds: the
/// slice misses a link and is `sat`, the full claim is proved, and the
/// run agrees (the whole claim, blinded, is undecided).
#[test]
fn a_slice_too_small_is_no_disagreement() {
    if !common::require("z3") {
        return;
    }
    let chain = "(declare-fun p1 (Int) Int)(declare-fun p2 (Int) Int)\
                 (declare-fun p3 (Int) Int)(declare-fun p4 (Int) Int)(declare-fun p5 (Int) Int)\
                 (assert (= (p1 a) (p2 a)))(assert (= (p2 a) (p3 a)))\
                 (assert (= (p3 a) (p4 a)))(assert (= (p4 a) (p5 a)))(assert (= (p5 a) 0))";
    let solver = blind_to("(not (= (and");
    let v = validate_texts(chain, &format!("{chain}(assert (= (p1 a) 0))"), &solver);
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.detail);
}
