//! The layers of the workspace's two main crates, read from their source
//! files.
//!
//! * In `simplify`, the e-graph (`src/egraph/`), the term utilities
//!   (`src/term/`), the comparisons and polynomials (`src/arith/`), the
//!   script scopes (`src/scope.rs`) and what passes share
//!   (`src/analysis/`) import no pass, not the registry and not the
//!   pipeline, so that a pass can use them all and they never depend on a
//!   pass.
//! * The files of `simplify/src` and of `smtlib-io/src` import each other
//!   without a cycle, so that each file can be read (and tested) knowing
//!   only the files it imports. A file imports another when it names a
//!   `crate::…` or `super::…` path that leads into it, directly, through a
//!   module imported under its own name (`use crate::term;` then
//!   `term::alpha::…`), or through a `use` that brings an item into a
//!   module (`crate::passes::GuardedEq` leads to `passes/guarded_eq/`).
//!   A path in a comment counts (a doc link is a reference a reader
//!   follows); the file's unit tests (`#[cfg(test)]`) do not. A module
//!   re-exporting its own children (`pub use child::Item;`) does not
//!   import them in this sense: it only names them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .expect("readable source folder")
            .map(|e| e.expect("folder entry").path())
            .collect();
        entries.sort();
        for e in entries {
            sources(&e, out);
        }
    } else if path.extension().is_some_and(|x| x == "rs") {
        out.push(path.to_path_buf());
    }
}

#[test]
fn lower_layers_import_no_pass() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    for layer in ["egraph", "term", "arith", "scope.rs", "analysis"] {
        sources(&src.join(layer), &mut files);
    }
    assert!(files.len() >= 10, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            for forbidden in [
                "crate::passes",
                "crate::pipeline",
                "crate::qe",
                "crate::registry",
            ] {
                assert!(
                    !line.contains(forbidden),
                    "{}:{}: a lower layer uses {forbidden}: {line}",
                    f.display(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn simplify_files_import_no_cycle() {
    let graph = FileGraph::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(graph.files.len() >= 60, "{:?}", graph.files.keys());
    assert_eq!(graph.cycles(), "");
}

#[test]
fn smtlib_io_files_import_no_cycle() {
    let graph = FileGraph::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../smtlib-io/src"));
    assert!(graph.files.len() >= 15, "{:?}", graph.files.keys());
    assert_eq!(graph.cycles(), "");
}

/// The checker must see the kinds of imports it claims to see.
#[test]
fn the_file_graph_sees_direct_aliased_and_re_exported_imports() {
    let dir = std::env::temp_dir().join(format!("vcsimp-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let write = |path: &str, text: &str| {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write(
        "lib.rs",
        "pub mod a;\npub mod b;\npub mod c;\npub use b::Bee;\n",
    );
    // a/mod.rs re-exports its child: no edge a/mod.rs -> a/inner.rs
    write(
        "a/mod.rs",
        "mod inner;\npub use inner::Inner;\nfn f() -> &'static str { \"crate::c::Sea\" }\n",
    );
    write("a/inner.rs", "use crate::Bee;\npub struct Inner;\n");
    write(
        "b.rs",
        "use crate::c;\n/// Not [`crate::a`].\npub struct Bee;\nfn g() { c::deep::h(); }\n#[cfg(test)]\nmod tests {\n    use crate::a::inner::Inner;\n}\n",
    );
    write("c/mod.rs", "pub mod deep;\npub struct Sea;\n");
    write("c/deep.rs", "pub fn h() { let _ = super::super::a::Inner; }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n");
    let graph = FileGraph::read(&dir);
    let edges: Vec<String> = graph
        .edges
        .iter()
        .map(|((from, to), _)| format!("{from} -> {to}"))
        .collect();
    assert_eq!(
        edges,
        [
            "a/inner.rs -> b.rs",
            "b.rs -> a/mod.rs",
            "b.rs -> c/deep.rs",
            "b.rs -> c/mod.rs",
            "c/deep.rs -> a/inner.rs",
        ]
    );
    let cycles = graph.cycles();
    assert!(
        cycles.starts_with("a/inner.rs, b.rs, c/deep.rs\n"),
        "{cycles}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The files of one crate's `src/` folder and which imports which.
struct FileGraph {
    root: PathBuf,
    /// Each file (relative to `root`) with its code, comments and string
    /// literals removed, as tokens.
    files: BTreeMap<String, Vec<Token>>,
    /// `(from, to)` with the first path (and its line) that makes the edge.
    edges: BTreeMap<(String, String), String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Punct(char),
    Line(usize),
}

/// The tokens of Rust source text, without comments and literals, with a
/// `Line` token at the start of every line.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = vec![Token::Line(1)];
    let mut line = 1;
    let mut i = 0;
    let newline = |out: &mut Vec<Token>, line: &mut usize| {
        *line += 1;
        out.push(Token::Line(*line));
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            newline(&mut out, &mut line);
            i += 1;
        } else if c == '/' && next == Some('/') {
            let start = i;
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            comment_paths(&chars[start..i], &mut out);
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            let start = i;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        comment_paths(&chars[start..i], &mut out);
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        newline(&mut out, &mut line);
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && {
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            chars.get(j) == Some(&'"')
        } {
            // raw string r#"..."#
            let mut hashes = 0;
            i += 1;
            while chars[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                if chars[i] == '\n' {
                    newline(&mut out, &mut line);
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    newline(&mut out, &mut line);
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // a char literal ('x', '\n', '\u{..}') or a lifetime ('a)
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    without_tests(out)
}

/// The `crate::…` and `super::…` paths a comment names (doc links such as
/// ``[`crate::cost::term_cost`]``), each followed by `;`.
fn comment_paths(text: &[char], out: &mut Vec<Token>) {
    let text: String = text.iter().collect();
    for head in ["crate::", "super::"] {
        for (at, _) in text.match_indices(head) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            for (k, seg) in path.trim_end_matches(':').split("::").enumerate() {
                if k > 0 {
                    out.push(Token::PathSep);
                }
                out.push(Token::Ident(seg.to_string()));
            }
            out.push(Token::Punct(';'));
        }
    }
}

/// `toks` without the items under `#[cfg(test)]`: a file's unit tests may
/// use what the file's own clients use (to parse an input, say).
fn without_tests(toks: Vec<Token>) -> Vec<Token> {
    let attr = [
        Token::Punct('#'),
        Token::Punct('['),
        Token::Ident("cfg".into()),
        Token::Punct('('),
        Token::Ident("test".into()),
        Token::Punct(')'),
        Token::Punct(']'),
    ];
    let mut out = vec![];
    let mut k = 0;
    while k < toks.len() {
        let code: Vec<&Token> = toks[k..]
            .iter()
            .filter(|t| !matches!(t, Token::Line(_)))
            .take(attr.len())
            .collect();
        if code.len() == attr.len() && code.iter().zip(&attr).all(|(a, b)| *a == b) {
            // skip to the end of the item: its `;` or its closing brace
            let mut depth = 0;
            while k < toks.len() {
                match &toks[k] {
                    Token::Line(_) => out.push(toks[k].clone()),
                    Token::Punct('{') => depth += 1,
                    Token::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Punct(';') if depth == 0 => break,
                    _ => {}
                }
                k += 1;
            }
        } else {
            out.push(toks[k].clone());
        }
        k += 1;
    }
    out
}

/// One `use` import: the name it brings into scope and the path it names.
struct Import {
    name: String,
    path: Vec<String>,
}

/// The imports of a use tree starting at `toks[*i]` (after `use`), with
/// `prefix` before it.
fn use_tree(toks: &[&Token], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Import>) {
    let mut path = prefix;
    loop {
        match toks.get(*i) {
            Some(Token::Ident(s)) => {
                path.push(s.clone());
                *i += 1;
            }
            Some(Token::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Token::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Token::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, path.clone(), out),
                    }
                }
            }
            Some(Token::Punct('*')) => {
                *i += 1;
                return;
            }
            _ => {
                // a path in code that goes on with generics or a call
                if let Some(name) = path.last().filter(|s| *s != "self") {
                    out.push(Import {
                        name: name.clone(),
                        path,
                    });
                }
                return;
            }
        }
        match toks.get(*i) {
            Some(Token::PathSep) => *i += 1,
            Some(Token::Ident(a)) if a == "as" => {
                if let Some(Token::Ident(name)) = toks.get(*i + 1) {
                    out.push(Import {
                        name: name.clone(),
                        path,
                    });
                }
                *i += 2;
                return;
            }
            _ => {
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                if let Some(name) = path.last() {
                    out.push(Import {
                        name: name.clone(),
                        path,
                    });
                }
                return;
            }
        }
    }
}

impl FileGraph {
    fn read(root: &Path) -> FileGraph {
        let mut paths = vec![];
        sources(root, &mut paths);
        let files = paths
            .iter()
            .map(|p| {
                let rel = p
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                (
                    rel,
                    tokens(&std::fs::read_to_string(p).expect("readable source")),
                )
            })
            .collect();
        let mut g = FileGraph {
            root: root.to_path_buf(),
            files,
            edges: BTreeMap::new(),
        };
        let names: Vec<String> = g.files.keys().cloned().collect();
        for f in names {
            g.read_edges(&f);
        }
        g
    }

    /// The module path of a file: `a/b.rs` and `a/b/mod.rs` are `[a, b]`.
    fn module_of(file: &str) -> Vec<String> {
        let mut segs: Vec<String> = file
            .trim_end_matches(".rs")
            .split('/')
            .map(String::from)
            .collect();
        if matches!(
            segs.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            segs.pop();
        }
        segs
    }

    /// The file that holds the module `segs` names, and the segments
    /// left (an item in that file and what follows it).
    fn file_of(&self, segs: &[String]) -> (String, Vec<String>) {
        let mut file = "lib.rs".to_string();
        let mut dir = String::new();
        for (k, s) in segs.iter().enumerate() {
            let flat = format!("{dir}{s}.rs");
            let nested = format!("{dir}{s}/mod.rs");
            if self.files.contains_key(&flat) {
                file = flat;
            } else if self.files.contains_key(&nested) {
                file = nested;
            } else {
                return (file, segs[k..].to_vec());
            }
            dir = format!("{dir}{s}/");
        }
        (file, vec![])
    }

    /// The module-level imports of `file`.
    fn imports(&self, file: &str) -> Vec<Import> {
        let toks: Vec<&Token> = self.files[file]
            .iter()
            .filter(|t| !matches!(t, Token::Line(_)))
            .collect();
        let mut out = vec![];
        let mut depth = 0;
        for k in 0..toks.len() {
            match toks[k] {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => depth -= 1,
                Token::Ident(u) if u == "use" && depth == 0 => {
                    let mut i = k + 1;
                    use_tree(&toks, &mut i, vec![], &mut out);
                }
                _ => {}
            }
        }
        out
    }

    /// Make `path`, seen in module `module`, absolute (from the crate
    /// root), or `None` for a path into another crate.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> = module.to_vec();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // a child module of `module`, or another crate
                let mut child = base.clone();
                child.push(first.to_string());
                if !self.file_of(&child).1.is_empty() {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file an absolute path leads to, following the `use`s of the
    /// modules it passes through.
    fn target(&self, path: &[String], hops: usize) -> String {
        let (file, rest) = self.file_of(path);
        if hops > 0 {
            if let Some(item) = rest.first() {
                let module = Self::module_of(&file);
                for imp in self.imports(&file) {
                    if &imp.name == item {
                        if let Some(mut abs) = self.absolute(&module, &imp.path) {
                            abs.extend(rest[1..].iter().cloned());
                            return self.target(&abs, hops - 1);
                        }
                    }
                }
            }
        }
        file
    }

    fn read_edges(&mut self, file: &str) {
        let module = Self::module_of(file);
        let toks = self.files[file].clone();
        // modules imported under their own name: `use crate::term;`
        let mut aliases = BTreeMap::new();
        for imp in self.imports(file) {
            if let Some(abs) = self.absolute(&module, &imp.path) {
                if self.file_of(&abs).1.is_empty() {
                    aliases.insert(imp.name, abs);
                }
            }
        }
        // inline modules (`mod tests { … }`): their names and brace depths
        let mut inline: Vec<(String, usize)> = vec![];
        let mut depth = 0;
        let mut line = 1;
        let mut k = 0;
        while k < toks.len() {
            match &toks[k] {
                Token::Line(n) => line = *n,
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    depth -= 1;
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                }
                Token::Ident(m) if m == "mod" => {
                    if let (Some(Token::Ident(name)), Some(Token::Punct('{'))) =
                        (toks.get(k + 1), toks.get(k + 2))
                    {
                        inline.push((name.clone(), depth));
                    }
                }
                Token::Ident(head) if k == 0 || toks[k - 1] != Token::PathSep => {
                    let starts = head == "crate" || head == "super" || aliases.contains_key(head);
                    if starts && toks.get(k + 1) == Some(&Token::PathSep) {
                        let mut here = module.clone();
                        here.extend(inline.iter().map(|(n, _)| n.clone()));
                        let code: Vec<&Token> = toks[k..]
                            .iter()
                            .filter(|t| !matches!(t, Token::Line(_)))
                            .collect();
                        let mut imports = vec![];
                        let mut i = 0;
                        use_tree(&code, &mut i, vec![], &mut imports);
                        for imp in imports {
                            let abs = if let Some(a) = aliases.get(head) {
                                let mut p = a.clone();
                                p.extend(imp.path[1..].iter().cloned());
                                Some(p)
                            } else {
                                self.absolute(&here, &imp.path)
                            };
                            let Some(abs) = abs else { continue };
                            let to = self.target(&abs, 8);
                            if to != file {
                                self.edges.entry((file.to_string(), to)).or_insert_with(|| {
                                    format!("{}:{line}: {}", file, imp.path.join("::"))
                                });
                            }
                        }
                    }
                }
                _ => {}
            }
            k += 1;
        }
    }

    /// The cycles: each strongly connected component of more than one
    /// file, one line of files and then the edges between them, or "".
    fn cycles(&self) -> String {
        let names: Vec<&String> = self.files.keys().collect();
        let index: BTreeMap<&String, usize> =
            names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let mut succ = vec![vec![]; names.len()];
        for (from, to) in self.edges.keys() {
            succ[index[from]].push(index[to]);
        }
        // Tarjan's algorithm
        struct State<'a> {
            succ: &'a [Vec<usize>],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            next: usize,
            components: Vec<Vec<usize>>,
        }
        fn visit(s: &mut State, v: usize) {
            s.index[v] = Some(s.next);
            s.low[v] = s.next;
            s.next += 1;
            s.stack.push(v);
            s.on_stack[v] = true;
            for &w in &s.succ[v].clone() {
                match s.index[w] {
                    None => {
                        visit(s, w);
                        s.low[v] = s.low[v].min(s.low[w]);
                    }
                    Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                    _ => {}
                }
            }
            if Some(s.low[v]) == s.index[v] {
                let mut comp = vec![];
                loop {
                    let w = s.stack.pop().unwrap();
                    s.on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                s.components.push(comp);
            }
        }
        let mut s = State {
            succ: &succ,
            index: vec![None; names.len()],
            low: vec![0; names.len()],
            on_stack: vec![false; names.len()],
            stack: vec![],
            next: 0,
            components: vec![],
        };
        for v in 0..names.len() {
            if s.index[v].is_none() {
                visit(&mut s, v);
            }
        }
        let mut report: BTreeSet<String> = BTreeSet::new();
        for comp in s.components.iter().filter(|c| c.len() > 1) {
            let members: BTreeSet<&String> = comp.iter().map(|&v| names[v]).collect();
            let mut text = members
                .iter()
                .map(|m| m.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            text.push('\n');
            for ((from, to), why) in &self.edges {
                if members.contains(from) && members.contains(to) {
                    text.push_str(&format!("  {from} -> {to} ({why})\n"));
                }
            }
            report.insert(text);
        }
        let _ = &self.root;
        report.into_iter().collect()
    }
}
