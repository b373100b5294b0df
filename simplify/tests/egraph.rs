//! The e-graph pipeline end to end: equivalence (checked with z3),
//! determinism, round trip, context soundness, push/pop, attributes,
//! `--explain` and `--split`.

mod common;

use simplify::{simplify_script, simplify_text, Options, PassId};
use smtlib_io::{parse_script, print_script, CommandKind, Op, Printer};
use std::process::{Command, Stdio};

fn z3(query: &str) -> String {
    common::z3(query, common::PROOF_LIMIT).expect("z3 is needed here")
}

/// For a script with one check-sat: simplified with the default options,
/// the conjunction of its output assertions is equivalent to that of its
/// input assertions (z3). Returns the output, which reads back.
fn assert_simplifies_equivalently(src: &str) -> String {
    let script = parse_script(src).expect("parses");
    let inputs: Vec<_> = script.assertions().collect();
    let out = simplify_script(script, &Options::default());
    let mut s = out.script.clone();
    let outputs: Vec<_> = s.assertions().collect();
    let conj = |cx: &mut smtlib_io::Context, ts: &[smtlib_io::TermId]| match ts.len() {
        0 => cx.mk_bool(true),
        1 => ts[0],
        _ => cx.mk_app(Op::And, ts.to_vec()).expect("Bool"),
    };
    let a = conj(&mut s.cx, &inputs);
    let b = conj(&mut s.cx, &outputs);
    let mut p = Printer::new(&s.cx);
    let (before, after) = (p.term(a), p.term(b));
    s.commands
        .retain(|c| !matches!(c.kind, CommandKind::Assert(_) | CommandKind::CheckSat));
    common::assert_equivalent(&print_script(&s), &before, &after);
    parse_script(&out.output).expect("output parses");
    out.output
}

const T1: &str = "(set-logic ALL)
(declare-const x Int)
(declare-const y Int)
(declare-fun f (Int) Int)
(declare-const p Bool)
(assert (> x 0))
(assert (=> p (=> (> x 0) (< (+ x (* 2 y)) (+ (* y 2) x 1)))))
(assert (forall ((i Int)) (! (=> (= i (+ x 1)) (and (> (f i) 0) p)) :qid q1)))
(assert (not (and (<= (* 2 x) 5) (= (ite p x x) (+ x 0)))))
(check-sat)
";

#[test]
fn simplifies_and_stays_equivalent() {
    let out = assert_simplifies_equivalently(T1);
    assert!(out.contains("(assert (<= 3 x))"), "{out}");
    assert!(!out.contains("forall"), "{out}");
}

#[test]
fn quantifier_rules_are_equivalences() {
    let cases = [
        // split forall over and, drop unused variable, miniscope
        "(declare-fun f (Int) Int)(declare-const a Int)(declare-const q Bool)
         (assert (forall ((i Int) (j Int)) (and (>= (f i) 0) (or q (> (f j) a)))))(check-sat)",
        // exists with a definition
        "(declare-fun f (Int) Int)(declare-const a Int)
         (assert (exists ((i Int) (j Int)) (and (= i (+ a 1)) (> (f i) (f j)))))(check-sat)",
        // forall with the definition as a negated disjunct
        "(declare-fun f (Int) Int)(declare-const a Int)
         (assert (forall ((i Int)) (or (not (= (* 2 a) i)) (> (f i) 0))))(check-sat)",
        // hypothesis without bound variables moves out
        "(declare-fun f (Int) Int)(declare-const a Int)
         (assert (forall ((i Int)) (=> (and (> a 0) (<= 0 i)) (> (f i) a))))(check-sat)",
        // exists split over or
        "(declare-fun f (Int) Int)
         (assert (exists ((i Int)) (or (> (f i) 0) (< (f 3) 0))))(check-sat)",
        // arithmetic normal forms and ite
        "(declare-const x Int)(declare-const y Int)(declare-const r Real)(declare-const c Bool)
         (assert (or (< (+ x y) (- (* 2 y) 3)) (= (ite c (+ x 1) (+ 1 x)) y) (>= (* 2.0 r) 1.0) (= (* 4 x) 6)))
         (assert (<= (div (* 3 x) 3) (mod (+ (* 4 y) x) 4)))(check-sat)",
    ];
    for c in cases {
        assert_simplifies_equivalently(c);
    }
}

#[test]
fn pattern_attributes_survive() {
    let src = "(declare-fun f (Int) Int)(declare-const a Int)
      (assert (forall ((i Int)) (! (=> (<= 0 i) (> (f i) (+ a 0))) :pattern ((f i)) :qid ax1)))(check-sat)";
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert!(
        out.contains(":pattern ((f i))") && out.contains(":qid ax1"),
        "{out}"
    );
    assert_simplifies_equivalently(src);
}

#[test]
fn equal_assertions_do_not_remove_each_other() {
    let src = "(declare-const p Bool)(declare-const q Bool)(assert p)(assert p)(assert (=> p q))(check-sat)";
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert!(out.contains("(assert p)"), "{out}");
    assert!(out.contains("(assert q)"), "{out}");
    // still unsat together with (not p)
    let neg = "(declare-const p Bool)(declare-const q Bool)(assert p)(assert p)(assert (not p))(check-sat)";
    let out = simplify_text(neg, &Options::default()).expect("ok").output;
    assert_eq!(z3(&out), "unsat", "{out}");
}

#[test]
fn push_pop_scopes_are_respected() {
    let src = "(declare-const p Bool)(declare-const x Int)
(assert (> x 2))
(push 1)
(assert p)
(check-sat)
(pop 1)
(assert (or (not p) (< x 0)))
(check-sat)
(push 1)
(assert (= x 3))
(assert (not p))
(check-sat)
(pop 1)
";
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert_eq!(z3(src), z3(&out), "{out}");
    // misusing the popped `p` would make the second check-sat unsat
    assert_eq!(z3(&out), "sat\nsat\nsat");
    // the pushed `p` must not have simplified the later assertion
    assert!(out.contains("(not p)"), "{out}");
}

#[test]
fn output_is_deterministic() {
    let a = simplify_text(T1, &Options::default()).expect("ok").output;
    let b = simplify_text(T1, &Options::default()).expect("ok").output;
    assert_eq!(a, b);
    // and across processes
    let dir = std::env::temp_dir().join(format!("vcsimp-det-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let f = dir.join("t1.smt2");
    std::fs::write(&f, T1).expect("write");
    let run = || {
        let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
            .arg(&f)
            .output()
            .expect("runs");
        assert!(o.status.success());
        o.stdout
    };
    assert_eq!(run(), run());
    assert_eq!(String::from_utf8(run()).expect("utf8"), a);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_names_rules_and_passes() {
    let opts = Options {
        explain: true,
        ..Options::default()
    };
    let out = simplify_text(T1, &opts).expect("ok");
    let trace = out.trace.join("\n");
    assert!(trace.contains("quant-eq-resolve:"), "{trace}");
    assert!(trace.contains("arith-"), "{trace}");
    // CLI
    let mut child = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .arg("--explain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    common::feed(&mut child, T1);
    let o = child.wait_with_output().expect("waits");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("vcsimp: explain: quant-eq-resolve:"), "{err}");
}

#[test]
fn split_writes_one_file_per_disjunct() {
    let src = "(declare-const x Int)(declare-const y Int)
(assert (> x 0))
(assert (not (=> (> y x) (and (> y 7) (> (+ x (* 2 y)) 20) (< x 5)))))
(check-sat)
";
    // no conjunct follows from `x > 0` and `y > x` (which bound analysis
    // combines), so all three disjuncts of the negation stay
    let dir = std::env::temp_dir().join(format!("vcsimp-split-{}", std::process::id()));
    let out_file = std::env::temp_dir().join(format!("vcsimp-split-{}.out", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = Command::new(env!("CARGO_BIN_EXE_vcsimp"))
        .arg("--split")
        .arg(&dir)
        .arg("--output")
        .arg(&out_file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            common::feed(&mut c, src);
            c.wait_with_output()
        })
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "{files:?}");
    // the input is sat (x = 5, y = 6 falsifies the third conjunct x < 5):
    // each part is checked
    let answers: Vec<String> = files
        .iter()
        .map(|f| z3(&std::fs::read_to_string(f).expect("read")))
        .collect();
    let whole = z3(src);
    assert_eq!(
        whole == "unsat",
        answers.iter().all(|a| a == "unsat"),
        "{answers:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&out_file);
    // multiple check-sats: a clear error
    let many = "(declare-const p Bool)(assert p)(check-sat)(assert (not p))(check-sat)";
    let script = parse_script(many).expect("parses");
    let e = simplify::pipeline::split_goal(&script).expect_err("refused");
    assert!(e.contains("exactly one check-sat"), "{e}");
}

#[test]
fn split_of_an_unsat_goal_gives_unsat_parts() {
    let src = "(declare-const x Int)(declare-fun f (Int) Int)
(assert (forall ((i Int)) (=> (<= 0 i 9) (= (f i) 0))))
(assert (not (and (= (f 0) 0) (= (f 9) 0) (=> (> x 0) (= (f 1) 0)))))
(check-sat)";
    let script = parse_script(src).expect("parses");
    let parts = simplify::pipeline::split_goal(&script).expect("splits");
    assert_eq!(parts.len(), 3);
    for p in &parts {
        assert_eq!(z3(p), "unsat", "{p}");
    }
}

#[test]
fn context_uses_definitions_and_literals() {
    let src =
        "(declare-const x Int)(declare-const y Int)(declare-const c Int)(declare-const q Bool)
(assert (= c (+ x (* 2 y))))
(assert (> (+ x (* 2 y)) 3))
(assert (= x 5))
(assert (=> q (< x 2)))
(check-sat)";
    assert_simplifies_equivalently(src);
    // the e-graph passes and the context pass alone
    let mine: Vec<PassId> = ["fold", "rules", "bool-nary", "arith-cmp", "context"]
        .iter()
        .map(|n| PassId::parse(n).expect("known pass"))
        .collect();
    let opts = Options {
        passes: mine,
        ..Options::default()
    };
    let out = simplify_text(src, &opts).expect("ok").output;
    assert!(out.contains("(assert (<= 4 c))"), "{out}");
    assert!(out.contains("(assert (not q))"), "{out}");
}

/// The context pass alone (with the e-graph's normalisation around it).
fn context_only() -> Options {
    let passes = ["fold", "rules", "bool-nary", "arith-cmp", "context"]
        .iter()
        .map(|n| PassId::parse(n).expect("known pass"))
        .collect();
    Options {
        passes,
        ..Options::default()
    }
}

#[test]
fn context_decides_comparisons_of_the_same_linear_form() {
    // `l + 1 <= m` makes `m <= l` false and `l < m + 3` true, also over
    // monomials (`b*l`, `b*m` are atoms of the linear form) and scaled.
    let src = "(declare-const l Int)(declare-const m Int)(declare-const b Int)
(declare-const p Bool)(declare-const q Bool)(declare-const r Bool)
(assert (<= (+ l 1) m))
(assert (or p (<= m l)))
(assert (=> q (< l (+ m 3))))
(assert (<= (* 2 b m) (+ (* 2 b l) 5)))
(assert (or r (>= (* b l) (+ (* b m) (- 2)))))
(assert (or r (> (* 3 b l) (* 3 b m))))
(check-sat)";
    assert_simplifies_equivalently(src);
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(out.contains("(assert p)"), "{out}");
    assert!(!out.contains("(=> q"), "{out}");
    // b*m - b*l <= 2 decides b*l - b*m >= -2 (true) and 3b*l > 3b*m
    // (b*l - b*m >= 1) not at all.
    assert!(!out.contains("(or r (<= (+ (* b m)"), "{out}");
    assert!(out.contains("(or r "), "{out}");
}

#[test]
fn context_pins_a_comparison_to_an_equality() {
    // `l <= b` next to the fact `b <= l` is `l = b`, which then replaces `l`
    // in the guard `b*k + l <= 0` (guarded-eq), leaving `b*(k + 1) <= 0`.
    let src =
        "(declare-const l Int)(declare-const b Int)(declare-const k Int)(declare-const p Bool)
(assert (<= l b))
(assert (<= b l))
(assert (or p (<= (+ (* b k) l) 0)))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    assert!(out.contains("(= l b)") || out.contains("(= b l)"), "{out}");
    // Only the context pass: the equality, and nothing where the two
    // ranges leave more than one point.
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(out.contains("(= l b)") || out.contains("(= b l)"), "{out}");
    let src = "(declare-const l Int)(declare-const b Int)
(assert (<= l (+ b 1)))
(assert (<= b l))
(check-sat)";
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(!out.contains("(= "), "{out}");
}

#[test]
fn context_replaces_a_constant_its_bounds_pin() {
    // A Skolem constant of a goal's thread with `0 <= z <= 0` (an unused
    // dimension) is `0` wherever else it occurs, so that `f(mk(x, 0))`
    // facts apply to `f(mk(x, z))`.
    let src = "(declare-sort d 0)(declare-fun mk (Int Int) d)(declare-fun f (d) Int)
(declare-const x Int)(declare-const z Int)(declare-const w Int)
(assert (forall ((u Int)) (= (f (mk u 0)) u)))
(assert (and (<= 0 x) (<= 0 z) (<= z 0) (<= 0 w) (<= w 1)))
(assert (not (= (f (mk x z)) x)))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    assert!(out.contains("(assert false)"), "{out}");
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(out.contains("(not (= (f (mk x 0)) x))"), "{out}");
    // the bounds themselves stay: nothing else pins z
    assert!(out.contains("(<= z 0)"), "{out}");
    // w's bounds leave two values, x's one bound many: neither is replaced
    let src = src.replace("(f (mk x z))", "(f (mk x w))");
    let out = simplify_text(&src, &context_only()).expect("ok").output;
    assert!(out.contains("(f (mk x w))"), "{out}");
    assert!(!out.contains("(assert false)"), "{out}");
}

#[test]
fn context_leaves_overlapping_ranges_and_popped_facts_alone() {
    let src = "(declare-const l Int)(declare-const m Int)(declare-const p Bool)
(push 1)
(assert (<= (+ l 1) m))
(check-sat)
(pop 1)
(assert (or p (<= m l)))
(assert (or p (<= m (+ l 5))))
(check-sat)";
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(out.contains("(or p (<= m l))"), "{out}");
    assert!(out.contains("(+ l 5)"), "{out}");
    assert_eq!(z3(src), z3(&out), "{out}");
    // within one scope the fact decides the first but not the second
    let src = "(declare-const l Int)(declare-const m Int)(declare-const p Bool)
(assert (<= (+ l 1) m))
(assert (or p (<= m l)))
(assert (or p (<= m (+ l 5))))
(check-sat)";
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert!(out.contains("(assert p)"), "{out}");
    assert!(out.contains("(+ l 5)"), "{out}");
    assert_simplifies_equivalently(src);
    // equal facts do not remove each other
    let src = "(declare-const l Int)(declare-const m Int)
(assert (< l m))(assert (<= (+ l 1) m))(check-sat)";
    let out = simplify_text(src, &context_only()).expect("ok").output;
    assert_eq!(out.matches("(assert").count(), 1, "{out}");
    assert_simplifies_equivalently(src);
}

/// ElimAssign through the whole pipeline: the assign constraints stay, but
/// the formulas that use the assigned functions get their definitions
/// (extraction prefers forms without defined functions), and equal
/// constants get one name everywhere.
#[test]
fn extraction_keeps_substituted_definitions() {
    let src = "(declare-const N Int)(declare-const M Int)(declare-const k Int)
(declare-fun i1 (Int) Int)(declare-fun i2 (Int) Int)(declare-fun a (Int) Int)
(assert (= M N))
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i1 t) (* 4 t)))))
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (+ (i2 t) 1) (+ (i1 t) 3)))))
(assert (not (forall ((t Int)) (=> (and (<= 0 t) (< t M)) (= (a (i2 t)) (a (+ (* 4 t) 2)))))))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    let goal = out
        .lines()
        .rfind(|l| l.starts_with("(assert"))
        .expect("a goal");
    assert!(!goal.contains("i2") && !goal.contains("i1"), "{out}");
    // Where the guard is not decided the application stays (the two-case
    // form would only be larger).
    let src = "(declare-const N Int)(declare-const k Int)(declare-fun i1 (Int) Int)
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i1 t) (* 4 t)))))
(assert (not (= (i1 k) (* 4 k))))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    assert!(out.contains("(assert (not (= (i1 k) (* 4 k))))"), "{out}");
}

/// A rewrite may not make an assertion mention a symbol declared after it
/// (a later definition `c = x*x` must not turn an earlier `x*x` into `c`):
/// solvers reject the output. Regression from the zoo's SPARK VCs.
#[test]
fn rewrites_use_only_symbols_declared_before_the_assertion() {
    let src = "(declare-const x Int)
(assert (> (* x x) 3))
(declare-const c Int)
(assert (= c (* x x)))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    let first = out.lines().find(|l| l.starts_with("(assert")).unwrap();
    assert!(!first.contains(" c"), "{out}");
    assert!(!z3(&out).contains("error"), "{out}");
    // declared before: the definition is used
    let src = "(declare-const x Int)(declare-const c Int)
(assert (> (* x x) 3))
(assert (= c (* x x)))
(check-sat)";
    let out = assert_simplifies_equivalently(src);
    assert!(out.contains("(assert (<= 4 c))"), "{out}");
}

#[test]
fn rewrites_use_only_symbols_in_scope() {
    // `c` of the first scope is popped; the later `c` is another symbol,
    // declared after the assertion in the second scope. That assertion is
    // live at no check-sat, so every fact may rewrite it, but not with `c`.
    let src = "(declare-fun f (Int) Int)(declare-const x Int)
(push 1)(declare-const c Int)(assert (= c 1))(check-sat)(pop 1)
(push 1)(assert (> (f x) 0))(pop 1)
(declare-const c Int)(assert (= (f x) c))(check-sat)";
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert!(!z3(&out).contains("error"), "{out}");
    assert_eq!(z3(&out), z3(src), "{out}");
    // A qualified constant `(as c Int)` names its symbol too.
    let src = "(declare-fun f (Int) Int)(declare-const x Int)
(push 1)(assert (> (f x) 0))(pop 1)
(declare-const c Int)(assert (= (f x) (as c Int)))(check-sat)";
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert!(!z3(&out).contains("error"), "{out}");
}

/// Under global declarations (SMT-LIB's `:global-declarations`, z3's
/// `:global-decls`, as Viper's Silicon writes) a symbol declared under a
/// popped `push` is still declared: assertions that use it are read and
/// simplified, rewrites may use it, and the output keeps the input's
/// scoping command for command. z3's `implies` is simplified like `=>`.
#[test]
fn global_declarations_are_read_and_kept() {
    for opt in [":global-decls", ":global-declarations"] {
        let src = format!(
            "(set-option {opt} true)
(declare-const y Int)
(push 1)
(declare-const x Int)
(assert (> x 5))
(check-sat)
(pop 1)
(assert (= y x))
(assert (implies (> y 0) (and (> x 0) (> x 0))))
(check-sat)
"
        );
        let out = simplify_text(&src, &Options::default()).expect("ok");
        assert_eq!(out.stats.opaque_commands, 0, "{:?}", out.stats.warnings);
        let text = out.output;
        assert!(
            !text.contains("implies") && !text.contains("(and"),
            "{text}"
        );
        assert!(
            text.contains("(push 1)\n(declare-const x Int)\n") && text.contains("(pop 1)\n"),
            "{text}"
        );
        assert!(!z3(&text).contains("error"), "{text}");
        assert_eq!(z3(&text), z3(&src), "{text}");
    }
}

/// Corpus files keep their z3 answer (sat/unsat never flips).
#[test]
fn corpus_sample_keeps_z3_answers() {
    let files = common::corpus_files();
    // a deterministic sample of at most 10 files
    let step = (files.len() / 10).max(1);
    let sample: Vec<_> = files.iter().step_by(step).take(10).collect();
    for f in sample {
        let src = std::fs::read_to_string(f).expect("read");
        let out = simplify_text(&src, &Options::default())
            .expect("simplifies")
            .output;
        let answer = |q: &str| common::z3(q, 3).expect("z3 is needed here");
        let (a, b) = (answer(&src), answer(&out));
        let known = |s: &str| s == "sat" || s == "unsat";
        if known(&a) && known(&b) {
            assert_eq!(a, b, "{}", f.display());
        }
    }
}

/// With the e-graph's folding alone (no quantifier pass), a quantifier
/// whose body folded to a constant is that constant, and one whose body
/// did not fold stays.
#[test]
fn a_quantifier_over_a_constant_body_folds() {
    let src = "(declare-const g Int)(declare-fun p (Int) Bool)
(assert (not (forall ((i Int)) (=> (and (<= 0 i) (< i g)) (forall ((j Int)) (or (p j) (not false) (p j)))))))
(assert (exists ((k Int)) (and (p k) (< 1 0))))
(assert (forall ((k Int)) (p k)))
(check-sat)";
    assert_simplifies_equivalently(src);
    let opts = Options {
        passes: vec![PassId::parse("fold").expect("known pass")],
        ..Options::default()
    };
    let out = simplify_text(src, &opts).expect("ok").output;
    assert!(!out.contains("(forall ((j"), "{out}");
    assert!(!out.contains("(exists"), "{out}");
    assert!(out.contains("(assert false)"), "{out}");
    assert!(out.contains("(forall ((k Int)) (p k))"), "{out}");
}

/// Folding compares bit-vector literals by value: Boogie's
/// `(not (= (ite c #b1 #b0) #b0))` leaves `(not (= #b1 #b0))` once `c`
/// is true, and two spellings of one value are equal.
#[test]
fn folding_decides_equalities_of_bit_vector_literals() {
    let fold_only = Options {
        passes: vec![PassId::parse("fold").expect("known pass")],
        ..Options::default()
    };
    // applies: different values, one value in two spellings
    let src = "(declare-const p Bool)(declare-const x (_ BitVec 8))
(assert (and p (not (= #b1 #b0))))
(assert (or p (= #x0f #b00001111)))
(assert (or p (distinct #x0f (_ bv15 8)) (= (_ bv271 8) #x0f)))
(assert (= x (ite (= #b0 #b1) #x01 #x02)))
(check-sat)";
    let out = simplify_text(src, &fold_only).expect("ok").output;
    assert!(out.contains("(assert (and p true))"), "{out}");
    assert!(!out.contains("#b"), "{out}");
    assert!(
        out.contains("(ite false #x01 #x02)"),
        "folding alone: {out}"
    );
    // with the rules, Boogie's guard is gone and the ite decided
    let out = simplify_text(src, &Options::default()).expect("ok").output;
    assert!(out.contains("(assert p)"), "{out}");
    assert!(out.contains("(= x #x02)"), "{out}");
    assert_simplifies_equivalently(src);
    // each folded equality is valid: (distinct lhs rhs) is unsat
    for (lhs, rhs) in [
        ("(not (= #b1 #b0))", "true"),
        ("(= #x0f #b00001111)", "true"),
        ("(distinct #x0f (_ bv15 8))", "false"),
        ("(= (_ bv271 8) #x0f)", "true"),
        ("(= #x00000000 #x00000001)", "false"),
    ] {
        common::assert_equivalent("", lhs, rhs);
    }
    // does not apply: a literal against a symbol, or of another width's
    // spelling that is not a bit-vector literal
    let src = "(declare-const x (_ BitVec 1))(declare-const y (_ BitVec 4))
(assert (not (= x #b0)))
(assert (= y #xa))
(check-sat)";
    let out = simplify_text(src, &fold_only).expect("ok").output;
    assert!(out.contains("(assert (not (= x #b0)))"), "{out}");
    assert!(out.contains("(assert (= y #xa))"), "{out}");
}

/// The e-graph passes alone (`fold`, `rules`, `bool-nary`) on `src`.
fn boolean_passes(src: &str) -> String {
    let passes = ["fold", "rules", "bool-nary"]
        .iter()
        .map(|n| PassId::parse(n).expect("known pass"))
        .collect();
    let opts = Options {
        passes,
        ..Options::default()
    };
    simplify_text(src, &opts).expect("valid input").output
}

const CHAINS: &str =
    "(declare-const p Bool)(declare-const q Bool)(declare-const s Bool)(declare-const r Bool)\n";

/// A chain of implications becomes one guard in one step, and a chain whose
/// conclusion is among its guards (or a conjunct of one) is true.
#[test]
fn implication_chains_collapse_into_one_guard() {
    let out = boolean_passes(&format!("{CHAINS}(assert (=> p (=> q (=> s r))))\n"));
    assert!(out.contains("(assert (=> (and p q s) r))"), "{out}");
    for valid in ["(=> p (=> q p))", "(=> p (=> (and q s) (=> r s)))"] {
        let out = boolean_passes(&format!("{CHAINS}(assert {valid})\n(check-sat)\n"));
        assert!(!out.contains("(assert"), "{valid} is true:\n{out}");
    }
}

/// An implication whose guard is an implication is no chain.
#[test]
fn implication_chains_need_the_implication_in_the_conclusion() {
    let out = boolean_passes(&format!("{CHAINS}(assert (=> (=> p q) r))\n"));
    assert!(out.contains("(assert (=> (=> p q) r))"), "{out}");
    let out = boolean_passes(&format!(
        "{CHAINS}(assert (=> p (=> q s)))\n(assert (=> q (=> p r)))\n"
    ));
    assert!(!out.contains("(=> (and p q) (=> "), "{out}");
}

/// The collapsed chains are equivalent to the input (z3).
#[test]
fn implication_chains_collapse_soundly() {
    for chain in [
        "(=> p (=> q (=> s r)))",
        "(=> p (=> (and q s) (=> r s)))",
        "(=> (not p) (=> q (=> p r)))",
        "(=> p (=> q (and (=> s r) (=> r s))))",
    ] {
        let out = boolean_passes(&format!("{CHAINS}(assert {chain})\n"));
        let after: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("(assert ")?.strip_suffix(')'))
            .collect();
        let after = match after.as_slice() {
            [] => "true".to_string(),
            [one] => one.to_string(),
            many => format!("(and {})", many.join(" ")),
        };
        common::assert_equivalent(CHAINS, chain, &after);
    }
}
