//! ElimAssign (section 4.1) inside `guarded-eq`.
//!
//! **ElimAssign, shared arrays.** The shared-array form (1),
//! `∀n. (∃t. W(t,n) ∧ b2(n) = v(t)) ∨ ((∀t. ¬W(t,n)) ∧ b2(n) = b1(n))`,
//! does *not* in general make `φ(b2(u))` equivalent to either the paper's
//! `∀t. W(t,u) ⇒ φ(v(t))` form (2) or the exists form
//! `∃t. W(t,u) ∧ φ(v(t))`: if two threads write different values to `u`
//! (a race), the fact only says that `b2(u)` is *one* of them; then the
//! ∀ form is stronger and the ∃ form weaker than `φ(b2(u))`. Both are
//! equivalent to it exactly when the writer is unique. The pass therefore
//! rewrites only when it can show uniqueness: after rewriting `W` with the
//! other facts' rules (e.g. `i2(t) = N*l + t`), `W` must contain a conjunct
//! `idx(t) = n` with `idx` linear in the single thread variable `t` with
//! coefficient ±1, so `t` is determined: `t* = ±(n - rest)`. Then
//! `∃t. W(t,u) ≡ W(t*,u)`, and `φ(b2(u)) ≡ (W(t*,u) ∧ φ(v(t*))) ∨
//! (¬W(t*,u) ∧ φ(b1(u)))`, quantifier-free. A writer over several thread
//! variables (`∃b. … ∃t. …`, or one binder of all) is unique when `W`
//! contains an index that is a mixed-radix numeral in them, as
//! `a*b + t = m` with `0 <= t < a` and `0 < a` known, or
//! `tx + B*by + (B*Gy)*ty + (B*B*Gy)*bx = m` with `tx, ty < B`,
//! `by < Gy` ([`super::radix`]): then the digits are named by `div`
//! (`b* = m div a`, `t* = m - a*b*`), or are plain terms where the read's
//! index has a known remainder (`m = a*q + r` with `0 <= r < a` where the
//! read stands: `r = 0` for `fn[0]`, `r = i` for `out[i + a*j]` under
//! `0 <= i < a`), and `W`'s bounds on the top digit become bounds on `m`.
//! Under a negation the `div` digits are bound instead of named: the atom
//! becomes `∀b. W(b, m - a*b, u) ⇒ φ(v(b, m - a*b))` (for more digits,
//! `∀` of all but the lowest), equivalent as `b*` is the one `b` that
//! satisfies `W`, and linear; the solver's Skolem constants are the
//! writer. Otherwise the occurrence is left alone. Writer variables
//! that the index leaves free are dropped or named by Skolem functions
//! first (`skolem.rs`).
//!
//! Real VCs reach this pass in two shapes besides form (1). The array's
//! argument may be a term over `n` (Why3 writes `out0[Tuple11 n]` when the
//! index sort is a one-field tuple without axioms); the read's argument is
//! matched against it. And the no-writer disjunct may have lost its
//! quantifier (`n < 0 ∨ G*B <= n` after quantifier elimination). The
//! rewrite needs only that no writer satisfies that condition `N`, so it is
//! applied when the facts every writer satisfies (its conditions, with the
//! block bounds turned into bounds on `m`) refute `N(u)` by bounds.

use super::atoms::{eq_simplify, refutes};
use super::radix::{radix_writer, Writer};
use crate::analysis::bounds::atom_as_bound;
use crate::arith::poly::{self, Poly};
use crate::arith::Rel;
use crate::term::rewrite::{fresh_if_binders, Head};
use crate::term::{self, and, conjuncts};
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

/// What replaces an occurrence where a rule's guard holds.
pub(super) enum Then {
    /// This term.
    Value(TermId),
    /// The value `value` of the one `vars` that satisfy `conds` (a
    /// writer that the guard says exists and the conditions make unique),
    /// for an atom under a negation: it becomes `∀vars. conds ⇒ φ(value)`,
    /// equivalent to `φ` of the writer's value, and the solver's Skolem
    /// constants name the writer; unlike its `div`/`mod` form, linear.
    Bound {
        vars: Vec<VarId>,
        conds: Vec<TermId>,
        value: TermId,
    },
}

/// The shared-array assign form (1).
#[derive(Clone, Debug)]
pub(super) struct Shared {
    pub(super) head: FunId,
    /// The array's argument in terms of `n`: `n` itself, or e.g. Why3's
    /// `Tuple11 n` when the index sort is a one-field tuple.
    pub(super) index: TermId,
    pub(super) n: VarId,
    /// The writer's thread variables, outermost first.
    pub(super) ts: Vec<VarId>,
    pub(super) conds: Vec<TermId>,
    pub(super) value: TermId,
    pub(super) old: TermId,
    /// The no-writer condition `N(n)` of the second disjunct when it is
    /// not literally `∀t'. ¬W'` (a solver or an earlier pass may have
    /// eliminated the quantifier, e.g. to `n < 0 ∨ G*B <= n`). `None` when
    /// it is literally `∀t'. ¬W'`.
    pub(super) no_writer: Option<TermId>,
    pub(super) fact: usize,
    /// The assign itself, `∀n. (∃t̄. …) ∨ …` (for `skolem.rs`).
    pub(super) source: TermId,
    /// The ranges of the Skolem functions in `value`, over `n` (facts
    /// that hold for every `n`; see `skolem.rs`).
    pub(super) skolem_ranges: Vec<TermId>,
}

/// At most this many writer variables (a thread's six components).
const MAX_WRITER_VARS: usize = 6;

/// Recognise `source` = `∀n. body` with `body` =
/// `(∃t̄. W ∧ f(n) = v) ∨ ((∀t̄'. ¬W') ∧ f(n) = old)`.
pub(super) fn shared_form(
    cx: &mut Context,
    source: TermId,
    n: VarId,
    body: TermId,
    fact: usize,
) -> Option<Shared> {
    let TermKind::App(Op::Or, args) = cx.kind(body).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let (ts, econds) = exists_chain(cx, args[0])?;
    if ts.is_empty() || ts.len() > MAX_WRITER_VARS {
        return None;
    }
    let mut conds = Vec::new();
    let mut head_val = None;
    for c in econds {
        if let TermKind::App(Op::Eq, a) = cx.kind(c) {
            for (l, r) in [(a[0], a[1]), (a[1], a[0])] {
                if let TermKind::App(Op::Uf(f), fa) = cx.kind(l) {
                    if fa.len() == 1 && head_val.is_none() && is_index_of(cx, fa[0], n) {
                        head_val = Some((*f, fa[0], r));
                    }
                }
            }
        }
        conds.push(c);
    }
    let (f, index, value) = head_val?;
    let f_n = cx.mk_app(Op::Uf(f), vec![index]).ok()?;
    conds.retain(|&c| !matches!(cx.kind(c), TermKind::App(Op::Eq, a) if a.contains(&f_n)));
    // Second disjunct: `f(n) = old` and the no-writer condition.
    let mut old = None;
    let mut literal_no_writer = false;
    let mut others = Vec::new();
    for p in conjuncts(cx, args[1]) {
        match cx.kind(p).clone() {
            TermKind::App(Op::Eq, a) if a.contains(&f_n) && old.is_none() => {
                old = Some(if a[0] == f_n { a[1] } else { a[0] });
            }
            TermKind::Binder(BinderKind::Forall, ..)
                if !literal_no_writer && negates_writer(cx, p, &ts, &conds) =>
            {
                literal_no_writer = true;
            }
            _ => others.push(p),
        }
    }
    // `N ∧ ∀t'. ¬W'` is at least as strong as `∀t'. ¬W'`, which is all
    // the rewrite needs; otherwise `N` is checked against the writer at
    // each use (`writer_case`).
    let no_writer = match (literal_no_writer, others.is_empty()) {
        (true, _) => None,
        (false, false) => Some(and(cx, others)),
        (false, true) => return None,
    };
    if no_writer.is_some_and(|nw| Head::Fun(f).occurs_in(cx, nw)) {
        return None;
    }
    let old = old?;
    if Head::Fun(f).occurs_in(cx, value) {
        return None;
    }
    Some(Shared {
        head: f,
        index,
        n,
        ts,
        conds,
        value,
        old,
        no_writer,
        fact,
        source,
        skolem_ranges: Vec::new(),
    })
}

/// Whether `i` can be the array argument of an assign over `n`: `n`
/// itself, or an application of uninterpreted functions to such terms and
/// closed terms, at least one of them over `n` (matching it against a
/// read's argument finds `n`; no thread variable can occur in it).
fn is_index_of(cx: &Context, i: TermId, n: VarId) -> bool {
    match cx.kind(i) {
        TermKind::Var(v) => *v == n,
        TermKind::App(Op::Uf(_), args) => {
            args.iter().any(|&a| is_index_of(cx, a, n))
                && args
                    .iter()
                    .all(|&a| term::is_closed(cx, a) || is_index_of(cx, a, n))
        }
        _ => false,
    }
}

/// Whether `p` is `∀t'. ¬W'` with `W'` the writer conditions `conds` over
/// the thread variables `ts` up to renaming.
fn negates_writer(cx: &mut Context, p: TermId, ts: &[VarId], conds: &[TermId]) -> bool {
    let Some((ts2, fconds)) = forall_not_chain(cx, p) else {
        return false;
    };
    if ts2.len() != ts.len() {
        return false;
    }
    let m: HashMap<VarId, TermId> = ts2
        .iter()
        .zip(ts)
        .map(|(&v2, &v)| (v2, cx.mk_var(v)))
        .collect();
    let mut a: Vec<TermId> = fconds.iter().map(|&c| term::subst(cx, c, &m)).collect();
    let mut b = conds.to_vec();
    a.sort();
    b.sort();
    a == b
}

/// `∃x̄1. (C1 ∧ ∃x̄2. (C2 ∧ …))` as `∃x̄1 x̄2 …. C1 ∧ C2 ∧ …` (bound
/// variables are renamed apart, so no `Ci` mentions a later `x̄j`): the
/// variables, outermost first, and the conjuncts.
pub(super) fn exists_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let TermKind::Binder(BinderKind::Exists, vs, body, _) = cx.kind(t) else {
        return None;
    };
    let mut vars = vs.to_vec();
    let mut conds = Vec::new();
    let mut cur = *body;
    loop {
        let mut next = None;
        for c in conjuncts(cx, cur) {
            match cx.kind(c) {
                TermKind::Binder(BinderKind::Exists, vs2, b2, _) if next.is_none() => {
                    vars.extend(vs2.iter().copied());
                    next = Some(*b2);
                }
                _ => conds.push(c),
            }
        }
        match next {
            Some(b) => cur = b,
            None => return Some((vars, conds)),
        }
    }
}

/// `∀x̄1. (G1 ⇒ ∀x̄2. (G2 ⇒ … ¬C))` as `∀x̄1 x̄2 …. ¬(G1 ∧ G2 ∧ … ∧ C)`:
/// the variables, outermost first, and the conjuncts under the negation.
fn forall_not_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let mut vars = Vec::new();
    let mut conds = Vec::new();
    let mut cur = t;
    loop {
        match cx.kind(cur) {
            TermKind::Binder(BinderKind::Forall, vs, body, _) => {
                vars.extend(vs.iter().copied());
                cur = *body;
            }
            TermKind::App(Op::Implies, args) => {
                let (last, hyps) = args.split_last()?;
                for &h in hyps {
                    conds.extend(conjuncts(cx, h));
                }
                cur = *last;
            }
            TermKind::App(Op::Not, a) => {
                conds.extend(conjuncts(cx, a[0]));
                return Some((vars, conds));
            }
            _ => return None,
        }
    }
}

/// The unique-writer rewrite of a read `f(arg)` of a shared assign, where
/// `arg` is an instance of the assign's index at `n = u`, under the
/// hypotheses `hyps`: the writer's conditions (the guard), the value it
/// writes (the then-value), the old value (the else-term), and the ranges
/// of the Skolem terms in the value at `u` (which always hold). `None`
/// when the writer is not unique or, for a no-writer condition `N` that
/// is not literally `∀t. ¬W`, when `W(t, u) ⇒ ¬N(u)` is not shown.
pub(super) fn writer_case(
    cx: &mut Context,
    s: &Shared,
    arg: TermId,
    hyps: &[TermId],
    negative: bool,
) -> Option<(TermId, Then, TermId, Vec<TermId>)> {
    let mut m: HashMap<VarId, TermId> = HashMap::new();
    if !term::match_term(cx, s.index, arg, &[s.n], &mut m) {
        return None;
    }
    let all_conds: Vec<TermId> = s.conds.iter().map(|&c| term::subst(cx, c, &m)).collect();
    let writer = match *s.ts.as_slice() {
        [t] => Writer {
            at: single_writer(cx, t, &all_conds)?,
            checks: all_conds.clone(),
            derived: vec![],
            groups: vec![],
        },
        _ => radix_writer(cx, &s.ts, &all_conds, hyps)?,
    };
    let w: Vec<TermId> = writer
        .checks
        .iter()
        .map(|&c| {
            let c = term::subst(cx, c, &writer.at);
            eq_simplify(cx, c)
        })
        .collect();
    if let Some(nw) = s.no_writer {
        // The rewrite needs `W(t, u) ⇒ ¬N(u)` for every writer `t`: the
        // writer's conditions at `t*` and `derived` hold for it.
        let nu = term::subst(cx, nw, &m);
        let mut facts = hyps.to_vec();
        facts.extend(writer.derived.iter().copied());
        facts.extend(w.iter().copied());
        if !refutes(cx, nu, &facts) {
            return None;
        }
    }
    let w = and(cx, w);
    let w = fresh_if_binders(cx, w);
    let mut mv = m.clone();
    let then = if negative && !writer.groups.is_empty() {
        // Under a negation, `∀v̄. W(v̄) ⇒ φ(value(v̄))` with each group's
        // lowest digit `m - Σ ci*vi` over its upper digits `v̄`: the
        // solver's Skolem constants name the writer and its conditions
        // stay linear. Elsewhere the existential would hide the writer,
        // so its `div` form stays.
        let mut bound: HashMap<VarId, TermId> = writer
            .at
            .iter()
            .filter(|(v, _)| !writer.groups.iter().any(|g| g.vars.contains(v)))
            .map(|(&v, &t)| (v, t))
            .collect();
        let mut vars = Vec::new();
        for g in &writer.groups {
            let mut lowest = g.m.clone();
            for (&d, c) in g.vars.iter().zip(&g.coefs).skip(1) {
                let (name, sort) = (cx.var(d).name, cx.var(d).sort);
                let var = cx.new_var(name, sort);
                let vt = cx.mk_var(var);
                lowest = lowest.sub(&c.mul(&Poly::atom(vt)));
                bound.insert(d, vt);
                vars.push(var);
            }
            bound.insert(g.vars[0], poly::to_term(cx, &lowest));
        }
        let conds = all_conds
            .iter()
            .map(|&c| {
                let c = term::subst(cx, c, &bound);
                eq_simplify(cx, c)
            })
            .collect();
        mv.extend(bound);
        let value = term::subst(cx, s.value, &mv);
        Then::Bound { vars, conds, value }
    } else {
        mv.extend(writer.at);
        Then::Value(term::subst(cx, s.value, &mv))
    };
    let old = term::subst(cx, s.old, &m);
    let known = s
        .skolem_ranges
        .iter()
        .map(|&r| term::subst(cx, r, &m))
        .collect();
    Some((w, then, old, known))
}

/// Whether `conds` determine the writer variables `ts` (one, or the
/// digits of a mixed-radix index) whatever `n` is, under `hyps`.
pub(super) fn determines(
    cx: &mut Context,
    ts: &[VarId],
    conds: &[TermId],
    hyps: &[TermId],
) -> bool {
    match *ts {
        [t] => single_writer(cx, t, conds).is_some(),
        _ => radix_writer(cx, ts, conds, hyps).is_some(),
    }
}

/// The writer of one thread variable `t`: a conjunct `idx(t) = u`
/// linear in `t` with coefficient ±1 gives `t* = ±(u - rest)`.
fn single_writer(cx: &mut Context, t: VarId, conds: &[TermId]) -> Option<HashMap<VarId, TermId>> {
    let tt = cx.mk_var(t);
    for &c in conds {
        if let Some((Rel::Eq, rest)) = atom_as_bound(cx, c, tt) {
            if !rest.atoms().iter().any(|&a| term::mentions(cx, a, t)) {
                let tstar = poly::to_term(cx, &rest);
                return Some([(t, tstar)].into_iter().collect());
            }
        }
    }
    None
}
