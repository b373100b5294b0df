//! Tests of the `cooper-qe` pass: the paper's examples, where it applies
//! and where it must not, and brute-force equivalence on random guarded
//! Presburger formulas.

mod common;
mod qe_common;

use proptest::prelude::*;
use qe_common::*;
use simplify::passes::cooper_qe::QeConfig;

const DECLS: &str = "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-const T Int)(declare-const B Int)(declare-const x0 Real)(declare-fun i2 (Int) Int)(declare-fun b1 (Int) Int)(declare-fun a0 (Int) Int)(declare-fun p (Int) Bool)(declare-const arr (Array Int Int))";

fn one(assertion: &str) -> String {
    run(&format!("{DECLS}(assert {assertion})")).pop().unwrap()
}

#[test]
fn array_copy_termination_is_quantifier_free() {
    // Paper, section 4.2: forall t. 0 <= t < N => not(N*l + t < len)
    assert_eq!(
        one("(forall ((t Int)) (=> (and (<= 0 t) (< t N)) (not (< (+ (* N l) t) len))))"),
        "(or (<= N 0) (<= len (* N l)))"
    );
}

#[test]
fn array_copy_mult_blocks_merged_is_quantifier_free() {
    // Paper, section 4.3: 0 < T => forall z. 0 <= z < T*B => not(N*l + z < len)
    // becomes 0 < T => T*B <= 0 or len <= N*l.
    assert_eq!(
        one("(=> (< 0 T) (forall ((z Int)) (=> (and (<= 0 z) (< z (* T B))) (not (< (+ (* N l) z) len)))))"),
        "(=> (< 0 T) (or (<= (* T B) 0) (<= len (* N l))))"
    );
}

#[test]
fn array_copy_mult_blocks_nested_eliminates_the_thread() {
    // Before MergeQuant: the block variable b has the symbolic coefficient
    // T and stays; the thread variable t is eliminated.
    let out = one("(forall ((t Int)) (=> (and (<= 0 t) (< t T)) (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (not (< (+ (* N l) (* b T) t) len))))))");
    assert!(!out.contains("(t Int)"), "{out}");
    assert!(out.starts_with("(forall ((b Int))"), "{out}");
}

#[test]
fn equalities_are_substituted() {
    assert_eq!(
        one("(exists ((x Int)) (and (= x (+ N 1)) (< x len)))"),
        "(< (+ N 1) len)"
    );
    // k*x = t leaves a divisibility constraint.
    assert_eq!(
        one("(exists ((x Int)) (and (= (* 3 x) (+ N 1)) (< x len)))"),
        "(and (= (mod (+ N 1) 3) 0) (< (+ N 1) (* 3 len)))"
    );
}

#[test]
fn div_and_mod_by_constants_are_purified() {
    assert_eq!(
        one("(forall ((t Int)) (=> (and (<= 0 t) (< t N)) (< (mod t 32) len)))"),
        "(or (<= N 0) (< 31 len) (<= N len))"
    );
    assert_eq!(
        one("(exists ((x Int)) (and (< 0 x) (< x N) (= (div x 4) len)))"),
        "(and (< 1 N) (< (* 4 len) N) (<= 0 len))"
    );
    assert_eq!(
        one("(forall ((t Int)) (=> (and (<= 0 t) (< t (* 32 N))) (< (div t 32) N)))"),
        "true"
    );
    // A non-constant divisor is left alone.
    let f = "(forall ((t Int)) (=> (<= 0 t) (< (mod t N) len)))";
    let (_, pairs, _) = run_cfg(&format!("{DECLS}(assert {f})"), QeConfig::default());
    assert_eq!(pairs[0].0, pairs[0].1);
}

#[test]
fn empty_ranges_fold_even_under_uf() {
    // The guard 0 <= j < N*0 is empty: the quantifier is true whatever the
    // body, and the enclosing `not` folds.
    assert_eq!(
        one("(not (forall ((j Int)) (=> (and (<= 0 j) (< j (* N 0))) (= (b1 j) (a0 j)))))"),
        "false"
    );
}

#[test]
fn single_literals() {
    // exists x. 3x = t  <=>  3 | t (found by the z3 check).
    assert_eq!(
        one("(exists ((x Int)) (= (* 3 x) (- len (* 2 N l))))"),
        "(= (mod (+ len (* N l)) 3) 0)"
    );
    assert_eq!(one("(exists ((x Int)) (not (= (* 3 x) len)))"), "true");
    assert_eq!(one("(exists ((x Int)) (< (* 3 x) len))"), "true");
    assert_eq!(
        one("(exists ((x Int)) (= (mod (+ (* 2 x) len) 4) 0))"),
        "(= (mod len 2) 0)"
    );
    assert_eq!(
        one("(exists ((x Int)) (not (= (mod (+ (* 2 x) len) 4) 0)))"),
        "true"
    );
}

#[test]
fn x_free_conjuncts_are_pulled_out_and_unused_quantifiers_dropped() {
    assert_eq!(one("(forall ((x Int)) (< N len))"), "(< N len)");
    assert_eq!(
        one("(exists ((x Int)) (and (< N len) (< x N)))"),
        "(< N len)"
    );
}

#[test]
fn divisibility_uses_the_input_notation() {
    let out = one("(exists ((x Int)) (and ((_ divisible 2) x) (< N x) (< x len)))");
    assert!(out.contains("(_ divisible 2)"), "{out}");
    assert!(!out.contains("mod"), "{out}");
    let out = one("(exists ((x Int)) (and (= (mod x 2) 0) (< N x) (< x len)))");
    assert!(out.contains("(mod"), "{out}");
}

#[test]
fn does_not_apply_to_real_uf_array_or_nonlinear() {
    for f in [
        "(forall ((r Real)) (=> (< 0.0 r) (< x0 r)))",
        "(forall ((t Int)) (=> (and (<= 0 t) (< t N)) (= (i2 t) (+ (* N l) t))))",
        "(forall ((t Int)) (=> (<= 0 t) (p t)))",
        "(forall ((t Int)) (=> (<= 0 t) (= (select arr t) 0)))",
        "(forall ((t Int)) (=> (<= 0 t) (< (* t t) len)))",
        "(forall ((t Int)) (=> (<= 0 t) (< (* t N) len)))",
        "(forall ((t Int)) (=> (<= 0 t) (< (mod len t) 1)))",
    ] {
        let (script, pairs, qe) = run_cfg(&format!("{DECLS}(assert {f})"), QeConfig::default());
        assert_eq!(pairs[0].0, pairs[0].1, "{f} changed");
        assert!(
            qe.stats.skipped_ineligible + qe.stats.skipped_sort >= 1,
            "{f}"
        );
        let _ = script;
    }
}

#[test]
fn multi_variable_binders_keep_what_cannot_go() {
    // j occurs under an uninterpreted function and stays; t goes.
    let out = one(
        "(forall ((t Int) (j Int)) (=> (and (<= 0 t) (< t N) (= j (+ t 1))) (= (b1 j) (a0 j))))",
    );
    assert!(out.starts_with("(forall ((j Int))"), "{out}");
    assert!(!out.contains("(t Int)"), "{out}");
}

#[test]
fn budget_skips_and_counts() {
    let src = format!(
        "{DECLS}(assert (exists ((x Int)) (and (< (* 2 x) N) (< len (* 3 x)) (= (mod x 5) 2))))"
    );
    let cfg = QeConfig {
        max_lits: 10,
        ..QeConfig::default()
    };
    let (_, pairs, qe) = run_cfg(&src, cfg);
    assert_eq!(pairs[0].0, pairs[0].1);
    assert_eq!(qe.stats.skipped_budget, 1);
    let (script, pairs, qe) = run_cfg(&src, QeConfig::default());
    assert!(!has_quantifier(&script.cx, pairs[0].1));
    assert_eq!(qe.stats.methods.cooper, 1);
}

#[test]
fn cooper_is_exact_on_a_box() {
    // A hand-written case needing the j-disjunction and divisibility.
    let src = "(declare-const a Int)(declare-const b Int)(assert (exists ((x Int)) (and (<= (- a 12) x (+ a 12)) (< (* 3 x) (+ b 7)) (< (* 2 a) (* 2 x)) (= (mod x 3) 1))))";
    let (script, pairs, _) = run_cfg(src, QeConfig::default());
    assert!(!has_quantifier(&script.cx, pairs[0].1));
    check_box(&script, &pairs).unwrap();
}

fn random_case(seed: u64, max_quants: usize) -> Result<bool, String> {
    let src = random_script(seed, max_quants);
    let (script, pairs, _) = run_cfg(&src, QeConfig::default());
    check_box(&script, &pairs).map_err(|e| format!("seed {seed}: {e}\nsource: {src}"))?;
    Ok(!has_quantifier(&script.cx, pairs[0].1))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_guarded_formulas_are_equivalent(seed in any::<u64>(), q in 1usize..=3) {
        let r = random_case(seed, q);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

#[test]
fn random_formulas_mostly_become_quantifier_free() {
    let mut qf = 0;
    let n = 200;
    for seed in 0..n {
        if random_case(seed, 2).unwrap() {
            qf += 1;
        }
    }
    assert!(qf * 10 >= n * 9, "only {qf}/{n} quantifier-free");
}

#[test]
fn a_divisibility_conjunct_decides_its_divisors() {
    // 4 | x + a gives x ≡ -a (mod 2), so 2 | x + b becomes 2 | b - a and
    // 2 ∤ x + a + b becomes 2 ∤ b; what is left, 4 | x + a over a window
    // of 8 integers, always holds (the expansion covers every residue).
    let src = "(declare-const a Int)(declare-const b Int)(assert (exists ((x Int)) (and (= (mod (+ x a) 4) 0) (= (mod (+ x b) 2) 0) (not (= (mod (+ x a b) 2) 0)) (< b x) (< x (+ b 9)))))";
    let (script, pairs, _) = run_cfg(src, QeConfig::default());
    let out = smtlib_io::Printer::new(&script.cx).term(pairs[0].1);
    assert_eq!(out, "(and (= (mod (+ a b) 2) 0) (not (= (mod b 2) 0)))");
    check_box(&script, &pairs).unwrap();
    // Moduli that do not divide each other decide nothing; a window too
    // narrow for every residue keeps its disjunction.
    for src in [
        "(declare-const a Int)(declare-const b Int)(assert (exists ((x Int)) (and (= (mod (+ x a) 2) 0) (= (mod (+ x b) 3) 0) (< b x) (< x (+ b 9)))))",
        "(declare-const a Int)(declare-const b Int)(assert (exists ((x Int)) (and (= (mod (+ x a) 4) 0) (< b x) (< x (+ b 3)))))",
    ] {
        let (script, pairs, _) = run_cfg(src, QeConfig::default());
        let out = smtlib_io::Printer::new(&script.cx).term(pairs[0].1);
        assert!(!has_quantifier(&script.cx, pairs[0].1), "{out}");
        assert!(out.contains("(mod"), "{out}");
        check_box(&script, &pairs).unwrap();
    }
}
