//! A typed SMT-LIB script: the commands in order, over one [`Context`].

use crate::span::Span;
use crate::term::{Context, FunId, TermId, VarId};

/// What a command is, as far as vcsimp needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// `(assert t)` whose term vcsimp could read and sort-check.
    Assert(TermId),
    /// `(check-sat)` or `(check-sat-assuming …)`: ends a group of assertions
    /// that are solved together.
    CheckSat,
    /// `(push n)`; `(push)` means one level, as z3 reads it.
    Push(u32),
    /// `(pop n)`.
    Pop(u32),
    /// `(reset)`.
    Reset,
    /// `(reset-assertions)`.
    ResetAssertions,
    /// `declare-fun` / `declare-const`.
    Declare(FunId),
    /// A non-recursive function definition whose body could be read.
    Define {
        fun: FunId,
        params: Box<[VarId]>,
        body: TermId,
    },
    /// A command that asks the solver for a model, values, a core or a proof.
    Query(QueryKind),
    /// Any other command, kept verbatim: options, infos, sort and datatype
    /// declarations, recursive definitions, `echo`, `exit`, z3 extensions.
    Other,
    /// A command vcsimp could not read into terms (an operator outside its
    /// tables); it is kept verbatim and its assertion, if any, is not used.
    Opaque { reason: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryKind {
    Model,
    Value,
    UnsatCore,
    Proof,
    Assignment,
    Other,
}

#[derive(Clone, Debug)]
pub struct Command {
    pub kind: CommandKind,
    /// Where the command stands in the input.
    pub span: Span,
    /// The command's exact source text, printed back for every command but a
    /// readable `assert`.
    pub text: Box<str>,
}

/// A parsed script. `commands` are in input order; all their terms live in
/// `cx`.
#[derive(Clone, Debug)]
pub struct Script {
    pub cx: Context,
    pub commands: Vec<Command>,
    /// The logic of the first `set-logic`, if any.
    pub logic: Option<String>,
}

impl Script {
    /// Assertion terms, in order.
    pub fn assertions(&self) -> impl Iterator<Item = TermId> + '_ {
        self.commands.iter().filter_map(|c| match c.kind {
            CommandKind::Assert(t) => Some(t),
            _ => None,
        })
    }

    /// True if the script asks for models or values, whose answers are only
    /// meaningful if the output is equivalent to the input.
    pub fn asks_for_models(&self) -> bool {
        self.commands.iter().any(|c| {
            matches!(
                c.kind,
                CommandKind::Query(QueryKind::Model | QueryKind::Value | QueryKind::Assignment)
            )
        })
    }
}
