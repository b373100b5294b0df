//! Thread-indexed passes of issue 5 (sections 4.1 to 4.5 of the paper).
//!
//! * [`bounds`]: the quantifier bound analysis (an analysis API, not a pass);
//! * [`GuardedEq`] (`guarded-eq`, alias `elim-assign`): guarded equalities
//!   and assigns;
//! * [`MergeQuant`] (`merge-quant`): merge two bounded quantified variables;
//! * [`SimpAffine`] (`simp-affine`): common factors and affine forms;
//! * [`DecomposeQuant`] (`decompose-quant`): split `x ∈ [0, k*a)` into
//!   `a*x1 + x2` when SimpAffine then linearises;
//! * [`Strengthen`] (`strengthen`): the 4.5 heuristics, opt-in, not
//!   equivalences (see [`strengthen::STRENGTHENED_INFO`]).
//!
//! * [`encodings`]: [`Unfold`] (`unfold`), [`Records`] (`records`),
//!   [`encodings::prune_definitions`] (`prune-defs`) and the opt-in
//!   [`encodings::prune_unused`] (`prune-unused`, see [`PRUNED_INFO`]).
//!
//! * [`array_funs`]: `arrays-as-funs`, arrays that are only read become
//!   functions (equisatisfiable; equivalent up to that renaming).
//! * [`record_args`]: `record-args`, functions applied only to constructed
//!   records take the fields (equisatisfiable).
//!
//! Every pass is an equivalence under the facts except `strengthen` and
//! `prune-unused`; `prune-defs` keeps satisfiability exactly and
//! equivalence over every symbol it does not drop.

pub mod array_funs;
pub mod bounds;
pub mod decompose;
pub mod encodings;
pub mod guarded_eq;
pub mod merge_quant;
pub mod record_args;
pub mod redeclare;
pub mod simp_affine;
pub mod strengthen;
pub(crate) mod util;

pub use decompose::DecomposeQuant;
pub use encodings::{Records, Unfold};
pub use guarded_eq::GuardedEq;
pub use merge_quant::MergeQuant;
pub use simp_affine::SimpAffine;
pub use strengthen::{Strengthen, STRENGTHENED_COMMENT, STRENGTHENED_INFO};

/// The `set-info` command an output filtered by `--prune-unused` carries.
pub const PRUNED_INFO: &str = "(set-info :vcsimp-pruned true)";
/// The comment that precedes [`PRUNED_INFO`].
pub const PRUNED_COMMENT: &str =
    "; vcsimp --prune-unused: unsat proves the input unsat; sat/unknown mean nothing";
