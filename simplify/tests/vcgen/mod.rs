//! A generator of well-sorted SMT-LIB scripts shaped like GPU-kernel
//! verification conditions, and the differential checks run on vcsimp's
//! output for them. Used by `tests/vc_fuzz.rs`; a test crate that declares
//! `mod common;` and `mod vcgen;` can use it too.
//!
//! The scripts have what GPUVerify's and VeriCUDA's VCs have: quantifiers
//! over thread-like Int indices guarded by `0 <= t < n`, index arithmetic
//! `t + w*u` with nonlinear products and `mod`/`div` by constants, Int and
//! Bool arrays read with `select` and updated with `store`, `define-fun`s
//! applied in assertions, `:named` assertions, `:pattern`s, Boogie's
//! negated goal `(not (=> hyps goal))`, `push`/`pop` scopes with their own
//! `check-sat`, and now and then numerals far beyond 64 bits.
//!
//! Randomness is a seeded xorshift64*, as in `tests/fuzz_smoke.rs`: a
//! script is a pure function of its seed on every platform and every
//! version of the dependencies, which a crate's generator does not promise,
//! and a reported seed reproduces its script forever.

#![allow(dead_code)]

use crate::common;
pub use crate::common::rng::Rng;
use simplify::validate::{validate_text, SolverCommand, Verdict};
use simplify::{simplify_text, Limits, Options};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Int,
    Bool,
    /// (Array Int Int)
    IntArr,
    /// (Array Int Bool)
    BoolArr,
}

impl Sort {
    fn smt(self) -> &'static str {
        match self {
            Sort::Int => "Int",
            Sort::Bool => "Bool",
            Sort::IntArr => "(Array Int Int)",
            Sort::BoolArr => "(Array Int Bool)",
        }
    }
}

/// A declared or defined function symbol (a constant when `args` is empty).
struct Sym {
    name: String,
    args: Vec<Sort>,
    ret: Sort,
}

/// Numerals a VC's constants come from: small ones, powers of two (block
/// sizes), and a few beyond 64 bits.
const HUGE: &[&str] = &[
    "18446744073709551616",
    "18446744073709551615",
    "9223372036854775808",
    "340282366920938463463374607431768211457",
    "100000000000000000000000000000000000000000000000000000000007",
];

struct Gen<'r> {
    rng: &'r mut Rng,
    syms: Vec<Sym>,
    /// Bound variables in scope (quantifier, let, define-fun parameters).
    env: Vec<(String, Sort)>,
    fresh: usize,
    /// The thread-count constant of the script.
    n: String,
}

impl Gen<'_> {
    fn fresh(&mut self, base: &str) -> String {
        self.fresh += 1;
        format!("{base}{}", self.fresh)
    }

    fn small(&mut self) -> i64 {
        *self
            .rng
            .pick(&[0, 1, 1, 2, 3, 4, 7, 8, 16, 32, 64, 255, 1024])
    }

    fn int_literal(&mut self) -> String {
        if self.rng.chance(4) {
            let h = self.rng.pick(HUGE).to_string();
            return if self.rng.chance(30) {
                format!("(- {h})")
            } else {
                h
            };
        }
        let v = self.small();
        if self.rng.chance(15) && v != 0 {
            format!("(- {v})")
        } else {
            v.to_string()
        }
    }

    /// A divisor: mostly a positive block size, sometimes negative, rarely
    /// zero (division by zero is an uninterpreted but total function in
    /// SMT-LIB, which simplifiers easily get wrong).
    fn divisor(&mut self) -> String {
        match self.rng.below(20) {
            0 => "0".into(),
            1 | 2 => format!("(- {})", self.rng.pick(&[1, 2, 3, 32])),
            3 => self.rng.pick(HUGE).to_string(),
            _ => self.rng.pick(&[1, 2, 3, 4, 8, 16, 32, 5, 7]).to_string(),
        }
    }

    /// A leaf of `sort`: a variable in scope, a constant, or a literal.
    fn leaf(&mut self, sort: Sort) -> String {
        // Only the innermost binding of a shadowed name is visible.
        let vars: Vec<String> = self
            .env
            .iter()
            .enumerate()
            .filter(|&(i, (v, s))| {
                *s == sort && self.env.iter().rposition(|(w, _)| w == v) == Some(i)
            })
            .map(|(_, (v, _))| v.clone())
            .collect();
        if !vars.is_empty() && self.rng.chance(60) {
            return self.rng.pick(&vars).clone();
        }
        let consts: Vec<String> = self
            .syms
            .iter()
            .filter(|s| s.args.is_empty() && s.ret == sort)
            .map(|s| s.name.clone())
            .collect();
        match sort {
            Sort::Int if consts.is_empty() || self.rng.chance(30) => self.int_literal(),
            Sort::Bool if consts.is_empty() || self.rng.chance(15) => {
                self.rng.pick(&["true", "false"]).to_string()
            }
            Sort::IntArr if consts.is_empty() => {
                format!("((as const (Array Int Int)) {})", self.int_literal())
            }
            Sort::BoolArr if consts.is_empty() => "((as const (Array Int Bool)) false)".into(),
            _ => self.rng.pick(&consts).clone(),
        }
    }

    /// An application of a function symbol returning `sort`, if any.
    fn app(&mut self, sort: Sort, depth: usize) -> Option<String> {
        let cands: Vec<usize> = (0..self.syms.len())
            .filter(|&i| !self.syms[i].args.is_empty() && self.syms[i].ret == sort)
            .collect();
        if cands.is_empty() {
            return None;
        }
        let i = *self.rng.pick(&cands);
        let (name, args) = (self.syms[i].name.clone(), self.syms[i].args.clone());
        let args: Vec<String> = args.iter().map(|&s| self.term(s, depth - 1)).collect();
        Some(format!("({name} {})", args.join(" ")))
    }

    /// An index shaped like a thread's: `t`, `t + w*u`, `b*bs + t`,
    /// `(t + k) mod m`, over the Int variables in scope.
    fn index(&mut self, depth: usize) -> String {
        let t = self.leaf(Sort::Int);
        match self.rng.below(6) {
            0 => t,
            1 => {
                let u = self.leaf(Sort::Int);
                let w = self.small();
                format!("(+ {t} (* {w} {u}))")
            }
            2 => {
                let u = self.leaf(Sort::Int);
                let w = self.leaf(Sort::Int);
                format!("(+ {t} (* {w} {u}))")
            }
            3 => format!("(mod (+ {t} {}) {})", self.small(), self.divisor()),
            4 => format!("(div {t} {})", self.divisor()),
            _ => self.term(Sort::Int, depth.saturating_sub(1)),
        }
    }

    fn term(&mut self, sort: Sort, depth: usize) -> String {
        if depth == 0 || self.rng.chance(25) {
            return self.leaf(sort);
        }
        let d = depth - 1;
        match sort {
            Sort::Int => match self.rng.below(16) {
                0 => {
                    let k = 2 + self.rng.below(2);
                    let args: Vec<String> = (0..k).map(|_| self.term(Sort::Int, d)).collect();
                    format!("(+ {})", args.join(" "))
                }
                1 => format!(
                    "(- {} {})",
                    self.term(Sort::Int, d),
                    self.term(Sort::Int, d)
                ),
                2 => format!("(- {})", self.term(Sort::Int, d)),
                3 => format!("(* {} {})", self.int_literal(), self.term(Sort::Int, d)),
                4 => format!(
                    "(* {} {})",
                    self.term(Sort::Int, d),
                    self.term(Sort::Int, d)
                ),
                5 => format!("(div {} {})", self.term(Sort::Int, d), self.divisor()),
                6 => format!("(mod {} {})", self.term(Sort::Int, d), self.divisor()),
                7 | 8 => {
                    let a = self.term(Sort::IntArr, d);
                    format!("(select {a} {})", self.index(d))
                }
                9 | 10 => self
                    .app(Sort::Int, depth)
                    .unwrap_or_else(|| self.leaf(Sort::Int)),
                11 => format!(
                    "(ite {} {} {})",
                    self.term(Sort::Bool, d),
                    self.term(Sort::Int, d),
                    self.term(Sort::Int, d)
                ),
                12 => format!("(abs {})", self.term(Sort::Int, d)),
                13 => self.let_term(Sort::Int, d),
                14 => self.index(d),
                _ => self.leaf(Sort::Int),
            },
            Sort::Bool => match self.rng.below(17) {
                0..=3 => {
                    let op = *self.rng.pick(&["<=", "<", ">=", ">", "=", "distinct"]);
                    format!(
                        "({op} {} {})",
                        self.term(Sort::Int, d),
                        self.term(Sort::Int, d)
                    )
                }
                4 => {
                    let k = 2 + self.rng.below(3);
                    let args: Vec<String> = (0..k).map(|_| self.term(Sort::Bool, d)).collect();
                    format!("(and {})", args.join(" "))
                }
                5 => {
                    let k = 2 + self.rng.below(2);
                    let args: Vec<String> = (0..k).map(|_| self.term(Sort::Bool, d)).collect();
                    format!("(or {})", args.join(" "))
                }
                6 => format!("(not {})", self.term(Sort::Bool, d)),
                7 => format!(
                    "(=> {} {})",
                    self.term(Sort::Bool, d),
                    self.term(Sort::Bool, d)
                ),
                8 => format!(
                    "(= {} {})",
                    self.term(Sort::Bool, d),
                    self.term(Sort::Bool, d)
                ),
                9 => {
                    let a = self.term(Sort::BoolArr, d);
                    format!("(select {a} {})", self.index(d))
                }
                10 => self
                    .app(Sort::Bool, depth)
                    .unwrap_or_else(|| self.leaf(Sort::Bool)),
                11 | 12 => self.thread_quant(d, false),
                13 => format!(
                    "(ite {} {} {})",
                    self.term(Sort::Bool, d),
                    self.term(Sort::Bool, d),
                    self.term(Sort::Bool, d)
                ),
                14 => {
                    let (a, b) = (self.term(Sort::IntArr, d), self.term(Sort::IntArr, d));
                    format!("(= {a} {b})")
                }
                15 => self.let_term(Sort::Bool, d),
                _ => self.leaf(Sort::Bool),
            },
            Sort::IntArr => match self.rng.below(4) {
                0 | 1 => format!(
                    "(store {} {} {})",
                    self.term(Sort::IntArr, d),
                    self.index(d),
                    self.term(Sort::Int, d)
                ),
                2 if self.rng.chance(30) => format!(
                    "(ite {} {} {})",
                    self.term(Sort::Bool, d),
                    self.term(Sort::IntArr, d),
                    self.term(Sort::IntArr, d)
                ),
                _ => self.leaf(Sort::IntArr),
            },
            Sort::BoolArr => match self.rng.below(3) {
                0 => format!(
                    "(store {} {} {})",
                    self.term(Sort::BoolArr, d),
                    self.index(d),
                    self.term(Sort::Bool, d)
                ),
                _ => self.leaf(Sort::BoolArr),
            },
        }
    }

    fn let_term(&mut self, sort: Sort, d: usize) -> String {
        let vs = *self.rng.pick(&[Sort::Int, Sort::Int, Sort::Bool]);
        let value = self.term(vs, d);
        // Reusing a name in scope (shadowing) now and then.
        let name = if self.rng.chance(20) {
            self.env
                .iter()
                .filter(|(_, s)| *s == vs)
                .map(|(v, _)| v.clone())
                .next()
                .unwrap_or_else(|| self.fresh("l"))
        } else {
            self.fresh("l")
        };
        self.env.push((name.clone(), vs));
        let body = self.term(sort, d);
        self.env.pop();
        format!("(let (({name} {value})) {body})")
    }

    /// `0 <= v < n` (or an inb-style define-fun, if declared), for thread
    /// variable `v`.
    fn guard(&mut self, v: &str) -> String {
        if self.syms.iter().any(|s| s.name == "inb") && self.rng.chance(40) {
            return format!("(inb {v})");
        }
        let n = self.n.clone();
        match self.rng.below(3) {
            0 => format!("(and (<= 0 {v}) (< {v} {n}))"),
            1 => format!("(and (>= {v} 0) (> {n} {v}))"),
            _ => format!("(and (<= 0 {v}) (<= {v} (- {n} 1)))"),
        }
    }

    /// A quantifier over one or two thread indices, guarded by their
    /// bounds: `forall t. 0 <= t < n => body`, or its `exists` dual.
    fn thread_quant(&mut self, d: usize, top: bool) -> String {
        let k = 1 + usize::from(self.rng.chance(35));
        let names: Vec<String> = (0..k)
            .map(|_| {
                if self.rng.chance(15) && !self.env.is_empty() {
                    // Shadow a variable in scope.
                    self.env[0].0.clone()
                } else {
                    self.fresh("t")
                }
            })
            .collect();
        let mut names = names;
        names.dedup();
        let binders: Vec<String> = names.iter().map(|v| format!("({v} Int)")).collect();
        let guards: Vec<String> = names.iter().map(|v| self.guard(v)).collect();
        let mut extra = String::new();
        if names.len() == 2 && self.rng.chance(50) {
            extra = format!(" (distinct {} {})", names[0], names[1]);
        }
        for v in &names {
            self.env.push((v.clone(), Sort::Int));
        }
        let body = self.term(Sort::Bool, d + usize::from(top));
        let exists = !top && self.rng.chance(30);
        let hyp = if guards.len() == 1 && extra.is_empty() {
            guards[0].clone()
        } else {
            format!("(and {}{extra})", guards.join(" "))
        };
        let matrix = if exists {
            format!("(and {hyp} {body})")
        } else {
            format!("(=> {hyp} {body})")
        };
        let matrix = if !exists && self.rng.chance(30) {
            // A pattern naming every bound variable.
            let pat = if names.len() == 1 {
                let a = self.leaf(Sort::IntArr);
                format!("(select {a} {})", names[0])
            } else if self.syms.iter().any(|s| s.name == "g") {
                format!("(g {} {})", names[0], names[1])
            } else {
                format!("(+ {} {})", names[0], names[1])
            };
            format!("(! {matrix} :pattern ({pat}))")
        } else {
            matrix
        };
        for _ in &names {
            self.env.pop();
        }
        let q = if exists { "exists" } else { "forall" };
        format!("({q} ({}) {matrix})", binders.join(" "))
    }

    /// One assertion's formula, in one of the shapes VCs have.
    fn formula(&mut self) -> String {
        match self.rng.below(9) {
            0..=2 => self.thread_quant(2, true),
            3 => {
                // A guarded write: every thread's cell gets a value.
                let t = self.fresh("t");
                let guard = self.guard(&t);
                self.env.push((t.clone(), Sort::Int));
                let a = self.leaf(Sort::IntArr);
                let i = self.index(2);
                let v = self.term(Sort::Int, 2);
                self.env.pop();
                format!("(forall (({t} Int)) (=> {guard} (= (select {a} {i}) {v})))")
            }
            4 => {
                // Boogie's negated goal.
                let k = 1 + self.rng.below(3);
                let hyps: Vec<String> = (0..k).map(|_| self.term(Sort::Bool, 2)).collect();
                let goal = if self.rng.chance(50) {
                    self.thread_quant(1, true)
                } else {
                    self.term(Sort::Bool, 3)
                };
                format!("(not (=> (and {}) {goal}))", hyps.join(" "))
            }
            5 => {
                // An array defined as a store chain over another.
                let (a, b) = (self.leaf(Sort::IntArr), self.term(Sort::IntArr, 3));
                format!("(= {a} {b})")
            }
            _ => self.term(Sort::Bool, 3),
        }
    }
}

/// The script for `seed`.
pub fn generate(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut s = String::new();
    if rng.chance(60) {
        let logic = *rng.pick(&["(set-logic ALL)\n", "(set-logic AUFNIRA)\n"]);
        s.push_str(logic);
    }
    if rng.chance(30) {
        s.push_str("(set-option :produce-models true)\n");
    }
    let mut g = Gen {
        rng: &mut rng,
        syms: vec![],
        env: vec![],
        fresh: 0,
        n: String::new(),
    };
    // Declarations: the thread count, scalars, arrays, functions.
    let mut decls: Vec<(String, Vec<Sort>, Sort)> = vec![("n".into(), vec![], Sort::Int)];
    for name in ["x", "y", "bsz", "bid", "k"] {
        if name == "x" || g.rng.chance(60) {
            decls.push((name.into(), vec![], Sort::Int));
        }
    }
    for name in ["b0", "b1"] {
        if g.rng.chance(40) {
            decls.push((name.into(), vec![], Sort::Bool));
        }
    }
    decls.push(("A".into(), vec![], Sort::IntArr));
    for name in ["B", "A1"] {
        if g.rng.chance(60) {
            decls.push((name.into(), vec![], Sort::IntArr));
        }
    }
    if g.rng.chance(50) {
        decls.push(("P".into(), vec![], Sort::BoolArr));
    }
    if g.rng.chance(60) {
        decls.push(("f".into(), vec![Sort::Int], Sort::Int));
    }
    if g.rng.chance(40) {
        decls.push(("g".into(), vec![Sort::Int, Sort::Int], Sort::Int));
    }
    if g.rng.chance(40) {
        decls.push(("p".into(), vec![Sort::Int], Sort::Bool));
    }
    if g.rng.chance(20) {
        decls.push(("h".into(), vec![Sort::IntArr, Sort::Int], Sort::Int));
    }
    g.n = "n".into();
    for (name, args, ret) in decls {
        if args.is_empty() {
            let _ = writeln!(s, "(declare-const {name} {})", ret.smt());
        } else {
            let a: Vec<&str> = args.iter().map(|s| s.smt()).collect();
            let _ = writeln!(s, "(declare-fun {name} ({}) {})", a.join(" "), ret.smt());
        }
        g.syms.push(Sym { name, args, ret });
    }
    // Definitions, each over the symbols before it.
    if g.rng.chance(50) {
        let _ = writeln!(
            s,
            "(define-fun inb ((i Int)) Bool (and (<= 0 i) (< i {})))",
            g.n
        );
        g.syms.push(Sym {
            name: "inb".into(),
            args: vec![Sort::Int],
            ret: Sort::Bool,
        });
    }
    let ndefs = g.rng.below(3);
    for _ in 0..ndefs {
        let name = g.fresh("def");
        let arity = g.rng.below(3);
        let ret = *g
            .rng
            .pick(&[Sort::Int, Sort::Int, Sort::Bool, Sort::IntArr]);
        let params: Vec<(String, Sort)> = (0..arity)
            .map(|i| {
                let s = *g.rng.pick(&[Sort::Int, Sort::Int, Sort::Int, Sort::IntArr]);
                (format!("{name}_{i}"), s)
            })
            .collect();
        g.env = params.clone();
        let body = g.term(ret, 3);
        g.env.clear();
        let ps: Vec<String> = params
            .iter()
            .map(|(v, s)| format!("({v} {})", s.smt()))
            .collect();
        let _ = writeln!(
            s,
            "(define-fun {name} ({}) {} {body})",
            ps.join(" "),
            ret.smt()
        );
        g.syms.push(Sym {
            name,
            args: params.iter().map(|p| p.1).collect(),
            ret,
        });
    }
    // The usual facts about the launch: n positive, sometimes small.
    s.push_str("(assert (< 0 n))\n");
    if g.rng.chance(50) {
        let _ = writeln!(s, "(assert (<= n {}))", 1 + g.rng.below(8));
    }
    let mut named = 0;
    let mut assertion = |g: &mut Gen, s: &mut String| {
        let f = g.formula();
        if g.rng.chance(25) {
            named += 1;
            let _ = writeln!(s, "(assert (! {f} :named a{named}))");
            // A name is a Bool constant for later terms, within its scope.
            g.syms.push(Sym {
                name: format!("a{named}"),
                args: vec![],
                ret: Sort::Bool,
            });
        } else {
            let _ = writeln!(s, "(assert {f})");
        }
    };
    for _ in 0..1 + g.rng.below(5) {
        assertion(&mut g, &mut s);
    }
    // Scopes: each with its own declarations, assertions and check-sat;
    // what they declare or name is gone after their pop.
    let scopes = if g.rng.chance(40) {
        1 + g.rng.below(2)
    } else {
        0
    };
    for _ in 0..scopes {
        s.push_str("(push 1)\n");
        let outer = g.syms.len();
        if g.rng.chance(30) {
            let z = g.fresh("z");
            let _ = writeln!(s, "(declare-const {z} Int)");
            g.syms.push(Sym {
                name: z,
                args: vec![],
                ret: Sort::Int,
            });
        }
        if g.rng.chance(20) {
            let d = g.fresh("d");
            let body = g.term(Sort::Int, 2);
            let _ = writeln!(s, "(define-fun {d} () Int {body})");
            g.syms.push(Sym {
                name: d,
                args: vec![],
                ret: Sort::Int,
            });
        }
        for _ in 0..1 + g.rng.below(3) {
            assertion(&mut g, &mut s);
        }
        s.push_str("(check-sat)\n(pop 1)\n");
        g.syms.truncate(outer);
    }
    for _ in 0..g.rng.below(2) {
        assertion(&mut g, &mut s);
    }
    s.push_str("(check-sat)\n");
    if g.rng.chance(20) {
        s.push_str("(exit)\n");
    }
    s
}

/// The pipeline's limits for fuzzing: small, so that a run stays short.
pub fn options() -> Options {
    Options {
        limits: Limits {
            timeout: Some(Duration::from_millis(500)),
            node_limit: 20_000,
            ..Limits::default()
        },
        ..Options::default()
    }
}

/// What one script's checks found.
#[derive(Default, Debug)]
pub struct Report {
    /// Contract violations, one line each; empty when all checks passed.
    pub failures: Vec<String>,
    /// check-sat answers z3 gave on both sides (sat or unsat each).
    pub compared: usize,
    /// Of those, how many were unsat.
    pub unsat: usize,
    /// check-sat answers z3 left undecided on at least one side.
    pub undecided: usize,
    pub validated: Option<Verdict>,
}

/// The check-sat answers of z3 on `script`, each `sat`, `unsat` or
/// `unknown`, with a per-query limit of `ms`; an `Err` when z3 reports an
/// error, None when z3 did not finish.
fn z3_answers(script: &str, ms: u64) -> Option<Result<Vec<String>, String>> {
    let argv = [
        common::solver_path("z3"),
        "-in".to_string(),
        format!("-t:{ms}"),
    ];
    let limit = Duration::from_millis(ms * 8 + 5_000);
    let done = simplify::process::run(&argv, script.as_bytes(), limit).ok()?;
    done.exit?;
    let out = String::from_utf8_lossy(&done.stdout).into_owned();
    if common::has_error(&out) {
        return Some(Err(out));
    }
    Some(Ok(common::answers(&out)))
}

/// How much of the checking to do on one script.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// Compare z3's answers on input and output.
    pub solver: bool,
    /// Run `validate` (translation validation with z3).
    pub validate: bool,
    /// z3's per-query limit, in milliseconds.
    pub solver_ms: u64,
}

/// Run vcsimp's pipeline on `src` and check it: no panic, the input and
/// the output both parse and print to text that parses again, and, as
/// `checks` asks, z3's decided answers agree and validation does not
/// disagree. z3 must be available when `checks` asks for it.
pub fn check(src: &str, checks: Checks) -> Report {
    let mut r = Report::default();
    let input = match smtlib_io::parse_script(src) {
        Ok(s) => s,
        Err(e) => {
            r.failures.push(format!(
                "generated script does not parse: {}",
                e.render("<input>", src)
            ));
            return r;
        }
    };
    let printed = smtlib_io::print_script(&input);
    if let Err(e) = smtlib_io::parse_script(&printed) {
        r.failures.push(format!(
            "printed input does not reparse: {}",
            e.render("<printed>", &printed)
        ));
    }
    let outcome = match catch_unwind(AssertUnwindSafe(|| simplify_text(src, &options()))) {
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            r.failures.push(format!("panic: {msg}"));
            return r;
        }
        Ok(Err(e)) => {
            r.failures.push(format!(
                "pipeline error on a valid script: {}",
                e.render("<input>", src)
            ));
            return r;
        }
        Ok(Ok(o)) => o,
    };
    let out = outcome.output.clone();
    match smtlib_io::parse_script(&out) {
        Err(e) => {
            r.failures.push(format!(
                "output does not reparse: {}",
                e.render("<output>", &out)
            ));
            return r;
        }
        Ok(o) => {
            let again = smtlib_io::print_script(&o);
            if let Err(e) = smtlib_io::parse_script(&again) {
                r.failures.push(format!(
                    "printed output does not reparse: {}",
                    e.render("<printed>", &again)
                ));
            }
        }
    }
    if checks.solver {
        let a = z3_answers(src, checks.solver_ms);
        let b = z3_answers(&out, checks.solver_ms);
        match (a, b) {
            (Some(Err(e)), _) => r.failures.push(format!("z3 rejects the input: {e}")),
            (_, Some(Err(e))) => r.failures.push(format!("z3 rejects the output: {e}")),
            (Some(Ok(a)), Some(Ok(b))) => {
                for i in 0..a.len().max(b.len()) {
                    let (x, y) = (a.get(i).map(String::as_str), b.get(i).map(String::as_str));
                    match (x, y) {
                        (Some(x @ ("sat" | "unsat")), Some(y @ ("sat" | "unsat"))) => {
                            if x == y {
                                r.compared += 1;
                                r.unsat += usize::from(x == "unsat");
                            } else {
                                r.failures.push(format!(
                                    "UNSOUND: check-sat {} is {x} on the input, {y} on the output",
                                    i + 1
                                ));
                            }
                        }
                        _ => r.undecided += 1,
                    }
                }
            }
            _ => r.undecided += 1,
        }
    }
    if checks.validate {
        let solver = SolverCommand {
            program: common::solver_path("z3"),
            args: vec!["-in".into()],
            timeout: Duration::from_millis(checks.solver_ms),
            fallback: None,
        };
        match validate_text(src, &out, &outcome.read_back, &solver) {
            Ok(v) => {
                if v.verdict == Verdict::Disagree {
                    r.failures.push(format!("validate disagrees: {}", v.detail));
                }
                r.validated = Some(v.verdict);
            }
            Err(e) => r.failures.push(format!(
                "validate cannot parse: {}",
                e.render("<output>", &out)
            )),
        }
    }
    r
}

/// Totals over a run.
#[derive(Default, Debug)]
pub struct Summary {
    pub scripts: usize,
    pub solver_checked: usize,
    pub compared: usize,
    pub unsat: usize,
    pub undecided: usize,
    pub validated: usize,
    pub agree: usize,
    pub partial: usize,
    pub unknown: usize,
    /// (seed, failure) for every violation.
    pub failures: Vec<(u64, String)>,
}

impl Summary {
    pub fn line(&self) -> String {
        format!(
            "{} scripts; z3 on {}: {} answers compared ({} unsat), {} undecided; \
             validate on {}: {} agree, {} partial, {} unknown; {} failures",
            self.scripts,
            self.solver_checked,
            self.compared,
            self.unsat,
            self.undecided,
            self.validated,
            self.agree,
            self.partial,
            self.unknown,
            self.failures.len()
        )
    }
}

/// Generate and check `n` scripts from seeds `seed..seed + n`; z3 on
/// every `solver_every`-th (none when 0), validation on every
/// `validate_every`-th (none when 0). A failing script is written to
/// `dump` (when given) as `vc-<seed>.smt2`. With `progress`, the totals
/// so far go to stderr every 1000 scripts.
pub fn run(
    seed: u64,
    n: usize,
    solver_every: usize,
    validate_every: usize,
    solver_ms: u64,
    dump: Option<&std::path::Path>,
    progress: bool,
) -> Summary {
    let mut sum = Summary::default();
    for i in 0..n {
        let s = seed.wrapping_add(i as u64);
        let src = generate(s);
        let checks = Checks {
            solver: solver_every > 0 && i % solver_every == 0,
            validate: validate_every > 0 && i % validate_every == 0,
            solver_ms,
        };
        let r = check(&src, checks);
        sum.scripts += 1;
        sum.solver_checked += usize::from(checks.solver);
        sum.compared += r.compared;
        sum.unsat += r.unsat;
        sum.undecided += r.undecided;
        match r.validated {
            Some(Verdict::Agree) => sum.agree += 1,
            Some(Verdict::Partial) => sum.partial += 1,
            Some(Verdict::Unknown) => sum.unknown += 1,
            _ => {}
        }
        sum.validated += usize::from(checks.validate);
        if progress && (i + 1) % 1000 == 0 {
            eprintln!("vc_fuzz: seed {s}: {}", sum.line());
        }
        if !r.failures.is_empty() {
            if let Some(d) = dump {
                let _ = std::fs::create_dir_all(d);
                let _ = std::fs::write(d.join(format!("vc-{s}.smt2")), &src);
            }
            for f in r.failures {
                sum.failures.push((s, f));
            }
        }
    }
    sum
}
