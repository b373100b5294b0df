//! Guarded-equality rewriting (section 4.2, formulas (4)/(5)) and
//! ElimAssign (section 4.1) as one pass, `guarded-eq` (alias
//! `elim-assign`).
//!
//! **Rules.** From every fact of the shape
//! `∀x̄. γ1 ⇒ … ⇒ (f(x1..xn) = s' ∧ …)` (nested `forall`/`=>`/`and`, the
//! arguments of `f` distinct variables covering `x̄`, `f` of arity >= 1 or
//! an array `select`) the pass takes the rule `γ ⇒ f(x̄) = s'`. An argument
//! may also be a linear pattern, a function application over distinct
//! variables and closed terms such as a record constructor `mk(u1, u2)` or
//! `mk_dim3(x, 0, 0)` (after the `records` pass, thread-indexed maps are
//! applied to `mk(…)`, and a thread's unused dimensions are `0`); such a
//! rule rewrites the occurrences that match it syntactically, an instance
//! of the fact. The
//! per-thread assign form `∀t. g ⇒ ((c ∧ f(t) = e1) ∨ (¬c ∧ f(t) = e2))`
//! gives two rules with guards `g ∧ c` and `g ∧ ¬c` (each disjunct's
//! conditions contradict the other's, so each rule follows from the fact).
//! Definitions given to [`GuardedEq::with_definitions`] (`define-fun`) are
//! unguarded rules, and `select (store a i v) j` is rewritten by the
//! two-case rule with guard `i = j`.
//!
//! **Rewriting.** An occurrence `f(t̄)` inside an atom `φ` (a maximal
//! non-connective Bool subterm) becomes formula (5) with the one-point
//! rule applied (`x̄ := t̄`): `(γ[t̄] ∧ φ(s'[t̄])) ∨ (¬γ[t̄] ∧ φ(f(t̄)))`.
//! By the fact, this is *equivalent* to `φ(f(t̄))` (the facts stay in the
//! output). When the hypotheses holding at the atom's position (enclosing
//! `=>` hypotheses, earlier conjuncts, negated earlier disjuncts, facts;
//! see SimpAffine for why that is polarity-independent) decide `γ[t̄]`,
//! syntactically or by the bound analysis, the cases collapse.
//!
//! **ElimAssign, shared arrays.** The shared-array form (1),
//! `∀n. (∃t. W(t,n) ∧ b2(n) = v(t)) ∨ ((∀t. ¬W(t,n)) ∧ b2(n) = b1(n))`,
//! does *not* in general make `φ(b2(u))` equivalent to either the paper's
//! `∀t. W(t,u) ⇒ φ(v(t))` form (2) or the exists form
//! `∃t. W(t,u) ∧ φ(v(t))`: if two threads write different values to `u`
//! (a race), the fact only says that `b2(u)` is *one* of them; then the
//! ∀ form is stronger and the ∃ form weaker than `φ(b2(u))`. Both are
//! equivalent to it exactly when the writer is unique. The pass therefore
//! rewrites only when it can show uniqueness: after rewriting `W` with the
//! other facts' rules (e.g. `i2(t) = N*l + t`), `W` must contain a conjunct
//! `idx(t) = n` with `idx` linear in the single thread variable `t` with
//! coefficient ±1, so `t` is determined: `t* = ±(n - rest)`. Then
//! `∃t. W(t,u) ≡ W(t*,u)`, and `φ(b2(u)) ≡ (W(t*,u) ∧ φ(v(t*))) ∨
//! (¬W(t*,u) ∧ φ(b1(u)))`, quantifier-free. A writer over a block and a
//! thread variable (`∃b. … ∃t. …`, or one binder of both) is unique when `W`
//! contains `a*b + t = m` with `0 <= t < a` and `0 < a` known: then
//! `b* = m div a` and `t* = m mod a` (or `m / a` and `0` when `a` divides
//! `m` syntactically, as for `fn[0]`), and `W`'s bounds on `b` become bounds
//! on `m`. Otherwise the occurrence is left alone.
//!
//! **Conservative mode.** When the pipeline rejects a result as costlier
//! (a case split on an open guard can double an atom), it asks again
//! without case splits: occurrences whose guard is open stay, the decided
//! ones are still rewritten (Boogie's thread-`$1` goals apply thread maps
//! such as `by@1(g$1, …)` next to loop-invariant functions whose guards
//! stay open).
//!
//! **Termination.** Each atom is case-split at most `depth` times along any
//! chain, and rewritten at most `depth * SPLIT_COST` times in all (the
//! per-fact depth budget; the kept `f(t̄)` of the second case is never
//! rewritten again by the same rule), rewriting stops when the global
//! [`Budget`](crate::pass::Budget) expires or a result would exceed its
//! node limit; every intermediate result is equivalent, so stopping early
//! is correct.

use super::bounds::{atom_as_bound, implied};
use crate::arith::{self, int_cmp, mk_cmp, Rel};
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::poly::{self, Poly};
use crate::size::tree_size;
use crate::term::{self, and, conjuncts, not, or};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use smtlib_io::{BinderKind, Context, FunId, FunKind, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Head {
    Fun(FunId),
    /// `select` from this array term.
    Select(TermId),
}

/// `guards ⇒ head(pats) = rhs`: each pattern is a variable or a function
/// application over patterns, every variable of the rule occurs exactly
/// once in `pats` (a linear pattern, matched syntactically).
#[derive(Clone, Debug)]
struct Rule {
    head: Head,
    /// The variables of `pats`.
    vars: Vec<VarId>,
    pats: Vec<TermId>,
    guards: Vec<TermId>,
    rhs: TermId,
    /// Index of the fact it comes from (`usize::MAX` for definitions).
    fact: usize,
}

/// The shared-array assign form (1).
#[derive(Clone, Debug)]
struct Shared {
    head: FunId,
    n: VarId,
    /// The writer's thread variables, outermost first (one or two).
    ts: Vec<VarId>,
    conds: Vec<TermId>,
    value: TermId,
    old: TermId,
    fact: usize,
}

/// Fuel per case split; a rewrite whose guard is decided costs 1. The
/// fuel of an atom is `depth * SPLIT_COST`: at most `depth` case splits
/// (the source of exponential growth) along a chain, while decided
/// rewrites, which replace a term without growing the formula's case
/// structure, may chain `SPLIT_COST` times longer (still bounded, so
/// mutually recursive facts terminate).
const SPLIT_COST: usize = 8;

/// The `guarded-eq` pass (also registered as `elim-assign`).
#[derive(Clone, Debug)]
pub struct GuardedEq {
    /// Maximal number of case splits along one chain of an atom.
    pub depth: usize,
    /// `define-fun` definitions: function, parameters, body.
    pub definitions: Vec<(FunId, Vec<VarId>, TermId)>,
    /// Occurrences rewritten so far.
    pub rewrites: usize,
    name: &'static str,
    /// The rules and shared assigns of each fact term already seen (with
    /// `fact` indices to be set per call): every assertion is a fact for
    /// all the others, so collecting afresh per assertion is quadratic.
    collected: HashMap<TermId, (Vec<Rule>, Vec<Shared>)>,
}

impl Default for GuardedEq {
    fn default() -> Self {
        GuardedEq {
            depth: 6,
            definitions: Vec::new(),
            rewrites: 0,
            name: "guarded-eq",
            collected: HashMap::new(),
        }
    }
}

impl GuardedEq {
    /// The same pass under the name `elim-assign`.
    pub fn elim_assign() -> Self {
        GuardedEq {
            name: "elim-assign",
            ..GuardedEq::default()
        }
    }

    /// Also rewrite with these `define-fun` definitions.
    pub fn with_definitions(mut self, defs: Vec<(FunId, Vec<VarId>, TermId)>) -> Self {
        self.definitions = defs;
        self
    }
}

impl TermPass for GuardedEq {
    fn name(&self) -> &'static str {
        self.name
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        self.rewrite(cx, t, ctx, true)
    }

    /// Only the rewrites whose guard the hypotheses decide: never larger
    /// by a case split.
    fn apply_conservatively(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &mut PassContext,
    ) -> Option<TermId> {
        self.rewrite(cx, t, ctx, false)
    }
}

impl GuardedEq {
    fn rewrite(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &mut PassContext,
        case_splits: bool,
    ) -> Option<TermId> {
        let mut rules = Vec::new();
        let mut shared = Vec::new();
        for (i, &f) in ctx.facts.iter().enumerate() {
            let (rs, ss) = self.collected.entry(f).or_insert_with(|| {
                let (mut rs, mut ss) = (Vec::new(), Vec::new());
                collect(cx, f, 0, Vec::new(), Vec::new(), &mut rs, &mut ss);
                (rs, ss)
            });
            rules.extend(rs.iter().cloned().map(|r| Rule { fact: i, ..r }));
            shared.extend(ss.iter().cloned().map(|s| Shared { fact: i, ..s }));
        }
        for (f, params, body) in &self.definitions {
            if cx.fun(*f).kind == FunKind::Defined || !params.is_empty() {
                let pats = params.iter().map(|&v| cx.mk_var(v)).collect();
                rules.push(Rule {
                    head: Head::Fun(*f),
                    vars: params.clone(),
                    pats,
                    guards: Vec::new(),
                    rhs: *body,
                    fact: usize::MAX,
                });
            }
        }
        if rules.is_empty() && shared.is_empty() && !has_store(cx, t) {
            return None;
        }
        // If `t` is itself a shared assign, keep its `f(n) = old` atom so
        // that it stays recognisable (it is still rewritten elsewhere).
        let mut protected = HashSet::new();
        {
            let (mut r2, mut s2) = (Vec::new(), Vec::new());
            collect(cx, t, usize::MAX, Vec::new(), Vec::new(), &mut r2, &mut s2);
            for s in s2 {
                let nt = cx.mk_var(s.n);
                if let Ok(fl) = cx.mk_app(Op::Uf(s.head), vec![nt]) {
                    for pair in [vec![fl, s.old], vec![s.old, fl]] {
                        if let Ok(e) = cx.mk_app(Op::Eq, pair) {
                            protected.insert(e);
                        }
                    }
                }
            }
        }
        // Rewrite the write conditions of shared assigns with the rules of
        // the *other* facts (never a fact with itself).
        let mut eng = Engine {
            rules,
            shared: Vec::new(),
            hyps: ctx.ground_facts(cx),
            trace: Vec::new(),
            budget_nodes: ctx.budget.max_term_nodes,
            exclude_fact: None,
            protected,
            case_splits,
        };
        for mut s in shared {
            eng.exclude_fact = Some(s.fact);
            let saved = std::mem::take(&mut eng.hyps);
            let conds = and(cx, s.conds.clone());
            let c2 = eng.rw(cx, conds, ctx, self.depth * SPLIT_COST, &HashSet::new());
            eng.hyps = saved;
            s.conds = conjuncts(cx, c2);
            eng.shared.push(s);
        }
        eng.exclude_fact = None;
        eng.trace.clear();
        let r = eng.rw(cx, t, ctx, self.depth * SPLIT_COST, &HashSet::new());
        self.rewrites += eng.trace.len();
        ctx.trace.extend(eng.trace);
        (r != t).then_some(r)
    }
}

/// The functions that some formula of `facts` defines, i.e. the heads of
/// the rules (and shared-array assigns) the pass would take from them.
/// Extraction prefers forms without these functions, so that a completed
/// substitution is kept over the original application.
///
/// A projection rule, whose right side is one of its own pattern variables
/// (`x(mk_dim3(u, v, w)) = u`, `tb2t(t2tb i) = i`), defines no program
/// variable: it only folds a field out of a constructor, and the same
/// function applied to anything else (`x(blockDim)`) can never be
/// rewritten. Counting it would make every form that mentions `x(blockDim)`
/// look costlier, and reject the substitutions that introduce it.
pub fn defined_functions(cx: &mut Context, facts: &[TermId]) -> HashSet<FunId> {
    let (mut rules, mut shared) = (Vec::new(), Vec::new());
    for (i, &f) in facts.iter().enumerate() {
        collect(cx, f, i, Vec::new(), Vec::new(), &mut rules, &mut shared);
    }
    let mut out: HashSet<FunId> = shared.iter().map(|s| s.head).collect();
    out.extend(rules.iter().filter_map(|r| match r.head {
        Head::Fun(f) if !is_projection(cx, r) => Some(f),
        _ => None,
    }));
    out
}

/// Is `r` a projection rule: every argument pattern a constructor
/// application (not a bare variable) and the right side a variable bound
/// by the patterns?
fn is_projection(cx: &Context, r: &Rule) -> bool {
    matches!(cx.kind(r.rhs), TermKind::Var(_))
        && r.pats
            .iter()
            .all(|&p| !matches!(cx.kind(p), TermKind::Var(_)))
}

fn has_store(cx: &Context, t: TermId) -> bool {
    crate::term::any_subterm(cx, t, |u| matches!(cx.kind(u), TermKind::App(Op::Store, _)))
}

/// Collect rules from a fact.
fn collect(
    cx: &mut Context,
    f: TermId,
    fact: usize,
    vars: Vec<VarId>,
    guards: Vec<TermId>,
    rules: &mut Vec<Rule>,
    shared: &mut Vec<Shared>,
) {
    match cx.kind(f).clone() {
        TermKind::Binder(BinderKind::Forall, vs, body, _) => {
            if vs.len() == 1 && guards.is_empty() && vars.is_empty() {
                if let Some(s) = shared_form(cx, vs[0], body, fact) {
                    shared.push(s);
                    return;
                }
            }
            let mut v = vars;
            v.extend(vs.iter().copied());
            collect(cx, body, fact, v, guards, rules, shared);
        }
        TermKind::App(Op::Implies, args) => {
            let n = args.len();
            let mut g = guards;
            for &h in &args[..n - 1] {
                g.extend(conjuncts(cx, h));
            }
            collect(cx, args[n - 1], fact, vars, g, rules, shared);
        }
        TermKind::App(Op::And, args) => {
            for &a in args.iter() {
                collect(cx, a, fact, vars.clone(), guards.clone(), rules, shared);
            }
        }
        TermKind::App(Op::Or, args) => {
            // Per-thread assign: disjuncts (conds ∧ f(x̄) = e) whose
            // conditions pairwise contradict. The rule `conds ⇒ eq` for a
            // conjunct `eq` of disjunct i follows from the fact only if
            // the *other* conjuncts of i already exclude every other
            // disjunct; `eq` itself must not be the excluding condition
            // (from `(c ∧ e) ∨ (¬c ∧ e)`, `e ⇒ c` does not follow).
            let parts: Vec<Vec<TermId>> = args.iter().map(|&a| conjuncts(cx, a)).collect();
            for (i, p) in parts.iter().enumerate() {
                for &eq in p {
                    let conds: Vec<TermId> = p.iter().copied().filter(|&c| c != eq).collect();
                    let exclusive = parts.iter().enumerate().all(|(j, q)| {
                        j == i
                            || conds.iter().any(|&c| {
                                q.iter()
                                    .any(|&d| is_negation(cx, c, d) || is_negation(cx, d, c))
                            })
                    });
                    if !exclusive {
                        continue;
                    }
                    let mut g = guards.clone();
                    g.extend(conds);
                    if let Some(r) = as_rule(cx, eq, &vars, &g, fact) {
                        rules.push(r);
                    }
                }
            }
        }
        TermKind::App(Op::Eq, _) => {
            if let Some(r) = as_rule(cx, f, &vars, &guards, fact) {
                rules.push(r);
            }
        }
        _ => {}
    }
}

/// `a` is `¬b`: syntactically, or as integer comparisons (the e-graph has
/// already turned `(not (<= x y))` into `(< y x)` by the time the pass reads
/// the fact).
fn is_negation(cx: &Context, a: TermId, b: TermId) -> bool {
    if matches!(cx.kind(a), TermKind::App(Op::Not, args) if args[0] == b) {
        return true;
    }
    // Over Int, `¬(L ≤ 0)` is `1 - L ≤ 0`.
    match (crate::arith::as_le(cx, a), crate::arith::as_le(cx, b)) {
        (Some(la), Some(lb)) => lb == Poly::constant(1).sub(&la),
        _ => false,
    }
}

fn as_rule(
    cx: &mut Context,
    eq: TermId,
    vars: &[VarId],
    guards: &[TermId],
    fact: usize,
) -> Option<Rule> {
    let TermKind::App(Op::Eq, args) = cx.kind(eq).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let rule = |head, pats, rhs| Rule {
        head,
        vars: vars.to_vec(),
        pats,
        guards: guards.to_vec(),
        rhs,
        fact,
    };
    for (l, r) in [(args[0], args[1]), (args[1], args[0])] {
        if let Some((head, vs)) = rule_head(cx, l, vars, guards) {
            // The right side must not be the head applied again (no loops).
            if !contains_head(cx, r, &head) {
                return Some(rule(head, vs, r));
            }
        }
    }
    // A linear Int equation `±f(x̄) + rest = 0` (e.g. after the e-graph
    // moved a constant across: `f(x̄) + 1 = e`) defines `f(x̄) = ∓rest`.
    if cx.sort_of(args[0]) != cx.int_sort() || cx.sort_of(args[1]) != cx.int_sort() {
        return None;
    }
    let p = poly::from_term(cx, args[0]).sub(&poly::from_term(cx, args[1]));
    for atom in p.atoms() {
        let Some((head, vs)) = rule_head(cx, atom, vars, guards) else {
            continue;
        };
        let Some((c, rest)) = p.split_linear(&atom) else {
            continue;
        };
        if !(c.is_one() || (-&c).is_one())
            || rest.atoms().iter().any(|&a| contains_head(cx, a, &head))
        {
            continue;
        }
        let rhs = poly::to_term(cx, &rest.scale(&-c));
        return Some(rule(head, vs, rhs));
    }
    None
}

/// `l` as the left side of a rule over `vars`: an application `f(p̄)` (or
/// `select a p`) whose arguments are linear patterns ([`linear_pattern`])
/// that together bind every variable of `vars` exactly once. Returns the
/// head and the argument patterns.
fn rule_head(
    cx: &Context,
    l: TermId,
    vars: &[VarId],
    guards: &[TermId],
) -> Option<(Head, Vec<TermId>)> {
    let (head, largs) = match cx.kind(l) {
        TermKind::App(Op::Uf(f), a) if !a.is_empty() || (vars.is_empty() && guards.is_empty()) => {
            (Head::Fun(*f), a.to_vec())
        }
        TermKind::App(Op::Select, a) if term::is_closed(cx, a[0]) => {
            (Head::Select(a[0]), vec![a[1]])
        }
        _ => return None,
    };
    let mut vs = Vec::new();
    if !largs.iter().all(|&a| linear_pattern(cx, a, vars, &mut vs)) {
        return None;
    }
    if vars.iter().any(|v| !vs.contains(v)) {
        return None;
    }
    Some((head, largs))
}

/// Is `p` a variable of `vars` not yet in `seen`, a closed term (no
/// variables at all, e.g. the `0` of `mk_dim3(x, 0, 0)` once a thread's
/// unused dimensions are resolved), or a function application (`f(p1..pn)`,
/// f uninterpreted, e.g. a record constructor) of such patterns? Collects
/// the variables into `seen`.
fn linear_pattern(cx: &Context, p: TermId, vars: &[VarId], seen: &mut Vec<VarId>) -> bool {
    match cx.kind(p) {
        TermKind::Var(v) if vars.contains(v) && !seen.contains(v) => {
            seen.push(*v);
            true
        }
        TermKind::App(Op::Uf(_), args) if !args.is_empty() => {
            let args = args.clone();
            args.iter().all(|&a| linear_pattern(cx, a, vars, seen))
        }
        _ => term::is_closed(cx, p),
    }
}

fn contains_head(cx: &Context, t: TermId, h: &Head) -> bool {
    crate::term::any_subterm(cx, t, |u| match (cx.kind(u), h) {
        (TermKind::App(Op::Uf(f), _), Head::Fun(g)) => f == g,
        (TermKind::App(Op::Select, a), Head::Select(b)) => a[0] == *b,
        _ => false,
    })
}

/// Recognise `(∃t. W ∧ f(n) = v) ∨ ((∀t'. ¬W') ∧ f(n) = old)`.
fn shared_form(cx: &mut Context, n: VarId, body: TermId, fact: usize) -> Option<Shared> {
    let TermKind::App(Op::Or, args) = cx.kind(body).clone() else {
        return None;
    };
    if args.len() != 2 {
        return None;
    }
    let (ts, econds) = exists_chain(cx, args[0])?;
    if ts.is_empty() || ts.len() > 2 {
        return None;
    }
    let nt = cx.mk_var(n);
    let mut conds = Vec::new();
    let mut head_val = None;
    for c in econds {
        if let TermKind::App(Op::Eq, a) = cx.kind(c) {
            for (l, r) in [(a[0], a[1]), (a[1], a[0])] {
                if let TermKind::App(Op::Uf(f), fa) = cx.kind(l) {
                    if fa.len() == 1 && fa[0] == nt && head_val.is_none() {
                        head_val = Some((*f, r));
                    }
                }
            }
            if head_val.is_some_and(|(_, r)| a.contains(&r)) && a.contains(&nt) {
                // the equality f(n) = v itself
            }
        }
        conds.push(c);
    }
    let (f, value) = head_val?;
    let f_n = cx.mk_app(Op::Uf(f), vec![nt]).ok()?;
    conds.retain(|&c| !matches!(cx.kind(c), TermKind::App(Op::Eq, a) if a.contains(&f_n)));
    // Second disjunct.
    let parts = conjuncts(cx, args[1]);
    if parts.len() != 2 {
        return None;
    }
    let mut old = None;
    let mut ok_forall = false;
    for &p in &parts {
        match cx.kind(p).clone() {
            TermKind::App(Op::Eq, a) if a.contains(&f_n) => {
                old = Some(if a[0] == f_n { a[1] } else { a[0] });
            }
            TermKind::Binder(BinderKind::Forall, ..) => {
                let (ts2, fconds) = forall_not_chain(cx, p)?;
                if ts2.len() != ts.len() {
                    return None;
                }
                let m: HashMap<VarId, TermId> = ts2
                    .iter()
                    .zip(&ts)
                    .map(|(&v2, &v)| (v2, cx.mk_var(v)))
                    .collect();
                let mut a: Vec<TermId> = fconds.iter().map(|&c| term::subst(cx, c, &m)).collect();
                let mut b = conds.clone();
                a.sort();
                b.sort();
                ok_forall = a == b;
            }
            _ => return None,
        }
    }
    if !ok_forall {
        return None;
    }
    let old = old?;
    if contains_head(cx, value, &Head::Fun(f)) {
        return None;
    }
    Some(Shared {
        head: f,
        n,
        ts,
        conds,
        value,
        old,
        fact,
    })
}

/// `∃x̄1. (C1 ∧ ∃x̄2. (C2 ∧ …))` as `∃x̄1 x̄2 …. C1 ∧ C2 ∧ …` (bound
/// variables are renamed apart, so no `Ci` mentions a later `x̄j`): the
/// variables, outermost first, and the conjuncts.
fn exists_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let TermKind::Binder(BinderKind::Exists, vs, body, _) = cx.kind(t) else {
        return None;
    };
    let mut vars = vs.to_vec();
    let mut conds = Vec::new();
    let mut cur = *body;
    loop {
        let mut next = None;
        for c in conjuncts(cx, cur) {
            match cx.kind(c) {
                TermKind::Binder(BinderKind::Exists, vs2, b2, _) if next.is_none() => {
                    vars.extend(vs2.iter().copied());
                    next = Some(*b2);
                }
                _ => conds.push(c),
            }
        }
        match next {
            Some(b) => cur = b,
            None => return Some((vars, conds)),
        }
    }
}

/// `∀x̄1. (G1 ⇒ ∀x̄2. (G2 ⇒ … ¬C))` as `∀x̄1 x̄2 …. ¬(G1 ∧ G2 ∧ … ∧ C)`:
/// the variables, outermost first, and the conjuncts under the negation.
fn forall_not_chain(cx: &Context, t: TermId) -> Option<(Vec<VarId>, Vec<TermId>)> {
    let mut vars = Vec::new();
    let mut conds = Vec::new();
    let mut cur = t;
    loop {
        match cx.kind(cur) {
            TermKind::Binder(BinderKind::Forall, vs, body, _) => {
                vars.extend(vs.iter().copied());
                cur = *body;
            }
            TermKind::App(Op::Implies, args) => {
                let (last, hyps) = args.split_last()?;
                for &h in hyps {
                    conds.extend(conjuncts(cx, h));
                }
                cur = *last;
            }
            TermKind::App(Op::Not, a) => {
                conds.extend(conjuncts(cx, a[0]));
                return Some((vars, conds));
            }
            _ => return None,
        }
    }
}

/// `p = k * x + r` with `k`, `r` free of `x` and `x` of degree one: `(k, r)`.
fn split_symbolic(p: &Poly<TermId>, x: TermId) -> Option<(Poly<TermId>, Poly<TermId>)> {
    let (mut k, mut r) = (Poly::zero(), Poly::zero());
    for (m, c) in p.terms() {
        match m.degree_in(&x) {
            0 => r.add_term(m.clone(), c.clone()),
            1 => {
                let rest: Vec<TermId> = m.atoms().iter().copied().filter(|&a| a != x).collect();
                k.add_term(poly::Monomial::from_atoms(rest), c.clone());
            }
            _ => return None,
        }
    }
    Some((k, r))
}

/// `p / a` when every monomial of `p` is one of `a` (a single monomial)
/// times a monomial, with an integer quotient of the coefficients.
fn divide_exactly(p: &Poly<TermId>, a: &Poly<TermId>) -> Option<Poly<TermId>> {
    let mut ts = a.terms();
    let (am, ac) = ts.next()?;
    if ts.next().is_some() {
        return None;
    }
    let mut q = Poly::zero();
    for (m, c) in p.terms() {
        if !(c % ac).is_zero() {
            return None;
        }
        let mut rest: Vec<TermId> = m.atoms().to_vec();
        for x in am.atoms() {
            let i = rest.iter().position(|y| y == x)?;
            rest.remove(i);
        }
        q.add_term(poly::Monomial::from_atoms(rest), c / ac);
    }
    Some(q)
}

struct Engine {
    rules: Vec<Rule>,
    shared: Vec<Shared>,
    hyps: Vec<TermId>,
    trace: Vec<TraceEvent>,
    budget_nodes: u64,
    exclude_fact: Option<usize>,
    protected: HashSet<TermId>,
    /// Case-split on open guards; when false, only decided rewrites.
    case_splits: bool,
}

/// What to do with one occurrence.
enum Hit {
    /// guard, then-value (replaces the occurrence), else-term (replaces the
    /// occurrence in the second case; `None`: keep it, blocked).
    Case(TermId, TermId, Option<TermId>),
}

impl Engine {
    fn with<T>(&mut self, hs: &[TermId], f: impl FnOnce(&mut Engine) -> T) -> T {
        let n = self.hyps.len();
        self.hyps.extend_from_slice(hs);
        let r = f(self);
        self.hyps.truncate(n);
        r
    }

    fn rw(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        if ctx.budget.expired() || cx.sort_of(t) != cx.bool_sort() {
            return t;
        }
        match cx.kind(t).clone() {
            TermKind::App(Op::And, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    let mut prev = args[..i].to_vec();
                    prev.extend_from_slice(&out[..i]);
                    out.push(self.with(&prev, |e| e.rw(cx, args[i], ctx, fuel, blocked)));
                }
                if out[..] == args[..] {
                    t
                } else {
                    and(cx, out)
                }
            }
            TermKind::App(Op::Or, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    let mut prev: Vec<TermId> = args[..i].iter().map(|&a| not(cx, a)).collect();
                    for &o in &out[..i] {
                        prev.push(not(cx, o));
                    }
                    out.push(self.with(&prev, |e| e.rw(cx, args[i], ctx, fuel, blocked)));
                }
                if out[..] == args[..] {
                    t
                } else {
                    or(cx, out)
                }
            }
            TermKind::App(Op::Implies, args) => {
                let mut out = Vec::new();
                for i in 0..args.len() {
                    let mut prev = args[..i].to_vec();
                    prev.extend_from_slice(&out[..i]);
                    out.push(self.with(&prev, |e| e.rw(cx, args[i], ctx, fuel, blocked)));
                }
                if out[..] == args[..] {
                    t
                } else {
                    let (c, hs) = out.split_last().unwrap();
                    let h = and(cx, hs.to_vec());
                    term::implies(cx, h, *c)
                }
            }
            TermKind::App(Op::Not, args) => {
                let a = self.rw(cx, args[0], ctx, fuel, blocked);
                if a == args[0] {
                    t
                } else {
                    not(cx, a)
                }
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                let nb = self.rw(cx, body, ctx, fuel, blocked);
                if nb == body {
                    t
                } else {
                    // same variables: the patterns stay valid triggers
                    cx.mk_binder(k, vs, nb, attrs).unwrap_or(t)
                }
            }
            TermKind::Annot(body, attrs) => {
                let nb = self.rw(cx, body, ctx, fuel, blocked);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            TermKind::App(..) if fuel > 0 && !self.protected.contains(&t) => {
                self.atom(cx, t, ctx, fuel, blocked)
            }
            _ => t,
        }
    }

    /// Rewrite one occurrence in the atom `phi`, then continue on the cases.
    fn atom(
        &mut self,
        cx: &mut Context,
        phi: TermId,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        let Some((occ, key, hit)) = self.find(cx, phi, blocked) else {
            return phi;
        };
        let Hit::Case(guard, then_v, else_v) = hit;
        let guard = arith::norm(cx, guard);
        // Rewriting the guard costs like a split: guards of guards must not
        // multiply the work.
        let guard = self.rw(cx, guard, ctx, fuel.saturating_sub(SPLIT_COST), blocked);
        let m1: HashMap<TermId, TermId> = [(occ, then_v)].into_iter().collect();
        let phi_then = term::replace(cx, phi, &m1);
        let phi_then = arith::norm(cx, phi_then);
        let phi_else = match else_v {
            Some(e) => {
                let m2: HashMap<TermId, TermId> = [(occ, e)].into_iter().collect();
                term::replace(cx, phi, &m2)
            }
            None => phi,
        };
        let mut blocked2 = blocked.clone();
        if else_v.is_none() {
            blocked2.insert((occ, key));
        }
        let guard = self.residual(cx, guard);
        let status = if term::is_true(cx, guard) {
            Some(true)
        } else if term::is_false(cx, guard) {
            Some(false)
        } else {
            None
        };
        let r = match status {
            Some(true) => self.rw(cx, phi_then, ctx, fuel - 1, blocked),
            Some(false) => self.rw(cx, phi_else, ctx, fuel - 1, &blocked2),
            None if !self.case_splits => {
                // leave this occurrence, look for decided ones elsewhere
                let mut skip = blocked.clone();
                skip.insert((occ, key));
                self.rw(cx, phi, ctx, fuel - 1, &skip)
            }
            None => {
                let fuel = fuel.saturating_sub(SPLIT_COST);
                let a = self.with(&[guard], |e| e.rw(cx, phi_then, ctx, fuel, blocked));
                let ng = not(cx, guard);
                let b = self.with(&[ng], |e| e.rw(cx, phi_else, ctx, fuel, &blocked2));
                if term::is_true(cx, a) {
                    or(cx, vec![guard, b])
                } else if term::is_true(cx, b) {
                    term::implies(cx, guard, a)
                } else {
                    let left = and(cx, vec![guard, a]);
                    let right = and(cx, vec![ng, b]);
                    or(cx, vec![left, right])
                }
            }
        };
        let r = simplify_trivial(cx, r);
        if tree_size(cx, r, &mut HashMap::new()) > self.budget_nodes {
            return phi;
        }
        if r != phi {
            self.trace.push(TraceEvent {
                rule: "guarded-eq".into(),
                before: phi,
                after: r,
            });
        }
        r
    }

    /// The first rewritable occurrence in `t` (innermost first, not under
    /// binders).
    fn find(
        &self,
        cx: &mut Context,
        t: TermId,
        blocked: &HashSet<(TermId, usize)>,
    ) -> Option<(TermId, usize, Hit)> {
        if let TermKind::Binder(..) | TermKind::Match(..) = cx.kind(t) {
            return None;
        }
        for c in cx.children(t) {
            if let Some(h) = self.find(cx, c, blocked) {
                return Some(h);
            }
        }
        let (head, args) = match cx.kind(t).clone() {
            TermKind::App(Op::Uf(f), a) => (Head::Fun(f), a.to_vec()),
            TermKind::App(Op::Select, a) => {
                if let TermKind::App(Op::Store, s) = cx.kind(a[0]).clone() {
                    // select (store arr i v) j: guard i = j.
                    let g = cx.mk_app(Op::Eq, vec![s[1], a[1]]).ok()?;
                    let g = eq_simplify(cx, g);
                    let e = cx.mk_app(Op::Select, vec![s[0], a[1]]).ok()?;
                    return Some((t, usize::MAX, Hit::Case(g, s[2], Some(e))));
                }
                (Head::Select(a[0]), vec![a[1]])
            }
            _ => return None,
        };
        for (i, r) in self.rules.iter().enumerate() {
            if r.head != head || Some(r.fact) == self.exclude_fact || blocked.contains(&(t, i)) {
                continue;
            }
            let mut m: HashMap<VarId, TermId> = HashMap::new();
            if r.pats.len() != args.len()
                || !r
                    .pats
                    .iter()
                    .zip(&args)
                    .all(|(&p, &a)| term::match_term(cx, p, a, &r.vars, &mut m))
            {
                continue;
            }
            let gs: Vec<TermId> = r.guards.iter().map(|&g| term::subst(cx, g, &m)).collect();
            let g = and(cx, gs);
            let g = fresh_if_binders(cx, g);
            let v = term::subst(cx, r.rhs, &m);
            let v = fresh_if_binders(cx, v);
            return Some((t, i, Hit::Case(g, v, None)));
        }
        if let (Head::Fun(f), 1) = (&head, args.len()) {
            let f = *f;
            for (i, s) in self.shared.iter().enumerate() {
                let key = self.rules.len() + i;
                if s.head != f || Some(s.fact) == self.exclude_fact || blocked.contains(&(t, key)) {
                    continue;
                }
                if let Some(h) = self.shared_hit(cx, s, args[0]) {
                    return Some((t, key, h));
                }
            }
        }
        None
    }

    /// The unique-writer rewrite of a shared assign at index `u`.
    fn shared_hit(&self, cx: &mut Context, s: &Shared, u: TermId) -> Option<Hit> {
        let m: HashMap<VarId, TermId> = [(s.n, u)].into_iter().collect();
        let conds: Vec<TermId> = s.conds.iter().map(|&c| term::subst(cx, c, &m)).collect();
        let (writer, conds) = match *s.ts.as_slice() {
            [t] => (self.single_writer(cx, t, &conds)?, conds),
            [b, t] => self
                .block_writer(cx, t, b, &conds)
                .or_else(|| self.block_writer(cx, b, t, &conds))?,
            _ => return None,
        };
        let w: Vec<TermId> = conds
            .iter()
            .map(|&c| {
                let c = term::subst(cx, c, &writer);
                eq_simplify(cx, c)
            })
            .collect();
        let w = and(cx, w);
        let w = fresh_if_binders(cx, w);
        let mut mv = m.clone();
        mv.extend(writer);
        let v = term::subst(cx, s.value, &mv);
        let old = term::subst(cx, s.old, &m);
        Some(Hit::Case(w, v, Some(old)))
    }

    /// The writer of one thread variable `t`: a conjunct `idx(t) = u`
    /// linear in `t` with coefficient ±1 gives `t* = ±(u - rest)`.
    fn single_writer(
        &self,
        cx: &mut Context,
        t: VarId,
        conds: &[TermId],
    ) -> Option<HashMap<VarId, TermId>> {
        let tt = cx.mk_var(t);
        for &c in conds {
            if let Some((Rel::Eq, rest)) = atom_as_bound(cx, c, tt) {
                if !rest.atoms().iter().any(|&a| term::mentions(cx, a, t)) {
                    let tstar = poly::to_term(cx, &rest);
                    return Some([(t, tstar)].into_iter().collect());
                }
            }
        }
        None
    }

    /// The writer of a block-and-thread pair: conjuncts `a*b + t = m`,
    /// `0 <= t` and `t < a`, with `0 < a` under the hypotheses and `a`, `m`
    /// free of `b` and `t`, determine `b* = m div a` and `t* = m mod a`
    /// (SMT-LIB `div` is floor division for `a > 0`). Returns the writer
    /// and the conditions left to check at it: the three that define it
    /// hold there, and range bounds `c <= b`, `b < g` become `a*c <= m`,
    /// `m < a*g`, so the common case needs no `div`. When `m` is a
    /// multiple of `a`'s monomial, `b* = m / a` and `t* = 0`, and every
    /// condition is simply checked there.
    #[allow(clippy::type_complexity)]
    fn block_writer(
        &self,
        cx: &mut Context,
        t: VarId,
        b: VarId,
        conds: &[TermId],
    ) -> Option<(HashMap<VarId, TermId>, Vec<TermId>)> {
        let (tt, bt) = (cx.mk_var(t), cx.mk_var(b));
        let free_of_both = |cx: &Context, p: &Poly<TermId>| {
            !p.atoms()
                .iter()
                .any(|&x| term::mentions(cx, x, t) || term::mentions(cx, x, b))
        };
        let (eq, a, mpoly) = conds.iter().find_map(|&c| {
            let (Rel::Eq, rest) = atom_as_bound(cx, c, tt)? else {
                return None;
            };
            // t = k*b + r, so a*b + t = r with a = -k.
            let (k, r) = split_symbolic(&rest, bt)?;
            let a = k.neg();
            (!a.is_zero() && free_of_both(cx, &a) && free_of_both(cx, &r)).then_some((c, a, r))
        })?;
        let zero = Poly::zero();
        let a_pos = mk_cmp(cx, Rel::Lt, &a.neg());
        let in_range = implied(cx, tt, conds);
        if !(implied_atom(cx, a_pos, &self.hyps) && in_range.nonneg() && in_range.below(&a)) {
            return None;
        }
        let (bstar, tstar) = match divide_exactly(&mpoly, &a) {
            Some(q) => {
                // Plain terms: every condition can be checked at them.
                let writer = [(b, poly::to_term(cx, &q)), (t, poly::to_term(cx, &zero))];
                return Some((writer.into_iter().collect(), conds.to_vec()));
            }
            None => {
                let (m, a) = (poly::to_term(cx, &mpoly), poly::to_term(cx, &a));
                (
                    cx.mk_app(Op::IntDiv, vec![m, a]).ok()?,
                    cx.mk_app(Op::Mod, vec![m, a]).ok()?,
                )
            }
        };
        let mut left = Vec::new();
        for &c in conds {
            if c == eq {
                continue;
            }
            if let Some((rel, bound)) = atom_as_bound(cx, c, tt) {
                let defining = match rel {
                    Rel::Ge => bound.is_zero(),
                    Rel::Gt => bound.as_constant().is_some_and(|k| k == -BigInt::one()),
                    Rel::Lt => bound == a,
                    Rel::Le => bound == a.add_constant(&-BigInt::one()),
                    Rel::Eq => false,
                };
                if defining && free_of_both(cx, &bound) {
                    continue;
                }
            }
            if let Some((rel, g)) = atom_as_bound(cx, c, bt) {
                if free_of_both(cx, &g) {
                    // b ⋈ g  iff  m ⋈' a*g (shifted for the strict sides)
                    let one = BigInt::one();
                    let translated = match rel {
                        Rel::Ge => Some((Rel::Ge, a.mul(&g))),
                        Rel::Gt => Some((Rel::Ge, a.mul(&g.add_constant(&one)))),
                        Rel::Lt => Some((Rel::Lt, a.mul(&g))),
                        Rel::Le => Some((Rel::Lt, a.mul(&g.add_constant(&one)))),
                        Rel::Eq => None,
                    };
                    if let Some((rel2, rhs)) = translated {
                        // m - rhs ⋈ 0
                        left.push(mk_cmp(cx, rel2, &mpoly.sub(&rhs)));
                        continue;
                    }
                }
            }
            left.push(c);
        }
        let writer = [(b, bstar), (t, tstar)].into_iter().collect();
        Some((writer, left))
    }

    /// The part of guard `g` the hypotheses leave open: its conjuncts that
    /// are implied (syntactically, or by bounds) are dropped; `false` if
    /// one is refuted; `true` if all are implied. Equivalent to `g` under
    /// the hypotheses.
    fn residual(&self, cx: &mut Context, g: TermId) -> TermId {
        if term::is_true(cx, g) || term::is_false(cx, g) {
            return g;
        }
        let mut hyps: HashSet<TermId> = self.hyps.iter().flat_map(|&h| conjuncts(cx, h)).collect();
        // Close once: from ¬(c1 ∧ … ∧ cn) with all but ci known, ¬ci.
        let extra: Vec<TermId> = hyps
            .iter()
            .filter_map(|&h| match cx.kind(h) {
                TermKind::App(Op::Not, a) => {
                    let cs = conjuncts(cx, a[0]);
                    let open: Vec<TermId> =
                        cs.iter().copied().filter(|c| !hyps.contains(c)).collect();
                    (open.len() == 1).then(|| open[0])
                }
                _ => None,
            })
            .collect();
        for c in extra {
            let n = not(cx, c);
            hyps.insert(n);
        }
        if hyps.contains(&g) {
            return cx.mk_bool(true);
        }
        if hyps.iter().any(|&h| is_negation(cx, h, g)) {
            return cx.mk_bool(false);
        }
        let hyp_list: Vec<TermId> = hyps.iter().copied().collect();
        let mut open = Vec::new();
        for c in conjuncts(cx, g) {
            if hyps.contains(&c) || implied_atom(cx, c, &hyp_list) {
                continue;
            }
            if let TermKind::App(Op::Not, a) = cx.kind(c) {
                if hyps.iter().any(|&h| h == a[0]) {
                    return cx.mk_bool(false);
                }
            }
            if hyps.iter().any(|&h| is_negation(cx, h, c)) || refuted_atom(cx, c, &hyp_list) {
                return cx.mk_bool(false);
            }
            open.push(c);
        }
        and(cx, open)
    }
}

fn fresh_if_binders(cx: &mut Context, t: TermId) -> TermId {
    if term::has_binder(cx, t) {
        term::freshen(cx, t)
    } else {
        t
    }
}

/// `x ⋈ s` implied by the hypotheses' bounds on some atom `x` of the atom.
fn implied_atom(cx: &Context, c: TermId, hyps: &[TermId]) -> bool {
    let Some((rel, p)) = int_cmp(cx, c) else {
        return false;
    };
    if let Some(k) = p.as_constant() {
        return rel.holds(&k);
    }
    for x in p.atoms() {
        let Some((r, s)) = atom_as_bound(cx, c, x) else {
            continue;
        };
        let im = implied(cx, x, hyps);
        let ok = match r {
            // x < s: some upper bound u <= s.
            Rel::Lt => im.below(&s),
            Rel::Le => im.below(&s.add_constant(&BigInt::one())),
            // x >= s: some lower bound l >= s.
            Rel::Ge => im
                .lower
                .iter()
                .any(|l| l.sub(&s).as_constant().is_some_and(|k| !k.is_negative())),
            Rel::Gt => im
                .lower
                .iter()
                .any(|l| l.sub(&s).as_constant().is_some_and(|k| k.is_positive())),
            Rel::Eq => false,
        };
        if ok {
            return true;
        }
    }
    false
}

/// The negation of the atom is implied.
fn refuted_atom(cx: &mut Context, c: TermId, hyps: &[TermId]) -> bool {
    let Some((rel, p)) = int_cmp(cx, c) else {
        return false;
    };
    let neg = match rel {
        Rel::Lt => Some((Rel::Ge, p)),
        Rel::Le => Some((Rel::Gt, p)),
        Rel::Ge => Some((Rel::Lt, p)),
        Rel::Gt => Some((Rel::Le, p)),
        Rel::Eq => None,
    };
    match neg {
        Some((r, p)) => {
            let a = mk_cmp(cx, r, &p);
            implied_atom(cx, a, hyps)
        }
        None => false,
    }
}

/// An `Int` equality or comparison between polynomials that is constant
/// becomes `true`/`false`; other atoms are kept.
fn eq_simplify(cx: &mut Context, t: TermId) -> TermId {
    match int_cmp(cx, t) {
        Some((rel, p)) if p.is_constant() => mk_cmp(cx, rel, &p),
        _ => t,
    }
}

/// Evaluate constant comparisons and `a = a` in a rewritten formula.
fn simplify_trivial(cx: &mut Context, t: TermId) -> TermId {
    match cx.kind(t).clone() {
        TermKind::App(Op::And, args) => {
            let v = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            and(cx, v)
        }
        TermKind::App(Op::Or, args) => {
            let v = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            or(cx, v)
        }
        TermKind::App(Op::Not, args) => {
            let a = simplify_trivial(cx, args[0]);
            not(cx, a)
        }
        TermKind::App(Op::Implies, args) => {
            let v: Vec<TermId> = args.iter().map(|&a| simplify_trivial(cx, a)).collect();
            let (c, hs) = v.split_last().unwrap();
            let h = and(cx, hs.to_vec());
            term::implies(cx, h, *c)
        }
        TermKind::App(Op::Eq, args) if args.len() == 2 && args[0] == args[1] => cx.mk_bool(true),
        _ => {
            if let Some((rel, p)) = int_cmp(cx, t) {
                if p.is_constant() {
                    return mk_cmp(cx, rel, &p);
                }
            }
            let _ = Poly::<TermId>::zero();
            t
        }
    }
}
