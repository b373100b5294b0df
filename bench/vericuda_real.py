"""The `vericuda-real` family: VCs written by the real VeriCUDA, read in place.

A training set of VeriCUDA's output (by default `../shared/vericuda-train`)
holds, per VC, the raw VC (`raw/<kernel>_<function>_<NN>_raw.smt2`), VeriCUDA's
own simplified forms (`vericuda-output/..._s1_<j>_<k>.smt2` and `..._s2_<j>_<k>`),
`EXPECT.tsv` (the expected answer of every raw file: `unsat` or `unknown`)
and `manifest.tsv` (every file's common subtask `j`, plus rows without a file
for the S1/S2 branches that VeriCUDA's simplification discharged on its own).

Contract:
* `vcs(dir)` lists the raw VCs with their expected status and their S1/S2
  branches; it returns [] when the directory or its `EXPECT.tsv` is absent
  (the caller skips the family).
* `proved(branches, answers)` is VeriCUDA's proof rule: a VC is proved iff
  for every common subtask j, all files of its S1 branch or all files of its
  S2 branch are answered `unsat` (a discharged branch, with no file, counts as
  proved; a VC with no subtask at all was discharged entirely).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

FAMILY = "vericuda-real"
DEFAULT_DIR = "../shared/vericuda-train"


@dataclass
class VC:
    raw: Path  # absolute path of the raw VC
    kernel: str  # <kernel>_<function>
    expected: str  # unsat / unknown
    # common subtask j -> {"s1": [files], "s2": [files]}; a branch that
    # VeriCUDA's simplification discharged has an empty list.
    branches: dict[str, dict[str, list[Path]]] = field(default_factory=dict)


def files(branches: dict[str, dict[str, list[Path]]]) -> list[Path]:
    """Every S1/S2 file of a VC's branches, in a fixed order."""
    return [p for j in sorted(branches, key=int_or_zero)
            for b in ("s1", "s2") for p in branches[j][b]]


def int_or_zero(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return 0


def _tsv(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def vcs(root: Path) -> list[VC]:
    """The raw VCs of the training set at `root`, sorted by file name."""
    expect = root / "EXPECT.tsv"
    if not expect.is_file():
        return []
    out: dict[str, VC] = {}
    by_vc: dict[tuple[str, int], VC] = {}
    for r in _tsv(expect):
        v = VC((root / "raw" / r["file"]).resolve(), r["kernel"], r["expected"])
        out[r["file"]] = by_vc[(r["kernel"], int_or_zero(r["vc"]))] = v
    manifest = root / "manifest.tsv"
    if manifest.is_file():
        for r in _tsv(manifest):
            form = r["form"]
            branch = form.split("-")[0]
            if branch not in ("s1", "s2"):
                continue
            v = by_vc.get((r["kernel"], int_or_zero(r["vc"])))
            if v is None:
                continue
            j = v.branches.setdefault(r["common_subtask"], {"s1": [], "s2": []})
            if not form.endswith("-discharged") and r["file"]:
                j[branch].append((root / "vericuda-output" / r["file"]).resolve())
    return [out[f] for f in sorted(out)]


def proved(branches: dict[str, dict[str, list[Path]]], answers: dict[Path, str]) -> bool:
    """VeriCUDA's proof rule over the answers (`unsat` = proved) of the S1/S2 files."""
    return all(any(all(answers.get(p) == "unsat" for p in b[name]) for name in ("s1", "s2"))
               for b in branches.values())
