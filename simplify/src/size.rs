//! Term size as the paper counts it: AST nodes of the tree, `let`s expanded.

pub use smtlib_io::print::tree_sizes;
use smtlib_io::{Context, TermId};
use std::collections::HashMap;

/// Number of AST nodes of `t` as a tree (shared subterms counted at every
/// occurrence), saturating at `u64::MAX`. Linear in the DAG size.
pub fn tree_size(cx: &Context, t: TermId, memo: &mut HashMap<TermId, u64>) -> u64 {
    tree_sizes(cx, t, memo)
}
