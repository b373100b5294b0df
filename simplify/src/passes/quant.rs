//! Quantifier rules that need free-variable checks or substitution. They
//! run procedurally on terms, where free variables are exact; the pipeline
//! takes a result in place of its assertion when it is no more costly.
//!
//! With `Q` a quantifier over variables `X` (renamed apart, so substitution
//! never captures):
//! * `quant-eq-resolve`: `∀X. (x = t ∧ H) ⇒ C  ≡  ∀X∖x. (H ⇒ C)[t/x]` and
//!   `∃X. x = t ∧ B  ≡  ∃X∖x. B[t/x]`, for `x ∈ X` not free in `t`, `t` of
//!   the sort of `x` (also `∀X. ¬(x = t) ∨ C`).
//! * `quant-eq-solve`: the same for an `Int` equation in which `x` occurs
//!   once, linearly, with coefficient ±1 (`a + x = n`, as Why3 prints a
//!   write index `bsize + t = n`): it is solved exactly, `x = n - a`, and
//!   the Int arithmetic of the result put in polynomial normal form, so
//!   that an index `… + c*x` becomes a polynomial in the remaining
//!   variables. Also for two Int bounds that leave `x` one point that is
//!   not a numeral, `lo <= x` and `x <= lo` up to polynomial normal form
//!   (`x < g` and `g <= x + 1`, the last block of a grid).
//! * `quant-drop-unused`: `QX. B ≡ Q(X ∩ fv(B)). B`, and `Q∅. B ≡ B`.
//! * `quant-split-forall-and`: `∀X. A ∧ B ≡ (∀X. A) ∧ (∀X. B)`; dually
//!   `quant-split-exists-or`.
//! * `quant-exists-cases`: `∃X. A ∧ (B1 ∨ B2) ≡ (∃X. A ∧ B1) ∨ (∃X. A ∧
//!   B2)` when every part then loses all of `X` by equality resolution.
//! * `quant-miniscope`: `∀X. A ∨ B(X) ≡ A ∨ ∀X. B(X)` when `fv(A) ∩ X = ∅`,
//!   `∀X. H ⇒ C ≡ H ⇒ ∀X. C` for such hypotheses, and `∃X. A ∧ B(X) ≡
//!   A ∧ ∃X. B(X)`.
//!
//! Attributes stay with the quantifier: `:pattern`/`:no-pattern` are kept
//! when their variables are exactly the remaining bound variables (a
//! pattern must mention them all), other attributes (`:qid`, `:weight`, …)
//! are always kept.

use crate::arith::{self, poly};
use crate::deadline::Deadline;
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term::{conjuncts, free_vars, keep_attrs, rebuild, subst};
use smtlib_io::{Attr, BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::{BTreeSet, HashMap};

/// The procedural quantifier pass (see the module docs).
#[derive(Default)]
pub struct QuantPass;

fn and(cx: &mut Context, mut ts: Vec<TermId>) -> TermId {
    match ts.len() {
        0 => cx.mk_bool(true),
        1 => ts.pop().unwrap_or_else(|| cx.mk_bool(true)),
        _ => cx.mk_app(Op::And, ts).expect("Bool arguments"),
    }
}

fn or(cx: &mut Context, mut ts: Vec<TermId>) -> TermId {
    match ts.len() {
        0 => cx.mk_bool(false),
        1 => ts.pop().unwrap_or_else(|| cx.mk_bool(false)),
        _ => cx.mk_app(Op::Or, ts).expect("Bool arguments"),
    }
}

fn implies(cx: &mut Context, hyps: Vec<TermId>, c: TermId) -> TermId {
    if hyps.is_empty() {
        return c;
    }
    let h = and(cx, hyps);
    cx.mk_app(Op::Implies, vec![h, c]).expect("Bool arguments")
}

fn mk_quant(
    cx: &mut Context,
    kind: BinderKind,
    vars: Vec<VarId>,
    body: TermId,
    attrs: &[Attr],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> TermId {
    let body_fv = free_vars(cx, body, fv);
    let vars: Vec<VarId> = vars.into_iter().filter(|v| body_fv.contains(v)).collect();
    if vars.is_empty() {
        return body;
    }
    let attrs = keep_attrs(cx, attrs, &vars, fv);
    cx.mk_binder(kind, vars.into(), body, attrs)
        .expect("Bool body")
}

/// Find `x = t` among `lits` with `x ∈ vars`, `x ∉ fv(t)`, equal sorts;
/// also a pair `t <= x`, `x <= t` (a singleton range, as a record split of
/// a 1-D thread leaves for its unused `y`/`z` fields), which means `x = t`
/// in any ordered domain. The index returned is that of one literal of the
/// pair; the other becomes `t <= t` under the substitution.
fn find_def(
    cx: &mut Context,
    lits: &[TermId],
    vars: &[VarId],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<(usize, VarId, TermId, bool)> {
    if let Some((i, x, t)) = find_eq_def(cx, lits, vars, fv) {
        return Some((i, x, t, false));
    }
    if let Some((i, x, t)) = find_linear_def(cx, lits, vars, fv) {
        return Some((i, x, t, true));
    }
    let le = |l: TermId| match cx.kind(l) {
        TermKind::App(Op::Le, a) if a.len() == 2 => Some((a[0], a[1])),
        TermKind::App(Op::Ge, a) if a.len() == 2 => Some((a[1], a[0])),
        _ => None,
    };
    for (i, &l) in lits.iter().enumerate() {
        let Some((lo, x)) = le(l) else { continue };
        let TermKind::Var(xv) = cx.kind(x) else {
            continue;
        };
        if !vars.contains(xv) || free_vars(cx, lo, fv).contains(xv) {
            continue;
        }
        if lits.iter().any(|&m| le(m) == Some((x, lo))) && cx.sort_of(x) == cx.sort_of(lo) {
            return Some((i, *xv, lo, false));
        }
    }
    // only a symbolic point (`gsize - 1`), whose substitution needs the
    // normal form for the products with `x`; a numeral one (`0 <= y < 1`
    // of an unused thread field) is left to the passes that read bounds,
    // since resolving it here changes which later rewrites are taken on
    // many tiled kernels, not all for the better
    find_range_def(cx, lits, vars, fv)
        .filter(|&(_, _, t)| !matches!(cx.kind(t), TermKind::Int(_)))
        .map(|(i, x, t)| (i, x, t, true))
}

/// Find an `Int` range among `lits` that holds one point: a lower bound
/// `lo <= x` and an upper bound `x <= hi` of some `x ∈ vars` (each literal
/// a comparison `<=`, `<`, `>=`, `>` in which `x` occurs only as `±x` and
/// is the only variable of `vars`; `a < b` read as `a + 1 <= b`) with `lo`
/// and `hi` the same polynomial, so that the two mean `x = lo`. Bound
/// analysis prints the last block of a grid as `bid < gsize` and
/// `gsize <= bid + 1`; read as `bid = gsize - 1`, the index arithmetic in
/// `bid` becomes linear after substitution. The index returned is that of
/// the lower bound; the upper one becomes `lo <= lo` under the
/// substitution.
fn find_range_def(
    cx: &mut Context,
    lits: &[TermId],
    vars: &[VarId],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<(usize, VarId, TermId)> {
    use num_traits::One;
    let mut lows: Vec<(usize, VarId, poly::Poly<TermId>)> = vec![];
    let mut highs: Vec<(VarId, poly::Poly<TermId>)> = vec![];
    for (i, &l) in lits.iter().enumerate() {
        let (a, b, strict) = match cx.kind(l) {
            TermKind::App(Op::Le, a) if a.len() == 2 => (a[0], a[1], false),
            TermKind::App(Op::Lt, a) if a.len() == 2 => (a[0], a[1], true),
            TermKind::App(Op::Ge, a) if a.len() == 2 => (a[1], a[0], false),
            TermKind::App(Op::Gt, a) if a.len() == 2 => (a[1], a[0], true),
            _ => continue,
        };
        if cx.sort_of(a) != cx.int_sort() {
            continue;
        }
        let bound: Vec<VarId> = free_vars(cx, l, fv)
            .iter()
            .copied()
            .filter(|v| vars.contains(v))
            .collect();
        let [x] = bound[..] else { continue };
        // `p <= 0`
        let mut p = poly::from_term(cx, a).sub(&poly::from_term(cx, b));
        if strict {
            p = p.add_constant(&num_bigint::BigInt::one());
        }
        let Some(atom) = p
            .atoms()
            .into_iter()
            .find(|&t| matches!(cx.kind(t), TermKind::Var(v) if *v == x))
        else {
            continue;
        };
        let Some((c, rest)) = p.split_linear(&atom) else {
            continue;
        };
        if rest
            .atoms()
            .into_iter()
            .any(|t| free_vars(cx, t, fv).contains(&x))
        {
            continue;
        }
        if c.is_one() {
            highs.push((x, rest.neg()));
        } else if (-c).is_one() {
            lows.push((i, x, rest));
        }
    }
    let (i, x, lo) = lows
        .into_iter()
        .find(|(_, x, lo)| highs.iter().any(|(y, hi)| y == x && hi == lo))?;
    Some((i, x, poly::to_term(cx, &lo)))
}

fn find_eq_def(
    cx: &Context,
    lits: &[TermId],
    vars: &[VarId],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<(usize, VarId, TermId)> {
    for (i, &l) in lits.iter().enumerate() {
        if let TermKind::App(Op::Eq, args) = cx.kind(l) {
            if args.len() != 2 {
                continue;
            }
            for (a, b) in [(args[0], args[1]), (args[1], args[0])] {
                if let TermKind::Var(x) = cx.kind(a) {
                    if vars.contains(x)
                        && cx.sort_of(a) == cx.sort_of(b)
                        && !free_vars(cx, b, fv).contains(x)
                    {
                        return Some((i, *x, b));
                    }
                }
            }
        }
    }
    None
}

/// Find an `Int` equation among `lits` in which some `x ∈ vars` occurs only
/// as `±x` (coefficient ±1, in no product and no other atom), and solve it
/// for `x`: `c*x + r = 0` with `c = ±1` gives `x = -c*r`, exact over `Int`.
/// Only equations that are not already `x = t` (see [`find_eq_def`]), and
/// in which `x` is the only variable of `vars`: an equation over two of
/// them, `x + B*b = n` with `0 <= x < B`, is a mixed-radix decomposition of
/// `n` that `guarded-eq` reads whole (`x = n mod B`, `b = n div B`), and
/// solving it for `x` alone would hide it.
fn find_linear_def(
    cx: &mut Context,
    lits: &[TermId],
    vars: &[VarId],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<(usize, VarId, TermId)> {
    use num_traits::One;
    for (i, &l) in lits.iter().enumerate() {
        let TermKind::App(Op::Eq, args) = cx.kind(l) else {
            continue;
        };
        if args.len() != 2 || cx.sort_of(args[0]) != cx.int_sort() {
            continue;
        }
        let (a, b) = (args[0], args[1]);
        let bound_here = free_vars(cx, l, fv)
            .iter()
            .filter(|v| vars.contains(v))
            .count();
        if bound_here != 1 {
            continue;
        }
        let p = poly::from_term(cx, a).sub(&poly::from_term(cx, b));
        for atom in p.atoms() {
            let TermKind::Var(x) = *cx.kind(atom) else {
                continue;
            };
            if !vars.contains(&x) {
                continue;
            }
            let Some((c, rest)) = p.split_linear(&atom) else {
                continue;
            };
            if !(c.is_one() || (-c.clone()).is_one()) {
                continue;
            }
            let t = if c.is_one() { rest.neg() } else { rest };
            let t = poly::to_term(cx, &t);
            if free_vars(cx, t, fv).contains(&x) {
                continue;
            }
            return Some((i, x, t));
        }
    }
    None
}

/// `b[t/x]`; for a solved equation with the Int arithmetic put in normal
/// form (so that `c*x` with `x := n - a` is expanded), and the rule's name.
fn subst_def(
    cx: &mut Context,
    b: TermId,
    x: VarId,
    t: TermId,
    solved: bool,
) -> (&'static str, TermId) {
    let b = subst(cx, b, &HashMap::from([(x, t)]));
    if solved {
        ("quant-eq-solve", arith::norm(cx, b))
    } else {
        ("quant-eq-resolve", b)
    }
}

/// Most cases `quant-exists-cases` splits an existential into.
const MAX_CASES: usize = 8;

/// `quant-exists-cases`: `∃X. A ∧ (B1 ∨ … ∨ Bk)  ≡  (∃X. A ∧ B1) ∨ … ∨
/// (∃X. A ∧ Bk)`, returned already resolved, and only when every part
/// loses all of `X` by equality resolution (a part left quantified would
/// only multiply the existential). Why3 prints the last writer of a cell
/// so, `∃t. valid(t) ∧ (idx₁(t) = n ∧ c ∨ ¬c ∧ idx₂(t) = n) ∧ a(n) = v(t)`
/// for a write whose index depends on a condition; solved case by case
/// the cell's value is a quantifier-free disjunction in `n`, which gives
/// E-matching a trigger outside the nested quantifier.
fn exists_cases(
    cx: &mut Context,
    lits: &[TermId],
    vars: &[VarId],
    attrs: &[Attr],
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<TermId> {
    for (i, &l) in lits.iter().enumerate() {
        let TermKind::App(Op::Or, cases) = cx.kind(l).clone() else {
            continue;
        };
        if cases.len() > MAX_CASES {
            continue;
        }
        let all_define = cases.iter().all(|&c| {
            let cl = conjuncts(cx, c);
            find_def(cx, &cl, vars, fv).is_some()
        });
        if !all_define {
            continue;
        }
        let mut parts = Vec::with_capacity(cases.len());
        for &c in cases.iter() {
            let mut body: Vec<TermId> = lits[..i].to_vec();
            body.extend(conjuncts(cx, c));
            body.extend_from_slice(&lits[i + 1..]);
            let b = and(cx, body);
            let mut part = mk_quant(cx, BinderKind::Exists, vars.to_vec(), b, attrs, fv);
            // each part must lose its quantifier by resolution
            while let TermKind::Binder(..) = cx.kind(part) {
                match quant_step(cx, part, fv) {
                    Some(("quant-eq-resolve" | "quant-eq-solve" | "quant-drop-unused", p)) => {
                        part = p
                    }
                    _ => return None,
                }
            }
            parts.push(part);
        }
        return Some(or(cx, parts));
    }
    None
}

/// One quantifier step at the top of `t`, with the rule's name.
pub fn quant_step(
    cx: &mut Context,
    t: TermId,
    fv: &mut HashMap<TermId, BTreeSet<VarId>>,
) -> Option<(&'static str, TermId)> {
    let TermKind::Binder(kind, vars, body, attrs) = cx.kind(t).clone() else {
        return None;
    };
    if kind == BinderKind::Lambda {
        return None;
    }
    let vars: Vec<VarId> = vars.to_vec();
    // drop unused variables
    let body_fv = free_vars(cx, body, fv);
    if vars.iter().any(|v| !body_fv.contains(v)) {
        return Some((
            "quant-drop-unused",
            mk_quant(cx, kind, vars, body, &attrs, fv),
        ));
    }
    let others = |cx: &mut Context, fv: &mut HashMap<TermId, BTreeSet<VarId>>, ts: &[TermId]| {
        ts.iter().partition::<Vec<TermId>, _>(|&&u| {
            let f = free_vars(cx, u, fv);
            vars.iter().all(|v| !f.contains(v))
        })
    };
    let body_kind = cx.kind(body).clone();
    match (kind, body_kind) {
        (BinderKind::Forall, TermKind::App(Op::Implies, args)) => {
            let (c, hs) = args.split_last()?;
            let mut hyps = vec![];
            for &h in hs {
                hyps.extend(conjuncts(cx, h));
            }
            if let Some((i, x, s, solved)) = find_def(cx, &hyps, &vars, fv) {
                hyps.remove(i);
                let b = implies(cx, hyps, *c);
                let (rule, b) = subst_def(cx, b, x, s, solved);
                let rest: Vec<VarId> = vars.iter().copied().filter(|&v| v != x).collect();
                return Some((rule, mk_quant(cx, kind, rest, b, &attrs, fv)));
            }
            let (outside, inside) = others(cx, fv, &hyps);
            if !outside.is_empty() {
                let b = implies(cx, inside, *c);
                let q = mk_quant(cx, kind, vars.clone(), b, &attrs, fv);
                return Some(("quant-miniscope", implies(cx, outside, q)));
            }
            None
        }
        (BinderKind::Forall, TermKind::App(Op::Or, args)) => {
            let mut lits = vec![];
            let mut pos = vec![];
            for (i, &a) in args.iter().enumerate() {
                if let TermKind::App(Op::Not, n) = cx.kind(a) {
                    lits.push(n[0]);
                    pos.push(i);
                }
            }
            if let Some((i, x, s, solved)) = find_def(cx, &lits, &vars, fv) {
                let mut rest: Vec<TermId> = args.to_vec();
                rest.remove(pos[i]);
                let b = or(cx, rest);
                let (rule, b) = subst_def(cx, b, x, s, solved);
                let vs: Vec<VarId> = vars.iter().copied().filter(|&v| v != x).collect();
                return Some((rule, mk_quant(cx, kind, vs, b, &attrs, fv)));
            }
            let (outside, inside) = others(cx, fv, &args);
            if !outside.is_empty() {
                let b = or(cx, inside);
                let q = mk_quant(cx, kind, vars.clone(), b, &attrs, fv);
                let mut all = outside;
                all.push(q);
                return Some(("quant-miniscope", or(cx, all)));
            }
            None
        }
        (BinderKind::Forall, TermKind::App(Op::And, args)) => {
            let parts: Vec<TermId> = args
                .iter()
                .map(|&a| mk_quant(cx, kind, vars.clone(), a, &attrs, fv))
                .collect();
            Some(("quant-split-forall-and", and(cx, parts)))
        }
        (BinderKind::Exists, TermKind::App(Op::Or, args)) => {
            let parts: Vec<TermId> = args
                .iter()
                .map(|&a| mk_quant(cx, kind, vars.clone(), a, &attrs, fv))
                .collect();
            Some(("quant-split-exists-or", or(cx, parts)))
        }
        (BinderKind::Exists, TermKind::App(Op::And, _) | TermKind::App(Op::Eq, _)) => {
            let mut lits = vec![];
            lits.extend(conjuncts(cx, body));
            if let Some((i, x, s, solved)) = find_def(cx, &lits, &vars, fv) {
                lits.remove(i);
                let b = and(cx, lits);
                let (rule, b) = subst_def(cx, b, x, s, solved);
                let vs: Vec<VarId> = vars.iter().copied().filter(|&v| v != x).collect();
                return Some((rule, mk_quant(cx, kind, vs, b, &attrs, fv)));
            }
            let (outside, inside) = others(cx, fv, &lits);
            if !outside.is_empty() {
                let b = and(cx, inside);
                let q = mk_quant(cx, kind, vars.clone(), b, &attrs, fv);
                let mut all = outside;
                all.push(q);
                return Some(("quant-miniscope", and(cx, all)));
            }
            exists_cases(cx, &lits, &vars, &attrs, fv).map(|t| ("quant-exists-cases", t))
        }
        _ => None,
    }
}

/// Apply the quantifier rules everywhere in `t`, bottom-up, to a fixpoint
/// (bounded), until `deadline`: it is checked before the steps at each
/// node, and once it has passed the rest of the term is only rebuilt (each
/// step is an equivalence, so the steps made so far stand). Records every
/// step in `trace`.
pub fn quant_rewrite(
    cx: &mut Context,
    t: TermId,
    trace: &mut Vec<TraceEvent>,
    deadline: &Deadline,
) -> TermId {
    let mut fv = HashMap::new();
    let mut cur = t;
    let mut out_of_time = false;
    for _ in 0..8 {
        let before = cur;
        cur = rebuild(cx, cur, |cx, _orig, new| {
            if out_of_time || deadline.expired() {
                out_of_time = true;
                return None;
            }
            let mut u = new;
            let mut changed = false;
            for _ in 0..16 {
                match quant_step(cx, u, &mut fv) {
                    Some((rule, v)) if v != u => {
                        trace.push(TraceEvent {
                            rule: rule.to_string(),
                            before: u,
                            after: v,
                        });
                        u = v;
                        changed = true;
                    }
                    _ => break,
                }
            }
            changed.then_some(u)
        });
        if cur == before || out_of_time {
            break;
        }
    }
    cur
}

impl TermPass for QuantPass {
    fn id(&self) -> PassId {
        PassId::Quant
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let out = quant_rewrite(cx, t, ctx.trace, &ctx.budget.deadline);
        (out != t).then_some(out)
    }
}
