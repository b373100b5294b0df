//! `--validate` with the proof hints of the passes (certificates): a hint
//! makes a derived claim provable, and a wrong hint never makes a false
//! claim agree.

mod common;

use simplify::pass::ReadBack;
use simplify::validate::{default_solver, validate_text, Verdict};
use simplify::PassId;
use std::time::Duration;

/// The certificate text ([`simplify::term::alpha::claim_text`]) of assertion
/// `k` (from 0) of `script`.
fn claim_of(script: &str, k: usize) -> String {
    let mut s = smtlib_io::parse_script(script).unwrap();
    let t = s.assertions().nth(k).unwrap();
    simplify::term::alpha::claim_text(&mut s.cx, t)
}

const SAXPY: &str = include_str!("why3/saxpy_excerpt.smt2");

/// `why3-reads` derives the thread-pair inversion `∀u. u = Tuple2@1(bid_of
/// u, tid_of u)` from the encoding's axioms at terms no assertion has; its
/// certificate names them, and the output then validates.
#[test]
fn the_certificate_of_the_derived_thread_inversion_is_used() {
    if !common::require("z3") {
        return;
    }
    let out = common::run_passes(SAXPY, &[PassId::parse("why3-reads").unwrap()]);
    let mut bytes = vec![];
    out.write_output(&mut bytes).unwrap();
    let output = String::from_utf8(bytes).unwrap();
    assert!(output.contains("(Tuple2@1 (bid_of u"), "{output}");
    let certs: Vec<&ReadBack> = out
        .read_back
        .iter()
        .filter(|r| matches!(r, ReadBack::Certificate { .. }))
        .collect();
    assert_eq!(certs.len(), 1, "{:?}", out.read_back);
    let ReadBack::Certificate { claim, params, .. } = certs[0] else {
        unreachable!()
    };
    assert!(claim.contains("(tuple2 dim3 dim3)"), "{claim}");
    assert_eq!(params.len(), 1);
    let solver = default_solver(Duration::from_secs(10));
    let v = validate_text(SAXPY, &output, &out.read_back, &solver).unwrap();
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}");
}

/// An output that adds a false claim: `∀u. u = c` does not follow from
/// the input, which has models with two elements.
const INPUT: &str = "(declare-sort S 0)
(declare-fun c () S)
(declare-fun f (S) S)
(assert (forall ((x S)) (= (f (f x)) x)))
(check-sat)
";
const OUTPUT: &str = "(declare-sort S 0)
(declare-fun c () S)
(declare-fun f (S) S)
(assert (forall ((x S)) (= (f (f x)) x)))
(assert (forall ((u S)) (= u c)))
(check-sat)
";

#[test]
fn a_wrong_certificate_does_not_make_a_false_claim_agree() {
    if !common::require("z3") {
        return;
    }
    let solver = default_solver(Duration::from_secs(5));
    let claim = claim_of(OUTPUT, 1);
    for hint in [
        "(= u c)",
        "true",
        "false",
        "(= (f (f u)) u)",
        "(no_such_symbol u)",
    ] {
        let cert = ReadBack::Certificate {
            claim: claim.clone(),
            params: vec![("u".into(), "S".into())],
            hint: hint.into(),
        };
        let v = validate_text(INPUT, OUTPUT, &[cert], &solver).unwrap();
        assert_eq!(v.verdict, Verdict::Disagree, "hint {hint}: {v:?}");
    }
}

/// A true claim with a hint that is false or does not parse stays provable
/// in the plain way: the hint only adds a stronger question.
#[test]
fn a_bad_hint_does_not_spoil_a_true_claim() {
    if !common::require("z3") {
        return;
    }
    let output = OUTPUT.replace(
        "(assert (forall ((u S)) (= u c)))",
        "(assert (forall ((u S)) (= (f (f (f (f u)))) u)))",
    );
    let solver = default_solver(Duration::from_secs(5));
    let claim = claim_of(&output, 1);
    for hint in ["false", "(no_such_symbol u)", "(= (f (f u)) u)"] {
        let cert = ReadBack::Certificate {
            claim: claim.clone(),
            params: vec![("u".into(), "S".into())],
            hint: hint.into(),
        };
        let v = validate_text(INPUT, &output, &[cert], &solver).unwrap();
        assert_eq!(v.verdict, Verdict::Agree, "hint {hint}: {v:?}");
    }
}
