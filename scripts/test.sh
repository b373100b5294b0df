#!/usr/bin/env bash
# The whole test suite: formatting, lints, and every test (insta snapshots
# included, never auto-accepted). Needs z3 and cvc5 on PATH
# (scripts/install-solvers.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export INSTA_UPDATE=no
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace --release
