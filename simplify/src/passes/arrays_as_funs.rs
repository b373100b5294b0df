//! `arrays-as-funs`: an array symbol that is only ever read becomes a
//! function.
//!
//! **Rule.** Let `a` be declared once, by `declare-fun`/`declare-const`,
//! as `a : S̄ → (Array I E)` (no arguments for a constant). If every
//! occurrence of `a` in the script is an application `a(t̄)` that is the
//! array argument of a `select`, then `a` is declared instead as
//! `a : S̄ I → E` (same name) and every `(select a(t̄) i)` becomes
//! `a(t̄, i)`. Repeated until nothing changes, so an array of arrays read
//! as `(select (select a i) j)` becomes `a(i, j)`.
//!
//! The rule does not apply, and the script is left as it is, when `a`
//! occurs anywhere else: as a value (`(= a b)`, `store`, an argument of
//! another function, a bare `:pattern` term), in a `define-fun` body, in a
//! command vcsimp keeps verbatim (an assertion it could not read, a frozen
//! deep assertion, `check-sat-assuming`, a datatype), when the script
//! asks for a model, values or an assignment (whose answers would then be
//! about a function instead of an array), or when its logic has no
//! uninterpreted functions (`QF_ALIA`).
//!
//! **Soundness.** SMT-LIB's `ArraysEx` interprets `(Array I E)` as the set
//! of *all* total functions from `I` to `E`. So the two readings are in
//! bijection: a model of the input gives the function
//! `a'(t̄, i) := select(a(t̄), i)`, a model of the output gives the array
//! `a(t̄) := λi. a'(t̄, i)`. Since `a` is observed only through `select`,
//! every assertion has the same truth value under the two, at every
//! `check-sat`: the output is equisatisfiable with the input, and
//! equivalent to it up to this renaming of `a` (translation validation
//! undoes it).
//!
//! **Why.** Solvers treat the two differently. cvc5 1.0 times out on Why3's
//! diffusion1d postconditions, whose data are arrays read under
//! quantifiers, and proves the same VCs with functions (Boogie's form) in
//! milliseconds.

use crate::analysis::redeclare::{changeable, redeclare};
use crate::pass::{Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{CommandKind, FunId, Op, Script, SortKind, TermId, TermKind};
use std::collections::{BTreeMap, HashSet};

/// The `arrays-as-funs` pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArraysAsFuns;

impl ScriptPass for ArraysAsFuns {
    fn id(&self) -> PassId {
        PassId::ArraysAsFuns
    }

    /// `symbols` are the arrays that became functions
    /// ([`arrays_as_functions`]); `fired` counts them; `read_back` gives
    /// each once, with the number of indices it took as arguments.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let symbols = arrays_as_functions(script);
        let mut indices: BTreeMap<&String, usize> = BTreeMap::new();
        for name in &symbols {
            *indices.entry(name).or_default() += 1;
        }
        let read_back = indices
            .into_iter()
            .map(|(name, indices)| ReadBack::ArrayFunction {
                name: name.clone(),
                indices,
            })
            .collect();
        ScriptChange {
            read_back,
            ..ScriptChange::of_symbols(symbols)
        }
    }
}

/// Apply the rule of the module documentation to `script`, to a fixed
/// point. Returns the names of the symbols that became functions, in the
/// order they did (a nested array once per level).
pub fn arrays_as_functions(script: &mut Script) -> Vec<String> {
    let mut converted = vec![];
    if script.asks_for_models() || !allows_functions(script.logic.as_deref()) {
        return converted;
    }
    loop {
        let ready = only_read(script);
        if ready.is_empty() {
            return converted;
        }
        for (decl_at, a) in ready {
            converted.push(script.cx.sym_name(script.cx.fun(a).name).to_string());
            convert(script, decl_at, a);
        }
    }
}

/// Does the logic allow uninterpreted functions with arguments? SMT-LIB
/// names them with `UF` (`QF_AUFLIA`, `AUFNIRA`); `ALL` and no `set-logic`
/// allow everything. Under `QF_ALIA` the new declaration would be rejected.
fn allows_functions(logic: Option<&str>) -> bool {
    logic.is_none_or(|l| l == "ALL" || l.contains("UF"))
}

/// The declared array symbols that the rule applies to, with the index of
/// their declaring command.
fn only_read(script: &Script) -> BTreeMap<usize, FunId> {
    let cx = &script.cx;
    let mut candidates = changeable(script, |d| {
        matches!(cx.sort_kind(d.ret), SortKind::Array(..))
    });
    // used as a value in an assertion
    let mut seen = HashSet::new();
    for t in script.assertions() {
        if candidates.is_empty() {
            break;
        }
        crate::term::post_order(cx, t, |u| {
            if !seen.insert(u) {
                return;
            }
            let read = match cx.kind(u) {
                TermKind::App(Op::Select, args) => Some(args[0]),
                _ => None,
            };
            for (k, child) in cx.children(u).into_iter().enumerate() {
                if k == 0 && read == Some(child) {
                    continue;
                }
                if let Some(f) = array_app(cx, child) {
                    candidates.remove(&f);
                }
            }
        });
    }
    candidates.into_iter().map(|(f, at)| (at, f)).collect()
}

/// `t` as an application of a declared array-valued symbol.
fn array_app(cx: &smtlib_io::Context, t: TermId) -> Option<FunId> {
    match cx.kind(t) {
        TermKind::App(Op::Uf(f), _)
            if matches!(cx.sort_kind(cx.sort_of(t)), SortKind::Array(..)) =>
        {
            Some(*f)
        }
        _ => None,
    }
}

/// Declare `a` (declared by command `at`) as a function of one more
/// argument and rewrite its reads.
fn convert(script: &mut Script, at: usize, a: FunId) {
    let old = script.cx.fun(a).clone();
    let SortKind::Array(index, element) = *script.cx.sort_kind(old.ret) else {
        unreachable!("only arrays are converted")
    };
    let mut args = old.args.to_vec();
    args.push(index);
    let f = redeclare(script, at, a, args, element);
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let new = crate::term::rebuild(&mut script.cx, t, |cx, _, rebuilt| {
            let TermKind::App(Op::Select, sel) = cx.kind(rebuilt).clone() else {
                return None;
            };
            let TermKind::App(Op::Uf(g), outer) = cx.kind(sel[0]).clone() else {
                return None;
            };
            if g != a {
                return None;
            }
            let mut args = outer.to_vec();
            args.push(sel[1]);
            Some(
                cx.mk_app(Op::Uf(f), args)
                    .expect("the new declaration takes the select's arguments"),
            )
        });
        script.commands[i].kind = CommandKind::Assert(new);
    }
}
