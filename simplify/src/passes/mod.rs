//! Thread-indexed passes of issue 5 (sections 4.1 to 4.5 of the paper).
//!
//! * [`bounds`]: the quantifier bound analysis (an analysis API, not a pass);
//! * [`SimpAffine`] (`simp-affine`): common factors and affine forms.

pub mod bounds;
pub mod simp_affine;
pub(crate) mod util;

pub use simp_affine::SimpAffine;
