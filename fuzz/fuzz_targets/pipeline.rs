//! Any bytes through the whole simplifier with small limits: output or an
//! error, never a panic (libFuzzer's `-timeout` catches hangs past the limit).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let options = simplify::Options {
        limits: simplify::Limits {
            timeout: Some(Duration::from_secs(1)),
            node_limit: 20_000,
            ..simplify::Limits::default()
        },
        ..simplify::Options::default()
    };
    if let Ok(outcome) = simplify::simplify_text(source, &options) {
        // The output is what users feed to a solver: it must read back.
        if let Err(e) = smtlib_io::parse_script(&outcome.output) {
            panic!(
                "output does not reparse: {}\n--- output ---\n{}",
                e.render("<output>", &outcome.output),
                outcome.output
            );
        }
    }
});
