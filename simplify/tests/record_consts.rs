//! `record-consts`: a constant of a record sort becomes the constructor of
//! fresh field constants. Where it applies (an axiomatised record, nested
//! records), where it must not (a datatype, models asked for, scopes, no
//! inversion axiom, a name kept verbatim), and that z3's answers stay.

mod common;

use simplify::{simplify_text, Options};

use common::run_named as run;

/// A thread as a record of two `Int` fields given by axioms (Why3's
/// encoding of a tuple), a hypothesis over all threads, and a goal about
/// one thread `t`.
const THREAD: &str = "(declare-sort thread 0)
(declare-fun mk (Int Int) thread)
(declare-fun bid (thread) Int)
(declare-fun tid (thread) Int)
(assert (forall ((u thread)) (= u (mk (bid u) (tid u)))))
(assert (forall ((b Int) (l Int)) (= (bid (mk b l)) b)))
(assert (forall ((b Int) (l Int)) (= (tid (mk b l)) l)))
(declare-fun a (thread) Int)
(declare-const t thread)
(assert (forall ((b Int) (l Int)) (=> (and (<= 0 b) (<= 0 l)) (= (a (mk b l)) (+ b l)))))
(assert (and (<= 0 (bid t)) (<= 0 (tid t))))
(assert (not (= (a t) (+ (bid t) (tid t)))))
(check-sat)
";

#[test]
fn a_record_constant_becomes_its_fields() {
    let out = run(THREAD, &["record-consts"]);
    assert!(out.contains("(declare-fun t_bid () Int)"), "{out}");
    assert!(out.contains("(declare-fun t_tid () Int)"), "{out}");
    // projections of the constructor fold to the fields
    assert!(out.contains("(<= 0 t_bid)"), "{out}");
    assert!(out.contains("(a (mk t_bid t_tid))"), "{out}");
    assert!(!out.contains("(a t)"), "{out}");
    // the fields are declared before their first use
    assert!(out.find("(declare-fun t_tid").unwrap() < out.find("(<= 0 t_bid)").unwrap());
    assert_eq!(common::z3_answers(THREAD), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
    // z3 builds a model of the inversion axioms only for a finite record
    let out = run(FLAGS_SAT, &["record-consts"]);
    assert!(out.contains("(< (w (mk g_val)) (w (mk f_val)))"), "{out}");
    assert_eq!(common::z3_answers(FLAGS_SAT), "sat");
    assert_eq!(common::z3_answers(&out), "sat");
}

/// A satisfiable script over a record of one Boolean field.
const FLAGS_SAT: &str = "(declare-sort flag 0)
(declare-fun mk (Bool) flag)
(declare-fun val (flag) Bool)
(assert (forall ((u flag)) (= u (mk (val u)))))
(assert (forall ((b Bool)) (= (val (mk b)) b)))
(declare-const f flag)
(declare-const g flag)
(declare-fun w (flag) Int)
(assert (val f))
(assert (< (w g) (w f)))
(check-sat)
";

/// A record `seg` of two records `pt` (two `Int` fields each), in
/// Why3's encoding: constructor, projections and their axioms.
const NESTED_RECORDS: &str = "(declare-sort pt 0)
(declare-fun pmk (Int Int) pt)
(declare-fun px (pt) Int)
(declare-fun py (pt) Int)
(assert (forall ((u pt)) (= u (pmk (px u) (py u)))))
(assert (forall ((x Int) (y Int)) (= (px (pmk x y)) x)))
(assert (forall ((x Int) (y Int)) (= (py (pmk x y)) y)))
(declare-sort seg 0)
(declare-fun smk (pt pt) seg)
(declare-fun lo (seg) pt)
(declare-fun hi (seg) pt)
(assert (forall ((u seg)) (= u (smk (lo u) (hi u)))))
(assert (forall ((a pt) (b pt)) (= (lo (smk a b)) a)))
(assert (forall ((a pt) (b pt)) (= (hi (smk a b)) b)))
";

#[test]
fn nested_records_split_to_their_leaves_and_names_stay_fresh() {
    let src = &format!(
        "{NESTED_RECORDS}(declare-const s seg)
(declare-const s_lo_px Int)
(assert (= s_lo_px 5))
(assert (< (px (lo s)) (py (hi s))))
(assert (< (py (hi s)) (px (lo s))))
(check-sat)
"
    );
    let out = run(src, &["record-consts"]);
    // `s_lo_px` is taken, so the field gets the next free name
    assert!(out.contains("(declare-fun s_lo_px@1 () Int)"), "{out}");
    assert!(out.contains("(< s_lo_px@1 s_hi_py)"), "{out}");
    assert_eq!(common::z3_answers(src), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
}

#[test]
fn constants_stay_where_the_split_would_not_be_sound_or_seen() {
    let cases = [
        // a model of the output would say nothing about `t`
        THREAD.replace("(check-sat)", "(check-sat)\n(get-model)"),
        THREAD.replace("(check-sat)", "(check-sat)\n(get-value (t))"),
        // the record's axioms need not hold in every scope
        THREAD.replace(
            "(declare-const t thread)",
            "(push 1)\n(declare-const t thread)",
        ),
        // without the inversion axiom a thread need not be `mk` of anything
        THREAD.replace(
            "(assert (forall ((u thread)) (= u (mk (bid u) (tid u)))))",
            "",
        ),
        // a datatype is the solver's own record
        "(declare-datatypes ((thread 0)) (((mk (bid Int) (tid Int)))))
(declare-fun a (thread) Int)
(declare-const t thread)
(assert (and (<= 0 (bid t)) (= (a t) (tid t))))
(check-sat)"
            .to_string(),
        // a definition printed verbatim names `t`
        THREAD.replace(
            "(check-sat)",
            "(define-fun at_t () Int (a t))\n(assert (= at_t 0))\n(check-sat)",
        ),
    ];
    for src in cases {
        let out = run(&src, &["record-consts"]);
        assert!(!out.contains("t_bid"), "{src}\n---\n{out}");
    }
}

#[test]
fn the_default_pipeline_keeps_the_answers() {
    for (src, answer) in [(THREAD, "unsat"), (FLAGS_SAT, "sat")] {
        let out = simplify_text(src, &Options::default())
            .expect("parses")
            .output;
        assert!(out.contains("t_bid") || out.contains("f_val"), "{out}");
        assert_eq!(common::z3_answers(src), answer);
        assert_eq!(common::z3_answers(&out), answer, "{out}");
    }
}

/// Why3's universal sort `uni` is in bijection with every bridged sort
/// (`∀j:uni. j = t2tbN(tb2tN j)`): no one of them is its record, so
/// neither its constants nor its quantifiers are split, while a sort with
/// one such bijection is.
#[test]
fn a_sort_with_two_bijections_is_no_record() {
    let src = "(declare-sort uni 0)
(declare-sort pt 0)
(declare-fun t2tb (Int) uni)
(declare-fun tb2t (uni) Int)
(declare-fun t2tb1 (pt) uni)
(declare-fun tb2t1 (uni) pt)
(assert (forall ((i Int)) (= (tb2t (t2tb i)) i)))
(assert (forall ((j uni)) (= j (t2tb (tb2t j)))))
(assert (forall ((i pt)) (= (tb2t1 (t2tb1 i)) i)))
(assert (forall ((j uni)) (= j (t2tb1 (tb2t1 j)))))
(declare-fun p (uni) Bool)
(declare-const u uni)
(assert (forall ((v uni)) (p v)))
(assert (not (p u)))
(check-sat)
";
    let out = run(src, &["records", "record-consts"]);
    assert!(out.contains("(forall ((v uni)) (p v))"), "{out}");
    assert!(out.contains("(not (p u))"), "{out}");
    // with one bijection, `uni` is a record of one Int field
    let one = src
        .replace("(assert (forall ((j uni)) (= j (t2tb1 (tb2t1 j)))))", "")
        .replace("(assert (forall ((i pt)) (= (tb2t1 (t2tb1 i)) i)))", "");
    let out = run(&one, &["records", "record-consts"]);
    assert!(out.contains("(p (t2tb u_tb2t))"), "{out}");
    assert!(!out.contains("(forall ((v uni))"), "{out}");
    assert_eq!(common::z3_answers(&out), "unsat");
    // a bijection into `uni`, which is no record, splits nothing: Why3's
    // `∀f:func. f = tb2t(t2tb f)` would only hide `f` from the patterns
    let func = "(declare-sort uni 0)
(declare-sort func 0)
(declare-fun t2tb (func) uni)
(declare-fun tb2t (uni) func)
(declare-fun t2tb1 (Int) uni)
(declare-fun tb2t1 (uni) Int)
(assert (forall ((i func)) (= (tb2t (t2tb i)) i)))
(assert (forall ((j uni)) (= (t2tb (tb2t j)) j)))
(assert (forall ((i Int)) (= (tb2t1 (t2tb1 i)) i)))
(assert (forall ((j uni)) (= (t2tb1 (tb2t1 j)) j)))
(declare-fun p (func) Bool)
(declare-const f func)
(assert (forall ((g func)) (p g)))
(assert (not (p f)))
(check-sat)
";
    let out = run(func, &["records", "record-consts"]);
    assert!(out.contains("(forall ((g func)) (p g))"), "{out}");
    assert!(out.contains("(not (p f))"), "{out}");
}

/// A split constant whose fields the output still uses gets them linked
/// to its projections, `t_bid = bid(t)`, after the declarations they
/// name: the output keeps the ground terms of the record sort that a
/// solver instantiates the record's axioms and the quantifiers over its
/// fields with. The links are facts of the input's model, so the output
/// stays equivalent (translation validation with the read-back) and z3's
/// answer stays.
#[test]
fn split_constants_keep_their_projections_as_ground_terms() {
    let ran = common::run_passes(THREAD, &[simplify::PassId::RecordConsts]);
    let out = &ran.output;
    let links = ["(= t_bid (bid t))", "(= t_tid (tid t))"];
    for l in links {
        let at = out.find(l).unwrap_or_else(|| panic!("{l} missing:\n{out}"));
        assert!(
            out.find("(declare-fun t_tid () Int)").unwrap() < at,
            "{out}"
        );
        assert!(
            out.find("(declare-fun tid (thread) Int)").unwrap() < at,
            "{out}"
        );
    }
    assert_eq!(common::z3_answers(out), "unsat");
    common::assert_validated_reading(THREAD, out, &ran.read_back);
    // nested records: one link per leaf, through both projections
    let src = &format!(
        "{NESTED_RECORDS}(declare-const s seg)
(declare-fun len (seg) Int)
(assert (< (px (lo s)) (px (hi s))))
(assert (not (< 0 (+ (len s) (py (hi s))))))
(check-sat)
"
    );
    let out = &run(src, &["record-consts"]);
    assert!(out.contains("(= s_lo_px (px (lo s)))"), "{out}");
    assert!(out.contains("(= s_hi_py (py (hi s)))"), "{out}");
}

/// No link where nothing was split, or where the output no longer uses
/// the fields (a goal closed to `false`).
#[test]
fn no_links_without_a_split_or_a_use() {
    // records alone split quantifiers, not constants
    let out = run(THREAD, &["records"]);
    assert!(!out.contains("(= t_bid"), "{out}");
    // a goal that the split closes leaves no use of the fields
    let closed = THREAD
        .replace("(assert (and (<= 0 (bid t)) (<= 0 (tid t))))", "")
        .replace(
            "(assert (not (= (a t) (+ (bid t) (tid t)))))",
            "(assert (not (= (a t) (a t))))",
        );
    let out = run(&closed, &["record-consts", "fold", "rules"]);
    assert!(out.contains("(declare-fun t_bid () Int)"), "split:\n{out}");
    assert!(!out.contains("(bid t)"), "{out}");
}
