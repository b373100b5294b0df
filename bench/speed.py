#!/usr/bin/env python3
"""vcsimp's running time with default flags on a spread-out sample of the zoo.

    python3 bench/speed.py                      # every 4th zoo file -> bench/results/speed.md
    python3 bench/speed.py --every 1 --jobs 2   # the whole zoo

1. Takes the rows 0, N, 2N, ... of `../shared/zoo/MANIFEST.tsv` (`--every N`,
   default 4) and runs `vcsimp FILE --stats-json S -o OUT` on each, with no
   other flag (what a user types), under a hard limit (`--kill`, default
   60 s), measuring wall-clock and CPU time (user + system) and peak RSS
   (os.wait4 rusage).
2. Groups the files into families by their path (Viper, Dafny, Boogie,
   ESC/Java and Spec#, Certora, SPARK, F*, Verus, ...) and reports p50, p90,
   p99 and max of the wall-clock time per family and overall, the same for
   CPU time, peak RSS as a multiple of the input's size, and the time z3
   takes to solve the same file: from the zoo's `BASELINE.tsv` (z3 at 5 s,
   measured when the zoo was made), or measured anew with `--z3-timeout T`.
3. Lists the slowest 10 files with the reason the run stopped (`stop` of
   `--stats`: `saturated`, `budget: PASSES`, ...), and every crash (a
   non-zero exit other than a reported input error, or a kill).

Writes <out>/speed.md (and the per-file rows to <out>/speed.tsv). Timings
depend on the machine's load, which the report states; CPU time is the
steadier figure on a shared machine.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

FAMILIES = [
    # (family, substrings of the path, any of which selects it; first match wins)
    ("Viper", ["viper"]),
    ("Dafny", [".dfy", "dafny"]),
    ("ESC/Java, Spec#", ["javafe", "AdditiveMethods", "esc"]),
    ("Certora", ["Certora"]),
    ("SPARK", ["SPARK", ".adb", ".ads"]),
    ("Boogie", ["boogie", "Boogie"]),
    ("F*", ["fstar", "FStar"]),
    ("Verus", ["verus"]),
    ("mariposa (other)", ["mariposa"]),
    ("cvc5 regressions", ["cvc5/"]),
    ("z3 regressions", ["z3test/"]),
    ("SMT-LIB submissions", ["smtlib-submission"]),
]


def family(path: str) -> str:
    for name, keys in FAMILIES:
        if any(k in path for k in keys):
            return name
    return "other"


def percentile(xs: list[float], p: float) -> float:
    """The p-th percentile (0-100) by the nearest-rank method."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


def run_measured(cmd: list[str], timeout: float) -> dict:
    """As run(), with CPU time and peak RSS from os.wait4."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
        p = subprocess.Popen(cmd, stdout=fo, stderr=fe)
        killed = False
        deadline = t0 + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                killed = True
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.005)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        fo.seek(0)
        fe.seek(0)
        return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_kb": ru.ru_maxrss,
                "rc": p.returncode, "killed": killed,
                "stdout": fo.read().decode(errors="replace")[-2000:],
                "stderr": fe.read().decode(errors="replace")[-2000:]}


def z3_answer(stdout: str) -> str:
    for line in stdout.splitlines():
        w = line.strip()
        if w in ("sat", "unsat", "unknown", "timeout"):
            return w
    return "error" if "(error" in stdout else "none"


def measure_file(row: dict, opts, work: Path) -> dict:
    path = Path(opts.zoo) / row["path_in_zoo"]
    key = hashlib.sha1(row["path_in_zoo"].encode()).hexdigest()[:12]
    out, stats = work / f"{key}.out.smt2", work / f"{key}.stats.json"
    r = run_measured([opts.vcsimp, str(path), "--stats-json", str(stats), "-o", str(out)], opts.kill)
    stop = ""
    if stats.exists():
        try:
            stop = json.loads(stats.read_text()).get("stop_reason", "")
        except ValueError:
            stop = "?"
    if r["killed"]:
        status = "killed"
    elif r["rc"] == 0:
        status = "ok"
    elif r["rc"] == 1 and ": error: " in r["stderr"] and "panicked" not in r["stderr"]:
        status = "input-error"
    else:
        status = "crash"
    for f in (out, stats):
        if f.exists():
            f.unlink()
    res = {"path": row["path_in_zoo"], "family": family(row["path_in_zoo"]),
           "bytes": int(row.get("bytes") or path.stat().st_size), "status": status, "stop": stop,
           "wall": r["wall"], "cpu": r["cpu"], "rss_kb": r["rss_kb"],
           "note": r["stderr"].strip().splitlines()[-1][:200] if status in ("crash", "killed") and r["stderr"].strip() else ""}
    if opts.z3_timeout:
        z = run_measured([opts.z3, f"-T:{opts.z3_timeout:g}", str(path)], opts.z3_timeout + 5)
        res["z3_seconds"], res["z3_result"] = z["wall"], z3_answer(z["stdout"])
    return res


def fmt_s(x: float) -> str:
    return "–" if x != x else (f"{x:.2f}" if x < 10 else f"{x:.1f}")


def report(rows: list[dict], meta: dict) -> str:
    lines: list[str] = []
    a = lines.append
    a("# vcsimp's running time with default flags on the zoo")
    a("")
    a(f"Generated {meta['date']} by:")
    a("")
    a("```")
    a(meta["command"])
    a("```")
    a("")
    a(f"* Files: rows 0, {meta['every']}, {2 * meta['every']}, … of `MANIFEST.tsv` "
      f"({len(rows)} files), each run once as `vcsimp FILE --stats-json S -o OUT` (no other flag), "
      f"killed after {meta['kill']:g} s.")
    a(f"* vcsimp: `{meta['vcsimp']}` (sha256 prefix `{meta['digest']}`), built from `{meta['commit']}`.")
    a(f"* z3's solving time: {meta['z3_source']}.")
    a(f"* Machine: {os.cpu_count()} CPUs, shared; 1-min load average {meta['load_start']:.2f} at the start, "
      f"{meta['load_end']:.2f} at the end, {meta['jobs']} run(s) at a time. Wall-clock time grows with "
      "the load; CPU time (user + system) is the steadier figure.")
    a("* Time is the whole run: reading, parsing, simplifying, printing, writing.")
    a("")
    ran = [r for r in rows if r["status"] in ("ok", "input-error")]
    walls = [r["wall"] for r in rows]
    cpus = [r["cpu"] for r in rows]
    crashes = [r for r in rows if r["status"] in ("crash", "killed")]
    over1 = sum(1 for w in walls if w > 1.0)
    over2 = sum(1 for w in walls if w > 2.0)
    over30 = sum(1 for w in walls if w > 30.0)
    cut = [r for r in rows if r["stop"].startswith("budget") or r["stop"] == "timeout"]
    a("## Summary")
    a("")
    a(f"* Wall clock: p50 {fmt_s(percentile(walls, 50))} s, p90 {fmt_s(percentile(walls, 90))} s, "
      f"p99 {fmt_s(percentile(walls, 99))} s, max {fmt_s(max(walls))} s; "
      f"{over1} file(s) over 1 s, {over2} over 2 s, {over30} over 30 s.")
    a(f"* CPU time: p50 {fmt_s(percentile(cpus, 50))} s, p90 {fmt_s(percentile(cpus, 90))} s, "
      f"p99 {fmt_s(percentile(cpus, 99))} s, max {fmt_s(max(cpus))} s.")
    a(f"* Crashes or kills: {len(crashes)}; reported input errors: "
      f"{sum(1 for r in rows if r['status'] == 'input-error')}; runs the default budget cut: {len(cut)}.")
    ratios = [r["rss_kb"] * 1024 / max(r["bytes"], 1) for r in ran]
    big = [r for r in ran if r["bytes"] >= 100_000]
    a(f"* Peak RSS as a multiple of the input's size: median {statistics.median(ratios):.0f}× "
      f"(small files are dominated by the program's own ~4 MB); on the {len(big)} files of 100 kB or more: "
      f"median {statistics.median([r['rss_kb'] * 1024 / r['bytes'] for r in big]):.1f}×, "
      f"max {max([r['rss_kb'] * 1024 / r['bytes'] for r in big]):.1f}×." if big else "")
    a("")
    a("## Per family")
    a("")
    a("| family | files | wall p50 | p90 | p99 | max | CPU p99 | CPU max | z3 median | z3 max | budget cut |")
    a("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    fams = sorted({r["family"] for r in rows}, key=lambda f: (-sum(1 for r in rows if r["family"] == f), f))
    for f in fams + ["all"]:
        rs = rows if f == "all" else [r for r in rows if r["family"] == f]
        w = [r["wall"] for r in rs]
        c = [r["cpu"] for r in rs]
        z = [r["z3_seconds"] for r in rs if r.get("z3_seconds") is not None]
        n_cut = sum(1 for r in rs if r["stop"].startswith("budget") or r["stop"] == "timeout")
        name = f"**{f}**" if f == "all" else f
        a(f"| {name} | {len(rs)} | {fmt_s(percentile(w, 50))} | {fmt_s(percentile(w, 90))} | "
          f"{fmt_s(percentile(w, 99))} | {fmt_s(max(w))} | {fmt_s(percentile(c, 99))} | {fmt_s(max(c))} | "
          f"{fmt_s(statistics.median(z)) if z else '–'} | {fmt_s(max(z)) if z else '–'} | {n_cut} |")
    a("")
    a("Times in seconds. z3's times are capped by its limit (a `timeout` counts as the limit).")
    a("")
    a("## Slowest 10 files")
    a("")
    a("| file | family | KB | wall s | CPU s | RSS / input | z3 s (answer) | stop |")
    a("|---|---|---:|---:|---:|---:|---:|---|")
    for r in sorted(rows, key=lambda r: -r["wall"])[:10]:
        ans = r.get("z3_result", "")
        if ";" in ans:  # one answer per check-sat
            ans = ", ".join(f"{ans.split(';').count(a)} {a}" for a in sorted(set(ans.split(";"))))
        z = (f"{fmt_s(r['z3_seconds'])} ({ans})"
             if r.get("z3_seconds") is not None else "–")
        a(f"| `{r['path']}` | {r['family']} | {r['bytes'] / 1000:.0f} | {r['wall']:.2f} | {r['cpu']:.2f} | "
          f"{r['rss_kb'] * 1024 / max(r['bytes'], 1):.0f}× | {z} | {r['stop'] or r['status']} |")
    if crashes:
        a("")
        a("## Crashes and kills")
        a("")
        for r in crashes:
            a(f"* `{r['path']}`: {r['status']} after {r['wall']:.1f} s: {r['note']}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--zoo", default="../shared/zoo")
    ap.add_argument("--every", type=int, default=4, help="take rows 0, N, 2N, ... (default 4)")
    ap.add_argument("--kill", type=float, default=60.0, help="hard limit per vcsimp run in s (default 60)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time (default 1)")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--z3-timeout", type=float, default=0.0,
                    help="measure z3's solving time anew with this limit (s); default: take it from BASELINE.tsv")
    ap.add_argument("--out", default="bench/results")
    ap.add_argument("--work", default="bench/work/speed")
    opts = ap.parse_args(argv)

    manifest = Path(opts.zoo) / "MANIFEST.tsv"
    if not manifest.exists():
        print(f"no zoo at {opts.zoo} (MANIFEST.tsv missing); nothing to do", file=sys.stderr)
        return 0
    if not Path(opts.vcsimp).exists():
        print(f"vcsimp not found at {opts.vcsimp} (cargo build --release -p simplify)", file=sys.stderr)
        return 2
    work, outdir = Path(opts.work), Path(opts.out)
    work.mkdir(parents=True, exist_ok=True)
    outdir.mkdir(parents=True, exist_ok=True)
    # Snapshot the binary: others may rebuild target/release while this runs.
    snap = work / "vcsimp"
    shutil.copy2(opts.vcsimp, snap)
    digest = hashlib.sha256(snap.read_bytes()).hexdigest()[:12]
    src_binary, opts.vcsimp = opts.vcsimp, str(snap.resolve())
    with open(manifest, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    rows = rows[:: opts.every]
    baseline = {}
    base_file = Path(opts.zoo) / "BASELINE.tsv"
    if not opts.z3_timeout and base_file.exists():
        with open(base_file, newline="") as f:
            for b in csv.DictReader(f, delimiter="\t"):
                baseline[b["path_in_zoo"]] = b
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "?"
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "simplify/src", "smtlib-io/src"],
                               capture_output=True, text=True).stdout.strip()
        if dirty:
            commit += " with uncommitted changes"
    except OSError:
        commit = "?"
    load_start = os.getloadavg()[0]
    done: list[dict] = []
    t0 = time.monotonic()

    def job(row):
        r = measure_file(row, opts, work)
        b = baseline.get(row["path_in_zoo"])
        if b and "z3_seconds" not in r:
            try:
                r["z3_seconds"], r["z3_result"] = float(b["z3_seconds"]), b["z3_result"]
            except (KeyError, ValueError):
                pass
        return r

    with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as ex:
        for i, r in enumerate(ex.map(job, rows), 1):
            done.append(r)
            print(f"[{i}/{len(rows)}] {r['wall']:6.2f} s {r['cpu']:6.2f} cpu {r['status']:6s} "
                  f"{r['stop'][:40]:40s} {r['path']}", file=sys.stderr)
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "command": "python3 bench/speed.py " + " ".join(argv if argv is not None else sys.argv[1:]),
            "every": opts.every, "kill": opts.kill, "vcsimp": src_binary, "digest": digest,
            "commit": commit, "jobs": opts.jobs, "load_start": load_start, "load_end": os.getloadavg()[0],
            "z3_source": (f"measured here, `z3 -T:{opts.z3_timeout:g} FILE`, once" if opts.z3_timeout
                          else "the zoo's `BASELINE.tsv` (z3 with a 5 s limit, measured when the zoo was made)")}
    with open(outdir / "speed.tsv", "w", newline="") as f:
        cols = ["path", "family", "bytes", "status", "stop", "wall", "cpu", "rss_kb", "z3_seconds", "z3_result"]
        w = csv.DictWriter(f, fieldnames=cols, delimiter="\t", extrasaction="ignore")
        w.writeheader()
        for r in done:
            w.writerow({k: (f"{r[k]:.3f}" if isinstance(r.get(k), float) else r.get(k, "")) for k in cols})
    text = report(done, meta)
    (outdir / "speed.md").write_text(text)
    print(text)
    print(f"{len(done)} files in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
