//! Every SMT-LIB 2.6 command and term construct
//! (and every one smt2parser fails on) reads, prints, and reads back to
//! the same print.

use smtlib_io::{parse_script, print_script, CommandKind, QueryKind, SortKind};

fn round_trip(src: &str) -> String {
    let s = parse_script(src).unwrap_or_else(|e| panic!("{}", e.render("<test>", src)));
    let out = print_script(&s);
    let again = parse_script(&out)
        .unwrap_or_else(|e| panic!("reparse: {}\n{out}", e.render("<out>", &out)));
    assert_eq!(print_script(&again), out, "print is not a fixpoint");
    out
}

const ALL_COMMANDS: &str = r#"(set-logic ALL)
(set-option :produce-models true)
(set-info :status unsat)
(set-info :source |multi
line|)
(declare-sort U 0)
(define-sort Arr (X) (Array Int X))
(declare-fun f (Int U) Int)
(declare-const c U)
(declare-const a (Arr Bool))
(define-fun g ((x Int)) Int (+ x 1))
(define-fun-rec fact ((n Int)) Int (ite (<= n 0) 1 (* n (fact (- n 1)))))
(define-funs-rec ((ev ((n Int)) Bool) (od ((n Int)) Bool)) ((ite (= n 0) true (od (- n 1))) (ite (= n 0) false (ev (- n 1)))))
(declare-datatype Color ((red) (green)))
(declare-datatypes ((Lst 1)) ((par (T) ((nil) (cons (hd T) (tl (Lst T)))))))
(push)
(assert (= (g 1) 2))
(pop)
(push 2)
(pop 2)
(assert (forall ((x Int) (u U)) (! (> (f x u) 0) :pattern ((f x u)) :qid q1 :weight 3)))
(assert (exists ((x Int)) (! (= x (g x)) :no-pattern (g x))))
(assert (let ((y 3) (z (g 4))) (let ((y z)) (= y z))))
(assert (! (select a 0) :named first))
(assert (=> first (= (match (as nil (Lst Int)) ((nil 0) ((cons h t) h))) 0)))
(assert (= (match (cons 1 (as nil (Lst Int))) (((cons h _t) h) (other 7))) 1))
(assert (= (bvadd #x0F #b00001111) ((_ extract 7 0) (_ bv5 16))))
(assert (= 1.05 (/ 21.0 20.0)))
(assert (= (- 5) -5))
(assert (distinct |assert| |x y| |let|))
(check-sat)
(check-sat-assuming (first (not first)))
(get-value (c))
(get-value ((g 1) c))
(get-model)
(get-assignment)
(get-unsat-core)
(get-unsat-assumptions)
(get-proof)
(get-assertions)
(get-info :all-statistics)
(get-option :produce-models)
(echo "a ""quoted"" string")
(reset-assertions)
(reset)
(exit)
"#;

#[test]
fn every_command_reads_and_round_trips() {
    // `|assert|` etc. are quoted symbols that need declaring to be terms.
    let src = ALL_COMMANDS.replace(
        "(assert (distinct |assert|",
        "(declare-const |assert| Int)(declare-const |x y| Int)(declare-const |let| Int)\n(assert (distinct |assert|",
    );
    let out = round_trip(&src);
    let s = parse_script(&src).unwrap();
    let opaque: Vec<_> = s
        .commands
        .iter()
        .filter(|c| matches!(c.kind, CommandKind::Opaque { .. }))
        .map(|c| c.text.clone())
        .collect();
    assert!(opaque.is_empty(), "unreadable: {opaque:?}");
    assert_eq!(
        s.commands
            .iter()
            .filter(|c| matches!(c.kind, CommandKind::Assert(_)))
            .count(),
        11
    );
    assert!(s.commands.iter().any(|c| c.kind == CommandKind::Push(1)));
    assert!(s.commands.iter().any(|c| c.kind == CommandKind::Pop(2)));
    assert!(s
        .commands
        .iter()
        .any(|c| c.kind == CommandKind::Query(QueryKind::Value)));
    assert!(s.asks_for_models());
    // Decimals print exactly (smt2parser prints 1.05 as 1.5).
    assert!(out.contains("(= 1.05 (/ 21.0 20.0))"), "{out}");
    // z3's -5 is a number; it prints in standard form.
    assert!(out.contains("(= (- 5) (- 5))"), "{out}");
    // Reserved words stay quoted.
    assert!(out.contains("(distinct |assert| |x y| |let|)"), "{out}");
    // Patterns and attributes survive.
    assert!(
        out.contains(":pattern ((f x u)) :qid q1 :weight 3"),
        "{out}"
    );
    assert!(out.contains(":no-pattern (g x!1)"), "{out}");
    assert!(out.contains(":named first"), "{out}");
    // Non-assert commands are byte-exact.
    assert!(out.contains("(set-info :source |multi\nline|)"));
    assert!(out.contains("(echo \"a \"\"quoted\"\" string\")"));
}

#[test]
fn z3_extensions_read_or_pass_through() {
    let src = "(declare-datatypes () ((Pair (mk (fst Int) (snd Int)))))\n\
               (define-const k Int 3)\n\
               (declare-fun p (Pair) Bool)\n\
               (assert (p (mk k 007)))\n\
               (assert-soft (> k 2) :weight 1)\n\
               (minimize k)\n\
               (check-sat-using (then simplify smt))\n\
               (eval k)\n\
               (assert (= ((_ map +) (lambda ((x Int)) x) (lambda ((x Int)) x)) (lambda ((x Int)) (* 2 x))))\n";
    let s = parse_script(src).unwrap();
    let out = round_trip(src);
    assert!(out.contains("(assert (p (mk k 7)))"), "{out}");
    assert!(out.contains("(assert-soft (> k 2) :weight 1)"));
    assert!(
        s.commands.iter().any(|c| c.kind == CommandKind::CheckSat),
        "check-sat-using ends a group"
    );
}

#[test]
fn sorts_are_inferred() {
    let s = parse_script("(declare-const x Int)(declare-const r Real)(declare-const b (_ BitVec 4))(assert (> (+ x r) (to_real (bv2nat b))))").unwrap();
    let t = s.assertions().next().unwrap();
    assert_eq!(s.cx.sort_of(t), s.cx.bool_sort());
    let smtlib_io::TermKind::App(_, args) = s.cx.kind(t) else {
        panic!()
    };
    assert_eq!(
        s.cx.sort_of(args[0]),
        s.cx.real_sort(),
        "Int + Real is Real"
    );
    let bv =
        s.cx.funs()
            .find(|(_, d)| s.cx.sym_name(d.name) == "b")
            .unwrap()
            .1
            .ret;
    assert_eq!(s.cx.sort_kind(bv), &SortKind::BitVec(4));
}

#[test]
fn push_pop_scopes_declarations() {
    let src =
        "(push 1)(declare-fun x () Int)(assert (> x 0))(pop 1)(declare-fun x () Bool)(assert x)";
    let s = parse_script(src).unwrap();
    let sorts: Vec<_> = s.assertions().map(|t| s.cx.sort_of(t)).collect();
    assert_eq!(sorts, vec![s.cx.bool_sort(), s.cx.bool_sort()]);
    round_trip(src);
}

#[test]
fn bound_variables_get_unique_names() {
    let out = round_trip("(declare-fun f (Int) Int)(declare-const x Int)(assert (and (forall ((x Int)) (> (f x) 0)) (forall ((x Int)) (< (f x) 9)) (> x 0)))");
    assert!(out.contains("(forall ((x!1 Int)) (> (f x!1) 0))"), "{out}");
    assert!(out.contains("(forall ((x!2 Int)) (< (f x!2) 9))"), "{out}");
}

#[test]
fn shared_subterms_print_once_with_let() {
    // 2^40 nodes as a tree, 41 as a DAG.
    let mut t = String::new();
    for i in 0..40 {
        let prev = if i == 0 {
            "x".to_string()
        } else {
            format!("a{}", i - 1)
        };
        t.push_str(&format!("(let ((a{i} (+ {prev} {prev}))) "));
    }
    t.push_str("(> a39 0)");
    t.push_str(&")".repeat(40));
    let out = round_trip(&format!("(declare-const x Int)(assert {t})"));
    assert!(out.len() < 10_000, "{} bytes", out.len());
}

#[test]
fn lets_are_placed_under_their_binders_and_never_in_patterns() {
    let src = "(declare-fun f (Int) Int)(assert (forall ((x Int)) (! (= (+ (f (+ x 1)) (f (+ x 1))) (f (f (+ x 1)))) :pattern ((f (+ x 1))))))";
    let out = round_trip(src);
    assert!(out.contains("(forall ((x Int)) (! (let ((?t (f (+ x 1)))) (= (+ ?t ?t) (f ?t))) :pattern ((f (+ x 1))))"), "{out}");
    assert!(out.contains(":pattern ((f (+ x 1)))"), "{out}");
}

#[test]
fn unreadable_assertions_are_kept_verbatim() {
    let src = "(declare-fun r () Real)\n(assert (> (sin r) 0.0))\n";
    let s = parse_script(src).unwrap();
    assert!(matches!(s.commands[1].kind, CommandKind::Opaque { .. }));
    assert_eq!(print_script(&s), src);
}

#[test]
fn deep_terms_read_and_print_without_recursion() {
    let d = 1_000_000;
    let src = format!(
        "(declare-const p Bool)(assert {}p{})",
        "(not ".repeat(d),
        ")".repeat(d)
    );
    let s = parse_script(&src).unwrap();
    let out = print_script(&s);
    assert_eq!(out.len(), src.len() + 2);
}

#[test]
fn lets_are_placed_at_the_innermost_binder_of_their_variables() {
    // (f (+ x 1)) depends on x only, (g (+ x y)) on x and y: each is bound
    // where its last variable is, across a binder that uses neither.
    let src = "(declare-fun f (Int) Int)(declare-fun g (Int) Int)\
               (assert (forall ((x Int)) (forall ((y Int)) (forall ((z Int)) \
               (and (> (+ (f (+ x 1)) (f (+ x 1))) z) (< (g (+ x y)) (* 2 (g (+ x y)))))))))";
    let out = round_trip(src);
    assert!(
        out.contains("(forall ((x Int)) (let ((?t (f (+ x 1)))) (forall ((y Int)) (let ((?t!1 (g (+ x y)))) (forall ((z Int))"),
        "{out}"
    );
}
