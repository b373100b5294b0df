//! The rules `guarded-eq` leaves alone in a script that relies on
//! E-matching.
//!
//! A script that turns model-based instantiation off
//! ([`smtlib_io::Script::relies_on_ematching`]: Boogie, Viper, Dafny, F*
//! and Verus VCs) instantiates a quantifier only where a ground term
//! matches one of its `:pattern`s. A rule read from a *quantified* fact,
//! `∀x̄. γ ⇒ f(p̄) = s`, rewrites the ground applications of `f` into
//! instances of `s`; when `f` occurs in a trigger, those applications are
//! what fired it, and the rewritten script can leave z3 without the
//! instances the proof needs (`unknown` at once on Carbon VCs whose input
//! z3 proves at once). The unfold pass keeps the same functions for the
//! same reason ([`crate::analysis::axioms::trigger_functions`]).
//!
//! Rules from ground facts (`f(a) = e`) stay: the fact keeps `f(a)` in the
//! script, and E-matching works modulo its equalities. So do definitions
//! by a theory term ([`interprets`]): Verus's `Mul(x, y) = x * y` trades
//! its lemmas' instantiation for arithmetic.

use super::equations::Rule;
use super::table::FactRules;
use crate::term::{self, rewrite::Head};
use smtlib_io::{Context, FunId, Op, Script, TermKind};
use std::collections::BTreeSet;
use std::rc::Rc;

/// The functions whose applications fire the triggers of `script`'s
/// assertions, if the script relies on E-matching; else none.
pub fn trigger_heads(script: &Script) -> BTreeSet<FunId> {
    if !script.relies_on_ematching() {
        return BTreeSet::new();
    }
    let assertions: Vec<_> = script.assertions().collect();
    crate::analysis::axioms::trigger_functions(&script.cx, &assertions)
}

/// Is `r` a rule the pass must not use: read from a quantified fact, its
/// head a function of `heads`, and not an [`interprets`] rule?
pub(super) fn rewrites_a_trigger(cx: &Context, r: &Rule, heads: &BTreeSet<FunId>) -> bool {
    !r.rule.vars.is_empty()
        && matches!(r.rule.head, Head::Fun(f) if heads.contains(&f))
        && !interprets(cx, r)
}

/// Does `r` define its head by a theory term: `∀x̄. f(x̄) = s`, no guard,
/// the arguments the variables themselves, and no uninterpreted function
/// in `s` (Verus's `Mul(x, y) = x * y`, `EucDiv(x, y) = div(x, y)`)?
/// Such a rule replaces every application by what the solver reasons
/// about without instantiation, so the triggers on `f` lose nothing the
/// theory does not give back (z3 proves 21 Verus and Dafny zoo VCs only
/// after it). A right side with uninterpreted functions (Viper's
/// `f(h) = f'(h)` of limited functions, `HasDirectPerm(m, o, f) = 0 <
/// U_2_real(m[o, f])`) or a nested left side (`U_2_real(ZeroMask[o, f]) =
/// 0`) removes terms other axioms match on.
fn interprets(cx: &Context, r: &Rule) -> bool {
    r.rule.guards.is_empty()
        && r.rule
            .pats
            .iter()
            .all(|&p| matches!(cx.kind(p), TermKind::Var(_)))
        && !term::any_subterm(cx, r.rule.rhs, |u| {
            matches!(cx.kind(u), TermKind::App(Op::Uf(_), _))
        })
}

/// `rules` without those that [`rewrites_a_trigger`], and without the
/// shared-array assigns (quantified facts too) of an array in `heads`.
pub(super) fn without_trigger_rules(
    cx: &Context,
    rules: FactRules,
    heads: &BTreeSet<FunId>,
) -> FactRules {
    let (rs, shared) = &*rules;
    let touches = rs.iter().any(|r| rewrites_a_trigger(cx, r, heads))
        || shared.iter().any(|s| heads.contains(&s.head));
    if !touches {
        return rules;
    }
    let kept = rs
        .iter()
        .filter(|r| !rewrites_a_trigger(cx, r, heads))
        .cloned()
        .collect();
    let kept_shared = shared
        .iter()
        .filter(|s| !heads.contains(&s.head))
        .cloned()
        .collect();
    Rc::new((kept, kept_shared))
}
