//! Seeing through the encodings of VC generators such as Why3 and Boogie:
//! definitions given as axioms, records given as a sort with a constructor
//! and projections, and wrapper functions with round-trip axioms.
//!
//! * [`Unfold`] (`unfold`): an axiom `∀x̄. f(x̄) = body` (also under
//!   `(! … :pattern …)`, nested `forall`s, either side of `=`, Boolean `=`
//!   being the iff form) with the arguments of `f` the distinct quantified
//!   variables and `f` not occurring in `body` is a *definition*: every
//!   application `f(t̄)` elsewhere becomes `body[t̄/x̄]`. Definitions that
//!   are recursive through other definitions are not used. Non-recursive
//!   `define-fun`s are expanded the same way (the reader keeps them as
//!   symbols). An unconditional axiom `∀x̄. l = r` where `l` is a function
//!   application with a non-variable argument (`tb2t(t2tb x) = x`,
//!   `p_i(mk(u1..un)) = u_i`, `U_2_int(int_2_U x) = x`) is an *oriented
//!   rewrite* `l → r` when every instance makes the term smaller: `r` has
//!   fewer nodes than `l`, no variable occurs more often in `r` than in
//!   `l`, and every function of `r` occurs in `l`. Both kinds are instances
//!   of facts that stay in the script, so the rewritten assertion is
//!   equivalent to the original under the facts.
//!   Rewriting is bounded by [`Unfold::max_steps`] per assertion (a
//!   definition whose body contains the left side of an oriented rule could
//!   otherwise loop); every intermediate term is equivalent.
//!   A function that occurs in a `:pattern` of any quantifier other than its
//!   own definition ([`trigger_functions`]) is not unfolded: its ground
//!   applications are what fires those triggers, and a VC generator that
//!   relies on E-matching (Boogie, Viper, Dafny with MBQI off) goes from
//!   milliseconds to a timeout without them.
//! * [`Records`] (`records`): see its documentation.
//! * [`prune_definitions`]: dropping the definitions of symbols that no
//!   longer occur (a conservative extension), and [`prune_unused`], the
//!   opt-in relevance filter.

use crate::pass::{Budget, PassContext, ScriptChange, ScriptPass, TermPass, TraceEvent};
use crate::passes::registry::Marker;
use crate::size::tree_size;
use crate::term;
use smtlib_io::{
    AttrValue, BinderKind, CommandKind, Context, FunId, FunKind, Op, Script, SortId, TermId,
    TermKind, VarId,
};
use std::collections::{BTreeSet, HashMap, HashSet};

/// `f(x̄) = body`, read from an axiom or a `define-fun`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub fun: FunId,
    pub params: Vec<VarId>,
    pub body: TermId,
}

/// `∀vars. lhs = rhs`, used left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oriented {
    pub vars: Vec<VarId>,
    pub lhs: TermId,
    pub rhs: TermId,
}

/// The quantified variables and matrix of an axiom: nested `forall`s and
/// `(! … :pattern …)` annotations are looked through (a `:named` axiom too;
/// its name is kept by whoever keeps the axiom).
pub(crate) fn axiom_matrix(cx: &Context, mut t: TermId) -> (Vec<VarId>, TermId) {
    let mut vars = Vec::new();
    loop {
        match cx.kind(t) {
            TermKind::Binder(BinderKind::Forall, vs, body, _) => {
                vars.extend(vs.iter().copied());
                t = *body;
            }
            TermKind::Annot(body, _) => t = *body,
            _ => return (vars, t),
        }
    }
}

fn contains_fun(cx: &Context, t: TermId, f: FunId, memo: &mut HashMap<TermId, bool>) -> bool {
    if let Some(&b) = memo.get(&t) {
        return b;
    }
    let b = match cx.kind(t) {
        TermKind::App(Op::Uf(g), _) if *g == f => true,
        TermKind::Binder(_, _, _, _) | TermKind::Annot(..) => {
            // patterns are not part of the meaning; look at the body only
            let body = match cx.kind(t) {
                TermKind::Binder(_, _, b, _) | TermKind::Annot(b, _) => *b,
                _ => unreachable!(),
            };
            contains_fun(cx, body, f, memo)
        }
        _ => cx
            .children(t)
            .into_iter()
            .any(|c| contains_fun(cx, c, f, memo)),
    };
    memo.insert(t, b);
    b
}

/// The uninterpreted function symbols of `t`, patterns included.
pub(crate) fn funs_of(cx: &Context, t: TermId, out: &mut BTreeSet<FunId>) {
    let mut seen = HashSet::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if let TermKind::App(Op::Uf(f), _) = cx.kind(t) {
            out.insert(*f);
        }
        if let TermKind::Binder(_, _, _, attrs) | TermKind::Annot(_, attrs) = cx.kind(t) {
            for a in attrs.iter() {
                if let AttrValue::Terms(ts) = &a.value {
                    stack.extend(ts.iter().copied());
                }
            }
        }
        stack.extend(cx.children(t));
    }
}

/// The functions that occur in the `:pattern`s of the quantifiers in
/// `facts`, except that a definition's own patterns do not count for the
/// function it defines (`∀x. f(x) = body` triggered on `f(x)`).
pub fn trigger_functions(cx: &Context, facts: &[TermId]) -> BTreeSet<FunId> {
    let mut out = BTreeSet::new();
    for &fact in facts {
        let own = as_definition(cx, fact).map(|d| d.fun);
        let mut in_patterns = BTreeSet::new();
        let mut seen = HashSet::new();
        let mut stack = vec![fact];
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            if let TermKind::Binder(_, _, _, attrs) | TermKind::Annot(_, attrs) = cx.kind(t) {
                for a in attrs.iter() {
                    if let AttrValue::Terms(ts) = &a.value {
                        for &p in ts.iter() {
                            funs_of(cx, p, &mut in_patterns);
                        }
                    }
                }
            }
            stack.extend(cx.children(t));
        }
        out.extend(in_patterns.into_iter().filter(|&f| Some(f) != own));
    }
    out
}

/// `t` as a quantified equation `∀x̄. a = b` (at least one variable): the
/// variables and the two sides.
fn axiom_equation(cx: &Context, t: TermId) -> Option<(Vec<VarId>, [TermId; 2])> {
    let (vars, m) = axiom_matrix(cx, t);
    if vars.is_empty() {
        return None;
    }
    match cx.kind(m) {
        TermKind::App(Op::Eq, args) if args.len() == 2 => Some((vars, [args[0], args[1]])),
        _ => None,
    }
}

/// Read `t` as a definition `∀x̄. f(x̄) = body` (see the module doc).
pub fn as_definition(cx: &Context, t: TermId) -> Option<Definition> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    for (l, r) in [(a, b), (b, a)] {
        let TermKind::App(Op::Uf(f), fargs) = cx.kind(l) else {
            continue;
        };
        if cx.fun(*f).kind != FunKind::Declared || fargs.len() != vars.len() {
            continue;
        }
        let mut params = Vec::new();
        for &a in fargs.iter() {
            match cx.kind(a) {
                TermKind::Var(v) if vars.contains(v) && !params.contains(v) => params.push(*v),
                _ => break,
            }
        }
        if params.len() != vars.len() || contains_fun(cx, r, *f, &mut HashMap::new()) {
            continue;
        }
        return Some(Definition {
            fun: *f,
            params,
            body: r,
        });
    }
    None
}

/// Occurrences of each variable in `t` (as a tree), and its node count.
fn var_counts(cx: &Context, t: TermId, counts: &mut HashMap<VarId, u64>) -> u64 {
    match cx.kind(t) {
        TermKind::Var(v) => {
            *counts.entry(*v).or_insert(0) += 1;
            1
        }
        _ => {
            1 + cx
                .children(t)
                .into_iter()
                .map(|c| var_counts(cx, c, counts))
                .sum::<u64>()
        }
    }
}

/// Read `t` as an oriented rewrite (see the module doc).
pub fn as_oriented(cx: &Context, t: TermId) -> Option<Oriented> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    for (l, r) in [(a, b), (b, a)] {
        let TermKind::App(Op::Uf(_), largs) = cx.kind(l) else {
            continue;
        };
        if largs
            .iter()
            .all(|&a| matches!(cx.kind(a), TermKind::Var(_)))
        {
            continue; // a definition's shape, not a rewrite of a nested term
        }
        if term::has_binder(cx, l) || term::has_binder(cx, r) {
            continue;
        }
        let (mut lc, mut rc) = (HashMap::new(), HashMap::new());
        let (ln, rn) = (var_counts(cx, l, &mut lc), var_counts(cx, r, &mut rc));
        let decreasing = rn < ln && rc.iter().all(|(v, n)| lc.get(v).is_some_and(|m| n <= m));
        // A rewrite that brings in a function the left side lacks can fire
        // triggers the input never fired (`MapType2Type(type x, bool)` to
        // `type(Set#Singleton x)` starts a matching loop in Boogie's set
        // axioms); only rewrites that remove structure are used.
        let (mut lf, mut rf) = (BTreeSet::new(), BTreeSet::new());
        funs_of(cx, l, &mut lf);
        funs_of(cx, r, &mut rf);
        if decreasing && rf.is_subset(&lf) && vars.iter().all(|v| lc.contains_key(v)) {
            return Some(Oriented {
                vars,
                lhs: l,
                rhs: r,
            });
        }
    }
    None
}

/// Does `t` contain a `match` (which substitution does not enter)?
fn has_match(cx: &Context, t: TermId) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if matches!(cx.kind(t), TermKind::Match(..)) {
            return true;
        }
        stack.extend(cx.children(t));
    }
    false
}

/// Instantiate `body` (over `params`) with `args`; binders are freshened so
/// that no variable is bound twice in one assertion.
fn instantiate(cx: &mut Context, body: TermId, m: &HashMap<VarId, TermId>) -> TermId {
    let r = term::subst(cx, body, m);
    if term::has_binder(cx, r) {
        term::freshen(cx, r)
    } else {
        r
    }
}

/// The rules a rewrite uses: definitions (acyclic) and oriented equations.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    pub definitions: HashMap<FunId, Definition>,
    pub oriented: Vec<Oriented>,
}

/// Rules a rewrite must not apply: the rewritten formula's own definition
/// (of this function) or oriented equation.
#[derive(Clone, Debug, Default)]
pub struct Skip {
    pub definition_of: Option<FunId>,
    pub oriented: Option<Oriented>,
}

impl RuleSet {
    /// Rules from `facts` and the `define-fun`s `defined`. Definitions on a
    /// cycle (f's body uses g, g's uses f) are left out; the first
    /// definition of a symbol wins (the others are facts like any other).
    pub fn from_facts(cx: &Context, facts: &[TermId], defined: &[Definition]) -> RuleSet {
        let mut defs: HashMap<FunId, Definition> = HashMap::new();
        let mut oriented = Vec::new();
        // (substitution does not enter `match`: such bodies are not used)
        for d in defined.iter().filter(|d| !has_match(cx, d.body)) {
            defs.entry(d.fun).or_insert_with(|| d.clone());
        }
        let triggers = trigger_functions(cx, facts);
        for &f in facts.iter().filter(|&&f| !has_match(cx, f)) {
            if let Some(d) = as_definition(cx, f) {
                if triggers.contains(&d.fun) {
                    continue;
                }
                defs.entry(d.fun).or_insert(d);
            } else if let Some(o) = as_oriented(cx, f) {
                if !oriented.contains(&o) {
                    oriented.push(o);
                }
            }
        }
        // drop definitions that reach themselves through other definitions
        let uses: HashMap<FunId, BTreeSet<FunId>> = defs
            .iter()
            .map(|(&f, d)| {
                let mut s = BTreeSet::new();
                funs_of(cx, d.body, &mut s);
                s.retain(|g| defs.contains_key(g));
                (f, s)
            })
            .collect();
        let cyclic: Vec<FunId> = defs
            .keys()
            .copied()
            .filter(|&f| {
                let mut seen = HashSet::new();
                let mut stack: Vec<FunId> = uses[&f].iter().copied().collect();
                while let Some(g) = stack.pop() {
                    if g == f {
                        return true;
                    }
                    if seen.insert(g) {
                        stack.extend(uses[&g].iter().copied());
                    }
                }
                false
            })
            .collect();
        for f in cyclic {
            defs.remove(&f);
        }
        RuleSet {
            definitions: defs,
            oriented,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.definitions.is_empty() && self.oriented.is_empty()
    }

    /// Rewrite `t` bottom-up to a normal form, at most `fuel` rule
    /// applications. The result is equivalent to `t` under the facts the
    /// rules come from.
    pub fn rewrite(&self, cx: &mut Context, t: TermId, skip: &Skip, fuel: &mut usize) -> TermId {
        let mut memo = HashMap::new();
        self.go(cx, t, skip, fuel, &mut memo)
    }

    fn go(
        &self,
        cx: &mut Context,
        t: TermId,
        skip: &Skip,
        fuel: &mut usize,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args
                    .iter()
                    .map(|&a| self.go(cx, a, skip, fuel, memo))
                    .collect();
                let t2 = if new[..] == args[..] {
                    t
                } else {
                    cx.mk_app(op, new).unwrap_or(t)
                };
                match self.step(cx, t2, skip, fuel) {
                    Some(s) => self.go(cx, s, skip, fuel, memo),
                    None => t2,
                }
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = self.go(cx, body, skip, fuel, memo);
                if nb == body {
                    t
                } else {
                    // Same variables, so the patterns stay valid; they are
                    // kept as written (z3 instantiates by them).
                    cx.mk_binder(k, vs, nb, attrs).unwrap_or(t)
                }
            }
            TermKind::Annot(body, attrs) => {
                let nb = self.go(cx, body, skip, fuel, memo);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }

    /// One rule application at the root of `t`.
    fn step(&self, cx: &mut Context, t: TermId, skip: &Skip, fuel: &mut usize) -> Option<TermId> {
        if *fuel == 0 {
            return None;
        }
        let TermKind::App(Op::Uf(f), args) = cx.kind(t).clone() else {
            return None;
        };
        let r = if let Some(d) = self
            .definitions
            .get(&f)
            .filter(|_| skip.definition_of != Some(f))
        {
            let m: HashMap<VarId, TermId> =
                d.params.iter().copied().zip(args.iter().copied()).collect();
            Some(instantiate(cx, d.body, &m))
        } else {
            self.oriented
                .iter()
                .filter(|&o| skip.oriented.as_ref() != Some(o))
                .find_map(|o| {
                    let mut m = HashMap::new();
                    term::match_term(cx, o.lhs, t, &o.vars, &mut m)
                        .then(|| term::subst(cx, o.rhs, &m))
                })
        };
        if r.is_some() {
            *fuel -= 1;
        }
        r
    }
}

/// The non-recursive `define-fun`s of a script whose bodies vcsimp read
/// (constants included: `(define-fun blockDim () dim3 (mk_dim3 n 1 1))`).
pub fn script_definitions(script: &Script) -> Vec<Definition> {
    script
        .commands
        .iter()
        .filter_map(|c| match &c.kind {
            CommandKind::Define { fun, params, body } => Some(Definition {
                fun: *fun,
                params: params.to_vec(),
                body: *body,
            }),
            _ => None,
        })
        .collect()
}

/// The `unfold` pass (see the module doc).
pub struct Unfold {
    /// `define-fun`s of the script, expanded like definitional axioms.
    pub defined: Vec<Definition>,
    /// Rule applications per assertion.
    pub max_steps: usize,
    /// A rewrite may grow an assertion to at most this many AST nodes (or
    /// 16 times its size, whichever is larger).
    pub max_nodes: u64,
    cache: HashMap<Vec<TermId>, RuleSet>,
}

impl Default for Unfold {
    fn default() -> Unfold {
        Unfold {
            defined: Vec::new(),
            max_steps: 10_000,
            max_nodes: 100_000,
            cache: HashMap::new(),
        }
    }
}

impl Unfold {
    pub fn with_defined(defined: Vec<Definition>) -> Unfold {
        Unfold {
            defined,
            ..Unfold::default()
        }
    }
}

impl TermPass for Unfold {
    fn name(&self) -> &'static str {
        "unfold"
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        // One rule set for the facts *and* `t`: for a script without
        // push/pop that is the same set for every assertion, so it is built
        // once (per assertion it was quadratic). `t`'s own rule, if it is a
        // definition or an oriented equation, is skipped below: a formula
        // must not justify its own rewriting.
        let mut key = ctx.facts.to_vec();
        key.push(t);
        key.sort();
        key.dedup();
        if !self.cache.contains_key(&key) {
            let rs = RuleSet::from_facts(cx, &key, &self.defined);
            self.cache.clear();
            self.cache.insert(key.clone(), rs);
        }
        let rules = &self.cache[&key];
        if rules.is_empty() {
            return None;
        }
        let definition_of = as_definition(cx, t).map(|d| d.fun);
        let skip = Skip {
            definition_of,
            oriented: definition_of
                .is_none()
                .then(|| as_oriented(cx, t))
                .flatten(),
        };
        let mut fuel = self.max_steps;
        let r = rules.rewrite(cx, t, &skip, &mut fuel);
        if r == t {
            return None;
        }
        let mut memo = HashMap::new();
        let (b, a) = (tree_size(cx, t, &mut memo), tree_size(cx, r, &mut memo));
        if a > self.max_nodes.max(b.saturating_mul(16)) {
            return None;
        }
        ctx.trace.push(TraceEvent {
            rule: "unfold".into(),
            before: t,
            after: r,
        });
        Some(r)
    }
}

/// A record sort: every value is `ctor` of its projections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub sort: SortId,
    pub ctor: FunId,
    /// `projs[i]` gives field `i` (`projs[i](ctor(ū)) = u_i`).
    pub projs: Vec<FunId>,
}

/// Records declared as SMT-LIB datatypes with exactly one constructor and
/// no sort parameters. The reader declares a constructor's selectors right
/// after the constructor, in field order.
pub fn datatype_records(cx: &Context) -> Vec<Record> {
    let funs: Vec<(FunId, smtlib_io::FunDecl)> = cx.funs().map(|(f, d)| (f, d.clone())).collect();
    let mut ctors: HashMap<SortId, Vec<usize>> = HashMap::new();
    for (i, (_, d)) in funs.iter().enumerate() {
        if d.kind == FunKind::Constructor {
            ctors.entry(d.ret).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for (sort, cs) in ctors {
        if cs.len() != 1 {
            continue;
        }
        let i = cs[0];
        let (ctor, d) = &funs[i];
        if !d.sort_params.is_empty() || d.args.is_empty() {
            continue;
        }
        let n = d.args.len();
        let sels: Vec<&(FunId, smtlib_io::FunDecl)> = funs[i + 1..].iter().take(n).collect();
        let ok = sels.len() == n
            && sels.iter().enumerate().all(|(k, (_, s))| {
                s.kind == FunKind::Selector && s.args[..] == [sort] && s.ret == d.args[k]
            });
        if ok {
            out.push(Record {
                sort,
                ctor: *ctor,
                projs: sels.iter().map(|(f, _)| *f).collect(),
            });
        }
    }
    out.sort_by_key(|r| r.ctor);
    out
}

/// Read `t` as an inversion axiom `∀u:S. u = mk(p_1(u), …, p_n(u))`.
fn as_inversion(cx: &Context, t: TermId) -> Option<Record> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    let [u] = vars[..] else {
        return None;
    };
    let sort = cx.var(u).sort;
    for (l, r) in [(a, b), (b, a)] {
        if !matches!(cx.kind(l), TermKind::Var(v) if *v == u) {
            continue;
        }
        let TermKind::App(Op::Uf(mk), fields) = cx.kind(r) else {
            continue;
        };
        let mut projs = Vec::new();
        for &fl in fields.iter() {
            match cx.kind(fl) {
                TermKind::App(Op::Uf(p), a)
                    if a.len() == 1
                        && matches!(cx.kind(a[0]), TermKind::Var(v) if *v == u)
                        && !projs.contains(p)
                        && *p != *mk =>
                {
                    projs.push(*p)
                }
                _ => break,
            }
        }
        if projs.len() == fields.len()
            && !projs.is_empty()
            && cx.fun(*mk).ret == sort
            && is_uninterpreted_sort(cx, sort)
        {
            return Some(Record {
                sort,
                ctor: *mk,
                projs,
            });
        }
    }
    None
}

/// Only a declared sort can be a record: a theory sort (`Int`, `Real`,
/// arrays) has values that no uninterpreted constructor reaches in a
/// useful way. Why3's bridge axioms `tb2t(t2tb i) = i` over `Int` read as
/// an "inversion" through the universal sort `uni`, and splitting every
/// `Int` quantifier into a `uni` one would help no one.
fn is_uninterpreted_sort(cx: &Context, s: SortId) -> bool {
    match cx.sort_kind(s) {
        smtlib_io::SortKind::Named(name, _) => !matches!(
            cx.sym_name(*name),
            "String"
                | "RegLan"
                | "RoundingMode"
                | "Seq"
                | "Set"
                | "Float16"
                | "Float32"
                | "Float64"
                | "Float128"
        ),
        _ => false,
    }
}

/// Is `t` the projection axiom `∀ū. p(mk(ū)) = u_i`?
pub(crate) fn is_projection_axiom(cx: &Context, t: TermId, rec: &Record, i: usize) -> bool {
    let Some((vars, [lhs, rhs])) = axiom_equation(cx, t) else {
        return false;
    };
    if vars.len() != rec.projs.len() {
        return false;
    }
    // (a projection has one argument; a constant `p` has none)
    let TermKind::App(Op::Uf(p), pa) = cx.kind(lhs) else {
        return false;
    };
    let [arg] = pa[..] else {
        return false;
    };
    let TermKind::App(Op::Uf(mk), margs) = cx.kind(arg) else {
        return false;
    };
    *p == rec.projs[i]
        && *mk == rec.ctor
        && margs.len() == vars.len()
        && margs
            .iter()
            .zip(&vars)
            .all(|(&a, v)| matches!(cx.kind(a), TermKind::Var(w) if w == v))
        && matches!(cx.kind(rhs), TermKind::Var(w) if *w == vars[i])
}

/// Records given by axioms among `facts`: an inversion axiom and, for
/// every projection, its projection axiom. When a sort has several (Why3
/// states both a thread pair's fields and its bijection with `uni`), the
/// one with the most fields is kept: it is the one that splits a
/// quantifier into something simpler.
pub fn axiomatised_records(cx: &Context, facts: &[TermId]) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for &f in facts {
        let Some(rec) = as_inversion(cx, f) else {
            continue;
        };
        let complete = (0..rec.projs.len())
            .all(|i| facts.iter().any(|&g| is_projection_axiom(cx, g, &rec, i)));
        if !complete {
            continue;
        }
        match out.iter_mut().find(|r| r.sort == rec.sort) {
            Some(r) if r.projs.len() < rec.projs.len() => *r = rec,
            Some(_) => {}
            None => out.push(rec),
        }
    }
    out
}

/// Every record: the datatype ones, then those that `facts` axiomatise
/// (a sort that is both counts once, as a datatype).
pub fn all_records(cx: &Context, facts: &[TermId]) -> Vec<Record> {
    let mut recs = datatype_records(cx);
    for r in axiomatised_records(cx, facts) {
        if !recs.iter().any(|q| q.sort == r.sort) {
            recs.push(r);
        }
    }
    recs
}

/// The `records` pass: quantifiers over a record sort become quantifiers
/// over its fields.
///
/// **Rule.** For a record sort `S` with constructor `mk` and projections
/// `p_1..p_n`, `Qt:S. φ(t)` (Q = ∀ or ∃) becomes `Qu_1..u_n. φ(mk(ū))`,
/// fields of record sort are split again (nested records such as a pair of
/// `dim3`), and `p_i(mk(ū))` folds to `u_i`. Patterns of a split quantifier
/// are dropped (they may fold to a bare variable).
///
/// **Soundness.** `S` is a record when it is an SMT-LIB datatype with one
/// constructor (every value is the constructor of its selectors, and
/// selectors of constructors fold, by the theory) or when the facts contain
/// the inversion axiom `∀u:S. u = mk(p_1 u, …, p_n u)` and the projection
/// axioms `∀ū. p_i(mk(ū)) = u_i`. The inversion axiom says that `mk` is
/// onto: every `t:S` equals `mk(p̄(t))`. Hence `∀t. φ(t)` implies
/// `∀ū. φ(mk(ū))` (instantiate `t := mk(ū)`) and conversely (given `t`,
/// take `ū := p̄(t)`; `φ(mk(p̄ t)) = φ(t)`); dually for `∃`. Without the
/// inversion axiom `S` may hold values outside the image of `mk`, and the
/// rewrite would weaken `∀`: the pass then leaves `S` alone. The axioms
/// themselves are facts, so they are never rewritten with their own rule.
#[derive(Default)]
pub struct Records {
    cache: HashMap<Vec<TermId>, Vec<Record>>,
}

impl TermPass for Records {
    fn name(&self) -> &'static str {
        "records"
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        let key = ctx.facts.to_vec();
        if !self.cache.contains_key(&key) {
            let recs = all_records(cx, ctx.facts);
            self.cache.clear();
            self.cache.insert(key.clone(), recs);
        }
        let recs = self.cache[&key].clone();
        if recs.is_empty() {
            return None;
        }
        // Definitions and oriented equations keep their shape, so that
        // `unfold` and `prune-defs` still recognise them.
        if as_definition(cx, t).is_some() || as_oriented(cx, t).is_some() {
            return None;
        }
        let r = match constructor_definition(cx, t, &recs) {
            Some(d) => d,
            None => split_records(cx, t, &recs),
        };
        if r == t {
            return None;
        }
        ctx.trace.push(TraceEvent {
            rule: "records".into(),
            before: t,
            after: r,
        });
        Some(r)
    }
}

/// Read `t` as a definition over a record constructor,
/// `∀x̄. f(mk(x̄)) = body` (either side of `=`; `x̄` the constructor's
/// arguments, distinct, and all the quantified variables; `f` declared, not
/// a projection of the record and not in `body`; Why3 defines
/// `is_valid_thread` this way over its thread pairs), and return the
/// plain definition `∀u. f(u) = body[x_i := p_i(u)]`.
///
/// **Soundness.** The two are equivalent given the record's axioms: from
/// the plain form, instantiate `u := mk(x̄)` and fold `p_i(mk(x̄)) = x_i`;
/// from the constructor form, every `u` is `mk(p̄(u))` (inversion), so
/// `f(u) = f(mk(p̄ u)) = body[p̄(u)]`. The result is a definition that
/// `unfold` expands at every application, not only at constructor terms.
fn constructor_definition(cx: &mut Context, t: TermId, recs: &[Record]) -> Option<TermId> {
    let (vars, [a, b]) = axiom_equation(cx, t)?;
    for (l, r) in [(a, b), (b, a)] {
        let TermKind::App(Op::Uf(f), fargs) = cx.kind(l).clone() else {
            continue;
        };
        let [arg] = fargs[..] else {
            continue;
        };
        let TermKind::App(Op::Uf(mk), margs) = cx.kind(arg).clone() else {
            continue;
        };
        let Some(rec) = recs.iter().find(|r| r.ctor == mk) else {
            continue;
        };
        let distinct_vars = margs.len() == vars.len()
            && margs
                .iter()
                .zip(&vars)
                .all(|(&m, v)| matches!(cx.kind(m), TermKind::Var(w) if w == v));
        if !distinct_vars
            || cx.fun(f).kind != FunKind::Declared
            || rec.projs.contains(&f)
            || contains_fun(cx, r, f, &mut HashMap::new())
        {
            continue;
        }
        let name = cx.sym("u");
        let u = cx.new_var(name, rec.sort);
        let ut = cx.mk_var(u);
        let mut map = HashMap::new();
        for (&v, &p) in vars.iter().zip(&rec.projs) {
            let pu = cx.mk_app(Op::Uf(p), vec![ut]).ok()?;
            map.insert(v, pu);
        }
        let body = term::subst(cx, r, &map);
        let fu = cx.mk_app(Op::Uf(f), vec![ut]).ok()?;
        let eq = cx.mk_app(Op::Eq, vec![fu, body]).ok()?;
        return cx
            .mk_binder(BinderKind::Forall, vec![u].into(), eq, Box::new([]))
            .ok();
    }
    None
}

/// `mk(ū)` for a fresh field variable per (nested) field of `sort`, or
/// `None` if `sort` is not a record (or its nesting is cyclic).
fn expand_var(
    cx: &mut Context,
    name: &str,
    sort: SortId,
    recs: &[Record],
    stack: &mut Vec<SortId>,
    fields: &mut Vec<VarId>,
) -> Option<TermId> {
    let Some(rec) = recs.iter().find(|r| r.sort == sort) else {
        let s = cx.sym(name);
        let v = cx.new_var(s, sort);
        fields.push(v);
        return Some(cx.mk_var(v));
    };
    if stack.contains(&sort) {
        return None;
    }
    stack.push(sort);
    let mut args = Vec::new();
    for (i, &p) in rec.projs.iter().enumerate() {
        let pname = cx.sym_name(cx.fun(p).name).to_string();
        let fsort = cx.fun(rec.ctor).args[i];
        let sub = format!("{name}_{pname}");
        args.push(expand_var(cx, &sub, fsort, recs, stack, fields)?);
    }
    stack.pop();
    cx.mk_app(Op::Uf(rec.ctor), args).ok()
}

/// Split record quantifiers in `t` and fold projections of constructors.
pub fn split_records(cx: &mut Context, t: TermId, recs: &[Record]) -> TermId {
    fn go(
        cx: &mut Context,
        t: TermId,
        recs: &[Record],
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args.iter().map(|&a| go(cx, a, recs, memo)).collect();
                let t2 = if new[..] == args[..] {
                    t
                } else {
                    cx.mk_app(op, new).unwrap_or(t)
                };
                fold_projection(cx, t2, recs).unwrap_or(t2)
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                let mut new_vars = Vec::new();
                let mut map = HashMap::new();
                for &v in vs.iter() {
                    let sort = cx.var(v).sort;
                    let is_record = recs.iter().any(|r| r.sort == sort);
                    let name = cx.sym_name(cx.var(v).name).to_string();
                    let mut fields = Vec::new();
                    match is_record
                        .then(|| expand_var(cx, &name, sort, recs, &mut vec![], &mut fields))
                        .flatten()
                    {
                        Some(e) => {
                            map.insert(v, e);
                            new_vars.extend(fields);
                        }
                        None => new_vars.push(v),
                    }
                }
                let body2 = if map.is_empty() {
                    body
                } else {
                    term::subst(cx, body, &map)
                };
                let nb = go(cx, body2, recs, memo);
                if map.is_empty() && nb == body {
                    t
                } else {
                    let attrs: Vec<_> = attrs
                        .iter()
                        .filter(|a| map.is_empty() || !matches!(a.value, AttrValue::Terms(_)))
                        .cloned()
                        .collect();
                    cx.mk_binder(k, new_vars.into(), nb, attrs.into())
                        .unwrap_or(t)
                }
            }
            TermKind::Binder(..) => t,
            TermKind::Annot(body, attrs) => {
                let nb = go(cx, body, recs, memo);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }
    go(cx, t, recs, &mut HashMap::new())
}

/// `p_i(mk(ū))` → `u_i`.
fn fold_projection(cx: &Context, t: TermId, recs: &[Record]) -> Option<TermId> {
    let TermKind::App(Op::Uf(p), a) = cx.kind(t) else {
        return None;
    };
    if a.len() != 1 {
        return None;
    }
    let TermKind::App(Op::Uf(mk), fields) = cx.kind(a[0]) else {
        return None;
    };
    let rec = recs.iter().find(|r| r.ctor == *mk)?;
    let i = rec.projs.iter().position(|q| q == p)?;
    Some(fields[i])
}

/// Is `name` written as a symbol (plain or `|quoted|`) in `text`?
pub(crate) fn text_mentions(text: &str, name: &str) -> bool {
    let quoted = format!("|{name}|");
    if text.contains(&quoted) {
        return true;
    }
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .any(|tok| tok == name)
}

/// The `prune-defs` pass ([`prune_definitions`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct PruneDefs;

impl ScriptPass for PruneDefs {
    fn name(&self) -> &'static str {
        "prune-defs"
    }

    /// `symbols` are those whose definitions were dropped; `fired` counts
    /// them.
    fn run(&mut self, script: &mut Script, _budget: &Budget) -> ScriptChange {
        let change = ScriptChange::of_symbols(prune_definitions(script));
        ScriptChange {
            dropped: change.fired > 0,
            ..change
        }
    }
}

/// The opt-in `prune-unused` pass ([`prune_unused`]): sound for unsat
/// only, its output carries [`PRUNED_MARKER`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PruneUnused;

impl ScriptPass for PruneUnused {
    fn name(&self) -> &'static str {
        "prune-unused"
    }

    /// `fired` counts the dropped assertions.
    fn run(&mut self, script: &mut Script, _budget: &Budget) -> ScriptChange {
        let n = prune_unused(script);
        ScriptChange {
            fired: n,
            dropped: n > 0,
            ..ScriptChange::default()
        }
    }
}

/// What the output of `prune-unused` says about itself.
pub const PRUNED_MARKER: Marker = Marker {
    comment: "; vcsimp --prune-unused: unsat proves the input unsat; sat/unknown mean nothing",
    info: "(set-info :vcsimp-pruned true)",
    warning: |n| {
        format!(
            "--prune-unused dropped {n} assertion(s): an unsat answer proves the input unsat; sat/unknown mean nothing"
        )
    },
};

/// Drop the definitional axioms of symbols that occur nowhere else.
///
/// **Rule.** An assertion `D` that reads as a definition `∀x̄. f(x̄) = body`
/// ([`as_definition`]: `f` declared, not in `body`) is replaced by `true`
/// when `f` occurs in no other command of the script (assertions,
/// definitions, and the text of commands vcsimp keeps verbatim) and `D` is
/// not `:named`. Repeated until nothing changes, so that a definition used
/// only by a dropped one goes too.
///
/// **Soundness.** Let `R` be the other assertions; `f` does not occur in
/// `R`. Every model of `R ∪ {D}` is a model of `R`; every model `M` of `R`
/// becomes a model of `R ∪ {D}` by interpreting `f` as `x̄ ↦ body` in `M`
/// (well defined: `body` does not mention `f`), which changes no symbol
/// of `R`. So `D` is a conservative extension and dropping it keeps
/// satisfiability exactly, at every `check-sat`. The output is equivalent
/// to the input over every symbol but the dropped `f`s, whose values in a
/// model of the output mean nothing.
///
/// **When.** Only when the script asks for no model, value or assignment
/// ([`Script::asks_for_models`]): otherwise the dropped symbols' values
/// would be wrong, so everything is kept. Returns the names of the symbols
/// whose definitions were dropped.
pub fn prune_definitions(script: &mut Script) -> Vec<String> {
    if script.asks_for_models() {
        return Vec::new();
    }
    let mut dropped = Vec::new();
    let t = script.cx.mk_bool(true);
    loop {
        let mut changed = false;
        for i in 0..script.commands.len() {
            let CommandKind::Assert(a) = script.commands[i].kind else {
                continue;
            };
            if is_named(&script.cx, a) {
                continue;
            }
            let Some(d) = as_definition(&script.cx, a) else {
                continue;
            };
            if occurs_elsewhere(script, i, d.fun) {
                continue;
            }
            dropped.push(script.cx.sym_name(script.cx.fun(d.fun).name).to_string());
            script.commands[i].kind = CommandKind::Assert(t);
            changed = true;
        }
        if !changed {
            return dropped;
        }
    }
}

fn is_named(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Annot(_, attrs)
        if attrs.iter().any(|a| cx.sym_name(a.key) == ":named"))
}

fn occurs_elsewhere(script: &Script, skip: usize, f: FunId) -> bool {
    let cx = &script.cx;
    let name = cx.sym_name(cx.fun(f).name);
    script.commands.iter().enumerate().any(|(j, c)| {
        j != skip
            && match &c.kind {
                CommandKind::Assert(a) => {
                    let mut s = BTreeSet::new();
                    funs_of(cx, *a, &mut s);
                    s.contains(&f)
                }
                CommandKind::Define { body, .. } => {
                    let mut s = BTreeSet::new();
                    funs_of(cx, *body, &mut s);
                    s.contains(&f)
                }
                CommandKind::Declare(_) => false,
                _ => text_mentions(&c.text, name),
            }
    })
}

/// Opt-in relevance filter (`--prune-unused`): in a script with exactly
/// one `check-sat` and no `push`/`pop`/`reset`, keep the goal (the last
/// assertion before the `check-sat`), every quantifier-free assertion, and
/// every quantified assertion connected to them through shared
/// uninterpreted symbols (transitively); drop the other quantified
/// assertions (library axioms about unrelated symbols).
///
/// **Not an equivalence.** Dropping an axiom weakens the script: `unsat`
/// still proves the input unsat (a subset of its assertions is already
/// unsat), but `sat` or `unknown` mean nothing; the pipeline marks such
/// output. Returns how many assertions were dropped.
pub fn prune_unused(script: &mut Script) -> usize {
    let checks = script
        .commands
        .iter()
        .filter(|c| matches!(c.kind, CommandKind::CheckSat))
        .count();
    let scoped = script.commands.iter().any(|c| {
        matches!(
            c.kind,
            CommandKind::Push(_)
                | CommandKind::Pop(_)
                | CommandKind::Reset
                | CommandKind::ResetAssertions
        )
    });
    if checks != 1 || scoped {
        return 0;
    }
    let asserts: Vec<(usize, TermId)> = script
        .commands
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c.kind {
            CommandKind::Assert(a) => Some((i, a)),
            _ => None,
        })
        .collect();
    let Some(&(goal, _)) = asserts.last() else {
        return 0;
    };
    let cx = &script.cx;
    let syms: Vec<BTreeSet<FunId>> = asserts
        .iter()
        .map(|&(_, a)| {
            let mut s = BTreeSet::new();
            funs_of(cx, a, &mut s);
            s
        })
        .collect();
    let mut keep: Vec<bool> = asserts
        .iter()
        .map(|&(i, a)| i == goal || !term::has_binder(cx, a))
        .collect();
    let mut relevant: BTreeSet<FunId> = BTreeSet::new();
    for (k, s) in syms.iter().enumerate() {
        if keep[k] {
            relevant.extend(s.iter().copied());
        }
    }
    loop {
        let mut changed = false;
        for (k, s) in syms.iter().enumerate() {
            if !keep[k] && (s.is_empty() || s.iter().any(|f| relevant.contains(f))) {
                keep[k] = true;
                relevant.extend(s.iter().copied());
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let t = script.cx.mk_bool(true);
    let mut n = 0;
    for (k, &(i, _)) in asserts.iter().enumerate() {
        if !keep[k] {
            script.commands[i].kind = CommandKind::Assert(t);
            n += 1;
        }
    }
    n
}
