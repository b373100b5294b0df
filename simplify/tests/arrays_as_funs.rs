//! `arrays-as-funs`: arrays that are only read become functions. Applies
//! and does-not-apply tests; soundness is checked with z3 twice: the
//! answers of input and output agree (sat and unsat cases), and
//! translation validation, which reads the functions back as arrays,
//! proves the assertions equivalent.

mod common;

use simplify::{simplify_text, Options, Outcome, PassId};

fn run(src: &str) -> Outcome {
    common::run_passes(src, &[PassId::ArraysAsFuns])
}

fn z3(script: &str) -> String {
    common::z3_answers(script)
}

/// Same answers, and validation proves the output equivalent up to
/// reading the functions as arrays.
fn assert_sound(input: &str, ran: &Outcome) {
    let output = &ran.output;
    assert_eq!(z3(input), z3(output), "answers differ:\n{output}");
    common::assert_validated_reading(input, output, &ran.read_back);
}

const READS: &str = "(declare-fun a () (Array Int Int))
(declare-fun fs (Int) (Array Int Int))
(declare-const n Int)
(assert (forall ((i Int)) (! (=> (<= 0 i) (= (select a i) (select (fs 1) i))) :pattern ((select a i)))))
(assert (= (select (fs 1) n) 5))
(assert (<= 0 n))
(assert (not (= (select a n) 5)))
(check-sat)
";

#[test]
fn read_only_arrays_become_functions() {
    let ran = run(READS);
    let out = &ran.output;
    assert!(out.contains("(declare-fun a (Int) Int)"), "{out}");
    assert!(out.contains("(declare-fun fs (Int Int) Int)"), "{out}");
    assert!(!out.contains("select") && !out.contains("Array"), "{out}");
    assert!(out.contains(":pattern ((a i))"), "{out}");
    assert!(out.contains("(fs 1 n)"), "{out}");
    assert_eq!(z3(out), "unsat");
    assert_sound(READS, &ran);
    // a satisfiable variant stays satisfiable
    let sat = READS.replace("(assert (<= 0 n))", "(assert (< n 0))");
    let ran = run(&sat);
    let out = &ran.output;
    assert!(out.contains("(declare-fun a (Int) Int)"), "{out}");
    assert_eq!(z3(out), "sat");
    assert_sound(&sat, &ran);
}

#[test]
fn arrays_of_arrays_become_functions_of_all_indices() {
    let src = "(declare-const m (Array Int (Array Int Bool)))
(declare-const k Int)
(assert (forall ((i Int) (j Int)) (= (select (select m i) j) (< i j))))
(assert (select (select m k) k))
(check-sat)
";
    let ran = run(src);
    let out = &ran.output;
    assert!(out.contains("(declare-fun m (Int Int) Bool)"), "{out}");
    assert!(out.contains("(m k k)"), "{out}");
    assert_eq!(z3(out), "unsat");
    assert_sound(src, &ran);
}

#[test]
fn arrays_used_as_values_stay_arrays() {
    let cases = [
        // written
        "(assert (= b (store a 0 1)))",
        // compared
        "(assert (= a b))",
        // passed to a function
        "(declare-fun sum ((Array Int Int)) Int)\n(assert (= (sum a) 0))",
        // a bare pattern term
        "(assert (forall ((i Int)) (! (= (select b i) i) :pattern (a))))",
        // inside an array-valued ite
        "(assert (= (select (ite p a b) 0) 0))",
    ];
    for case in cases {
        let src = format!(
            "(declare-const a (Array Int Int))\n(declare-const b (Array Int Int))\n(declare-const p Bool)\n(assert (= (select a 2) (select b 3)))\n{case}\n(check-sat)\n"
        );
        let ran = run(&src);
        let out = &ran.output;
        assert!(
            out.contains("(declare-const a (Array Int Int))"),
            "{case}:\n{out}"
        );
        assert!(out.contains("(select a 2)"), "{case}:\n{out}");
    }
}

#[test]
fn arrays_named_by_kept_commands_or_models_stay_arrays() {
    let base = "(declare-const a (Array Int Int))\n(assert (= (select a 0) 1))\n";
    for extra in [
        // a model or value query would answer about a function
        "(check-sat)\n(get-model)\n",
        "(check-sat)\n(get-value ((select a 0)))\n",
        // a definition printed verbatim
        "(define-fun first () Int (select a 0))\n(assert (= first 1))\n(check-sat)\n",
        // check-sat-assuming kept verbatim
        "(declare-const q Bool)\n(check-sat-assuming ((= (select a 0) 1)))\n",
    ] {
        let src = format!("{base}{extra}");
        let ran = run(&src);
        let out = &ran.output;
        assert!(
            out.contains("(declare-const a (Array Int Int))") && out.contains("(select a 0)"),
            "{extra}:\n{out}"
        );
    }
    // a logic without uninterpreted functions
    let src = format!("(set-logic QF_ALIA)\n{base}(check-sat)\n");
    let ran = run(&src);
    let out = &ran.output;
    assert!(out.contains("(select a 0)"), "{out}");
    let src = format!("(set-logic QF_AUFLIA)\n{base}(check-sat)\n");
    let ran = run(&src);
    let out = &ran.output;
    assert!(out.contains("(declare-fun a (Int) Int)"), "{out}");
    // declared again after a pop: two symbols of one name, left alone
    let scoped = "(push 1)\n(declare-const a (Array Int Int))\n(assert (= (select a 0) 1))\n(check-sat)\n(pop 1)\n(declare-const a (Array Int Int))\n(assert (= (select a 0) 2))\n(check-sat)\n";
    let ran = run(scoped);
    let out = &ran.output;
    assert_eq!(out.matches("(select a 0)").count(), 2, "{out}");
}

/// The default pipeline runs the pass and the rest of it works on the
/// functions (here guarded-eq substitutes the array's definition).
#[test]
fn default_pipeline_reads_arrays_as_functions() {
    let src = "(declare-const a (Array Int Int))
(declare-const n Int)
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i n)) (= (select a i) (* 2 i)))))
(assert (< 3 n))
(assert (not (= (select a 3) 6)))
(check-sat)
";
    let ran = simplify_text(src, &Options::default()).expect("parses");
    let out = &ran.output;
    assert!(out.contains("(declare-fun a (Int) Int)"), "{out}");
    assert_eq!(z3(out), "unsat");
    assert_sound(src, &ran);
}
