//! Context from the script: assertions simplify each other.
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
//! Quantified terms match up to the names of their bound variables.
//! Facts are closed, and bound variables are renamed apart, so rewriting
//! under binders is sound. These rewrites depend on the facts, so they are
//! applied to terms, never as unions inside the e-graph.

use super::alpha::AlphaClasses;
use super::terms::rebuild;
use smtlib_io::{CommandKind, Context, FunId, FunKind, Op, Script, TermId, TermKind};
use std::collections::{BTreeSet, HashMap};

/// For each command that is a readable assertion: the set of check-sat
/// commands (by index) at which it is live.
pub fn liveness(script: &Script) -> HashMap<usize, BTreeSet<usize>> {
    let mut live: HashMap<usize, BTreeSet<usize>> = HashMap::new();
    let mut scopes: Vec<Vec<usize>> = vec![vec![]];
    for (i, c) in script.commands.iter().enumerate() {
        match &c.kind {
            CommandKind::Assert(_) => {
                live.insert(i, BTreeSet::new());
                if let Some(s) = scopes.last_mut() {
                    s.push(i);
                }
            }
            CommandKind::Push(n) => {
                for _ in 0..*n {
                    scopes.push(vec![]);
                }
            }
            CommandKind::Pop(n) => {
                for _ in 0..*n {
                    if scopes.len() > 1 {
                        scopes.pop();
                    }
                }
            }
            CommandKind::Reset | CommandKind::ResetAssertions => scopes = vec![vec![]],
            CommandKind::CheckSat => {
                for &a in scopes.iter().flatten() {
                    if let Some(s) = live.get_mut(&a) {
                        s.insert(i);
                    }
                }
            }
            _ => {}
        }
    }
    live
}

/// Where each declared or defined function stands: the index of its
/// `declare-fun`/`define-fun` command. A rewrite of the assertion at
/// command `i` may only use symbols declared before `i`
/// ([`declared_before`]); facts from later assertions can mention later
/// symbols, and a solver rejects an assertion that uses an undeclared one.
pub fn declaration_index(script: &Script) -> HashMap<FunId, usize> {
    let mut at = HashMap::new();
    for (i, c) in script.commands.iter().enumerate() {
        match &c.kind {
            CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } => {
                at.entry(*f).or_insert(i);
            }
            _ => {}
        }
    }
    at
}

/// True if every function `t` applies is declared before command `i`
/// (functions without a declaring command, e.g. datatype constructors,
/// count as declared).
pub fn declared_before(
    cx: &Context,
    t: TermId,
    i: usize,
    declared_at: &HashMap<FunId, usize>,
) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t];
    while let Some(u) = stack.pop() {
        if !seen.insert(u) {
            continue;
        }
        if let TermKind::App(Op::Uf(f), _) = cx.kind(u) {
            if declared_at.get(f).is_some_and(|&d| d > i) {
                return false;
            }
        }
        stack.extend(cx.children(u));
    }
    true
}

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

/// The rewrites `(from, to)` that fact `f` justifies, in order.
pub fn fact_rewrites(cx: &mut Context, f: TermId) -> Vec<(TermId, TermId)> {
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
                    if is_const && k_is_app && cx.sort_of(c) == cx.sort_of(k) {
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
        super::terms::post_order(cx, t, |u| {
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

/// Simplify the readable assertions of `script` with each other, in place.
/// Returns the indices of the commands whose assertion changed.
pub fn use_context(script: &mut Script) -> Vec<usize> {
    let live = liveness(script);
    let declared_at = declaration_index(script);
    let idx: Vec<usize> = (0..script.commands.len())
        .filter(|i| live.contains_key(i))
        .collect();
    // from-term -> [(command, to-term)], in command order
    let mut index: HashMap<TermId, Vec<(usize, TermId)>> = HashMap::new();
    let mut contrib: HashMap<usize, Vec<(TermId, TermId)>> = HashMap::new();
    let mut alpha = AlphaCanon::default();
    for &j in &idx {
        if let CommandKind::Assert(f) = script.commands[j].kind {
            let rw = fact_rewrites(&mut script.cx, f);
            for &(from, to) in &rw {
                let from = alpha.of(&script.cx, from);
                index.entry(from).or_default().push((j, to));
            }
            contrib.insert(j, rw);
        }
    }
    let mut changed = vec![];
    for &i in &idx {
        let li = &live[&i];
        if li.is_empty() {
            continue;
        }
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let canon = alpha.all_in(&script.cx, t);
        let lookup = |u: TermId| {
            let u = *canon.get(&u).unwrap_or(&u);
            index.get(&u).and_then(|v| {
                v.iter()
                    .find(|(j, _)| *j != i && li.is_subset(&live[j]))
                    .map(|&(_, to)| to)
            })
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
            let rw = fact_rewrites(&mut script.cx, new);
            for &(from, to) in &rw {
                let from = alpha.of(&script.cx, from);
                let v = index.entry(from).or_default();
                let at = v.iter().position(|(j, _)| *j > i).unwrap_or(v.len());
                v.insert(at, (i, to));
            }
            contrib.insert(i, rw);
        }
    }
    changed
}
