//! Declaring the functions that term passes introduced ([`Introduced`])
//! and asserting the facts that define them.

use crate::analysis::redeclare::declaration;
use crate::pass::Introduced;
use crate::term::any_subterm;
use smtlib_io::{Command, CommandKind, FunId, Op, Script, TermKind};
use std::collections::HashSet;

/// For each group of `introduced` functions that some assertion mentions:
/// declare them just before the first such assertion, and assert their
/// facts just before the first command after it that ends or reads the
/// assertion stack (`check-sat`, a query, `push`/`pop`, `reset`, `exit`),
/// or at the end. The passes introduce functions only into scripts without
/// `push`/`pop` or `reset`, so those facts hold at every check-sat where
/// the assertions that mention the functions are asserted, and every
/// symbol they mention is declared by then. Groups no assertion mentions
/// are dropped. Returns the names of the functions of each group
/// declared.
pub(super) fn declare_introduced(
    script: &mut Script,
    introduced: Vec<Introduced>,
) -> Vec<Vec<String>> {
    let mut declared = vec![];
    for group in introduced {
        let funs: HashSet<FunId> = group.funs.iter().copied().collect();
        let cx = &script.cx;
        let mentions = |t| {
            any_subterm(
                cx,
                t,
                |u| matches!(cx.kind(u), TermKind::App(Op::Uf(f), _) if funs.contains(f)),
            )
        };
        let Some(first) = script
            .commands
            .iter()
            .position(|c| matches!(c.kind, CommandKind::Assert(t) if mentions(t)))
        else {
            continue;
        };
        let end = script.commands[first..]
            .iter()
            .position(ends_assertions)
            .map_or(script.commands.len(), |k| first + k);
        let facts = group.facts.iter().map(|&t| Command {
            kind: CommandKind::Assert(t),
            span: Default::default(),
            text: "".into(),
            verbatim_term: None,
        });
        script.commands.splice(end..end, facts);
        let declarations: Vec<Command> = group
            .funs
            .iter()
            .map(|&f| declaration(&script.cx, f))
            .collect();
        script.commands.splice(first..first, declarations);
        let cx = &script.cx;
        declared.push(
            group
                .funs
                .iter()
                .map(|&f| cx.sym_name(cx.fun(f).name).to_string())
                .collect(),
        );
    }
    declared
}

/// Whether `c` ends a group of assertions or reads the assertion stack.
fn ends_assertions(c: &Command) -> bool {
    match &c.kind {
        CommandKind::CheckSat
        | CommandKind::Query(_)
        | CommandKind::Push(_)
        | CommandKind::Pop(_)
        | CommandKind::Reset
        | CommandKind::ResetAssertions => true,
        CommandKind::Other => {
            let text = c.text.trim_start_matches(['(', ' ']);
            text.starts_with("exit") || text.starts_with("check-sat")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::{parse_script, print_script, FunDecl, FunKind};

    fn introduce(script: &mut Script) -> (FunId, Introduced) {
        let cx = &mut script.cx;
        let int = cx.int_sort();
        let name = cx.sym("y@writer");
        let f = cx.declare_fun(FunDecl {
            name,
            sort_params: Box::new([]),
            args: Box::new([int]),
            ret: int,
            kind: FunKind::Declared,
        });
        let zero = cx.mk_int(0);
        let app = cx.mk_app(Op::Uf(f), vec![zero]).expect("applies");
        let fact = cx.mk_app(Op::Le, vec![zero, app]).expect("applies");
        (
            f,
            Introduced {
                funs: vec![f],
                facts: vec![fact],
            },
        )
    }

    #[test]
    fn declared_before_the_first_use_and_asserted_before_the_check_sat() {
        let mut s = parse_script(
            "(declare-const a Int)(assert (> a 0))(assert (< a 5))(declare-const b Int)(check-sat)(exit)",
        )
        .expect("parses");
        let (f, intro) = introduce(&mut s);
        // the second assertion now mentions the function
        let zero = s.cx.mk_int(0);
        let app = s.cx.mk_app(Op::Uf(f), vec![zero]).expect("applies");
        let CommandKind::Assert(t) = s.commands[2].kind else {
            panic!("an assertion")
        };
        let eq = s.cx.mk_app(Op::Eq, vec![app, zero]).expect("applies");
        let both = s.cx.mk_app(Op::And, vec![t, eq]).expect("applies");
        s.commands[2].kind = CommandKind::Assert(both);
        assert_eq!(declare_introduced(&mut s, vec![intro]).len(), 1);
        let out = print_script(&s);
        let at = |needle: &str| {
            out.find(needle)
                .unwrap_or_else(|| panic!("{needle} in {out}"))
        };
        assert!(at("(declare-fun y@writer (Int) Int)") < at("(assert (and (< a 5)"));
        assert!(at("(assert (<= 0 (y@writer 0)))") > at("(declare-const b Int)"));
        assert!(at("(assert (<= 0 (y@writer 0)))") < at("(check-sat)"));
    }

    #[test]
    fn dropped_when_no_assertion_mentions_them() {
        let mut s =
            parse_script("(declare-const a Int)(assert (> a 0))(check-sat)").expect("parses");
        let before = print_script(&s);
        let (_, intro) = introduce(&mut s);
        assert!(declare_introduced(&mut s, vec![intro]).is_empty());
        assert_eq!(print_script(&s), before);
    }
}
