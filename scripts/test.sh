#!/usr/bin/env bash
# The whole test suite: formatting, lints, the Python tools' tests, and every
# Rust test (insta snapshots included, never auto-accepted; solver-backed and
# zoo tests included). Needs z3 and cvc5 on PATH
# (scripts/install-solvers.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export INSTA_UPDATE=no
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
# The corpus is generated: the committed files must match the generator.
python3 corpus/gen/generate.py --check
python3 corpus/gen/test_gen.py
python3 -m unittest discover -s bench -p 'test_*.py'
cargo test --workspace --release
