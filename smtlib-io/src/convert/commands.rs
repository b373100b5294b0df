//! Commands: what each one declares, defines or asserts, and which ones are
//! kept opaque (read as far as vcsimp can, printed back verbatim).

use super::{syntax, Converter, Failure, Global, Local, SortDef, TResult};
use crate::error::{Error, ErrorKind, Result};
use crate::script::{Command, CommandKind, QueryKind};
use crate::sexpr::{NodeId, SExprArena};
use crate::sort::SortId;
use crate::span::Span;
use crate::symbol::Sym;
use crate::term::{FunDecl, FunId, FunKind, TermId, VarId};

impl Converter {
    pub(crate) fn command(&mut self, a: &SExprArena) -> Result<Command> {
        let span = a.span(a.root);
        let Some(items) = a.list(a.root) else {
            return Err(Error::syntax("expected a command in parentheses", span));
        };
        let Some(&head) = items.first() else {
            return Err(Error::syntax("empty command", span));
        };
        let Some(name) = a.symbol(head) else {
            return Err(Error::syntax(
                "a command starts with its name",
                a.span(head),
            ));
        };
        let args = &items[1..];
        self.dialect = false;
        let kind = match self.command_kind(a, name, args, span) {
            Ok(k) => k,
            // An ill-sorted term may still be fine for the solver that reads
            // the output (z3 coerces sorts that SMT-LIB does not): keep the
            // command verbatim, and say why.
            Err(Failure::Error(Error {
                kind: ErrorKind::Sort(m),
                span: at,
            })) => {
                self.mark_opaque_names(a, a.root);
                let (line, col) = a.line_col(at.start as usize);
                CommandKind::Opaque {
                    reason: format!("{line}:{col}: ill-sorted for vcsimp: {m}"),
                }
            }
            Err(Failure::Error(e)) => return Err(e),
            Err(Failure::Unsupported(reason)) => {
                self.mark_opaque_names(a, a.root);
                let (line, col) = a.line_col(span.start as usize);
                CommandKind::Opaque {
                    reason: format!("{line}:{col}: {reason}"),
                }
            }
        };
        let verbatim_term = match kind {
            CommandKind::Assert(t) if self.dialect => Some(t),
            _ => None,
        };
        // A readable assertion is printed from its term: its text would
        // only cost memory (most of a VC's bytes are assertions).
        let text: Box<str> = match kind {
            CommandKind::Assert(_) if verbatim_term.is_none() => Box::default(),
            _ => a.text(a.root).into(),
        };
        Ok(Command {
            kind,
            span,
            text,
            verbatim_term,
        })
    }

    /// Remember every symbol of an opaque command: it may declare them.
    fn mark_opaque_names(&mut self, a: &SExprArena, root: NodeId) {
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if let Some(kids) = a.list(n) {
                stack.extend_from_slice(kids);
            } else if let Some(s) = a.symbol(n) {
                let s = self.cx.sym(s);
                self.opaque_names.insert(s);
            }
        }
    }

    fn command_kind(
        &mut self,
        a: &SExprArena,
        name: &str,
        args: &[NodeId],
        span: Span,
    ) -> TResult<CommandKind> {
        use CommandKind as K;
        Ok(match name {
            "assert" => {
                self.expect_args(a, args, 1, "assert", span)?;
                let t = self.term(a, args[0])?;
                if self.cx.sort_of(t) != self.cx.bool_sort() {
                    return Err(Failure::Error(Error::sort(
                        "assert expects a Bool term",
                        a.span(args[0]),
                    )));
                }
                K::Assert(t)
            }
            "check-sat" | "check-sat-assuming" => K::CheckSat,
            "push" | "pop" => {
                let n = match args {
                    [] => 1,
                    [x] => self.numeral_arg(a, *x)?,
                    _ => return syntax(format!("{name} takes at most one numeral"), span),
                };
                if name == "push" {
                    for _ in 0..n {
                        self.levels.push(Vec::new());
                    }
                    K::Push(n)
                } else {
                    self.pop_levels(n as usize);
                    K::Pop(n)
                }
            }
            "reset" => {
                self.pop_levels(self.levels.len());
                self.globals.clear();
                self.sorts.clear();
                self.global_declarations = false;
                K::Reset
            }
            "reset-assertions" => {
                if !self.global_declarations {
                    self.pop_levels(self.levels.len());
                }
                self.levels.clear();
                K::ResetAssertions
            }
            "set-logic" => {
                self.expect_args(a, args, 1, "set-logic", span)?;
                let l = self.symbol_arg(a, args[0])?;
                self.logic
                    .get_or_insert_with(|| self.cx.sym_name(l).to_string());
                K::Other
            }
            "set-option" => {
                if let Some(on) = crate::script::sets_global_declarations(a.text(a.root)) {
                    self.global_declarations = on;
                }
                K::Other
            }
            "declare-sort" => {
                if args.is_empty() || args.len() > 2 {
                    return syntax("declare-sort expects a name and an optional arity", span);
                }
                let s = self.symbol_arg(a, args[0])?;
                let arity = match args.get(1) {
                    Some(&n) => self.numeral_arg(a, n)?,
                    None => 0,
                };
                self.set_sort(s, SortDef::Ctor(arity));
                K::Other
            }
            "define-sort" => {
                self.expect_args(a, args, 3, "define-sort", span)?;
                let s = self.symbol_arg(a, args[0])?;
                let Some(ps) = a.list(args[1]) else {
                    return syntax("define-sort expects a parameter list", a.span(args[1]));
                };
                let mut params = Vec::new();
                for &p in ps {
                    params.push(self.symbol_arg(a, p)?);
                }
                let saved: Vec<_> = params
                    .iter()
                    .map(|p| (*p, self.sorts.insert(*p, SortDef::Param)))
                    .collect();
                let body = self.sort(a, args[2]);
                for (p, prev) in saved {
                    match prev {
                        Some(d) => self.sorts.insert(p, d),
                        None => self.sorts.remove(&p),
                    };
                }
                let body = body?;
                self.set_sort(s, SortDef::Alias(params, body));
                K::Other
            }
            "declare-fun" => {
                self.expect_args(a, args, 3, "declare-fun", span)?;
                let f = self.symbol_arg(a, args[0])?;
                let Some(arg_nodes) = a.list(args[1]) else {
                    return syntax(
                        "declare-fun expects a list of argument sorts",
                        a.span(args[1]),
                    );
                };
                let mut sorts = Vec::new();
                for &s in arg_nodes {
                    sorts.push(self.sort(a, s)?);
                }
                let ret = self.sort(a, args[2])?;
                K::Declare(self.declare(f, sorts, ret, FunKind::Declared))
            }
            "declare-const" => {
                self.expect_args(a, args, 2, "declare-const", span)?;
                let f = self.symbol_arg(a, args[0])?;
                let ret = self.sort(a, args[1])?;
                K::Declare(self.declare(f, vec![], ret, FunKind::Declared))
            }
            "define-fun" | "define-fun-rec" => {
                self.expect_args(a, args, 4, name, span)?;
                let f = self.symbol_arg(a, args[0])?;
                let (params, ret) = (args[1], args[2]);
                let (vars, ret) = self.sorted_vars(a, params, ret)?;
                let sorts: Vec<SortId> = vars.iter().map(|&v| self.cx.var(v).sort).collect();
                let recursive = name == "define-fun-rec";
                let fid = if recursive {
                    Some(self.declare(f, sorts.clone(), ret, FunKind::Defined))
                } else {
                    None
                };
                let body = self.body_in_scope(a, &vars, args[3], ret);
                let fid = fid.unwrap_or_else(|| self.declare(f, sorts, ret, FunKind::Defined));
                let body = body?;
                if recursive {
                    K::Other
                } else {
                    K::Define {
                        fun: fid,
                        params: vars.into(),
                        body,
                    }
                }
            }
            "define-funs-rec" => {
                self.expect_args(a, args, 2, "define-funs-rec", span)?;
                let (Some(decls), Some(bodies)) = (a.list(args[0]), a.list(args[1])) else {
                    return syntax("define-funs-rec expects declarations and bodies", span);
                };
                if decls.len() != bodies.len() {
                    return syntax("define-funs-rec: as many bodies as declarations", span);
                }
                let mut sigs = Vec::new();
                for &d in decls {
                    match a.list(d) {
                        Some([f, ps, r]) => {
                            let f = self.symbol_arg(a, *f)?;
                            let (vars, ret) = self.sorted_vars(a, *ps, *r)?;
                            let sorts: Vec<SortId> =
                                vars.iter().map(|&v| self.cx.var(v).sort).collect();
                            self.declare(f, sorts, ret, FunKind::Defined);
                            sigs.push((vars, ret));
                        }
                        _ => return syntax("expected (name (params) sort)", a.span(d)),
                    }
                }
                for ((vars, ret), &b) in sigs.iter().zip(bodies) {
                    self.body_in_scope(a, vars, b, *ret)?;
                }
                K::Other
            }
            "define-const" => {
                // z3 extension: (define-const c S t).
                self.expect_args(a, args, 3, "define-const", span)?;
                let f = self.symbol_arg(a, args[0])?;
                let ret = self.sort(a, args[1])?;
                let body = self.body_in_scope(a, &[], args[2], ret);
                let fid = self.declare(f, vec![], ret, FunKind::Defined);
                K::Define {
                    fun: fid,
                    params: Box::new([]),
                    body: body?,
                }
            }
            "declare-datatype" => {
                self.expect_args(a, args, 2, "declare-datatype", span)?;
                let d = self.symbol_arg(a, args[0])?;
                self.datatypes(a, &[(d, None)], &[args[1]], false)?;
                K::Other
            }
            "declare-datatypes" => {
                self.expect_args(a, args, 2, "declare-datatypes", span)?;
                self.declare_datatypes(a, args[0], args[1])?;
                K::Other
            }
            "get-model" => K::Query(QueryKind::Model),
            "get-value" => K::Query(QueryKind::Value),
            "get-unsat-core" | "get-unsat-assumptions" => K::Query(QueryKind::UnsatCore),
            "get-proof" => K::Query(QueryKind::Proof),
            "get-assignment" => K::Query(QueryKind::Assignment),
            "get-info" | "get-option" | "get-assertions" | "set-info" | "echo" | "exit" => K::Other,
            "get-objectives" | "eval" | "simplify" => K::Query(QueryKind::Other),
            _ => {
                // Unknown or solver-specific command (assert-soft, minimize,
                // check-sat-using, declare-var, …): kept verbatim; any names
                // it mentions may be declared by it.
                self.mark_opaque_names(a, a.root);
                if name.starts_with("check-sat") || name == "query" {
                    K::CheckSat
                } else {
                    K::Other
                }
            }
        })
    }

    pub(super) fn declare(
        &mut self,
        name: Sym,
        args: Vec<SortId>,
        ret: SortId,
        kind: FunKind,
    ) -> FunId {
        let f = self.cx.declare_fun(FunDecl {
            name,
            sort_params: Box::new([]),
            args: args.into(),
            ret,
            kind,
        });
        self.add_fun(name, f);
        f
    }

    /// Declare `f` under `name`, overloading earlier functions of that name
    /// with other argument sorts, as z3 and cvc5 allow.
    pub(super) fn add_fun(&mut self, name: Sym, f: FunId) {
        let mut funs = match self.globals.get(&name) {
            Some(Global::Funs(v)) => v.clone(),
            _ => Vec::new(),
        };
        let args = self.cx.fun(f).args.clone();
        funs.retain(|&g| self.cx.fun(g).args != args);
        funs.push(f);
        self.set_global(name, Global::Funs(funs));
    }

    /// Read `((x S) …)` and a result sort into fresh variables.
    fn sorted_vars(
        &mut self,
        a: &SExprArena,
        params: NodeId,
        ret: NodeId,
    ) -> TResult<(Vec<VarId>, SortId)> {
        let Some(ps) = a.list(params) else {
            return syntax("expected a list of sorted variables", a.span(params));
        };
        let mut vars = Vec::new();
        for &p in ps {
            match a.list(p) {
                Some([x, s]) => {
                    let x = self.symbol_arg(a, *x)?;
                    let s = self.sort(a, *s)?;
                    vars.push(self.cx.new_var(x, s));
                }
                _ => return syntax("expected (name sort)", a.span(p)),
            }
        }
        let ret = self.sort(a, ret)?;
        Ok((vars, ret))
    }

    fn body_in_scope(
        &mut self,
        a: &SExprArena,
        vars: &[VarId],
        body: NodeId,
        ret: SortId,
    ) -> TResult<TermId> {
        let mark = self.local_log.len();
        for &v in vars {
            let name = self.cx.var(v).name;
            self.bind_local(name, Local::Var(v));
        }
        let t = self.term(a, body);
        self.end_local_scope(mark);
        let t = t?;
        if !self.cx.compatible(self.cx.sort_of(t), ret) {
            return Err(Failure::Error(Error::sort(
                "body does not have the declared sort",
                a.span(body),
            )));
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, opaque_reasons, terms};
    use crate::{parse_script, CommandKind, QueryKind};

    fn kinds(src: &str) -> Vec<CommandKind> {
        let s = parse_script(src).expect("reads");
        s.commands.into_iter().map(|c| c.kind).collect()
    }

    #[test]
    fn commands_are_classified() {
        let k = kinds(
            "(set-logic ALL)(declare-const x Int)(push 2)(assert (> x 0))(check-sat-using smt)(pop 1)(get-model)(get-value (x))(echo \"hi\")",
        );
        assert!(matches!(k[0], CommandKind::Other));
        assert!(matches!(k[1], CommandKind::Declare(_)));
        assert_eq!(k[2], CommandKind::Push(2));
        assert!(matches!(k[3], CommandKind::Assert(_)));
        assert_eq!(k[4], CommandKind::CheckSat);
        assert_eq!(k[5], CommandKind::Pop(1));
        assert_eq!(k[6], CommandKind::Query(QueryKind::Model));
        assert_eq!(k[7], CommandKind::Query(QueryKind::Value));
        assert!(matches!(k[8], CommandKind::Other));
        assert_eq!(
            parse_script("(set-logic QF_LIA)(set-logic ALL)")
                .unwrap()
                .logic
                .as_deref(),
            Some("QF_LIA")
        );
    }

    #[test]
    fn definitions_are_read_with_their_parameters() {
        let s = parse_script("(define-fun f ((x Int) (y Int)) Int (+ x y))(assert (= (f 1 2) 3))")
            .unwrap();
        let CommandKind::Define { params, .. } = &s.commands[0].kind else {
            panic!("{:?}", s.commands[0].kind)
        };
        assert_eq!(params.len(), 2);
        assert_eq!(terms("(define-const c Int 4)(assert (> c 0))"), ["(> c 0)"]);
        // recursive definitions are declared, and kept as they are
        let k = kinds("(define-fun-rec g ((x Int)) Int (g x))(assert (= (g 1) 1))");
        assert!(matches!(k[0], CommandKind::Other) && matches!(k[1], CommandKind::Assert(_)));
    }

    #[test]
    fn malformed_commands_are_errors_at_their_place() {
        assert_eq!(
            error("(declare-fun f Int)"),
            "1:1: declare-fun expects 3 argument(s), got 2"
        );
        assert_eq!(error("(assert true)\n(push x)"), "2:7: expected a numeral");
        assert_eq!(
            error("((assert true))"),
            "1:2: a command starts with its name"
        );
    }

    #[test]
    fn unreadable_commands_are_kept_opaque() {
        let r = opaque_reasons("(define-fun f ((x Int)) Int true)");
        assert_eq!(
            r,
            ["1:29: ill-sorted for vcsimp: body does not have the declared sort"]
        );
        // a non-Bool assertion is ill-sorted by SMT-LIB, a solver may coerce it
        assert_eq!(opaque_reasons("(assert 1)").len(), 1);
        assert!(opaque_reasons("(assert 1)")[0].contains("ill-sorted"));
        // names mentioned by an unknown command may be declared by it
        let s = parse_script("(declare-var v Int)(assert (> v 0))").unwrap();
        assert!(matches!(s.commands[0].kind, CommandKind::Other));
        assert!(matches!(s.commands[1].kind, CommandKind::Opaque { .. }));
    }

    #[test]
    fn functions_overload_by_argument_sorts() {
        assert_eq!(
            terms("(declare-fun f (Int) Int)(declare-fun f (Bool) Int)(assert (= (f 1) (f true)))"),
            ["(= (f 1) (f true))"]
        );
    }
}
