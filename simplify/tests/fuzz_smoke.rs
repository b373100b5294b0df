//! A bounded, deterministic fuzz smoke pass that needs only the stable
//! toolchain (the real fuzzers live in `fuzz/` and need nightly).
//!
//! Seeds are the small corpus files and the `no_panic` regressions. Each
//! round mutates one seed (byte flips, token splices from another seed,
//! truncations, duplications, deep nesting) with a fixed-seed xorshift, and
//! runs the mutant through the reader and the whole pipeline with small
//! limits. Contract checked on every mutant:
//! - no panic (caught and reported with the mutant written to disk);
//! - a parse error renders as `path:line:col: error: message` with a
//!   position inside the input;
//! - a script that parses prints to text that parses again;
//! - the pipeline's output parses again.

mod common;

use common::rng::Rng;
use simplify::{simplify_text, Limits, Options};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Mutants per run. Chosen so the test takes a few seconds in release.
const ROUNDS: usize = 2000;
/// Seeds larger than this are skipped: the pipeline's cost grows with size
/// and the mutations are local anyway.
const MAX_SEED_BYTES: u64 = 3000;
const PATH: &str = "mutant.smt2";

fn seeds() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files.extend(common::smt2_files(&root.join("../corpus")));
    files.extend(common::smt2_files(&root.join("tests/no_panic")));
    files
        .into_iter()
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() <= MAX_SEED_BYTES))
        .map(|p| std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Byte offsets where an SMT-LIB token starts or ends (parens, whitespace).
fn boundaries(s: &[u8]) -> Vec<usize> {
    let mut b: Vec<usize> = (0..s.len())
        .filter(|&i| matches!(s[i], b'(' | b')' | b' ' | b'\n'))
        .collect();
    b.push(s.len());
    b
}

/// A token-ish slice of `s`: from one boundary to a later one, at most 200
/// bytes.
fn splice_piece<'a>(rng: &mut Rng, s: &'a [u8]) -> &'a [u8] {
    let b = boundaries(s);
    let i = b[rng.below(b.len())];
    let j = (i + 1 + rng.below(200)).min(s.len());
    &s[i..j]
}

const BYTES: &[u8] = b"()()  \n|\"#:;!_-+*/=<>0123456789abcxyzAZ\\\xc3\xa9\x00\xff";
const TOKENS: &[&str] = &[
    "(",
    ")",
    "(let ((x ",
    "(forall ((x Int)) ",
    "(exists ((b Bool)) ",
    "(! ",
    " :pattern (",
    " :named n",
    "(_ bv5 8)",
    "((_ extract 3 0) ",
    "(as const (Array Int Int)) ",
    "(ite ",
    "(=> ",
    "(div ",
    "(mod ",
    "(* ",
    "(- ",
    " 0 ",
    " -1 ",
    " 1.5 ",
    " #b101 ",
    " #x0F ",
    " |a b| ",
    "\"s\"\"t\"",
    "(declare-fun f (Int) Int)",
    "(declare-const x Int)",
    "(define-fun g ((y Int)) Int (+ y 1))",
    "(assert ",
    "(check-sat)",
    "(push 1)",
    "(pop 1)",
    "(declare-sort U 0)",
    "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))",
    "(match x ((nil 0) ((cons h t) h)))",
    "(set-logic ALL)",
    " 99999999999999999999999999999999999 ",
];

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], base: &[u8]) -> Vec<u8> {
    let mut s = base.to_vec();
    let steps = 1 + rng.below(4);
    for _ in 0..steps {
        let len = s.len();
        let at = if len == 0 { 0 } else { rng.below(len + 1) };
        match rng.below(8) {
            // Byte flip.
            0 if len > 0 => {
                let i = rng.below(len);
                s[i] = BYTES[rng.below(BYTES.len())];
            }
            // Insert an SMT-LIB token.
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                s.splice(at..at, t.iter().copied());
            }
            // Splice a piece of another seed.
            2 => {
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let piece = splice_piece(rng, other).to_vec();
                    s.splice(at..at, piece);
                }
            }
            // Truncate.
            3 => s.truncate(at),
            // Delete a range.
            4 if len > 0 => {
                let end = (at + 1 + rng.below(64)).min(len);
                s.drain(at.min(end)..end);
            }
            // Duplicate a range in place.
            5 if len > 0 => {
                let end = (at + 1 + rng.below(128)).min(len);
                let piece = s[at.min(end)..end].to_vec();
                s.splice(end..end, piece);
            }
            // Deep nesting around a point: unbalanced or balanced.
            6 => {
                let depth = [10, 1_000, 100_000][rng.below(3)];
                let open = ["(not ", "(and p ", "(ite p ", "(+ 1 ", "(", "(let ((y 0)) "]
                    [rng.below(6)]
                .repeat(depth);
                let balanced = rng.below(2) == 0;
                if balanced {
                    let end = boundaries(&s)[..].iter().copied().find(|&b| b > at);
                    let end = end.unwrap_or(len);
                    s.splice(end..end, ")".repeat(depth).bytes());
                }
                s.splice(at..at, open.bytes());
            }
            // Swap two token-ish pieces' order by moving one to the end.
            _ => {
                let b = boundaries(&s);
                let i = b[rng.below(b.len())];
                let j = b[rng.below(b.len())];
                let (i, j) = (i.min(j), i.max(j));
                let piece: Vec<u8> = s.drain(i..j).collect();
                s.extend(piece);
            }
        }
    }
    s
}

/// `path:line:col: error: message`, with the position inside `source`.
fn check_rendered(rendered: &str, source: &str) -> Result<(), String> {
    let rest = rendered
        .strip_prefix(PATH)
        .and_then(|r| r.strip_prefix(':'))
        .ok_or("no path prefix")?;
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts.next().and_then(|l| l.parse().ok()).ok_or("no line")?;
    let col: usize = parts
        .next()
        .and_then(|c| c.parse().ok())
        .ok_or("no column")?;
    let message = parts
        .next()
        .and_then(|m| m.strip_prefix(" error: "))
        .ok_or("no ` error: `")?;
    if message.trim().is_empty() {
        return Err("empty message".into());
    }
    let lines = source.split('\n').count();
    if line == 0 || line > lines || col == 0 {
        return Err(format!("position {line}:{col} outside {lines} lines"));
    }
    Ok(())
}

/// Run one mutant through the contract; `Err` describes the violation.
fn check(source: &str, options: &Options) -> Result<(), String> {
    match smtlib_io::parse_script(source) {
        Err(e) => {
            let r = e.render(PATH, source);
            check_rendered(&r, source).map_err(|why| format!("bad error `{r}`: {why}"))?;
        }
        Ok(script) => {
            let printed = smtlib_io::print_script(&script);
            if let Err(e) = smtlib_io::parse_script(&printed) {
                return Err(format!(
                    "printed script does not reparse: {}\n{printed}",
                    e.render("<printed>", &printed)
                ));
            }
        }
    }
    if let Ok(outcome) = simplify_text(source, options) {
        if let Err(e) = smtlib_io::parse_script(&outcome.output) {
            return Err(format!(
                "output does not reparse: {}\n{}",
                e.render("<output>", &outcome.output),
                outcome.output
            ));
        }
    }
    Ok(())
}

#[test]
fn mutated_seeds_never_panic() {
    let seeds = seeds();
    assert!(seeds.len() >= 20, "only {} seeds", seeds.len());
    let options = Options {
        limits: Limits {
            timeout: Some(Duration::from_millis(200)),
            node_limit: 5_000,
            iter_limit: 5,
            ..Limits::default()
        },
        ..Options::default()
    };
    let mut rng = Rng::from_state(0x9E37_79B9_7F4A_7C15);
    let start = Instant::now();
    let (mut parsed, mut errors) = (0, 0);
    for round in 0..ROUNDS {
        let base = &seeds[rng.below(seeds.len())];
        let bytes = mutate(&mut rng, &seeds, base);
        // The CLI refuses invalid UTF-8 before parsing; do the same.
        let source = String::from_utf8_lossy(&bytes).into_owned();
        match catch_unwind(AssertUnwindSafe(|| check(&source, &options))) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => panic!("round {round}: {why}\n--- input ---\n{source}"),
            Err(_) => {
                let out = std::env::temp_dir().join(format!("fuzz-smoke-crash-{round}.smt2"));
                let _ = std::fs::write(&out, &bytes);
                panic!("round {round} panicked; input written to {}", out.display());
            }
        }
        match smtlib_io::parse_script(&source) {
            Ok(_) => parsed += 1,
            Err(_) => errors += 1,
        }
    }
    // Both sides of the contract were exercised.
    assert!(parsed > ROUNDS / 20, "only {parsed} mutants parsed");
    assert!(errors > ROUNDS / 20, "only {errors} mutants were errors");
    eprintln!(
        "fuzz smoke: {ROUNDS} mutants, {parsed} parsed, {errors} errors, {:?}",
        start.elapsed()
    );
}
