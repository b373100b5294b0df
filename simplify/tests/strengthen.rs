//! `strengthen` (opt-in, the paper's 4.5): its output is weaker than its
//! input, checked with z3.

mod common;

use common::problem::*;
use simplify::passes::strengthen::Strengthen;
use simplify::passes::strengthen::STRENGTHENED_INFO;

#[test]
fn strengthen_congruence_in_the_negated_goal() {
    let d = "(declare-fun f (Int Int) Int)(declare-const x Int)(declare-const y Int)(declare-const z Int)";
    let mut pb = problem(d, &[], "(not (= (f x z) (f y z)))");
    let before = pb.goal;
    let mut s = Strengthen::default();
    let after = apply(&mut s, &mut pb).expect("applies");
    assert!(s.applied);
    assert_eq!(show(&pb, after), "(not (= x y))");
    assert_weaker(&mut pb, before, after);
    // Positive polarity (a hypothesis) is left alone.
    let mut pb = problem(d, &[], "(= (f x z) (f y z))");
    let mut s = Strengthen::default();
    assert_eq!(apply(&mut s, &mut pb), None);
    assert!(!s.applied);
    assert!(STRENGTHENED_INFO.contains(":vcsimp-strengthened true"));
}

#[test]
fn strengthen_drops_program_variable_equalities() {
    let d = "(declare-fun b_2 (Int) Int)(declare-fun a_0 (Int) Int)(declare-fun g (Int) Int)(declare-const j Int)";
    let goal = "(not (forall ((k Int)) (=> (= (b_2 k) 7) (= (g k) (b_2 j)))))";
    let mut pb = problem(d, &[], goal);
    let before = pb.goal;
    let mut s = Strengthen {
        drop_program_vars: true,
        ..Strengthen::default()
    };
    let after = apply(&mut s, &mut pb).expect("applies");
    assert_weaker(&mut pb, before, after);
    // g is not a program variable: untouched by that rule.
    let mut pb = problem(d, &[], "(not (= (g j) 3))");
    let mut s = Strengthen {
        drop_program_vars: true,
        ..Strengthen::default()
    };
    assert_eq!(apply(&mut s, &mut pb), None);
}
