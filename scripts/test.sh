#!/usr/bin/env bash
# The whole test suite: formatting, lints, the Python tools' tests, and every
# Rust test (insta snapshots included, never auto-accepted; solver-backed and
# zoo tests included). Needs z3, cvc5 and why3 on PATH
# (scripts/install-solvers.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export INSTA_UPDATE=no
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
# The corpus is generated: the committed files must match the generator.
python3 corpus/gen/generate.py --check
# corpus/why3-real holds goals printed by Why3: it must reprint them identically.
python3 corpus/gen/why3_real.py --check
python3 corpus/gen/test_gen.py
cargo test --workspace --release
# After the Rust tests: some bench tests run the vcsimp binary they built
# (target/release/vcsimp).
python3 -m unittest discover -s bench -p 'test_*.py'
# Optional libFuzzer smoke pass (30 s per target). Opt-in with
# VCSIMP_CI_FUZZ=1, and only where nightly cargo-fuzz works: its first,
# sanitizer-instrumented build takes many minutes. The stable smoke pass
# (simplify/tests/fuzz_smoke.rs) always runs above.
if [ "${VCSIMP_CI_FUZZ:-0}" = 1 ] && cargo +nightly fuzz --help >/dev/null 2>&1; then
    for t in parse pipeline; do
        mkdir -p "fuzz/corpus/$t"
        cargo +nightly fuzz run "$t" "fuzz/corpus/$t" corpus simplify/tests/no_panic -- \
            -dict=fuzz/smtlib.dict -max_total_time=30 -timeout=10 \
            -rss_limit_mb=2048 -max_len=16384
    done
fi
