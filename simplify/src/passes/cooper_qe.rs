//! Quantifier elimination over the integers.
//!
//! [`CooperQe`] is a [`TermPass`] named `cooper-qe`. Bottom-up over a term,
//! it eliminates from every `forall`/`exists` the `Int` variables that occur
//! only linearly with constant coefficients: every monomial without the
//! variable (`N*l`, `bsize*bid`, `(f y)`, `(select a i)`, …) is an atom.
//! Variables of other sorts, and variables that occur under an
//! uninterpreted function, an array index, `div`/`mod`, a nonlinear product
//! or any other non-arithmetic context, are kept in the binder (guarded
//! equality rewriting is the tool for them). Eliminations whose estimated
//! output exceeds the budget are skipped; the quantifier stays, which is
//! still correct.
//!
//! Register it by boxing it: `Box::new(CooperQe::default()) as Box<dyn
//! TermPass>`; its counters are in [`CooperQe::stats`].

use crate::deadline::Deadline;
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::qe::cooper::{Eliminator, Methods, Skip};
use crate::qe::formula::{self, Lit, Reader, Writer, F};
use crate::registry::PassId;
use crate::size::tree_size;
use num_traits::Signed;
use smtlib_io::{Attr, BinderKind, Context, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

/// Limits and output options of the pass.
#[derive(Clone, Debug)]
pub struct QeConfig {
    /// Largest number of literals one elimination may build (estimated
    /// before expanding: `delta * (|B| + 1) * literals`).
    pub max_lits: usize,
    /// Largest result (AST nodes) for one binder; bigger results are
    /// discarded and the quantifier kept.
    pub max_output_nodes: u64,
    /// Print divisibility as `((_ divisible k) t)` (also chosen
    /// automatically when the eliminated formula already uses it).
    pub divisible: bool,
}

impl Default for QeConfig {
    fn default() -> QeConfig {
        QeConfig {
            max_lits: 4096,
            max_output_nodes: 50_000,
            divisible: false,
        }
    }
}

/// Counters for `--stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QeStats {
    /// Quantifier binders examined.
    pub binders: usize,
    /// Binders that lost at least one variable.
    pub binders_changed: usize,
    /// Binders removed entirely.
    pub binders_removed: usize,
    pub vars_eliminated: usize,
    /// Variables kept because the estimated or actual output was over budget.
    pub skipped_budget: usize,
    /// Integer variables kept because they occur outside linear arithmetic.
    pub skipped_ineligible: usize,
    /// Variables kept because they are not `Int` (`Real`, `Bool`, arrays, …).
    pub skipped_sort: usize,
    /// `div`/`mod` terms by constants replaced by fresh variables.
    pub divmod_purified: usize,
    /// Which method eliminated (parts of) each variable.
    pub methods: Methods,
}

impl QeStats {
    /// The counters as (name, value) pairs, for `--stats-json`.
    pub fn fields(&self) -> Vec<(&'static str, usize)> {
        vec![
            ("binders", self.binders),
            ("binders_changed", self.binders_changed),
            ("binders_removed", self.binders_removed),
            ("vars_eliminated", self.vars_eliminated),
            ("skipped_budget", self.skipped_budget),
            ("skipped_ineligible", self.skipped_ineligible),
            ("skipped_sort", self.skipped_sort),
            ("divmod_purified", self.divmod_purified),
            ("trivial", self.methods.trivial),
            ("equality", self.methods.equality),
            ("fourier_motzkin", self.methods.fourier_motzkin),
            ("cooper", self.methods.cooper),
        ]
    }

    /// One line for the human `--stats` report.
    pub fn summary(&self, cfg: &QeConfig) -> String {
        format!(
            "binders {} (changed {}, removed {}), vars eliminated {}, skipped: budget {} (max {} lits, {} nodes), ineligible {}, non-Int {}; div/mod purified {}; methods: trivial {}, equality {}, fm {}, cooper {}",
            self.binders,
            self.binders_changed,
            self.binders_removed,
            self.vars_eliminated,
            self.skipped_budget,
            cfg.max_lits,
            cfg.max_output_nodes,
            self.skipped_ineligible,
            self.skipped_sort,
            self.divmod_purified,
            self.methods.trivial,
            self.methods.equality,
            self.methods.fourier_motzkin,
            self.methods.cooper
        )
    }
}

/// The `cooper-qe` pass.
#[derive(Clone, Debug, Default)]
pub struct CooperQe {
    pub config: QeConfig,
    pub stats: QeStats,
}

/// Does `x` occur in `t`? Memoised per variable.
struct Occurs<'a> {
    cx: &'a Context,
    x: TermId,
    memo: HashMap<TermId, bool>,
}

impl Occurs<'_> {
    fn check(&mut self, t: TermId) -> bool {
        if t == self.x {
            return true;
        }
        if let Some(&b) = self.memo.get(&t) {
            return b;
        }
        let b = self.cx.children(t).into_iter().any(|c| self.check(c));
        self.memo.insert(t, b);
        b
    }
}

/// `x` occurs in `f` only as a linear atom with constant coefficients.
fn eligible(cx: &Context, x: TermId, f: &F) -> bool {
    let mut occ = Occurs {
        cx,
        x,
        memo: HashMap::new(),
    };
    let mut ok = true;
    f.for_each_lit(&mut |l| {
        if !ok {
            return;
        }
        match l {
            Lit::Atom(t, _) => ok = !occ.check(*t),
            _ => {
                let p = l.poly().unwrap();
                for (m, _) in p.terms() {
                    let n = m.degree_in(&x);
                    if n > 0 && m.degree() != 1 {
                        ok = false;
                    }
                    if m.atoms().iter().any(|&a| a != x && occ.check(a)) {
                        ok = false;
                    }
                }
            }
        }
    });
    ok
}

impl CooperQe {
    pub fn new(config: QeConfig) -> CooperQe {
        CooperQe {
            config,
            stats: QeStats::default(),
        }
    }

    /// Eliminate what can be eliminated from one binder before `deadline`
    /// (checked before each trial elimination; the variables eliminated by
    /// then stay eliminated); `None` if nothing.
    #[allow(clippy::too_many_arguments)]
    pub fn eliminate_binder(
        &mut self,
        cx: &mut Context,
        kind: BinderKind,
        vars: &[VarId],
        body: TermId,
        attrs: &[Attr],
        max_nodes: u64,
        deadline: &Deadline,
    ) -> Option<TermId> {
        if kind == BinderKind::Lambda {
            return None;
        }
        self.stats.binders += 1;
        // The formula is read as a tree: refuse bodies whose tree (shared
        // subterms expanded) is already over budget.
        if tree_size(cx, body, &mut HashMap::new()) > self.config.max_output_nodes.min(max_nodes) {
            self.stats.skipped_budget += 1;
            return None;
        }
        let int = cx.int_sort();
        let mut reader = Reader::new(cx);
        let mut f = reader.read(body);
        if kind == BinderKind::Forall {
            f = f.not();
        }
        // Nested quantifiers of the same kind join the prefix.
        let mut all_vars: Vec<VarId> = vars.to_vec();
        for _ in 0..8 {
            match inline_nested(&mut reader, &f) {
                Some((g, vs)) => {
                    f = g;
                    all_vars.extend(vs);
                }
                None => break,
            }
        }
        let divisible = self.config.divisible || reader.saw_divisible;
        let mut kept: Vec<VarId> = Vec::new();
        let mut todo: Vec<(VarId, TermId)> = Vec::new();
        for &v in &all_vars {
            if cx.var(v).sort != int {
                self.stats.skipped_sort += 1;
                kept.push(v);
            } else {
                let xt = cx.mk_var(v);
                todo.push((v, xt));
            }
        }
        // div/mod by a constant over a bound variable: (div e k) becomes a
        // fresh q and (mod e k) becomes e - k*q, with 0 <= e - k*q < |k|.
        // q is determined by e, so exists q. (def /\ F[q]) <=> F.
        let mut defs: Vec<F> = Vec::new();
        for _ in 0..16 {
            let bound: Vec<TermId> = todo.iter().map(|&(_, xt)| xt).collect();
            let Some((atom, e, k, is_div)) = find_divmod(cx, &f, &defs, &bound) else {
                break;
            };
            let name = cx.sym(if is_div { "q" } else { "r" });
            let q = cx.new_var(name, int);
            let qt = cx.mk_var(q);
            let ep = crate::arith::poly::from_term(cx, e);
            let rem = ep.sub(&crate::arith::poly::Poly::atom(qt).scale(&k));
            let by = if is_div {
                crate::arith::poly::Poly::atom(qt)
            } else {
                rem.clone()
            };
            f = f.subst_atom(atom, &by);
            defs = defs.iter().map(|d| d.subst_atom(atom, &by)).collect();
            defs.push(formula::mk_pos(rem.add_constant(&1.into())));
            defs.push(formula::mk_pos(rem.neg().add_constant(&k.abs())));
            all_vars.push(q);
            todo.push((q, qt));
            self.stats.divmod_purified += 1;
        }
        if !defs.is_empty() {
            defs.push(f);
            f = F::and(defs);
        }
        let vars = &all_vars[..];
        let mut eliminated = 0;
        let mut over_budget: Vec<VarId> = Vec::new();
        let mut ineligible: Vec<VarId> = Vec::new();
        // Greedy: eliminate the variable whose elimination is smallest.
        while !todo.is_empty() {
            let mut best: Option<(usize, usize, F, Methods)> = None;
            for (i, &(v, xt)) in todo.iter().enumerate() {
                if deadline.expired() {
                    // keep what is eliminated: a trial costs up to
                    // `max_lits` literals, and there is one per variable
                    best = None;
                    break;
                }
                if !eligible(cx, xt, &f) {
                    if !ineligible.contains(&v) {
                        ineligible.push(v);
                    }
                    continue;
                }
                ineligible.retain(|&w| w != v);
                let mut methods = Methods::default();
                let mut el = Eliminator {
                    x: xt,
                    max_lits: self.config.max_lits,
                    methods: &mut methods,
                };
                match el.exists(&f) {
                    Ok(g) => {
                        let s = g.size();
                        if !matches!(best.as_ref(), Some(b) if s >= b.1) {
                            best = Some((i, s, g, methods));
                        }
                    }
                    Err(Skip::Budget) => {
                        if !over_budget.contains(&v) {
                            over_budget.push(v);
                        }
                    }
                }
            }
            let Some((i, size, g, methods)) = best else {
                break;
            };
            if size as u64 > self.config.max_output_nodes.min(max_nodes) {
                over_budget.push(todo[i].0);
                break;
            }
            let (v, _) = todo.remove(i);
            over_budget.retain(|&w| w != v);
            ineligible.retain(|&w| w != v);
            let m = &mut self.stats.methods;
            m.trivial += methods.trivial;
            m.equality += methods.equality;
            m.fourier_motzkin += methods.fourier_motzkin;
            m.cooper += methods.cooper;
            f = g;
            eliminated += 1;
        }
        self.stats.skipped_budget += over_budget.len();
        self.stats.skipped_ineligible += ineligible.len();
        if eliminated == 0 {
            return None;
        }
        // Keep the remaining variables in their original order.
        let rest: Vec<VarId> = todo.iter().map(|&(v, _)| v).collect();
        kept = vars
            .iter()
            .copied()
            .filter(|v| kept.contains(v) || rest.contains(v))
            .collect();
        if kind == BinderKind::Forall {
            f = f.not();
        }
        let w = Writer { divisible };
        let mut out = w.term(cx, &f);
        if !kept.is_empty() {
            // Keep the patterns that mention exactly the kept variables.
            let attrs = crate::term::keep_attrs(cx, attrs, &kept, &mut HashMap::new());
            out = cx.mk_binder(kind, kept.into(), out, attrs).ok()?;
        }
        let size = tree_size(cx, out, &mut HashMap::new());
        if size > self.config.max_output_nodes.min(max_nodes) {
            self.stats.skipped_budget += 1;
            return None;
        }
        self.stats.vars_eliminated += eliminated;
        self.stats.binders_changed += 1;
        if out_is_qf(cx, out, vars) {
            self.stats.binders_removed += 1;
        }
        Some(out)
    }
}

/// Replace one `exists` literal (or negated `forall`) of `f` that occurs
/// exactly once, and nowhere inside another atom, by its body; its
/// variables are returned for the prefix. Pulling an existential out of
/// `and`/`or` is sound because variables are renamed apart.
fn inline_nested(reader: &mut Reader, f: &F) -> Option<(F, Vec<VarId>)> {
    let cx = reader.cx;
    let mut cands: Vec<TermId> = Vec::new();
    let mut atoms: Vec<TermId> = Vec::new();
    f.for_each_lit(&mut |l| match l {
        Lit::Atom(t, pol) => {
            atoms.push(*t);
            if let TermKind::Binder(k, ..) = cx.kind(*t) {
                if (*k == BinderKind::Exists) == *pol && *k != BinderKind::Lambda {
                    cands.push(*t);
                }
            }
        }
        _ => atoms.extend(l.poly().unwrap().atoms()),
    });
    for &t in &cands {
        if atoms.iter().filter(|&&a| a == t).count() != 1 {
            continue;
        }
        let mut occ = Occurs {
            cx,
            x: t,
            memo: HashMap::new(),
        };
        if atoms.iter().any(|&a| a != t && occ.check(a)) {
            continue;
        }
        let TermKind::Binder(k, vs, body, _) = cx.kind(t).clone() else {
            unreachable!()
        };
        let mut g = reader.read(body);
        if k == BinderKind::Forall {
            g = g.not();
        }
        let new = f.map_atoms(&mut |l| match l {
            Lit::Atom(a, _) if *a == t => g.clone(),
            _ => F::Lit(l.clone()),
        });
        return Some((new, vs.to_vec()));
    }
    None
}

/// A `(div e k)` or `(mod e k)` atom with a non-zero literal `k` and a
/// bound variable in `e`: `(atom, e, k, is_div)`.
fn find_divmod(
    cx: &Context,
    f: &F,
    defs: &[F],
    bound: &[TermId],
) -> Option<(TermId, TermId, num_bigint::BigInt, bool)> {
    let mut found = None;
    let mut visit = |l: &Lit| {
        if found.is_some() {
            return;
        }
        let Some(p) = l.poly() else { return };
        for a in p.atoms() {
            let TermKind::App(op @ (Op::IntDiv | Op::Mod), args) = cx.kind(a) else {
                continue;
            };
            if args.len() != 2 {
                continue;
            }
            let TermKind::Int(k) = cx.kind(args[1]) else {
                continue;
            };
            if k == &num_bigint::BigInt::from(0) {
                continue;
            }
            let e = args[0];
            if bound.iter().any(|&x| {
                Occurs {
                    cx,
                    x,
                    memo: HashMap::new(),
                }
                .check(e)
            }) {
                found = Some((a, e, k.clone(), *op == Op::IntDiv));
                return;
            }
        }
    };
    f.for_each_lit(&mut visit);
    for d in defs {
        d.for_each_lit(&mut visit);
    }
    found
}

/// Fold a Boolean connective whose rewritten argument became a constant
/// (`(not true)`, `(and … false …)`, `(=> false p)`).
fn fold_bool(cx: &mut Context, op: &Op, args: &[TermId]) -> Option<TermId> {
    let val = |t: TermId| match cx.kind(t) {
        TermKind::Bool(b) => Some(*b),
        _ => None,
    };
    let r = match op {
        Op::Not => val(args[0]).map(|b| !b),
        Op::And if args.iter().any(|&a| val(a) == Some(false)) => Some(false),
        Op::Or if args.iter().any(|&a| val(a) == Some(true)) => Some(true),
        Op::And | Op::Or if args.iter().all(|&a| val(a).is_some()) => Some(*op == Op::And),
        Op::Implies if args.len() == 2 => match (val(args[0]), val(args[1])) {
            (Some(false), _) | (_, Some(true)) => Some(true),
            (Some(true), _) => return Some(args[1]),
            _ => None,
        },
        _ => None,
    };
    r.map(|b| cx.mk_bool(b))
}

fn out_is_qf(cx: &Context, t: TermId, _vars: &[VarId]) -> bool {
    !matches!(cx.kind(t), TermKind::Binder(..))
}

impl TermPass for CooperQe {
    fn id(&self) -> PassId {
        PassId::CooperQe
    }

    fn details(&self) -> Option<crate::stats::PassDetails> {
        Some(crate::stats::PassDetails {
            summary: self.stats.summary(&self.config),
            fields: self.stats.fields(),
        })
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let max_nodes = ctx.budget.max_term_nodes;
        let mut memo: HashMap<TermId, TermId> = HashMap::new();
        let mut stack = vec![(t, false)];
        let kids = |cx: &Context, u: TermId| -> Vec<TermId> {
            match cx.kind(u) {
                TermKind::App(_, args) => args.to_vec(),
                TermKind::Binder(BinderKind::Forall | BinderKind::Exists, _, body, _) => {
                    vec![*body]
                }
                TermKind::Annot(inner, _) => vec![*inner],
                _ => vec![],
            }
        };
        while let Some((u, done)) = stack.pop() {
            if memo.contains_key(&u) {
                continue;
            }
            if !done {
                stack.push((u, true));
                for k in kids(cx, u) {
                    if !memo.contains_key(&k) {
                        stack.push((k, false));
                    }
                }
                continue;
            }
            let new = match cx.kind(u).clone() {
                TermKind::App(op, args) => {
                    let new_args: Vec<TermId> = args.iter().map(|a| memo[a]).collect();
                    if new_args[..] == args[..] {
                        u
                    } else {
                        fold_bool(cx, &op, &new_args)
                            .unwrap_or_else(|| cx.mk_app(op, new_args).unwrap_or(u))
                    }
                }
                TermKind::Annot(inner, attrs) => {
                    if memo[&inner] == inner {
                        u
                    } else {
                        cx.mk_annot(memo[&inner], attrs)
                    }
                }
                TermKind::Binder(
                    kind @ (BinderKind::Forall | BinderKind::Exists),
                    vars,
                    body,
                    attrs,
                ) => {
                    let nb = memo[&body];
                    let elim = if ctx.budget.expired() {
                        None
                    } else {
                        self.eliminate_binder(
                            cx,
                            kind,
                            &vars,
                            nb,
                            &attrs,
                            max_nodes,
                            &ctx.budget.deadline,
                        )
                    };
                    match elim {
                        Some(r) => {
                            ctx.trace.push(TraceEvent {
                                rule: PassId::CooperQe.name().into(),
                                before: u,
                                after: r,
                            });
                            r
                        }
                        None if nb == body => u,
                        None => cx.mk_binder(kind, vars, nb, attrs).unwrap_or(u),
                    }
                }
                _ => u,
            };
            memo.insert(u, new);
        }
        let r = memo[&t];
        (r != t).then_some(r)
    }
}
