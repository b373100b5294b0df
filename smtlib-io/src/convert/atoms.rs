//! Atoms: numerals, decimals, bit-vector and string literals, z3's negative
//! numbers, indexed constants, and identifiers (bound variables, `let`
//! names, `:named` terms, declared constants).

use super::{canonical, syntax, Converter, Failure, Global, Local, TResult};
use crate::error::Error;
use crate::sexpr::{AtomKind, NodeId, SExprArena};
use crate::sort::SortKind;
use crate::symbol::Sym;
use crate::term::TermId;
use num_bigint::BigInt;
use num_rational::BigRational;

/// The most digits a numeral or decimal may have to be read as a number.
/// Reading, folding and printing a number costs more than linear time in its
/// digits, so a command with a longer one is kept verbatim (opaque) instead.
pub const MAX_NUMERAL_DIGITS: usize = 4096;

/// The most bits of a number that vcsimp computes with: a numeral of
/// [`MAX_NUMERAL_DIGITS`] digits has fewer. Constant folding refuses results
/// beyond it.
pub const MAX_NUMBER_BITS: u64 = 16384;

fn check_digits(text: &str) -> TResult<()> {
    let digits = text.bytes().filter(|c| c.is_ascii_digit()).count();
    if digits > MAX_NUMERAL_DIGITS {
        return Err(Failure::Unsupported(format!(
            "a numeral of {digits} digits (vcsimp reads at most {MAX_NUMERAL_DIGITS})"
        )));
    }
    Ok(())
}

/// The value of a decimal literal `int.frac`.
fn decimal(text: &str) -> BigRational {
    let (i, f) = text.split_once('.').unwrap_or((text, ""));
    let num: BigInt = format!("{i}{f}").parse().expect("lexer checked digits");
    let den = BigInt::from(10u32).pow(f.len() as u32);
    BigRational::new(num, den)
}

impl Converter {
    /// Resolve an identifier used as a constant.
    pub(super) fn atom_term(&mut self, a: &SExprArena, n: NodeId) -> TResult<TermId> {
        let text = a.text(n);
        let span = a.span(n);
        match a.atom(n).expect("atom") {
            AtomKind::Numeral => {
                check_digits(text)?;
                Ok(self.cx.mk_int(text.parse::<BigInt>().expect("digits")))
            }
            AtomKind::Decimal => {
                check_digits(text)?;
                Ok(self.cx.mk_real(decimal(text)))
            }
            AtomKind::Hexadecimal => {
                let w = 4 * (text.len() as u32 - 2);
                let s = self.cx.sort(SortKind::BitVec(w));
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::Binary => {
                let w = text.len() as u32 - 2;
                let s = self.cx.sort(SortKind::BitVec(w));
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::String => {
                let s = crate::theory::builtin_sort(&mut self.cx, "String").expect("String");
                Ok(self.cx.mk_literal(text, s))
            }
            AtomKind::Keyword => syntax("a keyword is not a term", span),
            AtomKind::Symbol => {
                let name = a.symbol(n).expect("symbol");
                let s = self.cx.sym(name);
                if let Some(l) = self.locals.get(&s).and_then(|v| v.last()) {
                    return Ok(match *l {
                        Local::Var(v) => self.cx.mk_var(v),
                        Local::Let(t) => t,
                    });
                }
                match self.globals.get(&s).cloned() {
                    Some(Global::Named(t)) => return Ok(t),
                    Some(Global::Funs(fs)) => {
                        // A constant; among overloads prefer a 0-ary one.
                        let f = fs
                            .iter()
                            .rev()
                            .copied()
                            .find(|&f| self.cx.fun(f).args.is_empty())
                            .unwrap_or(fs[fs.len() - 1]);
                        let decl = self.cx.fun(f);
                        if !decl.args.is_empty() {
                            return Err(Failure::Error(Error::sort(
                                format!("{name} is a function and needs arguments"),
                                span,
                            )));
                        }
                        if !decl.sort_params.is_empty() {
                            return Err(Failure::Unsupported(format!(
                                "{name} needs (as {name} sort)"
                            )));
                        }
                        return Ok(self.cx.mk_const(f));
                    }
                    None => {}
                }
                if a.text(n) == "true" {
                    return Ok(self.cx.mk_bool(true));
                }
                if a.text(n) == "false" {
                    return Ok(self.cx.mk_bool(false));
                }
                // z3 reads `-5` and `-1.5` as negative numbers.
                if let Some(digits) = name.strip_prefix('-') {
                    if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
                        check_digits(digits)?;
                        let v: BigInt = digits.parse().expect("digits");
                        return Ok(self.cx.mk_int(-v));
                    }
                    if digits.split_once('.').is_some_and(|(i, f)| {
                        !i.is_empty()
                            && !f.is_empty()
                            && i.bytes().chain(f.bytes()).all(|c| c.is_ascii_digit())
                    }) {
                        check_digits(digits)?;
                        return Ok(self.cx.mk_real(-decimal(digits)));
                    }
                }
                if let Some(sort) = crate::theory::constant_sort(&mut self.cx, name) {
                    return Ok(self.cx.mk_literal(name, sort));
                }
                let _ = span;
                Err(Failure::Unsupported(format!("unknown constant {name}")))
            }
        }
    }

    pub(super) fn indexed_constant(&mut self, a: &SExprArena, n: NodeId) -> TResult<TermId> {
        let items = a.list(n).expect("list");
        let name = items.get(1).and_then(|&x| a.symbol(x)).unwrap_or("");
        let idx: Vec<&str> = items.iter().skip(2).map(|&x| a.text(x)).collect();
        let text = canonical(a, n);
        if let (Some(digits), [w]) = (name.strip_prefix("bv"), idx.as_slice()) {
            if digits.bytes().all(|c| c.is_ascii_digit()) && !digits.is_empty() {
                if let Ok(w) = w.parse::<u32>() {
                    let s = self.cx.sort(SortKind::BitVec(w));
                    return Ok(self.cx.mk_literal(&text, s));
                }
            }
        }
        if matches!(name, "+oo" | "-oo" | "+zero" | "-zero" | "NaN") && idx.len() == 2 {
            let fp = self.cx.sym("FloatingPoint");
            let idx: Box<[Sym]> = idx.iter().map(|i| self.cx.sym(i)).collect();
            let s = self.cx.sort(SortKind::Indexed(fp, idx));
            return Ok(self.cx.mk_literal(&text, s));
        }
        if name == "char" {
            let s = crate::theory::builtin_sort(&mut self.cx, "String").expect("String");
            return Ok(self.cx.mk_literal(&text, s));
        }
        Err(Failure::Unsupported(format!("indexed constant {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{opaque_reasons, terms};

    #[test]
    fn literals() {
        assert_eq!(
            terms("(declare-const r Real)(declare-const x Int)(assert (= r -1.5))(assert (= x -5))(assert (= x (- 5)))(assert (= r 0.25))(assert (= #b101 #b101))(assert (= \"a\" \"a\"))"),
            ["(= r (- 1.5))", "(= x (- 5))", "(= x (- 5))", "(= r 0.25)", "(= #b101 #b101)", "(= \"a\" \"a\")"]
        );
    }

    #[test]
    fn identifiers() {
        // a 0-ary overload is preferred for a constant
        assert_eq!(
            terms("(declare-fun c (Int) Int)(declare-const c Int)(assert (> c 0))"),
            ["(> c 0)"]
        );
        assert_eq!(
            opaque_reasons("(assert (> y 0))"),
            ["1:1: unknown constant y"]
        );
        assert_eq!(
            opaque_reasons("(assert (= (_ foo 3) 1))"),
            ["1:1: indexed constant (_ foo 3)"]
        );
    }

    #[test]
    fn a_function_is_not_a_constant() {
        let r = opaque_reasons("(declare-fun f (Int) Int)(assert (> f 0))");
        assert!(
            r[0].contains("f is a function and needs arguments"),
            "{r:?}"
        );
    }
}

#[cfg(test)]
mod limit_tests {
    use super::super::testing::opaque_reasons;
    use super::MAX_NUMERAL_DIGITS;

    #[test]
    fn numerals_past_the_limit_keep_their_command_verbatim() {
        let long = "9".repeat(MAX_NUMERAL_DIGITS + 1);
        let most = "9".repeat(MAX_NUMERAL_DIGITS);
        let d = "(declare-const x Int)(declare-const r Real)";
        for t in [
            format!("(> x {long})"),
            format!("(> r 0.{long})"),
            format!("(> r {long}.5)"),
        ] {
            let why = opaque_reasons(&format!("{d}(assert {t})"));
            assert!(why.iter().any(|w| w.contains("digits")), "{why:?}");
        }
        // The digits before the point count too.
        let frac = &most[1..];
        for t in [format!("(> x {most})"), format!("(> r 0.{frac})")] {
            assert!(opaque_reasons(&format!("{d}(assert {t})")).is_empty());
        }
    }
}
