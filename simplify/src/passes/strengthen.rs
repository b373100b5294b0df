//! The strengthening heuristics of section 4.5 (`strengthen`), opt-in only.
//!
//! They are **not equivalences**: they make an assertion *weaker* (the
//! task's goal stronger), so an `unsat` answer on the output still proves
//! the input unsat, but a `sat` answer means nothing. In SMT-LIB terms an
//! assertion is a hypothesis or the negated goal, so the paper's "positive
//! position of the task's goal" is a *negative* position of an assertion:
//!
//! * `f(s̄) = f(t̄)` at negative polarity becomes `s1 = t1 ∧ … ∧ sn = tn`
//!   (which implies it: the assertion gets weaker);
//! * an equality `f(t̄) = t` on a program variable `f` becomes `true` at
//!   positive polarity and `false` at negative polarity (with
//!   [`Strengthen::drop_program_vars`]; off by default, as it throws facts
//!   away).
//!
//! Positions under `ite` conditions, `xor` and Boolean `=` have both
//! polarities and are left alone. A program variable is a declared
//! function of arity >= 1 named `<name>_<digits>` (the VC generator's SSA
//! versions, e.g. `b_2`), or any function listed in
//! [`Strengthen::program_vars`].
//!
//! Whenever the pass changes anything, [`Strengthen::applied`] is set: the
//! pipeline adds [`STRENGTHENED_MARKER`] to the output (whenever the pass is
//! on).

use crate::pass::Marker;
use crate::pass::{PassContext, TermPass, TraceEvent};
use crate::registry::PassId;
use crate::term::{self, and, not, or};
use smtlib_io::{BinderKind, Context, FunId, FunKind, Op, TermId, TermKind};

/// The `set-info` command an output changed by `strengthen` must carry.
pub const STRENGTHENED_INFO: &str = "(set-info :vcsimp-strengthened true)";

/// What the output of `strengthen` says about itself.
pub const STRENGTHENED_MARKER: Marker = Marker {
    comment: "; vcsimp --strengthen: unsat proves the input unsat; sat/unknown mean nothing",
    info: STRENGTHENED_INFO,
    warning: |_| {
        "--strengthen: an unsat answer proves the input unsat; sat/unknown mean nothing".into()
    },
};

/// The `strengthen` pass.
#[derive(Clone, Debug)]
pub struct Strengthen {
    /// Replace `f(s̄) = f(t̄)` by argument equalities (negative polarity).
    pub congruence: bool,
    /// Replace program-variable equalities by true/false.
    pub drop_program_vars: bool,
    /// Extra program variables (besides the `name_<digits>` convention).
    pub program_vars: Vec<FunId>,
    /// Set once the pass changed a term.
    pub applied: bool,
}

impl Default for Strengthen {
    fn default() -> Self {
        Strengthen {
            congruence: true,
            drop_program_vars: false,
            program_vars: Vec::new(),
            applied: false,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pol {
    Pos,
    Neg,
    Both,
}

impl Pol {
    fn flip(self) -> Pol {
        match self {
            Pol::Pos => Pol::Neg,
            Pol::Neg => Pol::Pos,
            Pol::Both => Pol::Both,
        }
    }
}

impl TermPass for Strengthen {
    fn id(&self) -> PassId {
        PassId::Strengthen
    }

    fn apply(&mut self, cx: &mut Context, t: TermId, ctx: &mut PassContext) -> Option<TermId> {
        if ctx.budget.expired() {
            return None;
        }
        let r = self.walk(cx, t, Pol::Pos, ctx);
        if r != t {
            self.applied = true;
            ctx.trace.push(TraceEvent {
                rule: PassId::Strengthen.name().into(),
                before: t,
                after: r,
            });
            Some(r)
        } else {
            None
        }
    }
}

impl Strengthen {
    fn is_program_var(&self, cx: &Context, f: FunId) -> bool {
        if self.program_vars.contains(&f) {
            return true;
        }
        let d = cx.fun(f);
        if d.kind != FunKind::Declared || d.args.is_empty() {
            return false;
        }
        let name = cx.sym_name(d.name);
        match name.rsplit_once('_') {
            Some((base, digits)) => {
                !base.is_empty() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
            }
            None => false,
        }
    }

    fn walk(&mut self, cx: &mut Context, t: TermId, pol: Pol, ctx: &PassContext) -> TermId {
        if ctx.budget.expired() {
            return t;
        }
        match cx.kind(t).clone() {
            TermKind::App(Op::Not, a) => {
                let b = self.walk(cx, a[0], pol.flip(), ctx);
                if b == a[0] {
                    t
                } else {
                    not(cx, b)
                }
            }
            TermKind::App(op @ (Op::And | Op::Or), args) => {
                let new: Vec<TermId> = args.iter().map(|&a| self.walk(cx, a, pol, ctx)).collect();
                if new[..] == args[..] {
                    t
                } else if op == Op::And {
                    and(cx, new)
                } else {
                    or(cx, new)
                }
            }
            TermKind::App(Op::Implies, args) => {
                let n = args.len();
                let mut new: Vec<TermId> = args[..n - 1]
                    .iter()
                    .map(|&a| self.walk(cx, a, pol.flip(), ctx))
                    .collect();
                new.push(self.walk(cx, args[n - 1], pol, ctx));
                if new[..] == args[..] {
                    t
                } else {
                    let (c, hs) = new.split_last().unwrap();
                    let h = and(cx, hs.to_vec());
                    term::implies(cx, h, *c)
                }
            }
            TermKind::Binder(k @ (BinderKind::Forall | BinderKind::Exists), vs, body, attrs) => {
                let nb = self.walk(cx, body, pol, ctx);
                if nb == body {
                    t
                } else {
                    term::quant_with(cx, k, vs.to_vec(), nb, &attrs)
                }
            }
            TermKind::App(Op::Eq, args) if args.len() == 2 && pol != Pol::Both => {
                self.equality(cx, t, args[0], args[1], pol)
            }
            _ => t,
        }
    }

    fn equality(&mut self, cx: &mut Context, t: TermId, l: TermId, r: TermId, pol: Pol) -> TermId {
        if cx.sort_of(l) == cx.bool_sort() {
            return t;
        }
        let head = |cx: &Context, x: TermId| match cx.kind(x) {
            TermKind::App(Op::Uf(f), a) => Some((*f, a.to_vec())),
            _ => None,
        };
        if self.drop_program_vars {
            let pv = [l, r]
                .iter()
                .any(|&x| head(cx, x).is_some_and(|(f, _)| self.is_program_var(cx, f)));
            if pv {
                return cx.mk_bool(pol == Pol::Pos);
            }
        }
        if self.congruence && pol == Pol::Neg {
            if let (Some((f, a)), Some((g, b))) = (head(cx, l), head(cx, r)) {
                if f == g && !a.is_empty() && a != b {
                    let eqs: Vec<TermId> = a
                        .iter()
                        .zip(&b)
                        .map(|(&x, &y)| {
                            if x == y {
                                cx.mk_bool(true)
                            } else {
                                term::app(cx, Op::Eq, vec![x, y])
                            }
                        })
                        .collect();
                    return and(cx, eqs);
                }
            }
        }
        t
    }
}
