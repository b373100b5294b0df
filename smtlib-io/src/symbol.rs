//! A deterministic string interner.
//!
//! Unlike `egg::Symbol`, a [`Sym`] is local to one [`Symbols`] table and
//! numbered in order of first use, so anything ordered by it is reproducible
//! from run to run.

use std::hash::BuildHasher;

/// An interned name: a decoded SMT-LIB symbol (bars removed), keyword or
/// other identifier text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// The names, one after another in one string: a name costs its bytes and
/// 4 bytes of offset, not an allocation of its own.
#[derive(Default, Debug, Clone)]
pub struct Symbols {
    text: String,
    /// Where each name ends in `text` (it starts where the previous ends).
    ends: Vec<u32>,
    /// Ids only, hashed by their name (each name stored once).
    table: hashbrown::HashTable<Sym>,
}

fn name_hash(name: &str) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(name)
}

/// The name of `s` in `text` ending at `ends`.
fn name_in<'t>(text: &'t str, ends: &[u32], s: Sym) -> &'t str {
    let i = s.0 as usize;
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    &text[start..ends[i] as usize]
}

impl Symbols {
    pub fn intern(&mut self, name: &str) -> Sym {
        let hash = name_hash(name);
        if let Some(s) = self.find(hash, name) {
            return s;
        }
        let s = Sym(self.ends.len() as u32);
        self.text.push_str(name);
        let end = u32::try_from(self.text.len()).expect("symbol names fit in 4 GiB");
        self.ends.push(end);
        let (text, ends) = (&self.text, &self.ends);
        self.table
            .insert_unique(hash, s, |&u| name_hash(name_in(text, ends, u)));
        s
    }

    fn find(&self, hash: u64, name: &str) -> Option<Sym> {
        let (text, ends) = (&self.text, &self.ends);
        self.table
            .find(hash, |&s| name_in(text, ends, s) == name)
            .copied()
    }

    pub fn get(&self, name: &str) -> Option<Sym> {
        self.find(name_hash(name), name)
    }

    pub fn name(&self, s: Sym) -> &str {
        name_in(&self.text, &self.ends, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_interned_once_and_read_back() {
        let mut st = Symbols::default();
        let names = ["x", "", "|a b|", "x!1", "é"];
        let ids: Vec<Sym> = names.iter().map(|n| st.intern(n)).collect();
        assert_eq!(ids, [Sym(0), Sym(1), Sym(2), Sym(3), Sym(4)]);
        assert_eq!(st.intern("x!1"), Sym(3));
        assert_eq!(st.intern(""), Sym(1));
        for (n, s) in names.iter().zip(&ids) {
            assert_eq!(st.name(*s), *n);
            assert_eq!(st.get(n), Some(*s));
        }
        assert_eq!(st.get("y"), None);
    }
}
