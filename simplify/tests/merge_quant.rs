//! `merge-quant` (the paper's 4.3) on small problems: where it applies,
//! where it must not, and z3-checked equivalence under the facts.

mod common;

use common::problem::*;
use simplify::passes::merge_quant::MergeQuant;

const MQ: &str = "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-const T Int)(declare-const B Int)(declare-fun A (Int) Int)(declare-fun p (Int) Bool)";

#[test]
fn merge_quant_array_copy_mult_blocks_termination() {
    // Section 4.3: forall t in [0,T). forall b in [0,B). not(N*l + b*T + t < len)
    let mut pb = problem(
        MQ,
        &[],
        "(forall ((t Int)) (=> (and (<= 0 t) (< t T)) (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (not (< (+ (* N l) (* b T) t) len))))))",
    );
    let before = pb.goal;
    let after = apply(&mut MergeQuant::default(), &mut pb).expect("applies");
    assert_eq!(
        show(&pb, after),
        "(=> (> T 0) (forall ((z Int)) (=> (and (>= z 0) (< z (* T B))) (not (< (+ z (* N l)) len)))))"
    );
    assert_equivalent_on(
        &mut pb,
        before,
        after,
        &[("T", &[-1, 0, 2, 3]), ("B", &[-1, 0, 2])],
    );
    // With the fact 0 < T the side condition disappears.
    let mut pb = problem(
        MQ,
        &["(< 0 T)"],
        "(forall ((t Int)) (=> (and (<= 0 t) (< t T)) (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (not (< (+ (* N l) (* b T) t) len))))))",
    );
    let after = apply(&mut MergeQuant::default(), &mut pb).expect("applies");
    assert!(show(&pb, after).starts_with("(forall ((z Int))"));
}

#[test]
fn merge_quant_exists_other_orientation_and_guards_elsewhere() {
    // exists, y + b*x orientation (b + B*t), guards after the body and split.
    let mut pb = problem(
        MQ,
        &[],
        "(exists ((t Int) (b Int)) (and (p (+ (* t B) b)) (<= 0 b) (>= t 0) (< t T) (not (>= b B))))",
    );
    let before = pb.goal;
    let after = apply(&mut MergeQuant::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(
        s.contains("(exists ((z Int))") && s.contains("(p z)"),
        "{s}"
    );
    assert_equivalent_on(
        &mut pb,
        before,
        after,
        &[("T", &[-1, 0, 2, 3]), ("B", &[-1, 0, 2])],
    );
}

#[test]
fn merge_quant_does_not_apply() {
    for goal in [
        // t used alone.
        "(forall ((t Int) (b Int)) (=> (and (<= 0 t) (< t T) (<= 0 b) (< b B)) (and (p t) (p (+ t (* T b))))))",
        // Wrong stride.
        "(forall ((t Int) (b Int)) (=> (and (<= 0 t) (< t T) (<= 0 b) (< b B)) (p (+ t (* (+ T 1) b)))))",
        // No lower bound for b.
        "(forall ((t Int) (b Int)) (=> (and (<= 0 t) (< t T) (< b B)) (p (+ t (* T b)))))",
        // Mixed quantifiers.
        "(forall ((t Int)) (=> (and (<= 0 t) (< t T)) (exists ((b Int)) (and (<= 0 b) (< b B) (p (+ t (* T b)))))))",
    ] {
        let mut pb = problem(MQ, &[], goal);
        assert_eq!(apply(&mut MergeQuant::default(), &mut pb), None, "{goal}");
    }
}

#[test]
fn merge_quant_lets_z3_prove_the_stack_findings_example() {
    // Hypothesis forall t in [0,4), b in [0,N). A[t+4b] = 0; goal forall z in
    // [0,4N). A[z] = 0. z3 answers unknown raw; merged, it proves it.
    let hyp = "(forall ((t Int)) (=> (and (<= 0 t) (< t 4)) (forall ((b Int)) (=> (and (<= 0 b) (< b N)) (= (A (+ t (* 4 b))) 0)))))";
    let goal = "(forall ((z Int)) (=> (and (<= 0 z) (< z (* 4 N))) (= (A z) 0)))";
    let mut pb = problem(MQ, &[], hyp);
    let before = pb.goal;
    let after = apply(&mut MergeQuant::default(), &mut pb).expect("applies");
    assert_equivalent_on(&mut pb, before, after, &[("N", &[-1, 0, 1, 3])]);
    let d = MQ;
    let merged = format!(
        "{d}(assert {})(assert (not {goal}))(check-sat)\n",
        show(&pb, after)
    );
    common::assert_unsat(&merged);
}
