//! Alpha-equivalent quantifiers share one e-class; quantifiers that only
//! look alike do not.

use simplify::egraph::analysis::{VcAnalysis, VcEGraph};
use simplify::egraph::convert::Loader;
use simplify::egraph::{saturate, SatConfig, SatLimits};
use smtlib_io::{parse_script, print_script, Context, TermId, TermKind};

const DECLS: &str = "(declare-fun P (Int) Bool)(declare-fun R (Int Int) Bool)
  (declare-fun Q (Real) Bool)(declare-const q Bool)(declare-const a Int)";

/// The outermost quantifier of `t` (through `or`/`not`/`and`).
fn first_quantifier(cx: &Context, t: TermId) -> TermId {
    match cx.kind(t) {
        TermKind::Binder(..) => t,
        TermKind::App(_, args) => args
            .iter()
            .map(|&a| first_quantifier(cx, a))
            .find(|&u| matches!(cx.kind(u), TermKind::Binder(..)))
            .unwrap_or(t),
        _ => t,
    }
}

/// Load the two assertions of `asserts` into one e-graph: are their
/// outermost quantifiers in one e-class?
fn same_quantifier(asserts: &str) -> bool {
    let script = parse_script(&format!("{DECLS}{asserts}")).expect("parses");
    let roots: Vec<TermId> = script.assertions().collect();
    assert_eq!(roots.len(), 2, "two assertions");
    let quants: Vec<TermId> = roots
        .iter()
        .map(|&r| first_quantifier(&script.cx, r))
        .collect();
    let mut eg = VcEGraph::new(VcAnalysis::new(script.cx.clone()));
    let mut loader = Loader::default();
    let ids: Vec<_> = quants.iter().map(|&q| loader.add(&mut eg, q)).collect();
    eg.rebuild();
    eg.find(ids[0]) == eg.find(ids[1])
}

#[test]
fn renamed_copies_meet() {
    assert!(same_quantifier(
        "(assert (forall ((x Int)) (=> (<= 0 x) (P x))))
         (assert (or q (forall ((y Int)) (=> (<= 0 y) (P y)))))"
    ));
}

#[test]
fn nested_binders_and_free_variables_meet() {
    // The inner quantifier mentions the outer variable (free inside it).
    assert!(same_quantifier(
        "(assert (exists ((z Int)) (and (P z) (forall ((w Int)) (R z w)))))
         (assert (not (exists ((u Int)) (and (P u) (forall ((v Int)) (R u v))))))"
    ));
}

#[test]
fn patterns_are_renamed_too() {
    assert!(same_quantifier(
        "(assert (forall ((x Int)) (! (P x) :pattern ((P x)))))
         (assert (or q (forall ((y Int)) (! (P y) :pattern ((P y))))))"
    ));
}

#[test]
fn different_bodies_sorts_orders_or_patterns_stay_apart() {
    // a body differing only in a free constant
    assert!(!same_quantifier(
        "(assert (forall ((x Int)) (R x a)))
         (assert (or q (forall ((y Int)) (R y 0))))"
    ));
    // the same body shape over another sort
    assert!(!same_quantifier(
        "(assert (forall ((x Int)) (P x)))
         (assert (or q (forall ((y Real)) (Q y))))"
    ));
    // binder order matters: R x y against R y x
    assert!(!same_quantifier(
        "(assert (forall ((x Int) (y Int)) (R x y)))
         (assert (or q (forall ((u Int) (v Int)) (R v u))))"
    ));
    // forall against exists
    assert!(!same_quantifier(
        "(assert (forall ((x Int)) (P x)))
         (assert (or q (exists ((y Int)) (P y))))"
    ));
    // different triggers are kept (they steer E-matching)
    assert!(!same_quantifier(
        "(assert (forall ((x Int)) (! (R x x) :pattern ((P x)))))
         (assert (or q (forall ((y Int)) (! (R y y) :pattern ((R y y))))))"
    ));
}

#[test]
fn a_bound_variable_is_not_confused_with_a_free_one() {
    // forall x. R x a  vs  forall a'. R a' a'  — never equal.
    assert!(!same_quantifier(
        "(assert (exists ((b Int)) (forall ((x Int)) (R x b))))
         (assert (or q (exists ((c Int)) (forall ((y Int)) (R y y)))))"
    ));
}

/// Extraction picks one binder for alpha-equivalent quantifiers; each
/// assertion still gets its own variables, so the output reads back as
/// it prints.
#[test]
fn extracted_copies_bind_their_own_variables() {
    let src = format!(
        "{DECLS}(assert (forall ((x Int)) (=> (<= 0 x) (P x))))
         (assert (or q (forall ((y Int)) (=> (<= 0 y) (P y)))))(check-sat)"
    );
    let mut script = parse_script(&src).expect("parses");
    let roots: Vec<TermId> = script.assertions().collect();
    let config = SatConfig::rules_only();
    let (cx, result) = saturate(
        script.cx.clone(),
        &roots,
        &[],
        &config,
        &SatLimits::default(),
        None,
    );
    let (q0, q1) = (
        first_quantifier(&cx, result.terms[0]),
        first_quantifier(&cx, result.terms[1]),
    );
    assert_ne!(q0, q1, "the second assertion gets a renamed copy");
    let (TermKind::Binder(_, v0, ..), TermKind::Binder(_, v1, ..)) = (cx.kind(q0), cx.kind(q1))
    else {
        panic!("quantifiers")
    };
    assert_ne!(v0, v1);
    // both print with the first binder's name, and read back the same
    script.cx = cx;
    let mut k = 0;
    for c in script.commands.iter_mut() {
        if let smtlib_io::CommandKind::Assert(t) = &mut c.kind {
            *t = result.terms[k];
            k += 1;
        }
    }
    let printed = print_script(&script);
    assert_eq!(printed.matches("(forall ((x Int))").count(), 1, "{printed}");
    let again = print_script(&parse_script(&printed).expect("reads back"));
    assert_eq!(printed, again);
}

/// A hypothesis decides a goal that restates it under other variable
/// names; a goal that only looks alike stays.
#[test]
fn a_fact_decides_its_renamed_copy() {
    let fact = "(assert (forall ((x Int)) (=> (<= 0 x) (R x a))))";
    let restated =
        format!("{DECLS}{fact}(assert (not (forall ((y Int)) (=> (<= 0 y) (R y a)))))(check-sat)");
    let out = simplify::simplify_text(&restated, &simplify::Options::default())
        .expect("ok")
        .output;
    assert!(out.contains("(assert false)"), "{out}");
    let other =
        format!("{DECLS}{fact}(assert (not (forall ((y Int)) (=> (<= 0 y) (R y y)))))(check-sat)");
    let out = simplify::simplify_text(&other, &simplify::Options::default())
        .expect("ok")
        .output;
    assert!(!out.contains("(assert false)"), "{out}");
}

/// `depth` nested universal quantifiers over `x0 … x{depth-1}` whose body
/// relates every variable to the next.
fn nested_forall(prefix: &str, depth: usize) -> String {
    let mut t = String::new();
    for i in 0..depth {
        t.push_str(&format!("(forall (({prefix}{i} Int)) "));
    }
    t.push_str("(and");
    for i in 0..depth {
        t.push_str(&format!(" (R {prefix}{i} {prefix}{})", (i + 1) % depth));
    }
    t.push(')');
    t.push_str(&")".repeat(depth));
    t
}

#[test]
fn deeply_nested_renamed_copies_meet() {
    let (a, b) = (nested_forall("x", 40), nested_forall("y", 40));
    assert!(same_quantifier(&format!("(assert {a})(assert (or q {b}))")));
}

#[test]
fn a_key_past_its_work_budget_is_none_and_copies_stay_apart() {
    use simplify::term::alpha::{alpha_key, KeyMemo, KEY_BUDGET, KEY_WORK_BUDGET};
    // Fewer tokens than the token budget, but every level compares the
    // body's free variables with the bound ones: more work than allowed.
    let depth = 600;
    assert!(3 * depth < KEY_BUDGET && depth * depth / 2 > KEY_WORK_BUDGET);
    let (a, b) = (nested_forall("x", depth), nested_forall("y", depth));
    let script = parse_script(&format!("{DECLS}(assert {a})")).expect("parses");
    let root = script.assertions().next().expect("one assertion");
    assert_eq!(alpha_key(&script.cx, root, &mut KeyMemo::default()), None);
    assert!(!same_quantifier(&format!(
        "(assert {a})(assert (or q {b}))"
    )));
}
