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
//! It concludes nothing else: no transitivity between keys (`x <= y` and
//! `y <= z` do not decide `x <= z`), no reasoning about `≠`, and nothing
//! about non-`Int` atoms beyond the syntactic match. When the known
//! literals contradict each other (an empty range), every atom over that
//! key holds, which is sound: no state satisfies them.
//!
//! Literals come and go in two ways: scopes ([`Known::push`] /
//! [`Known::pop`]) for a walk that enters and leaves positions, and
//! sources (each literal carries the index of what it comes from,
//! [`Known::forget`] drops a source, and the `_where` queries take only
//! the sources a filter admits) for facts that are replaced one at a time.

use super::poly::Poly;
use crate::arith::{int_cmp, integer_bound, Rel};
use crate::term;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::collections::HashMap;

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

/// A set of known literals, with what they decide (module doc).
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// Atom → (polarity, source) of each time it was assumed, in order.
    literals: HashMap<TermId, Vec<(bool, usize)>>,
    /// Key → (source, range) of each comparison over it, in order.
    ranges: HashMap<Poly<TermId>, Vec<(usize, Range)>>,
    /// Per open scope, the atoms and keys assumed in it.
    scopes: Vec<(Vec<TermId>, Vec<Poly<TermId>>)>,
}

impl Known {
    /// No literal known.
    pub fn new() -> Known {
        Known::default()
    }

    /// Open a scope: what is assumed from now on goes at the matching
    /// [`Known::pop`].
    pub fn push(&mut self) {
        self.scopes.push((Vec::new(), Vec::new()));
    }

    /// Close the innermost scope, forgetting what was assumed in it.
    ///
    /// # Panics
    /// Without an open scope.
    pub fn pop(&mut self) {
        let (atoms, keys) = self.scopes.pop().expect("balanced scopes");
        for a in atoms {
            if let Some(v) = self.literals.get_mut(&a) {
                v.pop();
                if v.is_empty() {
                    self.literals.remove(&a);
                }
            }
        }
        for k in keys {
            if let Some(v) = self.ranges.get_mut(&k) {
                v.pop();
                if v.is_empty() {
                    self.ranges.remove(&k);
                }
            }
        }
    }

    /// Assume the literal `t` (an atom, or its negation: `¬a` is `a` with
    /// the other polarity) with `positive` polarity, from `source`.
    /// `true` and `false` add nothing. Returns whether it gave a range.
    pub fn assume_literal(
        &mut self,
        cx: &Context,
        t: TermId,
        positive: bool,
        source: usize,
    ) -> bool {
        let (atom, positive) = literal(cx, t, positive);
        if term::is_true(cx, atom) || term::is_false(cx, atom) {
            return false;
        }
        self.literals
            .entry(atom)
            .or_default()
            .push((positive, source));
        let range = as_range(cx, atom, positive);
        let scope = self.scopes.last_mut();
        let ranged = range.is_some();
        if let Some((key, r)) = range {
            self.ranges
                .entry(key.clone())
                .or_default()
                .push((source, r));
            if let Some(s) = scope {
                s.0.push(atom);
                s.1.push(key);
            }
        } else if let Some(s) = scope {
            s.0.push(atom);
        }
        ranged
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
        self.ranges.retain(|_, v| {
            v.retain(|&(s, _)| s != source);
            !v.is_empty()
        });
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
            TermKind::App(Op::And, args) => args.iter().any(|&a| self.refutes_at(cx, a, d)),
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
        let known = self.key_range(&key, usable)?;
        if known.within(&r) {
            return Some(Verdict::Holds(true));
        }
        if known.disjoint(&r) {
            return Some(Verdict::Holds(false));
        }
        match known.meet(&r).point() {
            Some(k) if r.point().is_none() => Some(Verdict::Pins(key, k.clone())),
            _ => None,
        }
    }

    /// The meet of the known ranges of `key`, from the sources `usable`
    /// admits; `None` if there is none.
    fn key_range(&self, key: &Poly<TermId>, usable: impl Fn(usize) -> bool) -> Option<Range> {
        self.ranges
            .get(key)?
            .iter()
            .filter(|(s, _)| usable(*s))
            .fold(None, |acc: Option<Range>, (_, r)| {
                Some(acc.map_or_else(|| r.clone(), |a| a.meet(r)))
            })
    }

    /// The range the known literals leave the `Int` polynomial `p`, read as
    /// a linear form over its monomials: `[lo, hi]` with `lo <= p <= hi`
    /// wherever they hold (unbounded where they say nothing). A constant
    /// `p` is its own value.
    pub fn bounds(&self, p: &Poly<TermId>) -> Range {
        self.bounds_where(p, |_| true)
    }

    /// [`Known::bounds`] from the sources `usable` admits.
    pub fn bounds_where(&self, p: &Poly<TermId>, usable: impl Fn(usize) -> bool) -> Range {
        let Some((g, key, c)) = split(p) else {
            let c = p.constant_term();
            return Range {
                lo: Some(c.clone()),
                hi: Some(c),
            };
        };
        match self.key_range(&key, usable) {
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

    #[test]
    fn negated_literals_give_the_complement_range() {
        let (s, t) = atoms("(assert (not (<= x 3)))(assert (>= x 4))(assert (= x 3))(assert (not (= x 3)))(assert (= x 9))");
        let cx = &s.cx;
        let mut k = Known::new();
        assert!(k.assume_literal(cx, t[0], true, 0));
        assert!(k.holds(cx, t[1]));
        assert!(k.refuted(cx, t[2]));
        // a negated equality is no range: it decides nothing else
        let mut k = Known::new();
        assert!(!k.assume_literal(cx, t[3], true, 0));
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
        assert_eq!(k.bounds(&x).point(), Some(&BigInt::zero()));
        assert_eq!(
            k.bounds_where(&x, |s| s == 2),
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
            k.bounds(&p),
            Range {
                lo: Some(BigInt::from(-9)),
                hi: Some(BigInt::from(-3))
            }
        );
        // constants are their own bounds; unknown forms are unbounded
        assert_eq!(k.bounds(&Poly::constant(4)).point(), Some(&BigInt::from(4)));
        let (s2, t2) = atoms("(assert (<= y 0))");
        let y = int_cmp(&s2.cx, t2[0]).unwrap().1;
        assert_eq!(Known::new().bounds(&y), Range::all());
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
            .bounds(&int_cmp(cx, t[2]).unwrap().1.without_constant())
            .is_empty());
    }
}
