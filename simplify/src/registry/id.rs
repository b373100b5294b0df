//! Which pass: [`PassId`], one variant per pass, and the name the command
//! line, the stats and `--explain` know it by. Everything else about a
//! pass is its entry in the registry (`PASSES`).

/// A pass. The variants are in pipeline order, as the registry lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PassId {
    SplitAsserts,
    Why3Reads,
    ArraysAsFuns,
    Unfold,
    Records,
    RecordArgs,
    RecordConsts,
    LiftedLambdas,
    PruneDefs,
    Fold,
    Rules,
    BoolNary,
    ArithCmp,
    CtxSimplify,
    GuardedEq,
    MergeQuant,
    SimpAffine,
    DecomposeQuant,
    Strengthen,
    Quant,
    CooperQe,
    AssertsAsFacts,
    UnsplitRecords,
    PruneUnused,
    NameDeep,
}

impl PassId {
    /// The command-line name (kebab-case), also the pass' name in the
    /// stats and in `--explain`.
    pub const fn name(self) -> &'static str {
        match self {
            PassId::SplitAsserts => "split-asserts",
            PassId::Why3Reads => "why3-reads",
            PassId::ArraysAsFuns => "arrays-as-funs",
            PassId::Unfold => "unfold",
            PassId::Records => "records",
            PassId::RecordArgs => "record-args",
            PassId::RecordConsts => "record-consts",
            PassId::LiftedLambdas => "lifted-lambdas",
            PassId::PruneDefs => "prune-defs",
            PassId::Fold => "fold",
            PassId::Rules => "rules",
            PassId::BoolNary => "bool-nary",
            PassId::ArithCmp => "arith-cmp",
            PassId::CtxSimplify => "ctx-simplify",
            PassId::GuardedEq => "guarded-eq",
            PassId::MergeQuant => "merge-quant",
            PassId::SimpAffine => "simp-affine",
            PassId::DecomposeQuant => "decompose-quant",
            PassId::Strengthen => "strengthen",
            PassId::Quant => "quant",
            PassId::CooperQe => "cooper-qe",
            PassId::AssertsAsFacts => "asserts-as-facts",
            PassId::UnsplitRecords => "unsplit-records",
            PassId::PruneUnused => "prune-unused",
            PassId::NameDeep => "name-deep",
        }
    }
}

impl std::fmt::Display for PassId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
