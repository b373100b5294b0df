//! `pow` and `log2` for the `vcsimp` binary, so that it does not load
//! glibc's `libm.so.6`.
//!
//! These are the only two functions of libm the binary calls (`num-bigint`
//! to estimate the digits of a numeral, `indicatif` for its rates), yet
//! loading libm resolves its many CPU-specific variants at start-up,
//! which maps a good part of it into every run: on large VCs, a noticeable
//! share of the peak resident size of `--passes none`. Defined here, the linker resolves both in the binary
//! and leaves libm out (`--as-needed`). The pure-Rust `libm` crate (a port
//! of musl's) computes them; neither caller needs more than an estimate.

/// `pow(3)`.
#[no_mangle]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// `log2(3)`.
#[no_mangle]
pub extern "C" fn log2(x: f64) -> f64 {
    libm::log2(x)
}
