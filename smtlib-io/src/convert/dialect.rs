//! z3's operator aliases that have a standard meaning.
//!
//! z3 reads `implies` as `=>`, `iff` as `=` on Bool, `~` as unary minus,
//! and `^` and `**` as powers. vcsimp reads them as those standard operators
//! where it can give them that meaning: `iff` only on Bool arguments, a
//! power only with a numeral exponent from 1 to [`MAX_POWER`] (`(^ x 3)` is
//! `(* x x x)`; z3 leaves `0^0` to its model). Anything else keeps the
//! command opaque, as for any operator outside vcsimp's tables. A function
//! the script declares under one of these names is that function, never the
//! alias. An assertion read through an alias is printed back verbatim until
//! a pass rewrites it (`Command::verbatim_term`).

use super::{Converter, Failure, TResult};
use crate::sexpr::{AtomKind, NodeId, SExprArena};
use crate::term::{Op, TermId};

/// The largest exponent read as a product; a power beyond it stays opaque.
pub const MAX_POWER: u32 = 64;

impl Converter {
    /// The application `node` (with converted `args`) read through one of
    /// z3's aliases; `None` when its head is no alias.
    pub(super) fn z3_alias(
        &mut self,
        a: &SExprArena,
        node: NodeId,
        args: &[TermId],
    ) -> TResult<Option<TermId>> {
        let items = a.list(node).expect("an application");
        let head = items[0];
        if a.atom(head) != Some(AtomKind::Symbol) {
            return Ok(None);
        }
        let t = match a.text(head) {
            "implies" => self.app(a, node, Op::Implies, args.to_vec())?,
            "iff" => {
                let b = self.cx.bool_sort();
                if args.iter().any(|&x| self.cx.sort_of(x) != b) {
                    return Err(Failure::Unsupported("z3 iff on non-Bool arguments".into()));
                }
                self.app(a, node, Op::Eq, args.to_vec())?
            }
            "~" => self.app(a, node, Op::Neg, args.to_vec())?,
            name @ ("^" | "**") => {
                let exponent = items
                    .get(2)
                    .filter(|&&e| a.atom(e) == Some(AtomKind::Numeral))
                    .and_then(|&e| a.text(e).parse::<u32>().ok())
                    .filter(|n| (1..=MAX_POWER).contains(n));
                let (Some(n), [base, _]) = (exponent, args) else {
                    return Err(Failure::Unsupported(format!(
                        "z3 {name} without a numeral exponent from 1 to {MAX_POWER}"
                    )));
                };
                let s = self.cx.sort_of(*base);
                if s != self.cx.int_sort() && s != self.cx.real_sort() {
                    return Err(Failure::Unsupported(format!("z3 {name} on a non-number")));
                }
                if n == 1 {
                    *base
                } else {
                    self.app(a, node, Op::Mul, vec![*base; n as usize])?
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(t))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{opaque_reasons, terms};
    use crate::{parse_script, print_script, CommandKind};

    fn opaque(src: &str) -> bool {
        !opaque_reasons(src).is_empty()
    }

    #[test]
    fn implies_and_iff_are_standard_operators() {
        let d = "(declare-const p Bool)(declare-const q Bool)";
        assert_eq!(
            terms(&format!("{d}(assert (implies p q))(assert (iff p q))")),
            ["(=> p q)", "(= p q)"]
        );
        // the same terms as the standard spelling: hash-consed together
        let s = parse_script(&format!("{d}(assert (implies p q))(assert (=> p q))")).unwrap();
        let ts: Vec<_> = s.assertions().collect();
        assert_eq!(ts[0], ts[1]);
    }

    #[test]
    fn iff_needs_bool_arguments() {
        assert!(opaque("(declare-const x Int)(assert (iff x 1))"));
        assert!(opaque("(declare-const x Int)(assert (implies x true))"));
    }

    #[test]
    fn tilde_is_unary_minus() {
        assert_eq!(
            terms("(declare-const r Real)(declare-const x Int)(assert (< (~ r) 0.0))(assert (= (~ x) 1))(assert (= (~ 2.5) r))"),
            ["(< (- r) 0.0)", "(= (- x) 1)", "(= (- 2.5) r)"]
        );
    }

    #[test]
    fn powers_with_a_numeral_exponent_are_products() {
        assert_eq!(
            terms("(declare-const r Real)(declare-const x Int)(assert (> (^ r 2) 0.0))(assert (= (** x 3) x))(assert (= (^ x 1) 2))"),
            ["(> (* r r) 0.0)", "(= (* x x x) x)", "(= x 2)"]
        );
    }

    #[test]
    fn other_powers_stay_opaque() {
        let d = "(declare-const r Real)(declare-const x Int)";
        for t in ["(^ r x)", "(^ r 0)", "(^ r 2.0)", "(^ r 65)", "(^ r 2 2)"] {
            assert!(opaque(&format!("{d}(assert (> {t} 0.0))")), "{t}");
        }
        assert!(opaque("(declare-const b Bool)(assert (= (^ b 2) b))"));
    }

    #[test]
    fn a_declared_function_is_not_an_alias() {
        let src = "(declare-fun implies (Int Int) Bool)(assert (implies 1 2))";
        assert_eq!(terms(src), ["(implies 1 2)"]);
        let s = parse_script(src).unwrap();
        assert!(s.commands.iter().all(|c| c.verbatim_term.is_none()));
        // a quoted name is a symbol, never the alias
        assert!(opaque("(declare-const p Bool)(assert (|implies| p p))"));
    }

    #[test]
    fn single_term_pattern_is_a_one_term_pattern() {
        let src =
            "(declare-fun f (Int) Int)(assert (forall ((x Int)) (! (> (f x) 0) :pattern (f x))))";
        let t = terms(src);
        assert_eq!(t, ["(forall ((x Int)) (! (> (f x) 0) :pattern ((f x))))"]);
        let multi =
            "(declare-fun f (Int) Int)(assert (forall ((x Int)) (! (> (f x) 0) :pattern ((f x)))))";
        assert_eq!(terms(multi), t);
        // `(c)` is the list of the one term `c`, as in SMT-LIB
        let constant = "(declare-const c Int)(declare-fun f (Int) Int)(assert (forall ((x Int)) (! (> (f x) c) :pattern (c))))";
        assert_eq!(
            terms(constant),
            ["(forall ((x Int)) (! (> (f x) c) :pattern (c)))"]
        );
    }

    #[test]
    fn unchanged_dialect_assertions_print_verbatim() {
        let src = "(declare-const p Bool)\n(assert (implies  p p))\n(assert (=> p p))\n";
        let s = parse_script(src).unwrap();
        assert_eq!(
            print_script(&s),
            "(declare-const p Bool)\n(assert (implies  p p))\n(assert (=> p p))\n"
        );
        // a rewritten assertion prints from its term, in standard SMT-LIB
        let mut s = s;
        let q = s.cx.mk_bool(true);
        s.commands[1].kind = CommandKind::Assert(q);
        assert_eq!(
            print_script(&s),
            "(declare-const p Bool)\n(assert true)\n(assert (=> p p))\n"
        );
    }
}
