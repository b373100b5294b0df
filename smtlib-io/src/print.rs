//! Deterministic SMT-LIB printing of terms, sorts and scripts.
//!
//! Terms are printed without recursion. Bound variables get names unique in
//! the whole output (their own name when free of clashes, else `name!k`),
//! so no printed binder captures anything. Ground subterms that occur more
//! than once in an assertion are shared through `let`, so a hash-consed DAG
//! prints in size linear in the DAG, not in its tree expansion. No `let`
//! encloses a `:named` annotation (solvers reject a name under a binder):
//! the subterms free of names below one share through lets of their own.

use crate::memo::TermMemo;
use crate::names::{Base, Names};
use crate::script::{CommandKind, Script};
use crate::sexpr::is_simple_symbol;
use crate::sort::{SortId, SortKind};
use crate::term::{AttrValue, BinderKind, Children, Context, Op, TermId, TermKind, VarId};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use std::rc::Rc;

const RESERVED: &[&str] = &[
    "!",
    "_",
    "as",
    "BINARY",
    "DECIMAL",
    "exists",
    "HEXADECIMAL",
    "forall",
    "let",
    "match",
    "NUMERAL",
    "par",
    "STRING",
    "lambda",
    "assert",
    "check-sat",
    "check-sat-assuming",
    "declare-const",
    "declare-datatype",
    "declare-datatypes",
    "declare-fun",
    "declare-sort",
    "define-fun",
    "define-fun-rec",
    "define-funs-rec",
    "define-sort",
    "echo",
    "exit",
    "get-assertions",
    "get-assignment",
    "get-info",
    "get-model",
    "get-option",
    "get-proof",
    "get-unsat-assumptions",
    "get-unsat-core",
    "get-value",
    "pop",
    "push",
    "reset",
    "reset-assertions",
    "set-info",
    "set-logic",
    "set-option",
];

/// `name` as an SMT-LIB symbol token: bare when it may be, else `|name|`.
/// Names that z3 would read as numbers (`-5`) are quoted too.
pub fn quote_symbol(name: &str) -> String {
    let numeric = name
        .strip_prefix('-')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit() || c == b'.'));
    if is_simple_symbol(name) && !RESERVED.contains(&name) && !numeric {
        name.to_string()
    } else {
        format!("|{name}|")
    }
}

fn write_int(out: &mut String, n: &BigInt) {
    if n.is_negative() {
        let _ = write!(out, "(- {})", -n);
    } else {
        let _ = write!(out, "{n}");
    }
}

/// Real literals: a decimal when the denominator divides a power of ten,
/// else `(/ p.0 q.0)`; negatives as `(- r)`.
fn write_real(out: &mut String, r: &BigRational) {
    if r.is_negative() {
        out.push_str("(- ");
        write_real(out, &-r);
        out.push(')');
        return;
    }
    let (num, den) = (r.numer(), r.denom());
    let mut d = den.clone();
    let five = BigInt::from(5);
    // A denominator is positive, so it has a lowest set bit.
    let twos = den.trailing_zeros().unwrap_or(0);
    d >>= twos;
    let mut fives = 0u64;
    while (&d % &five).is_zero() {
        d /= &five;
        fives += 1;
    }
    if d.is_one() {
        let digits = twos.max(fives);
        let digits = usize::try_from(digits).expect("a denominator's digits fit in memory");
        let scaled = num * BigInt::from(10u32).pow(digits as u32) / den;
        if digits == 0 {
            let _ = write!(out, "{scaled}.0");
        } else {
            // Padded by hand: `format!` widths are limited to u16.
            let s = scaled.to_string();
            let zeros = (digits + 1).saturating_sub(s.len());
            let s = "0".repeat(zeros) + &s;
            let (i, f) = s.split_at(s.len() - digits);
            let _ = write!(out, "{i}.{f}");
        }
    } else {
        let _ = write!(out, "(/ {num}.0 {den}.0)");
    }
}

enum Item {
    Str(&'static str),
    Text(String),
    Term(TermId),
    /// Enter a scope: bind its variables and its shared subterms, then
    /// print the body.
    Scope(TermId, Vec<VarId>),
    /// A let name becomes usable (after its definition is printed).
    Bind(TermId, String),
    /// Leave a scope: forget its let names and variables.
    Exit(Vec<TermId>, Vec<VarId>),
    /// Pattern terms follow (or end): solvers reject `let` names inside
    /// `:pattern`, so they are printed in full.
    PatternsBegin,
    PatternsEnd,
}

struct RootInfo {
    fv: FxHashMap<TermId, Rc<[VarId]>>,
    refs: FxHashMap<TermId, u32>,
    /// The nodes that contain a `:named` annotation, when each of them but
    /// the root is used once (a tree of names, as every valid input has):
    /// no `let` may enclose them, since solvers reject a name under a
    /// binder (cvc5: "Cannot name a term in a binder"). Empty otherwise,
    /// and the term prints as before.
    pinned: FxHashSet<TermId>,
    /// The nodes below which (themselves included, patterns not) a shared
    /// term with free variables may be bound by a `let` of a binder's
    /// scope: a scope's walk skips the others, so that nested binders do
    /// not each walk the whole term below them.
    open_lets: FxHashSet<TermId>,
}

/// The children a scope's walk descends to: a binder's body (its patterns
/// print in full), every child of any other node.
fn scope_kids(cx: &Context, t: TermId) -> Children {
    match cx.kind(t) {
        TermKind::Binder(_, _, b, _) => Children::from_slice(&[*b]),
        _ => cx.children(t),
    }
}

/// Is `t` an annotation that names its term?
fn names_term(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Annot(_, attrs)
        if attrs.iter().any(|a| cx.sym_name(a.key) == ":named"))
}

/// Terms smaller than this (in tree nodes) print inline even when shared:
/// a `let` would be longer than the term.
const MIN_LET_SIZE: u64 = 4;

/// Is the tree size of `t` (as [`tree_sizes`] counts it) at least `n`?
/// Visits at most `n` nodes, so it needs no memo for a small `n`.
fn tree_size_reaches(cx: &Context, t: TermId, n: u64) -> bool {
    // every node on the stack is at least one more
    let mut stack = vec![t];
    let mut seen = 0;
    while let Some(u) = stack.pop() {
        seen += 1;
        stack.extend(cx.children(u));
        if seen + stack.len() as u64 >= n {
            return true;
        }
    }
    false
}

/// Tree size (AST nodes, shared subterms counted at each use, saturating)
/// of every term below `root`.
pub fn tree_sizes(cx: &Context, root: TermId, memo: &mut impl TermMemo) -> u64 {
    tree_sum(cx, root, memo, |_| 1)
}

/// Sum of `own(u)` over the nodes `u` of `root` as a tree (a shared
/// subterm at every occurrence), saturating; `memo` holds each subterm's
/// sum. Iterative, and linear in the DAG size.
pub fn tree_sum(
    cx: &Context,
    root: TermId,
    memo: &mut impl TermMemo,
    own: impl Fn(TermId) -> u64,
) -> u64 {
    let mut stack = vec![(root, false)];
    while let Some((u, done)) = stack.pop() {
        if memo.get(u).is_some() {
            continue;
        }
        let kids = cx.children(u);
        if done {
            let s = kids.iter().fold(own(u), |acc, &k| {
                acc.saturating_add(memo.get(k).expect("children are summed first"))
            });
            memo.insert(u, s);
        } else {
            stack.push((u, true));
            for k in kids {
                if memo.get(k).is_none() {
                    stack.push((k, false));
                }
            }
        }
    }
    memo.get(root).expect("the root is summed last")
}

/// Sorted union of sorted variable sets, sharing when one set covers all.
/// One sort of all the members, so that a node with many children costs
/// the size of their sets (times a logarithm), not their product.
fn union_all<'a>(sets: impl Iterator<Item = &'a Rc<[VarId]>>, empty: &Rc<[VarId]>) -> Rc<[VarId]> {
    let sets: Vec<&Rc<[VarId]>> = sets.filter(|s| !s.is_empty()).collect();
    let Some(&largest) = sets.iter().max_by_key(|s| s.len()) else {
        return empty.clone();
    };
    if sets.len() == 1 {
        return largest.clone();
    }
    let mut v: Vec<VarId> = sets.iter().flat_map(|s| s.iter().copied()).collect();
    v.sort_unstable();
    v.dedup();
    if v.len() == largest.len() {
        largest.clone()
    } else {
        Rc::from(v)
    }
}

/// `set` without the variables `remove`.
fn without(set: &Rc<[VarId]>, remove: &[VarId], empty: &Rc<[VarId]>) -> Rc<[VarId]> {
    let mut remove = remove.to_vec();
    remove.sort_unstable();
    let removed = |v: &VarId| remove.binary_search(v).is_ok();
    if !set.iter().any(removed) {
        return set.clone();
    }
    let v: Vec<VarId> = set.iter().copied().filter(|v| !removed(v)).collect();
    if v.is_empty() {
        empty.clone()
    } else {
        Rc::from(v)
    }
}

/// Do the sorted sets `a` and `b` share a member? Looks the members of
/// the smaller one up in the larger one.
fn meet(a: &[VarId], b: &[VarId]) -> bool {
    let (small, large) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    small.iter().any(|v| large.binary_search(v).is_ok())
}

/// The SMT-LIB text of sort `s` (what [`Printer::sort`] prints), without
/// a printer, whose names cost a pass over the whole context.
pub fn sort_text(cx: &Context, s: SortId) -> String {
    match cx.sort_kind(s) {
        SortKind::Bool => "Bool".into(),
        SortKind::Int => "Int".into(),
        SortKind::Real => "Real".into(),
        SortKind::BitVec(w) => format!("(_ BitVec {w})"),
        SortKind::Array(i, e) => format!("(Array {} {})", sort_text(cx, *i), sort_text(cx, *e)),
        SortKind::Named(n, args) if args.is_empty() => quote_symbol(cx.sym_name(*n)),
        SortKind::Named(n, args) => {
            let args: Vec<String> = args.iter().map(|&a| sort_text(cx, a)).collect();
            format!("({} {})", quote_symbol(cx.sym_name(*n)), args.join(" "))
        }
        SortKind::Indexed(n, idx) => {
            let idx: Vec<&str> = idx.iter().map(|&i| cx.sym_name(i)).collect();
            format!("(_ {} {})", cx.sym_name(*n), idx.join(" "))
        }
        SortKind::Param(p) => quote_symbol(cx.sym_name(*p)),
    }
}

/// Prints terms of one [`Context`], keeping bound-variable names unique
/// across everything it prints.
pub struct Printer<'c> {
    cx: &'c Context,
    /// Per variable id: 0 while unnamed, else the suffix of its name
    /// (from its own name as base, see [`Names`]) plus one.
    var_names: Vec<u32>,
    names: Names<'c>,
    /// Print `:named` attributes (off for solver queries built from terms,
    /// in which a name read earlier would be defined twice).
    keep_names: bool,
}

impl<'c> Printer<'c> {
    pub fn new(cx: &'c Context) -> Printer<'c> {
        Printer {
            cx,
            var_names: Vec::new(),
            names: Names::new(cx),
            keep_names: true,
        }
    }

    /// A printer that leaves out `:named` attributes (an annotation with
    /// nothing else prints as its term): for queries that repeat terms of
    /// a script, whose names the script already defined.
    pub fn without_names(cx: &'c Context) -> Printer<'c> {
        Printer {
            keep_names: false,
            ..Printer::new(cx)
        }
    }

    /// A fresh `let` name.
    fn fresh_let(&mut self) -> String {
        let base = self.names.let_base();
        let k = self.names.fresh(base);
        let mut name = String::new();
        self.names.spell(&mut name, base, k);
        name
    }

    fn var_name(&mut self, v: VarId) -> String {
        let i = v.0 as usize;
        if i >= self.var_names.len() {
            self.var_names.resize(self.cx.num_vars().max(i + 1), 0);
        }
        let base = Base::of(self.cx.var(v).name);
        let k = match self.var_names[i] {
            0 => {
                let k = self.names.fresh(base);
                self.var_names[i] = k + 1;
                k
            }
            named => named - 1,
        };
        let mut name = String::new();
        self.names.spell(&mut name, base, k);
        quote_symbol(&name)
    }

    pub fn sort(&self, s: SortId) -> String {
        sort_text(self.cx, s)
    }

    fn op_name(&self, op: &Op) -> String {
        let cx = self.cx;
        match op {
            Op::Not => "not".into(),
            Op::And => "and".into(),
            Op::Or => "or".into(),
            Op::Xor => "xor".into(),
            Op::Implies => "=>".into(),
            Op::Eq => "=".into(),
            Op::Distinct => "distinct".into(),
            Op::Ite => "ite".into(),
            Op::Add => "+".into(),
            Op::Sub | Op::Neg => "-".into(),
            Op::Mul => "*".into(),
            Op::IntDiv => "div".into(),
            Op::Mod => "mod".into(),
            Op::Abs => "abs".into(),
            Op::RealDiv => "/".into(),
            Op::Le => "<=".into(),
            Op::Lt => "<".into(),
            Op::Ge => ">=".into(),
            Op::Gt => ">".into(),
            Op::ToReal => "to_real".into(),
            Op::ToInt => "to_int".into(),
            Op::IsInt => "is_int".into(),
            Op::Divisible(k) => format!("(_ divisible {k})"),
            Op::Select => "select".into(),
            Op::Store => "store".into(),
            Op::ConstArray(s) => format!("(as const {})", self.sort(*s)),
            Op::Uf(f) => quote_symbol(cx.sym_name(cx.fun(*f).name)),
            Op::Other(s) => cx.sym_name(*s).to_string(),
        }
    }

    /// Free variables and reference counts of every node below `root`.
    fn analyse(&self, root: TermId) -> RootInfo {
        let cx = self.cx;
        let mut refs: FxHashMap<TermId, u32> = FxHashMap::default();
        let mut fv: FxHashMap<TermId, Rc<[VarId]>> = FxHashMap::default();
        let empty: Rc<[VarId]> = Rc::from(Vec::new());
        let mut pinned: FxHashSet<TermId> = FxHashSet::default();
        let mut stack = vec![(root, false)];
        let mut post_order = Vec::new();
        while let Some((t, done)) = stack.pop() {
            if done {
                post_order.push(t);
                let set = match cx.kind(t) {
                    TermKind::Var(v) => Rc::from(vec![*v]),
                    TermKind::Binder(_, vars, ..) => {
                        let inner = union_all(cx.children(t).iter().map(|c| &fv[c]), &empty);
                        without(&inner, vars, &empty)
                    }
                    TermKind::Match(sc, cases) => {
                        let mut parts = vec![fv[sc].clone()];
                        for c in cases.iter() {
                            parts.push(without(&fv[&c.body], &c.vars, &empty));
                        }
                        union_all(parts.iter(), &empty)
                    }
                    _ => union_all(cx.children(t).iter().map(|c| &fv[c]), &empty),
                };
                fv.insert(t, set);
                if self.keep_names
                    && (names_term(cx, t) || cx.children(t).iter().any(|c| pinned.contains(c)))
                {
                    pinned.insert(t);
                }
                continue;
            }
            if fv.contains_key(&t) {
                continue;
            }
            stack.push((t, true));
            // Pattern terms print in full, so they do not count as uses.
            let used = match cx.kind(t) {
                TermKind::Binder(_, _, b, _) | TermKind::Annot(b, _) => Children::from_slice(&[*b]),
                _ => cx.children(t),
            };
            for c in used {
                *refs.entry(c).or_default() += 1;
            }
            for c in cx.children(t) {
                if !fv.contains_key(&c) {
                    stack.push((c, false));
                }
            }
        }
        // A name used twice would be printed twice (defined twice) without
        // `let`; keep the old layout for such a DAG, which only an input
        // that already names a term under a `let` can give.
        if pinned
            .iter()
            .any(|&t| t != root && refs.get(&t).copied().unwrap_or(0) > 1)
        {
            pinned.clear();
        }
        let may_bind = |t: TermId| {
            refs.get(&t).copied().unwrap_or(0) > 1
                && !fv[&t].is_empty()
                && !matches!(cx.kind(t), TermKind::Annot(..) | TermKind::Var(_))
                && tree_size_reaches(cx, t, MIN_LET_SIZE)
        };
        let mut open_lets: FxHashSet<TermId> = FxHashSet::default();
        for t in post_order {
            if may_bind(t) || scope_kids(cx, t).iter().any(|c| open_lets.contains(c)) {
                open_lets.insert(t);
            }
        }
        RootInfo {
            fv,
            refs,
            pinned,
            open_lets,
        }
    }

    /// Shared subterms to bind with `let` on entry to a scope: those whose
    /// free variables are all in scope and include one of `here` (for the
    /// root scope, `here` is empty and the terms must be ground). Grouped
    /// into nested lets, inner groups first, since one `let` binds in
    /// parallel.
    fn scope_lets(
        &self,
        info: &RootInfo,
        body: TermId,
        here: &[VarId],
        in_scope: &FxHashSet<VarId>,
    ) -> Vec<Vec<TermId>> {
        let cx = self.cx;
        let mut here = here.to_vec();
        here.sort_unstable();
        let here = &here[..];
        let homed = |t: TermId| {
            let f = &info.fv[&t];
            let shared = info.refs.get(&t).copied().unwrap_or(0) > 1;
            let shape = !matches!(cx.kind(t), TermKind::Annot(..) | TermKind::Var(_))
                && tree_size_reaches(cx, t, MIN_LET_SIZE);
            shared
                && shape
                && f.iter().all(|v| in_scope.contains(v))
                && (if here.is_empty() {
                    f.is_empty()
                } else {
                    meet(f, here)
                })
        };
        // Only nodes that mention a variable of this scope can contain a
        // term homed here (the root scope looks everywhere).
        let enter = |t: TermId| {
            here.is_empty() || (info.open_lets.contains(&t) && meet(&info.fv[&t], here))
        };
        let mut level: FxHashMap<TermId, usize> = FxHashMap::default();
        let mut inner: FxHashMap<TermId, usize> = FxHashMap::default();
        let mut groups: Vec<Vec<TermId>> = Vec::new();
        let mut stack = vec![(body, false)];
        while let Some((t, done)) = stack.pop() {
            if done {
                let mut below = 0;
                for c in cx.children(t) {
                    if let Some(&l) = level.get(&c) {
                        below = below.max(l + 1);
                    } else if let Some(&i) = inner.get(&c) {
                        below = below.max(i);
                    }
                }
                inner.insert(t, below);
                if t != body && homed(t) {
                    level.insert(t, below);
                    if groups.len() <= below {
                        groups.resize(below + 1, Vec::new());
                    }
                    groups[below].push(t);
                }
                continue;
            }
            if inner.contains_key(&t) || !enter(t) {
                continue;
            }
            inner.insert(t, 0);
            stack.push((t, true));
            // Pattern terms are printed outside the let, so never look there.
            for c in scope_kids(cx, t).into_iter().rev() {
                if !inner.contains_key(&c) {
                    stack.push((c, false));
                }
            }
        }
        groups
    }

    /// Print one term, sharing repeated subterms through `let`.
    pub fn term(&mut self, root: TermId) -> String {
        let info = self.analyse(root);
        let mut out = String::new();
        let mut lets: FxHashMap<TermId, String> = FxHashMap::default();
        let mut in_scope: FxHashSet<VarId> = FxHashSet::default();
        let mut stack = vec![Item::Scope(root, Vec::new())];
        let mut in_patterns = 0usize;
        while let Some(item) = stack.pop() {
            let t = match item {
                Item::Str(s) => {
                    out.push_str(s);
                    continue;
                }
                Item::Text(s) => {
                    out.push_str(&s);
                    continue;
                }
                Item::Bind(t, name) => {
                    lets.insert(t, name);
                    continue;
                }
                Item::Exit(ts, vars) => {
                    for t in ts {
                        lets.remove(&t);
                    }
                    for v in vars {
                        in_scope.remove(&v);
                    }
                    continue;
                }
                Item::Scope(body, vars) => {
                    in_scope.extend(vars.iter().copied());
                    if info.pinned.contains(&body) {
                        // no `let` around a name: the subterms free of
                        // names open scopes of their own (`Item::Term`)
                        stack.push(Item::Exit(Vec::new(), vars));
                        stack.push(Item::Term(body));
                        continue;
                    }
                    let groups = self.scope_lets(&info, body, &vars, &in_scope);
                    let bound: Vec<TermId> = groups.iter().flatten().copied().collect();
                    stack.push(Item::Exit(bound, vars));
                    for _ in &groups {
                        stack.push(Item::Str(")"));
                    }
                    stack.push(Item::Term(body));
                    for group in groups.iter().rev() {
                        stack.push(Item::Str(") "));
                        let named: Vec<(TermId, String)> =
                            group.iter().map(|&t| (t, self.fresh_let())).collect();
                        for (i, (t, name)) in named.into_iter().enumerate().rev() {
                            stack.push(Item::Bind(t, name.clone()));
                            stack.push(Item::Str(")"));
                            stack.push(Item::Term(t));
                            let sep = if i == 0 { "" } else { " " };
                            stack.push(Item::Text(format!("{sep}({name} ")));
                        }
                        stack.push(Item::Str("(let ("));
                    }
                    continue;
                }
                Item::PatternsBegin => {
                    in_patterns += 1;
                    continue;
                }
                Item::PatternsEnd => {
                    in_patterns -= 1;
                    continue;
                }
                Item::Term(t) => t,
            };
            // Below a pinned node, each subterm free of names is printed
            // on its own, with its own lets (counted within it).
            let split = info.pinned.contains(&t) && in_patterns == 0;
            let open = |p: &mut Printer<'c>, c: TermId| {
                if split && !info.pinned.contains(&c) {
                    Item::Text(p.term(c))
                } else {
                    Item::Term(c)
                }
            };
            if in_patterns == 0 {
                if let Some(name) = lets.get(&t) {
                    out.push_str(name);
                    continue;
                }
            }
            let cx = self.cx;
            match cx.kind(t) {
                TermKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                TermKind::Int(n) => write_int(&mut out, n),
                TermKind::Real(r) => write_real(&mut out, r),
                TermKind::Literal(s) => out.push_str(cx.sym_name(*s)),
                TermKind::Var(v) => {
                    let n = self.var_name(*v);
                    out.push_str(&n);
                }
                TermKind::App(op, args) if args.is_empty() => out.push_str(&self.op_name(op)),
                TermKind::App(op, args) => {
                    let _ = write!(out, "({}", self.op_name(op));
                    stack.push(Item::Str(")"));
                    for &a in args.iter().rev() {
                        let item = open(self, a);
                        stack.push(item);
                        stack.push(Item::Str(" "));
                    }
                }
                TermKind::Binder(kind, vars, body, attrs) => {
                    let kw = match kind {
                        BinderKind::Forall => "forall",
                        BinderKind::Exists => "exists",
                        BinderKind::Lambda => "lambda",
                    };
                    let decls: Vec<String> = vars
                        .iter()
                        .map(|&v| format!("({} {})", self.var_name(v), self.sort(cx.var(v).sort)))
                        .collect();
                    let _ = write!(out, "({kw} ({}) ", decls.join(" "));
                    stack.push(Item::Str(")"));
                    // Attributes are pushed first so they print after the
                    // scope has closed: patterns never see the body's lets.
                    self.push_annotated(&mut stack, Item::Scope(*body, vars.to_vec()), attrs);
                }
                TermKind::Annot(inner, attrs) => {
                    let body = open(self, *inner);
                    if self.keep_names {
                        self.push_annotated(&mut stack, body, attrs)
                    } else {
                        let kept: Vec<crate::term::Attr> = attrs
                            .iter()
                            .filter(|a| cx.sym_name(a.key) != ":named")
                            .cloned()
                            .collect();
                        self.push_annotated(&mut stack, body, &kept)
                    }
                }
                TermKind::Match(s, cases) => {
                    out.push_str("(match ");
                    stack.push(Item::Str("))"));
                    for (i, c) in cases.iter().enumerate().rev() {
                        stack.push(Item::Str(")"));
                        stack.push(Item::Term(c.body));
                        let pat = match c.ctor {
                            None => self.var_name(c.vars[0]),
                            Some(f) if c.vars.is_empty() => {
                                quote_symbol(cx.sym_name(cx.fun(f).name))
                            }
                            Some(f) => {
                                let vs: Vec<String> =
                                    c.vars.iter().map(|&v| self.var_name(v)).collect();
                                format!(
                                    "({} {})",
                                    quote_symbol(cx.sym_name(cx.fun(f).name)),
                                    vs.join(" ")
                                )
                            }
                        };
                        let sep = if i == 0 { "" } else { " " };
                        stack.push(Item::Text(format!("{sep}({pat} ")));
                    }
                    stack.push(Item::Str(" ("));
                    let item = open(self, *s);
                    stack.push(item);
                }
            }
        }
        out
    }

    fn push_annotated(&mut self, stack: &mut Vec<Item>, body: Item, attrs: &[crate::term::Attr]) {
        if attrs.is_empty() {
            stack.push(body);
            return;
        }
        let cx = self.cx;
        stack.push(Item::Str(")"));
        for a in attrs.iter().rev() {
            match &a.value {
                AttrValue::None => {}
                AttrValue::Raw(s) => stack.push(Item::Text(format!(" {}", cx.sym_name(*s)))),
                AttrValue::Terms(ts) => {
                    let is_pattern = cx.sym_name(a.key) == ":pattern";
                    stack.push(Item::PatternsEnd);
                    if is_pattern {
                        stack.push(Item::Str(")"));
                    }
                    for (i, &t) in ts.iter().enumerate().rev() {
                        stack.push(Item::Term(t));
                        if i > 0 {
                            stack.push(Item::Str(" "));
                        }
                    }
                    stack.push(Item::Str(if is_pattern { " (" } else { " " }));
                    stack.push(Item::PatternsBegin);
                }
            }
            stack.push(Item::Text(format!(" {}", cx.sym_name(a.key))));
        }
        stack.push(body);
        stack.push(Item::Str("(! "));
    }
}

/// Print a whole script: readable assertions from their terms, every other
/// command verbatim, one command per line.
pub fn print_script(script: &Script) -> String {
    let mut out = Vec::new();
    write_script(script, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("printed SMT-LIB is UTF-8")
}

/// [`print_script`] written to `w` command by command, so that the whole
/// text is never held in memory (only the largest assertion's).
pub fn write_script(script: &Script, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut p = Printer::new(&script.cx);
    for c in &script.commands {
        match c.kind {
            CommandKind::Assert(t) if c.verbatim_term != Some(t) => {
                w.write_all(b"(assert ")?;
                w.write_all(p.term(t).as_bytes())?;
                w.write_all(b")")?;
            }
            _ => w.write_all(c.text.as_bytes())?,
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::write_real;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    fn real(r: BigRational) -> String {
        let mut s = String::new();
        write_real(&mut s, &r);
        s
    }

    #[test]
    fn decimals_print_with_their_leading_zeros() {
        let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
        assert_eq!(real(r(1, 8)), "0.125");
        assert_eq!(real(r(-3, 40)), "(- 0.075)");
        assert_eq!(real(r(5, 1)), "5.0");
        assert_eq!(real(r(1, 3)), "(/ 1.0 3.0)");
    }

    #[test]
    fn a_decimal_longer_than_a_format_width_prints() {
        let digits = 70_000;
        let r = BigRational::new(BigInt::from(1), BigInt::from(10u32).pow(digits));
        let s = real(r);
        assert_eq!(s.len(), digits as usize + 2);
        assert!(s.starts_with("0.000") && s.ends_with("01"), "{}", &s[..10]);
    }
}
