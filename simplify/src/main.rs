//! The `vcsimp` command line: a thin shell around [`simplify`].
//!
//! `vcsimp solve …` is the solver wrapper ([`simplify::solve`]), `vcsimp
//! batch …` simplifies many files ([`simplify::batch`]); anything else is
//! the simplifier itself ([`simplify::cli`]).

use simplify::cli::{parse_args, run};

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod libm_shim;

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    match args.first().and_then(|a| a.to_str()) {
        #[cfg(unix)]
        Some("solve") => std::process::exit(simplify::solve::main(&args)),
        Some("batch") => std::process::exit(simplify::batch::main(&args)),
        _ => {}
    }
    let cli = parse_args();
    std::process::exit(run(&cli));
}
