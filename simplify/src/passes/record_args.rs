//! `record-args`: a function that only ever receives constructed records
//! takes their fields instead.
//!
//! **Rule.** Let `f : S̄ → T` be declared once by `declare-fun`, and let
//! position `k` of `f` have a record sort `R` with constructor `mk` (see
//! [`Record`]: a one-constructor datatype, or a sort given by an inversion
//! axiom and projection axioms). If in every application `f(…, t_k, …)` in
//! the script `t_k` is `mk(ū)`, position `k` is *flattened*: `f` is
//! declared instead with `mk`'s field sorts in place of `R` (same name) and
//! `f(…, mk(ū), …)` becomes `f(…, ū, …)`. Fields that are records built by
//! their constructor in every application are flattened again (a thread
//! `mk_thread(mk_dim3(b, 0, 0), mk_dim3(t, 0, 0))` becomes six integers).
//! Why3 indexes per-thread and per-block maps by records this way; Boogie
//! and our own generator pass the integers, and cvc5 proves more VCs in
//! that form (`bench/` has the figures).
//!
//! The rule does not apply when `f` occurs in a command vcsimp keeps
//! verbatim (a `define-fun` body, an assertion it could not read,
//! `check-sat-assuming`), or when the script asks for a model, values or
//! an assignment (whose answers would then be about the new `f`).
//!
//! **Soundness.** `mk` is injective wherever `f` is used: a datatype
//! constructor is by the theory; an axiomatised one is when its projection
//! axioms `∀ū. p_i(mk(ū)) = u_i` are live at every `check-sat` where an
//! assertion mentioning `f` is (checked; otherwise the position is not
//! flattened). A model of the input gives the new `f` as
//! `f'(ū) := f(mk(ū))`. A model of the output gives the old `f` as
//! `f(r) := f'(p̄(r))`, and then `f(mk(ū)) = f'(p̄(mk ū)) = f'(ū)` by the
//! projection axioms (by the theory for datatypes), for every `ū`. Since
//! `f` is applied only to constructed records, every assertion has the
//! same value under the two: satisfiability is kept exactly at every
//! `check-sat`. Without injectivity this fails: `mk(1) = mk(2)` with
//! `f(mk(1)) ≠ f(mk(2))` is unsatisfiable, while `f'(1) ≠ f'(2)` is not.

use crate::analysis::record_sorts::{all_records, is_projection_axiom, Record};
use crate::analysis::redeclare::{changeable, redeclare};
use crate::pass::{ArgShape, Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use crate::scope::liveness;
use smtlib_io::{CommandKind, Context, FunId, FunKind, Op, Script, SortId, TermId, TermKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// How an argument position is passed: as it is, or as the fields of a
/// constructor (each field again a shape).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Whole,
    Fields(FunId, Vec<Shape>),
}

impl Shape {
    /// The shape of `t` as far as `records` go.
    fn of(cx: &Context, t: TermId, records: &[Record]) -> Shape {
        match cx.kind(t) {
            TermKind::App(Op::Uf(mk), fields) if records.iter().any(|r| r.ctor == *mk) => {
                Shape::Fields(
                    *mk,
                    fields.iter().map(|&u| Shape::of(cx, u, records)).collect(),
                )
            }
            _ => Shape::Whole,
        }
    }

    /// The common part of two shapes.
    fn meet(&self, other: &Shape) -> Shape {
        match (self, other) {
            (Shape::Fields(a, xs), Shape::Fields(b, ys)) if a == b => {
                Shape::Fields(*a, xs.iter().zip(ys).map(|(x, y)| x.meet(y)).collect())
            }
            _ => Shape::Whole,
        }
    }

    /// The sorts the shape passes for an argument of sort `sort`.
    pub fn sorts(&self, cx: &Context, sort: SortId, out: &mut Vec<SortId>) {
        match self {
            Shape::Whole => out.push(sort),
            Shape::Fields(mk, subs) => {
                for (s, &fs) in subs.iter().zip(cx.fun(*mk).args.iter()) {
                    s.sorts(cx, fs, out);
                }
            }
        }
    }

    /// The terms the shape passes for argument `t` (which has the shape).
    fn terms(&self, cx: &Context, t: TermId, out: &mut Vec<TermId>) {
        match (self, cx.kind(t)) {
            (Shape::Fields(_, subs), TermKind::App(_, fields)) => {
                for (s, &u) in subs.iter().zip(fields.iter()) {
                    s.terms(cx, u, out);
                }
            }
            _ => out.push(t),
        }
    }

    /// The shape as the pass reports it, constructors by name.
    fn described(&self, cx: &Context) -> ArgShape {
        match self {
            Shape::Whole => ArgShape::Whole,
            Shape::Fields(mk, subs) => ArgShape::Fields {
                ctor: cx.sym_name(cx.fun(*mk).name).to_string(),
                fields: subs.iter().map(|s| s.described(cx)).collect(),
            },
        }
    }
}

/// The `record-args` pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct RecordArgs;

impl ScriptPass for RecordArgs {
    fn id(&self) -> PassId {
        PassId::RecordArgs
    }

    /// `symbols` are the functions that now take fields
    /// ([`flatten_record_arguments`]); `fired` counts them; `read_back`
    /// gives the shape of each one's arguments.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let (symbols, read_back) = flatten_record_arguments(script)
            .into_iter()
            .map(|(name, shapes)| {
                let read = ReadBack::RecordFields {
                    name: name.clone(),
                    shapes,
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

/// Apply the rule of the module documentation to `script`. Returns the
/// functions that now take fields, by name, with the shape of each of
/// their arguments.
pub fn flatten_record_arguments(script: &mut Script) -> Vec<(String, Vec<ArgShape>)> {
    if script.asks_for_models() {
        return vec![];
    }
    let records = injective_records(script);
    if records.is_empty() {
        return vec![];
    }
    let plans = plans(script, &records);
    let mut done = vec![];
    for (at, (f, shapes)) in plans {
        let described = shapes.iter().map(|s| s.described(&script.cx)).collect();
        done.push((
            script.cx.sym_name(script.cx.fun(f).name).to_string(),
            described,
        ));
        convert(script, at, f, &shapes);
    }
    done
}

/// A record with, for an axiomatised one, the commands asserting each
/// projection axiom (`None` for a datatype, injective by the theory).
struct Injective {
    record: Record,
    projections: Option<Vec<Vec<usize>>>,
}

fn injective_records(script: &Script) -> Vec<Injective> {
    let cx = &script.cx;
    let asserts: Vec<(usize, TermId)> = script.indexed_assertions().collect();
    let facts: Vec<TermId> = asserts.iter().map(|&(_, t)| t).collect();
    all_records(cx, &facts)
        .into_iter()
        .map(|record| {
            let datatype = cx.fun(record.ctor).kind == FunKind::Constructor;
            let projections = (!datatype).then(|| {
                (0..record.projs.len())
                    .map(|k| {
                        asserts
                            .iter()
                            .filter(|&&(_, t)| is_projection_axiom(cx, t, &record, k))
                            .map(|&(i, _)| i)
                            .collect()
                    })
                    .collect()
            });
            Injective {
                record,
                projections,
            }
        })
        .collect()
}

/// The functions to flatten: declaring command, function and the shape of
/// each argument position.
fn plans(script: &Script, records: &[Injective]) -> BTreeMap<usize, (FunId, Vec<Shape>)> {
    let cx = &script.cx;
    let recs: Vec<Record> = records.iter().map(|r| r.record.clone()).collect();
    let is_record = |s: SortId| recs.iter().any(|r| r.sort == s);
    let candidates = changeable(script, |d| d.args.iter().any(|&s| is_record(s)));
    // the common shape of every application, and the assertions using f
    let mut shapes: HashMap<FunId, Vec<Shape>> = HashMap::new();
    let mut users: HashMap<FunId, BTreeSet<usize>> = HashMap::new();
    for (i, c) in script.commands.iter().enumerate() {
        let CommandKind::Assert(t) = c.kind else {
            continue;
        };
        crate::term::post_order(cx, t, |u| {
            let TermKind::App(Op::Uf(f), args) = cx.kind(u) else {
                return;
            };
            if !candidates.contains_key(f) {
                return;
            }
            users.entry(*f).or_default().insert(i);
            let here: Vec<Shape> = args.iter().map(|&a| Shape::of(cx, a, &recs)).collect();
            match shapes.get_mut(f) {
                Some(common) => {
                    for (c, h) in common.iter_mut().zip(&here) {
                        *c = c.meet(h);
                    }
                }
                None => {
                    shapes.insert(*f, here);
                }
            }
        });
    }
    let live = liveness(script);
    let mut out = BTreeMap::new();
    for (f, at) in candidates {
        let Some(mut common) = shapes.remove(&f) else {
            continue;
        };
        let needed: BTreeSet<usize> = users[&f]
            .iter()
            .flat_map(|i| live.get(i).into_iter().flatten().copied())
            .collect();
        // a constructor that is not injective where f is used stays whole
        for s in common.iter_mut() {
            *s = keep_injective(s, records, &live, &needed);
        }
        if common.iter().any(|s| matches!(s, Shape::Fields(..))) {
            out.insert(at, (f, common));
        }
    }
    out
}

/// `shape` with every constructor whose injectivity is not known at the
/// check-sats `needed` kept whole.
fn keep_injective(
    shape: &Shape,
    records: &[Injective],
    live: &HashMap<usize, BTreeSet<usize>>,
    needed: &BTreeSet<usize>,
) -> Shape {
    let Shape::Fields(mk, subs) = shape else {
        return Shape::Whole;
    };
    let Some(rec) = records.iter().find(|r| r.record.ctor == *mk) else {
        return Shape::Whole;
    };
    let injective = match &rec.projections {
        None => true,
        Some(axioms) => axioms.iter().all(|cmds| {
            cmds.iter()
                .any(|j| live.get(j).is_some_and(|l| needed.is_subset(l)))
        }),
    };
    if !injective {
        return Shape::Whole;
    }
    Shape::Fields(
        *mk,
        subs.iter()
            .map(|s| keep_injective(s, records, live, needed))
            .collect(),
    )
}

/// Declare `f` (declared by command `at`) with flattened arguments and
/// rewrite its applications.
fn convert(script: &mut Script, at: usize, f: FunId, shapes: &[Shape]) {
    let old = script.cx.fun(f).clone();
    let mut args = vec![];
    for (s, &sort) in shapes.iter().zip(old.args.iter()) {
        s.sorts(&script.cx, sort, &mut args);
    }
    let g = redeclare(script, at, f, args, old.ret);
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let new = crate::term::rebuild(&mut script.cx, t, |cx, _, rebuilt| {
            let TermKind::App(Op::Uf(h), args) = cx.kind(rebuilt).clone() else {
                return None;
            };
            if h != f {
                return None;
            }
            let mut flat = vec![];
            for (s, &a) in shapes.iter().zip(args.iter()) {
                s.terms(cx, a, &mut flat);
            }
            Some(
                cx.mk_app(Op::Uf(g), flat)
                    .expect("the new declaration takes the fields"),
            )
        });
        script.commands[i].kind = CommandKind::Assert(new);
    }
}
