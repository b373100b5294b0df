//! A deterministic string interner.
//!
//! Unlike `egg::Symbol`, a [`Sym`] is local to one [`Symbols`] table and
//! numbered in order of first use, so anything ordered by it is reproducible
//! from run to run.

use std::collections::HashMap;

/// An interned name: a decoded SMT-LIB symbol (bars removed), keyword or
/// other identifier text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

#[derive(Default, Debug, Clone)]
pub struct Symbols {
    names: Vec<Box<str>>,
    map: HashMap<Box<str>, Sym>,
}

impl Symbols {
    pub fn intern(&mut self, name: &str) -> Sym {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let s = Sym(self.names.len() as u32);
        self.names.push(name.into());
        self.map.insert(name.into(), s);
        s
    }

    pub fn get(&self, name: &str) -> Option<Sym> {
        self.map.get(name).copied()
    }

    pub fn name(&self, s: Sym) -> &str {
        &self.names[s.0 as usize]
    }
}
