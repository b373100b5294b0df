//! `name-deep`: a Boolean subformula nested deep inside an assertion or a
//! nullary Bool definition gets a name, so that no formula nests Boolean
//! connectives more than [`MAX_DEPTH`] deep. Before that, a nullary Bool
//! definition is folded under the unit facts in force ([`UnitFacts`]).
//!
//! **Rule.** Walk an asserted formula, or the body of a `define-fun` of
//! arity 0 and sort Bool, through the Boolean connectives `and`, `or`,
//! `=>`, `not` and Boolean `ite` (not into atoms, binders, annotations or
//! `match`). A connective term `φ` (`and`, `or`, `=>`, `ite`) reached at
//! depth [`MAX_DEPTH`] is replaced by a fresh constant `c` of sort Bool,
//! declared with the assertion `(= c φ')` just before the command, where
//! `φ'` is `φ` with the same rule applied from depth 0. One name serves
//! every occurrence of the same term within the command.
//!
//! **Soundness.** `φ` is closed: only connectives lead to it from the
//! root, never a binder. `c` is fresh, so `(= c φ')` is a conservative
//! extension: every model of the input becomes one of the output by
//! `c := φ'`, and in every model of the output `c` and `φ'` are equal, so
//! every formula that has `c` in place of `φ` keeps its value. The output
//! is equisatisfiable at every `check-sat` and equivalent over the
//! input's symbols; the names are declared in the command's own scope, so
//! `push`/`pop` keep them where they are used. The rule does not apply
//! when the script asks for a model, values or an assignment (they would
//! show the names). `--validate` reads no output of this pass back (the
//! names are not the input's).
//!
//! **Why.** Boogie writes a VC as one formula whose every `assert`
//! nests the rest of the procedure one level deeper (`(and (or l (=> c
//! A)) (=> A rest))`), hundreds of connectives deep. z3's default
//! tactic for such scripts runs `ctx-simplify`, which simplifies each
//! subformula in the context of the ones around it; on such nesting it
//! spends its whole step budget, most of z3's time on GPUVerify's
//! queries, while the search itself takes a fraction of it. With the
//! nesting cut, the same search follows at once.

use crate::pass::{Budget, ScriptChange, ScriptPass};
use crate::registry::PassId;
use rustc_hash::{FxHashMap, FxHashSet};
use smtlib_io::print::quote_symbol;
use smtlib_io::{Command, CommandKind, Context, Op, Printer, Script, TermId, TermKind};
use std::collections::BTreeSet;

/// The deepest nesting of connectives the output keeps.
pub const MAX_DEPTH: usize = 8;

/// The `name-deep` pass ([`name_deep_formulas`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NameDeep;

impl ScriptPass for NameDeep {
    fn id(&self) -> PassId {
        PassId::NameDeep
    }

    /// `fired` counts the names introduced and the definitions folded
    /// without a name. The pass is linear in the
    /// size of the formulas and takes no budget, so that its output does
    /// not depend on the machine's speed.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        ScriptChange {
            fired: name_deep_formulas(script),
            ..ScriptChange::default()
        }
    }
}

/// Apply the rule of the module documentation to every assertion and
/// nullary Bool definition of `script`. Returns how many names were
/// introduced.
pub fn name_deep_formulas(script: &mut Script) -> usize {
    if script.asks_for_models() {
        return 0;
    }
    let mut taken: BTreeSet<String> = script
        .cx
        .funs()
        .map(|(_, d)| script.cx.sym_name(d.name).to_string())
        .collect();
    let mut counter = 0usize;
    let mut fired = 0;
    let mut out = Vec::with_capacity(script.commands.len());
    let mut facts = UnitFacts::default();
    let mut ahead = facts_ahead(script);
    for (i, c) in std::mem::take(&mut script.commands).into_iter().enumerate() {
        facts.track(&mut script.cx, &c);
        facts.ahead = ahead.remove(&i).unwrap_or_default();
        let root = match &c.kind {
            CommandKind::Assert(t) => *t,
            CommandKind::Define { params, body, .. }
                if params.is_empty() && script.cx.sort_of(*body) == script.cx.bool_sort() =>
            {
                facts.apply(&mut script.cx, *body)
            }
            _ => {
                out.push(c);
                continue;
            }
        };
        if depth_exceeds(&script.cx, root) {
            let mut namer = Namer {
                defs: vec![],
                pending: vec![],
                names: FxHashMap::default(),
                memo: FxHashMap::default(),
                taken: &mut taken,
                counter: &mut counter,
            };
            let new_root = namer.walk(&mut script.cx, (root, true, 0, None));
            // The bodies of the names, each walked from depth 0; walking
            // one may name more terms (a queue, not recursion: the chain
            // of names is as long as the formula is deep).
            while let Some((f, t)) = namer.pending.pop() {
                let body = namer.walk(&mut script.cx, (t, true, 0, None));
                namer.defs.push((f, body));
            }
            let mut defs = std::mem::take(&mut namer.defs);
            // Definitions in the order the names were made.
            defs.sort_by_key(|&(f, _)| f);
            fired += defs.len();
            for &(f, _) in &defs {
                out.push(declaration(&script.cx, f));
            }
            for (f, body) in defs {
                let name = script.cx.mk_const(f);
                let eq = script
                    .cx
                    .mk_app(Op::Eq, vec![name, body])
                    .expect("two Bool terms");
                out.push(Command {
                    kind: CommandKind::Assert(eq),
                    span: c.span,
                    text: "".into(),
                    verbatim_term: None,
                });
            }
            out.push(with_root(&script.cx, c, new_root));
        } else if matches!(c.kind, CommandKind::Define { body, .. } if body != root) {
            fired += 1;
            out.push(with_root(&script.cx, c, root));
        } else {
            out.push(c);
        }
    }
    script.commands = out;
    fired
}

/// The command `c` with `root` in place of its assertion or definition
/// body (a definition is printed from its text, so that is made again).
fn with_root(cx: &Context, mut c: Command, root: TermId) -> Command {
    match &mut c.kind {
        CommandKind::Assert(t) => *t = root,
        CommandKind::Define { fun, body, .. } => {
            *body = root;
            let d = cx.fun(*fun);
            let mut p = Printer::new(cx);
            c.text = format!(
                "(define-fun {} () {} {})",
                quote_symbol(cx.sym_name(d.name)),
                p.sort(d.ret),
                p.term(root)
            )
            .into();
        }
        _ => {}
    }
    c
}

fn declaration(cx: &Context, f: smtlib_io::FunId) -> Command {
    crate::analysis::redeclare::declaration(cx, f)
}

/// How a connective reads after negations are pushed to the atoms: a
/// conjunction, a disjunction, an `ite`, or a negation (which only flips
/// the polarity of its argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Level {
    And,
    Or,
    Ite,
    Not,
}

/// The connective at `t` under polarity `pos` (false: under an odd
/// number of negations), as it reads after negations are pushed inward,
/// and its arguments with their polarities (an `ite` condition counts as
/// positive: it starts a new level anyway).
fn connective(cx: &Context, t: TermId, pos: bool) -> Option<(Level, Vec<(TermId, bool)>)> {
    let flip = |l: Level| match (l, pos) {
        (Level::And, false) => Level::Or,
        (Level::Or, false) => Level::And,
        (l, _) => l,
    };
    match cx.kind(t) {
        TermKind::App(Op::And, args) => {
            Some((flip(Level::And), args.iter().map(|&a| (a, pos)).collect()))
        }
        TermKind::App(Op::Or, args) => {
            Some((flip(Level::Or), args.iter().map(|&a| (a, pos)).collect()))
        }
        TermKind::App(Op::Implies, args) => {
            let last = args.len() - 1;
            let parts = args
                .iter()
                .enumerate()
                .map(|(i, &a)| (a, if i == last { pos } else { !pos }))
                .collect();
            Some((flip(Level::Or), parts))
        }
        TermKind::App(Op::Not, args) => Some((Level::Not, vec![(args[0], !pos)])),
        TermKind::App(Op::Ite, args) if cx.sort_of(t) == cx.bool_sort() => Some((
            Level::Ite,
            vec![(args[0], true), (args[1], pos), (args[2], pos)],
        )),
        _ => None,
    }
}

/// The depth of a connective of level `level` whose parent (the nearest
/// connective above it that is not a negation) has level `parent` and
/// depth `d`: a conjunction in a conjunction (a disjunction in a
/// disjunction) flattens into it and stays at `d`; a negation stays at
/// `d`; anything else is one level deeper.
fn depth_of(level: Level, parent: Option<Level>, d: usize) -> usize {
    match (level, parent) {
        (Level::Not, _) => d,
        (Level::And, Some(Level::And)) | (Level::Or, Some(Level::Or)) => d,
        _ => d + 1,
    }
}

/// A walk state: the term, its polarity, and the depth and level of the
/// connective above it.
type State = (TermId, bool, usize, Option<Level>);

/// Does a connective lie deeper than [`MAX_DEPTH`] below `root`? (A
/// walk of the DAG that visits each state once.)
fn depth_exceeds(cx: &Context, root: TermId) -> bool {
    let mut seen: FxHashSet<State> = FxHashSet::default();
    let mut stack: Vec<State> = vec![(root, true, 0, None)];
    while let Some(st @ (t, pos, d, parent)) = stack.pop() {
        let Some((level, args)) = connective(cx, t, pos) else {
            continue;
        };
        let dt = depth_of(level, parent, d);
        if dt > MAX_DEPTH {
            return true;
        }
        if !seen.insert(st) {
            continue;
        }
        let up = if level == Level::Not {
            parent
        } else {
            Some(level)
        };
        stack.extend(args.into_iter().map(|(a, p)| (a, p, dt, up)));
    }
    false
}

struct Namer<'a> {
    /// The names made for this command with their walked bodies.
    defs: Vec<(smtlib_io::FunId, TermId)>,
    /// Names whose bodies are still to walk.
    pending: Vec<(smtlib_io::FunId, TermId)>,
    /// The name of each term named so far.
    names: FxHashMap<TermId, TermId>,
    /// The result of each state walked so far.
    memo: FxHashMap<State, TermId>,
    taken: &'a mut BTreeSet<String>,
    counter: &'a mut usize,
}

impl Namer<'_> {
    /// `t` (polarity `pos`, below a connective of depth `d` and level
    /// `parent`) with the rule applied. Recursion is bounded by
    /// [`MAX_DEPTH`]: a connective deeper than that is named and its body
    /// left for later.
    fn walk(&mut self, cx: &mut Context, st: State) -> TermId {
        let (t, pos, d, parent) = st;
        let Some((level, args)) = connective(cx, t, pos) else {
            return t;
        };
        let dt = depth_of(level, parent, d);
        if dt > MAX_DEPTH {
            return self.name(cx, t);
        }
        if let Some(&r) = self.memo.get(&st) {
            return r;
        }
        let up = if level == Level::Not {
            parent
        } else {
            Some(level)
        };
        let old: Vec<TermId> = args.iter().map(|&(a, _)| a).collect();
        let new: Vec<TermId> = args
            .into_iter()
            .map(|(a, p)| self.walk(cx, (a, p, dt, up)))
            .collect();
        let r = if new == old {
            t
        } else {
            let TermKind::App(op, _) = cx.kind(t) else {
                unreachable!("a connective is an application")
            };
            let op = op.clone();
            cx.mk_app(op, new)
                .expect("the same operator on terms of the same sorts")
        };
        self.memo.insert(st, r);
        r
    }

    fn name(&mut self, cx: &mut Context, t: TermId) -> TermId {
        if let Some(&c) = self.names.get(&t) {
            return c;
        }
        let name = loop {
            *self.counter += 1;
            let n = format!("vcsimp!deep{}", self.counter);
            if self.taken.insert(n.clone()) {
                break n;
            }
        };
        let sym = cx.sym(&name);
        let bool_sort = cx.bool_sort();
        let f = cx.declare_const(sym, bool_sort);
        let c = cx.mk_const(f);
        self.pending.push((f, t));
        self.names.insert(t, c);
        c
    }
}

/// The unit facts in force at a point of the script: for each assertion
/// of the scopes still open, its conjuncts that fix a declared constant,
/// `c`, `(not c)` for a Bool constant and `(= c k)` for a literal `k`.
///
/// **Rule.** The body of a nullary Bool `define-fun` is rewritten with
/// the facts in force where it is defined: each fixed constant becomes
/// its value, and the connectives, `ite` and equalities that this
/// decides are folded ([`fold`]). Boogie's Houdini queries fix the
/// candidate guards `_bk` and the launch sizes by such assertions while
/// the VC that tests them is a `define-fun`; folded, a refuted
/// candidate's assertion drops out of the VC together with the nesting
/// that it brings, before any of it is named.
///
/// **Soundness.** A fact asserted before the definition, in a scope that
/// is still open, holds at every `check-sat` where the definition can be
/// used: a `pop` that ends the fact's scope ends the definition's too.
/// The body is therefore replaced by one equal to it in every model of
/// the assertions wherever it is used. Under global declarations a
/// definition outlives its scope, so no fact is used; `reset` and
/// `reset-assertions` drop the facts.
#[derive(Default)]
struct UnitFacts {
    /// One frame per open scope (the first is the outermost level).
    frames: Vec<Vec<(TermId, TermId)>>,
    /// The facts asserted after the current command, in its scope, before
    /// the next `check-sat` (see [`facts_ahead`]).
    ahead: Vec<(TermId, TermId)>,
    global: bool,
}

/// Push the unit facts among the conjuncts of the assertion `t`, read
/// through `and`, and through `not` over `or` and `=>` (Boogie asserts
/// its goal as `(not (=> (and _b0 … _bk) vc))`).
fn unit_facts_of(cx: &mut Context, t: TermId, out: &mut Vec<(TermId, TermId)>) {
    let mut parts = vec![(t, true)];
    while let Some((p, pos)) = parts.pop() {
        match (cx.kind(p), pos) {
            (TermKind::App(Op::And, args), true) | (TermKind::App(Op::Or, args), false) => {
                parts.extend(args.iter().map(|&a| (a, pos)))
            }
            (TermKind::App(Op::Not, args), _) => parts.push((args[0], !pos)),
            (TermKind::App(Op::Implies, args), false) => {
                let last = args.len() - 1;
                parts.extend(args.iter().enumerate().map(|(i, &a)| (a, i != last)));
            }
            (_, true) => out.extend(unit_fact(cx, p)),
            (_, false) => {
                if is_declared_const(cx, p) && cx.sort_of(p) == cx.bool_sort() {
                    out.push((p, cx.mk_bool(false)));
                }
            }
        }
    }
}

/// For each nullary Bool `define-fun`, the unit facts asserted after it
/// in the same scope with no `check-sat`, query, `push`, `pop`, reset or
/// change of global declarations between: every `check-sat` that can see
/// the definition sees them too. (Boogie asserts the Houdini guards in
/// the goal, after the VC's `define-fun`.)
fn facts_ahead(script: &mut Script) -> FxHashMap<usize, Vec<(TermId, TermId)>> {
    let mut out = FxHashMap::default();
    let mut pending: Vec<(TermId, TermId)> = vec![];
    for i in (0..script.commands.len()).rev() {
        let c = &script.commands[i];
        match &c.kind {
            CommandKind::Assert(t) => {
                let t = *t;
                unit_facts_of(&mut script.cx, t, &mut pending);
            }
            CommandKind::Define { params, body, .. } => {
                if params.is_empty()
                    && !pending.is_empty()
                    && script.cx.sort_of(*body) == script.cx.bool_sort()
                {
                    out.insert(i, pending.clone());
                }
            }
            CommandKind::Declare(_) | CommandKind::Opaque { .. } => {}
            CommandKind::Other if smtlib_io::sets_global_declarations(&c.text).is_none() => {}
            _ => pending.clear(),
        }
    }
    out
}

impl UnitFacts {
    fn track(&mut self, cx: &mut Context, c: &Command) {
        if self.frames.is_empty() {
            self.frames.push(vec![]);
        }
        match &c.kind {
            CommandKind::Assert(t) => {
                let frame = self.frames.last_mut().expect("a frame");
                unit_facts_of(cx, *t, frame);
            }
            CommandKind::Push(n) => {
                for _ in 0..*n {
                    self.frames.push(vec![]);
                }
            }
            CommandKind::Pop(n) => {
                let keep = self.frames.len().saturating_sub(*n as usize).max(1);
                self.frames.truncate(keep);
            }
            CommandKind::Reset | CommandKind::ResetAssertions => {
                self.frames = vec![vec![]];
                if matches!(c.kind, CommandKind::Reset) {
                    self.global = false;
                }
            }
            CommandKind::Other => {
                self.global = smtlib_io::sets_global_declarations(&c.text).unwrap_or(self.global);
            }
            _ => {}
        }
    }

    /// `t` with the facts in force applied and folded.
    fn apply(&self, cx: &mut Context, t: TermId) -> TermId {
        if self.global {
            return t;
        }
        let map: FxHashMap<TermId, TermId> = self
            .frames
            .iter()
            .flatten()
            .chain(&self.ahead)
            .copied()
            .collect();
        if map.is_empty() {
            return t;
        }
        fold(cx, t, &map)
    }
}

/// Is `t` a declared (uninterpreted) constant?
fn is_declared_const(cx: &Context, t: TermId) -> bool {
    match cx.kind(t) {
        TermKind::App(Op::Uf(f), args) => {
            args.is_empty() && cx.fun(*f).kind == smtlib_io::FunKind::Declared
        }
        _ => false,
    }
}

fn is_value(cx: &Context, t: TermId) -> bool {
    matches!(
        cx.kind(t),
        TermKind::Bool(_) | TermKind::Int(_) | TermKind::Literal(_)
    )
}

/// The constant that the positive literal `p` fixes, and its value (a
/// negated constant is read by [`unit_facts_of`]).
fn unit_fact(cx: &mut Context, p: TermId) -> Option<(TermId, TermId)> {
    match cx.kind(p).clone() {
        TermKind::App(Op::Eq, a) if a.len() == 2 => {
            if is_declared_const(cx, a[0]) && is_value(cx, a[1]) {
                Some((a[0], a[1]))
            } else if is_declared_const(cx, a[1]) && is_value(cx, a[0]) {
                Some((a[1], a[0]))
            } else {
                None
            }
        }
        _ if is_declared_const(cx, p) && cx.sort_of(p) == cx.bool_sort() => {
            Some((p, cx.mk_bool(true)))
        }
        _ => None,
    }
}

/// Are the values `a` and `b` (see [`is_value`]) of one sort known to
/// differ? Only when both are written the same way: a bit-vector literal
/// has several spellings (`#x01`, `#b00000001`, `(_ bv1 8)`).
fn values_differ(cx: &Context, a: TermId, b: TermId) -> bool {
    match (cx.kind(a), cx.kind(b)) {
        (TermKind::Bool(x), TermKind::Bool(y)) => x != y,
        (TermKind::Int(x), TermKind::Int(y)) => x != y,
        (TermKind::Literal(x), TermKind::Literal(y)) => {
            let (x, y) = (cx.sym_name(*x), cx.sym_name(*y));
            x != y
                && ((x.starts_with("#x") && y.starts_with("#x"))
                    || (x.starts_with("#b") && y.starts_with("#b")))
        }
        _ => false,
    }
}

/// `t` with each constant of `map` replaced by its value and what that
/// decides folded: `and`, `or`, `not`, `=>` and `ite` over `true` and
/// `false`, an `ite` whose branches are equal, `=` between a term and
/// itself or two values, and integer and bit-vector operators applied to
/// literals ([`crate::term::eval`]: Boogie's VCs compare products and
/// shifts of the launch sizes, `(= (bvmul #x00000001 #x00000200)
/// #x00000008)`, which decide as much of the VC as the guards do).
/// Binders, annotations and `match` are left as they are. Each shared
/// subterm is rewritten once, without recursion.
fn fold(cx: &mut Context, t: TermId, map: &FxHashMap<TermId, TermId>) -> TermId {
    let mut done: FxHashMap<TermId, TermId> = FxHashMap::default();
    let mut stack: Vec<(TermId, bool)> = vec![(t, false)];
    while let Some((u, expanded)) = stack.pop() {
        if done.contains_key(&u) {
            continue;
        }
        if let Some(&v) = map.get(&u) {
            done.insert(u, v);
            continue;
        }
        let TermKind::App(op, args) = cx.kind(u) else {
            done.insert(u, u);
            continue;
        };
        if !expanded {
            let args = args.to_vec();
            stack.push((u, true));
            stack.extend(
                args.into_iter()
                    .filter(|a| !done.contains_key(a))
                    .map(|a| (a, false)),
            );
            continue;
        }
        let op = op.clone();
        let old = args.to_vec();
        let new: Vec<TermId> = old.iter().map(|a| done[a]).collect();
        let r = fold_app(cx, u, op, &old, new);
        done.insert(u, r);
    }
    done[&t]
}

/// The application `u` (`op` over `old`) with arguments `new`, folded.
fn fold_app(cx: &mut Context, u: TermId, op: Op, old: &[TermId], new: Vec<TermId>) -> TermId {
    use crate::term;
    match op {
        Op::And => term::and(cx, new),
        Op::Or => term::or(cx, new),
        Op::Not => term::not(cx, new[0]),
        Op::Implies => {
            let (&concl, hyps) = new.split_last().expect("=> has arguments");
            if term::is_true(cx, concl) || hyps.iter().any(|&h| term::is_false(cx, h)) {
                return cx.mk_bool(true);
            }
            let hyps: Vec<TermId> = hyps
                .iter()
                .copied()
                .filter(|&h| !term::is_true(cx, h))
                .collect();
            match hyps.len() {
                0 => concl,
                1 => term::implies(cx, hyps[0], concl),
                _ if term::is_false(cx, concl) => {
                    let h = term::and(cx, hyps);
                    term::not(cx, h)
                }
                _ => {
                    let mut args = hyps;
                    args.push(concl);
                    term::app(cx, Op::Implies, args)
                }
            }
        }
        Op::Ite if term::is_true(cx, new[0]) => new[1],
        Op::Ite if term::is_false(cx, new[0]) => new[2],
        Op::Ite if new[1] == new[2] => new[1],
        Op::Eq if new.len() == 2 && new[0] == new[1] => cx.mk_bool(true),
        Op::Eq
            if new.len() == 2
                && is_value(cx, new[0])
                && is_value(cx, new[1])
                && values_differ(cx, new[0], new[1]) =>
        {
            cx.mk_bool(false)
        }
        op => {
            let sort = cx.sort_of(u);
            if let Some(v) = term::eval::eval_app(cx, &op, &new, sort) {
                v
            } else if new.as_slice() == old {
                u
            } else {
                term::app(cx, op, new)
            }
        }
    }
}
