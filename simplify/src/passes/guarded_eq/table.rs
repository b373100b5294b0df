//! The rules `guarded-eq` rewrites one assertion with: those of its facts
//! (the other assertions), by head, kept from one assertion to the next.
//!
//! The facts of consecutive assertions are the same list but at a few
//! positions (the assertion itself is left out, and the one rewritten
//! before is in its new form), so the table is updated at those positions
//! only. Building it afresh per assertion (every rule cloned, then
//! indexed) costs assertions × rules, which for a VC that splits into
//! thousands of assertions is most of `guarded-eq`'s time.

use super::elim_assign::Shared;
use super::equations::{collect, Rule};
use crate::term::rewrite::Head;
use smtlib_io::{Context, TermId};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// The rules and shared assigns read from one fact.
pub(super) type FactRules = Rc<(Vec<Rule>, Vec<Shared>)>;

/// Where a rule of the table comes from: the fact at a position of the
/// list ([`RuleTable::facts`]), or [`DEFINITION`].
pub(super) const DEFINITION: usize = usize::MAX;

/// The rules of a list of facts and of the definitions, by head.
#[derive(Clone, Debug, Default)]
pub(super) struct RuleTable {
    /// The facts the table is for, by position.
    facts: Vec<TermId>,
    /// The rules of the fact at each position (their `fact` field is not
    /// the position: see [`RuleTable::rule`]).
    per_fact: Vec<FactRules>,
    /// The rules of the definitions.
    definitions: Vec<Rule>,
    /// For each head, its rules as (position or [`DEFINITION`], index
    /// among that fact's rules): in this order, the rules of the facts in
    /// list order, then the definitions'.
    by_head: HashMap<Head, BTreeSet<(usize, usize)>>,
    /// The positions whose fact has shared assigns.
    with_shared: BTreeSet<usize>,
    /// The key ([`RuleTable::key`]) of each position's first rule; the
    /// definitions' after them.
    offsets: Vec<usize>,
}

impl RuleTable {
    /// The table for `facts` and the definition rules `definitions`,
    /// updated from `self` where the facts are the same: `rules_of` gives
    /// a fact's rules.
    pub(super) fn update(
        &mut self,
        facts: &[TermId],
        definitions: &[Rule],
        mut rules_of: impl FnMut(TermId) -> FactRules,
    ) {
        if self.facts.len() != facts.len() || self.definitions.len() != definitions.len() {
            *self = RuleTable::default();
            self.definitions = definitions.to_vec();
            for (j, r) in definitions.iter().enumerate() {
                self.by_head
                    .entry(r.rule.head)
                    .or_default()
                    .insert((DEFINITION, j));
            }
            for &f in facts {
                let rs = rules_of(f);
                let pos = self.per_fact.len();
                self.per_fact.push(rs);
                self.facts.push(f);
                self.add(pos);
            }
        } else {
            for (pos, &f) in facts.iter().enumerate() {
                if self.facts[pos] != f {
                    self.remove(pos);
                    self.per_fact[pos] = rules_of(f);
                    self.facts[pos] = f;
                    self.add(pos);
                }
            }
        }
        self.offsets.clear();
        let mut n = 0;
        for rs in &self.per_fact {
            self.offsets.push(n);
            n += rs.0.len();
        }
        self.offsets.push(n);
    }

    fn add(&mut self, pos: usize) {
        let rs = self.per_fact[pos].clone();
        for (j, r) in rs.0.iter().enumerate() {
            self.by_head
                .entry(r.rule.head)
                .or_default()
                .insert((pos, j));
        }
        if !rs.1.is_empty() {
            self.with_shared.insert(pos);
        }
    }

    fn remove(&mut self, pos: usize) {
        let rs = self.per_fact[pos].clone();
        for (j, r) in rs.0.iter().enumerate() {
            if let Some(s) = self.by_head.get_mut(&r.rule.head) {
                s.remove(&(pos, j));
                if s.is_empty() {
                    self.by_head.remove(&r.rule.head);
                }
            }
        }
        self.with_shared.remove(&pos);
    }

    /// No rule and no shared assign.
    pub(super) fn is_empty(&self) -> bool {
        self.by_head.is_empty() && self.with_shared.is_empty()
    }

    /// The rules of `head`, in order: (source, index) pairs for
    /// [`RuleTable::rule`] and [`RuleTable::key`].
    pub(super) fn of_head(&self, head: &Head) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.by_head.get(head).into_iter().flatten().copied()
    }

    /// The rule at (source, index).
    pub(super) fn rule(&self, (source, j): (usize, usize)) -> &Rule {
        match source {
            DEFINITION => &self.definitions[j],
            pos => &self.per_fact[pos].0[j],
        }
    }

    /// A number for the rule at (source, index), distinct for every rule
    /// of the table, all below [`RuleTable::len`].
    pub(super) fn key(&self, (source, j): (usize, usize)) -> usize {
        match source {
            DEFINITION => self.offsets[self.per_fact.len()] + j,
            pos => self.offsets[pos] + j,
        }
    }

    /// The number of rules.
    pub(super) fn len(&self) -> usize {
        self.offsets.last().copied().unwrap_or(0) + self.definitions.len()
    }

    /// The shared assigns of the facts, each with its fact's position, in
    /// list order.
    pub(super) fn shared(&self) -> Vec<Shared> {
        self.with_shared
            .iter()
            .flat_map(|&pos| {
                self.per_fact[pos]
                    .1
                    .iter()
                    .cloned()
                    .map(move |s| Shared { fact: pos, ..s })
            })
            .collect()
    }
}

/// The rules and shared assigns of the fact `f` ([`collect`]).
pub(super) fn read_fact(cx: &mut Context, f: TermId) -> FactRules {
    let (mut rs, mut ss) = (Vec::new(), Vec::new());
    collect(cx, f, 0, Vec::new(), Vec::new(), &mut rs, &mut ss);
    Rc::new((rs, ss))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything [`RuleTable`] answers, for comparing two tables.
    fn answers(t: &RuleTable) -> Vec<String> {
        let mut out: Vec<String> = t
            .by_head
            .iter()
            .map(|(h, s)| {
                let rules: Vec<String> = s
                    .iter()
                    .map(|&src| format!("{src:?} {} {:?}", t.key(src), t.rule(src).rule))
                    .collect();
                format!("{h:?}: {rules:?}")
            })
            .collect();
        out.sort();
        out.push(format!("len {} empty {}", t.len(), t.is_empty()));
        out.extend(
            t.shared()
                .iter()
                .map(|s| format!("{} {:?}", s.fact, s.head)),
        );
        out
    }

    /// A table updated from another list of facts answers as one built
    /// for its list: a fact replaced at a position, the list of another
    /// length, the same list again.
    #[test]
    fn an_updated_table_is_the_table_of_its_facts() {
        let mut s = smtlib_io::parse_script(
            "(declare-const N Int)(declare-fun f (Int) Int)(declare-fun g (Int) Int)
             (declare-fun b1 (Int) Int)(declare-fun b2 (Int) Int)(declare-fun w (Int) Int)
             (assert (forall ((t Int)) (=> (<= 0 t) (= (f t) t))))
             (assert (forall ((t Int)) (= (g t) (f t))))
             (assert (= (f 3) 4))
             (assert (forall ((n Int)) (or (exists ((t Int)) (and (<= 0 t) (< t N) (= t n) (= (b2 n) t))) (and (forall ((t Int)) (not (and (<= 0 t) (< t N) (= t n)))) (= (b2 n) (b1 n))))))
             (assert (forall ((t Int)) (= (w t) (g t))))
             (assert (= N 5))",
        )
        .unwrap();
        let fs: Vec<TermId> = s.assertions().collect();
        let cx = &mut s.cx;
        let lists: Vec<Vec<TermId>> = vec![
            vec![fs[0], fs[1], fs[2], fs[3]],
            vec![fs[0], fs[4], fs[2], fs[3]],
            vec![fs[5], fs[4], fs[1], fs[0]],
            vec![fs[5], fs[4], fs[1], fs[0]],
            vec![fs[2], fs[3]],
            vec![fs[3], fs[1]],
        ];
        let mut kept = RuleTable::default();
        for list in &lists {
            kept.update(list, &[], |f| read_fact(cx, f));
            let mut fresh = RuleTable::default();
            fresh.update(list, &[], |f| read_fact(cx, f));
            assert_eq!(answers(&kept), answers(&fresh), "{list:?}");
        }
        // the cases above happen: rules and a shared assign
        assert!(!kept.shared().is_empty() && !kept.by_head.is_empty());
    }
}
