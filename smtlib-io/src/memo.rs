//! Memo tables for values computed bottom-up over the terms of one
//! [`Context`] (tree sizes, costs, depths).

use crate::term::{Context, TermId};
use std::collections::HashMap;
use std::hash::BuildHasher;

/// A table from terms to the value a walk computed for them.
pub trait TermMemo {
    fn get(&self, t: TermId) -> Option<u64>;
    fn insert(&mut self, t: TermId, value: u64);
}

impl<S: BuildHasher> TermMemo for HashMap<TermId, u64, S> {
    fn get(&self, t: TermId) -> Option<u64> {
        HashMap::get(self, &t).copied()
    }

    fn insert(&mut self, t: TermId, value: u64) {
        HashMap::insert(self, t, value);
    }
}

/// A [`TermMemo`] indexed by term id: 9 bytes a term of the context,
/// allocated once, against about 35 bytes a remembered term (entry,
/// control byte, spare capacity) for a hash map, and no hashing. For walks
/// that reach most of the context, such as the sizes of all assertions of
/// a script as read; a hash map stays the better choice for one small term
/// in a large context.
#[derive(Clone, Debug, Default)]
pub struct DenseMemo {
    values: Vec<u64>,
    known: Vec<bool>,
}

impl DenseMemo {
    /// An empty table sized for the terms of `cx` (it grows for terms
    /// built later).
    pub fn new(cx: &Context) -> DenseMemo {
        DenseMemo {
            values: vec![0; cx.num_terms()],
            known: vec![false; cx.num_terms()],
        }
    }
}

impl TermMemo for DenseMemo {
    fn get(&self, t: TermId) -> Option<u64> {
        let i = t.0 as usize;
        (*self.known.get(i)?).then(|| self.values[i])
    }

    fn insert(&mut self, t: TermId, value: u64) {
        let i = t.0 as usize;
        if i >= self.values.len() {
            self.values.resize(i + 1, 0);
            self.known.resize(i + 1, false);
        }
        self.values[i] = value;
        self.known[i] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_memo_remembers_any_value_and_grows() {
        let mut cx = Context::new();
        let one = cx.mk_int(1);
        let mut m = DenseMemo::new(&cx);
        assert_eq!(m.get(one), None);
        m.insert(one, 0);
        assert_eq!(m.get(one), Some(0));
        let later = TermId(cx.num_terms() as u32 + 10);
        assert_eq!(m.get(later), None);
        m.insert(later, u64::MAX);
        assert_eq!(m.get(later), Some(u64::MAX));
        assert_eq!(m.get(one), Some(0));
    }
}
