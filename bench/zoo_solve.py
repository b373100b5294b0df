#!/usr/bin/env python3
"""vcsimp solve against the solver alone on the zoo.

For every Nth file of the zoo (``../shared/zoo``, ``BASELINE.tsv`` sorted by
path; ``--every``, default 4), one after the other:

1. the solver alone: z3 ``-T:S`` (cvc5 ``--tlimit=S000`` plus the baseline's
   other cvc5 flags, e.g. ``--incremental``) on the file;
2. ``vcsimp solve --solver "<the same command line>"`` on the file (the
   solver raced on the input and on vcsimp's outputs, timed as a whole).

Both with a hard kill at 1.2·S + 1 s. Answers are compared check-sat by
check-sat as in ``zoo_diff.py``: **lost** = decided (sat/unsat) by the
solver alone and not through vcsimp solve, **gained** = the reverse,
**disagreements** = both decided and differ, or an answer through vcsimp
solve contradicts the expected status (exit code 3). Wall ratio: summed
``vcsimp solve`` seconds over summed solver-alone seconds on the files where
both decided every check-sat (median of the per-file ratios too).

Rows go to ``bench/results/zoo-solve.tsv``, the report to
``bench/results/zoo-solve.md``. Usage, from the repository root::

    python3 bench/zoo_solve.py [--every 4] [--seconds 5] [--solvers z3]
"""

from __future__ import annotations

import argparse
import csv
import datetime
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import zoo_diff  # noqa: E402

FIELDS = ["path", "expected", "solver", "alone", "solve", "alone_seconds", "solve_seconds"]


def solver_command(solver: str, exe: str, seconds: int, cvc5_flags: str) -> list[str]:
    """The solver's command line without the file."""
    if solver == "z3":
        return [exe, f"-T:{seconds}"]
    return [exe, f"--tlimit={seconds}000", *zoo_diff.cvc5_extra_flags(cvc5_flags)]


def run_pair(row: dict, solver: str, opts) -> dict:
    """One file: the solver alone, then through vcsimp solve."""
    src = str(opts.zoo / row["path_in_zoo"])
    cmd = solver_command(solver, opts.z3 if solver == "z3" else opts.cvc5, opts.seconds,
                         row.get("cvc5_flags", ""))
    limit = opts.seconds * 1.2 + 1
    alone = harness.run_cmd([*cmd, src], limit)
    solve = harness.run_cmd([opts.vcsimp, "solve", "--solver", " ".join(cmd), src], limit)
    return {"path": row["path_in_zoo"], "expected": row["expected_status"] or "unknown",
            "solver": solver,
            "alone": zoo_diff.encode(zoo_diff.answers(alone.stdout, alone.stderr, alone.killed)),
            "solve": zoo_diff.encode(zoo_diff.answers(solve.stdout, solve.stderr, solve.killed)),
            "alone_seconds": f"{alone.wall:.3f}", "solve_seconds": f"{solve.wall:.3f}"}


def all_decided(answers: list[str], expected: list[str]) -> bool:
    return bool(answers) and len(answers) >= len(expected) and all(
        a in zoo_diff.DECIDED for a in answers)


def make_report(rows: list[dict], meta: dict) -> tuple[str, int]:
    """The markdown report and the number of disagreements."""
    lines = ["# vcsimp solve against the solver alone on the zoo", "",
             f"Generated {meta['date']} by `{meta['command']}` (see its docstring).", "",
             f"- {meta['files']} zoo files (every {meta['every']}th of `BASELINE.tsv` sorted "
             f"by path), one run at a time, limit {meta['seconds']} s; {meta['env']}", ""]
    lines += ["| solver | files | check-sats decided alone | through vcsimp solve | lost | "
              "gained | disagreements | wall ratio (median) on files both decide |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    disagreements, details = 0, []
    for solver in sorted({r["solver"] for r in rows}):
        rs = [r for r in rows if r["solver"] == solver]
        tot = {"disagree": 0, "regress": 0, "gain": 0, "both": 0}
        alone_n = solve_n = 0
        pairs = []
        for r in rs:
            exp = zoo_diff.decode(r["expected"])
            a, b = zoo_diff.decode(r["alone"]), zoo_diff.decode(r["solve"])
            c = zoo_diff.compare(exp, a, b)
            for k in tot:
                tot[k] += c[k]
            alone_n += sum(x in zoo_diff.DECIDED for x in a)
            solve_n += sum(x in zoo_diff.DECIDED for x in b)
            if c["regress"] or c["disagree"]:
                details.append(f"- {solver} `{r['path']}`: alone `{r['alone']}` in "
                               f"{r['alone_seconds']} s, through vcsimp solve `{r['solve']}` in "
                               f"{r['solve_seconds']} s" + "".join(f"; {n}" for n in c["notes"]))
            if all_decided(a, exp) and all_decided(b, exp):
                pairs.append((float(r["alone_seconds"]), float(r["solve_seconds"])))
        disagreements += tot["disagree"]
        ratio = (f"{sum(p[1] for p in pairs) / sum(p[0] for p in pairs):.2f} "
                 f"({statistics.median(p[1] / max(p[0], 1e-3) for p in pairs):.2f})"
                 if pairs and sum(p[0] for p in pairs) > 0 else "–")
        lines.append(f"| {solver} | {len(rs)} | {alone_n} | {solve_n} | {tot['regress']} | "
                     f"{tot['gain']} | {tot['disagree']} | {ratio} |")
    lines += ["", "## Files with a check-sat lost or in disagreement", ""]
    lines += details or ["none"]
    return "\n".join(lines) + "\n", disagreements


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    zoo_diff.tool_args(ap)
    ap.add_argument("--solvers", default="z3")
    ap.add_argument("--seconds", type=int, default=5, help="solver limit (default 5, as zoo_diff)")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--out", type=Path, default=HERE / "results")
    opts = ap.parse_args(argv)
    if not (opts.zoo / "BASELINE.tsv").exists():
        print(f"{opts.zoo}: no zoo (BASELINE.tsv)", file=sys.stderr)
        return 2
    opts.vcsimp = str(Path(opts.vcsimp).resolve())
    opts.z3, opts.cvc5 = harness.resolve_exe(opts.z3), harness.resolve_exe(opts.cvc5)
    files = sorted(zoo_diff.read_baseline(opts.zoo), key=lambda r: r["path_in_zoo"])
    files = files[::opts.every]
    load = harness.LoadSampler()
    rows = []
    for i, row in enumerate(files):
        for solver in opts.solvers.split(","):
            rows.append(run_pair(row, solver, opts))
        if (i + 1) % 25 == 0:
            print(f"[zoo-solve] {i + 1}/{len(files)}", file=sys.stderr, flush=True)
    opts.out.mkdir(parents=True, exist_ok=True)
    with open(opts.out / "zoo-solve.tsv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, delimiter="\t")
        w.writeheader()
        w.writerows(rows)
    meta = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "command": "python3 bench/zoo_solve.py " + " ".join(argv or sys.argv[1:]),
            "files": len(files), "every": opts.every, "seconds": opts.seconds,
            "env": f"vcsimp sha256 {harness.file_digest(opts.vcsimp)}; {load.summary()}"}
    report, disagreements = make_report(rows, meta)
    (opts.out / "zoo-solve.md").write_text(report)
    print(report)
    return 3 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
