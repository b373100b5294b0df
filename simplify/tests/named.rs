//! `:named` names survive simplification: a named assertion keeps its
//! name when it simplifies to `true` or `false`; an assertion with a named
//! subterm, and every named assertion of a script that asks for unsat
//! cores, is kept as read; the printer never puts a name under a `let` it
//! introduced. For each, z3 and cvc5 answer `check-sat-assuming`,
//! `get-value` and `get-unsat-core` on the output as on the input.

mod common;

use simplify::{simplify_text, Options};
use std::time::Duration;

fn run(src: &str) -> String {
    simplify_text(src, &Options::default())
        .expect("parses")
        .output
}

/// cvc5's whole output on `script`, incremental (several queries), or
/// None when cvc5 is missing (policy of `common::require`).
fn cvc5(script: &str) -> Option<String> {
    if !common::require("cvc5") {
        return None;
    }
    let out = common::run_solver(
        &["cvc5", "--lang=smt2", "--incremental", "--tlimit=20000"],
        script,
        Duration::from_secs(60),
    )
    .expect("cvc5 runs");
    Some(out.trim().to_string())
}

/// An unsat core or a `get-value` answer as a sorted list of its words,
/// so that the order of the members does not matter.
fn words(out: &str) -> Vec<String> {
    let spaced = out.replace(['(', ')'], " ");
    let mut w: Vec<String> = spaced.split_whitespace().map(str::to_string).collect();
    w.sort();
    w
}

/// z3 gives the same output on `input` and `output` (names and values,
/// cores in any order), without error; cvc5 accepts the output and gives
/// the same check-sat answers (it prints the named terms themselves in
/// `get-value`, which simplification changes) and the same cores.
fn same_answers(input: &str, output: &str, cores: bool) {
    if let (Some(a), Some(b)) = (common::z3(input, 20), common::z3(output, 20)) {
        assert!(!common::has_error(&a), "z3 on the input:\n{a}\n{input}");
        assert!(!common::has_error(&b), "z3 on the output:\n{b}\n{output}");
        assert_eq!(words(&a), words(&b), "z3\n{input}\n---\n{output}");
    }
    if let (Some(a), Some(b)) = (cvc5(input), cvc5(output)) {
        assert!(!common::has_error(&a), "cvc5 on the input:\n{a}\n{input}");
        assert!(!common::has_error(&b), "cvc5 on the output:\n{b}\n{output}");
        assert_eq!(common::answers(&a), common::answers(&b), "{output}");
        if cores {
            assert_eq!(words(&a), words(&b), "cvc5\n{input}\n---\n{output}");
        }
    }
}

/// `a1` is a tautology, `a2` contradicts `a3`.
const TRUE_AND_FALSE: &str = "(set-option :produce-models true)
(declare-const x Int)
(assert (! (or (> x 0) (not (> x 0))) :named a1))
(assert (! (and (> x 5) (< x 3)) :named a2))
(check-sat-assuming (a1 a2))
(check-sat-assuming (a1))
";

#[test]
fn a_named_assertion_that_becomes_true_or_false_keeps_its_name() {
    let out = run(TRUE_AND_FALSE);
    assert!(out.contains("(assert (! true :named a1))"), "{out}");
    assert!(out.contains("(assert (! false :named a2))"), "{out}");
    same_answers(TRUE_AND_FALSE, &out, false);
}

#[test]
fn a_named_assertion_keeps_its_name_where_it_stands() {
    // `a1` simplifies, `a2` does not; `b` is asserted in a scope and
    // popped with it
    let src = "(set-option :produce-models true)
(declare-const x Int)
(declare-const y Int)
(assert (! (> (+ x 0) (+ 1 1)) :named a1))
(assert (! (< y x) :named a2))
(push 1)
(assert (! (and (> y 1) (> x y)) :named b))
(check-sat-assuming (a1 b))
(get-value (a1 a2 b))
(pop 1)
(check-sat-assuming (a1))
(get-value (a1 a2))
";
    let out = run(src);
    assert!(out.contains("(assert (! (<= 3 x) :named a1))"), "{out}");
    assert!(out.contains("(assert (! (< y x) :named a2))"), "{out}");
    let push = out.find("(push 1)").expect("push");
    let b = out.find(":named b)").expect("b keeps its name");
    assert!(push < b && b < out.find("(pop 1)").expect("pop"), "{out}");
    same_answers(src, &out, false);
}

#[test]
fn unnamed_assertions_are_still_dropped_when_true() {
    let src = "(declare-const x Int)
(assert (or (> x 0) (not (> x 0))))
(assert (! (> x 1) :named a))
(check-sat-assuming (a))
";
    let out = run(src);
    assert!(!out.contains("(assert true)"), "{out}");
    assert!(!out.contains("(! true"), "{out}");
    assert_eq!(out.matches(":named").count(), 1, "{out}");
    same_answers(src, &out, false);
}

/// The cvc5 regression's pattern: named assertions, an unsat core asked
/// for, and the core depending on which assertions meet.
const CORE: &str = "(set-option :produce-unsat-cores true)
(declare-const x Int)
(declare-const y Int)
(assert (= y (+ 1 1)))
(assert (! (or (> x 0) (not (> x 0))) :named c1))
(assert (! (> x (+ y 3)) :named c2))
(assert (! (< x 3) :named c3))
(assert (! (and (> x 1) (< x 0)) :named c4))
(check-sat-assuming (c1 c2))
(get-unsat-core)
(check-sat)
(get-unsat-core)
";

#[test]
fn named_assertions_are_kept_as_read_when_cores_are_asked_for() {
    let out = run(CORE);
    for line in CORE.lines().filter(|l| l.contains(":named")) {
        assert!(out.contains(line), "{line} kept\n{out}");
    }
    // the unnamed assertion is still simplified (and it is not a core
    // member, so it may use nothing named as a fact)
    assert!(out.contains("(assert (= y 2))"), "{out}");
    same_answers(CORE, &out, true);
}

#[test]
fn a_script_without_cores_is_simplified_across_named_assertions() {
    let src = CORE
        .replace("(set-option :produce-unsat-cores true)", "")
        .replace("(get-unsat-core)", "");
    let out = run(&src);
    assert!(!out.contains("(or (> x 0)"), "{out}");
    assert!(out.contains("(! true :named c1)"), "{out}");
    same_answers(&src, &out, false);
}

#[test]
fn an_assertion_with_a_named_subterm_is_kept_as_read() {
    let src = "(set-option :produce-models true)
(declare-const x Int)
(declare-const y Int)
(assert (and (! (> (+ x 0) y) :named p) (= y (+ 1 1))))
(assert (< (+ x 0) (* 2 y)))
(check-sat)
(get-value (p))
(check-sat-assuming ((not p)))
";
    let out = run(src);
    assert!(
        out.contains("(assert (and (! (> (+ x 0) y) :named p) (= y (+ 1 1))))"),
        "{out}"
    );
    // the assertion without names is simplified
    assert!(!out.contains("(< (+ x 0) (* 2 y))"), "{out}");
    same_answers(src, &out, false);
}

#[test]
fn names_are_never_printed_under_a_let_of_the_printer() {
    // shared subterms inside and around named terms
    let src = "(set-option :produce-models true)
(declare-const x Int)
(declare-fun f (Int) Int)
(assert (! (and (> (f (+ x 1 2 3)) 0) (< (f (+ x 1 2 3)) 10) (>= x (f (+ x 1 2 3)))) :named big))
(assert (and (! (> (f (+ x 1 2 3)) 5) :named p) (> x (f (+ x 1 2 3)))))
(check-sat)
(get-value (p big))
";
    let script = smtlib_io::parse_script(src).expect("parses");
    let printed = smtlib_io::print_script(&script);
    for line in printed.lines().filter(|l| l.contains(":named")) {
        let named = line.find("(! ").expect("an annotation");
        assert!(
            !line[..named].contains("(let"),
            "a name under a let: {line}"
        );
    }
    // the subterms free of names still share through let
    assert!(printed.contains("(! (let ("), "{printed}");
    same_answers(src, &printed, false);
    let out = run(src);
    same_answers(src, &out, false);
    // without names, the let goes around the whole assertion
    let plain = smtlib_io::parse_script(&src.replace(" :named big", " :weight 1")).expect("parses");
    let printed = smtlib_io::print_script(&plain);
    assert!(printed.contains("(assert (let ("), "{printed}");
}

#[test]
fn the_zoo_core_regression_keeps_its_names() {
    let Some(zoo) = common::zoo_dir() else {
        eprintln!("skipped: no zoo");
        return;
    };
    let path = zoo.join("cvc5/test/regress/cli/regress1/issue4335-unsat-core.smt2");
    let Ok(src) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} missing", path.display());
        return;
    };
    let out = run(&src);
    for name in ["IP_107", "IP_133"] {
        assert!(out.contains(&format!(":named {name})")), "{name}");
    }
    same_answers(&src, &out, true);
}

#[test]
fn the_name_of_a_dropped_assertion_goes_with_it_when_nothing_can_observe_it() {
    // as F* writes its queries: every assertion named, no core asked for
    let src = "(declare-const x Int)
(assert (! (or (> x 0) (not (> x 0))) :named unused))
(assert (! (> x 1) :named kept))
(check-sat)
";
    let out = run(src);
    assert!(!out.contains("unused"), "{out}");
    assert!(out.contains("(assert (! (<= 2 x) :named kept))"), "{out}");
    same_answers(src, &out, false);
    // a get-assignment reports every name: then it stays
    let asks = format!(
        "(set-option :produce-assignments true)\n{}",
        src.replace("(check-sat)", "(check-sat)\n(get-assignment)")
    );
    let out = run(&asks);
    assert!(out.contains("(assert (! true :named unused))"), "{out}");
    same_answers(&asks, &out, false);
}

#[test]
fn translation_validation_reads_named_scripts() {
    // the query repeats the terms of both scripts: without their names,
    // which would be defined twice
    if !common::require("z3") {
        return;
    }
    for src in [TRUE_AND_FALSE, CORE] {
        let out = run(src);
        common::assert_validated(src, &out);
    }
}
