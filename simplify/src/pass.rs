//! The interfaces of passes: [`TermPass`] rewrites one assertion at a time,
//! [`ScriptPass`] works on the whole script (it may add, drop or re-declare
//! commands).
//!
//! A term pass rewrites one term into an *equivalent* term (given the facts that
//! hold where the term stands) or reports that it does not apply. Passes
//! never fail: "not applicable" is `None`. The pipeline decides whether to
//! take a result (it then *replaces* the assertion: a result equivalent
//! only under the other assertions is never unioned into the e-graph) and
//! enforces the budget; a pass checks the budget in its loops
//! and gives up cleanly (returning `None` or a partial but still equivalent
//! result) when it is spent.

use crate::deadline::Deadline;
use crate::registry::PassId;
use smtlib_io::{Context, Script, TermId};

/// Explicit limits on the work of a run.
#[derive(Clone, Debug)]
pub struct Budget {
    /// When the pass must stop (the run's or its step's share of it).
    pub deadline: Deadline,
    /// Upper bound on the size (AST nodes) of any term a pass builds; a
    /// rewrite that would exceed it is skipped.
    pub max_term_nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            deadline: Deadline::none(),
            max_term_nodes: 1_000_000,
        }
    }
}

impl Budget {
    /// True once the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.expired()
    }
}

/// One rewrite made by a pass, for `--explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// The pass or rule name.
    pub rule: String,
    pub before: TermId,
    pub after: TermId,
}

/// What a pass may read besides the term it rewrites.
pub struct PassContext<'a> {
    /// Formulas known to hold wherever the rewritten term is asserted (the
    /// other assertions of its check-sat scope). A pass may use them to
    /// simplify, never to drop them.
    pub facts: &'a [TermId],
    pub budget: &'a Budget,
    /// Rewrites are recorded here.
    pub trace: &'a mut Vec<TraceEvent>,
}

impl PassContext<'_> {
    /// The facts usable as hypotheses for bounds and guard decisions: the
    /// quantifier-free ones (quantified facts give no bounds on the atoms
    /// the passes ask about, and analysing them for every atom is costly).
    pub fn ground_facts(&self, cx: &Context) -> Vec<TermId> {
        self.facts
            .iter()
            .copied()
            .filter(|&f| !crate::term::has_binder(cx, f))
            .collect()
    }
}

/// Fresh functions a term pass introduced and the facts that define them
/// ([`TermPass::take_introduced`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Introduced {
    pub funs: Vec<smtlib_io::FunId>,
    pub facts: Vec<TermId>,
}

/// A procedural pass over sorted terms.
pub trait TermPass {
    /// Which pass this is (the registry entry that builds it says the
    /// same; checked by a test).
    fn id(&self) -> PassId;

    /// Rewrite `t` (a Bool assertion, or any subterm the pipeline chooses)
    /// into a term equivalent to it under `ctx.facts`, or `None` when the
    /// pass does not apply. `Some(t)` is a result the pipeline never
    /// takes: a pass whose result would exceed `ctx.budget.max_term_nodes`
    /// returns it to have its conservative mode tried, as for a result
    /// the pipeline rejects.
    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId>;

    /// A smaller rewrite of `t`, tried when the pipeline rejects `apply`'s
    /// result as costlier or too large: same contract as `apply`, but the
    /// pass keeps only the rewrites that do not grow the formula (no case
    /// splits). `None` (the default) when the pass has no such mode.
    fn apply_conservatively(
        &mut self,
        _cx: &mut Context,
        _t: TermId,
        _ctx: &mut PassContext,
    ) -> Option<TermId> {
        None
    }

    /// The functions the pass introduced since the last call, each with
    /// the facts that define it. The pass's rewrites that mention them are
    /// equivalent to what they replaced only under these facts, which the
    /// input implies up to a choice of the functions (Skolem functions):
    /// the pipeline declares every function that an assertion mentions
    /// and asserts its facts. Empty (the default) for passes that
    /// introduce none.
    fn take_introduced(&mut self) -> Vec<Introduced> {
        Vec::new()
    }

    /// The pass' own counters so far (cumulative over all `apply` calls),
    /// for `--stats`; `None` for passes that keep none.
    fn details(&self) -> Option<crate::stats::PassDetails> {
        None
    }
}

/// What a [`ScriptPass`] did to the script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptChange {
    /// How many rewrites the pass made, for `--stats` (in the pass' own
    /// unit: assertions split, symbols converted, definitions dropped).
    pub fired: usize,
    /// The commands (indices into the script after the pass) whose
    /// assertion the pass rewrote in place, for passes that keep every
    /// command where it was; empty for the others.
    pub rewritten: Vec<usize>,
    /// The names of the symbols the pass re-declared or whose definitions
    /// it dropped, in the order it did so.
    pub symbols: Vec<String>,
    /// Some assertion was dropped: replaced by `true`, which the pipeline
    /// removes before printing.
    pub dropped: bool,
    /// The pass stopped early because the budget's deadline had passed.
    pub out_of_time: bool,
    /// How to read the symbols the pass changed back in terms of the
    /// input's, for translation validation (`--validate`).
    pub read_back: Vec<ReadBack>,
}

/// How a symbol of a script pass's output reads in terms of the input's:
/// all that `--validate` learns about what a pass did. A fresh symbol that
/// the output defines by `define-fun` (`why3-reads`' named reads) needs no
/// entry: the definition is its read-back, and the validator includes it.
/// Symbols and constructors are named, since validation may read the two
/// scripts apart; the validator checks every claim it relies on (sorts,
/// injectivity, definitional form) itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadBack {
    /// The output's function `name` takes `indices` arguments more than
    /// the input's array-valued `name`: `name(t̄, i₁…iₘ)` reads as
    /// `(select … (select name(t̄) i₁) … iₘ)` (`arrays-as-funs`).
    ArrayFunction { name: String, indices: usize },
    /// The output's function `name` takes the fields of records: one
    /// shape per argument of the input's `name` (`record-args`).
    RecordFields { name: String, shapes: Vec<ArgShape> },
    /// The definitional axiom of the function `name` is no longer in the
    /// output (`prune-defs`).
    DroppedDefinition { name: String },
    /// The input's constant `name` is split into fresh constants, one per
    /// field: wherever the input has `name`, the output has `value`
    /// (`record-consts`).
    SplitConstant { name: String, value: Built },
    /// The output's functions `names` are fresh Skolem functions: their
    /// defining facts are among the output's assertions, and the input
    /// implies that some choice of the functions satisfies them
    /// (`guarded-eq`).
    SkolemFunctions { names: Vec<String> },
    /// A proof hint for an output assertion `claim` of the form
    /// `∀x̄. B` (its text by [`crate::term::alpha::claim_text`]):
    /// the formula `hint(x̄)`, whose parameters `params` (name and sort,
    /// printed) stand for `x̄` and whose text `hint` is over them. The
    /// validator may prove `∀x̄. hint(x̄) ∧ B` in place of the claim: the
    /// hint spells out the ground instances of the input's axioms that the
    /// pass's derivation of the claim uses, at terms no premise contains.
    /// A wrong hint makes that goal unprovable, never a false claim proved.
    Certificate {
        claim: String,
        params: Vec<(String, String)>,
        hint: String,
    },
}

/// The script after one step of a run (a pass, or a group of passes), with
/// what that step alone reports for reading its changes back, for
/// validating the run step by step (`--validate`).
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The step: a pass or a stage of the run.
    pub label: String,
    /// The script as the step left it, complete (every assertion the run
    /// set aside back in its place), so that it can be checked against
    /// the script before the step.
    pub script: Script,
    /// The read-backs the step reported.
    pub read_back: Vec<ReadBack>,
}

/// A record value built from fresh constants ([`ReadBack::SplitConstant`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Built {
    /// The fresh constant `name` of the output.
    Field(String),
    /// The constructor `ctor` applied to its fields, each with the
    /// projection that reads it back from the record.
    Record {
        ctor: String,
        fields: Vec<(String, Built)>,
    },
}

/// How an argument of a function is passed in a pass's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgShape {
    /// As it is.
    Whole,
    /// As the fields of the record that the constructor `ctor` builds,
    /// each passed by its own shape.
    Fields { ctor: String, fields: Vec<ArgShape> },
}

impl ScriptChange {
    /// No change: the pass did not start, its deadline having passed.
    pub fn out_of_time() -> ScriptChange {
        ScriptChange {
            out_of_time: true,
            ..ScriptChange::default()
        }
    }

    /// A change that re-declared or dropped `symbols`, one rewrite each.
    pub fn of_symbols(symbols: Vec<String>) -> ScriptChange {
        ScriptChange {
            fired: symbols.len(),
            symbols,
            ..ScriptChange::default()
        }
    }
}

/// A pass over the whole script: it sees every command and may add, drop
/// or re-declare commands and symbols (a [`TermPass`] sees one assertion and
/// its facts). Like term passes, script passes never fail: a pass that does
/// not apply returns an empty [`ScriptChange`].
pub trait ScriptPass {
    /// Which pass this is (the registry entry that builds it says the
    /// same; checked by a test).
    fn id(&self) -> PassId;

    /// Rewrite `script` in place and report what changed. The result is
    /// equivalent to the input, or keeps what the pass' registry entry
    /// says it keeps.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange;
}

/// What a pass keeps of the input's meaning.
#[derive(Clone, Copy, Debug)]
pub enum Soundness {
    /// The output is equivalent to the input (given the other assertions
    /// of each check-sat scope).
    Equivalence,
    /// The output is equisatisfiable with the input at every check-sat,
    /// and equivalent to it over every symbol the pass does not drop or
    /// re-declare. Such a pass does nothing when the script asks for a
    /// model, values or an assignment.
    Equisatisfiable,
    /// Only `unsat` carries over: the output is weaker than the input.
    /// Opt-in, and the output says so with the marker.
    UnsatOnly(Marker),
}

impl Soundness {
    /// The word the README table and `--help` use.
    pub fn label(&self) -> &'static str {
        match self {
            Soundness::Equivalence => "equivalence",
            Soundness::Equisatisfiable => "equisatisfiable",
            Soundness::UnsatOnly(_) => "unsat only",
        }
    }
}

/// What the output of an unsat-only pass says about itself: it starts with
/// `comment` and `info` (one line each), and `--stats` gets `warning`.
#[derive(Clone, Copy, Debug)]
pub struct Marker {
    /// An SMT-LIB comment line.
    pub comment: &'static str,
    /// A `set-info` command.
    pub info: &'static str,
    /// The warning, given how often the pass fired.
    pub warning: fn(usize) -> String,
}
