//! Sorts: declared and defined sorts, sort parameters, builtin and indexed
//! sorts, arrays; read recursively, to a bounded depth.

use super::{syntax, Converter, Failure, SortDef, TResult};
use crate::error::{Error, ErrorKind};
use crate::sexpr::{NodeId, SExprArena};
use crate::sort::{SortId, SortKind};
use crate::symbol::Sym;
use std::collections::HashMap;

/// Sorts deeper than this are refused (they are read recursively).
const MAX_SORT_DEPTH: usize = 1000;

impl Converter {
    pub(super) fn sort(&mut self, a: &SExprArena, n: NodeId) -> TResult<SortId> {
        self.sort_at(a, n, 0)
    }

    fn sort_at(&mut self, a: &SExprArena, n: NodeId, depth: usize) -> TResult<SortId> {
        if depth > MAX_SORT_DEPTH {
            return Err(Failure::Error(Error::new(
                ErrorKind::Limit("sort nested too deeply".into()),
                a.span(n),
            )));
        }
        if let Some(name) = a.symbol(n) {
            let s = self.cx.sym(name);
            return match self.sorts.get(&s).cloned() {
                Some(SortDef::Ctor(0)) => Ok(self.cx.sort(SortKind::Named(s, Box::new([])))),
                Some(SortDef::Param) => Ok(self.cx.sort(SortKind::Param(s))),
                Some(SortDef::Alias(ps, body)) if ps.is_empty() => Ok(body),
                Some(_) => syntax(format!("sort {name} needs arguments"), a.span(n)),
                None => match crate::theory::builtin_sort(&mut self.cx, name) {
                    Some(s) => Ok(s),
                    None => Err(Failure::Unsupported(format!("unknown sort {name}"))),
                },
            };
        }
        let Some(items) = a.list(n) else {
            return syntax("expected a sort", a.span(n));
        };
        match items {
            [u, rest @ ..] if a.is_word(*u, "_") => {
                let name = rest.first().and_then(|&x| a.symbol(x)).unwrap_or("");
                let idx: Vec<&str> = rest.iter().skip(1).map(|&x| a.text(x)).collect();
                if name == "BitVec" && idx.len() == 1 {
                    if let Ok(w) = idx[0].parse::<u32>() {
                        if w > 0 {
                            return Ok(self.cx.sort(SortKind::BitVec(w)));
                        }
                    }
                    return syntax("bad bit-vector width", a.span(n));
                }
                if name.is_empty() {
                    return syntax("expected an indexed sort", a.span(n));
                }
                let name = self.cx.sym(name);
                let idx: Box<[Sym]> = idx.iter().map(|i| self.cx.sym(i)).collect();
                Ok(self.cx.sort(SortKind::Indexed(name, idx)))
            }
            // z3 accepts a sort in redundant parentheses: `(S)`.
            [single] => self.sort_at(a, *single, depth + 1),
            [h, args @ ..] if !args.is_empty() => {
                let Some(name) = a.symbol(*h) else {
                    return syntax("expected a sort constructor", a.span(*h));
                };
                let mut sorts = Vec::new();
                for &x in args {
                    sorts.push(self.sort_at(a, x, depth + 1)?);
                }
                if name == "Array" {
                    return match sorts.as_slice() {
                        [i, e] => Ok(self.cx.sort(SortKind::Array(*i, *e))),
                        [_, _, _, ..] => {
                            Err(Failure::Unsupported("z3 multi-dimensional Array".into()))
                        }
                        _ => syntax("Array takes two sorts", a.span(n)),
                    };
                }
                let s = self.cx.sym(name);
                match self.sorts.get(&s).cloned() {
                    Some(SortDef::Ctor(k)) if k as usize == sorts.len() => {
                        Ok(self.cx.sort(SortKind::Named(s, sorts.into())))
                    }
                    Some(SortDef::Alias(ps, body)) if ps.len() == sorts.len() => {
                        let map: HashMap<Sym, SortId> = ps.into_iter().zip(sorts).collect();
                        Ok(self.cx.subst_sort(body, &map))
                    }
                    Some(_) => syntax(
                        format!("wrong number of arguments for sort {name}"),
                        a.span(n),
                    ),
                    None if matches!(
                        name,
                        "Seq" | "Set" | "Bag" | "Tuple" | "Relation" | "RegEx"
                    ) =>
                    {
                        Ok(self.cx.sort(SortKind::Named(s, sorts.into())))
                    }
                    None => Err(Failure::Unsupported(format!("unknown sort {name}"))),
                }
            }
            _ => syntax("expected a sort", a.span(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, opaque_reasons, terms};

    #[test]
    fn aliases_parameters_and_builtins() {
        let src = "(define-sort M (T) (Array Int T))(declare-const m (M Bool))(declare-const b (_ BitVec 8))(declare-const s ((Int)))(assert (select m s))(assert (= b #x01))";
        assert_eq!(terms(src), ["(select m s)", "(= b #x01)"]);
    }

    #[test]
    fn bad_sorts_are_errors_and_unknown_ones_opaque() {
        assert_eq!(
            error("(declare-const b (_ BitVec 0))"),
            "1:18: bad bit-vector width"
        );
        assert_eq!(
            error("(declare-sort S 1)(declare-const s S)"),
            "1:36: sort S needs arguments"
        );
        assert_eq!(
            opaque_reasons("(declare-const u U)"),
            ["1:1: unknown sort U"]
        );
        assert_eq!(
            opaque_reasons("(declare-const a (Array Int Int Int))"),
            ["1:1: z3 multi-dimensional Array"]
        );
    }

    #[test]
    fn deep_sorts_are_refused() {
        let deep = format!(
            "(declare-const a {}Int{})",
            "(Array Int ".repeat(1100),
            ")".repeat(1100)
        );
        assert!(error(&deep).contains("sort nested too deeply"));
        let ok = format!(
            "(declare-const a {}Int{})",
            "(Array Int ".repeat(100),
            ")".repeat(100)
        );
        assert!(crate::parse_script(&ok).is_ok());
    }
}
