#!/usr/bin/env python3
"""Zoo differential run: does vcsimp keep every answer?

For every file of the zoo (``../shared/zoo``, listed in ``BASELINE.tsv``):

1. ``vcsimp FILE -o OUT`` under ``/usr/bin/time -f "%e %M"`` (wall seconds
   and peak RSS), with vcsimp's default budget as a user gets it, or with
   ``--timeout T`` when ``--vcsimp-timeout T`` is given; exit 1 is a rejection (its first stderr line
   is the reason), any other failure is a crash.
2. z3 (``-T:S``) and cvc5 (``--tlimit=S000`` plus the baseline's other
   cvc5 flags, e.g. ``--incremental``) on the input and on the output, with
   ``S = --solver-seconds`` (default 10).

Per solver and per check-sat, the answers are compared:

* **disagreement**: the input and the output both decided (sat/unsat) and
  differ, or the output's answer contradicts the expected status. Any is a
  bug; the run exits with code 3.
* **regression**: the input decided, the output did not (solving power lost);
  **gain**: the reverse.
* **new error**: the solver reports an ``(error`` on the output and not on
  the input (it rejects something vcsimp printed).

Answers after a solver ``(error ...)`` line are unreliable (the failing
command, maybe an assert, was skipped) and are not compared.

Results go to ``bench/work/zoo/results.tsv`` as they come (a rerun skips
files already there, so an interrupted run resumes) and the report to
``bench/results/zoo.md`` (with a copy of the TSV next to it). Files run in a hashed order, so a partial run is a
spread-out sample. Usage, from the repository root::

    nice -n 10 python3 bench/zoo_diff.py [--zoo ../shared/zoo] [--jobs 2] [--vcsimp-timeout T]
    python3 bench/zoo_diff.py --report-only   # rewrite zoo.md from the TSV
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import shutil
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import zoo_verbatim  # noqa: E402

SOLVERS = ("z3", "cvc5")
DECIDED = ("sat", "unsat")
# A vcsimp run longer than this is reported: its budget (default, or
# --timeout up to 5 s) plus parsing and printing stays well under it.
OVERRUN_SECONDS = 10.0
FIELDS = [
    "path", "expected", "vcsimp_status", "vcsimp_note", "vcsimp_seconds", "vcsimp_rss_kb",
    "z3_in", "z3_out", "z3_in_seconds", "z3_out_seconds",
    "cvc5_in", "cvc5_out", "cvc5_in_seconds", "cvc5_out_seconds",
]


# --------------------------------------------------------------------------
# Parsing (unit-tested in test_zoo_diff.py)


def parse_time_file(text: str) -> tuple[float | None, int | None]:
    """``/usr/bin/time -f "%e %M"`` output: (wall seconds, peak RSS in KB).
    The last line holds the figures (``Command exited with non-zero status``
    or ``Command terminated by signal`` may precede it)."""
    for line in reversed(text.strip().splitlines()):
        parts = line.split()
        if len(parts) == 2:
            try:
                return float(parts[0]), int(parts[1])
            except ValueError:
                continue
    return None, None


def answers(stdout: str, stderr: str = "", killed: bool = False) -> list[str]:
    """One entry per answer the solver printed, in order: ``sat``, ``unsat``,
    ``unknown``, or ``error`` for an answer given after an ``(error`` line
    (unreliable). A run cut short (timeout, kill, crash) gets one trailing
    ``timeout`` entry for the check-sat it was working on."""
    out: list[str] = []
    seen_error = False
    for line in stdout.splitlines():
        s = line.strip()
        if s.startswith("(error"):
            seen_error = True
        elif s in ("sat", "unsat", "unknown"):
            out.append("error" if seen_error else s)
        elif s == "timeout":
            out.append("timeout")
            return out
    if killed or "interrupted by timeout" in stderr or "interrupted by timeout" in stdout:
        out.append("timeout")
    return out


def encode(ans: list[str]) -> str:
    return ";".join(ans) if ans else "none"


def decode(s: str) -> list[str]:
    return [] if s in ("", "none") else s.split(";")


def has_error(stdout: str) -> bool:
    return any(line.strip().startswith("(error") for line in stdout.splitlines())


def compare(expected: list[str], ans_in: list[str], ans_out: list[str]) -> dict:
    """Compare one solver's answers on the input and the output, check-sat by
    check-sat. Returns counts of check-sats: ``disagree`` (both decided and
    differ, or the output contradicts a known expected status), ``regress``
    (input decided, output not), ``gain`` (the reverse), ``both`` (both
    decided alike), and ``notes`` describing each disagreement."""
    res = {"disagree": 0, "regress": 0, "gain": 0, "both": 0, "notes": []}
    n = max(len(ans_in), len(ans_out), len(expected))
    for i in range(n):
        a = ans_in[i] if i < len(ans_in) else "none"
        b = ans_out[i] if i < len(ans_out) else "none"
        e = expected[i] if i < len(expected) else "unknown"
        if b in DECIDED and e in DECIDED and b != e:
            res["disagree"] += 1
            res["notes"].append(f"check-sat #{i + 1}: expected {e}, output {b} (input {a})")
        elif a in DECIDED and b in DECIDED and a != b:
            res["disagree"] += 1
            res["notes"].append(f"check-sat #{i + 1}: input {a}, output {b}")
        elif a in DECIDED and b in DECIDED:
            res["both"] += 1
        elif a in DECIDED:
            res["regress"] += 1
        elif b in DECIDED:
            res["gain"] += 1
    return res


def percentile(xs: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def make_report(rows: list[dict], meta: dict) -> tuple[str, int]:
    """The markdown report and the number of disagreements."""
    ok = [r for r in rows if r["vcsimp_status"] == "ok"]
    rejected = [r for r in rows if r["vcsimp_status"] == "rejected"]
    crashed = [r for r in rows if r["vcsimp_status"] not in ("ok", "rejected")]
    lines = [
        "# Zoo differential run",
        "",
        "Generated by `bench/zoo_diff.py` (see its docstring for the method).",
        "",
        f"- zoo: `{meta.get('zoo', '?')}`, {meta.get('total', '?')} files listed; "
        f"**{len(rows)} tried** ({meta.get('when', '')})",
        f"- vcsimp: `{meta.get('vcsimp_cmd', 'vcsimp')}`; "
        f"z3 `-T:{meta.get('solver_seconds', 10)}`, "
        f"cvc5 `--tlimit={meta.get('solver_seconds', 10)}000` (+ the baseline's cvc5 flags); "
        f"{meta.get('jobs', 2)} parallel jobs",
        f"- vcsimp output written: {len(ok)}; rejected with an error: {len(rejected)}; "
        f"crashed or killed (60 s hard limit): {len(crashed)}",
    ]
    if meta.get("note"):
        lines.append(f"- {meta['note']}")
    lines.append("")
    disagreements = []
    table = ["| solver | compared check-sats decided on both | disagreements | "
             "regressions (input decided, output not) | gains (output decided, input not) | "
             "files with a new solver error on the output |",
             "|---|---|---|---|---|---|"]
    per_solver_lists = {}
    for s in SOLVERS:
        tot = {"disagree": 0, "regress": 0, "gain": 0, "both": 0}
        reg_files, gain_files, err_files = [], [], []
        for r in ok:
            if r.get(f"{s}_in", "") == "" and r.get(f"{s}_out", "") == "":
                continue
            c = compare(decode(r["expected"]), decode(r[f"{s}_in"]), decode(r[f"{s}_out"]))
            for k in tot:
                tot[k] += c[k]
            for note in c["notes"]:
                disagreements.append(f"{r['path']} ({s}): {note}")
            if c["regress"]:
                reg_files.append(r["path"])
            if c["gain"]:
                gain_files.append(r["path"])
            if "error" in decode(r[f"{s}_out"]) and "error" not in decode(r[f"{s}_in"]):
                err_files.append(r["path"])
        per_solver_lists[s] = (reg_files, gain_files, err_files)
        table.append(f"| {s} | {tot['both']} | {tot['disagree']} | {tot['regress']} "
                     f"({len(reg_files)} files) | {tot['gain']} ({len(gain_files)} files) | "
                     f"{len(err_files)} |")
    lines += ["## Answers", ""] + table + [""]
    lines += [f"**Status disagreements: {len(disagreements)}.**", ""]
    lines += [f"- {d}" for d in disagreements]
    if disagreements:
        lines.append("")
    times = [float(r["vcsimp_seconds"]) for r in rows if r["vcsimp_seconds"] not in ("", None)]
    rss = [int(r["vcsimp_rss_kb"]) for r in rows if r["vcsimp_rss_kb"] not in ("", None)]
    if times and rss:
        lines += ["## vcsimp time and peak memory", "",
                  "| | p50 | p90 | p99 | max |", "|---|---|---|---|---|",
                  "| wall seconds | " + " | ".join(f"{percentile(times, p):.2f}"
                                                   for p in (50, 90, 99, 100)) + " |",
                  "| peak RSS MB | " + " | ".join(f"{percentile(rss, p) / 1024:.1f}"
                                                  for p in (50, 90, 99, 100)) + " |", ""]
    slow = [r for r in rows if r["vcsimp_seconds"] not in ("", None)
            and float(r["vcsimp_seconds"]) > OVERRUN_SECONDS]
    lines += [f"## vcsimp runs longer than {OVERRUN_SECONDS:.0f} s", ""]
    lines += [f"- `{r['path']}`: {float(r['vcsimp_seconds']):.1f} s, "
              f"{int(r['vcsimp_rss_kb'] or 0) / 1024:.0f} MB" for r in slow] or ["none"]
    lines += ["", "## Rejected inputs", ""]
    lines += [f"- `{r['path']}`: {r['vcsimp_note']}" for r in rejected] or ["none"]
    lines += ["", "## Crashes", ""]
    lines += [f"- `{r['path']}`: {r['vcsimp_status']}: {r['vcsimp_note']}" for r in crashed] \
        or ["none"]
    for s in SOLVERS:
        reg_files, gain_files, err_files = per_solver_lists[s]
        lines += ["", f"## {s}: regressions (decided the input, not the output)", ""]
        lines += [f"- `{p}`" for p in reg_files] or ["none"]
        lines += ["", f"## {s}: gains (decided the output, not the input)", ""]
        lines += [f"- `{p}`" for p in gain_files] or ["none"]
        lines += ["", f"## {s}: new errors on the output", ""]
        lines += [f"- `{p}`" for p in err_files] or ["none"]
    lines += ["", "Solver times are wall-clock on a shared 2-core machine, so answers "
              "near the 10 s limit can flip between runs: a regression or gain on a "
              "file whose input took over ~5 s is noise until rerun.", ""]
    return "\n".join(lines), len(disagreements) + len(crashed)


# --------------------------------------------------------------------------
# Running


def read_baseline(zoo: Path) -> list[dict]:
    with open(zoo / "BASELINE.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def cvc5_extra_flags(flags: str) -> list[str]:
    """The baseline's cvc5 flags minus its time limit (ours is --solver-seconds)."""
    return [f for f in flags.split() if not f.startswith("--tlimit")]


def run_solver(solver: str, exe: str, path: str, extra: list[str],
               seconds: int = 10) -> tuple[list[str], float]:
    if solver == "z3":
        cmd = [exe, f"-T:{seconds}", path]
    else:
        cmd = [exe, f"--tlimit={seconds}000", *extra, path]
    r = harness.run_cmd(cmd, seconds + 5)
    return answers(r.stdout, r.stderr, r.killed), r.wall


def vcsimp_flags(opts) -> list[str]:
    """No flags (the default budget), or ``--timeout T``."""
    return ["--timeout", str(opts.vcsimp_timeout)] if opts.vcsimp_timeout else []


def run_one(row: dict, opts, work: Path) -> dict:
    src = opts.zoo / row["path_in_zoo"]
    key = hashlib.sha1(row["path_in_zoo"].encode()).hexdigest()[:12]
    out = work / f"{key}.smt2"
    tf = work / f"{key}.time"
    res = {k: "" for k in FIELDS}
    res["path"] = row["path_in_zoo"]
    res["expected"] = row["expected_status"] or "unknown"
    r = harness.run_cmd(["/usr/bin/time", "-o", str(tf), "-f", "%e %M", opts.vcsimp,
                         *vcsimp_flags(opts), str(src), "-o", str(out)], 60)
    secs, rss = parse_time_file(tf.read_text() if tf.exists() else "")
    res["vcsimp_seconds"] = f"{secs:.2f}" if secs is not None else f"{r.wall:.2f}"
    res["vcsimp_rss_kb"] = str(rss) if rss is not None else ""
    if r.returncode == 0 and out.exists():
        res["vcsimp_status"] = "ok"
    elif r.returncode == 1 and not r.killed:
        res["vcsimp_status"] = "rejected"
        res["vcsimp_note"] = (r.stderr.strip().splitlines() or ["?"])[0][:200]
    else:
        res["vcsimp_status"] = "killed" if r.killed else f"exit {r.returncode}"
        res["vcsimp_note"] = (r.stderr.strip().splitlines() or ["?"])[-1][:200]
    if res["vcsimp_status"] == "ok":
        extra = cvc5_extra_flags(row.get("cvc5_flags", ""))
        for s in SOLVERS:
            exe = opts.z3 if s == "z3" else opts.cvc5
            a, t = run_solver(s, exe, str(src), extra, opts.solver_seconds)
            b, u = run_solver(s, exe, str(out), extra, opts.solver_seconds)
            res[f"{s}_in"], res[f"{s}_out"] = encode(a), encode(b)
            res[f"{s}_in_seconds"], res[f"{s}_out_seconds"] = f"{t:.2f}", f"{u:.2f}"
    for p in (out, tf):
        p.unlink(missing_ok=True)
    return res


def tool_args(ap: argparse.ArgumentParser):
    """The options naming the zoo and the tools, shared with zoo_solve.py."""
    ap.add_argument("--zoo", type=Path, default=HERE.parent.parent / "shared" / "zoo")
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--cvc5", default="cvc5")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    tool_args(ap)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--solver-seconds", type=int, default=10,
                    help="z3 and cvc5 time limit per run (record it with the results)")
    ap.add_argument("--vcsimp-timeout", type=float, default=0,
                    help="run vcsimp with --timeout T (0: no flags, its default budget)")
    ap.add_argument("--limit", type=int, default=0, help="stop after this many files (0: all)")
    ap.add_argument("--work", type=Path, default=HERE / "work" / "zoo")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "zoo.md")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--note", default="", help="a line for the report (e.g. the vcsimp commit)")
    opts = ap.parse_args(argv)
    if not (opts.zoo / "BASELINE.tsv").exists():
        print(f"zoo_diff: no {opts.zoo}/BASELINE.tsv", file=sys.stderr)
        return 2
    opts.work.mkdir(parents=True, exist_ok=True)
    tsv = opts.work / "results.tsv"
    baseline = read_baseline(opts.zoo)
    done: dict[str, dict] = {}
    if tsv.exists():
        with open(tsv, newline="") as f:
            done = {r["path"]: r for r in csv.DictReader(f, delimiter="\t")}
    if not opts.report_only:
        opts.z3 = harness.resolve_exe(opts.z3)
        opts.cvc5 = harness.resolve_exe(opts.cvc5)
        # Snapshot the binary: others rebuild target/release meanwhile.
        snap = opts.work / "vcsimp"
        shutil.copy2(opts.vcsimp, snap)
        opts.vcsimp = str(snap)
        todo = [r for r in baseline if r["path_in_zoo"] not in done]
        todo.sort(key=lambda r: hashlib.sha1(r["path_in_zoo"].encode()).hexdigest())
        if opts.limit:
            todo = todo[:opts.limit]
        lock = threading.Lock()
        new = not tsv.exists()
        with open(tsv, "a", newline="") as f, tempfile.TemporaryDirectory(dir=opts.work) as tmp:
            w = csv.DictWriter(f, FIELDS, delimiter="\t")
            if new:
                w.writeheader()
            t0 = time.monotonic()

            def job(row):
                res = run_one(row, opts, Path(tmp))
                with lock:
                    w.writerow(res)
                    f.flush()
                    done[res["path"]] = res
                    n = len(done)
                    if n % 25 == 0:
                        print(f"zoo_diff: {n}/{len(baseline)} files, "
                              f"{time.monotonic() - t0:.0f} s", file=sys.stderr)

            with ThreadPoolExecutor(opts.jobs) as ex:
                list(ex.map(job, todo))
    rows = [done[r["path_in_zoo"]] for r in baseline if r["path_in_zoo"] in done]
    meta = {"zoo": str(opts.zoo), "total": len(baseline), "jobs": opts.jobs,
            "when": time.strftime("%Y-%m-%d"), "note": opts.note,
            "solver_seconds": opts.solver_seconds,
            "vcsimp_cmd": " ".join(["vcsimp", *vcsimp_flags(opts)])}
    report, bad = make_report(rows, meta)
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    # Keep the section that zoo_verbatim.py writes into the same report.
    old = opts.out.read_text() if opts.out.exists() else ""
    kept = zoo_verbatim.marked_section(old)
    opts.out.write_text(report if kept is None else zoo_verbatim.splice(report, kept))
    shutil.copy2(tsv, opts.out.with_suffix(".tsv"))
    print(f"zoo_diff: wrote {opts.out} ({len(rows)} files, {bad} disagreements or crashes)",
          file=sys.stderr)
    return 3 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
