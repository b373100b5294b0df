#!/usr/bin/env python3
"""Losses against the raw VC: files that z3 or cvc5 decide raw but not (or
much more slowly) after vcsimp, per solver, random seed and time limit.

For every file of the chosen sets (the VeriCUDA training set's ``raw/`` and
``raw-trig/`` VCs, ``corpus/why3-real`` and the generated corpus families):

1. ``vcsimp FILE`` with default flags (the output is cached by the input's and
   the binary's contents in ``bench/work/losses/``).
2. Per solver and seed (seed 0 = the solver's defaults; seed N adds z3's
   ``smt.random_seed=N sat.random_seed=N`` or cvc5's ``--seed=N
   --sat-random-seed=N``): the output at the short limit (``-T:1``,
   ``--tlimit=1000``). The raw file runs under the same seed only when the
   output is undecided or takes longer than ``--fast`` seconds: an output that
   decides faster than that cannot lose against the input.
3. At the long limit (5 s, seeds ``--long-seeds``), the same on the (file,
   solver) pairs whose output is undecided at the short limit.

Per run pair the verdict is ``lost`` (raw decided, output not), ``slow``
(both decided, the output more than ``--factor`` times slower and at least
``--margin`` seconds slower), ``disagree`` (both decided, different answers;
a soundness bug), or nothing. ``--recheck K`` reruns every pair with a verdict
K times, raw and output alternately, one solver run at a time, and keeps the
counts: a loss that does not repeat is noise of the shared machine.

Solver runs are cached in ``bench/work/losses/runs.jsonl`` by the file's
contents, solver, seed, limit and repetition, so a rerun after a change to
vcsimp only runs the outputs that changed. Rows go to
``bench/results/losses-TAG.tsv`` and the summary replaces the section
``TAG`` of ``bench/results/losses.md`` (the rest of that file, the causes and
fixes, is written by hand). Usage, from the repository root::

    python3 bench/losses.py --tag after [--sets vericuda-raw,vericuda-trig,why3-real,corpus]
        [--seeds 0,1,2] [--long-seeds 0] [--recheck 3] [--vcsimp target/release/vcsimp]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import shlex
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402

SOLVERS = ("z3", "cvc5")
DECIDED = ("sat", "unsat")
SHORT, LONG = 1, 5
WORK = ROOT / "bench" / "work" / "losses"
FIELDS = ["set", "file", "solver", "limit", "seed", "raw", "raw_s", "out", "out_s", "verdict",
          "recheck_raw", "recheck_out", "load"]


# --------------------------------------------------------------------------
# Sets of files


def discover(sets: list[str], shared: Path, corpus: Path) -> list[tuple[str, Path]]:
    """(set name, path) of every file of the named sets, sorted; a set whose
    directory is absent contributes nothing."""
    out = []
    for s in sets:
        if s == "vericuda-raw":
            files = sorted((shared / "vericuda-train" / "raw").glob("*.smt2"))
        elif s == "vericuda-trig":
            files = sorted((shared / "vericuda-train" / "raw-trig").glob("*.smt2"))
        elif s == "why3-real":
            files = sorted((corpus / "why3-real").rglob("*.smt2"))
        elif s == "corpus":
            files = sorted(p for p in corpus.rglob("*.smt2")
                           if len(p.relative_to(corpus).parts) == 3
                           and p.relative_to(corpus).parts[0] != "why3-real")
        else:
            raise SystemExit(f"unknown set {s}")
        out += [(s, f) for f in files]
    return out


# --------------------------------------------------------------------------
# Running


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:20]


def solver_cmd(solver: str, exe: str, path: Path, limit: int, seed: int) -> list[str]:
    if solver == "z3":
        cmd = [exe, f"-T:{limit}"]
        if seed:
            cmd += [f"smt.random_seed={seed}", f"sat.random_seed={seed}"]
    else:
        cmd = [exe, f"--tlimit={limit * 1000}", "--lang", "smt2"]
        if seed:
            cmd += [f"--seed={seed}", f"--sat-random-seed={seed}"]
    return cmd + [str(path)]


class Runner:
    def __init__(self, cache: Path):
        self.cache = cache
        self.runs: dict[str, dict] = {}
        if cache.exists():
            for line in cache.read_text().splitlines():
                r = json.loads(line)
                self.runs[r["key"]] = r
        self.exe = {s: harness.resolve_exe(s) for s in SOLVERS}
        self.fresh = 0

    def solve(self, solver: str, path: Path, limit: int, seed: int, rep: int = 0) -> dict:
        key = f"{digest(path)}:{solver}:{limit}:{seed}:{rep}"
        if key in self.runs:
            return self.runs[key]
        cmd = solver_cmd(solver, self.exe[solver], path, limit, seed)
        load = os.getloadavg()[0]
        r = harness.run_cmd(cmd, limit + 10)
        status, _ = harness.parse_answer(r.stdout, r.stderr, r.killed)
        row = {"key": key, "status": status, "wall": round(r.wall, 3), "load": round(load, 2)}
        self.runs[key] = row
        self.fresh += 1
        with open(self.cache, "a") as f:
            f.write(json.dumps(row) + "\n")
        return row


def simplify(vcsimp: Path, path: Path, bindigest: str, args: list[str]) -> Path | None:
    tail = hashlib.sha256(" ".join(args).encode()).hexdigest()[:8] if args else ""
    out = WORK / "out" / f"{digest(path)}-{bindigest}{tail}.smt2"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    r = harness.run_cmd([str(vcsimp), str(path), *args, "-o", str(out) + ".tmp"], 120)
    if r.returncode != 0:
        return None
    os.replace(str(out) + ".tmp", out)
    return out


# --------------------------------------------------------------------------
# Verdicts and aggregation (no solver needed)


def verdict(raw: str | None, raw_s: float | None, out: str, out_s: float,
            factor: float, margin: float) -> str:
    """lost / slow / disagree / '' for one (raw, output) pair of runs; raw None
    means the raw run was skipped (the output decided fast)."""
    if raw is None:
        return ""
    rd, od = raw in DECIDED, out in DECIDED
    if rd and od and raw != out:
        return "disagree"
    if rd and not od:
        return "lost"
    if rd and od and out_s > factor * raw_s and out_s - raw_s >= margin:
        return "slow"
    return ""


def summarize(rows: list[dict]) -> dict:
    """Per (set, solver): files, files lost / slow / disagreeing under some
    seed and limit, and those among them whose recheck repeats the verdict."""
    agg: dict[tuple[str, str], dict] = {}
    for r in rows:
        a = agg.setdefault((r["set"], r["solver"]), {"files": set(), "lost": set(), "slow": set(),
                                                     "disagree": set(), "lost_repeats": set(),
                                                     "slow_repeats": set()})
        a["files"].add(r["file"])
        v = r["verdict"]
        if v:
            a[v].add(r["file"])
            if v in ("lost", "slow") and repeats(r):
                a[f"{v}_repeats"].add(r["file"])
    return {k: {n: len(s) for n, s in v.items()} for k, v in agg.items()}


def repeats(row: dict) -> bool:
    """A verdict repeats when, in the reruns, the raw file decided more often
    than the output (lost) or the output was slower in the median (slow);
    True when there were no reruns."""
    rr, ro = row.get("recheck_raw", ""), row.get("recheck_out", "")
    if not rr or not ro:
        return True
    (rdec, rmed), (odec, omed) = parse_recheck(rr), parse_recheck(ro)
    if row["verdict"] == "lost":
        return rdec > odec
    return odec < rdec or omed > 2 * rmed


def parse_recheck(cell: str) -> tuple[int, float]:
    """'2/3 0.41' -> (2, 0.41): decided count and median wall seconds."""
    frac, med = cell.split()
    return int(frac.split("/")[0]), float(med)


def format_recheck(runs: list[dict]) -> str:
    dec = sum(r["status"] in DECIDED for r in runs)
    return f"{dec}/{len(runs)} {statistics.median(r['wall'] for r in runs):.2f}"


def report(rows: list[dict], tag: str, meta: dict) -> str:
    lines = [f"<!-- losses:{tag}:begin -->", f"### {tag}", "",
             f"`{meta['command']}`", "",
             f"vcsimp {meta['vcsimp']}; load average (1 min) {meta['load_min']:.1f} to "
             f"{meta['load_max']:.1f} (median {meta['load_med']:.1f}) over the solver runs; "
             f"{meta['runs']} solver runs, {meta['fresh']} of them new.", "",
             "| set | solver | files | lost | lost, repeats | slow | slow, repeats | disagree |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for (s, solver), a in sorted(summarize(rows).items()):
        lines.append(f"| {s} | {solver} | {a['files']} | {a['lost']} | {a['lost_repeats']} | "
                     f"{a['slow']} | {a['slow_repeats']} | {a['disagree']} |")
    flagged = [r for r in rows if r["verdict"]]
    lines += ["", f"{len(flagged)} flagged run pairs"
              + (" (raw and output: decided/reruns, median seconds):" if flagged else "."), ""]
    if flagged:
        lines += ["| set | file | solver | limit | seed | raw | output | verdict | rerun raw | rerun output |",
                  "|---|---|---|---:|---:|---|---|---|---|---|"]
        for r in flagged:
            lines.append(f"| {r['set']} | {r['file']} | {r['solver']} | {r['limit']} | {r['seed']} | "
                         f"{r['raw']} {r['raw_s']} | {r['out']} {r['out_s']} | {r['verdict']} | "
                         f"{r['recheck_raw']} | {r['recheck_out']} |")
    lines.append(f"<!-- losses:{tag}:end -->")
    return "\n".join(lines)


def splice(doc: str, tag: str, section: str) -> str:
    """Replace the section of `tag` in doc, or append it."""
    b, e = f"<!-- losses:{tag}:begin -->", f"<!-- losses:{tag}:end -->"
    if b in doc and e in doc:
        return doc[:doc.index(b)] + section + doc[doc.index(e) + len(e):]
    return doc.rstrip("\n") + "\n\n" + section + "\n"


# --------------------------------------------------------------------------


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tag", required=True)
    ap.add_argument("--vcsimp", default=str(ROOT / "target" / "release" / "vcsimp"))
    ap.add_argument("--sets", default="vericuda-raw,vericuda-trig,why3-real,corpus")
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--corpus", default=str(ROOT / "corpus"))
    ap.add_argument("--solvers", default="z3,cvc5")
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--long-seeds", default="0")
    ap.add_argument("--fast", type=float, default=0.2)
    ap.add_argument("--factor", type=float, default=3.0)
    ap.add_argument("--margin", type=float, default=0.3)
    ap.add_argument("--recheck", type=int, default=3)
    ap.add_argument("--match", default="", help="only files whose path contains this")
    ap.add_argument("--vcsimp-args", default="",
                    help="extra vcsimp flags, e.g. a --passes list without one pass")
    a = ap.parse_args(argv)
    WORK.mkdir(parents=True, exist_ok=True)
    vcsimp = Path(a.vcsimp).resolve()
    bind = digest(vcsimp)
    runner = Runner(WORK / "runs.jsonl")
    seeds = [int(x) for x in a.seeds.split(",")]
    long_seeds = [int(x) for x in a.long_seeds.split(",") if x != ""]
    files = [(s, f) for s, f in discover(a.sets.split(","), Path(a.shared), Path(a.corpus))
             if a.match in str(f)]
    rows, used = [], []
    for i, (s, f) in enumerate(files):
        out = simplify(vcsimp, f, bind, a.vcsimp_args.split())
        name = f.name if s.startswith("vericuda") else str(f.relative_to(Path(a.corpus)))
        if out is None:
            print(f"{name}: vcsimp failed", file=sys.stderr)
            continue
        for solver in a.solvers.split(","):
            pairs = []
            undecided = False
            for seed in seeds:
                o = runner.solve(solver, out, SHORT, seed)
                used.append(o)
                r = None
                if o["status"] not in DECIDED or o["wall"] > a.fast:
                    r = runner.solve(solver, f, SHORT, seed)
                    used.append(r)
                undecided |= o["status"] not in DECIDED
                pairs.append((SHORT, seed, r, o))
            if undecided:
                for seed in long_seeds:
                    o = runner.solve(solver, out, LONG, seed)
                    r = runner.solve(solver, f, LONG, seed) if o["status"] not in DECIDED else None
                    used += [x for x in (o, r) if x]
                    pairs.append((LONG, seed, r, o))
            for limit, seed, r, o in pairs:
                v = verdict(r and r["status"], r and r["wall"], o["status"], o["wall"],
                            a.factor, a.margin)
                row = {"set": s, "file": name, "solver": solver, "limit": limit, "seed": seed,
                       "raw": r["status"] if r else "", "raw_s": r["wall"] if r else "",
                       "out": o["status"], "out_s": o["wall"], "verdict": v,
                       "recheck_raw": "", "recheck_out": "", "load": o["load"]}
                if v and a.recheck:
                    rr, ro = [], []
                    for k in range(1, a.recheck + 1):
                        rr.append(runner.solve(solver, f, limit, seed, k))
                        ro.append(runner.solve(solver, out, limit, seed, k))
                    row["recheck_raw"], row["recheck_out"] = format_recheck(rr), format_recheck(ro)
                    used += rr + ro
                rows.append(row)
                if v:
                    print(f"{s} {name} {solver} T={limit} seed={seed}: {v} raw {row['raw']} "
                          f"{row['raw_s']} out {row['out']} {row['out_s']} "
                          f"rerun {row['recheck_raw']} / {row['recheck_out']}", flush=True)
        if i % 20 == 19:
            print(f"[{i + 1}/{len(files)}] {runner.fresh} new runs", file=sys.stderr, flush=True)
    res = ROOT / "bench" / "results"
    with open(res / f"losses-{a.tag}.tsv", "w", newline="") as fo:
        w = csv.DictWriter(fo, fieldnames=FIELDS, delimiter="\t")
        w.writeheader()
        w.writerows(rows)
    loads = [u["load"] for u in used] or [0.0]
    meta = {"command": "python3 bench/losses.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
            "vcsimp": bind, "load_min": min(loads), "load_max": max(loads),
            "load_med": statistics.median(loads), "runs": len(used), "fresh": runner.fresh}
    md = res / "losses.md"
    doc = md.read_text() if md.exists() else "# Losses against the raw VC\n"
    md.write_text(splice(doc, a.tag, report(rows, a.tag, meta)))
    return 3 if any(r["verdict"] == "disagree" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
