//! Soundness on the whole corpus: z3 and cvc5 (1 s each) on vcsimp's
//! default output of every `corpus/**/*.smt2` never contradict the file's
//! `(set-info :status ...)` (or its family's `EXPECT.tsv`). Cheap enough for every CI run, and it caught
//! a real bug (a context-dependent rewrite unioned into the e-graph let
//! two duplicate assertions delete each other: unsat became sat).

mod common;

use common::{answers, corpus_files, par_map, require, run_solver};
use simplify::{simplify_text, Options};
use std::time::Duration;

/// The file's `(set-info :status ...)`, else its row in
/// `corpus/<family>/EXPECT.tsv` (columns `file`, `expected`; file relative to
/// the family directory), for families printed by real tools, whose files
/// carry no status.
fn expected_status(path: &std::path::Path, src: &str) -> Option<&'static str> {
    if src.contains("(set-info :status unsat)") {
        return Some("unsat");
    } else if src.contains("(set-info :status sat)") {
        return Some("sat");
    }
    let corpus = common::repo_root().join("corpus");
    let rel = path.strip_prefix(&corpus).ok()?;
    let family = rel.components().next()?;
    let tsv = std::fs::read_to_string(corpus.join(family).join("EXPECT.tsv")).ok()?;
    let key = rel.strip_prefix(family).ok()?.to_str()?.to_string();
    tsv.lines().find_map(|l| match l.split_once('\t') {
        Some((f, "unsat")) if f == key => Some("unsat"),
        Some((f, "sat")) if f == key => Some("sat"),
        _ => None,
    })
}

#[test]
fn solvers_never_contradict_the_status_after_vcsimp() {
    if !require("z3") || !require("cvc5") {
        return;
    }
    let files = corpus_files();
    assert!(files.len() >= 150, "corpus has {} files", files.len());
    let limit = Duration::from_secs(3);
    let wrong: Vec<String> = par_map(&files, 2, |f| {
        let src = std::fs::read_to_string(f).expect("read");
        let Some(want) = expected_status(f, &src) else {
            return vec![];
        };
        let out = simplify_text(&src, &Options::default())
            .expect("simplifies")
            .output;
        let mut bad = vec![];
        for cmd in [&["z3", "-in", "-T:1"][..], &["cvc5", "--tlimit=1000"][..]] {
            let got = run_solver(cmd, &out, limit)
                .map(|o| answers(&o))
                .unwrap_or_default();
            if let Some(a) = got
                .first()
                .filter(|a| ["sat", "unsat"].contains(&a.as_str()))
            {
                if a != want {
                    bad.push(format!(
                        "{}: {} says {a}, expected {want}",
                        f.display(),
                        cmd[0]
                    ));
                }
            }
        }
        bad
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        wrong.is_empty(),
        "status contradicted:\n{}",
        wrong.join("\n")
    );
}
