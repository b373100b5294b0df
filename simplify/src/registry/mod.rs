//! The pass registry: one [`PassInfo`] per pass, in pipeline order.
//!
//! Everything that lists passes comes from [`PASSES`]: the names and
//! aliases `--passes` accepts ([`PassId::parse`]), the default pipeline
//! ([`PassId::default_passes`]), the pass list of `--help`
//! ([`help_text`]), the markers an unsat-only pass puts on its output
//! ([`Soundness::UnsatOnly`]), the order the pipeline runs the passes of a
//! stage in, and the pass table of the top-level `README.md`
//! ([`markdown_table`], checked by a test). A new pass is one file in
//! `simplify/src/passes/` and one entry here (see `passes/README.md`).

mod id;

pub use crate::pass::{Marker, Soundness};
pub use id::PassId;

use crate::pass::{ScriptPass, TermPass};
use smtlib_io::Script;

/// Where in the pipeline a pass runs (in this order; within a stage, in
/// registry order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Whole-script passes on the parsed script.
    Prepare,
    /// Term passes that see through the encoding (definitions, records);
    /// every result within the growth bound is taken.
    Encoding,
    /// Whole-script passes on the decoded script, before saturation.
    Decoded,
    /// Settings of the e-graph saturation that follows (and that runs again
    /// on every assertion a later stage changes).
    Saturation,
    /// Term passes on the extracted terms, in rounds; a result is taken
    /// when it is no more costly (`crate::cost`).
    Rounds,
    /// The assertions of each check-sat scope as facts for each other
    /// (`asserts-as-facts`): before every round and after the last.
    Scope,
    /// Whole-script passes on the final script.
    Finish,
}

impl Stage {
    /// The name the README table uses.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Prepare => "prepare",
            Stage::Encoding => "encoding",
            Stage::Decoded => "decoded",
            Stage::Saturation => "e-graph",
            Stage::Rounds => "rounds",
            Stage::Scope => "scope",
            Stage::Finish => "finish",
        }
    }
}

/// Makes the term passes of an entry from the script as it enters the
/// stage and the chosen passes.
pub type MakeTerms = fn(&Script, &[PassId]) -> Vec<Box<dyn TermPass>>;

/// A fresh pass for the last run, made from the script as it enters it.
pub type MakeLast = fn(&Script) -> Box<dyn TermPass>;

/// How the pipeline makes a pass.
#[derive(Clone, Copy)]
pub enum Build {
    /// Term passes for the stage, made from the script as it enters the
    /// stage and the chosen passes (a pass may bring companions: `records`
    /// is followed by `quant` and `unfold` when those are on).
    Terms(MakeTerms),
    /// A whole-script pass.
    Script(fn() -> Box<dyn ScriptPass>),
    /// A setting of the e-graph saturation (`fold`, `rules`, ...), or the
    /// `asserts-as-facts` stage, which the pipeline drives itself.
    Driver,
}

/// One pass.
#[derive(Clone, Copy)]
pub struct PassInfo {
    /// Which pass; its name is [`PassId::name`].
    pub id: PassId,
    /// Other names `--passes` accepts.
    pub aliases: &'static [&'static str],
    /// One line for `--help` and the README table.
    pub doc: &'static str,
    pub soundness: Soundness,
    /// In the default pipeline (else opt-in).
    pub default: bool,
    /// The stages it runs in (`prune-defs` runs twice).
    pub stages: &'static [Stage],
    /// The section of Kojima, Imanishi and Igarashi's paper it implements,
    /// or "".
    pub paper: &'static str,
    pub build: Build,
    /// For a [`Stage::Rounds`] pass with a conservative mode
    /// ([`TermPass::apply_conservatively`]): a fresh pass for the last run
    /// after the rounds, whose rejected results fall back to that mode.
    pub last_run: Option<MakeLast>,
}

impl std::fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassInfo").field("id", &self.id).finish()
    }
}

impl PassInfo {
    /// The command-line name.
    pub fn name(&self) -> &'static str {
        self.id.name()
    }
}

impl PassId {
    /// The registry entry.
    pub fn info(self) -> &'static PassInfo {
        PASSES
            .iter()
            .find(|p| p.id == self)
            .expect("every pass has an entry (checked by a test)")
    }

    /// Look a pass up by its name or one of its aliases.
    pub fn parse(s: &str) -> Option<PassId> {
        PASSES
            .iter()
            .find(|p| p.name() == s || p.aliases.contains(&s))
            .map(|p| p.id)
    }

    /// Every pass, in registry (pipeline) order.
    pub fn all() -> Vec<PassId> {
        PASSES.iter().map(|p| p.id).collect()
    }

    /// The default pipeline: the passes whose entry says `default`.
    pub fn default_passes() -> Vec<PassId> {
        PASSES.iter().filter(|p| p.default).map(|p| p.id).collect()
    }
}

/// The fields most entries share (an equivalence in the default pipeline,
/// from no section of the paper, run by the driver); an entry names its
/// own and takes the rest from here with `..PASS`.
const PASS: PassInfo = PassInfo {
    id: PassId::SplitAsserts,
    aliases: &[],
    doc: "",
    soundness: Soundness::Equivalence,
    default: true,
    stages: &[],
    paper: "",
    build: Build::Driver,
    last_run: None,
};

fn unfold(script: &Script) -> Box<dyn TermPass> {
    let defined = crate::analysis::axioms::script_definitions(script);
    Box::new(crate::passes::unfold::Unfold::with_defined(defined))
}

/// Every pass, in pipeline order.
pub static PASSES: &[PassInfo] = &[
    PassInfo {
        id: PassId::SplitAsserts,
        doc: "top-level conjunctions and negated implications (Boogie's one-assertion VCs) become separate assertions",
        stages: &[Stage::Prepare],
        build: Build::Script(|| Box::new(crate::passes::split_asserts::SplitAsserts)),
        ..PASS
    },
    PassInfo {
        id: PassId::Why3Reads,
        doc: "reads under Why3's polymorphism encoding, (tb2t (f c̄ (t2tb x))), become define-funs of x; thread pairs rebuilt from bridged fields get their derived inversion axiom",
        stages: &[Stage::Prepare, Stage::Decoded, Stage::Finish],
        build: Build::Script(|| Box::new(crate::passes::why3_reads::Why3Reads)),
        ..PASS
    },
    PassInfo {
        id: PassId::ArraysAsFuns,
        doc: "an array symbol only ever read, (select a(t̄) i), is declared as a function a(t̄, i)",
        soundness: Soundness::Equisatisfiable,
        stages: &[Stage::Prepare],
        build: Build::Script(|| Box::new(crate::passes::arrays_as_funs::ArraysAsFuns)),
        ..PASS
    },
    PassInfo {
        id: PassId::Unfold,
        doc: "definitional axioms ∀x̄. f(x̄) = body and define-funs as macros; round-trip and projection axioms as size-decreasing rewrites",
        stages: &[Stage::Encoding],
        build: Build::Terms(|s, _| vec![unfold(s)]),
        ..PASS
    },
    PassInfo {
        id: PassId::Records,
        doc: "∀t:S. φ(t) becomes ∀ū. φ(mk(ū)) for a record sort S (inversion axiom or one-constructor datatype)",
        stages: &[Stage::Encoding],
        build: Build::Terms(|s, on| {
            let mut v: Vec<Box<dyn TermPass>> = vec![Box::new(crate::passes::records::Records::default())];
            if on.contains(&PassId::Quant) {
                // fields pinned by singleton ranges (`0 <= y < 1`) go at once
                v.push(Box::new(crate::passes::quant::QuantPass));
            }
            if on.contains(&PassId::Unfold) {
                // projections of constructors and definitions exposed by the split
                v.push(unfold(s));
            }
            v
        }),
        ..PASS
    },
    PassInfo {
        id: PassId::RecordArgs,
        doc: "a function applied only to constructed records takes their fields: f(mk(a, b)) becomes f(a, b)",
        soundness: Soundness::Equisatisfiable,
        default: false,
        stages: &[Stage::Decoded],
        build: Build::Script(|| Box::new(crate::passes::record_args::RecordArgs)),
        ..PASS
    },
    PassInfo {
        id: PassId::RecordConsts,
        doc: "a constant of a record sort becomes the constructor of fresh constants, one per field: c becomes mk(c₁, …, cₙ)",
        soundness: Soundness::Equisatisfiable,
        stages: &[Stage::Decoded],
        build: Build::Script(|| Box::new(crate::passes::record_consts::RecordConsts)),
        ..PASS
    },
    PassInfo {
        id: PassId::LiftedLambdas,
        doc: "a lifted lambda whose definition is an instance of another's is read as that one under application and sum-like functions with an extensionality lemma: sum(f(t), a, b) becomes sum(f1(tid(t)), a, b)",
        stages: &[Stage::Decoded],
        build: Build::Script(|| Box::new(crate::passes::lifted_lambdas::LiftedLambdas)),
        ..PASS
    },
    PassInfo {
        id: PassId::PruneDefs,
        doc: "drop the definitional axioms and define-funs of symbols no longer used, and Why3's lemmas on div and mod (valid in the theory) when nothing else uses div or mod",
        soundness: Soundness::Equisatisfiable,
        stages: &[Stage::Decoded, Stage::Finish],
        build: Build::Script(|| Box::new(crate::passes::prune_defs::PruneDefs)),
        ..PASS
    },
    PassInfo {
        id: PassId::Fold,
        doc: "constant folding and polynomial normal forms (e-graph analysis)",
        stages: &[Stage::Saturation],
        ..PASS
    },
    PassInfo {
        id: PassId::Rules,
        doc: "the rewrite rules of rules/*.rules",
        stages: &[Stage::Saturation],
        ..PASS
    },
    PassInfo {
        id: PassId::BoolNary,
        doc: "n-ary and/or: flatten, drop true/false, duplicates, complements; implication chains into one guard",
        stages: &[Stage::Saturation],
        ..PASS
    },
    PassInfo {
        id: PassId::ArithCmp,
        doc: "canonical linear comparisons (gcd, Int strict to non-strict)",
        stages: &[Stage::Saturation],
        ..PASS
    },
    PassInfo {
        id: PassId::CtxSimplify,
        doc: "each subformula is simplified under the literals that hold where it stands (hypotheses, sibling conjuncts and disjuncts, ite conditions, implied Int bounds)",
        stages: &[Stage::Encoding, Stage::Rounds],
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::ctx_simplify::CtxSimplify)]),
        ..PASS
    },
    PassInfo {
        id: PassId::GuardedEq,
        aliases: &["elim-assign"],
        doc: "guarded equalities and assign constraints rewrite other formulas (a case guarded by a negated range, n < 0 ∨ k <= n, is a rule too; a step f(x, h + 1) = … is read as f(x, h) = … at h - 1); a writer's thread variable that its conditions pin to one value (0 <= z < 1) takes it, and those its index leaves free become Skolem functions of the index (equisatisfiable; not in scripts with push/pop or model queries)",
        stages: &[Stage::Rounds],
        paper: "4.1, 4.2",
        build: Build::Terms(|s, on| {
            let skolems = crate::passes::guarded_eq::skolems_allowed(s);
            let pass = crate::passes::guarded_eq::GuardedEq::default()
                .with_skolems(skolems)
                .with_trigger_heads(crate::passes::guarded_eq::trigger_heads(s));
            let mut v: Vec<Box<dyn TermPass>> = vec![Box::new(pass)];
            if on.contains(&PassId::Unfold) {
                // wrappers exposed by guarded rewriting (`tb2t(t2tb e)`)
                v.push(unfold(s));
            }
            v
        }),
        last_run: Some(|s| {
            let heads = crate::passes::guarded_eq::trigger_heads(s);
            Box::new(crate::passes::guarded_eq::GuardedEq::default().with_trigger_heads(heads))
        }),
        ..PASS
    },
    PassInfo {
        id: PassId::MergeQuant,
        doc: "merge two bounded quantified variables used only as x + a*y",
        stages: &[Stage::Rounds],
        paper: "4.3",
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::merge_quant::MergeQuant::default())]),
        ..PASS
    },
    PassInfo {
        id: PassId::SimpAffine,
        doc: "common factors and bounded affine comparisons a*t + x vs a*t' + x'",
        stages: &[Stage::Rounds],
        paper: "4.4",
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::simp_affine::SimpAffine::default())]),
        ..PASS
    },
    PassInfo {
        id: PassId::DecomposeQuant,
        doc: "split x in [0, k*a) into a*x1 + x2 when that lets simp-affine fire",
        stages: &[Stage::Rounds],
        paper: "7",
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::decompose_quant::DecomposeQuant::default())]),
        ..PASS
    },
    PassInfo {
        id: PassId::Strengthen,
        doc: "the strengthening heuristics (also --strengthen)",
        soundness: Soundness::UnsatOnly(crate::passes::strengthen::STRENGTHENED_MARKER),
        default: false,
        stages: &[Stage::Rounds],
        paper: "4.5",
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::strengthen::Strengthen::default())]),
        ..PASS
    },
    PassInfo {
        id: PassId::Quant,
        doc: "quantifiers: equality resolution (also of an Int equation solved for a variable of coefficient ±1, and of Int bounds lo ≤ x ≤ lo with lo not a numeral), unused variables, splitting, miniscoping, an existential split by cases when each case then resolves",
        stages: &[Stage::Rounds],
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::quant::QuantPass)]),
        ..PASS
    },
    PassInfo {
        id: PassId::CooperQe,
        doc: "Cooper elimination of linear Int variables, nonlinear parameters as atoms",
        stages: &[Stage::Rounds],
        build: Build::Terms(|_, _| vec![Box::new(crate::passes::cooper_qe::CooperQe::default())]),
        ..PASS
    },
    PassInfo {
        id: PassId::AssertsAsFacts,
        aliases: &["context"],
        doc: "assertions simplify each other within their check-sat scopes",
        stages: &[Stage::Scope],
        ..PASS
    },
    PassInfo {
        id: PassId::UnsplitRecords,
        doc: "a quantifier over the fields ū of a record (records' split) that no pass reduced becomes one over the record again: ∀ū. φ(ū, mk(ū)) becomes ∀t. φ(p̄(t), t); run after the deadline too, as linear work that undoes the split",
        stages: &[Stage::Finish],
        ..PASS
    },
    PassInfo {
        id: PassId::PruneUnused,
        doc: "drop quantified assertions that share no symbol with the goal (also --prune-unused)",
        soundness: Soundness::UnsatOnly(crate::passes::prune_unused::PRUNED_MARKER),
        default: false,
        stages: &[Stage::Finish],
        build: Build::Script(|| Box::new(crate::passes::prune_unused::PruneUnused)),
        ..PASS
    },
    PassInfo {
        id: PassId::NameDeep,
        doc: "a Boolean subformula nested more than 8 and/or levels deep (negations pushed in) in an assertion or a nullary Bool define-fun becomes a fresh constant c with the assertion (= c φ) (Boogie's VCs nest one level per assert; z3's ctx-simplify spends its budget on such nesting); first, a nullary Bool define-fun's body takes the values that unit assertions in force give to declared constants (Boolean guards, launch sizes) and is folded, integer and bit-vector operators over literals included",
        soundness: Soundness::Equisatisfiable,
        stages: &[Stage::Finish],
        build: Build::Script(|| Box::new(crate::passes::name_deep::NameDeep)),
        ..PASS
    },
];

/// The passes of `stage` among `passes`, in registry order.
pub fn in_stage(passes: &[PassId], stage: Stage) -> Vec<&'static PassInfo> {
    PASSES
        .iter()
        .filter(|p| p.stages.contains(&stage) && passes.contains(&p.id))
        .collect()
}

/// The pass list of `--help`: one line per pass, in pipeline order.
pub fn help_text() -> String {
    let mut s = String::from("PASSES (in pipeline order; * = opt-in):\n");
    for p in PASSES {
        let mut name = p.name().to_string();
        for a in p.aliases {
            name.push_str(&format!(", {a}"));
        }
        let star = if p.default { ' ' } else { '*' };
        let sound = match p.soundness {
            Soundness::Equivalence => String::new(),
            ref other => format!(" [{}]", other.label()),
        };
        s.push_str(&format!("  {star}{name:<26} {}{sound}\n", p.doc));
    }
    s
}

/// The pass table of the top-level `README.md`, in pipeline order.
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| pass | stage | what | keeps | default | paper |\n|---|---|---|---|---|---|\n",
    );
    for p in PASSES {
        let mut name = format!("`{}`", p.name());
        for a in p.aliases {
            name.push_str(&format!(" (`{a}`)"));
        }
        let stages: Vec<&str> = p.stages.iter().map(|s| s.label()).collect();
        let keeps = match p.soundness {
            Soundness::UnsatOnly(m) => format!("unsat only, marked `{}`", m.info),
            ref other => other.label().to_string(),
        };
        s.push_str(&format!(
            "| {name} | {} | {} | {keeps} | {} | {} |\n",
            stages.join(", "),
            p.doc.replace('|', "\\|"),
            if p.default { "yes" } else { "opt-in" },
            p.paper
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for p in PASSES {
            for n in std::iter::once(&p.name()).chain(p.aliases) {
                assert!(seen.insert(*n), "{n} twice");
                assert!(
                    n.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{n}"
                );
                assert_ne!(*n, "default");
                assert_ne!(*n, "none");
            }
        }
    }

    #[test]
    fn every_pass_has_one_entry_in_id_order_and_builds_itself() {
        let ids: Vec<PassId> = PASSES.iter().map(|p| p.id).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        assert_eq!(PASSES.len(), PassId::NameDeep as usize + 1);
        let script = smtlib_io::parse_script("(check-sat)").expect("a script");
        for p in PASSES {
            assert_eq!(PassId::parse(p.name()), Some(p.id));
            match p.build {
                Build::Terms(make) => {
                    assert_eq!(make(&script, &PassId::all())[0].id(), p.id)
                }
                Build::Script(make) => assert_eq!(make().id(), p.id),
                Build::Driver => {}
            }
            if let Some(last) = p.last_run {
                assert_eq!(last(&script).id(), p.id);
            }
        }
    }

    #[test]
    fn aliases_parse_to_their_pass() {
        assert_eq!(PassId::parse("elim-assign"), Some(PassId::GuardedEq));
        assert_eq!(PassId::parse("context"), Some(PassId::AssertsAsFacts));
        assert_eq!(PassId::parse("guarded-eq").unwrap().name(), "guarded-eq");
        assert_eq!(PassId::parse("nope"), None);
    }

    #[test]
    fn opt_in_is_exactly_the_unsat_only_passes_and_record_args() {
        let opt_in: Vec<&str> = PASSES
            .iter()
            .filter(|p| !p.default)
            .map(|p| p.name())
            .collect();
        assert_eq!(opt_in, ["record-args", "strengthen", "prune-unused"]);
        for p in PASSES {
            if let Soundness::UnsatOnly(m) = p.soundness {
                assert!(!p.default, "{} is unsound for sat", p.name());
                assert!(m.comment.starts_with(';') && m.info.starts_with("(set-info"));
            }
        }
    }

    #[test]
    fn registry_order_is_pipeline_order() {
        // passes of one stage are listed in the order of the stages (a pass
        // of several stages stands where it runs among the later one's)
        let single: Vec<Stage> = PASSES
            .iter()
            .filter(|p| p.stages.len() == 1)
            .map(|p| p.stages[0])
            .collect();
        assert!(single.windows(2).all(|w| w[0] <= w[1]), "{single:?}");
    }

    #[test]
    fn builds_match_stages() {
        for p in PASSES {
            assert!(!p.stages.is_empty(), "{}", p.name());
            for s in p.stages {
                let ok = matches!(
                    (p.build, s),
                    (Build::Terms(_), Stage::Encoding | Stage::Rounds)
                        | (
                            Build::Script(_),
                            Stage::Prepare | Stage::Decoded | Stage::Finish
                        )
                        | (
                            Build::Driver,
                            Stage::Saturation | Stage::Scope | Stage::Finish
                        )
                );
                assert!(ok, "{}: build does not fit stage {s:?}", p.name());
            }
            assert!(p.last_run.is_none() || p.stages == [Stage::Rounds]);
        }
    }
}
