//! `decompose-quant` (the paper's section 7) on the matrixMul2 formula:
//! where it applies, where it must not, and z3-checked equivalence.

mod common;

use common::problem::*;
use simplify::passes::decompose_quant::DecomposeQuant;

const MM2: &str = "(forall ((x Int)) (=> (and (<= 0 x) (< x (* 2 a b))) (or (exists ((y Int)) (and (<= 0 y) (< y b) (<= (* 2 a y) x) (< x (+ (* 2 a y) a)))) (exists ((y Int)) (and (<= 0 y) (< y b) (<= (+ (* 2 a y) a) x) (< x (+ (* 2 a y) (* 2 a))))))))";

#[test]
fn decompose_matrixmul2_formula_becomes_linear() {
    let d = "(declare-const a Int)(declare-const b Int)";
    let mut pb = problem(d, &["(< 0 a)", "(< 0 b)"], MM2);
    let before = pb.goal;
    let after = apply(&mut DecomposeQuant::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(!s.contains("(* a") && !s.contains("(* 2 a"), "linear: {s}");
    assert!(s.contains("(forall ((x1 Int) (x2 Int))"), "{s}");
    assert_equivalent_or_on(&mut pb, before, after, &[("a", &[1, 2, 3]), ("b", &[1, 2])]);
    assert_proves(&pb, after);
}

#[test]
fn decompose_does_not_apply() {
    let d = "(declare-const a Int)(declare-const b Int)";
    // a not known positive.
    let mut pb = problem(d, &[], MM2);
    assert_eq!(apply(&mut DecomposeQuant::default(), &mut pb), None);
    // Nothing nonlinear to gain.
    let mut pb = problem(
        d,
        &["(< 0 a)", "(< 0 b)"],
        "(forall ((x Int)) (=> (and (<= 0 x) (< x (* 2 a b))) (< x (* 2 a b 3))))",
    );
    let r = apply(&mut DecomposeQuant::default(), &mut pb);
    assert!(r.is_none() || !show(&pb, r.unwrap()).contains("x1"));
}
