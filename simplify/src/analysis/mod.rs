//! Analyses and models that several passes share: what a pass reads from
//! a script or a term but does not rewrite.

pub mod axioms;
pub mod bounds;
pub mod record_sorts;
pub mod redeclare;
