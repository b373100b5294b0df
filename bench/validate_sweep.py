"""`vcsimp --validate` over the real VC families: agree / partial / unknown / disagree, and why.

Families:
* `vericuda-real`: the raw VCs of a VeriCUDA training set (default
  `../shared/vericuda-train`, see `vericuda_real.py`); skipped when absent;
* `why3-real`: `corpus/why3-real/**/*.smt2`;
* `corpus`: every other `corpus/**/*.smt2`.

Every `--every`-th file of each family (in sorted order) is run with
`vcsimp --validate --validate-timeout T`, under a wall-clock limit per file.
The verdict and its detail come from the `vcsimp: validate:` line of
`--stats`. Writes `bench/results/validate.md` (per family: counts, the
reasons for anything but `agree`, the commit, the command, the load) and
`bench/results/validate.tsv` (one row per file).

    python3 bench/validate_sweep.py --every 4 --validate-timeout 1 --file-timeout 60
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vericuda_real  # noqa: E402

VERDICT = re.compile(r"^vcsimp: validate: (agree|partial|unknown|disagree) \((.*)\)\s*$", re.M)


def families(corpus: Path, vericuda: Path) -> dict[str, list[Path]]:
    """The files of each family, sorted; a family with no file is left out."""
    out: dict[str, list[Path]] = {}
    raw = [v.raw for v in vericuda_real.vcs(vericuda)]
    if raw:
        out["vericuda-real"] = sorted(raw)
    why3 = sorted((corpus / "why3-real").rglob("*.smt2"))
    if why3:
        out["why3-real"] = why3
    rest = sorted(p for p in corpus.rglob("*.smt2") if "why3-real" not in p.relative_to(corpus).parts)
    if rest:
        out["corpus"] = rest
    return out


def reason(verdict: str, detail: str) -> str:
    """A short cause for a verdict other than `agree`."""
    if verdict == "agree":
        return ""
    if "(error" in detail or "no query" in detail:
        return "error in the validation query"
    if "Skolem" in detail:
        return "existence of Skolem functions undecided"
    if "obligations proved one by one" in detail:
        return "some obligations undecided (solver timeout)" if "timeout" in detail else "some obligations undecided"
    if "solver timeout" in detail:
        return "solver timeout"
    if "solver answered unknown" in detail:
        return "solver answered unknown"
    if verdict == "disagree":
        return "counter-model" if "interpretation" in detail else detail
    return detail[:80]


def run_one(vcsimp: str, path: Path, vt: float, file_timeout: float) -> tuple[str, str]:
    """(verdict, detail) of `vcsimp --validate` on `path`."""
    cmd = [vcsimp, "--validate", "--validate-timeout", str(vt), "--stats", str(path), "-o", os.devnull]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=file_timeout)
    except subprocess.TimeoutExpired:
        return "unknown", f"sweep limit of {file_timeout:g} s per file reached"
    m = VERDICT.search(p.stderr)
    if m:
        return m.group(1), m.group(2)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["(no message)"])[-1]
        return "error", f"exit {p.returncode}: {last[:120]}"
    return "error", "no validate line in --stats"


def report(rows: list[tuple[str, str, str, str]], meta: dict[str, str]) -> str:
    """The markdown report over rows (family, file, verdict, detail)."""
    lines = ["# `vcsimp --validate` on the real families", ""]
    lines += [f"- commit: `{meta['commit']}`", f"- command: `{meta['command']}`",
              f"- per file: `vcsimp --validate --validate-timeout {meta['vt']} --stats FILE`, "
              f"at most {meta['file_timeout']} s wall",
              f"- load (uptime) before: {meta['load_before']}; after: {meta['load_after']}",
              f"- wall time of the sweep: {meta['wall']} s", ""]
    lines += ["| family | files | agree | partial | unknown | disagree | error | agree % |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    fams = list(dict.fromkeys(r[0] for r in rows))
    for fam in fams:
        c = Counter(r[2] for r in rows if r[0] == fam)
        n = sum(c.values())
        pct = 100.0 * c["agree"] / n if n else 0.0
        lines.append(f"| {fam} | {n} | {c['agree']} | {c['partial']} | {c['unknown']} | "
                     f"{c['disagree']} | {c['error']} | {pct:.1f} |")
    lines += ["", "## Reasons for verdicts other than agree", ""]
    for fam in fams:
        why = Counter((r[2], reason(r[2], r[3])) for r in rows if r[0] == fam and r[2] != "agree")
        if not why:
            lines.append(f"- {fam}: none")
            continue
        for (v, r), k in sorted(why.items()):
            lines.append(f"- {fam}: {v}, {r}: {k}")
    lines += ["", "## Files other than agree", ""]
    for fam, f, v, d in rows:
        if v != "agree":
            lines.append(f"- {fam} `{f}`: {v} ({d[:300]})")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--corpus", default="corpus", type=Path)
    ap.add_argument("--vericuda", default=vericuda_real.DEFAULT_DIR, type=Path)
    ap.add_argument("--every", type=int, default=4, help="run every Nth file of each family")
    ap.add_argument("--validate-timeout", type=float, default=1.0, dest="vt")
    ap.add_argument("--file-timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--files", nargs="*", type=Path, help="run these files only (family `files`)")
    ap.add_argument("--out", default="bench/results", type=Path)
    a = ap.parse_args(argv)
    if a.files:
        fams = {"files": sorted(a.files)}
    else:
        fams = {k: v[:: a.every] for k, v in families(a.corpus, a.vericuda).items()}
    jobs = [(fam, p) for fam, ps in fams.items() for p in ps]
    load_before = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = list(ex.map(lambda j: run_one(a.vcsimp, j[1], a.vt, a.file_timeout), jobs))
    wall = time.monotonic() - start
    rows = [(fam, str(p), v, d) for (fam, p), (v, d) in zip(jobs, results)]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    meta = {
        "commit": commit + (" (with uncommitted changes)" if dirty else ""),
        "command": "python3 bench/validate_sweep.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "vt": f"{a.vt:g}", "file_timeout": f"{a.file_timeout:g}",
        "load_before": load_before,
        "load_after": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(),
        "wall": f"{wall:.0f}",
    }
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "validate.md").write_text(report(rows, meta))
    with open(a.out / "validate.tsv", "w") as f:
        f.write("family\tfile\tverdict\tdetail\n")
        for r in rows:
            f.write("\t".join(x.replace("\t", " ").replace("\n", " ") for x in r) + "\n")
    print((a.out / "validate.md").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
