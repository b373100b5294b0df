//! Alpha-equivalence keys for quantified terms.
//!
//! The reader renames every bound variable apart, so two alpha-equivalent
//! quantifiers of the input (`forall x. P x` in one assertion and
//! `forall y. P y` in another) arrive as different terms. The loader gives
//! each quantifier the key computed here and unions quantifiers with equal
//! keys, so alpha-equivalent terms share one e-class.
//!
//! Contract: [`alpha_key`] returns equal keys for two terms only if they are
//! equal up to the names of the variables they bind (de Bruijn indices
//! stand for bound variables, free variables keep their identity, and
//! quantifier-free subterms that mention no variable bound inside the key's
//! term stand for themselves, which is exact because terms are
//! hash-consed). It returns
//! `None`, never a wrong key, when the term is larger than the budget or
//! binds a variable inside a construct it does not walk (`match`).

use crate::term::{fill_free_vars, fold_memo, post_order, rebuild, subst};
use smtlib_io::{AttrValue, BinderKind, Context, Op, SortId, Sym, TermId, TermKind, VarId};
use std::collections::{BTreeSet, HashMap};

/// Tokens walked per key before giving up: keys of huge quantifiers are not
/// worth their cost (the pipeline's limits bound everything else).
pub const KEY_BUDGET: usize = 4_096;

/// Work per key before giving up: one unit per subterm visited plus the
/// variables compared to decide whether it mentions a bound variable. The
/// token budget alone does not bound this: under `n` nested binders each
/// visited subterm can have `n` free variables, and every one of the `n`
/// binders gets its own key.
pub const KEY_WORK_BUDGET: usize = 1 << 16;

/// One token of a key, in prefix order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tok {
    /// A quantifier-free subterm with no variable bound inside the keyed
    /// term.
    Closed(TermId),
    /// A variable bound inside the keyed term: its de Bruijn index (0 is
    /// the innermost bound variable).
    Bound(u32),
    App(Op, u32),
    Binder(BinderKind, Box<[SortId]>, u32),
    /// An attribute: its keyword and how many terms follow.
    Attr(Sym, u32),
    RawAttr(Sym, Sym),
    Annot(u32),
}

/// Memo tables shared by the keys of one load.
#[derive(Default)]
pub struct KeyMemo {
    pub free: HashMap<TermId, BTreeSet<VarId>>,
    has_binder: HashMap<TermId, bool>,
}

/// The first value recorded for each alpha-equivalence class of
/// quantifiers: the e-class a loader unions copies into, or the term the
/// `context` pass indexes facts by.
pub struct AlphaClasses<T> {
    pub memo: KeyMemo,
    first: HashMap<Vec<Tok>, T>,
}

impl<T> Default for AlphaClasses<T> {
    fn default() -> Self {
        AlphaClasses {
            memo: KeyMemo::default(),
            first: HashMap::new(),
        }
    }
}

impl<T: Copy> AlphaClasses<T> {
    /// The value first recorded for the class of the quantifier `t`,
    /// recording `value` if `t` is the first of its class; `value` itself
    /// when `t` has no key (see [`alpha_key`]).
    pub fn first_for(&mut self, cx: &Context, t: TermId, value: T) -> T {
        match alpha_key(cx, t, &mut self.memo) {
            Some(key) => *self.first.entry(key).or_insert(value),
            None => value,
        }
    }
}

/// The alpha-equivalence key of the quantifier `t`, or `None` (see the
/// module doc).
pub fn alpha_key(cx: &Context, t: TermId, memo: &mut KeyMemo) -> Option<Vec<Tok>> {
    let mut walk = Walk {
        cx,
        memo,
        env: Vec::new(),
        env_count: HashMap::new(),
        out: Vec::new(),
        work: 0,
    };
    walk.term(t)?;
    Some(walk.out)
}

struct Walk<'a> {
    cx: &'a Context,
    memo: &'a mut KeyMemo,
    /// Variables bound so far, innermost last.
    env: Vec<VarId>,
    /// How often each variable occurs in `env` (a binder may shadow an
    /// outer one of the same variable), for membership tests.
    env_count: HashMap<VarId, u32>,
    out: Vec<Tok>,
    /// Work done so far, against [`KEY_WORK_BUDGET`].
    work: usize,
}

impl Walk<'_> {
    fn push(&mut self, tok: Tok) -> Option<()> {
        if self.out.len() >= KEY_BUDGET {
            return None;
        }
        self.out.push(tok);
        Some(())
    }

    fn has_binder(&mut self, t: TermId) -> bool {
        let cx = self.cx;
        fold_memo(cx, t, &mut self.memo.has_binder, |memo, u| {
            matches!(cx.kind(u), TermKind::Binder(..))
                || cx.children(u).into_iter().any(|k| memo[&k])
        });
        self.memo.has_binder[&t]
    }

    /// True if `t` mentions a variable bound inside the keyed term;
    /// `None` once the work budget is spent.
    fn mentions_env(&mut self, t: TermId) -> Option<bool> {
        self.work += 1;
        if self.env.is_empty() {
            return (self.work <= KEY_WORK_BUDGET).then_some(false);
        }
        fill_free_vars(self.cx, t, &mut self.memo.free);
        let free = &self.memo.free[&t];
        self.work += free.len().min(self.env.len());
        if self.work > KEY_WORK_BUDGET {
            return None;
        }
        Some(if free.len() <= self.env.len() {
            free.iter().any(|v| self.env_count.contains_key(v))
        } else {
            self.env.iter().any(|v| free.contains(v))
        })
    }

    fn term(&mut self, t: TermId) -> Option<()> {
        let mentions_env = self.mentions_env(t)?;
        if !mentions_env && !self.has_binder(t) {
            return self.push(Tok::Closed(t));
        }
        match self.cx.kind(t) {
            TermKind::Var(v) => {
                let i = self.env.iter().rev().position(|w| w == v)?;
                self.work += i;
                self.push(Tok::Bound(i as u32))
            }
            TermKind::App(op, args) => {
                self.push(Tok::App(op.clone(), args.len() as u32))?;
                args.iter().try_for_each(|&a| self.term(a))
            }
            TermKind::Binder(kind, vs, body, attrs) => {
                let sorts: Box<[SortId]> = vs.iter().map(|&v| self.cx.var(v).sort).collect();
                self.push(Tok::Binder(*kind, sorts, attrs.len() as u32))?;
                let depth = self.env.len();
                self.env.extend(vs.iter().copied());
                for &v in vs.iter() {
                    *self.env_count.entry(v).or_insert(0) += 1;
                }
                let walked = self.term(*body).and_then(|()| self.attrs(attrs));
                for v in self.env.drain(depth..) {
                    if let Some(n) = self.env_count.get_mut(&v) {
                        *n -= 1;
                        if *n == 0 {
                            self.env_count.remove(&v);
                        }
                    }
                }
                walked
            }
            TermKind::Annot(body, attrs) => {
                self.push(Tok::Annot(attrs.len() as u32))?;
                self.term(*body)?;
                self.attrs(attrs)
            }
            // Constants never mention a variable; `match` binds variables
            // this walk does not track.
            _ => None,
        }
    }

    fn attrs(&mut self, attrs: &[smtlib_io::Attr]) -> Option<()> {
        for a in attrs {
            match &a.value {
                AttrValue::None => self.push(Tok::Attr(a.key, 0))?,
                AttrValue::Terms(ts) => {
                    self.push(Tok::Attr(a.key, ts.len() as u32))?;
                    ts.iter().try_for_each(|&u| self.term(u))?;
                }
                AttrValue::Raw(s) => self.push(Tok::RawAttr(a.key, *s))?,
            }
        }
        Some(())
    }
}

/// Give every quantifier that `roots[i]` shares with an earlier root fresh
/// variables.
///
/// Extraction picks one node for a class of alpha-equivalent quantifiers,
/// so two assertions can come out holding the same binder term. That is
/// correct SMT-LIB, but a reader renames the second copy apart, and the
/// passes expect each variable to be bound inside one assertion; so later
/// roots get a renamed copy (equal up to names, which is what the e-graph
/// proved).
pub fn unshare_binders(cx: &mut Context, roots: &mut [TermId]) {
    let mut claimed: std::collections::HashSet<TermId> = Default::default();
    for root in roots.iter_mut() {
        let mut binders = Vec::new();
        post_order(cx, *root, |u| {
            if matches!(cx.kind(u), TermKind::Binder(..)) {
                binders.push(u);
            }
        });
        let mut renaming: HashMap<VarId, VarId> = HashMap::new();
        for &b in &binders {
            if claimed.contains(&b) {
                if let TermKind::Binder(_, vs, _, _) = cx.kind(b).clone() {
                    for v in vs.iter() {
                        let decl = cx.var(*v).clone();
                        renaming.insert(*v, cx.new_var(decl.name, decl.sort));
                    }
                }
            }
        }
        claimed.extend(binders);
        if renaming.is_empty() {
            continue;
        }
        *root = rebuild(cx, *root, |cx, _, new| match cx.kind(new).clone() {
            TermKind::Var(v) => renaming.get(&v).map(|&w| cx.mk_var(w)),
            TermKind::Binder(k, vs, body, attrs) if vs.iter().any(|v| renaming.contains_key(v)) => {
                let vs: Box<[VarId]> = vs.iter().map(|v| *renaming.get(v).unwrap_or(v)).collect();
                cx.mk_binder(k, vs, body, attrs).ok()
            }
            _ => None,
        });
    }
}

/// The text by which a validation certificate names the claim `t`:
/// printed with every bound variable renamed by its place and without
/// patterns, so that a claim printed by a pass and the same assertion read
/// back from the printed output compare equal.
pub fn claim_text(cx: &mut Context, t: TermId) -> String {
    let mut n = 0;
    let canonical = rebuild(cx, t, |cx, _, new| {
        let TermKind::Binder(k, vars, body, _) = cx.kind(new).clone() else {
            return None;
        };
        let mut map = HashMap::new();
        let fresh: Vec<VarId> = vars
            .iter()
            .map(|&v| {
                let sym = cx.sym(&format!("vcsimp_claim!{n}"));
                n += 1;
                let w = cx.new_var(sym, cx.var(v).sort);
                map.insert(v, cx.mk_var(w));
                w
            })
            .collect();
        let body = subst(cx, body, &map);
        cx.mk_binder(k, fresh.into(), body, Box::new([])).ok()
    });
    smtlib_io::Printer::without_names(cx).term(canonical)
}
