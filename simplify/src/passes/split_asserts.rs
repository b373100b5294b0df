//! `split-asserts`: top-level conjunctions (and negated implications, as
//! in Boogie's one-assertion VCs) become separate assertions. Each
//! check-sat sees the same conjunction, so the script is equivalent.

use crate::pass::{Budget, ScriptChange, ScriptPass};
use crate::registry::PassId;
use smtlib_io::{CommandKind, Context, Op, Script, TermId, TermKind};

/// The `split-asserts` pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct SplitAsserts;

impl ScriptPass for SplitAsserts {
    fn id(&self) -> PassId {
        PassId::SplitAsserts
    }

    /// `fired` counts the assertions that were split.
    fn run(&mut self, script: &mut Script, budget: &Budget) -> ScriptChange {
        if budget.expired() {
            return ScriptChange::out_of_time();
        }
        ScriptChange {
            fired: split_assertions(script),
            ..ScriptChange::default()
        }
    }
}

/// The conjuncts of an asserted `t`: `(and a b)` gives `a`, `b`;
/// `(not (=> h1 .. hn c))` gives the conjuncts of `h1 .. hn` and `(not c)`;
/// `(not (or a b))` gives `(not a)`, `(not b)`; `(not (not a))` gives `a`;
/// annotated terms (`:named`, Boogie's `:lblpos`/`:lblneg` labels, which
/// z3 gives its own meaning) are kept whole. The conjunction of the parts
/// is equivalent to `t`.
fn assertion_parts(cx: &mut Context, t: TermId, out: &mut Vec<TermId>) {
    match cx.kind(t).clone() {
        TermKind::App(Op::And, args) => args.iter().for_each(|&a| assertion_parts(cx, a, out)),
        TermKind::App(Op::Not, a) => match cx.kind(a[0]).clone() {
            TermKind::App(Op::Implies, args) => {
                let (c, hs) = args.split_last().expect("=> has arguments");
                for &h in hs {
                    assertion_parts(cx, h, out);
                }
                let n = cx.mk_app(Op::Not, vec![*c]).expect("Bool");
                assertion_parts(cx, n, out);
            }
            TermKind::App(Op::Or, args) => {
                for &d in args.iter() {
                    let n = cx.mk_app(Op::Not, vec![d]).expect("Bool");
                    assertion_parts(cx, n, out);
                }
            }
            TermKind::App(Op::Not, b) => assertion_parts(cx, b[0], out),
            _ => out.push(t),
        },
        _ => out.push(t),
    }
}

/// `split-asserts`: replace every assertion by one assertion per part
/// ([`assertion_parts`]). Each check-sat sees the same conjunction, so
/// the script is equivalent. Returns how many assertions were split.
fn split_assertions(script: &mut Script) -> usize {
    let mut n = 0;
    let mut out = Vec::with_capacity(script.commands.len());
    for c in std::mem::take(&mut script.commands) {
        let CommandKind::Assert(t) = c.kind else {
            out.push(c);
            continue;
        };
        let mut parts = vec![];
        assertion_parts(&mut script.cx, t, &mut parts);
        if parts.len() <= 1 {
            out.push(c);
            continue;
        }
        n += 1;
        for p in parts {
            let mut d = c.clone();
            d.kind = CommandKind::Assert(p);
            out.push(d);
        }
    }
    script.commands = out;
    n
}
