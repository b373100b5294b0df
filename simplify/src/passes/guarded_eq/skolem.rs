//! Writers with undetermined thread variables.
//!
//! A shared assign's writer `∃t̄. W(t̄, n) ∧ f(n) = v(t̄)` may range over
//! thread variables that its index does not determine: VeriCUDA quantifies
//! over all six components of a thread while the index `B*bx + tx = n`
//! names two. A writer variable `y` is *free* when every condition on it
//! is one of a range `lo <= y < hi`, with `lo` and `hi` free of the writer's
//! variables and of `n`, and the ground facts imply `lo < hi`.
//!
//! * A free variable that the value does not mention is dropped with its
//!   range: `∃y. lo <= y < hi ∧ P` is `P` when `lo < hi`.
//! * A free variable that the value mentions becomes a fresh function of
//!   the index, `y ↦ F(n)` (a Skolem function), defined by two facts:
//!   `R`, `∀n. lo <= F(n) < hi`, and `S`, `∀n D. W_D(n, D) ⇒ f(n) =
//!   v(D, F(n))`, where `D` are the variables left and `W_D` the writer's
//!   other conditions.
//!
//! The variables left (one, or a block and a thread) must determine the
//! writer for every `n` ([`super::elim_assign::determines`]), and reads are
//! rewritten as for any unique writer, with `F(u)` in the value.
//!
//! **Guarantee: equisatisfiable, and equivalent over the input's symbols.**
//! A model of the input extends to `F` with `R` and `S`: let `F(n)` be the
//! `y` of a writer of `n` whose value `f(n)` is (the assign says one is)
//! when `n` has a writer, and `lo` otherwise. `R` holds, and so does `S`:
//! when `W_D(n, D)` holds, `D` is the only such `D` and `(D, F(n))` is the
//! writer chosen, so `f(n) = v(D, F(n))`. Conversely, under the assign, `R`
//! and `S`, a read `f(u)` is what the rewrite says: if `W_D(u, D*)` holds,
//! `f(u) = v(D*, F(u))` by `S`; otherwise no `D` satisfies `W_D(u, D)`, no
//! writer exists, and the assign makes `f(u)` the old value. The rewritten
//! assertions need `R` and `S`, so the pass hands them to the pipeline
//! ([`crate::pass::Introduced`]), which declares `F` and asserts them; the
//! assign itself stays.
//!
//! The pipeline reports the functions it declares to `--validate`, which
//! takes `R` and `S` as premises of the input side and proves separately
//! that the input implies `∀n. ∃y. R ∧ S` with `y` for `F(n)`.
//!
//! The pass introduces Skolem functions only where the pipeline can place
//! them simply: in a script without `push`/`pop` or `reset` that asks for
//! no model, values or assignment (see [`skolems_allowed`]), with `n` and
//! `y` of sort `Int` or `Real`.

use super::atoms::implied_atom;
use super::elim_assign::{determines, Shared};
use crate::analysis::bounds::atom_as_bound;
use crate::analysis::redeclare::unused_name;
use crate::arith::poly::Poly;
use crate::arith::{mk_cmp, Rel};
use crate::pass::Introduced;
use crate::term::rewrite::fresh_if_binders;
use crate::term::{self, and};
use num_bigint::BigInt;
use num_traits::One;
use smtlib_io::{
    BinderKind, CommandKind, Context, FunDecl, FunId, FunKind, Op, QueryKind, Script, TermId, VarId,
};
use std::collections::{HashMap, HashSet};

/// Whether the pass may introduce Skolem functions into `script`: no
/// `push`/`pop` or `reset` (the functions and their facts then hold at
/// every later check-sat), and no `get-model`, `get-value` or `get-assignment` (whose
/// answers would show them).
pub fn skolems_allowed(script: &Script) -> bool {
    !script.has_scopes()
        && !script.commands.iter().any(|c| {
            matches!(
                c.kind,
                CommandKind::Query(QueryKind::Model | QueryKind::Value | QueryKind::Assignment)
            )
        })
}

/// The Skolem functions of one pass instance and the facts that define
/// them.
#[derive(Clone, Debug, Default)]
pub(super) struct WriterSkolems {
    /// Whether new functions may be introduced.
    pub(super) enabled: bool,
    /// The function of each (assign fact, writer variable).
    funs: HashMap<(TermId, VarId), FunId>,
    /// Introduced and not yet taken by the pipeline.
    introduced: Vec<Introduced>,
    /// The range `R` of each function as `∀n. R(F(n))`: `n` and `R`.
    ranges: HashMap<FunId, (VarId, TermId)>,
}

impl WriterSkolems {
    pub(super) fn new(enabled: bool) -> Self {
        WriterSkolems {
            enabled,
            ..WriterSkolems::default()
        }
    }

    /// The range `∀n. R(F(n))` of each function `F` introduced, as `n`
    /// and `R` (its fact `R` of the module doc).
    pub(super) fn ranges(&self) -> &HashMap<FunId, (VarId, TermId)> {
        &self.ranges
    }

    /// The functions introduced since the last call, with their facts.
    pub(super) fn take_introduced(&mut self) -> Vec<Introduced> {
        std::mem::take(&mut self.introduced)
    }

    /// Narrow the writer of `s` to its determined variables (see the
    /// module doc): drop the free variables and their ranges, and replace
    /// those the value mentions by their Skolem functions of `n`. `hyps`
    /// are ground facts of the whole script. `s` is left as it is when no
    /// variable is free, when more than two or none would be left, or when
    /// a Skolem function is needed and may not be introduced.
    pub(super) fn narrow(&mut self, cx: &mut Context, s: &mut Shared, hyps: &[TermId]) {
        if s.ts.len() < 2 {
            return;
        }
        let free: Vec<(VarId, Vec<TermId>)> =
            s.ts.iter()
                .filter_map(|&y| free_range(cx, s, y, hyps).map(|r| (y, r)))
                .collect();
        let determined: Vec<VarId> =
            s.ts.iter()
                .copied()
                .filter(|t| !free.iter().any(|(y, _)| y == t))
                .collect();
        let dropped: HashSet<TermId> = free.iter().flat_map(|(_, r)| r.iter().copied()).collect();
        let conds: Vec<TermId> = s
            .conds
            .iter()
            .copied()
            .filter(|c| !dropped.contains(c))
            .collect();
        if free.is_empty() || !determines(cx, &determined, &conds, hyps) {
            return;
        }
        let skolemized: Vec<&(VarId, Vec<TermId>)> = free
            .iter()
            .filter(|(y, _)| term::mentions(cx, s.value, *y))
            .collect();
        if !skolemized.is_empty() {
            let numeric = |cx: &Context, v: VarId| cx.is_numeric(cx.var(v).sort);
            if !self.enabled
                || !numeric(cx, s.n)
                || skolemized.iter().any(|(y, _)| !numeric(cx, *y))
            {
                return;
            }
            let n = cx.mk_var(s.n);
            let mut map = HashMap::new();
            let mut new_funs = Vec::new();
            for (y, _) in &skolemized {
                let f = match self.funs.get(&(s.source, *y)) {
                    Some(&f) => f,
                    None => {
                        let f = declare_skolem(cx, s.n, *y);
                        self.funs.insert((s.source, *y), f);
                        new_funs.push(f);
                        f
                    }
                };
                let fy = cx
                    .mk_app(Op::Uf(f), vec![n])
                    .expect("a Skolem function applies to its index");
                map.insert(*y, fy);
            }
            let mut ranges = Vec::new();
            for (y, r) in &skolemized {
                let mine: Vec<TermId> = r.iter().map(|&c| term::subst(cx, c, &map)).collect();
                let f = self.funs[&(s.source, *y)];
                if let std::collections::hash_map::Entry::Vacant(e) = self.ranges.entry(f) {
                    e.insert((s.n, and(cx, mine.clone())));
                }
                ranges.extend(mine);
            }
            let value = term::subst(cx, s.value, &map);
            if !new_funs.is_empty() {
                let Some(sk) = skolemized_assign(cx, s, &determined, &conds, value) else {
                    return;
                };
                let ranges = and(cx, ranges.clone());
                let Ok(r) = cx.mk_binder(BinderKind::Forall, Box::new([s.n]), ranges, Box::new([]))
                else {
                    return;
                };
                // fresh binders: the assign binds the same variables
                let facts = vec![fresh_if_binders(cx, sk), fresh_if_binders(cx, r)];
                self.introduced.push(Introduced {
                    funs: new_funs,
                    facts,
                });
            }
            s.value = value;
            s.skolem_ranges = ranges;
        }
        s.conds = conds;
        s.ts = determined;
    }
}

/// The conditions on `y` when `y` is free in the writer of `s`: exactly one
/// lower and one upper bound, both free of the writer's variables and of
/// `n`, with `lo < hi` implied by `hyps`.
fn free_range(cx: &mut Context, s: &Shared, y: VarId, hyps: &[TermId]) -> Option<Vec<TermId>> {
    let yt = cx.mk_var(y);
    let on_y: Vec<TermId> = s
        .conds
        .iter()
        .copied()
        .filter(|&c| term::mentions(cx, c, y))
        .collect();
    let closed = |cx: &Context, p: &Poly<TermId>| {
        !p.atoms()
            .iter()
            .any(|&a| term::mentions(cx, a, s.n) || s.ts.iter().any(|&t| term::mentions(cx, a, t)))
    };
    let one = BigInt::one();
    let (mut lo, mut hi) = (None, None);
    for &c in &on_y {
        let (rel, b) = atom_as_bound(cx, c, yt)?;
        if !closed(cx, &b) {
            return None;
        }
        let (slot, bound) = match rel {
            Rel::Ge => (&mut lo, b),
            Rel::Gt => (&mut lo, b.add_constant(&one)),
            Rel::Lt => (&mut hi, b),
            Rel::Le => (&mut hi, b.add_constant(&one)),
            Rel::Eq => return None,
        };
        if slot.replace(bound).is_some() {
            return None;
        }
    }
    let nonempty = mk_cmp(cx, Rel::Lt, &lo?.sub(&hi?));
    implied_atom(cx, nonempty, hyps).then_some(on_y)
}

/// A fresh function from the sort of `n` to the sort of `y`, named after
/// `y`.
fn declare_skolem(cx: &mut Context, n: VarId, y: VarId) -> FunId {
    let base = format!("{}@writer", cx.sym_name(cx.var(y).name));
    let name = unused_name(
        cx,
        std::iter::once(base.clone()).chain((1..).map(|k| format!("{base}{k}"))),
    );
    let name = cx.sym(&name);
    let (arg, ret) = (cx.var(n).sort, cx.var(y).sort);
    cx.declare_fun(FunDecl {
        name,
        sort_params: Box::new([]),
        args: Box::new([arg]),
        ret,
        kind: FunKind::Declared,
    })
}

/// `S` of the module doc: `∀n D. W_D(n, D) ⇒ f(n) = value`, over the
/// determined variables `ts` and their conditions `conds`.
fn skolemized_assign(
    cx: &mut Context,
    s: &Shared,
    ts: &[VarId],
    conds: &[TermId],
    value: TermId,
) -> Option<TermId> {
    let read = cx.mk_app(Op::Uf(s.head), vec![s.index]).ok()?;
    let eq = cx.mk_app(Op::Eq, vec![read, value]).ok()?;
    let w = and(cx, conds.to_vec());
    let body = term::implies(cx, w, eq);
    let vars: Vec<VarId> = std::iter::once(s.n).chain(ts.iter().copied()).collect();
    cx.mk_binder(BinderKind::Forall, vars.into(), body, Box::new([]))
        .ok()
}
