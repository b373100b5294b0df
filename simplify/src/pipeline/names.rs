//! Assertions that define SMT-LIB names (`(! t :named n)`), kept so that
//! every name the input defines is defined in the output at the same
//! point and with the same meaning for `check-sat-assuming`, `get-value`,
//! `get-assignment` and `get-unsat-core`.
//!
//! * An assertion whose only name is its own, `(assert (! φ :named n))`,
//!   is simplified as `(assert φ)`, and its name goes back on the
//!   assertion that stands where it stood, or on `true` when the
//!   assertion was dropped: `(assert (! true :named n))`. The name stays
//!   defined, and it means what it meant: the term it names is asserted,
//!   so it is true in every model of the script, before and after.
//! * Every other assertion that defines a name (a named subterm, whose
//!   value `get-value` may ask for), and every named assertion of a
//!   script that asks for unsat cores (whose members must be unsat
//!   together in the input as well) or keeps declarations over `pop`
//!   (where a name outlives its assertion), is kept as it is and is not
//!   used as a fact for the other assertions.

use smtlib_io::{
    sets_global_declarations, sets_unsat_cores, Attr, CommandKind, Context, Printer, QueryKind,
    Script, TermId, TermKind,
};
use std::collections::HashMap;

/// The reason of the placeholder command of a kept assertion.
const KEPT: &str = "vcsimp: defines a name; kept as it is";
/// The reason of the placeholder that follows a renamed assertion.
const NAME: &str = "vcsimp: the name of the assertion before";

/// The named assertions set aside by [`protect_names`], for
/// [`restore_names`].
#[derive(Default)]
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

/// Must every named assertion of `script` be kept as it is?
fn strict(script: &Script) -> bool {
    script.commands.iter().any(|c| {
        matches!(c.kind, CommandKind::Query(QueryKind::UnsatCore))
            || sets_unsat_cores(&c.text) == Some(true)
            || sets_global_declarations(&c.text) == Some(true)
    })
}

/// Set aside the assertions of `script` that define names: an assertion
/// named as a whole becomes its unnamed term followed by a placeholder;
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
                let mut mark = c.clone();
                mark.kind = CommandKind::Opaque {
                    reason: NAME.into(),
                };
                mark.text = "".into();
                mark.verbatim_term = None;
                script.commands.insert(i + 1, mark);
                i += 2;
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
/// renamed assertion on the assertion just before its placeholder when
/// that one is not named yet, else on `true` in the placeholder's place.
pub(super) fn restore_names(script: &mut Script, protected: Protected) {
    let mut kept = protected.kept.into_iter();
    let mut named = protected.named.into_iter();
    let mut i = 0;
    while i < script.commands.len() {
        let reason = match &script.commands[i].kind {
            CommandKind::Opaque { reason } if reason == KEPT || reason == NAME => reason.clone(),
            _ => {
                i += 1;
                continue;
            }
        };
        if reason == KEPT {
            if let Some(t) = kept.next() {
                script.commands[i].kind = CommandKind::Assert(t);
            }
            i += 1;
            continue;
        }
        let Some((original, attrs)) = named.next() else {
            script.commands.remove(i);
            continue;
        };
        let previous = i
            .checked_sub(1)
            .and_then(|p| match script.commands[p].kind {
                CommandKind::Assert(a) if !has_name(&script.cx, a, &mut HashMap::new()) => {
                    Some((p, a))
                }
                _ => None,
            });
        match previous {
            Some((p, a)) => {
                // unchanged: the assertion as read, printed as it was
                let named_term = match script.cx.kind(original) {
                    TermKind::Annot(inner, _) if *inner == a => original,
                    _ => script.cx.mk_annot(a, attrs),
                };
                script.commands[p].kind = CommandKind::Assert(named_term);
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
