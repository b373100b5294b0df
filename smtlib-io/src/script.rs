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

/// The Boolean value a `set-option` command gives to an option whose
/// keyword `is_option` accepts; `None` if the command sets no such option.
fn sets_bool_option(text: &str, is_option: impl Fn(&str) -> bool) -> Option<bool> {
    // the command's first word, before copying its text (a `define-fun`'s
    // text holds a whole VC)
    let head = text.trim_start_matches(|c: char| c == '(' || c == ')' || c.is_whitespace());
    let rest = head.strip_prefix("set-option")?;
    if !rest.starts_with(|c: char| c == '(' || c == ')' || c.is_whitespace()) {
        return None;
    }
    let spaced = text.replace(['(', ')'], " ");
    let mut words = spaced.split_whitespace();
    if words.next()? != "set-option" {
        return None;
    }
    is_option(words.next()?).then(|| words.next() == Some("true"))
}

/// The value a command gives to the option that makes declarations global
/// (kept by `pop`): SMT-LIB 2.6's `:global-declarations` or z3's
/// `:global-decls`; `None` if the command sets no such option.
pub fn sets_global_declarations(text: &str) -> Option<bool> {
    sets_bool_option(text, |k| {
        k == ":global-declarations" || k == ":global-decls"
    })
}

/// The value a command gives to z3's model-based quantifier instantiation
/// (`:smt.mbqi`, any case, or `:mbqi`); `None` if the command sets no such
/// option. A script that turns it off (Boogie, Viper, Dafny, F*, Verus)
/// instantiates its quantifiers through their triggers alone.
pub fn sets_mbqi(text: &str) -> Option<bool> {
    // z3 reads option names in any case (Carbon writes `:smt.MBQI`)
    sets_bool_option(text, |k| {
        k.eq_ignore_ascii_case(":smt.mbqi") || k.eq_ignore_ascii_case(":mbqi")
    })
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
    /// readable `assert`. Empty for a readable `assert` as read (outside
    /// z3's dialect): it is printed from its term, and `span` still says
    /// where it stands in the input.
    pub text: Box<str>,
    /// The term of an `assert` read through z3's dialect (`implies`, `iff`,
    /// `~`, `^`, `**`, a `:pattern` of one term without parentheses): while
    /// the command still asserts this very term, it is printed back as
    /// `text`, verbatim; once a pass rewrites it, in standard SMT-LIB.
    pub verbatim_term: Option<TermId>,
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

    /// Assertion terms with the index of their command, in order.
    pub fn indexed_assertions(&self) -> impl Iterator<Item = (usize, TermId)> + '_ {
        self.commands
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c.kind {
                CommandKind::Assert(t) => Some((i, t)),
                _ => None,
            })
    }

    /// True if the script has `push`, `pop`, `reset` or
    /// `reset-assertions`: its assertions do not all stand in one scope.
    pub fn has_scopes(&self) -> bool {
        self.commands.iter().any(|c| {
            matches!(
                c.kind,
                CommandKind::Push(_)
                    | CommandKind::Pop(_)
                    | CommandKind::Reset
                    | CommandKind::ResetAssertions
            )
        })
    }

    /// True if the script turns model-based quantifier instantiation off
    /// ([`sets_mbqi`], the last setting wins): z3 then instantiates its
    /// quantifiers only where ground terms match their triggers.
    pub fn relies_on_ematching(&self) -> bool {
        self.commands
            .iter()
            .rev()
            .filter(|c| matches!(c.kind, CommandKind::Other))
            .find_map(|c| sets_mbqi(&c.text))
            .is_some_and(|on| !on)
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

#[cfg(test)]
mod tests {
    use super::sets_global_declarations as g;

    #[test]
    fn global_declarations_option() {
        assert_eq!(g("(set-option :global-declarations true)"), Some(true));
        assert_eq!(g("( set-option  :global-decls\n true )"), Some(true));
        assert_eq!(g("(set-option :global-decls false)"), Some(false));
        assert_eq!(g("(set-option :produce-models true)"), None);
        assert_eq!(g("(set-info :global-decls true)"), None);
        assert_eq!(g("(set-optionx :global-decls true)"), None);
        assert_eq!(g("(set-option(:global-decls true"), Some(true));
        assert_eq!(g("(set-option)"), None);
        assert_eq!(g("(define-fun set-option () Bool true)"), None);
        assert_eq!(g("((set-option :global-decls true))"), Some(true));
    }

    #[test]
    fn mbqi_option() {
        use super::sets_mbqi as m;
        assert_eq!(m("(set-option :smt.mbqi false)"), Some(false));
        assert_eq!(m("(set-option :smt.MBQI false)"), Some(false));
        assert_eq!(m("( set-option :mbqi\n true )"), Some(true));
        assert_eq!(m("(set-option :smt.mbqi.max_iterations 10)"), None);
        assert_eq!(m("(set-info :smt.mbqi false)"), None);
    }

    #[test]
    fn the_last_mbqi_setting_decides_whether_a_script_relies_on_ematching() {
        let read = |s: &str| crate::parse_script(s).expect("a script");
        assert!(read("(set-option :smt.mbqi false)(check-sat)").relies_on_ematching());
        assert!(!read("(check-sat)").relies_on_ematching());
        let back_on = "(set-option :smt.MBQI false)(set-option :smt.mbqi true)(check-sat)";
        assert!(!read(back_on).relies_on_ematching());
    }
}
