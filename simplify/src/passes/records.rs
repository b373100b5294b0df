//! `records`: a quantifier over a record sort becomes a quantifier over its
//! fields (see [`Records`]); the record sorts of a script ([`Record`],
//! [`all_records`]) as datatypes or as sorts given by an inversion axiom
//! and projection axioms.

use super::unfold::{as_definition, as_oriented, axiom_equation, contains_fun};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::term;
use smtlib_io::{
    AttrValue, BinderKind, Context, FunId, FunKind, Op, SortId, TermId, TermKind, VarId,
};
use std::collections::HashMap;

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
/// quantifier into something simpler. When two different constructors
/// tie for the most fields, the sort is no record at all: Why3's
/// universal sort `uni` is in bijection with every bridged sort
/// (`∀j:uni. j = t2tbN(tb2tN j)` for each `N`), and picking one of them
/// would turn every polymorphic axiom's `uni` quantifier into one over an
/// arbitrary sort's fields, which buries the axiom's patterns.
pub fn axiomatised_records(cx: &Context, facts: &[TermId]) -> Vec<Record> {
    let mut best: Vec<(Record, bool)> = Vec::new();
    for &f in facts {
        let Some(rec) = as_inversion(cx, f) else {
            continue;
        };
        let complete = (0..rec.projs.len())
            .all(|i| facts.iter().any(|&g| is_projection_axiom(cx, g, &rec, i)));
        if !complete {
            continue;
        }
        match best.iter_mut().find(|(r, _)| r.sort == rec.sort) {
            Some((r, unique)) if r.projs.len() < rec.projs.len() => {
                *r = rec;
                *unique = true;
            }
            Some((r, unique)) if r.projs.len() == rec.projs.len() && r.ctor != rec.ctor => {
                *unique = false;
            }
            Some(_) => {}
            None => best.push((rec, true)),
        }
    }
    let mut out: Vec<Record> = best
        .into_iter()
        .filter_map(|(r, unique)| unique.then_some(r))
        .collect();
    // A one-field record is a bijection with its field's sort: worth a
    // split only into a theory sort or another record. Why3 states one
    // between every bridged sort and `uni`, and `∀f:func. φ(f)` read as
    // `∀u:uni. φ(tb2t u)` only hides `f` from the axioms' patterns.
    loop {
        let before = out.len();
        let kept: Vec<Record> = out
            .iter()
            .filter(|r| {
                let field = cx.fun(r.ctor).args[0];
                r.projs.len() > 1
                    || !is_uninterpreted_sort(cx, field)
                    || out.iter().any(|q| q.sort == field && q.sort != r.sort)
            })
            .cloned()
            .collect();
        out = kept;
        if out.len() == before {
            return out;
        }
    }
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

/// `mk(…)` for `sort`, with `leaf(cx, name, sort)` for each (nested) field
/// that is no record, named after the projections that lead to it
/// (`t_bid_of_x` for field `x` of field `bid_of` of `t`); `leaf` alone
/// if `sort` is no record, `None` if the nesting of records is cyclic.
pub fn constructed(
    cx: &mut Context,
    name: &str,
    sort: SortId,
    recs: &[Record],
    leaf: &mut impl FnMut(&mut Context, &str, SortId) -> TermId,
) -> Option<TermId> {
    fn go(
        cx: &mut Context,
        name: &str,
        sort: SortId,
        recs: &[Record],
        stack: &mut Vec<SortId>,
        leaf: &mut impl FnMut(&mut Context, &str, SortId) -> TermId,
    ) -> Option<TermId> {
        let Some(rec) = recs.iter().find(|r| r.sort == sort) else {
            return Some(leaf(cx, name, sort));
        };
        if stack.contains(&sort) {
            return None;
        }
        stack.push(sort);
        let mut args = Vec::new();
        for (i, &p) in rec.projs.iter().enumerate() {
            let sub = format!("{name}_{}", cx.sym_name(cx.fun(p).name));
            let fsort = cx.fun(rec.ctor).args[i];
            args.push(go(cx, &sub, fsort, recs, stack, leaf)?);
        }
        stack.pop();
        cx.mk_app(Op::Uf(rec.ctor), args).ok()
    }
    go(cx, name, sort, recs, &mut vec![], leaf)
}

/// `mk(ū)` for a fresh field variable per (nested) field of `sort`,
/// collected in `fields` (see [`constructed`]).
fn expand_var(
    cx: &mut Context,
    name: &str,
    sort: SortId,
    recs: &[Record],
    fields: &mut Vec<VarId>,
) -> Option<TermId> {
    constructed(cx, name, sort, recs, &mut |cx, name, sort| {
        let s = cx.sym(name);
        let v = cx.new_var(s, sort);
        fields.push(v);
        cx.mk_var(v)
    })
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
                let t2 = term::with_args(cx, t, op, &args, new);
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
                        .then(|| expand_var(cx, &name, sort, recs, &mut fields))
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

/// `t` with every `p_i(mk(ū))` folded to `u_i`, inside out.
pub fn fold_projections(cx: &mut Context, t: TermId, recs: &[Record]) -> TermId {
    term::rebuild(cx, t, |cx, _, rebuilt| fold_projection(cx, rebuilt, recs))
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
