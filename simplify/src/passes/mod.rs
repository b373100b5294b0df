//! Thread-indexed passes of issue 5 (sections 4.1 to 4.5 of the paper).
//!
//! * [`bounds`]: the quantifier bound analysis (an analysis API, not a pass);
//! * [`SimpAffine`] (`simp-affine`): common factors and affine forms;
//! * [`GuardedEq`] (`guarded-eq`, alias `elim-assign`): guarded equalities and assigns;
//! * [`MergeQuant`] (`merge-quant`): merge two bounded quantified variables.

pub mod bounds;
pub mod guarded_eq;
pub mod merge_quant;
pub mod simp_affine;
pub(crate) mod util;

pub use guarded_eq::GuardedEq;
pub use merge_quant::MergeQuant;
pub use simp_affine::SimpAffine;
