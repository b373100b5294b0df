//! Function symbols: SMT-LIB's builtin operators, declared (and
//! overloaded) functions, indexed and qualified heads, and the sort-checked
//! application of any of them (z3's aliases are in `dialect.rs`).

use super::{canonical, syntax, Converter, Failure, Global, TResult};
use crate::error::Error;
use crate::sexpr::{NodeId, SExprArena};
use crate::sort::SortKind;
use crate::span::Span;
use crate::term::{AppError, FunId, Op, TermId, TermKind};
use num_bigint::BigUint;

/// Builtin operators by their SMT-LIB name.
fn builtin_op(name: &str) -> Option<Op> {
    Some(match name {
        "not" => Op::Not,
        "and" => Op::And,
        "or" => Op::Or,
        "xor" => Op::Xor,
        "=>" => Op::Implies,
        "=" => Op::Eq,
        "distinct" => Op::Distinct,
        "ite" => Op::Ite,
        "+" => Op::Add,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "div" => Op::IntDiv,
        "mod" => Op::Mod,
        "abs" => Op::Abs,
        "/" => Op::RealDiv,
        "<=" => Op::Le,
        "<" => Op::Lt,
        ">=" => Op::Ge,
        ">" => Op::Gt,
        "to_real" => Op::ToReal,
        "to_int" => Op::ToInt,
        "is_int" => Op::IsInt,
        "select" => Op::Select,
        "store" => Op::Store,
        _ => return None,
    })
}

impl Converter {
    pub(super) fn head_op(&mut self, a: &SExprArena, head: NodeId) -> TResult<Op> {
        if let Some(items) = a.list(head) {
            if items.first().is_some_and(|&u| a.is_word(u, "_")) {
                if items.len() == 3 && a.is_word(items[1], "divisible") {
                    let k: BigUint = match a.text(items[2]).parse() {
                        Ok(k) => k,
                        Err(_) => return syntax("divisible expects a numeral", a.span(items[2])),
                    };
                    return Ok(Op::Divisible(Box::new(k)));
                }
                return Ok(Op::Other(self.cx.sym(&canonical(a, head))));
            }
            if items.len() == 3 && a.is_word(items[0], "as") {
                if a.is_word(items[1], "const") {
                    let s = self.sort(a, items[2])?;
                    if !matches!(self.cx.sort_kind(s), SortKind::Array(..)) {
                        return syntax("(as const S) needs an array sort", a.span(items[2]));
                    }
                    return Ok(Op::ConstArray(s));
                }
                return Ok(Op::Other(self.cx.sym(&canonical(a, head))));
            }
            return syntax("expected a function symbol", a.span(head));
        }
        let Some(name) = a.symbol(head) else {
            return syntax("expected a function symbol", a.span(head));
        };
        let s = self.cx.sym(name);
        if self.locals.get(&s).is_some_and(|v| !v.is_empty()) {
            return Err(Failure::Unsupported(format!(
                "higher-order application of {name}"
            )));
        }
        if let Some(Global::Funs(fs)) = self.globals.get(&s) {
            return Ok(Op::Uf(fs[fs.len() - 1]));
        }
        if a.text(head) == name {
            if let Some(op) = builtin_op(name) {
                return Ok(op);
            }
        }
        if matches!(self.globals.get(&s), Some(Global::Named(_))) {
            return Err(Failure::Error(Error::sort(
                format!("{name} names a term, not a function"),
                a.span(head),
            )));
        }
        // Unknown operators are theory or solver extensions to vcsimp (or
        // undeclared, which the solver will report): the command stays opaque
        // unless the theory tables know the operator.
        Ok(Op::Other(s))
    }

    pub(super) fn app_failure(&self, e: AppError, span: Span) -> Failure {
        match e {
            AppError::Sort(m) => Failure::Error(Error::sort(m, span)),
            AppError::Unsupported(m) => Failure::Unsupported(m),
        }
    }

    pub(super) fn app(
        &mut self,
        a: &SExprArena,
        node: NodeId,
        op: Op,
        args: Vec<TermId>,
    ) -> TResult<TermId> {
        let op = if op == Op::Sub && args.len() == 1 {
            Op::Neg
        } else {
            op
        };
        let op = match op {
            Op::Uf(f) => Op::Uf(self.resolve_overload(f, &args)),
            op => op,
        };
        // `(- 5)` and z3's `-5` are the same literal.
        if op == Op::Neg {
            match self.cx.kind(args[0]).clone() {
                TermKind::Int(n) => return Ok(self.cx.mk_int(-n)),
                TermKind::Real(r) => return Ok(self.cx.mk_real(-*r)),
                _ => {}
            }
        }
        if let Op::Other(_) = op {
            if let Some(t) = self.z3_alias(a, node, &args)? {
                self.dialect = true;
                return Ok(t);
            }
        }
        if let Op::Other(head) = &op {
            // `((as f S) args)`: the qualification fixes the result sort.
            let text = self.cx.sym_name(*head).to_string();
            if text.starts_with("(as ") {
                let items = a.list(node).expect("application");
                let qual = a.list(items[0]).expect("as-list");
                let sort = self.sort(a, qual[2])?;
                return Ok(self.cx.intern(TermKind::App(op, args.into()), sort));
            }
        }
        self.cx
            .mk_app(op, args)
            .map_err(|e| self.app_failure(e, a.span(node)))
    }

    /// Among the functions named like `f`, the latest whose argument sorts
    /// accept `args` (or `f` itself when none does: its sort error stands).
    fn resolve_overload(&mut self, f: FunId, args: &[TermId]) -> FunId {
        let name = self.cx.fun(f).name;
        let Some(Global::Funs(fs)) = self.globals.get(&name) else {
            return f;
        };
        if fs.len() < 2 {
            return f;
        }
        let fs = fs.clone();
        for &g in fs.iter().rev() {
            if self.cx.clone_check_app(g, args) {
                return g;
            }
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, opaque_reasons, terms};

    #[test]
    fn builtin_and_indexed_operators() {
        assert_eq!(
            terms("(declare-const x Int)(assert (and ((_ divisible 3) x) (distinct x 1) (=> (<= x 2) (> (- x) 0))))"),
            ["(and ((_ divisible 3) x) (distinct x 1) (=> (<= x 2) (> (- x) 0)))"]
        );
        assert_eq!(
            terms("(declare-const b (_ BitVec 8))(assert (= ((_ extract 3 0) b) #x1))"),
            ["(= ((_ extract 3 0) b) #x1)"]
        );
    }

    #[test]
    fn a_declared_name_shadows_a_builtin() {
        assert_eq!(
            terms("(declare-fun abs (Int Int) Int)(assert (= (abs 1 2) 0))"),
            ["(= (abs 1 2) 0)"]
        );
    }

    #[test]
    fn unknown_and_misused_heads() {
        assert_eq!(opaque_reasons("(assert (foo 1))"), ["1:1: operator foo"]);
        assert!(opaque_reasons("(assert (+ true 1))")[0].contains("ill-sorted"));
        assert_eq!(
            error("(assert ((_ divisible x) 4))"),
            "1:23: divisible expects a numeral"
        );
        assert_eq!(
            error("(assert ((as const Int) 4))"),
            "1:20: (as const S) needs an array sort"
        );
    }
}
