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

/// Fold split records back: in every assertion of `script`, a quantifier
/// `Qū. φ(ū)` without patterns whose variables `ū` (none of a record sort)
/// are the arguments of a constructor term `mk(ū)` becomes `Qt:S. φ(p̄(t))[mk(ū) := t]`, with
/// `u_i := p_i(t)` wherever `u_i` occurs outside `mk(ū)` (inner records
/// first, so that a thread pair `mk2(mk3(x̄), mk3(ȳ))` folds to one
/// variable). A quantifier over fields that a pass pinned or eliminated
/// (`mk3(x, 0, 0)`) keeps them. Returns the commands whose assertion
/// changed.
///
/// **Why.** [`Records`] splits every record quantifier, because the
/// passes after it match writers and reads in the split form. Whatever
/// they did not rewrite reaches the solver over the fields, with record
/// constructors inside, for which z3 finds no single trigger and builds
/// multi-patterns over the fields, and cvc5 searches more: a quantifier
/// that used its thread whole, or through guards on its fields, is
/// instantiated far more often than the unsplit one the input had.
///
/// **Soundness.** The converse of [`Records`]' rule, under the same
/// recognition of `S` (a one-constructor datatype, or the inversion and
/// projection axioms among the facts, which are the other assertions live
/// at every check-sat where the rewritten one is). `mk` is onto and
/// `p_i(mk(ū)) = u_i`, so `∀ū. φ(ū, mk(ū))` is `∀t. φ(p̄(t), t)`: given
/// `ū`, take `t := mk(ū)`, whose projections are `ū`; given `t`, take
/// `ū := p̄(t)`, for which `mk(p̄ t) = t`. Dually for `∃`. Quantifiers with
/// patterns are left alone: `f(mk(ū))` as a pattern would become `f(t)`,
/// which matches more terms.
pub fn unsplit_script(script: &mut smtlib_io::Script) -> Vec<usize> {
    use smtlib_io::CommandKind;
    use std::collections::BTreeSet;
    let asserts: Vec<(usize, TermId)> = script.indexed_assertions().collect();
    let all: Vec<TermId> = asserts.iter().map(|&(_, t)| t).collect();
    // Every record that any assertion axiomatises: an assertion that no
    // fold of these changes is not changed by the records of its scope,
    // a subset of them.
    let any = all_records(&script.cx, &all);
    if any.is_empty() {
        return vec![];
    }
    let live = crate::scope::liveness(script);
    // the assertions live at every check-sat of a set (as they are now)
    let mut scope_facts: HashMap<BTreeSet<usize>, Vec<usize>> = HashMap::new();
    let mut changed = vec![];
    for &(i, t) in &asserts {
        if unsplit(&mut script.cx, t, &any) == t {
            continue;
        }
        let Some(li) = live.get(&i) else { continue };
        let sources = scope_facts.entry(li.clone()).or_insert_with(|| {
            asserts
                .iter()
                .map(|&(j, _)| j)
                .filter(|j| live.get(j).is_some_and(|lj| li.is_subset(lj)))
                .collect()
        });
        // never the assertion itself: it may be one of the record's axioms
        let facts: Vec<TermId> = sources
            .iter()
            .filter(|&&j| j != i)
            .filter_map(|&j| match script.commands[j].kind {
                CommandKind::Assert(f) => Some(f),
                _ => None,
            })
            .collect();
        let recs = all_records(&script.cx, &facts);
        let r = unsplit(&mut script.cx, t, &recs);
        if r != t {
            script.commands[i].kind = CommandKind::Assert(r);
            changed.push(i);
        }
    }
    changed
}

/// `t` with every quantifier folded as [`unsplit_script`] says, inner
/// quantifiers first.
pub fn unsplit(cx: &mut Context, t: TermId, recs: &[Record]) -> TermId {
    if !term::has_binder(cx, t) {
        return t;
    }
    term::rebuild(cx, t, |cx, _, rebuilt| unsplit_binder(cx, rebuilt, recs))
}

/// Fold the record groups of the quantifier `t` (its children already
/// folded), one group at a time until none is left.
fn unsplit_binder(cx: &mut Context, t: TermId, recs: &[Record]) -> Option<TermId> {
    let TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, _, attrs) =
        cx.kind(t).clone()
    else {
        return None;
    };
    if attrs.iter().any(|a| matches!(a.value, AttrValue::Terms(_))) {
        return None;
    }
    let mut vars = vs.to_vec();
    let mut q = t;
    let mut folded: Vec<VarId> = vec![];
    while let Some((app, rec, group)) = foldable_group(cx, q, &vars, &folded, recs) {
        let name = group_name(cx, &group);
        let sym = cx.sym(&name);
        let nv = cx.new_var(sym, rec.sort);
        let nt = cx.mk_var(nv);
        folded.push(nv);
        let mut map: HashMap<TermId, TermId> = HashMap::new();
        map.insert(app, nt);
        for (v, &p) in group.iter().zip(&rec.projs) {
            let vt = cx.mk_var(*v);
            let pt = cx.mk_app(Op::Uf(p), vec![nt]).ok()?;
            map.insert(vt, pt);
        }
        let at = vars.iter().position(|v| *v == group[0])?;
        vars[at] = nv;
        vars.retain(|v| !group[1..].contains(v));
        // `app` is replaced whole before its arguments are seen
        let replaced = term::rebuild(cx, q, |_, u, _| map.get(&u).copied());
        let TermKind::Binder(_, _, body, attrs) = cx.kind(replaced).clone() else {
            return None;
        };
        q = cx.mk_binder(k, vars.clone().into(), body, attrs).ok()?;
    }
    (q != t).then_some(q)
}

/// The first constructor term `mk(ū)` in post-order (inner records
/// first) of the quantifier `q` whose arguments are distinct variables of
/// `vars` (bound by `q`), with its record and those variables in argument
/// order. A variable of a record sort counts only when it is `folded`
/// itself: the split leaves only fields of other sorts, and a quantifier
/// that the input wrote over records (Why3 defines `is_valid_thread` by
/// `∀b t:dim3. f(mk(b, t)) = …`) is left as it was written.
fn foldable_group<'r>(
    cx: &Context,
    q: TermId,
    vars: &[VarId],
    folded: &[VarId],
    recs: &'r [Record],
) -> Option<(TermId, &'r Record, Vec<VarId>)> {
    let leaf = |v: &VarId| folded.contains(v) || !recs.iter().any(|r| r.sort == cx.var(*v).sort);
    let mut found = None;
    term::post_order(cx, q, |u| {
        if found.is_some() {
            return;
        }
        let TermKind::App(Op::Uf(f), args) = cx.kind(u) else {
            return;
        };
        let Some(rec) = recs.iter().find(|r| r.ctor == *f) else {
            return;
        };
        let mut group: Vec<VarId> = vec![];
        for &a in args.iter() {
            match cx.kind(a) {
                TermKind::Var(v) if vars.contains(v) && !group.contains(v) && leaf(v) => {
                    group.push(*v)
                }
                _ => return,
            }
        }
        if !group.is_empty() && group.len() == rec.projs.len() {
            found = Some((u, rec, group));
        }
    });
    found
}

/// A name for the variable that replaces the fields `group`: the
/// `_`-separated words their names share at the front (`t_bid_of` for
/// `t_bid_of_x`, `t_bid_of_y`, `t_bid_of_z`, as [`Records`] names them),
/// or `r`.
fn group_name(cx: &Context, group: &[VarId]) -> String {
    let words: Vec<Vec<&str>> = group
        .iter()
        .map(|&v| cx.sym_name(cx.var(v).name).split('_').collect())
        .collect();
    let shared = (0..words[0].len())
        .take_while(|&k| words.iter().all(|w| w.get(k) == words[0].get(k)))
        .count();
    let name = words[0][..shared].join("_");
    if name.is_empty() || group.len() > 1 && shared == words[0].len() {
        "r".into()
    } else {
        name
    }
}
