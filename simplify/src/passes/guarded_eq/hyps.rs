//! The hypotheses that hold where `guarded-eq` decides a guard, indexed
//! once for every guard decided under the same hypotheses.
//!
//! A guard is decided against every hypothesis (its conjuncts, their
//! closure, the bounds they imply). Rebuilding that for each rewrite cost
//! rewrites × hypotheses (62,000 rewrites on the zoo's `var-eq-trigger`,
//! 1,306 facts on a Certora file); the index is built when the
//! hypotheses change and answers each question in constant time, the
//! bounds on an atom once per atom, from the hypotheses that mention the
//! atom (the others imply no bound on it).

use crate::arith::as_le;
use crate::passes::bounds::{Implied, ImpliedCache};
use crate::poly::Poly;
use crate::term::{conjuncts, not};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// The hypotheses of one position, closed once: from `¬(c1 ∧ … ∧ cn)`
/// with all but `ci` known, `¬ci`.
pub(super) struct HypIndex {
    /// The hypothesis list the index was built from.
    key: Vec<TermId>,
    /// Every conjunct of a hypothesis, and the closure.
    set: HashSet<TermId>,
    /// `set` as a list, for the bound analysis.
    list: Vec<TermId>,
    /// `t` for every `¬t` in `set`.
    negated: HashSet<TermId>,
    /// `1 - L` for every `L ≤ 0` in `set` (Int comparisons): over Int,
    /// the atoms whose [`as_le`] is one of these are refuted.
    complement_le: HashSet<Poly<TermId>>,
    /// The bounds `set` implies on an atom, by atom.
    bounds: RefCell<HashMap<TermId, Implied>>,
    /// What holds of single hypotheses, kept from one index to the next.
    known: RefCell<Known>,
}

/// Facts about one hypothesis at a time, which do not change when other
/// hypotheses come or go.
#[derive(Default)]
struct Known {
    /// `1 - L` when the hypothesis is an Int comparison `L ≤ 0`.
    complement: HashMap<TermId, Option<Poly<TermId>>>,
    /// The bounds a hypothesis implies on an atom.
    bounds: ImpliedCache,
}

impl HypIndex {
    /// The index of `hyps`; `previous`, the index it replaces, lends what
    /// it knew of single hypotheses.
    pub(super) fn new(cx: &mut Context, hyps: &[TermId], previous: Option<HypIndex>) -> HypIndex {
        let mut set: HashSet<TermId> = hyps.iter().flat_map(|&h| conjuncts(cx, h)).collect();
        let extra: Vec<TermId> = set
            .iter()
            .filter_map(|&h| match cx.kind(h) {
                TermKind::App(Op::Not, a) => {
                    let cs = conjuncts(cx, a[0]);
                    let open: Vec<TermId> =
                        cs.iter().copied().filter(|c| !set.contains(c)).collect();
                    (open.len() == 1).then(|| open[0])
                }
                _ => None,
            })
            .collect();
        for c in extra {
            let n = not(cx, c);
            set.insert(n);
        }
        let negated = set
            .iter()
            .filter_map(|&h| match cx.kind(h) {
                TermKind::App(Op::Not, a) => Some(a[0]),
                _ => None,
            })
            .collect();
        let mut known = previous.map(|p| p.known.into_inner()).unwrap_or_default();
        let complement_le = set
            .iter()
            .filter_map(|&h| {
                let c = known
                    .complement
                    .entry(h)
                    .or_insert_with(|| as_le(cx, h).map(|la| Poly::constant(1).sub(&la)));
                c.clone()
            })
            .collect();
        HypIndex {
            key: hyps.to_vec(),
            list: set.iter().copied().collect(),
            set,
            negated,
            complement_le,
            bounds: RefCell::new(HashMap::new()),
            known: RefCell::new(known),
        }
    }

    /// Built from exactly `hyps`.
    pub(super) fn is_for(&self, hyps: &[TermId]) -> bool {
        self.key == hyps
    }

    /// `c` is one of the (closed) hypotheses.
    pub(super) fn holds(&self, c: TermId) -> bool {
        self.set.contains(&c)
    }

    /// Some hypothesis is the negation of `c`
    /// ([`is_negation`](super::rules::is_negation)).
    pub(super) fn refutes(&self, cx: &Context, c: TermId) -> bool {
        self.negated.contains(&c) || as_le(cx, c).is_some_and(|lb| self.complement_le.contains(&lb))
    }

    /// The bounds the hypotheses imply on the atom `x`
    /// ([`implied`](crate::passes::bounds::implied)).
    pub(super) fn implied(&self, cx: &Context, x: TermId) -> Implied {
        if let Some(im) = self.bounds.borrow().get(&x) {
            return im.clone();
        }
        let im = self.known.borrow_mut().bounds.implied(cx, x, &self.list);
        self.bounds.borrow_mut().insert(x, im.clone());
        im
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::is_negation;
    use super::*;

    /// The index answers as `is_negation` over every hypothesis does.
    #[test]
    fn refutes_as_is_negation() {
        let mut s = smtlib_io::parse_script(
            "(declare-const x Int)(declare-const y Int)(declare-const p Bool)
             (assert (<= x 3))(assert (not p))(assert (not (and p (< y 0))))
             (assert (> x 3))(assert p)(assert (< x 4))(assert (>= y 0))(assert (< y 0))",
        )
        .unwrap();
        let ts: Vec<TermId> = s.assertions().collect();
        let (hyps, atoms) = ts.split_at(3);
        let ix = HypIndex::new(&mut s.cx, hyps, None);
        let cx = &s.cx;
        let closed: Vec<TermId> = ix.list.clone();
        for &a in atoms {
            let slow = closed.iter().any(|&h| is_negation(cx, h, a));
            assert_eq!(ix.refutes(cx, a), slow, "{a:?}");
        }
        // (> x 3) and p are refuted; ¬(p ∧ y < 0) with ¬p known closes nothing,
        // (< x 4) and (>= y 0) are not refuted
        assert!(ix.refutes(cx, atoms[0]) && ix.refutes(cx, atoms[1]));
        assert!(!ix.refutes(cx, atoms[2]) && !ix.refutes(cx, atoms[3]));
        assert!(ix.is_for(hyps) && !ix.is_for(atoms));
        assert!(ix.holds(hyps[0]));
    }
}
