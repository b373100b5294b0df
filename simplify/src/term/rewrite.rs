//! Directed first-order rewriting of terms: rules `∀x̄. γ ⇒ h(p̄) → r`
//! read from the facts of a script, matched syntactically at a subterm
//! ([`Rule::matches`]), instantiated ([`Rule::fire`]), and applied
//! innermost-first to a normal form under a step limit ([`normalize`]).
//!
//! `unfold` normalises with unconditional rules (definitions and
//! size-decreasing equations); `guarded-eq` fires conditional rules under
//! hypotheses and splits on the guards they leave open, a strategy that
//! needs the pass's guard reasoning (bounds, ElimAssign's writers) and so
//! lives in the pass, over the rules, matching and instantiation of this
//! module.
//!
//! **Why the e-graph has its own rules.** The rules of
//! `crate::egraph::rule_files` are e-matched over equivalence classes: a rule
//! *adds* its right side to the class of every match, both forms stay, and
//! extraction picks one at the end, so the order of rules and the
//! termination of a rule set do not matter (the scheduler bounds the run).
//! The rules here are *directed*: a match is replaced by the right side at
//! once and the left side is gone, so the rules must be applied in an
//! order, be oriented towards smaller terms (or be counted by a step
//! limit), and see the term exactly as written (patterns, binders, the
//! `:pattern` annotations a solver instantiates by), which an e-graph does
//! not keep. Rules read from the script's own facts, different for every
//! assertion, also cost nothing here, while an e-graph rule set is compiled
//! once per run.

use super::{and, freshen, has_binder, match_term, subst};
use smtlib_io::{Context, FunId, Op, TermId, TermKind, VarId};
use std::collections::HashMap;

/// What a rule's left side applies: an uninterpreted function, or `select`
/// from one (closed) array term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Head {
    Fun(FunId),
    /// `select` from this array term.
    Select(TermId),
}

impl Head {
    /// The head and arguments of `t`, if `t` is an application a rule can
    /// match: `f(t̄)` with `f` uninterpreted (`Fun(f)`, `t̄`) or
    /// `(select a i)` (`Select(a)`, `[i]`).
    pub fn of(cx: &Context, t: TermId) -> Option<(Head, Vec<TermId>)> {
        match cx.kind(t) {
            TermKind::App(Op::Uf(f), a) => Some((Head::Fun(*f), a.to_vec())),
            TermKind::App(Op::Select, a) => Some((Head::Select(a[0]), vec![a[1]])),
            _ => None,
        }
    }

    /// Does some subterm of `t` (`t` included) apply this head?
    pub fn occurs_in(&self, cx: &Context, t: TermId) -> bool {
        super::any_subterm(cx, t, |u| Head::of(cx, u).is_some_and(|(h, _)| h == *self))
    }
}

/// A rewrite rule `∀vars. guards ⇒ head(pats) → rhs`. Every free variable
/// of `guards` and `rhs` occurs in `pats`; a rule is sound where the fact
/// it was read from holds. Unconditional when `guards` is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The variables the patterns bind; any other variable in a pattern
    /// matches only itself.
    pub vars: Vec<VarId>,
    pub head: Head,
    pub pats: Vec<TermId>,
    /// Conjuncts of the condition under which the rule holds.
    pub guards: Vec<TermId>,
    pub rhs: TermId,
}

/// A rule fired at one term: its guard and right side under the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The conjunction of the instantiated guards (`true` if none).
    pub guard: TermId,
    /// The term that replaces the matched one where `guard` holds.
    pub rhs: TermId,
}

impl Rule {
    /// The unconditional rule `f(params) → body` of a definition.
    pub fn definition(cx: &mut Context, f: FunId, params: &[VarId], body: TermId) -> Rule {
        Rule {
            vars: params.to_vec(),
            head: Head::Fun(f),
            pats: params.iter().map(|&v| cx.mk_var(v)).collect(),
            guards: Vec::new(),
            rhs: body,
        }
    }

    /// Is every pattern a variable (the left side of a definition,
    /// `f(x̄)`, rather than a rewrite of nested terms)?
    pub fn is_definition(&self, cx: &Context) -> bool {
        self.pats
            .iter()
            .all(|&p| matches!(cx.kind(p), TermKind::Var(_)))
    }

    /// The substitution under which `head(args)` (of this rule's head) is
    /// an instance of the left side, if any: each pattern is matched
    /// syntactically (`match_term`).
    pub fn matches(&self, cx: &Context, args: &[TermId]) -> Option<HashMap<VarId, TermId>> {
        let mut m = HashMap::new();
        (self.pats.len() == args.len()
            && self
                .pats
                .iter()
                .zip(args)
                .all(|(&p, &a)| match_term(cx, p, a, &self.vars, &mut m)))
        .then_some(m)
    }

    /// Could this rule fire again inside its own right side: does some
    /// subterm of `t` apply the head to arguments that an instance of the
    /// patterns may match once the rule's variables are replaced? Finer
    /// than [`Head::occurs_in`]: under Why3's encoding every read has the
    /// head `tb2t`, and `tb2t(get(x, t)) = tb2t(get(w, ()))` (a variable
    /// `x` defined by the value of a uniform `w`) is no recursion.
    pub fn reapplies_in(&self, cx: &Context, t: TermId) -> bool {
        super::any_subterm(cx, t, |u| {
            Head::of(cx, u).is_some_and(|(h, args)| {
                h == self.head
                    && args.len() == self.pats.len()
                    && self
                        .pats
                        .iter()
                        .zip(&args)
                        .all(|(&p, &a)| may_match(cx, p, a, &self.vars))
            })
        })
    }

    /// The rule fired at `head(args)` (of this rule's head): its guard and
    /// right side instantiated by the match ([`instantiate`]), or `None`
    /// if the left side does not match.
    pub fn fire(&self, cx: &mut Context, args: &[TermId]) -> Option<Instance> {
        let m = self.matches(cx, args)?;
        let gs: Vec<TermId> = self.guards.iter().map(|&g| subst(cx, g, &m)).collect();
        let guard = and(cx, gs);
        let guard = fresh_if_binders(cx, guard);
        Some(Instance {
            guard,
            rhs: instantiate(cx, self.rhs, &m),
        })
    }
}

/// May pattern `p` (over the variables `vars`) match `a` once the
/// variables of `vars` in `a` are replaced by some terms? A variable on
/// either side may stand for anything; otherwise both must apply the same
/// operator to arguments that may match, or be the same term.
fn may_match(cx: &Context, p: TermId, a: TermId, vars: &[VarId]) -> bool {
    let is_rule_var = |t: TermId| matches!(cx.kind(t), TermKind::Var(v) if vars.contains(v));
    if p == a || is_rule_var(p) || is_rule_var(a) {
        return true;
    }
    match (cx.kind(p), cx.kind(a)) {
        (TermKind::App(op1, ps), TermKind::App(op2, args)) => {
            op1 == op2
                && ps.len() == args.len()
                && ps
                    .iter()
                    .zip(args)
                    .all(|(&q, &b)| may_match(cx, q, b, vars))
        }
        _ => false,
    }
}

/// `t` with the variables of `m` replaced by their terms, its binders
/// freshened if it has any, so that an instance placed next to another
/// instance (or to the fact it comes from) binds no variable twice in one
/// assertion.
pub fn instantiate(cx: &mut Context, t: TermId, m: &HashMap<VarId, TermId>) -> TermId {
    let r = subst(cx, t, m);
    fresh_if_binders(cx, r)
}

/// `t`, or a copy whose binders bind fresh variables if it has binders
/// (`super::freshen`).
pub fn fresh_if_binders(cx: &mut Context, t: TermId) -> TermId {
    if has_binder(cx, t) {
        freshen(cx, t)
    } else {
        t
    }
}

/// `t` rewritten innermost-first to a normal form: the children of an
/// application are normalised, then `step` is tried at the application;
/// when it rewrites, the result is normalised again. Each rewrite takes one
/// unit of `fuel`, and none is tried once it is spent, so the result is a
/// normal form only while fuel remains (a rule set that loops stops there).
/// Binder bodies and annotated terms are entered with their variables and
/// attributes kept as written; `match` terms are left alone. Shared
/// subterms are rewritten once. If every step gives an equivalent term (under
/// the facts its rules come from), so does the result.
pub fn normalize(
    cx: &mut Context,
    t: TermId,
    fuel: &mut usize,
    mut step: impl FnMut(&mut Context, TermId) -> Option<TermId>,
) -> TermId {
    fn go(
        cx: &mut Context,
        t: TermId,
        fuel: &mut usize,
        step: &mut dyn FnMut(&mut Context, TermId) -> Option<TermId>,
        memo: &mut rustc_hash::FxHashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = match cx.kind(t).clone() {
            TermKind::App(op, args) => {
                let new: Vec<TermId> = args.iter().map(|&a| go(cx, a, fuel, step, memo)).collect();
                let t2 = super::with_args(cx, t, op, &args, new);
                match (*fuel > 0).then(|| step(cx, t2)).flatten() {
                    Some(s) => {
                        *fuel -= 1;
                        go(cx, s, fuel, step, memo)
                    }
                    None => t2,
                }
            }
            TermKind::Binder(k, vs, body, attrs) => {
                let nb = go(cx, body, fuel, step, memo);
                if nb == body {
                    t
                } else {
                    // Same variables, so the patterns stay valid; they are
                    // kept as written (z3 instantiates by them).
                    cx.mk_binder(k, vs, nb, attrs).unwrap_or(t)
                }
            }
            TermKind::Annot(body, attrs) => {
                let nb = go(cx, body, fuel, step, memo);
                if nb == body {
                    t
                } else {
                    cx.mk_annot(nb, attrs)
                }
            }
            _ => t,
        };
        memo.insert(t, r);
        r
    }
    go(cx, t, fuel, &mut step, &mut Default::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    /// A context with `f`, `g` (Int → Int), `x`, `y` (Int) and the term
    /// `text` read in it.
    fn read(text: &str) -> (Context, TermId) {
        let src = format!(
            "(declare-fun f (Int) Int)(declare-fun g (Int) Int)(declare-fun x () Int)\
             (declare-fun y () Int)(assert {text})"
        );
        let s = parse_script(&src).expect("parses");
        let t = s.assertions().next().expect("one assertion");
        (s.cx, t)
    }

    fn fun(cx: &Context, name: &str) -> FunId {
        cx.funs()
            .find(|(_, d)| cx.sym_name(d.name) == name)
            .unwrap()
            .0
    }

    /// `∀v. f(g(v)) → v` in `cx`.
    fn fg_rule(cx: &mut Context) -> Rule {
        let int = cx.int_sort();
        let name = cx.sym("v");
        let v = cx.new_var(name, int);
        let vt = cx.mk_var(v);
        let g = fun(cx, "g");
        let gv = cx.mk_app(Op::Uf(g), vec![vt]).unwrap();
        Rule {
            vars: vec![v],
            head: Head::Fun(fun(cx, "f")),
            pats: vec![gv],
            guards: vec![],
            rhs: vt,
        }
    }

    /// `t` normalised by the one rule `r`.
    fn normalize_by(cx: &mut Context, r: &Rule, t: TermId, fuel: &mut usize) -> TermId {
        normalize(cx, t, fuel, |cx, u| {
            let (h, args) = Head::of(cx, u)?;
            (h == r.head)
                .then(|| r.fire(cx, &args))
                .flatten()
                .map(|i| i.rhs)
        })
    }

    #[test]
    fn a_guard_is_instantiated_with_the_right_side() {
        let (mut cx, t) = read("(> (f (g x)) 0)");
        let mut r = fg_rule(&mut cx);
        let zero = cx.mk_int(0);
        let v = cx.mk_var(r.vars[0]);
        r.guards = vec![cx.mk_app(Op::Gt, vec![v, zero]).unwrap()];
        let arg = cx.children(cx.children(t)[0])[0];
        let inst = r.fire(&mut cx, &[arg]).expect("matches");
        let x = cx.mk_const(fun(&cx, "x"));
        assert_eq!(inst.guard, cx.mk_app(Op::Gt, vec![x, zero]).unwrap());
        assert_eq!(inst.rhs, x);
    }

    #[test]
    fn a_rule_matches_its_instances_only() {
        let (mut cx, t) = read("(= (f (g x)) (f x))");
        let r = fg_rule(&mut cx);
        let TermKind::App(Op::Eq, a) = cx.kind(t).clone() else {
            panic!()
        };
        let (h, args) = Head::of(&cx, a[0]).unwrap();
        assert_eq!(h, r.head);
        let inst = r.fire(&mut cx, &args).expect("f(g(x)) matches");
        assert_eq!(
            cx.kind(inst.rhs),
            &TermKind::App(Op::Uf(fun(&cx, "x")), [].into())
        );
        assert!(matches!(cx.kind(inst.guard), TermKind::Bool(true)));
        let (_, args) = Head::of(&cx, a[1]).unwrap();
        assert!(
            r.matches(&cx, &args).is_none(),
            "f(x) is no instance of f(g(v))"
        );
    }

    #[test]
    fn normalize_rewrites_innermost_to_a_normal_form() {
        let (mut cx, t) = read("(= (f (g (f (g x)))) y)");
        let r = fg_rule(&mut cx);
        let mut fuel = 10;
        let out = normalize_by(&mut cx, &r, t, &mut fuel);
        assert_eq!(fuel, 8, "two rewrites");
        let x = cx.mk_const(fun(&cx, "x"));
        let y = cx.mk_const(fun(&cx, "y"));
        assert_eq!(out, cx.mk_app(Op::Eq, vec![x, y]).unwrap());
    }

    #[test]
    fn normalize_stops_when_the_fuel_is_spent() {
        let (mut cx, t) = read("(= (f (g (f (g x)))) y)");
        let r = fg_rule(&mut cx);
        let mut fuel = 1;
        let out = normalize_by(&mut cx, &r, t, &mut fuel);
        assert_eq!(fuel, 0);
        // the inner f(g(x)) went, the outer one stays
        let (h, _) = Head::of(&cx, cx.children(out)[0]).unwrap();
        assert_eq!(h, r.head);
    }

    #[test]
    fn a_rule_reapplies_only_where_its_patterns_may_match() {
        // ∀v. f(g(v)) → rhs, for right sides that apply f again or not
        let (mut cx, t) = read("(= (f (g (f (g x)))) (+ (f x) (f (f (g y)))))");
        let r = fg_rule(&mut cx);
        let v = cx.mk_var(r.vars[0]);
        let TermKind::App(Op::Eq, a) = cx.kind(t).clone() else {
            panic!()
        };
        // f(x): the same head, but x is no g(…) under any instance
        let fx = cx.children(a[1])[0];
        assert!(!r.reapplies_in(&cx, fx), "f(x) never matches f(g(v))");
        // f(f(g(y))) contains an instance, f(g(y))
        let ffgy = cx.children(a[1])[1];
        assert!(r.reapplies_in(&cx, ffgy));
        // f(v) matches f(g(v')) when v is g(…): the variable may be anything
        let f = fun(&cx, "f");
        let fv = cx.mk_app(Op::Uf(f), vec![v]).unwrap();
        assert!(r.reapplies_in(&cx, fv));
        // g(v): no application of f at all
        let g = fun(&cx, "g");
        let gv = cx.mk_app(Op::Uf(g), vec![v]).unwrap();
        assert!(!r.reapplies_in(&cx, gv));
    }

    #[test]
    fn instances_with_binders_are_freshened() {
        let (mut cx, t) = read("(forall ((z Int)) (> (f z) 0))");
        let m = HashMap::new();
        let i = instantiate(&mut cx, t, &m);
        assert_ne!(i, t, "fresh bound variable");
        let TermKind::Binder(_, vs, _, _) = cx.kind(i) else {
            panic!()
        };
        let TermKind::Binder(_, ws, _, _) = cx.kind(t) else {
            panic!()
        };
        assert_ne!(vs[0], ws[0]);
        let (mut cx2, ground) = read("(> (f x) 0)");
        assert_eq!(instantiate(&mut cx2, ground, &m), ground);
    }
}
