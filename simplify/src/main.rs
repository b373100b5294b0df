//! The `vcsimp` command line: a thin shell around [`simplify`].

use simplify::cli::{parse_args, run};

fn main() {
    let cli = parse_args();
    std::process::exit(run(&cli));
}
