//! Term size as the paper counts it: AST nodes of the tree, `let`s expanded;
//! and term depth, which bounds the recursion of the passes.

pub use smtlib_io::print::tree_sizes;
use smtlib_io::{Context, TermId, TermMemo};
#[cfg(test)]
use std::collections::HashMap;

/// Number of AST nodes of `t` as a tree (shared subterms counted at every
/// occurrence), saturating at `u64::MAX`. Linear in the DAG size.
pub fn tree_size(cx: &Context, t: TermId, memo: &mut impl TermMemo) -> u64 {
    tree_sizes(cx, t, memo)
}

/// Nesting depth of `t`: 1 for a leaf, one more than the deepest child
/// otherwise (binder bodies and pattern terms included). Iterative, linear
/// in the DAG size, so it is safe on terms of any depth.
pub fn term_depth(cx: &Context, t: TermId, memo: &mut impl TermMemo) -> u64 {
    let mut stack = vec![(t, false)];
    while let Some((u, done)) = stack.pop() {
        if memo.get(u).is_some() {
            continue;
        }
        let kids = cx.children(u);
        if done {
            let d = kids
                .iter()
                .map(|&k| memo.get(k).expect("children are measured first"))
                .max()
                .unwrap_or(0)
                + 1;
            memo.insert(u, d);
        } else {
            stack.push((u, true));
            stack.extend(
                kids.into_iter()
                    .filter(|&k| memo.get(k).is_none())
                    .map(|k| (k, false)),
            );
        }
    }
    memo.get(t).expect("the root is measured last")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_of_a_deep_chain_without_recursion() {
        let mut cx = Context::new();
        let mut t = cx.mk_int(0);
        let one = cx.mk_int(1);
        for _ in 0..200_000 {
            t = cx.mk_app(smtlib_io::Op::Add, vec![one, t]).unwrap();
        }
        assert_eq!(term_depth(&cx, t, &mut HashMap::new()), 200_001);
        assert_eq!(term_depth(&cx, one, &mut HashMap::new()), 1);
    }
}
