//! Term passes on small problems: a problem is declarations, facts and a
//! goal; a pass is applied to the goal under the facts, and z3 checks what
//! it did (equivalence under the facts, or a proof through the pipeline).

use simplify::pass::{Budget, PassContext, TermPass};
use simplify::passes::guarded_eq::GuardedEq;
use simplify::passes::simp_affine::SimpAffine;
use smtlib_io::{parse_script, Op, Printer, Script, TermId};

/// A parsed problem: declarations, facts (all assertions but the last) and
/// the goal (the last assertion).
pub struct Problem {
    pub decls: String,
    pub script: Script,
    pub facts: Vec<TermId>,
    pub goal: TermId,
}

pub fn problem(decls: &str, facts: &[&str], goal: &str) -> Problem {
    let mut src = decls.to_string();
    for f in facts {
        src.push_str(&format!("(assert {f})"));
    }
    src.push_str(&format!("(assert {goal})"));
    let script = parse_script(&src).expect("parses");
    let mut all: Vec<TermId> = script.assertions().collect();
    let goal = all.pop().unwrap();
    Problem {
        decls: decls.to_string(),
        script,
        facts: all,
        goal,
    }
}

/// Apply `pass` to the goal; the result (if the pass applied) printed.
pub fn apply(pass: &mut dyn TermPass, pb: &mut Problem) -> Option<TermId> {
    let budget = Budget::default();
    let mut trace = Vec::new();
    let mut ctx = PassContext {
        facts: &pb.facts,
        budget: &budget,
        trace: &mut trace,
    };
    let r = pass.apply(&mut pb.script.cx, pb.goal, &mut ctx);
    if r.is_some() {
        assert!(!trace.is_empty(), "a rewrite is traced");
    }
    r
}

/// Apply `pass` to the goal under `budget`: the result and the number of
/// rewrites traced.
pub fn apply_traced(
    pass: &mut dyn TermPass,
    pb: &mut Problem,
    budget: &Budget,
) -> (Option<TermId>, usize) {
    let mut trace = Vec::new();
    let mut ctx = PassContext {
        facts: &pb.facts,
        budget,
        trace: &mut trace,
    };
    let r = pass.apply(&mut pb.script.cx, pb.goal, &mut ctx);
    (r, trace.len())
}

pub fn show(pb: &Problem, t: TermId) -> String {
    Printer::new(&pb.script.cx).term(t)
}

pub fn facts_text(pb: &Problem) -> String {
    let mut p = Printer::new(&pb.script.cx);
    pb.facts
        .iter()
        .map(|&f| format!("(assert {})\n", p.term(f)))
        .collect()
}

/// z3 shows `before ≡ after` under the facts symbolically, or else on every
/// instance of the given parameters.
pub fn assert_equivalent_or_on(
    pb: &mut Problem,
    before: TermId,
    after: TermId,
    inst: &[(&str, &[i64])],
) {
    let eq = pb.script.cx.mk_app(Op::Eq, vec![before, after]).unwrap();
    let src = format!(
        "{}{}(assert (not {}))(check-sat)\n",
        pb.decls,
        facts_text(pb),
        show(pb, eq)
    );
    let Some(ans) = super::z3_answer(&src, 5) else {
        return;
    };
    assert!(ans != "sat", "NOT EQUIVALENT:\n{src}");
    if ans == "unsat" {
        return;
    }
    assert_equivalent_on(pb, before, after, inst);
}

/// z3 shows `before ≡ after` under the facts.
pub fn assert_equivalent(pb: &Problem, before: TermId, after: TermId) {
    let context = format!("{}{}", pb.decls, facts_text(pb));
    super::assert_equivalent(&context, &show(pb, before), &show(pb, after));
}

/// The script of the facts and one formula, e.g. a negated goal.
pub fn with_facts(pb: &Problem, formula: &str) -> String {
    format!(
        "{}\n{}(assert {formula})(check-sat)\n",
        pb.decls,
        facts_text(pb)
    )
}

/// z3 proves `goal` valid under the facts.
pub fn assert_proves(pb: &Problem, goal: TermId) {
    super::assert_unsat(&with_facts(pb, &format!("(not {})", show(pb, goal))));
}

/// Equivalence checked by z3 on instances of the parameters (for formulas
/// whose symbolic equivalence z3 cannot decide): every assignment of the
/// given constants.
pub fn assert_equivalent_on(
    pb: &mut Problem,
    before: TermId,
    after: TermId,
    inst: &[(&str, &[i64])],
) {
    let eq = pb.script.cx.mk_app(Op::Eq, vec![before, after]).unwrap();
    let body = format!(
        "{}(assert (not {}))(check-sat)\n",
        facts_text(pb),
        show(pb, eq)
    );
    let mut assigns: Vec<String> = vec![String::new()];
    for (name, vals) in inst {
        let mut next = Vec::new();
        for a in &assigns {
            for v in vals.iter() {
                let lit = if *v < 0 {
                    format!("(- {})", -v)
                } else {
                    v.to_string()
                };
                next.push(format!("{a}(assert (= {name} {lit}))"));
            }
        }
        assigns = next;
    }
    for a in assigns {
        let src = format!("{}{a}{body}", pb.decls);
        let Some(ans) = super::z3_answer(&src, super::PROOF_LIMIT) else {
            return;
        };
        assert!(ans != "sat", "NOT EQUIVALENT on an instance:\n{src}");
        assert_eq!(ans, "unsat", "z3 could not decide the instance:\n{src}");
    }
}

/// A corpus VC: facts are all assertions but the last (the negated goal).
pub fn corpus(path: &str) -> Problem {
    let full = format!("{}/../corpus/{path}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&full).expect("corpus file");
    let script = parse_script(&src).expect("parses");
    let decls: String = src
        .lines()
        .filter(|l| l.starts_with("(declare-"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut all: Vec<TermId> = script.assertions().collect();
    let goal = all.pop().unwrap();
    Problem {
        decls,
        script,
        facts: all,
        goal,
    }
}

/// Apply a sequence of passes to the goal.
pub fn apply_all(passes: &mut [&mut dyn TermPass], pb: &mut Problem) -> TermId {
    let mut cur = pb.goal;
    for p in passes.iter_mut() {
        let budget = Budget::default();
        let mut trace = Vec::new();
        let mut ctx = PassContext {
            facts: &pb.facts,
            budget: &budget,
            trace: &mut trace,
        };
        if let Some(r) = p.apply(&mut pb.script.cx, cur, &mut ctx) {
            cur = r;
        }
    }
    cur
}

/// Rewrite every assertion in turn (each with the current others as
/// facts), as the pipeline does; the goal is the last one.
pub fn rewrite_all(passes: &mut [&mut dyn TermPass], pb: &mut Problem) {
    let mut all = pb.facts.clone();
    all.push(pb.goal);
    for p in passes.iter_mut() {
        for i in 0..all.len() {
            let facts: Vec<TermId> = all
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &f)| f)
                .collect();
            let budget = Budget::default();
            let mut trace = Vec::new();
            let mut ctx = PassContext {
                facts: &facts,
                budget: &budget,
                trace: &mut trace,
            };
            if let Some(r) = p.apply(&mut pb.script.cx, all[i], &mut ctx) {
                all[i] = r;
            }
        }
    }
    pb.goal = all.pop().unwrap();
    pb.facts = all;
}

pub const NLM: &[(&str, &[i64])] = &[("N", &[1, 2, 3]), ("l", &[0, 1]), ("m", &[0, 1, 2])];

/// guarded-eq then simp-affine on every assertion: z3 proves the result.
pub fn assert_pipeline_proves(path: &str) {
    let mut pb = corpus(path);
    rewrite_all(
        &mut [&mut GuardedEq::default(), &mut SimpAffine::default()],
        &mut pb,
    );
    super::assert_unsat(&with_facts(&pb, &show(&pb, pb.goal)));
}

/// `new` is weaker than `old` (old ⇒ new): unsat of new proves unsat of old.
pub fn assert_weaker(pb: &mut Problem, old: TermId, new: TermId) {
    let src = format!(
        "{}(assert {})(assert (not {}))(check-sat)\n",
        pb.decls,
        show(pb, old),
        show(pb, new)
    );
    super::assert_unsat(&src);
}
