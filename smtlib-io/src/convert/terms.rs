//! Terms, read by an explicit task machine rather than recursive descent, so
//! that terms nested a million deep read in constant stack: `visit` turns a
//! node into tasks (`binders.rs`, `attributes.rs` for the special forms),
//! `run_tasks` runs them over a stack of converted values.

use super::{canonical, syntax, Converter, Local, TResult, Task};
use crate::sexpr::{NodeId, SExprArena};
use crate::term::{BinderKind, Op, TermId, TermKind};

impl Converter {
    /// Convert a term without recursion.
    pub(super) fn term(&mut self, a: &SExprArena, root: NodeId) -> TResult<TermId> {
        let mut tasks = vec![Task::Visit(root)];
        let mut values: Vec<TermId> = Vec::new();
        let local_mark = self.local_log.len();
        let pattern_mark = self.patterns.len();
        let attrs_mark = self.binder_attrs.len();
        let result = self.run_tasks(a, &mut tasks, &mut values);
        // On failure, unwind any scopes the aborted conversion left open.
        self.end_local_scope(local_mark);
        self.patterns.truncate(pattern_mark);
        self.binder_attrs.truncate(attrs_mark);
        result?;
        debug_assert_eq!(values.len(), 1);
        Ok(values.pop().expect("one value"))
    }

    fn run_tasks(
        &mut self,
        a: &SExprArena,
        tasks: &mut Vec<Task>,
        values: &mut Vec<TermId>,
    ) -> TResult<()> {
        while let Some(task) = tasks.pop() {
            match task {
                Task::Visit(n) => self.visit(a, n, tasks, values)?,
                Task::App { node, op, nargs } => {
                    let args = values.split_off(values.len() - nargs);
                    let t = self.app(a, node, op, args)?;
                    values.push(t);
                }
                Task::LetBind { names } => {
                    let vals = values.split_off(values.len() - names.len());
                    for (n, v) in names.into_iter().zip(vals) {
                        self.bind_local(n, Local::Let(v));
                    }
                }
                Task::EndLet(n) => {
                    let mark = self.local_log.len() - n;
                    self.end_local_scope(mark);
                }
                Task::EndBinder {
                    node,
                    kind,
                    vars,
                    mark,
                    annotated,
                } => {
                    self.end_local_scope(mark);
                    let attrs =
                        annotated.then(|| self.binder_attrs.pop().expect("binder attributes"));
                    self.end_binder(a, node, kind, vars, attrs, values)?
                }
                Task::EndAnnot { attrs, of_binder } => self.end_annot(attrs, of_binder, values),
                Task::MatchStart { node } => self.match_start(a, node, tasks, values),
                Task::MatchCase { case, scrutinee } => {
                    self.match_case(a, case, scrutinee, tasks)?
                }
                Task::MatchEnd { ncases } => self.match_end(ncases, values)?,
            }
        }
        Ok(())
    }

    fn visit(
        &mut self,
        a: &SExprArena,
        n: NodeId,
        tasks: &mut Vec<Task>,
        values: &mut Vec<TermId>,
    ) -> TResult<()> {
        let Some(items) = a.list(n) else {
            values.push(self.atom_term(a, n)?);
            return Ok(());
        };
        let span = a.span(n);
        let Some(&head) = items.first() else {
            return syntax("empty application", span);
        };
        let args = &items[1..];
        if a.is_word(head, "let") {
            return self.visit_let(a, args, span, tasks);
        }
        let binder = if a.is_word(head, "forall") {
            Some(BinderKind::Forall)
        } else if a.is_word(head, "exists") {
            Some(BinderKind::Exists)
        } else if a.is_word(head, "lambda") {
            Some(BinderKind::Lambda)
        } else {
            None
        };
        if let Some(kind) = binder {
            return self.visit_binder(a, n, kind, args, span, tasks);
        }
        if a.is_word(head, "!") {
            return self.visit_annot(a, args, span, false, tasks);
        }
        if a.is_word(head, "match") {
            return self.visit_match(a, n, args, span, tasks);
        }
        if a.is_word(head, "_") {
            // Indexed constant: (_ bv5 32), (_ +oo 8 24), (_ char #x41).
            let t = self.indexed_constant(a, n)?;
            values.push(t);
            return Ok(());
        }
        if a.is_word(head, "as") {
            // Qualified constant: (as nil (List Int)), (as seq.empty (Seq Int)).
            let [_, sort] = args else {
                return syntax("as expects an identifier and a sort", span);
            };
            let sort = self.sort(a, *sort)?;
            let head = self.cx.sym(&canonical(a, n));
            values.push(
                self.cx
                    .intern(TermKind::App(Op::Other(head), Box::new([])), sort),
            );
            return Ok(());
        }
        if args.is_empty() {
            return syntax("an application needs arguments", span);
        }
        let op = self.head_op(a, head)?;
        tasks.push(Task::App {
            node: n,
            op,
            nargs: args.len(),
        });
        for &x in args.iter().rev() {
            tasks.push(Task::Visit(x));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, terms};

    #[test]
    fn deep_terms_read_in_constant_stack() {
        let n = 200_000;
        let src = format!(
            "(declare-const p Bool)(assert {}p{})",
            "(not ".repeat(n),
            ")".repeat(n)
        );
        // a small stack: recursion on the depth would overflow it
        let h = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || crate::parse_script(&src).map(|s| s.commands.len()))
            .unwrap();
        assert_eq!(h.join().unwrap().unwrap(), 2);
    }

    #[test]
    fn qualified_and_indexed_constants() {
        assert_eq!(
            terms("(declare-const a (Array Int Int))(assert (= a ((as const (Array Int Int)) 0)))(assert (= (_ bv5 8) (_ bv5 8)))"),
            ["(= a ((as const (Array Int Int)) 0))", "(= (_ bv5 8) (_ bv5 8))"]
        );
    }

    #[test]
    fn malformed_terms_are_errors() {
        assert_eq!(error("(assert ())"), "1:9: empty application");
        assert_eq!(error("(assert (f))"), "1:9: an application needs arguments");
        assert_eq!(
            error("(assert (as x))"),
            "1:9: as expects an identifier and a sort"
        );
    }
}
