//! Reading a client's SMT-LIB commands one at a time from a stream that
//! stays open between them (a pipe from a verifier that waits for each
//! answer), and naming them.
//!
//! `smtlib_io`'s readers want a command's whole text, and its streaming
//! parser cuts a stream only at the last complete command of each read
//! buffer; here each command must be handed on as soon as its last byte
//! arrives, without waiting for more input. So this is a byte scanner that
//! tracks the same lexical states as the reader (strings with `""`,
//! `|quoted symbols|`, `;` comments) and the depth of parentheses.

use std::io::Read;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code,
    String,
    QuotedSymbol,
    Comment,
    /// A top-level atom (not a list): it ends at a blank, a parenthesis, a
    /// quote or a comment.
    Atom,
}

/// Splits a byte stream into top-level commands.
pub struct Commands<R> {
    input: R,
    buf: Vec<u8>,
    /// Where the text not yet handed out starts in `buf` (the bytes before
    /// it are dropped when more input comes, not at every command, so
    /// that a large input read at once is not moved once per command).
    head: usize,
    /// Bytes of `buf` scanned.
    pos: usize,
    /// Where the command being read starts in `buf` (None: between
    /// commands, in blanks and comments).
    start: Option<usize>,
    depth: usize,
    mode: Mode,
    done: bool,
}

/// What [`Commands::next_command`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece {
    /// One complete top-level command, or one top-level atom: `raw` is the
    /// text since the end of the previous command (blanks and comments
    /// included, so that a solver given the pieces in order sees the lines
    /// and columns of the whole input), and the command itself starts at
    /// `raw[start..]`.
    Command { raw: Vec<u8>, start: usize },
    /// The input ended inside a command: its text so far.
    Unfinished(Vec<u8>),
}

impl<R: Read> Commands<R> {
    pub fn new(input: R) -> Commands<R> {
        Commands {
            input,
            buf: Vec::new(),
            head: 0,
            pos: 0,
            start: None,
            depth: 0,
            mode: Mode::Code,
            done: false,
        }
    }

    /// The next command, or `None` at the end of the input. Reads only as
    /// much as the command needs (what a read returns at once).
    pub fn next_command(&mut self) -> std::io::Result<Option<Piece>> {
        loop {
            if let Some(piece) = self.buffered() {
                return Ok(Some(piece));
            }
            if self.done {
                return Ok(None);
            }
            let mut chunk = [0u8; 1 << 16];
            let n = loop {
                match self.input.read(&mut chunk) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if n == 0 {
                self.end();
            }
            self.feed(&chunk[..n]);
        }
    }

    /// Add input read elsewhere (for a caller that waits for input itself
    /// and takes the commands with [`Commands::buffered`]).
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.head > 0 && self.head * 2 >= self.buf.len() {
            self.buf.drain(..self.head);
            self.pos -= self.head;
            if let Some(s) = &mut self.start {
                *s -= self.head;
            }
            self.head = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// The input is over: [`Commands::buffered`] then hands out what is
    /// left.
    pub fn end(&mut self) {
        self.done = true;
    }

    /// The next command in the input given so far; after [`Commands::end`],
    /// the unfinished rest, and then None for good.
    pub fn buffered(&mut self) -> Option<Piece> {
        if let Some(end) = self.scan() {
            let start = self.start.take().map_or(0, |s| s - self.head);
            let raw = self.buf[self.head..end].to_vec();
            self.head = end;
            return Some(Piece::Command { raw, start });
        }
        if !self.done {
            return None;
        }
        let start = self.start.take().map(|s| s - self.head);
        let rest = self.buf.split_off(self.head);
        self.buf.clear();
        self.head = 0;
        self.pos = 0;
        match start {
            None => None,
            Some(start) if self.mode == Mode::Atom => {
                self.mode = Mode::Code;
                Some(Piece::Command { raw: rest, start })
            }
            Some(_) => Some(Piece::Unfinished(rest)),
        }
    }

    /// Scan the unscanned bytes; the end (exclusive) of a complete command
    /// if one ends there.
    fn scan(&mut self) -> Option<usize> {
        while self.pos < self.buf.len() {
            let i = self.pos;
            let b = self.buf[i];
            self.pos += 1;
            match (self.mode, b) {
                (Mode::Code, b'(') => {
                    if self.depth == 0 {
                        self.start = Some(i);
                    }
                    self.depth += 1;
                }
                (Mode::Code, b')') => {
                    if self.depth == 0 {
                        // A `)` without its `(`: hand it on, the solver
                        // reports it.
                        self.start = Some(i);
                        return Some(i + 1);
                    }
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                (Mode::Code, b'"') => {
                    if self.depth == 0 {
                        self.start = Some(i);
                    }
                    self.mode = Mode::String;
                }
                (Mode::Code, b'|') => {
                    if self.depth == 0 {
                        self.start = Some(i);
                    }
                    self.mode = Mode::QuotedSymbol;
                }
                (Mode::Code, b';') => self.mode = Mode::Comment,
                (Mode::Code, c) if c.is_ascii_whitespace() => {}
                (Mode::Code, _) if self.depth == 0 => {
                    self.start = Some(i);
                    self.mode = Mode::Atom;
                }
                (Mode::String, b'"') | (Mode::QuotedSymbol, b'|') => {
                    self.mode = Mode::Code;
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                (Mode::Comment, b'\n') => self.mode = Mode::Code,
                (Mode::Atom, c) if c.is_ascii_whitespace() || b"()\";|".contains(&c) => {
                    self.mode = Mode::Code;
                    self.pos = i;
                    return Some(i);
                }
                _ => {}
            }
        }
        None
    }
}

/// The name of a command (`check-sat`, `push`, …): the first symbol after
/// its opening parenthesis; empty for an atom or a malformed command.
pub fn name(text: &[u8]) -> &str {
    let text = std::str::from_utf8(text).unwrap_or("");
    let Some(rest) = text.strip_prefix('(') else {
        return "";
    };
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '"' || c == ';')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The numeral argument of `(push N)` / `(pop N)` (1 when absent); None
/// when it is not a numeral.
pub fn level(text: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(text).ok()?;
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut words = inner.split_whitespace();
    words.next()?;
    match words.next() {
        None => Some(1),
        Some(n) if words.next().is_none() => n.parse().ok(),
        Some(_) => None,
    }
}

/// The value `(set-option :print-success V)` sets, if `text` is one.
pub fn print_success(text: &[u8]) -> Option<bool> {
    option_value(text, ":print-success")
}

/// The value `(set-option :global-declarations V)` sets, if `text` is one.
pub fn global_declarations(text: &[u8]) -> Option<bool> {
    option_value(text, ":global-declarations").or_else(|| option_value(text, ":global-decls"))
}

fn option_value(text: &[u8], option: &str) -> Option<bool> {
    let text = std::str::from_utf8(text).ok()?;
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut words = inner.split_whitespace();
    if words.next()? != "set-option" || words.next()? != option {
        return None;
    }
    match words.next()? {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<Piece> {
        let mut c = Commands::new(text.as_bytes());
        let mut out = vec![];
        while let Some(p) = c.next_command().unwrap() {
            out.push(p);
        }
        out
    }

    fn cmd(raw: &str, start: usize) -> Piece {
        Piece::Command {
            raw: raw.as_bytes().to_vec(),
            start,
        }
    }

    #[test]
    fn splits_at_each_command() {
        assert_eq!(
            all("(push 1) ; c (\n(assert (= |a)(| \"x)\"\"(\"))\n(check-sat)"),
            vec![
                cmd("(push 1)", 0),
                cmd(" ; c (\n(assert (= |a)(| \"x)\"\"(\"))", 7),
                cmd("\n(check-sat)", 1)
            ]
        );
        assert_eq!(all(" ; only a comment\n  "), vec![]);
        assert_eq!(all("foo (exit)"), vec![cmd("foo", 0), cmd(" (exit)", 1)]);
        assert_eq!(all(")(exit)"), vec![cmd(")", 0), cmd("(exit)", 0)]);
        assert_eq!(
            all("(exit) (assert (f"),
            vec![cmd("(exit)", 0), Piece::Unfinished(b" (assert (f".to_vec())]
        );
    }

    /// A reader that hands out one byte per read: a command must come out
    /// as soon as its last byte is in, before the next read.
    #[test]
    fn a_command_is_ready_without_reading_further() {
        struct OneThenFail(Vec<u8>, usize);
        impl Read for OneThenFail {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.1 >= self.0.len() {
                    return Err(std::io::Error::other("read past the command"));
                }
                buf[0] = self.0[self.1];
                self.1 += 1;
                Ok(1)
            }
        }
        let mut c = Commands::new(OneThenFail(b"(check-sat)".to_vec(), 0));
        assert_eq!(c.next_command().unwrap(), Some(cmd("(check-sat)", 0)));
    }

    /// Input fed in pieces that cut commands anywhere (and a large buffer
    /// that is compacted while a command is open) gives the same pieces
    /// as reading it whole.
    #[test]
    fn fed_input_splits_as_read_input() {
        let mut text = String::new();
        for i in 0..500 {
            text.push_str(&format!("(assert (= |x {i}| \"s;(\")) ; c {i} (\n"));
        }
        text.push_str("(check-sat) foo (exit) (assert (f");
        let whole = all(&text);
        for step in [1, 7, 64, 4096] {
            let mut c = Commands::new(std::io::empty());
            let mut got = Vec::new();
            for piece in text.as_bytes().chunks(step) {
                c.feed(piece);
                while let Some(p) = c.buffered() {
                    got.push(p);
                }
            }
            c.end();
            while let Some(p) = c.buffered() {
                got.push(p);
            }
            assert_eq!(got, whole, "fed {step} bytes at a time");
        }
        assert_eq!(whole.len(), 504);
    }

    #[test]
    fn names_and_levels() {
        assert_eq!(name(b"( check-sat )"), "check-sat");
        assert_eq!(name(b"(get-value ((x 1)))"), "get-value");
        assert_eq!(name(b"x"), "");
        assert_eq!(level(b"(push)"), Some(1));
        assert_eq!(level(b"(pop 3)"), Some(3));
        assert_eq!(level(b"(pop x)"), None);
        assert_eq!(
            print_success(b"(set-option :print-success true)"),
            Some(true)
        );
        assert_eq!(print_success(b"(set-option :timeout 10)"), None);
        assert_eq!(
            global_declarations(b"(set-option :global-declarations true)"),
            Some(true)
        );
    }
}
