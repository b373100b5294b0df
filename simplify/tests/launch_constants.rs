//! GPUVerify's launch-size assumptions, `(not (= (ite (= group_size_x 128)
//! 1 0) 0))` (Boogie's Boolean-to-Int encoding of `__assume`, in Int and in
//! bit-vector form), become the equalities they state (rules `ite-eq-else`,
//! `ite-eq-then-left`, `ite-eq-else-left`), so the sizes are substituted and
//! the thread offsets `group_id_x * group_size_x + local_id_x` become
//! linear. Where the compared value is not a branch the ite stays; the
//! output is equivalent to the input (z3).

mod common;

use simplify::{simplify_text, Options};

/// The launch-size assumptions and two thread offsets of a real GPUVerify
/// query (Parboil's mri-gridding scan_inter2), with the race check on the
/// watched offset: unsat.
const MRI: &str = include_str!("launch_constants/mri_scan_inter2.smt2");

fn simplified(src: &str) -> String {
    simplify_text(src, &Options::default())
        .expect("parses")
        .output
}

#[test]
fn launch_sizes_become_equalities_and_offsets_linear() {
    let out = simplified(MRI);
    assert!(!out.contains("(ite (="), "{out}");
    assert!(out.contains("(assert (= group_size_x 128))"), "{out}");
    assert!(out.contains("(assert (= $iter 1))"), "{out}");
    // no product of two symbols is left: the offsets are linear
    for line in out.lines().filter(|l| l.starts_with("(assert")) {
        for prod in line.split("(* ").skip(1) {
            let first = prod.split([' ', ')']).next().unwrap_or("");
            assert!(first.parse::<i64>().is_ok(), "nonlinear product in {line}");
        }
    }
    // the race check is decided without a solver
    assert!(out.contains("(assert false)"), "{out}");
    common::assert_validated(MRI, &out);
}

#[test]
fn bit_vector_launch_sizes_become_equalities() {
    let src = "(declare-fun group_size_x () (_ BitVec 32))\n\
               (declare-fun group_id_x$1 () (_ BitVec 32))\n\
               (declare-fun local_id_x$1 () (_ BitVec 32))\n\
               (assert (not (= (ite (= group_size_x #x00000100) #b1 #b0) #b0)))\n\
               (assert (bvslt (bvadd (bvmul group_id_x$1 group_size_x) local_id_x$1) #x00000400))\n\
               (check-sat)\n";
    let out = simplified(src);
    assert!(!out.contains("(ite"), "{out}");
    assert!(!out.contains("(bvmul group_id_x$1 group_size_x)"), "{out}");
    common::assert_validated(src, &out);
}

#[test]
fn an_ite_compared_with_neither_branch_stays() {
    let src = "(declare-fun group_size_x () Int)\n\
               (declare-fun k () Int)\n\
               (assert (not (= (ite (= group_size_x 128) 1 0) k)))\n\
               (assert (= k (ite (= group_size_x 64) 2 3)))\n\
               (check-sat)\n";
    let out = simplified(src);
    assert!(
        out.contains("(ite (= group_size_x 128) 1 0)"),
        "the ite compared with k stays:\n{out}"
    );
    assert!(!out.contains("(assert (= group_size_x 128))"), "{out}");
    common::assert_validated(src, &out);
}
