//! vcsimp: simplify SMT-LIB verification conditions so that SMT solvers
//! prove them.
//!
//! The library entry point is [`simplify_text`] (or [`simplify_script`] for a
//! script already parsed with [`smtlib_io`]):
//!
//! ```
//! use simplify::{simplify_text, Options};
//! let input = "(declare-const x Int)(assert (> x 0))(check-sat)";
//! let out = simplify_text(input, &Options::default()).unwrap();
//! assert!(out.output.contains("(check-sat)"));
//! println!("{} -> {} nodes", out.stats.input_nodes, out.stats.output_nodes);
//! ```
//!
//! Library code never prints; diagnostics come back in [`Outcome`].

pub mod analysis;
pub mod arith;
pub mod batch;
pub mod cli;
pub mod cost;
pub mod deadline;
pub mod egraph;
pub mod options;
pub mod pass;
pub mod passes;
pub mod pipeline;
pub mod process;
pub mod qe;
pub mod registry;
pub mod scope;
pub mod size;
#[cfg(unix)]
pub mod solve;
pub mod split_goal;
pub mod stats;
pub mod term;
pub mod validate;
pub mod variants;

pub use pipeline::{simplify_script, simplify_text, Limits, Options, Outcome, PassId};
pub use stats::{PassDetails, PassStats, Stats};
