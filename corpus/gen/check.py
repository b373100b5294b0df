#!/usr/bin/env python3
"""Check the corpus with z3 and cvc5 and record raw solver results.

    python3 corpus/gen/check.py                 # full check, writes corpus/gen/raw-results.tsv
    python3 corpus/gen/check.py --jobs 2        # parallel solver processes (default 2)
    python3 corpus/gen/check.py --only race     # restrict to paths containing a substring
    python3 corpus/gen/check.py --bounded       # also run the bounded-model soundness search

Every ``*.smt2`` file below corpus/ (except corpus/gen/) is run once per solver:

* ``(set-info :status sat)`` files with a 10 s limit: both solvers must say
  ``sat``;
* ``(set-info :status unsat)`` files with a 30 s limit: neither solver may say
  ``sat``; ``unknown``/timeouts are fine (that is what makes a VC "hard");
* no run may report an error (``(error ...)`` output, a crash, or an
  unexpected answer) -- this is the "both solvers parse every file" check.

For unsat files the wall-clock time of a successful ``unsat`` answer gives the
raw-results columns ``z3_1s``/``z3_10s``/``cvc5_1s``/``cvc5_10s`` (1 = proved
within that limit).  Times are wall-clock on a shared machine, so entries close
to a limit can flip between runs.

``--bounded`` additionally re-runs every unsat file through z3 with all
integer constants confined to a small box ([-3, 6]); any ``sat`` there is a
genuine counterexample, i.e. a mislabelled file.  (It cannot prove validity,
but it finds small counterexamples that the unbounded search may miss.)

Exit status 0 iff every check passed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent
STATUS = re.compile(r"\(set-info\s+:status\s+(sat|unsat|unknown)\s*\)")
SAT_LIMIT = 10
UNSAT_LIMIT = 30


def corpus_files(root: Path, only=None):
    out = []
    for p in sorted(root.rglob("*.smt2")):
        rel = p.relative_to(root)
        if rel.parts[0] == "gen":
            continue
        if only and not any(o in str(rel) for o in only):
            continue
        out.append(p)
    return out


def expected_status(text):
    m = STATUS.search(text)
    return m.group(1) if m else "unknown"


def run_solver(solver, path, limit):
    if solver == "z3":
        cmd = ["z3", f"-T:{limit}", str(path)]
    else:
        cmd = ["cvc5", f"--tlimit={limit * 1000}", str(path)]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 10)
        wall = time.monotonic() - t0
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        return "timeout", limit + 10.0, "killed"
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    # Both solvers check (set-info :status ...) themselves: z3 prints the answer
    # followed by "(error ... check annotation that says X)", cvc5 aborts with
    # "Expected result X but got Y".  Report the actual answer in that case.
    m = re.search(r"Expected result (sat|unsat) but got (sat|unsat)", err)
    if m:
        return m.group(2), wall, f"contradicts the status annotation ({m.group(0)})"
    if lines and lines[0] in ("sat", "unsat") and any("check annotation" in ln for ln in lines[1:]):
        return lines[0], wall, "contradicts the status annotation"
    if any(ln.startswith("(error") for ln in lines) or "error" in err.lower() and "timeout" not in err.lower():
        return "error", wall, (out + err).strip().replace("\n", " ")[:300]
    ans = lines[-1] if lines else ""
    if ans in ("sat", "unsat"):
        return ans, wall, ""
    if ans in ("unknown", "timeout") or "interrupted by timeout" in err or rc in (0, 1) and not ans:
        return ("timeout" if wall >= 0.95 * limit or "timeout" in (ans + err) else "unknown"), wall, ""
    return "error", wall, f"rc={rc} out={out.strip()[:200]} err={err.strip()[:200]}"


def bounded_text(text):
    """Confine every 0-ary Int constant to [-3, 6]."""
    consts = re.findall(r"\(declare-fun\s+(\S+)\s+\(\)\s+Int\)", text)
    box = "".join(f"(assert (and (<= (- 3) {c}) (<= {c} 6)))\n" for c in consts)
    return text.replace("(check-sat)", box + "(check-sat)", 1)


def run_bounded(path, limit=10):
    text = bounded_text(path.read_text())
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write(text)
        tmp = f.name
    try:
        return run_solver("z3", Path(tmp), limit)
    finally:
        os.unlink(tmp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", help="only files whose path contains this (repeatable)")
    ap.add_argument("--bounded", action="store_true", help="also run the bounded-model search on unsat files")
    ap.add_argument("--out", default=str(HERE / "raw-results.tsv"))
    ap.add_argument("--no-write", action="store_true", help="do not write the results table")
    opts = ap.parse_args(argv)

    files = corpus_files(CORPUS, opts.only)
    jobs = []
    for p in files:
        exp = expected_status(p.read_text())
        limit = SAT_LIMIT if exp == "sat" else UNSAT_LIMIT
        for s in ("z3", "cvc5"):
            jobs.append((p, exp, s, limit))
    results = {}
    problems = []

    def work(job):
        p, exp, s, limit = job
        return job, run_solver(s, p, limit)

    done = 0
    with ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        for (p, exp, s, limit), (ans, wall, note) in ex.map(work, jobs):
            rel = str(p.relative_to(CORPUS))
            results[(rel, s)] = (ans, wall, note)
            done += 1
            bad = None
            if ans == "error":
                bad = f"{s} error: {note}"
            elif exp == "unknown":
                bad = "file has no sat/unsat status"
            elif exp == "unsat" and ans == "sat":
                bad = f"SOUNDNESS: {s} says sat on an unsat-marked file"
            elif exp == "sat" and ans != "sat":
                bad = f"{s} says {ans} (within {limit}s) on a sat-marked file"
            if bad:
                problems.append(f"{rel}: {bad}")
                print(f"!! {rel}: {bad}", flush=True)
            if done % 50 == 0:
                print(f".. {done}/{len(jobs)} runs", flush=True)

    bounded = {}
    if opts.bounded:
        unsat_files = [p for p in files if expected_status(p.read_text()) == "unsat"]
        with ThreadPoolExecutor(max_workers=opts.jobs) as ex:
            for p, (ans, wall, note) in zip(unsat_files, ex.map(run_bounded, unsat_files)):
                rel = str(p.relative_to(CORPUS))
                bounded[rel] = ans
                if ans == "sat":
                    problems.append(f"{rel}: SOUNDNESS: bounded-model search found a counterexample")
                    print(f"!! {rel}: bounded-model search found a counterexample", flush=True)
                elif ans == "error":
                    problems.append(f"{rel}: bounded run error: {note}")

    rows = []
    summary = {}
    for p in files:
        rel = str(p.relative_to(CORPUS))
        exp = expected_status(p.read_text())
        z = results[(rel, "z3")]
        c = results[(rel, "cvc5")]
        row = [rel, exp, z[0], f"{z[1]:.2f}", c[0], f"{c[1]:.2f}"]
        if exp == "unsat":
            flags = [int(z[0] == "unsat" and z[1] <= 1.0), int(z[0] == "unsat" and z[1] <= 10.0),
                     int(c[0] == "unsat" and c[1] <= 1.0), int(c[0] == "unsat" and c[1] <= 10.0)]
            row += [str(f) for f in flags]
            fam = rel.split("/")[0]
            s = summary.setdefault(fam, [0, 0, 0, 0, 0])
            s[0] += 1
            for i, f in enumerate(flags):
                s[i + 1] += f
        else:
            row += ["-", "-", "-", "-"]
        if opts.bounded:
            row.append(bounded.get(rel, "-"))
        rows.append(row)
    header = ["file", "expected", "z3", "z3_seconds", "cvc5", "cvc5_seconds",
              "z3_1s", "z3_10s", "cvc5_1s", "cvc5_10s"] + (["bounded_z3"] if opts.bounded else [])
    if not opts.no_write and not opts.only:
        with open(opts.out, "w") as f:
            f.write("# raw (unsimplified) solver results; see corpus/gen/check.py for the procedure\n")
            f.write("\t".join(header) + "\n")
            for r in rows:
                f.write("\t".join(r) + "\n")
    print("\nunsat-marked VCs proved raw (family: total, z3<=1s, z3<=10s, cvc5<=1s, cvc5<=10s):")
    tot = [0, 0, 0, 0, 0]
    for fam in sorted(summary):
        s = summary[fam]
        tot = [a + b for a, b in zip(tot, s)]
        print(f"  {fam:12s} {s[0]:4d} {s[1]:4d} {s[2]:4d} {s[3]:4d} {s[4]:4d}")
    print(f"  {'total':12s} {tot[0]:4d} {tot[1]:4d} {tot[2]:4d} {tot[3]:4d} {tot[4]:4d}")
    nsat = sum(1 for p in files if expected_status(p.read_text()) == "sat")
    print(f"{len(files)} files ({nsat} sat-marked); {len(problems)} problem(s)")
    for pr in problems:
        print("  " + pr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
