//! Term size as the paper counts it: AST nodes of the tree, `let`s expanded.

use smtlib_io::{Context, TermId};
use std::collections::HashMap;

/// Number of AST nodes of `t` as a tree (shared subterms counted at every
/// occurrence), saturating at `u64::MAX`. Linear in the DAG size.
pub fn tree_size(cx: &Context, t: TermId, memo: &mut HashMap<TermId, u64>) -> u64 {
    let mut stack = vec![(t, false)];
    while let Some((u, done)) = stack.pop() {
        if memo.contains_key(&u) {
            continue;
        }
        let kids = cx.children(u);
        if done {
            let s = kids.iter().fold(1u64, |acc, k| acc.saturating_add(memo[k]));
            memo.insert(u, s);
        } else {
            stack.push((u, true));
            for k in kids {
                if !memo.contains_key(&k) {
                    stack.push((k, false));
                }
            }
        }
    }
    memo[&t]
}
