//! The paper's two tasks per VC (section 5.1), as separate outputs for
//! solver portfolios.
//!
//! MergeQuant and SimpAffine each destroy the pattern the other needs, so
//! VeriCUDA emits every VC twice: S1 runs MergeQuant and then SimpAffine, S2
//! runs SimpAffine alone. vcsimp's default pipeline is S1-like (it runs
//! `merge-quant` before `simp-affine`, and decomposition lets SimpAffine
//! fire on merged ranges). [`simplify_variant`] also runs the S2-like
//! pipeline, the same passes without `merge-quant`. Both outputs are
//! equivalent to the input, like the default one; a portfolio runs a solver
//! on each and takes the first answer.

use crate::pipeline::{simplify_script, Options, Outcome, PassId};
use smtlib_io::Script;

/// One of the paper's two tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// S1: MergeQuant, then SimpAffine (the default pipeline).
    MergeThenAffine,
    /// S2: SimpAffine without MergeQuant.
    AffineOnly,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::MergeThenAffine, Variant::AffineOnly];

    /// The output file name used by `--variants DIR`.
    pub fn file_name(self) -> &'static str {
        match self {
            Variant::MergeThenAffine => "s1-merge-quant.smt2",
            Variant::AffineOnly => "s2-simp-affine.smt2",
        }
    }

    /// The comment line that opens the variant's output.
    pub fn comment(self) -> &'static str {
        match self {
            Variant::MergeThenAffine => {
                "; vcsimp variant S1 (paper 5.1): merge-quant, then simp-affine. Equivalent to the input."
            }
            Variant::AffineOnly => {
                "; vcsimp variant S2 (paper 5.1): simp-affine without merge-quant. Equivalent to the input."
            }
        }
    }

    /// The passes of this variant, given the passes the user chose.
    pub fn passes(self, chosen: &[PassId]) -> Vec<PassId> {
        match self {
            Variant::MergeThenAffine => chosen.to_vec(),
            Variant::AffineOnly => chosen
                .iter()
                .copied()
                .filter(|&p| p != PassId::MergeQuant)
                .collect(),
        }
    }
}

/// Run `script` through `variant` of `options`' passes. The output text
/// starts with the variant's comment.
pub fn simplify_variant(script: Script, options: &Options, variant: Variant) -> Outcome {
    let opts = Options {
        passes: variant.passes(&options.passes),
        ..options.clone()
    };
    let mut outcome = simplify_script(script, &opts);
    outcome.output = format!("{}\n{}", variant.comment(), outcome.output);
    outcome
}
