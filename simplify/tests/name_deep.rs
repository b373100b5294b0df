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

/// A Houdini-style query: the VC is a `define-fun`, the candidate guards
/// and a launch size are fixed by assertions after it, in its scope.
const GUARDED: &str = "(declare-fun _b0 () Bool)
(declare-fun _b1 () Bool)
(declare-fun l () Bool)
(declare-fun x () Bool)
(declare-fun size () (_ BitVec 8))
(declare-fun i () (_ BitVec 8))
(define-fun vc () Bool (and (or l (=> _b0 (bvult i size))) (=> (=> _b0 (bvult i size)) (and (or l (=> _b1 (= size #x01))) (=> (=> _b1 (= size #x01)) x)))))
(assert (= size #x02))
(assert (not (=> (and _b0 (not _b1)) vc)))
(check-sat)
";

/// The body of the `define-fun` `name` in `out`.
fn body_of<'a>(out: &'a str, name: &str) -> &'a str {
    let start = out
        .find(&format!("(define-fun {name} () Bool "))
        .expect("defined");
    let line = &out[start..];
    &line[..line.find('\n').unwrap_or(line.len())]
}

#[test]
fn a_definition_takes_the_values_of_unit_facts_and_is_folded() {
    let out = run(GUARDED, &["name-deep"]);
    let vc = body_of(&out, "vc");
    // the refuted candidate (_b1 false) drops out; _b0 and size take their values
    assert!(!vc.contains("_b1") && !vc.contains("_b0"), "{out}");
    assert!(vc.contains("(bvult i #x02)"), "{out}");
    assert_eq!(common::z3_answers(GUARDED), "sat");
    assert_eq!(common::z3_answers(&out), "sat");
    // with the VC asserted too: unsat before and after
    let unsat = GUARDED.replace("(check-sat)", "(assert vc)\n(check-sat)");
    assert_eq!(common::z3_answers(&unsat), "unsat");
    assert_eq!(common::z3_answers(&run(&unsat, &["name-deep"])), "unsat");
}

#[test]
fn facts_out_of_force_where_the_definition_is_used_are_not_taken() {
    let unchanged = |src: &str| {
        let out = run(src, &["name-deep"]);
        assert_eq!(body_of(&out, "vc"), body_of(src, "vc"), "{out}");
        assert_eq!(common::z3_answers(src), common::z3_answers(&out), "{src}");
    };
    // a check-sat sees the definition before the facts are asserted
    unchanged(&GUARDED.replace(
        "(assert (= size #x02))",
        "(assert (not vc))\n(check-sat)\n(assert (= size #x02))",
    ));
    // the facts are in a scope the definition outlives
    let scoped = GUARDED
        .replace("(assert (= size #x02))", "(push 1)\n(assert (= size #x02))")
        .replace(
            "(check-sat)\n",
            "(check-sat)\n(pop 1)\n(assert (not vc))\n(check-sat)\n",
        );
    unchanged(&scoped);
    // a fact of a popped scope is no longer in force
    let popped = format!(
        "(declare-fun _b0 () Bool)\n(push 1)\n(assert _b0)\n(pop 1)\n{}",
        GUARDED
            .replace("(declare-fun _b0 () Bool)\n", "")
            .replace("(assert (= size #x02))\n", "")
            .replace("(not (=> (and _b0 (not _b1)) vc))", "(not vc)")
    );
    unchanged(&popped);
    // under global declarations a definition outlives its scope
    unchanged(&format!(
        "(set-option :global-declarations true)\n{}",
        GUARDED.replace("(assert (= size #x02))", "(push 1)\n(assert (= size #x02))")
    ));
}

#[test]
fn bit_vector_values_spelled_differently_are_compared_by_value() {
    let src = GUARDED
        .replace("(= size #x01)", "(= size (_ bv2 8))")
        .replace("(and _b0 (not _b1))", "(and _b0 _b1)");
    let out = run(&src, &["name-deep"]);
    // (= #x02 (_ bv2 8)) is one value spelled twice: true, never false
    let vc = body_of(&out, "vc");
    assert!(!vc.contains("(_ bv2 8)") && vc.contains("x"), "{out}");
    assert_eq!(common::z3_answers(&src), common::z3_answers(&out));
}

/// A Houdini query over launch sizes, as GPUVerify writes them in both
/// encodings: the guards fix `size` (and the stride loop's first value),
/// and the VC's assertions compare products and shifts of them.
fn arithmetic_vc(bv: bool) -> String {
    let (sort, one, four, eight, mul, shr, lt, div) = if bv {
        (
            "(_ BitVec 32)",
            "#x00000001",
            "#x00000004",
            "#x00000008",
            "bvmul",
            "bvlshr",
            "bvult",
            "bvudiv",
        )
    } else {
        ("Int", "1", "4", "8", "*", "div", "<", "div")
    };
    let shifted = if bv {
        format!("({shr} size {one})")
    } else {
        format!("({shr} size 2)")
    };
    format!(
        "(declare-fun _b0 () Bool)
(declare-fun l0 () Bool)
(declare-fun l1 () Bool)
(declare-fun l2 () Bool)
(declare-fun x () Bool)
(declare-fun size () {sort})
(declare-fun i () {sort})
(define-fun vc () Bool (and (or l0 (=> _b0 (= ({mul} {one} size) {four}))) (=> (=> _b0 (= ({mul} {one} size) {four})) (and (or l1 (=> _b0 (= {shifted} {four}))) (=> (=> _b0 (= {shifted} {four})) (and (or l2 ({lt} i ({div} size {one}))) (=> ({lt} i ({div} size {one})) x)))))))
(assert (= size {eight}))
(assert (not (=> _b0 vc)))
(check-sat)
"
    )
}

#[test]
fn constant_arithmetic_under_the_facts_is_evaluated() {
    for bv in [true, false] {
        let src = arithmetic_vc(bv);
        let out = run(&src, &["name-deep"]);
        let vc = body_of(&out, "vc");
        // 1·8 = 4 is false, so the first candidate fails and the rest of
        // the VC (the shift, the division) drops out
        assert!(
            vc.contains("l0") && !vc.contains("l1") && !vc.contains("size"),
            "{out}"
        );
        assert_eq!(common::z3_answers(&src), "sat", "{src}");
        assert_eq!(common::z3_answers(&out), "sat", "{out}");
        // the folded body equals the original under the fact
        let context = src
            .replace("(define-fun vc ", "(define-fun vc0 ")
            .replace("(assert (not (=> _b0 vc)))\n(check-sat)\n", "(assert _b0)");
        let folded = &vc["(define-fun vc () Bool ".len()..vc.len() - 1];
        common::assert_equivalent(&context, "vc0", folded);
    }
}

#[test]
fn undefined_and_open_arithmetic_is_left_to_the_solver() {
    for (sort, k, zero, ops) in [
        (
            "(_ BitVec 8)",
            "#x08",
            "#x00",
            ["bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod"].as_slice(),
        ),
        ("Int", "8", "0", ["div", "mod"].as_slice()),
    ] {
        // `size` is fixed, so each division has literal operands, but by
        // zero; `i` is fixed by no fact
        let parts: Vec<String> = ops
            .iter()
            .map(|op| format!("(= ({op} size {zero}) i)"))
            .collect();
        let src = format!(
            "(declare-fun size () {sort})
(declare-fun i () {sort})
(declare-fun x () Bool)
(define-fun vc () Bool (and {} (= i size) x))
(assert (= size {k}))
(assert (not vc))
(check-sat)
",
            parts.join(" ")
        );
        let out = run(&src, &["name-deep"]);
        let vc = body_of(&out, "vc");
        for op in ops {
            assert!(vc.contains(&format!("({op} {k} {zero})")), "{op}: {out}");
        }
        assert!(vc.contains(&format!("(= i {k})")), "{out}");
        assert_eq!(common::z3_answers(&src), common::z3_answers(&out), "{out}");
    }
}

/// z3 agrees with every value `simplify::term::eval` gives: random
/// operands (and the edges: zero, one, the sign bit, all ones) of every
/// bit-vector operator it evaluates, at widths 1, 4, 8 and 33, and of
/// the integer operators.
#[test]
fn evaluated_values_agree_with_z3() {
    use smtlib_io::{parse_script, Printer, TermKind};
    let mut rng = common::rng::Rng::new(7);
    let mut cases: Vec<String> = vec![];
    let bv_ops = [
        "bvadd", "bvsub", "bvmul", "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor", "bvshl",
        "bvlshr", "bvashr", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod", "bvcomp", "bvult",
        "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge", "concat",
    ];
    let unary = [
        "bvnot",
        "bvneg",
        "(_ extract 0 0)",
        "(_ zero_extend 3)",
        "(_ sign_extend 5)",
    ];
    for w in [1u32, 4, 8, 33] {
        let max = (1u64 << w) - 1;
        let lit = |v: u64| format!("(_ bv{} {w})", v & max);
        let mut values = vec![0, 1, max, 1 << (w - 1), max >> 1];
        for _ in 0..4 {
            values.push(rng.next() & max);
        }
        for op in bv_ops {
            for _ in 0..6 {
                let a = values[rng.below(values.len())];
                let b = values[rng.below(values.len())];
                cases.push(format!("({op} {} {})", lit(a), lit(b)));
            }
        }
        for op in unary {
            for &a in &values {
                cases.push(format!("({op} {})", lit(a)));
            }
        }
        cases.push(format!("(bvadd {} {} {})", lit(max), lit(1), lit(2)));
    }
    for op in ["+", "-", "*", "div", "mod", "<=", "<", ">=", ">"] {
        for _ in 0..8 {
            let (a, b) = (rng.range(-9, 9), rng.range(-3, 3));
            let n = |v: i64| {
                if v < 0 {
                    format!("(- {})", -v)
                } else {
                    v.to_string()
                }
            };
            cases.push(format!("({op} {} {})", n(a), n(b)));
        }
    }
    cases.push("(abs (- 7))".into());
    cases.push("(- 7)".into());
    let mut query = String::new();
    let mut evaluated = 0;
    for case in &cases {
        let mut script = parse_script(&format!("(assert (= {case} {case}))")).expect("parses");
        let eq = script.assertions().next().unwrap();
        let TermKind::App(_, eq_args) = script.cx.kind(eq).clone() else {
            unreachable!()
        };
        let t = eq_args[0];
        // `(- 7)` reads as a numeral: nothing to evaluate
        let TermKind::App(op, args) = script.cx.kind(t).clone() else {
            continue;
        };
        let sort = script.cx.sort_of(t);
        let Some(v) = simplify::term::eval::eval_app(&mut script.cx, &op, &args, sort) else {
            continue;
        };
        evaluated += 1;
        let v = Printer::new(&script.cx).term(v);
        query.push_str(&format!(
            "(push 1)\n(assert (not (= {case} {v})))\n(check-sat)\n(pop 1)\n"
        ));
    }
    assert!(evaluated > 500, "{evaluated}");
    let answers = common::z3_answers(&query);
    for (i, a) in answers.split(' ').enumerate() {
        assert_eq!(a, "unsat", "case {i} of\n{query}");
    }
    assert_eq!(answers.split(' ').count(), evaluated);
}
