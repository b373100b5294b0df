//! `record-consts`: a constant of a record sort becomes its constructor
//! applied to fresh constants, one per (nested) field.
//!
//! **Rule.** Let `c` be declared once, by `declare-fun`/`declare-const`,
//! as a constant of a record sort `S` with constructor `mk` and
//! projections `p̄` given by axioms ([`Record`]: a declared sort whose
//! inversion and projection axioms the assertions state; a datatype stays
//! whole, see [`split_record_constants`]). Then fresh
//! constants `c_p1, …, c_pn` are declared after `c` (a field of record
//! sort splits again: a thread pair of `dim3`s gives six `Int`s), every
//! occurrence of `c` in an assertion becomes `mk(c_p1, …, c_pn)`, and
//! `p_i(mk(…))` folds to its field. `c` stays declared; after the passes,
//! the pipeline asserts `c_pi = p_i(c)` for every field the output still
//! uses ([`link_split_constants`]), so the solver keeps the record's
//! ground terms.
//!
//! The rule does not apply when the script asks for a model, values or an
//! assignment (they would be about `c`), has `push`/`pop`/`reset` (the
//! axioms that make `S` a record must hold wherever `c` is used), or names
//! `c` in a command vcsimp keeps verbatim.
//!
//! **Soundness.** Equisatisfiable, and equivalent over every symbol but
//! `c`. A model of the input gives one of the output with
//! `c_pi := p_i(c)`: by the inversion axiom `c = mk(p̄(c))`, so every
//! assertion keeps its value. A model of the output gives one of the
//! input with `c := mk(c̄)`. Projections fold by the projection axioms.
//!
//! The pass reports each split constant with its value
//! ([`ReadBack::SplitConstant`]), from which `--validate` reads the fresh
//! constants back as projections of `c` and `c` as `mk(c̄)`.
//!
//! **Why.** Why3 turns a goal `∀t. valid(t) ⇒ φ(t)` into a constant `t`
//! and the hypothesis `valid(t)`, while `records` splits every quantified
//! thread in the hypotheses into its fields: `∀b_x b_y t_x t_y. … ⇒
//! a(mk(mk(b_x, b_y, 0), mk(t_x, t_y, 0))) = …`. A solver then instantiates
//! those hypotheses for the goal's thread only after it has rebuilt `t` as
//! a constructor term from the inversion axioms; with the goal's thread
//! split the same way, the instance is one match away. On Why3 1.5's
//! goals for a tiled matrix multiplication, z3 proves the loop-entry
//! invariants raw but not after the hypotheses alone are split.

use crate::analysis::record_sorts::{axiomatised_records, constructed, fold_projections, Record};
use crate::analysis::redeclare::{changeable, declaration, unused_name};
use crate::pass::{Budget, Built, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{CommandKind, Context, FunId, FunKind, Op, Script, SortId, TermId};
use std::collections::{BTreeSet, HashMap};

/// The `record-consts` pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct RecordConsts;

impl ScriptPass for RecordConsts {
    fn id(&self) -> PassId {
        PassId::RecordConsts
    }

    /// `symbols` are the constants that were split
    /// ([`split_record_constants`]); `fired` counts them.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let split = split_record_constants(script);
        let (symbols, read_back) = split
            .into_iter()
            .map(|(name, value)| {
                let read = ReadBack::SplitConstant {
                    name: name.clone(),
                    value,
                };
                (name, read)
            })
            .unzip();
        ScriptChange {
            read_back,
            ..ScriptChange::of_symbols(symbols)
        }
    }
}

/// The value `t` (built by [`constructed`]) as the validator reads it:
/// constructors with the projections of their fields, and fresh constants.
fn built(cx: &Context, t: TermId, records: &[Record]) -> Built {
    let smtlib_io::TermKind::App(Op::Uf(f), args) = cx.kind(t) else {
        unreachable!("constructed builds applications only")
    };
    let name = |g: FunId| cx.sym_name(cx.fun(g).name).to_string();
    match records.iter().find(|r| r.ctor == *f) {
        Some(rec) => Built::Record {
            ctor: name(*f),
            fields: rec
                .projs
                .iter()
                .zip(args.iter())
                .map(|(&p, &a)| (name(p), built(cx, a, records)))
                .collect(),
        },
        None => Built::Field(name(*f)),
    }
}

/// Apply the rule of the module documentation to `script`. Returns the
/// names of the constants that were split, in declaration order, each with
/// the value that replaced it.
pub fn split_record_constants(script: &mut Script) -> Vec<(String, Built)> {
    let scoped = script.has_scopes();
    if scoped || script.asks_for_models() {
        return vec![];
    }
    let facts: Vec<TermId> = script.assertions().collect();
    // Datatypes stay whole: solvers reason about their constructors
    // themselves, and a constructor term in place of a constant changes
    // the ground terms their instantiation heuristics enumerate (cvc5's
    // `--enum-inst` loses a SPARK regression of its own suite).
    let records: Vec<Record> = axiomatised_records(&script.cx, &facts)
        .into_iter()
        .filter(|r| script.cx.fun(r.ctor).kind != FunKind::Constructor)
        .collect();
    if records.is_empty() {
        return vec![];
    }
    let candidates = changeable(script, |d| {
        d.args.is_empty() && records.iter().any(|r| r.sort == d.ret)
    });
    if candidates.is_empty() {
        return vec![];
    }
    let used = used_constants(script);
    // later declarations first, so that earlier indices stay put
    let mut done = vec![];
    let mut replace: HashMap<TermId, TermId> = HashMap::new();
    let mut by_position: Vec<(usize, FunId)> = candidates.iter().map(|(&c, &at)| (at, c)).collect();
    by_position.sort_unstable_by(|a, b| b.cmp(a));
    for (at, c) in by_position {
        if !used.contains(&c) {
            continue;
        }
        let name = script.cx.sym_name(script.cx.fun(c).name).to_string();
        let sort = script.cx.fun(c).ret;
        let mut fields = vec![];
        let leaf = &mut |cx: &mut Context, name: &str, sort: SortId| {
            let sym = cx.sym(&unused_name(
                cx,
                std::iter::once(name.to_string()).chain((1..).map(|k| format!("{name}@{k}"))),
            ));
            let f = cx.declare_const(sym, sort);
            fields.push(f);
            cx.mk_app(Op::Uf(f), vec![])
                .expect("a declared constant applies to nothing")
        };
        let Some(value) = constructed(&mut script.cx, &name, sort, &records, leaf) else {
            continue;
        };
        let constant = script
            .cx
            .mk_app(Op::Uf(c), vec![])
            .expect("a declared constant applies to nothing");
        replace.insert(constant, value);
        for (k, &f) in fields.iter().enumerate() {
            let cmd = declaration(&script.cx, f);
            script.commands.insert(at + 1 + k, cmd);
        }
        done.push((name, built(&script.cx, value, &records)));
    }
    if replace.is_empty() {
        return vec![];
    }
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let replaced = crate::term::replace(&mut script.cx, t, &replace);
        if replaced != t {
            let folded = fold_projections(&mut script.cx, replaced, &records);
            script.commands[i].kind = CommandKind::Assert(folded);
        }
    }
    done.reverse();
    done
}

/// Give the output back the ground terms of the constants that
/// [`split_record_constants`] split (`split`, as it reported them): for
/// every field constant `c_p` that an assertion still uses, the
/// assertion `c_p = p(c)` (`c_p_q = q(p(c))` for a nested field), placed
/// after the declarations of the symbols it names. Returns how many were
/// asserted.
///
/// **Why.** The split is for the passes, which match writers and reads
/// over the fields. Whatever they did not close reaches the solver
/// without any ground term of the record sort: `c` is declared but
/// unused, and so is every projection of it. The input's `p(c)` are what
/// a solver instantiates the record's own axioms with (the inversion
/// axiom `∀u. u = mk(p̄(u))` builds `mk(p̄(c))`, whose fields then match
/// the triggers of quantifiers over a record's fields). Without them a
/// quantifier that needs any instance over those fields has nothing to
/// match; with the links, the solver's E-graph holds both the fields and
/// the projections, as it held the projections on the input.
///
/// **Soundness.** Each fact holds in the model of the output that the
/// input gives (`c_p := p(c)`, see the module documentation), and a model
/// of the output with them gives the input's `c` itself: by the inversion
/// axiom `c = mk(p̄(c)) = mk(c̄)`, the value the split stands for. With
/// them the output is equivalent to the input over every symbol of the
/// input, `c` included.
pub fn link_split_constants(script: &mut Script, split: &[(String, Built)]) -> usize {
    if split.is_empty() {
        return 0;
    }
    let used = used_constants(script);
    // declaring command of each function, by name and arity
    let mut declared_at: HashMap<FunId, usize> = HashMap::new();
    for (i, c) in script.commands.iter().enumerate() {
        if let CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } = c.kind {
            declared_at.entry(f).or_insert(i);
        }
    }
    let find = |cx: &Context, name: &str, args: &[SortId]| {
        cx.funs()
            .find(|(_, d)| cx.sym_name(d.name) == name && &*d.args == args)
            .map(|(f, _)| f)
    };
    let mut inserts: Vec<(usize, Vec<TermId>)> = vec![];
    for (name, value) in split {
        let Some(c) = find(&script.cx, name, &[]) else {
            continue;
        };
        let constant = script
            .cx
            .mk_app(Op::Uf(c), vec![])
            .expect("a declared constant applies to nothing");
        let mut links = vec![];
        let mut symbols = vec![c];
        if !leaf_links(
            &mut script.cx,
            value,
            constant,
            &find,
            &mut links,
            &mut symbols,
        ) {
            continue;
        }
        links.retain(|(f, _)| used.contains(f));
        if links.is_empty() {
            continue;
        }
        let at = symbols
            .iter()
            .chain(links.iter().map(|(f, _)| f))
            .filter_map(|f| declared_at.get(f))
            .max()
            .map_or(0, |&i| i + 1);
        let facts = links
            .into_iter()
            .map(|(f, proj)| {
                let field = script
                    .cx
                    .mk_app(Op::Uf(f), vec![])
                    .expect("a declared constant applies to nothing");
                script
                    .cx
                    .mk_app(Op::Eq, vec![field, proj])
                    .expect("a field and its projection have one sort")
            })
            .collect();
        inserts.push((at, facts));
    }
    // later positions first, so that earlier ones stay put
    inserts.sort_by_key(|b| std::cmp::Reverse(b.0));
    let mut count = 0;
    for (at, facts) in inserts {
        count += facts.len();
        let commands = facts.into_iter().map(|t| smtlib_io::Command {
            kind: CommandKind::Assert(t),
            span: Default::default(),
            text: "".into(),
            verbatim_term: None,
        });
        script.commands.splice(at..at, commands);
    }
    count
}

/// The fields of `value` (a record read as `of`) with the projection
/// terms that read them from `of`, into `links`; the projections found
/// go to `symbols`. False when a reported name is not a function of
/// `cx` of the expected arity and sort.
fn leaf_links(
    cx: &mut Context,
    value: &Built,
    of: TermId,
    find: &impl Fn(&Context, &str, &[SortId]) -> Option<FunId>,
    links: &mut Vec<(FunId, TermId)>,
    symbols: &mut Vec<FunId>,
) -> bool {
    match value {
        Built::Field(name) => {
            let sort = cx.sort_of(of);
            match find(cx, name, &[]) {
                Some(f) if cx.fun(f).ret == sort => {
                    links.push((f, of));
                    true
                }
                _ => false,
            }
        }
        Built::Record { fields, .. } => {
            let sort = cx.sort_of(of);
            for (proj, sub) in fields {
                let Some(p) = find(cx, proj, &[sort]) else {
                    return false;
                };
                symbols.push(p);
                let Ok(read) = cx.mk_app(Op::Uf(p), vec![of]) else {
                    return false;
                };
                if !leaf_links(cx, sub, read, find, links, symbols) {
                    return false;
                }
            }
            true
        }
    }
}

/// The constants that some assertion applies.
fn used_constants(script: &Script) -> BTreeSet<FunId> {
    let mut used = BTreeSet::new();
    for t in script.assertions() {
        crate::term::post_order(&script.cx, t, |u| {
            if let smtlib_io::TermKind::App(Op::Uf(f), a) = script.cx.kind(u) {
                if a.is_empty() {
                    used.insert(*f);
                }
            }
        });
    }
    used
}
