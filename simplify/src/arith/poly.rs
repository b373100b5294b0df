//! Canonical polynomial normal form over arbitrary atoms.
//!
//! A [`Poly<A>`] is a finite sum of monomials with non-zero [`BigInt`]
//! coefficients; a monomial is a sorted multiset of atoms (the empty
//! monomial is the constant). Two polynomials are equal exactly when their
//! canonical forms are equal, so `Poly` can be compared, hashed and used as
//! a map key. Iteration order is the `Ord` order of monomials (graded:
//! lower degree first, then lexicographic on atoms), never a hash order.
//!
//! [`from_term`] reads an `Int` term of an [`smtlib_io::Context`] into a
//! `Poly<TermId>`: `+`, `-`, unary minus, `*` and integer literals are
//! interpreted; every other subterm (constants, uninterpreted applications,
//! `div`/`mod`, `select`, `ite`, bound variables, …) is an atom. Products
//! are expanded, so `N*(l+1)` becomes `N*l + N`. [`to_term`] prints a
//! polynomial back deterministically.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// A monomial: atoms in non-decreasing order (repetition is a power).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Monomial<A>(Vec<A>);

impl<A: Ord + Clone> Monomial<A> {
    /// The constant monomial `1`.
    pub fn one() -> Self {
        Monomial(Vec::new())
    }

    pub fn atom(a: A) -> Self {
        Monomial(vec![a])
    }

    pub fn from_atoms(mut atoms: Vec<A>) -> Self {
        atoms.sort();
        Monomial(atoms)
    }

    pub fn atoms(&self) -> &[A] {
        &self.0
    }

    pub fn degree(&self) -> usize {
        self.0.len()
    }

    pub fn is_one(&self) -> bool {
        self.0.is_empty()
    }

    /// Exponent of `x` in this monomial.
    pub fn degree_in(&self, x: &A) -> usize {
        self.0.iter().filter(|a| *a == x).count()
    }

    pub fn mul(&self, other: &Self) -> Self {
        // Merge two sorted lists.
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::with_capacity(self.0.len() + other.0.len());
        while i < self.0.len() && j < other.0.len() {
            if self.0[i] <= other.0[j] {
                out.push(self.0[i].clone());
                i += 1;
            } else {
                out.push(other.0[j].clone());
                j += 1;
            }
        }
        out.extend_from_slice(&self.0[i..]);
        out.extend_from_slice(&other.0[j..]);
        Monomial(out)
    }
}

impl<A: Ord> PartialOrd for Monomial<A> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<A: Ord> Ord for Monomial<A> {
    /// Graded lexicographic: degree first, then the atoms.
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.cmp(&other.0))
    }
}

/// A polynomial with integer coefficients over atoms `A`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Poly<A: Ord + Clone> {
    terms: BTreeMap<Monomial<A>, BigInt>,
}

impl<A: Ord + Clone + fmt::Debug> fmt::Debug for Poly<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return write!(f, "0");
        }
        let mut first = true;
        for (m, c) in &self.terms {
            if !first {
                write!(f, " + ")?;
            }
            first = false;
            write!(f, "{c}")?;
            for a in m.atoms() {
                write!(f, "*{a:?}")?;
            }
        }
        Ok(())
    }
}

impl<A: Ord + Clone> Default for Poly<A> {
    fn default() -> Self {
        Poly::zero()
    }
}

impl<A: Ord + Clone> Poly<A> {
    pub fn zero() -> Self {
        Poly {
            terms: BTreeMap::new(),
        }
    }

    pub fn constant(c: impl Into<BigInt>) -> Self {
        let mut p = Poly::zero();
        p.add_term(Monomial::one(), c.into());
        p
    }

    pub fn atom(a: A) -> Self {
        let mut p = Poly::zero();
        p.add_term(Monomial::atom(a), BigInt::one());
        p
    }

    pub fn monomial(m: Monomial<A>, c: impl Into<BigInt>) -> Self {
        let mut p = Poly::zero();
        p.add_term(m, c.into());
        p
    }

    /// Add `c * m` in place.
    pub fn add_term(&mut self, m: Monomial<A>, c: BigInt) {
        if c.is_zero() {
            return;
        }
        use std::collections::btree_map::Entry;
        match self.terms.entry(m) {
            Entry::Vacant(e) => {
                e.insert(c);
            }
            Entry::Occupied(mut e) => {
                *e.get_mut() += c;
                if e.get().is_zero() {
                    e.remove();
                }
            }
        }
    }

    /// Monomials with their (non-zero) coefficients, in canonical order.
    pub fn terms(&self) -> impl DoubleEndedIterator<Item = (&Monomial<A>, &BigInt)> {
        self.terms.iter()
    }

    pub fn num_terms(&self) -> usize {
        self.terms.len()
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value if the polynomial is a constant.
    pub fn as_constant(&self) -> Option<BigInt> {
        match self.terms.len() {
            0 => Some(BigInt::zero()),
            1 => self.terms.get(&Monomial::one()).cloned(),
            _ => None,
        }
    }

    pub fn is_constant(&self) -> bool {
        self.as_constant().is_some()
    }

    /// The constant term (zero if absent).
    pub fn constant_term(&self) -> BigInt {
        self.terms
            .get(&Monomial::one())
            .cloned()
            .unwrap_or_default()
    }

    /// The polynomial without its constant term.
    pub fn without_constant(&self) -> Self {
        let mut p = self.clone();
        p.terms.remove(&Monomial::one());
        p
    }

    /// Total degree (0 for constants and for zero).
    pub fn degree(&self) -> usize {
        self.terms.keys().map(|m| m.degree()).max().unwrap_or(0)
    }

    /// Highest exponent of `x` in any monomial.
    pub fn degree_in(&self, x: &A) -> usize {
        self.terms.keys().map(|m| m.degree_in(x)).max().unwrap_or(0)
    }

    /// True if `x` occurs in some monomial.
    pub fn contains(&self, x: &A) -> bool {
        self.degree_in(x) > 0
    }

    /// The coefficient of the monomial `m` (zero if absent).
    pub fn coefficient_of_monomial(&self, m: &Monomial<A>) -> BigInt {
        self.terms.get(m).cloned().unwrap_or_default()
    }

    /// If `x` occurs only linearly and alone (`c*x`, never `x*y` or `x^2`),
    /// its coefficient `c` (zero if `x` does not occur); else `None`.
    pub fn coefficient_of(&self, x: &A) -> Option<BigInt> {
        let mut coef = BigInt::zero();
        for (m, c) in &self.terms {
            match m.degree_in(x) {
                0 => {}
                1 if m.degree() == 1 => coef = c.clone(),
                _ => return None,
            }
        }
        Some(coef)
    }

    /// Split `c*x + rest` for a linear `x`: `(c, rest)`.
    pub fn split_linear(&self, x: &A) -> Option<(BigInt, Poly<A>)> {
        let c = self.coefficient_of(x)?;
        let mut rest = self.clone();
        rest.terms.remove(&Monomial::atom(x.clone()));
        Some((c, rest))
    }

    /// The atoms of the polynomial, sorted and deduplicated.
    pub fn atoms(&self) -> Vec<A> {
        let mut v: Vec<A> = self
            .terms
            .keys()
            .flat_map(|m| m.atoms().iter().cloned())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    pub fn add(&self, other: &Self) -> Self {
        let mut p = self.clone();
        for (m, c) in &other.terms {
            p.add_term(m.clone(), c.clone());
        }
        p
    }

    pub fn sub(&self, other: &Self) -> Self {
        let mut p = self.clone();
        for (m, c) in &other.terms {
            p.add_term(m.clone(), -c);
        }
        p
    }

    pub fn neg(&self) -> Self {
        Poly {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        }
    }

    pub fn scale(&self, k: &BigInt) -> Self {
        if k.is_zero() {
            return Poly::zero();
        }
        Poly {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), c * k)).collect(),
        }
    }

    pub fn add_constant(&self, k: &BigInt) -> Self {
        let mut p = self.clone();
        p.add_term(Monomial::one(), k.clone());
        p
    }

    pub fn mul(&self, other: &Self) -> Self {
        let mut p = Poly::zero();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &other.terms {
                p.add_term(m1.mul(m2), c1 * c2);
            }
        }
        p
    }

    /// Number of monomials `self.mul(other)` can have at most.
    pub fn mul_size_bound(&self, other: &Self) -> usize {
        self.terms.len().saturating_mul(other.terms.len())
    }

    /// Non-negative gcd of all coefficients (0 for the zero polynomial).
    pub fn content(&self) -> BigInt {
        self.terms.values().fold(BigInt::zero(), |g, c| g.gcd(c))
    }

    /// Gcd of the coefficients of the non-constant monomials.
    pub fn content_nonconst(&self) -> BigInt {
        self.terms
            .iter()
            .filter(|(m, _)| !m.is_one())
            .fold(BigInt::zero(), |g, (_, c)| g.gcd(c))
    }

    /// Exact division of every coefficient by `k` (which must divide them).
    pub fn div_exact(&self, k: &BigInt) -> Self {
        Poly {
            terms: self
                .terms
                .iter()
                .map(|(m, c)| {
                    debug_assert!((c % k).is_zero());
                    (m.clone(), c / k)
                })
                .collect(),
        }
    }

    /// Every coefficient reduced to its representative in `[0, k)`
    /// (monomials that vanish disappear). `k > 0`.
    pub fn mod_coeffs(&self, k: &BigInt) -> Self {
        let mut p = Poly::zero();
        for (m, c) in &self.terms {
            p.add_term(m.clone(), c.mod_floor(k));
        }
        p
    }

    /// The coefficient of the greatest monomial (the "leading" one), or 0.
    pub fn leading_coefficient(&self) -> BigInt {
        self.terms
            .iter()
            .next_back()
            .map(|(_, c)| c.clone())
            .unwrap_or_default()
    }

    /// Substitute the polynomial `by` for every occurrence of atom `x`.
    pub fn substitute(&self, x: &A, by: &Poly<A>) -> Self {
        let mut p = Poly::zero();
        for (m, c) in &self.terms {
            let k = m.degree_in(x);
            if k == 0 {
                p.add_term(m.clone(), c.clone());
                continue;
            }
            let rest: Vec<A> = m.atoms().iter().filter(|a| *a != x).cloned().collect();
            let mut q = Poly::monomial(Monomial(rest), c.clone());
            for _ in 0..k {
                q = q.mul(by);
            }
            p = p.add(&q);
        }
        p
    }

    /// Map atoms through `f` (the result is renormalised).
    pub fn map_atoms<B: Ord + Clone>(&self, mut f: impl FnMut(&A) -> B) -> Poly<B> {
        let mut p = Poly::zero();
        for (m, c) in &self.terms {
            let atoms = m.atoms().iter().map(&mut f).collect();
            p.add_term(Monomial::from_atoms(atoms), c.clone());
        }
        p
    }

    /// Number of monomials plus atom occurrences: a size measure.
    pub fn size(&self) -> usize {
        self.terms.keys().map(|m| 1 + m.degree()).sum()
    }
}

/// Cap on the number of monomials an expanded product may have; larger
/// products are kept as atoms.
pub const MAX_EXPANDED_MONOMIALS: usize = 256;

/// Read an `Int` term into a polynomial over atom terms. Non-`Int` terms
/// are single atoms.
pub fn from_term(cx: &Context, t: TermId) -> Poly<TermId> {
    if cx.sort_of(t) != cx.int_sort() {
        return Poly::atom(t);
    }
    match cx.kind(t) {
        TermKind::Int(n) => Poly::constant(n.clone()),
        TermKind::App(op, args) => match op {
            Op::Add => args
                .iter()
                .fold(Poly::zero(), |p, &a| p.add(&from_term(cx, a))),
            Op::Sub if args.len() == 1 => from_term(cx, args[0]).neg(),
            Op::Sub => {
                let first = from_term(cx, args[0]);
                args[1..]
                    .iter()
                    .fold(first, |p, &a| p.sub(&from_term(cx, a)))
            }
            Op::Neg => from_term(cx, args[0]).neg(),
            Op::Mul => {
                let mut p = Poly::constant(1);
                for &a in args.iter() {
                    let q = from_term(cx, a);
                    if p.mul_size_bound(&q) > MAX_EXPANDED_MONOMIALS {
                        return Poly::atom(t);
                    }
                    p = p.mul(&q);
                }
                p
            }
            _ => Poly::atom(t),
        },
        _ => Poly::atom(t),
    }
}

fn mk(cx: &mut Context, op: Op, args: Vec<TermId>) -> TermId {
    cx.mk_app(op, args).expect("well-sorted Int arithmetic")
}

/// `c * m` as a term with `c > 0`.
fn monomial_term(cx: &mut Context, m: &Monomial<TermId>, c: &BigInt) -> TermId {
    debug_assert!(c.is_positive());
    if m.is_one() {
        return cx.mk_int(c.clone());
    }
    let mut args = Vec::with_capacity(m.degree() + 1);
    if !c.is_one() {
        args.push(cx.mk_int(c.clone()));
    }
    args.extend(m.atoms().iter().copied());
    if args.len() == 1 {
        args[0]
    } else {
        mk(cx, Op::Mul, args)
    }
}

/// The sum of positive-coefficient terms: `0` if empty, the term itself if
/// single, else `(+ …)`.
fn sum_term(cx: &mut Context, mut parts: Vec<TermId>) -> TermId {
    match parts.len() {
        0 => cx.mk_int(0),
        1 => parts.pop().unwrap(),
        _ => mk(cx, Op::Add, parts),
    }
}

/// Print order: non-constant monomials in canonical order, the constant
/// last (`(+ (* N l) t 1)`).
fn print_order(p: &Poly<TermId>) -> Vec<(&Monomial<TermId>, &BigInt)> {
    let mut v: Vec<_> = p.terms().filter(|(m, _)| !m.is_one()).collect();
    v.extend(p.terms().filter(|(m, _)| m.is_one()));
    v
}

/// Two sums of positive terms `(pos, neg)` with `p = pos - neg`.
pub fn to_sides(cx: &mut Context, p: &Poly<TermId>) -> (TermId, TermId) {
    let (pos, neg) = signed_terms(cx, p);
    (sum_term(cx, pos), sum_term(cx, neg))
}

/// The monomials of `p` with positive coefficients and, with their signs
/// dropped, those with negative ones, in print order.
fn signed_terms(cx: &mut Context, p: &Poly<TermId>) -> (Vec<TermId>, Vec<TermId>) {
    let mut pos = Vec::new();
    let mut neg = Vec::new();
    for (m, c) in print_order(p) {
        if c.is_positive() {
            pos.push(monomial_term(cx, m, c));
        } else {
            neg.push(monomial_term(cx, m, &-c));
        }
    }
    (pos, neg)
}

/// Print a polynomial as an `Int` term: `(- (+ pos…) neg…)` shapes, integer
/// literals for constants (negative ones as the printer writes them).
pub fn to_term(cx: &mut Context, p: &Poly<TermId>) -> TermId {
    if let Some(c) = p.as_constant() {
        return cx.mk_int(c);
    }
    let (pos, neg) = signed_terms(cx, p);
    if neg.is_empty() {
        return sum_term(cx, pos);
    }
    if pos.is_empty() {
        let s = sum_term(cx, neg);
        return mk(cx, Op::Neg, vec![s]);
    }
    let mut args = vec![sum_term(cx, pos)];
    args.extend(neg);
    mk(cx, Op::Sub, args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::{parse_script, Printer};

    fn p(v: &[(i64, &[u32])]) -> Poly<u32> {
        let mut q = Poly::zero();
        for (c, atoms) in v {
            q.add_term(Monomial::from_atoms(atoms.to_vec()), BigInt::from(*c));
        }
        q
    }

    #[test]
    fn arithmetic_is_canonical() {
        let a = p(&[(2, &[1]), (3, &[])]);
        let b = p(&[(-2, &[1]), (1, &[2, 1])]);
        let s = a.add(&b);
        assert_eq!(s, p(&[(3, &[]), (1, &[1, 2])]));
        assert_eq!(a.sub(&a), Poly::zero());
        assert_eq!(a.neg().neg(), a);
        assert_eq!(a.scale(&BigInt::from(0)), Poly::zero());
        // (2x+3)(2x+3) = 4x^2 + 12x + 9
        let sq = a.mul(&a);
        assert_eq!(sq, p(&[(4, &[1, 1]), (12, &[1]), (9, &[])]));
        assert_eq!(sq.degree_in(&1), 2);
        assert_eq!(sq.degree(), 2);
        assert_eq!(sq.coefficient_of(&1), None);
        assert_eq!(a.coefficient_of(&1), Some(BigInt::from(2)));
        assert_eq!(a.coefficient_of(&7), Some(BigInt::from(0)));
        assert_eq!(sq.content(), BigInt::from(1));
        assert_eq!(p(&[(4, &[1]), (6, &[])]).content(), BigInt::from(2));
        assert_eq!(
            p(&[(4, &[1]), (6, &[2]), (3, &[])]).content_nonconst(),
            2.into()
        );
        assert_eq!(Poly::<u32>::constant(5).as_constant(), Some(5.into()));
        assert_eq!(Poly::<u32>::zero().as_constant(), Some(0.into()));
        assert_eq!(a.as_constant(), None);
        let (c, rest) = a.split_linear(&1).unwrap();
        assert_eq!((c, rest), (BigInt::from(2), Poly::constant(3)));
        // substitute x1 := x2 + 1 in 2x1 + 3  ->  2x2 + 5
        let by = p(&[(1, &[2]), (1, &[])]);
        assert_eq!(a.substitute(&1, &by), p(&[(2, &[2]), (5, &[])]));
        assert_eq!(
            p(&[(7, &[1]), (-3, &[])]).mod_coeffs(&5.into()),
            p(&[(2, &[1]), (2, &[])])
        );
    }

    #[test]
    fn monomial_order_is_graded() {
        let q = p(&[(1, &[3]), (1, &[1, 2]), (1, &[]), (1, &[0])]);
        let order: Vec<Vec<u32>> = q.terms().map(|(m, _)| m.atoms().to_vec()).collect();
        assert_eq!(order, vec![vec![], vec![0], vec![3], vec![1, 2]]);
        assert_eq!(q.leading_coefficient(), 1.into());
    }

    fn roundtrip(src: &str) -> (String, Poly<TermId>) {
        let text = format!(
            "(declare-const N Int)(declare-const l Int)(declare-const t Int)(declare-fun f (Int) Int)(assert (= 0 {src}))"
        );
        let mut s = parse_script(&text).unwrap();
        let a = s.assertions().next().unwrap();
        let TermKind::App(_, args) = s.cx.kind(a).clone() else {
            panic!()
        };
        let poly = from_term(&s.cx, args[1]);
        let back = to_term(&mut s.cx, &poly);
        // Reading the printed term again gives the same polynomial.
        assert_eq!(from_term(&s.cx, back), poly);
        (Printer::new(&s.cx).term(back), poly)
    }

    #[test]
    fn terms_roundtrip() {
        assert_eq!(roundtrip("(+ (* N l) t)").0, "(+ t (* N l))");
        assert_eq!(roundtrip("(* N (+ l 1))").0, "(+ N (* N l))");
        assert_eq!(roundtrip("(- (+ t 1) (* 2 t) 1)").0, "(- t)");
        assert_eq!(
            roundtrip("(- (* 3 t) (* N l) 4)").0,
            "(- (* 3 t) (* N l) 4)"
        );
        assert_eq!(roundtrip("(- t t)").0, "0");
        assert_eq!(roundtrip("(- 5)").0, "(- 5)");
        // Uninterpreted applications and mod are atoms; their arguments are
        // not normalised.
        let (s, poly) = roundtrip("(+ (f (+ t 1)) (mod t 2) (f (+ t 1)))");
        assert_eq!(poly.num_terms(), 2);
        assert_eq!(s, "(+ (* 2 (f (+ t 1))) (mod t 2))");
        assert_eq!(roundtrip("(* t t N)").1.degree(), 3);
    }

    #[test]
    fn sides_split_signs() {
        let text = "(declare-const a Int)(declare-const b Int)(assert (= 0 (- a b 3)))";
        let mut s = parse_script(text).unwrap();
        let t = s.assertions().next().unwrap();
        let TermKind::App(_, args) = s.cx.kind(t).clone() else {
            panic!()
        };
        let poly = from_term(&s.cx, args[1]);
        let (pos, neg) = to_sides(&mut s.cx, &poly);
        let mut pr = Printer::new(&s.cx);
        assert_eq!(pr.term(pos), "a");
        assert_eq!(pr.term(neg), "(+ b 3)");
    }
}
