//! Sorts, interned so that equal sorts have equal ids.

use crate::symbol::Sym;

/// Index of an interned sort in a [`SortTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SortId(pub u32);

/// The structure of a sort. `define-sort` aliases are expanded when read,
/// so two sorts are equal exactly when their ids are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SortKind {
    Bool,
    Int,
    Real,
    /// `(_ BitVec n)`.
    BitVec(u32),
    /// `(Array index element)`.
    Array(SortId, SortId),
    /// A sort constructor applied to arguments: declared sorts, datatypes,
    /// and theory sorts vcsimp does not reason about (`String`, `RegLan`,
    /// `RoundingMode`, `(Seq T)`, `Float32`, …).
    Named(Sym, Box<[SortId]>),
    /// An indexed sort other than bit-vectors, e.g. `(_ FloatingPoint 8 24)`;
    /// the indices are kept as written.
    Indexed(Sym, Box<[Sym]>),
    /// A sort parameter of a parametric datatype or `define-sort`.
    Param(Sym),
}

/// Where sorts are interned (the term context): what reading a sort, or the
/// sort of a theory operator, needs.
pub trait SortTable {
    /// The symbol spelled `name`.
    fn sym(&mut self, name: &str) -> Sym;
    /// The id of the sort `kind`, interned.
    fn sort(&mut self, kind: SortKind) -> SortId;
    /// The structure of the sort `s`.
    fn sort_kind(&self, s: SortId) -> &SortKind;
}
