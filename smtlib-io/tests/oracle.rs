//! Differential test against `smt2parser`, the reference reader we do not
//! use in production (see the README's design decisions).
//!
//! For every command that smt2parser reads, our reading of its *printed*
//! form must print exactly as our reading of the original does. Commands
//! with decimals are skipped: smt2parser's printer corrupts them (`1.05`
//! becomes `1.5`). Uses `../shared/zoo` when present, plus built-in cases.

use smtlib_io::{parse_script, print_script};
use std::path::PathBuf;

const BUILTIN: &str = r#"
(set-logic ALL)
(declare-sort U 0)
(declare-fun f (Int U) Int)
(declare-const a (Array Int Int))
(declare-datatypes ((L 1)) ((par (T) ((nil) (cons (hd T) (tl (L T)))))))
(define-fun g ((x Int)) Int (+ x 1))
(assert (forall ((x Int) (u U)) (! (=> (<= 0 x) (> (f x u) (g x))) :pattern ((f x u)) :qid q1)))
(assert (let ((y (select a 3)) (z (store a 1 2))) (= y (select z 1))))
(assert (exists ((b (_ BitVec 8))) (= (bvadd b #x01) ((_ extract 7 0) #xFF))))
(assert ((_ divisible 3) (f 3 (as nil U))))
(check-sat)
"#;

/// Our printing of each command that smt2parser reads, both directly and
/// through smt2parser's printer. Returns (compared, disagreements).
fn compare(text: &str) -> (usize, Vec<String>) {
    let Ok(ours) = parse_script(text) else {
        return (0, vec![]);
    };
    let mut compared = 0;
    let mut bad = Vec::new();
    // Declarations must be visible when re-reading a later command alone,
    // so re-read each printed command after the original prefix.
    let mut prefix = String::new();
    for c in &ours.commands {
        let src = &text[c.span.range()];
        let stream = smt2parser::CommandStream::new(
            src.as_bytes(),
            smt2parser::concrete::SyntaxBuilder,
            None,
        );
        let parsed: Vec<_> = stream.collect();
        let cmd_text = match parsed.as_slice() {
            [Ok(cmd)] if !src.contains('.') || !src.bytes().any(|b| b.is_ascii_digit()) => {
                Some(cmd.to_string())
            }
            _ => None,
        };
        if let (Some(theirs), smtlib_io::CommandKind::Assert(_)) = (cmd_text, &c.kind) {
            let direct = parse_script(&format!("{prefix}{src}")).map(last_term);
            let via = parse_script(&format!("{prefix}{theirs}")).map(last_term);
            compared += 1;
            if direct != via {
                bad.push(format!(
                    "{}\n  ours:       {:?}\n  smt2parser: {:?}",
                    src, direct, via
                ));
            }
        }
        prefix.push_str(src);
        prefix.push('\n');
    }
    (compared, bad)
}

/// The last command printed from its terms (an assertion read through z3's
/// dialect would print verbatim), normalised by [`last_line`].
fn last_term(mut s: smtlib_io::Script) -> String {
    for c in &mut s.commands {
        c.verbatim_term = None;
    }
    last_line(&print_script(&s))
}

/// The last printed command, with two presentation details that
/// smt2parser's printer changes normalised away: the case of `#x` digits,
/// and bars around symbols (it drops them in attribute values).
fn last_line(s: &str) -> String {
    let line = s.lines().last().unwrap_or("");
    let mut out = String::new();
    let mut hex = false;
    let mut prev = ' ';
    for c in line.chars() {
        if prev == '#' && c == 'x' {
            hex = true;
        } else if !c.is_ascii_hexdigit() {
            hex = false;
        }
        if c != '|' {
            out.push(if hex { c.to_ascii_lowercase() } else { c });
        }
        prev = c;
    }
    out
}

#[test]
fn agrees_with_smt2parser_on_builtin_cases() {
    let (n, bad) = compare(BUILTIN);
    assert!(n >= 4, "compared only {n}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn agrees_with_smt2parser_on_the_zoo() {
    let zoo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/zoo");
    let Ok(manifest) = std::fs::read_to_string(zoo.join("MANIFEST.tsv")) else {
        eprintln!("skipped: ../shared/zoo not present");
        return;
    };
    // smt2parser's AST drops recursively: run with a large stack, and only
    // on small files (the prefix re-reading is quadratic).
    let handle = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let (mut files, mut compared, mut bad) = (0, 0, Vec::new());
            for line in manifest.lines().skip(1) {
                let path = zoo.join(line.split('\t').next().unwrap());
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                if text.len() > 20_000 {
                    continue;
                }
                files += 1;
                let (n, b) = compare(&text);
                compared += n;
                bad.extend(b.into_iter().map(|m| format!("{}: {m}", path.display())));
            }
            (files, compared, bad)
        })
        .unwrap();
    let (files, compared, bad) = handle.join().unwrap();
    eprintln!(
        "oracle: {files} zoo files, {compared} assertions compared, {} disagreements",
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{}",
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
