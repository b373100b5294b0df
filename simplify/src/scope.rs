//! Where things are in scope in a script: which check-sats see an
//! assertion ([`liveness`]) and which commands a symbol is declared at
//! ([`declaration_index`], [`declared_before`]), simulating
//! `push`/`pop`/`reset`.

use smtlib_io::{CommandKind, Context, Op, Script, TermId, TermKind};
use std::collections::{BTreeSet, HashMap};

/// For each command that is a readable assertion: the set of check-sat
/// commands (by index) at which it is live.
pub fn liveness(script: &Script) -> HashMap<usize, BTreeSet<usize>> {
    let mut live: HashMap<usize, BTreeSet<usize>> = HashMap::new();
    let mut scopes: Vec<Vec<usize>> = vec![vec![]];
    for (i, c) in script.commands.iter().enumerate() {
        match &c.kind {
            CommandKind::Assert(_) => {
                live.insert(i, BTreeSet::new());
                if let Some(s) = scopes.last_mut() {
                    s.push(i);
                }
            }
            CommandKind::Push(n) => {
                for _ in 0..*n {
                    scopes.push(vec![]);
                }
            }
            CommandKind::Pop(n) => {
                for _ in 0..*n {
                    if scopes.len() > 1 {
                        scopes.pop();
                    }
                }
            }
            CommandKind::Reset | CommandKind::ResetAssertions => scopes = vec![vec![]],
            CommandKind::CheckSat => {
                for &a in scopes.iter().flatten() {
                    if let Some(s) = live.get_mut(&a) {
                        s.insert(i);
                    }
                }
            }
            _ => {}
        }
    }
    live
}

/// Where each declared or defined function is in scope: for each of its
/// `declare-fun`/`define-fun` commands, the half-open command range from
/// the declaration to the `pop` that removes it (or the end of the script;
/// no `pop` removes a declaration made under global declarations).
/// A rewrite of the assertion at command `i` may only use symbols in scope
/// at `i` ([`declared_before`]): facts from later assertions can mention
/// later symbols, or symbols of a scope popped before `i` and declared
/// again afterwards, and a solver rejects an assertion that uses a symbol
/// not in scope.
pub fn declaration_index(script: &Script) -> DeclarationIndex {
    let mut at: DeclarationIndex = HashMap::new();
    // Per open scope, the (name, index into its ranges) declared in it.
    let mut scopes: Vec<Vec<(String, usize)>> = vec![vec![]];
    let mut global = false;
    let end = script.commands.len();
    let close = |at: &mut DeclarationIndex, level: Vec<(String, usize)>, i| {
        for (f, k) in level {
            if let Some(r) = at.get_mut(&f).and_then(|v| v.get_mut(k)) {
                r.1 = i;
            }
        }
    };
    for (i, c) in script.commands.iter().enumerate() {
        match &c.kind {
            CommandKind::Declare(f) | CommandKind::Define { fun: f, .. } => {
                let name = script.cx.sym_name(script.cx.fun(*f).name).to_string();
                let v = at.entry(name.clone()).or_default();
                v.push((i, end));
                if let Some(s) = scopes.last_mut().filter(|_| !global) {
                    s.push((name, v.len() - 1));
                }
            }
            CommandKind::Other => {
                global = smtlib_io::sets_global_declarations(&c.text).unwrap_or(global);
            }
            CommandKind::Push(n) => {
                for _ in 0..*n {
                    scopes.push(vec![]);
                }
            }
            CommandKind::Pop(n) => {
                for _ in 0..*n {
                    if scopes.len() > 1 {
                        let level = scopes.pop().unwrap_or_default();
                        close(&mut at, level, i);
                    }
                }
            }
            CommandKind::Reset => {
                for level in std::mem::take(&mut scopes) {
                    close(&mut at, level, i);
                }
                scopes = vec![vec![]];
                global = false;
            }
            _ => {}
        }
    }
    at
}

/// Declared and defined functions by name: the command ranges in which
/// each is in scope.
pub type DeclarationIndex = HashMap<String, Vec<(usize, usize)>>;

/// True if every function `t` applies is in scope at command `i` (see
/// [`declaration_index`]; functions without a declaring command, e.g.
/// datatype constructors, count as in scope). A qualified constant
/// `(as c S)` is kept opaque by the reader, so its name is read off it.
pub fn declared_before(cx: &Context, t: TermId, i: usize, declared_at: &DeclarationIndex) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t];
    while let Some(u) = stack.pop() {
        if !seen.insert(u) {
            continue;
        }
        let name = match cx.kind(u) {
            TermKind::App(Op::Uf(f), _) => Some(cx.sym_name(cx.fun(*f).name)),
            TermKind::App(Op::Other(s), _) => qualified_name(cx.sym_name(*s)),
            _ => None,
        };
        if let Some(ranges) = name.and_then(|n| declared_at.get(n)) {
            if !ranges.iter().any(|&(d, e)| d < i && i < e) {
                return false;
            }
        }
        stack.extend(cx.children(u));
    }
    true
}

/// `c` of the qualified constant text `(as c S)`.
fn qualified_name(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("(as ")?;
    if let Some(quoted) = rest.strip_prefix('|') {
        // Declared names are stored without their bars.
        let close = quoted.find('|')?;
        return Some(&quoted[..close]);
    }
    rest.split_whitespace().next()
}
