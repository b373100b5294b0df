//! Errors with source spans, rendered as `path:line:col: error: message`.

use crate::span::{line_col, Span};
use std::fmt;

/// What went wrong while reading a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A byte sequence that is no SMT-LIB token.
    Lexical(String),
    /// Well-formed tokens in a shape that is no SMT-LIB command or term.
    Syntax(String),
    /// A symbol that no declaration, binder or theory defines.
    Unknown(String),
    /// A term whose arguments do not have the sorts its operator needs.
    Sort(String),
    /// A resource bound of the reader (input size).
    Limit(String),
}

/// An error at a place in the input. `Display` gives the message alone;
/// [`Error::render`] gives the `path:line:col: error: …` line users see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub span: Span,
}

impl Error {
    pub fn new(kind: ErrorKind, span: Span) -> Error {
        Error { kind, span }
    }

    pub fn lexical(msg: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Lexical(msg.into()), span)
    }

    pub fn syntax(msg: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Syntax(msg.into()), span)
    }

    pub fn unknown(msg: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Unknown(msg.into()), span)
    }

    pub fn sort(msg: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Sort(msg.into()), span)
    }

    pub fn message(&self) -> &str {
        match &self.kind {
            ErrorKind::Lexical(m)
            | ErrorKind::Syntax(m)
            | ErrorKind::Unknown(m)
            | ErrorKind::Sort(m)
            | ErrorKind::Limit(m) => m,
        }
    }

    /// `path:line:col: error: message`, with line and column computed from
    /// the source the span points into.
    pub fn render(&self, path: &str, source: &str) -> String {
        let (line, col) = line_col(source, self.span.start as usize);
        format!("{path}:{line}:{col}: error: {}", self.message())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
