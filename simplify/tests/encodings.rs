//! The encoding passes: `unfold` (definitions, wrappers),
//! `records`, `prune-defs` and the opt-in `prune-unused`. Each has applies
//! and does-not-apply tests; soundness is checked with z3: the assertions
//! of input and output are equivalent over the input's declarations
//! (`(distinct (and input) (and output))` is unsat), or, for the pruning
//! passes, the answers agree.

mod common;

use simplify::{simplify_text, Options, PassId};

fn run(src: &str, passes: &[PassId]) -> String {
    let opts = Options {
        passes: passes.to_vec(),
        ..Options::default()
    };
    simplify_text(src, &opts).expect("parses").output
}

use common::asserted;

fn decls(text: &str) -> String {
    text.lines()
        .filter(|l| {
            ["(declare-", "(define-"]
                .iter()
                .any(|p| l.trim_start().starts_with(p))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// z3's first answer to `script`.
fn z3(script: &str) -> String {
    let answers = common::z3_answers(script);
    answers.split(' ').next().unwrap_or_default().to_string()
}

/// The conjunction of the output's assertions is equivalent to the input's.
fn assert_equivalent(input: &str, output: &str) {
    let conj = |a: Vec<String>| format!("(and true {})", a.join(" "));
    common::assert_equivalent(
        &decls(input),
        &conj(asserted(input)),
        &conj(asserted(output)),
    );
}

const DEFS: &str = "(declare-fun f (Int Int) Int)
(declare-fun p (Int) Bool)
(declare-fun c () Int)
(assert (forall ((x Int) (y Int)) (! (= (f x y) (+ (* 2 x) y)) :pattern ((f x y)))))
(assert (forall ((x Int)) (= (p x) (and (<= 0 x) (< x 10)))))
(assert (p c))
(assert (not (<= (f c 1) 20)))
(check-sat)
";

#[test]
fn unfold_applies_to_definitions_and_iff_definitions() {
    let out = run(DEFS, &[pass("unfold")]);
    let a = asserted(&out);
    assert_eq!(a.len(), 4, "{out}");
    assert!(!a[2].contains("(p c)") && !a[3].contains("(f c"), "{out}");
    assert_equivalent(DEFS, &out);
    assert_eq!(z3(&out), "unsat");
}

#[test]
fn unfold_does_not_apply_to_recursive_guarded_or_non_variable_definitions() {
    let src = "(declare-fun f (Int) Int)
(declare-fun g (Int) Int)
(declare-fun h (Int) Int)
(declare-fun c () Int)
(assert (forall ((x Int)) (= (f x) (+ (f (- x 1)) 1))))
(assert (forall ((x Int)) (=> (< 0 x) (= (g x) x))))
(assert (forall ((x Int)) (= (h (+ x 1)) x)))
(assert (< (+ (f c) (g c) (h c)) 0))
(check-sat)
";
    let out = run(src, &[pass("unfold")]);
    // f is recursive, g is guarded, h's argument is not a variable and its
    // right side is not smaller: the goal keeps all three.
    assert_eq!(asserted(&out)[3], "(< (+ (f c) (g c) (h c)) 0)", "{out}");
    // definitions that define each other: rewriting terminates and stays
    // equivalent
    let cycle = "(declare-fun f (Int) Int)
(declare-fun k (Int) Int)
(declare-fun c () Int)
(assert (forall ((x Int)) (= (k x) (+ (f x) 1))))
(assert (forall ((x Int)) (= (f x) (- (k x) 1))))
(assert (< (f c) 0))
(check-sat)
";
    let out = run(cycle, &[pass("unfold")]);
    assert_equivalent(cycle, &out);
}

#[test]
fn unfold_expands_define_funs() {
    let src = "(define-fun sq ((x Int)) Int (* x x))
(define-fun n () Int 3)
(declare-fun c () Int)
(assert (< (sq c) n))
(check-sat)
";
    let out = run(src, &[pass("unfold")]);
    assert!(asserted(&out)[0].contains("(* c c)"), "{out}");
    assert!(asserted(&out)[0].contains('3'), "{out}");
    assert_equivalent(src, &out);
}

/// A nullary Bool `define-fun` asserted through a small formula, with a
/// body of `n` conjuncts (Boogie's VC in a `define-fun`, in small).
fn constant_vc(n: usize) -> String {
    let body: Vec<String> = (0..n).map(|i| format!("(< (+ c {i}) (* d {i}))")).collect();
    format!(
        "(declare-fun c () Int)
(declare-fun d () Int)
(define-fun vc () Bool (and {}))
(assert (not vc))
(check-sat)
",
        body.join(" ")
    )
}

/// How often `unfold` fired on `src` (results the pipeline then rejects
/// count too).
fn unfold_fired(src: &str) -> usize {
    let opts = Options {
        passes: vec![pass("unfold")],
        ..Options::default()
    };
    let out = simplify_text(src, &opts).expect("parses");
    out.stats
        .passes
        .iter()
        .find(|p| p.name == "unfold")
        .map_or(0, |p| p.fired)
}

#[test]
fn unfold_expands_a_constant_within_the_growth_bound_only() {
    // applies: the body is within 4 times the assertion's size plus 200
    let small = constant_vc(3);
    let out = run(&small, &[pass("unfold")]);
    assert!(asserted(&out)[0].contains("(* d 2)"), "{out}");
    assert_eq!(unfold_fired(&small), 1);
    assert_equivalent(&small, &out);
    // does not apply: a body beyond the bound is never expanded (nor
    // walked: the pass reports nothing for the pipeline to reject)
    let large = constant_vc(100);
    let out = run(&large, &[pass("unfold")]);
    assert_eq!(asserted(&out)[0], "(not vc)", "{out}");
    assert_eq!(unfold_fired(&large), 0);
    assert_eq!(z3(&large), z3(&out));
}

const WRAPPERS: &str = "(declare-sort uni 0)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(declare-fun m (Int) uni)
(declare-fun c () Int)
(assert (forall ((x Int)) (! (= (tb2t (t2tb x)) x) :pattern ((t2tb x)))))
(assert (forall ((x Int)) (= (m x) (t2tb (* 2 x)))))
(assert (not (= (tb2t (m c)) (+ c c))))
(check-sat)
";

#[test]
fn unfold_removes_wrapper_round_trips() {
    let out = run(WRAPPERS, &[pass("unfold")]);
    let a = asserted(&out);
    assert!(!a[2].contains("tb2t"), "{out}");
    assert_equivalent(WRAPPERS, &out);
    // the default pipeline then decides the goal itself
    let full = run(WRAPPERS, &PassId::default_passes());
    assert!(full.contains("(assert false)"), "{full}");
}

#[test]
fn unfold_does_not_orient_growing_or_conditional_equations() {
    let src = "(declare-sort uni 0)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(declare-fun sort (uni) Bool)
(declare-fun g (Int) Int)
(declare-fun c () uni)
(declare-fun d () Int)
(assert (forall ((j uni)) (=> (sort j) (= (t2tb (tb2t j)) j))))
(assert (forall ((x Int)) (= (g (g x)) (g (+ x x)))))
(assert (not (= (t2tb (tb2t c)) c)))
(assert (= (g (g d)) 1))
(check-sat)
";
    let out = run(src, &[pass("unfold")]);
    assert_eq!(asserted(&out), asserted(src), "{out}");
}

const RECORD_AXIOMS: &str = "(declare-sort dim3 0)
(declare-fun mk (Int Int) dim3)
(declare-fun px (dim3) Int)
(declare-fun py (dim3) Int)
(declare-fun a (dim3) Int)
(declare-fun n () Int)
(assert (forall ((u Int) (v Int)) (! (= (px (mk u v)) u) :pattern ((mk u v)))))
(assert (forall ((u Int) (v Int)) (= (py (mk u v)) v)))
(assert (forall ((d dim3)) (= d (mk (px d) (py d)))))
(assert (forall ((d dim3)) (=> (and (<= 0 (px d)) (< (px d) n) (= (py d) 0)) (= (a d) (px d)))))
(assert (exists ((d dim3)) (and (<= 0 (px d)) (< (px d) n) (= (py d) 0) (not (= (a d) (px d))))))
(check-sat)
";

#[test]
fn records_split_axiomatised_record_quantifiers() {
    let out = run(RECORD_AXIOMS, &[pass("records")]);
    let a = asserted(&out);
    assert!(
        a[3].contains("(a (mk ") && !a[3].contains("(px "),
        "hypothesis not split: {out}"
    );
    assert!(a[4].starts_with("(exists ((d_px"), "{out}");
    // the inversion axiom is kept as it was
    assert!(a[2].contains("(= d (mk (px d) (py d)))"), "{out}");
    assert_equivalent(RECORD_AXIOMS, &out);
    assert_eq!(z3(&out), "unsat");
}

#[test]
fn records_do_not_split_without_the_inversion_axiom() {
    let without: String = RECORD_AXIOMS
        .lines()
        .filter(|l| !l.contains("(= d (mk"))
        .collect::<Vec<_>>()
        .join("\n");
    let out = run(&without, &[pass("records")]);
    assert!(!out.contains("d_px"), "{out}");
    // why it matters: without surjectivity a value outside mk's image may
    // break a forall that holds on the image
    let src = "(declare-sort S 0)
(declare-fun mk (Int) S)
(declare-fun p (S) Int)
(declare-fun q (S) Bool)
(assert (forall ((u Int)) (= (p (mk u)) u)))
(assert (forall ((u Int)) (q (mk u))))
(assert (not (forall ((s S)) (q s))))
(check-sat)
";
    let out = run(src, &[pass("records")]);
    assert!(asserted(&out)[2].contains("(s S)"), "{out}");
}

const NESTED_DATATYPE: &str = "(declare-datatypes ((dim3 0)) (((mk_dim3 (x Int) (y Int) (z Int)))))
(declare-datatypes ((thread 0)) (((mk_thread (bid dim3) (tid dim3)))))
(declare-fun i (thread) Int)
(declare-fun n () Int)
(assert (forall ((th thread)) (=> (and (<= 0 (x (tid th))) (< (x (tid th)) n) (= (y (tid th)) 0) (= (x (bid th)) 0)) (= (i th) (x (tid th))))))
(assert (not (forall ((th thread)) (=> (and (<= 0 (x (tid th))) (< (x (tid th)) n) (= (y (tid th)) 0) (= (x (bid th)) 0)) (<= 0 (i th))))))
(check-sat)
";

#[test]
fn records_split_nested_datatypes() {
    let out = run(NESTED_DATATYPE, &[pass("records")]);
    let a = asserted(&out);
    assert!(
        a[0].contains("(th_tid_x Int)") && !a[0].contains("(tid "),
        "{out}"
    );
    assert!(a[0].contains("(i (mk_thread (mk_dim3 "), "{out}");
    assert_equivalent(NESTED_DATATYPE, &out);
}

#[test]
fn records_leave_multi_constructor_datatypes_alone() {
    let src = "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))
(declare-fun q (L) Bool)
(assert (forall ((l L)) (q l)))
(check-sat)
";
    let out = run(src, &[pass("records")]);
    assert_eq!(asserted(&out), asserted(src));
}

#[test]
fn unsplit_records_folds_the_split_back_to_the_record() {
    let split = run(RECORD_AXIOMS, &[pass("records")]);
    let out = run(RECORD_AXIOMS, &[pass("records"), pass("unsplit-records")]);
    let a = asserted(&out);
    // hypothesis and goal are over the record again, the fields read by
    // their projections
    for (i, q, d) in [(3, "forall", "d!1"), (4, "exists", "d!2")] {
        assert!(a[i].starts_with(&format!("({q} (({d} dim3))")), "{out}");
        assert!(
            a[i].contains(&format!("(a {d})"))
                && a[i].contains(&format!("(px {d})"))
                && !a[i].contains("(mk "),
            "{out}"
        );
    }
    // the record's axioms are not folded with themselves as facts: the
    // projection axiom of `py` (no pattern) stays over the fields
    assert_eq!(a[..3], asserted(&split)[..3], "{out}");
    assert_equivalent(RECORD_AXIOMS, &out);
    common::assert_validated(RECORD_AXIOMS, &out);
    assert_eq!(z3(&out), "unsat");
}

#[test]
fn unsplit_records_folds_nested_records_to_one_variable() {
    let out = run(NESTED_DATATYPE, &[pass("records"), pass("unsplit-records")]);
    let a = asserted(&out);
    assert!(a[0].starts_with("(forall ((th thread))"), "{out}");
    assert!(
        a[0].contains("(x (tid th))") && a[0].contains("(i th)") && !a[0].contains("mk_"),
        "{out}"
    );
    assert_equivalent(NESTED_DATATYPE, &out);
    common::assert_validated(NESTED_DATATYPE, &out);
}

#[test]
fn unsplit_records_needs_the_record_and_leaves_patterns_and_pinned_fields() {
    // a field quantifier written as such folds too, with the inversion
    // axiom: ∀u. q(mk u) is ∀s. q(s) when mk is onto
    let with_inversion = "(declare-sort S 0)
(declare-fun mk (Int) S)
(declare-fun p (S) Int)
(declare-fun q (S) Bool)
(assert (forall ((u Int)) (= (p (mk u)) u)))
(assert (forall ((s S)) (= s (mk (p s)))))
(assert (forall ((u Int)) (q (mk u))))
(assert (not (forall ((s S)) (q s))))
(check-sat)
";
    let out = run(with_inversion, &[pass("unsplit-records")]);
    assert!(
        asserted(&out)[2].starts_with("(forall ((u!1 S)) (q u!1))"),
        "{out}"
    );
    assert_equivalent(with_inversion, &out);
    // without it `S` may hold values outside mk's image, on which `q` may
    // fail: folding would turn a satisfiable script unsat
    let without: String = with_inversion
        .lines()
        .filter(|l| !l.contains("(= s (mk"))
        .collect::<Vec<_>>()
        .join("\n");
    let out = run(&without, &[pass("unsplit-records")]);
    assert!(asserted(&out)[1].contains("(q (mk "), "{out}");
    // a pattern over the constructor term, and a field that a pass pinned
    let src = "(declare-sort dim3 0)
(declare-fun mk (Int Int) dim3)
(declare-fun px (dim3) Int)
(declare-fun py (dim3) Int)
(declare-fun a (dim3) Int)
(assert (forall ((u Int) (v Int)) (= (px (mk u v)) u)))
(assert (forall ((u Int) (v Int)) (= (py (mk u v)) v)))
(assert (forall ((d dim3)) (= d (mk (px d) (py d)))))
(assert (forall ((u Int) (v Int)) (! (<= 0 (a (mk u v))) :pattern ((a (mk u v))))))
(assert (forall ((u Int)) (<= 0 (a (mk u 0)))))
(check-sat)
";
    let out = run(src, &[pass("unsplit-records")]);
    let a = asserted(&out);
    assert!(
        a[3].contains(":pattern ((a (mk ") && a[4].contains("(a (mk "),
        "{out}"
    );
    assert!(a[4].contains(" 0)))"), "{out}");
    // a quantifier that the input wrote over records, as Why3 defines a
    // predicate of thread pairs, is left as written
    let src = "(declare-datatypes ((dim3 0)) (((mk_dim3 (x Int) (y Int)))))
(declare-datatypes ((thread 0)) (((mk_thread (bid dim3) (tid dim3)))))
(declare-fun p (dim3) Bool)
(declare-fun v (thread) Bool)
(assert (forall ((b dim3) (t dim3)) (= (v (mk_thread b t)) (and (p b) (p t)))))
(check-sat)
";
    let out = run(src, &[pass("unsplit-records")]);
    assert!(asserted(&out)[0].contains("(v (mk_thread b t))"), "{out}");
}

#[test]
fn prune_defs_drops_definitions_of_unused_symbols() {
    let out = run(DEFS, &[pass("unfold"), pass("prune-defs")]);
    let a = asserted(&out);
    assert_eq!(a.len(), 2, "{out}");
    assert_eq!(z3(&out), z3(DEFS));
    // sat stays sat
    let sat = DEFS
        .replace("20", "21")
        .replace("(assert (not (<= (f c 1) 21)))", "(assert (<= (f c 1) 21))");
    let out = run(&sat, &[pass("unfold"), pass("prune-defs")]);
    assert_eq!(z3(&out), z3(&sat));
}

#[test]
fn prune_defs_keeps_definitions_when_models_are_asked_for_or_the_symbol_is_used() {
    let with_model = format!("{DEFS}(get-model)\n");
    let out = run(&with_model, &[pass("unfold"), pass("prune-defs")]);
    assert_eq!(asserted(&out).len(), 4, "{out}");
    // without unfolding, f and p still occur: nothing is dropped
    let out = run(DEFS, &[pass("prune-defs")]);
    assert_eq!(asserted(&out).len(), 4, "{out}");
    // a named definition that a command uses keeps its name
    let named = DEFS
        .replace(
            "(assert (forall ((x Int)) (= (p x) (and (<= 0 x) (< x 10)))))",
            "(assert (! (forall ((x Int)) (= (p x) (and (<= 0 x) (< x 10)))) :named def_p))",
        )
        .replace("(check-sat)", "(check-sat-assuming (def_p))");
    let out = run(&named, &[pass("unfold"), pass("prune-defs")]);
    assert!(out.contains(":named def_p"), "{out}");
    assert_eq!(z3(&out), z3(&named));
}

#[test]
fn prune_defs_drops_a_define_fun_unfolded_everywhere_unless_models_are_asked_for() {
    let src = "(declare-const x Int)
(define-fun sq ((y Int)) Int (* y y))
(assert (< (sq x) 0))
(assert (> (sq (+ x 1)) 4))
(check-sat)
";
    let ran = common::run_passes(src, &[pass("unfold"), pass("prune-defs")]);
    assert!(!ran.output.contains("define-fun"), "{}", ran.output);
    assert_eq!(z3(&ran.output), z3(src));
    common::assert_validated_reading(src, &ran.output, &ran.read_back);
    // still used: kept
    let out = run(src, &[pass("prune-defs")]);
    assert!(out.contains("(define-fun sq"), "{out}");
    // a model may be asked for it: kept
    let asked = format!("(set-option :produce-models true)\n{src}(get-model)\n");
    let out = run(&asked, &[pass("unfold"), pass("prune-defs")]);
    assert!(out.contains("(define-fun sq"), "{out}");
}

#[test]
fn prune_unused_drops_unrelated_axioms_and_marks_the_output() {
    let src = "(declare-fun f (Int) Int)
(declare-fun pw (Int Int) Int)
(declare-fun c () Int)
(assert (forall ((x Int)) (= (pw x 0) 1)))
(assert (forall ((x Int) (n Int)) (=> (<= 0 n) (= (pw x (+ n 1)) (* x (pw x n))))))
(assert (forall ((x Int)) (< x (f x))))
(assert (not (< c (f c))))
(check-sat)
";
    let out = run(src, &[pass("prune-unused")]);
    assert_eq!(asserted(&out).len(), 2, "{out}");
    assert!(out.contains("(set-info :vcsimp-pruned true)"), "{out}");
    assert_eq!(z3(&out), "unsat");
    // not in the default pipeline
    assert!(!PassId::default_passes().contains(&pass("prune-unused")));
    let out = run(src, &PassId::default_passes());
    assert!(!out.contains("vcsimp-pruned"));
}

/// A Why3-shaped task: the default pipeline sees through the definitions,
/// records and wrappers to plain bounded integer quantifiers and keeps the
/// answer.
#[test]
fn why3_corpus_file_keeps_its_status() {
    let path = common::repo_root().join("corpus/why3-style/arraycopy/t3_preserve_inv1.smt2");
    let src = std::fs::read_to_string(path).unwrap();
    let out = run(&src, &PassId::default_passes());
    let a = asserted(&out).last().cloned().unwrap_or_default();
    assert!(!a.contains("is_valid"), "definitions left: {a}");
    assert!(!a.contains(" thread)"), "record quantifiers left: {a}");
    assert!(!a.contains("(tb2t (t2tb"), "wrappers left: {a}");
    let a = z3(&out);
    assert!(a == "unsat" || a == "unknown", "{a}");
}

#[test]
fn split_asserts_splits_boogie_style_vcs() {
    let src = "(declare-fun a () Int)
(declare-fun b () Int)
(declare-fun lbl () Bool)
(assert (not (=> (and (< 0 a) (< a b)) (! (or lbl (< 0 b)) :lblneg lbl1))))
(assert (! (and (< a 5) (< b 7)) :named both))
(check-sat)
";
    let out = run(src, &[pass("split-asserts")]);
    let a = asserted(&out);
    assert_eq!(a.len(), 4, "{out}");
    // a labelled goal stays whole (z3 gives labels their own meaning)
    assert!(a[2].contains(":lblneg lbl1"), "{out}");
    // a named assertion stays one assertion (its name must keep meaning)
    assert!(out.contains(":named both"), "{out}");
    let unnamed = src
        .replace(
            "(! (and (< a 5) (< b 7)) :named both)",
            "(and (< a 5) (< b 7))",
        )
        .replace("(! (or lbl (< 0 b)) :lblneg lbl1)", "(or lbl (< 0 b))");
    assert_equivalent(&unnamed, &run(&unnamed, &[pass("split-asserts")]));
    // nothing to split
    let flat = "(declare-fun a () Int)\n(assert (or (< a 0) (< 5 a)))\n(check-sat)\n";
    assert_eq!(
        asserted(&run(flat, &[pass("split-asserts")])),
        asserted(flat)
    );
}

/// A Boogie-style script that relies on E-matching: `len` is defined by an
/// axiom, but it also triggers the `nonneg` axiom. Unfolding it would remove
/// the ground `len` terms that fire that trigger.
const TRIGGERED: &str = "(declare-sort Sq 0)
(declare-fun len (Sq) Int)
(declare-fun raw (Sq) Int)
(declare-fun ok (Int) Bool)
(declare-fun s () Sq)
(assert (forall ((q Sq)) (! (= (len q) (raw q)) :pattern ((len q)))))
(assert (forall ((r Sq)) (! (ok (len r)) :pattern ((len r)))))
(assert (not (ok (len s))))
(check-sat)
";

#[test]
fn unfold_keeps_functions_that_trigger_other_axioms() {
    let out = run(TRIGGERED, &[pass("unfold")]);
    assert_eq!(asserted(&out), asserted(TRIGGERED), "{out}");
    // without the second axiom's pattern, `len` is an ordinary definition
    let plain = TRIGGERED.replace("(! (ok (len r)) :pattern ((len r)))", "(ok (len r))");
    assert_ne!(plain, TRIGGERED);
    let out = run(&plain, &[pass("unfold")]);
    assert!(asserted(&out)[2].contains("(raw s)"), "{out}");
    assert_equivalent(&plain, &out);
}

#[test]
fn unfold_keeps_patterns_of_rewritten_quantifiers() {
    let src = "(declare-sort uni 0)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(declare-fun g (Int) Int)
(assert (forall ((x Int)) (! (= (tb2t (t2tb x)) x) :pattern ((t2tb x)))))
(assert (forall ((y Int)) (! (< (tb2t (t2tb (g y))) 5) :pattern ((g y)) :qid ax)))
(check-sat)
";
    let out = run(src, &[pass("unfold")]);
    let a = asserted(&out);
    assert_eq!(
        a[1], "(forall ((y Int)) (! (< (g y) 5) :pattern ((g y)) :qid ax))",
        "{out}"
    );
    assert_equivalent(src, &out);
}

#[test]
fn unfold_does_not_orient_equations_that_bring_in_new_functions() {
    // Boogie's type axiom read right to left is smaller, but it would put
    // `single` terms (and their triggers) where the input had none.
    let src = "(declare-sort U 0)
(declare-sort T 0)
(declare-fun type (U) T)
(declare-fun single (U) U)
(declare-fun SetType (T T) T)
(declare-fun boolType () T)
(declare-fun a () U)
(assert (forall ((x U)) (= (type (single x)) (SetType (type x) boolType))))
(assert (= (type a) (SetType (type a) boolType)))
(check-sat)
";
    let out = run(src, &[pass("unfold")]);
    assert_eq!(asserted(&out), asserted(src), "{out}");
}

/// The registered pass named `name`.
fn pass(name: &str) -> PassId {
    PassId::parse(name).expect("a registered pass")
}

/// Why3 1.5's prelude of `int.EuclideanDivision` over the built-in `div`
/// and `mod`, as it prints it (a why3-real goal's), with a goal that uses
/// neither.
const DIV_MOD_PRELUDE: &str = "(assert
  (forall ((x Int) (y Int) (q Int))
    (=>
      (< 0 y)
      (=> (and (<= (* q y) x) (< x (+ (* q y) y))) (= (div x y) q)))))
(assert
  (forall ((x Int) (y Int))
    (=> (and (<= 0 x) (< 0 y)) (and (<= 0 (div x y)) (<= (div x y) x)))))
(assert
  (forall ((x Int) (y Int)) (=> (and (<= 0 x) (< x y)) (= (div x y) 0))))
(assert
  (forall ((x Int) (y Int))
    (=> (and (< 0 x) (<= x y)) (= (div (- x) y) (- 1)))))
(assert (forall ((y Int)) (=> (not (= y 0)) (= (mod 0 y) 0))))
(assert (forall ((y Int)) (=> (< 1 y) (= (div 1 y) 0))))
(assert (forall ((y Int)) (=> (< 1 y) (= (div (- 1) y) (- 1)))))
(assert (forall ((y Int)) (=> (< 1 y) (= (mod 1 y) 1))))
(assert (forall ((y Int)) (=> (< 1 y) (= (mod (- 1) y) (- y 1)))))
(assert
  (forall ((x Int) (y Int) (z Int))
    (! (=> (< 0 x) (= (div (+ (* x y) z) x) (+ y (div z x)))) :pattern ((div (+ (* x y) z) x)) )))
(assert
  (forall ((x Int) (y Int) (z Int))
    (! (=> (< 0 x) (= (mod (+ (* x y) z) x) (mod z x))) :pattern ((mod (+ (* x y) z) x)) )))
(declare-fun f (Int) Int)
(declare-const n Int)
(assert (forall ((i Int)) (=> (<= 0 i) (< (f i) (f (+ i 1))))))
(assert (<= 0 n))
(assert (not (< (f n) (f (+ n 2)))))
(check-sat)
";

#[test]
fn prune_defs_drops_the_div_mod_lemmas_when_nothing_else_uses_div_or_mod() {
    let out = run(DIV_MOD_PRELUDE, &[pass("prune-defs")]);
    assert!(!out.contains("div") && !out.contains("mod"), "{out}");
    assert_eq!(asserted(&out).len(), 3, "{out}");
    assert_equivalent(DIV_MOD_PRELUDE, &out);
    // `--validate` knows the lemmas hold
    common::assert_validated(DIV_MOD_PRELUDE, &out);
    // also when a model is asked for: the lemmas hold in every model
    let asked = format!("(set-option :produce-models true)\n{DIV_MOD_PRELUDE}(get-model)\n");
    let out = run(&asked, &[pass("prune-defs")]);
    assert_eq!(asserted(&out).len(), 3, "{out}");
    // and in the default pipeline, whatever the solver answers after
    let out = run(DIV_MOD_PRELUDE, &PassId::default_passes());
    assert!(!out.contains("div") && !out.contains("mod"), "{out}");
    assert_eq!(z3(&out), "unsat");
}

#[test]
fn prune_defs_keeps_the_div_mod_lemmas_when_div_or_mod_is_used_or_they_differ() {
    let lemmas = |out: &str| out.matches("(div ").count() + out.matches("(mod ").count();
    let whole = lemmas(DIV_MOD_PRELUDE);
    assert_eq!(whole, 16);
    // the goal uses mod: every lemma stays
    let used = DIV_MOD_PRELUDE.replace(
        "(assert (<= 0 n))",
        "(assert (<= 0 n))\n(assert (= (mod n 4) 1))",
    );
    let out = run(&used, &[pass("prune-defs")]);
    assert_eq!(lemmas(&out), whole + 1, "{out}");
    // so does a definition
    let defined = DIV_MOD_PRELUDE.replace(
        "(declare-const n Int)",
        "(declare-const n Int)\n(define-fun half ((k Int)) Int (div k 2))\n(assert (<= 0 (half n)))",
    );
    let out = run(&defined, &[pass("prune-defs")]);
    assert_eq!(lemmas(&out), whole + 1, "{out}");
    // a lemma that is not one of the valid ones (here false at y = 1)
    // stays, and so do the others
    let wrong = DIV_MOD_PRELUDE.replace(
        "(assert (forall ((y Int)) (=> (< 1 y) (= (div 1 y) 0))))",
        "(assert (forall ((y Int)) (=> (< 0 y) (= (div 1 y) 0))))",
    );
    assert_ne!(wrong, DIV_MOD_PRELUDE);
    let out = run(&wrong, &[pass("prune-defs")]);
    assert_eq!(lemmas(&out), whole, "{out}");
    let refuted = "(assert (not (forall ((y Int)) (=> (< 0 y) (= (div 1 y) 0)))))\n(check-sat)\n";
    assert_eq!(z3(refuted), "sat");
    // a named lemma that a command can see keeps its name, as `true`
    let named = DIV_MOD_PRELUDE
        .replace(
            "(assert (forall ((y Int)) (=> (< 1 y) (= (mod 1 y) 1))))",
            "(assert (! (forall ((y Int)) (=> (< 1 y) (= (mod 1 y) 1))) :named mod1))",
        )
        .replace("(check-sat)", "(check-sat-assuming (mod1))");
    let out = run(&named, &[pass("prune-defs")]);
    assert!(out.contains("(assert (! true :named mod1))"), "{out}");
    assert_eq!(z3(&out), z3(&named));
}

#[test]
fn the_div_mod_lemmas_are_valid() {
    // z3 proves each lemma over the built-in div and mod but Mod_mult
    // (nonlinear: no answer in 20 s), which it proves at each divisor
    // 1..8; cvc5 refutes none (it leaves Div_unique, Div_mult and Mod_mult
    // open)
    let query = |lemma: &str| format!("(set-logic NIA)\n(assert (not {lemma}))\n(check-sat)\n");
    let mod_mult = "(forall ((v0 Int) (v1 Int) (v2 Int)) (=> (< 0 v0) (= (mod (+ (* v0 v1) v2) v0) (mod v2 v0))))";
    for &lemma in simplify::passes::prune_defs::DIV_MOD_LEMMAS {
        if lemma == mod_mult {
            for k in 1..=8 {
                let at = lemma.replace("(v0 Int) ", "").replace("v0", &k.to_string());
                assert_eq!(z3(&query(&at)), "unsat", "z3 on {at}");
            }
        } else if let Some(out) = common::solve("z3", &query(lemma), 20) {
            assert_eq!(out, "unsat", "z3 on {lemma}");
        }
        if let Some(out) = common::solve("cvc5", &query(lemma), 5) {
            assert_ne!(out, "sat", "cvc5 on {lemma}");
        }
    }
}
