//! `name-deep`: a Boolean subformula nested deeper than the limit gets a
//! fresh name and a definitional assertion. Where it applies (Boogie's
//! assertion chain, in a nullary Bool `define-fun` and in an assertion,
//! also inside push/pop), where it must not (shallow formulas, scripts
//! that ask for a model), and that z3's answers stay.

mod common;

use simplify::{simplify_text, Options};

use common::run_named as run;

/// A loop back-edge block of a real GPUVerify query (Boogie's VC as a
/// nullary `define-fun`, asserted under Houdini's candidate guards).
const BACKEDGE: &str = include_str!("name_deep/backedge.smt2");

/// `BACKEDGE` with the VC also asserted: unsat.
fn backedge_unsat() -> String {
    BACKEDGE.replace("(check-sat)", "(assert $vc)\n(check-sat)")
}

/// How many names an output declares.
fn names(out: &str) -> usize {
    out.matches("(declare-fun vcsimp!deep").count()
}

#[test]
fn boogies_assertion_chain_is_cut_into_named_parts() {
    let out = run(BACKEDGE, &["name-deep"]);
    assert!(names(&out) > 0, "{out}");
    // every name is declared before any assertion or definition uses it
    let first_use = out.find("vcsimp!deep1)").or(out.find("vcsimp!deep1 "));
    let decl = out
        .find("(declare-fun vcsimp!deep1 () Bool)")
        .expect("declared");
    assert!(decl < first_use.expect("used"), "{out}");
    // the definition is rewritten in place, and stays a definition
    assert!(out.contains("(define-fun $vc () Bool"), "{out}");
    assert!(out.contains("(assert (= vcsimp!deep1 "), "{out}");
    assert_eq!(common::z3_answers(BACKEDGE), "sat");
    assert_eq!(common::z3_answers(&out), "sat");
    let unsat = backedge_unsat();
    let out = run(&unsat, &["name-deep"]);
    assert!(names(&out) > 0, "{out}");
    assert_eq!(common::z3_answers(&unsat), "unsat");
    assert_eq!(common::z3_answers(&out), "unsat");
}

#[test]
fn an_asserted_chain_is_cut_too_and_names_stay_in_their_scope() {
    // the VC inlined into the assertion (as Boogie's final checks write
    // it), once in each of two scopes
    let start = BACKEDGE.find("(define-fun $vc () Bool ").unwrap();
    let end = BACKEDGE.find(")\n(assert (not").unwrap();
    let body = &BACKEDGE[start + "(define-fun $vc () Bool ".len()..end];
    let scope = |extra: &str| {
        format!(
            "(push 1)\n(assert (not (=> (and _b0 _b12) {body})))\n{extra}(check-sat)\n(pop 1)\n"
        )
    };
    let src = format!(
        "{}{}{}",
        &BACKEDGE[..start],
        scope(""),
        scope("(assert _b1)\n")
    );
    assert_eq!(common::z3_answers(&src), "sat sat");
    let out = run(&src, &["name-deep"]);
    assert!(names(&out) > 0, "{out}");
    // each scope declares its own names, after its push
    let second = out.rfind("(push 1)").unwrap();
    assert!(out[second..].contains("(declare-fun vcsimp!deep"), "{out}");
    assert_eq!(common::z3_answers(&out), "sat sat");
}

#[test]
fn shallow_formulas_and_scripts_asking_for_models_stay() {
    // the same chain cut short: a few asserts deep
    let shallow = "(declare-fun a () Bool)
(declare-fun b () Bool)
(declare-fun c () Bool)
(declare-fun l () Bool)
(define-fun vc () Bool (=> a (and (or l (=> c a)) (=> a (and (or l (=> c b)) (=> b c))))))
(assert (not vc))
(check-sat)
";
    assert_eq!(run(shallow, &["name-deep"]), run(shallow, &[]));
    let with_model = BACKEDGE.replace("(check-sat)", "(check-sat)\n(get-model)");
    assert_eq!(names(&run(&with_model, &["name-deep"])), 0);
    assert_eq!(run(&with_model, &["name-deep"]), run(&with_model, &[]));
}

/// On the real queries (read in place when the GPUVerify set is there),
/// z3's answers are the same before and after the default passes.
#[test]
fn real_queries_keep_their_answers() {
    let dir = common::repo_root().join("../shared/gpuverify-train/queries");
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    for name in [
        "rodinia_2.4__kmeans__kmeans_swap__kernel__cruncher__q001.smt2",
        "rodinia_2.4__kmeans__kmeans_swap__kernel__cruncher__q003.smt2",
        "rodinia_2.4__particlefilter__normalize_weights_single__kernel__cruncher__q002.smt2",
    ] {
        let src = std::fs::read_to_string(dir.join(name)).expect("readable");
        let out = simplify_text(&src, &Options::default())
            .expect("parses")
            .output;
        assert!(names(&out) > 0, "{name}");
        assert_eq!(common::z3_answers(&src), common::z3_answers(&out), "{name}");
    }
}
