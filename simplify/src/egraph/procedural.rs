//! Procedural appliers that run inside the e-graph (as a hook before every
//! iteration). They add an equal form and union it; they never remove one.
//! Each returns how many classes it changed, and visits each e-node once
//! (`seen`), so a hook costs time proportional to the new nodes.

/// The name under which `--explain` and the stats count the n-ary
/// Boolean appliers' rewrites.
pub const BOOL_NARY_RULE: &str = "bool-nary";

/// The name under which `--explain` and the stats count the canonical
/// comparisons' rewrites.
pub const ARITH_CMP_RULE: &str = "arith-cmp-normal";

use super::analysis::{add_poly, Data, Poly, Value, VcEGraph};
use super::lang::{Head, Node};
use super::rule_files::RewriteLog;
use egg::Id;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use smtlib_io::Op;
use std::collections::HashSet;

fn record(log: Option<&RewriteLog>, rule: &str, id: Id) {
    if let Some(l) = log {
        if let Ok(mut l) = l.lock() {
            l.push((rule.to_string(), id));
        }
    }
}

/// Every e-node with its class, in the e-graph's order, until `deadline`
/// expires (checked every 256 nodes): the scan of each applier, which
/// applies the rewrites found so far when it stops early.
fn nodes_until<'a>(
    eg: &'a VcEGraph,
    deadline: &'a crate::deadline::Deadline,
) -> impl Iterator<Item = (&'a egg::EClass<Node, Data>, &'a Node)> + 'a {
    eg.classes()
        .flat_map(|class| class.iter().map(move |n| (class, n)))
        .enumerate()
        .take_while(|(i, _)| (i + 1) & 255 != 0 || !deadline.expired())
        .map(|(_, found)| found)
}

fn bool_value(eg: &VcEGraph, id: Id) -> Option<bool> {
    match eg[id].data.value {
        Some(Value::Bool(b)) => Some(b),
        _ => None,
    }
}

/// `bool-nary`: for n-ary `and` (dually `or`),
/// `(and … (and a b) …) = (and … a b …)` (one level per iteration),
/// `(and a true b) = (and a b)`, `(and a b a) = (and a b)`,
/// `(and a (not a)) = false`, `(and a) = a`, `(and) = true`; implication
/// chains collapse in [`implies_chain`].
///
/// Stops scanning at `deadline` (the rewrites found so far are applied),
/// and stops adding nodes once the e-graph holds `node_limit` of them.
pub fn bool_nary(
    eg: &mut VcEGraph,
    seen: &mut HashSet<(Node, Vec<Option<bool>>)>,
    log: Option<&RewriteLog>,
    deadline: &crate::deadline::Deadline,
    node_limit: usize,
) -> usize {
    let mut todo: Vec<(Id, Result<Node, bool>)> = vec![];
    for (class, n) in nodes_until(eg, deadline) {
        if !matches!(n.head, Head::App(Op::And | Op::Or)) {
            continue;
        }
        // revisit a node when a child's truth value becomes known
        let key = (
            n.clone(),
            n.kids.iter().map(|&k| bool_value(eg, k)).collect(),
        );
        if !seen.insert(key) {
            continue;
        }
        let (op, unit) = match &n.head {
            Head::App(Op::And) => (Op::And, true),
            Head::App(Op::Or) => (Op::Or, false),
            _ => continue,
        };
        let mut kids: Vec<Id> = vec![];
        let mut absorbing = false;
        let mut push = |k: Id, kids: &mut Vec<Id>| {
            let k = eg.find(k);
            match bool_value(eg, k) {
                Some(b) if b == unit => {}
                Some(_) => absorbing = true,
                None => {
                    if !kids.contains(&k) {
                        kids.push(k)
                    }
                }
            }
        };
        for &k in &n.kids {
            // flatten one level: the first node of the same operator
            let inner = eg[k]
                .nodes
                .iter()
                .find(|m| m.head == Head::App(op.clone()))
                .cloned();
            match inner {
                Some(m) if eg[k].data.value.is_none() => {
                    for &j in &m.kids {
                        push(j, &mut kids);
                    }
                }
                _ => push(k, &mut kids),
            }
        }
        if absorbing {
            continue; // the analysis already folds it to the constant
        }
        // linear in the kids (a quadratic scan was cubic on deep nests)
        let kid_set: HashSet<Id> = kids.iter().copied().collect();
        let complement = kids.iter().any(|&b| {
            eg[b]
                .nodes
                .iter()
                .any(|m| m.head == Head::App(Op::Not) && kid_set.contains(&eg.find(m.kids[0])))
        });
        let out = if complement {
            Err(!unit)
        } else if kids.is_empty() {
            Err(unit)
        } else if kids.len() == 1 {
            Ok(Node::new(Head::Opaque(smtlib_io::TermId(u32::MAX)), kids))
        } else {
            Ok(Node::op(op, kids))
        };
        if out.as_ref().ok() != Some(n) {
            todo.push((class.id, out));
        }
    }
    let mut fired = 0;
    for (id, out) in todo {
        if eg.total_number_of_nodes() >= node_limit {
            break;
        }
        let new = match out {
            Err(b) => eg.add(Node::leaf(Head::Bool(b))),
            Ok(n) if n.head == Head::Opaque(smtlib_io::TermId(u32::MAX)) => n.kids[0],
            Ok(n) => eg.add(n),
        };
        if eg.union(id, new) {
            fired += 1;
            record(log, BOOL_NARY_RULE, id);
        }
    }
    fired
}

/// The implication chains of `bool-nary`: `(=> p (=> q … (=> s r)))` equals
/// `(=> (and p q … s) r)`, and `true` when `r` is one of the guards or a
/// conjunct of one. Each `=>` whose conclusion's class holds an `=>`
/// gets the whole chain below it as one guard in one step, following the
/// first binary `=>` of each conclusion class (never a class twice, so a
/// cycle of equal implications ends the chain). A rewrite rule that curries
/// one level at a time would instead give every class one node per split of
/// its chain, each with its own `and`: quadratic in the chain's length, and
/// a new match for every pair of splits, which GPUVerify's nested guards
/// turned into thousands of nodes per iteration.
///
/// Stops scanning at `deadline` (the rewrites found so far are applied),
/// and stops adding nodes once the e-graph holds `node_limit` of them.
pub fn implies_chain(
    eg: &mut VcEGraph,
    seen: &mut HashSet<Node>,
    log: Option<&RewriteLog>,
    deadline: &crate::deadline::Deadline,
    node_limit: usize,
) -> usize {
    let implication = |eg: &VcEGraph, class: Id| -> Option<(Id, Id)> {
        if eg[class].data.value.is_some() {
            return None;
        }
        eg[class]
            .nodes
            .iter()
            .find(|m| m.head == Head::App(Op::Implies) && m.kids.len() == 2)
            .map(|m| (eg.find(m.kids[0]), eg.find(m.kids[1])))
    };
    // per class: the chain's guards and conclusion, or None for `true`
    type Collapse = Option<(Vec<Id>, Id)>;
    let mut todo: Vec<(Id, Collapse)> = vec![];
    for (class, n) in nodes_until(eg, deadline) {
        if n.head != Head::App(Op::Implies) || n.kids.len() != 2 || !seen.insert(n.clone()) {
            continue;
        }
        let mut guards = vec![eg.find(n.kids[0])];
        let mut conclusion = eg.find(n.kids[1]);
        let mut on_chain: HashSet<Id> = [eg.find(class.id)].into_iter().collect();
        while let Some((guard, next)) = implication(eg, conclusion) {
            if !on_chain.insert(conclusion) {
                break;
            }
            guards.push(guard);
            conclusion = next;
        }
        // A conclusion that is one of the guards (or a conjunct of one)
        // makes the implication true: the n-ary form of the rules
        // `bool-implies-guard-concl*`, which match binary `and` only.
        let conjunct = |g: &Id| {
            eg[*g]
                .nodes
                .iter()
                .find(|m| m.head == Head::App(Op::And))
                .is_some_and(|m| m.kids.iter().any(|&k| eg.find(k) == conclusion))
        };
        if guards.contains(&conclusion) || guards.iter().any(conjunct) {
            todo.push((class.id, None));
        } else if guards.len() > 1 {
            todo.push((class.id, Some((guards, conclusion))));
        }
    }
    let mut fired = 0;
    for (id, chain) in todo {
        if eg.total_number_of_nodes() >= node_limit {
            break;
        }
        let new = match chain {
            None => eg.add(Node::leaf(Head::Bool(true))),
            Some((guards, conclusion)) => {
                let guard = eg.add(Node::op(Op::And, guards));
                eg.add(Node::op(Op::Implies, vec![guard, conclusion]))
            }
        };
        if eg.union(id, new) {
            fired += 1;
            record(log, BOOL_NARY_RULE, id);
        }
    }
    fired
}

fn poly(eg: &VcEGraph, id: Id) -> Poly {
    let d = &eg[id].data;
    if let Some(Value::Num(v)) = &d.value {
        return Poly::constant(v.clone());
    }
    d.poly
        .clone()
        .unwrap_or_else(|| Poly::atom(eg.find(id)))
        .canon(|a| eg.find(a))
}

/// `arith-cmp-normal`: a binary comparison `a ⋈ b` of Int or Real terms
/// equals the canonical `P ⋈' k` where `P` is the non-constant part of
/// `a - b` (or `b - a`), without a constant term:
/// * Int: `<` becomes `<=` with `k - 1`; `P` is divided by the gcd `g` of its
///   coefficients and `k` rounded down (`P <= k` iff `P/g <= floor(k/g)`);
///   an equality `P = k` with `g ∤ k` is `false`.
/// * Equalities are oriented so that the first coefficient is positive.
/// * Real: the first coefficient is scaled to ±1 (by a positive factor).
///
/// Sound because each step multiplies both sides by a positive constant or
/// uses integrality.
///
/// Stops scanning at `deadline` (the rewrites found so far are applied).
pub fn arith_cmp(
    eg: &mut VcEGraph,
    seen: &mut HashSet<Node>,
    log: Option<&RewriteLog>,
    deadline: &crate::deadline::Deadline,
) -> usize {
    let (int, real) = (eg.analysis.cx.int_sort(), eg.analysis.cx.real_sort());
    let mut todo = vec![];
    for (class, n) in nodes_until(eg, deadline) {
        if class.data.value.is_some() {
            continue;
        }
        if !matches!(
            n.head,
            Head::App(Op::Le | Op::Lt | Op::Ge | Op::Gt | Op::Eq)
        ) || !seen.insert(n.clone())
        {
            continue;
        }
        let op = match &n.head {
            Head::App(op @ (Op::Le | Op::Lt | Op::Ge | Op::Gt | Op::Eq)) if n.kids.len() == 2 => {
                op.clone()
            }
            _ => continue,
        };
        let (sa, sb) = (eg[n.kids[0]].data.sort, eg[n.kids[1]].data.sort);
        let sort = if sa == int && sb == int {
            int
        } else if (sa == int || sa == real) && (sb == int || sb == real) {
            real
        } else {
            continue;
        };
        let (pa, pb) = (poly(eg, n.kids[0]), poly(eg, n.kids[1]));
        // p ⋈ 0 with ⋈ in {<=, <, =}
        let minus = -BigRational::one();
        let (mut p, mut strict, is_eq) = match op {
            Op::Le => (pa.add(&pb.scale(&minus)), false, false),
            Op::Lt => (pa.add(&pb.scale(&minus)), true, false),
            Op::Ge => (pb.add(&pa.scale(&minus)), false, false),
            Op::Gt => (pb.add(&pa.scale(&minus)), true, false),
            _ => (pa.add(&pb.scale(&minus)), false, true),
        };
        let c = p.0.remove(&vec![]).unwrap_or_else(BigRational::zero);
        let mut k = -c; // P ⋈ k
        if p.0.is_empty() {
            continue; // constant: folded by the analysis when both sides are
        }
        if p.atoms().iter().any(|&a| eg[a].data.sort != sort) {
            continue;
        }
        let first =
            p.0.values()
                .next()
                .cloned()
                .unwrap_or_else(BigRational::one);
        let canon_node;
        if sort == int {
            if p.0.values().any(|c| !c.is_integer()) || !k.is_integer() {
                continue;
            }
            if strict {
                k -= BigRational::one();
                strict = false;
            }
            let _ = strict;
            let mut g = BigInt::zero();
            for c in p.0.values() {
                g = g.gcd(&c.to_integer());
            }
            if is_eq && first.is_negative() {
                g = -g;
            }
            let gq = BigRational::from_integer(g.clone());
            let kk = k.to_integer();
            if is_eq && !(kk.clone() % &g).is_zero() {
                todo.push((class.id, None));
                continue;
            }
            p = p.scale(&gq.recip());
            let kk = if is_eq { kk / &g } else { kk.div_floor(&g) };
            canon_node = (
                p,
                BigRational::from_integer(kk),
                if is_eq { Op::Eq } else { Op::Le },
            );
        } else {
            let f = first.abs();
            let f = if is_eq && first.is_negative() { -f } else { f };
            p = p.scale(&f.recip());
            k /= f;
            let op = if is_eq {
                Op::Eq
            } else if strict {
                Op::Lt
            } else {
                Op::Le
            };
            canon_node = (p, k, op);
        }
        todo.push((class.id, Some((canon_node, sort))));
    }
    let mut fired = 0;
    for (id, out) in todo {
        let new = match out {
            None => eg.add(Node::leaf(Head::Bool(false))),
            Some(((p, k, op), sort)) => {
                let lhs = add_poly(eg, &p, sort);
                let rhs = if sort == int {
                    eg.add(Node::leaf(Head::Int(k.to_integer())))
                } else {
                    eg.add(Node::leaf(Head::Real(k)))
                };
                eg.add(Node::op(op, vec![lhs, rhs]))
            }
        };
        if eg.union(id, new) {
            fired += 1;
            record(log, ARITH_CMP_RULE, id);
        }
    }
    fired
}
