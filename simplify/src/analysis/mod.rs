//! Analyses and models that several passes share: what a pass reads from
//! a script or a term but does not rewrite.

pub mod bounds;
pub mod redeclare;
