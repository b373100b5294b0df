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
//! The query declares every symbol once: an output declaration or
//! definition identical to the input's is shared, one of a name the input
//! lacks is added (a fresh `define-fun`, such as `why3-reads`' named
//! reads, is a conservative extension), and one that declares an input's
//! name otherwise is renamed apart.
//!
//! A constant `c` that `record-consts` split into fields `c̄` (reported
//! with its value `mk(c̄)` and the projections `p̄`) is read back through
//! two witnesses: the claim is `(I ∧ F ⇒ Oσ ∧ Dτσ) ∧ (O ∧ Dτ ⇒ Iτ)` with
//! `σ: c_i ↦ p_i(c)` and `τ: c ↦ mk(c̄)`, where `c` occurs nowhere in
//! the output. A model of `I` gives one of the output with `c_i :=
//! p_i(c)` (the `c_i` are fresh); a model of the output gives one of `I`
//! with `c := mk(c̄)`. So the two are equisatisfiable. Where the output
//! still uses `c`, only `σ` is applied: the claim `(I ∧ F ⇒ Oσ ∧ Dσ) ∧
//! (O ∧ D ⇒ I)`, whose first half gives a model of the output as above
//! and whose second needs no witness.
//!
//! The step that links a split constant to its fields again (`c_p =
//! p(c)`) constrains `c`, which the script before it no longer mentions:
//! with the same report, where no definition or command of the input but
//! its declaration names `c` and no input assertion of the scope does,
//! the claim is `(I ⇒ Oρ) ∧ (O ∧ D ⇒ I)` with `ρ: c ↦ mk(c̄)` (built from
//! the output's constants, without `c`). A model `M` of `I` gives one of
//! `I` with `c := mk(c̄)^M` (`I` does not depend on `c`), which satisfies
//! `Oρ` and so `O`.
//!
//! Skolem functions `F̄` of `guarded-eq` (reported by the pipeline): their
//! facts `F` are the output assertions `∀x̄. B` that apply each `F` only
//! to one tuple of distinct bound variables. The claim above, with `F`
//! among the input's premises, shows `I ∧ F ⇒ O` and `O ⇒ I`; a second
//! query shows `I ⇒ ∀n̄. ∃ȳ. ⋀ F[F̄(n̄) := ȳ]`, which is first-order and
//! equivalent to `I ⇒ ∃F̄. F` (choose `F(n̄)` as the `ȳ` for `n̄`). Then
//! every model of `I` extends to one of `O`, and `I ≡ ∃F̄. O`.
//!
//! A scope undecided as a whole is split into obligations, one per
//! conjunct of each side's conclusion (`I ∧ F ⇒ o` for each output
//! assertion, `O ∧ D ⇒ i` for each input one); their conjunction is the
//! claim. Obligations whose goal is a premise hold; the others are asked
//! with quantified subformulas abstracted, in groups halved until proved,
//! then in full, each with the goals already proved from the
//! same premise among its premises (sound: `P ⇒ g` makes `P ⇒ h` and
//! `P ∧ g ⇒ h` the same claim), in sweeps while a sweep proves one more.
//! In a sweep, an obligation is first asked from a slice of its premise
//! ([`Lemmas::sliced_claim`]: the conjuncts reached from the goal's
//! symbols through symbols rare among the premises), with a quarter of
//! the time limit; its `unsat` proves the obligation (`S ⇒ g` for a part
//! `S` of `P` makes `P ⇒ g` valid), its `sat` proves nothing, and the
//! full claim is asked only where it is not proved.
//! In a sweep, an obligation whose full claim stays undecided is asked
//! the first solver again with only the premises near the goal (those
//! within one or two steps of shared symbols, [`Lemmas::relevant_claims`]):
//! a part `S` of the premise `P` with `S ⇒ g` valid makes `P ⇒ g` valid,
//! while a `sat` there proves nothing and is not taken for a disagreement;
//! then the fallback solver ([`SolverCommand::fallback`]; by default cvc5
//! where it is installed), whose `unsat` proves it and whose `sat` is a
//! disagreement like the first solver's. A full or fallback claim that
//! was undecided once is asked again only once a lemma proved since
//! shares a symbol with its goal (any lemma, for a goal without symbols
//! such as `false`): each undecided answer costs the whole time limit.
//!
//! **Certificates.** A pass that derives an assertion `∀x̄. B` may report
//! a hint for it ([`ReadBack::Certificate`]): a formula `h(x̄)`, such as
//! the instances of the input's axioms that its derivation uses at terms
//! no premise contains. The obligation's goal is then first asked as
//! `∀x̄. h(x̄) ∧ B`, with `h` a `define-fun` of that query only. This goal
//! implies `∀x̄. B` whatever `h` is, so its proof proves the obligation;
//! the solver, refuting its negation, gets the hint's terms ground over
//! its Skolem constants for `x̄`, and the instances its derivation needs
//! as goals to refute, whose terms trigger the axioms. A false hint leaves
//! the stronger goal unproved (and a `sat` for it proves nothing): the
//! plain goal is asked next. So no hint can make a false claim agree, and
//! the validator need not check what a hint says.
//!
//! Before that, a certified goal is asked piece by piece: `P ⇒ ∀x̄. h_j`
//! for each conjunct `h_j` of the hint (`P` the obligation's premise with
//! its lemmas), and `∀x̄. hint(x̄) ⇒ B` from no premise. All of them
//! proved make `P ⇒ ∀x̄. B` valid (from `P`, every `h_j` holds at every
//! `x̄`, so the hint does, and with it `B`), whatever the hint says; a
//! false hint leaves a piece or the bridge unproved, and a `sat` for any
//! of them proves nothing. Each piece is one instance of an axiom, the
//! bridge ground reasoning over the hint, where the stronger goal
//! asks the solver to find both at once among all the premise's axioms.
//!
//! **A second configuration.** Where the solver is z3, a full claim its
//! default core leaves undecided is asked again of z3's other core
//! (`sat.euf`, [`Z3_SECOND`]), the same claim over the same
//! declarations: its `unsat` proves the claim, while its `sat` proves
//! nothing (it is not taken for a disagreement, which the default core
//! or the fallback solver must show). Its undecided answers count
//! against the time budget only.
//!
//! **Budget.** A scope with some but not all obligations
//! proved is undecided, and the run `partial`, with the undecided ones
//! named in the detail. Only a timeout or an `unknown` is split: a solver
//! that gives no answer at all would give none to the parts either. A
//! validation asks at most [`MAX_QUERIES`] claims, and stops
//! asking after [`MAX_UNDECIDED`] undecided answers or [`MAX_UNDECIDED`]
//! times the per-query limit. Where the solver is z3, the claims of one
//! round (a round of halving, a sweep's full claims, its nearer ones) go
//! to one run, each in its own `push`/`pop` scope with z3's per-check
//! `timeout` ([`Asker::ask_all`]): starting the solver and reading the
//! header cost more than most obligations.
//!
//! **Step by step.** A run that neither agrees nor disagrees as a whole,
//! where the solver answered every query (a solver that gave no answer
//! to the whole gives none to the parts), is checked again step by step
//! ([`validate_steps`]): the pipeline keeps
//! the script after each step that changed it ([`Snapshot`]: after each
//! script pass, the encoding passes, each e-graph run, each round's
//! `context` and term passes, the final `context`), whole again (the
//! assertions it set aside put back, the Skolem functions introduced so
//! far declared with their facts, as the run does at its end), with the
//! read-backs of that step alone; the last one is the output. Each
//! consecutive pair `S_k`, `S_{k+1}` (`S_0` the input) is checked as
//! above with the step's own read-backs, and every certificate of the
//! run (a hint proves nothing false, whatever claim it meets). A step
//! changes few assertions, and an assertion on both sides is an
//! obligation whose goal is a premise, so only what the step changed is
//! asked, and each step's claim is asked as obligations at once (its
//! whole, mostly the same conjuncts on both sides, costs a timeout for
//! nothing). An agreeing step makes `S_k` and `S_{k+1}` equivalent at each
//! check-sat (matched by position, so with the same `push`/`pop` scopes
//! on each side: [`scopes`] compares the assertions live there), or,
//! with read-backs, equisatisfiable there. Both relations are transitive
//! and equivalence implies equisatisfiability, so all steps agreeing
//! makes the input and the output equisatisfiable at every check-sat
//! (equivalent if no step reads back more than certificates), which is
//! what a whole
//! check's agreement shows. A step that disagrees makes the run
//! disagree: the pass reported a change it did not make, and its output
//! is not trusted even if a later step undoes it. The whole check of a
//! run with steps first asks each scope's claim whole only (its
//! obligations, mostly unchanged assertions rewritten by many steps at
//! once, are where a solver spends the budget for nothing); the steps
//! then share the budget, in order, until one stays undecided (the
//! steps then cannot agree), and the whole claim's obligations get what
//! the steps left.
//!
//! What the passes did comes only from their report
//! ([`crate::pass::ReadBack`]: which symbols changed, and how); the module
//! shares no code with the passes and checks every claim it relies on
//! (sorts, injectivity, the form of a definition) itself. A change no pass
//! reports is not read back, so the output then cannot agree.
//!
//! The verdict of a run is [`Verdict::Agree`] if every scope agrees,
//! [`Verdict::Disagree`] if one disagrees, [`Verdict::Partial`] if some
//! scopes or obligations were proved and the rest is undecided, [`Verdict::Unknown`] otherwise.
//! Commands vcsimp could not read are the same on both sides and are left
//! out of the check. This module runs the solver but never prints.

use crate::pass::{ArgShape, Built, ReadBack, Snapshot};
use crate::scope::liveness;
use crate::term::alpha::claim_text;
use crate::term::rebuild;
use smtlib_io::{
    BinderKind, CommandKind, Context, FunDecl, FunId, FunKind, Op, Printer, Script, TermId,
    TermKind, VarId,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;
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
    /// A second solver, asked an obligation that this one leaves
    /// undecided (see the module documentation). Solvers differ in what
    /// they prove quickly: z3 rewrites a ground `(mod (+ (* x y) z) x)`
    /// so that no pattern matches it any more, cvc5 does not.
    pub fallback: Option<Box<SolverCommand>>,
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
            fallback: None,
        })
    }

    /// This solver with `fallback` as its [`SolverCommand::fallback`].
    pub fn with_fallback(self, fallback: Option<SolverCommand>) -> SolverCommand {
        SolverCommand {
            fallback: fallback.map(Box::new),
            ..self
        }
    }
}

/// The default validating solver: `z3 -in`, with `cvc5 --lang smt2` as its
/// fallback where a `cvc5` is on the `PATH`.
pub fn default_solver(timeout: Duration) -> SolverCommand {
    let z3 = SolverCommand::parse("z3 -in", timeout).expect("non-empty");
    z3.with_fallback(default_fallback(timeout))
}

/// `cvc5 --lang smt2` if a `cvc5` is on the `PATH`.
pub fn default_fallback(timeout: Duration) -> Option<SolverCommand> {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("cvc5").is_file()));
    on_path.then(|| SolverCommand::parse("cvc5 --lang smt2", timeout).expect("non-empty"))
}

/// The solver's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Sat,
    Unsat,
    /// The solver ran out of time or answered `unknown`: a smaller
    /// question may still be decided.
    Undecided(String),
    /// The solver gave no answer at all (it could not run, printed an
    /// error or nothing): smaller questions would fare no better.
    Failed(String),
}

/// At most this many claims asked per validation, at most
/// [`MAX_UNDECIDED`] of them undecided (each of those may cost the whole
/// per-query limit), and none started after [`MAX_UNDECIDED`] times the
/// per-query limit has passed since the first (the answered ones add up
/// too, over hundreds of obligations); obligations left then stay
/// undecided. Splitting a
/// scope into obligations asks one query per assertion, and a script can
/// have thousands.
const MAX_QUERIES: usize = 2048;
/// See [`MAX_QUERIES`].
const MAX_UNDECIDED: usize = 32;

fn ask(solver: &SolverCommand, query: &str) -> Answer {
    let argv: Vec<String> = std::iter::once(solver.program.clone())
        .chain(solver.args.iter().cloned())
        .collect();
    let out = match crate::process::run(&argv, query.as_bytes(), solver.timeout) {
        Ok(f) if f.exit.is_none() => return Answer::Undecided("solver timeout".into()),
        Ok(f) => String::from_utf8_lossy(&f.stdout).into_owned(),
        Err(e) => return Answer::Failed(format!("cannot run {}: {e}", solver.program)),
    };
    match out.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some("unsat") => Answer::Unsat,
        Some("sat") => Answer::Sat,
        Some("unknown") => Answer::Undecided("solver answered unknown".into()),
        Some(other) => Answer::Failed(format!("solver said: {other}")),
        None => Answer::Failed("no answer from the solver".into()),
    }
}

/// The first `n` of `items` joined by commas, with how many more there are.
fn listed(items: &[String], n: usize) -> String {
    let shown = items[..items.len().min(n)].join(", ");
    match items.len().saturating_sub(n) {
        0 => shown,
        more => format!("{shown} and {more} more"),
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
                let text = Printer::without_names(cx).term(orig);
                let next = names.len();
                let name = names
                    .entry(text)
                    .or_insert_with(|| format!("vcsimp_validate_q!{next}"))
                    .clone();
                if let Some(&c) = consts.get(&name) {
                    return Some(c);
                }
                let sym = cx.sym(&name);
                let f = cx.declare_const(sym, bool_sort);
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
    let mut p = Printer::without_names(cx);
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
            let p = Printer::without_names(cx);
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
                let printer = Printer::without_names(cx);
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
            .map(|&s| Printer::without_names(&input.cx).sort(s))
            .collect();
        let out_sorts: Vec<String> = o
            .args
            .iter()
            .map(|&s| Printer::without_names(out_cx).sort(s))
            .collect();
        if shapes.len() != i.args.len()
            || Printer::without_names(out_cx).sort(o.ret)
                != Printer::without_names(&input.cx).sort(i.ret)
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

/// A command's text with its tokens separated by single blanks, so that
/// declarations printed apart compare equal.
fn normalized(text: &str) -> String {
    text.replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Does command `c` declare or define something (a symbol, a sort, a
/// datatype)?
fn declares(c: &smtlib_io::Command) -> bool {
    match &c.kind {
        CommandKind::Declare(_) | CommandKind::Define { .. } => true,
        CommandKind::Other | CommandKind::Opaque { .. } => {
            let t = c.text.trim_start();
            t.starts_with("(declare-") || t.starts_with("(define-")
        }
        _ => false,
    }
}

/// The symbol a declaration or definition command declares, where it
/// declares one (not `declare-datatypes` or `define-funs-rec`): from the
/// context for commands vcsimp read, from the text for the others (quoted
/// names without their bars).
fn declared_symbol<'a>(cx: &'a Context, c: &'a smtlib_io::Command) -> Option<&'a str> {
    match c.kind {
        CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } => {
            return Some(cx.sym_name(cx.fun(f).name));
        }
        _ => {}
    }
    let rest = c.text.trim_start().strip_prefix('(')?.trim_start();
    let keyword_end = rest.find(|ch: char| ch.is_whitespace() || ch == '(')?;
    let (keyword, rest) = rest.split_at(keyword_end);
    if !matches!(
        keyword,
        "declare-fun"
            | "declare-const"
            | "define-fun"
            | "define-const"
            | "define-fun-rec"
            | "declare-sort"
            | "define-sort"
            | "declare-datatype"
    ) {
        return None;
    }
    let rest = rest.trim_start();
    if let Some(quoted) = rest.strip_prefix('|') {
        return quoted.split('|').next();
    }
    rest.split(|ch: char| ch.is_whitespace() || ch == '(' || ch == ')')
        .next()
        .filter(|n| !n.is_empty())
}

/// The signature of the query: the declarations and definitions of both
/// scripts, each once.
struct Signature {
    /// The commands that declare it, in order: the input's, then the
    /// output's that the input does not have.
    header: String,
    /// Output symbols declared or defined otherwise than the input's of
    /// the same name, each with its twin under a fresh name.
    renamed: HashMap<FunId, FunId>,
    /// Every name of the input's context (symbols, constructors,
    /// selectors).
    input_names: BTreeSet<String>,
}

/// Build the query's [`Signature`] from `input` and `output` (whose terms
/// are in `out_cx`, a copy of `output.cx` where twins are declared). An
/// output command that declares or defines exactly what an input command
/// does is shared; one that declares a name the input does not have is
/// added; one that declares an input's name otherwise (a pass changed its
/// signature or definition) is renamed apart, so that the output's symbol
/// is a symbol of its own in the query. An error says why the query
/// cannot be built: a verbatim command (which cannot be renamed) that
/// redeclares an input's name.
fn signature(input: &Script, output: &Script, out_cx: &mut Context) -> Result<Signature, String> {
    let mut header = String::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut input_names: BTreeSet<String> = input
        .cx
        .funs()
        .map(|(_, d)| input.cx.sym_name(d.name).to_string())
        .collect();
    for c in input.commands.iter().filter(|c| declares(c)) {
        if let Some(name) = declared_symbol(&input.cx, c) {
            input_names.insert(name.to_string());
        }
        if seen.insert(normalized(&c.text)) {
            header.push_str(&c.text);
            header.push('\n');
        }
    }
    let input_decls = declared_by_name(input);
    let same_declaration = |f: FunId, name: &str| {
        let Some(&g) = input_decls.get(name) else {
            return false;
        };
        let (o, i) = (output.cx.fun(f), input.cx.fun(g));
        let (po, pi) = (
            Printer::without_names(&output.cx),
            Printer::without_names(&input.cx),
        );
        o.args.len() == i.args.len()
            && o.args
                .iter()
                .zip(i.args.iter())
                .all(|(&a, &b)| po.sort(a) == pi.sort(b))
            && po.sort(o.ret) == pi.sort(i.ret)
    };
    let mut taken: BTreeSet<String> = input_names.clone();
    taken.extend(
        out_cx
            .funs()
            .map(|(_, d)| out_cx.sym_name(d.name).to_string()),
    );
    let mut renamed: HashMap<FunId, FunId> = HashMap::new();
    let mut added: BTreeSet<String> = BTreeSet::new();
    for c in output.commands.iter().filter(|c| declares(c)) {
        let text = normalized(&c.text);
        if seen.contains(&text) {
            continue;
        }
        let Some(name) = declared_symbol(&output.cx, c).map(str::to_string) else {
            // a datatype or a block of recursive definitions of the output
            seen.insert(text);
            header.push_str(&c.text);
            header.push('\n');
            continue;
        };
        if let CommandKind::Declare(f) = c.kind {
            if same_declaration(f, &name) {
                continue;
            }
        }
        if !input_names.contains(&name) {
            if added.insert(name) {
                seen.insert(text);
                header.push_str(&c.text);
                header.push('\n');
            }
            continue;
        }
        let fresh = (1..)
            .map(|k| format!("{name}!out{k}"))
            .find(|n| !taken.contains(n))
            .expect("an unused name");
        taken.insert(fresh.clone());
        match &c.kind {
            CommandKind::Declare(f) => {
                let twin = twin_named(out_cx, *f, &fresh);
                renamed.insert(*f, twin);
                header.push_str(&crate::analysis::redeclare::declaration(out_cx, twin).text);
                header.push('\n');
            }
            CommandKind::Define { fun, params, body } => {
                let twin = twin_named(out_cx, *fun, &fresh);
                let body = rename_in(out_cx, *body, &renamed);
                renamed.insert(*fun, twin);
                let p = Printer::without_names(out_cx);
                let params: Vec<String> = params
                    .iter()
                    .map(|&v| {
                        let d = out_cx.var(v);
                        format!(
                            "({} {})",
                            smtlib_io::print::quote_symbol(out_cx.sym_name(d.name)),
                            p.sort(d.sort)
                        )
                    })
                    .collect();
                let mut p = Printer::without_names(out_cx);
                header.push_str(&format!(
                    "(define-fun {} ({}) {} {})\n",
                    smtlib_io::print::quote_symbol(&fresh),
                    params.join(" "),
                    p.sort(out_cx.fun(twin).ret),
                    p.term(body)
                ));
            }
            _ => {
                return Err(format!(
                "the output declares {name} otherwise than the input, in a command kept verbatim"
            ))
            }
        }
    }
    Ok(Signature {
        header,
        renamed,
        input_names,
    })
}

/// A declared function of `cx` like `f`, named `name`.
fn twin_named(cx: &mut Context, f: FunId, name: &str) -> FunId {
    let d = cx.fun(f).clone();
    let sym = cx.sym(name);
    cx.declare_fun(FunDecl {
        name: sym,
        sort_params: d.sort_params,
        args: d.args,
        ret: d.ret,
        kind: FunKind::Declared,
    })
}

/// `t` with every application of a key of `renamed` made one of its twin.
fn rename_in(cx: &mut Context, t: TermId, renamed: &HashMap<FunId, FunId>) -> TermId {
    if renamed.is_empty() {
        return t;
    }
    rebuild(cx, t, |cx, _, new| {
        let TermKind::App(Op::Uf(f), args) = cx.kind(new).clone() else {
            return None;
        };
        let &twin = renamed.get(&f)?;
        cx.mk_app(Op::Uf(twin), args.to_vec()).ok()
    })
}

/// How one constant that `record-consts` split reads back
/// ([`ReadBack::SplitConstant`]).
struct SplitWitness {
    /// The split constant's name.
    name: String,
    /// In the output's context: each fresh field constant ↦ its
    /// projection of the input's constant (`c_pi ↦ p_i(c)`).
    forward: HashMap<TermId, TermId>,
    /// The same in the input's context, over the twins of the field
    /// constants.
    forward_in: HashMap<TermId, TermId>,
    /// In the input's context: the split constant and its value `mk(c̄)`,
    /// over twins of the field constants.
    backward: (TermId, TermId),
}

/// Read the constants that `record-consts` split back, where the report
/// fits both scripts: `name` is an input constant that the output still
/// declares, each field constant is a constant the output declares and
/// the input does not know, and each constructor and projection is found
/// by name and arity, with the sorts of the value's place. The witness
/// holds whatever the reported functions are: the solver then proves
/// (or fails to prove) both directions with it (see [`validate`]).
fn split_constants(
    input: &Script,
    output: &Script,
    in_cx: &mut Context,
    out_cx: &mut Context,
    reported: &[(&str, &Built)],
    input_names: &BTreeSet<String>,
) -> Vec<SplitWitness> {
    fn find(cx: &Context, name: &str, arity: usize) -> Option<FunId> {
        cx.funs()
            .find(|(_, d)| cx.sym_name(d.name) == name && d.args.len() == arity)
            .map(|(f, _)| f)
    }
    /// The value in the input's context, of sort `sort`; declares the
    /// twins of the field constants there.
    fn value_in(
        cx: &mut Context,
        b: &Built,
        sort: smtlib_io::SortId,
        out: &Context,
        out_decls: &HashMap<String, FunId>,
        input_names: &BTreeSet<String>,
        twins: &mut HashMap<String, FunId>,
    ) -> Option<TermId> {
        match b {
            Built::Field(name) => {
                let &f = out_decls.get(name)?;
                let d = out.fun(f);
                let fits = d.args.is_empty()
                    && !input_names.contains(name)
                    && Printer::without_names(out).sort(d.ret)
                        == Printer::without_names(cx).sort(sort);
                if !fits {
                    return None;
                }
                let sym = cx.sym(name);
                let twin = cx.declare_const(sym, sort);
                twins.insert(name.clone(), twin);
                Some(cx.mk_const(twin))
            }
            Built::Record { ctor, fields } => {
                let mk = find(cx, ctor, fields.len())?;
                if cx.fun(mk).ret != sort {
                    return None;
                }
                let sorts = cx.fun(mk).args.clone();
                let args = fields
                    .iter()
                    .zip(sorts.iter())
                    .map(|((_, sub), &s)| value_in(cx, sub, s, out, out_decls, input_names, twins))
                    .collect::<Option<Vec<_>>>()?;
                cx.mk_app(Op::Uf(mk), args).ok()
            }
        }
    }
    /// The projections of `at` that read each field constant, in the
    /// output's context.
    fn projections(
        cx: &mut Context,
        b: &Built,
        at: TermId,
        out_decls: &HashMap<String, FunId>,
        into: &mut HashMap<TermId, TermId>,
    ) -> Option<()> {
        match b {
            Built::Field(name) => {
                let field = cx.mk_const(*out_decls.get(name)?);
                into.insert(field, at);
                Some(())
            }
            Built::Record { fields, .. } => {
                for (proj, sub) in fields {
                    let p = find(cx, proj, 1)?;
                    let read = cx.mk_app(Op::Uf(p), vec![at]).ok()?;
                    projections(cx, sub, read, out_decls, into)?;
                }
                Some(())
            }
        }
    }
    let mut w = vec![];
    let (in_decls, out_decls) = (declared_by_name(input), declared_by_name(output));
    for &(name, value) in reported {
        let (Some(&c_in), Some(&c_out)) = (in_decls.get(name), out_decls.get(name)) else {
            continue;
        };
        if !in_cx.fun(c_in).args.is_empty() || !out_cx.fun(c_out).args.is_empty() {
            continue;
        }
        let sort = in_cx.fun(c_in).ret;
        let mut twins = HashMap::new();
        let Some(v) = value_in(
            in_cx,
            value,
            sort,
            out_cx,
            &out_decls,
            input_names,
            &mut twins,
        ) else {
            continue;
        };
        let c_out_term = out_cx.mk_const(c_out);
        let mut forward = HashMap::new();
        if projections(out_cx, value, c_out_term, &out_decls, &mut forward).is_none() {
            continue;
        }
        let c_in_term = in_cx.mk_const(c_in);
        let mut forward_in = HashMap::new();
        if projections(in_cx, value, c_in_term, &twins, &mut forward_in).is_none() {
            continue;
        }
        w.push(SplitWitness {
            name: name.to_string(),
            forward,
            forward_in,
            backward: (c_in_term, v),
        });
    }
    w
}

/// A constant that the output pins to a value ([`pinned_constants`]).
struct Pinned {
    name: String,
    /// The constant and its value, in the output's context.
    constant: TermId,
    value: TermId,
}

/// The constants that `record-consts` split (`reported`) read as pinned
/// to their value: the step that links a split constant `c` to its
/// fields again (`c_p = p(c)`) adds a constraint on a constant that the
/// script before it no longer constrains. Here `c` is declared alike in
/// both scripts (not renamed apart, `renamed`), no definition or command
/// of the input other than an assertion names it, and its value `mk(c̄)`
/// is built in the output's context from the output's constants by the
/// reported constructors (found by name and arity), of `c`'s sort and
/// without `c`. Whether `c` occurs in a scope's assertions is for the
/// caller to check (see [`check`]).
fn pinned_constants(
    input: &Script,
    output: &Script,
    out_cx: &mut Context,
    reported: &[(&str, &Built)],
    renamed: &HashMap<FunId, FunId>,
) -> Vec<Pinned> {
    fn value(
        cx: &mut Context,
        b: &Built,
        sort: smtlib_io::SortId,
        decls: &HashMap<String, FunId>,
    ) -> Option<TermId> {
        match b {
            Built::Field(name) => {
                let &f = decls.get(name)?;
                let d = cx.fun(f);
                (d.args.is_empty() && d.ret == sort).then(|| cx.mk_const(f))
            }
            Built::Record { ctor, fields } => {
                let (mk, d) = cx
                    .funs()
                    .find(|(_, d)| cx.sym_name(d.name) == ctor && d.args.len() == fields.len())?;
                if d.ret != sort {
                    return None;
                }
                let sorts = d.args.clone();
                let args = fields
                    .iter()
                    .zip(sorts.iter())
                    .map(|((_, sub), &s)| value(cx, sub, s, decls))
                    .collect::<Option<Vec<_>>>()?;
                cx.mk_app(Op::Uf(mk), args).ok()
            }
        }
    }
    let in_decls = declared_by_name(input);
    let out_decls = declared_by_name(output);
    let named_by_input = |name: &str| {
        input.commands.iter().any(|c| match &c.kind {
            CommandKind::Declare(_) | CommandKind::Assert(_) => false,
            CommandKind::Define { body, .. } => functions_in(&input.cx, *body)
                .iter()
                .any(|&f| input.cx.sym_name(input.cx.fun(f).name) == name),
            _ => {
                let words = symbols_of_text(&c.text);
                words.contains(name) || words.contains(&format!("|{name}|"))
            }
        })
    };
    let mut pinned = vec![];
    for &(name, built) in reported {
        let (Some(&c_in), Some(&c_out)) = (in_decls.get(name), out_decls.get(name)) else {
            continue;
        };
        let (i, o) = (input.cx.fun(c_in), out_cx.fun(c_out));
        let same = i.args.is_empty()
            && o.args.is_empty()
            && Printer::without_names(&input.cx).sort(i.ret)
                == Printer::without_names(out_cx).sort(o.ret);
        if !same || renamed.contains_key(&c_out) || named_by_input(name) {
            continue;
        }
        let sort = o.ret;
        let Some(v) = value(out_cx, built, sort, &out_decls) else {
            continue;
        };
        if functions_in(out_cx, v).contains(&c_out) {
            continue;
        }
        pinned.push(Pinned {
            name: name.to_string(),
            constant: out_cx.mk_const(c_out),
            value: v,
        });
    }
    pinned
}

/// The facts that define a group of Skolem functions in one scope, and
/// the claim that some choice of the functions satisfies them.
struct SkolemFacts {
    /// The output assertions that are facts of the group.
    facts: Vec<TermId>,
    /// `∀n̄. ∃ȳ. ⋀ facts[F̄(n̄) := ȳ]`, in the output's context.
    exists: TermId,
}

/// The facts of the Skolem functions `funs` among the output assertions
/// `o_ts` (after the read-backs), and the first-order claim equivalent to
/// `∃F̄. ⋀ facts`. A fact is an assertion `∀x̄. B` in which every
/// application of a function of `funs` is to one tuple `v̄` of distinct
/// variables of `x̄` that no binder inside `B` binds again, and that
/// mentions no Skolem function of another group (`others`). Then
/// `∃F̄. ⋀_j ∀x̄_j. B_j` ⟺ `∀n̄. ∃ȳ. ⋀_j ∀(x̄_j∖v̄_j). B_j[v̄_j := n̄,
/// F_l(v̄_j) := y_l]`: from right to left by choosing `F_l(n̄)` as the
/// `y_l` for `n̄`, from left to right with `y_l := F_l(n̄)`. `None` when no
/// assertion is such a fact.
fn skolem_facts(
    cx: &mut Context,
    o_ts: &[TermId],
    funs: &BTreeSet<FunId>,
    others: &BTreeSet<FunId>,
) -> Option<SkolemFacts> {
    let arg_sorts = cx.fun(*funs.iter().next()?).args.clone();
    if funs.iter().any(|&f| cx.fun(f).args != arg_sorts) || arg_sorts.is_empty() {
        return None;
    }
    // per fact: the assertion, its variables, the tuple and the body
    let mut found: Vec<(TermId, Vec<VarId>, Vec<VarId>, TermId)> = vec![];
    for &t in o_ts {
        let TermKind::Binder(BinderKind::Forall, xs, body, _) = cx.kind(t).clone() else {
            continue;
        };
        let mentioned = functions_in(cx, body);
        if mentioned.is_disjoint(funs) || !mentioned.is_disjoint(others) {
            continue;
        }
        let mut tuple: Option<Vec<VarId>> = None;
        let mut fits = true;
        let mut rebinds: BTreeSet<VarId> = BTreeSet::new();
        crate::term::post_order(cx, body, |u| match cx.kind(u) {
            TermKind::App(Op::Uf(f), args) if funs.contains(f) => {
                let vs: Option<Vec<VarId>> = args
                    .iter()
                    .map(|&a| match cx.kind(a) {
                        TermKind::Var(v) if xs.contains(v) => Some(*v),
                        _ => None,
                    })
                    .collect();
                match (vs, &tuple) {
                    (Some(vs), None) => {
                        let distinct: BTreeSet<&VarId> = vs.iter().collect();
                        fits &= distinct.len() == vs.len();
                        tuple = Some(vs);
                    }
                    (Some(vs), Some(t)) => fits &= &vs == t,
                    (None, _) => fits = false,
                }
            }
            TermKind::Binder(_, vs, ..) => rebinds.extend(vs.iter().copied()),
            TermKind::Match(_, cases) => {
                for c in cases.iter() {
                    rebinds.extend(c.vars.iter().copied());
                }
            }
            _ => {}
        });
        let Some(tuple) = tuple else { continue };
        if fits && tuple.iter().all(|v| !rebinds.contains(v)) {
            found.push((t, xs.to_vec(), tuple, body));
        }
    }
    if found.is_empty() {
        return None;
    }
    let ns: Vec<VarId> = arg_sorts
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            let sym = cx.sym(&format!("vcsimp_validate_n!{k}"));
            cx.new_var(sym, s)
        })
        .collect();
    let ys: Vec<(FunId, VarId)> = funs
        .iter()
        .enumerate()
        .map(|(k, &f)| {
            let sym = cx.sym(&format!("vcsimp_validate_y!{k}"));
            let s = cx.fun(f).ret;
            (f, cx.new_var(sym, s))
        })
        .collect();
    let n_terms: Vec<TermId> = ns.iter().map(|&v| cx.mk_var(v)).collect();
    let mut parts = vec![];
    for (_, xs, tuple, body) in &found {
        let b = rebuild(cx, *body, |cx, _, new| match cx.kind(new).clone() {
            TermKind::Var(v) => tuple.iter().position(|&u| u == v).map(|k| n_terms[k]),
            TermKind::App(Op::Uf(f), args) if funs.contains(&f) && args[..] == n_terms[..] => {
                let &(_, y) = ys.iter().find(|(g, _)| *g == f)?;
                Some(cx.mk_var(y))
            }
            _ => None,
        });
        let rest: Vec<VarId> = xs.iter().copied().filter(|v| !tuple.contains(v)).collect();
        parts.push(if rest.is_empty() {
            b
        } else {
            cx.mk_binder(BinderKind::Forall, rest.into(), b, Box::new([]))
                .ok()?
        });
    }
    let all = if parts.len() == 1 {
        parts[0]
    } else {
        cx.mk_app(Op::And, parts).ok()?
    };
    let ex = cx
        .mk_binder(
            BinderKind::Exists,
            ys.iter().map(|&(_, y)| y).collect(),
            all,
            Box::new([]),
        )
        .ok()?;
    let exists = cx
        .mk_binder(BinderKind::Forall, ns.into(), ex, Box::new([]))
        .ok()?;
    Some(SkolemFacts {
        facts: found.iter().map(|&(t, ..)| t).collect(),
        exists,
    })
}

/// A proof hint of a pass ([`ReadBack::Certificate`]), named in the
/// query as `name`.
struct Certificate<'a> {
    claim: &'a str,
    params: &'a [(String, String)],
    hint: &'a str,
    name: String,
    /// `name` declared in the output's context, once used.
    fun: Option<FunId>,
}

/// Per assertion of `ts` (in `cx`, the output's context): where it is
/// `∀x̄. B` and, printed alone, the claim of a certificate whose
/// parameters have the sorts of `x̄`, the goal `∀x̄. hint(x̄) ∧ B`, with
/// `hint` defined by a `define-fun` of the certificate's text. That goal
/// implies `∀x̄. B` whatever `hint` says, so proving it from a premise
/// proves the assertion from it; a hint that is false or does not parse
/// only leaves the stronger goal unproved. A hint helps a solver where
/// the claim's proof needs instances of axioms at terms that occur in no
/// premise: from `¬∀x̄. hint(x̄) ∧ B` the solver gets those terms, ground
/// over its Skolem constants for `x̄`.
fn certified_goals(
    cx: &mut Context,
    ts: &[TermId],
    certs: &mut [Certificate],
) -> Vec<Option<Certified>> {
    ts.iter()
        .map(|&t| {
            let TermKind::Binder(BinderKind::Forall, vars, body, _) = cx.kind(t).clone() else {
                return None;
            };
            let text = claim_text(cx, t);
            let sorts: Vec<String> = vars
                .iter()
                .map(|&v| Printer::without_names(cx).sort(cx.var(v).sort))
                .collect();
            let c = certs.iter_mut().find(|c| {
                c.claim == text
                    && c.params.len() == sorts.len()
                    && c.params.iter().zip(&sorts).all(|((_, s), t)| s == t)
            })?;
            let fun = match c.fun {
                Some(f) => f,
                None => {
                    let sym = cx.sym(&c.name);
                    let ret = cx.bool_sort();
                    let args = vars.iter().map(|&v| cx.var(v).sort).collect();
                    let f = cx.declare_fun(FunDecl {
                        name: sym,
                        sort_params: Box::new([]),
                        args,
                        ret,
                        kind: FunKind::Declared,
                    });
                    c.fun = Some(f);
                    f
                }
            };
            let xs: Vec<TermId> = vars.iter().map(|&v| cx.mk_var(v)).collect();
            let hint = cx.mk_app(Op::Uf(fun), xs).ok()?;
            let both = cx.mk_app(Op::And, vec![hint, body]).ok()?;
            let goal = cx
                .mk_binder(BinderKind::Forall, vars.clone(), both, Box::new([]))
                .ok()?;
            let implied = cx.mk_app(Op::Implies, vec![hint, body]).ok()?;
            let bridge = cx
                .mk_binder(BinderKind::Forall, vars.clone(), implied, Box::new([]))
                .ok()?;
            let params: Vec<String> = c.params.iter().map(|(x, s)| format!("({x} {s})")).collect();
            let params = params.join(" ");
            let definition = format!("(define-fun {} ({params}) Bool {})\n", c.name, c.hint);
            let pieces = conjuncts_of_text(c.hint)
                .into_iter()
                .map(|h| format!("(forall ({params}) {h})"))
                .collect();
            Some(Certified {
                goal,
                definition,
                symbols: symbols_of_text(c.hint),
                pieces,
                bridge,
            })
        })
        .collect()
}

/// The words of `text` other than parentheses: the symbols it may name.
fn symbols_of_text(text: &str) -> BTreeSet<String> {
    normalized(text)
        .split(' ')
        .filter(|w| *w != "(" && *w != ")")
        .map(str::to_string)
        .collect()
}

/// The conjuncts of the formula `text`, as text: the arguments of a
/// top-level `and`, else `text` itself. A text that does not read as one
/// s-expression is its own single conjunct (its queries then fail, which
/// proves nothing).
fn conjuncts_of_text(text: &str) -> Vec<String> {
    let whole = || vec![text.to_string()];
    let Ok(mut reader) = smtlib_io::sexpr::Reader::new(text) else {
        return whole();
    };
    let Ok(Some(arena)) = reader.next_sexpr() else {
        return whole();
    };
    if !text[reader.offset()..].trim().is_empty() {
        return whole();
    }
    match arena.list(arena.root) {
        Some([head, args @ ..]) if arena.is_word(*head, "and") && !args.is_empty() => {
            args.iter().map(|&a| arena.text(a).to_string()).collect()
        }
        _ => whole(),
    }
}

/// `header` with the Boolean constants `extra` declared.
fn query_header(header: &str, extra: &[String]) -> String {
    let mut q = String::from(header);
    for name in extra {
        q.push_str(&format!("(declare-const {name} Bool)\n"));
    }
    q
}

fn query(header: &str, extra: &[String], claim: &str) -> String {
    let mut q = query_header(header, extra);
    q.push_str(&format!("(assert (not {claim}))\n(check-sat)\n(exit)\n"));
    q
}

/// At most this many claims go to one run of the solver
/// ([`Asker::ask_all`]).
const MAX_BATCH: usize = 64;

/// Asks the solvers, within the validation's budget ([`MAX_QUERIES`]),
/// remembering every answer.
struct Asker<'a> {
    solver: &'a SolverCommand,
    /// `solver` with a quarter of its time limit, for the sliced claims
    /// ([`Lemmas::sliced_claim`], asked as solver 3): those it proves,
    /// it proves quickly, and each one it does not costs its limit.
    quick: SolverCommand,
    /// Answers by solver (0: `solver`, 1: its fallback) and query.
    asked: HashMap<(usize, String), Answer>,
    undecided_runs: usize,
    started: std::time::Instant,
    time_budget: Duration,
    /// The first solver gave no answer at all to some query (it could not
    /// run, exited early, or rejected the query): asking it smaller
    /// claims would get no answer either.
    failed: bool,
}

impl<'a> Asker<'a> {
    fn new(solver: &'a SolverCommand) -> Asker<'a> {
        Asker {
            solver,
            quick: SolverCommand {
                timeout: (solver.timeout / 4).max(Duration::from_millis(1)),
                ..solver.clone()
            },
            asked: HashMap::new(),
            undecided_runs: 0,
            started: std::time::Instant::now(),
            time_budget: solver.timeout.saturating_mul(MAX_UNDECIDED as u32),
            failed: false,
        }
    }

    fn spent(&self) -> bool {
        self.asked.len() >= MAX_QUERIES
            || self.undecided_runs >= MAX_UNDECIDED
            || self.started.elapsed() >= self.time_budget
    }

    fn not_asked() -> Answer {
        Answer::Undecided("not asked: the validation's query budget is spent".into())
    }

    fn note(&mut self, key: (usize, String), a: &Answer) {
        // z3's second configuration often answers `unknown` at once (where
        // its core lacks a theory or quantifier feature): only the time
        // budget counts its answers; so does it count the quick sliced
        // claims', which cost a quarter of the limit each
        self.undecided_runs += usize::from(key.0 < 2 && matches!(a, Answer::Undecided(_)));
        self.failed |= key.0 == 0 && matches!(a, Answer::Failed(_));
        self.asked.insert(key, a.clone());
    }

    /// The answer of solver `which` (0: the solver, 1: its fallback) to
    /// the query `q`.
    fn ask(&mut self, which: usize, q: String) -> Answer {
        let key = (which, q);
        if let Some(a) = self.asked.get(&key) {
            return a.clone();
        }
        let Some(s) = (match which {
            0 => Some(self.solver),
            2 => Some(self.solver).filter(|s| is_z3(s)),
            3 => Some(&self.quick),
            _ => self.solver.fallback.as_deref(),
        }) else {
            return Answer::Undecided("no such solver".into());
        };
        if self.spent() {
            return Asker::not_asked();
        }
        let a = ask(s, &key.1);
        self.note(key, &a);
        a
    }

    /// The solver's answers to the claims `claims`, each asked as
    /// [`query`]`(header, &[], claim)` would ask it. Where the solver
    /// is z3, the claims not answered before go to one run, at most
    /// [`MAX_BATCH`] at a time, each in its own `push`/`pop` scope under
    /// z3's per-check `timeout` option: a check sees the header and its
    /// own negated claim only, as in a run of its own, and the run saves
    /// starting the solver and reading the header once per claim. An
    /// answer other than `sat`, `unsat` or `unknown` anywhere in the run
    /// (an error) makes its claims be asked one by one.
    fn ask_all(&mut self, header: &str, claims: Vec<String>) -> Vec<Answer> {
        self.ask_all_with(0, header, claims)
    }

    /// [`Asker::ask_all`] with the solver `which`: 0, 2 for z3 in its
    /// second configuration ([`Z3_SECOND`]; for another solver every
    /// answer is undecided), or 3 for the solver with a quarter of its
    /// time limit.
    fn ask_all_with(&mut self, which: usize, header: &str, claims: Vec<String>) -> Vec<Answer> {
        let header = match which {
            2 => format!("{Z3_SECOND}{header}"),
            _ => header.to_string(),
        };
        let header = header.as_str();
        let keys: Vec<(usize, String)> = claims
            .iter()
            .map(|c| (which, query(header, &[], c)))
            .collect();
        if is_z3(self.solver) {
            let todo: Vec<usize> = (0..keys.len())
                .filter(|&k| !self.asked.contains_key(&keys[k]))
                .collect();
            let mut seen = BTreeSet::new();
            let todo: Vec<usize> = todo
                .into_iter()
                .filter(|&k| seen.insert(&keys[k]))
                .collect();
            for chunk in todo.chunks(MAX_BATCH) {
                if chunk.len() < 2 || self.spent() {
                    break;
                }
                let room = MAX_QUERIES - self.asked.len();
                let chunk = &chunk[..chunk.len().min(room)];
                let batch: Vec<&str> = chunk.iter().map(|&k| claims[k].as_str()).collect();
                let left = self.time_budget.saturating_sub(self.started.elapsed());
                let solver = match which {
                    3 => &self.quick,
                    _ => self.solver,
                };
                let Some(answers) = ask_batch(solver, header, &batch, left) else {
                    continue;
                };
                for (&k, a) in chunk.iter().zip(answers) {
                    if let Some(a) = a {
                        self.note(keys[k].clone(), &a);
                    }
                }
            }
        }
        keys.into_iter().map(|(w, q)| self.ask(w, q)).collect()
    }
}

/// The options of z3's second configuration, set before a query's
/// header: its newer core (`sat.euf`), which proves within a second many
/// claims that its default core leaves undecided after a second (and
/// leaves some that the default core proves). Only its `unsat` is taken.
const Z3_SECOND: &str = "(set-option :sat.euf true)\n";

/// Is `solver` z3 (its program's file name)?
fn is_z3(solver: &SolverCommand) -> bool {
    std::path::Path::new(&solver.program)
        .file_name()
        .is_some_and(|n| n == "z3" || n == "z3.exe")
}

/// Ask z3 the claims in one run (see [`Asker::ask_all`]), within `left`
/// at most: per claim its answer, `None` for those the run did not reach;
/// `None` for all if the run failed or printed anything but answers.
fn ask_batch(
    solver: &SolverCommand,
    header: &str,
    claims: &[&str],
    left: Duration,
) -> Option<Vec<Option<Answer>>> {
    let ms = solver.timeout.as_millis().max(1);
    let mut q = format!("(set-option :timeout {ms})\n{header}");
    for c in claims {
        q.push_str(&format!(
            "(push 1)\n(assert (not {c}))\n(check-sat)\n(pop 1)\n"
        ));
    }
    q.push_str("(exit)\n");
    let argv: Vec<String> = std::iter::once(solver.program.clone())
        .chain(solver.args.iter().cloned())
        .collect();
    let whole = solver
        .timeout
        .saturating_mul(claims.len() as u32 + 1)
        .min(left.max(solver.timeout));
    let f = crate::process::run(&argv, q.as_bytes(), whole).ok()?;
    batch_answers(
        &String::from_utf8_lossy(&f.stdout),
        claims.len(),
        f.exit.is_none(),
    )
}

/// The answers to `n` checks in the output `out` of one solver run
/// (`killed`: stopped at its time limit): `None` for the checks it did not
/// reach, the one it was killed in undecided; `None` for all unless the
/// output is answers only, as many as checks for a run that ended.
fn batch_answers(out: &str, n: usize, killed: bool) -> Option<Vec<Option<Answer>>> {
    let mut answers = vec![];
    for l in out.lines().map(str::trim).filter(|l| !l.is_empty()) {
        answers.push(Some(match l {
            "unsat" => Answer::Unsat,
            "sat" => Answer::Sat,
            "unknown" => Answer::Undecided("solver answered unknown".into()),
            _ => return None,
        }));
    }
    if answers.len() > n || (!killed && answers.len() != n) {
        return None;
    }
    if killed && answers.len() < n {
        answers.push(Some(Answer::Undecided("solver timeout".into())));
    }
    answers.resize(n, None);
    Some(answers)
}

/// A formula of a premise, printed, with the uninterpreted symbols it
/// mentions (by name).
#[derive(Clone, Debug)]
struct Part {
    text: String,
    symbols: BTreeSet<String>,
}

/// One part of a scope's claim: `premise ⇒ goal`.
struct Obligation {
    /// Obligations of one group share their premise.
    group: usize,
    premise: String,
    /// The conjuncts of `premise`.
    parts: Rc<Vec<Part>>,
    goal: Part,
    /// For a goal `∀x̄. B` that a pass gave a certificate for
    /// ([`ReadBack::Certificate`]): the claims that prove it with the hint.
    strong: Option<Strong>,
    /// Which assertion the goal is, for the verdict's detail.
    what: String,
}

/// What proves a certified goal `∀x̄. B` ([`certified_goals`]), asked with
/// the `define-fun` of `hint` (in its own queries only: a hint that does
/// not parse must not spoil the other queries).
#[derive(Clone)]
struct Strong {
    /// The stronger goal `∀x̄. hint(x̄) ∧ B`.
    goal: Part,
    /// The `define-fun` of `hint`.
    definition: String,
    /// `∀x̄. h_j(x̄)` per conjunct `h_j` of the hint, each a goal from the
    /// obligation's premise.
    pieces: Vec<Part>,
    /// `∀x̄. hint(x̄) ⇒ B`, a goal from no premise.
    bridge: Part,
}

impl Obligation {
    /// `premise ⇒ ⋀ goals` for obligations `obs` of one group.
    fn claim_of(&self, obs: &[&Obligation]) -> String {
        let goals: Vec<&str> = obs.iter().map(|o| o.goal.text.as_str()).collect();
        match &goals[..] {
            [g] => format!("(=> {} {g})", self.premise),
            _ => format!("(=> {} (and {}))", self.premise, goals.join(" ")),
        }
    }

    /// This obligation with its certified goal in place of its goal, if
    /// it has one: proving it proves this one (the certified goal implies
    /// the goal, whatever the hint says), with the definition of the hint
    /// that its query needs.
    fn strengthened(&self) -> Option<(Obligation, String)> {
        let strong = self.strong.as_ref()?;
        Some((self.with_goal(&strong.goal), strong.definition.clone()))
    }

    /// This obligation with `goal` in place of its goal.
    fn with_goal(&self, goal: &Part) -> Obligation {
        Obligation {
            group: self.group,
            premise: self.premise.clone(),
            parts: self.parts.clone(),
            goal: goal.clone(),
            strong: None,
            what: self.what.clone(),
        }
    }
}

/// The goals proved so far, per group. A goal `g` proved from premise `P`
/// may join `P` for the group's other obligations: `P ⇒ g` makes
/// `P ⇒ h` and `P ∧ g ⇒ h` the same claim. A pass's derived facts (a
/// bound that `context` or `ctx-simplify` read off the other assertions,
/// kept as an assertion of its own) are such stepping stones: the goal
/// that the pass simplified with them needs them again.
struct Lemmas {
    by_group: HashMap<usize, Vec<Part>>,
}

impl Lemmas {
    /// The goals of the obligations of `obs` not in `open`: those proved
    /// (or, for `None`, holding trivially: their goal is a premise, and
    /// adds nothing).
    fn proved_except(obs: &[Option<Obligation>], open: &[usize]) -> Lemmas {
        let open: BTreeSet<usize> = open.iter().copied().collect();
        let mut lemmas = Lemmas {
            by_group: HashMap::new(),
        };
        for (n, ob) in obs.iter().enumerate() {
            if let Some(ob) = ob.as_ref().filter(|_| !open.contains(&n)) {
                lemmas.add(ob);
            }
        }
        lemmas
    }

    /// How many lemmas `ob`'s group has.
    fn count(&self, ob: &Obligation) -> usize {
        self.by_group.get(&ob.group).map_or(0, Vec::len)
    }

    /// Does a lemma of `ob`'s group after the first `seen` share a symbol
    /// with its goal (any lemma, for a goal with no symbol, such as
    /// `false`)?
    fn new_for(&self, ob: &Obligation, seen: usize) -> bool {
        let goal = &ob.goal.symbols;
        self.by_group.get(&ob.group).is_some_and(|ls| {
            ls.iter()
                .skip(seen)
                .any(|l| goal.is_empty() || !l.symbols.is_disjoint(goal))
        })
    }

    fn add(&mut self, ob: &Obligation) {
        self.by_group
            .entry(ob.group)
            .or_default()
            .push(ob.goal.clone());
    }

    /// `premise ∧ lemmas ⇒ goal` for `ob`.
    fn claim_of(&self, ob: &Obligation) -> String {
        match self.by_group.get(&ob.group) {
            Some(ls) if !ls.is_empty() => {
                let ls: Vec<&str> = ls.iter().map(|l| l.text.as_str()).collect();
                format!(
                    "(=> (and {} {}) {})",
                    ob.premise,
                    ls.join(" "),
                    ob.goal.text
                )
            }
            _ => ob.claim_of(&[ob]),
        }
    }

    /// A weaker premise for `ob` chosen by rare symbols, as `S ⇒ goal`:
    /// the conjuncts of the premise and the lemmas reached from the
    /// goal's symbols in [`SLICE_DEPTH`] rounds, where a conjunct is
    /// reached through a symbol only if that symbol is among its rarest
    /// (occurring in at most 3/2 times as many conjuncts as its rarest
    /// one), and a reached conjunct's symbols join the next round. A
    /// symbol that most conjuncts mention (a record's field, the grid's
    /// size) thus does not pull them all in, where
    /// [`Lemmas::relevant_claims`] takes every conjunct sharing one. As
    /// there, `S` is a part of the premise: proving `S ⇒ g` proves
    /// `P ⇒ g`, and a `sat` proves nothing. `None` when the selection is
    /// empty or the whole premise.
    fn sliced_claim(&self, ob: &Obligation) -> Option<String> {
        let mut all: Vec<&Part> = ob.parts.iter().collect();
        if let Some(ls) = self.by_group.get(&ob.group) {
            all.extend(ls.iter());
        }
        let mut occurs: HashMap<&str, usize> = HashMap::new();
        for p in &all {
            for s in &p.symbols {
                *occurs.entry(s.as_str()).or_default() += 1;
            }
        }
        let triggers: Vec<BTreeSet<&str>> = all
            .iter()
            .map(|p| {
                let rarest = p.symbols.iter().map(|s| occurs[s.as_str()]).min();
                p.symbols
                    .iter()
                    .map(String::as_str)
                    .filter(|s| rarest.is_some_and(|r| 2 * occurs[s] <= 3 * r))
                    .collect()
            })
            .collect();
        let mut reached: BTreeSet<&str> = ob.goal.symbols.iter().map(String::as_str).collect();
        let mut done: BTreeSet<&str> = BTreeSet::new();
        let mut chosen = vec![false; all.len()];
        for _ in 0..SLICE_DEPTH {
            let front: BTreeSet<&str> = reached.difference(&done).copied().collect();
            done.extend(front.iter().copied());
            for n in 0..all.len() {
                if !chosen[n] && !triggers[n].is_disjoint(&front) {
                    chosen[n] = true;
                    reached.extend(all[n].symbols.iter().map(String::as_str));
                }
            }
        }
        let picked: Vec<&str> = (0..all.len())
            .filter(|&n| chosen[n])
            .map(|n| all[n].text.as_str())
            .collect();
        if picked.is_empty() || picked.len() == all.len() {
            return None;
        }
        Some(match &picked[..] {
            [p] => format!("(=> {p} {})", ob.goal.text),
            _ => format!("(=> (and {}) {})", picked.join(" "), ob.goal.text),
        })
    }

    /// Weaker premises for `ob`, smallest first: `S₁ ⇒ goal` and
    /// `S₂ ⇒ goal`, where `Sₖ` holds the conjuncts of the premise and the
    /// lemmas within `k` steps of the goal (a conjunct is one step from
    /// a set of symbols if it mentions one of them; its own symbols join
    /// the set for the next step). Only selections smaller than the whole
    /// premise are given. Proving `S ⇒ g` for a part `S` of `P` proves
    /// `P ⇒ g`; an answer `sat` to it proves nothing (the part may be too
    /// weak). A solver lost among hundreds of axioms that do not concern
    /// the goal can decide the smaller question.
    fn relevant_claims(&self, ob: &Obligation) -> Vec<String> {
        let mut all: Vec<&Part> = ob.parts.iter().collect();
        if let Some(ls) = self.by_group.get(&ob.group) {
            all.extend(ls.iter());
        }
        let mut symbols = ob.goal.symbols.clone();
        let mut chosen = vec![false; all.len()];
        let mut claims: Vec<String> = vec![];
        for _ in 0..2 {
            let step: Vec<usize> = (0..all.len())
                .filter(|&n| !chosen[n] && !all[n].symbols.is_disjoint(&symbols))
                .collect();
            for &n in &step {
                chosen[n] = true;
                symbols.extend(all[n].symbols.iter().cloned());
            }
            let picked: Vec<&str> = (0..all.len())
                .filter(|&n| chosen[n])
                .map(|n| all[n].text.as_str())
                .collect();
            if step.is_empty() || picked.len() == all.len() {
                break;
            }
            claims.push(match &picked[..] {
                [p] => format!("(=> {p} {})", ob.goal.text),
                _ => format!("(=> (and {}) {})", picked.join(" "), ob.goal.text),
            });
        }
        claims
    }
}

/// The rounds of [`Lemmas::sliced_claim`]: the definitions a rewritten
/// assertion needs (a predicate's, then the accessors' it unfolds to)
/// are a few links away from its goal.
const SLICE_DEPTH: usize = 3;

/// The sliced claims of a sweep are asked this many at a time
/// ([`Lemmas::sliced_claim`]), the next ones only if some were proved.
const SLICE_CHUNK: usize = 8;

/// The obligations among `open` (indices into `obs`, all `Some`) that
/// `ask` proves (answers `unsat` for their claim), asked a group of
/// obligations with one premise at a time and halved where not proved
/// whole. Other answers prove nothing. The claims of one round of halving
/// go to `ask` together, which answers each in order.
fn prove_in_groups(
    open: &[usize],
    obs: &[Option<Obligation>],
    mut ask: impl FnMut(Vec<String>) -> Vec<Answer>,
) -> BTreeSet<usize> {
    let of = |n: usize| obs[n].as_ref().expect("open obligations are non-trivial");
    let mut proved = BTreeSet::new();
    let mut parts: Vec<Vec<usize>> = vec![];
    for &n in open {
        let g = of(n).group;
        match parts.last_mut() {
            Some(last) if of(last[0]).group == g => last.push(n),
            _ => parts.push(vec![n]),
        }
    }
    while !parts.is_empty() {
        let claims: Vec<String> = parts
            .iter()
            .map(|part| {
                let all: Vec<&Obligation> = part.iter().map(|&n| of(n)).collect();
                of(part[0]).claim_of(&all)
            })
            .collect();
        let answers = ask(claims);
        let mut next = vec![];
        for (k, part) in parts.into_iter().enumerate() {
            if answers.get(k) == Some(&Answer::Unsat) {
                proved.extend(part.iter().copied());
            } else if part.len() > 1 {
                let (a, b) = part.split_at(part.len() / 2);
                next.push(a.to_vec());
                next.push(b.to_vec());
            }
        }
        parts = next;
    }
    proved
}

/// The formulas of one scope's check. `i`, `i_tau` and `d` are in the
/// input's context, the others in the output's.
struct Check {
    /// The input's assertions `I`.
    i: Vec<TermId>,
    /// `I` with each split constant read as its value (`Iτ`).
    i_tau: Vec<TermId>,
    /// The dropped definitions (input's axioms) with each split constant
    /// read as its value (`Dτ`).
    d: Vec<TermId>,
    /// `Dτ` with each field constant read as its projection (`Dτσ`).
    d_sigma: Vec<TermId>,
    /// The output's assertions `O`.
    o: Vec<TermId>,
    /// `O` with each field constant read as its projection (`Oσ`).
    o_sigma: Vec<TermId>,
    /// The facts of Skolem functions among `O`, with `σ` (`Fσ`).
    facts: Vec<TermId>,
    /// Per assertion of `Oσ`, its certified form
    /// ([`certified_goals`]), if a pass gave a certificate for it.
    certified: Vec<Option<Certified>>,
}

/// An output assertion's certified form ([`certified_goals`]).
#[derive(Clone)]
struct Certified {
    /// `∀x̄. hint(x̄) ∧ B`, in the output's context.
    goal: TermId,
    /// The `define-fun` of `hint`.
    definition: String,
    /// The symbols the hint's text names (for [`Lemmas::relevant_claims`]).
    symbols: BTreeSet<String>,
    /// `∀x̄. h_j(x̄)` for each conjunct `h_j` of the hint, as text.
    pieces: Vec<String>,
    /// `∀x̄. hint(x̄) ⇒ B`, in the output's context.
    bridge: TermId,
}

impl Check {
    /// The claim the solver is to prove valid: `I = (O ∧ D)` when no
    /// symbol is read back through witnesses, else
    /// `(I ∧ Fσ ⇒ Oσ ∧ D) ∧ (O ∧ D ⇒ Iτ)`.
    fn claim(&self, in_cx: &Context, out_cx: &Context) -> String {
        let output = |o: &[TermId], d: &[TermId]| {
            if d.is_empty() {
                conjunction(out_cx, o)
            } else {
                format!("(and {} {})", conjunction(out_cx, o), conjunction(in_cx, d))
            }
        };
        let i = conjunction(in_cx, &self.i);
        if self.i == self.i_tau && self.o == self.o_sigma && self.facts.is_empty() {
            return format!("(= {i} {})", output(&self.o, &self.d));
        }
        let premise = if self.facts.is_empty() {
            i
        } else {
            format!("(and {i} {})", conjunction(out_cx, &self.facts))
        };
        format!(
            "(and (=> {premise} {}) (=> {} {}))",
            output(&self.o_sigma, &self.d_sigma),
            output(&self.o, &self.d),
            conjunction(in_cx, &self.i_tau)
        )
    }

    /// The claim split into obligations `premise ⇒ goal`, one per
    /// conjunct of each conclusion, with what each goal is: their
    /// conjunction is the claim. An obligation whose goal is one of its
    /// premises, as printed or up to the names of bound variables and
    /// patterns ([`claim_text`]), is `None` (it holds).
    fn obligations(&self, in_cx: &mut Context, out_cx: &mut Context) -> Vec<Option<Obligation>> {
        // alpha-equivalent formulas, printed apart, differ in the names of
        // their bound variables: their keys do not
        let keys = |cx: &mut Context, ts: &[TermId]| -> Vec<String> {
            ts.iter().map(|&t| claim_text(cx, t)).collect()
        };
        let (ki, kd, kfacts) = (
            keys(in_cx, &self.i),
            keys(in_cx, &self.d),
            keys(out_cx, &self.facts),
        );
        let (ko, ko_sigma, ki_tau, kd_sigma) = (
            keys(out_cx, &self.o),
            keys(out_cx, &self.o_sigma),
            keys(in_cx, &self.i_tau),
            keys(in_cx, &self.d_sigma),
        );
        let (in_cx, out_cx) = (&*in_cx, &*out_cx);
        // an input assertion that is one of Why3's valid lemmas on `div`
        // and `mod` holds in every model (`prune-defs` drops them; the
        // table's tests prove each)
        let kvalid: Vec<String> = self
            .i_tau
            .iter()
            .zip(&ki_tau)
            .filter(|(&t, _)| {
                crate::passes::prune_defs::canonical(in_cx, t).is_some_and(|c| {
                    crate::passes::prune_defs::DIV_MOD_LEMMAS.contains(&c.as_str())
                })
            })
            .map(|(_, k)| k.clone())
            .collect();
        let parts = |cx: &Context, ts: &[TermId]| -> Vec<Part> {
            let mut p = Printer::without_names(cx);
            ts.iter()
                .map(|&t| Part {
                    text: p.term(t),
                    symbols: functions_in(cx, t)
                        .into_iter()
                        .map(|f| cx.sym_name(cx.fun(f).name).to_string())
                        .collect(),
                })
                .collect()
        };
        let (i, i_tau, d, d_sigma) = (
            parts(in_cx, &self.i),
            parts(in_cx, &self.i_tau),
            parts(in_cx, &self.d),
            parts(in_cx, &self.d_sigma),
        );
        let (o, o_sigma, facts) = (
            parts(out_cx, &self.o),
            parts(out_cx, &self.o_sigma),
            parts(out_cx, &self.facts),
        );
        let strong: Vec<Option<Strong>> = self
            .certified
            .iter()
            .map(|c| {
                c.as_ref().map(|c| {
                    let mut goal = parts(out_cx, &[c.goal]).remove(0);
                    goal.symbols.extend(c.symbols.iter().cloned());
                    let mut bridge = parts(out_cx, &[c.bridge]).remove(0);
                    bridge.symbols.extend(c.symbols.iter().cloned());
                    let pieces = c
                        .pieces
                        .iter()
                        .map(|p| Part {
                            symbols: symbols_of_text(p),
                            text: p.clone(),
                        })
                        .collect();
                    Strong {
                        goal,
                        definition: c.definition.clone(),
                        pieces,
                        bridge,
                    }
                })
            })
            .collect();
        let mut out = vec![];
        let mut group = 0;
        let mut add = |premises: &[&[Part]],
                       premise_keys: &[&[String]],
                       goals: &[Part],
                       goal_keys: &[String],
                       strong: &[Option<Strong>],
                       what: &str| {
            group += 1;
            let known: BTreeSet<&String> = premise_keys.iter().flat_map(|k| k.iter()).collect();
            let all: Rc<Vec<Part>> =
                Rc::new(premises.iter().flat_map(|p| p.iter()).cloned().collect());
            let texts: Vec<&str> = all.iter().map(|p| p.text.as_str()).collect();
            let premise = match &texts[..] {
                [] => "true".to_string(),
                [p] => p.to_string(),
                _ => format!("(and {})", texts.join(" ")),
            };
            for (k, g) in goals.iter().enumerate() {
                let holds = texts.contains(&g.text.as_str()) || known.contains(&goal_keys[k]);
                out.push((!holds).then(|| Obligation {
                    group,
                    premise: premise.clone(),
                    parts: all.clone(),
                    goal: g.clone(),
                    strong: strong.get(k).cloned().flatten(),
                    what: format!("{what} {}", k + 1),
                }));
            }
        };
        let ifs: &[&[String]] = &[&ki, &kfacts];
        add(
            &[&i, &facts],
            ifs,
            &o_sigma,
            &ko_sigma,
            &strong,
            "output assertion",
        );
        add(
            &[&i, &facts],
            ifs,
            &d_sigma,
            &kd_sigma,
            &[],
            "dropped definition",
        );
        add(
            &[&o, &d],
            &[&ko, &kd, &kvalid],
            &i_tau,
            &ki_tau,
            &[],
            "input assertion",
        );
        out
    }

    fn has_quantifier(&self, in_cx: &Context, out_cx: &Context) -> bool {
        let q = |cx: &Context, ts: &[TermId]| ts.iter().any(|&t| has_quantifier(cx, t));
        q(in_cx, &self.i)
            || q(in_cx, &self.i_tau)
            || q(in_cx, &self.d)
            || q(in_cx, &self.d_sigma)
            || q(out_cx, &self.o)
            || q(out_cx, &self.o_sigma)
            || q(out_cx, &self.facts)
    }

    /// The sides with every quantified subformula replaced by a Boolean
    /// constant, one per printed text ([`abstract_quantifiers`]), and the
    /// constants.
    fn abstracted(&self, in_cx: &mut Context, out_cx: &mut Context) -> (Check, Vec<String>) {
        let mut names = HashMap::new();
        let sides = Check {
            i: abstract_quantifiers(in_cx, &self.i, &mut names),
            i_tau: abstract_quantifiers(in_cx, &self.i_tau, &mut names),
            d: abstract_quantifiers(in_cx, &self.d, &mut names),
            d_sigma: abstract_quantifiers(in_cx, &self.d_sigma, &mut names),
            o: abstract_quantifiers(out_cx, &self.o, &mut names),
            o_sigma: abstract_quantifiers(out_cx, &self.o_sigma, &mut names),
            facts: abstract_quantifiers(out_cx, &self.facts, &mut names),
            certified: vec![],
        };
        let mut extra: Vec<String> = names.into_values().collect();
        extra.sort();
        extra.dedup();
        (sides, extra)
    }
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
    check(
        input,
        output,
        read_back,
        &mut Asker::new(solver),
        Asked::WholeThenObligations,
    )
}

/// What [`check`] asks of each scope (see [`validate_steps`] for why a
/// step asks its obligations only, and why the whole check of a run with
/// steps asks its obligations last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// The whole claim (and, undecided, with its quantified subformulas
    /// abstracted), not its obligations.
    Whole,
    /// The whole claim, then, undecided, its obligations.
    WholeThenObligations,
    /// The obligations only.
    Obligations,
}

/// [`validate`] with `asker`'s budget, asking what `asked` says.
fn check(
    input: &Script,
    output: &Script,
    read_back: &[ReadBack],
    asker: &mut Asker,
    asked: Asked,
) -> Validation {
    let whole_first = asked != Asked::Obligations;
    let solver = asker.solver;
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
    let (mut in_cx, mut out_cx) = (input.cx.clone(), output.cx.clone());
    let (mut arrays, mut records, mut dropped) = (HashMap::new(), vec![], BTreeSet::new());
    let (mut splits, mut skolems, mut certs) = (vec![], vec![], vec![]);
    for r in read_back {
        match r {
            ReadBack::ArrayFunction { name, indices } => {
                arrays.insert(name.as_str(), *indices);
            }
            ReadBack::RecordFields { name, shapes } => records.push((name.as_str(), &shapes[..])),
            ReadBack::DroppedDefinition { name } => {
                dropped.insert(name.as_str());
            }
            ReadBack::SplitConstant { name, value } => splits.push((name.as_str(), value)),
            ReadBack::SkolemFunctions { names } => skolems.push(names),
            ReadBack::Certificate {
                claim,
                params,
                hint,
            } => certs.push((claim.as_str(), &params[..], hint.as_str())),
        }
    }
    let outs = undo_array_functions(input, output, &mut out_cx, outs, &arrays);
    let outs = undo_record_arguments(input, output, &mut out_cx, outs, &records);
    let sig = match signature(input, output, &mut out_cx) {
        Ok(sig) => sig,
        Err(why) => {
            return Validation {
                verdict: Verdict::Unknown,
                scopes: ins.len(),
                agreed: 0,
                detail: format!("no query: {why}"),
            }
        }
    };
    let outs: Vec<Vec<TermId>> = outs
        .into_iter()
        .map(|ts| {
            ts.into_iter()
                .map(|t| rename_in(&mut out_cx, t, &sig.renamed))
                .collect()
        })
        .collect();
    let pinned = pinned_constants(input, output, &mut out_cx, &splits, &sig.renamed);
    let splits = split_constants(
        input,
        output,
        &mut in_cx,
        &mut out_cx,
        &splits,
        &sig.input_names,
    );
    // the Skolem functions of each group, where all are fresh
    let out_decls = declared_by_name(output);
    let groups: Vec<BTreeSet<FunId>> = skolems
        .iter()
        .filter_map(|names| {
            names
                .iter()
                .map(|n| {
                    let f = *out_decls.get(n.as_str())?;
                    (!sig.input_names.contains(n.as_str())).then_some(f)
                })
                .collect::<Option<BTreeSet<FunId>>>()
        })
        .collect();
    let mut certs: Vec<Certificate> = certs
        .into_iter()
        .enumerate()
        .filter_map(|(k, (claim, params, hint))| {
            let name = format!("vcsimp_validate_cert!{k}");
            let taken = sig.input_names.contains(&name) || out_decls.contains_key(&name);
            (!taken).then_some(Certificate {
                claim,
                params,
                hint,
                name,
                fun: None,
            })
        })
        .collect();
    let header = &sig.header;
    let mut agreed = 0;
    // scopes undecided as a whole where some obligations were proved
    let mut partly = 0;
    let mut undecided = vec![];
    for (k, (i_ts, o_ts)) in ins.iter().zip(&outs).enumerate() {
        let scope = k + 1;
        let d = dropped_definitions(&in_cx, i_ts, &out_cx, o_ts, &dropped);
        // A constant that the output uses cannot take its value.
        let name = |cx: &Context, f: FunId| cx.sym_name(cx.fun(f).name).to_string();
        let used: BTreeSet<String> = o_ts
            .iter()
            .flat_map(|&t| functions_in(&out_cx, t))
            .map(|f| name(&out_cx, f))
            .collect();
        let active: Vec<&SplitWitness> =
            splits.iter().filter(|w| !used.contains(&w.name)).collect();
        // a split constant the output still uses keeps its fields read
        // as its projections (`σ`), but is not given its value (`τ`)
        let forward: HashMap<TermId, TermId> =
            splits.iter().flat_map(|w| w.forward.clone()).collect();
        let forward_in: HashMap<TermId, TermId> =
            active.iter().flat_map(|w| w.forward_in.clone()).collect();
        let backward: HashMap<TermId, TermId> = active.iter().map(|w| w.backward).collect();
        let sigma = |cx: &mut Context, ts: &[TermId]| -> Vec<TermId> {
            if forward.is_empty() {
                return ts.to_vec();
            }
            ts.iter()
                .map(|&t| crate::term::replace(cx, t, &forward))
                .collect()
        };
        let substituted = |cx: &mut Context, ts: &[TermId], map: &HashMap<TermId, TermId>| {
            if map.is_empty() {
                return ts.to_vec();
            }
            ts.iter()
                .map(|&t| crate::term::replace(cx, t, map))
                .collect::<Vec<TermId>>()
        };
        let d = substituted(&mut in_cx, &d, &backward);
        let d_sigma = substituted(&mut in_cx, &d, &forward_in);
        let mut facts = vec![];
        let mut exists = vec![];
        for (g, funs) in groups.iter().enumerate() {
            let others: BTreeSet<FunId> = groups
                .iter()
                .enumerate()
                .filter(|&(h, _)| h != g)
                .flat_map(|(_, fs)| fs.iter().copied())
                .collect();
            if let Some(sk) = skolem_facts(&mut out_cx, o_ts, funs, &others) {
                facts.extend(sigma(&mut out_cx, &sk.facts));
                exists.extend(sigma(&mut out_cx, &[sk.exists]));
            }
        }
        // A constant the output pins (`ρ`: c ↦ its value) that the
        // input's assertions do not mention, where nothing else is read
        // back through witnesses.
        let mut o_sigma = sigma(&mut out_cx, o_ts);
        if forward.is_empty() && facts.is_empty() {
            let in_scope: BTreeSet<String> = i_ts
                .iter()
                .flat_map(|&t| functions_in(&in_cx, t))
                .map(|f| name(&in_cx, f))
                .collect();
            let rho: HashMap<TermId, TermId> = pinned
                .iter()
                .filter(|p| used.contains(&p.name) && !in_scope.contains(&p.name))
                .map(|p| (p.constant, p.value))
                .collect();
            o_sigma = substituted(&mut out_cx, o_ts, &rho);
        }
        let sides = Check {
            i: i_ts.clone(),
            i_tau: substituted(&mut in_cx, i_ts, &backward),
            d,
            d_sigma,
            o: o_ts.clone(),
            o_sigma,
            facts,
            certified: vec![],
        };
        let certified = certified_goals(&mut out_cx, &sides.o_sigma, &mut certs);
        let sides = Check { certified, ..sides };
        let quantified = sides.has_quantifier(&in_cx, &out_cx);
        let mut answer = if whole_first {
            asker.ask(0, query(header, &[], &sides.claim(&in_cx, &out_cx)))
        } else {
            Answer::Undecided("not asked".into())
        };
        let abstracted = if matches!(answer, Answer::Undecided(_)) && quantified {
            let (abstracted, extra) = sides.abstracted(&mut in_cx, &mut out_cx);
            let q = query(header, &extra, &abstracted.claim(&in_cx, &out_cx));
            if whole_first && asker.ask(0, q.clone()) == Answer::Unsat {
                answer = Answer::Unsat;
            }
            Some((abstracted, extra))
        } else {
            None
        };
        // Undecided as a whole: the obligations, in groups halved until
        // proved, first with quantified subformulas abstracted (quick),
        // then one at a time in full.
        if let (Answer::Undecided(why), false) = (answer.clone(), asked == Asked::Whole) {
            let full = sides.obligations(&mut in_cx, &mut out_cx);
            let total = full.len();
            let mut open: Vec<usize> = (0..total).filter(|&n| full[n].is_some()).collect();
            if let Some((abs, extra)) = &abstracted {
                let abs = abs.obligations(&mut in_cx, &mut out_cx);
                open.retain(|&n| abs[n].is_some());
                // a goal that is one abstracted quantifier, not a premise,
                // cannot follow from the abstraction
                let whole_quantifier = |n: &usize| {
                    abs[*n]
                        .as_ref()
                        .is_some_and(|o| extra.contains(&o.goal.text))
                };
                let tried: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|n| !whole_quantifier(n))
                    .collect();
                let proved = prove_in_groups(&tried, &abs, |claims| {
                    asker.ask_all(&query_header(header, extra), claims)
                });
                open.retain(|n| !proved.contains(n));
            }
            // One at a time in full, each with the goals of its group
            // proved so far among its premises (see [`Lemmas`]),
            // in sweeps while a sweep proves something. Once a sweep
            // proves nothing, the next ones also ask the fallback solver
            // the same claim and the solver weaker ones
            // ([`Lemmas::relevant_claims`]), whose `sat` proves nothing.
            let mut lemmas = Lemmas::proved_except(&full, &open);
            let mut undecided_here: Vec<(usize, String)> = vec![];
            let mut found_sat = false;
            // obligations whose full claim (1, with the number of lemmas it
            // was asked with) or fallback claim (3) was undecided
            let (mut hard_full, mut hard_fallback) = (BTreeMap::new(), BTreeMap::new());
            // and those whose claim z3's second configuration left undecided
            let mut hard_second = BTreeMap::new();
            // and those whose sliced claim was undecided (or `sat`)
            let mut hard_sliced = BTreeMap::new();
            // the last reason an obligation's full claim stayed undecided
            let mut reason: HashMap<usize, String> = HashMap::new();
            loop {
                let before = open.len();
                // 1. the full claims, in one run where the solver allows
                let of = |n: usize| full[n].as_ref().expect("open obligations are non-trivial");
                // one undecided before is asked again where a lemma proved
                // since then concerns its goal (a stepping stone, see
                // [`Lemmas`])
                for &n in &open {
                    for hard in [
                        &mut hard_sliced,
                        &mut hard_full,
                        &mut hard_second,
                        &mut hard_fallback,
                    ] {
                        if let Some(&seen) = hard.get(&n) {
                            if lemmas.new_for(of(n), seen) {
                                hard.remove(&n);
                            }
                        }
                    }
                }
                // 0. the premises reached through rare symbols
                // ([`Lemmas::sliced_claim`]), in one run: most rewritten
                // assertions follow from a few, which a solver given all
                // of them often does not find within the limit; a `sat`
                // proves nothing
                let sliced: Vec<(usize, String)> = open
                    .iter()
                    .filter(|n| of(**n).strong.is_none() && !hard_sliced.contains_key(*n))
                    .filter_map(|&n| Some((n, lemmas.sliced_claim(of(n))?)))
                    .collect();
                let mut answers: HashMap<usize, Answer> = HashMap::new();
                // in chunks, until one proves none: where slices lack
                // what the goals need (bounds through common symbols),
                // each costs its limit for nothing
                for chunk in sliced.chunks(SLICE_CHUNK) {
                    let claims: Vec<String> = chunk.iter().map(|(_, c)| c.clone()).collect();
                    let mut any = false;
                    for (&(n, _), a) in chunk.iter().zip(asker.ask_all_with(3, header, claims)) {
                        hard_sliced.insert(n, lemmas.count(of(n)));
                        if a == Answer::Unsat {
                            any = true;
                            answers.insert(n, a);
                        }
                    }
                    if !any {
                        break;
                    }
                }
                let plain: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|n| {
                        of(*n).strong.is_none()
                            && !hard_full.contains_key(n)
                            && !answers.contains_key(n)
                    })
                    .collect();
                let claims: Vec<String> = plain.iter().map(|&n| lemmas.claim_of(of(n))).collect();
                answers.extend(plain.into_iter().zip(asker.ask_all(header, claims)));
                for &n in &open {
                    let Some((s, definition)) = of(n).strengthened() else {
                        continue;
                    };
                    let with_hint = format!("{header}{definition}");
                    // piece by piece: each conjunct of the hint from the
                    // premise, and the hint implying the goal from none;
                    // a `sat` for any of them proves nothing
                    if let Some(st) = &of(n).strong {
                        let mut claims: Vec<String> = st
                            .pieces
                            .iter()
                            .map(|p| lemmas.claim_of(&of(n).with_goal(p)))
                            .collect();
                        claims.push(st.bridge.text.clone());
                        let all = asker.ask_all(&with_hint, claims);
                        if all.iter().all(|a| *a == Answer::Unsat) {
                            answers.insert(n, Answer::Unsat);
                            continue;
                        }
                    }
                    // a `sat` for the stronger goal proves nothing
                    let q = query(&with_hint, &[], &lemmas.claim_of(&s));
                    let a = match asker.ask(0, q) {
                        Answer::Unsat => Answer::Unsat,
                        _ if hard_full.contains_key(&n) => {
                            Answer::Undecided("solver timeout".into())
                        }
                        _ => asker.ask(0, query(header, &[], &lemmas.claim_of(of(n)))),
                    };
                    answers.insert(n, a);
                }
                let undecided = |answers: &HashMap<usize, Answer>, n: &usize| {
                    !matches!(answers.get(n), Some(Answer::Unsat | Answer::Sat))
                };
                for &n in &open {
                    if let Some(Answer::Undecided(w) | Answer::Failed(w)) = answers.get(&n) {
                        hard_full.insert(n, lemmas.count(of(n)));
                        reason.insert(n, w.clone());
                    }
                }
                // 1b. z3's second configuration ([`Z3_SECOND`]) on the
                // full claims still undecided; only `unsat` is taken
                if is_z3(solver) {
                    let todo: Vec<usize> = open
                        .iter()
                        .copied()
                        .filter(|n| undecided(&answers, n) && !hard_second.contains_key(n))
                        .collect();
                    let claims: Vec<String> =
                        todo.iter().map(|&n| lemmas.claim_of(of(n))).collect();
                    for (n, a) in todo.into_iter().zip(asker.ask_all_with(2, header, claims)) {
                        if a == Answer::Unsat {
                            answers.insert(n, a);
                        } else {
                            hard_second.insert(n, lemmas.count(of(n)));
                        }
                    }
                }
                // 2. premises near the goal ([`Lemmas::relevant_claims`]),
                // nearest first, each round in one run; a `sat` proves
                // nothing
                for step in 0..2 {
                    let todo: Vec<(usize, String)> = open
                        .iter()
                        .filter(|n| undecided(&answers, n))
                        .filter_map(|&n| {
                            Some((n, lemmas.relevant_claims(of(n)).into_iter().nth(step)?))
                        })
                        .collect();
                    let (ns, claims): (Vec<usize>, Vec<String>) = todo.into_iter().unzip();
                    for (n, a) in ns.into_iter().zip(asker.ask_all(header, claims)) {
                        if a == Answer::Unsat {
                            answers.insert(n, a);
                        }
                    }
                }
                // 3. the fallback solver, on the full claim
                for &n in &open {
                    if !undecided(&answers, &n) || hard_fallback.contains_key(&n) {
                        continue;
                    }
                    match asker.ask(1, query(header, &[], &lemmas.claim_of(of(n)))) {
                        a @ (Answer::Unsat | Answer::Sat) => {
                            answers.insert(n, a);
                        }
                        Answer::Undecided(_) | Answer::Failed(_) => {
                            hard_fallback.insert(n, lemmas.count(of(n)));
                        }
                    }
                }
                undecided_here.clear();
                for &n in &open {
                    let ob = of(n);
                    let not_asked = || match reason.get(&n) {
                        Some(w) => Answer::Undecided(w.clone()),
                        None => Asker::not_asked(),
                    };
                    match answers.remove(&n).unwrap_or_else(not_asked) {
                        Answer::Unsat => lemmas.add(ob),
                        Answer::Sat => {
                            found_sat = true;
                            break;
                        }
                        Answer::Undecided(w) | Answer::Failed(w) => {
                            undecided_here.push((n, format!("{} ({w})", ob.what)))
                        }
                    }
                }
                open = undecided_here.iter().map(|(n, _)| *n).collect();
                if found_sat || open.is_empty() || open.len() == before {
                    break;
                }
            }
            let undecided_here: Vec<String> = undecided_here.into_iter().map(|(_, w)| w).collect();
            if !found_sat && !undecided_here.is_empty() && undecided_here.len() < total {
                partly += 1;
            }
            answer = if found_sat {
                Answer::Sat
            } else if undecided_here.is_empty() {
                Answer::Unsat
            } else {
                Answer::Undecided(format!(
                    "{why} on the whole; {} of {total} obligations proved one by one, undecided: {}",
                    total - undecided_here.len(),
                    listed(&undecided_here, 8)
                ))
            };
        }
        // Some choice of the Skolem functions satisfies their facts.
        if answer == Answer::Unsat {
            let i = conjunction(&in_cx, i_ts);
            for &e in &exists {
                let claim = format!("(=> {i} {})", Printer::without_names(&out_cx).term(e));
                match asker.ask(0, query(header, &[], &claim)) {
                    Answer::Unsat => {}
                    Answer::Sat => answer = Answer::Sat,
                    Answer::Undecided(why) | Answer::Failed(why) => {
                        answer = Answer::Undecided(format!(
                            "equivalent given the facts of its Skolem functions, but that the input implies some choice satisfies them is undecided ({why})"
                        ))
                    }
                }
                if answer != Answer::Unsat {
                    break;
                }
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
            Answer::Undecided(why) | Answer::Failed(why) => {
                undecided.push(format!("check-sat {scope}: {why}"))
            }
        }
    }
    let verdict = if undecided.is_empty() {
        Verdict::Agree
    } else if agreed > 0 || partly > 0 {
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

/// [`validate`], then, if the run stays undecided (neither agrees nor
/// disagrees), step by step: `steps` are the scripts after the steps of
/// the run, in order, each with its own read-back, the last being
/// `output` (see the module documentation). The whole claim is asked
/// first, without its obligations; then the steps, until one of them
/// stays undecided; then, if one did, the whole claim's obligations with
/// the budget left.
pub fn validate_steps(
    input: &Script,
    output: &Script,
    read_back: &[ReadBack],
    steps: &[Snapshot],
    solver: &SolverCommand,
) -> Validation {
    let mut asker = Asker::new(solver);
    if steps.is_empty() {
        return check(
            input,
            output,
            read_back,
            &mut asker,
            Asked::WholeThenObligations,
        );
    }
    let whole = check(input, output, read_back, &mut asker, Asked::Whole);
    // a solver that gave no answer to the whole claim gives none to a
    // step's obligations either, and a step skips the whole claim
    if matches!(whole.verdict, Verdict::Agree | Verdict::Disagree) || asker.failed {
        return whole;
    }
    // a hint can make no false claim agree: every step may use every one
    let certificates: Vec<ReadBack> = read_back
        .iter()
        .filter(|r| matches!(r, ReadBack::Certificate { .. }))
        .cloned()
        .collect();
    let (mut proved, mut open) = (vec![], vec![]);
    let mut before = input;
    for step in steps {
        let mut own = step.read_back.clone();
        own.extend(certificates.iter().cloned());
        let v = check(before, &step.script, &own, &mut asker, Asked::Obligations);
        match v.verdict {
            Verdict::Agree => proved.push(step.label.as_str()),
            Verdict::Disagree => {
                return Validation {
                    verdict: Verdict::Disagree,
                    scopes: whole.scopes,
                    agreed: 0,
                    detail: format!(
                        "{}; step by step, the step `{}` disagrees: {}",
                        whole.detail, step.label, v.detail
                    ),
                }
            }
            // the run can no longer agree: the budget left is not spent
            Verdict::Partial | Verdict::Unknown => {
                open.push(format!("`{}`: {}", step.label, v.detail));
                break;
            }
        }
        before = &step.script;
    }
    let n = steps.len();
    // a step stayed undecided: the whole claim's obligations, with the
    // budget the steps left (the whole claim's answers are remembered)
    let whole = match open.is_empty() {
        true => whole,
        false => {
            let again = check(
                input,
                output,
                read_back,
                &mut asker,
                Asked::WholeThenObligations,
            );
            if matches!(again.verdict, Verdict::Agree | Verdict::Disagree) {
                return Validation {
                    detail: format!(
                        "{}; step by step, {} of {n} steps proved, then undecided: {}",
                        again.detail,
                        proved.len(),
                        open.join(", ")
                    ),
                    ..again
                };
            }
            again
        }
    };
    if open.is_empty() {
        return Validation {
            verdict: Verdict::Agree,
            scopes: whole.scopes,
            agreed: whole.scopes,
            detail: format!(
                "{} of {} check-sat scope(s) proved equivalent step by step, all {n} steps: {}",
                whole.scopes,
                whole.scopes,
                proved.join(", ")
            ),
        };
    }
    let verdict = match (whole.verdict, proved.is_empty()) {
        (Verdict::Unknown, true) => Verdict::Unknown,
        _ => Verdict::Partial,
    };
    Validation {
        verdict,
        detail: format!(
            "{}; step by step, {} of {n} steps proved ({}), then undecided: {}",
            whole.detail,
            proved.len(),
            proved.join(", "),
            open.join(", ")
        ),
        ..whole
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_splits_into_its_top_level_conjuncts_only() {
        assert_eq!(
            conjuncts_of_text("(and (= (f u) 1) (and p q) |a b|)"),
            vec!["(= (f u) 1)", "(and p q)", "|a b|"]
        );
        // no top-level `and`, or text that is not one s-expression: whole
        for whole in ["(or p q)", "(and)", "p", "(and p", "(and p) q"] {
            assert_eq!(conjuncts_of_text(whole), vec![whole], "{whole}");
        }
    }

    #[test]
    fn batch_answers_are_taken_only_from_answers() {
        let all = batch_answers("unsat\nsat\nunknown\n", 3, false).unwrap();
        assert_eq!(all[0], Some(Answer::Unsat));
        assert_eq!(all[1], Some(Answer::Sat));
        assert!(matches!(all[2], Some(Answer::Undecided(_))));
        // an error anywhere: no answer is trusted
        assert_eq!(batch_answers("unsat\n(error \"x\")\nsat\n", 3, false), None);
        // a run that ended with fewer or more answers than checks
        assert_eq!(batch_answers("unsat\n", 3, false), None);
        assert_eq!(batch_answers("unsat\nunsat\n", 1, false), None);
        // killed during the second check: the third is not answered
        let cut = batch_answers("unsat\n", 3, true).unwrap();
        assert_eq!(cut[0], Some(Answer::Unsat));
        assert_eq!(cut[1], Some(Answer::Undecided("solver timeout".into())));
        assert_eq!(cut[2], None);
    }

    #[test]
    fn prove_in_groups_halves_a_group_round_by_round() {
        let part = |t: &str| Part {
            text: t.into(),
            symbols: BTreeSet::new(),
        };
        let parts = Rc::new(vec![part("p")]);
        let ob = |g: &str| {
            Some(Obligation {
                group: 1,
                premise: "p".into(),
                parts: parts.clone(),
                goal: part(g),
                strong: None,
                what: g.into(),
            })
        };
        let obs = vec![ob("a"), ob("bad"), ob("c"), ob("d")];
        let mut rounds = vec![];
        let proved = prove_in_groups(&[0, 1, 2, 3], &obs, |claims| {
            rounds.push(claims.len());
            claims
                .iter()
                .map(|c| match c.contains("bad") {
                    true => Answer::Sat,
                    false => Answer::Unsat,
                })
                .collect()
        });
        assert_eq!(proved, BTreeSet::from([0, 2, 3]));
        // the whole, its halves, the quarters of the half not proved
        assert_eq!(rounds, vec![1, 2, 2]);
    }

    #[test]
    fn a_certificate_applies_to_its_claim_only() {
        let script = smtlib_io::parse_script(
            "(declare-sort S 0)(declare-fun c () S)\
             (assert (forall ((u S)) (= u c)))(assert (forall ((u Int)) (= u 0)))",
        )
        .unwrap();
        let mut cx = script.cx.clone();
        let ts: Vec<TermId> = script.assertions().collect();
        let claim = claim_text(&mut cx, ts[0]);
        let params = vec![("u".to_string(), "S".to_string())];
        let mut certs = vec![Certificate {
            claim: &claim,
            params: &params,
            hint: "(= u u)",
            name: "vcsimp_validate_cert!0".into(),
            fun: None,
        }];
        let got = certified_goals(&mut cx, &ts, &mut certs);
        let first = got[0].as_ref().expect("the claim is certified");
        assert!(got[1].is_none());
        assert_eq!(
            first.definition,
            "(define-fun vcsimp_validate_cert!0 ((u S)) Bool (= u u))\n"
        );
        let text = Printer::without_names(&cx).term(first.goal);
        assert!(
            text.starts_with("(forall ((u S)) (and (vcsimp_validate_cert!0 u) (= u c)))"),
            "{text}"
        );
        // the parameters' sorts must be the bound variables'
        let params = vec![("u".to_string(), "Int".to_string())];
        certs[0].params = &params;
        certs[0].fun = None;
        assert!(certified_goals(&mut cx, &ts, &mut certs)[0].is_none());
    }
}
