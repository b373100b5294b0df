//! Quantifier bound analysis (section 4.3, step I, of the paper).
//!
//! For a target `x` (a bound variable, or any `Int` atom such as a constant)
//! and a formula `φ`, [`analyse`] computes four sets of candidate bounds:
//!
//! * `forall_upper`: `a` with `x >= a ⇒ φ` (the paper's ∀-bounds);
//! * `forall_lower`: `c` with `x < c ⇒ φ`;
//! * `exists_upper`: `a` with `φ ⇒ x < a` (the paper's ∃-bounds);
//! * `exists_lower`: `c` with `φ ⇒ c <= x`.
//!
//! So `∀x. φ ≡ ∀x. c <= x < a ⇒ φ` for `c ∈ forall_lower`, `a ∈ forall_upper`
//! and `∃x. φ ≡ ∃x. c <= x < a ∧ φ` for the exists sets. The exists sets of
//! a *hypothesis* that holds at some position are bounds that hold there;
//! [`implied`] packages that for SimpAffine and the other passes.
//!
//! The analysis is recursive as in the paper: atoms give bounds by cases,
//! `not` swaps the ∀ and ∃ sets, `and` intersects ∀ sets and unites ∃ sets,
//! `or` the other way round, `=>` is `¬h ∨ c`, and quantifiers pass the
//! bounds of their body that do not mention the variables they bind. Unlike
//! the paper it keeps *every* candidate it finds (not just one). Bounds are
//! polynomials over atoms that do not contain `x`. Each set may be `All`
//! (for `true`/`false`: every `a` is a bound).

use crate::arith::poly::{self, Poly};
use crate::arith::{int_cmp, Rel};
use crate::term::mentions_any;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use rustc_hash::{FxHashMap, FxHashSet};
use smtlib_io::{Context, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// A set of candidate bounds; `All` means every term is a bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundSet {
    All,
    Some(Vec<Poly<TermId>>),
}

impl Default for BoundSet {
    fn default() -> Self {
        BoundSet::Some(Vec::new())
    }
}

impl BoundSet {
    fn one(p: Poly<TermId>) -> BoundSet {
        BoundSet::Some(vec![p])
    }

    fn union(&self, o: &BoundSet) -> BoundSet {
        match (self, o) {
            (BoundSet::All, _) | (_, BoundSet::All) => BoundSet::All,
            (BoundSet::Some(a), BoundSet::Some(b)) => {
                let mut v = a.clone();
                for p in b {
                    if !v.contains(p) {
                        v.push(p.clone());
                    }
                }
                BoundSet::Some(v)
            }
        }
    }

    fn intersect(&self, o: &BoundSet) -> BoundSet {
        match (self, o) {
            (BoundSet::All, x) | (x, BoundSet::All) => x.clone(),
            (BoundSet::Some(a), BoundSet::Some(b)) => {
                BoundSet::Some(a.iter().filter(|p| b.contains(p)).cloned().collect())
            }
        }
    }

    /// The listed candidates (none for `All`: it has no useful finite list).
    pub fn candidates(&self) -> &[Poly<TermId>] {
        match self {
            BoundSet::All => &[],
            BoundSet::Some(v) => v,
        }
    }

    pub fn contains(&self, p: &Poly<TermId>) -> bool {
        match self {
            BoundSet::All => true,
            BoundSet::Some(v) => v.contains(p),
        }
    }

    fn retain(&mut self, mut keep: impl FnMut(&Poly<TermId>) -> bool) {
        if let BoundSet::Some(v) = self {
            v.retain(|p| keep(p));
        }
    }
}

/// The four bound sets of one target in one formula.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    pub forall_lower: BoundSet,
    pub forall_upper: BoundSet,
    pub exists_lower: BoundSet,
    pub exists_upper: BoundSet,
}

impl Bounds {
    fn negate(&self) -> Bounds {
        Bounds {
            forall_lower: self.exists_lower.clone(),
            forall_upper: self.exists_upper.clone(),
            exists_lower: self.forall_lower.clone(),
            exists_upper: self.forall_upper.clone(),
        }
    }

    fn all_forall() -> Bounds {
        Bounds {
            forall_lower: BoundSet::All,
            forall_upper: BoundSet::All,
            ..Bounds::default()
        }
    }

    fn all_exists() -> Bounds {
        Bounds {
            exists_lower: BoundSet::All,
            exists_upper: BoundSet::All,
            ..Bounds::default()
        }
    }

    fn and(&self, o: &Bounds) -> Bounds {
        Bounds {
            forall_lower: self.forall_lower.intersect(&o.forall_lower),
            forall_upper: self.forall_upper.intersect(&o.forall_upper),
            exists_lower: self.exists_lower.union(&o.exists_lower),
            exists_upper: self.exists_upper.union(&o.exists_upper),
        }
    }

    fn or(&self, o: &Bounds) -> Bounds {
        self.negate().and(&o.negate()).negate()
    }

    /// Is `0 <= x` usable for a `forall` (some ∀-lower bound is a constant
    /// `>= 0`)?
    pub fn forall_nonneg(&self) -> bool {
        nonneg_lower(&self.forall_lower)
    }

    /// Is `0 <= x` usable for an `exists`?
    pub fn exists_nonneg(&self) -> bool {
        nonneg_lower(&self.exists_lower)
    }
}

fn nonneg_lower(s: &BoundSet) -> bool {
    match s {
        BoundSet::All => true,
        BoundSet::Some(v) => v
            .iter()
            .any(|p| p.as_constant().is_some_and(|c| !c.is_negative())),
    }
}

/// Read an atom as `x ⋈ s`, where `x` occurs linearly with coefficient ±1
/// and `s` does not mention `x`. `x` is a term used as a polynomial atom.
pub fn atom_as_bound(cx: &Context, atom: TermId, x: TermId) -> Option<(Rel, Poly<TermId>)> {
    let (rel, p) = int_cmp(cx, atom)?;
    let (c, rest) = p.split_linear(&x)?;
    if c.is_zero() {
        return None;
    }
    if rest
        .atoms()
        .iter()
        .any(|&a| crate::term::contains_term(cx, a, x, &mut HashMap::new()))
    {
        return None;
    }
    // c*x + rest ⋈ 0
    if c.is_one() {
        Some((rel, rest.neg()))
    } else if c == -BigInt::one() {
        // -x + rest ⋈ 0  iff  x ⋈' rest
        Some((rel.flip(), rest))
    } else {
        None
    }
}

fn atom_bounds(cx: &Context, atom: TermId, x: TermId) -> Bounds {
    let Some((rel, s)) = atom_as_bound(cx, atom, x) else {
        return Bounds::default();
    };
    let one = BigInt::one();
    let s1 = s.add_constant(&one);
    let mut b = Bounds::default();
    match rel {
        // x >= s: ∀-upper s, ∃-lower s
        Rel::Ge => {
            b.forall_upper = BoundSet::one(s.clone());
            b.exists_lower = BoundSet::one(s);
        }
        Rel::Gt => {
            b.forall_upper = BoundSet::one(s1.clone());
            b.exists_lower = BoundSet::one(s1);
        }
        // x <= s  iff  x < s + 1
        Rel::Le => {
            b.exists_upper = BoundSet::one(s1.clone());
            b.forall_lower = BoundSet::one(s1);
        }
        Rel::Lt => {
            b.exists_upper = BoundSet::one(s.clone());
            b.forall_lower = BoundSet::one(s);
        }
        Rel::Eq => {
            b.exists_upper = BoundSet::one(s1);
            b.exists_lower = BoundSet::one(s);
        }
    }
    b
}

struct Analyser<'a> {
    cx: &'a Context,
    x: TermId,
    memo: HashMap<TermId, Bounds>,
}

impl Analyser<'_> {
    fn go(&mut self, t: TermId) -> Bounds {
        if let Some(b) = self.memo.get(&t) {
            return b.clone();
        }
        let cx = self.cx;
        let b = match cx.kind(t) {
            TermKind::Bool(true) => Bounds::all_forall(),
            TermKind::Bool(false) => Bounds::all_exists(),
            TermKind::App(Op::Not, args) => self.go(args[0]).negate(),
            TermKind::App(Op::And, args) => {
                let mut acc = Bounds::all_forall();
                for &a in args.iter() {
                    let ba = self.go(a);
                    acc = acc.and(&ba);
                }
                acc
            }
            TermKind::App(Op::Or, args) => {
                let mut acc = Bounds::all_exists();
                for &a in args.iter() {
                    let ba = self.go(a);
                    acc = acc.or(&ba);
                }
                acc
            }
            TermKind::App(Op::Implies, args) => {
                let n = args.len();
                let mut acc = self.go(args[n - 1]);
                for &h in args[..n - 1].iter() {
                    let bh = self.go(h).negate();
                    acc = acc.or(&bh);
                }
                acc
            }
            TermKind::App(_, _) => atom_bounds(cx, t, self.x),
            TermKind::Annot(body, _) => self.go(*body),
            TermKind::Binder(smtlib_io::BinderKind::Lambda, ..) => Bounds::default(),
            TermKind::Binder(_, vs, body, _) => {
                let mut b = self.go(*body);
                let vars: HashSet<VarId> = vs.iter().copied().collect();
                let mut memo = HashMap::new();
                let mut keep = |p: &Poly<TermId>| {
                    !p.atoms()
                        .iter()
                        .any(|&a| mentions_any(cx, a, &vars, &mut memo))
                };
                b.forall_lower.retain(&mut keep);
                b.forall_upper.retain(&mut keep);
                b.exists_lower.retain(&mut keep);
                b.exists_upper.retain(&mut keep);
                b
            }
            _ => Bounds::default(),
        };
        self.memo.insert(t, b.clone());
        b
    }
}

/// The bounds of the target `x` (an `Int` term used as an atom, typically
/// a bound variable's term) in the formula `phi`.
pub fn analyse(cx: &Context, x: TermId, phi: TermId) -> Bounds {
    Analyser {
        cx,
        x,
        memo: HashMap::new(),
    }
    .go(phi)
}

/// The bounds of the bound variable `v` in `phi`.
pub fn analyse_var(cx: &mut Context, v: VarId, phi: TermId) -> Bounds {
    let x = cx.mk_var(v);
    analyse(cx, x, phi)
}

/// Bounds on `x` implied by hypotheses that all hold: lower bounds `c`
/// (`c <= x`) and upper bounds `a` (`x < a`).
#[derive(Clone, Debug, Default)]
pub struct Implied {
    pub lower: Vec<Poly<TermId>>,
    pub upper: Vec<Poly<TermId>>,
}

impl Implied {
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

    /// The one value `x` can take: a lower bound `c` and an upper bound
    /// `c + 1` (`c <= x < c + 1`, as `0 <= z <= 0` once Int comparisons
    /// are made strict).
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
}

/// Bounds on `x` implied by the conjunction of `hyps`.
pub fn implied(cx: &Context, x: TermId, hyps: &[TermId]) -> Implied {
    let mut out = Implied::default();
    let mut an = Analyser {
        cx,
        x,
        memo: HashMap::new(),
    };
    for &h in hyps {
        let b = an.go(h);
        for p in b.exists_lower.candidates() {
            if !out.lower.contains(p) {
                out.lower.push(p.clone());
            }
        }
        for p in b.exists_upper.candidates() {
            if !out.upper.contains(p) {
                out.upper.push(p.clone());
            }
        }
    }
    out
}

/// [`implied`] for many atoms and hypothesis lists that share hypotheses:
/// what one hypothesis implies on one atom is found once, and a hypothesis
/// that does not contain an `Int` atom is skipped (a bound on `x` comes
/// from a comparison whose polynomial has `x` as an atom). The answer is
/// [`implied`]'s: the same candidates in the same order.
#[derive(Clone, Debug, Default)]
pub struct ImpliedCache {
    /// The `Int` subterms of each hypothesis.
    int_terms: FxHashMap<TermId, Rc<FxHashSet<TermId>>>,
    /// (hypothesis, atom) → the bounds the hypothesis alone implies.
    bounds: FxHashMap<(TermId, TermId), Rc<Implied>>,
}

impl ImpliedCache {
    /// [`implied`]`(cx, x, hyps)`.
    pub fn implied(&mut self, cx: &Context, x: TermId, hyps: &[TermId]) -> Implied {
        let mut out = Implied::default();
        let int = cx.sort_of(x) == cx.int_sort();
        for &h in hyps {
            if int && !self.int_terms_of(cx, h).contains(&x) {
                continue;
            }
            let b = self
                .bounds
                .entry((h, x))
                .or_insert_with(|| Rc::new(implied(cx, x, &[h])));
            for p in &b.lower {
                if !out.lower.contains(p) {
                    out.lower.push(p.clone());
                }
            }
            for p in &b.upper {
                if !out.upper.contains(p) {
                    out.upper.push(p.clone());
                }
            }
        }
        out
    }

    fn int_terms_of(&mut self, cx: &Context, h: TermId) -> &FxHashSet<TermId> {
        self.int_terms.entry(h).or_insert_with(|| {
            let mut seen = FxHashSet::default();
            let mut stack = vec![h];
            while let Some(t) = stack.pop() {
                if seen.insert(t) {
                    stack.extend(cx.children(t));
                }
            }
            seen.retain(|&t| cx.sort_of(t) == cx.int_sort());
            Rc::new(seen)
        })
    }
}

/// A bound as a term.
pub fn bound_term(cx: &mut Context, p: &Poly<TermId>) -> TermId {
    poly::to_term(cx, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(im: &Implied) -> (Vec<Poly<TermId>>, Vec<Poly<TermId>>) {
        (im.lower.clone(), im.upper.clone())
    }

    /// The cache answers as `implied` does, hypotheses without the atom
    /// (and constants) included, for lists that share hypotheses.
    #[test]
    fn cache_answers_as_implied() {
        let s = smtlib_io::parse_script(
            "(declare-const x Int)(declare-const y Int)(declare-const n Int)(declare-fun f (Int) Int)
             (assert (and (<= 0 x) (< x n)))(assert (< y 7))(assert (not (>= x (f y))))
             (assert (or (< x 3) (< x 5)))(assert true)(assert false)
             (assert (forall ((i Int)) (=> (<= 0 i) (< x (+ i n)))))(assert (<= (+ x y) 4))",
        )
        .unwrap();
        let cx = &s.cx;
        let hyps: Vec<TermId> = s.assertions().collect();
        let atoms: Vec<TermId> = ["x", "y", "n"]
            .iter()
            .map(|name| {
                let f = cx.funs().find(|(_, d)| cx.sym_name(d.name) == *name).unwrap().0;
                (0..cx.num_terms() as u32)
                    .map(TermId)
                    .find(|&t| matches!(cx.kind(t), TermKind::App(Op::Uf(g), a) if *g == f && a.is_empty()))
                    .unwrap()
            })
            .collect();
        let mut cache = ImpliedCache::default();
        for (i, j) in [
            (0, hyps.len()),
            (0, 3),
            (2, 6),
            (3, hyps.len()),
            (0, hyps.len()),
        ] {
            for &x in &atoms {
                let want = implied(cx, x, &hyps[i..j]);
                let got = cache.implied(cx, x, &hyps[i..j]);
                assert_eq!(lists(&got), lists(&want), "atom {x:?}, hypotheses {i}..{j}");
            }
        }
        // x < n and x < f(y) are found, x's lower bound 0 too
        let x = cache.implied(cx, atoms[0], &hyps);
        assert!(x.nonneg() && x.upper.len() >= 2);
    }
}
