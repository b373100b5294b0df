//! Eliminating one integer variable from `exists x. F`.
//!
//! Fast paths first (dropping the quantifier when `x` does not occur,
//! splitting it over disjunctions and x-free conjuncts, one-point /
//! equality elimination, the exact Fourier–Motzkin shadow when every bound
//! on `x` has coefficient ±1), then Cooper's method with the smaller of the
//! lower- and upper-bound sets. The caller has checked that `x` occurs in
//! `F` only as a linear atom with constant coefficients.

use super::formula::{mk_dvd, mk_eq, mk_pos, Lit, F, P};
use crate::arith::poly::Poly;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use smtlib_io::TermId;
use std::collections::BTreeSet;

/// Why an elimination was not done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// The estimated output exceeds the budget.
    Budget,
}

/// Which method produced (part of) a result, for statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Methods {
    pub trivial: usize,
    pub equality: usize,
    pub fourier_motzkin: usize,
    pub cooper: usize,
}

pub struct Eliminator<'a> {
    /// The variable, as its atom term.
    pub x: TermId,
    /// Maximum number of literals an expansion may produce.
    pub max_lits: usize,
    pub methods: &'a mut Methods,
}

fn coef(l: &Lit, x: &TermId) -> BigInt {
    l.poly()
        .map(|p| p.coefficient_of(x).unwrap_or_default())
        .unwrap_or_default()
}

impl Eliminator<'_> {
    fn mentions(&self, f: &F) -> bool {
        let mut any = false;
        f.for_each_lit(&mut |l| any |= !coef(l, &self.x).is_zero());
        any
    }

    /// `exists x. f`, quantifier-free, or a skip.
    pub fn exists(&mut self, f: &F) -> Result<F, Skip> {
        if !self.mentions(f) {
            self.methods.trivial += 1;
            return Ok(f.clone());
        }
        match f {
            F::Or(v) => {
                let mut out = Vec::with_capacity(v.len());
                for g in v {
                    out.push(self.exists(g)?);
                }
                Ok(F::or(out))
            }
            F::And(v) => {
                let (dep, free): (Vec<F>, Vec<F>) =
                    v.iter().cloned().partition(|g| self.mentions(g));
                let inner = if dep.len() == 1 && matches!(dep[0], F::Or(_)) {
                    self.exists(&dep[0])?
                } else {
                    self.conj(dep)?
                };
                let mut parts = free;
                parts.push(inner);
                Ok(F::and(parts))
            }
            F::Lit(_) => self.conj(vec![f.clone()]),
            F::True | F::False => Ok(f.clone()),
        }
    }

    /// `exists x. /\ parts`, every part mentioning `x`.
    fn conj(&mut self, parts: Vec<F>) -> Result<F, Skip> {
        let x = self.x;
        // A single literal.
        if let [F::Lit(l)] = parts.as_slice() {
            let c = coef(l, &x);
            match l {
                Lit::Pos(_) | Lit::Ne(_) => {
                    self.methods.trivial += 1;
                    return Ok(F::True);
                }
                Lit::Eq(p) => {
                    // exists x. c x + r = 0  <=>  |c| | r
                    self.methods.trivial += 1;
                    let r = p.split_linear(&x).expect("linear").1;
                    return Ok(mk_dvd(&c, &r, true));
                }
                Lit::NDvd(..) => {
                    // c x + r takes at least two residues modulo k.
                    self.methods.trivial += 1;
                    return Ok(F::True);
                }
                Lit::Dvd(k, p) => {
                    // exists x. k | c x + r  <=>  gcd(c, k) | r
                    self.methods.trivial += 1;
                    let r = p.split_linear(&x).expect("linear").1;
                    return Ok(mk_dvd(&c.abs().gcd(k), &r, true));
                }
                _ => {}
            }
        }
        // One-point rule on the equality with the smallest coefficient.
        let best_eq = parts
            .iter()
            .enumerate()
            .filter_map(|(i, g)| match g {
                F::Lit(l @ Lit::Eq(_)) => Some((coef(l, &x).abs(), i)),
                _ => None,
            })
            .min();
        if let Some((_, i)) = best_eq {
            self.methods.equality += 1;
            return Ok(self.one_point(parts, i));
        }
        let fm = self.fourier_motzkin(&parts);
        let cooper = self.cooper(&parts);
        match (fm, cooper) {
            (Some(a), Ok(b)) => Ok(if b.size() < a.size() {
                self.methods.cooper += 1;
                b
            } else {
                self.methods.fourier_motzkin += 1;
                a
            }),
            (Some(a), Err(_)) => {
                self.methods.fourier_motzkin += 1;
                Ok(a)
            }
            (None, Ok(b)) => {
                self.methods.cooper += 1;
                Ok(b)
            }
            (None, Err(e)) => Err(e),
        }
    }

    /// `exists x. c x + r = 0 /\ rest`  <=>  `|c| | r /\ rest'` where every
    /// literal `d x + s` of `rest` is scaled by `|c|` and `c x` replaced by `-r`.
    fn one_point(&self, mut parts: Vec<F>, i: usize) -> F {
        let x = self.x;
        let F::Lit(Lit::Eq(p)) = parts.remove(i) else {
            unreachable!()
        };
        let (c, r) = p.split_linear(&x).expect("linear");
        let ac = c.abs();
        let sc = if c.is_negative() {
            -BigInt::one()
        } else {
            BigInt::one()
        };
        let mut out = vec![mk_dvd(&ac, &r, true)];
        let rest = F::And(parts);
        out.push(rest.map_lits(&mut |l| {
            let d = coef(l, &x);
            if d.is_zero() {
                return F::Lit(l.clone());
            }
            let s = l.poly().unwrap().split_linear(&x).unwrap().1;
            // |c| (d x + s) = d sc (c x) + |c| s = -d sc r + |c| s
            let q = r.scale(&(-&d * &sc)).add(&s.scale(&ac));
            match l {
                Lit::Pos(_) => mk_pos(q),
                Lit::Eq(_) => mk_eq(q, true),
                Lit::Ne(_) => mk_eq(q, false),
                Lit::Dvd(k, _) => mk_dvd(&(k * &ac), &q, true),
                Lit::NDvd(k, _) => mk_dvd(&(k * &ac), &q, false),
                Lit::Atom(..) => unreachable!(),
            }
        }));
        F::and(out)
    }

    /// The exact shadow when `parts` are `0 < p` literals with x-coefficient
    /// ±1: every lower bound meets every upper bound.
    fn fourier_motzkin(&self, parts: &[F]) -> Option<F> {
        let x = self.x;
        let mut lower = Vec::new(); // x > b
        let mut upper = Vec::new(); // x < a
        for g in parts {
            let F::Lit(Lit::Pos(p)) = g else { return None };
            let (c, r) = p.split_linear(&x)?;
            if c.is_one() {
                lower.push(r.neg());
            } else if c == -BigInt::one() {
                upper.push(r);
            } else {
                return None;
            }
        }
        if lower.len().saturating_mul(upper.len()) > self.max_lits {
            return None;
        }
        let mut out = Vec::new();
        for b in &lower {
            for a in &upper {
                // exists x. b < x < a  <=>  b + 1 < a
                out.push(mk_pos(a.sub(b).add_constant(&-BigInt::one())));
            }
        }
        Some(F::and(out))
    }

    /// Cooper's method on `exists x. /\ parts`.
    fn cooper(&self, parts: &[F]) -> Result<F, Skip> {
        let x = self.x;
        let f = F::and(parts.to_vec());
        // lcm of the coefficients of x.
        let mut l = BigInt::one();
        f.for_each_lit(&mut |lit| {
            let c = coef(lit, &x);
            if !c.is_zero() {
                l = l.lcm(&c);
            }
        });
        // Scale so that x has coefficient ±1 (x stands for l*x from now on),
        // in raw (unnormalised) literals, and add l | x.
        let scaled = f.map_lits(&mut |lit| {
            let c = coef(lit, &x);
            if c.is_zero() {
                return F::Lit(lit.clone());
            }
            let m = &l / c.abs();
            let p = lit.poly().unwrap();
            let (_, r) = p.split_linear(&x).unwrap();
            let q = r.scale(&m).add(&Poly::monomial(
                crate::arith::poly::Monomial::atom(x),
                c.signum(),
            ));
            F::Lit(match lit {
                Lit::Pos(_) => Lit::Pos(q),
                Lit::Eq(_) => Lit::Eq(q),
                Lit::Ne(_) => Lit::Ne(q),
                Lit::Dvd(k, _) => Lit::Dvd(k * &m, q),
                Lit::NDvd(k, _) => Lit::NDvd(k * &m, q),
                Lit::Atom(..) => unreachable!(),
            })
        });
        let scaled = if l.is_one() {
            scaled
        } else {
            F::and(vec![F::Lit(Lit::Dvd(l.clone(), Poly::atom(x))), scaled])
        };
        // Conjuncts that combining freed of x stay outside the expansion.
        let (free, scaled) = match scaled {
            F::And(v) => {
                let (dep, free): (Vec<F>, Vec<F>) = combine_divisibility(v, &x)
                    .into_iter()
                    .partition(|g| self.mentions(g));
                (free, F::and(dep))
            }
            f => (vec![], f),
        };
        let expanded = self.expand(scaled)?;
        Ok(F::and(free.into_iter().chain([expanded]).collect()))
    }

    /// Cooper's expansion of `exists x. scaled`, where `x` has coefficient
    /// ±1 in every literal.
    fn expand(&self, scaled: F) -> Result<F, Skip> {
        let x = self.x;
        // delta, B and A.
        let mut delta = BigInt::one();
        let mut lower: BTreeSet<P> = BTreeSet::new();
        let mut upper: BTreeSet<P> = BTreeSet::new();
        scaled.for_each_lit(&mut |lit| {
            let Some(p) = lit.poly() else { return };
            let Some((s, r)) = p.split_linear(&x) else {
                return;
            };
            if s.is_zero() {
                return;
            }
            // s x + r with s = ±1; the root of s x + r = 0 is -s r.
            let root = r.scale(&-&s);
            match lit {
                Lit::Pos(_) if s.is_one() => {
                    lower.insert(root);
                }
                Lit::Pos(_) => {
                    upper.insert(root);
                }
                Lit::Eq(_) => {
                    lower.insert(root.add_constant(&-BigInt::one()));
                    upper.insert(root.add_constant(&BigInt::one()));
                }
                Lit::Ne(_) => {
                    lower.insert(root.clone());
                    upper.insert(root);
                }
                Lit::Dvd(k, _) | Lit::NDvd(k, _) => delta = delta.lcm(k),
                Lit::Atom(..) => {}
            }
        });
        let use_lower = lower.len() <= upper.len();
        let bounds = if use_lower { lower } else { upper };
        let n = scaled.num_lits();
        let d = delta.to_usize().ok_or(Skip::Budget)?;
        let estimate = d
            .saturating_mul(bounds.len().saturating_add(1))
            .saturating_mul(n);
        if estimate > self.max_lits {
            return Err(Skip::Budget);
        }
        let subst = |g: &F, t: &P| -> F {
            g.map_lits(&mut |lit| {
                let Some(p) = lit.poly() else {
                    return F::Lit(lit.clone());
                };
                if !p.contains(&x) {
                    return F::Lit(lit.clone());
                }
                let q = p.substitute(&x, t);
                match lit {
                    Lit::Pos(_) => mk_pos(q),
                    Lit::Eq(_) => mk_eq(q, true),
                    Lit::Ne(_) => mk_eq(q, false),
                    Lit::Dvd(k, _) => mk_dvd(k, &q, true),
                    Lit::NDvd(k, _) => mk_dvd(k, &q, false),
                    Lit::Atom(..) => F::Lit(lit.clone()),
                }
            })
        };
        // The infinite projection: x -> -oo (with B) or +oo (with A).
        let inf = scaled.map_lits(&mut |lit| {
            let c = coef(lit, &x);
            if c.is_zero() {
                return F::Lit(lit.clone());
            }
            match lit {
                Lit::Pos(_) => F::bool(c.is_positive() != use_lower),
                Lit::Eq(_) => F::False,
                Lit::Ne(_) => F::True,
                _ => F::Lit(lit.clone()),
            }
        });
        let sign = if use_lower {
            BigInt::one()
        } else {
            -BigInt::one()
        };
        let mut out = Vec::new();
        if inf != F::False {
            for j in 1..=d {
                let t = Poly::constant(&sign * BigInt::from(j));
                out.push(subst(&inf, &t));
                if out.last() == Some(&F::True) {
                    return Ok(F::True);
                }
            }
        }
        for b in &bounds {
            for j in 1..=d {
                let t = b.add_constant(&(&sign * BigInt::from(j)));
                out.push(subst(&scaled, &t));
                if out.last() == Some(&F::True) {
                    return Ok(F::True);
                }
            }
        }
        Ok(covering_residues(F::or(out)))
    }
}

/// `true` when the disjuncts include `k | p + c` for every residue `c`
/// modulo `k` (one of any `k` consecutive integers is a multiple of `k`);
/// Cooper's expansion produces exactly this for a divisibility constraint
/// over a window at least `k` wide.
fn covering_residues(f: F) -> F {
    let F::Or(disjuncts) = &f else { return f };
    let mut residues: std::collections::BTreeMap<(&BigInt, P), BTreeSet<BigInt>> =
        Default::default();
    for g in disjuncts {
        if let F::Lit(Lit::Dvd(k, p)) = g {
            let r = p.constant_term().mod_floor(k);
            let seen = residues.entry((k, p.without_constant())).or_default();
            seen.insert(r);
            if BigInt::from(seen.len()) == *k {
                return F::True;
            }
        }
    }
    f
}

/// `l` as `(pos, k, a)` for `k | x + a` (`pos`) or `k ∤ x + a`, when `x`
/// has coefficient ±1 in it.
fn unit_divisibility(l: &F, x: &TermId) -> Option<(bool, BigInt, P)> {
    let F::Lit(lit) = l else { return None };
    let (pos, k, p) = match lit {
        Lit::Dvd(k, p) => (true, k, p),
        Lit::NDvd(k, p) => (false, k, p),
        _ => return None,
    };
    let (c, r) = p.split_linear(x)?;
    if c.is_one() {
        Some((pos, k.clone(), r))
    } else if c == -BigInt::one() {
        // k | -x + r  <=>  k | x - r
        Some((pos, k.clone(), r.neg()))
    } else {
        None
    }
}

/// Take `x` out of divisibility conjuncts that another one decides: with
/// `n | x + b` among the conjuncts and `m | n`, `x ≡ -b (mod m)`, so
/// `m | x + a` becomes `m | a - b` (and `m ∤ x + a` becomes `m ∤ a - b`).
/// Equivalent under the conjunction; it shrinks the literals that Cooper's
/// expansion copies (typically the `l | x` that scaling adds beside an
/// input's `k | x + a`).
fn combine_divisibility(mut parts: Vec<F>, x: &TermId) -> Vec<F> {
    loop {
        let dvds: Vec<Option<(bool, BigInt, P)>> =
            parts.iter().map(|g| unit_divisibility(g, x)).collect();
        let mut step = None;
        'search: for (i, anchor) in dvds.iter().enumerate() {
            let Some((true, n, b)) = anchor else { continue };
            for (j, other) in dvds.iter().enumerate() {
                let Some((pos, m, a)) = other else { continue };
                if i != j && (n % m).is_zero() {
                    step = Some((j, mk_dvd(m, &a.sub(b), *pos)));
                    break 'search;
                }
            }
        }
        let Some((j, decided)) = step else {
            return parts;
        };
        parts[j] = decided;
    }
}
