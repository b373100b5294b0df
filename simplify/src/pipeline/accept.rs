//! When a term pass's rewrite replaces its assertion: the acceptance
//! policy of [`super::stages::run_term_passes`].

use super::deep::too_deep;
use crate::cost::term_cost;
use crate::scope::{declared_before, DeclarationIndex};
use crate::size::tree_size;
use smtlib_io::{Context, FunId, TermId};
use std::collections::{HashMap, HashSet};

/// A procedural rewrite may grow an assertion to at most
/// `GROWTH_FACTOR * size + GROWTH_SLACK` AST nodes; bigger results (the
/// case-splitting blow-up the paper reports for ElimAssign) are not taken.
const GROWTH_FACTOR: u64 = 4;
const GROWTH_SLACK: u64 = 200;

/// Is `after` more than the growth bound above `before`?
fn grows_too_much(cx: &Context, before: TermId, after: TermId) -> bool {
    let mut memo = HashMap::new();
    let b = tree_size(cx, before, &mut memo);
    let a = tree_size(cx, after, &mut memo);
    a > b.saturating_mul(GROWTH_FACTOR).saturating_add(GROWTH_SLACK)
}

/// Which rewrites of a term pass replace their assertion.
#[derive(Clone, Copy)]
pub(super) enum Accept<'a> {
    /// Every rewrite within the growth bound (encoding passes: unfolding a
    /// definition is the point, even when it is larger).
    Always,
    /// Rewrites no more costly than the current form ([`term_cost`]),
    /// with the growth bound measured from the form each assertion had
    /// when it entered the stage (by command index).
    NoCostlier(&'a HashMap<usize, TermId>),
    /// As `NoCostlier`, and when a result is rejected, the pass'
    /// [`crate::pass::TermPass::apply_conservatively`] result if that one
    /// passes.
    NoCostlierOrConservative(&'a HashMap<usize, TermId>),
}

impl Accept<'_> {
    /// Does the rewrite `q` replace the assertion at command `index`, whose
    /// current form is `t`? Never when `q` is `t`, exceeds the growth bound,
    /// is nested too deeply for the passes ([`too_deep`]), or uses a symbol
    /// not declared before `index` (`declared_at`); under `NoCostlier*`,
    /// only when its cost, with `defined` functions weighed as the e-graph
    /// weighs them, is at most `t`'s.
    pub(super) fn takes(
        &self,
        cx: &Context,
        index: usize,
        t: TermId,
        q: TermId,
        declared_at: &DeclarationIndex,
        defined: &HashSet<FunId>,
    ) -> bool {
        let base = match self {
            Accept::Always => t,
            Accept::NoCostlier(entered) | Accept::NoCostlierOrConservative(entered) => {
                entered.get(&index).copied().unwrap_or(t)
            }
        };
        if q == t
            || grows_too_much(cx, base, q)
            || too_deep(cx, q)
            || !declared_before(cx, q, index, declared_at)
        {
            return false;
        }
        if let Accept::Always = self {
            return true;
        }
        let mut memo = HashMap::new();
        term_cost(cx, q, defined, &mut memo) <= term_cost(cx, t, defined, &mut memo)
    }

    /// Is a rejected rewrite asked for again in the pass's conservative
    /// mode?
    pub(super) fn retries_conservatively(&self) -> bool {
        matches!(self, Accept::NoCostlierOrConservative(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    /// The assertions of `src` and its declaration index.
    fn read(src: &str) -> (smtlib_io::Script, Vec<TermId>, DeclarationIndex) {
        let s = parse_script(src).expect("parses");
        let ts = s.assertions().collect();
        let d = crate::scope::declaration_index(&s);
        (s, ts, d)
    }

    #[test]
    fn always_takes_any_change_within_the_growth_bound() {
        let (s, ts, d) =
            read("(declare-const x Int)(assert (> x 0))(assert (> (+ x x x x x x x x) 0))");
        let none = HashSet::new();
        // costlier, and still taken
        assert!(Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, &none));
        assert!(
            !Accept::Always.takes(&s.cx, 1, ts[0], ts[0], &d, &none),
            "no change"
        );
    }

    #[test]
    fn no_rewrite_grows_past_the_bound() {
        let big = (0..300)
            .map(|i| format!("(> x {i})"))
            .collect::<Vec<_>>()
            .join(" ");
        let (s, ts, d) = read(&format!(
            "(declare-const x Int)(assert (> x 0))(assert (and {big}))"
        ));
        assert!(!Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, &HashSet::new()));
    }

    #[test]
    fn no_costlier_compares_with_the_current_form() {
        let (s, ts, d) = read("(declare-const x Int)(assert (> (* x x) 0))(assert (> x 0))");
        let entered: HashMap<usize, TermId> = [(1, ts[1])].into_iter().collect();
        let none = HashSet::new();
        let accept = Accept::NoCostlier(&entered);
        assert!(accept.takes(&s.cx, 1, ts[0], ts[1], &d, &none), "cheaper");
        assert!(!accept.takes(&s.cx, 1, ts[1], ts[0], &d, &none), "costlier");
        assert!(!accept.retries_conservatively());
        assert!(Accept::NoCostlierOrConservative(&entered).retries_conservatively());
    }

    #[test]
    fn a_symbol_declared_later_is_not_taken() {
        let (s, ts, d) =
            read("(declare-const x Int)(assert (> x 0))(declare-const y Int)(assert (> y 0))");
        // the rewrite of the assertion at command 1 into one over y
        assert!(!Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, &HashSet::new()));
        assert!(Accept::Always.takes(&s.cx, 3, ts[1], ts[0], &d, &HashSet::new()));
    }
}
