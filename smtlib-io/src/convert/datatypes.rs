//! Datatype declarations, SMT-LIB 2.6 (`declare-datatype(s)`, `par`) and
//! z3's older form: sorts, constructors, selectors and `is-C` testers.

use super::{syntax, Converter, SortDef, TResult};
use crate::sexpr::{NodeId, SExprArena};
use crate::sort::{SortId, SortKind};
use crate::symbol::Sym;
use crate::term::{FunDecl, FunKind};

impl Converter {
    pub(super) fn declare_datatypes(
        &mut self,
        a: &SExprArena,
        heads: NodeId,
        decls: NodeId,
    ) -> TResult<()> {
        let (Some(hs), Some(ds)) = (a.list(heads), a.list(decls)) else {
            return syntax("declare-datatypes expects two lists", a.span(heads));
        };
        let new_style = hs.iter().all(|&h| a.list(h).is_some()) && !hs.is_empty();
        if new_style {
            if hs.len() != ds.len() {
                return syntax("as many datatype declarations as names", a.span(decls));
            }
            let mut names = Vec::new();
            for &h in hs {
                match a.list(h) {
                    Some([n, k]) => {
                        let n = self.symbol_arg(a, *n)?;
                        let k = self.numeral_arg(a, *k)?;
                        names.push((n, Some(k)));
                    }
                    _ => return syntax("expected (name arity)", a.span(h)),
                }
            }
            self.datatypes(a, &names, ds, false)
        } else {
            // z3's old syntax: (declare-datatypes (T…) ((D ctor…) …)).
            let mut params = Vec::new();
            for &p in hs {
                params.push(self.symbol_arg(a, p)?);
            }
            let mut names = Vec::new();
            let mut bodies = Vec::new();
            for &d in ds {
                match a.list(d) {
                    Some([n, _rest @ ..]) => {
                        names.push((self.symbol_arg(a, *n)?, Some(params.len() as u32)));
                        bodies.push(d);
                    }
                    _ => return syntax("expected (name constructor…)", a.span(d)),
                }
            }
            self.old_datatypes(a, &names, &bodies, &params)
        }
    }

    fn old_datatypes(
        &mut self,
        a: &SExprArena,
        names: &[(Sym, Option<u32>)],
        bodies: &[NodeId],
        params: &[Sym],
    ) -> TResult<()> {
        for &(n, k) in names {
            self.set_sort(n, SortDef::Ctor(k.unwrap_or(0)));
        }
        for (&(n, _), &body) in names.iter().zip(bodies) {
            let ctors = &a.list(body).expect("checked list")[1..];
            self.constructors(a, n, params, ctors, names)?;
        }
        Ok(())
    }

    /// New-style datatype declarations; a body may start with `par`.
    pub(super) fn datatypes(
        &mut self,
        a: &SExprArena,
        names: &[(Sym, Option<u32>)],
        bodies: &[NodeId],
        _old: bool,
    ) -> TResult<()> {
        let mut parsed = Vec::new();
        for (&(n, _), &body) in names.iter().zip(bodies) {
            let Some(items) = a.list(body) else {
                return syntax("expected a list of constructors", a.span(body));
            };
            let (params, ctors) = match items {
                [p, ps, cs] if a.is_word(*p, "par") => {
                    let mut params = Vec::new();
                    for &x in a.list(*ps).unwrap_or(&[]) {
                        params.push(self.symbol_arg(a, x)?);
                    }
                    let Some(cs) = a.list(*cs) else {
                        return syntax("expected a list of constructors", a.span(*cs));
                    };
                    (params, cs)
                }
                _ => (Vec::new(), items),
            };
            self.set_sort(n, SortDef::Ctor(params.len() as u32));
            parsed.push((n, params, ctors));
        }
        for (n, params, ctors) in parsed {
            self.constructors(a, n, &params, ctors, &[])?;
        }
        Ok(())
    }

    /// Declare the constructors, selectors and z3 testers of datatype `d`.
    /// `self_refs` lists datatypes that old-style bodies may name bare.
    fn constructors(
        &mut self,
        a: &SExprArena,
        d: Sym,
        params: &[Sym],
        ctors: &[NodeId],
        self_refs: &[(Sym, Option<u32>)],
    ) -> TResult<()> {
        let saved: Vec<_> = params
            .iter()
            .map(|p| (*p, self.sorts.insert(*p, SortDef::Param)))
            .collect();
        let param_sorts: Box<[SortId]> = params
            .iter()
            .map(|&p| self.cx.sort(SortKind::Param(p)))
            .collect();
        let dsort = self.cx.sort(SortKind::Named(d, param_sorts.clone()));
        let result = (|| {
            for &c in ctors {
                let (cname, fields): (Sym, &[NodeId]) = match a.list(c) {
                    Some([n, fs @ ..]) => (self.symbol_arg(a, *n)?, fs),
                    Some([]) => return syntax("empty constructor", a.span(c)),
                    None => (self.symbol_arg(a, c)?, &[]),
                };
                let mut field_sorts = Vec::new();
                let mut selectors = Vec::new();
                for &f in fields {
                    match a.list(f) {
                        Some([s, srt]) => {
                            let s = self.symbol_arg(a, *s)?;
                            let bare_self = a.symbol(*srt).and_then(|n| {
                                let n = self.cx.sym(n);
                                self_refs.iter().find(|(r, _)| *r == n).map(|(r, _)| *r)
                            });
                            let srt = match bare_self {
                                Some(r) if !params.is_empty() => {
                                    self.cx.sort(SortKind::Named(r, param_sorts.clone()))
                                }
                                _ => self.sort(a, *srt)?,
                            };
                            field_sorts.push(srt);
                            selectors.push((s, srt));
                        }
                        _ => return syntax("expected (selector sort)", a.span(f)),
                    }
                }
                let fid = self.cx.declare_fun(FunDecl {
                    name: cname,
                    sort_params: params.into(),
                    args: field_sorts.into(),
                    ret: dsort,
                    kind: FunKind::Constructor,
                });
                self.add_fun(cname, fid);
                for (s, srt) in selectors {
                    let sid = self.cx.declare_fun(FunDecl {
                        name: s,
                        sort_params: params.into(),
                        args: Box::new([dsort]),
                        ret: srt,
                        kind: FunKind::Selector,
                    });
                    self.add_fun(s, sid);
                }
                let tester = format!("is-{}", self.cx.sym_name(cname));
                let tester = self.cx.sym(&tester);
                if !self.globals.contains_key(&tester) {
                    let b = self.cx.bool_sort();
                    let tid = self.cx.declare_fun(FunDecl {
                        name: tester,
                        sort_params: params.into(),
                        args: Box::new([dsort]),
                        ret: b,
                        kind: FunKind::Tester,
                    });
                    self.add_fun(tester, tid);
                }
            }
            Ok(())
        })();
        for (p, prev) in saved {
            match prev {
                Some(d) => self.sorts.insert(p, d),
                None => self.sorts.remove(&p),
            };
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{error, terms};

    #[test]
    fn new_style_datatypes_with_parameters() {
        let d = "(declare-datatypes ((L 1)) ((par (T) ((nil) (cons (hd T) (tl (L T)))))))(declare-const l (L Int))";
        assert_eq!(
            terms(&format!(
                "{d}(assert (and ((_ is cons) l) (> (hd l) 0) (is-cons (tl l))))"
            )),
            ["(and ((_ is cons) l) (> (hd l) 0) (is-cons (tl l)))"]
        );
        let one = "(declare-datatype P ((mk (fst Int) (snd Bool))))(declare-const p P)";
        assert_eq!(terms(&format!("{one}(assert (snd p))")), ["(snd p)"]);
    }

    #[test]
    fn z3s_old_syntax() {
        let d = "(declare-datatypes (T) ((Lst (nil) (cons (hd T) (tl Lst)))))(declare-const l (Lst Int))";
        assert_eq!(
            terms(&format!("{d}(assert (> (hd (tl l)) 0))")),
            ["(> (hd (tl l)) 0)"]
        );
    }

    #[test]
    fn malformed_datatypes_are_errors() {
        assert_eq!(
            error("(declare-datatypes ((A 0) (B 0)) (((a))))"),
            "1:34: as many datatype declarations as names"
        );
        assert_eq!(
            error("(declare-datatype A ((a (x))))"),
            "1:25: expected (selector sort)"
        );
    }
}
