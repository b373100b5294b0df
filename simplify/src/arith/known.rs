//! What a set of literals decides: the one engine the passes ask whether
//! an atom holds or is refuted where some literals are known, and which
//! integer range those literals leave a linear form.
//!
//! A [`Known`] holds literals (an atom and its polarity). It answers from
//! two kinds of knowledge:
//!
//! * **Syntactic.** An atom that is a known literal holds (is refuted when
//!   it is known with the other polarity).
//! * **Integer ranges.** An `Int` comparison `p ⋈ 0` (monomials of `p` taken
//!   as opaque atoms, so `b*l - b*m` is linear in the atoms `b*l` and
//!   `b*m`) is read as `key ∈ [lo, hi]`, where `key` is the non-constant
//!   part of `p` divided by the gcd of its coefficients and signed so that
//!   its leading coefficient is positive ([`as_range`]). Two comparisons
//!   with the same key constrain the same integer quantity, so the meet of
//!   the known ranges of a key decides an atom over it: inside it, the atom
//!   holds; disjoint from it, the atom is refuted. Integer rounding is
//!   exact (`2*k <= 1` is `k <= 0`), so every range is the exact solution
//!   set: from `l + 1 <= m`, the atom `m <= l` is refuted and `l < m + 3`
//!   holds.
//!
//! * **Symbolic bounds of an atom.** [`Known::implied`] lists the bounds
//!   `c <= x` and `x < a` the literals give an `Int` atom `x`, where `c`
//!   and `a` are polynomials over other atoms (`x < n` from `x + 1 <= n`).
//!   Each literal is read by the bound analysis of
//!   [`analyse`](crate::analysis::bounds::analyse) (its ∃-bounds): a
//!   comparison where `x` has coefficient ±1 gives a bound, a conjunction
//!   the bounds of each conjunct, a disjunction the bounds common to all
//!   its disjuncts (`x < 3 ∨ x < 3 + 0` gives `x < 3`; `x < 3 ∨ x < 5`
//!   gives none, as the analysis compares bounds syntactically). The bounds
//!   are listed literal by literal in the order the literals were assumed,
//!   each once, so that a caller that takes the first bound that fits
//!   decides the same way on every run. [`implies_by_bounds`] decides an
//!   atom `x ⋈ s` from such bounds: a listed bound `u` with `u <= s` (by a
//!   constant) implies `x < s`, and so on. This is not the range reading
//!   above: it keeps monomials as they are only for `x` itself and decides
//!   through symbolic bounds, not through the meet of ranges of a key.
//!
//! * **Two keys combined.** When the ranges of an atom's own key do not
//!   decide it, a known key `k1` that shares a monomial with it and a
//!   known key `k2` that eliminating that monomial leaves bound it
//!   together ([`Known::combined_range`], one Fourier–Motzkin step): from
//!   `x < b` and `1 <= b`, `x < 3*b` holds; from `x <= y` and `y <= z`,
//!   `x <= z`. At most [`MAX_COMBINED`] keys `k1` are tried per atom, in
//!   the order they were assumed.
//!
//! It concludes nothing else: no chain of three keys or more, no
//! reasoning about `≠`, and nothing about non-`Int` atoms beyond the
//! syntactic match. When the known
//! literals contradict each other (an empty range), every atom over that
//! key holds, which is sound: no state satisfies them.
//!
//! Literals come and go in two ways: scopes ([`Known::push`] /
//! [`Known::pop`]) for a walk that enters and leaves positions, and
//! sources (each literal carries the index of what it comes from,
//! [`Known::forget`] drops a source, and the `_where` queries take only
//! the sources a filter admits) for facts that are replaced one at a time.

use super::poly::{Monomial, Poly};
use crate::analysis::bounds::{analyse, atom_as_bound};
use crate::arith::{int_cmp, integer_bound, Rel};
use crate::term;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use rustc_hash::{FxHashMap, FxHashSet};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::cell::RefCell;
use std::rc::Rc;

/// A closed integer interval; `None` is unbounded on that side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    pub lo: Option<BigInt>,
    pub hi: Option<BigInt>,
}

impl Range {
    /// Every integer.
    pub fn all() -> Range {
        Range { lo: None, hi: None }
    }

    /// The intersection.
    pub fn meet(&self, o: &Range) -> Range {
        let lo = match (&self.lo, &o.lo) {
            (Some(a), Some(b)) => Some(a.max(b).clone()),
            (a, b) => a.clone().or_else(|| b.clone()),
        };
        let hi = match (&self.hi, &o.hi) {
            (Some(a), Some(b)) => Some(a.min(b).clone()),
            (a, b) => a.clone().or_else(|| b.clone()),
        };
        Range { lo, hi }
    }

    /// No integer in it.
    pub fn is_empty(&self) -> bool {
        matches!((&self.lo, &self.hi), (Some(l), Some(h)) if l > h)
    }

    /// Every integer of `self` is in `o`.
    pub fn within(&self, o: &Range) -> bool {
        if self.is_empty() {
            return true;
        }
        let lo_ok = match (&o.lo, &self.lo) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b >= a,
        };
        let hi_ok = match (&o.hi, &self.hi) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b <= a,
        };
        lo_ok && hi_ok
    }

    /// `self` and `o` share no integer.
    pub fn disjoint(&self, o: &Range) -> bool {
        self.meet(o).is_empty()
    }

    /// The one integer in it, if it has exactly one.
    pub fn point(&self) -> Option<&BigInt> {
        match (&self.lo, &self.hi) {
            (Some(lo), Some(hi)) if lo == hi => Some(lo),
            _ => None,
        }
    }

    /// `{a + b : a ∈ self, b ∈ o}`.
    fn plus(&self, o: &Range) -> Range {
        let add = |a: &Option<BigInt>, b: &Option<BigInt>| match (a, b) {
            (Some(a), Some(b)) => Some(a + b),
            _ => None,
        };
        Range {
            lo: add(&self.lo, &o.lo),
            hi: add(&self.hi, &o.hi),
        }
    }

    /// The integers `v` with `d*v ∈ self` (`d ≠ 0`).
    fn divided(&self, d: &BigInt) -> Range {
        let (lo, hi) = if d.is_negative() {
            (self.hi.as_ref().map(|v| -v), self.lo.as_ref().map(|v| -v))
        } else {
            (self.lo.clone(), self.hi.clone())
        };
        let d = d.abs();
        Range {
            lo: lo.map(|v| v.div_ceil(&d)),
            hi: hi.map(|v| v.div_floor(&d)),
        }
    }

    /// `{g*v + c : v ∈ self}`, as the smallest range holding it (`g ≠ 0`).
    fn affine(&self, g: &BigInt, c: &BigInt) -> Range {
        let f = |v: &Option<BigInt>| v.as_ref().map(|v| g * v + c);
        if g.is_negative() {
            Range {
                lo: f(&self.hi),
                hi: f(&self.lo),
            }
        } else {
            Range {
                lo: f(&self.lo),
                hi: f(&self.hi),
            }
        }
    }
}

/// `p` as `g*key + c`, with `key` primitive (its coefficients' gcd is 1)
/// and its leading coefficient positive; `None` when `p` is constant.
fn split(p: &Poly<TermId>) -> Option<(BigInt, Poly<TermId>, BigInt)> {
    let c = p.constant_term();
    let lin = p.without_constant();
    if lin.is_zero() {
        return None;
    }
    let mut g = lin.content_nonconst();
    if lin.leading_coefficient().is_negative() {
        g = -g;
    }
    let key = lin.div_exact(&g);
    Some((g, key, c))
}

/// The `Int` comparison `atom`, taken with `positive` polarity, as
/// `key ∈ range`; `None` for anything else, for comparisons without a
/// non-constant part, and for negated equalities (not a range).
pub fn as_range(cx: &Context, atom: TermId, positive: bool) -> Option<(Poly<TermId>, Range)> {
    let (rel, p) = int_cmp(cx, atom)?;
    let rel = match (positive, rel) {
        (true, r) => r,
        (false, Rel::Eq) => return None,
        // ¬(p <= 0) is p > 0, and so on.
        (false, Rel::Le) => Rel::Gt,
        (false, Rel::Lt) => Rel::Ge,
        (false, Rel::Ge) => Rel::Lt,
        (false, Rel::Gt) => Rel::Le,
    };
    // p = g*key + c with key primitive and its leading coefficient > 0.
    let (g, key, c) = split(&p)?;
    // g*key + c ⋈ 0 as a bound on key; for g < 0 the relation turns.
    let rel = if g.is_negative() { rel.flip() } else { rel };
    let ga = g.abs();
    // Now |g|*key ⋈ -c*sign(g), i.e. |g|*key - m ⋈ 0 with m = -c*sign(g).
    let m = if g.is_negative() { c } else { -c };
    let range = match integer_bound(rel, &-&m, &ga) {
        Some((Rel::Le, k)) => Range {
            lo: None,
            hi: Some(k),
        },
        Some((_, k)) => Range {
            lo: Some(k),
            hi: None,
        },
        // No integer solution: the empty range.
        None if !m.is_multiple_of(&ga) => Range {
            lo: Some(BigInt::one()),
            hi: Some(BigInt::zero()),
        },
        None => {
            let k = &m / &ga;
            Range {
                lo: Some(k.clone()),
                hi: Some(k),
            }
        }
    };
    Some((key, range))
}

/// `t` (`¬a` for `a` negated, any number of times) as an atom and its
/// polarity.
fn literal(cx: &Context, mut t: TermId, mut positive: bool) -> (TermId, bool) {
    while let TermKind::App(Op::Not, a) = cx.kind(t) {
        t = a[0];
        positive = !positive;
    }
    (t, positive)
}

/// What known literals say about an atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds (`true`) or is refuted (`false`).
    Holds(bool),
    /// It is an `Int` comparison `key ∈ R` whose range meets the known
    /// range `K` of `key` in one point `k` (and `R` is not that point):
    /// under the literals the atom is the equality `key = k` (from
    /// `l <= b` and the known `b <= l`, `l = b`).
    Pins(Poly<TermId>, BigInt),
}

/// Bounds on an atom `x` that known literals imply ([`Known::implied`]):
/// lower bounds `c` (`c <= x`) and upper bounds `a` (`x < a`), each listed
/// once, in the order the literals giving them were assumed.
#[derive(Clone, Debug, Default)]
pub struct Implied {
    pub lower: Vec<Poly<TermId>>,
    pub upper: Vec<Poly<TermId>>,
}

impl Implied {
    /// Add the bounds of `o` not listed yet, after those listed.
    pub fn join(&mut self, o: &Implied) {
        for p in &o.lower {
            if !self.lower.contains(p) {
                self.lower.push(p.clone());
            }
        }
        for p in &o.upper {
            if !self.upper.contains(p) {
                self.upper.push(p.clone());
            }
        }
    }

    /// `0 <= x` follows (some lower bound is a constant `>= 0`).
    pub fn nonneg(&self) -> bool {
        self.lower
            .iter()
            .any(|p| p.as_constant().is_some_and(|c| !c.is_negative()))
    }

    /// `0 < x` follows.
    pub fn positive(&self) -> bool {
        self.lower
            .iter()
            .any(|p| p.as_constant().is_some_and(|c| c.is_positive()))
    }

    /// `x <= 0` follows (some upper bound is a constant `<= 1`: `x < 1`).
    pub fn nonpos(&self) -> bool {
        self.upper
            .iter()
            .any(|p| p.as_constant().is_some_and(|c| c <= BigInt::one()))
    }

    /// `x < 0` follows (some upper bound is a constant `<= 0`).
    pub fn negative(&self) -> bool {
        self.upper
            .iter()
            .any(|p| p.as_constant().is_some_and(|c| !c.is_positive()))
    }

    /// The one value `x` can take: the first lower bound `c` with an upper
    /// bound `c + 1` (`c <= x < c + 1`, as `0 <= z <= 0` once Int
    /// comparisons are made strict).
    pub fn pinned(&self) -> Option<Poly<TermId>> {
        let one = BigInt::one();
        self.lower
            .iter()
            .find(|l| {
                self.upper
                    .iter()
                    .any(|u| u.sub(l).as_constant().is_some_and(|c| c == one))
            })
            .cloned()
    }

    /// `x < a` follows for the polynomial `a`, directly or through an upper
    /// bound `u` with `u <= a` by a constant.
    pub fn below(&self, a: &Poly<TermId>) -> bool {
        self.upper.iter().any(|u| {
            a.sub(u)
                .as_constant()
                .is_some_and(|c: BigInt| !c.is_negative())
        })
    }

    /// `x >= s` follows: some lower bound `l` with `l >= s` by a constant.
    fn at_least(&self, s: &Poly<TermId>) -> bool {
        self.lower
            .iter()
            .any(|l| l.sub(s).as_constant().is_some_and(|k| !k.is_negative()))
    }
}

/// Whether the bounds `bounds` gives each atom imply the literal `c`: a
/// constant comparison that holds, or `x ⋈ s` for an atom `x` of `c` with
/// coefficient ±1 ([`atom_as_bound`]) and a bound on `x` that implies it
/// (`x < s` from an upper bound `u <= s`, `x >= s` from a lower bound
/// `l >= s`; never an equality).
pub fn implies_by_bounds(cx: &Context, c: TermId, bounds: impl Fn(TermId) -> Implied) -> bool {
    let Some((rel, p)) = int_cmp(cx, c) else {
        return false;
    };
    if let Some(k) = p.as_constant() {
        return rel.holds(&k);
    }
    p.atoms().into_iter().any(|x| {
        let Some((r, s)) = atom_as_bound(cx, c, x) else {
            return false;
        };
        let im = bounds(x);
        match r {
            Rel::Lt => im.below(&s),
            Rel::Le => im.below(&s.add_constant(&BigInt::one())),
            Rel::Ge => im.at_least(&s),
            Rel::Gt => im.at_least(&s.add_constant(&BigInt::one())),
            Rel::Eq => false,
        }
    })
}

/// How many known keys [`Known::combined_range`] combines with the key
/// of one atom, at most.
const MAX_COMBINED: usize = 16;

/// A set of known literals, with what they decide (module doc).
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// Atom → (polarity, source) of each time it was assumed, in order.
    literals: FxHashMap<TermId, Vec<(bool, usize)>>,
    /// The ranges of the literals of `log`, read when a query needs them
    /// (a caller that asks only [`Known::implied`] never pays for them).
    ranges: RefCell<Ranges>,
    /// Every literal assumed, as (atom, polarity, source), in order: the
    /// order [`Known::implied`] lists bounds in.
    log: Vec<(TermId, bool, usize)>,
    /// Per open scope, the atoms assumed in it, and the length of `log`
    /// when it opened.
    scopes: Vec<(Vec<TermId>, usize)>,
    /// What one literal implies on one atom, kept while literals come and
    /// go (it depends on nothing else).
    single: RefCell<FxHashMap<(TermId, bool, TermId), Rc<Implied>>>,
    /// The `Int` subterms of an atom: a literal without `x` among them
    /// gives `x` no bound.
    int_terms: RefCell<FxHashMap<TermId, Rc<FxHashSet<TermId>>>>,
    /// The positions in `log` of the literals that are negated
    /// conjunctions, in order ([`Known::negated_conjunction_holds`]).
    negated_conjunctions: Vec<usize>,
}

/// The ranges of the first literals of a [`Known`]'s log.
#[derive(Clone, Debug, Default)]
struct Ranges {
    /// The key of each literal read so far, in log order (`None` for a
    /// literal that is no range).
    keys: Vec<Option<Poly<TermId>>>,
    /// Key → (source, range) of each comparison over it, in order.
    by_key: FxHashMap<Poly<TermId>, Vec<(usize, Range)>>,
    /// Monomial → the keys of `by_key` it is a monomial of, in the order
    /// they were first read ([`Known::combined_range`]).
    by_monomial: FxHashMap<Monomial<TermId>, Vec<Poly<TermId>>>,
}

impl Ranges {
    /// Add the comparison `key ∈ range` from `source`.
    fn insert(&mut self, key: &Poly<TermId>, source: usize, range: Range) {
        let v = self.by_key.entry(key.clone()).or_default();
        if v.is_empty() {
            for (m, _) in key.terms() {
                self.by_monomial
                    .entry(m.clone())
                    .or_default()
                    .push(key.clone());
            }
        }
        v.push((source, range));
    }

    /// Drop `key` from the monomial index (it has no comparison left).
    fn unindex(&mut self, key: &Poly<TermId>) {
        for (m, _) in key.terms() {
            if let Some(ks) = self.by_monomial.get_mut(m) {
                if let Some(i) = ks.iter().rposition(|k| k == key) {
                    ks.remove(i);
                }
                if ks.is_empty() {
                    self.by_monomial.remove(m);
                }
            }
        }
    }

    /// Forget the literals read after the first `n`.
    fn truncate(&mut self, n: usize) {
        while self.keys.len() > n {
            if let Some(k) = self.keys.pop().expect("longer than n") {
                let emptied = self.by_key.get_mut(&k).is_some_and(|v| {
                    v.pop();
                    v.is_empty()
                });
                if emptied {
                    self.by_key.remove(&k);
                    self.unindex(&k);
                }
            }
        }
    }
}

impl Known {
    /// No literal known.
    pub fn new() -> Known {
        Known::default()
    }

    /// Each of `hyps` assumed as a literal ([`Known::assume_literal`],
    /// source 0), in order.
    pub fn of_literals(cx: &Context, hyps: &[TermId]) -> Known {
        let mut k = Known::new();
        for &h in hyps {
            k.assume_literal(cx, h, true, 0);
        }
        k
    }

    /// Open a scope: what is assumed from now on goes at the matching
    /// [`Known::pop`].
    pub fn push(&mut self) {
        self.scopes.push((Vec::new(), self.log.len()));
    }

    /// Forget every literal and close every scope, keeping what single
    /// literals were found to imply (for the next set of literals over the
    /// same terms).
    pub fn clear(&mut self) {
        self.literals.clear();
        *self.ranges.get_mut() = Ranges::default();
        self.log.clear();
        self.scopes.clear();
        self.negated_conjunctions.clear();
    }

    /// The number of literals assumed (counting repeats).
    pub fn len(&self) -> usize {
        self.log.len()
    }

    /// No literal assumed.
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// Close the innermost scope, forgetting what was assumed in it.
    ///
    /// # Panics
    /// Without an open scope.
    pub fn pop(&mut self) {
        let (atoms, logged) = self.scopes.pop().expect("balanced scopes");
        self.ranges.get_mut().truncate(logged);
        self.log.truncate(logged);
        while self
            .negated_conjunctions
            .last()
            .is_some_and(|&i| i >= logged)
        {
            self.negated_conjunctions.pop();
        }
        for a in atoms {
            if let Some(v) = self.literals.get_mut(&a) {
                v.pop();
                if v.is_empty() {
                    self.literals.remove(&a);
                }
            }
        }
    }

    /// Assume the literal `t` (an atom, or its negation: `¬a` is `a` with
    /// the other polarity) with `positive` polarity, from `source`.
    /// `true` and `false` add nothing.
    pub fn assume_literal(&mut self, cx: &Context, t: TermId, positive: bool, source: usize) {
        let (atom, positive) = literal(cx, t, positive);
        if term::is_true(cx, atom) || term::is_false(cx, atom) {
            return;
        }
        self.literals
            .entry(atom)
            .or_default()
            .push((positive, source));
        if !positive && matches!(cx.kind(atom), TermKind::App(Op::And, _)) {
            self.negated_conjunctions.push(self.log.len());
        }
        self.log.push((atom, positive, source));
        if let Some(s) = self.scopes.last_mut() {
            s.0.push(atom);
        }
    }

    /// [`Known::assume_literal`], returning whether the literal gave a
    /// range (it is an `Int` comparison, not a negated equality).
    pub fn assume_ranged(
        &mut self,
        cx: &Context,
        t: TermId,
        positive: bool,
        source: usize,
    ) -> bool {
        let n = self.log.len();
        self.assume_literal(cx, t, positive, source);
        if self.log.len() == n {
            return false;
        }
        self.read_ranges(cx);
        self.ranges.get_mut().keys[n].is_some()
    }

    /// Read the ranges of the literals assumed since the last time.
    fn read_ranges(&self, cx: &Context) {
        let mut r = self.ranges.borrow_mut();
        while r.keys.len() < self.log.len() {
            let (atom, positive, source) = self.log[r.keys.len()];
            let key = as_range(cx, atom, positive).map(|(key, range)| {
                r.insert(&key, source, range);
                key
            });
            r.keys.push(key);
        }
    }

    /// Assume `t` with `positive` polarity: its conjuncts (`t`'s arguments
    /// when it is a conjunction, or a negated disjunction), each as a
    /// literal ([`Known::assume_literal`], source 0). Deeper than `64`
    /// nested connectives, nothing is assumed.
    pub fn assume(&mut self, cx: &Context, t: TermId, positive: bool) {
        self.assume_at(cx, t, positive, 0);
    }

    fn assume_at(&mut self, cx: &Context, t: TermId, positive: bool, depth: usize) {
        if depth > 64 {
            return;
        }
        match (cx.kind(t), positive) {
            (TermKind::App(Op::Not, a), _) => self.assume_at(cx, a[0], !positive, depth + 1),
            (TermKind::App(Op::And, a), true) | (TermKind::App(Op::Or, a), false) => {
                for &c in a.iter() {
                    self.assume_at(cx, c, positive, depth + 1);
                }
            }
            _ => {
                self.assume_literal(cx, t, positive, 0);
            }
        }
    }

    /// Forget every literal from `source`.
    ///
    /// # Panics
    /// With a scope open (a scope could not take back what it assumed).
    pub fn forget(&mut self, source: usize) {
        assert!(self.scopes.is_empty(), "forget with an open scope");
        self.literals.retain(|_, v| {
            v.retain(|&(_, s)| s != source);
            !v.is_empty()
        });
        let r = self.ranges.get_mut();
        r.by_key.retain(|_, v| {
            v.retain(|&(s, _)| s != source);
            !v.is_empty()
        });
        let dropped: Vec<Poly<TermId>> = r
            .by_monomial
            .values()
            .flatten()
            .filter(|k| !r.by_key.contains_key(*k))
            .cloned()
            .collect();
        for k in dropped {
            r.unindex(&k);
        }
        // the keys read stay a prefix of the log
        let read = r.keys.len();
        let mut keys = std::mem::take(&mut r.keys).into_iter();
        let mut kept = Vec::new();
        for (i, &e) in self.log.iter().enumerate() {
            let key = if i < read { keys.next() } else { None };
            if e.2 != source {
                kept.extend(key);
            }
        }
        r.keys = kept;
        let mut kept_before = Vec::with_capacity(self.log.len());
        let mut n = 0;
        for &(_, _, s) in &self.log {
            kept_before.push((s != source).then_some(n));
            n += usize::from(s != source);
        }
        self.negated_conjunctions = self
            .negated_conjunctions
            .iter()
            .filter_map(|&i| kept_before[i])
            .collect();
        self.log.retain(|&(_, _, s)| s != source);
    }

    /// Some known literal is the negation of a conjunction whose conjuncts
    /// all hold ([`Known::holds`]): the known literals contradict each
    /// other. (A conjunction `c1 ∧ … ∧ cn` walked conjunct by conjunct
    /// under a known `¬(c1 ∧ … ∧ cn)` is false there, though no single
    /// conjunct is refuted.)
    pub fn negated_conjunction_holds(&self, cx: &Context) -> bool {
        self.negated_conjunction_within(cx, &[])
    }

    /// Some known literal is the negation of a conjunction whose conjuncts
    /// are each among `args` or hold: `args`, as a conjunction, is
    /// refuted.
    fn negated_conjunction_within(&self, cx: &Context, args: &[TermId]) -> bool {
        self.negated_conjunctions.iter().any(|&i| {
            let TermKind::App(Op::And, cs) = cx.kind(self.log[i].0) else {
                return false;
            };
            cs.iter().all(|&c| args.contains(&c) || self.holds(cx, c))
        })
    }

    /// The literal `t` (an atom, or its negation) holds: it was assumed
    /// (an atom with this polarity), or the known ranges imply it.
    pub fn holds(&self, cx: &Context, t: TermId) -> bool {
        self.knows(cx, t, true)
    }

    /// The literal `t` is refuted: its negation was assumed, or the known
    /// ranges exclude it. In a contradictory set both [`Known::holds`] and
    /// this may answer `true`; [`Known::decide`] picks one.
    pub fn refuted(&self, cx: &Context, t: TermId) -> bool {
        self.knows(cx, t, false)
    }

    /// Some known literal, or the known ranges, give literal `t` the value
    /// `value`.
    fn knows(&self, cx: &Context, t: TermId, value: bool) -> bool {
        let (atom, positive) = literal(cx, t, true);
        let want = positive == value;
        self.is_literal(atom, want)
            || self.verdict_where(cx, atom, |_| true) == Some(Verdict::Holds(want))
    }

    /// Whether the known literals refute the formula `t`, read through its
    /// connectives: a disjunction when they refute every disjunct, a
    /// conjunction when they refute some conjunct, an implication when
    /// every conjunct of its hypotheses holds ([`Known::entails`]) and they
    /// refute its conclusion. `false` is refuted. Anything else is a
    /// literal, refuted as by [`Known::refuted`] except that the ranges
    /// decide no equality: `x = 0` is refuted by `x ≠ 0` but not by
    /// `1 <= x`. Its negation is no range, so it is not decided where the
    /// negation of an inequality, an inequality, would be: guarded-eq reads
    /// a disjunction as rules when the conditions of each disjunct refute
    /// the others, and refuting equalities would read more of them.
    /// Deeper than `64` nested connectives, nothing is refuted.
    pub fn refutes_formula(&self, cx: &Context, t: TermId) -> bool {
        self.refutes_at(cx, t, 0)
    }

    fn refutes_at(&self, cx: &Context, t: TermId, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        let d = depth + 1;
        match cx.kind(t) {
            TermKind::App(Op::Or, args) => args.iter().all(|&a| self.refutes_at(cx, a, d)),
            TermKind::App(Op::And, args) => {
                args.iter().any(|&a| self.refutes_at(cx, a, d))
                    || self.negated_conjunction_within(cx, args)
            }
            TermKind::App(Op::Not, a) if matches!(cx.kind(a[0]), TermKind::App(Op::And, _)) => {
                let TermKind::App(Op::And, cs) = cx.kind(a[0]) else {
                    unreachable!("matched above")
                };
                self.literal_is(cx, t, false) || cs.iter().all(|&c| self.entails(cx, c))
            }
            TermKind::App(Op::Implies, args) => {
                let (conclusion, hyps) = args.split_last().expect("=> has arguments");
                hyps.iter()
                    .flat_map(|&h| term::conjuncts(cx, h))
                    .all(|h| self.entails(cx, h))
                    && self.refutes_at(cx, *conclusion, d)
            }
            _ => term::is_false(cx, t) || self.literal_is(cx, t, false),
        }
    }

    /// The literal `t` holds as [`Known::refutes_formula`] decides
    /// literals: as by [`Known::holds`], but an equality only as a known
    /// literal (`x = 1` does not hold by `1 <= x` and `x <= 1`). Like
    /// `holds`, it does not evaluate constants: `true` is no known literal.
    pub fn entails(&self, cx: &Context, t: TermId) -> bool {
        self.literal_is(cx, t, true)
    }

    /// A known literal or (not for equalities) the known ranges give the
    /// literal `t` the value `value`.
    fn literal_is(&self, cx: &Context, t: TermId, value: bool) -> bool {
        let (atom, positive) = literal(cx, t, true);
        match cx.kind(atom) {
            TermKind::App(Op::Eq, _) if int_cmp(cx, atom).is_some() => {
                self.is_literal(atom, positive == value)
            }
            _ => self.knows(cx, t, value),
        }
    }

    /// The atom was assumed with polarity `positive`.
    fn is_literal(&self, atom: TermId, positive: bool) -> bool {
        self.literals
            .get(&atom)
            .is_some_and(|v| v.iter().any(|&(b, _)| b == positive))
    }

    /// `Some(b)` when the atom `t` is known to be `b`: the polarity it was
    /// last assumed with, or else what the known ranges decide (for a walk
    /// whose innermost assumption is the one that counts).
    pub fn decide(&self, cx: &Context, t: TermId) -> Option<bool> {
        if let Some(&(b, _)) = self.literals.get(&t).and_then(|v| v.last()) {
            return Some(b);
        }
        match self.verdict_where(cx, t, |_| true)? {
            Verdict::Holds(b) => Some(b),
            Verdict::Pins(..) => None,
        }
    }

    /// What the known ranges from the sources `usable` admits say about
    /// the `Int` comparison `t`; `None` when they say nothing.
    pub fn verdict_where(
        &self,
        cx: &Context,
        t: TermId,
        usable: impl Fn(usize) -> bool,
    ) -> Option<Verdict> {
        let (key, r) = as_range(cx, t, true)?;
        let decide = |known: &Range| {
            if known.within(&r) {
                Some(Verdict::Holds(true))
            } else if known.disjoint(&r) {
                Some(Verdict::Holds(false))
            } else {
                None
            }
        };
        let direct = self.key_range(cx, &key, &usable);
        if let Some(v) = direct.as_ref().and_then(decide) {
            return Some(v);
        }
        if let Some(combined) = self.combined_range(cx, &key, &usable) {
            let known = direct
                .as_ref()
                .map_or(combined.clone(), |d| d.meet(&combined));
            if let Some(v) = decide(&known) {
                return Some(v);
            }
        }
        match direct?.meet(&r).point() {
            Some(k) if r.point().is_none() => Some(Verdict::Pins(key, k.clone())),
            _ => None,
        }
    }

    /// The range two known keys give `key` together, when no known range
    /// of `key` alone decides an atom over it: for a known key `k1`
    /// sharing a monomial `m` with `key`, eliminating `m` leaves
    /// `c1*key = a*k1 + g2*k2`, and where `k2` is a known key too, the
    /// ranges of `k1` and `k2` bound `key` (from `y - b <= -1` and
    /// `b >= 1`, `y - 3*b <= -3`: `3*b <= y` is refuted). This is one step
    /// of Fourier–Motzkin elimination; the meet of what the first
    /// [`MAX_COMBINED`] such `k1` give (over `key`'s monomials in order)
    /// is returned, `None` when none gives a range.
    fn combined_range(
        &self,
        cx: &Context,
        key: &Poly<TermId>,
        usable: &impl Fn(usize) -> bool,
    ) -> Option<Range> {
        self.read_ranges(cx);
        let firsts: Vec<(Monomial<TermId>, BigInt, Vec<Poly<TermId>>)> = {
            let r = self.ranges.borrow();
            let mut tried = 0;
            let mut out = Vec::new();
            for (m, a) in key.terms() {
                let Some(ks) = r.by_monomial.get(m) else {
                    continue;
                };
                let ks: Vec<Poly<TermId>> = ks
                    .iter()
                    .filter(|k| *k != key)
                    .take(MAX_COMBINED - tried)
                    .cloned()
                    .collect();
                tried += ks.len();
                out.push((m.clone(), a.clone(), ks));
                if tried >= MAX_COMBINED {
                    break;
                }
            }
            out
        };
        let mut acc: Option<Range> = None;
        for (m, a, ks) in firsts {
            for k1 in ks {
                let Some(r1) = self.key_range(cx, &k1, usable) else {
                    continue;
                };
                let c1 = k1.coefficient_of_monomial(&m);
                // c1*key - a*k1 has no `m`: it is g2*k2.
                let Some((g2, k2, _)) = split(&key.scale(&c1).sub(&k1.scale(&a))) else {
                    continue;
                };
                let Some(r2) = self.key_range(cx, &k2, usable) else {
                    continue;
                };
                let zero = BigInt::zero();
                let scaled = r1.affine(&a, &zero).plus(&r2.affine(&g2, &zero));
                let range = scaled.divided(&c1);
                if range.lo.is_none() && range.hi.is_none() {
                    continue;
                }
                acc = Some(acc.map_or_else(|| range.clone(), |x| x.meet(&range)));
            }
        }
        acc
    }

    /// The meet of the known ranges of `key`, from the sources `usable`
    /// admits; `None` if there is none.
    fn key_range(
        &self,
        cx: &Context,
        key: &Poly<TermId>,
        usable: &impl Fn(usize) -> bool,
    ) -> Option<Range> {
        self.read_ranges(cx);
        self.ranges
            .borrow()
            .by_key
            .get(key)?
            .iter()
            .filter(|(s, _)| usable(*s))
            .fold(None, |acc: Option<Range>, (_, r)| {
                Some(acc.map_or_else(|| r.clone(), |a| a.meet(r)))
            })
    }

    /// The bounds the known literals imply on the atom `x` (module doc):
    /// those of each literal, in the order they were assumed.
    pub fn implied(&self, cx: &Context, x: TermId) -> Implied {
        self.implied_where(cx, x, |_| true)
    }

    /// [`Known::implied`] from the sources `usable` admits.
    pub fn implied_where(
        &self,
        cx: &Context,
        x: TermId,
        usable: impl Fn(usize) -> bool,
    ) -> Implied {
        let mut out = Implied::default();
        let int = cx.sort_of(x) == cx.int_sort();
        for &(atom, positive, source) in &self.log {
            if !usable(source) || (int && !self.int_terms_of(cx, atom).contains(&x)) {
                continue;
            }
            out.join(&self.literal_bounds(cx, atom, positive, x));
        }
        out
    }

    /// The bounds the literal `atom` with polarity `positive` alone implies
    /// on `x`: the ∃-bounds of the bound analysis (of `¬atom`, its ∀-bounds).
    fn literal_bounds(&self, cx: &Context, atom: TermId, positive: bool, x: TermId) -> Rc<Implied> {
        if let Some(b) = self.single.borrow().get(&(atom, positive, x)) {
            return b.clone();
        }
        let b = analyse(cx, x, atom);
        let (lower, upper) = if positive {
            (b.exists_lower, b.exists_upper)
        } else {
            (b.forall_lower, b.forall_upper)
        };
        let mut im = Implied::default();
        im.join(&Implied {
            lower: lower.candidates().to_vec(),
            upper: upper.candidates().to_vec(),
        });
        let im = Rc::new(im);
        self.single
            .borrow_mut()
            .insert((atom, positive, x), im.clone());
        im
    }

    fn int_terms_of(&self, cx: &Context, atom: TermId) -> Rc<FxHashSet<TermId>> {
        if let Some(s) = self.int_terms.borrow().get(&atom) {
            return s.clone();
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![atom];
        while let Some(t) = stack.pop() {
            if seen.insert(t) {
                stack.extend(cx.children(t));
            }
        }
        seen.retain(|&t| cx.sort_of(t) == cx.int_sort());
        let seen = Rc::new(seen);
        self.int_terms.borrow_mut().insert(atom, seen.clone());
        seen
    }

    /// The range the known literals leave the `Int` polynomial `p`, read as
    /// a linear form over its monomials: `[lo, hi]` with `lo <= p <= hi`
    /// wherever they hold (unbounded where they say nothing). A constant
    /// `p` is its own value.
    pub fn bounds(&self, cx: &Context, p: &Poly<TermId>) -> Range {
        self.bounds_where(cx, p, |_| true)
    }

    /// [`Known::bounds`] from the sources `usable` admits.
    pub fn bounds_where(
        &self,
        cx: &Context,
        p: &Poly<TermId>,
        usable: impl Fn(usize) -> bool,
    ) -> Range {
        let Some((g, key, c)) = split(p) else {
            let c = p.constant_term();
            return Range {
                lo: Some(c.clone()),
                hi: Some(c),
            };
        };
        match self.key_range(cx, &key, &usable) {
            Some(k) => k.affine(&g, &c),
            None => Range::all(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    /// The assertions `asserts` over `x`, `y`, `b`: `Int`, `p`, `q`: `Bool`.
    fn atoms(asserts: &str) -> (smtlib_io::Script, Vec<TermId>) {
        let s = parse_script(&format!(
            "(declare-const x Int)(declare-const y Int)(declare-const b Int)
             (declare-const p Bool)(declare-const q Bool){asserts}"
        ))
        .expect("parses");
        let ts = s.assertions().collect();
        (s, ts)
    }

    #[test]
    fn a_known_literal_holds_and_its_negation_is_refuted() {
        let (s, t) = atoms("(assert p)(assert (not q))(assert q)(assert (and p q))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[1], true, 0);
        assert!(k.holds(cx, t[0]));
        assert!(k.refuted(cx, t[2]));
        // literals, not only atoms: ¬q holds, ¬p is refuted
        assert!(k.holds(cx, t[1]) && !k.refuted(cx, t[1]));
        assert!(!k.holds(cx, t[2]));
        // a conjunction of known literals is not an atom: unknown
        assert_eq!(k.decide(cx, t[3]), None);
    }

    #[test]
    fn ranges_decide_comparisons_of_one_linear_form() {
        let (s, t) = atoms(
            "(assert (<= (+ x 1) y))(assert (<= y x))(assert (< x (+ y 3)))
             (assert (>= (* 2 y) (+ (* 2 x) 5)))(assert (<= (* 2 x) (* 2 y)))
             (assert (<= x 7))",
        );
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        assert!(k.refuted(cx, t[1]));
        assert!(k.holds(cx, t[2]));
        // y - x >= 3 (rounded from 2y - 2x >= 5) is not implied by y - x >= 1
        assert_eq!(k.decide(cx, t[3]), None);
        // scaled: 2x <= 2y is x <= y
        assert!(k.holds(cx, t[4]));
        // another linear form: no conclusion
        assert_eq!(k.decide(cx, t[5]), None);
    }

    /// Two known keys decide a comparison over a third linear form that
    /// eliminating a shared monomial leaves (`y - 3*b` from `y - b` and
    /// `b`); each verdict is checked against every small assignment.
    #[test]
    fn two_known_forms_decide_a_third() {
        let (s, t) = atoms(
            "(assert (< x b))(assert (<= 1 b))(assert (<= 0 b))
             (assert (<= (* 3 b) x))(assert (< x (* 3 b)))(assert (< x (+ (* 2 b) 1)))
             (assert (<= (* 2 x) (+ (* 6 b) 1)))(assert (< x (* 2 y)))",
        );
        let cx = &s.cx;
        let (xt, bt) = (constant(&s, "x"), constant(&s, "b"));
        // the atom `p ⋈ 0` at x, b
        let value = |atom: TermId, x: i64, b: i64| {
            let (rel, p) = int_cmp(cx, atom).expect("a comparison");
            let v: BigInt = p
                .terms()
                .map(|(m, c)| {
                    m.atoms().iter().fold(c.clone(), |acc, &a| {
                        acc * BigInt::from(if a == xt {
                            x
                        } else {
                            assert_eq!(a, bt);
                            b
                        })
                    })
                })
                .sum();
            rel.holds(&v)
        };
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[1], true, 0);
        // x < b and 1 <= b: x - 3*b <= -3
        assert!(k.refuted(cx, t[3]));
        assert!(k.holds(cx, t[4]));
        assert!(k.holds(cx, t[5]));
        assert!(k.holds(cx, t[6]));
        // y is in no known form
        assert_eq!(k.decide(cx, t[7]), None);
        for x in -6..=6 {
            for b in -6..=6 {
                if value(t[0], x, b) && value(t[1], x, b) {
                    assert!(!value(t[3], x, b), "x={x} b={b}");
                    assert!(value(t[4], x, b) && value(t[5], x, b) && value(t[6], x, b));
                }
            }
        }
        // without a lower bound on b, nothing follows
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        assert_eq!(k.decide(cx, t[3]), None);
        assert_eq!(k.decide(cx, t[4]), None);
        // 0 <= b is enough for x < 3*b
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[2], true, 0);
        assert!(k.holds(cx, t[4]) && k.refuted(cx, t[3]));
        // forgetting a source and closing a scope take the combination back
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 1);
        k.push();
        k.assume_literal(cx, t[1], true, 0);
        assert!(k.refuted(cx, t[3]));
        k.pop();
        assert_eq!(k.decide(cx, t[3]), None);
        k.assume_literal(cx, t[1], true, 2);
        assert!(k.refuted(cx, t[3]));
        k.forget(2);
        assert_eq!(k.decide(cx, t[3]), None);
        assert!(k.verdict_where(cx, t[3], |s| s == 1).is_none());
        // transitivity through one key
        let (s, t) = atoms("(assert (<= x y))(assert (< y b))(assert (< x b))(assert (<= b x))");
        let cx = &s.cx;
        let k = Known::of_literals(cx, &t[..2]);
        assert!(k.holds(cx, t[2]) && k.refuted(cx, t[3]));
        assert_eq!(Known::of_literals(cx, &t[..1]).decide(cx, t[2]), None);
    }

    #[test]
    fn negated_literals_give_the_complement_range() {
        let (s, t) = atoms("(assert (not (<= x 3)))(assert (>= x 4))(assert (= x 3))(assert (not (= x 3)))(assert (= x 9))");
        let cx = &s.cx;
        let mut k = Known::new();
        assert!(k.assume_ranged(cx, t[0], true, 0));
        assert!(k.holds(cx, t[1]));
        assert!(k.refuted(cx, t[2]));
        // a negated equality is no range: it decides nothing else
        let mut k = Known::new();
        assert!(!k.assume_ranged(cx, t[3], true, 0));
        assert!(k.refuted(cx, t[2]));
        assert_eq!(k.decide(cx, t[4]), None);
        assert_eq!(k.decide(cx, t[1]), None);
    }

    #[test]
    fn scopes_take_back_what_they_assumed() {
        let (s, t) = atoms("(assert (and p (<= x 0)))(assert (<= x 1))(assert p)");
        let cx = &s.cx;
        let mut k = Known::new();
        k.push();
        k.assume(cx, t[0], true);
        assert!(k.holds(cx, t[1]) && k.holds(cx, t[2]));
        k.push();
        k.assume(cx, t[2], false);
        assert_eq!(
            k.decide(cx, t[2]),
            Some(false),
            "the latest polarity answers"
        );
        assert!(k.refuted(cx, t[2]) && k.holds(cx, t[2]), "both are known");
        k.pop();
        assert!(k.holds(cx, t[2]));
        k.pop();
        assert_eq!(k.decide(cx, t[1]), None);
        assert_eq!(k.decide(cx, t[2]), None);
    }

    #[test]
    fn a_negated_conjunction_is_no_literal_to_split() {
        // ¬(p ∧ x <= 0) says neither ¬p nor x > 0
        let (s, t) = atoms("(assert (not (and p (<= x 0))))(assert p)(assert (<= x 0))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume(cx, t[0], true);
        assert_eq!(k.decide(cx, t[1]), None);
        assert_eq!(k.decide(cx, t[2]), None);
        // ¬(p ∨ x <= 0) does
        let (s, t) = atoms("(assert (not (or p (<= x 0))))(assert p)(assert (<= x 0))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume(cx, t[0], true);
        assert!(k.refuted(cx, t[1]) && k.refuted(cx, t[2]));
    }

    #[test]
    fn sources_filter_and_forget() {
        let (s, t) = atoms("(assert (<= x 0))(assert (>= x 0))(assert (<= x 5))(assert (<= x y))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 1);
        k.assume_literal(cx, t[1], true, 2);
        let x = Poly::atom(int_cmp(cx, t[2]).unwrap().1.atoms()[0]);
        assert_eq!(k.bounds(cx, &x).point(), Some(&BigInt::zero()));
        assert_eq!(
            k.bounds_where(cx, &x, |s| s == 2),
            Range {
                lo: Some(BigInt::zero()),
                hi: None
            }
        );
        assert_eq!(k.verdict_where(cx, t[2], |s| s == 2), None);
        assert_eq!(
            k.verdict_where(cx, t[2], |s| s == 1),
            Some(Verdict::Holds(true))
        );
        // x <= y is over another linear form: nothing
        assert_eq!(k.verdict_where(cx, t[3], |_| true), None);
        k.forget(1);
        assert_eq!(k.decide(cx, t[2]), None);
        assert_eq!(k.decide(cx, t[0]), None);
    }

    #[test]
    fn a_range_meeting_in_one_point_pins_the_atom() {
        let (s, t) = atoms("(assert (<= y x))(assert (<= x y))(assert (<= x (+ y 1)))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        match k.verdict_where(cx, t[1], |_| true) {
            Some(Verdict::Pins(_, v)) => assert!(v.is_zero()),
            v => panic!("{v:?}"),
        }
        // x - y ∈ [0, 1] is two points: not pinned
        assert_eq!(k.verdict_where(cx, t[2], |_| true), None);
    }

    #[test]
    fn bounds_of_a_scaled_and_shifted_form() {
        let (s, t) = atoms("(assert (and (<= 2 x) (<= x 5)))(assert (<= x 3))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume(cx, t[0], true);
        let x = int_cmp(cx, t[1]).unwrap().1.without_constant();
        // -2x + 1 ∈ [-9, -3]
        let p = x.scale(&BigInt::from(-2)).add_constant(&BigInt::one());
        assert_eq!(
            k.bounds(cx, &p),
            Range {
                lo: Some(BigInt::from(-9)),
                hi: Some(BigInt::from(-3))
            }
        );
        // constants are their own bounds; unknown forms are unbounded
        assert_eq!(
            k.bounds(cx, &Poly::constant(4)).point(),
            Some(&BigInt::from(4))
        );
        let (s2, t2) = atoms("(assert (<= y 0))");
        let y = int_cmp(&s2.cx, t2[0]).unwrap().1;
        assert_eq!(Known::new().bounds(&s2.cx, &y), Range::all());
    }

    /// A known `¬(p ∧ x = 0)` refutes a conjunction that has both
    /// conjuncts, and `¬(p ∧ x = 0)` is refuted where both hold; with one
    /// of them missing, neither. The literal goes with its scope.
    #[test]
    fn a_negated_conjunction_refutes_its_conjuncts_together() {
        let (s, t) = atoms(
            "(assert (not (and p (= x 0))))
             (assert (and p (= x 0) q))(assert (and p q))
             (assert p)(assert (= x 0))",
        );
        let cx = &s.cx;
        let mut k = Known::new();
        k.push();
        k.assume(cx, t[0], true);
        assert!(k.refutes_formula(cx, t[1]));
        assert!(!k.refutes_formula(cx, t[2]));
        assert!(!k.negated_conjunction_holds(cx));
        k.assume(cx, t[3], true);
        assert!(!k.negated_conjunction_holds(cx));
        k.assume(cx, t[4], true);
        assert!(k.negated_conjunction_holds(cx));
        k.pop();
        assert!(!k.refutes_formula(cx, t[1]));
        // `¬(p ∧ x = 0)` itself, where `p` and `x = 0` hold (or only `p`)
        let mut k = Known::of_literals(cx, &[t[3], t[4]]);
        assert!(k.refutes_formula(cx, t[0]));
        k.clear();
        k.assume(cx, t[3], true);
        assert!(!k.refutes_formula(cx, t[0]));
    }

    #[test]
    fn refutes_formula_reads_through_connectives() {
        let (s, t) = atoms(
            "(assert (<= 1 x))(assert (not p))
             (assert (or p (< x 0)))(assert (or p (< x 3)))
             (assert (and q (<= x 0)))(assert (and q (<= y 0)))
             (assert (=> (<= 0 x) (< x 1)))(assert (=> (<= 0 y) (< x 1)))
             (assert (=> true p))(assert (=> false p))(assert false)(assert true)",
        );
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[1], true, 0);
        // every disjunct refuted, or one is not
        assert!(k.refutes_formula(cx, t[2]));
        assert!(!k.refutes_formula(cx, t[3]));
        // some conjunct refuted, or none
        assert!(k.refutes_formula(cx, t[4]));
        assert!(!k.refutes_formula(cx, t[5]));
        // hypotheses that hold (by range) and a refuted conclusion; a
        // hypothesis not known (`true` is no known literal) refutes nothing
        assert!(k.refutes_formula(cx, t[6]));
        assert!(!k.refutes_formula(cx, t[7]));
        assert!(!k.refutes_formula(cx, t[8]) && !k.entails(cx, t[11]));
        assert!(!k.refutes_formula(cx, t[9]));
        // false is refuted, true is not
        assert!(k.refutes_formula(cx, t[10]));
        assert!(!k.refutes_formula(cx, t[11]));
    }

    #[test]
    fn refutes_formula_decides_equalities_as_literals_only() {
        let (s, t) = atoms(
            "(assert (<= 1 x))(assert (= x 0))(assert (not (= y 0)))(assert (= y 0))
             (assert (=> (not (= x 0)) (< x 1)))(assert (=> (not (= y 0)) (< x 1)))
             (assert (< x 1))(assert (<= x 1))(assert (=> (= x 1) (< x 1)))",
        );
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[2], true, 0);
        // refuted by the ranges, but here only by its negation
        assert!(k.refuted(cx, t[1]) && !k.refutes_formula(cx, t[1]));
        assert!(k.refutes_formula(cx, t[3]));
        // x ≠ 0 holds by the ranges, y ≠ 0 as a literal: only the latter
        // is a hypothesis that holds
        assert!(!k.refutes_formula(cx, t[4]));
        assert!(k.refutes_formula(cx, t[5]));
        // inequalities are decided by the ranges
        assert!(k.refutes_formula(cx, t[6]));
        // x ∈ [1, 1] pins x = 1, which holds only as a known literal
        k.assume_literal(cx, t[7], true, 0);
        assert!(!k.refutes_formula(cx, t[8]));
        let eq = match cx.kind(t[8]) {
            TermKind::App(Op::Implies, a) => a[0],
            _ => unreachable!(),
        };
        assert!(k.holds(cx, eq) && !k.entails(cx, eq));
        k.assume_literal(cx, eq, true, 0);
        assert!(k.entails(cx, eq) && k.refutes_formula(cx, t[8]));
        // inequalities are entailed by the ranges
        assert!(k.entails(cx, t[7]) && !k.entails(cx, t[6]));
    }

    #[test]
    fn contradictory_literals_decide_every_comparison_of_their_form() {
        let (s, t) = atoms("(assert (<= x 0))(assert (>= x 1))(assert (= x 7))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.assume_literal(cx, t[1], true, 0);
        assert!(k.holds(cx, t[2]));
        assert!(k
            .bounds(cx, &int_cmp(cx, t[2]).unwrap().1.without_constant())
            .is_empty());
    }

    /// The atom `x`, `y` or `b` of [`atoms`]'s script.
    fn constant(s: &smtlib_io::Script, name: &str) -> TermId {
        let cx = &s.cx;
        let f = cx
            .funs()
            .find(|(_, d)| cx.sym_name(d.name) == name)
            .expect("declared")
            .0;
        (0..cx.num_terms() as u32)
            .map(TermId)
            .find(|&t| matches!(cx.kind(t), TermKind::App(Op::Uf(g), a) if *g == f && a.is_empty()))
            .expect("used")
    }

    fn shown(ps: &[Poly<TermId>], s: &smtlib_io::Script) -> Vec<String> {
        let mut cx = s.cx.clone();
        ps.iter()
            .map(|p| {
                let t = crate::arith::poly::to_term(&mut cx, p);
                smtlib_io::Printer::new(&cx).term(t)
            })
            .collect()
    }

    #[test]
    fn implied_lists_symbolic_bounds_in_assumption_order() {
        let (s, t) = atoms(
            "(assert (< x (+ y b)))(assert (<= 0 x))(assert (not (< x 5)))
             (assert (< x (+ y b)))(assert (<= (* 2 x) y))(assert (= x (* y b)))",
        );
        let cx = &s.cx;
        let x = constant(&s, "x");
        let mut k = Known::new();
        for &a in &t {
            k.assume_literal(cx, a, true, 0);
        }
        let im = k.implied(cx, x);
        // each bound once, in order; 2x <= y has coefficient 2: no bound
        assert_eq!(shown(&im.lower, &s), ["0", "5", "(* y b)"]);
        assert_eq!(shown(&im.upper, &s), ["(+ y b)", "(+ (* y b) 1)"]);
        assert!(im.nonneg() && im.positive() && !im.negative() && !im.nonpos());
        // another atom: y > x - b, and y >= 2x
        let y = constant(&s, "y");
        assert_eq!(
            shown(&k.implied(cx, y).lower, &s),
            ["(- (+ x 1) b)", "(* 2 x)"]
        );
    }

    #[test]
    fn a_disjunction_gives_the_bounds_common_to_its_disjuncts() {
        let (s, t) = atoms(
            "(assert (or (and (<= 0 x) (< x 3)) (and (<= 0 x) p)))
             (assert (or (< x 3) (< x 5)))
             (assert (not (and (< x y) (<= 1 x))))",
        );
        let cx = &s.cx;
        let x = constant(&s, "x");
        let k = Known::of_literals(cx, &t[..1]);
        let im = k.implied(cx, x);
        assert_eq!(shown(&im.lower, &s), ["0"]);
        assert!(im.upper.is_empty());
        // different bounds are not joined into a range
        let k = Known::of_literals(cx, &t[1..2]);
        assert!(k.implied(cx, x).upper.is_empty());
        // ¬(x < y ∧ 1 <= x) is y <= x ∨ x < 1: nothing in common
        let k = Known::of_literals(cx, &t[2..]);
        let im = k.implied(cx, x);
        assert!(im.lower.is_empty() && im.upper.is_empty());
    }

    #[test]
    fn implied_follows_scopes_and_sources() {
        let (s, t) = atoms("(assert (<= 0 x))(assert (< x 4))(assert (< x y))");
        let cx = &s.cx;
        let x = constant(&s, "x");
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 0);
        k.push();
        k.assume_literal(cx, t[1], true, 1);
        k.assume_literal(cx, t[2], true, 0);
        assert_eq!(shown(&k.implied(cx, x).upper, &s), ["4", "y"]);
        assert_eq!(shown(&k.implied_where(cx, x, |s| s == 0).upper, &s), ["y"]);
        assert!(k.implied_where(cx, x, |s| s == 1).lower.is_empty());
        assert_eq!(k.len(), 3);
        k.pop();
        assert!(k.implied(cx, x).upper.is_empty() && k.implied(cx, x).nonneg());
        k.forget(0);
        assert!(k.implied(cx, x).lower.is_empty() && k.is_empty());
        // cleared, and built again: the same answers
        k.assume_literal(cx, t[1], false, 0);
        assert_eq!(shown(&k.implied(cx, x).lower, &s), ["4"]);
        k.clear();
        assert!(k.is_empty() && k.implied(cx, x).lower.is_empty());
    }

    #[test]
    fn bounds_imply_comparisons_through_one_atom() {
        let (s, t) = atoms(
            "(assert (< x y))(assert (<= 2 x))
             (assert (< x (+ y 1)))(assert (<= x y))(assert (< x (- y 1)))
             (assert (>= x 1))(assert (> x 1))(assert (> x 2))(assert (= x 2))
             (assert (< 0 3))(assert (< 3 0))(assert (< (+ x b) y))(assert p)",
        );
        let cx = &s.cx;
        let k = Known::of_literals(cx, &t[..2]);
        let by = |c: TermId| implies_by_bounds(cx, c, |x| k.implied(cx, x));
        assert!(by(t[2]) && by(t[3]) && !by(t[4]));
        assert!(by(t[5]) && by(t[6]) && !by(t[7]));
        // an equality never; constants by their value
        assert!(!by(t[8]) && by(t[9]) && !by(t[10]));
        // x + b < y: no bound on x or b of that form; not a comparison
        assert!(!by(t[11]) && !by(t[12]));
    }

    #[test]
    fn ranges_read_late_follow_scopes_and_forget() {
        let (s, t) = atoms("(assert (<= x 0))(assert (>= x 5))(assert (<= x 3))(assert (<= y 0))");
        let cx = &s.cx;
        let mut k = Known::new();
        k.assume_literal(cx, t[0], true, 1);
        assert!(k.holds(cx, t[2]));
        // assumed after the last query, forgotten before the next
        k.assume_literal(cx, t[3], true, 2);
        k.assume_literal(cx, t[1], true, 3);
        k.forget(1);
        assert_eq!(k.decide(cx, t[2]), Some(false));
        k.push();
        k.assume_literal(cx, t[0], true, 1);
        // contradictory: every comparison of x holds
        assert_eq!(k.decide(cx, t[2]), Some(true));
        k.pop();
        assert_eq!(k.decide(cx, t[2]), Some(false));
        k.forget(3);
        assert_eq!(k.decide(cx, t[2]), None);
        assert!(k.holds(cx, t[3]));
        // ¬(x >= 5) is x < 5: a range
        assert!(k.assume_ranged(cx, t[1], false, 0));
    }
}
