//! The layers of the `simplify` crate: the e-graph (`src/egraph/`), the
//! term utilities (`src/term/`), the comparisons (`src/arith/`) and the
//! script scopes (`src/scope.rs`) import no pass and not the pipeline, so
//! that a pass can use them all and they never depend on a pass.

use std::path::Path;

fn sources(path: &Path, out: &mut Vec<std::path::PathBuf>) {
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
    for layer in ["egraph", "term", "arith", "scope.rs"] {
        sources(&src.join(layer), &mut files);
    }
    assert!(files.len() >= 10, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            for forbidden in ["crate::passes", "crate::pipeline", "crate::qe"] {
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
