//! Apply the `cooper-qe` pass to every assertion of an SMT-LIB script.
//!
//! `cargo run --release --example qe -- [FILE] [--max-lits N] [--stats]`
//! reads FILE (or stdin) and prints the script with quantifiers eliminated;
//! with `--stats` it reports the pass counters and time on stderr.

use simplify::pass::{Budget, PassContext, TermPass};
use simplify::qe::CooperQe;
use smtlib_io::{parse_script, print_script, CommandKind};
use std::io::Read;
use std::time::Instant;

fn main() {
    let mut path = None;
    let mut stats = false;
    let mut qe = CooperQe::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--stats" => stats = true,
            "--max-lits" => {
                qe.config.max_lits = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--max-lits N")
            }
            _ => path = Some(a),
        }
    }
    let text = match &path {
        Some(p) => std::fs::read_to_string(p).expect("readable input"),
        None => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).expect("stdin");
            s
        }
    };
    let mut script = match parse_script(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e.render(path.as_deref().unwrap_or("<stdin>"), &text));
            std::process::exit(1);
        }
    };
    let start = Instant::now();
    let budget = Budget::default();
    let mut trace = Vec::new();
    for i in 0..script.commands.len() {
        if let CommandKind::Assert(t) = script.commands[i].kind {
            let mut ctx = PassContext {
                facts: &[],
                budget: &budget,
                trace: &mut trace,
            };
            if let Some(r) = qe.apply(&mut script.cx, t, &mut ctx) {
                script.commands[i].kind = CommandKind::Assert(r);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    print!("{}", print_script(&script));
    if stats {
        eprintln!("cooper-qe: {:.6}s; {}", secs, qe.stats.summary(&qe.config));
    }
}
