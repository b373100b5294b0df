//! The names the printer gives: a base (a bound variable's own
//! name, or `?t` for a `let`) and a suffix `k`, spelled `base` for `k = 0`
//! and `base!k` otherwise. Names are unique by spelling among everything
//! one printer names, and never spell a function symbol of the context.
//! A name is kept as its base's symbol and its suffix (8 bytes), not as a
//! string of its own.

use crate::symbol::Sym;
use crate::term::Context;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use std::hash::BuildHasher;

/// The base `?t` of `let` names.
pub(crate) const LET_BASE: &str = "?t";

/// A base: the symbol of its text, or [`LET_BASE`] when the context has
/// no such symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Base(Option<Sym>);

impl Base {
    /// The base spelled as the symbol `s`.
    pub(crate) fn of(s: Sym) -> Base {
        Base(Some(s))
    }
}

pub(crate) struct Names<'c> {
    cx: &'c Context,
    funs: FxHashSet<&'c str>,
    /// Every name given, hashed by its spelling.
    given: hashbrown::HashTable<(Base, u32)>,
    /// Per base, the last suffix tried, so a fresh name costs O(1)
    /// amortised.
    next_suffix: FxHashMap<Base, u32>,
    /// A spelling being checked.
    scratch: String,
}

/// Write the spelling of `base` with suffix `k` to `out`.
fn spell(out: &mut String, base: &str, k: u32) {
    out.push_str(base);
    if k > 0 {
        let _ = write!(out, "!{k}");
    }
}

fn spelling_hash(name: &str) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(name)
}

/// Does `base` with suffix `k` spell `name`?
fn spells(base: &str, k: u32, name: &str) -> bool {
    let Some(rest) = name.strip_prefix(base) else {
        return false;
    };
    if k == 0 {
        return rest.is_empty();
    }
    let Some(digits) = rest.strip_prefix('!') else {
        return false;
    };
    !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits.parse::<u32>() == Ok(k)
}

/// The text of `base`.
fn text(cx: &Context, base: Base) -> &str {
    base.0.map_or(LET_BASE, |s| cx.sym_name(s))
}

impl<'c> Names<'c> {
    pub(crate) fn new(cx: &'c Context) -> Names<'c> {
        Names {
            cx,
            funs: cx.funs().map(|(_, d)| cx.sym_name(d.name)).collect(),
            given: hashbrown::HashTable::new(),
            next_suffix: FxHashMap::default(),
            scratch: String::new(),
        }
    }

    /// The base of the names of `let`s.
    pub(crate) fn let_base(&self) -> Base {
        Base(self.cx.symbols.get(LET_BASE))
    }

    /// Write the spelling of `base` with suffix `k` to `out`.
    pub(crate) fn spell(&self, out: &mut String, base: Base, k: u32) {
        spell(out, text(self.cx, base), k)
    }

    /// The suffix of a fresh name from `base`: `base` itself when free,
    /// else `base!k` for the first free `k` after the last one tried for
    /// `base`.
    pub(crate) fn fresh(&mut self, base: Base) -> u32 {
        let cx = self.cx;
        let base_text = text(cx, base);
        let next = self.next_suffix.entry(base).or_insert(0);
        let mut k = 0;
        loop {
            self.scratch.clear();
            spell(&mut self.scratch, base_text, k);
            let name = self.scratch.as_str();
            let hash = spelling_hash(name);
            let taken = self.funs.contains(name)
                || self
                    .given
                    .find(hash, |&(b, j)| spells(text(cx, b), j, name))
                    .is_some();
            if !taken {
                self.given.insert_unique(hash, (base, k), |&(b, j)| {
                    let mut s = String::new();
                    spell(&mut s, text(cx, b), j);
                    spelling_hash(&s)
                });
                return k;
            }
            *next += 1;
            k = *next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_is_matched_exactly() {
        assert!(spells("x", 0, "x") && spells("x", 12, "x!12"));
        assert!(!spells("x", 1, "x!01") && !spells("x", 1, "x!+1") && !spells("x", 1, "x1"));
        assert!(!spells("x", 0, "x!0") && !spells("x!1", 0, "x"));
        // different bases and suffixes that spell the same name
        assert!(spells("x!1", 0, "x!1") && spells("x", 1, "x!1"));
    }

    #[test]
    fn fresh_names_avoid_functions_and_each_other_by_spelling() {
        let mut cx = Context::new();
        let int = cx.int_sort();
        for f in ["f", "x!2"] {
            let name = cx.sym(f);
            cx.declare_const(name, int);
        }
        let bases: Vec<Base> = ["x", "x", "x!1", "x", "f"]
            .into_iter()
            .map(|b| Base(Some(cx.sym(b))))
            .collect();
        let mut n = Names::new(&cx);
        let bases = bases.into_iter().chain([n.let_base(), n.let_base()]);
        let given: Vec<String> = bases
            .map(|b| {
                let k = n.fresh(b);
                let mut s = String::new();
                n.spell(&mut s, b, k);
                s
            })
            .collect();
        // `x!1` as a base is taken by the second `x`; `x!2` is a function
        assert_eq!(given, ["x", "x!1", "x!1!1", "x!3", "f!1", "?t", "?t!1"]);
    }
}
