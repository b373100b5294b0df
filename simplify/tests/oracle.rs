//! Random formulas in vcsimp's fragment, checked with an exact oracle: the
//! input and the output of the default pipeline (and of each sound pass
//! alone) are evaluated by brute force at points of a box of integer
//! values of the free constants, under several interpretations of the
//! uninterpreted functions, and must agree everywhere. No solver involved,
//! so nonlinear terms are checked as exactly as linear ones.
//!
//! Why the evaluation is exact. Every generated quantifier is *guarded*:
//! `forall x. (lo <= x < hi) => B` or `exists x. lo <= x < hi and B`, with
//! `lo` and `hi` of absolute value at most [`INPUT_RANGE`] at every point of
//! the box (constants in [-2, 2], `n` in [0, 3], bounds among `0`, `-1`,
//! `a`, `1..3`, `n`, `a + 2` and outer bound variables). Outside
//! `[lo, hi)` the body of a guarded `forall` is vacuously true and that of
//! a guarded `exists` false, so evaluating the input's quantifiers over
//! `[-INPUT_RANGE, INPUT_RANGE]` gives their value over all of Int. The
//! output's quantifiers are evaluated over the wider
//! `[-OUTPUT_RANGE, OUTPUT_RANGE]`: passes such as merge-quant and
//! decompose-quant turn ranges `[0, n) x [0, m)` into `[0, n*m)` (at most
//! 16 here), and equivalent outputs keep their quantifiers guarded by
//! bounds computed from the input's. Uninterpreted functions are checked
//! under several interpretations given by evaluation (small tables):
//! vcsimp promises equivalence over the input's symbols, so input and
//! output must agree under *every* interpretation. A disagreement is
//! therefore a soundness bug (or an output quantifier whose range is not
//! guarded, which the failure message shows).
//!
//! `VCSIMP_ORACLE_CASES` sets the number of random scripts (default 48).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use simplify::{simplify_text, Options, PassId};
use smtlib_io::{BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

const INPUT_RANGE: i128 = 4;
const OUTPUT_RANGE: i128 = 18;

// ----- the formula generator ---------------------------------------------

#[derive(Clone, Debug)]
enum I {
    Const(&'static str),
    Num(i64),
    /// The k-th innermost bound variable in scope (a constant if none).
    Var(usize),
    Add(Box<I>, Box<I>),
    Sub(Box<I>, Box<I>),
    Scale(i64, Box<I>),
    Mul(Box<I>, Box<I>),
    F(Box<I>),
    G(Box<I>, Box<I>),
    Div(Box<I>, i64),
    Mod(Box<I>, i64),
    Neg(Box<I>),
    /// `(ite (< x y) t e)`.
    IteLt(Box<I>, Box<I>, Box<I>, Box<I>),
    /// `x + k*y` over two bound variables (merge-quant's shape).
    Affine(usize, i64, usize),
}

#[derive(Clone, Copy, Debug)]
enum Cmp {
    Le,
    Lt,
    Eq,
    Distinct,
    Ge,
}

#[derive(Clone, Debug)]
enum Lo {
    Zero,
    MinusOne,
    A,
}

#[derive(Clone, Debug)]
enum Hi {
    Num(i64),
    N,
    APlus2,
    /// The innermost bound variable in scope (`n` if none).
    Outer,
}

#[derive(Clone, Debug)]
enum B {
    P,
    Q,
    Cmp(Cmp, I, I),
    Not(Box<B>),
    And(Vec<B>),
    Or(Vec<B>),
    Implies(Box<B>, Box<B>),
    Ite(Box<B>, Box<B>, Box<B>),
    Forall(Vec<(Lo, Hi)>, Box<B>),
    Exists(Vec<(Lo, Hi)>, Box<B>),
    /// `forall t. lo <= t < hi => f(t) = e` (a guarded equality fact).
    GuardedEq(Lo, Hi, I),
    /// A per-thread assign in an `if`:
    /// `forall t. lo <= t < hi => ((x <= y ∧ f(t) = e1) ∨ (C ∧ f(t) = e2))`
    /// where `C` (by the index) is the complement written as `not`, the
    /// complement normalised (`y < x`), or an overlapping condition
    /// (`x < y`, `y <= x`); the `bool` makes `e2` the same as `e1`.
    IfAssign(Lo, Hi, I, I, u8, I, I, bool),
}

fn int_term() -> impl Strategy<Value = I> {
    let leaf = prop_oneof![
        prop_oneof![Just("a"), Just("b"), Just("c"), Just("n")].prop_map(I::Const),
        (-3i64..=3).prop_map(I::Num),
        (0usize..2).prop_map(I::Var),
        (0usize..2, 1i64..=4, 0usize..2).prop_map(|(x, k, y)| I::Affine(x, k, y)),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(x, y)| I::Add(Box::new(x), Box::new(y))),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| I::Sub(Box::new(x), Box::new(y))),
            (-3i64..=3, inner.clone()).prop_map(|(k, x)| I::Scale(k, Box::new(x))),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| I::Mul(Box::new(x), Box::new(y))),
            inner.clone().prop_map(|x| I::F(Box::new(x))),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| I::G(Box::new(x), Box::new(y))),
            (inner.clone(), prop_oneof![Just(2i64), Just(3), Just(-2)])
                .prop_map(|(x, k)| I::Div(Box::new(x), k)),
            (inner.clone(), prop_oneof![Just(2i64), Just(3), Just(-3)])
                .prop_map(|(x, k)| I::Mod(Box::new(x), k)),
            inner.clone().prop_map(|x| I::Neg(Box::new(x))),
            (inner.clone(), inner.clone(), inner.clone(), inner).prop_map(|(x, y, t, e)| {
                I::IteLt(Box::new(x), Box::new(y), Box::new(t), Box::new(e))
            }),
        ]
    })
}

fn lo() -> impl Strategy<Value = Lo> {
    prop_oneof![3 => Just(Lo::Zero), 1 => Just(Lo::MinusOne), 1 => Just(Lo::A)]
}

fn hi() -> impl Strategy<Value = Hi> {
    prop_oneof![
        (1i64..=3).prop_map(Hi::Num),
        Just(Hi::N),
        Just(Hi::APlus2),
        Just(Hi::Outer)
    ]
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![
        Just(Cmp::Le),
        Just(Cmp::Lt),
        Just(Cmp::Eq),
        Just(Cmp::Distinct),
        Just(Cmp::Ge)
    ]
}

fn bool_term() -> impl Strategy<Value = B> {
    let atom = prop_oneof![
        1 => Just(B::P),
        1 => Just(B::Q),
        6 => (cmp(), int_term(), int_term()).prop_map(|(c, x, y)| B::Cmp(c, x, y)),
    ];
    atom.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            1 => inner.clone().prop_map(|b| B::Not(Box::new(b))),
            1 => prop::collection::vec(inner.clone(), 2..4).prop_map(B::And),
            1 => prop::collection::vec(inner.clone(), 2..4).prop_map(B::Or),
            1 => (inner.clone(), inner.clone()).prop_map(|(x, y)| B::Implies(Box::new(x), Box::new(y))),
            1 => (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, x, y)| B::Ite(Box::new(c), Box::new(x), Box::new(y))),
            2 => (prop::collection::vec((lo(), hi()), 1..3), inner.clone())
                .prop_map(|(bs, b)| B::Forall(bs, Box::new(b))),
            2 => (prop::collection::vec((lo(), hi()), 1..3), inner)
                .prop_map(|(bs, b)| B::Exists(bs, Box::new(b))),
            1 => (lo(), hi(), int_term()).prop_map(|(l, h, e)| B::GuardedEq(l, h, e)),
            1 => (lo(), hi(), int_term(), int_term(), 0u8..4, int_term(), int_term(), any::<bool>())
                .prop_map(|(l, h, x, y, k, e1, e2, same)| B::IfAssign(l, h, x, y, k, e1, e2, same)),
        ]
    })
}

/// At most this many bound variables are in scope anywhere (keeps the
/// brute-force evaluation small); deeper quantifiers lose their binder.
const MAX_BOUND_IN_SCOPE: usize = 2;

struct Render {
    scope: Vec<String>,
    fresh: usize,
}

impl Render {
    fn var(&self, k: usize) -> String {
        match self.scope.len() {
            0 => ["a", "b"][k % 2].to_string(),
            len => self.scope[len - 1 - (k % len)].clone(),
        }
    }

    fn int(&self, t: &I) -> String {
        match t {
            I::Const(c) => c.to_string(),
            I::Num(k) if *k < 0 => format!("(- {})", -k),
            I::Num(k) => k.to_string(),
            I::Var(k) => self.var(*k),
            I::Add(x, y) => format!("(+ {} {})", self.int(x), self.int(y)),
            I::Sub(x, y) => format!("(- {} {})", self.int(x), self.int(y)),
            I::Scale(k, x) => format!("(* {} {})", self.int(&I::Num(*k)), self.int(x)),
            I::Mul(x, y) => format!("(* {} {})", self.int(x), self.int(y)),
            I::F(x) => format!("(f {})", self.int(x)),
            I::G(x, y) => format!("(g {} {})", self.int(x), self.int(y)),
            I::Div(x, k) => format!("(div {} {})", self.int(x), self.int(&I::Num(*k))),
            I::Mod(x, k) => format!("(mod {} {})", self.int(x), self.int(&I::Num(*k))),
            I::Neg(x) => format!("(- {})", self.int(x)),
            I::IteLt(x, y, a, b) => format!(
                "(ite (< {} {}) {} {})",
                self.int(x),
                self.int(y),
                self.int(a),
                self.int(b)
            ),
            I::Affine(x, k, y) => format!("(+ {} (* {k} {}))", self.var(*x), self.var(*y)),
        }
    }

    fn bounds(&self, v: &str, l: &Lo, h: &Hi) -> String {
        let lo = match l {
            Lo::Zero => "0".to_string(),
            Lo::MinusOne => "(- 1)".to_string(),
            Lo::A => "a".to_string(),
        };
        let hi = match h {
            Hi::Num(k) => k.to_string(),
            Hi::N => "n".to_string(),
            Hi::APlus2 => "(+ a 2)".to_string(),
            Hi::Outer => self.scope.last().cloned().unwrap_or_else(|| "n".into()),
        };
        format!("(<= {lo} {v}) (< {v} {hi})")
    }

    fn quant(&mut self, forall: bool, bs: &[(Lo, Hi)], body: &B) -> String {
        let room = MAX_BOUND_IN_SCOPE - self.scope.len();
        let bs = &bs[..bs.len().min(room)];
        if bs.is_empty() {
            return self.bool(body);
        }
        let mut decls = vec![];
        let mut guards = vec![];
        for (l, h) in bs {
            self.fresh += 1;
            let v = format!("x{}", self.fresh);
            guards.push(self.bounds(&v, l, h));
            decls.push(format!("({v} Int)"));
            self.scope.push(v);
        }
        let b = self.bool(body);
        self.scope.truncate(self.scope.len() - bs.len());
        let (q, g) = (if forall { "forall" } else { "exists" }, guards.join(" "));
        if forall {
            format!("({q} ({}) (=> (and {g}) {b}))", decls.join(" "))
        } else {
            format!("({q} ({}) (and {g} {b}))", decls.join(" "))
        }
    }

    /// A fresh variable in scope and its guard `lo <= v < hi`, or `None`
    /// when [`MAX_BOUND_IN_SCOPE`] variables are already bound. The caller
    /// pops the scope.
    fn bind(&mut self, l: &Lo, h: &Hi) -> Option<(String, String)> {
        if self.scope.len() >= MAX_BOUND_IN_SCOPE {
            return None;
        }
        self.fresh += 1;
        let v = format!("x{}", self.fresh);
        let g = self.bounds(&v, l, h);
        self.scope.push(v.clone());
        Some((v, g))
    }

    fn bool(&mut self, t: &B) -> String {
        match t {
            B::P => "p".into(),
            B::Q => "q".into(),
            B::Cmp(c, x, y) => {
                let op = match c {
                    Cmp::Le => "<=",
                    Cmp::Lt => "<",
                    Cmp::Eq => "=",
                    Cmp::Distinct => "distinct",
                    Cmp::Ge => ">=",
                };
                format!("({op} {} {})", self.int(x), self.int(y))
            }
            B::Not(x) => format!("(not {})", self.bool(x)),
            B::And(xs) => {
                let v: Vec<String> = xs.iter().map(|x| self.bool(x)).collect();
                format!("(and {})", v.join(" "))
            }
            B::Or(xs) => {
                let v: Vec<String> = xs.iter().map(|x| self.bool(x)).collect();
                format!("(or {})", v.join(" "))
            }
            B::Implies(x, y) => format!("(=> {} {})", self.bool(x), self.bool(y)),
            B::Ite(c, x, y) => {
                format!("(ite {} {} {})", self.bool(c), self.bool(x), self.bool(y))
            }
            B::Forall(bs, b) => self.quant(true, bs, b),
            B::Exists(bs, b) => self.quant(false, bs, b),
            B::GuardedEq(l, h, e) => {
                let Some((v, g)) = self.bind(l, h) else {
                    return format!("(= (f a) {})", self.int(e));
                };
                let e = self.int(e);
                self.scope.pop();
                format!("(forall (({v} Int)) (=> (and {g}) (= (f {v}) {e})))")
            }
            B::IfAssign(l, h, x, y, k, e1, e2, same) => {
                let Some((v, g)) = self.bind(l, h) else {
                    return format!("(= (f a) {})", self.int(e1));
                };
                let (x, y) = (self.int(x), self.int(y));
                let e1 = self.int(e1);
                let e2 = if *same { e1.clone() } else { self.int(e2) };
                self.scope.pop();
                let c = format!("(<= {x} {y})");
                let c2 = match k {
                    0 => format!("(not {c})"),
                    1 => format!("(< {y} {x})"),
                    2 => format!("(< {x} {y})"),
                    _ => format!("(<= {y} {x})"),
                };
                format!(
                    "(forall (({v} Int)) (=> (and {g}) (or (and {c} (= (f {v}) {e1})) (and {c2} (= (f {v}) {e2})))))"
                )
            }
        }
    }
}

const DECLS: &str = "(declare-const a Int)(declare-const b Int)(declare-const c Int)\
(declare-const n Int)(declare-const p Bool)(declare-const q Bool)\
(declare-fun f (Int) Int)(declare-fun g (Int Int) Int)\n";

fn render(asserts: &[B]) -> String {
    let mut r = Render {
        scope: vec![],
        fresh: 0,
    };
    let mut s = String::from(DECLS);
    for a in asserts {
        s.push_str(&format!("(assert {})\n", r.bool(a)));
    }
    s.push_str("(check-sat)\n");
    s
}

// ----- the evaluator -------------------------------------------------------

/// An interpretation of the free symbols: constants, and `f`, `g` as
/// tables over small arguments with a default elsewhere.
#[derive(Clone, Debug)]
struct Model {
    consts: HashMap<&'static str, i128>,
    bools: HashMap<&'static str, bool>,
    f_table: [i128; 9],
    f_default: i128,
    g_table: [i128; 5],
}

impl Model {
    fn f(&self, x: i128) -> i128 {
        if (-4..=4).contains(&x) {
            self.f_table[(x + 4) as usize]
        } else {
            self.f_default
        }
    }

    fn g(&self, x: i128, y: i128) -> i128 {
        self.g_table[(x * 3 + y).rem_euclid(5) as usize] + x.signum()
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    Int(i128),
    Bool(bool),
}

/// Why a term could not be evaluated.
#[derive(Debug)]
enum EvalError {
    /// Arithmetic left i128 (skip the point).
    Overflow,
    /// Outside the evaluator: a bug in the test or a new output shape.
    Unsupported(String),
}

struct Eval<'a> {
    cx: &'a Context,
    model: &'a Model,
    range: i128,
    env: HashMap<VarId, Val>,
}

fn int(v: Val) -> Result<i128, EvalError> {
    match v {
        Val::Int(k) => Ok(k),
        Val::Bool(_) => Err(EvalError::Unsupported("Bool where Int expected".into())),
    }
}

fn boolean(v: Val) -> Result<bool, EvalError> {
    match v {
        Val::Bool(b) => Ok(b),
        Val::Int(_) => Err(EvalError::Unsupported("Int where Bool expected".into())),
    }
}

fn ck(v: Option<i128>) -> Result<i128, EvalError> {
    v.filter(|k| k.abs() < (1i128 << 100))
        .ok_or(EvalError::Overflow)
}

impl Eval<'_> {
    fn term(&mut self, t: TermId) -> Result<Val, EvalError> {
        use num_traits::ToPrimitive;
        let cx = self.cx;
        Ok(match cx.kind(t) {
            TermKind::Bool(b) => Val::Bool(*b),
            TermKind::Int(k) => Val::Int(k.to_i128().ok_or(EvalError::Overflow)?),
            TermKind::Var(v) => *self
                .env
                .get(v)
                .ok_or_else(|| EvalError::Unsupported("free bound variable".into()))?,
            TermKind::Annot(b, _) => self.term(*b)?,
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, _) => {
                Val::Bool(self.quant(*k == BinderKind::Forall, vs, *body)?)
            }
            TermKind::App(op, args) => self.app(op, args)?,
            other => return Err(EvalError::Unsupported(format!("{other:?}"))),
        })
    }

    /// The value of the quantifier over `vs` (Int variables range over
    /// `[-range, range]`): with `forall`, whether the body holds for every
    /// assignment; otherwise whether it holds for some.
    fn quant(&mut self, forall: bool, vs: &[VarId], body: TermId) -> Result<bool, EvalError> {
        let Some((&v, rest)) = vs.split_first() else {
            return boolean(self.term(body)?);
        };
        let values: Vec<Val> = if self.cx.var(v).sort == self.cx.bool_sort() {
            vec![Val::Bool(false), Val::Bool(true)]
        } else {
            (-self.range..=self.range).map(Val::Int).collect()
        };
        for x in values {
            self.env.insert(v, x);
            let r = self.quant(forall, rest, body)?;
            if r != forall {
                self.env.remove(&v);
                return Ok(r);
            }
        }
        self.env.remove(&v);
        Ok(forall)
    }

    fn ints(&mut self, args: &[TermId]) -> Result<Vec<i128>, EvalError> {
        args.iter().map(|&a| int(self.term(a)?)).collect()
    }

    fn bools(&mut self, args: &[TermId]) -> Result<Vec<bool>, EvalError> {
        args.iter().map(|&a| boolean(self.term(a)?)).collect()
    }

    fn app(&mut self, op: &Op, args: &[TermId]) -> Result<Val, EvalError> {
        let chain = |xs: &[i128], ok: fn(&i128, &i128) -> bool| {
            Val::Bool(xs.windows(2).all(|w| ok(&w[0], &w[1])))
        };
        Ok(match op {
            Op::Not => Val::Bool(!self.bools(args)?[0]),
            Op::And => {
                for &a in args {
                    if !boolean(self.term(a)?)? {
                        return Ok(Val::Bool(false));
                    }
                }
                Val::Bool(true)
            }
            Op::Or => {
                for &a in args {
                    if boolean(self.term(a)?)? {
                        return Ok(Val::Bool(true));
                    }
                }
                Val::Bool(false)
            }
            Op::Xor => Val::Bool(self.bools(args)?.into_iter().fold(false, |a, b| a ^ b)),
            Op::Implies => {
                let bs = self.bools(args)?;
                let (last, hyps) = bs.split_last().expect("=> has arguments");
                Val::Bool(hyps.iter().any(|h| !h) || *last)
            }
            Op::Eq | Op::Distinct => {
                let vs: Vec<Val> = args
                    .iter()
                    .map(|&a| self.term(a))
                    .collect::<Result<_, _>>()?;
                if *op == Op::Eq {
                    Val::Bool(vs.windows(2).all(|w| w[0] == w[1]))
                } else {
                    let mut all = true;
                    for i in 0..vs.len() {
                        for j in i + 1..vs.len() {
                            all &= vs[i] != vs[j];
                        }
                    }
                    Val::Bool(all)
                }
            }
            Op::Ite => {
                if boolean(self.term(args[0])?)? {
                    self.term(args[1])?
                } else {
                    self.term(args[2])?
                }
            }
            Op::Add => {
                let xs = self.ints(args)?;
                Val::Int(xs.iter().try_fold(0i128, |a, &b| ck(a.checked_add(b)))?)
            }
            Op::Sub => {
                let xs = self.ints(args)?;
                let (first, rest) = xs.split_first().expect("- has arguments");
                Val::Int(rest.iter().try_fold(*first, |a, &b| ck(a.checked_sub(b)))?)
            }
            Op::Neg => Val::Int(-self.ints(args)?[0]),
            Op::Mul => {
                let xs = self.ints(args)?;
                Val::Int(xs.iter().try_fold(1i128, |a, &b| ck(a.checked_mul(b)))?)
            }
            Op::Abs => Val::Int(self.ints(args)?[0].abs()),
            Op::IntDiv | Op::Mod => {
                let xs = self.ints(args)?;
                let mut acc = xs[0];
                for &d in &xs[1..] {
                    if d == 0 {
                        return Err(EvalError::Unsupported("division by zero".into()));
                    }
                    // SMT-LIB: Euclidean division, 0 <= mod < |d|
                    let m = acc.rem_euclid(d);
                    acc = if *op == Op::Mod { m } else { (acc - m) / d };
                }
                Val::Int(acc)
            }
            Op::Le => chain(&self.ints(args)?, |a, b| a <= b),
            Op::Lt => chain(&self.ints(args)?, |a, b| a < b),
            Op::Ge => chain(&self.ints(args)?, |a, b| a >= b),
            Op::Gt => chain(&self.ints(args)?, |a, b| a > b),
            Op::Divisible(k) => {
                use num_traits::ToPrimitive;
                let k = k.to_i128().ok_or(EvalError::Overflow)?;
                let x = self.ints(args)?[0];
                Val::Bool(k != 0 && x.rem_euclid(k) == 0)
            }
            Op::Uf(fid) => {
                let name = self.cx.sym_name(self.cx.fun(*fid).name).to_string();
                let xs = self.ints(args)?;
                match (name.as_str(), xs.as_slice()) {
                    ("f", [x]) => Val::Int(self.model.f(*x)),
                    ("g", [x, y]) => Val::Int(self.model.g(*x, *y)),
                    (c, []) if self.model.consts.contains_key(c) => Val::Int(self.model.consts[c]),
                    (c, []) if self.model.bools.contains_key(c) => Val::Bool(self.model.bools[c]),
                    _ => return Err(EvalError::Unsupported(format!("symbol {name}"))),
                }
            }
            other => return Err(EvalError::Unsupported(format!("operator {other:?}"))),
        })
    }
}

/// The conjunction of the assertions of `script` under `model`, or `None`
/// if arithmetic overflowed.
fn evaluate(script: &str, model: &Model, range: i128) -> Result<Option<bool>, String> {
    let parsed = smtlib_io::parse_script(script).map_err(|e| format!("{e:?}"))?;
    let mut ev = Eval {
        cx: &parsed.cx,
        model,
        range,
        env: HashMap::new(),
    };
    for a in parsed.assertions() {
        match ev.term(a) {
            Ok(Val::Bool(true)) => {}
            Ok(Val::Bool(false)) => return Ok(Some(false)),
            Ok(Val::Int(_)) => return Err("Int assertion".into()),
            Err(EvalError::Overflow) => return Ok(None),
            Err(EvalError::Unsupported(what)) => return Err(what),
        }
    }
    Ok(Some(true))
}

fn model() -> impl Strategy<Value = Model> {
    (
        prop::array::uniform4(-2i128..=2),
        0i128..=3,
        any::<(bool, bool)>(),
        prop::array::uniform9(-3i128..=3),
        -3i128..=3,
        prop::array::uniform5(-2i128..=2),
    )
        .prop_map(|(abc, n, (p, q), f_table, f_default, g_table)| Model {
            consts: [("a", abc[0]), ("b", abc[1]), ("c", abc[2]), ("n", n)]
                .into_iter()
                .collect(),
            bools: [("p", p), ("q", q)].into_iter().collect(),
            f_table,
            f_default,
            g_table,
        })
}

/// The pass configurations under test: the default pipeline, then every
/// sound pass alone.
fn configurations() -> Vec<(String, Options)> {
    let mut v = vec![("default".to_string(), Options::default())];
    for p in PassId::default_passes() {
        v.push((
            p.name().to_string(),
            Options {
                passes: vec![p],
                ..Options::default()
            },
        ));
    }
    v
}

/// Check one script under every configuration and model; `Err` describes
/// the first disagreement.
fn check_script(input: &str, models: &[Model]) -> Result<(), String> {
    for (name, options) in configurations() {
        let out = simplify_text(input, &options)
            .map_err(|e| format!("[{name}] input rejected: {e:?}\n{input}"))?
            .output;
        for m in models {
            let a = evaluate(input, m, INPUT_RANGE)
                .map_err(|e| format!("[{name}] cannot evaluate input: {e}\n{input}"))?;
            let b = evaluate(&out, m, OUTPUT_RANGE).map_err(|e| {
                format!("[{name}] cannot evaluate output: {e}\ninput:\n{input}\noutput:\n{out}")
            })?;
            if let (Some(a), Some(b)) = (a, b) {
                if a != b {
                    return Err(format!(
                        "[{name}] input is {a}, output is {b} under {m:?}\ninput:\n{input}\noutput:\n{out}"
                    ));
                }
            }
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("VCSIMP_ORACLE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48)
}

#[test]
fn random_scripts_keep_their_meaning_under_every_pass() {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        prop::collection::vec(bool_term(), 1..4),
        prop::collection::vec(model(), 12),
    );
    let result = runner.run(&strategy, |(asserts, models)| {
        let input = render(&asserts);
        check_script(&input, &models).map_err(TestCaseError::fail)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The oracle itself: a wrong output must be caught.
#[test]
fn the_oracle_catches_a_wrong_output() {
    let input = format!(
        "{DECLS}(assert (forall ((x Int)) (=> (and (<= 0 x) (< x n)) (> (f x) 0))))(check-sat)\n"
    );
    let wrong = format!("{DECLS}(assert (forall ((x Int)) (=> (and (<= 0 x) (< x (- n 1))) (> (f x) 0))))(check-sat)\n");
    let m = Model {
        consts: [("a", 0), ("b", 0), ("c", 0), ("n", 3)]
            .into_iter()
            .collect(),
        bools: [("p", false), ("q", false)].into_iter().collect(),
        f_table: [1, 1, 1, 1, 1, 1, 0, 1, 1],
        f_default: 1,
        g_table: [0; 5],
    };
    assert_eq!(evaluate(&input, &m, INPUT_RANGE), Ok(Some(false)));
    assert_eq!(evaluate(&wrong, &m, OUTPUT_RANGE), Ok(Some(true)));
}
