//! The quantifier bound analysis (`simplify::analysis::bounds`) on guards
//! anywhere in a formula.

mod common;

use common::problem::*;
use simplify::analysis::bounds;
use smtlib_io::Printer;

#[test]
fn bounds_of_guards_anywhere() {
    let pb = problem(
        "(declare-const N Int)(declare-const len Int)(declare-fun i2 (Int) Int)",
        &[],
        "(forall ((t Int)) (or (< t 0) (not (< t N)) (not (< (i2 t) len))))",
    );
    let cx = &pb.script.cx;
    let smtlib_io::TermKind::Binder(_, vs, body, _) = cx.kind(pb.goal).clone() else {
        panic!()
    };
    let mut cx2 = pb.script.cx.clone();
    let b = bounds::analyse_var(&mut cx2, vs[0], body);
    assert!(b.forall_nonneg());
    let n = cx2.symbols.get("N").unwrap();
    let up: Vec<String> = b
        .forall_upper
        .candidates()
        .iter()
        .map(|p| {
            let t = bounds::bound_term(&mut cx2, p);
            Printer::new(&cx2).term(t)
        })
        .collect();
    let _ = n;
    assert_eq!(up, vec!["N".to_string()]);
    // Through nested quantifiers and implications, and every candidate.
    let pb = problem(
        "(declare-const N Int)(declare-const M Int)(declare-fun p (Int Int) Bool)",
        &[],
        "(exists ((t Int)) (and (<= 0 t) (exists ((u Int)) (and (< t N) (<= t M) (p t u)))))",
    );
    let smtlib_io::TermKind::Binder(_, vs, body, _) = pb.script.cx.kind(pb.goal).clone() else {
        panic!()
    };
    let mut cx2 = pb.script.cx.clone();
    let b = bounds::analyse_var(&mut cx2, vs[0], body);
    assert!(b.exists_nonneg());
    let up: Vec<String> = b
        .exists_upper
        .candidates()
        .iter()
        .map(|p| {
            let t = bounds::bound_term(&mut cx2, p);
            Printer::new(&cx2).term(t)
        })
        .collect();
    assert_eq!(up, vec!["N".to_string(), "(+ M 1)".to_string()]);
    // No forall bounds for an exists-shaped body.
    assert!(b.forall_upper.candidates().is_empty());
}
