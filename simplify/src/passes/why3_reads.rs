//! `why3-reads`: name the reads that Why3's polymorphism encoding wraps,
//! so that the passes after it see plain applications.
//!
//! **The encoding.** Why3 (0.87 and 1.x, the SMT-LIB printers VeriCUDA and
//! `why3 prove` use) makes polymorphism explicit with a universal sort
//! (`uni`), a sort of types (`ty`), and per monomorphic sort `τ` a *bridge*
//! pair `t2tbN : τ → uni`, `tb2tN : uni → τ` with the round-trip axiom
//! `∀i:τ. tb2tN(t2tbN i) = i`. A polymorphic symbol takes its type
//! arguments first and returns `uni`. So VeriCUDA's "per-thread variable
//! `i0` at thread `t`" is printed as
//! `(select (tb2t7 (get (map1 tuple01 int) (tuple21 dim31 dim31) (t2tb6 i0) (t2tb1 t))) Tuple0)`,
//! and the thread of block `b` and thread index `l` as
//! `(tb2t1 (Tuple2 dim31 dim31 (t2tb b) (t2tb l)))`.
//!
//! **Rule.** A *read* is a term `tb2tN(F(a1, …, an))`, optionally under
//! `select`s, where `F` is a declared function returning `uni`, the bridge
//! pair of `tb2tN` is stated by its round-trip axiom, and every argument
//! `a_i` (and every `select` index) is either closed (no variables: type
//! arguments, a program variable such as `i0`, `Tuple0`) or a bridge
//! `t2tbM(e)` of a term `e` with variables. Each read becomes
//! `R_k(ē)`, where `R_k` is a new symbol, one per distinct read shape
//! (`F`, the bridges, the closed arguments), defined by
//! `(define-fun R_k ((x̄ …)) τ <the read with x̄ for ē>)`, printed before
//! its first use. Reads with no variable at all are left alone (the
//! e-graph and `arrays-as-funs` see them as constants already).
//!
//! A pair that Why3 builds in place as an argument,
//! `get(…, Tuple2(dim31, dim31, t2tb b, t2tb l))`, is first read as the
//! round trip `t2tb1(tb2t1(Tuple2(…)))` when the bridge is onto and the
//! same constructor is read back elsewhere ([`fold_round_trips`]), so it
//! is named like a pair variable: `get@2(Tuple2@1(b, l))`. The same holds
//! for a value read from a map and passed on without a round trip:
//! `get(x, Tuple1(get(k, t2tb t)))` (array `x` at the thread's local `k`)
//! becomes `get(x, Tuple1(t2tb3(tb2t3(get(k, t2tb t)))))` when
//! `tb2t3(get(k, t2tb t'))` is read elsewhere, so that `x`'s index is `k`'s
//! named read.
//!
//! **Thread pairs.** When `R_k` rebuilds a value of a declared sort from
//! fields (`tb2t1(Tuple2(dim31, dim31, t2tb b, t2tb l))`), the pass also
//! states that every value of that sort is such a pair,
//! `∀u. u = R_k(p_1(u), …, p_n(u))`, where the facts give projections
//! `∀x̄. p_i(R_k(x̄)) = x_i` (after rewriting; Why3's `bid_of_def`). It
//! does so only when that follows from the encoding's own axioms, checked
//! syntactically (see [`derived_inversions`]), and reports the ground
//! steps of that derivation as a certificate for `--validate`
//! ([`ReadBack::Certificate`]). The `records` pass then splits
//! quantifiers over threads into their integer fields.
//!
//! **Soundness.** Each `define-fun` is a conservative extension, and
//! replacing a read by `R_k(ē)` replaces a term by an equal one under that
//! definition; the added inversion is a consequence of the assertions.
//! So the output is *equivalent* to the input over the input's symbols (a
//! model of either is one of the other once `R_k` is read as its
//! definition). Solvers expand `define-fun`s while parsing, so any read
//! that the later passes do not eliminate reaches the solver exactly as
//! Why3 printed it. The later passes see `R_k` as an uninterpreted symbol
//! without its definition, which only makes them know less.
//!
//! **When.** Not in scripts with `push`/`pop`/`reset`, or with an assertion
//! after the first `check-sat` (a definition made in
//! one scope would have to be repeated in the next), nor under a logic
//! without uninterpreted functions.

use crate::analysis::axioms::axiom_matrix;
use crate::analysis::record_sorts::{is_projection_axiom, Record};
use crate::analysis::redeclare::text_mentions;
use crate::analysis::redeclare::unused_name;
use crate::pass::{Budget, ReadBack, ScriptChange, ScriptPass};
use crate::registry::PassId;
use crate::term;
use smtlib_io::print::quote_symbol;
use smtlib_io::{
    BinderKind, Command, CommandKind, Context, FunDecl, FunId, FunKind, Op, Printer, Script,
    SortId, SortKind, TermId, TermKind, VarId,
};
use std::collections::{BTreeSet, HashMap};

/// A bridge pair `wrap : τ → uni`, `unwrap : uni → τ` with
/// `∀i:τ. unwrap(wrap i) = i` among the assertions.
#[derive(Clone, Copy, Debug)]
struct Bridge {
    wrap: FunId,
    unwrap: FunId,
    sort: SortId,
}

/// One argument position of a flat read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    /// The same closed term at every occurrence.
    Closed(TermId),
    /// `wrap(e)` with `e` a parameter of the new symbol.
    Bridged(FunId),
}

/// A flat read `unwrap(F(slots))`: the form of a thread pair's
/// constructor, for which [`derived_inversions`] looks for an inversion.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Shape {
    unwrap: FunId,
    fun: FunId,
    args: Vec<Slot>,
}

/// The reads named so far.
#[derive(Default)]
struct Naming {
    named: Vec<Named>,
    by_body: HashMap<TermId, usize>,
    holes: Placeholders,
}

/// A named read: its symbol, parameters and the defining term over them.
struct Named {
    fun: FunId,
    /// The parameters, as variable terms.
    params: Vec<TermId>,
    /// The read with the parameters for its variable parts (a template).
    body: TermId,
    /// Its flat form, if it has one.
    shape: Option<Shape>,
}

/// A read named by [`name_reads`]: the new symbol and its definition's
/// body over `params`.
pub struct NamedRead {
    pub fun: FunId,
    pub params: Vec<TermId>,
    pub body: TermId,
}

/// Apply the rule of the module documentation: rewrite the assertions and
/// add the derived inversion axioms; returns the named reads and, for
/// `--validate`, a certificate of each inversion ([`certificate`]). The new symbols have no declaring
/// command yet: [`place_definitions`] writes their `define-fun`s once the
/// other passes are done, where every use can see them.
pub fn name_reads(script: &mut Script) -> (Vec<NamedRead>, Vec<ReadBack>) {
    if !applies_to(script) {
        return (Vec::new(), Vec::new());
    }
    let bridges = find_bridges(
        &script.cx,
        script.assertions().collect::<Vec<_>>().as_slice(),
    );
    if bridges.is_empty() {
        return (Vec::new(), Vec::new());
    }
    // wrap -> its bridge, asked of every subterm below
    let wraps: HashMap<FunId, Bridge> = bridges.values().map(|b| (b.wrap, *b)).collect();
    fold_round_trips(script, &bridges, &wraps);
    let mut state = Naming::default();
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let new = crate::term::rebuild(&mut script.cx, t, |cx, _, rebuilt| {
            read_of(cx, rebuilt, &bridges, &wraps, &mut state).map(|(_, app)| app)
        });
        script.commands[i].kind = CommandKind::Assert(new);
    }
    let named = reuse_earlier_definitions(script, state.named);
    let mut hints = vec![];
    for (after, axiom, hint) in derived_inversions(script, &named, &bridges)
        .into_iter()
        .rev()
    {
        hints.extend(hint);
        let span = script.commands[after].span;
        script.commands.insert(
            after + 1,
            Command {
                kind: CommandKind::Assert(axiom),
                span,
                text: "".into(),
                verbatim_term: None,
            },
        );
    }
    let reads: Vec<NamedRead> = named
        .into_iter()
        .map(|n| NamedRead {
            fun: n.fun,
            params: n.params,
            body: n.body,
        })
        .collect();
    // Provisional definitions before the first assertion: kept verbatim,
    // they keep the other passes from changing the signature of a symbol
    // that only a definition still mentions (`i0` once every read of it
    // is named). [`place_definitions`] moves them where they belong.
    if let Some(first) = script
        .commands
        .iter()
        .position(|c| matches!(c.kind, CommandKind::Assert(_)))
    {
        for (k, r) in reads.iter().enumerate() {
            let cmd = definition_command(&script.cx, r);
            script.commands.insert(first + k, cmd);
        }
    }
    hints.reverse();
    (reads, hints)
}

/// Drop from `named` each read whose definition is, but for its name, one
/// that an earlier run of the pass wrote (the encoding stage can bring out
/// a read of a map already named before it, e.g. `tget(js, th)` unfolded
/// inside another read's index), and apply the earlier symbol instead, so
/// that one function, not two with the same body, stands for the map and
/// the rounds rewrite all its reads alike.
///
/// **Soundness.** Both symbols are `define-fun`s with the same parameters,
/// sort and body, so they are the same function; replacing one
/// application by the other replaces a term by an equal one.
fn reuse_earlier_definitions(script: &mut Script, named: Vec<Named>) -> Vec<Named> {
    if named.is_empty() {
        return named;
    }
    fn after_name(text: &str) -> Option<&str> {
        let rest = text.strip_prefix("(define-fun ")?;
        let rest = if let Some(quoted) = rest.strip_prefix('|') {
            &quoted[quoted.find('|')? + 1..]
        } else {
            &rest[rest.find(' ')?..]
        };
        Some(rest)
    }
    let earlier: HashMap<String, FunId> = own_definitions(script)
        .into_iter()
        .filter_map(|(i, f)| Some((after_name(&script.commands[i].text)?.to_string(), f)))
        .collect();
    if earlier.is_empty() {
        return named;
    }
    let mut same: HashMap<FunId, FunId> = HashMap::new();
    let mut kept = Vec::with_capacity(named.len());
    for n in named {
        let read = NamedRead {
            fun: n.fun,
            params: n.params.clone(),
            body: n.body,
        };
        let cmd = definition_command(&script.cx, &read);
        match after_name(&cmd.text).and_then(|t| earlier.get(t)) {
            Some(&old) => {
                same.insert(n.fun, old);
            }
            None => kept.push(n),
        }
    }
    if same.is_empty() {
        return kept;
    }
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let new = crate::term::rebuild(&mut script.cx, t, |cx, _, rebuilt| {
            let TermKind::App(Op::Uf(f), args) = cx.kind(rebuilt).clone() else {
                return None;
            };
            let &old = same.get(&f)?;
            cx.mk_app(Op::Uf(old), args.to_vec()).ok()
        });
        script.commands[i].kind = CommandKind::Assert(new);
    }
    kept
}

/// Make every bridged constructor value a read: where Why3 passes a thread
/// pair built from bridged fields straight to a polymorphic function,
/// `get(…, Tuple2(dim31, dim31, t2tb b, t2tb l))`, while elsewhere it reads
/// the same constructor back, `tb2t1(Tuple2(dim31, dim31, t2tb b, t2tb l))`,
/// the bare one becomes `t2tb1(tb2t1(Tuple2(…)))`. The naming then sees
/// `get(…, t2tb1(R(b, l)))`: the same read as at a thread variable,
/// `get(…, t2tb1(t))`, instead of a second symbol for the same map. Any
/// [`ReadKey`] shape is folded so, nested reads included.
///
/// **Soundness.** Only for a bridge whose round trip
/// `∀j:uni. wrap(unwrap j) = j` is asserted without a guard ([`is_onto`]):
/// `F(…) = wrap(unwrap(F(…)))` is an instance. A term already under
/// `unwrap` stays as it was.
fn fold_round_trips(
    script: &mut Script,
    bridges: &HashMap<FunId, Bridge>,
    wraps: &HashMap<FunId, Bridge>,
) {
    let facts: Vec<TermId> = script.assertions().collect();
    let onto: HashMap<FunId, Bridge> = bridges
        .iter()
        .filter(|(_, b)| facts.iter().any(|&f| is_onto(&script.cx, f, b)))
        .map(|(&u, &b)| (u, b))
        .collect();
    if onto.is_empty() {
        return;
    }
    // the flat constructor shapes that some assertion reads back, with the
    // bridge that reads them
    let mut shapes: HashMap<ReadKey, Bridge> = HashMap::new();
    for &f in &facts {
        term::post_order(&script.cx, f, |u| {
            let cx = &script.cx;
            let TermKind::App(Op::Uf(unwrap), ua) = cx.kind(u) else {
                return;
            };
            let Some(b) = onto.get(unwrap) else { return };
            if let Some(key) = read_key(cx, ua[0], wraps) {
                shapes.entry(key).or_insert(*b);
            }
        });
    }
    if shapes.is_empty() {
        return;
    }
    // the round trips added, `wrap(unwrap(F(…)))` -> `unwrap(F(…))`
    let mut added: HashMap<TermId, TermId> = HashMap::new();
    for i in 0..script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            continue;
        };
        let new = term::rebuild(&mut script.cx, t, |cx, original, rebuilt| {
            let TermKind::App(Op::Uf(f), args) = cx.kind(rebuilt).clone() else {
                return None;
            };
            if onto.contains_key(&f) {
                // under `unwrap` already: leave the read as it was
                return added.get(&args[0]).copied();
            }
            // keyed by the original: a nested read folded below keeps the
            // shape that the reads back were collected under
            let b = shapes.get(&read_key(cx, original, wraps)?)?;
            let read = cx.mk_app(Op::Uf(b.unwrap), vec![rebuilt]).ok()?;
            let wrapped = cx.mk_app(Op::Uf(b.wrap), vec![read]).ok()?;
            added.insert(wrapped, read);
            Some(wrapped)
        });
        script.commands[i].kind = CommandKind::Assert(new);
    }
}

/// A `uni` term as the key of a read: a declared function (no bridge)
/// applied to closed terms, bridges `wrap(e)` of terms with variables, and
/// such applications, with at least one bridge in all. Why3 passes a value
/// read from a map to another polymorphic symbol without a round trip
/// (`get(x, Tuple1(get(k_map, t2tb(t))))`, the array `x` at a thread's
/// local `k`); the same read stands under `unwrap` elsewhere (`k`'s value).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ReadKey {
    Closed(TermId),
    Bridged(FunId),
    App(FunId, Vec<ReadKey>),
}

/// [`ReadKey`] of `t`, if it has one.
fn read_key(cx: &Context, t: TermId, wraps: &HashMap<FunId, Bridge>) -> Option<ReadKey> {
    fn key(
        cx: &Context,
        t: TermId,
        wraps: &HashMap<FunId, Bridge>,
        bridged: &mut bool,
    ) -> Option<ReadKey> {
        if term::is_closed(cx, t) {
            return Some(ReadKey::Closed(t));
        }
        let TermKind::App(Op::Uf(f), args) = cx.kind(t) else {
            return None;
        };
        if wraps.contains_key(f) {
            *bridged = true;
            return Some(ReadKey::Bridged(*f));
        }
        if cx.fun(*f).kind != FunKind::Declared {
            return None;
        }
        let keys = args
            .iter()
            .map(|&a| key(cx, a, wraps, bridged))
            .collect::<Option<Vec<_>>>()?;
        Some(ReadKey::App(*f, keys))
    }
    let mut bridged = false;
    let k = key(cx, t, wraps, &mut bridged)?;
    (matches!(k, ReadKey::App(..)) && bridged).then_some(k)
}

/// One `check-sat` scope at most, no `push`/`pop`/`reset`, every assertion
/// before the first `check-sat` (so assertions may move within it), and a
/// logic with uninterpreted functions.
fn applies_to(script: &Script) -> bool {
    let mut seen_check = false;
    for c in &script.commands {
        match c.kind {
            CommandKind::Push(_) | CommandKind::Pop(_) | CommandKind::Reset => return false,
            CommandKind::ResetAssertions => return false,
            CommandKind::CheckSat => seen_check = true,
            CommandKind::Assert(_) | CommandKind::Opaque { .. } if seen_check => return false,
            _ => {}
        }
    }
    script
        .logic
        .as_deref()
        .is_none_or(|l| l == "ALL" || l.contains("UF"))
}

/// The `why3-reads` pass (see the module documentation). It runs three
/// times: first it names the reads; after the encoding stage it names the
/// reads that `unfold` and `records` brought out (a per-thread variable
/// read through a function that an axiom defines, `tget(a, th)`, is a read
/// only once `tget` is unfolded, and a thread's fields only once `records`
/// splits it), so that the rounds see `get@k(pair(b, l))` for every
/// variable, not one `tb2t` head for all of them; at the end of the
/// pipeline it puts each definition where every use sees it
/// ([`place_definitions`]).
pub struct Why3Reads;

impl ScriptPass for Why3Reads {
    fn id(&self) -> PassId {
        PassId::Why3Reads
    }

    /// `symbols` are the new symbols; `fired` counts them.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        let (reads, hints) = name_reads(script);
        place_definitions(script);
        let names = reads
            .iter()
            .map(|r| script.cx.sym_name(script.cx.fun(r.fun).name).to_string())
            .collect();
        ScriptChange {
            read_back: hints,
            ..ScriptChange::of_symbols(names)
        }
    }
}

/// The `define-fun`s this pass wrote: verbatim commands defining a symbol
/// that no command declares (the pass makes its symbols that way), with
/// the symbol.
fn own_definitions(script: &Script) -> Vec<(usize, FunId)> {
    let cx = &script.cx;
    let declared: BTreeSet<FunId> = script
        .commands
        .iter()
        .filter_map(|c| match c.kind {
            CommandKind::Declare(f) => Some(f),
            _ => None,
        })
        .collect();
    let by_name: HashMap<&str, FunId> = cx
        .funs()
        .filter(|(f, d)| d.kind == FunKind::Declared && !declared.contains(f))
        .map(|(f, d)| (cx.sym_name(d.name), f))
        .collect();
    script
        .commands
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            if !matches!(c.kind, CommandKind::Other) {
                return None;
            }
            let rest = c.text.strip_prefix("(define-fun ")?;
            let name = rest.split(' ').next()?;
            let name = name.trim_matches('|');
            by_name.get(name).map(|&f| (i, f))
        })
        .collect()
}

/// Put each `define-fun` of [`name_reads`] right after the declarations
/// its text names, and move any assertion that uses it (another pass may
/// have put one before it, e.g. `records` splitting a quantifier in Why3's
/// prelude) after it. A definition that no assertion uses any more goes.
pub fn place_definitions(script: &mut Script) {
    let own = own_definitions(script);
    if own.is_empty() {
        return;
    }
    let mut used: BTreeSet<FunId> = BTreeSet::new();
    for t in script.assertions() {
        crate::term::post_order(&script.cx, t, |u| {
            if let TermKind::App(Op::Uf(f), _) = script.cx.kind(u) {
                used.insert(*f);
            }
        });
    }
    let mut defs: Vec<(FunId, Command)> = Vec::new();
    for &(i, f) in own.iter().rev() {
        let c = script.commands.remove(i);
        if used.contains(&f) {
            defs.push((f, c));
        }
    }
    defs.reverse();
    for (f, cmd) in defs {
        let cx = &script.cx;
        let at = script
            .commands
            .iter()
            .rposition(|c| match c.kind {
                CommandKind::Declare(g) => text_mentions(&cmd.text, cx.sym_name(cx.fun(g).name)),
                _ => false,
            })
            .map_or(0, |i| i + 1);
        script.commands.insert(at, cmd);
        let mut moved = Vec::new();
        let mut i = 0;
        let mut def_at = at;
        while i < def_at {
            let uses = match script.commands[i].kind {
                CommandKind::Assert(t) => crate::term::any_subterm(
                    &script.cx,
                    t,
                    |u| matches!(script.cx.kind(u), TermKind::App(Op::Uf(g), _) if *g == f),
                ),
                _ => false,
            };
            if uses {
                moved.push(script.commands.remove(i));
                def_at -= 1;
            } else {
                i += 1;
            }
        }
        for (k, c) in moved.into_iter().enumerate() {
            script.commands.insert(def_at + 1 + k, c);
        }
    }
}

/// The bridge pairs stated by round-trip axioms among `facts`.
fn find_bridges(cx: &Context, facts: &[TermId]) -> HashMap<FunId, Bridge> {
    let mut out = HashMap::new();
    for &f in facts {
        let (vars, m) = axiom_matrix(cx, f);
        let [i] = vars[..] else { continue };
        let TermKind::App(Op::Eq, args) = cx.kind(m) else {
            continue;
        };
        for (l, r) in [(args[0], args[1]), (args[1], args[0])] {
            if !matches!(cx.kind(r), TermKind::Var(v) if *v == i) {
                continue;
            }
            let TermKind::App(Op::Uf(unwrap), ua) = cx.kind(l) else {
                continue;
            };
            let [inner] = ua[..] else { continue };
            let TermKind::App(Op::Uf(wrap), wa) = cx.kind(inner) else {
                continue;
            };
            if wa[..] != [r] || wrap == unwrap {
                continue;
            }
            let (w, u) = (cx.fun(*wrap), cx.fun(*unwrap));
            let sort = cx.var(i).sort;
            let plain = w.kind == FunKind::Declared && u.kind == FunKind::Declared;
            if plain
                && w.args[..] == [sort]
                && u.args[..] == [w.ret]
                && u.ret == sort
                && w.ret != sort
            {
                out.insert(
                    *unwrap,
                    Bridge {
                        wrap: *wrap,
                        unwrap: *unwrap,
                        sort,
                    },
                );
            }
        }
    }
    out
}

/// The parameters of read templates: one variable per position and sort,
/// shared by all templates so that equal shapes are the same term.
#[derive(Default)]
struct Placeholders(HashMap<(usize, SortId), TermId>);

impl Placeholders {
    fn get(&mut self, cx: &mut Context, k: usize, sort: SortId) -> TermId {
        *self.0.entry((k, sort)).or_insert_with(|| {
            let x = cx.sym("x");
            let v = cx.new_var(x, sort);
            cx.mk_var(v)
        })
    }
}

/// The template of `t` under a bridge: closed subterms stay, `wrap(e)`
/// with variables in `e` becomes `wrap(x_k)` (collecting `e`), and an
/// application of a declared function into `uni` (a nested polymorphic
/// read such as `get(…, get(…), …)`) is followed; anything else fails.
fn template(
    cx: &mut Context,
    t: TermId,
    uni: SortId,
    wraps: &HashMap<FunId, Bridge>,
    unwraps: &HashMap<FunId, Bridge>,
    holes: &mut Placeholders,
    actuals: &mut Vec<TermId>,
) -> Option<TermId> {
    if term::is_closed(cx, t) {
        return Some(t);
    }
    let TermKind::App(Op::Uf(f), args) = cx.kind(t).clone() else {
        return None;
    };
    if wraps.contains_key(&f) {
        let e = args[0];
        let hole = holes.get(cx, actuals.len(), cx.sort_of(e));
        actuals.push(e);
        return cx.mk_app(Op::Uf(f), vec![hole]).ok();
    }
    if unwraps.contains_key(&f) || cx.fun(f).kind != FunKind::Declared || cx.fun(f).ret != uni {
        return None;
    }
    let mut new = Vec::with_capacity(args.len());
    for &a in args.iter() {
        new.push(template(cx, a, uni, wraps, unwraps, holes, actuals)?);
    }
    cx.mk_app(Op::Uf(f), new).ok()
}

/// If `t` is a read (or a `select` of a named read), name it: returns the
/// index of the named read and the application that replaces `t`.
fn read_of(
    cx: &mut Context,
    t: TermId,
    bridges: &HashMap<FunId, Bridge>,
    wraps: &HashMap<FunId, Bridge>,
    state: &mut Naming,
) -> Option<(usize, TermId)> {
    let mut actuals = Vec::new();
    let body = match cx.kind(t).clone() {
        TermKind::App(Op::Uf(unwrap), ua) if bridges.contains_key(&unwrap) => {
            let inner = ua[0];
            let TermKind::App(Op::Uf(fun), _) = cx.kind(inner).clone() else {
                return None;
            };
            if cx.fun(fun).kind != FunKind::Declared || wraps.contains_key(&fun) {
                return None;
            }
            let uni = cx.fun(bridges[&unwrap].wrap).ret;
            let inner = template(
                cx,
                inner,
                uni,
                wraps,
                bridges,
                &mut state.holes,
                &mut actuals,
            )?;
            cx.mk_app(Op::Uf(unwrap), vec![inner]).ok()?
        }
        TermKind::App(Op::Select, sa) => {
            let TermKind::App(Op::Uf(f), fa) = cx.kind(sa[0]).clone() else {
                return None;
            };
            let k0 = state.named.iter().position(|n| n.fun == f)?;
            actuals = fa.to_vec();
            let index = if term::is_closed(cx, sa[1]) {
                sa[1]
            } else {
                let hole = state.holes.get(cx, actuals.len(), cx.sort_of(sa[1]));
                actuals.push(sa[1]);
                hole
            };
            cx.mk_app(Op::Select, vec![state.named[k0].body, index])
                .ok()?
        }
        _ => return None,
    };
    if actuals.is_empty() {
        return None;
    }
    let k = match state.by_body.get(&body) {
        Some(&k) => k,
        None => {
            let params: Vec<TermId> = actuals
                .iter()
                .enumerate()
                .map(|(k, &a)| state.holes.get(cx, k, cx.sort_of(a)))
                .collect();
            let base = head_name(cx, body);
            let name = unused_name(cx, (1..).map(|k| format!("{base}@{k}")));
            let sym = cx.sym(&name);
            let fun = cx.declare_fun(FunDecl {
                name: sym,
                sort_params: Box::new([]),
                args: actuals.iter().map(|&a| cx.sort_of(a)).collect(),
                ret: cx.sort_of(body),
                kind: FunKind::Declared,
            });
            let shape = flat_shape(cx, body, wraps);
            state.named.push(Named {
                fun,
                params,
                body,
                shape,
            });
            state.by_body.insert(body, state.named.len() - 1);
            state.named.len() - 1
        }
    };
    let app = cx.mk_app(Op::Uf(state.named[k].fun), actuals).ok()?;
    Some((k, app))
}

/// The name of the function a read template applies under its bridge and
/// selects (`get` for `(select (tb2t (get …)) k)`).
fn head_name(cx: &Context, mut body: TermId) -> String {
    loop {
        match cx.kind(body) {
            TermKind::App(Op::Select, a) => body = a[0],
            TermKind::App(Op::Uf(_), a) if a.len() == 1 => {
                if let TermKind::App(Op::Uf(f), _) = cx.kind(a[0]) {
                    return cx.sym_name(cx.fun(*f).name).to_string();
                }
                return "read".into();
            }
            _ => return "read".into(),
        }
    }
}

/// A template `unwrap(F(a1, …, an))` whose arguments are each closed or
/// `wrap(x_k)`, as a [`Shape`] (the form a thread pair's constructor has).
fn flat_shape(cx: &Context, body: TermId, wraps: &HashMap<FunId, Bridge>) -> Option<Shape> {
    let TermKind::App(Op::Uf(unwrap), ua) = cx.kind(body) else {
        return None;
    };
    let TermKind::App(Op::Uf(fun), fargs) = cx.kind(ua[0]) else {
        return None;
    };
    let mut args = Vec::new();
    for &a in fargs.iter() {
        match cx.kind(a) {
            TermKind::App(Op::Uf(w), wa)
                if wraps.contains_key(w) && matches!(cx.kind(wa[0]), TermKind::Var(_)) =>
            {
                args.push(Slot::Bridged(*w))
            }
            _ if term::is_closed(cx, a) => args.push(Slot::Closed(a)),
            _ => return None,
        }
    }
    Some(Shape {
        unwrap: *unwrap,
        fun: *fun,
        args,
    })
}

/// `(define-fun R ((x S) …) τ body)`, kept verbatim by the pipeline so
/// that no pass expands it back.
fn definition_command(cx: &Context, n: &NamedRead) -> Command {
    let mut p = Printer::new(cx);
    let body = p.term(n.body);
    let params: Vec<String> = n
        .params
        .iter()
        .map(|&v| format!("({} {})", p.term(v), p.sort(cx.sort_of(v))))
        .collect();
    let d = cx.fun(n.fun);
    let text = format!(
        "(define-fun {} ({}) {} {})",
        quote_symbol(cx.sym_name(d.name)),
        params.join(" "),
        p.sort(d.ret),
        body
    );
    Command {
        kind: CommandKind::Other,
        span: Default::default(),
        text: text.into(),
        verbatim_term: None,
    }
}

/// For each named read that rebuilds a value of a declared sort from
/// bridged fields, the inversion axiom `∀u. u = R(p_1(u), …, p_n(u))`
/// when the assertions entail it, with the index of the command after
/// which to assert it.
///
/// **Derivation.** Let `R(ȳ) = unwrap(F(c̄, wrap_1 y_1, …, wrap_n y_n))`
/// with `c̄` closed. The pass requires, among the assertions:
/// 1. projections `∀ȳ. p_i(R(ȳ)) = y_i`, one per field;
/// 2. `F`'s polymorphic inversion
///    `∀ā ∀u. S(T(ā), u) ⇒ u = F(ā, P_1(ā, u), …, P_n(ā, u))`, the type
///    variables `ā` standing where `c̄` stands (the guard may be absent);
/// 3. the sort axiom of the bridge into `uni`, `∀v. S(T(c̄), wrap(v))`
///    (needed only with the guard), and the round trip
///    `∀v. unwrap(wrap v) = v` (which made `unwrap` a bridge);
/// 4. for every field bridge the other round trip,
///    `∀j. wrap_i(unwrap_i j) = j`, with no guard.
///
/// Then for any `v`: `wrap(v) = F(c̄, P_1(c̄, wrap v), …)` by 2 and 3, and
/// each `P_i(…) = wrap_i(q_i)` for `q_i = unwrap_i(P_i(…))` by 4, so
/// `v = unwrap(wrap v) = R(q̄)`; by 1, `p_i(v) = q_i`, hence
/// `v = R(p̄(v))`.
fn derived_inversions(
    script: &mut Script,
    named: &[Named],
    bridges: &HashMap<FunId, Bridge>,
) -> Vec<(usize, TermId, Option<ReadBack>)> {
    let asserts: Vec<(usize, TermId)> = script.indexed_assertions().collect();
    let mut out = Vec::new();
    for n in named {
        let Some(shape) = &n.shape else {
            continue;
        };
        let cx = &mut script.cx;
        let sort = bridges[&shape.unwrap].sort;
        if !matches!(cx.sort_kind(sort), SortKind::Named(..)) {
            continue;
        }
        let fields = n.params.len();
        // 1. projections
        let mut projs: Vec<Option<(FunId, usize, TermId)>> = vec![None; fields];
        for &(i, a) in &asserts {
            if let Some((p, k)) = projection_of(cx, a, n.fun) {
                if projs[k].is_none() {
                    projs[k] = Some((p, i, a));
                }
            }
        }
        let Some(projs) = projs.into_iter().collect::<Option<Vec<_>>>() else {
            continue;
        };
        let rec = Record {
            sort,
            ctor: n.fun,
            projs: projs.iter().map(|&(p, _, _)| p).collect(),
        };
        if !projs
            .iter()
            .enumerate()
            .all(|(k, &(_, _, a))| is_projection_axiom(cx, a, &rec, k))
        {
            continue;
        }
        // 2. and 3.
        let wrap = bridges[&shape.unwrap].wrap;
        let facts: Vec<TermId> = asserts.iter().map(|&(_, t)| t).collect();
        let Some(inversion) = facts
            .iter()
            .find_map(|&f| polymorphic_inversion(cx, f, shape, wrap, &facts))
        else {
            continue;
        };
        // 4.
        let field_bridges_onto = shape.args.iter().all(|s| match s {
            Slot::Bridged(w) => bridges
                .values()
                .filter(|b| b.wrap == *w)
                .any(|b| facts.iter().any(|&f| is_onto(cx, f, b))),
            _ => true,
        });
        if !field_bridges_onto {
            continue;
        }
        let u_sym = cx.sym("u");
        let u = cx.new_var(u_sym, sort);
        let ut = cx.mk_var(u);
        let Some(fs) = rec
            .projs
            .iter()
            .map(|&p| cx.mk_app(Op::Uf(p), vec![ut]).ok())
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let Ok(mk) = cx.mk_app(Op::Uf(n.fun), fs) else {
            continue;
        };
        let Ok(eq) = cx.mk_app(Op::Eq, vec![ut, mk]) else {
            continue;
        };
        // The pattern is the rebuilt pair: the solver uses the axiom only
        // where that term already stands. Without one, z3 instantiates it
        // at every value of the sort, and each instance brings in new
        // bridge terms that wake the encoding's axioms; vcsimp's own
        // passes read the body, not the pattern.
        let pattern = smtlib_io::Attr {
            key: cx.sym(":pattern"),
            value: smtlib_io::AttrValue::Terms(vec![mk].into()),
        };
        let Ok(ax) = cx.mk_binder(BinderKind::Forall, vec![u].into(), eq, Box::new([pattern]))
        else {
            continue;
        };
        let after = projs.iter().map(|&(_, i, _)| i).max().unwrap_or(0);
        let hint = certificate(cx, n, &rec, shape, &inversion, bridges, u, ax);
        out.push((after, ax, hint));
    }
    out
}

/// The certificate ([`ReadBack::Certificate`]) of the inversion axiom
/// `ax = ∀u. u = R(p̄(u))` that [`derived_inversions`] derived: the ground
/// steps of the derivation at `u`, with `v := u`: the instance of `F`'s
/// polymorphic inversion at `wrap(u)` (and its guard), the round trips
/// `wrap_i(unwrap_i(P_i)) = P_i` of the fields `q_i = unwrap_i(P_i)`,
/// `unwrap(wrap u) = u`, and the projections `p_i(R(q̄)) = q_i`. Each is
/// an instance of an input axiom at terms that no assertion contains, so
/// a solver's instantiation heuristics do not find them; given them, the
/// claim is ground equational reasoning.
#[allow(clippy::too_many_arguments)]
fn certificate(
    cx: &mut Context,
    n: &Named,
    rec: &Record,
    shape: &Shape,
    inversion: &Inversion,
    bridges: &HashMap<FunId, Bridge>,
    u: VarId,
    ax: TermId,
) -> Option<ReadBack> {
    let ut = cx.mk_var(u);
    let main = bridges.get(&shape.unwrap)?;
    let wu = cx.mk_app(Op::Uf(main.wrap), vec![ut]).ok()?;
    let mut map = inversion.sigma.clone();
    map.insert(inversion.u, wu);
    let inst = term::subst(cx, inversion.matrix, &map);
    let mut lemmas = vec![];
    let eq = match cx.kind(inst).clone() {
        TermKind::App(Op::Implies, a) if a.len() == 2 => {
            lemmas.push(a[0]);
            a[1]
        }
        _ => inst,
    };
    lemmas.push(inst);
    let TermKind::App(Op::Eq, ea) = cx.kind(eq).clone() else {
        return None;
    };
    let TermKind::App(Op::Uf(_), gargs) = cx.kind(ea[1]).clone() else {
        return None;
    };
    let mut qs = vec![];
    for (&pi, slot) in gargs.iter().zip(&shape.args) {
        let Slot::Bridged(w) = slot else { continue };
        let b = bridges.values().find(|b| b.wrap == *w)?;
        let q = cx.mk_app(Op::Uf(b.unwrap), vec![pi]).ok()?;
        let back = cx.mk_app(Op::Uf(b.wrap), vec![q]).ok()?;
        lemmas.push(cx.mk_app(Op::Eq, vec![back, pi]).ok()?);
        qs.push(q);
    }
    if qs.len() != rec.projs.len() {
        return None;
    }
    let round = cx.mk_app(Op::Uf(main.unwrap), vec![wu]).ok()?;
    lemmas.push(cx.mk_app(Op::Eq, vec![round, ut]).ok()?);
    let rq = cx.mk_app(Op::Uf(n.fun), qs.clone()).ok()?;
    for (&p, &q) in rec.projs.iter().zip(&qs) {
        let read = cx.mk_app(Op::Uf(p), vec![rq]).ok()?;
        lemmas.push(cx.mk_app(Op::Eq, vec![read, q]).ok()?);
    }
    let hint = term::and(cx, lemmas);
    let mut memo = HashMap::new();
    if term::free_vars(cx, hint, &mut memo).iter().any(|&v| v != u) {
        return None;
    }
    let claim = crate::term::alpha::claim_text(cx, ax);
    let mut p = Printer::without_names(cx);
    let params = vec![(p.term(ut), p.sort(cx.var(u).sort))];
    let hint = p.term(hint);
    Some(ReadBack::Certificate {
        claim,
        params,
        hint,
    })
}

/// `a` as `∀ȳ. p(R(ȳ)) = y_k`: returns `p` and `k`.
fn projection_of(cx: &Context, a: TermId, r: FunId) -> Option<(FunId, usize)> {
    let (vars, m) = axiom_matrix(cx, a);
    let TermKind::App(Op::Eq, args) = cx.kind(m) else {
        return None;
    };
    let TermKind::App(Op::Uf(p), pa) = cx.kind(args[0]) else {
        return None;
    };
    let [inner] = pa[..] else { return None };
    let TermKind::App(Op::Uf(f), fa) = cx.kind(inner) else {
        return None;
    };
    if *f != r || fa.len() != vars.len() || *p == r {
        return None;
    }
    let TermKind::Var(y) = cx.kind(args[1]) else {
        return None;
    };
    vars.iter().position(|v| v == y).map(|k| (*p, k))
}

/// Is `f` the polymorphic inversion axiom of `shape.fun` (item 2 of
/// [`derived_inversions`]), with, when it is guarded by `S(T(ā), u)`, the
/// sort axiom `∀v. S(T(c̄), wrap(v))` among `facts`?
fn polymorphic_inversion(
    cx: &mut Context,
    f: TermId,
    shape: &Shape,
    wrap: FunId,
    facts: &[TermId],
) -> Option<Inversion> {
    let (vars, m) = axiom_matrix(cx, f);
    let fits = inversion_fits(cx, &vars, m, shape, wrap, facts)?;
    Some(Inversion {
        matrix: m,
        sigma: fits.0,
        u: fits.1,
    })
}

/// A match of [`polymorphic_inversion`]: the axiom's matrix, its type
/// variables' closed arguments `c̄`, and its variable `u`.
struct Inversion {
    matrix: TermId,
    sigma: HashMap<VarId, TermId>,
    u: VarId,
}

/// The body of [`polymorphic_inversion`]: `σ` and `u` when it matches.
fn inversion_fits(
    cx: &mut Context,
    vars: &[VarId],
    m: TermId,
    shape: &Shape,
    wrap: FunId,
    facts: &[TermId],
) -> Option<(HashMap<VarId, TermId>, VarId)> {
    let (guard, eq) = match cx.kind(m) {
        TermKind::App(Op::Implies, a) if a.len() == 2 => (Some(a[0]), a[1]),
        _ => (None, m),
    };
    let TermKind::App(Op::Eq, ea) = cx.kind(eq).clone() else {
        return None;
    };
    let TermKind::Var(u) = *cx.kind(ea[0]) else {
        return None;
    };
    let TermKind::App(Op::Uf(g), gargs) = cx.kind(ea[1]).clone() else {
        return None;
    };
    if g != shape.fun || gargs.len() != shape.args.len() || !vars.contains(&u) {
        return None;
    }
    let mut sigma: HashMap<VarId, TermId> = HashMap::new();
    for (&a, slot) in gargs.iter().zip(&shape.args) {
        match (cx.kind(a), slot) {
            (TermKind::Var(tv), Slot::Closed(c)) if vars.contains(tv) && *tv != u => {
                if sigma.insert(*tv, *c).is_some_and(|prev| prev != *c) {
                    return None;
                }
            }
            (TermKind::App(Op::Uf(_), pargs), Slot::Bridged(_)) => {
                if !pargs
                    .iter()
                    .any(|&x| matches!(cx.kind(x), TermKind::Var(w) if *w == u))
                {
                    return None;
                }
            }
            _ => return None,
        }
    }
    let Some(guard) = guard else {
        return Some((sigma, u));
    };
    // the guard is S(T(ā), u)
    let TermKind::App(Op::Uf(s), sa) = cx.kind(guard).clone() else {
        return None;
    };
    if sa.len() != 2 || !matches!(cx.kind(sa[1]), TermKind::Var(w) if *w == u) {
        return None;
    }
    let ty = term::subst(cx, sa[0], &sigma);
    if !term::is_closed(cx, ty) {
        return None;
    }
    let sorted = facts.iter().any(|&h| {
        let (hv, hm) = axiom_matrix(cx, h);
        let [v] = hv[..] else { return false };
        let TermKind::App(Op::Uf(s2), ha) = cx.kind(hm) else {
            return false;
        };
        *s2 == s
            && ha.len() == 2
            && ha[0] == ty
            && matches!(cx.kind(ha[1]), TermKind::App(Op::Uf(w), wa)
                if *w == wrap && matches!(cx.kind(wa[0]), TermKind::Var(x) if *x == v))
    });
    sorted.then_some((sigma, u))
}

/// Is `f` the unguarded round trip `∀j. wrap(unwrap j) = j` of `b`?
fn is_onto(cx: &Context, f: TermId, b: &Bridge) -> bool {
    let (vars, m) = axiom_matrix(cx, f);
    let [j] = vars[..] else { return false };
    let TermKind::App(Op::Eq, a) = cx.kind(m) else {
        return false;
    };
    let is_j = |t: TermId| matches!(cx.kind(t), TermKind::Var(v) if *v == j);
    let round_trip = |t: TermId| {
        matches!(cx.kind(t), TermKind::App(Op::Uf(w), wa) if *w == b.wrap
            && matches!(cx.kind(wa[0]), TermKind::App(Op::Uf(u), ua) if *u == b.unwrap && is_j(ua[0])))
    };
    (round_trip(a[0]) && is_j(a[1])) || (round_trip(a[1]) && is_j(a[0]))
}
