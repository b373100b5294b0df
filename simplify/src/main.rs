//! The `vcsimp` command line: a thin shell around [`simplify`].

use clap::Parser;
use simplify::cli::{run, Cli};

fn main() {
    let cli = Cli::parse();
    std::process::exit(run(&cli));
}
