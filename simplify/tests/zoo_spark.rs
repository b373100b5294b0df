//! The Why3-generated SPARK VCs of the zoo
//! (`smtlib-submission-2022/…/20220214-SPARK`) through the default
//! pipeline, which now includes the encoding passes (`unfold`, `records`,
//! `prune-defs`): the output must keep every known status (z3 never answers
//! against it) and z3 must accept every output. How many files z3 decides
//! before and after vcsimp depends on the machine's speed and is measured
//! in `bench/` instead.
//!
//! Time-bounded: vcsimp gets 5 s per file, z3 5 s on the files its baseline
//! decided and 1 s on the others (about 1.5 min on two cores). Skips
//! (passing) when `../shared/zoo` is absent. Needs z3.

mod common;

use common::*;
use simplify::{simplify_text, Options};
use std::time::Duration;

struct Row {
    path: String,
    expected: String,
    z3_raw: String,
}

fn spark_rows(zoo: &std::path::Path) -> Vec<Row> {
    let text = std::fs::read_to_string(zoo.join("BASELINE.tsv")).expect("BASELINE.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |n: &str| header.iter().position(|h| *h == n).unwrap();
    let (p, e, z) = (col("path_in_zoo"), col("expected_status"), col("z3_result"));
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[p].contains("20220214-SPARK/"))
        .map(|f| Row {
            path: f[p].to_string(),
            expected: f[e].to_string(),
            z3_raw: f[z].to_string(),
        })
        .collect()
}

/// z3's answer on one output (`""` when none) and whether z3 rejected it.
type Answer = (String, bool);

/// The SPARK rows and, per row, z3 on vcsimp's output.
fn run_spark() -> Option<(Vec<Row>, Vec<Answer>)> {
    let Some(zoo) = zoo_dir() else {
        eprintln!("SPARK zoo test skipped: ../shared/zoo not present");
        return None;
    };
    if !require("z3") {
        return None;
    }
    let rows = spark_rows(&zoo);
    assert!(!rows.is_empty(), "no SPARK rows in BASELINE.tsv");
    let mut options = Options::default();
    options.limits.timeout = Some(Duration::from_secs(5));
    let definite = |a: &str| a == "sat" || a == "unsat";
    let results = par_map(&rows, 2, |row| {
        let src = std::fs::read_to_string(zoo.join(&row.path)).unwrap();
        let out = simplify_text(&src, &options)
            .unwrap_or_else(|e| panic!("{}: {}", row.path, e.render(&row.path, &src)))
            .output;
        let limit = if definite(&row.z3_raw) { 5 } else { 1 };
        let t = format!("-T:{limit}");
        let ans = run_solver(&["z3", "-in", &t], &out, Duration::from_secs(limit + 5))
            .unwrap_or_default();
        assert!(
            !out.contains("vcsimp-pruned"),
            "{}: default output pruned",
            row.path
        );
        let rejected = ans.contains("(error");
        (answers(&ans).first().cloned().unwrap_or_default(), rejected)
    });
    Some((rows, results))
}

#[test]
fn spark_vcs_keep_every_known_status() {
    let Some((rows, results)) = run_spark() else {
        return;
    };
    let definite = |a: &str| a == "sat" || a == "unsat";
    let mut wrong = vec![];
    let (mut raw_decided, mut out_decided) = (0, 0);
    let mut rejected = vec![];
    for (row, (ans, rej)) in rows.iter().zip(&results) {
        if *rej {
            rejected.push(row.path.clone());
        }
        if definite(&row.z3_raw) {
            raw_decided += 1;
        }
        if definite(ans) {
            out_decided += 1;
            if definite(&row.expected) && *ans != row.expected {
                wrong.push(format!(
                    "{}: expected {}, z3 says {ans}",
                    row.path, row.expected
                ));
            }
        }
    }
    eprintln!(
        "SPARK: {} files, z3 decided {raw_decided} raw (baseline), {out_decided} after vcsimp; \
         z3 rejected {} output(s): {rejected:?}",
        rows.len(),
        rejected.len()
    );
    assert!(wrong.is_empty(), "status changed:\n{}", wrong.join("\n"));
}

/// Also a regression test: the `context` pass used to rewrite an
/// assertion into one that mentions a constant declared *after* it
/// (`(assert (= t1 t_init))` before `(declare-const t1 …)` in
/// `s-widthu.adb_137_51…`), which z3 rejects.
#[test]
fn spark_outputs_are_accepted_by_z3() {
    let Some((rows, results)) = run_spark() else {
        return;
    };
    let rejected: Vec<&str> = rows
        .iter()
        .zip(&results)
        .filter(|(_, (_, rej))| *rej)
        .map(|(r, _)| r.path.as_str())
        .collect();
    assert!(rejected.is_empty(), "z3 rejects outputs: {rejected:?}");
}
