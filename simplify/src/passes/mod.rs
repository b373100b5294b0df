//! The passes. Each pass is one file here and one entry in [`registry`],
//! which gives its name, soundness, stage and constructor (see
//! `README.md` in this folder for how to add one).
//!
//! * term passes ([`crate::pass::TermPass`], one assertion at a time):
//!   [`GuardedEq`] (`guarded-eq`, alias `elim-assign`, the paper's 4.1 and
//!   4.2), [`MergeQuant`] (4.3), [`SimpAffine`] (4.4), [`DecomposeQuant`]
//!   (7), the opt-in [`Strengthen`] (4.5, not equivalences), and
//!   [`Unfold`] ([`encodings`]) and [`Records`] ([`records`]);
//! * script passes ([`crate::pass::ScriptPass`], the whole script):
//!   [`split_asserts`], [`array_funs`], [`record_args`], [`record_consts`],
//!   [`lifted_lambdas`],
//!   [`context`], and
//!   `prune-defs` and the opt-in `prune-unused` ([`prune`]);
//! * [`bounds`]: the quantifier bound analysis (an analysis API, not a
//!   pass).
//!
//! Every pass is an equivalence under the facts except `strengthen` and
//! `prune-unused` (sound for unsat only, their output is marked);
//! `arrays-as-funs`, `record-args`, `record-consts` and `prune-defs` keep satisfiability
//! exactly and equivalence over every symbol they do not touch.

pub mod array_funs;
pub mod context;
pub mod cooper_qe;
pub mod ctx_simplify;
pub mod decompose;
pub mod guarded_eq;
pub mod lifted_lambdas;
pub mod merge_quant;
pub mod prune_defs;
pub mod quant;
pub mod record_args;
pub mod record_consts;
pub mod records;
pub mod simp_affine;
pub mod split_asserts;
pub mod strengthen;
pub mod unfold;
pub mod why3_reads;

pub use decompose::DecomposeQuant;
pub use guarded_eq::GuardedEq;
pub use merge_quant::MergeQuant;
pub use records::Records;
pub use simp_affine::SimpAffine;
pub use strengthen::{Strengthen, STRENGTHENED_INFO};
pub use unfold::Unfold;
