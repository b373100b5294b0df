//! Changing the signature of a declared symbol, for the passes that do
//! (`arrays-as-funs`, `record-args`): which symbols may change, and the
//! new declaration in place of the old one.

use smtlib_io::{
    print::quote_symbol, Command, CommandKind, Context, FunDecl, FunId, FunKind, Printer, Script,
    SortId,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The uninterpreted symbols, without sort parameters, that `wanted`
/// accepts and whose signature may change: declared by exactly one
/// `declare-fun`/`declare-const` (one symbol of that name in the whole
/// script, push/pop scopes included) and named by no command that vcsimp
/// prints verbatim (a `define-fun` body, an assertion it could not read,
/// `check-sat-assuming`, a datatype, a query). Each with the index of its
/// declaring command.
pub fn changeable(script: &Script, wanted: impl Fn(&FunDecl) -> bool) -> BTreeMap<FunId, usize> {
    let cx = &script.cx;
    let mut declared: HashMap<&str, Vec<(usize, FunId)>> = HashMap::new();
    for (i, c) in script.commands.iter().enumerate() {
        if let CommandKind::Declare(f) = c.kind {
            declared
                .entry(cx.sym_name(cx.fun(f).name))
                .or_default()
                .push((i, f));
        }
    }
    let mut out: BTreeMap<FunId, usize> = declared
        .into_values()
        .filter_map(|ds| match ds[..] {
            [(i, f)] => {
                let d = cx.fun(f);
                (d.kind == FunKind::Declared && d.sort_params.is_empty() && wanted(d))
                    .then_some((f, i))
            }
            _ => None,
        })
        .collect();
    out.retain(|&f, &mut at| {
        let name = cx.sym_name(cx.fun(f).name);
        !script.commands.iter().enumerate().any(|(j, c)| {
            j != at && !matches!(c.kind, CommandKind::Assert(_)) && text_mentions(&c.text, name)
        })
    });
    out
}

/// Declare `old`'s name again with `args → ret`, in place of command `at`
/// (its declaration), and return the new symbol. Applications of `old`
/// are the caller's to rewrite.
pub fn redeclare(
    script: &mut Script,
    at: usize,
    old: FunId,
    args: Vec<SortId>,
    ret: SortId,
) -> FunId {
    let cx = &mut script.cx;
    let name = cx.fun(old).name;
    let new = cx.declare_fun(FunDecl {
        name,
        sort_params: Box::new([]),
        args: args.clone().into(),
        ret,
        kind: FunKind::Declared,
    });
    let Command { kind, text, .. } = declaration(cx, new);
    script.commands[at].kind = kind;
    script.commands[at].text = text;
    new
}

/// The `declare-fun` command of `f`.
pub fn declaration(cx: &Context, f: FunId) -> Command {
    let d = cx.fun(f);
    let printer = Printer::new(cx);
    let sorts: Vec<String> = d.args.iter().map(|&s| printer.sort(s)).collect();
    let text = format!(
        "(declare-fun {} ({}) {})",
        quote_symbol(cx.sym_name(d.name)),
        sorts.join(" "),
        printer.sort(d.ret)
    );
    Command {
        kind: CommandKind::Declare(f),
        span: Default::default(),
        text: text.into(),
        verbatim_term: None,
    }
}

/// The first of `candidates` that names no function of `cx` (`candidates`
/// must not run out).
pub fn unused_name(cx: &Context, candidates: impl Iterator<Item = String>) -> String {
    let taken: BTreeSet<&str> = cx.funs().map(|(_, d)| cx.sym_name(d.name)).collect();
    candidates
        .into_iter()
        .find(|n| !taken.contains(n.as_str()))
        .expect("an unused name among the candidates")
}

/// Is `name` written as a symbol (plain or `|quoted|`) in `text`?
pub(crate) fn text_mentions(text: &str, name: &str) -> bool {
    let quoted = format!("|{name}|");
    if text.contains(&quoted) {
        return true;
    }
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .any(|tok| tok == name)
}
