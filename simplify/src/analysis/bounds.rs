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
//! a *hypothesis* that holds at some position are bounds that hold there:
//! the facts engine (`Known::implied`, which uses this analysis) reads its
//! literals so.
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
use smtlib_io::{Context, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

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

/// A bound as a term.
pub fn bound_term(cx: &mut Context, p: &Poly<TermId>) -> TermId {
    poly::to_term(cx, p)
}
