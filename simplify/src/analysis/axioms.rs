//! What an axiom says, read from its shape: a *definition*
//! `∀x̄. f(x̄) = body` ([`as_definition`], and the `define-fun`s of a script,
//! [`script_definitions`]), an *oriented rewrite* `∀x̄. l → r` that makes
//! every instance smaller ([`as_oriented`]), and the functions that fire
//! the triggers of quantified facts ([`trigger_functions`]). `unfold`
//! rewrites with them; the record, pruning and guarded-equality passes read
//! them.

use crate::term::{self, rewrite::Head, rewrite::Rule};
use smtlib_io::{
    AttrValue, CommandKind, Context, FunId, FunKind, Op, Script, TermId, TermKind, VarId,
};
use std::collections::{BTreeSet, HashMap, HashSet};

/// `f(x̄) = body`, read from an axiom or a `define-fun`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub fun: FunId,
    pub params: Vec<VarId>,
    pub body: TermId,
}

pub(crate) use crate::term::axiom_matrix;

pub(crate) fn contains_fun(
    cx: &Context,
    t: TermId,
    f: FunId,
    memo: &mut HashMap<TermId, bool>,
) -> bool {
    if let Some(&b) = memo.get(&t) {
        return b;
    }
    let b = match cx.kind(t) {
        TermKind::App(Op::Uf(g), _) if *g == f => true,
        TermKind::Binder(_, _, _, _) | TermKind::Annot(..) => {
            // patterns are not part of the meaning; look at the body only
            let body = match cx.kind(t) {
                TermKind::Binder(_, _, b, _) | TermKind::Annot(b, _) => *b,
                _ => unreachable!(),
            };
            contains_fun(cx, body, f, memo)
        }
        _ => cx
            .children(t)
            .into_iter()
            .any(|c| contains_fun(cx, c, f, memo)),
    };
    memo.insert(t, b);
    b
}

/// The uninterpreted function symbols of `t`, patterns included.
pub(crate) fn funs_of(cx: &Context, t: TermId, out: &mut BTreeSet<FunId>) {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let TermKind::App(Op::Uf(f), _) = cx.kind(t) {
            out.insert(*f);
        }
        if let TermKind::Binder(_, _, _, attrs) | TermKind::Annot(_, attrs) = cx.kind(t) {
            for a in attrs.iter() {
                if let AttrValue::Terms(ts) = &a.value {
                    stack.extend(ts.iter().copied());
                }
            }
        }
        stack.extend(cx.children(t));
    }
}

/// The functions that occur in the `:pattern`s of the quantifiers in
/// `facts`, except that a definition's own patterns do not count for the
/// function it defines (`∀x. f(x) = body` triggered on `f(x)`).
pub fn trigger_functions(cx: &Context, facts: &[TermId]) -> BTreeSet<FunId> {
    let mut out = BTreeSet::new();
    for &fact in facts {
        out.extend(fact_triggers(cx, fact));
    }
    out
}

/// The functions in the trigger patterns of one fact, but the one it
/// defines ([`trigger_functions`] of one fact).
pub(crate) fn fact_triggers(cx: &Context, fact: TermId) -> BTreeSet<FunId> {
    let own = as_definition(cx, fact).map(|d| d.fun);
    let mut in_patterns = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![fact];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let TermKind::Binder(_, _, _, attrs) | TermKind::Annot(_, attrs) = cx.kind(t) {
            for a in attrs.iter() {
                if let AttrValue::Terms(ts) = &a.value {
                    for &p in ts.iter() {
                        funs_of(cx, p, &mut in_patterns);
                    }
                }
            }
        }
        stack.extend(cx.children(t));
    }
    in_patterns.retain(|&f| Some(f) != own);
    in_patterns
}

/// `t` as a quantified equation `∀x̄. a = b` (at least one variable): the
/// variables and the two sides.
pub(crate) fn axiom_equation(cx: &Context, t: TermId) -> Option<(Vec<VarId>, [TermId; 2])> {
    let (vars, m) = axiom_matrix(cx, t);
    if vars.is_empty() {
        return None;
    }
    match cx.kind(m) {
        TermKind::App(Op::Eq, args) if args.len() == 2 => Some((vars, [args[0], args[1]])),
        _ => None,
    }
}

/// Read `t` as a definition `∀x̄. f(x̄) = body` (see the module doc).
pub fn as_definition(cx: &Context, t: TermId) -> Option<Definition> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    for (l, r) in [(a, b), (b, a)] {
        let TermKind::App(Op::Uf(f), fargs) = cx.kind(l) else {
            continue;
        };
        if cx.fun(*f).kind != FunKind::Declared || fargs.len() != vars.len() {
            continue;
        }
        let mut params = Vec::new();
        for &a in fargs.iter() {
            match cx.kind(a) {
                TermKind::Var(v) if vars.contains(v) && !params.contains(v) => params.push(*v),
                _ => break,
            }
        }
        if params.len() != vars.len() || contains_fun(cx, r, *f, &mut HashMap::new()) {
            continue;
        }
        return Some(Definition {
            fun: *f,
            params,
            body: r,
        });
    }
    None
}

/// Occurrences of each variable in `t` (as a tree), and its node count.
pub(crate) fn var_counts(cx: &Context, t: TermId, counts: &mut HashMap<VarId, u64>) -> u64 {
    match cx.kind(t) {
        TermKind::Var(v) => {
            *counts.entry(*v).or_insert(0) += 1;
            1
        }
        _ => {
            1 + cx
                .children(t)
                .into_iter()
                .map(|c| var_counts(cx, c, counts))
                .sum::<u64>()
        }
    }
}

/// Read `t` as an oriented rewrite `∀x̄. l → r`, an unconditional rule
/// (see the module doc).
pub fn as_oriented(cx: &Context, t: TermId) -> Option<Rule> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    for (l, r) in [(a, b), (b, a)] {
        let TermKind::App(Op::Uf(f), largs) = cx.kind(l) else {
            continue;
        };
        if largs
            .iter()
            .all(|&a| matches!(cx.kind(a), TermKind::Var(_)))
        {
            continue; // a definition's shape, not a rewrite of a nested term
        }
        if term::has_binder(cx, l) || term::has_binder(cx, r) {
            continue;
        }
        let (mut lc, mut rc) = (HashMap::new(), HashMap::new());
        let (ln, rn) = (var_counts(cx, l, &mut lc), var_counts(cx, r, &mut rc));
        let decreasing = rn < ln && rc.iter().all(|(v, n)| lc.get(v).is_some_and(|m| n <= m));
        // A rewrite that brings in a function the left side lacks can fire
        // triggers the input never fired (`MapType2Type(type x, bool)` to
        // `type(Set#Singleton x)` starts a matching loop in Boogie's set
        // axioms); only rewrites that remove structure are used.
        let (mut lf, mut rf) = (BTreeSet::new(), BTreeSet::new());
        funs_of(cx, l, &mut lf);
        funs_of(cx, r, &mut rf);
        if decreasing && rf.is_subset(&lf) && vars.iter().all(|v| lc.contains_key(v)) {
            return Some(Rule {
                vars,
                head: Head::Fun(*f),
                pats: largs.to_vec(),
                guards: Vec::new(),
                rhs: r,
            });
        }
    }
    None
}

/// Does `t` contain a `match` (which substitution does not enter)?
pub(crate) fn has_match(cx: &Context, t: TermId) -> bool {
    // the context's binder flag covers `match`: most VCs need no walk
    if !cx.has_binder(t) {
        return false;
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if matches!(cx.kind(t), TermKind::Match(..)) {
            return true;
        }
        stack.extend(cx.children(t));
    }
    false
}

/// The non-recursive `define-fun`s of a script whose bodies vcsimp read
/// (constants included: `(define-fun blockDim () dim3 (mk_dim3 n 1 1))`).
pub fn script_definitions(script: &Script) -> Vec<Definition> {
    script
        .commands
        .iter()
        .filter_map(|c| match &c.kind {
            CommandKind::Define { fun, params, body } => Some(Definition {
                fun: *fun,
                params: params.to_vec(),
                body: *body,
            }),
            _ => None,
        })
        .collect()
}
