//! Quantifier elimination over the integers: linear formulas with atoms
//! ([`formula`]) and Cooper's method on them ([`cooper`]). The pass that
//! uses them is `cooper-qe`.

pub mod cooper;
pub mod formula;
