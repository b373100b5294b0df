//! `lifted-lambdas`: a lifted lambda whose definition is an instance of
//! another's is read as that one where only application and an
//! extensionality lemma see it.
//!
//! **What it is for.** Why3 lifts every `\lambda` of a specification to a
//! fresh function `h` of the lambda's free variables, defined by one axiom
//! `∀x̄ c. app(h(p̄), c) = B` (`app` is `infix_@`, read through the type
//! encoding). VeriCUDA's loop invariant `acc == \sum(0, k, \lambda c.
//! a[c*T + tid] * b[c*T + tid])` and its postcondition `part[p] ==
//! \sum(0, m, \lambda c. a[c*T + p] * b[c*T + p])` give two such
//! functions: `f(t)`, whose body reads the thread's `tid(t)`, and `f1(p)`,
//! whose body is `f`'s with `tid(t)` for `p`. Once ElimAssign puts the
//! invariant's sum into the postcondition, the goal compares
//! `sum(f(t), 0, k)` with `sum(f1(p), 0, m)`, which are equal only through
//! the library's extensionality lemma `∀f g. (∀k. app(f, k) = app(g, k)) ⇒
//! ∀ā. S(f, ā) = S(g, ā)`; no solver instantiates it by E-matching (its
//! triggers would sit under the inner quantifiers), and z3 and cvc5 time
//! out. Read as `sum(f1(tid(t)), 0, k)`, the sums meet once `tid(t)` is
//! known to be `p`.
//!
//! **Rule.** A *definition* is an assertion `∀x̄ c. app(h(p̄), c) = B`
//! (either side; patterns looked through) of a declared function `h`,
//! where `app` is an uninterpreted function of two arguments, `c` is
//! among `x̄` and not in `p̄`, `h` is in neither `p̄` nor `B`, and `B`'s free
//! variables are among `p̄`'s and `c`. A *lemma* is an assertion of the
//! form above for `app`, naming `S` and the position of its function
//! argument. Let `h` and `g` (with return sorts equal) each have exactly
//! one definition, for the same `app`, and let `g`'s body match `h`'s:
//! `B_g σ = B_h` for a substitution `σ` of `g`'s variables with
//! `σ(c_g) = c_h`, whose other values are terms of the right sorts over
//! `p̄_h`'s variables without `c_h`. Then every `h(s̄) = h(p̄_h θ)` that
//! stands as `app`'s first argument, or at a lemma's position of `S`,
//! becomes `g(p̄_g σ θ)`. Among functions whose bodies match each other
//! both ways (alpha-equivalent definitions, Why3's two lifted copies of
//! one lambda), the one declared first is the one kept. Definitions and
//! lemmas themselves are not rewritten; `g`'s declaration moves before
//! the first assertion that now uses it (when `g` has one declaring
//! command, no verbatim command names it, and its sorts are declared
//! there); an application whose new arguments would use a symbol declared
//! after it stays as it is.
//!
//! **Soundness.** An equivalence given the definitions and the lemma,
//! which stay. In every model of them and for all values of `x̄` and `c`,
//! `app(h(p̄_h), c) = B_h = B_g σ = app(g(p̄_g σ), c)`; so for any
//! instance, `app(h(s̄), e) = app(g(p̄_g σ θ), e)` for every `e`, and by
//! the lemma `S(…, h(s̄), …) = S(…, g(p̄_g σ θ), …)` whatever the other
//! arguments. Each rewritten assertion thus keeps its value, and the
//! facts used are not rewritten. A fact is used only at the check-sats
//! where it stands: the pass does nothing in scripts with
//! `push`/`pop`/`reset`, and uses a definition or lemma for an assertion
//! only when no `check-sat` separates them with the fact after it.

use crate::analysis::redeclare::changeable;
use crate::pass::{Budget, ScriptChange, ScriptPass};
use crate::registry::PassId;
use crate::term::{self, rewrite::instantiate};
use smtlib_io::{
    BinderKind, CommandKind, Context, FunId, Op, Script, SortId, SortKind, Sym, TermId, TermKind,
    VarId,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// The `lifted-lambdas` pass ([`read_as_general_lambdas`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct LiftedLambdas;

impl ScriptPass for LiftedLambdas {
    fn id(&self) -> PassId {
        PassId::LiftedLambdas
    }

    /// `fired` counts the rewritten applications; `symbols` are the
    /// functions read as another.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let done = read_as_general_lambdas(script, budget);
        ScriptChange {
            fired: done.rewrites,
            symbols: done.symbols,
            out_of_time: done.out_of_time,
            ..ScriptChange::default()
        }
    }
}

/// What [`read_as_general_lambdas`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Redirected {
    /// Applications rewritten.
    pub rewrites: usize,
    /// The functions some of whose applications now read as another's, in
    /// declaration order.
    pub symbols: Vec<String>,
    /// The budget ran out before every pair of definitions was compared.
    pub out_of_time: bool,
}

/// A lifted lambda's definition `∀x̄ c. app(h(p̄), c) = B`.
struct Definition {
    /// Index of the asserting command.
    command: usize,
    app: FunId,
    /// The bound variables `x̄` (with `c`).
    vars: Vec<VarId>,
    c: VarId,
    /// The pattern `h(p̄)`.
    pattern: TermId,
    body: TermId,
}

/// An extensionality lemma: `S`'s argument at `position` is the function.
#[derive(Clone, Copy)]
struct Lemma {
    command: usize,
    app: FunId,
    s: FunId,
    position: usize,
}

/// Apply the rule of the module documentation to `script`.
pub fn read_as_general_lambdas(script: &mut Script, budget: &Budget) -> Redirected {
    let mut done = Redirected::default();
    if script.has_scopes() {
        return done;
    }
    let asserts: Vec<(usize, TermId)> = script.indexed_assertions().collect();
    let lemmas: Vec<Lemma> = asserts
        .iter()
        .filter_map(|&(i, t)| lemma(&script.cx, i, t))
        .collect();
    if lemmas.is_empty() {
        return done;
    }
    let mut defs: BTreeMap<FunId, Vec<Definition>> = BTreeMap::new();
    for &(i, t) in &asserts {
        if let Some((h, d)) = definition(&script.cx, i, t) {
            if lemmas.iter().any(|l| l.app == d.app) {
                defs.entry(h).or_default().push(d);
            }
        }
    }
    defs.retain(|&h, ds| ds.len() == 1 && script.cx.fun(h).kind == smtlib_io::FunKind::Declared);
    if defs.len() < 2 {
        return done;
    }
    let declared_at = declarations(script);
    let mut order: Vec<FunId> = defs.keys().copied().collect();
    order.sort_by_key(|f| declared_at.get(f).copied().unwrap_or(usize::MAX));
    // inst[(h, g)]: g(p̄_g σ) over p̄_h's variables when h's body is an
    // instance of g's.
    let mut inst: HashMap<(FunId, FunId), TermId> = HashMap::new();
    for &h in &order {
        for &g in &order {
            if budget.expired() {
                done.out_of_time = true;
                return done;
            }
            if h != g {
                if let Some(r) = instance(&mut script.cx, &defs[&h][0], &defs[&g][0], h, g) {
                    inst.insert((h, g), r);
                }
            }
        }
    }
    // The most general definitions, the first declared among equals.
    let general: Vec<FunId> = order
        .iter()
        .enumerate()
        .filter(|&(k, &g)| {
            !order.iter().enumerate().any(|(k2, &g2)| {
                inst.contains_key(&(g, g2)) && (!inst.contains_key(&(g2, g)) || k2 < k)
            })
        })
        .map(|(_, &g)| g)
        .collect();
    let target: HashMap<FunId, (FunId, TermId)> = order
        .iter()
        .filter(|h| !general.contains(h))
        .filter_map(|&h| {
            let g = general
                .iter()
                .copied()
                .find(|&g| inst.contains_key(&(h, g)))?;
            Some((h, (g, inst[&(h, g)])))
        })
        .collect();
    if target.is_empty() {
        return done;
    }
    let facts: HashSet<usize> = defs
        .values()
        .map(|ds| ds[0].command)
        .chain(lemmas.iter().map(|l| l.command))
        .collect();
    let group = check_sat_groups(script);
    let movable = changeable(script, |_| true);
    let sorts = SortsInScope::new(script);
    let scopes = crate::scope::declaration_index(script);
    // Where each target may be declared from, if it moves.
    let declarable: HashMap<FunId, usize> = target
        .values()
        .map(|&(g, _)| {
            let from = match movable.contains_key(&g) {
                true => sorts.signature_from(&script.cx, g),
                false => usize::MAX,
            };
            (
                g,
                from.min(declared_at.get(&g).map_or(usize::MAX, |&d| d + 1)),
            )
        })
        .collect();
    let mut used: BTreeMap<FunId, usize> = BTreeMap::new();
    let mut redirected: BTreeSet<FunId> = BTreeSet::new();
    for &(i, t) in &asserts {
        if facts.contains(&i) {
            continue;
        }
        // Which rewrites the facts and declarations allow at command i.
        let usable = |f: usize| f < group.len() && group[f] <= group[i];
        let ok = |h: FunId, s: Option<&Lemma>| {
            let (g, _) = target[&h];
            usable(defs[&h][0].command)
                && usable(defs[&g][0].command)
                && s.is_none_or(|l| usable(l.command))
                && declarable[&g] <= i
        };
        let mut current = t;
        // Nested occurrences surface as their parents are rewritten.
        for _ in 0..16 {
            let mut map: HashMap<TermId, TermId> = HashMap::new();
            let mut sites = vec![];
            term::post_order(&script.cx, current, |u| {
                if let TermKind::App(Op::Uf(op), args) = script.cx.kind(u) {
                    for (pos, &a) in args.iter().enumerate() {
                        let TermKind::App(Op::Uf(h), _) = script.cx.kind(a) else {
                            continue;
                        };
                        if !target.contains_key(h) {
                            continue;
                        }
                        let app = defs[h][0].app;
                        let lemma = lemmas
                            .iter()
                            .find(|l| l.app == app && l.s == *op && l.position == pos);
                        let at_app = *op == app && pos == 0;
                        if (at_app || lemma.is_some()) && ok(*h, lemma.filter(|_| !at_app)) {
                            sites.push((u, pos, *h));
                        }
                    }
                }
            });
            for (u, pos, h) in sites {
                let TermKind::App(op, args) = script.cx.kind(u).clone() else {
                    continue;
                };
                let d = &defs[&h][0];
                let mut theta = HashMap::new();
                if !term::match_term(&script.cx, d.pattern, args[pos], &d.vars, &mut theta) {
                    continue;
                }
                let (g, template) = target[&h];
                let to = instantiate(&mut script.cx, template, &theta);
                // Its arguments' symbols are declared before command i.
                let in_scope = script
                    .cx
                    .children(to)
                    .into_iter()
                    .all(|a| crate::scope::declared_before(&script.cx, a, i, &scopes));
                if !in_scope {
                    continue;
                }
                let mut new = args.to_vec();
                new[pos] = to;
                let Ok(v) = script.cx.mk_app(op, new) else {
                    continue;
                };
                map.insert(u, v);
                done.rewrites += 1;
                redirected.insert(h);
                let first = used.entry(g).or_insert(i);
                *first = (*first).min(i);
            }
            if map.is_empty() {
                break;
            }
            current = term::replace(&mut script.cx, current, &map);
        }
        if current != t {
            script.commands[i].kind = CommandKind::Assert(current);
            script.commands[i].text = Default::default();
        }
    }
    // Each function now used earlier is declared before its first use.
    for (&g, _) in used.iter() {
        let cmds = &script.commands;
        let Some(d) = cmds
            .iter()
            .position(|c| matches!(c.kind, CommandKind::Declare(f) if f == g))
        else {
            continue;
        };
        let first = cmds.iter().position(|c| match c.kind {
            CommandKind::Assert(t) => term::any_subterm(
                &script.cx,
                t,
                |u| matches!(script.cx.kind(u), TermKind::App(Op::Uf(f), _) if *f == g),
            ),
            _ => false,
        });
        if let Some(j) = first.filter(|&j| j < d) {
            let c = script.commands.remove(d);
            script.commands.insert(j, c);
        }
    }
    let mut names: Vec<(usize, String)> = redirected
        .iter()
        .map(|&h| {
            let name = script.cx.sym_name(script.cx.fun(h).name).to_string();
            (declared_at.get(&h).copied().unwrap_or(usize::MAX), name)
        })
        .collect();
    names.sort();
    done.symbols = names.into_iter().map(|(_, n)| n).collect();
    done
}

/// The index of each function's (first) declaring command.
fn declarations(script: &Script) -> HashMap<FunId, usize> {
    let mut at = HashMap::new();
    for (i, c) in script.commands.iter().enumerate() {
        if let CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } = c.kind {
            at.entry(f).or_insert(i);
        }
    }
    at
}

/// For each command, how many `check-sat`s come before it: a fact is used
/// for an assertion only when it is in the same group or an earlier one.
fn check_sat_groups(script: &Script) -> Vec<usize> {
    let mut n = 0;
    script
        .commands
        .iter()
        .map(|c| {
            let g = n;
            if matches!(c.kind, CommandKind::CheckSat) {
                n += 1;
            }
            g
        })
        .collect()
}

/// The sort constructors declared before each command: named by a
/// `declare-sort` or by the signature of a declared or defined function.
struct SortsInScope {
    /// Each constructor's name with the index of its first such command.
    first: HashMap<String, usize>,
}

impl SortsInScope {
    fn new(script: &Script) -> SortsInScope {
        let cx = &script.cx;
        let mut first: HashMap<String, usize> = HashMap::new();
        for (i, c) in script.commands.iter().enumerate() {
            match c.kind {
                CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } => {
                    let d = cx.fun(f);
                    for &s in d.args.iter().chain(std::iter::once(&d.ret)) {
                        named_sorts(cx, s, &mut |n| {
                            first.entry(cx.sym_name(n).to_string()).or_insert(i);
                        });
                    }
                }
                CommandKind::Other => {
                    if let Some(rest) = c.text.trim_start().strip_prefix("(declare-sort") {
                        let name = rest.split_whitespace().next().unwrap_or("");
                        first.entry(name.trim_matches('|').to_string()).or_insert(i);
                    }
                }
                _ => {}
            }
        }
        SortsInScope { first }
    }

    /// The first command before which every sort of `g`'s signature is
    /// declared (`usize::MAX` if there is none).
    fn signature_from(&self, cx: &Context, g: FunId) -> usize {
        let d = cx.fun(g);
        let mut from = 0;
        for &s in d.args.iter().chain(std::iter::once(&d.ret)) {
            if !without_params(cx, s) {
                return usize::MAX;
            }
            named_sorts(cx, s, &mut |n| {
                let at = self
                    .first
                    .get(cx.sym_name(n))
                    .map_or(usize::MAX, |&at| at + 1);
                from = from.max(at);
            });
        }
        from
    }
}

/// Calls `f` on every sort constructor named in `s`.
fn named_sorts(cx: &Context, s: SortId, f: &mut impl FnMut(Sym)) {
    match cx.sort_kind(s) {
        SortKind::Array(i, e) => {
            let (i, e) = (*i, *e);
            named_sorts(cx, i, f);
            named_sorts(cx, e, f);
        }
        SortKind::Named(n, args) => {
            f(*n);
            for &a in args.clone().iter() {
                named_sorts(cx, a, f);
            }
        }
        _ => {}
    }
}

/// No sort parameter in `s`.
fn without_params(cx: &Context, s: SortId) -> bool {
    match cx.sort_kind(s) {
        SortKind::Param(_) => false,
        SortKind::Array(i, e) => without_params(cx, *i) && without_params(cx, *e),
        SortKind::Named(_, args) => args.iter().all(|&a| without_params(cx, a)),
        _ => true,
    }
}

fn equation(cx: &Context, t: TermId) -> Option<(TermId, TermId)> {
    match cx.kind(t) {
        TermKind::App(Op::Eq, a) if a.len() == 2 => Some((a[0], a[1])),
        _ => None,
    }
}

fn is_var(cx: &Context, t: TermId, v: VarId) -> bool {
    matches!(cx.kind(t), TermKind::Var(w) if *w == v)
}

/// `t` without `(! … )` annotations.
fn unannotated(cx: &Context, mut t: TermId) -> TermId {
    while let TermKind::Annot(b, _) = cx.kind(t) {
        t = *b;
    }
    t
}

/// `∀f g. (∀k. app(f, k) = app(g, k)) ⇒ ∀ā. S(…f…) = S(…g…)`, the two `S`
/// applications differing only in `f`/`g` at one position, their other
/// arguments the inner quantifier's distinct variables.
fn lemma(cx: &Context, command: usize, t: TermId) -> Option<Lemma> {
    let TermKind::Binder(BinderKind::Forall, vs, body, _) = cx.kind(unannotated(cx, t)) else {
        return None;
    };
    let [f, g] = vs[..] else {
        return None;
    };
    let TermKind::App(Op::Implies, parts) = cx.kind(unannotated(cx, *body)) else {
        return None;
    };
    let [hyp, concl] = parts[..] else {
        return None;
    };
    let TermKind::Binder(BinderKind::Forall, ks, eq, _) = cx.kind(unannotated(cx, hyp)) else {
        return None;
    };
    let [k] = ks[..] else {
        return None;
    };
    let (l, r) = equation(cx, unannotated(cx, *eq))?;
    let app = match (cx.kind(l), cx.kind(r)) {
        (TermKind::App(Op::Uf(a), la), TermKind::App(Op::Uf(b), ra))
            if a == b
                && la.len() == 2
                && is_var(cx, la[0], f)
                && is_var(cx, ra[0], g)
                && is_var(cx, la[1], k)
                && is_var(cx, ra[1], k) =>
        {
            *a
        }
        _ => return None,
    };
    let TermKind::Binder(BinderKind::Forall, avs, eq, _) = cx.kind(unannotated(cx, concl)) else {
        return None;
    };
    let (l, r) = equation(cx, unannotated(cx, *eq))?;
    let (TermKind::App(Op::Uf(s), la), TermKind::App(Op::Uf(s2), ra)) = (cx.kind(l), cx.kind(r))
    else {
        return None;
    };
    if s != s2 || la.len() != ra.len() {
        return None;
    }
    let mut position = None;
    let mut others = HashSet::new();
    for (i, (&x, &y)) in la.iter().zip(ra.iter()).enumerate() {
        if is_var(cx, x, f) && is_var(cx, y, g) && position.is_none() {
            position = Some(i);
        } else {
            match cx.kind(x) {
                TermKind::Var(v) if x == y && avs.contains(v) && others.insert(*v) => {}
                _ => return None,
            }
        }
    }
    Some(Lemma {
        command,
        app,
        s: *s,
        position: position?,
    })
}

/// `∀x̄ c. app(h(p̄), c) = B` (either side; see the module documentation):
/// `(h, definition)`.
fn definition(cx: &Context, command: usize, t: TermId) -> Option<(FunId, Definition)> {
    let (vars, m) = term::axiom_matrix(cx, t);
    if vars.is_empty() {
        return None;
    }
    let (l, r) = equation(cx, m)?;
    for (lhs, rhs) in [(l, r), (r, l)] {
        let TermKind::App(Op::Uf(app), a) = cx.kind(lhs) else {
            continue;
        };
        let [pattern, cv] = a[..] else {
            continue;
        };
        let (TermKind::App(Op::Uf(h), ps), TermKind::Var(c)) = (cx.kind(pattern), cx.kind(cv))
        else {
            continue;
        };
        if h == app || !vars.contains(c) {
            continue;
        }
        let head = Op::Uf(*h);
        let mentions_h = |u: TermId| {
            term::any_subterm(
                cx,
                u,
                |s| matches!(cx.kind(s), TermKind::App(op, _) if *op == head),
            )
        };
        if ps
            .iter()
            .any(|&p| mentions_h(p) || term::mentions(cx, p, *c))
            || mentions_h(rhs)
        {
            continue;
        }
        let mut memo = HashMap::new();
        let mut allowed = term::free_vars(cx, pattern, &mut memo);
        allowed.insert(*c);
        if !term::free_vars(cx, rhs, &mut memo).is_subset(&allowed) {
            continue;
        }
        return Some((
            *h,
            Definition {
                command,
                app: *app,
                vars: vars.clone(),
                c: *c,
                pattern,
                body: rhs,
            },
        ));
    }
    None
}

/// When `h`'s body is an instance of `g`'s (`B_g σ = B_h`, `σ(c_g) =
/// c_h`, see the module documentation): `g(p̄_g σ)`, a term over the
/// variables of `h`'s pattern.
fn instance(
    cx: &mut Context,
    dh: &Definition,
    dg: &Definition,
    h: FunId,
    g: FunId,
) -> Option<TermId> {
    if dh.app != dg.app || cx.fun(h).ret != cx.fun(g).ret || cx.var(dh.c).sort != cx.var(dg.c).sort
    {
        return None;
    }
    let ch = cx.mk_var(dh.c);
    let mut sigma: HashMap<VarId, TermId> = HashMap::from([(dg.c, ch)]);
    if !term::match_term(cx, dg.body, dh.body, &dg.vars, &mut sigma) {
        return None;
    }
    let mut memo = HashMap::new();
    let allowed = term::free_vars(cx, dh.pattern, &mut memo);
    for v in term::free_vars(cx, dg.pattern, &mut memo) {
        let value = *sigma.get(&v)?;
        if cx.sort_of(value) != cx.var(v).sort
            || !term::free_vars(cx, value, &mut memo).is_subset(&allowed)
        {
            return None;
        }
    }
    sigma.remove(&dg.c);
    Some(instantiate(cx, dg.pattern, &sigma))
}
