//! `lifted-lambdas`: a lifted lambda whose definition is an instance of
//! another's is read as that one under application and under a sum with an
//! extensionality lemma. On a real VeriCUDA VC excerpt (partialDot's
//! postcondition) and small scripts: where it applies, where it must not,
//! and that the rewrite is an equivalence (z3) and keeps the solvers'
//! answers.

mod common;

use simplify::{simplify_text, Options};

const PARTIAL_DOT: &str = include_str!("why3/partialdot_excerpt.smt2");

use common::run_named as run;

/// `src` printed back with no pass.
fn unchanged(src: &str) -> String {
    let opts = Options {
        passes: vec![],
        ..Options::default()
    };
    simplify_text(src, &opts).expect("parses").output
}

/// `tool`'s first answer on `script` at the tests' proof limit, or `None`
/// when the tool is missing (and the policy lets the check be skipped).
fn answer(tool: &str, script: &str) -> Option<String> {
    let out = common::solve(tool, script, common::PROOF_LIMIT)?;
    assert!(!common::has_error(&out), "{tool} error:\n{out}\n{script}");
    Some(common::answers(&out).join(" "))
}

/// A sum library (base case, recursion, extensionality lemma) and two
/// lambdas of a partial dot product, as the decoded real VC has them: `f`
/// of a thread `(bx, tx)`, reading the thread's `tid`, in the loop
/// invariant; `f1` of an index `p` in the goal.
const SUMDOT: &str = "(declare-sort func 2)
(declare-fun app ((func Int Real) Int) Real)
(declare-fun sum_r ((func Int Real) Int Int) Real)
(assert (forall ((f (func Int Real)) (a Int) (b Int)) (=> (< b a) (= (sum_r f a b) 0.0))))
(assert (forall ((f (func Int Real)) (a Int) (b Int)) (=> (<= a b) (= (sum_r f a b) (+ (app f b) (sum_r f a (- b 1)))))))
(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))
(declare-fun B () Int)
(declare-fun G () Int)
(assert (<= 1 B))
(assert (<= 1 G))
(declare-fun a (Int) Real)
(declare-fun b (Int) Real)
(declare-fun tid (Int Int) Int)
(declare-fun acc (Int Int) Real)
(declare-fun lc () Int)
(declare-fun m () Int)
(declare-fun f (Int Int) (func Int Real))
(assert (forall ((bx Int) (tx Int) (c Int)) (= (app (f bx tx) c) (* (a (+ (* B G c) (tid bx tx))) (b (+ (* B G c) (tid bx tx)))))))
(assert (forall ((bx Int) (tx Int)) (=> (and (<= 0 bx) (< bx G) (<= 0 tx) (< tx B)) (= (tid bx tx) (+ (* B bx) tx)))))
(assert (forall ((bx Int) (tx Int)) (=> (and (<= 0 bx) (< bx G) (<= 0 tx) (< tx B)) (= (acc bx tx) (sum_r (f bx tx) 0 (- lc 1))))))
(assert (= lc m))
(declare-fun f1 (Int) (func Int Real))
(assert (forall ((p Int) (c Int)) (= (app (f1 p) c) (* (a (+ (* B G c) p)) (b (+ (* B G c) p))))))
(assert (not (forall ((bx Int) (tx Int)) (=> (and (<= 0 bx) (< bx G) (<= 0 tx) (< tx B)) (= (acc bx tx) (sum_r (f1 (+ (* B bx) tx)) 0 (- m 1)))))))
(check-sat)
";

const INVARIANT: &str = "(forall ((bx Int) (tx Int)) (=> (and (<= 0 bx) (< bx G) (<= 0 tx) (< tx B)) (= (acc bx tx) (sum_r (f bx tx) 0 (- lc 1)))))";

#[test]
fn a_real_partial_dot_postcondition_meets_its_loop_invariant() {
    let out = run(PARTIAL_DOT, &["default"]);
    // the invariant's sum is over the postcondition's lambda, at the
    // thread's index (the invariant quantifies over the thread pair again,
    // `unsplit-records`)
    let at_thread = "(sum_r (f1 (+ (x (tid_of t";
    assert!(out.contains(at_thread), "{out}");
    assert!(!out.contains("(sum_r (f ?"), "{out}");
    // f1 is declared before the invariant that now uses it
    assert!(out.find("(declare-fun f1 ").unwrap() < out.find(at_thread).unwrap());
    for tool in ["z3", "cvc5"] {
        if let Some(a) = answer(tool, &out) {
            assert_eq!(a, "unsat", "{tool}\n{out}");
        }
    }
}

#[test]
fn a_lambda_over_a_thread_reads_as_the_one_over_its_index() {
    let out = run(SUMDOT, &["lifted-lambdas"]);
    assert!(
        out.contains("(sum_r (f1 (tid bx!2 tx!2)) 0 (- lc 1))"),
        "{out}"
    );
    // the definitions stay as they were
    assert!(out.contains("(= (app (f bx tx) c)"), "{out}");
    assert!(out.contains("(= (app (f1 p) c!1)"), "{out}");
    // f1's declaration moved before its first use
    let decl = out.find("(declare-fun f1 ").unwrap();
    assert!(decl < out.find("(sum_r (f1 (tid").unwrap(), "{out}");
    assert!(out.find("(declare-fun f ").unwrap() < decl, "{out}");
    // the rewrite is an equivalence given the definitions and the lemma
    let context: String = SUMDOT
        .lines()
        .filter(|l| {
            !l.contains("(assert (not") && !l.contains("check-sat") && !l.contains(INVARIANT)
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let context = context
        .replace("(declare-fun f1 (Int) (func Int Real))\n", "")
        .replace(
            "(declare-fun f (Int",
            "(declare-fun f1 (Int) (func Int Real))\n(declare-fun f (Int",
        );
    let after = INVARIANT.replace("(sum_r (f bx tx)", "(sum_r (f1 (tid bx tx))");
    common::assert_equivalent(&context, INVARIANT, &after);
    // the default pipeline decides the goal
    let out = run(SUMDOT, &["default"]);
    for tool in ["z3", "cvc5"] {
        if let Some(a) = answer(tool, &out) {
            assert_eq!(a, "unsat", "{tool}\n{out}");
        }
    }
}

/// Two lifted copies of one lambda (Why3 lifts each occurrence) and a
/// third lambda over another array.
const TWINS: &str = "(declare-sort func 2)
(declare-fun app ((func Int Real) Int) Real)
(declare-fun sum_r ((func Int Real) Int Int) Real)
(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))
(declare-fun a (Int) Real)
(declare-fun d (Int) Real)
(declare-fun w () Int)
(declare-fun f4 (Int) (func Int Real))
(assert (forall ((r Int) (c Int)) (= (app (f4 r) c) (a (+ (* w r) c)))))
(declare-fun f5 (Int) (func Int Real))
(assert (forall ((r1 Int) (c1 Int)) (= (app (f5 r1) c1) (a (+ (* w r1) c1)))))
(declare-fun f6 (Int) (func Int Real))
(assert (forall ((r2 Int) (c2 Int)) (= (app (f6 r2) c2) (d (+ (* w r2) c2)))))
(declare-const i Int)
(declare-const k Int)
(assert (= (sum_r (f4 i) 0 k) (app (f6 i) k)))
(assert (not (= (sum_r (f5 i) 0 k) (app (f6 i) k))))
(check-sat)
";

#[test]
fn twin_lambdas_read_as_the_first_declared() {
    let out = run(TWINS, &["lifted-lambdas"]);
    assert!(
        out.contains("(assert (not (= (sum_r (f4 i) 0 k) (app (f6 i) k))))"),
        "{out}"
    );
    assert!(
        out.contains("(assert (= (sum_r (f4 i) 0 k) (app (f6 i) k)))"),
        "{out}"
    );
    // definitions stay, the other array's lambda too
    assert!(out.contains("(app (f5 r1) c1)"), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
    // cvc5 answers unknown on the satisfiable version of both
    let sat = TWINS.replace("(assert (= (sum_r (f4 i) 0 k) (app (f6 i) k)))", "");
    let out = run(&sat, &["lifted-lambdas"]);
    assert!(
        out.contains("(assert (not (= (sum_r (f4 i) 0 k) (app (f6 i) k))))"),
        "{out}"
    );
    for s in [&sat, &out] {
        if let Some(a) = answer("cvc5", s) {
            assert_ne!(a, "unsat", "{s}");
        }
    }
}

/// `f`'s body is `f1`'s at `p := tid t`; the last assertion compares sums
/// over the two.
const TINY: &str = "(declare-sort func 2)
(declare-fun app ((func Int Real) Int) Real)
(declare-fun sum_r ((func Int Real) Int Int) Real)
(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))
(declare-fun a (Int) Real)
(declare-fun tid (Int) Int)
(declare-fun f (Int) (func Int Real))
(assert (forall ((t Int) (c Int)) (= (app (f t) c) (a (+ c (tid t))))))
(declare-fun f1 (Int) (func Int Real))
(assert (forall ((p Int) (c Int)) (= (app (f1 p) c) (a (+ c p)))))
(assert (> (sum_r (f 3) 0 5) (sum_r (f1 2) 0 5)))
(check-sat)
";

#[test]
fn answers_stay() {
    // satisfiable: cvc5 says unknown at once, before and after
    let out = run(TINY, &["lifted-lambdas"]);
    assert!(
        out.contains("(> (sum_r (f1 (tid 3)) 0 5) (sum_r (f1 2) 0 5))"),
        "{out}"
    );
    for s in [TINY, &out] {
        if let Some(a) = answer("cvc5", s) {
            assert_ne!(a, "unsat", "{s}");
        }
    }
    // unsatisfiable once tid 3 = 2
    let unsat = TINY.replace("(assert (>", "(assert (= (tid 3) 2))\n(assert (>");
    let out = run(&unsat, &["lifted-lambdas"]);
    assert!(out.contains("(sum_r (f1 (tid 3)) 0 5)"), "{out}");
    assert_eq!(common::z3_answers(&unsat), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
}

#[test]
fn where_it_must_not_apply() {
    let same = |src: &str| {
        let out = run(src, &["lifted-lambdas"]);
        assert_eq!(out, unchanged(src), "{src}");
    };
    // no extensionality lemma
    same(&TINY.replace(
        "(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))\n",
        "",
    ));
    // bodies that are not instances of each other
    same(&TINY.replace("(a (+ c p))", "(a (- c p))"));
    // the lemma's conclusion is not over its own variables
    same(&TINY.replace(
        "(= (sum_r f a b) (sum_r g a b))",
        "(= (sum_r f a b) (sum_r g a a))",
    ));
    // f has two definitions
    same(&TINY.replace(
        "(declare-fun f1 (Int)",
        "(assert (forall ((t Int) (c Int)) (= (app (f t) c) (a (+ c (tid t) 0)))))\n(declare-fun f1 (Int)",
    ));
    // f outside a sum or an application: f t and f1 (tid t) are not known equal
    same(&TINY.replace(
        "(assert (> (sum_r (f 3) 0 5) (sum_r (f1 2) 0 5)))",
        "(assert (not (= (f 3) (f1 (tid 3)))))",
    ));
    // scopes
    same(&TINY.replace("(check-sat)", "(push 1)\n(check-sat)\n(pop 1)"));
    // the lemma comes after a check-sat that the sum comparison comes before
    let lemma = "(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))\n";
    same(&format!("{}{lemma}(check-sat)\n", TINY.replace(lemma, "")));
    // f1's argument sort is declared after the sum comparison
    let late = LATE_SORT.replace(
        "(assert (> (sum_r (f 3) 0 5) 1.0))\n(check-sat)",
        "(check-sat)",
    );
    let late = late.replace(
        "(declare-sort idx 0)",
        "(assert (> (sum_r (f 3) 0 5) 1.0))\n(declare-sort idx 0)",
    );
    same(&late);
    // sel, in the new argument, is declared after the comparison
    let late = LATE_SORT
        .replace(
            "(assert (> (sum_r (f 3) 0 5) 1.0))\n(check-sat)",
            "(check-sat)",
        )
        .replace(
            "(declare-fun sel (Int) idx)",
            "(assert (> (sum_r (f 3) 0 5) 1.0))\n(declare-fun sel (Int) idx)",
        );
    same(&late);
    // with the comparison after f1's declaration it applies
    let out = run(LATE_SORT, &["lifted-lambdas"]);
    assert!(out.contains("(sum_r (f1 (sel 3)) 0 5)"), "{out}");
}

/// `f1` of a sort declared after `f`.
const LATE_SORT: &str = "(declare-sort func 2)
(declare-fun app ((func Int Real) Int) Real)
(declare-fun sum_r ((func Int Real) Int Int) Real)
(assert (forall ((f (func Int Real)) (g (func Int Real))) (=> (forall ((k Int)) (= (app f k) (app g k))) (forall ((a Int) (b Int)) (= (sum_r f a b) (sum_r g a b))))))
(declare-fun a (Int) Real)
(declare-fun f (Int) (func Int Real))
(declare-sort idx 0)
(declare-fun v (idx) Int)
(declare-fun sel (Int) idx)
(assert (forall ((t Int) (c Int)) (= (app (f t) c) (a (+ c (v (sel t)))))))
(declare-fun f1 (idx) (func Int Real))
(assert (forall ((p idx) (c Int)) (= (app (f1 p) c) (a (+ c (v p))))))
(assert (> (sum_r (f 3) 0 5) 1.0))
(check-sat)
";
