//! The command-line options that `vcsimp`, `vcsimp batch` and `vcsimp
//! solve` share: which passes run. Each front end flattens [`PassFlags`]
//! into its own arguments (`#[command(flatten)]`).

use crate::pipeline::PassId;
use crate::registry;
use clap::Args;

/// `--passes`, `--strengthen` and `--prune-unused`.
#[derive(Args, Debug, Clone, Default)]
pub struct PassFlags {
    /// Comma-separated passes to run, or `none` to only parse and print;
    /// `default` stands for the default pipeline (`default,record-args` adds
    /// an opt-in pass). Default: every sound pass but record-args. `vcsimp
    /// --help` lists the passes.
    #[arg(long, value_name = "LIST")]
    pub passes: Option<String>,

    /// Also run the strengthening heuristics of the paper's 4.5. Not
    /// equivalences: unsat still proves the input unsat, but sat or unknown
    /// mean nothing. The output says so (`:vcsimp-strengthened`).
    #[arg(long)]
    pub strengthen: bool,

    /// Also drop quantified assertions that share no symbol with the goal
    /// (library axioms). Not an equivalence: unsat still proves the input
    /// unsat, sat or unknown mean nothing. The output says so
    /// (`:vcsimp-pruned`).
    #[arg(long)]
    pub prune_unused: bool,
}

impl PassFlags {
    /// The passes these flags select: `--passes` (or the default
    /// pipeline), plus the opt-in passes asked for. An error names an
    /// unknown pass and lists the known ones.
    pub fn passes(&self) -> Result<Vec<PassId>, String> {
        let mut passes = match &self.passes {
            Some(list) => parse_passes(list)?,
            None => PassId::default_passes(),
        };
        for (on, pass) in [
            (self.strengthen, PassId::Strengthen),
            (self.prune_unused, PassId::PruneUnused),
        ] {
            if on && !passes.contains(&pass) {
                passes.push(pass);
            }
        }
        Ok(passes)
    }
}

/// The list of passes for a help screen.
pub fn pass_list_help() -> String {
    registry::help_text()
}

/// Parse a `--passes` list.
pub fn parse_passes(list: &str) -> Result<Vec<PassId>, String> {
    if list == "none" {
        return Ok(vec![]);
    }
    let mut passes = vec![];
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        // `default` stands for the default pipeline, so that an opt-in pass
        // can be added to it: `--passes default,record-args`
        let add = if name == "default" {
            PassId::default_passes()
        } else {
            vec![PassId::parse(name)
                .ok_or_else(|| format!("unknown pass '{name}'\n{}", pass_list_help()))?]
        };
        for p in add {
            if !passes.contains(&p) {
                passes.push(p);
            }
        }
    }
    Ok(passes)
}
