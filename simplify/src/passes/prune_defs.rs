//! `prune-defs`: drop the definitional axioms and `define-fun`s of
//! symbols that no longer occur (a conservative extension).

use crate::analysis::axioms::{as_definition, funs_of};
use crate::analysis::redeclare::text_mentions;
use crate::deadline::Deadline;
use crate::pass::{Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{CommandKind, Context, FunId, Script, TermId, TermKind};
use std::collections::{BTreeSet, HashMap};

/// The `prune-defs` pass ([`prune_definitions`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct PruneDefs;

impl ScriptPass for PruneDefs {
    fn id(&self) -> PassId {
        PassId::PruneDefs
    }

    /// `symbols` are those whose definitions were dropped, each also in
    /// `read_back`; `fired` counts them.
    /// Stops at the budget's deadline, keeping the definitions it has not
    /// looked at yet (each drop stands on its own).
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        let (symbols, out_of_time) = prune_definitions_within(script, &budget.deadline);
        let read_back = symbols
            .iter()
            .map(|name| ReadBack::DroppedDefinition { name: name.clone() })
            .collect();
        ScriptChange {
            dropped: !symbols.is_empty(),
            out_of_time,
            read_back,
            ..ScriptChange::of_symbols(symbols)
        }
    }
}

/// Drop the definitional axioms and `define-fun`s of symbols that occur
/// nowhere else.
///
/// **Rule.** An assertion `D` that reads as a definition `∀x̄. f(x̄) = body`
/// ([`as_definition`]: `f` declared, not in `body`) is replaced by `true`
/// when `f` occurs in no other command of the script (assertions,
/// definitions, and the text of commands vcsimp keeps verbatim) and `D` is
/// not `:named`. Likewise a `define-fun` of `f` is removed from the script
/// when `f` occurs in no other command (once `unfold` has expanded every
/// use). Repeated until nothing changes, so that a
/// definition used only by a dropped one goes too.
///
/// **Soundness.** Let `R` be the other assertions; `f` does not occur in
/// `R`. Every model of `R ∪ {D}` is a model of `R`; every model `M` of `R`
/// becomes a model of `R ∪ {D}` by interpreting `f` as `x̄ ↦ body` in `M`
/// (well defined: `body` does not mention `f`), which changes no symbol
/// of `R`. So `D` is a conservative extension and dropping it keeps
/// satisfiability exactly, at every `check-sat`. A `define-fun` is the
/// same: it adds `f` and its defining equation. The output is equivalent
/// to the input over every symbol but the dropped `f`s, whose values in a
/// model of the output mean nothing.
///
/// **When.** Only when the script asks for no model, value or assignment
/// ([`Script::asks_for_models`]): otherwise the dropped symbols' values
/// would be wrong, so everything is kept. Returns the names of the symbols
/// whose definitions were dropped.
pub fn prune_definitions(script: &mut Script) -> Vec<String> {
    prune_definitions_within(script, &Deadline::none()).0
}

/// [`prune_definitions`] until `deadline`, checked once per command: the
/// symbols whose definitions were dropped, and whether the deadline
/// stopped it. Each command's functions are collected once, and how many
/// commands mention each function is kept up to date as definitions go,
/// so that a sweep costs the size of the script, not that size times the
/// number of definitions.
pub fn prune_definitions_within(script: &mut Script, deadline: &Deadline) -> (Vec<String>, bool) {
    if script.asks_for_models() {
        return (Vec::new(), false);
    }
    let mut dropped = Vec::new();
    let mut funs: Vec<BTreeSet<FunId>> = Vec::with_capacity(script.commands.len());
    let mut uses: HashMap<FunId, usize> = HashMap::new();
    // commands kept as text: a symbol they mention is read by name
    let mut texts: Vec<usize> = Vec::new();
    for (i, c) in script.commands.iter().enumerate() {
        if deadline.expired() {
            return (dropped, true);
        }
        let mut s = BTreeSet::new();
        match &c.kind {
            CommandKind::Assert(a) => funs_of(&script.cx, *a, &mut s),
            CommandKind::Define { body, .. } => funs_of(&script.cx, *body, &mut s),
            CommandKind::Declare(_) => {}
            _ => texts.push(i),
        }
        for f in &s {
            *uses.entry(*f).or_default() += 1;
        }
        funs.push(s);
    }
    let t = script.cx.mk_bool(true);
    // `define-fun`s to remove (their indices, kept until the end)
    let mut gone: BTreeSet<usize> = BTreeSet::new();
    loop {
        let mut changed = false;
        // one entry per command
        for (i, command_funs) in funs.iter_mut().enumerate() {
            if deadline.expired() {
                remove(script, &gone);
                return (dropped, true);
            }
            let fun = match script.commands[i].kind {
                CommandKind::Define { fun, .. } if !gone.contains(&i) => fun,
                CommandKind::Assert(a) if !is_named(&script.cx, a) => {
                    match as_definition(&script.cx, a) {
                        Some(d) => d.fun,
                        None => continue,
                    }
                }
                _ => continue,
            };
            let own = usize::from(command_funs.contains(&fun));
            if uses.get(&fun).copied().unwrap_or(0) > own {
                continue;
            }
            let name = script.cx.sym_name(script.cx.fun(fun).name).to_string();
            if texts
                .iter()
                .any(|&j| j != i && text_mentions(&script.commands[j].text, &name))
            {
                continue;
            }
            for f in std::mem::take(command_funs) {
                if let Some(n) = uses.get_mut(&f) {
                    *n -= 1;
                }
            }
            dropped.push(name);
            if let CommandKind::Define { .. } = script.commands[i].kind {
                gone.insert(i);
            } else {
                script.commands[i].kind = CommandKind::Assert(t);
            }
            changed = true;
        }
        if !changed {
            remove(script, &gone);
            return (dropped, false);
        }
    }
}

/// Remove the commands at the indices `gone`.
fn remove(script: &mut Script, gone: &BTreeSet<usize>) {
    if gone.is_empty() {
        return;
    }
    let mut i = 0;
    script.commands.retain(|_| {
        i += 1;
        !gone.contains(&(i - 1))
    });
}

fn is_named(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Annot(_, attrs)
        if attrs.iter().any(|a| cx.sym_name(a.key) == ":named"))
}
