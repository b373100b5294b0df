//! From s-expressions to typed commands and terms.
//!
//! The term converter is an explicit task machine, not a recursive descent,
//! so that terms nested a million deep read in constant stack. Scoping
//! follows SMT-LIB: `let` binds in parallel, binders rename their variables
//! apart, `push`/`pop` undo declarations (unless `:global-declarations`).

use crate::error::{Error, ErrorKind, Result};
use crate::script::{Command, CommandKind, QueryKind, Script};
use crate::sexpr::{AtomKind, NodeId, Reader, SExprArena};
use crate::sort::{SortId, SortKind};
use crate::span::Span;
use crate::symbol::Sym;
use crate::term::{
    AppError, Attr, AttrValue, BinderKind, Context, FunDecl, FunId, FunKind, MatchCase, Op, TermId,
    TermKind, VarId,
};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use std::collections::{HashMap, HashSet};

mod dialect;

/// Sorts deeper than this are refused (they are read recursively).
const MAX_SORT_DEPTH: usize = 1000;

/// Parse a whole script. Errors carry the span of the offending text.
pub fn parse_script(source: &str) -> Result<Script> {
    let mut reader = Reader::new(source)?;
    let mut conv = Converter::new();
    let mut commands = Vec::new();
    while let Some(arena) = reader.next_sexpr()? {
        commands.push(conv.command(&arena)?);
    }
    Ok(Script {
        cx: conv.cx,
        commands,
        logic: conv.logic,
    })
}

#[derive(Clone, Debug)]
enum Global {
    /// Functions of this name, overloaded by argument sorts (latest last).
    Funs(Vec<FunId>),
    /// A `:named` term.
    Named(TermId),
}

#[derive(Clone, Debug)]
enum SortDef {
    /// A declared sort or datatype with its arity.
    Ctor(u32),
    /// `define-sort` with its parameters and body.
    Alias(Vec<Sym>, SortId),
    /// A sort parameter in scope.
    Param,
}

#[derive(Clone, Debug)]
enum Local {
    Var(VarId),
    Let(TermId),
}

enum Undo {
    Global(Sym, Option<Global>),
    Sort(Sym, Option<SortDef>),
}

/// Outcome of converting one term: opaque-ness is not an error.
enum Failure {
    Error(Error),
    Unsupported(String),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e)
    }
}

type TResult<T> = std::result::Result<T, Failure>;

enum Task {
    Visit(NodeId),
    App {
        node: NodeId,
        op: Op,
        nargs: usize,
    },
    LetBind {
        names: Vec<Sym>,
    },
    /// Close the innermost `n` local bindings.
    EndLet(usize),
    EndBinder {
        node: NodeId,
        kind: BinderKind,
        vars: Vec<VarId>,
        mark: usize,
    },
    EndAnnot {
        node: NodeId,
        attrs: Vec<(Sym, AttrShape)>,
    },
    MatchStart {
        node: NodeId,
    },
    MatchCase {
        case: NodeId,
        scrutinee: TermId,
    },
    MatchEnd {
        ncases: usize,
    },
}

enum AttrShape {
    None,
    Terms(usize),
    Raw(Sym),
    Named(Sym),
}

pub(crate) struct Converter {
    pub(crate) cx: Context,
    globals: HashMap<Sym, Global>,
    sorts: HashMap<Sym, SortDef>,
    locals: HashMap<Sym, Vec<Local>>,
    local_log: Vec<Sym>,
    /// One undo list per `push` level.
    levels: Vec<Vec<Undo>>,
    global_declarations: bool,
    /// Names declared by commands vcsimp keeps opaque.
    opaque_names: HashSet<Sym>,
    logic: Option<String>,
    /// Constructor patterns of the `match` cases being read.
    patterns: Vec<(Option<FunId>, Vec<VarId>)>,
    /// Whether the command being read used z3's dialect (see `dialect.rs`).
    dialect: bool,
}

fn syntax<T>(msg: impl Into<String>, span: Span) -> TResult<T> {
    Err(Failure::Error(Error::syntax(msg, span)))
}

impl Converter {
    pub(crate) fn new() -> Converter {
        Converter {
            cx: Context::new(),
            globals: HashMap::new(),
            sorts: HashMap::new(),
            locals: HashMap::new(),
            local_log: Vec::new(),
            levels: Vec::new(),
            global_declarations: false,
            opaque_names: HashSet::new(),
            logic: None,
            patterns: Vec::new(),
            dialect: false,
        }
    }

    // ----- scopes -----------------------------------------------------------

    fn set_global(&mut self, name: Sym, g: Global) {
        let prev = self.globals.insert(name, g);
        if let Some(level) = self.levels.last_mut() {
            if !self.global_declarations {
                level.push(Undo::Global(name, prev));
            }
        }
    }

    fn set_sort(&mut self, name: Sym, d: SortDef) {
        let prev = self.sorts.insert(name, d);
        if let Some(level) = self.levels.last_mut() {
            if !self.global_declarations {
                level.push(Undo::Sort(name, prev));
            }
        }
    }

    fn pop_levels(&mut self, n: usize) {
        for _ in 0..n {
            let Some(level) = self.levels.pop() else {
                return;
            };
            for undo in level.into_iter().rev() {
                match undo {
                    Undo::Global(s, Some(g)) => {
                        self.globals.insert(s, g);
                    }
                    Undo::Global(s, None) => {
                        self.globals.remove(&s);
                    }
                    Undo::Sort(s, Some(d)) => {
                        self.sorts.insert(s, d);
                    }
                    Undo::Sort(s, None) => {
                        self.sorts.remove(&s);
                    }
                }
            }
        }
    }

    fn bind_local(&mut self, name: Sym, l: Local) {
        self.locals.entry(name).or_default().push(l);
        self.local_log.push(name);
    }

    fn end_local_scope(&mut self, mark: usize) {
        while self.local_log.len() > mark {
            let s = self.local_log.pop().expect("log above mark");
            if let Some(v) = self.locals.get_mut(&s) {
                v.pop();
            }
        }
    }

    // ----- commands ---------------------------------------------------------

    pub(crate) fn command(&mut self, a: &SExprArena) -> Result<Command> {
        let span = a.span(a.root);
        let text: Box<str> = a.text(a.root).into();
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
                let (line, col) = crate::span::line_col(a.source, at.start as usize);
                CommandKind::Opaque {
                    reason: format!("{line}:{col}: ill-sorted for vcsimp: {m}"),
                }
            }
            Err(Failure::Error(e)) => return Err(e),
            Err(Failure::Unsupported(reason)) => {
                self.mark_opaque_names(a, a.root);
                let (line, col) = crate::span::line_col(a.source, span.start as usize);
                CommandKind::Opaque {
                    reason: format!("{line}:{col}: {reason}"),
                }
            }
        };
        let verbatim_term = match kind {
            CommandKind::Assert(t) if self.dialect => Some(t),
            _ => None,
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

    fn expect_args(
        &self,
        a: &SExprArena,
        args: &[NodeId],
        n: usize,
        what: &str,
        span: Span,
    ) -> TResult<()> {
        if args.len() != n {
            let at = args.get(n).map_or(span, |&x| a.span(x));
            return syntax(
                format!("{what} expects {n} argument(s), got {}", args.len()),
                at,
            );
        }
        Ok(())
    }

    fn symbol_arg(&mut self, a: &SExprArena, n: NodeId) -> TResult<Sym> {
        match a.symbol(n) {
            Some(s) => Ok(self.cx.sym(s)),
            None => syntax("expected a symbol", a.span(n)),
        }
    }

    fn numeral_arg(&self, a: &SExprArena, n: NodeId) -> TResult<u32> {
        if a.atom(n) == Some(AtomKind::Numeral) {
            if let Ok(v) = a.text(n).parse::<u32>() {
                return Ok(v);
            }
        }
        syntax("expected a numeral", a.span(n))
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

    fn declare(&mut self, name: Sym, args: Vec<SortId>, ret: SortId, kind: FunKind) -> FunId {
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
    fn add_fun(&mut self, name: Sym, f: FunId) {
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

    // ----- datatypes --------------------------------------------------------

    fn declare_datatypes(&mut self, a: &SExprArena, heads: NodeId, decls: NodeId) -> TResult<()> {
        let (Some(hs), Some(ds)) = (a.list(heads), a.list(decls)) else {
            return syntax("declare-datatypes expects two lists", a.span(heads));
        };
        let new_style = hs.iter().all(|&h| a.list(h).is_some()) && !hs.is_empty();
        if new_style {
            if hs.len() != ds.len() {
                return syntax("as many datatype declarations as names", a.span(decls));
            }
            let mut names = Vec::new();
            for &h in hs {
                match a.list(h) {
                    Some([n, k]) => {
                        let n = self.symbol_arg(a, *n)?;
                        let k = self.numeral_arg(a, *k)?;
                        names.push((n, Some(k)));
                    }
                    _ => return syntax("expected (name arity)", a.span(h)),
                }
            }
            self.datatypes(a, &names, ds, false)
        } else {
            // z3's old syntax: (declare-datatypes (T…) ((D ctor…) …)).
            let mut params = Vec::new();
            for &p in hs {
                params.push(self.symbol_arg(a, p)?);
            }
            let mut names = Vec::new();
            let mut bodies = Vec::new();
            for &d in ds {
                match a.list(d) {
                    Some([n, _rest @ ..]) => {
                        names.push((self.symbol_arg(a, *n)?, Some(params.len() as u32)));
                        bodies.push(d);
                    }
                    _ => return syntax("expected (name constructor…)", a.span(d)),
                }
            }
            self.old_datatypes(a, &names, &bodies, &params)
        }
    }

    fn old_datatypes(
        &mut self,
        a: &SExprArena,
        names: &[(Sym, Option<u32>)],
        bodies: &[NodeId],
        params: &[Sym],
    ) -> TResult<()> {
        for &(n, k) in names {
            self.set_sort(n, SortDef::Ctor(k.unwrap_or(0)));
        }
        for (&(n, _), &body) in names.iter().zip(bodies) {
            let ctors = &a.list(body).expect("checked list")[1..];
            self.constructors(a, n, params, ctors, names)?;
        }
        Ok(())
    }

    /// New-style datatype declarations; a body may start with `par`.
    fn datatypes(
        &mut self,
        a: &SExprArena,
        names: &[(Sym, Option<u32>)],
        bodies: &[NodeId],
        _old: bool,
    ) -> TResult<()> {
        let mut parsed = Vec::new();
        for (&(n, _), &body) in names.iter().zip(bodies) {
            let Some(items) = a.list(body) else {
                return syntax("expected a list of constructors", a.span(body));
            };
            let (params, ctors) = match items {
                [p, ps, cs] if a.is_word(*p, "par") => {
                    let mut params = Vec::new();
                    for &x in a.list(*ps).unwrap_or(&[]) {
                        params.push(self.symbol_arg(a, x)?);
                    }
                    let Some(cs) = a.list(*cs) else {
                        return syntax("expected a list of constructors", a.span(*cs));
                    };
                    (params, cs)
                }
                _ => (Vec::new(), items),
            };
            self.set_sort(n, SortDef::Ctor(params.len() as u32));
            parsed.push((n, params, ctors));
        }
        for (n, params, ctors) in parsed {
            self.constructors(a, n, &params, ctors, &[])?;
        }
        Ok(())
    }

    /// Declare the constructors, selectors and z3 testers of datatype `d`.
    /// `self_refs` lists datatypes that old-style bodies may name bare.
    fn constructors(
        &mut self,
        a: &SExprArena,
        d: Sym,
        params: &[Sym],
        ctors: &[NodeId],
        self_refs: &[(Sym, Option<u32>)],
    ) -> TResult<()> {
        let saved: Vec<_> = params
            .iter()
            .map(|p| (*p, self.sorts.insert(*p, SortDef::Param)))
            .collect();
        let param_sorts: Box<[SortId]> = params
            .iter()
            .map(|&p| self.cx.sort(SortKind::Param(p)))
            .collect();
        let dsort = self.cx.sort(SortKind::Named(d, param_sorts.clone()));
        let result = (|| {
            for &c in ctors {
                let (cname, fields): (Sym, &[NodeId]) = match a.list(c) {
                    Some([n, fs @ ..]) => (self.symbol_arg(a, *n)?, fs),
                    Some([]) => return syntax("empty constructor", a.span(c)),
                    None => (self.symbol_arg(a, c)?, &[]),
                };
                let mut field_sorts = Vec::new();
                let mut selectors = Vec::new();
                for &f in fields {
                    match a.list(f) {
                        Some([s, srt]) => {
                            let s = self.symbol_arg(a, *s)?;
                            let bare_self = a.symbol(*srt).and_then(|n| {
                                let n = self.cx.sym(n);
                                self_refs.iter().find(|(r, _)| *r == n).map(|(r, _)| *r)
                            });
                            let srt = match bare_self {
                                Some(r) if !params.is_empty() => {
                                    self.cx.sort(SortKind::Named(r, param_sorts.clone()))
                                }
                                _ => self.sort(a, *srt)?,
                            };
                            field_sorts.push(srt);
                            selectors.push((s, srt));
                        }
                        _ => return syntax("expected (selector sort)", a.span(f)),
                    }
                }
                let fid = self.cx.declare_fun(FunDecl {
                    name: cname,
                    sort_params: params.into(),
                    args: field_sorts.into(),
                    ret: dsort,
                    kind: FunKind::Constructor,
                });
                self.add_fun(cname, fid);
                for (s, srt) in selectors {
                    let sid = self.cx.declare_fun(FunDecl {
                        name: s,
                        sort_params: params.into(),
                        args: Box::new([dsort]),
                        ret: srt,
                        kind: FunKind::Selector,
                    });
                    self.add_fun(s, sid);
                }
                let tester = format!("is-{}", self.cx.sym_name(cname));
                let tester = self.cx.sym(&tester);
                if !self.globals.contains_key(&tester) {
                    let b = self.cx.bool_sort();
                    let tid = self.cx.declare_fun(FunDecl {
                        name: tester,
                        sort_params: params.into(),
                        args: Box::new([dsort]),
                        ret: b,
                        kind: FunKind::Tester,
                    });
                    self.add_fun(tester, tid);
                }
            }
            Ok(())
        })();
        for (p, prev) in saved {
            match prev {
                Some(d) => self.sorts.insert(p, d),
                None => self.sorts.remove(&p),
            };
        }
        result
    }

    // ----- sorts ------------------------------------------------------------

    fn sort(&mut self, a: &SExprArena, n: NodeId) -> TResult<SortId> {
        self.sort_at(a, n, 0)
    }

    fn sort_at(&mut self, a: &SExprArena, n: NodeId, depth: usize) -> TResult<SortId> {
        if depth > MAX_SORT_DEPTH {
            return Err(Failure::Error(Error::new(
                ErrorKind::Limit("sort nested too deeply".into()),
                a.span(n),
            )));
        }
        if let Some(name) = a.symbol(n) {
            let s = self.cx.sym(name);
            return match self.sorts.get(&s).cloned() {
                Some(SortDef::Ctor(0)) => Ok(self.cx.sort(SortKind::Named(s, Box::new([])))),
                Some(SortDef::Param) => Ok(self.cx.sort(SortKind::Param(s))),
                Some(SortDef::Alias(ps, body)) if ps.is_empty() => Ok(body),
                Some(_) => syntax(format!("sort {name} needs arguments"), a.span(n)),
                None => match crate::theory::builtin_sort(&mut self.cx, name) {
                    Some(s) => Ok(s),
                    None => Err(Failure::Unsupported(format!("unknown sort {name}"))),
                },
            };
        }
        let Some(items) = a.list(n) else {
            return syntax("expected a sort", a.span(n));
        };
        match items {
            [u, rest @ ..] if a.is_word(*u, "_") => {
                let name = rest.first().and_then(|&x| a.symbol(x)).unwrap_or("");
                let idx: Vec<&str> = rest.iter().skip(1).map(|&x| a.text(x)).collect();
                if name == "BitVec" && idx.len() == 1 {
                    if let Ok(w) = idx[0].parse::<u32>() {
                        if w > 0 {
                            return Ok(self.cx.sort(SortKind::BitVec(w)));
                        }
                    }
                    return syntax("bad bit-vector width", a.span(n));
                }
                if name.is_empty() {
                    return syntax("expected an indexed sort", a.span(n));
                }
                let name = self.cx.sym(name);
                let idx: Box<[Sym]> = idx.iter().map(|i| self.cx.sym(i)).collect();
                Ok(self.cx.sort(SortKind::Indexed(name, idx)))
            }
            // z3 accepts a sort in redundant parentheses: `(S)`.
            [single] => self.sort_at(a, *single, depth + 1),
            [h, args @ ..] if !args.is_empty() => {
                let Some(name) = a.symbol(*h) else {
                    return syntax("expected a sort constructor", a.span(*h));
                };
                let mut sorts = Vec::new();
                for &x in args {
                    sorts.push(self.sort_at(a, x, depth + 1)?);
                }
                if name == "Array" {
                    return match sorts.as_slice() {
                        [i, e] => Ok(self.cx.sort(SortKind::Array(*i, *e))),
                        [_, _, _, ..] => {
                            Err(Failure::Unsupported("z3 multi-dimensional Array".into()))
                        }
                        _ => syntax("Array takes two sorts", a.span(n)),
                    };
                }
                let s = self.cx.sym(name);
                match self.sorts.get(&s).cloned() {
                    Some(SortDef::Ctor(k)) if k as usize == sorts.len() => {
                        Ok(self.cx.sort(SortKind::Named(s, sorts.into())))
                    }
                    Some(SortDef::Alias(ps, body)) if ps.len() == sorts.len() => {
                        let map: HashMap<Sym, SortId> = ps.into_iter().zip(sorts).collect();
                        Ok(self.cx.subst_sort(body, &map))
                    }
                    Some(_) => syntax(
                        format!("wrong number of arguments for sort {name}"),
                        a.span(n),
                    ),
                    None if matches!(
                        name,
                        "Seq" | "Set" | "Bag" | "Tuple" | "Relation" | "RegEx"
                    ) =>
                    {
                        Ok(self.cx.sort(SortKind::Named(s, sorts.into())))
                    }
                    None => Err(Failure::Unsupported(format!("unknown sort {name}"))),
                }
            }
            _ => syntax("expected a sort", a.span(n)),
        }
    }

    // ----- terms ------------------------------------------------------------

    /// Convert a term without recursion.
    fn term(&mut self, a: &SExprArena, root: NodeId) -> TResult<TermId> {
        let mut tasks = vec![Task::Visit(root)];
        let mut values: Vec<TermId> = Vec::new();
        let local_mark = self.local_log.len();
        let pattern_mark = self.patterns.len();
        let result = self.run_tasks(a, &mut tasks, &mut values);
        // On failure, unwind any scopes the aborted conversion left open.
        self.end_local_scope(local_mark);
        self.patterns.truncate(pattern_mark);
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
                } => {
                    self.end_local_scope(mark);
                    let body = values.pop().expect("binder body");
                    let (body, attrs) = match self.cx.kind(body).clone() {
                        TermKind::Annot(b, attrs) if kind != BinderKind::Lambda => (b, attrs),
                        _ => (body, Box::new([]) as Box<[Attr]>),
                    };
                    let t = self
                        .cx
                        .mk_binder(kind, vars.into(), body, attrs)
                        .map_err(|e| self.app_failure(e, a.span(node)))?;
                    values.push(t);
                }
                Task::EndAnnot { node, attrs } => {
                    let nterms: usize = attrs
                        .iter()
                        .map(|(_, s)| if let AttrShape::Terms(k) = s { *k } else { 0 })
                        .sum();
                    let mut terms = values.split_off(values.len() - nterms).into_iter();
                    let inner = values.pop().expect("annotated term");
                    let mut out = Vec::new();
                    for (key, shape) in attrs {
                        let value = match shape {
                            AttrShape::None => AttrValue::None,
                            AttrShape::Terms(k) => {
                                AttrValue::Terms(terms.by_ref().take(k).collect())
                            }
                            AttrShape::Raw(s) => AttrValue::Raw(s),
                            AttrShape::Named(s) => {
                                self.set_global(s, Global::Named(inner));
                                // Raw values print verbatim: keep the bars.
                                let quoted = crate::print::quote_symbol(self.cx.sym_name(s));
                                AttrValue::Raw(self.cx.sym(&quoted))
                            }
                        };
                        out.push(Attr { key, value });
                    }
                    let _ = node;
                    values.push(self.cx.mk_annot(inner, out.into()));
                }
                Task::MatchStart { node } => {
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
                Task::MatchCase { case, scrutinee } => {
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
                }
                Task::MatchEnd { ncases } => {
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
                }
            }
        }
        Ok(())
    }
}

/// Builtin operators by their SMT-LIB name.
fn builtin_op(name: &str) -> Option<Op> {
    Some(match name {
        "not" => Op::Not,
        "and" => Op::And,
        "or" => Op::Or,
        "xor" => Op::Xor,
        "=>" => Op::Implies,
        "=" => Op::Eq,
        "distinct" => Op::Distinct,
        "ite" => Op::Ite,
        "+" => Op::Add,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "div" => Op::IntDiv,
        "mod" => Op::Mod,
        "abs" => Op::Abs,
        "/" => Op::RealDiv,
        "<=" => Op::Le,
        "<" => Op::Lt,
        ">=" => Op::Ge,
        ">" => Op::Gt,
        "to_real" => Op::ToReal,
        "to_int" => Op::ToInt,
        "is_int" => Op::IsInt,
        "select" => Op::Select,
        "store" => Op::Store,
        _ => return None,
    })
}

/// The value of a decimal literal `int.frac`.
fn decimal(text: &str) -> BigRational {
    let (i, f) = text.split_once('.').unwrap_or((text, ""));
    let num: BigInt = format!("{i}{f}").parse().expect("lexer checked digits");
    let den = BigInt::from(10u32).pow(f.len() as u32);
    BigRational::new(num, den)
}

/// The canonical text of an s-expression: atoms joined by single spaces.
fn canonical(a: &SExprArena, n: NodeId) -> String {
    let mut out = String::new();
    // (node, child index) stack; iterative for deep patterns.
    let mut stack = vec![(n, 0usize)];
    while let Some((node, i)) = stack.pop() {
        match a.list(node) {
            None => {
                if !out.is_empty() && !out.ends_with('(') {
                    out.push(' ');
                }
                out.push_str(a.text(node));
            }
            Some(kids) => {
                if i == 0 {
                    if !out.is_empty() && !out.ends_with('(') {
                        out.push(' ');
                    }
                    out.push('(');
                }
                if i < kids.len() {
                    stack.push((node, i + 1));
                    stack.push((kids[i], 0));
                } else {
                    out.push(')');
                }
            }
        }
    }
    out
}

impl Converter {
    fn app_failure(&self, e: AppError, span: Span) -> Failure {
        match e {
            AppError::Sort(m) => Failure::Error(Error::sort(m, span)),
            AppError::Unsupported(m) => Failure::Unsupported(m),
        }
    }

    fn app(&mut self, a: &SExprArena, node: NodeId, op: Op, args: Vec<TermId>) -> TResult<TermId> {
        let op = if op == Op::Sub && args.len() == 1 {
            Op::Neg
        } else {
            op
        };
        let op = match op {
            Op::Uf(f) => Op::Uf(self.resolve_overload(f, &args)),
            op => op,
        };
        // `(- 5)` and z3's `-5` are the same literal.
        if op == Op::Neg {
            match self.cx.kind(args[0]).clone() {
                TermKind::Int(n) => return Ok(self.cx.mk_int(-n)),
                TermKind::Real(r) => return Ok(self.cx.mk_real(-r)),
                _ => {}
            }
        }
        if let Op::Other(_) = op {
            if let Some(t) = self.z3_alias(a, node, &args)? {
                self.dialect = true;
                return Ok(t);
            }
        }
        if let Op::Other(head) = &op {
            // `((as f S) args)`: the qualification fixes the result sort.
            let text = self.cx.sym_name(*head).to_string();
            if text.starts_with("(as ") {
                let items = a.list(node).expect("application");
                let qual = a.list(items[0]).expect("as-list");
                let sort = self.sort(a, qual[2])?;
                return Ok(self.cx.intern(TermKind::App(op, args.into()), sort));
            }
        }
        self.cx
            .mk_app(op, args)
            .map_err(|e| self.app_failure(e, a.span(node)))
    }

    /// Among the functions named like `f`, the latest whose argument sorts
    /// accept `args` (or `f` itself when none does: its sort error stands).
    fn resolve_overload(&mut self, f: FunId, args: &[TermId]) -> FunId {
        let name = self.cx.fun(f).name;
        let Some(Global::Funs(fs)) = self.globals.get(&name) else {
            return f;
        };
        if fs.len() < 2 {
            return f;
        }
        let fs = fs.clone();
        for &g in fs.iter().rev() {
            if self.cx.clone_check_app(g, args) {
                return g;
            }
        }
        f
    }

    /// Resolve an identifier used as a constant.
    fn atom_term(&mut self, a: &SExprArena, n: NodeId) -> TResult<TermId> {
        let text = a.text(n);
        let span = a.span(n);
        match a.atom(n).expect("atom") {
            AtomKind::Numeral => Ok(self.cx.mk_int(text.parse::<BigInt>().expect("digits"))),
            AtomKind::Decimal => Ok(self.cx.mk_real(decimal(text))),
            AtomKind::Hexadecimal => {
                let w = 4 * (text.len() as u32 - 2);
                let s = self.cx.sort(SortKind::BitVec(w));
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::Binary => {
                let w = text.len() as u32 - 2;
                let s = self.cx.sort(SortKind::BitVec(w));
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::String => {
                let s = crate::theory::builtin_sort(&mut self.cx, "String").expect("String");
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::Keyword => syntax("a keyword is not a term", span),
            AtomKind::Symbol => {
                let name = a.symbol(n).expect("symbol");
                let s = self.cx.sym(name);
                if let Some(l) = self.locals.get(&s).and_then(|v| v.last()) {
                    return Ok(match *l {
                        Local::Var(v) => self.cx.mk_var(v),
                        Local::Let(t) => t,
                    });
                }
                match self.globals.get(&s).cloned() {
                    Some(Global::Named(t)) => return Ok(t),
                    Some(Global::Funs(fs)) => {
                        // A constant; among overloads prefer a 0-ary one.
                        let f = fs
                            .iter()
                            .rev()
                            .copied()
                            .find(|&f| self.cx.fun(f).args.is_empty())
                            .unwrap_or(fs[fs.len() - 1]);
                        let decl = self.cx.fun(f);
                        if !decl.args.is_empty() {
                            return Err(Failure::Error(Error::sort(
                                format!("{name} is a function and needs arguments"),
                                span,
                            )));
                        }
                        if !decl.sort_params.is_empty() {
                            return Err(Failure::Unsupported(format!(
                                "{name} needs (as {name} sort)"
                            )));
                        }
                        return Ok(self.cx.mk_const(f));
                    }
                    None => {}
                }
                if a.text(n) == "true" {
                    return Ok(self.cx.mk_bool(true));
                }
                if a.text(n) == "false" {
                    return Ok(self.cx.mk_bool(false));
                }
                // z3 reads `-5` and `-1.5` as negative numbers.
                if let Some(digits) = name.strip_prefix('-') {
                    if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
                        let v: BigInt = digits.parse().expect("digits");
                        return Ok(self.cx.mk_int(-v));
                    }
                    if digits.split_once('.').is_some_and(|(i, f)| {
                        !i.is_empty()
                            && !f.is_empty()
                            && i.bytes().chain(f.bytes()).all(|c| c.is_ascii_digit())
                    }) {
                        return Ok(self.cx.mk_real(-decimal(digits)));
                    }
                }
                if let Some(sort) = crate::theory::constant_sort(&mut self.cx, name) {
                    return Ok(self.cx.mk_literal(name, sort));
                }
                let _ = span;
                Err(Failure::Unsupported(format!("unknown constant {name}")))
            }
        }
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
            return Ok(());
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
            tasks.push(Task::EndBinder {
                node: n,
                kind,
                vars,
                mark,
            });
            tasks.push(Task::Visit(*body));
            return Ok(());
        }
        if a.is_word(head, "!") {
            let Some((&t, attrs)) = args.split_first() else {
                return syntax("! expects a term and attributes", span);
            };
            let mut shapes = Vec::new();
            let mut term_nodes = Vec::new();
            let mut i = 0;
            while i < attrs.len() {
                let Some(key) = a.keyword(attrs[i]) else {
                    return syntax("expected an attribute keyword", a.span(attrs[i]));
                };
                let key_sym = self.cx.sym(key);
                let value = attrs
                    .get(i + 1)
                    .copied()
                    .filter(|&v| a.keyword(v).is_none());
                i += if value.is_some() { 2 } else { 1 };
                let shape = match (key, value) {
                    (_, None) => AttrShape::None,
                    (":pattern", Some(v)) => {
                        let Some(ts) = a.list(v) else {
                            return syntax(":pattern expects a list of terms", a.span(v));
                        };
                        // z3 also accepts a single term, `:pattern (f x)`:
                        // a one-term pattern. (`(c)` is a list of one term.)
                        if ts.len() > 1 && a.symbol(ts[0]).is_some() {
                            self.dialect = true;
                            term_nodes.push(v);
                            AttrShape::Terms(1)
                        } else {
                            term_nodes.extend_from_slice(ts);
                            AttrShape::Terms(ts.len())
                        }
                    }
                    (":no-pattern", Some(v)) => {
                        term_nodes.push(v);
                        AttrShape::Terms(1)
                    }
                    (":named", Some(v)) => AttrShape::Named(self.symbol_arg(a, v)?),
                    (_, Some(v)) => AttrShape::Raw(self.cx.sym(&canonical(a, v))),
                };
                shapes.push((key_sym, shape));
            }
            tasks.push(Task::EndAnnot {
                node: n,
                attrs: shapes,
            });
            for &p in term_nodes.iter().rev() {
                tasks.push(Task::Visit(p));
            }
            tasks.push(Task::Visit(t));
            return Ok(());
        }
        if a.is_word(head, "match") {
            let [scrutinee, cases] = args else {
                return syntax("match expects a term and cases", span);
            };
            match a.list(*cases) {
                Some(cs) if !cs.is_empty() => {}
                _ => return syntax("match expects a non-empty list of cases", a.span(*cases)),
            }
            tasks.push(Task::MatchStart { node: n });
            tasks.push(Task::Visit(*scrutinee));
            return Ok(());
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

    fn head_op(&mut self, a: &SExprArena, head: NodeId) -> TResult<Op> {
        if let Some(items) = a.list(head) {
            if items.first().is_some_and(|&u| a.is_word(u, "_")) {
                if items.len() == 3 && a.is_word(items[1], "divisible") {
                    let k: BigUint = match a.text(items[2]).parse() {
                        Ok(k) => k,
                        Err(_) => return syntax("divisible expects a numeral", a.span(items[2])),
                    };
                    return Ok(Op::Divisible(k));
                }
                return Ok(Op::Other(self.cx.sym(&canonical(a, head))));
            }
            if items.len() == 3 && a.is_word(items[0], "as") {
                if a.is_word(items[1], "const") {
                    let s = self.sort(a, items[2])?;
                    if !matches!(self.cx.sort_kind(s), SortKind::Array(..)) {
                        return syntax("(as const S) needs an array sort", a.span(items[2]));
                    }
                    return Ok(Op::ConstArray(s));
                }
                return Ok(Op::Other(self.cx.sym(&canonical(a, head))));
            }
            return syntax("expected a function symbol", a.span(head));
        }
        let Some(name) = a.symbol(head) else {
            return syntax("expected a function symbol", a.span(head));
        };
        let s = self.cx.sym(name);
        if self.locals.get(&s).is_some_and(|v| !v.is_empty()) {
            return Err(Failure::Unsupported(format!(
                "higher-order application of {name}"
            )));
        }
        if let Some(Global::Funs(fs)) = self.globals.get(&s) {
            return Ok(Op::Uf(fs[fs.len() - 1]));
        }
        if a.text(head) == name {
            if let Some(op) = builtin_op(name) {
                return Ok(op);
            }
        }
        if matches!(self.globals.get(&s), Some(Global::Named(_))) {
            return Err(Failure::Error(Error::sort(
                format!("{name} names a term, not a function"),
                a.span(head),
            )));
        }
        // Unknown operators are theory or solver extensions to vcsimp (or
        // undeclared, which the solver will report): the command stays opaque
        // unless the theory tables know the operator.
        Ok(Op::Other(s))
    }

    fn indexed_constant(&mut self, a: &SExprArena, n: NodeId) -> TResult<TermId> {
        let items = a.list(n).expect("list");
        let name = items.get(1).and_then(|&x| a.symbol(x)).unwrap_or("");
        let idx: Vec<&str> = items.iter().skip(2).map(|&x| a.text(x)).collect();
        let text = canonical(a, n);
        if let (Some(digits), [w]) = (name.strip_prefix("bv"), idx.as_slice()) {
            if digits.bytes().all(|c| c.is_ascii_digit()) && !digits.is_empty() {
                if let Ok(w) = w.parse::<u32>() {
                    let s = self.cx.sort(SortKind::BitVec(w));
                    return Ok(self.cx.mk_literal(&text, s));
                }
            }
        }
        if matches!(name, "+oo" | "-oo" | "+zero" | "-zero" | "NaN") && idx.len() == 2 {
            let fp = self.cx.sym("FloatingPoint");
            let idx: Box<[Sym]> = idx.iter().map(|i| self.cx.sym(i)).collect();
            let s = self.cx.sort(SortKind::Indexed(fp, idx));
            return Ok(self.cx.mk_literal(&text, s));
        }
        if name == "char" {
            let s = crate::theory::builtin_sort(&mut self.cx, "String").expect("String");
            return Ok(self.cx.mk_literal(&text, s));
        }
        Err(Failure::Unsupported(format!("indexed constant {text}")))
    }

    /// Read a `match` pattern against a scrutinee of known sort.
    fn pattern(
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
    use crate::{parse_script, print_script, CommandKind};

    fn opaque_reasons(src: &str) -> Vec<String> {
        let s = parse_script(src).expect("reads");
        s.commands
            .iter()
            .filter_map(|c| match &c.kind {
                CommandKind::Opaque { reason } => Some(reason.clone()),
                _ => None,
            })
            .collect()
    }

    const POPPED: &str =
        "(push 1)\n(declare-const x Int)\n(declare-sort S 0)\n(pop 1)\n(declare-const s S)\n(assert (> x 0))\n(check-sat)\n";

    #[test]
    fn pop_undoes_declarations_by_default() {
        let r = opaque_reasons(POPPED);
        assert_eq!(r.len(), 2, "{r:?}");
        assert!(r[0].contains("unknown sort S"), "{r:?}");
        assert!(r[1].contains("unknown constant x"), "{r:?}");
    }

    #[test]
    fn global_declarations_survive_pop() {
        for opt in [
            "(set-option :global-declarations true)",
            "(set-option :global-decls true)",
        ] {
            let src = format!("{opt}\n{POPPED}");
            assert!(opaque_reasons(&src).is_empty(), "{opt}");
            // the scoping of the input is printed as it was
            let s = parse_script(&src).unwrap();
            assert_eq!(print_script(&s), src);
        }
        let off = format!("(set-option :global-decls false)\n{POPPED}");
        assert_eq!(opaque_reasons(&off).len(), 2);
    }

    #[test]
    fn reset_ends_global_declarations() {
        let src = "(set-option :global-decls true)(reset)(push 1)(declare-const x Int)(pop 1)(assert (> x 0))";
        assert_eq!(opaque_reasons(src).len(), 1);
    }
}
