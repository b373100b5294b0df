//! The `vcsimp` command line: a thin shell around [`simplify`].
//!
//! `vcsimp solve …` is the solver wrapper ([`simplify::solve`]); anything
//! else is the simplifier itself ([`simplify::cli`]).

use simplify::cli::{parse_args, run};

fn main() {
    #[cfg(unix)]
    {
        let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
        if args.first().is_some_and(|a| a == "solve") {
            std::process::exit(simplify::solve::main(&args));
        }
    }
    let cli = parse_args();
    std::process::exit(run(&cli));
}
