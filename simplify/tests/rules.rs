//! Every rule of `rules/*.rules`: it loads, it is sound (z3 and cvc5 prove
//! `(and cond (distinct lhs rhs))` unsat), and its examples fire / do not
//! fire. Also the strictness of the loader.

mod common;

use simplify::egraph::rule_files::{builtin_rules, fires_on, load_rules, soundness_query};

/// Rules the solvers cannot decide, with the reason, and the instances
/// that are checked instead (extra assertions added to the query).
const EXEMPT: &[(&str, &str, &[&str])] = &[
    (
        "arith-mod-add-multiple",
        "nonlinear (k*y with symbolic k): z3 and cvc5 time out; the rule only fires for numeral k",
        &["(= k 3)", "(= k (- 4))", "(= k 1)"],
    ),
    (
        "arith-mod-add-multiple2",
        "nonlinear (k*y with symbolic k): z3 and cvc5 time out; the rule only fires for numeral k",
        &["(= k 3)", "(= k (- 4))", "(= k 1)"],
    ),
];

#[test]
fn every_rule_is_sound() {
    if !common::require("z3") || !common::require("cvc5") {
        return;
    }
    let solve = |solver: &str, query: &str| common::solve(solver, query, common::PROOF_LIMIT);
    let rules = builtin_rules().expect("rules load");
    let mut checked_z3 = 0;
    let mut checked_cvc5 = 0;
    let mut failures = vec![];
    for r in &rules {
        let q = soundness_query(r);
        if let Some((_, _, instances)) = EXEMPT.iter().find(|(n, _, _)| *n == r.name) {
            for inst in instances.iter() {
                let qi = q.replace("(check-sat)", &format!("(assert {inst})\n(check-sat)"));
                for solver in ["z3", "cvc5"] {
                    match solve(solver, &qi) {
                        Some(a) if a == "unsat" => {}
                        a => failures
                            .push(format!("{solver} on instance {inst} of {}: {a:?}", r.name)),
                    }
                }
            }
            continue;
        }
        match solve("z3", &q) {
            Some(a) if a == "unsat" => checked_z3 += 1,
            a => failures.push(format!(
                "z3 on {} ({}:{}): {a:?}\n{q}",
                r.name, r.file, r.line
            )),
        }
        match solve("cvc5", &q) {
            Some(a) if a == "unsat" => checked_cvc5 += 1,
            a => failures.push(format!(
                "cvc5 on {} ({}:{}): {a:?}\n{q}",
                r.name, r.file, r.line
            )),
        }
    }
    println!(
        "soundness: {} rules, {checked_z3} proved by z3, {checked_cvc5} by cvc5, {} exempt",
        rules.len(),
        EXEMPT.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked_z3 + EXEMPT.len(), rules.len());
}

#[test]
fn every_rule_example_behaves() {
    let rules = builtin_rules().expect("rules load");
    let mut failures = vec![];
    let mut n = 0;
    for r in &rules {
        for e in &r.applies {
            n += 1;
            match fires_on(r, e) {
                Ok(true) => {}
                other => failures.push(format!("{}: should apply to {e}: {other:?}", r.name)),
            }
        }
        for e in &r.not_applies {
            n += 1;
            match fires_on(r, e) {
                Ok(false) => {}
                other => failures.push(format!("{}: should not apply to {e}: {other:?}", r.name)),
            }
        }
    }
    println!("examples: {n} checked over {} rules", rules.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn load_err(src: &str) -> String {
    load_rules("t.rules", src)
        .expect_err("must fail")
        .to_string()
}

#[test]
fn loader_is_strict() {
    let ok = "; doc\n; applies: (not (not p))\n; not-applies: (not p)\n(define-rule bool-x ((p Bool)) (not (not p)) p)\n";
    assert_eq!(load_rules("t.rules", ok).expect("loads").len(), 1);
    // unbound variable
    let e = load_err("\n; doc\n; applies: p\n; not-applies: p\n(define-rule bool-x ((p Bool)) (not (not q)) p)\n");
    assert!(e.starts_with("t.rules:5:"), "{e}");
    // unknown operator
    let e = load_err(
        "; doc\n; applies: p\n; not-applies: p\n(define-rule bool-x ((p Bool)) (frob p) p)\n",
    );
    assert!(e.starts_with("t.rules:4:"), "{e}");
    // sort error
    let e = load_err(
        "; doc\n; applies: p\n; not-applies: p\n(define-rule arith-x ((x Int)) (+ x true) x)\n",
    );
    assert!(e.contains("t.rules:4:"), "{e}");
    // sides of different sorts
    let e = load_err(
        "; doc\n; applies: p\n; not-applies: p\n(define-rule arith-x ((x Int)) (+ x 1) true)\n",
    );
    assert!(e.contains("different sorts"), "{e}");
    // right side variable not bound by the left
    let e = load_err("; doc\n; applies: p\n; not-applies: p\n(define-rule bool-x ((p Bool) (q Bool)) (not (not p)) q)\n");
    assert!(e.contains("unbound"), "{e}");
    // missing examples / doc
    let e = load_err("; doc\n(define-rule bool-x ((p Bool)) (not (not p)) p)\n");
    assert!(e.contains("examples"), "{e}");
    let e = load_err("(define-rule bool-x ((p Bool)) (not (not p)) p)\n");
    assert!(e.contains("doc"), "{e}");
    // bad name
    let e = load_err("; doc\n; applies: p\n; not-applies: p\n(define-rule NotKebab ((p Bool)) (not (not p)) p)\n");
    assert!(e.contains("kebab"), "{e}");
}
