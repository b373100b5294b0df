//! `context`: assertions simplify each other within their check-sat
//! scopes.
//!
//! Assertion `A_i` may use `A_j` as a fact only if `A_j` is live at every
//! `check-sat` where `A_i` is live (computed by simulating push/pop/reset).
//! Assertions are processed in order; the facts are the *current* versions
//! of the others (already simplified ones for `j < i`), so each step keeps
//! the conjunction at every check-sat equivalent, and two equal assertions
//! never justify each other's removal (`p`, `p` becomes `true`, `p`).
//!
//! A fact `f` contributes its conjuncts: `¬p` rewrites `p` to `false`, any
//! other conjunct `l` rewrites `l` to `true`, and `c = k` for a declared
//! constant `c` and a numeral or Boolean literal `k` rewrites `c` to `k`;
//! a definition `c = φ` (φ an application) rewrites `φ` to `c`.
//! Quantified terms match up to the names of their bound variables. An
//! `Int` comparison conjunct also decides every comparison of the same
//! linear form (see [`crate::arith::known`]): from `l + 1 <= m`, the atom
//! `m <= l` is `false` and `l < m + 3` is `true`. A declared `Int`
//! constant whose ranges meet in one value (`0 <= z` and `z <= 0`) is
//! replaced by it.
//! Facts are closed, and bound variables are renamed apart, so rewriting
//! under binders is sound. These rewrites depend on the facts, so they are
//! applied to terms, never as unions inside the e-graph.

use crate::arith::known::{Known, Verdict};
use crate::arith::{mk_cmp, Rel};
use crate::pass::{Budget, ScriptChange, ScriptPass};
use crate::registry::PassId;
use crate::scope::{declaration_index, declared_before, liveness};
use crate::term::alpha::AlphaClasses;
use crate::term::rebuild;
use smtlib_io::{CommandKind, Context, FunKind, Op, Script, TermId, TermKind};
use std::collections::{BTreeSet, HashMap};

fn literals(cx: &Context, f: TermId, out: &mut Vec<TermId>) {
    match cx.kind(f) {
        TermKind::App(Op::And, args) => {
            for &a in args.iter() {
                literals(cx, a, out);
            }
        }
        TermKind::Annot(b, _) => literals(cx, *b, out),
        _ => out.push(f),
    }
}

/// The rewrites `(from, to)` that fact `f` justifies, in order. Without
/// `fold_definitions`, a definition `c = φ` does not turn `φ` into `c`
/// (guarded-eq expands `c` the other way while the procedural rounds run).
pub fn fact_rewrites(cx: &mut Context, f: TermId, fold_definitions: bool) -> Vec<(TermId, TermId)> {
    let mut out = vec![];
    let mut lits = vec![];
    literals(cx, f, &mut lits);
    for l in lits {
        match cx.kind(l).clone() {
            TermKind::Bool(_) => {}
            TermKind::App(Op::Not, a) => {
                let fl = cx.mk_bool(false);
                out.push((a[0], fl));
            }
            TermKind::App(Op::Eq, a) if a.len() == 2 => {
                let t = cx.mk_bool(true);
                out.push((l, t));
                for (c, k) in [(a[0], a[1]), (a[1], a[0])] {
                    let is_const = matches!(cx.kind(c), TermKind::App(Op::Uf(g), args)
                        if args.is_empty() && cx.fun(*g).kind == FunKind::Declared);
                    let is_lit = matches!(
                        cx.kind(k),
                        TermKind::Int(_) | TermKind::Real(_) | TermKind::Bool(_)
                    );
                    if is_const && is_lit && cx.sort_of(c) == cx.sort_of(k) {
                        out.push((c, k));
                    }
                    // a definition c = φ: occurrences of φ become c
                    let k_is_app = matches!(cx.kind(k), TermKind::App(_, args) if !args.is_empty());
                    if fold_definitions && is_const && k_is_app && cx.sort_of(c) == cx.sort_of(k) {
                        out.push((k, c));
                    }
                }
            }
            _ => {
                let t = cx.mk_bool(true);
                out.push((l, t));
            }
        }
    }
    out
}

/// Assume the conjuncts of fact `f` (command `j`) in `known`; true if
/// one of them gives a linear form a range.
fn assume_fact(known: &mut Known, cx: &Context, j: usize, f: TermId) -> bool {
    let mut lits = vec![];
    literals(cx, f, &mut lits);
    let mut ranged = false;
    for l in lits {
        ranged |= known.assume_ranged(cx, l, true, j);
    }
    ranged
}

/// Alpha-equivalence classes of quantified terms: every binder term maps to
/// the first alpha-equivalent one seen (see [`super::alpha`]), so that a
/// fact `forall x. P x` also rewrites an occurrence of `forall y. P y`.
#[derive(Default)]
struct AlphaCanon {
    classes: AlphaClasses<TermId>,
    canon: HashMap<TermId, TermId>,
}

impl AlphaCanon {
    /// The representative of `t` (itself unless `t` is a quantifier
    /// alpha-equivalent to an earlier one).
    fn of(&mut self, cx: &Context, t: TermId) -> TermId {
        if !matches!(cx.kind(t), TermKind::Binder(..)) {
            return t;
        }
        if let Some(&c) = self.canon.get(&t) {
            return c;
        }
        let c = self.classes.first_for(cx, t, t);
        self.canon.insert(t, c);
        c
    }

    /// Representatives of every binder subterm of `t`.
    fn all_in(&mut self, cx: &Context, t: TermId) -> HashMap<TermId, TermId> {
        let mut out = HashMap::new();
        crate::term::post_order(cx, t, |u| {
            let c = self.of(cx, u);
            if c != u {
                out.insert(u, c);
            }
        });
        out
    }
}

/// Rewrite `t` with `lookup` (outermost matches first: a replaced subterm
/// is not rewritten further).
pub fn apply_rewrites(
    cx: &mut Context,
    t: TermId,
    lookup: impl Fn(TermId) -> Option<TermId>,
) -> TermId {
    if let Some(r) = lookup(t) {
        return r;
    }
    rebuild(cx, t, |_, orig, _| lookup(orig))
}

/// Simplify the readable assertions of `script` with each other, in place
/// (`fold_definitions` as in [`fact_rewrites`]). Returns the indices of the
/// commands whose assertion changed. Stops early, with every rewrite made
/// so far kept, at `deadline`.
pub fn use_context(
    script: &mut Script,
    fold_definitions: bool,
    deadline: &crate::deadline::Deadline,
) -> Vec<usize> {
    let live = liveness(script);
    let declared_at = declaration_index(script);
    let idx: Vec<usize> = (0..script.commands.len())
        .filter(|i| live.contains_key(i))
        .collect();
    // from-term -> [(command, to-term)], in command order
    let mut index: HashMap<TermId, Vec<(usize, TermId)>> = HashMap::new();
    let mut contrib: HashMap<usize, Vec<(TermId, TermId)>> = HashMap::new();
    let mut alpha = AlphaCanon::default();
    let mut known = Known::new();
    // Commands that are facts for some other one: an assertion that is the
    // only such command has nothing to learn (and its walks cost time on
    // deep terms).
    let mut sources = BTreeSet::new();
    for &j in &idx {
        if let CommandKind::Assert(f) = script.commands[j].kind {
            let ranged = assume_fact(&mut known, &script.cx, j, f);
            let rw = fact_rewrites(&mut script.cx, f, fold_definitions);
            for &(from, to) in &rw {
                let from = alpha.of(&script.cx, from);
                index.entry(from).or_default().push((j, to));
            }
            if ranged || !rw.is_empty() {
                sources.insert(j);
            }
            contrib.insert(j, rw);
        }
    }
    let mut changed = vec![];
    for &i in &idx {
        if deadline.expired() {
            break;
        }
        let li = &live[&i];
        if li.is_empty() || sources.iter().all(|&j| j == i) {
            continue;
        }
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let canon = alpha.all_in(&script.cx, t);
        let usable = |j: usize| j != i && li.is_subset(&live[&j]);
        let decided = decide_comparisons(&mut script.cx, t, &known, usable);
        let pinned = pinned_constants(&mut script.cx, t, &known, usable);
        let lookup = |u: TermId| {
            let u = *canon.get(&u).unwrap_or(&u);
            index
                .get(&u)
                .and_then(|v| v.iter().find(|(j, _)| usable(*j)).map(|&(_, to)| to))
                .or_else(|| decided.get(&u).copied())
                .or_else(|| pinned.get(&u).copied())
        };
        let new = apply_rewrites(&mut script.cx, t, lookup);
        if new != t && declared_before(&script.cx, new, i, &declared_at) {
            script.commands[i].kind = CommandKind::Assert(new);
            changed.push(i);
            // the new version is the fact from now on
            for (from, _) in contrib.remove(&i).unwrap_or_default() {
                let from = alpha.of(&script.cx, from);
                if let Some(v) = index.get_mut(&from) {
                    v.retain(|(j, _)| *j != i);
                }
            }
            let rw = fact_rewrites(&mut script.cx, new, fold_definitions);
            for &(from, to) in &rw {
                let from = alpha.of(&script.cx, from);
                let v = index.entry(from).or_default();
                let at = v.iter().position(|(j, _)| *j > i).unwrap_or(v.len());
                v.insert(at, (i, to));
            }
            known.forget(i);
            if assume_fact(&mut known, &script.cx, i, new) || !rw.is_empty() {
                sources.insert(i);
            }
            contrib.insert(i, rw);
        }
    }
    changed
}

/// The declared `Int` constants of `t` whose value the usable facts' ranges
/// fix, mapped to that numeral: a Skolem constant of Why3's goal with
/// `0 <= c` and `c <= 0` (an unused thread dimension) becomes `0`, so that
/// rules over `mk_dim3(x, 0, 0)` match where it is an argument.
fn pinned_constants(
    cx: &mut Context,
    t: TermId,
    known: &Known,
    usable: impl Fn(usize) -> bool,
) -> HashMap<TermId, TermId> {
    let int = cx.int_sort();
    let mut constants = BTreeSet::new();
    crate::term::post_order(cx, t, |u| {
        if matches!(cx.kind(u), TermKind::App(Op::Uf(g), args)
            if args.is_empty() && cx.fun(*g).kind == FunKind::Declared && cx.fun(*g).ret == int)
        {
            constants.insert(u);
        }
    });
    constants
        .into_iter()
        .filter_map(|c| {
            let k = known
                .bounds_where(cx, &crate::arith::poly::from_term(cx, c), &usable)
                .point()?
                .clone();
            Some((c, cx.mk_int(k)))
        })
        .collect()
}

/// The comparisons in `t` that the usable facts' ranges decide, mapped to
/// `true` or `false`. A top-level conjunct of `t` that the facts imply
/// stays: it is a fact itself, and dropping a weaker bound (`l <= m` next
/// to `l < m`) gains nothing while solvers use such bounds directly.
fn decide_comparisons(
    cx: &mut Context,
    t: TermId,
    known: &Known,
    usable: impl Fn(usize) -> bool,
) -> HashMap<TermId, TermId> {
    let mut top = vec![];
    literals(cx, t, &mut top);
    let mut verdicts = vec![];
    crate::term::post_order(cx, t, |u| {
        if !matches!(cx.kind(u), TermKind::App(Op::Not, _)) {
            match known.verdict_where(cx, u, &usable) {
                Some(Verdict::Holds(true)) if top.contains(&u) => {}
                Some(v) => verdicts.push((u, v)),
                None => {}
            }
        }
    });
    verdicts
        .into_iter()
        .map(|(u, v)| {
            let to = match v {
                Verdict::Holds(b) => cx.mk_bool(b),
                Verdict::Pins(key, k) => mk_cmp(cx, Rel::Eq, &key.add_constant(&-k)),
            };
            (u, to)
        })
        .collect()
}

/// The `context` pass: up to [`UseContext::rounds`] rounds of
/// [`use_context`], until a round changes nothing.
#[derive(Clone, Copy, Debug)]
pub struct UseContext {
    /// At most this many rounds.
    pub rounds: usize,
    /// Also fold definitions `c = φ` (rewrite `φ` to `c`).
    pub fold_definitions: bool,
}

impl UseContext {
    /// The form run at the start of each procedural round: one round, no
    /// folding of definitions, so that guards decided by facts leave plain
    /// definitions for `guarded-eq`.
    pub const ROUND_START: UseContext = UseContext {
        rounds: 1,
        fold_definitions: false,
    };
    /// The form run after the procedural rounds.
    pub const FINAL: UseContext = UseContext {
        rounds: 3,
        fold_definitions: true,
    };
}

impl ScriptPass for UseContext {
    fn id(&self) -> PassId {
        PassId::AssertsAsFacts
    }

    /// Commands keep their places: `rewritten` lists the changed
    /// assertions (sorted, unique), `fired` counts them.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let mut changed = vec![];
        let mut out_of_time = false;
        for _ in 0..self.rounds {
            if budget.expired() {
                out_of_time = true;
                break;
            }
            let c = use_context(script, self.fold_definitions, &budget.deadline);
            if c.is_empty() {
                break;
            }
            changed.extend(c);
        }
        changed.sort();
        changed.dedup();
        ScriptChange {
            fired: changed.len(),
            rewritten: changed,
            out_of_time,
            ..ScriptChange::default()
        }
    }
}
