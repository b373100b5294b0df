//! `records`: a quantifier over a record sort becomes a quantifier over its
//! fields (see [`Records`]). The record sorts of a script are read by
//! `crate::analysis::record_sorts`.

use crate::analysis::axioms::{as_definition, as_oriented, axiom_equation, contains_fun};
use crate::analysis::record_sorts::{all_records, constructed, fold_projection, Record};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term;
use smtlib_io::{AttrValue, BinderKind, Context, FunKind, Op, SortId, TermId, TermKind, VarId};
use std::collections::HashMap;

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
    fn id(&self) -> PassId {
        PassId::Records
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
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
            rule: PassId::Records.name().into(),
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
