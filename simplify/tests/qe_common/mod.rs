//! Shared helpers of the QE tests: run the pass, evaluate terms, generate
//! random guarded Presburger formulas.
#![allow(dead_code)]

use simplify::pass::{Budget, PassContext, TermPass};
use simplify::passes::cooper_qe::{CooperQe, QeConfig};
use smtlib_io::{
    parse_script, BinderKind, CommandKind, Context, Op, Printer, Script, TermId, TermKind, VarId,
};
use std::collections::HashMap;

pub use crate::common::rng::Rng;

/// Parse `src`, apply `cooper-qe` to each assertion; the script (with the
/// rewritten assertions) and the pass.
pub fn run_cfg(src: &str, config: QeConfig) -> (Script, Vec<(TermId, TermId)>, CooperQe) {
    let mut script = parse_script(src).expect("parses");
    let mut qe = CooperQe::new(config);
    let budget = Budget::default();
    let mut trace = Vec::new();
    let mut pairs = Vec::new();
    for i in 0..script.commands.len() {
        if let CommandKind::Assert(t) = script.commands[i].kind {
            let mut ctx = PassContext {
                facts: &[],
                budget: &budget,
                trace: &mut trace,
            };
            let r = qe.apply(&mut script.cx, t, &mut ctx).unwrap_or(t);
            script.commands[i].kind = CommandKind::Assert(r);
            pairs.push((t, r));
        }
    }
    (script, pairs, qe)
}

/// The printed outputs of every assertion.
pub fn run(src: &str) -> Vec<String> {
    let (script, pairs, _) = run_cfg(src, QeConfig::default());
    let mut p = Printer::new(&script.cx);
    pairs.iter().map(|&(_, r)| p.term(r)).collect()
}

pub fn has_quantifier(cx: &Context, t: TermId) -> bool {
    matches!(cx.kind(t), TermKind::Binder(..))
        || cx.children(t).into_iter().any(|c| has_quantifier(cx, c))
}

/// Brute-force evaluation: free constants from `env`, quantifiers over
/// `[-range, range]`.
pub struct Eval<'a> {
    pub cx: &'a Context,
    pub consts: HashMap<String, i64>,
    pub vars: HashMap<VarId, i64>,
    pub range: i64,
}

impl Eval<'_> {
    pub fn int(&mut self, t: TermId) -> i64 {
        let cx = self.cx;
        match cx.kind(t) {
            TermKind::Int(n) => i64::try_from(n.clone()).unwrap(),
            TermKind::Var(v) => self.vars[v],
            TermKind::App(op, args) => {
                let args = args.clone();
                match op {
                    Op::Uf(f) if args.is_empty() => self.consts[cx.sym_name(cx.fun(*f).name)],
                    Op::Add => args.iter().map(|&a| self.int(a)).sum(),
                    Op::Mul => args.iter().map(|&a| self.int(a)).product(),
                    Op::Neg => -self.int(args[0]),
                    Op::Sub if args.len() == 1 => -self.int(args[0]),
                    Op::Sub => {
                        let f = self.int(args[0]);
                        args[1..].iter().fold(f, |acc, &a| acc - self.int(a))
                    }
                    Op::Mod => {
                        let (a, b) = (self.int(args[0]), self.int(args[1]));
                        a.rem_euclid(b)
                    }
                    Op::IntDiv => {
                        let (a, b) = (self.int(args[0]), self.int(args[1]));
                        a.div_euclid(b)
                    }
                    Op::Ite => {
                        if self.bool(args[0]) {
                            self.int(args[1])
                        } else {
                            self.int(args[2])
                        }
                    }
                    _ => panic!("eval: unsupported Int op {op:?}"),
                }
            }
            k => panic!("eval: unsupported Int term {k:?}"),
        }
    }

    pub fn bool(&mut self, t: TermId) -> bool {
        let cx = self.cx;
        match cx.kind(t).clone() {
            TermKind::Bool(b) => b,
            TermKind::Binder(kind, vars, body, _) => self.quant(kind, &vars, body),
            TermKind::App(op, args) => match op {
                Op::Not => !self.bool(args[0]),
                Op::And => args.iter().all(|&a| self.bool(a)),
                Op::Or => args.iter().any(|&a| self.bool(a)),
                Op::Implies => {
                    let n = args.len();
                    args[..n - 1].iter().any(|&a| !self.bool(a)) || self.bool(args[n - 1])
                }
                Op::Xor => args.iter().fold(false, |acc, &a| acc ^ self.bool(a)),
                Op::Ite => {
                    if self.bool(args[0]) {
                        self.bool(args[1])
                    } else {
                        self.bool(args[2])
                    }
                }
                Op::Eq if cx.sort_of(args[0]) == cx.bool_sort() => {
                    let v: Vec<bool> = args.iter().map(|&a| self.bool(a)).collect();
                    v.windows(2).all(|w| w[0] == w[1])
                }
                Op::Eq | Op::Distinct | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                    let v: Vec<i64> = args.iter().map(|&a| self.int(a)).collect();
                    match op {
                        Op::Distinct => {
                            (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i] != v[j]))
                        }
                        _ => v.windows(2).all(|w| match op {
                            Op::Eq => w[0] == w[1],
                            Op::Lt => w[0] < w[1],
                            Op::Le => w[0] <= w[1],
                            Op::Gt => w[0] > w[1],
                            _ => w[0] >= w[1],
                        }),
                    }
                }
                Op::Divisible(k) => {
                    let k = i64::try_from(&*k).unwrap();
                    self.int(args[0]).rem_euclid(k) == 0
                }
                _ => panic!("eval: unsupported Bool op {op:?}"),
            },
            k => panic!("eval: unsupported Bool term {k:?}"),
        }
    }

    fn quant(&mut self, kind: BinderKind, vars: &[VarId], body: TermId) -> bool {
        let Some((&v, rest)) = vars.split_first() else {
            return self.bool(body);
        };
        let want = kind == BinderKind::Exists;
        for i in -self.range..=self.range {
            self.vars.insert(v, i);
            if self.quant(kind, rest, body) == want {
                self.vars.remove(&v);
                return want;
            }
        }
        self.vars.remove(&v);
        !want
    }
}

/// Free constants of the generated formulas and their box.
pub const FREE: [&str; 2] = ["a", "b"];
pub const BOX: i64 = 2;
/// Quantified variables stay within this range (guards: `lo-3 <= x <= lo+3`
/// with `lo` a constant in [-2,2], a free constant or an outer variable;
/// at most 3 nested quantifiers).
pub const RANGE: i64 = 12;

pub struct Gen {
    pub rng: Rng,
    pub next_var: usize,
    pub quants: usize,
    pub max_quants: usize,
    /// Bound every quantified variable by a guard (needed for brute force).
    pub guarded: bool,
    /// The nonlinear parameter atom.
    pub nl_atom: String,
}

impl Gen {
    pub fn new(seed: u64, max_quants: usize) -> Gen {
        Gen {
            rng: Rng::from_state((seed ^ 0x9E37_79B9_7F4A_7C15).max(1)),
            next_var: 0,
            quants: 0,
            max_quants,
            guarded: true,
            nl_atom: "(* a b)".into(),
        }
    }

    fn linear(&mut self, scope: &[String]) -> String {
        if self.rng.below(10) == 0 {
            // div/mod by a constant (the pass purifies them).
            let op = *self.rng.pick(&["div", "mod"]);
            let k = *self.rng.pick(&[2, 3, -2]);
            let inner = self.linear_plain(scope);
            let c = self.rng.range(-2, 2);
            return format!("(+ ({op} {inner} {k}) {c})");
        }
        self.linear_plain(scope)
    }

    fn linear_plain(&mut self, scope: &[String]) -> String {
        let mut parts = Vec::new();
        let n = self.rng.range(1, 3);
        for _ in 0..n {
            let c = self.rng.range(-3, 3);
            if c == 0 {
                continue;
            }
            let v = if self.rng.below(8) == 0 {
                self.nl_atom.clone()
            } else {
                self.rng.pick(scope).clone()
            };
            parts.push(if c == 1 { v } else { format!("(* {c} {v})") });
        }
        let k = self.rng.range(-3, 3);
        parts.push(k.to_string());
        if parts.len() == 1 {
            parts.pop().unwrap()
        } else {
            format!("(+ {})", parts.join(" "))
        }
    }

    fn atom(&mut self, scope: &[String]) -> String {
        match self.rng.below(10) {
            0..=4 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">="]);
                format!("({op} {} {})", self.linear(scope), self.linear(scope))
            }
            5 | 6 => format!("(= {} {})", self.linear(scope), self.linear(scope)),
            7 => {
                let k = self.rng.range(2, 4);
                let r = self.rng.range(0, k - 1);
                format!("(= (mod {} {k}) {r})", self.linear(scope))
            }
            8 => {
                let k = self.rng.range(2, 3);
                format!("((_ divisible {k}) {})", self.linear(scope))
            }
            _ => format!("(distinct {} {})", self.linear(scope), self.linear(scope)),
        }
    }

    pub fn formula(&mut self, scope: &mut Vec<String>, depth: usize) -> String {
        let r = self.rng.below(10);
        if self.quants < self.max_quants && (depth == 0 || r < 3) {
            return self.quant(scope, depth);
        }
        if depth >= 3 || r < 4 {
            return self.atom(scope);
        }
        match r {
            4 | 5 => format!(
                "(and {} {})",
                self.formula(scope, depth + 1),
                self.formula(scope, depth + 1)
            ),
            6 | 7 => format!(
                "(or {} {})",
                self.formula(scope, depth + 1),
                self.formula(scope, depth + 1)
            ),
            8 => format!("(not {})", self.formula(scope, depth + 1)),
            _ => format!(
                "(=> {} {})",
                self.formula(scope, depth + 1),
                self.formula(scope, depth + 1)
            ),
        }
    }

    fn quant(&mut self, scope: &mut Vec<String>, depth: usize) -> String {
        self.quants += 1;
        let x = format!("x{}", self.next_var);
        self.next_var += 1;
        let lo = if self.rng.below(3) == 0 {
            self.rng.range(-2, 2).to_string()
        } else {
            self.rng.pick(scope).clone()
        };
        let (d1, d2) = (self.rng.range(0, 3), self.rng.range(0, 3));
        let guard = format!("(<= (- {lo} {d1}) {x} (+ {lo} {d2}))");
        scope.push(x.clone());
        let body = self.formula(scope, depth + 1);
        scope.pop();
        if !self.guarded {
            let q = *self.rng.pick(&["exists", "forall"]);
            format!("({q} (({x} Int)) {body})")
        } else if self.rng.below(2) == 0 {
            format!("(exists (({x} Int)) (and {guard} {body}))")
        } else {
            format!("(forall (({x} Int)) (=> {guard} {body}))")
        }
    }
}

/// A random script with one guarded assertion.
pub fn random_script(seed: u64, max_quants: usize) -> String {
    random_script_with(seed, max_quants, true, "(* a b)")
}

/// `nl_atom` is the nonlinear parameter term: `c` (an uninterpreted
/// stand-in the pass treats alike) keeps z3 in linear arithmetic.
pub fn random_script_with(seed: u64, max_quants: usize, guarded: bool, nl_atom: &str) -> String {
    let mut g = Gen::new(seed, max_quants);
    g.guarded = guarded;
    g.nl_atom = nl_atom.into();
    let mut scope: Vec<String> = FREE.iter().map(|s| s.to_string()).collect();
    let f = g.formula(&mut scope, 0);
    format!("(declare-const a Int)\n(declare-const b Int)\n(declare-const c Int)\n(assert {f})\n")
}

/// Compare input and output of every assertion on the whole box.
pub fn check_box(script: &Script, pairs: &[(TermId, TermId)]) -> Result<(), String> {
    for &(t, r) in pairs {
        for a in -BOX..=BOX {
            for b in -BOX..=BOX {
                let consts: HashMap<String, i64> = [("a".to_string(), a), ("b".to_string(), b)]
                    .into_iter()
                    .collect();
                let mut ev = Eval {
                    cx: &script.cx,
                    consts,
                    vars: HashMap::new(),
                    range: RANGE,
                };
                let (x, y) = (ev.bool(t), ev.bool(r));
                if x != y {
                    let mut p = Printer::new(&script.cx);
                    return Err(format!(
                        "a={a} b={b}: input {x}, output {y}\n in: {}\nout: {}",
                        p.term(t),
                        p.term(r)
                    ));
                }
            }
        }
    }
    Ok(())
}
