//! Quantifier-free formulas in negation normal form over normalised
//! Presburger literals, as Cooper's method needs them.
//!
//! Every arithmetic atom is one of `0 < p`, `p = 0`, `p != 0`, `k | p` or
//! `not (k | p)` with `p` a [`Poly`] over atom terms; everything else (a
//! Boolean constant, an uninterpreted predicate, a `Real` comparison, a
//! remaining quantifier, …) is an opaque atom with a polarity.

use crate::arith::poly::{self, Poly};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Context, Op, TermId, TermKind};
use std::collections::{BTreeSet, HashMap};

pub type P = Poly<TermId>;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lit {
    /// `0 < p`; the non-constant coefficients of `p` are coprime.
    Pos(P),
    /// `p = 0`; coprime coefficients, positive leading coefficient.
    Eq(P),
    /// `p != 0`; normalised as `Eq`.
    Ne(P),
    /// `k | p` (`k >= 2`, coefficients of `p` in `[0, k)`).
    Dvd(BigInt, P),
    /// `not (k | p)`.
    NDvd(BigInt, P),
    /// An opaque Boolean term, positive (`true`) or negated.
    Atom(TermId, bool),
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum F {
    True,
    False,
    Lit(Lit),
    And(Vec<F>),
    Or(Vec<F>),
}

impl Lit {
    /// The polynomial of an arithmetic literal.
    pub fn poly(&self) -> Option<&P> {
        match self {
            Lit::Pos(p) | Lit::Eq(p) | Lit::Ne(p) | Lit::Dvd(_, p) | Lit::NDvd(_, p) => Some(p),
            Lit::Atom(..) => None,
        }
    }
}

/// `0 < p`, normalised (constants folded).
pub fn mk_pos(p: P) -> F {
    if let Some(c) = p.as_constant() {
        return F::bool(c.is_positive());
    }
    let g = p.content_nonconst();
    if g.is_one() {
        return F::Lit(Lit::Pos(p));
    }
    // 0 < g*q + c  <=>  q > -c/g  <=>  q > floor(-c/g)
    let c = p.constant_term();
    let q = p.without_constant().div_exact(&g);
    let fl = (-c).div_floor(&g);
    F::Lit(Lit::Pos(q.add_constant(&-fl)))
}

/// `p = 0` (or `p != 0` when `eq` is false), normalised.
pub fn mk_eq(p: P, eq: bool) -> F {
    if let Some(c) = p.as_constant() {
        return F::bool(c.is_zero() == eq);
    }
    let g = p.content_nonconst();
    let c = p.constant_term();
    if !(&c % &g).is_zero() {
        return F::bool(!eq);
    }
    let mut q = p.div_exact(&g);
    if q.leading_coefficient().is_negative() {
        q = q.neg();
    }
    F::Lit(if eq { Lit::Eq(q) } else { Lit::Ne(q) })
}

/// `k | p` (or its negation), normalised. `k != 0`.
pub fn mk_dvd(k: &BigInt, p: &P, pos: bool) -> F {
    let mut k = k.abs();
    // k | p <=> k | -p: take the residue form with the smaller coefficients.
    let mut q = {
        let a = p.mod_coeffs(&k);
        let b = p.neg().mod_coeffs(&k);
        let weight = |q: &P| q.terms().fold(BigInt::zero(), |s, (_, c)| s + c);
        if (weight(&b), &b) < (weight(&a), &a) {
            b
        } else {
            a
        }
    };
    let g = k.gcd(&q.content());
    if !q.is_zero() && g > BigInt::one() {
        k /= &g;
        q = q.div_exact(&g);
    }
    if k.is_one() {
        return F::bool(pos);
    }
    if let Some(c) = q.as_constant() {
        return F::bool(c.is_zero() == pos);
    }
    F::Lit(if pos { Lit::Dvd(k, q) } else { Lit::NDvd(k, q) })
}

/// The literal `l` with its polynomial replaced by `q`, renormalised.
pub fn with_poly(l: &Lit, q: P) -> F {
    match l {
        Lit::Pos(_) => mk_pos(q),
        Lit::Eq(_) => mk_eq(q, true),
        Lit::Ne(_) => mk_eq(q, false),
        Lit::Dvd(k, _) => mk_dvd(k, &q, true),
        Lit::NDvd(k, _) => mk_dvd(k, &q, false),
        Lit::Atom(..) => F::Lit(l.clone()),
    }
}

impl F {
    /// Replace the atom term `a` of every polynomial by `by`.
    pub fn subst_atom(&self, a: TermId, by: &P) -> F {
        self.map_lits(&mut |l| match l.poly() {
            Some(p) if p.contains(&a) => with_poly(l, p.substitute(&a, by)),
            _ => F::Lit(l.clone()),
        })
    }

    pub fn bool(b: bool) -> F {
        if b {
            F::True
        } else {
            F::False
        }
    }

    /// Conjunction: flattened, constants folded, duplicates removed (first
    /// occurrence order kept).
    pub fn and(parts: Vec<F>) -> F {
        F::nary(parts, true)
    }

    /// Disjunction, dual of [`F::and`].
    pub fn or(parts: Vec<F>) -> F {
        F::nary(parts, false)
    }

    /// [`F::and`] when `conj`, else [`F::or`]: the unit (`True` for a
    /// conjunction) is dropped, the absorbing constant or a complementary
    /// pair of literals gives the absorbing constant, nested parts of the
    /// same connective are flattened.
    fn nary(parts: Vec<F>, conj: bool) -> F {
        let (unit, absorbing) = (F::bool(conj), F::bool(!conj));
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        let mut keep = |q: F, out: &mut Vec<F>| {
            if seen.insert(q.clone()) {
                out.push(q);
            }
        };
        for p in parts {
            match p {
                p if p == unit => {}
                p if p == absorbing => return absorbing,
                F::And(inner) if conj => inner.into_iter().for_each(|q| keep(q, &mut out)),
                F::Or(inner) if !conj => inner.into_iter().for_each(|q| keep(q, &mut out)),
                p => keep(p, &mut out),
            }
        }
        if has_complementary(&out) {
            return absorbing;
        }
        match out.len() {
            0 => unit,
            1 => out.pop().unwrap(),
            _ if conj => F::And(out),
            _ => F::Or(out),
        }
    }

    /// The negation, in NNF.
    pub fn not(&self) -> F {
        match self {
            F::True => F::False,
            F::False => F::True,
            F::And(v) => F::or(v.iter().map(F::not).collect()),
            F::Or(v) => F::and(v.iter().map(F::not).collect()),
            F::Lit(l) => match l {
                // not (0 < p)  <=>  p <= 0  <=>  0 < 1 - p
                Lit::Pos(p) => mk_pos(p.neg().add_constant(&BigInt::one())),
                Lit::Eq(p) => F::Lit(Lit::Ne(p.clone())),
                Lit::Ne(p) => F::Lit(Lit::Eq(p.clone())),
                Lit::Dvd(k, p) => F::Lit(Lit::NDvd(k.clone(), p.clone())),
                Lit::NDvd(k, p) => F::Lit(Lit::Dvd(k.clone(), p.clone())),
                Lit::Atom(t, b) => F::Lit(Lit::Atom(*t, !b)),
            },
        }
    }

    /// Rebuild every arithmetic literal through `f` (which gets the literal
    /// and returns its replacement formula).
    pub fn map_lits(&self, f: &mut impl FnMut(&Lit) -> F) -> F {
        match self {
            F::True | F::False => self.clone(),
            F::Lit(l) => f(l),
            F::And(v) => F::and(v.iter().map(|g| g.map_lits(f)).collect()),
            F::Or(v) => F::or(v.iter().map(|g| g.map_lits(f)).collect()),
        }
    }

    /// Rebuild every literal (opaque atoms included) through `f`.
    pub fn map_atoms(&self, f: &mut impl FnMut(&Lit) -> F) -> F {
        self.map_lits(f)
    }

    pub fn for_each_lit(&self, f: &mut impl FnMut(&Lit)) {
        match self {
            F::True | F::False => {}
            F::Lit(l) => f(l),
            F::And(v) | F::Or(v) => v.iter().for_each(|g| g.for_each_lit(f)),
        }
    }

    /// Approximate printed size in AST nodes.
    pub fn size(&self) -> usize {
        match self {
            F::True | F::False => 1,
            F::Lit(Lit::Atom(_, b)) => 1 + usize::from(!b),
            F::Lit(l) => 3 + l.poly().map_or(0, |p| p.size()),
            F::And(v) | F::Or(v) => 1 + v.iter().map(F::size).sum::<usize>(),
        }
    }

    pub fn num_lits(&self) -> usize {
        let mut n = 0;
        self.for_each_lit(&mut |_| n += 1);
        n
    }
}

/// A literal and its negation both in `parts`.
fn has_complementary(parts: &[F]) -> bool {
    if parts.len() < 2 || parts.len() > 64 {
        return false;
    }
    let set: BTreeSet<&F> = parts.iter().collect();
    parts.iter().any(|p| match p {
        F::Lit(Lit::Eq(q)) => set.contains(&F::Lit(Lit::Ne(q.clone()))),
        F::Lit(Lit::Dvd(k, q)) => set.contains(&F::Lit(Lit::NDvd(k.clone(), q.clone()))),
        F::Lit(Lit::Atom(t, true)) => set.contains(&F::Lit(Lit::Atom(*t, false))),
        F::Lit(Lit::Pos(q)) => {
            set.contains(&F::Lit(Lit::Pos(q.neg().add_constant(&BigInt::one()))))
        }
        _ => false,
    })
}

/// Reads Boolean terms into [`F`].
pub struct Reader<'a> {
    pub cx: &'a Context,
    /// Set when the input uses `(_ divisible k)`.
    pub saw_divisible: bool,
    memo: HashMap<TermId, F>,
}

impl<'a> Reader<'a> {
    pub fn new(cx: &'a Context) -> Reader<'a> {
        Reader {
            cx,
            saw_divisible: false,
            memo: HashMap::new(),
        }
    }

    fn is_int(&self, t: TermId) -> bool {
        self.cx.sort_of(t) == self.cx.int_sort()
    }

    fn poly(&self, t: TermId) -> P {
        poly::from_term(self.cx, t)
    }

    /// `(mod e k)` with a non-zero literal `k`: `(e, |k|)`.
    fn const_mod(&self, t: TermId) -> Option<(TermId, BigInt)> {
        if let TermKind::App(Op::Mod, args) = self.cx.kind(t) {
            if let TermKind::Int(k) = self.cx.kind(args[1]) {
                if !k.is_zero() {
                    return Some((args[0], k.abs()));
                }
            }
        }
        None
    }

    fn int_eq(&self, a: TermId, b: TermId) -> F {
        for (m, c) in [(a, b), (b, a)] {
            if let (Some((e, k)), TermKind::Int(c)) = (self.const_mod(m), self.cx.kind(c)) {
                if c.is_negative() || *c >= k {
                    return F::False;
                }
                let p = self.poly(e).add_constant(&-c);
                return mk_dvd(&k, &p, true);
            }
        }
        mk_eq(self.poly(a).sub(&self.poly(b)), true)
    }

    /// The formula of a Boolean term.
    pub fn read(&mut self, t: TermId) -> F {
        if let Some(f) = self.memo.get(&t) {
            return f.clone();
        }
        let f = self.read_uncached(t);
        self.memo.insert(t, f.clone());
        f
    }

    fn read_uncached(&mut self, t: TermId) -> F {
        let f = self.read_expanded(t);
        // Expanding xor, Boolean = and Boolean ite duplicates operands: past
        // a size cap the term stays an atom (sound: a variable under an atom
        // is simply not eliminated).
        if f.size() > MAX_EXPANSION {
            F::Lit(Lit::Atom(t, true))
        } else {
            f
        }
    }

    fn read_expanded(&mut self, t: TermId) -> F {
        let cx = self.cx;
        let atom = F::Lit(Lit::Atom(t, true));
        let TermKind::App(op, args) = cx.kind(t) else {
            return match cx.kind(t) {
                TermKind::Bool(b) => F::bool(*b),
                _ => atom,
            };
        };
        let args = args.clone();
        let all_int = args.iter().all(|&a| self.is_int(a));
        match op {
            Op::Not => self.read(args[0]).not(),
            Op::And => F::and(args.iter().map(|&a| self.read(a)).collect()),
            Op::Or => F::or(args.iter().map(|&a| self.read(a)).collect()),
            Op::Implies => {
                let n = args.len();
                let mut parts: Vec<F> = args[..n - 1].iter().map(|&a| self.read(a).not()).collect();
                parts.push(self.read(args[n - 1]));
                F::or(parts)
            }
            Op::Xor => {
                let mut acc = self.read(args[0]);
                for &a in &args[1..] {
                    let b = self.read(a);
                    acc = F::or(vec![
                        F::and(vec![acc.clone(), b.not()]),
                        F::and(vec![acc.not(), b]),
                    ]);
                    if acc.size() > MAX_EXPANSION {
                        return atom;
                    }
                }
                acc
            }
            Op::Ite if cx.sort_of(t) == cx.bool_sort() => {
                let (c, a, b) = (self.read(args[0]), self.read(args[1]), self.read(args[2]));
                F::or(vec![F::and(vec![c.clone(), a]), F::and(vec![c.not(), b])])
            }
            Op::Eq if args.iter().all(|&a| cx.sort_of(a) == cx.bool_sort()) => {
                let fs: Vec<F> = args.iter().map(|&a| self.read(a)).collect();
                F::and(
                    fs.windows(2)
                        .map(|w| {
                            F::or(vec![
                                F::and(vec![w[0].clone(), w[1].clone()]),
                                F::and(vec![w[0].not(), w[1].not()]),
                            ])
                        })
                        .collect(),
                )
            }
            Op::Eq if all_int => F::and(args.windows(2).map(|w| self.int_eq(w[0], w[1])).collect()),
            Op::Distinct if all_int => {
                let mut parts = Vec::new();
                for i in 0..args.len() {
                    for j in i + 1..args.len() {
                        parts.push(self.int_eq(args[i], args[j]).not());
                    }
                }
                F::and(parts)
            }
            Op::Lt | Op::Le | Op::Gt | Op::Ge if all_int => {
                let ps: Vec<P> = args.iter().map(|&a| self.poly(a)).collect();
                F::and(
                    ps.windows(2)
                        .map(|w| {
                            let (lo, hi, strict) = match op {
                                Op::Lt => (&w[0], &w[1], true),
                                Op::Le => (&w[0], &w[1], false),
                                Op::Gt => (&w[1], &w[0], true),
                                _ => (&w[1], &w[0], false),
                            };
                            let d = hi.sub(lo);
                            mk_pos(if strict {
                                d
                            } else {
                                d.add_constant(&BigInt::one())
                            })
                        })
                        .collect(),
                )
            }
            Op::Divisible(k) if args.len() == 1 && all_int => {
                self.saw_divisible = true;
                mk_dvd(&BigInt::from((**k).clone()), &self.poly(args[0]), true)
            }
            _ => atom,
        }
    }
}

/// Largest formula (in [`F::size`]) a Boolean connective may expand into.
const MAX_EXPANSION: usize = 4096;

/// Prints [`F`] back to terms.
pub struct Writer {
    /// Print `k | p` as `((_ divisible k) p)` instead of `(= (mod p k) 0)`.
    pub divisible: bool,
}

fn app(cx: &mut Context, op: Op, args: Vec<TermId>) -> TermId {
    cx.mk_app(op, args).expect("well-sorted formula")
}

impl Writer {
    pub fn term(&self, cx: &mut Context, f: &F) -> TermId {
        match f {
            F::True => cx.mk_bool(true),
            F::False => cx.mk_bool(false),
            F::And(v) | F::Or(v) => {
                let args: Vec<TermId> = v.iter().map(|g| self.term(cx, g)).collect();
                let op = if matches!(f, F::And(_)) {
                    Op::And
                } else {
                    Op::Or
                };
                app(cx, op, args)
            }
            F::Lit(l) => self.lit(cx, l),
        }
    }

    fn lit(&self, cx: &mut Context, l: &Lit) -> TermId {
        match l {
            Lit::Atom(t, true) => *t,
            Lit::Atom(t, false) => app(cx, Op::Not, vec![*t]),
            Lit::Pos(p) => {
                // 0 < p with a positive constant reads better as p - 1 >= 0.
                if p.constant_term().is_positive() {
                    let (pos, neg) = poly::to_sides(cx, &p.add_constant(&-BigInt::one()));
                    app(cx, Op::Le, vec![neg, pos])
                } else {
                    let (pos, neg) = poly::to_sides(cx, p);
                    app(cx, Op::Lt, vec![neg, pos])
                }
            }
            Lit::Eq(p) | Lit::Ne(p) => {
                let (pos, neg) = poly::to_sides(cx, p);
                let eq = app(cx, Op::Eq, vec![pos, neg]);
                if matches!(l, Lit::Ne(_)) {
                    app(cx, Op::Not, vec![eq])
                } else {
                    eq
                }
            }
            Lit::Dvd(k, p) | Lit::NDvd(k, p) => {
                let e = poly::to_term(cx, p);
                let d = if self.divisible {
                    let k = k.to_biguint().expect("positive modulus");
                    app(cx, Op::Divisible(Box::new(k)), vec![e])
                } else {
                    let k = cx.mk_int(k.clone());
                    let m = app(cx, Op::Mod, vec![e, k]);
                    let z = cx.mk_int(0);
                    app(cx, Op::Eq, vec![m, z])
                };
                if matches!(l, Lit::NDvd(..)) {
                    app(cx, Op::Not, vec![d])
                } else {
                    d
                }
            }
        }
    }
}
