//! Terms into the e-graph and extracted e-classes back into terms.

use super::analysis::VcEGraph;
use super::lang::{Head, Node};
use crate::cost::{DEFINED_FUN_WEIGHT, NONLINEAR_WEIGHT, QUANT_VAR_WEIGHT};
use crate::term::alpha::AlphaClasses;
use crate::term::free_vars;
use egg::{CostFunction, Id, Language, RecExpr};
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind};
use std::collections::{HashMap, HashSet};

/// Adds terms of the analysis' context to the e-graph, sharing a memo.
/// Alpha-equivalent quantifiers (see [`super::alpha`]) are unioned as they
/// are added; call `rebuild` before searching the e-graph.
#[derive(Default)]
pub struct Loader {
    memo: HashMap<TermId, Id>,
    /// The first e-class loaded for each class of alpha-equivalent
    /// quantifiers (its memo also holds the free variables of opaque terms).
    alpha: AlphaClasses<Id>,
}

fn opaque(cx: &Context, t: TermId) -> bool {
    match cx.kind(t) {
        TermKind::Literal(_) | TermKind::Match(..) => true,
        TermKind::Binder(BinderKind::Lambda, ..) => true,
        TermKind::App(Op::Other(_), _) => true,
        TermKind::App(Op::Uf(f), _) => !cx.fun(*f).sort_params.is_empty(),
        _ => false,
    }
}

impl Loader {
    /// Add `t` (a term of `eg.analysis.cx`) and return its e-class.
    pub fn add(&mut self, eg: &mut VcEGraph, t: TermId) -> Id {
        if let Some(&id) = self.memo.get(&t) {
            return eg.find(id);
        }
        let mut stack = vec![(t, false)];
        while let Some((u, done)) = stack.pop() {
            if self.memo.contains_key(&u) {
                continue;
            }
            let cx = &eg.analysis.cx;
            if opaque(cx, u) {
                let fv = free_vars(cx, u, &mut self.alpha.memo.free);
                eg.analysis.opaque_free.insert(u, fv);
                let id = eg.add(Node::leaf(Head::Opaque(u)));
                self.memo.insert(u, id);
                continue;
            }
            let kids: Vec<TermId> = match cx.kind(u) {
                TermKind::App(_, args) => args.to_vec(),
                TermKind::Binder(_, _, body, _) | TermKind::Annot(body, _) => vec![*body],
                _ => vec![],
            };
            if !done {
                stack.push((u, true));
                for k in kids.into_iter().rev() {
                    if !self.memo.contains_key(&k) {
                        stack.push((k, false));
                    }
                }
                continue;
            }
            let ids: Vec<Id> = kids.iter().map(|k| self.memo[k]).collect();
            let node = match cx.kind(u).clone() {
                TermKind::Bool(b) => Node::leaf(Head::Bool(b)),
                TermKind::Int(n) => Node::leaf(Head::Int(n)),
                TermKind::Real(r) => Node::leaf(Head::Real(*r)),
                TermKind::Var(v) => Node::leaf(Head::Var(v)),
                TermKind::App(op, _) => Node::op(op, ids),
                TermKind::Binder(k, vs, _, attrs) => {
                    let a = eg.analysis.add_attrs(attrs);
                    Node::new(Head::Quant(k, vs, a), ids)
                }
                TermKind::Annot(_, attrs) => {
                    let a = eg.analysis.add_attrs(attrs);
                    Node::new(Head::Annot(a), ids)
                }
                _ => unreachable!("opaque kinds handled above"),
            };
            let is_quant = matches!(node.head, Head::Quant(..));
            let id = eg.add(node);
            self.memo.insert(u, id);
            if is_quant {
                let first = self.alpha.first_for(&eg.analysis.cx, u, id);
                if first != id {
                    eg.union(first, id);
                }
            }
        }
        eg.find(self.memo[&t])
    }
}

/// The term of a node with head `head` over the terms `kids` of its
/// children; `attrs` are the e-graph's attribute lists. `None` on a sort
/// error.
fn head_term(
    cx: &mut Context,
    attrs: &[Box<[smtlib_io::Attr]>],
    head: &Head,
    kids: Vec<TermId>,
) -> Option<TermId> {
    Some(match head {
        Head::Bool(b) => cx.mk_bool(*b),
        Head::Int(k) => cx.mk_int(k.clone()),
        Head::Real(r) => cx.mk_real(r.clone()),
        Head::Var(v) => cx.mk_var(*v),
        Head::App(op) => cx.mk_app(op.clone(), kids).ok()?,
        Head::Quant(k, vs, a) => cx
            .mk_binder(*k, vs.clone(), kids[0], attrs[*a as usize].clone())
            .ok()?,
        Head::Annot(a) => cx.mk_annot(kids[0], attrs[*a as usize].clone()),
        Head::Opaque(t) => *t,
    })
}

/// Build the term of an extracted expression in `cx`. `None` if a node
/// cannot be built (a sort error, which would be a bug in a rule).
pub fn build_term(
    cx: &mut Context,
    attrs: &[Box<[smtlib_io::Attr]>],
    expr: &RecExpr<Node>,
) -> Option<TermId> {
    let mut out: Vec<TermId> = Vec::with_capacity(expr.len());
    for n in expr.iter() {
        let kids: Vec<TermId> = n.children().iter().map(|&k| out[usize::from(k)]).collect();
        out.push(head_term(cx, attrs, &n.head, kids)?);
    }
    out.last().copied()
}

/// Extraction cost: the model of [`crate::cost`] on e-nodes (a product is
/// nonlinear when more than one factor's class has no constant value).
/// Opaque leaves count their real size.
pub struct VcCost<'a> {
    pub eg: &'a VcEGraph,
    pub opaque_size: &'a HashMap<TermId, u64>,
    /// Functions with a defining equation (see [`crate::cost::DEFINED_FUN_WEIGHT`]).
    pub defined_funs: &'a HashSet<FunId>,
}

impl CostFunction<Node> for VcCost<'_> {
    type Cost = u64;

    fn cost<C>(&mut self, n: &Node, mut costs: C) -> u64
    where
        C: FnMut(Id) -> u64,
    {
        let own = match &n.head {
            Head::Opaque(t) => self.opaque_size.get(t).copied().unwrap_or(1),
            Head::Quant(_, vs, _) => 1 + QUANT_VAR_WEIGHT * vs.len() as u64,
            Head::App(Op::Uf(f)) if self.defined_funs.contains(f) => 1 + DEFINED_FUN_WEIGHT,
            Head::App(Op::Mul) => {
                let nonconst = n
                    .kids
                    .iter()
                    .filter(|&&k| self.eg[k].data.value.is_none())
                    .count();
                if nonconst > 1 {
                    1 + NONLINEAR_WEIGHT
                } else {
                    1
                }
            }
            // a negative numeral prints as `(- k)`
            Head::Int(k) if k < &num_bigint::BigInt::from(0) => 2,
            Head::Real(r) if r < &num_rational::BigRational::from_integer(0.into()) => 2,
            _ => 1,
        };
        n.kids
            .iter()
            .fold(own, |acc, &k| acc.saturating_add(costs(k)))
    }
}

/// Best (cheapest) node of every e-class under [`VcCost`], computed with a
/// worklist (a class is revisited only when a child got cheaper) instead of
/// egg's repeated sweeps, which are quadratic on deep terms. Ties go to the
/// first node in the class' (sorted) node order, so the choice is
/// deterministic.
pub struct Choice {
    best: HashMap<Id, (u64, Node)>,
}

impl Choice {
    pub fn new(eg: &VcEGraph, cf: &mut VcCost) -> Choice {
        let mut cost: HashMap<Id, u64> = HashMap::new();
        let mut queue: std::collections::VecDeque<Id> = eg.classes().map(|c| c.id).collect();
        let mut queued: std::collections::HashSet<Id> = queue.iter().copied().collect();
        let node_cost = |cf: &mut VcCost, cost: &HashMap<Id, u64>, n: &Node| -> Option<u64> {
            if n.kids.iter().any(|k| !cost.contains_key(&eg.find(*k))) {
                return None;
            }
            Some(cf.cost(n, |k| cost[&eg.find(k)]))
        };
        while let Some(c) = queue.pop_front() {
            queued.remove(&c);
            let best = eg[c].iter().filter_map(|n| node_cost(cf, &cost, n)).min();
            let Some(best) = best else { continue };
            if cost.get(&c).is_none_or(|&old| best < old) {
                cost.insert(c, best);
                for p in eg[c].parents() {
                    let p = eg.find(p);
                    if queued.insert(p) {
                        queue.push_back(p);
                    }
                }
            }
        }
        let mut best = HashMap::new();
        for class in eg.classes() {
            let Some(&c) = cost.get(&class.id) else {
                continue;
            };
            if let Some(n) = class.iter().find(|n| node_cost(cf, &cost, n) == Some(c)) {
                best.insert(class.id, (c, n.clone()));
            }
        }
        Choice { best }
    }

    /// Build the chosen term of class `id` in `cx`. `None` if a node cannot
    /// be built (a sort error, which would be a bug in a rule).
    pub fn build(
        &self,
        eg: &VcEGraph,
        cx: &mut Context,
        attrs: &[Box<[smtlib_io::Attr]>],
        id: Id,
        memo: &mut HashMap<Id, TermId>,
    ) -> Option<TermId> {
        let root = eg.find(id);
        let mut stack = vec![(root, false)];
        while let Some((c, done)) = stack.pop() {
            if memo.contains_key(&c) {
                continue;
            }
            let (_, n) = self.best.get(&c)?;
            if !done {
                stack.push((c, true));
                for &k in &n.kids {
                    let k = eg.find(k);
                    if !memo.contains_key(&k) {
                        stack.push((k, false));
                    }
                }
                continue;
            }
            let kids: Vec<TermId> = n
                .kids
                .iter()
                .map(|&k| memo.get(&eg.find(k)).copied())
                .collect::<Option<_>>()?;
            let t = head_term(cx, attrs, &n.head, kids)?;
            memo.insert(c, t);
        }
        memo.get(&root).copied()
    }
}
