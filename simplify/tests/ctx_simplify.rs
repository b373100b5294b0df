//! `ctx-simplify`: where it applies (VeriCUDA's assignment form, implied
//! bounds, ite conditions), where it must not (a literal outside its
//! scope, a named formula), and that translation validation proves every
//! result equivalent.

mod common;

use simplify::{simplify_text, Options, PassId};

fn run(src: &str) -> String {
    let opts = Options {
        passes: vec![PassId::parse("ctx-simplify").expect("registered")],
        ..Options::default()
    };
    simplify_text(src, &opts).expect("parses").output
}

const DECLS: &str = "(declare-fun v (Int) Bool)
(declare-fun x (Int) Int)
(declare-fun x1 (Int) Int)
(declare-fun e (Int) Int)
(declare-const n Int)
(declare-const p Bool)
(declare-const q Bool)
";

fn script(asserts: &str) -> String {
    format!("{DECLS}{asserts}\n(check-sat)\n")
}

#[test]
fn vericuda_assignment_becomes_a_guarded_equality() {
    // VeriCUDA's per-thread assignment (the raw form real files carry)
    let src = script(
        "(assert (forall ((t Int)) (=> (v t) (and (=> (v t) (= (x1 t) (e t))) (=> (not (v t)) (= (x1 t) (x t)))))))",
    );
    let out = run(&src);
    assert!(
        out.contains("(assert (forall ((t Int)) (=> (v t) (= (x1 t) (e t)))))"),
        "{out}"
    );
    common::assert_validated(&src, &out);
}

#[test]
fn implied_and_refuted_bounds_are_decided() {
    let src = script(
        "(assert (forall ((t Int)) (=> (and (<= 0 t) (< t n)) (and (<= t n) (or (< t 0) (= (x t) 1))))))\n(assert (and (< n 0) (<= n 5)))",
    );
    let out = run(&src);
    assert!(
        out.contains("(=> (and (<= 0 t) (< t n)) (= (x t) 1))"),
        "{out}"
    );
    // n < 0 implies n <= 5
    assert!(out.contains("(assert (< n 0))"), "{out}");
    common::assert_validated(&src, &out);
}

#[test]
fn ite_branches_and_disjuncts_see_their_conditions() {
    let src = script("(assert (ite p (and p q) (or p q)))\n(assert (or q (and (not q) p)))");
    let out = run(&src);
    assert!(out.contains("(assert (ite p q q))"), "{out}");
    assert!(out.contains("(assert (or q p))"), "{out}");
    common::assert_validated(&src, &out);
}

#[test]
fn literals_do_not_leave_their_scope() {
    let cases = [
        // p holds only inside the first disjunct's implication
        "(assert (and (or (=> p q) p) (or p q)))",
        // a weaker earlier bound does not decide a stronger later one
        "(assert (and (<= n 5) (< n 0)))",
        // a named formula keeps its body (unsat cores refer to it)
        "(assert (=> p (! (and p q) :named lbl)))",
    ];
    let expected = [
        "(assert (and (or (=> p q) p) (or p q)))",
        "(assert (and (<= n 5) (< n 0)))",
        ":named lbl",
    ];
    for (c, e) in cases.iter().zip(expected) {
        let src = script(c);
        let out = run(&src);
        assert!(out.contains(e), "{out}");
        if !c.contains(":named") {
            // (a query would define the name twice)
            common::assert_validated(&src, &out);
        }
    }
}

#[test]
fn comparisons_are_decided_as_integer_ranges_of_one_linear_form() {
    // 2n <= 1 is n <= 0 over Int: n < 1 holds and n > 0 is refuted; a
    // comparison over another linear form (n <= (x 0)) stays
    let src =
        script("(assert (=> (<= (* 2 n) 1) (and (< n 1) (or p (> n 0)) (or q (<= n (x 0))))))");
    let out = run(&src);
    assert!(
        out.contains("(assert (=> (<= (* 2 n) 1) (and p (or q (<= n (x 0))))))"),
        "{out}"
    );
    common::assert_validated(&src, &out);
}

/// Under `¬(p ∧ q)` (the else case of a per-thread assign whose guard is
/// a conjunction), a case `p ∧ q ∧ …` nested inside it is `false`, though
/// neither `p` nor `q` alone is refuted; with only `p` it stays.
#[test]
fn a_negated_conjunction_refutes_a_nested_case() {
    let src = script(
        "(assert (or (and p q (= n 0)) (and (not (and p q)) (or (and (and p q) (= n 1)) (and (not (and p q)) (= n 2))))))\n(assert (and (not (and p q)) (or (and p (= n 1)) (= n 2))))",
    );
    let out = run(&src);
    assert!(
        out.contains("(assert (or (and p q (= n 0)) (and (not (and p q)) (= n 2))))"),
        "{out}"
    );
    assert!(out.contains("(or (and p (= n 1)) (= n 2))"), "{out}");
    common::assert_validated(&src, &out);
}
