#!/usr/bin/env python3
"""Write BenchExec task-definition files for vcsimp's VC families.

BenchExec takes expected verdicts from task-definition files (YAML), one per
input file. This script writes one for every VC of each family below, to
`bench/benchexec/tasks/FAMILY/KERNEL.NAME.yml` (the benchmark definitions
beside this script include them), with the input file as a path relative to the
YAML file and the property `sat.prp`: expected verdict `true` for `sat`,
`false` for `unsat`, none when the answer is not known. It replaces what an
earlier run wrote there.

* corpus-vericuda, corpus-race, corpus-divergence, corpus-pug,
  corpus-why3-style, corpus-boogie-style: `corpus/FAMILY/*/*.smt2`, with the
  file's own `(set-info :status …)`;
* why3-real: `corpus/why3-real/*/*.smt2`, with its `EXPECT.tsv`
  (`expected`);
* vericuda-real: `SHARED/vericuda-train/raw/*.smt2` (VCs written by
  VeriCUDA), with its `EXPECT.tsv` (`expected`: `unsat` when some form of
  the VC was proved, else unknown);
* gpuverify-queries: `SHARED/gpuverify-train/queries/*.smt2` (Boogie's
  queries to z3), with its `EXPECT.tsv` (`z3_4.8.12_10s`: z3 4.8.12's
  answer at 10 s).

SHARED is `--shared` (default `../shared` beside the repository); a family
whose files are absent is left out with a note on stderr.

Usage: python3 bench/benchexec/tasks.py [--shared DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PROPERTY = HERE / "sat.prp"
VERDICT = {"sat": "true", "unsat": "false"}
STATUS = re.compile(r"\(set-info\s+:status\s+(sat|unsat|unknown)\s*\)")


@dataclass(frozen=True)
class Family:
    name: str
    root: Path  # the directory of the family's files
    pattern: str  # glob of its files below root
    # the table of expected answers and its column; None: the file's own
    # (set-info :status …)
    table: Path | None = None
    column: str = ""


def families(shared: Path) -> list[Family]:
    generated = ["vericuda", "race", "divergence", "pug", "why3-style", "boogie-style"]
    why3 = REPO / "corpus/why3-real"
    vericuda = shared / "vericuda-train"
    gpuverify = shared / "gpuverify-train"
    return [Family(f"corpus-{f}", REPO / "corpus" / f, "*/*.smt2") for f in generated] + [
        Family("why3-real", why3, "*/*.smt2", why3 / "EXPECT.tsv", "expected"),
        Family("vericuda-real", vericuda / "raw", "*.smt2", vericuda / "EXPECT.tsv", "expected"),
        Family(
            "gpuverify-queries",
            gpuverify / "queries",
            "*.smt2",
            gpuverify / "EXPECT.tsv",
            "z3_4.8.12_10s",
        ),
    ]


def status_in(text: str) -> str | None:
    """The `(set-info :status …)` of an SMT-LIB script, if any."""
    m = STATUS.search(text)
    return m.group(1) if m else None


def expected(family: Family) -> dict[str, str | None]:
    """The expected answer (`sat`, `unsat`, or None) of every file of
    `family`, by its path relative to the family's root."""
    files = sorted(p.relative_to(family.root).as_posix() for p in family.root.glob(family.pattern))
    if family.table is None:
        return {f: status_in((family.root / f).read_text(errors="replace")) for f in files}
    by_name: dict[str, str] = {}
    with open(family.table, newline="") as t:
        for row in csv.DictReader(t, delimiter="\t"):
            by_name[row["file"]] = row[family.column]
    answers = {}
    for f in files:
        # A table names a file by its path below the root or by its name.
        a = by_name.get(f, by_name.get(Path(f).name))
        answers[f] = a if a in VERDICT else None
    return answers


def task_name(rel: str) -> str:
    """The task file's name for the input `rel` (a path below the family's
    root): its directories joined to its name with dots, since BenchExec
    names a run's log after the task file's name alone."""
    return str(Path(rel).with_suffix(".yml")).replace("/", ".")


def task_yaml(input_file: Path, yml: Path, answer: str | None) -> str:
    """The task-definition file `yml` for `input_file` with `answer`."""

    def path(p: Path) -> str:
        # relative to the task file, as a JSON string (which YAML reads)
        return json.dumps(os.path.relpath(p, yml.parent))

    lines = [
        "format_version: '2.0'",
        f"input_files: {path(input_file)}",
        "properties:",
        f"  - property_file: {path(PROPERTY)}",
    ]
    if answer is not None:
        lines.append(f"    expected_verdict: {VERDICT[answer]}")
    return "\n".join(lines) + "\n"


def write(family: Family, out: Path) -> tuple[int, int]:
    """Write the task files of `family` below `out/NAME`; returns (files,
    files with an expected verdict)."""
    target = out / family.name
    if target.exists():
        shutil.rmtree(target)
    answers = expected(family)
    for f, answer in answers.items():
        yml = target / task_name(f)
        yml.parent.mkdir(parents=True, exist_ok=True)
        yml.write_text(task_yaml(family.root / f, yml, answer))
    return len(answers), sum(a is not None for a in answers.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--out", type=Path, default=HERE / "tasks")
    args = ap.parse_args(argv)
    for family in families(Path(os.path.abspath(args.shared))):
        present = family.root.is_dir() and (family.table is None or family.table.is_file())
        if not present:
            print(f"{family.name}: {family.root} absent, left out", file=sys.stderr)
            continue
        n, known = write(family, args.out)
        print(f"{family.name}: {n} tasks, {known} with an expected verdict", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
