//! z3 checks that `cooper-qe` output is equivalent to its input
//! (`(assert (not (= in out)))` is unsat) on a sample of random formulas,
//! guarded and unguarded. Skipped when z3 is not on PATH.

mod common;
mod qe_common;

use qe_common::*;
use simplify::qe::QeConfig;
use smtlib_io::Printer;
use std::process::{Command, Stdio};

fn z3(query: &str) -> Option<String> {
    let mut child = Command::new("z3")
        .args(["-in", "-T:4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    common::feed(&mut child, query);
    let out = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn sample(guarded: bool, n: u64) {
    if z3("(check-sat)").is_none() {
        eprintln!("z3 not found; skipped");
        return;
    }
    let (mut unsat, mut unknown, mut changed) = (0, 0, 0);
    for seed in 0..n {
        let q = 1 + (seed % 3) as usize;
        let src = random_script_with(seed * 7919 + 13, q, guarded, "c");
        let (script, pairs, _) = run_cfg(&src, QeConfig::default());
        let (t, r) = pairs[0];
        if t == r {
            continue;
        }
        changed += 1;
        let mut p = Printer::new(&script.cx);
        let query = format!(
            "(declare-const a Int)(declare-const b Int)(declare-const c Int)(assert (not (= {} {})))(check-sat)\n",
            p.term(t),
            p.term(r)
        );
        match z3(&query).as_deref() {
            Some("unsat") => unsat += 1,
            Some("sat") => panic!("not equivalent (seed {seed}):\n{query}"),
            _ => unknown += 1,
        }
    }
    eprintln!("z3: {unsat} unsat, {unknown} unknown of {changed} changed");
    assert!(
        unsat * 2 >= changed,
        "too many unknowns: {unknown}/{changed}"
    );
}

#[test]
fn z3_agrees_on_guarded_formulas() {
    sample(true, 30);
}

#[test]
fn z3_agrees_on_unguarded_formulas() {
    sample(false, 30);
}
