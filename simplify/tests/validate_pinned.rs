//! `--validate` on split record constants that the output still uses:
//! a constant that the output pins to its value again (`c_p = p(c)`,
//! as the links after `record-consts` add) where the script before does
//! not mention it is read with that value (`ρ`), and a split constant the
//! output uses keeps its fields read as its projections (`σ`); neither
//! lets a wrong output agree.

mod common;

use simplify::pass::{Built, ReadBack};
use simplify::validate::{default_solver, validate_text, Verdict};

const THREAD: &str = "(declare-datatypes ((thread 0)) (((mk (bid Int) (tid Int)))))\n";

fn split_t() -> Vec<ReadBack> {
    vec![ReadBack::SplitConstant {
        name: "t".into(),
        value: Built::Record {
            ctor: "mk".into(),
            fields: vec![
                ("bid".into(), Built::Field("t_bid".into())),
                ("tid".into(), Built::Field("t_tid".into())),
            ],
        },
    }]
}

/// `t`, `t_bid` and `t_tid` declared, then `assertions`.
fn script(defs: &str, assertions: &str) -> String {
    format!(
        "{THREAD}(declare-const t thread)\n(declare-fun t_bid () Int)\n(declare-fun t_tid () Int)\n{defs}{assertions}(check-sat)\n"
    )
}

fn verdict(input: &str, output: &str, read_back: &[ReadBack]) -> (Verdict, String) {
    let solver = default_solver(std::time::Duration::from_secs(10));
    let v = validate_text(input, output, read_back, &solver).unwrap();
    (v.verdict, v.detail)
}

/// The step that links `t` to its fields: `t` is unconstrained before,
/// so pinning it to `mk(t_bid, t_tid)` keeps the script satisfiable.
#[test]
fn a_link_to_an_unconstrained_split_constant_agrees() {
    if !common::require("z3") {
        return;
    }
    let input = script("", "(assert (<= 0 t_bid))\n");
    let output = script("", "(assert (<= 0 t_bid))\n(assert (= t_bid (bid t)))\n");
    let (v, d) = verdict(&input, &output, &split_t());
    assert_eq!(v, Verdict::Agree, "{d}");
    // without the read-back, the link constrains `t` anew
    let (v, d) = verdict(&input, &output, &[]);
    assert_ne!(v, Verdict::Agree, "{d}");
}

/// A link to another value than the reported one disagrees.
#[test]
fn a_wrong_link_disagrees() {
    if !common::require("z3") {
        return;
    }
    let input = script("", "(assert (<= 0 t_bid))\n");
    let output = script(
        "",
        "(assert (<= 0 t_bid))\n(assert (= t_bid (+ 1 (bid t))))\n",
    );
    let (v, d) = verdict(&input, &output, &split_t());
    assert_eq!(v, Verdict::Disagree, "{d}");
}

/// Where the script before constrains `t` (in an assertion, or through a
/// definition it uses), the link may contradict it: no value is read
/// for `t`, and the unsatisfiable output does not agree.
#[test]
fn a_link_to_a_constrained_constant_is_not_read_as_pinned() {
    if !common::require("z3") {
        return;
    }
    let input = script("", "(assert (<= 0 t_bid))\n(assert (< (bid t) 0))\n");
    let output = script(
        "",
        "(assert (<= 0 t_bid))\n(assert (< (bid t) 0))\n(assert (= t_bid (bid t)))\n",
    );
    let (v, d) = verdict(&input, &output, &split_t());
    assert_ne!(v, Verdict::Agree, "{d}");
    let def = "(define-fun g () Int (bid t))\n";
    let input = script(def, "(assert (<= 0 t_bid))\n(assert (< g 0))\n");
    let output = script(
        def,
        "(assert (<= 0 t_bid))\n(assert (< g 0))\n(assert (= t_bid (bid t)))\n",
    );
    let (v, d) = verdict(&input, &output, &split_t());
    assert_ne!(v, Verdict::Agree, "{d}");
}

/// The whole run: the input constrains `t`; the output has the fields,
/// fresh, and the link back to `t`. The fields read as `t`'s
/// projections make it agree; a wrong bound on a field disagrees.
#[test]
fn fields_of_a_split_constant_the_output_still_uses_read_back() {
    if !common::require("z3") {
        return;
    }
    let input = format!("{THREAD}(declare-const t thread)\n(assert (<= 0 (bid t)))\n(check-sat)\n");
    let output = |bound: &str| {
        format!(
            "{THREAD}(declare-const t thread)\n(declare-fun t_bid () Int)\n(declare-fun t_tid () Int)\n(assert (<= {bound} t_bid))\n(assert (= t_bid (bid t)))\n(check-sat)\n"
        )
    };
    let (v, d) = verdict(&input, &output("0"), &split_t());
    assert_eq!(v, Verdict::Agree, "{d}");
    let (v, d) = verdict(&input, &output("1"), &split_t());
    assert_eq!(v, Verdict::Disagree, "{d}");
}
