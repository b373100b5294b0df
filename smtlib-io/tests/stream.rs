//! Reading a script a piece at a time (`parse_script_from`) gives what
//! reading the whole text gives: the same commands (kinds, spans, texts,
//! the line and column in an opaque command's reason), the same terms and
//! print, and the same error at the same offset, however the stream
//! splits the text. Uses the corpus and every 10th file of
//! `../shared/zoo` when present, plus built-in cases.

use smtlib_io::{parse_script, parse_script_from, print_script, StreamError};
use std::io::Read;
use std::path::PathBuf;

/// A stream that hands out 1 to 7 bytes at a time (cycling), so that its
/// pieces end anywhere: inside tokens, strings, comments and characters.
struct Trickle<'a> {
    text: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.step = self.step % 7 + 1;
        let n = self.step.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// Compare both readings of `text`; `Ok` is whether it was read.
fn same(name: &str, text: &[u8]) -> bool {
    let trickled = parse_script_from(&mut Trickle { text, step: 0 });
    let chunked = parse_script_from(&mut &text[..]);
    let whole = std::str::from_utf8(text).map_err(|_| ()).map(parse_script);
    match (whole, trickled, chunked) {
        (Ok(Ok(w)), Ok(t), Ok(c)) => {
            let w_cmds = format!("{:?}", w.commands);
            assert_eq!(format!("{:?}", t.commands), w_cmds, "{name}: commands");
            assert_eq!(format!("{:?}", c.commands), w_cmds, "{name}: commands");
            let out = print_script(&w);
            assert_eq!(print_script(&t), out, "{name}: print");
            assert_eq!(print_script(&c), out, "{name}: print");
            true
        }
        (Ok(Err(w)), Err(StreamError::Parse(t)), Err(StreamError::Parse(c))) => {
            assert_eq!(t, w, "{name}: error");
            assert_eq!(c, w, "{name}: error");
            false
        }
        (Err(()), Err(StreamError::Parse(t)), Err(StreamError::Parse(c))) => {
            let at = std::str::from_utf8(text).unwrap_err().valid_up_to() as u32;
            assert_eq!(
                (t.span.start, c.span.start),
                (at, at),
                "{name}: UTF-8 error"
            );
            false
        }
        (w, t, c) => panic!(
            "{name}: whole {:?}, trickled {:?}, chunked {:?}",
            w.map(|r| r.map(|_| ())),
            t.map(|_| ()),
            c.map(|_| ())
        ),
    }
}

#[test]
fn pieces_read_as_the_whole_text() {
    let cases: &[&str] = &[
        "(declare-const x Int)(assert (> x 0))(check-sat)",
        "; a comment with ( and \" and |\n(declare-fun |f (g)| (Int) Int) ; tail )\n(assert (= (|f (g)| 1) 2))",
        "(set-info :source \"a \"\"quoted\"\" ) string\")(echo \"é)\")\n(check-sat)",
        "(declare-const é Int)\n  (assert (> é 0)) (assert (bvadd x))\n(assert (foo 1))",
        "(declare-const x Int)\n(assert (> x 0))\n(assert (< x))",
        // opaque commands (ill-sorted) whose reason gives a line and column
        // in the middle of a line, after a piece ended
        "(declare-const x Int) (assert (> x 0)) (assert (bvadd x x))\n (check-sat) (assert (+ 1 true))",
        "(declare-const é Int)\n(assert (> é 0)) (assert (and é))",
        "(assert (> 1 0)))\n(check-sat)",
        "(assert (> 1 0)\n(check-sat)",
        "(echo \"unterminated",
        "(assert |open",
        "(check-sat) x (check-sat)",
        "(declare-const x Int)\n(assert (> x #))",
        "",
        "   ; only a comment",
    ];
    for (i, c) in cases.iter().enumerate() {
        same(&format!("case {i}"), c.as_bytes());
    }
    same("not UTF-8", b"(declare-const x Int)\n(assert (> x \xff))");
}

#[test]
fn corpus_and_zoo_files_read_as_the_whole_text() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![];
    let mut dirs = vec![root.join("corpus")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("corpus is listed").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "smt2") {
                files.push(p);
            }
        }
    }
    let zoo = root.join("../shared/zoo");
    match std::fs::read_to_string(zoo.join("MANIFEST.tsv")) {
        Ok(manifest) => files.extend(
            manifest
                .lines()
                .skip(1)
                .step_by(10)
                .filter_map(|l| l.split('\t').next())
                .map(|p| zoo.join(p)),
        ),
        Err(_) => eprintln!("zoo skipped: ../shared/zoo not present"),
    }
    files.sort();
    let mut read = 0;
    for f in &files {
        let text = std::fs::read(f).expect("listed file reads");
        read += usize::from(same(&f.display().to_string(), &text));
    }
    assert!(read > 0, "no file was read");
}
