//! Which assertions a term pass may use as facts when it rewrites one.

use smtlib_io::{CommandKind, Script, TermId};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// Above this many assertions, passes get no facts: choosing them per
/// assertion is quadratic.
const MAX_ASSERTIONS_WITH_FACTS: usize = 2000;

/// Which assertions may serve as facts for which: those live at every
/// check-sat where the rewritten one is. Assertions with the same set of
/// check-sats share one list, so that the subset tests cost
/// `distinct sets × assertions` rather than `assertions²`.
pub(super) struct FactSources<'a> {
    asserts: &'a [usize],
    live: HashMap<usize, BTreeSet<usize>>,
    by_scope: HashMap<BTreeSet<usize>, Rc<[usize]>>,
}

impl<'a> FactSources<'a> {
    /// The fact sources among the assertions at the command indices
    /// `asserts` of `script`.
    pub(super) fn new(script: &Script, asserts: &'a [usize]) -> FactSources<'a> {
        FactSources {
            asserts,
            live: crate::scope::liveness(script),
            by_scope: HashMap::new(),
        }
    }

    /// The facts a pass may use when rewriting assertion `i`: the current
    /// versions of the other assertions live at every check-sat where `i`
    /// is (never `i` itself: a formula must not justify its own rewriting).
    pub(super) fn facts_for(&mut self, script: &Script, i: usize) -> Vec<TermId> {
        if self.asserts.len() > MAX_ASSERTIONS_WITH_FACTS {
            return vec![];
        }
        let Some(li) = self.live.get(&i) else {
            return vec![];
        };
        let sources = match self.by_scope.get(li) {
            Some(s) => s.clone(),
            None => {
                let s: Rc<[usize]> = self
                    .asserts
                    .iter()
                    .copied()
                    .filter(|j| self.live.get(j).is_some_and(|lj| li.is_subset(lj)))
                    .collect();
                self.by_scope.insert(li.clone(), s.clone());
                s
            }
        };
        sources
            .iter()
            .filter(|&&j| j != i)
            .filter_map(|&j| match script.commands[j].kind {
                CommandKind::Assert(f) => Some(f),
                _ => None,
            })
            .collect()
    }
}
