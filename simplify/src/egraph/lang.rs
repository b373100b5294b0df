//! The e-graph term language over `smtlib-io`'s sorted terms.
//!
//! An e-node is a [`Head`] plus its child e-classes. Arithmetic and Boolean
//! operators stay n-ary, as in SMT-LIB: no binary re-association, no
//! commutativity rules (sums and products meet through the polynomial
//! normal form of the analysis instead).
//!
//! ## Binders
//! Bound variables are renamed apart by the reader: every [`VarId`] is bound
//! by exactly one binder of the input. A quantifier node carries its
//! variable list in its head and its body as its only child; a variable
//! occurrence is a leaf [`Head::Var`]. Because ids are unique, plain
//! algebraic rules can never capture a variable. Alpha-equivalent
//! quantifiers of the input, renamed apart by the reader, are unioned when
//! they are loaded (see [`super::alpha`]), so they are one e-class; each
//! keeps its own node and variables, and extraction picks one. Rules that move
//! terms across binders (dropping variables, miniscoping, equality
//! resolution) run procedurally on extracted terms, where free variables are
//! computed exactly, and their results are unioned back as equal forms.
//! After extraction every term is checked: each variable occurrence must be
//! under a binder of that variable (and no binder nested in a binder of the
//! same variable); otherwise the pipeline falls back to the input term.

use egg::{Id, Language};
use num_bigint::BigInt;
use num_rational::BigRational;
use smtlib_io::{BinderKind, Op, TermId, VarId};
use std::fmt;

/// The operator of an e-node.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Head {
    Bool(bool),
    Int(BigInt),
    Real(BigRational),
    /// A bound variable occurrence.
    Var(VarId),
    /// An application (including 0-ary uninterpreted constants `Op::Uf`).
    App(Op),
    /// `forall`/`exists`: the bound variables and an index into the
    /// attribute table of the e-graph analysis (0: none).
    /// One child: the body.
    Quant(BinderKind, Box<[VarId]>, u32),
    /// `(! t attrs)` outside a binder, e.g. `:named`; one child.
    Annot(u32),
    /// A term vcsimp does not reason about, kept exactly (a leaf).
    Opaque(TermId),
}

/// An e-node: a head and its children.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    pub head: Head,
    pub kids: Vec<Id>,
}

impl Node {
    pub fn leaf(head: Head) -> Node {
        Node { head, kids: vec![] }
    }
    pub fn new(head: Head, kids: Vec<Id>) -> Node {
        Node { head, kids }
    }
    pub fn op(op: Op, kids: Vec<Id>) -> Node {
        Node {
            head: Head::App(op),
            kids,
        }
    }
}

impl Language for Node {
    type Discriminant = Head;

    fn discriminant(&self) -> Head {
        self.head.clone()
    }

    fn matches(&self, other: &Self) -> bool {
        self.head == other.head && self.kids.len() == other.kids.len()
    }

    fn children(&self) -> &[Id] {
        &self.kids
    }

    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.kids
    }
}

/// The SMT-LIB name of a built-in operator (for display and rule files).
pub fn op_name(op: &Op) -> Option<&'static str> {
    Some(match op {
        Op::Not => "not",
        Op::And => "and",
        Op::Or => "or",
        Op::Xor => "xor",
        Op::Implies => "=>",
        Op::Eq => "=",
        Op::Distinct => "distinct",
        Op::Ite => "ite",
        Op::Add => "+",
        Op::Sub | Op::Neg => "-",
        Op::Mul => "*",
        Op::IntDiv => "div",
        Op::Mod => "mod",
        Op::Abs => "abs",
        Op::RealDiv => "/",
        Op::Le => "<=",
        Op::Lt => "<",
        Op::Ge => ">=",
        Op::Gt => ">",
        Op::ToReal => "to_real",
        Op::ToInt => "to_int",
        Op::IsInt => "is_int",
        Op::Select => "select",
        Op::Store => "store",
        _ => return None,
    })
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.head {
            Head::Bool(b) => write!(f, "{b}"),
            Head::Int(n) => write!(f, "{n}"),
            Head::Real(r) => write!(f, "{r}"),
            Head::Var(v) => write!(f, "var{}", v.0),
            Head::App(Op::Uf(g)) => write!(f, "fun{}", g.0),
            Head::App(op) => match op_name(op) {
                Some(n) => write!(f, "{n}"),
                None => write!(f, "{op:?}"),
            },
            Head::Quant(BinderKind::Exists, ..) => write!(f, "exists"),
            Head::Quant(..) => write!(f, "forall"),
            Head::Annot(_) => write!(f, "!"),
            Head::Opaque(t) => write!(f, "opaque{}", t.0),
        }
    }
}
