//! `--split`: one script per disjunct of the negated goal, so that a
//! solver can take the cases one at a time (the input is unsat iff every
//! part is).

use smtlib_io::{print_script, CommandKind, Script, TermId};

/// `--split`: the disjuncts of the (negated) goal, the last assertion of a
/// script with exactly one `check-sat` and no push/pop. Returns one script
/// text per disjunct: the input is unsat iff every one of them is unsat.
pub fn split_goal(script: &Script) -> Result<Vec<String>, String> {
    let checks = script
        .commands
        .iter()
        .filter(|c| matches!(c.kind, CommandKind::CheckSat))
        .count();
    if checks != 1 {
        return Err(format!(
            "--split needs a script with exactly one check-sat (this one has {checks})"
        ));
    }
    if script.has_scopes() {
        return Err("--split does not support push, pop or reset".into());
    }
    let check = script
        .commands
        .iter()
        .position(|c| matches!(c.kind, CommandKind::CheckSat))
        .unwrap_or(0);
    let Some(goal) = (0..check)
        .rev()
        .find(|&i| matches!(script.commands[i].kind, CommandKind::Assert(_)))
    else {
        return Err("--split: no assertion before check-sat".into());
    };
    let CommandKind::Assert(g) = script.commands[goal].kind else {
        unreachable!()
    };
    let mut cx = script.cx.clone();
    let parts = disjuncts(&mut cx, g);
    let mut out = vec![];
    for d in parts {
        let mut s = Script {
            cx: cx.clone(),
            commands: script.commands.clone(),
            logic: script.logic.clone(),
        };
        s.commands[goal].kind = CommandKind::Assert(d);
        out.push(print_script(&s));
    }
    Ok(out)
}

/// `g` as a disjunction: `(or d1 … dn)`, `(not (and g1 … gn))` gives
/// `(not gi)`, `(not (=> H C))` gives `H ∧ ¬c` for each disjunct `¬c` of
/// `¬C`. Iterative (the goal may be nested arbitrarily deep); disjuncts come
/// out in their order in `g`.
fn disjuncts(cx: &mut smtlib_io::Context, g: TermId) -> Vec<TermId> {
    use smtlib_io::{Op, TermKind};
    /// A pending goal: split `term`, then conjoin each disjunct with the
    /// hypotheses `hyps` (outermost first).
    struct Todo {
        term: TermId,
        hyps: Vec<TermId>,
    }
    let mut out = vec![];
    let mut stack = vec![Todo {
        term: g,
        hyps: vec![],
    }];
    while let Some(Todo { term, hyps }) = stack.pop() {
        let mut push_all = |ts: Vec<TermId>, hyps: &Vec<TermId>| {
            for t in ts.into_iter().rev() {
                stack.push(Todo {
                    term: t,
                    hyps: hyps.clone(),
                });
            }
        };
        match cx.kind(term).clone() {
            TermKind::App(Op::Or, args) => push_all(args.to_vec(), &hyps),
            TermKind::App(Op::Not, a) => match cx.kind(a[0]).clone() {
                TermKind::App(Op::And, gs) => {
                    let negs = gs
                        .iter()
                        .map(|&gi| cx.mk_app(Op::Not, vec![gi]).expect("Bool"))
                        .collect();
                    push_all(negs, &hyps)
                }
                TermKind::App(Op::Implies, args) if args.len() == 2 => {
                    let n = cx.mk_app(Op::Not, vec![args[1]]).expect("Bool");
                    let mut inner = hyps.clone();
                    inner.push(args[0]);
                    push_all(vec![n], &inner)
                }
                TermKind::App(Op::Not, b) => push_all(vec![b[0]], &hyps),
                _ => out.push((term, hyps)),
            },
            _ => out.push((term, hyps)),
        }
    }
    out.into_iter()
        .map(|(d, hyps)| {
            hyps.into_iter()
                .rev()
                .fold(d, |acc, h| cx.mk_app(Op::And, vec![h, acc]).expect("Bool"))
        })
        .collect()
}
