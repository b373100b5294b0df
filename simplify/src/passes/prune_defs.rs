//! `prune-defs`: drop the definitional axioms and `define-fun`s of
//! symbols that no longer occur (a conservative extension), and the valid
//! lemmas on `div` and `mod` of Why3's prelude when nothing else uses
//! `div` or `mod`.

use crate::analysis::axioms::{as_definition, funs_of};
use crate::analysis::redeclare::text_mentions;
use crate::deadline::Deadline;
use crate::pass::{Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{
    BinderKind, CommandKind, Context, FunId, Op, Script, SortKind, TermId, TermKind, VarId,
};
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
        // one linear sweep of the script: done only when time is left
        let lemmas = if budget.expired() {
            0
        } else {
            drop_unused_div_mod_lemmas(script)
        };
        let (symbols, out_of_time) = prune_definitions_within(script, &budget.deadline);
        let read_back = symbols
            .iter()
            .map(|name| ReadBack::DroppedDefinition { name: name.clone() })
            .collect();
        let change = ScriptChange::of_symbols(symbols);
        ScriptChange {
            fired: change.fired + lemmas,
            dropped: !change.symbols.is_empty() || lemmas > 0,
            out_of_time,
            read_back,
            ..change
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

/// Why3's lemmas on SMT-LIB's `div` and `mod` (its theory
/// `int.EuclideanDivision`, which its SMT-LIB drivers map to the built-in
/// operators), as Why3 1.5 prints them, in the form of [`canonical`]: bound
/// variables `v0, v1, …` in binding order, no patterns. Each is valid over
/// the integers for every value `div` and `mod` take at a zero divisor
/// (`tests/encodings.rs` has z3 prove each).
pub const DIV_MOD_LEMMAS: &[&str] = &[
    // Div_unique
    "(forall ((v0 Int) (v1 Int) (v2 Int)) (=> (< 0 v1) (=> (and (<= (* v2 v1) v0) (< v0 (+ (* v2 v1) v1))) (= (div v0 v1) v2))))",
    // Div_bound
    "(forall ((v0 Int) (v1 Int)) (=> (and (<= 0 v0) (< 0 v1)) (and (<= 0 (div v0 v1)) (<= (div v0 v1) v0))))",
    // Div_inf
    "(forall ((v0 Int) (v1 Int)) (=> (and (<= 0 v0) (< v0 v1)) (= (div v0 v1) 0)))",
    // Div_inf_neg
    "(forall ((v0 Int) (v1 Int)) (=> (and (< 0 v0) (<= v0 v1)) (= (div (- v0) v1) (- 1))))",
    // Mod_0
    "(forall ((v0 Int)) (=> (not (= v0 0)) (= (mod 0 v0) 0)))",
    // Div_1_left
    "(forall ((v0 Int)) (=> (< 1 v0) (= (div 1 v0) 0)))",
    // Div_minus1_left
    "(forall ((v0 Int)) (=> (< 1 v0) (= (div (- 1) v0) (- 1))))",
    // Mod_1_left
    "(forall ((v0 Int)) (=> (< 1 v0) (= (mod 1 v0) 1)))",
    // Mod_minus1_left
    "(forall ((v0 Int)) (=> (< 1 v0) (= (mod (- 1) v0) (- v0 1))))",
    // Div_mult
    "(forall ((v0 Int) (v1 Int) (v2 Int)) (=> (< 0 v0) (= (div (+ (* v0 v1) v2) v0) (+ v1 (div v2 v0)))))",
    // Mod_mult
    "(forall ((v0 Int) (v1 Int) (v2 Int)) (=> (< 0 v0) (= (mod (+ (* v0 v1) v2) v0) (mod v2 v0))))",
];

/// Drop the assertions that are lemmas of [`DIV_MOD_LEMMAS`] when no other
/// command uses `div` or `mod`; returns how many went.
///
/// **Rule.** An assertion, not `:named`, whose [`canonical`] form is one
/// of [`DIV_MOD_LEMMAS`] is replaced by `true`, provided no other
/// assertion or definition applies `div` or `mod` and no command kept as
/// text mentions them.
///
/// **Soundness.** Each lemma is a closed formula over the integers,
/// `div` and `mod` alone, true in every interpretation of the theory
/// (whatever `div` and `mod` are at a zero divisor, which the lemmas
/// exclude or do not ask). So every model of the other assertions is a
/// model of the lemma: dropping it keeps the script equivalent, model
/// queries included.
///
/// **Why only then.** A solver instantiates such a lemma at the `div` and
/// `mod` terms of the problem, which can help it where its own theory of
/// `div` and `mod` by a symbolic divisor is weak; with no such term, the
/// lemma only costs it instances at terms it makes up itself.
pub fn drop_unused_div_mod_lemmas(script: &mut Script) -> usize {
    let mut lemmas = Vec::new();
    for (i, c) in script.commands.iter().enumerate() {
        let t = match c.kind {
            CommandKind::Assert(t) => t,
            CommandKind::Define { body, .. } => {
                if uses_div_mod(&script.cx, body) {
                    return 0;
                }
                continue;
            }
            CommandKind::Declare(_) => continue,
            _ => {
                if text_mentions(&c.text, "div") || text_mentions(&c.text, "mod") {
                    return 0;
                }
                continue;
            }
        };
        if !uses_div_mod(&script.cx, t) {
            continue;
        }
        match canonical(&script.cx, t) {
            Some(text) if DIV_MOD_LEMMAS.contains(&text.as_str()) => lemmas.push(i),
            _ => return 0,
        }
    }
    let t = script.cx.mk_bool(true);
    for &i in &lemmas {
        script.commands[i].kind = CommandKind::Assert(t);
    }
    lemmas.len()
}

fn uses_div_mod(cx: &Context, t: TermId) -> bool {
    crate::term::any_subterm(cx, t, |u| {
        matches!(cx.kind(u), TermKind::App(Op::IntDiv | Op::Mod, _))
    })
}

/// `t` printed with its bound variables named `v0, v1, …` in the order
/// they are bound and without patterns, if it is closed, over `Int`
/// alone, and built only from Boolean connectives, comparisons, `+ - *`,
/// `div` and `mod`; `None` otherwise (and for a `:named` term).
pub fn canonical(cx: &Context, t: TermId) -> Option<String> {
    fn go(cx: &Context, t: TermId, vars: &mut Vec<VarId>, out: &mut String) -> Option<()> {
        match cx.kind(t) {
            TermKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            TermKind::Int(n) if n.sign() == num_bigint::Sign::Minus => {
                out.push_str(&format!("(- {})", -n))
            }
            TermKind::Int(n) => out.push_str(&n.to_string()),
            TermKind::Var(v) => {
                let k = vars.iter().rposition(|w| w == v)?;
                out.push_str(&format!("v{k}"));
            }
            TermKind::App(op, args) => {
                let name = match op {
                    Op::Not => "not",
                    Op::And => "and",
                    Op::Or => "or",
                    Op::Implies => "=>",
                    Op::Eq => "=",
                    Op::Add => "+",
                    Op::Sub | Op::Neg => "-",
                    Op::Mul => "*",
                    Op::IntDiv => "div",
                    Op::Mod => "mod",
                    Op::Le => "<=",
                    Op::Lt => "<",
                    Op::Ge => ">=",
                    Op::Gt => ">",
                    _ => return None,
                };
                out.push('(');
                out.push_str(name);
                for &a in args.iter() {
                    out.push(' ');
                    go(cx, a, vars, out)?;
                }
                out.push(')');
            }
            TermKind::Binder(BinderKind::Forall, bound, body, _) => {
                out.push_str("(forall (");
                for (k, &v) in bound.iter().enumerate() {
                    if !matches!(cx.sort_kind(cx.var(v).sort), SortKind::Int) {
                        return None;
                    }
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push_str(&format!("(v{} Int)", vars.len()));
                    vars.push(v);
                }
                out.push_str(") ");
                go(cx, *body, vars, out)?;
                out.push(')');
                vars.truncate(vars.len() - bound.len());
            }
            _ => return None,
        }
        Some(())
    }
    let mut out = String::new();
    go(cx, t, &mut Vec::new(), &mut out)?;
    Some(out)
}
