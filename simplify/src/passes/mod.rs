//! The passes: one file (or folder) per pass, named after it. What each
//! pass is called, what it keeps of the input's meaning, whether it is on
//! by default and where in the pipeline it runs is its entry in the
//! registry (`src/registry/`), the one list of passes; `README.md` in this
//! folder says how to add one. The interfaces a pass implements are in
//! `src/pass.rs`; what several passes read but do not rewrite is in
//! `src/analysis/`.

pub mod arrays_as_funs;
pub mod asserts_as_facts;
pub mod cooper_qe;
pub mod ctx_simplify;
pub mod decompose_quant;
pub mod guarded_eq;
pub mod lifted_lambdas;
pub mod merge_quant;
pub mod name_deep;
pub mod prune_defs;
pub mod prune_unused;
pub mod quant;
pub mod record_args;
pub mod record_consts;
pub mod records;
pub mod simp_affine;
pub mod split_asserts;
pub mod strengthen;
pub mod unfold;
pub mod why3_reads;
