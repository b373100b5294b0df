//! Reading a script from a stream a piece at a time: each piece ends
//! after a top-level expression, is read into commands, and is dropped,
//! so that the text held is one command and one read buffer, not the
//! whole input. The commands, terms and errors are those of
//! [`super::parse_script`] on the whole text.

use super::Converter;
use crate::error::Error;
use crate::script::Script;
use crate::sexpr::{Origin, Reader};
use crate::span::Span;
use std::io::Read;

/// Bytes asked of the stream at a time.
const CHUNK: usize = 64 << 10;

/// What the scan is inside of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code,
    /// A string literal; `""` inside one reads as its end and a new start,
    /// which leaves the scan where it should be.
    String,
    QuotedSymbol,
    Comment,
}

/// Finds where top-level expressions end, scanning each byte once however
/// the text arrives: a cut after a `)` that closes a top-level list is
/// between two tokens (never inside a string, quoted symbol or comment),
/// so the reader sees the same tokens on each side of it as on the whole
/// text. A `)` without its `(` is cut after too: the reader reports it.
struct Cuts {
    mode: Mode,
    depth: usize,
    /// Bytes scanned.
    pos: usize,
    /// The last cut found.
    cut: usize,
}

impl Cuts {
    fn scan(&mut self, text: &[u8]) {
        for (i, &b) in text.iter().enumerate().skip(self.pos) {
            self.mode = match (self.mode, b) {
                (Mode::Code, b'(') => {
                    self.depth += 1;
                    Mode::Code
                }
                (Mode::Code, b')') => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.cut = i + 1;
                    }
                    Mode::Code
                }
                (Mode::Code, b'"') => Mode::String,
                (Mode::Code, b'|') => Mode::QuotedSymbol,
                (Mode::Code, b';') => Mode::Comment,
                (Mode::String, b'"') | (Mode::QuotedSymbol, b'|') | (Mode::Comment, b'\n') => {
                    Mode::Code
                }
                (mode, _) => mode,
            };
        }
        self.pos = text.len();
    }

    /// The text before the last cut was read and dropped.
    fn shift(&mut self, by: usize) {
        self.pos -= by;
        self.cut -= by;
    }
}

/// Why [`parse_script_from`] read no script.
#[derive(Debug)]
pub enum StreamError {
    /// The stream failed.
    Read(std::io::Error),
    /// The text read is no script (text that is not UTF-8 is a lexical
    /// error where it starts); the span is in the whole input.
    Parse(Error),
}

impl From<Error> for StreamError {
    fn from(e: Error) -> StreamError {
        StreamError::Parse(e)
    }
}

/// Parse a whole script from `input`, a piece at a time.
pub fn parse_script_from(input: &mut dyn Read) -> Result<Script, StreamError> {
    let mut conv = Converter::new();
    let mut commands = Vec::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut origin = Origin::START;
    let mut cuts = Cuts {
        mode: Mode::Code,
        depth: 0,
        pos: 0,
        cut: 0,
    };
    loop {
        let filled = buf.len();
        buf.resize(filled + CHUNK, 0);
        let n = loop {
            match input.read(&mut buf[filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(StreamError::Read(e)),
            }
        };
        buf.truncate(filled + n);
        let end = n == 0;
        cuts.scan(&buf);
        let cut = if end { buf.len() } else { cuts.cut };
        if cut > 0 {
            let text = std::str::from_utf8(&buf[..cut]).map_err(|e| {
                let at = origin.offset + e.valid_up_to();
                Error::lexical("input is not valid UTF-8", Span::new(at, at + 1))
            })?;
            let mut reader = Reader::with_origin(text, origin)?;
            while let Some(arena) = reader.next_sexpr()? {
                commands.push(conv.command(&arena)?);
            }
            origin = origin.after(text);
            buf.drain(..cut);
            cuts.shift(cut);
        }
        if end {
            break;
        }
    }
    Ok(Script {
        cx: conv.cx,
        commands,
        logic: conv.logic,
    })
}
