//! The rules of `guarded-eq`.
//!
//! **Rules.** From every fact of the shape
//! `∀x̄. γ1 ⇒ … ⇒ (f(x1..xn) = s' ∧ …)` (nested `forall`/`=>`/`and`, the
//! arguments of `f` distinct variables covering `x̄`, `f` of arity >= 1 or
//! an array `select`) the pass takes the rule `γ ⇒ f(x̄) = s'`. An argument
//! may also be a linear pattern, a function application over distinct
//! variables and closed terms such as a record constructor `mk(u1, u2)` or
//! `mk_dim3(x, 0, 0)` (after the `records` pass, thread-indexed maps are
//! applied to `mk(…)`, and a thread's unused dimensions are `0`); such a
//! rule rewrites the occurrences that match it syntactically, an instance
//! of the fact. The
//! per-thread assign form `∀t. g ⇒ ((c ∧ f(t) = e1) ∨ (¬c ∧ f(t) = e2))`
//! gives two rules with guards `g ∧ c` and `g ∧ ¬c` (each disjunct's
//! conditions contradict the other's, so each rule follows from the fact).
//! Definitions given to `GuardedEq::with_definitions` (`define-fun`) are
//! unguarded rules, and `select (store a i v) j` is rewritten by the
//! two-case rule with guard `i = j`.

use super::atoms::refutes;
use super::elim_assign::{shared_form, Shared};
use crate::arith::poly;
use crate::term::rewrite::{self, Head};
use crate::term::{self, conjuncts};
use num_traits::{One, Zero};
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind, VarId};

/// A rule `guards ⇒ head(pats) = rhs` of a fact, used left to right: each
/// pattern is a variable or a function application over patterns, every
/// variable of the rule occurs exactly once in `pats` (a linear pattern,
/// matched syntactically).
///
/// A *recursive* rule's right side applies its head again (`a ≤ b ⇒
/// s(f, a, b) = f(b) + s(f, a, b - 1)`, Why3's recursive library
/// definitions). It is read only from a guarded fact, never case-split on,
/// and its unfolding is kept only where the hypotheses decide its guard
/// true and the unfolding decides the atom (`Engine::unfold_if_decisive`).
#[derive(Clone, Debug)]
pub(super) struct Rule {
    pub(super) rule: rewrite::Rule,
    pub(super) recursive: bool,
}

/// Is `r` a projection rule: every argument pattern a constructor
/// application (not a bare variable) and the right side a variable bound
/// by the patterns?
pub(super) fn is_projection(cx: &Context, r: &rewrite::Rule) -> bool {
    matches!(cx.kind(r.rhs), TermKind::Var(_))
        && r.pats
            .iter()
            .all(|&p| !matches!(cx.kind(p), TermKind::Var(_)))
}

/// Collect rules from a fact.
pub(super) fn collect(
    cx: &mut Context,
    f: TermId,
    fact: usize,
    vars: Vec<VarId>,
    guards: Vec<TermId>,
    rules: &mut Vec<Rule>,
    shared: &mut Vec<Shared>,
) {
    match cx.kind(f).clone() {
        TermKind::Binder(BinderKind::Forall, vs, body, _) => {
            if vs.len() == 1 && guards.is_empty() && vars.is_empty() {
                if let Some(s) = shared_form(cx, f, vs[0], body, fact) {
                    shared.push(s);
                    return;
                }
            }
            let mut v = vars;
            v.extend(vs.iter().copied());
            collect(cx, body, fact, v, guards, rules, shared);
        }
        TermKind::App(Op::Implies, args) => {
            let n = args.len();
            let mut g = guards;
            for &h in &args[..n - 1] {
                g.extend(conjuncts(cx, h));
            }
            collect(cx, args[n - 1], fact, vars, g, rules, shared);
        }
        TermKind::App(Op::And, args) => {
            for &a in args.iter() {
                collect(cx, a, fact, vars.clone(), guards.clone(), rules, shared);
            }
        }
        TermKind::App(Op::Or, args) => {
            // Per-thread assign: disjuncts (conds ∧ f(x̄) = e) whose
            // conditions pairwise contradict. The rule `conds ⇒ eq` for a
            // conjunct `eq` of disjunct i follows from the fact only if
            // the *other* conjuncts of i already exclude every other
            // disjunct; `eq` itself must not be the excluding condition
            // (from `(c ∧ e) ∨ (¬c ∧ e)`, `e ⇒ c` does not follow).
            let parts: Vec<Vec<TermId>> = args.iter().map(|&a| conjuncts(cx, a)).collect();
            for (i, p) in parts.iter().enumerate() {
                for &eq in p {
                    if !matches!(cx.kind(eq), TermKind::App(Op::Eq, _)) {
                        continue;
                    }
                    let conds: Vec<TermId> = p.iter().copied().filter(|&c| c != eq).collect();
                    let exclusive = (0..args.len()).all(|j| j == i || refutes(cx, args[j], &conds));
                    if !exclusive {
                        continue;
                    }
                    let mut g = guards.clone();
                    g.extend(conds);
                    if let Some(r) = as_rule(cx, eq, &vars, &g) {
                        rules.push(r);
                    }
                }
            }
            // `c1 ∨ … ∨ f(x̄) = e` is `¬c1 ∧ … ⇒ f(x̄) = e` (the else half
            // of a per-thread assign, `(c ⇒ x' = e1) ∧ (c ∨ x' = x)`, once
            // the e-graph wrote `¬c ⇒ q` as a disjunction). Only under a
            // guard (an assignment to the threads the guard admits): a
            // library axiom such as `y = 0 ∨ mod(x, y) = x - y*div(x, y)`
            // would turn the lemmas it implies (`mod(x, 1) = 0`) into
            // `true`, and solvers instantiate those lemmas, not the axiom.
            // Quantified disjuncts would make guards nothing decides.
            if guards.is_empty() || args.iter().any(|&a| term::has_binder(cx, a)) {
                return;
            }
            for (i, &eq) in args.iter().enumerate() {
                if !matches!(cx.kind(eq), TermKind::App(Op::Eq, _)) {
                    continue;
                }
                let mut g = guards.clone();
                for (j, &c) in args.iter().enumerate() {
                    if j != i {
                        g.push(negation(cx, c));
                    }
                }
                if let Some(r) = as_rule(cx, eq, &vars, &g) {
                    rules.push(r);
                }
            }
        }
        TermKind::App(Op::Eq, _) => {
            if let Some(r) = as_rule(cx, f, &vars, &guards) {
                rules.push(r);
            }
        }
        _ => {}
    }
}

/// `¬c` as a guard: the opposite comparison for an `Int` inequality
/// (`x >= s` for `x < s`), the argument of a negation, else `(not c)`.
fn negation(cx: &mut Context, c: TermId) -> TermId {
    if let TermKind::App(Op::Not, a) = cx.kind(c) {
        return a[0];
    }
    super::atoms::negated_atom(cx, c)
        .unwrap_or_else(|| cx.mk_app(Op::Not, vec![c]).expect("a Bool disjunct"))
}

fn as_rule(cx: &mut Context, eq: TermId, vars: &[VarId], guards: &[TermId]) -> Option<Rule> {
    let TermKind::App(Op::Eq, args) = cx.kind(eq).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let rule = |head, pats, rhs, recursive| Rule {
        rule: rewrite::Rule {
            vars: vars.to_vec(),
            head,
            pats,
            guards: guards.to_vec(),
            rhs,
        },
        recursive,
    };
    let mut recursive = None;
    for (l, r) in [(args[0], args[1]), (args[1], args[0])] {
        let (l, r, shifted) = unshift(cx, l, r, vars, guards);
        let guards = &shifted;
        let rule = |head, pats, rhs, recursive| Rule {
            rule: rewrite::Rule {
                vars: vars.to_vec(),
                head,
                pats,
                guards: guards.clone(),
                rhs,
            },
            recursive,
        };
        if let Some((head, vs)) = rule_head(cx, l, vars, guards) {
            // A right side that the rule may match again makes a recursive
            // rule, taken only when nothing else is and a guard bounds it.
            let candidate = rule(head, vs, r, false);
            if !candidate.rule.reapplies_in(cx, r) {
                return Some(candidate);
            }
            if recursive.is_none() && !guards.is_empty() && !vars.is_empty() {
                recursive = Some(candidate);
            }
        }
    }
    // A linear Int equation `±f(x̄) + rest = 0` (e.g. after the e-graph
    // moved a constant across: `f(x̄) + 1 = e`) defines `f(x̄) = ∓rest`.
    let recursive = recursive.map(|r| Rule {
        recursive: true,
        ..r
    });
    if cx.sort_of(args[0]) != cx.int_sort() || cx.sort_of(args[1]) != cx.int_sort() {
        return recursive;
    }
    let p = poly::from_term(cx, args[0]).sub(&poly::from_term(cx, args[1]));
    for atom in p.atoms() {
        let Some((head, vs)) = rule_head(cx, atom, vars, guards) else {
            continue;
        };
        let Some((c, rest)) = p.split_linear(&atom) else {
            continue;
        };
        if !(c.is_one() || (-&c).is_one()) {
            continue;
        }
        let rhs = poly::to_term(cx, &rest.scale(&-c));
        let candidate = rule(head, vs, rhs, false);
        if !candidate.rule.reapplies_in(cx, rhs) {
            return Some(candidate);
        }
    }
    recursive
}

/// The equation `l = r` under `guards` with each argument of `l` that is
/// a rule variable plus a constant (`f(x̄, h + 1)`, the step of a
/// recursive definition written as Why3 prints `sum(a, b + 1) = sum(a, b)
/// + g(b)`) replaced by the variable alone, and the variable shifted back
/// in `r` and `guards` (`h ↦ h - 1`): the same statement over all `h`, so
/// the rule holds where the fact does, with a left side that
/// [`rule_head`] reads. A variable shifted must occur in no other
/// argument of `l`. Unchanged when no argument is such a sum.
fn unshift(
    cx: &mut Context,
    l: TermId,
    r: TermId,
    vars: &[VarId],
    guards: &[TermId],
) -> (TermId, TermId, Vec<TermId>) {
    let unchanged = (l, r, guards.to_vec());
    let TermKind::App(Op::Uf(f), largs) = cx.kind(l).clone() else {
        return unchanged;
    };
    let mut shift: std::collections::HashMap<VarId, TermId> = Default::default();
    let mut new_args = largs.to_vec();
    for (i, &a) in largs.iter().enumerate() {
        if !matches!(cx.kind(a), TermKind::App(Op::Add, _)) || cx.sort_of(a) != cx.int_sort() {
            continue;
        }
        let p = poly::from_term(cx, a);
        let k = p.constant_term();
        let rest = p.without_constant();
        let [x] = &rest.atoms()[..] else { continue };
        let TermKind::Var(v) = *cx.kind(*x) else {
            continue;
        };
        let used_elsewhere = largs
            .iter()
            .enumerate()
            .any(|(j, &b)| j != i && term::mentions(cx, b, v));
        if k.is_zero()
            || !vars.contains(&v)
            || !rest.coefficient_of(x).is_some_and(|c| c.is_one())
            || used_elsewhere
            || shift.contains_key(&v)
        {
            continue;
        }
        let back = poly::to_term(cx, &poly::Poly::atom(*x).sub(&poly::Poly::constant(k)));
        shift.insert(v, back);
        new_args[i] = *x;
    }
    if shift.is_empty() {
        return unchanged;
    }
    let Ok(l2) = cx.mk_app(Op::Uf(f), new_args) else {
        return unchanged;
    };
    let r2 = term::subst(cx, r, &shift);
    let g2 = guards.iter().map(|&g| term::subst(cx, g, &shift)).collect();
    (l2, r2, g2)
}

/// `l` as the left side of a rule over `vars`: an application `f(p̄)` (or
/// `select a p`) whose arguments are linear patterns ([`linear_pattern`])
/// that together bind every variable of `vars` exactly once. Returns the
/// head and the argument patterns.
fn rule_head(
    cx: &Context,
    l: TermId,
    vars: &[VarId],
    guards: &[TermId],
) -> Option<(Head, Vec<TermId>)> {
    let (head, largs) = match cx.kind(l) {
        TermKind::App(Op::Uf(f), a) if !a.is_empty() || (vars.is_empty() && guards.is_empty()) => {
            (Head::Fun(*f), a.to_vec())
        }
        TermKind::App(Op::Select, a) if term::is_closed(cx, a[0]) => {
            (Head::Select(a[0]), vec![a[1]])
        }
        _ => return None,
    };
    let mut vs = Vec::new();
    if !largs.iter().all(|&a| linear_pattern(cx, a, vars, &mut vs)) {
        return None;
    }
    if vars.iter().any(|v| !vs.contains(v)) {
        return None;
    }
    Some((head, largs))
}

/// Is `p` a variable of `vars` not yet in `seen`, a closed term (no
/// variables at all, e.g. the `0` of `mk_dim3(x, 0, 0)` once a thread's
/// unused dimensions are resolved), or a function application (`f(p1..pn)`,
/// f uninterpreted, e.g. a record constructor) of such patterns? Collects
/// the variables into `seen`.
fn linear_pattern(cx: &Context, p: TermId, vars: &[VarId], seen: &mut Vec<VarId>) -> bool {
    match cx.kind(p) {
        TermKind::Var(v) if vars.contains(v) && !seen.contains(v) => {
            seen.push(*v);
            true
        }
        TermKind::App(Op::Uf(_), args) if !args.is_empty() => {
            let args = args.clone();
            args.iter().all(|&a| linear_pattern(cx, a, vars, seen))
        }
        _ => term::is_closed(cx, p),
    }
}
