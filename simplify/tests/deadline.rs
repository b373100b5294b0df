//! What a deadline that has already passed does, without timing anything:
//! every pass returns its input unchanged (term passes `None`, script
//! passes an empty change marked `out_of_time` and the script as it was),
//! and the pipeline prints the parsed script. How long a run takes past
//! its `--timeout` is measured by `bench/adversarial.py --sweep`.

use simplify::deadline::Deadline;
use simplify::pass::{Budget, PassContext};
use simplify::registry::{Build, Stage, PASSES};
use simplify::{simplify_text, Limits, Options, PassId};
use smtlib_io::{parse_script, print_script, CommandKind, Script};
use std::path::Path;
use std::time::{Duration, Instant};

/// Small scripts on which every pass has something to do: real tool
/// output from `corpus/`, and a few written for the passes the corpus
/// files give nothing to.
fn samples() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus");
    let mut out: Vec<(String, String)> = [
        "examples/arraycopy_t5.smt2",
        "why3-real/vectoradd1/vectoradd1-T1_postcondition-t1_postcondition.smt2",
        "boogie-style/arraycopy/t5_postcondition.smt2",
        "pug/bi_example/bi2_k_write_read.smt2",
    ]
    .iter()
    .map(|p| {
        let text = std::fs::read_to_string(root.join(p)).expect("corpus file");
        (p.to_string(), text)
    })
    .collect();
    let written = [(
        "definitions and quantifiers",
        "(declare-fun f (Int) Int)(declare-fun g (Int) Int)(declare-const x Int)\
             (declare-const y Int)(declare-fun a () (Array Int Int))\
             (define-fun h ((z Int)) Int (+ z 1))\
             (assert (forall ((z Int)) (= (f z) (+ z 2))))\
             (assert (forall ((z Int)) (= (g z) (* z 3))))\
             (assert (and (> (f x) (h y)) (< (select a x) 3)))\
             (assert (not (= (g x) (g y))))\
             (assert (exists ((u Int) (v Int)) (and (= u (+ x 1)) (< (+ u v) y) (> v 0))))\
             (assert (forall ((i Int) (j Int)) (=> (and (<= 0 i) (< i 4) (<= 0 j) (< j 8)) \
               (>= (select a (+ i (* 4 j))) 0))))\
             (check-sat)",
    )];
    out.extend(written.iter().map(|(n, t)| (n.to_string(), t.to_string())));
    // and/or nested deeper than `name-deep` leaves it
    let mut deep = "(> x 0)".to_string();
    for i in 0..12 {
        deep = format!("(or p (and (> x {i}) {deep}))");
    }
    out.push((
        "deep and/or".into(),
        format!("(declare-const p Bool)(declare-const x Int)(assert {deep})(check-sat)"),
    ));
    out
}

fn expired() -> Budget {
    Budget {
        deadline: Deadline::at(Instant::now()),
        ..Budget::default()
    }
}

fn parsed(text: &str) -> Script {
    parse_script(text).unwrap_or_else(|e| panic!("{}", e.render("<sample>", text)))
}

/// The term passes of `p` with `budget`: how many assertions of the
/// samples they rewrote.
fn term_pass_rewrites(p: PassId, budget: &Budget) -> usize {
    let Build::Terms(make) = p.info().build else {
        unreachable!("a term pass")
    };
    let mut rewrites = 0;
    for (_, text) in samples() {
        let mut script = parsed(&text);
        // only the pass itself, not its companions
        let mut pass = make(&script, &[p]).remove(0);
        let asserts: Vec<_> = script.assertions().collect();
        for (k, &t) in asserts.iter().enumerate() {
            let facts: Vec<_> = asserts
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &f)| f)
                .collect();
            let mut trace = vec![];
            let mut ctx = PassContext {
                facts: &facts,
                budget,
                trace: &mut trace,
            };
            if pass.apply(&mut script.cx, t, &mut ctx).is_some() {
                rewrites += 1;
            }
        }
    }
    rewrites
}

/// Term passes (`unfold`, `records`, `ctx-simplify`, `guarded-eq`,
/// `merge-quant`, `simp-affine`, `decompose-quant`, `strengthen`,
/// `quant`, `cooper-qe`): each rewrites some sample assertion without a
/// deadline, and none after one.
#[test]
fn an_expired_deadline_makes_every_term_pass_return_none() {
    let none = Budget::default();
    for p in PASSES {
        if !matches!(p.build, Build::Terms(_)) {
            continue;
        }
        assert!(
            term_pass_rewrites(p.id, &none) > 0,
            "{} rewrites nothing in the samples",
            p.name()
        );
        assert_eq!(term_pass_rewrites(p.id, &expired()), 0, "{}", p.name());
    }
}

/// Script passes (`split-asserts`, `why3-reads`, `arrays-as-funs`,
/// `record-args`, `record-consts`, `lifted-lambdas`, `prune-defs`,
/// `prune-unused`, `name-deep`): after the deadline each leaves the script
/// as it was and says it ran out of time.
#[test]
fn an_expired_deadline_makes_every_script_pass_leave_the_script() {
    for p in PASSES {
        let Build::Script(make) = p.build else {
            continue;
        };
        for (name, text) in samples() {
            let mut script = parsed(&text);
            let before = print_script(&script);
            let change = make().run(&mut script, &expired());
            assert!(change.out_of_time, "{} on {name}", p.name());
            assert_eq!(change.fired, 0, "{} on {name}", p.name());
            assert_eq!(print_script(&script), before, "{} on {name}", p.name());
        }
    }
}

/// `asserts-as-facts`, which the pipeline drives itself.
#[test]
fn an_expired_deadline_makes_context_leave_the_script() {
    use simplify::pass::ScriptPass;
    use simplify::passes::asserts_as_facts::UseContext;
    for (name, text) in samples() {
        let mut script = parsed(&text);
        let before = print_script(&script);
        let mut pass = UseContext::FINAL;
        let change = pass.run(&mut script, &expired());
        assert!(change.out_of_time && change.rewritten.is_empty(), "{name}");
        assert_eq!(print_script(&script), before, "{name}");
    }
}

/// The e-graph passes (`fold`, `rules`, `bool-nary`, `arith-cmp`): an
/// expired deadline saturates nothing.
#[test]
fn an_expired_deadline_leaves_the_egraph_passes_nothing_to_do() {
    for id in [
        PassId::Fold,
        PassId::Rules,
        PassId::BoolNary,
        PassId::ArithCmp,
    ] {
        assert_eq!(id.info().stages, &[Stage::Saturation]);
        for (name, text) in samples() {
            assert_eq!(
                pipeline(&text, vec![id], Some(Duration::ZERO)),
                unchanged(&text),
                "{} on {name}",
                id.name()
            );
        }
    }
}

/// The script as the pipeline prints it (without the markers of
/// unsat-only passes, which head the output whatever the pass did).
fn pipeline(text: &str, passes: Vec<PassId>, timeout: Option<Duration>) -> String {
    let options = Options {
        passes,
        limits: Limits {
            timeout,
            ..Limits::default()
        },
        explain: false,
    };
    let out = simplify_text(text, &options).expect("sample parses");
    print_script(&out.script)
}

fn unchanged(text: &str) -> String {
    pipeline(text, vec![], None)
}

/// The pipeline, one pass at a time and all the default ones together:
/// with a timeout that has passed when the run starts it starts no pass
/// and prints the parsed script, while without one the passes change
/// the samples.
#[test]
fn an_expired_timeout_makes_the_pipeline_print_the_parsed_script() {
    let mut all: Vec<Vec<PassId>> = PassId::all().into_iter().map(|p| vec![p]).collect();
    all.push(PassId::default_passes());
    for passes in all {
        for (name, text) in samples() {
            assert_eq!(
                pipeline(&text, passes.clone(), Some(Duration::ZERO)),
                unchanged(&text),
                "{passes:?} on {name}"
            );
        }
    }
    let changed = samples()
        .iter()
        .filter(|(_, text)| pipeline(text, PassId::default_passes(), None) != unchanged(text))
        .count();
    assert_eq!(changed, samples().len());
}

/// Commands the samples hold, so that a sample that stopped parsing into
/// assertions would not make the tests above vacuous.
#[test]
fn every_sample_has_assertions() {
    for (name, text) in samples() {
        let script = parsed(&text);
        assert!(
            script
                .commands
                .iter()
                .any(|c| matches!(c.kind, CommandKind::Assert(_))),
            "{name}"
        );
    }
}
