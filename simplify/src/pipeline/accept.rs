//! When a term pass's rewrite replaces its assertion: the acceptance
//! policy of the term passes' runs (`stages.rs`).

use super::deep::too_deep;
use crate::cost::term_cost;
use crate::scope::{declared_before, DeclarationIndex};
use crate::size::tree_size;
use smtlib_io::{BinderKind, Context, FunId, Op, TermId, TermKind, TermMemo};
use std::collections::{HashMap, HashSet};

/// A procedural rewrite may grow an assertion to at most
/// `GROWTH_FACTOR * size + GROWTH_SLACK` AST nodes; bigger results (the
/// case-splitting blow-up the paper reports for ElimAssign) are not taken.
const GROWTH_FACTOR: u64 = 4;
const GROWTH_SLACK: u64 = 200;

/// The largest size (AST nodes) a rewrite of a term of `before`'s size
/// may have. `sizes` holds tree sizes of terms of `cx`.
fn growth_bound(cx: &Context, before: TermId, sizes: &mut impl TermMemo) -> u64 {
    tree_size(cx, before, sizes)
        .saturating_mul(GROWTH_FACTOR)
        .saturating_add(GROWTH_SLACK)
}

/// Is `after` more than the growth bound above `before`?
fn grows_too_much(cx: &Context, before: TermId, after: TermId, sizes: &mut impl TermMemo) -> bool {
    tree_size(cx, after, sizes) > growth_bound(cx, before, sizes)
}

/// Whether the functions of `eliminable` that `q` reads are a strict
/// subset of those `t` reads, and `q` brings in no integer division: the
/// rewrite replaced every read of a function that the facts define over a
/// domain (an array written by a shared assign, a per-thread variable
/// written by an assignment, a recursive definition unfolded to its base)
/// by the defining values, under their conditions. That is worth a larger
/// formula, within the growth bound, but not a writer named by `div`/`mod`,
/// which solvers reason about poorly.
fn eliminates_a_definition(
    cx: &Context,
    t: TermId,
    q: TermId,
    eliminable: &HashSet<FunId>,
) -> bool {
    let divides = |root: TermId| {
        crate::term::any_subterm(cx, root, |u| {
            matches!(cx.kind(u), TermKind::App(Op::IntDiv | Op::Mod, _))
        })
    };
    if eliminable.is_empty() || (divides(q) && !divides(t)) {
        return false;
    }
    let reads = |root: TermId| -> HashSet<FunId> {
        let mut found = HashSet::new();
        crate::term::any_subterm(cx, root, |u| {
            if let TermKind::App(Op::Uf(f), _) = cx.kind(u) {
                if eliminable.contains(f) {
                    found.insert(*f);
                }
            }
            false
        });
        found
    };
    let (before, after) = (reads(t), reads(q));
    after.len() < before.len() && after.is_subset(&before)
}

/// Whether `q` has fewer quantifiers nested in another quantifier than
/// `t` (distinct terms, so that a shared subterm is walked once). A
/// quantifier nested in a universal gets no E-matching triggers from its
/// body, so a universal over it can only be instantiated by the
/// solver's enumeration; removing it is worth some growth (within the
/// growth bound): resolving a last writer case by case duplicates the cell
/// it defines (`a(n)` in each case), and Cooper elimination of a "no
/// writer" case is larger than the quantifier it replaces.
fn unnests_a_quantifier(cx: &Context, t: TermId, q: TermId) -> bool {
    fn nested(cx: &Context, t: TermId) -> usize {
        let mut n = 0;
        let mut seen = HashSet::new();
        let mut stack = vec![(t, false)];
        while let Some((u, under)) = stack.pop() {
            if !seen.insert((u, under)) {
                continue;
            }
            let here = matches!(
                cx.kind(u),
                TermKind::Binder(BinderKind::Forall | BinderKind::Exists, ..)
            );
            if here && under {
                n += 1;
            }
            for &c in cx.children(u).iter() {
                stack.push((c, under || here));
            }
        }
        n
    }
    nested(cx, q) < nested(cx, t)
}

/// Whether `q` has an existential quantifier (a distinct term) that `t`
/// has not: a rewrite that unnests a universal by bringing in another
/// existential (a negated "no writer" case) only moves the quantifier
/// the solver cannot instantiate.
fn adds_an_existential(cx: &Context, t: TermId, q: TermId) -> bool {
    let is_exists = |u: TermId| matches!(cx.kind(u), TermKind::Binder(BinderKind::Exists, ..));
    let mut before = HashSet::new();
    crate::term::any_subterm(cx, t, |u| {
        if is_exists(u) {
            before.insert(u);
        }
        false
    });
    crate::term::any_subterm(cx, q, |u| is_exists(u) && !before.contains(&u))
}

/// Whether `t` has an integer division or remainder whose divisor is not
/// a numeral: nonlinear arithmetic, which solvers decide by their
/// nonlinear search.
fn divides_by_a_term(cx: &Context, t: TermId) -> bool {
    crate::term::any_subterm(cx, t, |u| {
        matches!(cx.kind(u), TermKind::App(Op::IntDiv | Op::Mod, a)
            if a.len() == 2 && !matches!(cx.kind(a[1]), TermKind::Int(_)))
    })
}

/// Which rewrites of a term pass replace their assertion.
#[derive(Clone, Copy)]
pub(super) enum Accept<'a> {
    /// Every rewrite within the growth bound (encoding passes: unfolding a
    /// definition is the point, even when it is larger).
    Always,
    /// Rewrites no more costly than the current form ([`term_cost`]),
    /// with the growth bound measured from the form each assertion had
    /// when it entered the stage (by command index).
    NoCostlier(&'a HashMap<usize, TermId>),
    /// As `NoCostlier`, and when a result is rejected, the pass'
    /// [`crate::pass::TermPass::apply_conservatively`] result if that one
    /// passes.
    NoCostlierOrConservative(&'a HashMap<usize, TermId>),
}

impl Accept<'_> {
    /// Does the rewrite `q` replace the assertion at command `index`, whose
    /// current form is `t`? Never when `q` is `t`, exceeds the growth bound,
    /// is nested too deeply for the passes ([`too_deep`]), or uses a symbol
    /// not declared before `index` (`declared_at`); under `NoCostlier*`,
    /// only when its cost, with `defined` functions weighed as the e-graph
    /// weighs them, is at most `t`'s, or when it reads fewer of the
    /// `eliminable` functions than `t` and no other
    /// ([`eliminates_a_definition`]), or when it has fewer quantifiers
    /// nested in others and no existential `t` has not
    /// ([`unnests_a_quantifier`], [`adds_an_existential`]). `sizes` holds tree sizes of terms of
    /// `cx`, kept from one call to the next: each pass of a stage measures
    /// the same assertions.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn takes(
        &self,
        cx: &Context,
        index: usize,
        t: TermId,
        q: TermId,
        declared_at: &DeclarationIndex,
        (defined, eliminable): (&HashSet<FunId>, &HashSet<FunId>),
        sizes: &mut impl TermMemo,
    ) -> bool {
        let base = self.base(index, t);
        if q == t
            || grows_too_much(cx, base, q, sizes)
            || too_deep(cx, q)
            || !declared_before(cx, q, index, declared_at)
        {
            return false;
        }
        if let Accept::Always = self {
            return true;
        }
        // A substitution that puts `x mod N` where the assertion had a
        // constant (`tid` for `i mod N` from `i mod N = tid`) is cheaper
        // by the cost model, but turns linear facts about the constant
        // into nonlinear ones.
        if divides_by_a_term(cx, q) && !divides_by_a_term(cx, t) {
            return false;
        }
        let mut memo = HashMap::new();
        term_cost(cx, q, defined, &mut memo) <= term_cost(cx, t, defined, &mut memo)
            || eliminates_a_definition(cx, t, q, eliminable)
            || (unnests_a_quantifier(cx, t, q) && !adds_an_existential(cx, t, q))
    }

    /// The largest rewrite (AST nodes) of the assertion at command
    /// `index`, whose current form is `t`, that [`Accept::takes`] can
    /// take: the growth bound. A pass told so
    /// ([`crate::pass::Budget::max_term_nodes`]) need not build anything
    /// larger. `sizes` as for [`Accept::takes`].
    pub(super) fn max_nodes(
        &self,
        cx: &Context,
        index: usize,
        t: TermId,
        sizes: &mut impl TermMemo,
    ) -> u64 {
        growth_bound(cx, self.base(index, t), sizes)
    }

    /// The form the growth bound of the assertion at `index` (now `t`) is
    /// measured from.
    fn base(&self, index: usize, t: TermId) -> TermId {
        match self {
            Accept::Always => t,
            Accept::NoCostlier(entered) | Accept::NoCostlierOrConservative(entered) => {
                entered.get(&index).copied().unwrap_or(t)
            }
        }
    }

    /// Is a rejected rewrite asked for again in the pass's conservative
    /// mode?
    pub(super) fn retries_conservatively(&self) -> bool {
        matches!(self, Accept::NoCostlierOrConservative(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use smtlib_io::parse_script;

    fn sizes() -> HashMap<TermId, u64> {
        HashMap::new()
    }

    /// The assertions of `src` and its declaration index.
    fn read(src: &str) -> (smtlib_io::Script, Vec<TermId>, DeclarationIndex) {
        let s = parse_script(src).expect("parses");
        let ts = s.assertions().collect();
        let d = crate::scope::declaration_index(&s);
        (s, ts, d)
    }

    #[test]
    fn always_takes_any_change_within_the_growth_bound() {
        let (s, ts, d) =
            read("(declare-const x Int)(assert (> x 0))(assert (> (+ x x x x x x x x) 0))");
        let none = HashSet::new();
        // costlier, and still taken
        assert!(Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, (&none, &none), &mut sizes()));
        assert!(
            !Accept::Always.takes(&s.cx, 1, ts[0], ts[0], &d, (&none, &none), &mut sizes()),
            "no change"
        );
    }

    #[test]
    fn no_rewrite_grows_past_the_bound() {
        let big = (0..300)
            .map(|i| format!("(> x {i})"))
            .collect::<Vec<_>>()
            .join(" ");
        let (s, ts, d) = read(&format!(
            "(declare-const x Int)(assert (> x 0))(assert (and {big}))"
        ));
        let none = HashSet::new();
        assert!(!Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, (&none, &none), &mut sizes()));
    }

    #[test]
    fn no_costlier_compares_with_the_current_form() {
        let (s, ts, d) = read("(declare-const x Int)(assert (> (* x x) 0))(assert (> x 0))");
        let entered: HashMap<usize, TermId> = [(1, ts[1])].into_iter().collect();
        let none = HashSet::new();
        let accept = Accept::NoCostlier(&entered);
        assert!(
            accept.takes(&s.cx, 1, ts[0], ts[1], &d, (&none, &none), &mut sizes()),
            "cheaper"
        );
        assert!(
            !accept.takes(&s.cx, 1, ts[1], ts[0], &d, (&none, &none), &mut sizes()),
            "costlier"
        );
        assert!(!accept.retries_conservatively());
        assert!(Accept::NoCostlierOrConservative(&entered).retries_conservatively());
    }

    #[test]
    fn a_costlier_rewrite_that_removes_a_defined_function_is_taken() {
        let (s, ts, d) = read(
            "(declare-fun a (Int) Int)(declare-fun b (Int) Int)(declare-const x Int)\
             (assert (> (a x) 0))\
             (assert (and (> (+ x x x x x x x x) 0) (> (b x) 0)))\
             (assert (and (> (+ x x x x x x x x) 0) (> (a x) 0) (> (b x) 0)))\
             (assert (and (> (+ x x x x x x x x) 0) (> (div x 3) 0)))",
        );
        let entered: HashMap<usize, TermId> = [(3, ts[0])].into_iter().collect();
        let accept = Accept::NoCostlier(&entered);
        let none = HashSet::new();
        let fun = |name: &str| {
            s.cx.funs()
                .find(|(_, f)| s.cx.sym_name(f.name) == name)
                .map(|(f, _)| f)
                .expect("declared")
        };
        let a: HashSet<FunId> = [fun("a")].into_iter().collect();
        let ab: HashSet<FunId> = [fun("a"), fun("b")].into_iter().collect();
        assert!(!accept.takes(&s.cx, 3, ts[0], ts[1], &d, (&none, &none), &mut sizes()));
        // `a` gone, `b` new: only when `b` is not eliminable
        assert!(accept.takes(&s.cx, 3, ts[0], ts[1], &d, (&none, &a), &mut sizes()));
        assert!(!accept.takes(&s.cx, 3, ts[0], ts[1], &d, (&none, &ab), &mut sizes()));
        // nothing removed
        assert!(!accept.takes(&s.cx, 3, ts[0], ts[2], &d, (&none, &a), &mut sizes()));
        // `a` gone, but a division brought in
        assert!(!accept.takes(&s.cx, 3, ts[0], ts[3], &d, (&none, &a), &mut sizes()));
    }

    #[test]
    fn a_rewrite_that_brings_in_division_by_a_term_is_not_taken() {
        let (s, ts, d) = read(
            "(declare-const t Int)(declare-const i Int)(declare-const n Int)\
             (assert (<= 0 t))\
             (assert (<= 0 (mod i n)))\
             (assert (<= 0 (mod i 4)))\
             (assert (<= (mod i n) t))",
        );
        let entered = HashMap::new();
        let accept = Accept::NoCostlier(&entered);
        let none = HashSet::new();
        // `t` defined (`i mod n = t`, say): every form without it is cheaper
        let defined: HashSet<FunId> =
            s.cx.funs()
                .filter(|(_, f)| s.cx.sym_name(f.name) == "t")
                .map(|(f, _)| f)
                .collect();
        let takes = |t, q| accept.takes(&s.cx, 6, t, q, &d, (&defined, &none), &mut sizes());
        assert!(!takes(ts[0], ts[1]), "t becomes i mod n");
        assert!(takes(ts[0], ts[2]), "a remainder by a numeral is linear");
        assert!(takes(ts[3], ts[1]), "the assertion had i mod n already");
        assert!(Accept::Always.takes(&s.cx, 6, ts[0], ts[1], &d, (&defined, &none), &mut sizes()));
    }

    #[test]
    fn a_symbol_declared_later_is_not_taken() {
        let (s, ts, d) =
            read("(declare-const x Int)(assert (> x 0))(declare-const y Int)(assert (> y 0))");
        let none = HashSet::new();
        // the rewrite of the assertion at command 1 into one over y
        assert!(!Accept::Always.takes(&s.cx, 1, ts[0], ts[1], &d, (&none, &none), &mut sizes()));
        assert!(Accept::Always.takes(&s.cx, 3, ts[1], ts[0], &d, (&none, &none), &mut sizes()));
    }
}
