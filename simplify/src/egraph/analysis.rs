//! The one e-class analysis: sort, constant value, polynomial normal form
//! and free variables.
//!
//! * **Sort** of the class (all its nodes share it).
//! * **Constant value**, folded exactly (`BigInt` / `BigRational`); a class
//!   with a value gets the literal node added (constant folding).
//! * **Polynomial normal form**: a sum of monomials with rational
//!   coefficients over *atom* classes (anything that is not `+ - *`, a
//!   numeral, or division by a non-zero numeral). Monomials and atoms are
//!   ordered by e-class id, which is deterministic. The class is unioned with
//!   the canonical term of its polynomial, so `x + a*y` and `a*y + x` meet
//!   without commutativity/associativity rules (which blow the e-graph up).
//! * **Free variables**: merged by *intersection*. Every node of a class
//!   denotes the same value under every assignment, so if one node does not
//!   mention `v`, the class does not depend on `v`; the intersection is a
//!   sound "not free" test (unlike a union taken as "may be free"). The
//!   extracted term may still pick a node that mentions `v`, which is why
//!   extraction results are scope-checked (see [`super::lang`]).

use super::lang::{Head, Node};
use egg::{Analysis, DidMerge, EGraph, Id};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use smtlib_io::{Attr, Context, Op, SortId, SortKind, TermId, VarId};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A constant value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Num(BigRational),
    /// A bit-vector literal (`#b…`, `#x…`, `(_ bvN w)`): its width and
    /// value, so that two spellings of one value are equal and literals of
    /// different values are distinct.
    Bits(u64, BigUint),
}

/// The value of a bit-vector literal as written, if `text` is one.
pub fn bits_literal(text: &str) -> Option<Value> {
    let parse = |digits: &str, radix: u32, bits_per_digit: u64| {
        let v = BigUint::parse_bytes(digits.as_bytes(), radix)?;
        Some(Value::Bits(digits.len() as u64 * bits_per_digit, v))
    };
    if let Some(d) = text.strip_prefix("#b") {
        return parse(d, 2, 1).filter(|_| d.bytes().all(|b| b == b'0' || b == b'1'));
    }
    if let Some(d) = text.strip_prefix("#x") {
        return parse(d, 16, 4).filter(|_| d.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    let words: Vec<&str> = inner.split_whitespace().collect();
    let [u, n, w] = words[..] else { return None };
    let n = n.strip_prefix("bv")?;
    let decimal = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    if u != "_" || !decimal(n) || !decimal(w) {
        return None;
    }
    let width: u64 = w.parse().ok()?;
    let v = BigUint::parse_bytes(n.as_bytes(), 10)?;
    // (_ bvN w) denotes N modulo 2^w
    let v = v % (BigUint::one() << width);
    (width > 0).then_some(Value::Bits(width, v))
}

/// Monomials (sorted atom multisets) to coefficients; the empty monomial is
/// the constant term. Zero coefficients are never stored.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Poly(pub BTreeMap<Vec<Id>, BigRational>);

/// Give up on polynomials larger than this (they stay atoms).
const MAX_MONOMIALS: usize = 32;
const MAX_DEGREE: usize = 4;

/// Whether `r` is small enough to compute with: folding stops at
/// [`smtlib_io::MAX_NUMBER_BITS`], so that an exponent tower or a product of
/// huge literals stays a term instead of a number whose size (and the time
/// to compute and print it) grows without bound.
pub fn small_number(r: &BigRational) -> bool {
    r.numer().bits() <= smtlib_io::MAX_NUMBER_BITS && r.denom().bits() <= smtlib_io::MAX_NUMBER_BITS
}

impl Poly {
    fn small(&self) -> bool {
        self.0.values().all(small_number)
    }
    pub fn constant(c: BigRational) -> Poly {
        let mut m = BTreeMap::new();
        if !c.is_zero() {
            m.insert(vec![], c);
        }
        Poly(m)
    }
    pub fn atom(a: Id) -> Poly {
        let mut m = BTreeMap::new();
        m.insert(vec![a], BigRational::one());
        Poly(m)
    }
    fn add_term(&mut self, mono: Vec<Id>, c: BigRational) {
        let e = self.0.entry(mono.clone()).or_insert_with(BigRational::zero);
        *e += c;
        if e.is_zero() {
            self.0.remove(&mono);
        }
    }
    pub fn add(&self, o: &Poly) -> Poly {
        let mut r = self.clone();
        for (m, c) in &o.0 {
            r.add_term(m.clone(), c.clone());
        }
        r
    }
    pub fn scale(&self, k: &BigRational) -> Poly {
        if k.is_zero() {
            return Poly::default();
        }
        Poly(self.0.iter().map(|(m, c)| (m.clone(), c * k)).collect())
    }
    pub fn mul(&self, o: &Poly) -> Option<Poly> {
        let mut r = Poly::default();
        for (m1, c1) in &self.0 {
            for (m2, c2) in &o.0 {
                let mut m: Vec<Id> = m1.iter().chain(m2).copied().collect();
                if m.len() > MAX_DEGREE {
                    return None;
                }
                m.sort();
                r.add_term(m, c1 * c2);
            }
        }
        (r.0.len() <= MAX_MONOMIALS && r.small()).then_some(r)
    }
    pub fn as_constant(&self) -> Option<BigRational> {
        match self.0.len() {
            0 => Some(BigRational::zero()),
            1 => self.0.get(&vec![]).cloned(),
            _ => None,
        }
    }
    /// The same polynomial with atoms replaced by their canonical ids.
    pub fn canon(&self, find: impl Fn(Id) -> Id) -> Poly {
        let mut r = Poly::default();
        for (m, c) in &self.0 {
            let mut m: Vec<Id> = m.iter().map(|&a| find(a)).collect();
            m.sort();
            r.add_term(m, c.clone());
        }
        r
    }
    pub fn atoms(&self) -> BTreeSet<Id> {
        self.0.keys().flatten().copied().collect()
    }
}

/// What the analysis knows about an e-class.
#[derive(Clone, Debug)]
pub struct Data {
    pub sort: SortId,
    pub value: Option<Value>,
    /// `None`: the class is an atom of polynomials (or not numeric).
    pub poly: Option<Poly>,
    /// Variables that every node of the class mentions (see module docs).
    pub free: BTreeSet<VarId>,
}

/// The analysis. It owns the script's [`Context`] while the e-graph lives,
/// for sorts, and the attribute table of quantifier and annotation nodes.
#[derive(Debug)]
pub struct VcAnalysis {
    pub cx: Context,
    /// Index 0 is "no attributes".
    pub attrs: Vec<Box<[Attr]>>,
    /// Free variables of opaque leaves.
    pub opaque_free: HashMap<TermId, BTreeSet<VarId>>,
    /// When false, no literal or canonical-polynomial nodes are added.
    pub normalise: bool,
}

impl VcAnalysis {
    pub fn new(cx: Context) -> VcAnalysis {
        VcAnalysis {
            cx,
            attrs: vec![Box::new([])],
            opaque_free: HashMap::new(),
            normalise: true,
        }
    }

    pub fn add_attrs(&mut self, attrs: Box<[Attr]>) -> u32 {
        if attrs.is_empty() {
            return 0;
        }
        if let Some(i) = self.attrs.iter().position(|a| *a == attrs) {
            return i as u32;
        }
        self.attrs.push(attrs);
        (self.attrs.len() - 1) as u32
    }
}

pub type VcEGraph = EGraph<Node, VcAnalysis>;

fn num(d: &Data) -> Option<&BigRational> {
    match &d.value {
        Some(Value::Num(n)) => Some(n),
        _ => None,
    }
}

fn boolv(d: &Data) -> Option<bool> {
    match &d.value {
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    }
}

fn int_of(r: &BigRational) -> Option<BigInt> {
    r.is_integer().then(|| r.to_integer())
}

/// SMT-LIB's Euclidean division: `a = b*q + r` with `0 <= r < |b|`
/// (`b` non-zero).
pub fn euclid_div_mod(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    let r = a.mod_floor(&b.abs());
    let q = (a - &r) / b;
    (q, r)
}

fn sort_of_node(eg: &VcEGraph, n: &Node) -> SortId {
    let cx = &eg.analysis.cx;
    let (b, i, r) = (cx.bool_sort(), cx.int_sort(), cx.real_sort());
    let kid = |k: usize| eg[n.kids[k]].data.sort;
    let num_sort = || {
        if n.kids.iter().all(|&k| eg[k].data.sort == i) {
            i
        } else {
            r
        }
    };
    match &n.head {
        Head::Bool(_) | Head::Quant(..) => b,
        Head::Int(_) => i,
        Head::Real(_) => r,
        Head::Var(v) => cx.var(*v).sort,
        Head::Annot(_) => kid(0),
        Head::Opaque(t) => cx.sort_of(*t),
        Head::App(op) => match op {
            Op::Not
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Implies
            | Op::Eq
            | Op::Distinct
            | Op::Le
            | Op::Lt
            | Op::Ge
            | Op::Gt
            | Op::IsInt
            | Op::Divisible(_) => b,
            Op::Ite => {
                if kid(1) == kid(2) {
                    kid(1)
                } else {
                    r
                }
            }
            Op::Add | Op::Sub | Op::Neg | Op::Mul | Op::Abs => num_sort(),
            Op::IntDiv | Op::Mod | Op::ToInt => i,
            Op::RealDiv | Op::ToReal => r,
            Op::Select => match cx.sort_kind(kid(0)) {
                SortKind::Array(_, e) => *e,
                _ => kid(0),
            },
            Op::Store => kid(0),
            Op::ConstArray(s) => *s,
            Op::Uf(f) => cx.fun(*f).ret,
            Op::Other(_) => b, // never built: such terms are opaque leaves
        },
    }
}

fn fold(eg: &VcEGraph, n: &Node) -> Option<Value> {
    match fold_unbounded(eg, n)? {
        Value::Num(r) if !small_number(&r) => None,
        v => Some(v),
    }
}

/// The value of `n` from its children's values. Arithmetic over many
/// arguments checks the size at each step, so that no step works on a
/// number far past the bound.
fn fold_unbounded(eg: &VcEGraph, n: &Node) -> Option<Value> {
    let d = |k: usize| &eg[n.kids[k]].data;
    let nums = || -> Option<Vec<BigRational>> {
        n.kids.iter().map(|&k| num(&eg[k].data).cloned()).collect()
    };
    let bools = || n.kids.iter().map(|&k| boolv(&eg[k].data));
    let is_int = n
        .kids
        .first()
        .is_some_and(|&k| eg[k].data.sort == eg.analysis.cx.int_sort());
    Some(match &n.head {
        Head::Bool(b) => Value::Bool(*b),
        Head::Int(k) => Value::Num(BigRational::from_integer(k.clone())),
        Head::Real(r) => Value::Num(r.clone()),
        Head::Annot(_) => d(0).value.clone()?,
        Head::Opaque(t) => match eg.analysis.cx.kind(*t) {
            smtlib_io::TermKind::Literal(sym) => bits_literal(eg.analysis.cx.sym_name(*sym))?,
            _ => return None,
        },
        Head::App(op) => match op {
            Op::Not => Value::Bool(!boolv(d(0))?),
            Op::And => {
                let vs: Vec<Option<bool>> = bools().collect();
                if vs.contains(&Some(false)) {
                    Value::Bool(false)
                } else if vs.iter().all(|v| *v == Some(true)) {
                    Value::Bool(true)
                } else {
                    return None;
                }
            }
            Op::Or => {
                let vs: Vec<Option<bool>> = bools().collect();
                if vs.contains(&Some(true)) {
                    Value::Bool(true)
                } else if vs.iter().all(|v| *v == Some(false)) {
                    Value::Bool(false)
                } else {
                    return None;
                }
            }
            Op::Implies => {
                // right-associative: a => b => c  ==  (not a) or (not b) or c
                let vs: Vec<Option<bool>> = bools().collect();
                let (last, hyps) = vs.split_last()?;
                if hyps.contains(&Some(false)) || *last == Some(true) {
                    Value::Bool(true)
                } else if hyps.iter().all(|v| *v == Some(true)) && *last == Some(false) {
                    Value::Bool(false)
                } else {
                    return None;
                }
            }
            Op::Xor => {
                let vs: Option<Vec<bool>> = bools().collect();
                Value::Bool(vs?.into_iter().fold(false, |a, b| a ^ b))
            }
            Op::Ite => match boolv(d(0))? {
                true => d(1).value.clone()?,
                false => d(2).value.clone()?,
            },
            Op::Eq | Op::Distinct => {
                if n.kids.len() < 2 {
                    return None;
                }
                let vals: Option<Vec<Value>> =
                    n.kids.iter().map(|&k| eg[k].data.value.clone()).collect();
                let vals = vals?;
                let res = if *op == Op::Eq {
                    vals.windows(2).all(|w| w[0] == w[1])
                } else {
                    (0..vals.len()).all(|a| (a + 1..vals.len()).all(|b| vals[a] != vals[b]))
                };
                Value::Bool(res)
            }
            Op::Le | Op::Lt | Op::Ge | Op::Gt => {
                let vs = nums()?;
                let ok = vs.windows(2).all(|w| match op {
                    Op::Le => w[0] <= w[1],
                    Op::Lt => w[0] < w[1],
                    Op::Ge => w[0] >= w[1],
                    _ => w[0] > w[1],
                });
                Value::Bool(ok)
            }
            Op::Add => Value::Num(bounded_fold(nums()?, BigRational::zero(), |a, b| a + b)?),
            Op::Mul => {
                // 0 * anything is 0 even if the rest is unknown
                let vs: Vec<Option<BigRational>> =
                    n.kids.iter().map(|&k| num(&eg[k].data).cloned()).collect();
                if vs.iter().any(|v| v.as_ref().is_some_and(|v| v.is_zero())) {
                    Value::Num(BigRational::zero())
                } else {
                    let vs: Option<Vec<BigRational>> = vs.into_iter().collect();
                    Value::Num(bounded_fold(vs?, BigRational::one(), |a, b| a * b)?)
                }
            }
            Op::Sub => {
                let vs = nums()?;
                let (first, rest) = vs.split_first()?;
                Value::Num(bounded_fold(rest.to_vec(), first.clone(), |a, b| a - b)?)
            }
            Op::Neg => Value::Num(-nums()?.pop()?),
            Op::Abs => Value::Num(nums()?.pop()?.abs()),
            Op::IntDiv | Op::Mod if is_int => {
                let vs = nums()?;
                let vs: Option<Vec<BigInt>> = vs.iter().map(int_of).collect();
                let vs = vs?;
                if *op == Op::Mod {
                    if vs.len() != 2 || vs[1].is_zero() {
                        return None;
                    }
                    let (_, r) = euclid_div_mod(&vs[0], &vs[1]);
                    Value::Num(BigRational::from_integer(r))
                } else {
                    let (first, rest) = vs.split_first()?;
                    let mut q = first.clone();
                    for b in rest {
                        if b.is_zero() {
                            return None;
                        }
                        q = euclid_div_mod(&q, b).0;
                    }
                    Value::Num(BigRational::from_integer(q))
                }
            }
            Op::RealDiv => {
                let vs = nums()?;
                let (first, rest) = vs.split_first()?;
                let mut q = first.clone();
                for b in rest {
                    if b.is_zero() {
                        return None;
                    }
                    q /= b;
                    if !small_number(&q) {
                        return None;
                    }
                }
                Value::Num(q)
            }
            Op::ToReal => Value::Num(num(d(0))?.clone()),
            Op::ToInt => Value::Num(BigRational::from_integer(num(d(0))?.floor().to_integer())),
            Op::IsInt => Value::Bool(num(d(0))?.is_integer()),
            Op::Divisible(k) => {
                let v = int_of(num(d(0))?)?;
                Value::Bool((v % BigInt::from((**k).clone())).is_zero())
            }
            _ => return None,
        },
        // Sorts are nonempty, so a quantifier over a constant body is that
        // constant (`forall j. true` after a rewrite decided its body).
        Head::Quant(..) => Value::Bool(boolv(d(0))?),
        _ => return None,
    })
}

/// `vs` folded with `f` from `init`; `None` once a partial result is too
/// large.
fn bounded_fold(
    vs: Vec<BigRational>,
    init: BigRational,
    f: impl Fn(BigRational, BigRational) -> BigRational,
) -> Option<BigRational> {
    let mut acc = init;
    for v in vs {
        acc = f(acc, v);
        if !small_number(&acc) {
            return None;
        }
    }
    Some(acc)
}

fn poly_of_class(eg: &VcEGraph, id: Id) -> Poly {
    let d = &eg[id].data;
    if let Some(v) = num(d) {
        return Poly::constant(v.clone());
    }
    d.poly.clone().unwrap_or_else(|| Poly::atom(eg.find(id)))
}

fn make_poly(eg: &VcEGraph, n: &Node, sort: SortId) -> Option<Poly> {
    let cx = &eg.analysis.cx;
    if sort != cx.int_sort() && sort != cx.real_sort() {
        return None;
    }
    let p = |k: usize| poly_of_class(eg, n.kids[k]);
    let r = match &n.head {
        Head::Int(k) => Poly::constant(BigRational::from_integer(k.clone())),
        Head::Real(q) => Poly::constant(q.clone()),
        Head::App(Op::Add) => {
            let mut acc = Poly::default();
            for k in 0..n.kids.len() {
                acc = acc.add(&p(k));
                if !acc.small() {
                    return None;
                }
            }
            acc
        }
        Head::App(Op::Sub) => {
            let mut acc = p(0);
            for k in 1..n.kids.len() {
                acc = acc.add(&p(k).scale(&-BigRational::one()));
                if !acc.small() {
                    return None;
                }
            }
            acc
        }
        Head::App(Op::Neg) => p(0).scale(&-BigRational::one()),
        Head::App(Op::Mul) => {
            let mut acc = Poly::constant(BigRational::one());
            for k in 0..n.kids.len() {
                acc = acc.mul(&p(k))?;
            }
            acc
        }
        Head::App(Op::RealDiv) if n.kids.len() == 2 => {
            let k = num(&eg[n.kids[1]].data)?;
            if k.is_zero() {
                return None;
            }
            p(0).scale(&k.recip())
        }
        _ => return None,
    };
    (r.0.len() <= MAX_MONOMIALS && r.small()).then_some(r)
}

fn make_free(eg: &VcEGraph, n: &Node) -> BTreeSet<VarId> {
    match &n.head {
        Head::Var(v) => [*v].into_iter().collect(),
        Head::Opaque(t) => eg.analysis.opaque_free.get(t).cloned().unwrap_or_default(),
        Head::Quant(_, vs, _) => {
            let mut f = eg[n.kids[0]].data.free.clone();
            for v in vs.iter() {
                f.remove(v);
            }
            f
        }
        _ => {
            let mut f = BTreeSet::new();
            for &k in &n.kids {
                f.extend(eg[k].data.free.iter().copied());
            }
            f
        }
    }
}

impl Analysis<Node> for VcAnalysis {
    type Data = Data;

    fn make(eg: &mut VcEGraph, n: &Node, _id: Id) -> Data {
        let sort = sort_of_node(eg, n);
        let value = fold(eg, n);
        let poly = if value.is_some() {
            None
        } else {
            make_poly(eg, n, sort)
        };
        Data {
            sort,
            value,
            poly,
            free: make_free(eg, n),
        }
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        let mut changed_a = false;
        let mut changed_b = false;
        if a.value.is_none() && b.value.is_some() {
            a.value = b.value;
            changed_a = true;
        } else if a.value.is_some() && b.value.is_none() {
            changed_b = true;
        }
        match (&a.poly, b.poly) {
            (None, Some(p)) => {
                a.poly = Some(p);
                changed_a = true;
            }
            (Some(_), None) => changed_b = true,
            (Some(pa), Some(pb)) => {
                if pb.0.len() < pa.0.len() {
                    a.poly = Some(pb);
                    changed_a = true;
                }
                changed_b = true;
            }
            (None, None) => {}
        }
        let inter: BTreeSet<VarId> = a.free.intersection(&b.free).copied().collect();
        if inter.len() != a.free.len() {
            changed_a = true;
        }
        if inter.len() != b.free.len() {
            changed_b = true;
        }
        a.free = inter;
        DidMerge(changed_a, changed_b)
    }

    fn modify(eg: &mut VcEGraph, id: Id) {
        if !eg.analysis.normalise {
            return;
        }
        let data = eg[id].data.clone();
        let cx = &eg.analysis.cx;
        let (int, real) = (cx.int_sort(), cx.real_sort());
        if let Some(v) = &data.value {
            let head = match v {
                Value::Bool(b) => Head::Bool(*b),
                Value::Num(q) if data.sort == int && q.is_integer() => Head::Int(q.to_integer()),
                Value::Num(q) if data.sort == real => Head::Real(q.clone()),
                _ => return,
            };
            let lit = eg.add(Node::leaf(head));
            eg.union(id, lit);
            return;
        }
        let Some(poly) = &data.poly else { return };
        let poly = poly.canon(|a| eg.find(a));
        // Only when every atom has the class's sort (no implicit to_real).
        if poly.atoms().iter().any(|&a| eg[a].data.sort != data.sort) {
            return;
        }
        let canon = add_poly(eg, &poly, data.sort);
        eg.union(id, canon);
    }
}

fn lit(eg: &mut VcEGraph, c: &BigRational, sort: SortId) -> Id {
    if sort == eg.analysis.cx.int_sort() {
        eg.add(Node::leaf(Head::Int(c.to_integer())))
    } else {
        eg.add(Node::leaf(Head::Real(c.clone())))
    }
}

/// Add the canonical term of `p` (atoms must be canonical ids): monomials
/// in order, constant last, `(* c a b)` for coefficients other than 1.
pub fn add_poly(eg: &mut VcEGraph, p: &Poly, sort: SortId) -> Id {
    let mut terms = vec![];
    let mut constant = None;
    for (m, c) in &p.0 {
        if m.is_empty() {
            constant = Some(c.clone());
            continue;
        }
        let t = if c.is_one() && m.len() == 1 {
            m[0]
        } else {
            let mut kids = vec![];
            if !c.is_one() {
                kids.push(lit(eg, c, sort));
            }
            kids.extend(m.iter().copied());
            eg.add(Node::op(Op::Mul, kids))
        };
        terms.push(t);
    }
    if let Some(c) = constant {
        terms.push(lit(eg, &c, sort));
    }
    match terms.len() {
        0 => lit(eg, &BigRational::zero(), sort),
        1 => terms[0],
        _ => eg.add(Node::op(Op::Add, terms)),
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    #[test]
    fn bit_vector_literals_read_as_width_and_value() {
        let bits = |w: u64, v: u32| Some(Value::Bits(w, BigUint::from(v)));
        assert_eq!(bits_literal("#b0101"), bits(4, 5));
        assert_eq!(bits_literal("#x0F"), bits(8, 15));
        assert_eq!(bits_literal("(_ bv15 8)"), bits(8, 15));
        assert_eq!(bits_literal("(_  bv271   8)"), bits(8, 15), "modulo 2^8");
        assert_eq!(bits_literal("#b1"), bits(1, 1));
        for not_bits in [
            "#b",
            "#x",
            "#b12",
            "#xg",
            "(_ bv1 0)",
            "(_ bvx 8)",
            "RNE",
            "\"#b1\"",
        ] {
            assert_eq!(bits_literal(not_bits), None, "{not_bits}");
        }
    }

    fn pow10(e: u32) -> BigRational {
        BigRational::from_integer(BigInt::from(10u32).pow(e))
    }

    #[test]
    fn folding_stops_past_the_bound() {
        // 10^4000 has about 13,300 bits: within the bound; its square is not.
        let big = pow10(4000);
        assert!(small_number(&big));
        assert!(small_number(&big.recip()));
        assert!(!small_number(&(&big * &big)));
        let prod = |vs: Vec<BigRational>| bounded_fold(vs, BigRational::one(), |a, b| a * b);
        assert_eq!(prod(vec![pow10(3), pow10(4)]), Some(pow10(7)));
        assert_eq!(prod(vec![big.clone(), big.clone(), big]), None);
        let poly = Poly::constant(pow10(4000));
        assert!(poly.mul(&poly).is_none());
        assert!(poly.mul(&Poly::constant(pow10(2))).is_some());
    }
}
