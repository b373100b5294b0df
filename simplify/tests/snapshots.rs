//! One insta snapshot of vcsimp's output per corpus file (`corpus/**/*.smt2`),
//! stored under the top-level `snapshots/`. A rule or pass change shows up
//! as snapshot diffs; adding a corpus file adds a snapshot.
//!
//! Update after an intended change with
//! `INSTA_UPDATE=always cargo test -p simplify --test snapshots` and review
//! the diff; CI (`INSTA_UPDATE=no`) fails on any difference.

use simplify::{simplify_text, Limits, Options};
use std::time::Duration;

#[test]
fn corpus_outputs() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../../corpus", "**/*.smt2", |path| {
            insta::assert_snapshot!(simplified(path));
        });
    });
}

/// vcsimp's output on the file at `path` with the default passes, after
/// checking that it reads back and prints the same (round trip). The run
/// gets a wall-clock limit far beyond what any corpus file needs instead
/// of the default CPU budget, so that no machine is slow enough to cut it
/// short (a cut run's output would depend on the machine's speed); a run
/// that reaches it anyway is a hang, and fails.
fn simplified(path: &std::path::Path) -> String {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let options = Options {
        limits: Limits {
            timeout: Some(Duration::from_secs(600)),
            ..Limits::default()
        },
        ..Options::default()
    };
    let out = simplify_text(&src, &options)
        .unwrap_or_else(|e| panic!("{}", e.render(&path.display().to_string(), &src)));
    assert!(
        !out.stats.time_limited(),
        "{}: the run did not end within 600 s ({})",
        path.display(),
        out.stats.stop_reason
    );
    let again = simplify_text(
        &out.output,
        &Options {
            passes: vec![],
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(again.output, out.output, "print/parse round trip");
    out.output
}

/// Raw VCs written by the real VeriCUDA, read in place from the training set
/// `../shared/vericuda-train/raw`: every kernel function's first VC (its
/// postcondition) plus a loop-preservation VC and a barrier VC. Snapshotted
/// as `vericuda_real@<file>.snap` beside the corpus snapshots, so that a rule
/// or pass change shows on real tool output too. Skips (passing) when the set
/// is absent.
const VERICUDA_REAL: &[&str] = &[
    "blockedCopy2D_copyTiles2D_01_raw.smt2",
    "blockedCopy2D_copyTilesShared_01_raw.smt2",
    "blockedCopy2D_copyTilesShared_06_raw.smt2",
    "condWrite_markAbove_01_raw.smt2",
    "condWrite_relu_01_raw.smt2",
    "gridStride_scaleGridStride_01_raw.smt2",
    "gridStride_scaleGridStride_02_raw.smt2",
    "matAdd2D_matAdd2D_01_raw.smt2",
    "multiCopy_copyChunk_01_raw.smt2",
    "multiCopy_copyStrided_01_raw.smt2",
    "partialDot_partialDot_01_raw.smt2",
    "reverse_reverseBlock_01_raw.smt2",
    "reverse_reverseInPlace_01_raw.smt2",
    "rowSum_colSum_01_raw.smt2",
    "rowSum_matVec_01_raw.smt2",
    "rowSum_rowSum_01_raw.smt2",
    "saxpy_saxpy_01_raw.smt2",
    "saxpy_saxpyInPlace_01_raw.smt2",
    "stencil3_stencil3_01_raw.smt2",
    "transpose_transposeNaive_01_raw.smt2",
    "transpose_transposeTiled_01_raw.smt2",
    "wrong-gridStride_scaleGridStrideBadInv_01_raw.smt2",
    "wrong-reverse_reverseBlockBadPost_01_raw.smt2",
    "wrong-rowSum_rowSumBadInv_01_raw.smt2",
    "wrong-stencil3_stencil3BadPost_01_raw.smt2",
];

#[test]
fn vericuda_real_outputs() {
    snapshot_in_place("vericuda-train/raw", "vericuda_real", VERICUDA_REAL);
}

/// Snapshot `names`, read in place from `../shared/<set>`, as
/// `<prefix>@<name>.snap`; skips (passing) when the set is absent.
fn snapshot_in_place(set: &str, prefix: &str, names: &[&str]) {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(set);
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for name in names {
            insta::assert_snapshot!(format!("{prefix}@{name}"), simplified(&dir.join(name)));
        }
    });
}

/// Queries that GPUVerify's Boogie sent z3, read in place from the training
/// set `../shared/gpuverify-train/queries`: small ones of a Houdini round
/// and a final check, one with bit-vector-typed arrays and one with `mod`
/// and `div` on thread ids. Snapshotted as `gpuverify_real@<file>.snap`, so
/// that a rule or pass change shows on Boogie's own VCs too. Skips (passing)
/// when the set is absent.
const GPUVERIFY_REAL: &[&str] = &[
    "AMD_SDK__BoxFilter__kernel6__kernel__cruncher__q001.smt2",
    "rodinia_2.4__kmeans__kmeans_swap__kernel__cruncher__q001.smt2",
    "rodinia_2.4__srad__compress__kernel__cruncher__q001.smt2",
    "rodinia_2.4__srad__compress__kernel__driver__q001.smt2",
    "shoc__devicememory__readGlobalMemoryCoalesced__kernel__cruncher__q001.smt2",
];

#[test]
fn gpuverify_real_outputs() {
    snapshot_in_place("gpuverify-train/queries", "gpuverify_real", GPUVERIFY_REAL);
}
