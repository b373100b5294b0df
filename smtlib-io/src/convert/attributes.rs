//! Annotations `(! t :key value …)`: `:pattern` and `:no-pattern` take
//! terms (z3's one-term `:pattern (f x)` too), `:named` names the term for
//! later commands, any other attribute keeps its value as text.

use super::{canonical, syntax, Converter, Global, TResult, Task};
use crate::sexpr::{NodeId, SExprArena};
use crate::span::Span;
use crate::symbol::Sym;
use crate::term::{Attr, AttrValue, TermId};

/// How an attribute's value is read.
pub(super) enum AttrShape {
    None,
    /// This many terms (a pattern).
    Terms(usize),
    /// Text, kept as it is.
    Raw(Sym),
    /// A `:named` name.
    Named(Sym),
}

impl Converter {
    /// Read the attributes of `(! t …)`; push the terms to read (`t` and
    /// the patterns), then `EndAnnot`.
    pub(super) fn visit_annot(
        &mut self,
        a: &SExprArena,
        args: &[NodeId],
        span: Span,
        of_binder: bool,
        tasks: &mut Vec<Task>,
    ) -> TResult<()> {
        let Some((&t, attrs)) = args.split_first() else {
            return syntax("! expects a term and attributes", span);
        };
        let mut shapes = Vec::new();
        let mut term_nodes = Vec::new();
        let mut i = 0;
        while i < attrs.len() {
            let Some(key) = a.keyword(attrs[i]) else {
                return syntax("expected an attribute keyword", a.span(attrs[i]));
            };
            let key_sym = self.cx.sym(key);
            let value = attrs
                .get(i + 1)
                .copied()
                .filter(|&v| a.keyword(v).is_none());
            i += if value.is_some() { 2 } else { 1 };
            let shape = match (key, value) {
                (_, None) => AttrShape::None,
                (":pattern", Some(v)) => {
                    let Some(ts) = a.list(v) else {
                        return syntax(":pattern expects a list of terms", a.span(v));
                    };
                    // z3 also accepts a single term, `:pattern (f x)`:
                    // a one-term pattern. (`(c)` is a list of one term.)
                    if ts.len() > 1 && a.symbol(ts[0]).is_some() {
                        self.dialect = true;
                        term_nodes.push(v);
                        AttrShape::Terms(1)
                    } else {
                        term_nodes.extend_from_slice(ts);
                        AttrShape::Terms(ts.len())
                    }
                }
                (":no-pattern", Some(v)) => {
                    term_nodes.push(v);
                    AttrShape::Terms(1)
                }
                (":named", Some(v)) => AttrShape::Named(self.symbol_arg(a, v)?),
                (_, Some(v)) => AttrShape::Raw(self.cx.sym(&canonical(a, v))),
            };
            shapes.push((key_sym, shape));
        }
        tasks.push(Task::EndAnnot {
            attrs: shapes,
            of_binder,
        });
        for &p in term_nodes.iter().rev() {
            tasks.push(Task::Visit(p));
        }
        tasks.push(Task::Visit(t));
        Ok(())
    }

    /// With the term and the pattern terms read: the annotated term, or,
    /// `of_binder`, the term itself, its attributes kept for the binder.
    pub(super) fn end_annot(
        &mut self,
        attrs: Vec<(Sym, AttrShape)>,
        of_binder: bool,
        values: &mut Vec<TermId>,
    ) {
        let nterms: usize = attrs
            .iter()
            .map(|(_, s)| if let AttrShape::Terms(k) = s { *k } else { 0 })
            .sum();
        let mut terms = values.split_off(values.len() - nterms).into_iter();
        let inner = values.pop().expect("annotated term");
        let mut out = Vec::new();
        for (key, shape) in attrs {
            let value = match shape {
                AttrShape::None => AttrValue::None,
                AttrShape::Terms(k) => AttrValue::Terms(terms.by_ref().take(k).collect()),
                AttrShape::Raw(s) => AttrValue::Raw(s),
                AttrShape::Named(s) => {
                    self.set_global(s, Global::Named(inner));
                    // Raw values print verbatim: keep the bars.
                    let quoted = crate::print::quote_symbol(self.cx.sym_name(s));
                    AttrValue::Raw(self.cx.sym(&quoted))
                }
            };
            out.push(Attr { key, value });
        }
        if of_binder {
            values.push(inner);
            self.binder_attrs.push(out.into());
        } else {
            values.push(self.cx.mk_annot(inner, out.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, terms};

    #[test]
    fn named_terms_are_usable_later() {
        assert_eq!(
            terms("(declare-const x Int)(assert (! (> x 0) :named pos))(assert (not pos))"),
            ["(! (> x 0) :named pos)", "(not (> x 0))"]
        );
    }

    #[test]
    fn patterns_and_other_attributes() {
        let t = terms("(declare-fun f (Int) Int)(declare-fun g (Int) Int)(assert (forall ((x Int)) (! (= (f x) (g x)) :pattern ((f x) (g x)) :no-pattern (g x) :weight 3 :skolemid)))");
        assert_eq!(
            t,
            ["(forall ((x Int)) (! (= (f x) (g x)) :pattern ((f x) (g x)) :no-pattern (g x) :weight 3 :skolemid))"]
        );
    }

    #[test]
    fn malformed_attributes_are_errors() {
        assert_eq!(
            error("(assert (! true 3))"),
            "1:17: expected an attribute keyword"
        );
        assert_eq!(
            error("(assert (! true :pattern x))"),
            "1:26: :pattern expects a list of terms"
        );
        assert_eq!(
            error("(assert (!))"),
            "1:9: ! expects a term and attributes"
        );
    }
}
