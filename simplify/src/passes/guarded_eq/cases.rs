//! The rewriting of `guarded-eq`.
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
//! **Termination.** Each atom is case-split at most `depth` times along any
//! chain, and rewritten at most `depth * SPLIT_COST` times in all (the
//! per-fact depth budget; the kept `f(t̄)` of the second case is never
//! rewritten again by the same rule); an atom that comes back along its
//! own chain is a cycle, cut at once ([`Engine::atom`]). Rewriting stops
//! when the global [`Budget`](crate::pass::Budget) expires (every
//! intermediate result is equivalent, so stopping early is correct), and
//! gives up as soon as an atom would exceed the budget's node limit: the
//! pipeline sets it to the largest result it takes, so nothing larger is
//! built only to be dropped.

use super::atoms::{eq_simplify, negated_atom, simplify_trivial};
use super::elim_assign::{self, Shared, Then};
use super::hyps::HypIndex;
use super::table::RuleTable;
use crate::arith::known::implies_by_bounds;
use crate::arith::{self, int_cmp};
use crate::pass::{PassContext, TraceEvent};
use crate::passes::simp_affine;
use crate::registry::PassId;
use crate::size::tree_size;
use crate::term::rewrite::Head;
use crate::term::{self, and, conjuncts, not, or};
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind, VarId};
use std::collections::{HashMap, HashSet};

/// Fuel per case split; a rewrite whose guard is decided costs 1. The
/// fuel of an atom is `depth * SPLIT_COST`: at most `depth` case splits
/// (the source of exponential growth) along a chain, while decided
/// rewrites, which replace a term without growing the formula's case
/// structure, may chain `SPLIT_COST` times longer (still bounded, so
/// mutually recursive facts terminate).
pub(super) const SPLIT_COST: usize = 8;

pub(super) struct Engine {
    /// The rules of the facts and definitions.
    pub(super) table: RuleTable,
    /// Terms in which no rule or `select`/`store` applies anywhere
    /// ([`Engine::find_in`]): the atoms rewritten one after another share
    /// most of their subterms, which are then not searched again.
    pub(super) no_hit: HashSet<TermId>,
    pub(super) shared: Vec<Shared>,
    /// The range `∀n. R(F(n))` of each Skolem function `F` of a writer
    /// variable, as `n` and `R` ([`super::skolem`]).
    pub(super) skolem_ranges: HashMap<FunId, (VarId, TermId)>,
    pub(super) hyps: Vec<TermId>,
    /// How many of the first `hyps` are the facts, the same at every
    /// position ([`HypIndex`]'s base layer).
    pub(super) base_hyps: usize,
    pub(super) trace: Vec<TraceEvent>,
    /// The largest atom a rewrite may build ([`crate::pass::Budget`]'s
    /// `max_term_nodes`: the pipeline takes no larger result).
    pub(super) budget_nodes: u64,
    /// Set when a rewrite would build an atom larger than
    /// `budget_nodes`: the rewriting stops, and its result is not used.
    pub(super) overflow: bool,
    /// Tree sizes of the terms measured so far (terms are immutable, so
    /// this holds for the whole context).
    pub(super) sizes: HashMap<TermId, u64>,
    /// Arithmetic normal forms of the terms normalised so far
    /// ([`arith::norm_memo`]), kept like `sizes`.
    pub(super) norms: HashMap<TermId, TermId>,
    pub(super) exclude_fact: Option<usize>,
    pub(super) protected: HashSet<TermId>,
    /// Case-split on open guards; when false, only decided rewrites.
    pub(super) case_splits: bool,
    /// The index of `hyps` as the last guard was decided under them.
    pub(super) hyp_index: Option<HypIndex>,
    /// Whether the term being rewritten stands under an odd number of
    /// negations (`not`, an implication's hypothesis) in the assertion.
    pub(super) negative: bool,
    /// The atoms being rewritten, outermost first, each with the number of
    /// hypotheses and of blocked occurrences it is rewritten under (both
    /// only grow inward, so equal numbers mean equal sets) and its
    /// polarity.
    pub(super) chain: Vec<AtomState>,
    /// Set when an atom of `chain` came up again: the rewriting unwinds to
    /// it.
    pub(super) cycle: Option<AtomState>,
    /// The keys of the recursive rules found so far
    /// ([`super::equations::Rule`]): an unfolding is kept only where the
    /// hypotheses decide its guard and it decides its atom.
    pub(super) recursive_keys: HashSet<usize>,
}

/// An atom as [`Engine::atom`] rewrites it: the atom, the numbers of
/// hypotheses and of blocked occurrences, the polarity.
pub(super) type AtomState = (TermId, usize, usize, bool);

/// What to do with one occurrence.
enum Hit {
    /// guard, then-value (replaces the occurrence), else-term (replaces the
    /// occurrence in the second case; `None`: keep it, blocked), and facts
    /// that hold everywhere and are worth knowing while the cases are
    /// rewritten (the ranges of the Skolem terms in the then-value).
    Case(TermId, Then, Option<TermId>, Vec<TermId>),
}

impl Engine {
    fn with<T>(&mut self, hs: &[TermId], f: impl FnOnce(&mut Engine) -> T) -> T {
        let n = self.hyps.len();
        self.hyps.extend_from_slice(hs);
        let r = f(self);
        self.hyps.truncate(n);
        r
    }

    fn flipped<T>(&mut self, f: impl FnOnce(&mut Engine) -> T) -> T {
        self.negative = !self.negative;
        let r = f(self);
        self.negative = !self.negative;
        r
    }

    pub(super) fn rw(
        &mut self,
        cx: &mut Context,
        t: TermId,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        if ctx.budget.expired()
            || self.overflow
            || self.cycle.is_some()
            || cx.sort_of(t) != cx.bool_sort()
        {
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
                    let hypothesis = i + 1 < args.len();
                    out.push(self.with(&prev, |e| {
                        if hypothesis {
                            e.flipped(|e| e.rw(cx, args[i], ctx, fuel, blocked))
                        } else {
                            e.rw(cx, args[i], ctx, fuel, blocked)
                        }
                    }));
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
                let a = self.flipped(|e| e.rw(cx, args[0], ctx, fuel, blocked));
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
    ///
    /// **Cycles.** Rules may lead back to an atom being rewritten
    /// (`c = d` and `d = c` both facts, or `f(x) = g(x)` next to
    /// `g(x) = f(x)`): the atom comes up again under the same hypotheses,
    /// blocked occurrences and polarity, and rewriting it again would only
    /// repeat the work until the fuel is spent. The inner visit unwinds to
    /// the outer one ([`Engine::cycle`]), which leaves the occurrence that
    /// started the cycle as it is and goes on with the others.
    fn atom(
        &mut self,
        cx: &mut Context,
        phi: TermId,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        let here = (phi, self.hyps.len(), blocked.len(), self.negative);
        if self.chain.contains(&here) {
            self.cycle = Some(here);
            return phi;
        }
        let Some((occ, key, hit)) = self.find(cx, phi, blocked) else {
            return phi;
        };
        let Hit::Case(guard, then_v, else_v, known) = hit;
        self.chain.push(here);
        let r = self.with(&known, |e| {
            e.cases(
                cx,
                phi,
                (occ, key),
                (guard, then_v, else_v),
                ctx,
                fuel,
                blocked,
            )
        });
        self.chain.pop();
        match self.cycle {
            _ if self.overflow => phi,
            Some(c) if c == here => {
                self.cycle = None;
                let mut skip = blocked.clone();
                skip.insert((occ, key));
                self.rw(cx, phi, ctx, fuel - 1, &skip)
            }
            // unwinding to the atom where the cycle started
            Some(_) => phi,
            None => r,
        }
    }

    /// Rewrite the occurrence `occ` (found with rule `key`) in the atom
    /// `phi` by the case `(guard, then_v, else_v)` of [`Hit::Case`], then
    /// continue on the cases.
    #[allow(clippy::too_many_arguments)]
    fn cases(
        &mut self,
        cx: &mut Context,
        phi: TermId,
        (occ, key): (TermId, usize),
        (guard, then_v, else_v): (TermId, Then, Option<TermId>),
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        let guard = arith::norm_memo(cx, guard, &mut self.norms);
        // Rewriting the guard costs like a split: guards of guards must not
        // multiply the work.
        let guard = self.rw(cx, guard, ctx, fuel.saturating_sub(SPLIT_COST), blocked);
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
        let ranges = self.skolem_ranges_in(cx, guard);
        let guard = self.with(&ranges, |e| e.residual(cx, guard));
        let status = if term::is_true(cx, guard) {
            Some(true)
        } else if term::is_false(cx, guard) {
            Some(false)
        } else {
            None
        };
        // A case larger than the limit gives a result larger than the
        // limit unless later rewrites shrink it: give up before building
        // it (the then-case is measured in `then_case`).
        if status != Some(true)
            && (status.is_some() || self.case_splits)
            && self.too_big(cx, phi_else)
        {
            self.overflow = true;
            return phi;
        }
        let recursive = self.recursive_keys.contains(&key);
        let r = match status {
            Some(true) if recursive => {
                self.unfold_if_decisive(cx, (phi, occ, key), &then_v, ctx, fuel, blocked)
            }
            Some(true) => self.then_case(cx, phi, occ, &then_v, ctx, fuel - 1, blocked),
            Some(false) => self.rw(cx, phi_else, ctx, fuel - 1, &blocked2),
            None if !self.case_splits || recursive => {
                // leave this occurrence, look for decided ones elsewhere
                let mut skip = blocked.clone();
                skip.insert((occ, key));
                self.rw(cx, phi, ctx, fuel - 1, &skip)
            }
            None => {
                let fuel = fuel.saturating_sub(SPLIT_COST);
                let a = self.with(&[guard], |e| {
                    e.then_case(cx, phi, occ, &then_v, ctx, fuel, blocked)
                });
                let ng = not(cx, guard);
                let b = self.with(&[ng], |e| e.rw(cx, phi_else, ctx, fuel, &blocked2));
                if a == b {
                    // Both cases agree (two writers of the same value, one
                    // read through the other's else case): `g ∨ ¬g`.
                    a
                } else if term::is_true(cx, a) {
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
        if self.cycle.is_some() || self.overflow {
            return phi;
        }
        let r = simplify_trivial(cx, r);
        if self.too_big(cx, r) {
            self.overflow = true;
            return phi;
        }
        if r != phi {
            self.trace.push(TraceEvent {
                rule: PassId::GuardedEq.name().into(),
                before: phi,
                after: r,
            });
        }
        r
    }

    /// A recursive rule's unfolding of `occ` (found with rule `key`) in
    /// the atom `phi`, rewritten further, if that decides the atom
    /// (`true` or `false`); else `phi` rewritten with `occ` left as it is.
    /// An unfolding that decides nothing would only take a term apart that
    /// another side of the atom may still match as a whole
    /// (`sum(f, 0, k - 1)` against the invariant's own sum).
    fn unfold_if_decisive(
        &mut self,
        cx: &mut Context,
        (phi, occ, key): (TermId, TermId, usize),
        then: &Then,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        let traced = self.trace.len();
        let r = self.then_case(cx, phi, occ, then, ctx, fuel - 1, blocked);
        let r = simplify_trivial(cx, r);
        let decided = term::is_true(cx, r) || term::is_false(cx, r);
        if self.cycle.is_some() || (decided && !self.overflow) {
            return r;
        }
        self.overflow = false;
        self.trace.truncate(traced);
        let mut skip = blocked.clone();
        skip.insert((occ, key));
        self.rw(cx, phi, ctx, fuel - 1, &skip)
    }

    /// The atom `phi` with its occurrence `occ` replaced as `then` says,
    /// rewritten further.
    #[allow(clippy::too_many_arguments)]
    fn then_case(
        &mut self,
        cx: &mut Context,
        phi: TermId,
        occ: TermId,
        then: &Then,
        ctx: &PassContext,
        fuel: usize,
        blocked: &HashSet<(TermId, usize)>,
    ) -> TermId {
        let value = match then {
            Then::Value(v) | Then::Bound { value: v, .. } => *v,
        };
        let m: HashMap<TermId, TermId> = [(occ, value)].into_iter().collect();
        let replaced = term::replace(cx, phi, &m);
        let replaced = arith::norm_memo(cx, replaced, &mut self.norms);
        if self.too_big(cx, replaced) {
            self.overflow = true;
            return phi;
        }
        let Then::Bound { vars, conds, .. } = then else {
            return self.rw(cx, replaced, ctx, fuel, blocked);
        };
        let body = self.with(conds, |e| e.rw(cx, replaced, ctx, fuel, blocked));
        let w = and(cx, conds.clone());
        let body = term::implies(cx, w, body);
        cx.mk_binder(BinderKind::Forall, vars.clone().into(), body, Box::new([]))
            .expect("a Bool body")
    }

    /// The ranges of the Skolem functions applied in `g`, at their
    /// arguments, in the normal form of guards: `0 <= F(u)` and
    /// `F(u) < G` for each `F(u)` in `g` when `∀n. 0 <= F(n) < G` is `F`'s
    /// range ([`super::skolem`]). They are facts (the pipeline asserts
    /// them), which the facts' bound analysis does not instantiate.
    fn skolem_ranges_in(&mut self, cx: &mut Context, g: TermId) -> Vec<TermId> {
        if self.skolem_ranges.is_empty() {
            return Vec::new();
        }
        let mut apps = Vec::new();
        term::any_subterm(cx, g, |t| {
            if let TermKind::App(Op::Uf(f), args) = cx.kind(t) {
                if let Some(&(n, range)) = self.skolem_ranges.get(f) {
                    apps.push((n, range, args[0]));
                }
            }
            false
        });
        let mut out = Vec::new();
        for (n, range, arg) in apps {
            let m: HashMap<VarId, TermId> = [(n, arg)].into_iter().collect();
            let r = term::subst(cx, range, &m);
            let r = arith::norm_memo(cx, r, &mut self.norms);
            out.extend(conjuncts(cx, r));
        }
        out
    }

    /// Is `t` larger than the limit on what a rewrite may build?
    fn too_big(&mut self, cx: &Context, t: TermId) -> bool {
        tree_size(cx, t, &mut self.sizes) > self.budget_nodes
    }

    /// The first rewritable occurrence in `t` (innermost first, not under
    /// binders).
    fn find(
        &mut self,
        cx: &mut Context,
        t: TermId,
        blocked: &HashSet<(TermId, usize)>,
    ) -> Option<(TermId, usize, Hit)> {
        self.find_in(cx, t, blocked, &mut true)
    }

    /// [`Engine::find`]; `clean` is cleared if some rule was passed over
    /// (blocked, or of the excluded fact) or a shared assign tried (its
    /// writer depends on the hypotheses). A term searched cleanly without
    /// a hit has none anywhere under these rules: it is remembered in
    /// [`Engine::no_hit`] and not searched again.
    fn find_in(
        &mut self,
        cx: &mut Context,
        t: TermId,
        blocked: &HashSet<(TermId, usize)>,
        clean: &mut bool,
    ) -> Option<(TermId, usize, Hit)> {
        if self.no_hit.contains(&t) {
            return None;
        }
        if let TermKind::Binder(..) | TermKind::Match(..) = cx.kind(t) {
            return None;
        }
        let mut here = true;
        for c in cx.children(t) {
            if let Some(h) = self.find_in(cx, c, blocked, &mut here) {
                return Some(h);
            }
        }
        if let TermKind::App(Op::Select, a) = cx.kind(t).clone() {
            if let TermKind::App(Op::Store, s) = cx.kind(a[0]).clone() {
                // select (store arr i v) j: guard i = j.
                let g = cx.mk_app(Op::Eq, vec![s[1], a[1]]).ok()?;
                let g = eq_simplify(cx, g);
                let e = cx.mk_app(Op::Select, vec![s[0], a[1]]).ok()?;
                return Some((
                    t,
                    usize::MAX,
                    Hit::Case(g, Then::Value(s[2]), Some(e), vec![]),
                ));
            }
        }
        let hit = Head::of(cx, t).and_then(|at| self.hit_at(cx, (t, at), blocked, &mut here));
        if hit.is_none() && here {
            self.no_hit.insert(t);
        }
        *clean &= here;
        hit
    }

    /// A rule or shared assign that rewrites `t` itself, of head and
    /// arguments `at`.
    fn hit_at(
        &mut self,
        cx: &mut Context,
        (t, at): (TermId, (Head, Vec<TermId>)),
        blocked: &HashSet<(TermId, usize)>,
        clean: &mut bool,
    ) -> Option<(TermId, usize, Hit)> {
        let (head, args) = at;
        for src in self.table.of_head(&head) {
            let i = self.table.key(src);
            if Some(src.0) == self.exclude_fact || blocked.contains(&(t, i)) {
                *clean = false;
                continue;
            }
            let rule = self.table.rule(src);
            let recursive = rule.recursive;
            if let Some(inst) = rule.rule.fire(cx, &args) {
                if recursive {
                    self.recursive_keys.insert(i);
                }
                return Some((
                    t,
                    i,
                    Hit::Case(inst.guard, Then::Value(inst.rhs), None, vec![]),
                ));
            }
        }
        if let (Head::Fun(f), 1) = (&head, args.len()) {
            let f = *f;
            for (i, s) in self.shared.iter().enumerate() {
                if s.head != f {
                    continue;
                }
                *clean = false;
                let key = self.table.len() + i;
                if Some(s.fact) == self.exclude_fact || blocked.contains(&(t, key)) {
                    continue;
                }
                if let Some((w, then, old, known)) =
                    elim_assign::writer_case(cx, s, args[0], &self.hyps, self.negative)
                {
                    return Some((t, key, Hit::Case(w, then, Some(old), known)));
                }
            }
        }
        None
    }

    /// The part of guard `g` the hypotheses leave open: its conjuncts that
    /// are implied (syntactically, by bounds, or, for a nonlinear
    /// comparison, by SimpAffine's forms under those bounds) are dropped;
    /// `false` if one is refuted; `true` if all are implied. Equivalent to
    /// `g` under the hypotheses.
    fn residual(&mut self, cx: &mut Context, g: TermId) -> TermId {
        if term::is_true(cx, g) || term::is_false(cx, g) {
            return g;
        }
        if !self
            .hyp_index
            .as_ref()
            .is_some_and(|ix| ix.is_for(&self.hyps))
        {
            let previous = self.hyp_index.take();
            self.hyp_index = Some(HypIndex::new(cx, &self.hyps, self.base_hyps, previous));
        }
        let ix = self.hyp_index.as_ref().expect("built above");
        if ix.holds(g) {
            return cx.mk_bool(true);
        }
        if ix.refutes(cx, g) {
            return cx.mk_bool(false);
        }
        let mut open = Vec::new();
        for c in conjuncts(cx, g) {
            let TermKind::App(Op::Or, ds) = cx.kind(c) else {
                match literal_decision(cx, c, ix) {
                    Some(true) => continue,
                    Some(false) => return cx.mk_bool(false),
                    None => open.push(c),
                }
                continue;
            };
            let ds = ds.clone();
            if ix.holds(c) || implies_by_bounds(cx, c, |x| ix.implied(cx, x)) {
                continue;
            }
            // A disjunction (the negated guard of a per-thread assign's
            // other case, `n < 0 ∨ k <= n`) holds when one disjunct does;
            // its refuted disjuncts are dropped (`false` when all are).
            let mut rest = Vec::new();
            for &d in ds.iter() {
                match formula_decision(cx, d, ix, 0) {
                    Some(true) => {
                        rest.clear();
                        rest.push(cx.mk_bool(true));
                        break;
                    }
                    Some(false) => {}
                    None => rest.push(d),
                }
            }
            let r = or(cx, rest);
            if term::is_false(cx, r) {
                return r;
            }
            if !term::is_true(cx, r) {
                open.extend(conjuncts(cx, r));
            }
        }
        and(cx, open)
    }
}

/// What the hypotheses of `ix` decide about the literal `c` (a guard's
/// conjunct in [`Engine::residual`]): `Some(true)` when it
/// is a hypothesis or implied by bounds or SimpAffine's forms,
/// `Some(false)` when refuted so, `None` when open.
fn literal_decision(cx: &mut Context, c: TermId, ix: &HypIndex) -> Option<bool> {
    if ix.implies(cx, c) || implies_by_bounds(cx, c, |x| ix.implied(cx, x)) {
        return Some(true);
    }
    if let TermKind::App(Op::Not, a) = cx.kind(c) {
        if ix.holds(a[0]) {
            return Some(false);
        }
    }
    let refuted = ix.refutes(cx, c)
        || negated_atom(cx, c).is_some_and(|a| implies_by_bounds(cx, a, |x| ix.implied(cx, x)));
    if refuted {
        return Some(false);
    }
    affine_decision(cx, c, ix)
}

/// What the hypotheses of `ix` decide about `f` through its `and`/`or`
/// connectives ([`literal_decision`] at the literals): a disjunction holds
/// when one disjunct does and is refuted when all are, a conjunction the
/// other way round. `None` when open, or nested deeper than
/// [`MAX_DECISION_DEPTH`].
fn formula_decision(cx: &mut Context, f: TermId, ix: &HypIndex, depth: usize) -> Option<bool> {
    let (parts, is_or) = match cx.kind(f) {
        TermKind::App(Op::Or, a) => (a.clone(), true),
        TermKind::App(Op::And, a) => (a.clone(), false),
        _ => return literal_decision(cx, f, ix),
    };
    // the whole may be a hypothesis, or the negation of one
    if let Some(v) = literal_decision(cx, f, ix) {
        return Some(v);
    }
    if depth >= MAX_DECISION_DEPTH {
        return None;
    }
    // `or`: one true decides it, all false refute it; `and` dually.
    let mut all_other = true;
    for &p in parts.iter() {
        match formula_decision(cx, p, ix, depth + 1) {
            Some(v) if v == is_or => return Some(is_or),
            Some(_) => {}
            None => all_other = false,
        }
    }
    all_other.then_some(!is_or)
}

/// How deep [`formula_decision`] reads nested connectives.
const MAX_DECISION_DEPTH: usize = 4;

/// A nonlinear Int comparison `c` decided by SimpAffine's forms under the
/// hypotheses of `ix` (`c + a*r < a*q` is `r < q` when `0 <= c < a`):
/// `Some(true)` when it holds there, `Some(false)` when it is refuted,
/// `None` when SimpAffine leaves an atom the hypotheses do not decide.
fn affine_decision(cx: &mut Context, c: TermId, ix: &HypIndex) -> Option<bool> {
    let (_, p) = int_cmp(cx, c)?;
    if !p.terms().any(|(m, _)| m.atoms().len() >= 2) {
        return None;
    }
    let r = simp_affine::simp_atom_by(cx, c, &|cx, x| ix.implied(cx, x))?;
    if term::is_true(cx, r) || ix.holds(r) || implies_by_bounds(cx, r, |x| ix.implied(cx, x)) {
        return Some(true);
    }
    // SimpAffine's form of `c + a*r <= 0` under `0 <= c < a` is
    // `r < 0 ∨ (r = 0 ∧ c = 0)`: decided through its connectives.
    if matches!(cx.kind(r), TermKind::App(Op::Or | Op::And, _)) {
        return formula_decision(cx, r, ix, 0);
    }
    let refuted = term::is_false(cx, r)
        || ix.refutes(cx, r)
        || negated_atom(cx, r).is_some_and(|a| implies_by_bounds(cx, a, |x| ix.implied(cx, x)));
    refuted.then_some(false)
}
