//! `simp-affine` (the paper's 4.4) on small problems: where it applies,
//! where it must not, and z3-checked equivalence under the facts.

mod common;

use common::problem::*;
use simplify::passes::simp_affine::SimpAffine;

const AFF: &str = "(declare-const a Int)(declare-const x Int)(declare-const xp Int)(declare-const y Int)(declare-const yp Int)(declare-const N Int)(declare-const l Int)(declare-const k Int)(declare-const b Int)";

#[test]
fn simp_affine_formula_6_becomes_7() {
    let f6 =
        "(=> (and (<= 0 x) (< x a) (<= 0 xp) (< xp a) (= (+ x (* a y)) (+ xp (* a yp)))) (= x xp))";
    let mut pb = problem(AFF, &[], f6);
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(s.contains("(= y yp)") && s.contains("(= x xp)"), "{s}");
    assert!(!s.contains("(* a"), "linear after: {s}");
    assert_equivalent(&pb, before, after);
    assert_proves(&pb, after);
}

#[test]
fn simp_affine_needs_the_bounds_where_the_atom_stands() {
    // No bounds at all.
    let mut pb = problem(AFF, &[], "(= (+ x (* a y)) (+ xp (* a yp)))");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // Bounds that come after the atom in a conjunction do not hold there.
    let mut pb = problem(
        AFF,
        &[],
        "(and (= (+ x (* a y)) (+ xp (* a yp))) (<= 0 x) (< x a) (<= 0 xp) (< xp a))",
    );
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // Bounds in the conclusion of an implication do not hold in its
    // hypothesis.
    let mut pb = problem(
        AFF,
        &[],
        "(=> (= (+ x (* a y)) (+ xp (* a yp))) (and (<= 0 x) (< x a) (<= 0 xp) (< xp a)))",
    );
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // Only one of x, x' is bounded.
    let mut pb = problem(
        AFF,
        &[],
        "(=> (and (<= 0 x) (< x a)) (= (+ x (* a y)) (+ xp (* a yp))))",
    );
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // x bounded by 2a, not a.
    let mut pb = problem(
        AFF,
        &[],
        "(=> (and (<= 0 x) (< x (* 2 a)) (<= 0 xp) (< xp a)) (= (+ x (* a y)) (+ xp (* a yp))))",
    );
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
}

#[test]
fn simp_affine_uses_negated_disjuncts_and_facts() {
    // Polarity: in (or (not G) A), G holds at A.
    let mut pb = problem(
        AFF,
        &["(<= 0 xp)", "(< xp a)"],
        "(or (not (and (<= 0 x) (< x a))) (< (+ (* a y) x) (+ (* a yp) xp)))",
    );
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(s.contains("(< y yp)"), "{s}");
    assert_equivalent(&pb, before, after);
}

#[test]
fn simp_affine_special_cases() {
    let hyps = "(and (<= 0 x) (< x a))";
    let cases = [
        // a*t + x < a*t'  <=>  t < t'
        ("(< (+ (* a y) x) (* a yp))", "(< y yp)"),
        // a*t + x >= a*t'  <=>  t >= t'
        ("(>= (+ (* a y) x) (* a yp))", "(>= y yp)"),
        // a*t + x <= a*t'  <=>  t < t' or (t = t' and x = 0)
        ("(<= (+ (* a y) x) (* a yp))", "(= x 0)"),
        // a*t - x < a*t' <=> a*t < a*t' + x
        (
            "(< (- (* a y) x) (* a yp))",
            "(or (< y yp) (and (= y yp) (> x 0)))",
        ),
        // x < a*t + 1  <=>  x <= a*t
        ("(< x (+ (* a y) 1))", "(or (< 0 y) (and (= 0 y) (= x 0)))"),
    ];
    for (atom, want) in cases {
        let mut pb = problem(AFF, &[], &format!("(=> {hyps} {atom})"));
        let before = pb.goal;
        let after = apply(&mut SimpAffine::default(), &mut pb).expect(atom);
        let s = show(&pb, after);
        assert!(s.contains(want), "{atom} -> {s}");
        assert!(!s.contains("(* a"), "{atom} -> {s}");
        assert_equivalent(&pb, before, after);
    }
}

#[test]
fn simp_affine_common_factor_with_sign() {
    // Sign known from a fact: N*l <= N*k  <=>  l <= k.
    let mut pb = problem(AFF, &["(< 0 N)"], "(<= (* N l) (* N k))");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "(<= l k)");
    assert_equivalent(&pb, before, after);
    // Sign unknown: the paper's case split.
    let mut pb = problem(AFF, &[], "(<= (* N l) (* N k))");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(s.contains("(<= l k)") && s.contains("(>= l k)"), "{s}");
    assert_equivalent(&pb, before, after);
    // Equality: N = 0 or l = k.
    let mut pb = problem(AFF, &[], "(= (* N l) (* N k))");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "(or (= N 0) (= l k))");
    assert_equivalent(&pb, before, after);
    // Linear atoms are left alone.
    let mut pb = problem(AFF, &[], "(<= (* 2 l) k)");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
}

#[test]
fn simp_affine_common_factor_with_an_offset() {
    // 2N*l + 1 <= 2N*k with N >= 1: N*(k - l) >= 1, so k - l >= 1.
    let mut pb = problem(AFF, &["(<= 1 N)"], "(<= (+ (* 2 N l) 1) (* 2 N k))");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "(<= (+ l 1) k)");
    assert_equivalent(&pb, before, after);
    // N < 0 turns it: N*l >= 1 iff l <= -1.
    let mut pb = problem(AFF, &["(< N 0)"], "(>= (* N l) 1)");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "(>= 0 (+ l 1))");
    assert_equivalent(&pb, before, after);
    // N*l >= 2 is not l >= anything (N = 2, l = 1 and N = 1, l = 2).
    let mut pb = problem(AFF, &["(<= 1 N)"], "(>= (* N l) 2)");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // Without the sign of N there is nothing to divide by.
    let mut pb = problem(AFF, &[], "(<= (+ (* 2 N l) 1) (* 2 N k))");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
}

#[test]
fn simp_affine_monomial_signs_decide_an_atom() {
    // Every monomial >= 0 and the constant 1: 2N*l + k + 1 <= 0 is false.
    let facts = ["(<= 0 N)", "(<= 0 l)", "(<= 0 k)"];
    let mut pb = problem(AFF, &facts, "(<= (+ (* 2 N l) k 1) 0)");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "false");
    assert_equivalent(&pb, before, after);
    // A square is >= 0 whatever its sign; with N <= 0, -N*l >= 0 too.
    let mut pb = problem(AFF, &["(<= N 0)", "(<= 0 l)"], "(>= (- (* x x) (* N l)) 0)");
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    assert_eq!(show(&pb, after), "true");
    assert_equivalent(&pb, before, after);
    // The sign of k unknown: nothing to decide.
    let mut pb = problem(AFF, &["(<= 0 N)", "(<= 0 l)"], "(<= (+ (* 2 N l) k 1) 0)");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
    // The constant on the wrong side: 2N*l - 1 <= 0 may hold or not.
    let mut pb = problem(AFF, &facts, "(<= (+ (* 2 N l) k (- 1)) 0)");
    assert_eq!(apply(&mut SimpAffine::default(), &mut pb), None);
}

#[test]
fn simp_affine_guard_from_the_bound_analysis_is_kept() {
    // The guard of x sits in a disjunction *after* the atom: the bound
    // analysis finds it, and the rewritten body keeps it explicit.
    let mut pb = problem(
        AFF,
        &["(<= 0 xp)", "(< xp a)"],
        "(forall ((z Int)) (or (= (+ z (* a y)) (+ xp (* a yp))) (< z 0) (>= z a)))",
    );
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(s.contains("(= y yp)"), "{s}");
    assert_equivalent(&pb, before, after);
}

#[test]
fn simp_affine_matrixmul2_atoms() {
    // Section 7: with 0 <= x2 < a,
    //   2ay <= a*x1 + x2  ->  2y <= x1,   a*x1 + x2 < 2ay + a  ->  x1 < 2y + 1.
    let d =
        "(declare-const a Int)(declare-const x1 Int)(declare-const x2 Int)(declare-const y Int)";
    let mut pb = problem(
        d,
        &[],
        "(=> (and (<= 0 x2) (< x2 a)) (and (<= (* 2 a y) (+ (* a x1) x2)) (< (+ (* a x1) x2) (+ (* 2 a y) a))))",
    );
    let before = pb.goal;
    let after = apply(&mut SimpAffine::default(), &mut pb).expect("applies");
    let s = show(&pb, after);
    assert!(!s.contains("(* a"), "{s}");
    let direct = s.contains("(<= (* 2 y) x1)") && s.contains("(< x1 (+ (* 2 y) 1))");
    let shared = s.contains("(<= ?t x1)") && s.contains("(< x1 (+ ?t 1))");
    assert!(direct || shared, "{s}");
    assert_equivalent(&pb, before, after);
}
