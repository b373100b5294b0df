//! Binders: `let` (parallel bindings), `forall`/`exists`/`lambda` (their
//! variables renamed apart), and `match` with its constructor patterns. Each
//! is read by pushing tasks for the term machine (`terms.rs`) and closing
//! its scope when the body is done.

use super::{syntax, Converter, Failure, Global, Local, TResult, Task};
use crate::error::Error;
use crate::sexpr::{NodeId, SExprArena};
use crate::sort::SortKind;
use crate::span::Span;
use crate::term::{Attr, BinderKind, FunId, FunKind, MatchCase, TermId, TermKind, VarId};
use std::collections::HashMap;

impl Converter {
    /// `(let ((x t) …) body)`: the bound terms, then the body with them bound.
    pub(super) fn visit_let(
        &mut self,
        a: &SExprArena,
        args: &[NodeId],
        span: Span,
        tasks: &mut Vec<Task>,
    ) -> TResult<()> {
        let [bindings, body] = args else {
            return syntax("let expects bindings and a body", span);
        };
        let Some(bs) = a.list(*bindings) else {
            return syntax("let expects a list of bindings", a.span(*bindings));
        };
        let mut names = Vec::new();
        let mut terms = Vec::new();
        for &b in bs {
            match a.list(b) {
                Some([x, t]) => {
                    names.push(self.symbol_arg(a, *x)?);
                    terms.push(*t);
                }
                _ => return syntax("expected (name term)", a.span(b)),
            }
        }
        tasks.push(Task::EndLet(names.len()));
        tasks.push(Task::Visit(*body));
        tasks.push(Task::LetBind { names });
        for &t in terms.iter().rev() {
            tasks.push(Task::Visit(t));
        }
        Ok(())
    }

    /// `(forall ((x S) …) body)` and the like: fresh variables in scope for
    /// the body.
    pub(super) fn visit_binder(
        &mut self,
        a: &SExprArena,
        n: NodeId,
        kind: BinderKind,
        args: &[NodeId],
        span: Span,
        tasks: &mut Vec<Task>,
    ) -> TResult<()> {
        let [decls, body] = args else {
            return syntax("a binder expects variables and a body", span);
        };
        let Some(ds) = a.list(*decls) else {
            return syntax("expected a list of sorted variables", a.span(*decls));
        };
        if ds.is_empty() {
            return syntax("a binder needs at least one variable", a.span(*decls));
        }
        let mark = self.local_log.len();
        let mut vars = Vec::new();
        for &d in ds {
            match a.list(d) {
                Some([x, s]) => {
                    let x = self.symbol_arg(a, *x)?;
                    let s = self.sort(a, *s)?;
                    let v = self.cx.new_var(x, s);
                    self.bind_local(x, Local::Var(v));
                    vars.push(v);
                }
                _ => return syntax("expected (name sort)", a.span(d)),
            }
        }
        let annot = match a.list(*body) {
            Some([head, rest @ ..]) if kind != BinderKind::Lambda && a.is_word(*head, "!") => {
                Some(rest)
            }
            _ => None,
        };
        tasks.push(Task::EndBinder {
            node: n,
            kind,
            vars,
            mark,
            annotated: annot.is_some(),
        });
        match annot {
            Some(rest) => self.visit_annot(a, rest, a.span(*body), true, tasks),
            None => {
                tasks.push(Task::Visit(*body));
                Ok(())
            }
        }
    }

    /// Close a binder (its variables already out of scope): the body's
    /// annotations (patterns, `:qid`) become the quantifier's, `body_attrs`
    /// when the body was written `(! t …)`, else those of an annotated body
    /// term (reached through a `let`).
    pub(super) fn end_binder(
        &mut self,
        a: &SExprArena,
        node: NodeId,
        kind: BinderKind,
        vars: Vec<VarId>,
        body_attrs: Option<Box<[Attr]>>,
        values: &mut Vec<TermId>,
    ) -> TResult<()> {
        let body = values.pop().expect("binder body");
        let (body, attrs) = match body_attrs {
            Some(attrs) => (body, attrs),
            None => match self.cx.kind(body) {
                TermKind::Annot(b, attrs) if kind != BinderKind::Lambda => (*b, attrs.clone()),
                _ => (body, Box::new([]) as Box<[Attr]>),
            },
        };
        let t = self
            .cx
            .mk_binder(kind, vars.into(), body, attrs)
            .map_err(|e| self.app_failure(e, a.span(node)))?;
        values.push(t);
        Ok(())
    }

    /// `(match t (case …))`: the scrutinee first, then `MatchStart`.
    pub(super) fn visit_match(
        &mut self,
        a: &SExprArena,
        n: NodeId,
        args: &[NodeId],
        span: Span,
        tasks: &mut Vec<Task>,
    ) -> TResult<()> {
        let [scrutinee, cases] = args else {
            return syntax("match expects a term and cases", span);
        };
        match a.list(*cases) {
            Some(cs) if !cs.is_empty() => {}
            _ => return syntax("match expects a non-empty list of cases", a.span(*cases)),
        }
        tasks.push(Task::MatchStart { node: n });
        tasks.push(Task::Visit(*scrutinee));
        Ok(())
    }

    /// With the scrutinee read: one task per case, then `MatchEnd`.
    pub(super) fn match_start(
        &mut self,
        a: &SExprArena,
        node: NodeId,
        tasks: &mut Vec<Task>,
        values: &[TermId],
    ) {
        let cases = a
            .list(a.list(node).expect("match list")[2])
            .expect("checked cases");
        let scrutinee = *values.last().expect("scrutinee");
        tasks.push(Task::MatchEnd {
            ncases: cases.len(),
        });
        for &c in cases.iter().rev() {
            tasks.push(Task::MatchCase { case: c, scrutinee });
        }
    }

    /// One case: its pattern's variables in scope for its body.
    pub(super) fn match_case(
        &mut self,
        a: &SExprArena,
        case: NodeId,
        scrutinee: TermId,
        tasks: &mut Vec<Task>,
    ) -> TResult<()> {
        let (pat, body) = match a.list(case) {
            Some([p, b]) => (*p, *b),
            _ => return syntax("expected (pattern term)", a.span(case)),
        };
        let (ctor, vars) = self.pattern(a, pat, scrutinee)?;
        for &v in &vars {
            let name = self.cx.var(v).name;
            self.bind_local(name, Local::Var(v));
        }
        tasks.push(Task::EndLet(vars.len()));
        tasks.push(Task::Visit(body));
        self.patterns.push((ctor, vars));
        Ok(())
    }

    /// All cases read: the `match` term.
    pub(super) fn match_end(&mut self, ncases: usize, values: &mut Vec<TermId>) -> TResult<()> {
        let bodies = values.split_off(values.len() - ncases);
        let scrutinee = values.pop().expect("scrutinee");
        let pats = self.patterns.split_off(self.patterns.len() - ncases);
        let sort = self.cx.sort_of(bodies[0]);
        if bodies.iter().any(|&b| self.cx.sort_of(b) != sort) {
            return Err(Failure::Error(Error::sort(
                "match cases have different sorts",
                Span::default(),
            )));
        }
        let cases: Box<[MatchCase]> = pats
            .into_iter()
            .zip(bodies)
            .map(|((ctor, vars), body)| MatchCase {
                ctor,
                vars: vars.into(),
                body,
            })
            .collect();
        values.push(self.cx.intern(TermKind::Match(scrutinee, cases), sort));
        Ok(())
    }

    /// Read a `match` pattern against a scrutinee of known sort.
    pub(super) fn pattern(
        &mut self,
        a: &SExprArena,
        pat: NodeId,
        scrutinee: TermId,
    ) -> TResult<(Option<FunId>, Vec<VarId>)> {
        let ssort = self.cx.sort_of(scrutinee);
        let (cname, fields): (&str, &[NodeId]) = match a.list(pat) {
            Some([c, fs @ ..]) if !fs.is_empty() => match a.symbol(*c) {
                Some(c) => (c, fs),
                None => return syntax("expected a constructor", a.span(*c)),
            },
            Some([c]) => match a.symbol(*c) {
                Some(c) => (c, &[]),
                None => return syntax("expected a constructor", a.span(*c)),
            },
            Some(_) => return syntax("expected (constructor vars…)", a.span(pat)),
            None => match a.symbol(pat) {
                Some(c) => (c, &[]),
                None => return syntax("expected a pattern", a.span(pat)),
            },
        };
        let c = self.cx.sym(cname);
        let ctor = match self.globals.get(&c) {
            Some(Global::Funs(fs)) => fs.iter().rev().copied().find(|&f| {
                let d = self.cx.fun(f);
                d.kind == FunKind::Constructor && d.args.len() == fields.len()
                    && (d.sort_params.is_empty() || matches!((self.cx.sort_kind(d.ret), self.cx.sort_kind(ssort)), (SortKind::Named(a, _), SortKind::Named(b, _)) if a == b))
                    && (!d.sort_params.is_empty() || d.ret == ssort)
            }),
            _ => None,
        };
        let Some(f) = ctor else {
            if !fields.is_empty() {
                return Err(Failure::Error(Error::unknown(
                    format!("unknown constructor {cname}"),
                    a.span(pat),
                )));
            }
            // A variable pattern binds the whole scrutinee.
            return Ok((None, vec![self.cx.new_var(c, ssort)]));
        };
        let decl = self.cx.fun(f).clone();
        if decl.args.len() != fields.len() {
            return syntax(
                format!("{cname} has {} fields", decl.args.len()),
                a.span(pat),
            );
        }
        let mut map = HashMap::new();
        if let (SortKind::Named(_, want), SortKind::Named(_, got)) = (
            self.cx.sort_kind(decl.ret).clone(),
            self.cx.sort_kind(ssort).clone(),
        ) {
            for (w, g) in want.iter().zip(got.iter()) {
                if let SortKind::Param(p) = self.cx.sort_kind(*w) {
                    map.insert(*p, *g);
                }
            }
        }
        let mut vars = Vec::new();
        for (&fnode, &fsort) in fields.iter().zip(decl.args.iter()) {
            let x = self.symbol_arg(a, fnode)?;
            let s = self.cx.subst_sort(fsort, &map);
            vars.push(self.cx.new_var(x, s));
        }
        Ok((Some(f), vars))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, opaque_reasons, terms};
    use crate::parse_script;
    use crate::term::{TermId, TermKind};

    /// How many `(! t …)` terms `src` builds.
    fn annot_terms(src: &str) -> usize {
        let s = parse_script(src).expect("reads");
        (0..s.cx.num_terms() as u32)
            .filter(|&i| matches!(s.cx.kind(TermId(i)), TermKind::Annot(..)))
            .count()
    }

    #[test]
    fn an_annotated_body_gives_the_binder_its_attributes_without_a_term() {
        let src = "(declare-fun p (Int) Bool)(assert (forall ((x Int)) (! (p x) :pattern ((p x)) :qid q)))";
        assert_eq!(
            terms(src),
            ["(forall ((x Int)) (! (p x) :pattern ((p x)) :qid q))"]
        );
        assert_eq!(annot_terms(src), 0);
        // Nested binders, each with its own body annotation.
        let src = "(declare-fun p (Int Int) Bool)(assert (forall ((x Int)) (! (exists ((y Int)) (! (p x y) :qid in)) :qid out)))";
        assert_eq!(
            terms(src),
            ["(forall ((x Int)) (! (exists ((y Int)) (! (p x y) :qid in)) :qid out))"]
        );
        assert_eq!(annot_terms(src), 0);
    }

    #[test]
    fn an_annotation_reached_through_let_or_under_lambda_stays_a_term() {
        // The body is a `let` whose value is annotated: read as before.
        let src = "(declare-fun p (Int) Bool)(assert (forall ((x Int)) (let ((y x)) (! (p y) :pattern ((p y))))))";
        assert_eq!(
            terms(src),
            ["(forall ((x Int)) (! (p x) :pattern ((p x))))"]
        );
        assert_eq!(annot_terms(src), 1);
        // A lambda's body keeps its annotation.
        let src =
            "(declare-fun p (Int) Bool)(assert (select (lambda ((x Int)) (! (p x) :named n)) 0))";
        assert_eq!(annot_terms(src), 1);
    }

    #[test]
    fn a_bad_body_annotation_is_the_same_error() {
        assert_eq!(
            error("(assert (forall ((x Int)) (! true 3)))"),
            "1:35: expected an attribute keyword"
        );
        // A binder whose body failed to read (kept verbatim) leaves nothing
        // behind for the next one.
        let src = "(declare-fun p (Int) Bool)(assert (forall ((x Int)) (! (p x x) :qid q)))(assert (forall ((y Int)) (! (p y) :qid r)))";
        assert_eq!(opaque_reasons(src).len(), 1);
        assert_eq!(terms(src), ["(forall ((y Int)) (! (p y) :qid r))"]);
    }

    #[test]
    fn let_binds_in_parallel() {
        // the inner y is the outer x, 1
        assert_eq!(
            terms("(declare-const z Int)(assert (let ((x 1)) (let ((x 2) (y x)) (= z (+ x y)))))"),
            ["(= z (+ 2 1))"]
        );
    }

    #[test]
    fn quantified_variables_are_renamed_apart() {
        let t = terms("(declare-const x Int)(assert (forall ((x Int)) (exists ((x Int)) (> x 0))))(assert (> x 0))");
        assert_eq!(t[1], "(> x 0)");
        assert!(t[0].starts_with("(forall ((x"), "{}", t[0]);
        // the body's annotations are the quantifier's
        let p = terms("(declare-fun f (Int) Int)(assert (forall ((y Int)) (! (> (f y) 0) :pattern ((f y)) :qid q)))");
        assert_eq!(
            p,
            ["(forall ((y Int)) (! (> (f y) 0) :pattern ((f y)) :qid q))"]
        );
    }

    #[test]
    fn match_cases_bind_their_fields() {
        let d = "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))(declare-const l L)";
        assert_eq!(
            terms(&format!(
                "{d}(assert (= 0 (match l ((nil 0) ((cons h t) h)))))"
            )),
            ["(= 0 (match l ((nil 0) ((cons h t) h))))"]
        );
        // a variable pattern binds the whole scrutinee
        assert_eq!(
            terms(&format!(
                "{d}(assert (match l ((nil true) (other (is-cons other)))))"
            ))
            .len(),
            1
        );
        let e = error(&format!("{d}(assert (match l (((snoc a b) true))))"));
        assert!(e.ends_with("unknown constructor snoc"), "{e}");
    }

    #[test]
    fn binder_errors_and_higher_order() {
        assert_eq!(
            error("(assert (forall () true))"),
            "1:17: a binder needs at least one variable"
        );
        assert_eq!(
            error("(assert (let ((x)) x))"),
            "1:15: expected (name term)"
        );
        // applying a bound variable is higher-order: kept opaque
        let r = opaque_reasons("(assert (forall ((g Int)) (g 1)))");
        assert!(r[0].contains("higher-order application of g"), "{r:?}");
    }
}
