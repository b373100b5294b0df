//! Record sorts: sorts whose every value is a constructor applied to its
//! projections ([`Record`]), read from one-constructor datatypes or from an
//! inversion axiom and projection axioms ([`all_records`]); building a
//! value of such a sort from its fields ([`constructed`]) and folding
//! projections of constructors ([`fold_projections`]).

use crate::analysis::axioms::axiom_equation;
use crate::term;
use smtlib_io::{Context, FunId, FunKind, Op, SortId, TermId, TermKind};
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
    // borrowed, not cloned: passes ask once per assertion
    let funs: Vec<(FunId, &smtlib_io::FunDecl)> = cx.funs().collect();
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
        let sels: Vec<&(FunId, &smtlib_io::FunDecl)> = funs[i + 1..].iter().take(n).collect();
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

/// `t` with every `p_i(mk(ū))` folded to `u_i`, inside out.
pub fn fold_projections(cx: &mut Context, t: TermId, recs: &[Record]) -> TermId {
    term::rebuild(cx, t, |cx, _, rebuilt| fold_projection(cx, rebuilt, recs))
}

/// `p_i(mk(ū))` → `u_i`.
pub(crate) fn fold_projection(cx: &Context, t: TermId, recs: &[Record]) -> Option<TermId> {
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
