//! Smoke test of the thread-indexed passes over the whole corpus: every
//! assertion of every file is rewritten in turn (the others as facts) by
//! guarded-eq, merge-quant, simp-affine and decompose-quant; nothing may
//! panic, blow up or take long. With `VCSIMP_Z3=1`, z3 (2 s) checks that no
//! answer contradicts the file's `:status` after the passes (a soundness
//! smoke test) and counts the tasks proved before and after.
//!
//! `VCSIMP_CORPUS_FILTER=<substring>` and `VCSIMP_CORPUS_STATUS=sat` select files.
//!
//! Run: `cargo test -p simplify --test thread_passes_corpus -- --ignored --nocapture`

mod common;

use simplify::pass::{Budget, PassContext, TermPass};
use simplify::passes::decompose_quant::DecomposeQuant;
use simplify::passes::guarded_eq::GuardedEq;
use simplify::passes::merge_quant::MergeQuant;
use simplify::passes::simp_affine::SimpAffine;
use smtlib_io::{parse_script, print_script, CommandKind};
use std::path::Path;
use std::time::{Duration, Instant};

/// z3's first answer at 2 s (`no-z3` when z3 is missing).
fn z3(src: &str) -> String {
    common::z3_answer(src, 2).unwrap_or_else(|| "no-z3".into())
}

#[test]
#[ignore]
fn corpus_smoke() {
    let root = common::repo_root().join("corpus");
    let mut all = common::smt2_files(&root);
    let check = std::env::var("VCSIMP_Z3").is_ok();
    if let Ok(f) = std::env::var("VCSIMP_CORPUS_FILTER") {
        all.retain(|p| p.display().to_string().contains(&f));
    }
    let (mut proved_raw, mut proved_after, mut changed) = (0, 0, 0);
    for path in &all {
        let src = std::fs::read_to_string(path).unwrap();
        if let Ok(st) = std::env::var("VCSIMP_CORPUS_STATUS") {
            if !src.contains(&format!("(set-info :status {st})")) {
                continue;
            }
        }
        let Ok(mut script) = parse_script(&src) else {
            continue;
        };
        let start = Instant::now();
        let idx: Vec<usize> = (0..script.commands.len())
            .filter(|&i| matches!(script.commands[i].kind, CommandKind::Assert(_)))
            .collect();
        let mut passes: Vec<Box<dyn TermPass>> = vec![
            Box::new(GuardedEq::default()),
            Box::new(MergeQuant::default()),
            Box::new(SimpAffine::default()),
            Box::new(DecomposeQuant::default()),
        ];
        let budget = Budget {
            deadline: simplify::deadline::Deadline::at(Instant::now() + Duration::from_secs(10)),
            ..Budget::default()
        };
        let mut any = false;
        for p in passes.iter_mut() {
            for &i in &idx {
                let CommandKind::Assert(t) = script.commands[i].kind else {
                    unreachable!()
                };
                let facts: Vec<_> = idx
                    .iter()
                    .filter(|&&j| j != i)
                    .map(|&j| match script.commands[j].kind {
                        CommandKind::Assert(f) => f,
                        _ => unreachable!(),
                    })
                    .collect();
                let mut trace = Vec::new();
                let mut ctx = PassContext {
                    facts: &facts,
                    budget: &budget,
                    trace: &mut trace,
                };
                if let Some(r) = p.apply(&mut script.cx, t, &mut ctx) {
                    script.commands[i].kind = CommandKind::Assert(r);
                    any = true;
                }
            }
        }
        let el = start.elapsed();
        let out = print_script(&script);
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        if let Ok(dir) = std::env::var("VCSIMP_DUMP") {
            let f = Path::new(&dir).join(name.replace('/', "__"));
            std::fs::write(f, &out).unwrap();
        }
        assert!(
            out.len() < 20 * src.len() + 100_000,
            "{name}: output {} bytes from {}",
            out.len(),
            src.len()
        );
        changed += any as usize;
        if check && any {
            let status = if src.contains("(set-info :status unsat)") {
                "unsat"
            } else if src.contains("(set-info :status sat)") {
                "sat"
            } else {
                "unknown"
            };
            let before = z3(&src);
            let after = z3(&out);
            proved_raw += (before == "unsat") as usize;
            proved_after += (after == "unsat") as usize;
            let bad =
                (status == "unsat" && after == "sat") || (status == "sat" && after == "unsat");
            eprintln!("{name}: status {status}, raw {before}, after {after}, {el:?}");
            assert!(
                !bad,
                "{name}: status {status} but z3 says {after} after the passes"
            );
        } else {
            eprintln!("{name}: changed {any}, {el:?}");
        }
    }
    eprintln!(
        "{} files, {changed} changed; z3 2s on changed: raw unsat {proved_raw}, after unsat {proved_after}",
        all.len()
    );
}
