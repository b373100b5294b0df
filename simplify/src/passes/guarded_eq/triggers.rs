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
//! is unsat in 0.02 s). The unfold pass keeps the same functions for the
//! same reason ([`crate::passes::encodings::trigger_functions`]).
//!
//! Rules from ground facts (`f(a) = e`) stay: the fact keeps `f(a)` in the
//! script, and E-matching works modulo its equalities.

use super::rules::Rule;
use super::table::FactRules;
use crate::term::rewrite::Head;
use smtlib_io::{FunId, Script};
use std::collections::BTreeSet;
use std::rc::Rc;

/// The functions whose applications fire the triggers of `script`'s
/// assertions, if the script relies on E-matching; else none.
pub fn trigger_heads(script: &Script) -> BTreeSet<FunId> {
    if !script.relies_on_ematching() {
        return BTreeSet::new();
    }
    let assertions: Vec<_> = script.assertions().collect();
    crate::passes::encodings::trigger_functions(&script.cx, &assertions)
}

/// Is `r` a rule the pass must not use: read from a quantified fact, its
/// head a function of `heads`?
pub(super) fn rewrites_a_trigger(r: &Rule, heads: &BTreeSet<FunId>) -> bool {
    !r.rule.vars.is_empty() && matches!(r.rule.head, Head::Fun(f) if heads.contains(&f))
}

/// `rules` without those that [`rewrites_a_trigger`], and without the
/// shared-array assigns (quantified facts too) of an array in `heads`.
pub(super) fn without_trigger_rules(rules: FactRules, heads: &BTreeSet<FunId>) -> FactRules {
    let (rs, shared) = &*rules;
    let touches = rs.iter().any(|r| rewrites_a_trigger(r, heads))
        || shared.iter().any(|s| heads.contains(&s.head));
    if !touches {
        return rules;
    }
    let kept = rs
        .iter()
        .filter(|r| !rewrites_a_trigger(r, heads))
        .cloned()
        .collect();
    let kept_shared = shared
        .iter()
        .filter(|s| !heads.contains(&s.head))
        .cloned()
        .collect();
    Rc::new((kept, kept_shared))
}
