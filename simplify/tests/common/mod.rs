//! Helpers shared by the integration tests: locating `../shared`, running
//! real solvers with time limits.

#![allow(dead_code)]

use simplify::pass::ReadBack;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;

pub mod problem;
pub mod rng;

/// Write `text` to `child`'s standard input and close it. A child may exit
/// before reading all of it (vcsimp on a usage error, a solver that stops at
/// `(exit)` or an error), which closes the pipe: that `BrokenPipe` is no
/// error here, the child's status and output say what happened. Any other
/// write error panics.
pub fn feed(child: &mut Child, text: &str) {
    let mut stdin = child.stdin.take().expect("stdin is piped");
    if let Err(e) = stdin.write_all(text.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing to the child's stdin: {e}"
        );
    }
}

/// `../shared/zoo` beside the repository, if present.
pub fn zoo_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/zoo");
    d.join("BASELINE.tsv").exists().then_some(d)
}

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `corpus/**/*.smt2`, sorted.
pub fn corpus_files() -> Vec<PathBuf> {
    smt2_files(&repo_root().join("corpus"))
}

/// Every `*.smt2` file under `dir` (recursively), sorted; none when `dir`
/// is absent.
pub fn smt2_files(dir: &std::path::Path) -> Vec<PathBuf> {
    files_ending(dir, "smt2")
}

/// Every file with extension `ext` under `dir` (recursively), sorted; none
/// when `dir` is absent.
pub fn files_ending(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut files = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// The solver executable: pyenv shims (how pip installs z3 here) cost a
/// bash and a pyenv start per call, so resolve the real binary once.
pub fn solver_path(tool: &str) -> String {
    static CACHE: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap();
    if let Some((_, p)) = cache.iter().find(|(t, _)| t == tool) {
        return p.clone();
    }
    let resolved = Command::new("pyenv")
        .args(["which", tool])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| tool.to_string());
    cache.push((tool.to_string(), resolved.clone()));
    resolved
}

/// Run `z3` (or another solver) on `script` given on stdin, killed with
/// everything it started after `limit` ([`simplify::process::run`]).
/// Returns its stdout, or None if it could not run or timed out.
pub fn run_solver(cmd: &[&str], script: &str, limit: Duration) -> Option<String> {
    let argv: Vec<String> = std::iter::once(solver_path(cmd[0]))
        .chain(cmd[1..].iter().map(|a| a.to_string()))
        .collect();
    let done = simplify::process::run(&argv, script.as_bytes(), limit).ok()?;
    done.exit?;
    Some(String::from_utf8_lossy(&done.stdout).into_owned())
}

/// The check-sat answers in a solver's output, in order.
pub fn answers(out: &str) -> Vec<String> {
    out.lines()
        .map(str::trim)
        .filter(|l| matches!(*l, "sat" | "unsat" | "unknown"))
        .map(str::to_string)
        .collect()
}

/// True if the solver output reports an error.
pub fn has_error(out: &str) -> bool {
    out.lines().any(|l| l.trim_start().starts_with("(error"))
}

/// Whether `tool` (a solver, or why3) runs, under the one policy for a
/// missing tool: with `CI=true` (CI installs every tool) a missing tool
/// fails the test; elsewhere the test is skipped with a message on stderr.
/// Use it as `if !common::require("z3") { return; }`.
#[must_use]
pub fn require(tool: &str) -> bool {
    static FOUND: std::sync::Mutex<Vec<(String, bool)>> = std::sync::Mutex::new(Vec::new());
    let known = FOUND
        .lock()
        .unwrap()
        .iter()
        .find(|(t, _)| t == tool)
        .map(|&(_, ok)| ok);
    let ok = known.unwrap_or_else(|| {
        let argv = [solver_path(tool), "--version".to_string()];
        let ok = simplify::process::run(&argv, b"", Duration::from_secs(60))
            .is_ok_and(|f| f.exit == Some(simplify::process::Exit::Code(0)));
        FOUND.lock().unwrap().push((tool.to_string(), ok));
        ok
    });
    if !ok {
        missing(tool);
    }
    ok
}

/// The policy of [`require`] for a tool found missing (e.g. when it could
/// not be started): fail under `CI=true`, else say the test is skipped.
pub fn missing(tool: &str) {
    let msg = format!("{tool} not found on PATH: run scripts/install-solvers.sh");
    assert!(std::env::var("CI").map_or(true, |v| v != "true"), "{msg}");
    eprintln!("skipped: {msg}");
}

/// Map `f` over `items` on `threads` worker threads, keeping order.
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= items.len() {
                    break;
                }
                let r = f(&items[i]);
                *results[i].lock().unwrap() = Some(r);
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap().unwrap())
        .collect()
}

/// The time limit, in seconds, of a solver run whose answer a test
/// asserts: far above what the tests' queries take on an idle machine, so
/// that a loaded machine slows them down without failing them.
pub const PROOF_LIMIT: u32 = 60;

/// `tool` (`z3` or `cvc5`) on `script` (given on stdin) under its own time
/// limit of `secs`: its standard output, trimmed (a run that outlives its
/// limit by 30 s is killed and reads as `timeout`). `None` when the tool
/// is missing, under the policy of [`require`]: the caller skips its check.
pub fn solve(tool: &str, script: &str, secs: u32) -> Option<String> {
    if !require(tool) {
        return None;
    }
    let args = match tool {
        "cvc5" => [
            "--lang=smt2".to_string(),
            format!("--tlimit={}", secs * 1000),
        ],
        _ => ["-in".to_string(), format!("-T:{secs}")],
    };
    let out = run_solver(
        &[tool, &args[0], &args[1]],
        script,
        Duration::from_secs(u64::from(secs) + 30),
    );
    Some(out.map_or_else(|| "timeout".to_string(), |o| o.trim().to_string()))
}

/// [`solve`] with z3.
pub fn z3(script: &str, secs: u32) -> Option<String> {
    solve("z3", script, secs)
}

/// The first line of [`z3`]'s output: its first answer, or an error.
pub fn z3_answer(script: &str, secs: u32) -> Option<String> {
    z3(script, secs).map(|o| o.lines().next().unwrap_or("").trim().to_string())
}

/// z3's answers to `script` (space-separated) at 20 s, failing on a z3
/// error; an undecided check-sat is `unknown` or missing.
pub fn z3_answers(script: &str) -> String {
    assert!(require("z3"), "z3 is needed here");
    let out = z3(script, 20).unwrap_or_default();
    assert!(!has_error(&out), "z3 error:\n{out}\n{script}");
    answers(&out).join(" ")
}

/// z3 shows `script` (one check-sat) unsat within [`PROOF_LIMIT`]; `sat`
/// fails at once. Skipped when z3 is missing (policy of [`require`]).
pub fn assert_unsat(script: &str) {
    let Some(out) = z3(script, PROOF_LIMIT) else {
        return;
    };
    assert!(!has_error(&out), "z3 error:\n{out}\n{script}");
    assert_eq!(answers(&out), ["unsat"], "z3 did not show unsat:\n{script}");
}

/// z3 proves the Boolean terms `before` and `after` equivalent under
/// `context` (declarations, definitions, and assertions as facts):
/// `(distinct before after)` is unsat, within [`PROOF_LIMIT`]. A `sat`
/// answer (a counterexample) fails at once.
pub fn assert_equivalent(context: &str, before: &str, after: &str) {
    let q = format!("{context}\n(assert (distinct {before} {after}))\n(check-sat)\n");
    let Some(out) = z3(&q, PROOF_LIMIT) else {
        return;
    };
    assert!(!has_error(&out), "z3 error:\n{out}\n{q}");
    let a = answers(&out).join(" ");
    assert!(a != "sat", "NOT EQUIVALENT:\n{q}");
    assert_eq!(a, "unsat", "z3 did not show equivalence:\n{q}");
}

/// Translation validation with z3 proves `output` equivalent to `input`
/// at every check-sat, reading the symbols that `read_back` (what the
/// passes reported) says changed back as the input's.
pub fn assert_validated_reading(input: &str, output: &str, read_back: &[ReadBack]) {
    use simplify::validate::{default_solver, validate_text, Verdict};
    let solver = default_solver(Duration::from_secs(30));
    let v = validate_text(input, output, read_back, &solver).expect("both parse");
    assert_eq!(v.verdict, Verdict::Agree, "{v:?}\n{output}");
}

/// [`assert_validated_reading`] for an output whose passes changed no
/// symbol.
pub fn assert_validated(input: &str, output: &str) {
    assert_validated_reading(input, output, &[]);
}

/// The terms of the one-line `assert` commands of an SMT-LIB text, in order.
pub fn asserted(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("(assert "))
        .map(|l| l["(assert ".len()..l.len() - 1].to_string())
        .collect()
}

/// vcsimp's output on `src` with the passes named `passes` on (registry
/// names; `default` stands for the default passes); panics on an unknown
/// name or if `src` does not parse.
pub fn run_named(src: &str, passes: &[&str]) -> String {
    let ids: Vec<simplify::PassId> = passes
        .iter()
        .flat_map(|p| match *p {
            "default" => simplify::PassId::default_passes(),
            p => vec![simplify::PassId::parse(p).expect("a registered pass")],
        })
        .collect();
    run_passes(src, &ids).output
}

/// vcsimp's outcome on `src` with exactly `passes` on (run in pipeline
/// order, whatever the order here); panics if `src` does not parse.
pub fn run_passes(src: &str, passes: &[simplify::PassId]) -> simplify::Outcome {
    let options = simplify::Options {
        passes: passes.to_vec(),
        ..simplify::Options::default()
    };
    simplify::simplify_text(src, &options).expect("parses")
}
