"""The `gpuverify-real` family: the queries that Boogie, run by GPUVerify,
sent z3, read in place.

A GPUVerify training set (by default `../shared/gpuverify-train`) holds one
standalone query per check-sat of a Boogie session
(`queries/<kernel>__<stage>__qNNN.smt2`, stage `cruncher` for Houdini's
rounds or `driver` for the final check) and `EXPECT.tsv`, one row per query
with its kernel, stage and the answers of the z3 that the set was made with
at 1 s and 10 s.

Contract:
* `queries(dir)` lists the queries, sorted by file name, each with its
  session (`<kernel>__<stage>`) and expected status: the reference z3's
  answer at its longest limit when that is `sat` or `unsat`, else
  `unknown` (any definite answer then counts, and none is an alarm). It
  returns [] when the directory or its `EXPECT.tsv` is absent (the caller
  skips the family).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

FAMILY = "gpuverify-real"
DEFAULT_DIR = "../shared/gpuverify-train"


@dataclass
class Query:
    path: Path  # absolute
    session: str  # <kernel>__<stage>
    expected: str  # sat / unsat / unknown


def _limit(column: str) -> float:
    """The limit in seconds of an answer column such as `z3_4.8.12_10s`
    (0 for a column that names none)."""
    m = re.search(r"_(\d+(?:\.\d+)?)s$", column)
    return float(m.group(1)) if m else 0.0


def queries(root: Path) -> list[Query]:
    expect = root / "EXPECT.tsv"
    if not expect.is_file():
        return []
    with open(expect, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if not rows:
        return []
    answers = sorted((c for c in rows[0] if _limit(c) > 0), key=_limit)
    out = []
    for r in rows:
        p = root / "queries" / r["file"]
        if not p.is_file():
            continue
        last = r[answers[-1]] if answers else ""
        out.append(Query(p.resolve(), f"{r['kernel']}__{r['stage']}",
                         last if last in ("sat", "unsat") else "unknown"))
    return sorted(out, key=lambda q: q.path.name)
