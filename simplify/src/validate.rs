//! Translation validation (`--validate`): ask an SMT solver whether the
//! simplified assertions agree with the input's.
//!
//! For each `check-sat` (matched by position: vcsimp keeps every command
//! but assertions), let `I` be the conjunction of the input assertions live
//! there and `O` that of the output. The solver gets the input's
//! declarations and `(assert (not (= I O)))`:
//!
//! - `unsat`: `I` and `O` are equivalent there (the scope *agrees*);
//! - `sat`: some interpretation tells them apart (the run *disagrees*;
//!   the caller should fall back to the input);
//! - `unknown`, a timeout or a solver error: undecided. If quantifiers are
//!   involved, the query is asked again with every quantified subformula
//!   replaced by a Boolean constant, the same constant for the same
//!   subformula on both sides. `unsat` there still proves equivalence
//!   (equal subformulas are equal); anything else leaves the scope
//!   undecided.
//!
//! Definitions the output no longer needs (`prune-defs` drops the axiom
//! `∀x̄. f(x̄) = body` once `f` occurs nowhere else) make `I` and `O`
//! inequivalent although they are equisatisfiable. So the output side is
//! `O ∧ D`, where `D` holds the input's definitional axioms (as this module
//! reads them) of functions whose definitions the passes report dropped,
//! that occur nowhere in the output and in no other such body, one
//! definition per function: `I ≡ O ∧ D` proves
//! `I` and `O` equisatisfiable, because any model of `O` extends to one of
//! `D` by interpreting each `f` as its body (`f` is not in `O`, and the
//! bodies do not refer to each other).
//!
//! An array that `arrays-as-funs` declared as a function (`a : S̄ I → E`
//! in the output, `a : S̄ → (Array I E)` in the input) is read back as the
//! array before comparing: `a(t̄, i)` becomes `(select a(t̄) i)`. The two
//! readings are in bijection, so `I ≡ O[a as an array]` proves `I` and `O`
//! equisatisfiable. Likewise a function that `record-args` gave field
//! arguments is read back on records: `f(ū)` becomes `f(mk(ū))`, where
//! every `mk` is injective in the output.
//!
//! What the passes did comes only from their report
//! ([`crate::pass::ReadBack`]: which symbols changed, and how); the module
//! shares no code with the passes and checks every claim it relies on
//! (sorts, injectivity, the form of a definition) itself. A change no pass
//! reports is not read back, so the output then cannot agree.
//!
//! The verdict of a run is [`Verdict::Agree`] if every scope agrees,
//! [`Verdict::Disagree`] if one disagrees, [`Verdict::Partial`] if some
//! agree and the others are undecided, [`Verdict::Unknown`] otherwise.
//! Commands vcsimp could not read are the same on both sides and are left
//! out of the check. This module runs the solver but never prints.

use crate::pass::{ArgShape, ReadBack};
use crate::scope::liveness;
use crate::term::rebuild;
use smtlib_io::{
    BinderKind, CommandKind, Context, FunDecl, FunId, FunKind, Op, Printer, Script, TermId,
    TermKind, VarId,
};
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

/// The outcome of a validation, see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Agree,
    Partial,
    Unknown,
    Disagree,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Partial => "partial",
            Verdict::Unknown => "unknown",
            Verdict::Disagree => "disagree",
        }
    }
}

/// What [`validate`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    pub verdict: Verdict,
    /// Number of check-sat scopes compared (1 if the script has none).
    pub scopes: usize,
    /// Scopes proved equivalent.
    pub agreed: usize,
    /// One line for humans: which scope disagreed, what stayed undecided.
    pub detail: String,
}

/// How to run the validating solver: a program and its arguments; the
/// query comes on standard input, the answer is the first line of output.
#[derive(Clone, Debug)]
pub struct SolverCommand {
    pub program: String,
    pub args: Vec<String>,
    /// Time limit per query; the solver is killed after it.
    pub timeout: Duration,
}

impl SolverCommand {
    /// Split a command line such as `z3 -in` or `cvc5 --lang smt2` into
    /// words as a POSIX shell would ([`crate::process::split_command`]).
    /// An error if it is empty or has an unclosed quote.
    pub fn parse(line: &str, timeout: Duration) -> Result<SolverCommand, String> {
        let mut words = crate::process::split_command(line)?.into_iter();
        let program = words.next().expect("split_command gives a word");
        Ok(SolverCommand {
            program,
            args: words.collect(),
            timeout,
        })
    }
}

/// The default validating solver: `z3 -in`.
pub fn default_solver(timeout: Duration) -> SolverCommand {
    SolverCommand::parse("z3 -in", timeout).expect("non-empty")
}

/// The solver's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Sat,
    Unsat,
    Undecided(String),
}

fn ask(solver: &SolverCommand, query: &str) -> Answer {
    let argv: Vec<String> = std::iter::once(solver.program.clone())
        .chain(solver.args.iter().cloned())
        .collect();
    let out = match crate::process::run(&argv, query.as_bytes(), solver.timeout) {
        Ok(f) if f.exit.is_none() => return Answer::Undecided("solver timeout".into()),
        Ok(f) => String::from_utf8_lossy(&f.stdout).into_owned(),
        Err(e) => return Answer::Undecided(format!("cannot run {}: {e}", solver.program)),
    };
    match out.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some("unsat") => Answer::Unsat,
        Some("sat") => Answer::Sat,
        Some("unknown") => Answer::Undecided("solver answered unknown".into()),
        Some(other) => Answer::Undecided(format!("solver said: {other}")),
        None => Answer::Undecided("no answer from the solver".into()),
    }
}

/// The assertions of `script` live at each check-sat, in check-sat order
/// (all assertions as one scope if there is no check-sat).
fn scopes(script: &Script) -> Vec<Vec<TermId>> {
    let live = liveness(script);
    let checks: Vec<usize> = (0..script.commands.len())
        .filter(|&i| matches!(script.commands[i].kind, CommandKind::CheckSat))
        .collect();
    let term = |i: usize| match script.commands[i].kind {
        CommandKind::Assert(t) => Some(t),
        _ => None,
    };
    if checks.is_empty() {
        return vec![script.assertions().collect()];
    }
    checks
        .iter()
        .map(|c| {
            let mut at: Vec<usize> = live
                .iter()
                .filter(|(_, s)| s.contains(c))
                .map(|(&i, _)| i)
                .collect();
            at.sort();
            at.into_iter().filter_map(term).collect()
        })
        .collect()
}

fn has_quantifier(cx: &Context, t: TermId) -> bool {
    let mut found = false;
    crate::term::post_order(cx, t, |u| {
        found |= matches!(
            cx.kind(u),
            TermKind::Binder(BinderKind::Forall | BinderKind::Exists, ..)
        );
    });
    found
}

/// Replace every quantified subformula of `ts` by a Boolean constant named
/// after its printed text through `names` (shared between the input and
/// the output, so equal subformulas get equal constants).
fn abstract_quantifiers(
    cx: &mut Context,
    ts: &[TermId],
    names: &mut HashMap<String, String>,
) -> Vec<TermId> {
    let bool_sort = cx.bool_sort();
    let mut consts: HashMap<String, TermId> = HashMap::new();
    ts.iter()
        .map(|&t| {
            rebuild(cx, t, |cx, orig, _| {
                if !matches!(
                    cx.kind(orig),
                    TermKind::Binder(BinderKind::Forall | BinderKind::Exists, ..)
                ) {
                    return None;
                }
                let text = Printer::new(cx).term(orig);
                let next = names.len();
                let name = names
                    .entry(text)
                    .or_insert_with(|| format!("vcsimp_validate_q!{next}"))
                    .clone();
                if let Some(&c) = consts.get(&name) {
                    return Some(c);
                }
                let sym = cx.sym(&name);
                let f = cx.declare_fun(FunDecl {
                    name: sym,
                    sort_params: Box::new([]),
                    args: Box::new([]),
                    ret: bool_sort,
                    kind: FunKind::Declared,
                });
                let c = cx.mk_const(f);
                consts.insert(name, c);
                Some(c)
            })
        })
        .collect()
}

/// The input's definitional axioms (of `i_ts`) of the functions whose
/// definitions the passes report dropped (`dropped`), where the function
/// occurs nowhere in the output scope `o_ts` (compared by name: the two
/// scripts may have been read separately) nor in another such
/// definition's body.
fn dropped_definitions(
    in_cx: &Context,
    i_ts: &[TermId],
    out_cx: &Context,
    o_ts: &[TermId],
    dropped: &BTreeSet<&str>,
) -> Vec<TermId> {
    if dropped.is_empty() {
        return vec![];
    }
    let name = |cx: &Context, f| cx.sym_name(cx.fun(f).name).to_string();
    let used: BTreeSet<String> = o_ts
        .iter()
        .flat_map(|&t| functions_in(out_cx, t))
        .map(|f| name(out_cx, f))
        .collect();
    let defs: Vec<(TermId, String, BTreeSet<String>)> = i_ts
        .iter()
        .filter_map(|&t| {
            let (f, body) = definition(in_cx, t)?;
            let f = name(in_cx, f);
            if used.contains(&f) || !dropped.contains(f.as_str()) {
                return None;
            }
            let body = functions_in(in_cx, body);
            Some((t, f, body.into_iter().map(|g| name(in_cx, g)).collect()))
        })
        .collect();
    let defined: BTreeSet<&String> = defs.iter().map(|(_, f, _)| f).collect();
    // Two definitions of one function could contradict each other: `O` would
    // not extend to them, so neither is used.
    let once = |f: &String| defs.iter().filter(|(_, g, _)| g == f).count() == 1;
    defs.iter()
        .filter(|(_, f, body)| once(f) && !body.iter().any(|g| defined.contains(g)))
        .map(|(t, _, _)| *t)
        .collect()
}

/// The uninterpreted functions in `t`, patterns included.
fn functions_in(cx: &Context, t: TermId) -> BTreeSet<FunId> {
    let mut out = BTreeSet::new();
    crate::term::post_order(cx, t, |u| {
        if let TermKind::App(Op::Uf(f), _) = cx.kind(u) {
            out.insert(*f);
        }
    });
    out
}

/// The two orientations `(l, r)` and `(r, l)` of an equation.
type Sides = [(TermId, TermId); 2];

/// `t` as an equation `∀x̄. l = r`, in both orientations.
fn equation(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Sides)> {
    let (vars, m) = crate::term::axiom_matrix(cx, t);
    match cx.kind(m) {
        TermKind::App(Op::Eq, s) if s.len() == 2 && !vars.is_empty() => {
            Some((vars, [(s[0], s[1]), (s[1], s[0])]))
        }
        _ => None,
    }
}

/// `args`, if they are distinct variables, exactly the variables `vars`.
fn are_the_variables(cx: &Context, args: &[TermId], vars: &[VarId]) -> bool {
    let seen: BTreeSet<VarId> = args
        .iter()
        .filter_map(|&a| match cx.kind(a) {
            TermKind::Var(v) if vars.contains(v) => Some(*v),
            _ => None,
        })
        .collect();
    seen.len() == args.len() && args.len() == vars.len()
}

/// `t` read as a definition `∀x̄. f(x̄) = body` (either side): `f`
/// declared, applied to the distinct bound variables, and absent from
/// `body`. The validator's own reading: it does not take a pass's word
/// for what a definition is.
fn definition(cx: &Context, t: TermId) -> Option<(FunId, TermId)> {
    let (vars, sides) = equation(cx, t)?;
    sides.into_iter().find_map(|(l, r)| {
        let TermKind::App(Op::Uf(f), args) = cx.kind(l) else {
            return None;
        };
        let is_definition = cx.fun(*f).kind == FunKind::Declared
            && are_the_variables(cx, args, &vars)
            && !functions_in(cx, r).contains(f);
        is_definition.then_some((*f, r))
    })
}

/// Does `t` say `∀ū. p(mk(ū)) = u_k` for some function `p`?
fn projects(cx: &Context, t: TermId, mk: FunId, k: usize) -> bool {
    let Some((vars, sides)) = equation(cx, t) else {
        return false;
    };
    sides.into_iter().any(|(l, r)| {
        let TermKind::App(Op::Uf(_), p_args) = cx.kind(l) else {
            return false;
        };
        let [record] = p_args[..] else {
            return false;
        };
        matches!(cx.kind(record), TermKind::App(Op::Uf(g), us)
            if *g == mk && are_the_variables(cx, us, &vars) && us.get(k) == Some(&r))
    })
}

/// Is the constructor `mk` injective in every model of each of the output
/// scopes `outs`: a datatype constructor (by the theory), or one whose
/// projection axioms `∀ū. p_k(mk(ū)) = u_k` every one of them asserts?
fn injective(cx: &Context, mk: FunId, outs: &[Vec<TermId>]) -> bool {
    let d = cx.fun(mk);
    d.kind == FunKind::Constructor
        || outs
            .iter()
            .all(|ts| (0..d.args.len()).all(|k| ts.iter().any(|&t| projects(cx, t, mk, k))))
}

fn conjunction(cx: &Context, ts: &[TermId]) -> String {
    let mut p = Printer::new(cx);
    match ts {
        [] => "true".into(),
        [t] => p.term(*t),
        _ => {
            let parts: Vec<String> = ts.iter().map(|&t| p.term(t)).collect();
            format!("(and {})", parts.join(" "))
        }
    }
}

/// The declared symbols of `script` by name (the last declaration of a
/// name wins).
fn declared_by_name(script: &Script) -> HashMap<String, smtlib_io::FunId> {
    let mut m = HashMap::new();
    for c in &script.commands {
        if let CommandKind::Declare(f) = c.kind {
            m.insert(script.cx.sym_name(script.cx.fun(f).name).to_string(), f);
        }
    }
    m
}

/// `outs` with every application `f(args)` (after its arguments) replaced
/// by `read(f, args)` where that gives a term.
fn rewrite_applications(
    cx: &mut Context,
    outs: Vec<Vec<TermId>>,
    mut read: impl FnMut(&mut Context, smtlib_io::FunId, &[TermId]) -> Option<TermId>,
) -> Vec<Vec<TermId>> {
    let mut undo = |t: TermId| {
        rebuild(cx, t, |cx, _, new| {
            let TermKind::App(smtlib_io::Op::Uf(f), args) = cx.kind(new).clone() else {
                return None;
            };
            read(cx, f, &args)
        })
    };
    outs.into_iter()
        .map(|ts| ts.into_iter().map(&mut undo).collect())
        .collect()
}

/// Undo `arrays-as-funs` (`crate::passes::arrays_as_funs`) on the output
/// scopes `outs`: a symbol the output declares as `a : S̄ I₁…Iₘ → E`
/// where the input declares `a : S̄ → (Array I₁ … (Array Iₘ E))` is read
/// back as an array, `a(t̄, u₁…uₘ)` as `(select … (select a(t̄) u₁) … uₘ)`.
/// Sorts are compared as printed (the scripts may have been read apart).
/// Proving the input equivalent to the result proves it equisatisfiable
/// with the output: the two readings of `a` are in bijection.
fn undo_array_functions(
    input: &Script,
    output: &Script,
    out_cx: &mut Context,
    outs: Vec<Vec<TermId>>,
    reported: &HashMap<&str, usize>,
) -> Vec<Vec<TermId>> {
    let ins = declared_by_name(input);
    // output function -> (array-valued twin in out_cx, number of indices)
    let mut arrays: HashMap<smtlib_io::FunId, (smtlib_io::FunId, usize)> = HashMap::new();
    for (name, f) in declared_by_name(output) {
        let (Some(&g), Some(&m)) = (ins.get(&name), reported.get(name.as_str())) else {
            continue;
        };
        let (o, i) = (out_cx.fun(f).clone(), input.cx.fun(g).clone());
        if m == 0 || o.args.len() != i.args.len() + m {
            continue;
        }
        let printed = |cx: &Context, ss: &[smtlib_io::SortId]| -> Vec<String> {
            let p = Printer::new(cx);
            ss.iter().map(|&s| p.sort(s)).collect()
        };
        if printed(out_cx, &o.args[..i.args.len()]) != printed(&input.cx, &i.args) {
            continue;
        }
        let mut ret = o.ret;
        for &index in o.args[i.args.len()..].iter().rev() {
            ret = out_cx.sort(smtlib_io::SortKind::Array(index, ret));
        }
        if printed(out_cx, &[ret]) != printed(&input.cx, &[i.ret]) {
            continue;
        }
        let twin = out_cx.declare_fun(FunDecl {
            name: o.name,
            sort_params: Box::new([]),
            args: o.args[..i.args.len()].into(),
            ret,
            kind: FunKind::Declared,
        });
        arrays.insert(f, (twin, m));
    }
    if arrays.is_empty() {
        return outs;
    }
    rewrite_applications(out_cx, outs, |cx, f, args| {
        let &(twin, m) = arrays.get(&f)?;
        let k = args.len() - m;
        let mut read = cx
            .mk_app(smtlib_io::Op::Uf(twin), args[..k].to_vec())
            .ok()?;
        for &u in &args[k..] {
            read = cx.mk_app(smtlib_io::Op::Select, vec![read, u]).ok()?;
        }
        Some(read)
    })
}

/// Undo `record-args` (`crate::passes::record_args`) on the output scopes
/// `outs`, for the functions the passes report (`reported`: name and the
/// shape of each argument): where the reported shape fits (each
/// constructor, found by name in the output, builds the input's argument
/// sort, and the flattened sorts are the output's) and every constructor
/// is injective in the output scopes that use `f` ([`injective`]), `f(ū)`
/// is read back as `f(mk(ū))`. Sorts are compared as printed (the scripts
/// may have been read apart). Proving `I ≡ O[f on records]` then proves `I` and `O`
/// equisatisfiable: a model of `I` gives the output's `f` as
/// `ū ↦ f(mk(ū))`, and a model of `O` gives the input's, since `mk` is
/// injective there.
fn undo_record_arguments(
    input: &Script,
    output: &Script,
    out_cx: &mut Context,
    outs: Vec<Vec<TermId>>,
    reported: &[(&str, &[ArgShape])],
) -> Vec<Vec<TermId>> {
    /// An argument passed whole or as the fields of a constructor of the
    /// output.
    enum Passed {
        Whole,
        Fields(FunId, Vec<Passed>),
    }
    /// `shape` with its constructors found in `cx` (by name and arity),
    /// each injective there.
    fn found(cx: &Context, shape: &ArgShape, outs: &[Vec<TermId>]) -> Option<Passed> {
        match shape {
            ArgShape::Whole => Some(Passed::Whole),
            ArgShape::Fields { ctor, fields } => {
                let (mk, _) = cx
                    .funs()
                    .find(|(_, d)| cx.sym_name(d.name) == ctor && d.args.len() == fields.len())?;
                if !injective(cx, mk, outs) {
                    return None;
                }
                let subs = fields.iter().map(|s| found(cx, s, outs));
                Some(Passed::Fields(mk, subs.collect::<Option<_>>()?))
            }
        }
    }
    /// The sorts (printed) passed for an argument of sort `sort`, if each
    /// constructor builds the sort it stands for.
    fn sorts(cx: &Context, p: &Passed, sort: &str, out: &mut Vec<String>) -> bool {
        match p {
            Passed::Whole => {
                out.push(sort.to_string());
                true
            }
            Passed::Fields(mk, subs) => {
                let d = cx.fun(*mk);
                let printer = Printer::new(cx);
                printer.sort(d.ret) == sort
                    && subs
                        .iter()
                        .zip(d.args.iter())
                        .all(|(s, &fs)| sorts(cx, s, &printer.sort(fs), out))
            }
        }
    }
    /// The argument that the terms `fields` stand for.
    fn record(
        cx: &mut Context,
        p: &Passed,
        fields: &mut std::slice::Iter<TermId>,
    ) -> Option<TermId> {
        match p {
            Passed::Whole => fields.next().copied(),
            Passed::Fields(mk, subs) => {
                let args = subs.iter().map(|s| record(cx, s, fields));
                let args = args.collect::<Option<Vec<TermId>>>()?;
                cx.mk_app(Op::Uf(*mk), args).ok()
            }
        }
    }
    let ins = declared_by_name(input);
    let decls = declared_by_name(output);
    // output function -> (input-signature twin in out_cx, argument shapes)
    let mut flattened: HashMap<FunId, (FunId, Vec<Passed>)> = HashMap::new();
    for &(name, shapes) in reported {
        let (Some(&f), Some(&g)) = (decls.get(name), ins.get(name)) else {
            continue;
        };
        let (o, i) = (out_cx.fun(f).clone(), input.cx.fun(g).clone());
        let in_sorts: Vec<String> = i
            .args
            .iter()
            .map(|&s| Printer::new(&input.cx).sort(s))
            .collect();
        let out_sorts: Vec<String> = o
            .args
            .iter()
            .map(|&s| Printer::new(out_cx).sort(s))
            .collect();
        if shapes.len() != i.args.len()
            || Printer::new(out_cx).sort(o.ret) != Printer::new(&input.cx).sort(i.ret)
        {
            continue;
        }
        // each constructor must be injective where the output uses f
        let using: Vec<Vec<TermId>> = outs
            .iter()
            .filter(|ts| ts.iter().any(|&t| functions_in(out_cx, t).contains(&f)))
            .cloned()
            .collect();
        let Some(passed) = shapes
            .iter()
            .map(|s| found(out_cx, s, &using))
            .collect::<Option<Vec<Passed>>>()
        else {
            continue;
        };
        // the twin's argument sorts: the record's, or the output's own
        let (mut flat, mut args) = (vec![], vec![]);
        let mut fits = true;
        for (p, sort) in passed.iter().zip(&in_sorts) {
            let at = flat.len();
            fits &= sorts(out_cx, p, sort, &mut flat);
            args.push(match p {
                Passed::Whole => o.args.get(at).copied(),
                Passed::Fields(mk, _) => Some(out_cx.fun(*mk).ret),
            });
        }
        let Some(args) = args.into_iter().collect::<Option<Vec<_>>>() else {
            continue;
        };
        if !fits || flat != out_sorts {
            continue;
        }
        let twin = out_cx.declare_fun(FunDecl {
            name: o.name,
            sort_params: Box::new([]),
            args: args.into(),
            ret: o.ret,
            kind: FunKind::Declared,
        });
        flattened.insert(f, (twin, passed));
    }
    if flattened.is_empty() {
        return outs;
    }
    rewrite_applications(out_cx, outs, |cx, f, args| {
        let (twin, passed) = flattened.get(&f)?;
        let mut fields = args.iter();
        let records = passed.iter().map(|p| record(cx, p, &mut fields));
        let records = records.collect::<Option<Vec<TermId>>>()?;
        cx.mk_app(Op::Uf(*twin), records).ok()
    })
}

/// The declarations and definitions of `script`, verbatim.
fn declarations(script: &Script) -> String {
    let mut s = String::new();
    for c in &script.commands {
        let keep = match &c.kind {
            CommandKind::Declare(_) | CommandKind::Define { .. } => true,
            CommandKind::Other | CommandKind::Opaque { .. } => {
                let t = c.text.trim_start();
                t.starts_with("(declare-") || t.starts_with("(define-")
            }
            _ => false,
        };
        if keep {
            s.push_str(&c.text);
            s.push('\n');
        }
    }
    s
}

/// The output's `define-fun`s of symbols the input does not have
/// (`why3-reads` names encoded reads this way). A definition is a
/// conservative extension, so with them in the query equivalence is still
/// checked over the input's symbols.
fn new_definitions(input: &Script, output: &Script) -> String {
    let ins = declared_by_name(input);
    let verbatim: BTreeSet<&str> = input
        .commands
        .iter()
        .filter(|c| matches!(c.kind, CommandKind::Other))
        .filter_map(|c| defined_name(&c.text))
        .collect();
    let cx = &output.cx;
    let mut s = String::new();
    for c in &output.commands {
        let name = match c.kind {
            CommandKind::Define { fun, .. } => Some(cx.sym_name(cx.fun(fun).name)),
            // a definition a pass wrote to be printed as it is
            // (`why3-reads`) before the script is read again
            CommandKind::Other => defined_name(&c.text),
            _ => None,
        };
        if let Some(name) = name {
            if !ins.contains_key(name) && !verbatim.contains(name) {
                s.push_str(&c.text);
                s.push('\n');
            }
        }
    }
    s
}

/// The symbol a `(define-fun NAME …)` command text defines (quoted names
/// without their bars).
fn defined_name(text: &str) -> Option<&str> {
    let rest = text.trim_start().strip_prefix("(define-fun")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    if let Some(quoted) = rest.strip_prefix('|') {
        return quoted.split('|').next();
    }
    rest.split(|ch: char| ch.is_whitespace() || ch == '(')
        .next()
}

fn query(decls: &str, extra: &[String], input: &str, output: &str) -> String {
    let mut q = String::from(decls);
    for name in extra {
        q.push_str(&format!("(declare-const {name} Bool)\n"));
    }
    q.push_str(&format!(
        "(assert (not (= {input} {output})))\n(check-sat)\n(exit)\n"
    ));
    q
}

/// Check that `output` (vcsimp's result) agrees with `input` on the
/// assertions at every check-sat, with `solver`, reading the symbols that
/// `read_back` reports changed back as the input's. See the module
/// documentation for the queries and verdicts.
pub fn validate(
    input: &Script,
    output: &Script,
    read_back: &[ReadBack],
    solver: &SolverCommand,
) -> Validation {
    let (ins, outs) = (scopes(input), scopes(output));
    if ins.len() != outs.len() {
        return Validation {
            verdict: Verdict::Disagree,
            scopes: ins.len(),
            agreed: 0,
            detail: format!(
                "the input has {} check-sat scopes, the output {}",
                ins.len(),
                outs.len()
            ),
        };
    }
    let decls = declarations(input) + &new_definitions(input, output);
    let (mut in_cx, mut out_cx) = (input.cx.clone(), output.cx.clone());
    let (mut arrays, mut records, mut dropped) = (HashMap::new(), vec![], BTreeSet::new());
    for r in read_back {
        match r {
            ReadBack::ArrayFunction { name, indices } => {
                arrays.insert(name.as_str(), *indices);
            }
            ReadBack::RecordFields { name, shapes } => records.push((name.as_str(), &shapes[..])),
            ReadBack::DroppedDefinition { name } => {
                dropped.insert(name.as_str());
            }
        }
    }
    let outs = undo_array_functions(input, output, &mut out_cx, outs, &arrays);
    let outs = undo_record_arguments(input, output, &mut out_cx, outs, &records);
    let mut agreed = 0;
    let mut undecided = vec![];
    let mut asked: HashMap<String, Answer> = HashMap::new();
    for (k, (i_ts, o_ts)) in ins.iter().zip(&outs).enumerate() {
        let scope = k + 1;
        let dropped = dropped_definitions(&in_cx, i_ts, &out_cx, o_ts, &dropped);
        let output_side = |in_cx: &Context, out_cx: &Context, o: &[TermId], d: &[TermId]| {
            if d.is_empty() {
                conjunction(out_cx, o)
            } else {
                format!("(and {} {})", conjunction(out_cx, o), conjunction(in_cx, d))
            }
        };
        let full = query(
            &decls,
            &[],
            &conjunction(&in_cx, i_ts),
            &output_side(&in_cx, &out_cx, o_ts, &dropped),
        );
        let mut answer = asked
            .entry(full.clone())
            .or_insert_with(|| ask(solver, &full))
            .clone();
        let quantified = i_ts.iter().any(|&t| has_quantifier(&in_cx, t))
            || o_ts.iter().any(|&t| has_quantifier(&out_cx, t));
        if matches!(answer, Answer::Undecided(_)) && quantified {
            let mut names = HashMap::new();
            let ia = abstract_quantifiers(&mut in_cx, i_ts, &mut names);
            let oa = abstract_quantifiers(&mut out_cx, o_ts, &mut names);
            let da = abstract_quantifiers(&mut in_cx, &dropped, &mut names);
            let mut extra: Vec<String> = names.into_values().collect();
            extra.sort();
            let q = query(
                &decls,
                &extra,
                &conjunction(&in_cx, &ia),
                &output_side(&in_cx, &out_cx, &oa, &da),
            );
            let abstracted = asked
                .entry(q.clone())
                .or_insert_with(|| ask(solver, &q))
                .clone();
            if abstracted == Answer::Unsat {
                answer = Answer::Unsat;
            }
        }
        match answer {
            Answer::Unsat => agreed += 1,
            Answer::Sat => {
                return Validation {
                    verdict: Verdict::Disagree,
                    scopes: ins.len(),
                    agreed,
                    detail: format!(
                        "at check-sat {scope}, {} found an interpretation where the input and the output differ",
                        solver.program
                    ),
                };
            }
            Answer::Undecided(why) => undecided.push(format!("check-sat {scope}: {why}")),
        }
    }
    let verdict = if undecided.is_empty() {
        Verdict::Agree
    } else if agreed > 0 {
        Verdict::Partial
    } else {
        Verdict::Unknown
    };
    let detail = if undecided.is_empty() {
        format!(
            "{agreed} of {} check-sat scope(s) proved equivalent",
            ins.len()
        )
    } else {
        format!(
            "{agreed} of {} check-sat scope(s) proved equivalent; undecided: {}",
            ins.len(),
            undecided.join("; ")
        )
    };
    Validation {
        verdict,
        scopes: ins.len(),
        agreed,
        detail,
    }
}

/// [`validate`] on script texts (parsed with [`smtlib_io::parse_script`]).
pub fn validate_text(
    input: &str,
    output: &str,
    read_back: &[ReadBack],
    solver: &SolverCommand,
) -> Result<Validation, smtlib_io::Error> {
    let (i, o) = (
        smtlib_io::parse_script(input)?,
        smtlib_io::parse_script(output)?,
    );
    Ok(validate(&i, &o, read_back, solver))
}
