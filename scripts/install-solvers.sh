#!/usr/bin/env bash
# Install the peer solvers the test suite runs: z3 >= 4.12 (PyPI wheel, which
# ships the z3 binary; Debian 12's z3 is 4.8), cvc5 and why3 (Debian packages).
# Idempotent: does nothing when suitable versions are already on PATH.
set -euo pipefail
need_z3=1
if command -v z3 >/dev/null 2>&1; then
  v=$(z3 --version | awk '{print $3}')
  major=${v%%.*}; rest=${v#*.}; minor=${rest%%.*}
  if [ "$major" -gt 4 ] || { [ "$major" -eq 4 ] && [ "$minor" -ge 12 ]; }; then need_z3=0; fi
fi
if [ "$need_z3" = 1 ]; then
  python3 -m pip install --quiet --disable-pip-version-check z3-solver
fi
if ! command -v cvc5 >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq cvc5 >/dev/null
fi
# Why3 (Debian 12: 1.5.1) for the shipped Why3 configuration's test, and to
# reprint corpus/why3-real from its WhyML models (corpus/gen/why3_real.py --check).
if ! command -v why3 >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq why3 >/dev/null
fi
# The plotting library the benchmark harness uses.
python3 -c 'import matplotlib' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check matplotlib
# BenchExec, for the tool-info modules in bench/benchexec and their tests, and
# pySMT, whose generic SMT-LIB solver drives vcsimp in bench/test_pysmt_client.py
# (pinned: the tests read BenchExec's test_tool_info output and pySMT's pipe
# protocol).
pip_pinned() {
  if [ "$(python3 -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null)" != "$2" ]; then
    python3 -m pip install --quiet --disable-pip-version-check "$1==$2"
  fi
}
pip_pinned BenchExec 3.35
pip_pinned PySMT 0.9.6
command -v pyenv >/dev/null 2>&1 && pyenv rehash || true
rustup component add rustfmt clippy >/dev/null 2>&1 || true
echo "solvers: $(z3 --version); $(cvc5 --version | head -n1); $(why3 --version); BenchExec $(python3 -c 'import benchexec; print(benchexec.__version__)'); pySMT $(python3 -c 'import pysmt; print(pysmt.__version__)')"
