//! Assertions nested too deeply for the passes, and the assertions of a
//! prefix the caller keeps ([`super::simplify_script_keeping`]): frozen
//! before the passes run (they are neither rewritten nor used as facts)
//! and thawed, as they were, before the last script passes.

use smtlib_io::{CommandKind, Context, DenseMemo, Printer, Script, TermId};
use std::collections::HashMap;

/// Assertions nested deeper than this are kept exactly as they are: the
/// passes walk terms recursively, and [`super::PIPELINE_STACK`] is sized
/// so that every walk over a term of at most this depth fits. Results of a
/// pass or of the e-graph that would exceed it are not taken either.
pub const MAX_TERM_DEPTH: u64 = 4_000;

/// The reason of a frozen assertion's placeholder command.
const FROZEN: &str = "vcsimp: nested too deeply to simplify, or kept as it is";

/// Is `t` nested deeper than [`MAX_TERM_DEPTH`]?
pub(super) fn too_deep(cx: &Context, t: TermId) -> bool {
    crate::size::term_depth(cx, t, &mut HashMap::new()) > MAX_TERM_DEPTH
}

/// Freeze the assertions deeper than [`MAX_TERM_DEPTH`] and those among
/// the first `kept` commands: each becomes an opaque placeholder command,
/// so that the passes neither rewrite it nor use it as a fact (and read
/// its text for the names it uses, as for any opaque command). Returns
/// them, in order, for [`thaw`], and how many of them are deep.
pub(super) fn freeze_assertions(script: &mut Script, kept: usize) -> (Vec<TermId>, usize) {
    let mut memo = DenseMemo::new(&script.cx);
    let mut frozen = vec![];
    let mut deep = 0;
    for (i, c) in script.commands.iter_mut().enumerate() {
        if let CommandKind::Assert(t) = c.kind {
            let too_deep = crate::size::term_depth(&script.cx, t, &mut memo) > MAX_TERM_DEPTH;
            if too_deep || i < kept {
                deep += usize::from(too_deep);
                frozen.push(t);
                // Passes read an opaque command's text for the names it
                // uses; a readable assertion was read without its text.
                if c.text.is_empty() {
                    c.text = format!("(assert {})", Printer::new(&script.cx).term(t)).into();
                }
                c.kind = CommandKind::Opaque {
                    reason: FROZEN.into(),
                };
            }
        }
    }
    (frozen, deep)
}

/// Put the frozen assertions back, in order (passes may insert or drop
/// other commands, never these placeholders, so positions are not kept).
pub(super) fn thaw(script: &mut Script, frozen: &[TermId]) {
    let mut terms = frozen.iter();
    for c in script.commands.iter_mut() {
        if matches!(&c.kind, CommandKind::Opaque { reason } if reason == FROZEN) {
            if let Some(&t) = terms.next() {
                c.kind = CommandKind::Assert(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    #[test]
    fn deep_assertions_are_frozen_and_thawed_in_order() {
        let depth = MAX_TERM_DEPTH as usize + 10;
        let deep = format!("{}x{}", "(- ".repeat(depth), ")".repeat(depth));
        let src = format!(
            "(declare-const x Int)(assert (= {deep} 0))(assert (> x 0))(assert (= {deep} 1))"
        );
        let mut s = parse_script(&src).expect("parses");
        let before: Vec<TermId> = s.assertions().collect();
        assert!(too_deep(&s.cx, before[0]) && !too_deep(&s.cx, before[1]));
        let (frozen, deep) = freeze_assertions(&mut s, 0);
        assert_eq!((frozen.clone(), deep), (vec![before[0], before[2]], 2));
        assert_eq!(s.assertions().collect::<Vec<_>>(), vec![before[1]]);
        // a pass may add commands; the frozen ones go back to their places
        s.commands.remove(0);
        thaw(&mut s, &frozen);
        assert_eq!(s.assertions().collect::<Vec<_>>(), before);
    }

    #[test]
    fn kept_assertions_are_frozen_too() {
        let src = "(declare-const x Int)(assert (> x 0))(push 1)(assert (> x 1))";
        let mut s = parse_script(src).expect("parses");
        let before: Vec<TermId> = s.assertions().collect();
        let (frozen, deep) = freeze_assertions(&mut s, 2);
        assert_eq!((frozen.clone(), deep), (vec![before[0]], 0));
        assert_eq!(s.assertions().collect::<Vec<_>>(), vec![before[1]]);
        thaw(&mut s, &frozen);
        assert_eq!(s.assertions().collect::<Vec<_>>(), before);
    }

    /// The kept prefix's assertions come out as they went in, and no pass
    /// reads `x = 3` from them: the definition of `y` after them does not
    /// become `y = 4`. Without a kept prefix both are rewritten.
    #[test]
    fn a_kept_prefix_is_printed_as_it_was() {
        let src = "(declare-const x Int)(declare-const y Int)(assert (> x 2))(assert (< x 4))\n\
                   (push 1)(assert (= y (+ x 1)))(assert (> y 0))(check-sat)";
        let opts = crate::Options::default();
        let kept = crate::pipeline::simplify_script_keeping(parse_script(src).unwrap(), &opts, 4);
        assert!(
            kept.output.contains("(assert (> x 2))") && kept.output.contains("(assert (< x 4))"),
            "{}",
            kept.output
        );
        assert!(!kept.output.contains("(= y 4)"), "{}", kept.output);
        let all = crate::pipeline::simplify_script(parse_script(src).unwrap(), &opts);
        assert!(
            all.output.contains("(assert (= x 3))") && all.output.contains("(assert (= y 4))"),
            "{}",
            all.output
        );
    }
}
