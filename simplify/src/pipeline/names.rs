//! Assertions that define SMT-LIB names (`(! t :named n)`), kept so that
//! every name the input defines is defined in the output at the same
//! point and with the same meaning for `check-sat-assuming`, `get-value`,
//! `get-assignment` and `get-unsat-core`.
//!
//! * An assertion whose only name is its own, `(assert (! φ :named n))`,
//!   is simplified as `(assert φ)`, and its name goes back on what that
//!   assertion became (its parts joined by `and` again when a pass split
//!   it), or, when the assertion was
//!   dropped, on `true`: `(assert (! true :named n))`. The name stays
//!   defined, and it means what it meant: the term it names is asserted,
//!   so it is true in every model of the script, before and after. A
//!   dropped assertion's name that no command mentions (outside its own
//!   `:named`) and no `get-assignment` reports is dropped with it: z3
//!   tracks every named assertion as an assumption, and on F*'s queries
//!   (which name each assertion but ask for no core) extra named `true`s
//!   cost it its proofs.
//! * Every other assertion that defines a name (a named subterm, whose
//!   value `get-value` may ask for), and every named assertion of a
//!   script with a `get-unsat-core` (whose members must be unsat together
//!   in the input as well) or that keeps declarations over `pop` (where a
//!   name outlives its assertion), is kept as it is and is not used as a
//!   fact for the other assertions. `:produce-unsat-cores` alone does not
//!   count: a core the script never asks for constrains nothing, and
//!   `vcsimp solve --interactive` answers `get-unsat-core` from the live
//!   session on the input.

use smtlib_io::{
    sets_global_declarations, Attr, AttrValue, Command, CommandKind, Context, Op, Printer,
    QueryKind, Script, TermId, TermKind,
};
use std::collections::{HashMap, HashSet};

/// The reason of the placeholder command of a kept assertion.
const KEPT: &str = "vcsimp: defines a name; kept as it is";
/// The reasons of the placeholders around a renamed assertion: the
/// assertions between them at the end stand where it stood.
const OPEN: &str = "vcsimp: a named assertion follows";
const CLOSE: &str = "vcsimp: a named assertion ends";

/// The named assertions set aside by [`protect_names`], for
/// [`restore_names`].
#[derive(Clone, Default)]
pub(super) struct Protected {
    /// Kept assertions, in order.
    kept: Vec<TermId>,
    /// Per renamed assertion, in order: the assertion as read and its
    /// attributes.
    named: Vec<(TermId, Box<[Attr]>)>,
}

/// Is `t` an annotation that names its term?
fn names_term(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Annot(_, attrs)
        if attrs.iter().any(|a| cx.sym_name(a.key) == ":named"))
}

/// Does `t` contain a `:named` annotation? (Without recursion.)
fn has_name(cx: &Context, t: TermId, memo: &mut HashMap<TermId, bool>) -> bool {
    let mut stack = vec![(t, false)];
    while let Some((u, done)) = stack.pop() {
        if done {
            let v = names_term(cx, u) || cx.children(u).iter().any(|c| memo[c]);
            memo.insert(u, v);
            continue;
        }
        if memo.contains_key(&u) {
            continue;
        }
        stack.push((u, true));
        for c in cx.children(u) {
            if !memo.contains_key(&c) {
                stack.push((c, false));
            }
        }
    }
    memo[&t]
}

/// The symbols that the commands' texts mention other than as the value
/// of a `:named` (as written, bars kept), and whether any command is a
/// `get-assignment`, which reports every name.
fn mentioned(script: &Script) -> (HashSet<String>, bool) {
    let mut out = HashSet::new();
    let mut all = false;
    for c in &script.commands {
        all |= matches!(c.kind, CommandKind::Query(QueryKind::Assignment));
        let spaced = c.text.replace(['(', ')'], " ");
        let mut previous = "";
        for w in spaced.split_whitespace() {
            if previous != ":named" {
                out.insert(w.to_string());
            }
            previous = w;
        }
    }
    (out, all)
}

/// Can a command observe the name in `attrs`? (See [`mentioned`].)
fn observed(cx: &Context, attrs: &[Attr], mentioned: &HashSet<String>, all: bool) -> bool {
    all || attrs.iter().any(|a| match a.value {
        // a name with bars may hold blanks: count it as mentioned
        AttrValue::Raw(n) if cx.sym_name(a.key) == ":named" => {
            let n = cx.sym_name(n);
            n.contains('|') || mentioned.contains(n)
        }
        _ => false,
    })
}

/// Must every named assertion of `script` be kept as it is?
fn strict(script: &Script) -> bool {
    script.commands.iter().any(|c| {
        matches!(c.kind, CommandKind::Query(QueryKind::UnsatCore))
            || sets_global_declarations(&c.text) == Some(true)
    })
}

/// Set aside the assertions of `script` that define names: an assertion
/// named as a whole becomes its unnamed term between two placeholders;
/// any other becomes a placeholder that the passes neither rewrite nor use
/// as a fact (their text names the symbols it uses).
pub(super) fn protect_names(script: &mut Script) -> Protected {
    let mut out = Protected::default();
    let strict = strict(script);
    let mut memo = HashMap::new();
    let mut i = 0;
    while i < script.commands.len() {
        let CommandKind::Assert(t) = script.commands[i].kind else {
            i += 1;
            continue;
        };
        if !has_name(&script.cx, t, &mut memo) {
            i += 1;
            continue;
        }
        let whole = match script.cx.kind(t) {
            TermKind::Annot(inner, attrs)
                if !strict && !has_name(&script.cx, *inner, &mut memo) =>
            {
                Some((*inner, attrs.clone()))
            }
            _ => None,
        };
        let c = &mut script.commands[i];
        match whole {
            Some((inner, attrs)) => {
                out.named.push((t, attrs));
                c.kind = CommandKind::Assert(inner);
                let mark = |reason: &str| {
                    let mut m = c.clone();
                    m.kind = CommandKind::Opaque {
                        reason: reason.into(),
                    };
                    m.text = "".into();
                    m.verbatim_term = None;
                    m
                };
                let (open, close) = (mark(OPEN), mark(CLOSE));
                script.commands.insert(i + 1, close);
                script.commands.insert(i, open);
                i += 3;
            }
            None => {
                out.kept.push(t);
                if c.text.is_empty() {
                    c.text = format!("(assert {})", Printer::new(&script.cx).term(t)).into();
                }
                c.kind = CommandKind::Opaque {
                    reason: KEPT.into(),
                };
                i += 1;
            }
        }
    }
    out
}

/// Put the names back: each kept assertion as it was, and each name of a
/// renamed assertion on what the assertion became (the conjunction of
/// the assertions between its placeholders), else, when a command can observe it, on `true` in
/// its place.
pub(super) fn restore_names(script: &mut Script, protected: Protected) {
    // read from every command's text, so only when a name needs it
    let mut seen: Option<(HashSet<String>, bool)> = None;
    let mut kept = protected.kept.into_iter();
    let mut named = protected.named.into_iter();
    let is =
        |c: &Command, r: &str| matches!(&c.kind, CommandKind::Opaque { reason } if reason == r);
    let mut i = 0;
    while i < script.commands.len() {
        if is(&script.commands[i], KEPT) {
            if let Some(t) = kept.next() {
                script.commands[i].kind = CommandKind::Assert(t);
            }
            i += 1;
            continue;
        }
        if !is(&script.commands[i], OPEN) {
            i += 1;
            continue;
        }
        let end = (i + 1..script.commands.len())
            .find(|&j| is(&script.commands[j], CLOSE))
            .unwrap_or(script.commands.len());
        let Some((original, attrs)) = named.next() else {
            script.commands.remove(i);
            continue;
        };
        // what the assertion became, as one assertion again where the
        // last part stands (after whatever a part's declarations need)
        let mut memo = HashMap::new();
        let standing: Vec<(usize, TermId)> = (i + 1..end)
            .filter_map(|j| match script.commands[j].kind {
                CommandKind::Assert(a) if !has_name(&script.cx, a, &mut memo) => Some((j, a)),
                _ => None,
            })
            .collect();
        let target = match standing.as_slice() {
            [] => None,
            [one] => Some(*one),
            [.., last] => {
                let parts: Vec<TermId> = standing.iter().map(|&(_, a)| a).collect();
                let f = script.cx.mk_bool(false);
                let whole = if parts.contains(&f) {
                    f
                } else {
                    script
                        .cx
                        .mk_app(Op::And, parts)
                        .expect("a conjunction of assertions is well sorted")
                };
                Some((last.0, whole))
            }
        };
        if end < script.commands.len() {
            script.commands.remove(end);
        }
        // the other parts all stand before the last one
        for &(j, _) in standing.iter().rev().skip(1) {
            script.commands.remove(j);
        }
        let target = target.map(|(last, t)| (last + 1 - standing.len(), t));
        match target {
            Some((j, a)) => {
                // unchanged: the assertion as read, printed as it was
                let named_term = match script.cx.kind(original) {
                    TermKind::Annot(inner, _) if *inner == a => original,
                    _ => script.cx.mk_annot(a, attrs),
                };
                script.commands[j].kind = CommandKind::Assert(named_term);
                script.commands.remove(i);
            }
            None if {
                let (mentioned, all) = seen.get_or_insert_with(|| mentioned(script));
                !observed(&script.cx, &attrs, mentioned, *all)
            } =>
            {
                script.commands.remove(i);
            }
            None => {
                let t = script.cx.mk_bool(true);
                let named_true = script.cx.mk_annot(t, attrs);
                let c = &mut script.commands[i];
                c.kind = CommandKind::Assert(named_true);
                c.text = "".into();
                i += 1;
            }
        }
    }
}
