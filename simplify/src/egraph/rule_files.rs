//! Rules as data: the strict loader of `rules/*.rules` files.
//!
//! A file holds `(define-rule name (params) lhs rhs)` and
//! `(define-cond-rule name (params) cond lhs rhs)` in SMT-LIB syntax. Every
//! rule is preceded by `;` comment lines: a one-line doc, then at least one
//! `; applies: t` and one `; not-applies: t` example over the parameters.
//! Parameters have sort `Bool`, `Int`, `Real`, or a generic sort `T`/`U`
//! (or an array of those): a generic parameter matches a class of any sort.
//! The sides and the condition are sort-checked by `smtlib-io` itself; an
//! unknown operator, an unbound variable, a sort error, a missing comment or
//! example fails the whole load with `file:line`. Nothing is skipped.
//!
//! Conditions are ground arithmetic/Boolean formulas over parameters; a
//! rule applies only if the condition *evaluates* to true on the constant
//! values of the matched classes (so `(distinct k 0)` needs `k` to be a known
//! non-zero numeral). Parameter sorts are checked at every match.

use super::analysis::{Value, VcAnalysis, VcEGraph};
use super::lang::{Head, Node};
use egg::{
    Applier, Condition, ConditionalApplier, ENodeOrVar, Id, Pattern, PatternAst, RecExpr, Rewrite,
    Subst, Symbol, Var,
};
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use smtlib_io::sexpr::Reader;
use smtlib_io::{CommandKind, Context, FunId, Op, TermId, TermKind};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The rule files shipped with vcsimp (embedded at build time).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "rules/bool.rules",
        include_str!("../../../rules/bool.rules"),
    ),
    ("rules/ite.rules", include_str!("../../../rules/ite.rules")),
    (
        "rules/arith.rules",
        include_str!("../../../rules/arith.rules"),
    ),
    (
        "rules/array.rules",
        include_str!("../../../rules/array.rules"),
    ),
];

/// What a parameter may match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamSort {
    Bool,
    Int,
    Real,
    /// `T`, `U`, arrays of them: any sort.
    Any,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    /// The sort as written.
    pub sort_text: String,
    pub sort: ParamSort,
}

/// A ground condition over parameters.
#[derive(Clone, Debug)]
pub enum CondExpr {
    Param(Var),
    Lit(Value),
    App(Op, Vec<CondExpr>),
}

/// One loaded rule.
#[derive(Clone, Debug)]
pub struct Rule {
    pub name: String,
    pub doc: String,
    pub file: String,
    pub line: usize,
    pub params: Vec<Param>,
    pub lhs_text: String,
    pub rhs_text: String,
    pub cond_text: Option<String>,
    pub applies: Vec<String>,
    pub not_applies: Vec<String>,
    pub lhs: PatternAst<Node>,
    pub rhs: PatternAst<Node>,
    pub cond: Option<CondExpr>,
}

/// A load error, rendered `file:line: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

fn line_of(src: &str, offset: usize) -> usize {
    src.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn param_sort(text: &str) -> Option<ParamSort> {
    Some(match text {
        "Bool" => ParamSort::Bool,
        "Int" => ParamSort::Int,
        "Real" => ParamSort::Real,
        "T" | "U" => ParamSort::Any,
        t if t.starts_with("(Array ") => {
            let inner = t.strip_prefix("(Array ")?.strip_suffix(')')?;
            let parts: Vec<&str> = inner.split_whitespace().collect();
            if parts.len() != 2 || parts.iter().any(|p| param_sort(p).is_none()) {
                return None;
            }
            ParamSort::Any
        }
        _ => return None,
    })
}

/// The SMT-LIB declarations of a rule's parameters (with the generic sorts).
pub fn declarations(params: &[Param]) -> String {
    let mut s = String::from(GENERIC_SORTS);
    declare_params(&mut s, params);
    s
}

const GENERIC_SORTS: &str = "(declare-sort T 0)\n(declare-sort U 0)\n";

fn declare_params(s: &mut String, params: &[Param]) {
    for p in params {
        s.push_str(&format!("(declare-fun {} () {})\n", p.name, p.sort_text));
    }
}

/// Load every built-in rule file.
pub fn builtin_rules() -> Result<Vec<Rule>, RuleError> {
    let all = match load_together(BUILTIN) {
        Some(all) => all,
        // a rule that does not load: each file again, rule by rule, for
        // the error of the first
        None => {
            let mut all = vec![];
            for (file, src) in BUILTIN {
                all.extend(load_rules(file, src)?);
            }
            all
        }
    };
    let mut names = std::collections::BTreeSet::new();
    for r in &all {
        if !names.insert(r.name.clone()) {
            return Err(RuleError {
                file: r.file.clone(),
                line: r.line,
                message: format!("duplicate rule name {}", r.name),
            });
        }
    }
    Ok(all)
}

/// The rules of `files`, their sides and conditions read in one script
/// (each rule's parameters declared in a `push` scope of their own) rather
/// than one script per rule, which costs a context each: the same rules as
/// [`load_rules`] on each file, or `None` if any rule does not load (and
/// [`load_rules`] must tell why).
fn load_together(files: &[(&str, &str)]) -> Option<Vec<Rule>> {
    let mut sides: Vec<(Vec<Param>, Vec<String>)> = vec![];
    let mut all = vec![];
    for (file, src) in files {
        let mut record = |params: &[Param], lhs: &str, rhs: &str, cond: Option<&str>| {
            let texts = [lhs, rhs].into_iter().chain(cond);
            sides.push((params.to_vec(), texts.map(str::to_string).collect()));
            Ok((PatternAst::default(), PatternAst::default(), None))
        };
        all.extend(load_rules_with(file, src, &mut record).ok()?);
    }
    let mut text = String::from(GENERIC_SORTS);
    for (params, texts) in &sides {
        text.push_str("(push 1)\n");
        declare_params(&mut text, params);
        for t in texts {
            text.push_str(&format!("(assert (= {t}\n {t}))\n"));
        }
        text.push_str("(pop 1)\n");
    }
    let script = smtlib_io::parse_script(&text).ok()?;
    let cx = &script.cx;
    let mut read = vec![];
    for c in &script.commands {
        match &c.kind {
            CommandKind::Assert(t) => match cx.kind(*t) {
                TermKind::App(Op::Eq, args) => read.push(args[0]),
                _ => return None,
            },
            CommandKind::Opaque { .. } => return None,
            _ => {}
        }
    }
    if read.len() != sides.iter().map(|(_, ts)| ts.len()).sum::<usize>() {
        return None;
    }
    let funs: HashMap<FunId, String> = cx
        .funs()
        .map(|(f, d)| (f, cx.sym_name(d.name).to_string()))
        .collect();
    let mut read = read.into_iter();
    for (rule, (_, texts)) in all.iter_mut().zip(&sides) {
        let ts: Vec<TermId> = read.by_ref().take(texts.len()).collect();
        (rule.lhs, rule.rhs, rule.cond) = compile_read(cx, &funs, &ts).ok()?;
    }
    Some(all)
}

/// Parse one rule file.
pub fn load_rules(file: &str, src: &str) -> Result<Vec<Rule>, RuleError> {
    load_rules_with(file, src, &mut compile)
}

/// What reads a rule's sides and condition, given its parameters.
type Compile<'a> = dyn FnMut(&[Param], &str, &str, Option<&str>) -> Result<Compiled, String> + 'a;

/// The rules of one file, each rule's sides and condition read by `compile`.
fn load_rules_with(file: &str, src: &str, compile: &mut Compile) -> Result<Vec<Rule>, RuleError> {
    let err = |line: usize, message: String| RuleError {
        file: file.to_string(),
        line,
        message,
    };
    let mut reader = Reader::new(src).map_err(|e| err(1, e.message().to_string()))?;
    let mut rules = vec![];
    loop {
        let at = reader.offset();
        let arena = match reader.next_sexpr() {
            Ok(Some(a)) => a,
            Ok(None) => break,
            Err(e) => {
                return Err(err(
                    line_of(src, at.min(src.len())),
                    e.message().to_string(),
                ))
            }
        };
        let root = arena.root;
        let start = arena.span(root).start as usize;
        let line = line_of(src, start);
        let items = arena
            .list(root)
            .ok_or_else(|| err(line, "expected (define-rule …)".into()))?;
        let cond_rule = match items.first().and_then(|&h| arena.symbol(h)) {
            Some("define-rule") => false,
            Some("define-cond-rule") => true,
            _ => return Err(err(line, "expected define-rule or define-cond-rule".into())),
        };
        let want = if cond_rule { 6 } else { 5 };
        if items.len() != want {
            return Err(err(line, format!("expected {want} items in the rule")));
        }
        let name = arena
            .symbol(items[1])
            .ok_or_else(|| err(line, "rule name must be a symbol".into()))?
            .to_string();
        let kebab = name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        let prefix_ok = ["bool-", "arith-", "ite-", "quant-", "array-", "eq-"]
            .iter()
            .any(|p| name.starts_with(p));
        if !kebab || !prefix_ok {
            return Err(err(
                line,
                format!("rule name {name} must be kebab-case with a theory prefix (bool-, arith-, ite-, quant-, array-, eq-)"),
            ));
        }
        let mut params = vec![];
        for &p in arena
            .list(items[2])
            .ok_or_else(|| err(line, "parameters must be a list".into()))?
        {
            let pl = arena.list(p).filter(|l| l.len() == 2);
            let (pn, ps) = match pl.and_then(|l| Some((arena.symbol(l[0])?, arena.text(l[1])))) {
                Some(x) => x,
                None => return Err(err(line, format!("bad parameter {}", arena.text(p)))),
            };
            let sort = param_sort(ps).ok_or_else(|| {
                err(line, format!("parameter {pn}: sort {ps} is not Bool, Int, Real, T, U or an Array of those"))
            })?;
            if params.iter().any(|q: &Param| q.name == pn) {
                return Err(err(line, format!("duplicate parameter {pn}")));
            }
            params.push(Param {
                name: pn.to_string(),
                sort_text: ps.to_string(),
                sort,
            });
        }
        let (cond_text, lhs_text, rhs_text) = if cond_rule {
            (
                Some(arena.text(items[3]).to_string()),
                arena.text(items[4]).to_string(),
                arena.text(items[5]).to_string(),
            )
        } else {
            (
                None,
                arena.text(items[3]).to_string(),
                arena.text(items[4]).to_string(),
            )
        };
        // comments above the rule
        let mut doc = None;
        let mut applies = vec![];
        let mut not_applies = vec![];
        for l in src[..start].lines().rev() {
            let l = l.trim();
            let Some(c) = l.strip_prefix(';') else { break };
            let c = c.trim_start_matches(';').trim();
            if let Some(e) = c.strip_prefix("applies:") {
                applies.insert(0, e.trim().to_string());
            } else if let Some(e) = c.strip_prefix("not-applies:") {
                not_applies.insert(0, e.trim().to_string());
            } else if !c.is_empty() {
                doc = Some(c.to_string());
            }
        }
        let doc = doc.ok_or_else(|| err(line, format!("rule {name} has no doc comment")))?;
        if applies.is_empty() || not_applies.is_empty() {
            return Err(err(
                line,
                format!("rule {name} needs `; applies:` and `; not-applies:` examples"),
            ));
        }
        let (lhs, rhs, cond) = compile(&params, &lhs_text, &rhs_text, cond_text.as_deref())
            .map_err(|m| err(line, format!("rule {name}: {m}")))?;
        rules.push(Rule {
            name,
            doc,
            file: file.to_string(),
            line,
            params,
            lhs_text,
            rhs_text,
            cond_text,
            applies,
            not_applies,
            lhs,
            rhs,
            cond,
        });
    }
    Ok(rules)
}

/// A context, its parameter functions by name, and terms read in it.
pub type ParsedTerms = (Context, HashMap<FunId, String>, Vec<TermId>);

/// Parse `terms` (as assertions `(= t t)`) over the parameters; returns the
/// context, the parameter functions and the terms.
pub fn parse_terms(params: &[Param], terms: &[&str]) -> Result<ParsedTerms, String> {
    let mut text = declarations(params);
    for t in terms {
        text.push_str(&format!("(assert (= {t}\n {t}))\n"));
    }
    let script = smtlib_io::parse_script(&text).map_err(|e| e.message().to_string())?;
    let mut out = vec![];
    for c in &script.commands {
        match &c.kind {
            CommandKind::Assert(t) => match script.cx.kind(*t) {
                TermKind::App(Op::Eq, args) => out.push(args[0]),
                _ => return Err("internal: unexpected assertion shape".into()),
            },
            CommandKind::Opaque { reason } => return Err(format!("unsupported: {reason}")),
            _ => {}
        }
    }
    if out.len() != terms.len() {
        return Err("could not read every term".into());
    }
    let funs = script
        .cx
        .funs()
        .map(|(f, d)| (f, script.cx.sym_name(d.name).to_string()))
        .collect();
    Ok((script.cx, funs, out))
}

fn var_of(name: &str) -> Var {
    format!("?{name}").parse().expect("valid pattern variable")
}

fn to_pattern(
    cx: &Context,
    params: &HashMap<FunId, String>,
    t: TermId,
) -> Result<PatternAst<Node>, String> {
    let mut ast: RecExpr<ENodeOrVar<Node>> = RecExpr::default();
    let mut memo: HashMap<TermId, Id> = HashMap::new();
    let mut order = vec![];
    crate::term::post_order(cx, t, |u| order.push(u));
    for u in order {
        let node = match cx.kind(u) {
            TermKind::App(Op::Uf(f), args) if args.is_empty() && params.contains_key(f) => {
                ENodeOrVar::Var(var_of(&params[f]))
            }
            TermKind::Bool(b) => ENodeOrVar::ENode(Node::leaf(Head::Bool(*b))),
            TermKind::Int(k) => ENodeOrVar::ENode(Node::leaf(Head::Int(k.clone()))),
            TermKind::Real(r) => ENodeOrVar::ENode(Node::leaf(Head::Real((**r).clone()))),
            TermKind::App(op, args) if !matches!(op, Op::Uf(_) | Op::Other(_)) => {
                ENodeOrVar::ENode(Node::op(op.clone(), args.iter().map(|a| memo[a]).collect()))
            }
            _ => {
                return Err(
                    "only built-in operators, numerals and parameters may appear in rules".into(),
                )
            }
        };
        let id = ast.add(node);
        memo.insert(u, id);
    }
    Ok(ast)
}

fn to_cond(cx: &Context, params: &HashMap<FunId, String>, t: TermId) -> Result<CondExpr, String> {
    Ok(match cx.kind(t) {
        TermKind::App(Op::Uf(f), args) if args.is_empty() && params.contains_key(f) => {
            CondExpr::Param(var_of(&params[f]))
        }
        TermKind::Bool(b) => CondExpr::Lit(Value::Bool(*b)),
        TermKind::Int(k) => CondExpr::Lit(Value::Num(BigRational::from_integer(k.clone()))),
        TermKind::Real(r) => CondExpr::Lit(Value::Num((**r).clone())),
        TermKind::App(
            op @ (Op::Not
            | Op::And
            | Op::Or
            | Op::Eq
            | Op::Distinct
            | Op::Le
            | Op::Lt
            | Op::Ge
            | Op::Gt
            | Op::Add
            | Op::Sub
            | Op::Neg
            | Op::Mul
            | Op::Abs),
            args,
        ) => CondExpr::App(
            op.clone(),
            args.iter().map(|&a| to_cond(cx, params, a)).collect::<Result<_, _>>()?,
        ),
        _ => return Err("conditions may only use parameters, numerals, not/and/or, =, distinct, comparisons and + - * abs".into()),
    })
}

type Compiled = (PatternAst<Node>, PatternAst<Node>, Option<CondExpr>);

fn compile(params: &[Param], lhs: &str, rhs: &str, cond: Option<&str>) -> Result<Compiled, String> {
    let mut texts = vec![lhs, rhs];
    if let Some(c) = cond {
        texts.push(c);
    }
    let (cx, funs, ts) = parse_terms(params, &texts)?;
    compile_read(&cx, &funs, &ts)
}

/// The variables of a pattern, each once, in the order of its nodes (as
/// [`Pattern::vars`] gives them, without compiling the pattern).
fn vars_of(ast: &PatternAst<Node>) -> Vec<Var> {
    let mut vars = vec![];
    for n in ast.as_ref() {
        if let ENodeOrVar::Var(v) = n {
            if !vars.contains(v) {
                vars.push(*v);
            }
        }
    }
    vars
}

/// A rule from its sides and condition (`ts`, the condition last if any)
/// read in `cx` over the parameter functions `funs`.
fn compile_read(
    cx: &Context,
    funs: &HashMap<FunId, String>,
    ts: &[TermId],
) -> Result<Compiled, String> {
    let (l, r) = (ts[0], ts[1]);
    if cx.sort_of(l) != cx.sort_of(r) {
        return Err("the two sides have different sorts".into());
    }
    let lp = to_pattern(cx, funs, l)?;
    let rp = to_pattern(cx, funs, r)?;
    if matches!(lp.as_ref().last(), Some(ENodeOrVar::Var(_))) {
        return Err("the left side must not be a bare parameter".into());
    }
    let lvars: Vec<Var> = vars_of(&lp);
    for v in vars_of(&rp) {
        if !lvars.contains(&v) {
            return Err(format!("{v} of the right side is unbound by the left side"));
        }
    }
    let cond = match ts.get(2) {
        Some(&t) => {
            if cx.sort_of(t) != cx.bool_sort() {
                return Err("the condition must be Bool".into());
            }
            let c = to_cond(cx, funs, t)?;
            let cp = to_pattern(cx, funs, t).ok();
            if let Some(cp) = cp {
                for v in vars_of(&cp) {
                    if !lvars.contains(&v) {
                        return Err(format!("{v} of the condition is unbound by the left side"));
                    }
                }
            }
            Some(c)
        }
        None => None,
    };
    Ok((lp, rp, cond))
}

fn eval(c: &CondExpr, eg: &VcEGraph, subst: &Subst) -> Option<Value> {
    use Value::*;
    Some(match c {
        CondExpr::Param(v) => eg[*subst.get(*v)?].data.value.clone()?,
        CondExpr::Lit(v) => v.clone(),
        CondExpr::App(op, args) => {
            let vs: Vec<Value> = args
                .iter()
                .map(|a| eval(a, eg, subst))
                .collect::<Option<_>>()?;
            let nums = || -> Option<Vec<BigRational>> {
                vs.iter()
                    .map(|v| match v {
                        Num(n) => Some(n.clone()),
                        _ => None,
                    })
                    .collect()
            };
            let bools = || -> Option<Vec<bool>> {
                vs.iter()
                    .map(|v| match v {
                        Bool(b) => Some(*b),
                        _ => None,
                    })
                    .collect()
            };
            match op {
                Op::Not => Bool(!bools()?[0]),
                Op::And => Bool(bools()?.into_iter().all(|b| b)),
                Op::Or => Bool(bools()?.into_iter().any(|b| b)),
                Op::Eq => Bool(vs.windows(2).all(|w| w[0] == w[1])),
                Op::Distinct => {
                    Bool((0..vs.len()).all(|a| (a + 1..vs.len()).all(|b| vs[a] != vs[b])))
                }
                Op::Le | Op::Lt | Op::Ge | Op::Gt => {
                    let n = nums()?;
                    Bool(n.windows(2).all(|w| match op {
                        Op::Le => w[0] <= w[1],
                        Op::Lt => w[0] < w[1],
                        Op::Ge => w[0] >= w[1],
                        _ => w[0] > w[1],
                    }))
                }
                Op::Add => Num(nums()?.into_iter().fold(BigRational::zero(), |a, b| a + b)),
                Op::Mul => Num(nums()?
                    .into_iter()
                    .fold(BigRational::from_integer(1.into()), |a, b| a * b)),
                Op::Sub => {
                    let n = nums()?;
                    let (f, r) = n.split_first()?;
                    Num(r.iter().fold(f.clone(), |a, b| a - b))
                }
                Op::Neg => Num(-nums()?[0].clone()),
                Op::Abs => Num(nums()?[0].abs()),
                _ => return None,
            }
        }
    })
}

/// Sort checks and the side condition of a rule, checked at every match.
pub struct RuleCondition {
    params: Vec<(Var, ParamSort)>,
    cond: Option<CondExpr>,
}

impl Condition<Node, VcAnalysis> for RuleCondition {
    fn check(&self, eg: &mut VcEGraph, _eclass: Id, subst: &Subst) -> bool {
        let cx = &eg.analysis.cx;
        for (v, s) in &self.params {
            let Some(&id) = subst.get(*v) else { continue };
            let got = eg[id].data.sort;
            let ok = match s {
                ParamSort::Bool => got == cx.bool_sort(),
                ParamSort::Int => got == cx.int_sort(),
                ParamSort::Real => got == cx.real_sort(),
                ParamSort::Any => true,
            };
            if !ok {
                return false;
            }
        }
        match &self.cond {
            None => true,
            Some(c) => eval(c, eg, subst) == Some(Value::Bool(true)),
        }
    }
}

/// Log of applied rewrites: (rule, e-class) pairs, for `--explain`.
pub type RewriteLog = Arc<Mutex<Vec<(String, Id)>>>;

/// An applier that records where it fired.
pub struct Logged<A> {
    pub name: String,
    pub inner: A,
    pub log: Option<RewriteLog>,
}

impl<A: Applier<Node, VcAnalysis>> Applier<Node, VcAnalysis> for Logged<A> {
    fn apply_one(
        &self,
        eg: &mut VcEGraph,
        eclass: Id,
        subst: &Subst,
        searcher_ast: Option<&PatternAst<Node>>,
        rule_name: Symbol,
    ) -> Vec<Id> {
        let out = self
            .inner
            .apply_one(eg, eclass, subst, searcher_ast, rule_name);
        if let Some(log) = &self.log {
            if !out.is_empty() {
                if let Ok(mut l) = log.lock() {
                    l.push((self.name.clone(), eclass));
                }
            }
        }
        out
    }

    fn vars(&self) -> Vec<Var> {
        self.inner.vars()
    }
}

impl Rule {
    /// The egg rewrite of this rule.
    pub fn rewrite(&self, log: Option<RewriteLog>) -> Rewrite<Node, VcAnalysis> {
        let condition = RuleCondition {
            params: self
                .params
                .iter()
                .map(|p| (var_of(&p.name), p.sort))
                .collect(),
            cond: self.cond.clone(),
        };
        let applier = Logged {
            name: self.name.clone(),
            inner: ConditionalApplier {
                condition,
                applier: Pattern::new(self.rhs.clone()),
            },
            log,
        };
        Rewrite::new(self.name.as_str(), Pattern::new(self.lhs.clone()), applier)
            .expect("rule variables were checked when loading")
    }
}

/// Does `rule` fire on `example` (a term over the rule's parameters, read
/// as constants)? Runs the rule alone for one iteration, without the
/// analysis' normalisation. `Err` if the example cannot be read.
pub fn fires_on(rule: &Rule, example: &str) -> Result<bool, String> {
    super::without_egg_clock(|| fires_on_run(rule, example))
}

fn fires_on_run(rule: &Rule, example: &str) -> Result<bool, String> {
    let (cx, _, ts) = parse_terms(&rule.params, &[example])?;
    let mut analysis = VcAnalysis::new(cx);
    analysis.normalise = false;
    let mut eg = VcEGraph::new(analysis);
    let mut loader = super::convert::Loader::default();
    loader.add(&mut eg, ts[0]);
    eg.rebuild();
    let rw = rule.rewrite(None);
    let runner: egg::Runner<Node, VcAnalysis, ()> =
        egg::Runner::new(VcAnalysis::new(Context::new()))
            .with_egraph(eg)
            .with_iter_limit(1)
            .run(std::slice::from_ref(&rw));
    Ok(runner
        .iterations
        .iter()
        .any(|it| it.applied.get(&rw.name).is_some_and(|&n| n > 0)))
}

/// The SMT-LIB query whose unsat-ness proves `rule` sound:
/// `(and cond (distinct lhs rhs))` over fresh constants.
pub fn soundness_query(rule: &Rule) -> String {
    let mut s = String::from("(set-logic ALL)\n");
    s.push_str(&declarations(&rule.params));
    if let Some(c) = &rule.cond_text {
        s.push_str(&format!("(assert {c})\n"));
    }
    s.push_str(&format!(
        "(assert (distinct {} {}))\n(check-sat)\n",
        rule.lhs_text, rule.rhs_text
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn each_alone(files: &[(&str, &str)]) -> Result<Vec<Rule>, RuleError> {
        let mut all = vec![];
        for (file, src) in files {
            all.extend(load_rules(file, src)?);
        }
        Ok(all)
    }

    #[test]
    fn the_rules_read_together_are_those_read_one_by_one() {
        let together = load_together(BUILTIN).expect("the built-in rules load together");
        let alone = each_alone(BUILTIN).expect("the built-in rules load");
        assert_eq!(format!("{together:?}"), format!("{alone:?}"));
    }

    #[test]
    fn a_rule_that_does_not_load_leaves_the_error_to_the_file() {
        let good = "; Doc.\n; applies: (and x true)\n; not-applies: x\n\
                    (define-rule bool-and-true ((x Bool)) (and x true) x)\n";
        let bad = "; Doc.\n; applies: (+ x 0)\n; not-applies: x\n\
                   (define-rule arith-add-zero ((x Int)) (+ x 0) (and x true))\n";
        let files = [("a.rules", good), ("b.rules", bad)];
        assert!(load_together(&files[..1]).is_some());
        assert!(load_together(&files).is_none());
        let e = each_alone(&files).expect_err("the right side is ill-sorted");
        assert_eq!((e.file.as_str(), e.line), ("b.rules", 4));
        assert!(e.message.starts_with("rule arith-add-zero: "), "{e}");
    }
}
