//! From s-expressions to typed commands and terms.
//!
//! The converter holds the symbol tables and their scopes. Scoping follows
//! SMT-LIB: `let` binds in parallel, binders rename their variables apart,
//! `push`/`pop` undo declarations (unless `:global-declarations` or z3's
//! `:global-decls` is on). One file per part of the language:
//!
//! | file | reads |
//! |---|---|
//! | `commands.rs` | commands, declarations, definitions |
//! | `datatypes.rs` | datatype declarations |
//! | `sorts.rs` | sorts |
//! | `terms.rs` | the term machine (constant stack at any depth) |
//! | `binders.rs` | `let`, quantifiers, `lambda`, `match` |
//! | `attributes.rs` | `!` annotations: patterns, `:named` |
//! | `atoms.rs` | literals and identifiers |
//! | `ops.rs` | function symbols and applications |
//! | `dialect.rs` | z3's operator aliases |

use crate::error::{Error, Result};
use crate::script::Script;
use crate::sexpr::{AtomKind, NodeId, Reader, SExprArena};
use crate::sort::SortId;
use crate::span::Span;
use crate::symbol::Sym;
use crate::term::{Attr, BinderKind, Context, FunId, Op, TermId, VarId};
use attributes::AttrShape;
use rustc_hash::{FxHashMap, FxHashSet};

mod atoms;
mod attributes;
mod binders;
mod commands;
mod datatypes;
mod dialect;
mod ops;
mod sorts;
mod stream;
mod terms;

pub use atoms::{MAX_NUMBER_BITS, MAX_NUMERAL_DIGITS};
pub use stream::{parse_script_from, StreamError};

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
        /// Whether the body is written `(! t …)`: its attributes are then
        /// the binder's, on [`Converter::binder_attrs`].
        annotated: bool,
    },
    EndAnnot {
        attrs: Vec<(Sym, AttrShape)>,
        /// The annotation is a binder's body: push `t` and keep the
        /// attributes for the binder instead of building `(! t …)`.
        of_binder: bool,
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

pub(crate) struct Converter {
    pub(crate) cx: Context,
    globals: FxHashMap<Sym, Global>,
    sorts: FxHashMap<Sym, SortDef>,
    locals: FxHashMap<Sym, Vec<Local>>,
    local_log: Vec<Sym>,
    /// One undo list per `push` level.
    levels: Vec<Vec<Undo>>,
    global_declarations: bool,
    /// Names declared by commands vcsimp keeps opaque.
    opaque_names: FxHashSet<Sym>,
    logic: Option<String>,
    /// Constructor patterns of the `match` cases being read.
    patterns: Vec<(Option<FunId>, Vec<VarId>)>,
    /// Attributes of the binders being read whose body is written
    /// `(! t …)`, innermost last. They go to the binder directly: the
    /// annotated body, never used, is not built as a term.
    binder_attrs: Vec<Box<[Attr]>>,
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
            globals: FxHashMap::default(),
            sorts: FxHashMap::default(),
            locals: FxHashMap::default(),
            local_log: Vec::new(),
            levels: Vec::new(),
            global_declarations: false,
            opaque_names: FxHashSet::default(),
            logic: None,
            patterns: Vec::new(),
            binder_attrs: Vec::new(),
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
                // Generated VCs bind thousands of distinct names: keep
                // only the ones in scope.
                if v.is_empty() {
                    self.locals.remove(&s);
                }
            }
        }
    }

    // ----- arguments --------------------------------------------------------

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

/// Helpers for the unit tests of the converter's files.
#[cfg(test)]
mod testing {
    use crate::{parse_script, CommandKind, Printer};

    /// The assertions of `src` that vcsimp reads, printed from their terms.
    pub fn terms(src: &str) -> Vec<String> {
        let s = parse_script(src).expect("reads");
        let mut p = Printer::new(&s.cx);
        s.assertions().map(|t| p.term(t)).collect()
    }

    /// Why each command of `src` kept verbatim is so.
    pub fn opaque_reasons(src: &str) -> Vec<String> {
        let s = parse_script(src).expect("reads");
        s.commands
            .iter()
            .filter_map(|c| match &c.kind {
                CommandKind::Opaque { reason } => Some(reason.clone()),
                _ => None,
            })
            .collect()
    }

    /// The error `src` is rejected with, as `line:col: message`.
    pub fn error(src: &str) -> String {
        let e = parse_script(src).expect_err("rejected");
        let (l, c) = crate::span::line_col(src, e.span.start as usize);
        format!("{l}:{c}: {}", e)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::opaque_reasons;
    use crate::{parse_script, print_script};

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
