//! Hash-consed, sorted terms.
//!
//! A [`Context`] owns every symbol, sort, function declaration, bound
//! variable and term of a script. Terms are hash-consed: structurally equal
//! terms get the same [`TermId`], so a `let`-DAG stays a DAG and sharing is
//! free to detect. Every term carries its sort, computed when it is built;
//! the `mk_*` constructors check sorts and refuse ill-sorted terms.
//!
//! Bound variables are *renamed apart* when read: each binder introduces
//! fresh [`VarId`]s, so a variable id is bound by at most one binder of the
//! input and substitution never captures. The printer gives every variable
//! a unique name.

use crate::sort::{SortId, SortKind, SortTable};
use crate::symbol::{Sym, Symbols};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::hash::BuildHasher;

/// The children of a term ([`Context::children`]).
pub type Children = SmallVec<[TermId; 4]>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

/// A bound variable (of a quantifier, `lambda` or `match` case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A declared or defined function symbol (constants are 0-ary functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunId(pub u32);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    pub name: Sym,
    pub sort: SortId,
}

/// How a function symbol came to be, which tells passes what they may
/// assume about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FunKind {
    /// `declare-fun` / `declare-const`: uninterpreted.
    Declared,
    /// `define-fun`, `define-fun-rec`, `define-funs-rec`, z3's `define-const`.
    Defined,
    /// A datatype constructor.
    Constructor,
    /// A datatype selector.
    Selector,
    /// z3's `is-C` tester for constructor `C`.
    Tester,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunDecl {
    pub name: Sym,
    /// Sort parameters (for constructors of parametric datatypes).
    pub sort_params: Box<[Sym]>,
    pub args: Box<[SortId]>,
    pub ret: SortId,
    pub kind: FunKind,
}

/// Operators. Arithmetic and Boolean operators are n-ary as in SMT-LIB
/// (`(+ a b c)`, `(and p q r)`), chainable comparisons included.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    Not,
    And,
    Or,
    Xor,
    Implies,
    Eq,
    Distinct,
    Ite,
    Add,
    /// n-ary subtraction `(- a b c)`; unary minus is [`Op::Neg`].
    Sub,
    Neg,
    Mul,
    /// Integer `div` (Euclidean, as in SMT-LIB).
    IntDiv,
    Mod,
    Abs,
    /// Real division `/`.
    RealDiv,
    Le,
    Lt,
    Ge,
    Gt,
    ToReal,
    ToInt,
    IsInt,
    /// `((_ divisible k) t)`.
    Divisible(Box<BigUint>),
    Select,
    Store,
    /// `((as const (Array I E)) v)`; the sort is the array sort.
    ConstArray(SortId),
    /// Application of a declared or defined function.
    Uf(FunId),
    /// A theory operator vcsimp does not reason about (bit-vectors, strings,
    /// floating point, datatype testers, …). The symbol is the operator's
    /// exact printed form, e.g. `bvadd` or `(_ extract 7 0)`.
    Other(Sym),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinderKind {
    Forall,
    Exists,
    /// z3's `lambda`, of array sort.
    Lambda,
}

/// The value of an attribute `:key value`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrValue {
    None,
    /// `:pattern (t1 … tn)` and `:no-pattern t`: terms over the bound
    /// variables, so that renaming and substitution reach them.
    Terms(Box<[TermId]>),
    /// Any other value, kept as its exact source text.
    Raw(Sym),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attr {
    /// The keyword, with its colon (`:pattern`).
    pub key: Sym,
    pub value: AttrValue,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchCase {
    /// The constructor of the pattern, or `None` for a variable pattern
    /// (then `vars` has exactly one element).
    pub ctor: Option<FunId>,
    pub vars: Box<[VarId]>,
    pub body: TermId,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TermKind {
    Bool(bool),
    Int(BigInt),
    /// Boxed, as [`Op::Divisible`]'s modulus, so that a term kind stays
    /// 40 bytes: every term of a script stores one.
    Real(Box<BigRational>),
    /// Any other literal, as written: `#xFF`, `#b01`, `"str"`, `(_ bv5 32)`,
    /// and theory constants such as `RNE` or `re.all`.
    Literal(Sym),
    Var(VarId),
    App(Op, Box<[TermId]>),
    Binder(BinderKind, Box<[VarId]>, TermId, Box<[Attr]>),
    /// `(! t attrs)` outside a binder body, e.g. `:named`.
    Annot(TermId, Box<[Attr]>),
    Match(TermId, Box<[MatchCase]>),
}

/// Why [`Context::mk_app`] refused to build a term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppError {
    /// The arguments have the wrong number or sorts.
    Sort(String),
    /// The operator is outside what vcsimp can sort-check.
    Unsupported(String),
}

/// Owner of all symbols, sorts, declarations, variables and terms.
#[derive(Clone, Debug, Default)]
pub struct Context {
    pub symbols: Symbols,
    sorts: Vec<SortKind>,
    sort_map: FxHashMap<SortKind, SortId>,
    funs: Vec<FunDecl>,
    vars: Vec<VarDecl>,
    kinds: Vec<TermKind>,
    term_sorts: Vec<SortId>,
    /// Per term: whether it contains a binder or `match` (see
    /// [`Context::has_binder`]), computed once when the term is built.
    binders: Vec<bool>,
    /// The hash-consing table: ids only, hashed by their kind in `kinds`,
    /// so that each kind is stored once.
    term_table: hashbrown::HashTable<TermId>,
}

/// The hash of a term kind in [`Context::term_table`].
fn kind_hash(kind: &TermKind) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(kind)
}

impl SortTable for Context {
    fn sym(&mut self, name: &str) -> Sym {
        Context::sym(self, name)
    }

    fn sort(&mut self, kind: SortKind) -> SortId {
        Context::sort(self, kind)
    }

    fn sort_kind(&self, s: SortId) -> &SortKind {
        Context::sort_kind(self, s)
    }
}

impl Context {
    pub fn new() -> Context {
        let mut c = Context::default();
        // Fixed ids for the sorts every pass asks about.
        c.sort(SortKind::Bool);
        c.sort(SortKind::Int);
        c.sort(SortKind::Real);
        c
    }

    // ----- symbols and sorts -------------------------------------------

    pub fn sym(&mut self, name: &str) -> Sym {
        self.symbols.intern(name)
    }

    pub fn sym_name(&self, s: Sym) -> &str {
        self.symbols.name(s)
    }

    pub fn sort(&mut self, kind: SortKind) -> SortId {
        if let Some(&id) = self.sort_map.get(&kind) {
            return id;
        }
        let id = SortId(self.sorts.len() as u32);
        self.sorts.push(kind.clone());
        self.sort_map.insert(kind, id);
        id
    }

    pub fn sort_kind(&self, s: SortId) -> &SortKind {
        &self.sorts[s.0 as usize]
    }

    pub fn bool_sort(&self) -> SortId {
        SortId(0)
    }

    pub fn int_sort(&self) -> SortId {
        SortId(1)
    }

    pub fn real_sort(&self) -> SortId {
        SortId(2)
    }

    pub fn is_numeric(&self, s: SortId) -> bool {
        s == self.int_sort() || s == self.real_sort()
    }

    /// Substitute sort parameters (`Param`) in `s`.
    pub fn subst_sort(&mut self, s: SortId, map: &HashMap<Sym, SortId>) -> SortId {
        match self.sort_kind(s).clone() {
            SortKind::Param(p) => map.get(&p).copied().unwrap_or(s),
            SortKind::Array(i, e) => {
                let (i, e) = (self.subst_sort(i, map), self.subst_sort(e, map));
                self.sort(SortKind::Array(i, e))
            }
            SortKind::Named(n, args) => {
                let args: Box<[SortId]> = args.iter().map(|&a| self.subst_sort(a, map)).collect();
                self.sort(SortKind::Named(n, args))
            }
            _ => s,
        }
    }

    // ----- declarations --------------------------------------------------

    pub fn declare_fun(&mut self, decl: FunDecl) -> FunId {
        self.funs.push(decl);
        FunId((self.funs.len() - 1) as u32)
    }

    /// Declare a constant (a function of no arguments) `name` of `sort`,
    /// as `declare-const` does.
    pub fn declare_const(&mut self, name: Sym, sort: SortId) -> FunId {
        self.declare_fun(FunDecl {
            name,
            sort_params: Box::new([]),
            args: Box::new([]),
            ret: sort,
            kind: FunKind::Declared,
        })
    }

    pub fn fun(&self, f: FunId) -> &FunDecl {
        &self.funs[f.0 as usize]
    }

    pub fn funs(&self) -> impl Iterator<Item = (FunId, &FunDecl)> {
        self.funs
            .iter()
            .enumerate()
            .map(|(i, d)| (FunId(i as u32), d))
    }

    pub fn new_var(&mut self, name: Sym, sort: SortId) -> VarId {
        self.vars.push(VarDecl { name, sort });
        VarId((self.vars.len() - 1) as u32)
    }

    pub fn var(&self, v: VarId) -> &VarDecl {
        &self.vars[v.0 as usize]
    }

    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    // ----- terms ------------------------------------------------------------

    pub fn kind(&self, t: TermId) -> &TermKind {
        &self.kinds[t.0 as usize]
    }

    pub fn sort_of(&self, t: TermId) -> SortId {
        self.term_sorts[t.0 as usize]
    }

    pub fn num_terms(&self) -> usize {
        self.kinds.len()
    }

    /// Hash-cons `kind` with the given sort. The caller vouches for the sort;
    /// prefer the checked constructors.
    pub fn intern(&mut self, kind: TermKind, sort: SortId) -> TermId {
        if self.term_table.len() < self.kinds.len() {
            self.rebuild_index();
        }
        let hash = kind_hash(&kind);
        let kinds = &self.kinds;
        if let Some(&t) = self.term_table.find(hash, |&t| kinds[t.0 as usize] == kind) {
            return t;
        }
        let t = TermId(self.kinds.len() as u32);
        let binder = self.kind_has_binder(&kind);
        self.kinds.push(kind);
        self.term_sorts.push(sort);
        self.binders.push(binder);
        let kinds = &self.kinds;
        self.term_table
            .insert_unique(hash, t, |&u| kind_hash(&kinds[u.0 as usize]));
        t
    }

    /// Free the hash-consing table (about 11 bytes a term), for when no
    /// term will be built for a while, e.g. while the result is printed.
    /// Terms keep their ids; the next [`Context::intern`] rebuilds the
    /// table first.
    pub fn release_index(&mut self) {
        self.term_table = hashbrown::HashTable::new();
    }

    fn rebuild_index(&mut self) {
        let kinds = &self.kinds;
        let mut table = hashbrown::HashTable::with_capacity(kinds.len());
        for (i, kind) in kinds.iter().enumerate() {
            table.insert_unique(kind_hash(kind), TermId(i as u32), |&u| {
                kind_hash(&kinds[u.0 as usize])
            });
        }
        self.term_table = table;
    }

    pub fn mk_bool(&mut self, b: bool) -> TermId {
        let s = self.bool_sort();
        self.intern(TermKind::Bool(b), s)
    }

    pub fn mk_int(&mut self, n: impl Into<BigInt>) -> TermId {
        let s = self.int_sort();
        self.intern(TermKind::Int(n.into()), s)
    }

    pub fn mk_real(&mut self, r: BigRational) -> TermId {
        let s = self.real_sort();
        self.intern(TermKind::Real(Box::new(r)), s)
    }

    pub fn mk_var(&mut self, v: VarId) -> TermId {
        let s = self.var(v).sort;
        self.intern(TermKind::Var(v), s)
    }

    pub fn mk_literal(&mut self, text: &str, sort: SortId) -> TermId {
        let s = self.sym(text);
        self.intern(TermKind::Literal(s), sort)
    }

    /// The constant `f` (a 0-ary application).
    pub fn mk_const(&mut self, f: FunId) -> TermId {
        let s = self.fun(f).ret;
        self.intern(TermKind::App(Op::Uf(f), Box::new([])), s)
    }

    /// A binder. Lambda terms get the array sort from their variables.
    pub fn mk_binder(
        &mut self,
        kind: BinderKind,
        vars: Box<[VarId]>,
        body: TermId,
        attrs: Box<[Attr]>,
    ) -> Result<TermId, AppError> {
        let sort = match kind {
            BinderKind::Forall | BinderKind::Exists => {
                if self.sort_of(body) != self.bool_sort() {
                    return Err(AppError::Sort("quantifier body must be Bool".into()));
                }
                self.bool_sort()
            }
            BinderKind::Lambda => {
                if vars.len() != 1 {
                    return Err(AppError::Unsupported(
                        "lambda with several variables".into(),
                    ));
                }
                let i = self.var(vars[0]).sort;
                let e = self.sort_of(body);
                self.sort(SortKind::Array(i, e))
            }
        };
        Ok(self.intern(TermKind::Binder(kind, vars, body, attrs), sort))
    }

    pub fn mk_annot(&mut self, t: TermId, attrs: Box<[Attr]>) -> TermId {
        let s = self.sort_of(t);
        self.intern(TermKind::Annot(t, attrs), s)
    }

    /// Build and sort-check an application. `Int` arguments are accepted
    /// where `Real` is expected (and Int/Real mixes are Real), as z3 and
    /// cvc5 do.
    pub fn mk_app(&mut self, op: Op, args: Vec<TermId>) -> Result<TermId, AppError> {
        let sort = self.app_sort(&op, &args)?;
        Ok(self.intern(TermKind::App(op, args.into()), sort))
    }

    fn app_sort(&mut self, op: &Op, args: &[TermId]) -> Result<SortId, AppError> {
        let (b, i, r) = (self.bool_sort(), self.int_sort(), self.real_sort());
        let sorts: SmallVec<[SortId; 8]> = args.iter().map(|&a| self.sort_of(a)).collect();
        let n = sorts.len();
        let err = |what: &str| Err(AppError::Sort(what.to_string()));
        let all_bool = sorts.iter().all(|&s| s == b);
        let all_num = sorts.iter().all(|&s| s == i || s == r);
        let num_result = if sorts.iter().all(|&s| s == i) { i } else { r };
        match op {
            Op::Not => (n == 1 && all_bool)
                .then_some(b)
                .map_or(err("not expects one Bool"), Ok),
            Op::And | Op::Or => all_bool
                .then_some(b)
                .map_or(err("and/or expect Bool arguments"), Ok),
            Op::Xor | Op::Implies => (n >= 2 && all_bool)
                .then_some(b)
                .map_or(err("xor/=> expect at least two Bool arguments"), Ok),
            Op::Eq | Op::Distinct => {
                // z3 accepts the degenerate one-argument forms.
                if n < 1 || (n < 2 && *op == Op::Eq) {
                    return err("=/distinct expect at least two arguments");
                }
                if all_num || sorts.iter().all(|&s| s == sorts[0]) {
                    Ok(b)
                } else {
                    err("=/distinct arguments must have the same sort")
                }
            }
            Op::Ite => {
                if n != 3 || sorts[0] != b {
                    return err("ite expects a Bool condition and two branches");
                }
                if sorts[1] == sorts[2] {
                    Ok(sorts[1])
                } else if self.is_numeric(sorts[1]) && self.is_numeric(sorts[2]) {
                    Ok(r)
                } else {
                    err("ite branches must have the same sort")
                }
            }
            Op::Add | Op::Sub | Op::Mul => (n >= 1 && all_num)
                .then_some(num_result)
                .map_or(err("arithmetic expects Int or Real arguments"), Ok),
            Op::Neg | Op::Abs => (n == 1 && all_num)
                .then_some(num_result)
                .map_or(err("expects one Int or Real argument"), Ok),
            Op::IntDiv => (n >= 2 && sorts.iter().all(|&s| s == i))
                .then_some(i)
                .map_or(err("div expects Int arguments"), Ok),
            Op::Mod => (n == 2 && sorts.iter().all(|&s| s == i))
                .then_some(i)
                .map_or(err("mod expects two Int arguments"), Ok),
            Op::RealDiv => (n >= 2 && all_num)
                .then_some(r)
                .map_or(err("/ expects Int or Real arguments"), Ok),
            Op::Le | Op::Lt | Op::Ge | Op::Gt => (n >= 2 && all_num)
                .then_some(b)
                .map_or(err("comparison expects Int or Real arguments"), Ok),
            Op::ToReal => (n == 1 && all_num)
                .then_some(r)
                .map_or(err("to_real expects Int"), Ok),
            Op::ToInt => (n == 1 && all_num)
                .then_some(i)
                .map_or(err("to_int expects Real"), Ok),
            Op::IsInt => (n == 1 && all_num)
                .then_some(b)
                .map_or(err("is_int expects Real"), Ok),
            Op::Divisible(k) => {
                if k.is_zero() {
                    return err("divisible needs a positive index");
                }
                (n == 1 && sorts[0] == i)
                    .then_some(b)
                    .map_or(err("divisible expects Int"), Ok)
            }
            Op::Select => {
                if n != 2 {
                    return err("select expects an array and an index");
                }
                match self.sort_kind(sorts[0]).clone() {
                    SortKind::Array(idx, el) if self.compatible(sorts[1], idx) => Ok(el),
                    _ => err("select: wrong array or index sort"),
                }
            }
            Op::Store => {
                if n != 3 {
                    return err("store expects an array, an index and a value");
                }
                match self.sort_kind(sorts[0]).clone() {
                    SortKind::Array(idx, el)
                        if self.compatible(sorts[1], idx) && self.compatible(sorts[2], el) =>
                    {
                        Ok(sorts[0])
                    }
                    _ => err("store: wrong array, index or value sort"),
                }
            }
            Op::ConstArray(s) => match self.sort_kind(*s).clone() {
                SortKind::Array(_, el) if n == 1 && self.compatible(sorts[0], el) => Ok(*s),
                _ => err("const array: value sort does not match"),
            },
            Op::Uf(f) => {
                // borrowed, not cloned: this runs for every application read
                let decl = self.fun(*f);
                if decl.args.len() != n {
                    return Err(AppError::Sort(format!(
                        "{} expects {} arguments, got {}",
                        self.sym_name(decl.name),
                        decl.args.len(),
                        n
                    )));
                }
                let mut map = HashMap::new();
                for (&want, &got) in decl.args.iter().zip(&sorts) {
                    if !self.unify(want, got, &mut map) {
                        return Err(AppError::Sort(format!(
                            "argument of {} has the wrong sort",
                            self.sym_name(decl.name)
                        )));
                    }
                }
                let (ret, params) = (decl.ret, !decl.sort_params.is_empty());
                Ok(if params {
                    self.subst_sort(ret, &map)
                } else {
                    ret
                })
            }
            Op::Other(head) => {
                let head = self.sym_name(*head).to_string();
                crate::theory::other_sort(self, &head, &sorts)
                    .ok_or_else(|| AppError::Unsupported(format!("operator {head}")))
            }
        }
    }

    /// True if applying `f` to `args` is well-sorted.
    pub fn clone_check_app(&mut self, f: FunId, args: &[TermId]) -> bool {
        self.app_sort(&Op::Uf(f), args).is_ok()
    }

    /// `got` may be used where `want` is expected (equal, or Int for Real).
    pub fn compatible(&self, got: SortId, want: SortId) -> bool {
        got == want || (got == self.int_sort() && want == self.real_sort())
    }

    /// Match a declared argument sort (possibly with parameters) against an
    /// actual sort, extending `map`.
    fn unify(&self, want: SortId, got: SortId, map: &mut HashMap<Sym, SortId>) -> bool {
        if self.compatible(got, want) {
            return true;
        }
        match (self.sort_kind(want), self.sort_kind(got)) {
            (SortKind::Param(p), _) => match map.get(p) {
                Some(&bound) => bound == got,
                None => {
                    map.insert(*p, got);
                    true
                }
            },
            (SortKind::Array(wi, we), SortKind::Array(gi, ge)) => {
                let (wi, we, gi, ge) = (*wi, *we, *gi, *ge);
                self.unify(wi, gi, map) && self.unify(we, ge, map)
            }
            (SortKind::Named(wn, wa), SortKind::Named(gn, ga))
                if wn == gn && wa.len() == ga.len() =>
            {
                let pairs: Vec<_> = wa.iter().copied().zip(ga.iter().copied()).collect();
                pairs.into_iter().all(|(w, g)| self.unify(w, g, map))
            }
            _ => false,
        }
    }

    /// Children of a term in a fixed order (binder bodies and pattern terms
    /// included). Used by iterative traversals.
    /// Whether `t` contains a quantifier, `lambda` or `match` anywhere
    /// (patterns of annotations included). Constant time.
    pub fn has_binder(&self, t: TermId) -> bool {
        self.binders[t.0 as usize]
    }

    fn kind_has_binder(&self, kind: &TermKind) -> bool {
        let any = |ts: &[TermId]| ts.iter().any(|&c| self.binders[c.0 as usize]);
        match kind {
            TermKind::Binder(..) | TermKind::Match(..) => true,
            TermKind::App(_, args) => any(args),
            TermKind::Annot(body, attrs) => {
                self.binders[body.0 as usize]
                    || attrs.iter().any(|a| match &a.value {
                        AttrValue::Terms(ts) => any(ts),
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    /// The children of `t`: an application's arguments, a binder's or an
    /// annotation's body and then its pattern terms, a match's scrutinee
    /// and then its cases' bodies. Most terms have a few, kept inline
    /// ([`Children`]): the walks over every subterm ask for them at each
    /// node.
    pub fn children(&self, t: TermId) -> Children {
        match self.kind(t) {
            TermKind::App(_, args) => Children::from_slice(args),
            TermKind::Binder(_, _, body, attrs) | TermKind::Annot(body, attrs) => {
                let mut v = Children::new();
                v.push(*body);
                for a in attrs.iter() {
                    if let AttrValue::Terms(ts) = &a.value {
                        v.extend(ts.iter().copied());
                    }
                }
                v
            }
            TermKind::Match(s, cases) => {
                let mut v = Children::new();
                v.push(*s);
                v.extend(cases.iter().map(|c| c.body));
                v
            }
            _ => Children::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script stores one kind per term: keep it small (literals with big
    /// payloads are boxed).
    #[test]
    fn term_kind_stays_small() {
        assert!(std::mem::size_of::<TermKind>() <= 40);
        assert!(std::mem::size_of::<Op>() <= 16);
    }
}
