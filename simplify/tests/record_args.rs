//! `record-args`: functions applied only to constructed records take the
//! fields. Applies and does-not-apply tests; soundness is checked with z3:
//! the answers of input and output agree (sat and unsat cases), and
//! translation validation, which reads the functions back on records,
//! proves the assertions equivalent.

mod common;

use simplify::{Outcome, PassId};

fn run(src: &str) -> Outcome {
    common::run_passes(src, &[PassId::RecordArgs])
}

fn z3(script: &str) -> String {
    common::z3_answers(script)
}

/// Decided answers agree (z3 often cannot decide quantified formulas over
/// datatypes that it decides once they take integers), and validation
/// proves the output equivalent up to reading the functions on records.
fn assert_sound(input: &str, ran: &Outcome) {
    let output = &ran.output;
    let (i, o) = (z3(input), z3(output));
    assert!(
        !matches!(i.as_str(), "sat" | "unsat") || i == o,
        "answers differ ({i} against {o}):\n{output}"
    );
    common::assert_validated_reading(input, output, &ran.read_back);
}

const PAIRS: &str = "(declare-datatypes ((P 0)) (((mk (fst Int) (snd Int)))))
(declare-fun f (P Int) Int)
(declare-const a Int)
(assert (forall ((i Int) (j Int)) (=> (<= 0 i) (= (f (mk i j) 0) (+ i j)))))
(assert (<= 0 a))
(assert (not (= (f (mk a 1) 0) (+ a 1))))
(check-sat)
";

#[test]
fn datatype_arguments_become_fields() {
    let ran = run(PAIRS);
    let out = &ran.output;
    assert!(out.contains("(declare-fun f (Int Int Int) Int)"), "{out}");
    assert!(
        out.contains("(f i j 0)") && out.contains("(f a 1 0)"),
        "{out}"
    );
    assert_eq!(z3(out), "unsat");
    assert_sound(PAIRS, &ran);
    let sat = PAIRS.replace("(assert (<= 0 a))", "(assert (< a 0))");
    let ran = run(&sat);
    let out = &ran.output;
    assert!(out.contains("(declare-fun f (Int Int Int) Int)"), "{out}");
    assert_eq!(z3(out), "sat");
    assert_sound(&sat, &ran);
}

/// Why3's shape: `dim3` given by an inversion axiom and projection
/// axioms, a thread a datatype of two `dim3`s.
const THREADS: &str = "(declare-sort dim3 0)
(declare-fun mk_dim3 (Int Int Int) dim3)
(declare-fun x (dim3) Int)
(declare-fun y (dim3) Int)
(declare-fun z (dim3) Int)
(assert (forall ((u Int) (v Int) (w Int)) (= (x (mk_dim3 u v w)) u)))
(assert (forall ((u Int) (v Int) (w Int)) (= (y (mk_dim3 u v w)) v)))
(assert (forall ((u Int) (v Int) (w Int)) (= (z (mk_dim3 u v w)) w)))
(assert (forall ((d dim3)) (= d (mk_dim3 (x d) (y d) (z d)))))
(declare-datatypes ((thread 0)) (((mk_thread (block_idx dim3) (thread_idx dim3)))))
(declare-fun j (thread) Int)
(declare-fun fs (dim3 Int) Int)
(declare-const n Int)
(assert (forall ((b Int) (t Int)) (=> (and (<= 0 b) (<= 0 t) (< t n)) (= (j (mk_thread (mk_dim3 b 0 0) (mk_dim3 t 0 0))) (+ (* n b) t)))))
(assert (forall ((b Int) (k Int)) (= (fs (mk_dim3 b 0 0) k) (+ b k))))
(assert (< 1 n))
(assert (not (= (j (mk_thread (mk_dim3 2 0 0) (mk_dim3 1 0 0))) (fs (mk_dim3 (* 2 n) 0 0) 1))))
(check-sat)
";

#[test]
fn nested_axiomatised_records_become_fields() {
    let ran = run(THREADS);
    let out = &ran.output;
    assert!(
        out.contains("(declare-fun j (Int Int Int Int Int Int) Int)"),
        "{out}"
    );
    assert!(
        out.contains("(declare-fun fs (Int Int Int Int) Int)"),
        "{out}"
    );
    assert!(out.contains("(j 2 0 0 1 0 0)"), "{out}");
    // the projection axioms stay: they make mk_dim3 injective
    assert!(out.contains("(x (mk_dim3 u v w))"), "{out}");
    assert_eq!(z3(out), "unsat");
    assert_sound(THREADS, &ran);
}

#[test]
fn records_passed_whole_stay_whole() {
    // applied to a record variable once: that position stays
    let src = PAIRS.replace(
        "(check-sat)",
        "(assert (forall ((p P)) (<= 0 (f p 1))))\n(check-sat)",
    );
    let ran = run(&src);
    let out = &ran.output;
    assert!(out.contains("(declare-fun f (P Int) Int)"), "{out}");
    assert!(out.contains("(f (mk a 1) 0)"), "{out}");
    // only the outer record is built every time: the inner dim3 stays
    let src = THREADS.replace(
        "(check-sat)",
        "(declare-const d dim3)\n(assert (<= 0 (j (mk_thread d (mk_dim3 0 0 0)))))\n(check-sat)",
    );
    let ran = run(&src);
    let out = &ran.output;
    assert!(
        out.contains("(declare-fun j (dim3 Int Int Int) Int)"),
        "{out}"
    );
    assert!(out.contains("(j d 0 0 0)"), "{out}");
    assert_eq!(z3(out), "unsat");
    assert_sound(&src, &ran);
}

#[test]
fn constructors_not_known_injective_are_left_alone() {
    // no projection axioms: mk may map 1 and 2 to one value; flattening
    // would make this unsat input sat
    let src = "(declare-sort R 0)
(declare-fun mk (Int) R)
(declare-fun p (R) Int)
(declare-fun f (R) Int)
(assert (forall ((r R)) (= r (mk (p r)))))
(assert (= (mk 1) (mk 2)))
(assert (not (= (f (mk 1)) (f (mk 2)))))
(check-sat)
";
    let ran = run(src);
    let out = &ran.output;
    assert!(out.contains("(f (mk 1))"), "{out}");
    assert_eq!(z3(out), "unsat");
    // projection axioms only in a popped scope: not injective at the
    // second check-sat
    let scoped = THREADS
        .replace(
            "(assert (forall ((u Int) (v Int) (w Int)) (= (x (mk_dim3 u v w)) u)))",
            "(push 1)\n(assert (forall ((u Int) (v Int) (w Int)) (= (x (mk_dim3 u v w)) u)))\n(check-sat)\n(pop 1)",
        );
    let ran = run(&scoped);
    let out = &ran.output;
    assert!(out.contains("(declare-fun fs (dim3 Int) Int)"), "{out}");
}

#[test]
fn functions_named_by_kept_commands_or_models_stay() {
    for extra in ["(get-model)\n", "(get-value ((f (mk 0 0) 0)))\n"] {
        let src = format!("{PAIRS}{extra}");
        let ran = run(&src);
        let out = &ran.output;
        assert!(
            out.contains("(declare-fun f (P Int) Int)"),
            "{extra}:\n{out}"
        );
    }
    let src = PAIRS.replace(
        "(check-sat)",
        "(define-fun g () Int (f (mk 0 0) 0))\n(assert (= g 0))\n(check-sat)",
    );
    let ran = run(&src);
    let out = &ran.output;
    assert!(out.contains("(declare-fun f (P Int) Int)"), "{out}");
}
