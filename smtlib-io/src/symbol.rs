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

#[derive(Default, Debug, Clone)]
pub struct Symbols {
    names: Vec<Box<str>>,
    /// Ids only, hashed by their name in `names` (each name stored once).
    table: hashbrown::HashTable<Sym>,
}

fn name_hash(name: &str) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(name)
}

impl Symbols {
    pub fn intern(&mut self, name: &str) -> Sym {
        let hash = name_hash(name);
        if let Some(s) = self.find(hash, name) {
            return s;
        }
        let s = Sym(self.names.len() as u32);
        self.names.push(name.into());
        let names = &self.names;
        self.table
            .insert_unique(hash, s, |&u| name_hash(&names[u.0 as usize]));
        s
    }

    fn find(&self, hash: u64, name: &str) -> Option<Sym> {
        let names = &self.names;
        self.table
            .find(hash, |&s| &*names[s.0 as usize] == name)
            .copied()
    }

    pub fn get(&self, name: &str) -> Option<Sym> {
        self.find(name_hash(name), name)
    }

    pub fn name(&self, s: Sym) -> &str {
        &self.names[s.0 as usize]
    }
}
