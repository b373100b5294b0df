//! The cost of a formula for the solver, as vcsimp estimates it: AST size,
//! plus weights on what makes solvers slow or what vcsimp wants gone.
//!
//! One model serves both places that choose between equivalent forms: the
//! e-graph extractor (`VcCost` of the e-graph, on e-nodes) and
//! the pipeline's choice between an assertion and a procedural pass'
//! rewrite of it ([`term_cost`], on terms). Both count a tree (a shared
//! subterm at every occurrence), saturating at `u64::MAX`.

use smtlib_io::{Context, FunId, Op, TermId, TermKind};
use std::collections::{HashMap, HashSet};

/// Extra cost of a nonlinear product (more than one non-numeral factor).
pub const NONLINEAR_WEIGHT: u64 = 8;
/// Extra cost per quantified variable.
pub const QUANT_VAR_WEIGHT: u64 = 4;
/// Extra cost of an application of a function that has a defining
/// equation elsewhere (an assign constraint, `c = t`): a form where the
/// definition has been substituted is preferred unless it is much larger,
/// so intermediate program variables disappear from the formulas that use
/// them (ElimAssign), and all assertions agree on one name for equal
/// constants.
pub const DEFINED_FUN_WEIGHT: u64 = 32;

/// Own cost of the root of `t` (without its children).
fn own_cost(cx: &Context, t: TermId, defined_funs: &HashSet<FunId>) -> u64 {
    match cx.kind(t) {
        TermKind::Binder(_, vs, _, _) => 1 + QUANT_VAR_WEIGHT * vs.len() as u64,
        TermKind::App(Op::Uf(f), _) if defined_funs.contains(f) => 1 + DEFINED_FUN_WEIGHT,
        TermKind::App(Op::Mul, args) => {
            let nonconst = args
                .iter()
                .filter(|&&a| !matches!(cx.kind(a), TermKind::Int(_) | TermKind::Real(_)))
                .count();
            if nonconst > 1 {
                1 + NONLINEAR_WEIGHT
            } else {
                1
            }
        }
        // a negative numeral prints as `(- k)`
        TermKind::Int(k) if k.sign() == num_bigint::Sign::Minus => 2,
        TermKind::Real(r) if r.numer().sign() == num_bigint::Sign::Minus => 2,
        _ => 1,
    }
}

/// Cost of the tree of `root`; linear in the DAG size (iterative, so deep
/// terms are fine).
pub fn term_cost(
    cx: &Context,
    root: TermId,
    defined_funs: &HashSet<FunId>,
    memo: &mut HashMap<TermId, u64>,
) -> u64 {
    smtlib_io::print::tree_sum(cx, root, memo, |u| own_cost(cx, u, defined_funs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    fn cost_of(src: &str, defined: &[&str]) -> u64 {
        let script = parse_script(src).unwrap();
        let t = script.assertions().last().unwrap();
        let funs: HashSet<FunId> = script
            .cx
            .funs()
            .filter(|(_, d)| defined.contains(&script.cx.sym_name(d.name)))
            .map(|(f, _)| f)
            .collect();
        term_cost(&script.cx, t, &funs, &mut HashMap::new())
    }

    #[test]
    fn weights_apply_where_they_should() {
        let d = "(declare-fun f (Int) Int)(declare-const x Int)(declare-const y Int)";
        // (= (f x) 1): 4 nodes
        assert_eq!(cost_of(&format!("{d}(assert (= (f x) 1))"), &[]), 4);
        assert_eq!(
            cost_of(&format!("{d}(assert (= (f x) 1))"), &["f"]),
            4 + DEFINED_FUN_WEIGHT
        );
        // nonlinear product vs scaling by a numeral
        assert_eq!(
            cost_of(&format!("{d}(assert (= (* x y) 1))"), &[]),
            5 + NONLINEAR_WEIGHT
        );
        assert_eq!(cost_of(&format!("{d}(assert (= (* 2 y) 1))"), &[]), 5);
        // a quantifier pays per variable
        assert_eq!(
            cost_of(
                &format!("{d}(assert (forall ((a Int) (b Int)) (= a b)))"),
                &[]
            ),
            4 + 2 * QUANT_VAR_WEIGHT
        );
    }
}
