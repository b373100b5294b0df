//! Adversarial inputs, generated here (no huge files in git): each must
//! finish within the time limit with a correct output, never overflow the
//! stack or run away with memory. `bench/adversarial.py` measures the
//! same families at full size with peak memory.
//!
//! Correctness is checked with z3 through `--validate`'s library check
//! where the formula is small enough for it, and structurally otherwise.

mod common;

use simplify::pipeline::MAX_TERM_DEPTH;
use simplify::validate::{default_solver, validate_text, Verdict};
use simplify::{simplify_text, Limits, Options, PassId};
use std::time::Duration;

fn options(secs: u64) -> Options {
    Options {
        limits: Limits {
            timeout: Some(Duration::from_secs(secs)),
            ..Limits::default()
        },
        ..Options::default()
    }
}

/// Simplify `input` with the default passes under a `secs` timeout (how
/// long the run takes is measured by `bench/adversarial.py`, not here).
fn run(input: &str, secs: u64) -> String {
    simplify_text(input, &options(secs))
        .expect("input is valid")
        .output
}

fn validated(input: &str, output: &str) {
    if !common::require("z3") {
        return;
    }
    let v = validate_text(input, output, &[], &default_solver(Duration::from_secs(60)))
        .expect("both parse");
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}\n{output}");
}

fn nest(open: impl Fn(usize) -> String, leaf: &str, depth: usize) -> String {
    let mut s = String::with_capacity(depth * 12);
    for i in 0..depth {
        s.push_str(&open(i));
    }
    s.push_str(leaf);
    s.push_str(&")".repeat(depth));
    s
}

const BOOLS: &str = "(declare-const p Bool)(declare-const q Bool)(declare-const x Int)\n";

/// A million nested `not`s and `+`s: parsed, kept as they are (deeper than
/// MAX_TERM_DEPTH), printed back; no stack overflow.
#[test]
fn million_deep_terms_are_kept_and_printed() {
    let n = 1_000_000;
    let nots = format!(
        "{BOOLS}(assert {})\n(check-sat)\n",
        nest(|_| "(not ".into(), "p", n)
    );
    let out = run(&nots, 20);
    assert_eq!(out.matches("(not").count(), n, "kept unsimplified");
    let sums = format!(
        "{BOOLS}(assert (= x {}))\n(check-sat)\n",
        nest(|_| "(+ 1 ".into(), "0", n)
    );
    let out = run(&sums, 20);
    assert!(out.contains("(+ 1 (+ 1 (+ 1"), "kept unsimplified");
}

/// A definition used only inside an assertion too deep to simplify stays:
/// the passes read the names of that assertion (kept as it is) from its
/// text, which the reader does not keep for a readable assertion.
#[test]
fn a_definition_used_only_in_a_deep_assertion_stays() {
    let d = MAX_TERM_DEPTH as usize + 10;
    let input = format!(
        "(declare-fun f (Int) Int)(declare-const x Int)\n\
         (assert (forall ((y Int)) (= (f y) (+ y 1))))\n(assert {})\n(check-sat)\n",
        nest(|_| "(not ".into(), "(> (f x) 0)", d)
    );
    let out = run(&input, 20);
    assert!(
        out.contains("(forall"),
        "the axiom of f is gone: {}",
        &out[..out.len().min(200)]
    );
}

/// Just under the depth limit every pass runs, on every kind of nesting
/// the passes walk recursively; no stack overflow, and the result agrees
/// with the input.
#[test]
fn deep_terms_under_the_limit_go_through_every_pass() {
    let d = MAX_TERM_DEPTH as usize - 8;
    let shapes = [
        ("and", nest(|i| format!("(and (> x {i}) "), "p", d)),
        ("or", nest(|i| format!("(or (= x {i}) "), "q", d)),
        ("not", nest(|_| "(not ".into(), "p", d)),
        ("implies", nest(|_| "(=> p ".into(), "q", d)),
        (
            "ite",
            format!(
                "(= x {})",
                nest(|i| format!("(ite (= x {i}) {i} "), "0", d / 2)
            ),
        ),
        (
            "plus",
            format!("(= x {})", nest(|_| "(+ 1 ".into(), "x", d)),
        ),
        (
            "let",
            format!(
                "(let ((y0 x)) {})",
                nest(
                    |i| format!("(let ((y{} (+ y{i} 1))) ", i + 1),
                    &format!("(> y{} 0)", d / 2),
                    d / 2
                )
            ),
        ),
        (
            "forall",
            nest(
                |i| format!("(forall ((v{i} Int)) (=> (> v{i} x) "),
                "p",
                d / 2,
            ) + &")".repeat(d / 2),
        ),
    ];
    for (name, t) in shapes {
        let input = format!("{BOOLS}(assert {t})\n(check-sat)\n");
        for passes in [PassId::default_passes(), vec![pass("cooper-qe")]] {
            let o = Options {
                passes,
                ..options(10)
            };
            let out = simplify_text(&input, &o).expect("valid").output;
            assert!(out.contains("(check-sat)"), "{name}");
        }
    }
}

/// A `let`-DAG that doubles at every level (2^200 nodes expanded): the
/// output keeps the sharing and means the same.
#[test]
fn exponential_let_dag() {
    let mut t = String::from("x");
    let levels = 200;
    let mut s = String::from(BOOLS);
    s.push_str("(declare-fun f (Int Int) Int)\n(assert (> ");
    for i in 0..levels {
        s.push_str(&format!("(let ((y{i} (f {t} {t}))) "));
        t = format!("y{i}");
    }
    s.push_str(&t);
    s.push_str(&")".repeat(levels));
    s.push_str(" 0))\n(check-sat)\n");
    let out = run(&s, 20);
    assert!(out.len() < 100_000, "sharing kept: {} bytes", out.len());
    validated(&s, &out);
}

/// 100,000 assertions: linear, within the time limit.
#[test]
fn hundred_thousand_assertions() {
    let mut s = String::from(BOOLS);
    for i in 0..100_000 {
        s.push_str(&format!("(assert (or p (> x {i})))\n"));
    }
    s.push_str("(check-sat)\n");
    let out = run(&s, 20);
    assert!(out.contains("(check-sat)"));
}

/// Numerals of 100,000 digits: folded exactly.
#[test]
fn huge_numerals() {
    let big = format!("1{}", "0".repeat(100_000));
    let s = format!("{BOOLS}(assert (= x (+ {big} {big} (- {big}))))\n(assert (> (* x 3) (* {big} 2)))\n(check-sat)\n");
    let out = run(&s, 20);
    assert!(out.contains(&big), "the numeral survives exactly");
    validated(&s, &out);
}

/// A quantifier with 300 bound variables.
#[test]
fn hundreds_of_bound_variables() {
    let n = 300;
    let vars: String = (0..n).map(|i| format!("(v{i} Int)")).collect();
    let guards: String = (0..n).map(|i| format!("(<= 0 v{i} x)")).collect();
    let sum: String = (0..n).map(|i| format!(" v{i}")).collect();
    let s = format!(
        "{BOOLS}(declare-fun f (Int) Int)\n(assert (forall ({vars}) (=> (and {guards}) (>= (f (+{sum})) 0))))\n(assert (exists ({vars}) (and {guards} (= (+{sum}) 7))))\n(check-sat)\n"
    );
    let out = run(&s, 20);
    assert!(out.contains("(check-sat)"));
    validated(&s, &out);
}

/// Saturate the one assertion of `script` with the rules of `rules_src`
/// alone (no folding, no appliers) under `limits`.
fn saturate_with_rules(
    rules_src: &str,
    script: &str,
    limits: &simplify::egraph::SatLimits,
) -> (smtlib_io::Context, simplify::egraph::SatResult) {
    use simplify::egraph::{rule_files, saturate, SatConfig};
    let loaded = rule_files::load_rules("test.rules", rules_src).expect("the rules load");
    let rewrites: Vec<_> = loaded.iter().map(|r| r.rewrite(None)).collect();
    let script = smtlib_io::parse_script(script).unwrap();
    let root = script.assertions().next().unwrap();
    let config = SatConfig::rules_only();
    saturate(script.cx.clone(), &[root], &rewrites, &config, limits, None)
}

/// A rule that rewrites forever (`-x` to `-(-(-(x + 0)))`, a new match each time): egg's iteration and
/// node limits stop the run, and the extracted result is still the input's
/// meaning.
#[test]
fn a_looping_rule_stops_at_the_limits() {
    use simplify::egraph::SatLimits;
    let src = "; Loops: every application makes a new match.\n; applies: (- x)\n; not-applies: x\n(define-rule arith-grow ((x Int)) (- x) (- (- (- (+ x 0)))))\n";
    let limits = SatLimits {
        node_limit: 10_000,
        iter_limit: 1_000,
        time_limit: Duration::from_secs(20),
        ..SatLimits::default()
    };
    let script = format!("{BOOLS}(assert (> (- x) 0))\n");
    let (cx, res) = saturate_with_rules(src, &script, &limits);
    assert!(
        matches!(res.stop_reason.as_str(), "node-limit" | "iteration-limit"),
        "{}",
        res.stop_reason
    );
    let printed = smtlib_io::Printer::new(&cx).term(res.terms[0]);
    assert_eq!(printed, "(> (- x) 0)", "the smallest equal form");
}

/// A rule that adds a node at every match but never makes two classes equal
/// (here a fresh Int literal, as a rule whose right-hand side the analysis
/// folds back into the matched class does): egg would search it again and
/// again until the iteration limit, since the e-graph keeps growing. The run
/// stops after the first iteration that merged nothing, as saturated.
#[test]
fn a_rule_that_merges_nothing_ends_the_run() {
    use egg::{Applier, Id, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};
    use simplify::egraph::analysis::{VcAnalysis, VcEGraph};
    use simplify::egraph::lang::{Head, Node};
    use simplify::egraph::{saturate, SatConfig, SatLimits};
    use std::sync::atomic::{AtomicI64, Ordering};

    /// Matches every class that holds a leaf.
    struct Leaves;
    impl Searcher<Node, VcAnalysis> for Leaves {
        fn search_eclass_with_limit(
            &self,
            eg: &VcEGraph,
            eclass: Id,
            _limit: usize,
        ) -> Option<SearchMatches<'_, Node>> {
            eg[eclass]
                .nodes
                .iter()
                .any(|n| n.kids.is_empty())
                .then(|| SearchMatches {
                    eclass,
                    substs: vec![Subst::default()],
                    ast: None,
                })
        }
        fn vars(&self) -> Vec<Var> {
            vec![]
        }
    }
    /// Adds a literal never seen before, equal to nothing.
    struct FreshLiteral(AtomicI64);
    impl Applier<Node, VcAnalysis> for FreshLiteral {
        fn apply_one(
            &self,
            eg: &mut VcEGraph,
            _eclass: Id,
            _subst: &Subst,
            _ast: Option<&egg::PatternAst<Node>>,
            _rule: Symbol,
        ) -> Vec<Id> {
            let k = self.0.fetch_add(1, Ordering::Relaxed);
            eg.add(Node::leaf(Head::Int(k.into())));
            vec![]
        }
    }
    let rule: Rewrite<Node, VcAnalysis> = Rewrite::new(
        "fresh-literal",
        Leaves,
        FreshLiteral(AtomicI64::new(1_000_000)),
    )
    .expect("a rule");
    let script = smtlib_io::parse_script(&format!("{BOOLS}(assert (and p q))\n")).unwrap();
    let root = script.assertions().next().unwrap();
    let limits = SatLimits {
        iter_limit: 30,
        ..SatLimits::default()
    };
    let (_, res) = saturate(
        script.cx.clone(),
        &[root],
        &[rule],
        &SatConfig::rules_only(),
        &limits,
        None,
    );
    assert_eq!(res.stop_reason, "saturated");
    assert!(res.iterations <= 2, "{} iterations", res.iterations);
}

/// Commutativity and associativity of `and` over 10 atoms: the e-graph of
/// all bracketings and orders has millions of nodes. The scheduler bans both
/// rules once their matches pass the capped limit (`match_limit << 3`), and
/// the run stops with `match-limit` long before the (huge) node limit,
/// instead of egg's backoff letting a rule loose with ever larger limits.
#[test]
fn explosive_rules_stop_at_the_match_cap() {
    use simplify::egraph::SatLimits;
    let src = "; Swap.\n; applies: (and p q)\n; not-applies: p\n(define-rule bool-and-swap ((p Bool) (q Bool)) (and p q) (and q p))\n\
               ; Regroup.\n; applies: (and p (and q r))\n; not-applies: (and p q)\n(define-rule bool-and-regroup ((p Bool) (q Bool) (r Bool)) (and p (and q r)) (and (and p q) r))\n";
    let atoms: Vec<String> = (0..10).map(|i| format!("a{i}")).collect();
    let decls: String = atoms
        .iter()
        .map(|a| format!("(declare-const {a} Bool)"))
        .collect();
    let nested = atoms
        .iter()
        .rev()
        .skip(1)
        .fold(atoms[9].clone(), |acc, a| format!("(and {a} {acc})"));
    let limits = SatLimits {
        node_limit: 50_000_000,
        iter_limit: 10_000,
        time_limit: Duration::from_secs(60),
        match_limit: 100,
        ..SatLimits::default()
    };
    let script = format!("{decls}\n(assert {nested})\n");
    let (_, res) = saturate_with_rules(src, &script, &limits);
    assert_eq!(res.stop_reason, "match-limit");
    // Two rules, at most 800 matches each per iteration, a few nodes per
    // match, over the iterations until both are banned for good.
    assert!(res.nodes < 200_000, "{} nodes", res.nodes);
}

/// The registered pass named `name`.
fn pass(name: &str) -> PassId {
    PassId::parse(name).expect("a registered pass")
}
