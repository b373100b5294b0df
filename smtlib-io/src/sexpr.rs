//! The s-expression layer: an iterative, span-carrying reader that splits a
//! script into top-level commands.
//!
//! Nothing here recurses, so arbitrarily deep input cannot overflow the
//! stack, and every node knows its byte span. Each command is read into its
//! own flat arena, which the caller converts and then drops, so memory stays
//! proportional to the largest command rather than to the whole file.

use crate::error::{Error, Result};
use crate::span::Span;

/// The lexical class of an atom, per SMT-LIB 2.6 section 3.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// `0`, `42` (leading zeros are accepted, as z3 does).
    Numeral,
    /// `1.5`, `0.0`.
    Decimal,
    /// `#x1F`.
    Hexadecimal,
    /// `#b101`.
    Binary,
    /// `"a ""quoted"" string"` (text keeps the quotes and escapes).
    String,
    /// A simple symbol `abc` or a quoted one `|a b|` (text keeps the bars).
    Symbol,
    /// `:keyword`.
    Keyword,
}

/// One node of a command's arena: an atom, or a list of child nodes.
#[derive(Clone, Copy, Debug)]
pub enum NodeKind {
    Atom(AtomKind),
    /// Children are `kids[start..end]` of the arena.
    List {
        start: u32,
        end: u32,
    },
}

#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
}

/// Index of a node in an [`SExprArena`].
pub type NodeId = u32;

/// Where a piece of a script's text starts in the whole script: its byte
/// offset, and its line and column (1-based, columns in characters) as
/// [`crate::span::line_col`] counts them. Spans are offsets in the whole
/// script, whichever piece was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub offset: usize,
    pub line: usize,
    pub col: usize,
}

impl Origin {
    /// The start of the script.
    pub const START: Origin = Origin {
        offset: 0,
        line: 1,
        col: 1,
    };

    /// The origin of the text that follows `text`, which starts here.
    pub fn after(self, text: &str) -> Origin {
        let (line, col) = self.line_col(text, self.offset + text.len());
        Origin {
            offset: self.offset + text.len(),
            line,
            col,
        }
    }

    /// Line and column of the script offset `offset`, in `text`, which
    /// starts here (offsets past its end map to its end).
    pub fn line_col(self, text: &str, offset: usize) -> (usize, usize) {
        let (line, col) = crate::span::line_col(text, offset.saturating_sub(self.offset));
        if line == 1 {
            (self.line, self.col + col - 1)
        } else {
            (self.line + line - 1, col)
        }
    }
}

/// A flat arena holding one top-level s-expression and its source text.
#[derive(Debug)]
pub struct SExprArena<'s> {
    /// The text read, which starts at `origin` in the script.
    pub source: &'s str,
    pub origin: Origin,
    nodes: Vec<Node>,
    kids: Vec<NodeId>,
    pub root: NodeId,
}

impl<'s> SExprArena<'s> {
    pub fn node(&self, id: NodeId) -> Node {
        self.nodes[id as usize]
    }

    pub fn span(&self, id: NodeId) -> Span {
        self.nodes[id as usize].span
    }

    /// The exact source text of a node.
    pub fn text(&self, id: NodeId) -> &'s str {
        let r = self.span(id).range();
        &self.source[r.start - self.origin.offset..r.end - self.origin.offset]
    }

    /// Line and column of the script offset `offset` (in this arena's
    /// text).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.origin.line_col(self.source, offset)
    }

    /// The children of a list node, or `None` for an atom.
    pub fn list(&self, id: NodeId) -> Option<&[NodeId]> {
        match self.nodes[id as usize].kind {
            NodeKind::List { start, end } => Some(&self.kids[start as usize..end as usize]),
            NodeKind::Atom(_) => None,
        }
    }

    pub fn atom(&self, id: NodeId) -> Option<AtomKind> {
        match self.nodes[id as usize].kind {
            NodeKind::Atom(k) => Some(k),
            NodeKind::List { .. } => None,
        }
    }

    /// The decoded name if the node is a symbol (bars of `|x|` removed).
    pub fn symbol(&self, id: NodeId) -> Option<&'s str> {
        match self.atom(id) {
            Some(AtomKind::Symbol) => {
                let t = self.text(id);
                Some(
                    t.strip_prefix('|')
                        .and_then(|t| t.strip_suffix('|'))
                        .unwrap_or(t),
                )
            }
            _ => None,
        }
    }

    /// True if the node is the *simple* (unquoted) symbol `word`. Reserved
    /// words such as `let` or `_` are only reserved when unquoted.
    pub fn is_word(&self, id: NodeId, word: &str) -> bool {
        self.atom(id) == Some(AtomKind::Symbol) && self.text(id) == word
    }

    pub fn keyword(&self, id: NodeId) -> Option<&'s str> {
        match self.atom(id) {
            Some(AtomKind::Keyword) => Some(self.text(id)),
            _ => None,
        }
    }
}

/// Characters allowed in simple symbols besides letters and digits.
fn is_symbol_punct(b: u8) -> bool {
    matches!(
        b,
        b'~' | b'!'
            | b'@'
            | b'$'
            | b'%'
            | b'^'
            | b'&'
            | b'*'
            | b'_'
            | b'-'
            | b'+'
            | b'='
            | b'<'
            | b'>'
            | b'.'
            | b'?'
            | b'/'
    )
}

fn is_symbol_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || is_symbol_punct(b)
}

/// True if `name` may be printed as a simple symbol (without bars).
pub fn is_simple_symbol(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty() && !b[0].is_ascii_digit() && b.iter().all(|&c| is_symbol_char(c))
}

enum Token {
    Open,
    Close,
    Atom(AtomKind),
}

/// Reads top-level s-expressions one at a time from a source string.
pub struct Reader<'s> {
    source: &'s str,
    origin: Origin,
    pos: usize,
}

impl<'s> Reader<'s> {
    /// Fails if the source is larger than spans can address (4 GiB).
    pub fn new(source: &'s str) -> Result<Reader<'s>> {
        Reader::with_origin(source, Origin::START)
    }

    /// A reader of `source`, a piece of a script that starts at `origin`
    /// and ends between two top-level expressions; fails if the script
    /// up to its end is larger than spans can address (4 GiB).
    pub fn with_origin(source: &'s str, origin: Origin) -> Result<Reader<'s>> {
        if origin.offset + source.len() >= u32::MAX as usize {
            return Err(Error::new(
                crate::error::ErrorKind::Limit("input larger than 4 GiB".into()),
                Span::default(),
            ));
        }
        Ok(Reader {
            source,
            origin,
            pos: 0,
        })
    }

    /// Byte offset (in the source string) just after the last expression
    /// read.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The script span of `start..end` in the source string.
    fn at(&self, start: usize, end: usize) -> Span {
        Span::new(self.origin.offset + start, self.origin.offset + end)
    }

    fn skip_blank(&mut self) {
        let b = self.source.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0c | 0x0b => self.pos += 1,
                b';' => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// The next token and its span, or `None` at end of input.
    fn token(&mut self) -> Result<Option<(Token, Span)>> {
        self.skip_blank();
        let b = self.source.as_bytes();
        let start = self.pos;
        if start >= b.len() {
            return Ok(None);
        }
        let c = b[start];
        let mut end = start + 1;
        let tok = match c {
            b'(' => Token::Open,
            b')' => Token::Close,
            b'"' => {
                loop {
                    match b.get(end) {
                        None => {
                            return Err(Error::lexical(
                                "unterminated string literal",
                                self.at(start, b.len()),
                            ))
                        }
                        Some(b'"') if b.get(end + 1) == Some(&b'"') => end += 2,
                        Some(b'"') => {
                            end += 1;
                            break;
                        }
                        Some(_) => end += 1,
                    }
                }
                Token::Atom(AtomKind::String)
            }
            b'|' => {
                loop {
                    match b.get(end) {
                        None => {
                            return Err(Error::lexical(
                                "unterminated quoted symbol",
                                self.at(start, b.len()),
                            ))
                        }
                        Some(b'|') => {
                            end += 1;
                            break;
                        }
                        Some(b'\\') => {
                            return Err(Error::lexical(
                                "backslash inside a quoted symbol",
                                self.at(end, end + 1),
                            ))
                        }
                        Some(_) => end += 1,
                    }
                }
                Token::Atom(AtomKind::Symbol)
            }
            b'#' => {
                let (kind, ok): (AtomKind, fn(u8) -> bool) = match b.get(end) {
                    Some(b'x') => (AtomKind::Hexadecimal, |c: u8| c.is_ascii_hexdigit()),
                    Some(b'b') => (AtomKind::Binary, |c: u8| c == b'0' || c == b'1'),
                    _ => {
                        return Err(Error::lexical(
                            "expected #x or #b literal",
                            self.at(start, end),
                        ))
                    }
                };
                end += 1;
                let digits = end;
                while end < b.len() && ok(b[end]) {
                    end += 1;
                }
                if end == digits || (end < b.len() && is_symbol_char(b[end])) {
                    return Err(Error::lexical(
                        "malformed #x or #b literal",
                        self.at(start, end + 1),
                    ));
                }
                Token::Atom(kind)
            }
            b':' => {
                while end < b.len() && is_symbol_char(b[end]) {
                    end += 1;
                }
                if end == start + 1 {
                    return Err(Error::lexical("empty keyword", self.at(start, end)));
                }
                Token::Atom(AtomKind::Keyword)
            }
            c if c.is_ascii_digit() => {
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
                let mut kind = AtomKind::Numeral;
                if b.get(end) == Some(&b'.') {
                    end += 1;
                    let frac = end;
                    while end < b.len() && b[end].is_ascii_digit() {
                        end += 1;
                    }
                    // z3 accepts `4.` for `4.0`.
                    let _ = frac;
                    kind = AtomKind::Decimal;
                }
                if end < b.len() && is_symbol_char(b[end]) {
                    return Err(Error::lexical(
                        "a symbol may not start with a digit",
                        self.at(start, end + 1),
                    ));
                }
                Token::Atom(kind)
            }
            c if is_symbol_char(c) => {
                while end < b.len() && is_symbol_char(b[end]) {
                    end += 1;
                }
                Token::Atom(AtomKind::Symbol)
            }
            _ => {
                let ch = self.source[start..].chars().next().unwrap_or('?');
                return Err(Error::lexical(
                    format!("unexpected character {ch:?}"),
                    self.at(start, start + ch.len_utf8()),
                ));
            }
        };
        self.pos = end;
        Ok(Some((tok, self.at(start, end))))
    }

    /// Reads the next top-level s-expression, or `None` at end of input.
    pub fn next_sexpr(&mut self) -> Result<Option<SExprArena<'s>>> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut kids: Vec<NodeId> = Vec::new();
        // Open lists: (start offset, children read so far). Children of all
        // open lists share one stack; each open list remembers where its own
        // children begin.
        let mut open: Vec<(usize, usize)> = Vec::new();
        let mut pending: Vec<NodeId> = Vec::new();
        loop {
            let Some((tok, span)) = self.token()? else {
                return match open.last() {
                    None => Ok(None),
                    Some(&(start, _)) => Err(Error::syntax(
                        "unbalanced parenthesis: this list is never closed",
                        Span::new(start, start + 1),
                    )),
                };
            };
            let id = match tok {
                Token::Open => {
                    open.push((span.start as usize, pending.len()));
                    continue;
                }
                Token::Close => {
                    let Some((start, first)) = open.pop() else {
                        return Err(Error::syntax("unexpected ')'", span));
                    };
                    let kstart = kids.len() as u32;
                    kids.extend(pending.drain(first..));
                    nodes.push(Node {
                        kind: NodeKind::List {
                            start: kstart,
                            end: kids.len() as u32,
                        },
                        span: Span::new(start, span.end as usize),
                    });
                    (nodes.len() - 1) as NodeId
                }
                Token::Atom(kind) => {
                    nodes.push(Node {
                        kind: NodeKind::Atom(kind),
                        span,
                    });
                    (nodes.len() - 1) as NodeId
                }
            };
            if open.is_empty() {
                return Ok(Some(SExprArena {
                    source: self.source,
                    origin: self.origin,
                    nodes,
                    kids,
                    root: id,
                }));
            }
            pending.push(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(src: &str) -> Result<Vec<String>> {
        let mut r = Reader::new(src)?;
        let mut out = vec![];
        while let Some(a) = r.next_sexpr()? {
            out.push(a.text(a.root).to_string());
        }
        Ok(out)
    }

    #[test]
    fn reads_commands_with_comments_strings_and_quoted_symbols() {
        let src = "; c\n(assert (= |a b| \"x\"\"y\")) ; tail\n(check-sat)";
        assert_eq!(
            read_all(src).unwrap(),
            vec!["(assert (= |a b| \"x\"\"y\"))", "(check-sat)"]
        );
    }

    #[test]
    fn stray_token_is_an_error_not_a_truncation() {
        let err = read_all("(check-sat)\n#\n(exit)").unwrap_err();
        assert_eq!(err.span.start, 12);
    }

    #[test]
    fn unbalanced_parentheses_are_errors() {
        assert!(read_all("(assert (f x)").is_err());
        assert!(read_all("(assert x))").is_err());
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let depth = 200_000;
        let src = format!("{}x{}", "(".repeat(depth), ")".repeat(depth));
        let mut r = Reader::new(&src).unwrap();
        let a = r.next_sexpr().unwrap().unwrap();
        assert_eq!(a.list(a.root).unwrap().len(), 1);
    }

    #[test]
    fn literals_are_classified() {
        let src = "(0 007 1.05 #xFF #b01 :k |q| s)";
        let mut r = Reader::new(src).unwrap();
        let a = r.next_sexpr().unwrap().unwrap();
        let kinds: Vec<_> = a
            .list(a.root)
            .unwrap()
            .iter()
            .map(|&k| a.atom(k).unwrap())
            .collect();
        use AtomKind::*;
        assert_eq!(
            kinds,
            vec![
                Numeral,
                Numeral,
                Decimal,
                Hexadecimal,
                Binary,
                Keyword,
                Symbol,
                Symbol
            ]
        );
        assert!(read_all("(1abc)").is_err());
        assert!(read_all("(1.)").is_ok());
    }
}
