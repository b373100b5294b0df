//! Scripts that rely on E-matching (`(set-option :smt.mbqi false)`, as
//! Boogie, Viper, Dafny, F* and Verus write them) keep the ground terms
//! that fire their triggers: `guarded-eq` takes no rule from a quantified
//! fact whose head occurs in a `:pattern`, unless the rule defines its
//! head by a theory term (`Mul(x, y) = x * y`). Without that policy z3
//! answered `unknown` at once on Carbon VCs it proves from the input in
//! 0.02 s.

mod common;

use simplify::{simplify_text, Options, PassId};

fn run(src: &str) -> String {
    let opts = Options {
        passes: vec![PassId::parse("guarded-eq").expect("a registered pass")],
        ..Options::default()
    };
    simplify_text(src, &opts).expect("parses").output
}

use common::asserted;

/// `f(g(x)) = x + 1` is a guarded-eq rule; `f` also triggers the `P`
/// axiom. Rewriting the goal's `f(g(3))` to `4` leaves no `f` term for
/// that trigger, and z3 without MBQI can no longer refute the goal.
const TRIGGERED: &str = "(set-option :smt.mbqi false)
(declare-fun f (Int) Int)
(declare-fun g (Int) Int)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (! (= (f (g x)) (+ x 1)) :pattern ((g x)))))
(assert (forall ((y Int)) (! (P (f y)) :pattern ((f y)))))
(assert (not (P (f (g 3)))))
(check-sat)
";

#[test]
fn a_quantified_rule_keeps_a_trigger_function_when_mbqi_is_off() {
    let out = run(TRIGGERED);
    assert_eq!(asserted(&out), asserted(TRIGGERED), "{out}");
    if common::require("z3") {
        assert_eq!(common::z3_answers(TRIGGERED), "unsat");
        assert_eq!(common::z3_answers(&out), "unsat", "{out}");
    }
}

#[test]
fn a_quantified_rule_applies_when_mbqi_is_on() {
    // z3's default: model-based instantiation does not need the term
    let src = TRIGGERED.replace("(set-option :smt.mbqi false)\n", "");
    let out = run(&src);
    assert!(asserted(&out).contains(&"(not (P 4))".to_string()), "{out}");
    // sound: an instance of the first axiom
    let context = "(declare-fun f (Int) Int)(declare-fun g (Int) Int)(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (= (f (g x)) (+ x 1))))";
    common::assert_equivalent(context, "(not (P (f (g 3))))", "(not (P 4))");
}

#[test]
fn a_quantified_rule_applies_when_its_head_triggers_nothing() {
    let src = TRIGGERED.replace(":pattern ((f y))", ":pattern ((P y))");
    assert_ne!(src, TRIGGERED);
    let out = run(&src);
    assert!(asserted(&out).contains(&"(not (P 4))".to_string()), "{out}");
}

#[test]
fn a_ground_rule_applies_when_mbqi_is_off() {
    // the fact keeps `f(c)` in the script, and E-matching works modulo it
    let src = "(set-option :smt.mbqi false)
(declare-fun f (Int) Int)
(declare-fun P (Int) Bool)
(declare-fun c () Int)
(assert (= (f c) 7))
(assert (forall ((y Int)) (! (P (f y)) :pattern ((f y)))))
(assert (not (P (f c))))
(check-sat)
";
    let out = run(src);
    assert!(asserted(&out).contains(&"(not (P 7))".to_string()), "{out}");
    if common::require("z3") {
        assert_eq!(common::z3_answers(src), "unsat");
        assert_eq!(common::z3_answers(&out), "unsat", "{out}");
    }
}

#[test]
fn a_definition_by_a_theory_term_applies_when_mbqi_is_off() {
    // Verus's `Mul`: its lemmas are triggered on it, and the theory term
    // gives the solver what the lemmas would
    let src = "(set-option :smt.mbqi false)
(declare-fun Mul (Int Int) Int)
(declare-fun a () Int)
(declare-fun b () Int)
(assert (forall ((x Int) (y Int)) (! (= (Mul x y) (* x y)) :pattern ((Mul x y)))))
(assert (forall ((x Int) (y Int)) (! (= (Mul x y) (Mul y x)) :pattern ((Mul x y)))))
(assert (not (= (Mul a b) (* b a))))
(check-sat)
";
    let out = run(src);
    let goal = asserted(&out).pop().unwrap_or_default();
    assert!(!goal.contains("Mul"), "{out}");
    if common::require("z3") {
        assert_eq!(common::z3_answers(&out), "unsat", "{out}");
    }
    // with an uninterpreted function on the right, the rule is kept out
    let wrapped = src
        .replace("(* x y)) :pattern", "(* x (g y))) :pattern")
        .replace(
            "(declare-fun a ",
            "(declare-fun g (Int) Int)\n(declare-fun a ",
        );
    let out = run(&wrapped);
    let goal = asserted(&out).pop().unwrap_or_default();
    assert!(goal.contains("Mul"), "{out}");
}
