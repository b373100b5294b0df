//! `prune-defs`: drop the definitional axioms of symbols that no longer
//! occur (a conservative extension).

use crate::analysis::axioms::{as_definition, funs_of};
use crate::analysis::redeclare::text_mentions;
use crate::pass::{Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{CommandKind, Context, FunId, Script, TermId, TermKind};
use std::collections::BTreeSet;

/// The `prune-defs` pass ([`prune_definitions`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct PruneDefs;

impl ScriptPass for PruneDefs {
    fn id(&self) -> PassId {
        PassId::PruneDefs
    }

    /// `symbols` are those whose definitions were dropped, each also in
    /// `read_back`; `fired` counts them.
    fn run(&mut self, script: &mut Script, _budget: &Budget) -> ScriptChange {
        let symbols = prune_definitions(script);
        let read_back = symbols
            .iter()
            .map(|name| ReadBack::DroppedDefinition { name: name.clone() })
            .collect();
        ScriptChange {
            dropped: !symbols.is_empty(),
            read_back,
            ..ScriptChange::of_symbols(symbols)
        }
    }
}

/// Drop the definitional axioms of symbols that occur nowhere else.
///
/// **Rule.** An assertion `D` that reads as a definition `∀x̄. f(x̄) = body`
/// ([`as_definition`]: `f` declared, not in `body`) is replaced by `true`
/// when `f` occurs in no other command of the script (assertions,
/// definitions, and the text of commands vcsimp keeps verbatim) and `D` is
/// not `:named`. Repeated until nothing changes, so that a definition used
/// only by a dropped one goes too.
///
/// **Soundness.** Let `R` be the other assertions; `f` does not occur in
/// `R`. Every model of `R ∪ {D}` is a model of `R`; every model `M` of `R`
/// becomes a model of `R ∪ {D}` by interpreting `f` as `x̄ ↦ body` in `M`
/// (well defined: `body` does not mention `f`), which changes no symbol
/// of `R`. So `D` is a conservative extension and dropping it keeps
/// satisfiability exactly, at every `check-sat`. The output is equivalent
/// to the input over every symbol but the dropped `f`s, whose values in a
/// model of the output mean nothing.
///
/// **When.** Only when the script asks for no model, value or assignment
/// ([`Script::asks_for_models`]): otherwise the dropped symbols' values
/// would be wrong, so everything is kept. Returns the names of the symbols
/// whose definitions were dropped.
pub fn prune_definitions(script: &mut Script) -> Vec<String> {
    if script.asks_for_models() {
        return Vec::new();
    }
    let mut dropped = Vec::new();
    let t = script.cx.mk_bool(true);
    loop {
        let mut changed = false;
        for i in 0..script.commands.len() {
            let CommandKind::Assert(a) = script.commands[i].kind else {
                continue;
            };
            if is_named(&script.cx, a) {
                continue;
            }
            let Some(d) = as_definition(&script.cx, a) else {
                continue;
            };
            if occurs_elsewhere(script, i, d.fun) {
                continue;
            }
            dropped.push(script.cx.sym_name(script.cx.fun(d.fun).name).to_string());
            script.commands[i].kind = CommandKind::Assert(t);
            changed = true;
        }
        if !changed {
            return dropped;
        }
    }
}

fn is_named(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Annot(_, attrs)
        if attrs.iter().any(|a| cx.sym_name(a.key) == ":named"))
}

fn occurs_elsewhere(script: &Script, skip: usize, f: FunId) -> bool {
    let cx = &script.cx;
    let name = cx.sym_name(cx.fun(f).name);
    script.commands.iter().enumerate().any(|(j, c)| {
        j != skip
            && match &c.kind {
                CommandKind::Assert(a) => {
                    let mut s = BTreeSet::new();
                    funs_of(cx, *a, &mut s);
                    s.contains(&f)
                }
                CommandKind::Define { body, .. } => {
                    let mut s = BTreeSet::new();
                    funs_of(cx, *body, &mut s);
                    s.contains(&f)
                }
                CommandKind::Declare(_) => false,
                _ => text_mentions(&c.text, name),
            }
    })
}
