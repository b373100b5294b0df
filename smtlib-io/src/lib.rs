//! Read, sort-check and print SMT-LIB 2.6 scripts, z3's extensions included.
//!
//! ```
//! let script = smtlib_io::parse_script("(declare-const x Int)(assert (> x 0))(check-sat)").unwrap();
//! let out = smtlib_io::print_script(&script);
//! assert_eq!(out, "(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n");
//! ```
//!
//! Commands vcsimp does not rewrite are printed back byte for byte; readable
//! assertions are printed from their terms. Printing is deterministic, and
//! `parse(print(parse(x)))` prints as `parse(x)` does.

pub mod convert;
pub mod error;
pub mod memo;
mod names;
pub mod print;
pub mod script;
pub mod sexpr;
pub mod sort;
pub mod span;
pub mod symbol;
pub mod term;
pub mod theory;

pub use convert::{
    parse_script, parse_script_from, StreamError, MAX_NUMBER_BITS, MAX_NUMERAL_DIGITS,
};
pub use error::{Error, ErrorKind};
pub use memo::{DenseMemo, TermMemo};
pub use print::{print_script, write_script, Printer};
pub use script::{sets_global_declarations, sets_mbqi, Command, CommandKind, QueryKind, Script};
pub use sort::{SortId, SortKind};
pub use span::Span;
pub use symbol::Sym;
pub use term::{
    AppError, Attr, AttrValue, BinderKind, Children, Context, FunDecl, FunId, FunKind, MatchCase,
    Op, TermId, TermKind, VarDecl, VarId,
};
