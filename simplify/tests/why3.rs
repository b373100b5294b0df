//! The shipped Why3 configuration (`why3/vcsimp.conf`): `why3 prove -P
//! vcsimp-z3` proves every goal `-P z3` proves at the same time limit, and
//! likewise for cvc5, on the WhyML models of `simplify/tests/why3/` and
//! the `arraycopy` model of `corpus/why3-real/`; with `VCSIMP_WHY3_ALL=1`
//! on every model of `corpus/why3-real/` (13 models, 112 goals: 19.5
//! minutes on the loaded 2-core machine, too long for every CI run). Needs
//! why3 (fails without it under CI=true, skips otherwise), z3 and cvc5.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const TIME_LIMIT: &str = "5";

fn models() -> Vec<PathBuf> {
    let root = common::repo_root();
    let all = std::env::var("VCSIMP_WHY3_ALL").is_ok_and(|v| v == "1");
    let real = root.join("corpus/why3-real");
    let mut files = common::files_ending(&root.join("simplify/tests/why3"), "mlw");
    files.extend(common::files_ending(
        &if all { real } else { real.join("arraycopy") },
        "mlw",
    ));
    files.sort();
    files
}

/// `why3 prove -P prover` on `model`: each goal (its location and name) and
/// whether it was proved (`Valid`).
fn prove(model: &Path, prover: &str) -> BTreeMap<String, bool> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_vcsimp"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let conf = common::repo_root().join("why3/vcsimp.conf");
    // Under the process module, so that nothing why3 started outlives it.
    let o = simplify::process::run_command(
        Command::new("why3")
            .env("PATH", path)
            .arg("-C")
            .arg(&conf)
            .args(["prove", "-P", prover, "-t", TIME_LIMIT])
            .arg(model),
        b"",
        std::time::Duration::from_secs(3600),
    )
    .expect("run why3");
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        o.exit == Some(simplify::process::Exit::Code(0)) || out.contains("Prover result"),
        "{prover} on {}: {out}",
        model.display()
    );
    let mut goals = BTreeMap::new();
    let mut at = String::new();
    let mut goal = String::new();
    for line in out.lines() {
        if line.starts_with("File ") {
            at = line.to_string();
        } else if let Some(g) = line.strip_prefix("Goal ") {
            goal = format!("{at} {g}");
        } else if let Some(r) = line.strip_prefix("Prover result is: ") {
            goals.insert(std::mem::take(&mut goal), r.starts_with("Valid"));
        }
    }
    assert!(
        !goals.is_empty(),
        "{prover} on {}: no goal in {out}",
        model.display()
    );
    goals
}

#[test]
fn vcsimp_proves_what_the_solver_alone_proves() {
    if !common::require("why3") || !common::require("z3") || !common::require("cvc5") {
        return;
    }
    for model in models() {
        for (alone, wrapped) in [("z3", "vcsimp-z3"), ("cvc5", "vcsimp-cvc5")] {
            let a = prove(&model, alone);
            let w = prove(&model, wrapped);
            assert_eq!(a.keys().collect::<Vec<_>>(), w.keys().collect::<Vec<_>>());
            for (g, proved) in &a {
                assert!(
                    !proved || w[g],
                    "{}: {g}: proved by {alone}, not by {wrapped}",
                    model.display()
                );
            }
        }
    }
}
