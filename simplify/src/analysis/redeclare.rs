//! Changing the signature of a declared symbol, for the passes that do
//! (`arrays-as-funs`, `record-args`): which symbols may change, and the
//! new declaration in place of the old one.

use rustc_hash::{FxHashMap, FxHashSet};
use smtlib_io::{
    print::{quote_symbol, sort_text},
    Command, CommandKind, Context, FunDecl, FunId, FunKind, Script, SortId,
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
    if out.is_empty() {
        return out;
    }
    let names: FxHashSet<&str> = out.keys().map(|&f| cx.sym_name(cx.fun(f).name)).collect();
    let mentions = Mentions::new(
        &names,
        script
            .commands
            .iter()
            .enumerate()
            .filter(|(_, c)| !matches!(c.kind, CommandKind::Assert(_)))
            .map(|(j, c)| (j, &*c.text)),
    );
    out.retain(|&f, &mut at| !mentions.elsewhere(cx.sym_name(cx.fun(f).name), at));
    out
}

/// The symbols written in a set of command texts, as [`text_mentions`]
/// finds them, read once: asking for one symbol costs a lookup, not a
/// scan of every text (the texts of a Boogie VC's `define-fun`s are most
/// of the script).
struct Mentions<'a> {
    /// Each word and each `|…|` content that is one of the names asked
    /// about, with the first two commands (by index) that write it.
    written_in: FxHashMap<&'a str, (usize, Option<usize>)>,
    texts: Vec<(usize, &'a str)>,
}

impl<'a> Mentions<'a> {
    /// The mentions of `names` (the only names [`Mentions::elsewhere`]
    /// may be asked about) in `texts`, each with its command's index.
    fn new(names: &FxHashSet<&str>, texts: impl Iterator<Item = (usize, &'a str)>) -> Mentions<'a> {
        let texts: Vec<(usize, &'a str)> = texts.collect();
        let mut written_in: FxHashMap<&'a str, (usize, Option<usize>)> = FxHashMap::default();
        for &(j, text) in &texts {
            let words = words(text);
            // what stands between two consecutive bars: `|name|` is in the
            // text exactly when `name` (which has no bar) is one of these
            let mut pieces = text.split('|');
            pieces.next();
            let mut between: Vec<&str> = pieces.collect();
            between.pop();
            for w in words.chain(between).filter(|w| names.contains(w)) {
                let e = written_in.entry(w).or_insert((j, None));
                if e.0 != j && e.1.is_none() {
                    e.1 = Some(j);
                }
            }
        }
        Mentions { written_in, texts }
    }

    /// Does a text other than that of command `except` write `name`, one
    /// of the names this was made for?
    fn elsewhere(&self, name: &str, except: usize) -> bool {
        if name.contains('|') {
            // no symbol has a bar in its name; asked anyway, scan
            return self
                .texts
                .iter()
                .any(|&(j, text)| j != except && text_mentions(text, name));
        }
        self.written_in
            .get(name)
            .is_some_and(|&(first, second)| first != except || second.is_some())
    }
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
    let sorts: Vec<String> = d.args.iter().map(|&s| sort_text(cx, s)).collect();
    let text = format!(
        "(declare-fun {} ({}) {})",
        quote_symbol(cx.sym_name(d.name)),
        sorts.join(" "),
        sort_text(cx, d.ret)
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
    words(text).any(|tok| tok == name)
}

/// The pieces of `text` between whitespace and parentheses (empty pieces
/// included), as `str::split` on those characters gives them. An ASCII
/// text is split byte by byte: decoding every character of a Boogie VC's
/// `define-fun` texts would cost more than the rest of the scan.
fn words(text: &str) -> Box<dyn Iterator<Item = &str> + '_> {
    if text.is_ascii() {
        // the ASCII characters for which `char::is_whitespace` holds:
        // tab, line feed, vertical tab, form feed, carriage return, space
        Box::new(
            text.as_bytes()
                .split(|&b| matches!(b, b'\t'..=b'\r' | b' ' | b'(' | b')'))
                .map(move |w| {
                    let at = w.as_ptr() as usize - text.as_ptr() as usize;
                    &text[at..at + w.len()]
                }),
        )
    } else {
        Box::new(text.split(|c: char| c.is_whitespace() || c == '(' || c == ')'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What [`Mentions::elsewhere`] must answer: a scan of every text.
    fn scanned(texts: &[&str], name: &str, except: usize) -> bool {
        texts
            .iter()
            .enumerate()
            .any(|(j, t)| j != except && text_mentions(t, name))
    }

    fn indexed(texts: &[&str], name: &str, except: usize) -> bool {
        let names: FxHashSet<&str> = [name].into_iter().collect();
        Mentions::new(&names, texts.iter().copied().enumerate()).elsewhere(name, except)
    }

    #[test]
    fn a_symbol_is_found_as_a_word_or_quoted_and_not_in_its_own_command() {
        let texts = [
            "(declare-fun a () (Array Int Int))",
            "(define-fun f () Int (select a 0))",
            "(get-value (|b c| ab))",
            "(declare-const u Int)",
        ];
        assert!(indexed(&texts, "a", 0), "written in the define-fun");
        assert!(!indexed(&texts, "u", 3), "only in its declaration");
        assert!(indexed(&texts, "b c", 0), "quoted");
        assert!(!indexed(&texts, "b", 0), "part of a quoted symbol");
        assert!(indexed(&texts, "ab", 1));
        assert!(!indexed(&texts, "abc", 1));
        assert!(!indexed(&texts, "f", 1), "only in its own command");
        assert!(indexed(&texts, "f", 0));
    }

    proptest! {
        /// The index answers as the scan of every text does, on texts made
        /// of a few symbol characters, spaces, parentheses and bars.
        #[test]
        fn the_index_answers_as_the_scan(
            texts in prop::collection::vec("[ab |()]{0,12}", 1..5),
            name in "[ab ]{0,3}",
            except in 0usize..5,
        ) {
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            prop_assert_eq!(indexed(&texts, &name, except), scanned(&texts, &name, except));
        }

        /// The words of a text are those of `str::split` on whitespace and
        /// parentheses, on ASCII texts and on others alike.
        #[test]
        fn words_split_as_str_split(text in "[a\t\n\x0b\x0c\r ()|\x1f\u{85}\u{a0}\u{2028}é]{0,16}") {
            let want: Vec<&str> =
                text.split(|c: char| c.is_whitespace() || c == '(' || c == ')').collect();
            prop_assert_eq!(words(&text).collect::<Vec<_>>(), want);
        }
    }
}
