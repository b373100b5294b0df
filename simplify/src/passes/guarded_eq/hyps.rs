//! The hypotheses that hold where `guarded-eq` decides a guard, indexed
//! once for every guard decided under the same hypotheses. What the closed
//! hypotheses refute and the bounds they imply come from the facts engine
//! ([`Known`]); the index adds the closure and the layers.
//!
//! A guard is decided against every hypothesis (its conjuncts, their
//! closure, the bounds they imply). Rebuilding that for each rewrite cost
//! rewrites × hypotheses (tens of thousands of rewrites against a thousand
//! facts on some VCs); the index is built when the
//! hypotheses change and answers each question in constant time, the
//! bounds on an atom once per atom, from the hypotheses that mention the
//! atom (the others imply no bound on it).
//!
//! The hypotheses change at every atom (the earlier conjuncts of an `and`,
//! the guard of a case), but mostly at their end: they are the facts (the
//! other assertions, more than a thousand in some VCs) followed by a few
//! local ones. So the index is in two layers: the facts' ([`Base`]), built
//! once per list of facts and shared, and the local hypotheses' on top,
//! built per position in time proportional to them (a rebuild of the whole
//! per position cost positions × facts: half of `guarded-eq`'s time on the
//! Certora file `83314_…_3_UFNIA`).
use crate::arith::known::{Implied, Known};
use crate::term::{conjuncts, not};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// The hypotheses of one position, closed once: from `¬(c1 ∧ … ∧ cn)`
/// with all but `ci` known, `¬ci`. The facts' layer ([`Base`]) and the
/// local one on top; the closure is the one of the whole list.
pub(super) struct HypIndex {
    /// The hypothesis list the index was built from.
    key: Vec<TermId>,
    /// The layer of the first hypotheses (the facts).
    base: Rc<Base>,
    /// The rest of the closed set: not in `base`.
    top: Layer,
    /// The bounds the closed set implies on an atom, by atom.
    bounds: RefCell<HashMap<TermId, Implied>>,
    /// What the closed set decides: `base`'s hypotheses (source [`BASE`]),
    /// then `top`'s (source [`TOP`]) in one scope, so that the next index
    /// of the same facts pops it. Kept from one index to the next, with
    /// what it found single hypotheses to imply.
    facts: Known,
}

/// The [`Known`] source of the base layer's hypotheses.
const BASE: usize = 0;
/// The [`Known`] source of the top layer's hypotheses.
const TOP: usize = 1;

/// Part of a closed set of hypotheses, with what [`HypIndex`] asks of it.
#[derive(Default)]
struct Layer {
    /// Its hypotheses.
    set: HashSet<TermId>,
    /// `set` as a list: the order its hypotheses are assumed in.
    list: Vec<TermId>,
}

impl Layer {
    fn new(set: HashSet<TermId>) -> Layer {
        Layer {
            list: set.iter().copied().collect(),
            set,
        }
    }

    /// Assume its hypotheses in `facts`, from `source`.
    fn assume_in(&self, cx: &Context, facts: &mut Known, source: usize) {
        for &h in &self.list {
            facts.assume_literal(cx, h, true, source);
        }
    }
}

/// The layer of a list of first hypotheses (the facts), closed alone,
/// with what the closure of a longer list needs of it.
struct Base {
    /// The list it was built from.
    key: Vec<TermId>,
    /// The conjuncts of `key`, and their closure.
    layer: Layer,
    /// The conjuncts of `key` without the closure.
    conjuncts: HashSet<TermId>,
    /// The one conjunct `ci` left open by a `¬(c1 ∧ … ∧ cn)` of `key`
    /// (whose `¬ci` is in the closure): if a later hypothesis is `ci`,
    /// the closure of the whole list does not have `¬ci`.
    single_open: HashSet<TermId>,
    /// The conjuncts left open (two or more) by each `¬(c1 ∧ … ∧ cn)` of
    /// `key`, and for each such conjunct the lists it is in: later
    /// hypotheses may leave one open.
    open_lists: Vec<Vec<TermId>>,
    in_open_lists: HashMap<TermId, Vec<usize>>,
    /// The bounds `layer` implies on an atom, by atom.
    bounds: RefCell<HashMap<TermId, Implied>>,
}

impl Base {
    fn new(cx: &mut Context, hyps: &[TermId]) -> Base {
        let conj: HashSet<TermId> = hyps.iter().flat_map(|&h| conjuncts(cx, h)).collect();
        let (mut single_open, mut open_lists) = (HashSet::new(), Vec::new());
        for &h in &conj {
            if let TermKind::App(Op::Not, a) = cx.kind(h) {
                let open: Vec<TermId> = conjuncts(cx, a[0])
                    .into_iter()
                    .filter(|c| !conj.contains(c))
                    .collect();
                match open.len() {
                    0 => {}
                    1 => {
                        single_open.insert(open[0]);
                    }
                    _ => open_lists.push(open),
                }
            }
        }
        let mut in_open_lists: HashMap<TermId, Vec<usize>> = HashMap::new();
        for (i, l) in open_lists.iter().enumerate() {
            for &c in l {
                in_open_lists.entry(c).or_default().push(i);
            }
        }
        let mut set = conj.clone();
        for &c in &single_open {
            let n = not(cx, c);
            set.insert(n);
        }
        Base {
            key: hyps.to_vec(),
            layer: Layer::new(set),
            conjuncts: conj,
            single_open,
            open_lists,
            in_open_lists,
            bounds: RefCell::new(HashMap::new()),
        }
    }
}

impl HypIndex {
    /// The index of `hyps`, whose first `base_len` are the facts (the
    /// base layer); `previous`, the index it replaces, lends its base if
    /// that is of the same facts, and what it knew of single hypotheses.
    pub(super) fn new(
        cx: &mut Context,
        hyps: &[TermId],
        base_len: usize,
        previous: Option<HypIndex>,
    ) -> HypIndex {
        let k = base_len.min(hyps.len());
        let (old_base, mut facts) = match previous {
            Some(p) => (Some(p.base), p.facts),
            None => (None, Known::new()),
        };
        let base = match old_base {
            Some(b) if b.key[..] == hyps[..k] => {
                facts.pop();
                b
            }
            _ => {
                let b = Rc::new(Base::new(cx, &hyps[..k]));
                facts.clear();
                b.layer.assume_in(cx, &mut facts, BASE);
                b
            }
        };
        let (base, top) = match Self::top(cx, &base, &hyps[k..]) {
            Some(top) => (base, top),
            // a later hypothesis undoes part of the base's closure: one
            // layer for the whole list
            None => {
                facts.clear();
                let base = Rc::new(Base::new(cx, &[]));
                let top = Self::top(cx, &base, hyps).expect("an empty base");
                (base, top)
            }
        };
        facts.push();
        top.assume_in(cx, &mut facts, TOP);
        HypIndex {
            key: hyps.to_vec(),
            base,
            top,
            bounds: RefCell::new(HashMap::new()),
            facts,
        }
    }

    /// The layer of `rest` on top of `base`: the conjuncts of `rest` and
    /// the closure of the whole list that `base` lacks. `None` if a
    /// conjunct of `rest` is one that `base`'s closure took as refuted.
    fn top(cx: &mut Context, base: &Base, rest: &[TermId]) -> Option<Layer> {
        let conj: HashSet<TermId> = rest
            .iter()
            .flat_map(|&h| conjuncts(cx, h))
            .filter(|c| !base.conjuncts.contains(c))
            .collect();
        if conj.iter().any(|c| base.single_open.contains(c)) {
            return None;
        }
        let known_conj = |c: &TermId| base.conjuncts.contains(c) || conj.contains(c);
        let mut extra = Vec::new();
        // the base's negations with two or more open conjuncts, now one
        let mut lists: Vec<usize> = conj
            .iter()
            .flat_map(|c| base.in_open_lists.get(c).into_iter().flatten().copied())
            .collect();
        lists.sort_unstable();
        lists.dedup();
        for i in lists {
            let open: Vec<TermId> = base.open_lists[i]
                .iter()
                .copied()
                .filter(|c| !known_conj(c))
                .collect();
            if open.len() == 1 {
                extra.push(open[0]);
            }
        }
        // the negations of `rest`
        for &h in &conj {
            if let TermKind::App(Op::Not, a) = cx.kind(h) {
                let open: Vec<TermId> = conjuncts(cx, a[0])
                    .into_iter()
                    .filter(|c| !known_conj(c))
                    .collect();
                if open.len() == 1 {
                    extra.push(open[0]);
                }
            }
        }
        let mut set = conj;
        for c in extra {
            let n = not(cx, c);
            set.insert(n);
        }
        set.retain(|h| !base.layer.set.contains(h));
        Some(Layer::new(set))
    }

    /// Built from exactly `hyps`.
    pub(super) fn is_for(&self, hyps: &[TermId]) -> bool {
        self.key == hyps
    }

    /// `c` is one of the (closed) hypotheses.
    pub(super) fn holds(&self, c: TermId) -> bool {
        self.base.layer.set.contains(&c) || self.top.set.contains(&c)
    }

    /// The closed hypotheses imply `c` ([`Known::holds`]): it is one of
    /// them, or their integer ranges imply it.
    pub(super) fn implies(&self, cx: &Context, c: TermId) -> bool {
        self.holds(c) || self.facts.holds(cx, c)
    }

    /// The closed hypotheses refute `c` ([`Known::refuted`]): one is its
    /// negation, or their integer ranges exclude it.
    pub(super) fn refutes(&self, cx: &Context, c: TermId) -> bool {
        self.facts.refuted(cx, c)
    }

    /// The bounds the closed hypotheses imply on the atom `x`
    /// ([`Known::implied`]): the base layer's (found once per base), then
    /// the top layer's.
    pub(super) fn implied(&self, cx: &Context, x: TermId) -> Implied {
        if let Some(im) = self.bounds.borrow().get(&x) {
            return im.clone();
        }
        let base = self.base.bounds.borrow().get(&x).cloned();
        let mut im = match base {
            Some(b) => b,
            None => {
                let b = self.facts.implied_where(cx, x, |s| s == BASE);
                self.base.bounds.borrow_mut().insert(x, b.clone());
                b
            }
        };
        im.join(&self.facts.implied_where(cx, x, |s| s == TOP));
        self.bounds.borrow_mut().insert(x, im.clone());
        im
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::{as_le, poly::Poly};

    /// `a` is `¬b`: syntactically, or as integer comparisons (`¬(L ≤ 0)`
    /// is `1 - L ≤ 0`).
    fn is_negation(cx: &Context, a: TermId, b: TermId) -> bool {
        if matches!(cx.kind(a), TermKind::App(Op::Not, args) if args[0] == b) {
            return true;
        }
        match (as_le(cx, a), as_le(cx, b)) {
            (Some(la), Some(lb)) => lb == Poly::constant(1).sub(&la),
            _ => false,
        }
    }

    /// The index refutes what `is_negation` finds over the closed hypotheses.
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
        let ix = HypIndex::new(&mut s.cx, hyps, 0, None);
        let cx = &s.cx;
        let closed: Vec<TermId> = ix.top.list.clone();
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

    /// The bounds as a comparable value (the order of the bounds found is
    /// not part of the answer).
    fn sorted(im: Implied) -> (Vec<String>, Vec<String>) {
        let mut lo: Vec<String> = im.lower.iter().map(|p| format!("{p:?}")).collect();
        let mut up: Vec<String> = im.upper.iter().map(|p| format!("{p:?}")).collect();
        lo.sort();
        up.sort();
        (lo, up)
    }

    /// With the first k hypotheses as the base layer, for every k, the
    /// index answers as one layer of all of them: the closure across the
    /// layers (a base `¬(q ∧ r ∧ s)` with `q`, `r` on top gives `¬s`; a
    /// base `¬(p ∧ t)` with `p` in the base gives `¬t`, undone by `t` on
    /// top), and a base reused by the next index.
    #[test]
    fn layers_answer_as_one_list() {
        let mut s = smtlib_io::parse_script(
            "(declare-const x Int)(declare-const y Int)
             (declare-const p Bool)(declare-const q Bool)(declare-const r Bool)
             (declare-const s Bool)(declare-const t Bool)(declare-const u Bool)
             (declare-const v Bool)
             (assert (<= x 3))(assert (not (and q r s)))(assert (not (and p t)))
             (assert p)(assert q)(assert (< 0 x))(assert r)(assert (not (and u v)))
             (assert t)(assert (< y 0))(assert u)
             (assert (> x 3))(assert (< x 4))(assert (>= y 0))(assert (not t))
             (assert (not s))(assert (not v))(assert s)(assert v)",
        )
        .unwrap();
        let ts: Vec<TermId> = s.assertions().collect();
        let (hyps, probes) = ts.split_at(11);
        let mut atoms: Vec<TermId> = probes.to_vec();
        atoms.extend_from_slice(hyps);
        let mut constant = |name: &str| {
            let f =
                s.cx.funs()
                    .find(|(_, d)| s.cx.sym_name(d.name) == name)
                    .unwrap()
                    .0;
            s.cx.mk_const(f)
        };
        let (x, y) = (constant("x"), constant("y"));
        for n in 0..=hyps.len() {
            let hs = &hyps[..n];
            let one = HypIndex::new(&mut s.cx, hs, 0, None);
            let mut previous = None;
            for k in 0..=n {
                // built fresh, and from the previous index of another base
                let fresh = HypIndex::new(&mut s.cx, hs, k, None);
                let reused = HypIndex::new(&mut s.cx, hs, k, previous);
                for ix in [&fresh, &reused] {
                    let cx = &s.cx;
                    for &a in &atoms {
                        assert_eq!(ix.holds(a), one.holds(a), "n={n} k={k} holds {a:?}");
                        assert_eq!(
                            ix.refutes(cx, a),
                            one.refutes(cx, a),
                            "n={n} k={k} refutes {a:?}"
                        );
                    }
                    for z in [x, y] {
                        assert_eq!(sorted(ix.implied(cx, z)), sorted(one.implied(cx, z)));
                    }
                }
                previous = Some(reused);
            }
        }
        // the cases above happen: ¬s and ¬v closed, ¬t undone by t
        let all = HypIndex::new(&mut s.cx, hyps, 4, None);
        let cx = &s.cx;
        assert!(all.refutes(cx, probes[6]) && all.refutes(cx, probes[7]));
        assert!(!all.refutes(cx, hyps[8]));
    }
}
