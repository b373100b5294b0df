//! One insta snapshot of vcsimp's output per corpus file (`corpus/**/*.smt2`),
//! stored under the top-level `snapshots/`. A rule or pass change shows up
//! as snapshot diffs; adding a corpus file adds a snapshot.
//!
//! Update after an intended change with
//! `INSTA_UPDATE=always cargo test -p simplify --test snapshots` and review
//! the diff; CI (`INSTA_UPDATE=no`) fails on any difference.

use simplify::{simplify_text, Options};

#[test]
fn corpus_outputs() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../../corpus", "**/*.smt2", |path| {
            let src = std::fs::read_to_string(path).unwrap();
            let out = simplify_text(&src, &Options::default())
                .unwrap_or_else(|e| panic!("{}", e.render(&path.display().to_string(), &src)));
            // The output reads back and prints the same (round trip).
            let again = simplify_text(
                &out.output,
                &Options {
                    passes: vec![],
                    ..Options::default()
                },
            )
            .unwrap();
            assert_eq!(again.output, out.output, "print/parse round trip");
            insta::assert_snapshot!(out.output);
        });
    });
}
