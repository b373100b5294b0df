#!/usr/bin/env python3
"""Evaluation harness: z3 and cvc5 on raw, vcsimp-simplified and
peer-preprocessed VCs.

    python3 bench/harness.py --corpus corpus --out bench/results

For every corpus/<family>/<kernel>/<task>.smt2 it builds up to five inputs
(configurations) and runs every solver on each at every timeout:

  raw       the file as it is
  vcsimp    vcsimp's output, from one `vcsimp batch --report` over all files
            (each file's time and stats JSON from its report line)
  z3-pre    z3 tactic (then simplify propagate-values solve-eqs elim-uncnstr qe-light simplify)
  z3-qe     z3 tactic (then simplify qe-light qe simplify)
  cvc5-pre  cvc5 --preprocess-only -o post-asserts
  vericuda  VeriCUDA's own simplification (vericuda-real only): its S1/S2
            files, each solved, combined by VeriCUDA's proof rule
  solve     `vcsimp solve --solver "<solver> <options>"` on the file as it is:
            the solver raced on the input and vcsimp's outputs (timed as a
            whole, simplification and race included)

Besides corpus/, the VCs that the real VeriCUDA wrote are read in place from
--vericuda-real (default ../shared/vericuda-train; skipped when absent) as
the family vericuda-real, and the queries that GPUVerify's Boogie sent z3
from --gpuverify-real (default ../shared/gpuverify-train; skipped when
absent) as the family gpuverify-real, one kernel per Boogie session.

A preprocessor that fails or times out gives "no output" for that file and
configuration (reported, counted as unsolved). A solver answer that contradicts
the file's (set-info :status ...) in any configuration is a soundness alarm:
printed loudly, listed in results, and the exit code is 3.

Outputs (in --out): results.csv, prep.csv, table.md, cactus-<solver>.png/.svg,
alarms.txt (only when there are alarms).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import datetime
import hashlib
import json
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peers  # noqa: E402
import smt  # noqa: E402
import store as store_mod  # noqa: E402
import gpuverify_real  # noqa: E402
import vericuda_real  # noqa: E402

CONFIGS = ["raw", "vcsimp", "z3-pre", "z3-qe", "cvc5-pre", "vericuda", "solve"]
# Configurations that run the vcsimp binary.
USES_VCSIMP = ("vcsimp", "solve")
# Families of VCs printed by real verification tools; the table leads with them.
REAL_FAMILIES = [vericuda_real.FAMILY, gpuverify_real.FAMILY, "why3-real"]
SOLVERS = ["z3", "cvc5"]
DEFINITE = ("sat", "unsat")


# --------------------------------------------------------------------------
# Running processes


@dataclass
class Run:
    stdout: str
    stderr: str
    returncode: int | None
    wall: float
    cpu: float
    maxrss_kb: int
    killed: bool


def run_cmd(cmd: list[str], timeout: float, cwd: str | None = None) -> Run:
    """Run cmd with a hard wall-clock limit; kill its process group on expiry.

    Uses os.wait4 so that CPU time and peak RSS are those of this child only
    (safe with several runner threads)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        try:
            p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 cwd=cwd, start_new_session=True)
        except OSError as e:
            return Run("", f"cannot run {cmd[0]}: {e}", None, 0.0, 0.0, 0, False)
        state = {"done": False, "killed": False}
        lock = threading.Lock()

        def kill():
            with lock:
                if not state["done"]:
                    state["killed"] = True
                    try:
                        os.killpg(p.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        with lock:
            state["done"] = True
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                   p.returncode, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, state["killed"])


def is_elf(path: str) -> bool:
    """A compiled binary (snapshotted before measuring), not a script."""
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def resolve_exe(name: str) -> str:
    """Absolute path of an executable, looking through pyenv shims (a shim
    costs ~0.1 s per call, which would pollute solve times)."""
    path = shutil.which(name) or name
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return path
    if head.startswith(b"#!") and b"pyenv" in head:
        try:
            real = subprocess.run(["pyenv", "which", Path(path).name], capture_output=True,
                                  text=True, timeout=20).stdout.strip()
            if real and os.access(real, os.X_OK):
                return real
        except (OSError, subprocess.SubprocessError):
            pass
    return path


# --------------------------------------------------------------------------
# Solvers and answers


def solver_cmd(solver: str, exe: str, path: str, t: float) -> list[str]:
    if solver == "z3":
        if float(t).is_integer():
            return [exe, f"-T:{int(t)}", path]
        return [exe, f"-t:{int(t * 1000)}", f"-T:{math.ceil(t) + 1}", path]
    if solver == "cvc5":
        return [exe, f"--tlimit={int(t * 1000)}", path]
    raise ValueError(solver)


def parse_answer(stdout: str, stderr: str = "", killed: bool = False) -> tuple[str, str]:
    """(status, note) with status in sat/unsat/unknown/timeout/error.

    The first sat/unsat/unknown line is the answer; errors after it (e.g. from
    get-model) are ignored. An (error ...) before the answer makes the answer
    unreliable (the erroneous command, maybe an assert, was skipped), so the
    status is 'error'."""
    if killed:
        return "timeout", "killed at the hard wall-clock limit"
    first_error = ""
    for line in stdout.splitlines():
        s = line.strip()
        if s in ("sat", "unsat", "unknown"):
            if first_error:
                return "error", f"answer {s} after error: {first_error[:160]}"
            return s, ""
        if s == "timeout":
            return "timeout", ""
        if s.startswith("(error") and not first_error:
            first_error = s
    if "interrupted by timeout" in stderr or "interrupted by timeout" in stdout:
        return "timeout", ""
    if first_error:
        return "error", first_error[:200]
    tail = (stderr.strip().splitlines() or [""])[-1]
    return "error", tail[:200] or "no answer"


def is_alarm(expected: str, status: str) -> bool:
    return (expected == "unsat" and status == "sat") or (expected == "sat" and status == "unsat")


def is_solved(expected: str, status: str) -> bool:
    """Solved = a definite answer that agrees with the expected status (any
    definite answer when the file has no status)."""
    if status not in DEFINITE:
        return False
    return expected == "unknown" or status == expected


# --------------------------------------------------------------------------
# Tasks and preprocessing


@dataclass
class Task:
    path: Path  # absolute
    rel: str  # relative to the corpus root
    family: str
    kernel: str  # family/kernel
    name: str
    expected: str
    # vericuda-real only: VeriCUDA's S1/S2 files per common subtask
    # (see vericuda_real.VC.branches); None elsewhere.
    branches: dict | None = None


@dataclass
class Prep:
    config: str
    status: str  # ok / timeout / error
    seconds: float = 0.0
    path: str | None = None  # solver input, None = no output
    nodes: int | None = None  # harness node count of the asserted terms
    note: str = ""
    stats: dict = field(default_factory=dict)  # vcsimp --stats-json
    digest: str = ""  # hash of the input's token stream (comments/whitespace ignored)


def family_expectations(corpus: Path) -> dict[str, str]:
    """Expected statuses from corpus/<family>/EXPECT.tsv (columns file,
    expected; file relative to the family directory), for families whose
    files carry no (set-info :status ...), keyed by path relative to corpus."""
    out = {}
    for tsv in sorted(corpus.glob("*/EXPECT.tsv")):
        with open(tsv, newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                out[f"{tsv.parent.name}/{r['file']}"] = r["expected"]
    return out


def discover(corpus: Path, skipped: list | None = None) -> list[Task]:
    """Every corpus/<family>/<kernel>/<task>.smt2; other .smt2 files (e.g.
    corpus/examples/x.smt2, a copy of a task) are left out and listed in
    `skipped`. The expected status is the file's (set-info :status ...), or
    else its row in corpus/<family>/EXPECT.tsv."""
    tasks = []
    expect = family_expectations(corpus)
    for p in sorted(corpus.rglob("*.smt2")):
        rel = p.relative_to(corpus)
        parts = rel.parts
        if len(parts) != 3:
            if skipped is not None:
                skipped.append(str(rel))
            continue
        family = parts[0]
        kernel = "/".join(parts[:2])
        try:
            text = p.read_text(errors="replace")
        except OSError:
            text = ""
        status = smt.expected_status(text)
        if status == "unknown":
            status = expect.get(str(rel), status)
        tasks.append(Task(p.resolve(), str(rel), family, kernel, p.stem, status))
    return tasks


def discover_vericuda_real(root: Path) -> list[Task]:
    """The raw VCs of a VeriCUDA training set (vericuda_real), read in place:
    family vericuda-real, one kernel per CUDA kernel function; [] when the
    set is absent."""
    return [Task(vc.raw, f"{vericuda_real.FAMILY}/{vc.kernel}/{vc.raw.name}",
                 vericuda_real.FAMILY, f"{vericuda_real.FAMILY}/{vc.kernel}", vc.raw.stem,
                 vc.expected, vc.branches)
            for vc in vericuda_real.vcs(root)]


def discover_gpuverify_real(root: Path) -> list[Task]:
    """The queries of a GPUVerify training set (gpuverify_real), read in
    place: family gpuverify-real, one kernel per Boogie session; [] when the
    set is absent."""
    fam = gpuverify_real.FAMILY
    return [Task(q.path, f"{fam}/{q.session}/{q.path.name}", fam, f"{fam}/{q.session}",
                 q.path.stem, q.expected)
            for q in gpuverify_real.queries(root)]


def applies(task: Task, config: str) -> bool:
    """The vericuda configuration exists only where VeriCUDA's own output does."""
    return config != "vericuda" or task.branches is not None


def node_count_file(path: str) -> int | None:
    try:
        return smt.asserted_nodes(Path(path).read_text(errors="replace"))
    except (OSError, smt.ParseError):
        return None


def prep_vcsimp(task: Task, opts, work: Path) -> Prep:
    """One file through its own vcsimp process, timed as a whole; for the
    files that `vcsimp batch` left (prep_vcsimp_batch)."""
    out = work / "vcsimp-one" / task.rel
    js = out.with_suffix(".stats.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    for f in (out, js):
        if f.exists():
            f.unlink()
    args, limit = vcsimp_limits(opts)
    cmd = [opts.vcsimp, str(task.path), "-o", str(out), "--stats-json", str(js), *args,
           *opts.vcsimp_arg]
    r = run_cmd(cmd, limit)
    if r.killed:
        return Prep("vcsimp", "timeout", r.wall, note=f"killed after {limit:g}s")
    if r.returncode != 0 or not out.exists():
        msg = (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]
        return Prep("vcsimp", "error", r.wall, note=f"exit {r.returncode}: {msg[:200]}")
    stats, note = {}, ""
    try:
        stats = json.loads(js.read_text())
    except (OSError, ValueError) as e:
        note = f"no stats json: {e}"
    return Prep("vcsimp", "ok", r.wall, str(out), node_count_file(str(out)), note, stats)


def vcsimp_limits(opts) -> tuple[list[str], float]:
    """vcsimp's --timeout arguments and the hard limit of one file's run:
    vcsimp stops simplifying at its --timeout and prints its best result;
    the hard kill leaves it time to do so."""
    if opts.vcsimp_timeout > 0:
        return (["--timeout", f"{opts.vcsimp_timeout:g}"],
                min(opts.prep_timeout, opts.vcsimp_timeout + 5))
    return [], opts.prep_timeout


def run_batch(cmd: list[str], report: Path, stall: float, limit: float) -> str:
    """Run `vcsimp batch` (cmd) until it ends, or kill its process group when
    its report has not grown for `stall` seconds (every file still running
    has then run that long: past the limit of one file's run) or after
    `limit` seconds in all. Returns "" or how it was stopped."""
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as e:
        return f"cannot run {cmd[0]}: {e}"
    t0 = last = time.monotonic()
    size = -1
    while p.poll() is None:
        now = time.monotonic()
        grown = report.stat().st_size if report.exists() else 0
        if grown != size:
            size, last = grown, now
        why = (f"no file ended for {stall:g} s" if now - last > stall
               else f"killed after {limit:g} s" if now - t0 > limit else "")
        if why:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
            return why
        time.sleep(0.2)
    return "" if p.returncode in (0, 1) else f"exit {p.returncode}"


def prep_vcsimp_batch(tasks: list[Task], opts, work: Path) -> tuple[dict[str, Prep], str]:
    """vcsimp's outputs for `tasks` from one `vcsimp batch --report` run
    (opts.jobs files at once): each file's status, time (the report's
    seconds: reading, simplifying and writing that file), output and stats.
    Files without a report line (the batch was stopped, or does not take
    --vcsimp-arg) are left out, for prep_vcsimp to do one by one; the
    second value says why ("" when none is)."""
    if not tasks:
        return {}, ""
    listed, report = work / "vcsimp-batch.list", work / "vcsimp-batch.jsonl"
    listed.write_text("".join(f"{t.path}\n" for t in tasks))
    args, per_file = vcsimp_limits(opts)
    cmd = [opts.vcsimp, "batch", "-q", "--jobs", str(opts.jobs), "--files-from", str(listed),
           "--out-dir", str(work / "vcsimp"), "--report", str(report), *args, *opts.vcsimp_arg]
    stopped = run_batch(cmd, report, per_file,
                        per_file * math.ceil(len(tasks) / opts.jobs) + 10)
    by_input = {str(t.path): t for t in tasks}
    preps: dict[str, Prep] = {}
    lines = report.read_text(errors="replace").splitlines() if report.exists() else []
    for line in lines:
        try:
            d = json.loads(line)
            task, seconds = by_input.get(d["input"]), float(d["seconds"])
        except (ValueError, KeyError, TypeError):
            continue  # the last line of a stopped batch may be cut short
        if task is None:
            continue
        if d.get("status") != "ok":
            msg = (str(d.get("error", "")).strip().splitlines() or ["no message"])[-1]
            preps[task.rel] = Prep("vcsimp", "error", seconds, note=f"error: {msg[:200]}")
            continue
        out = d.get("output", "")
        if not Path(out).exists():
            continue
        stats = d.get("stats") if isinstance(d.get("stats"), dict) else {}
        preps[task.rel] = Prep("vcsimp", "ok", seconds, out, node_count_file(out),
                               "" if stats else "no stats in the batch report", stats)
    left = len(tasks) - len(preps)
    return preps, (f"vcsimp batch: {stopped or 'ended'}; {left} file(s) without a report "
                   "line, simplified one by one" if left else "")


def prep_z3(task: Task, config: str, opts, work: Path) -> Prep:
    src = task.path.read_text(errors="replace")
    out = work / config / task.rel
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        script = peers.z3_input(src, peers.Z3_TACTICS[config])
    except smt.ParseError as e:
        return Prep(config, "error", 0.0, note=f"input does not parse: {e}")
    inp = out.with_suffix(".in.smt2")
    inp.write_text(script)
    to = opts.peer_timeout
    r = run_cmd([opts.z3, f"-T:{math.ceil(to)}", str(inp)], to + 2)
    # z3 -T prints "timeout" where it stops, possibly in the middle of the goals.
    if r.killed or any(ln.strip() == "timeout" for ln in r.stdout.splitlines()):
        return Prep(config, "timeout", r.wall, note=f"no output within {to:g}s")
    try:
        text = peers.z3_output_to_smt2(r.stdout, src)
    except peers.PeerError as e:
        return Prep(config, "error", r.wall, note=str(e))
    out.write_text(text)
    return Prep(config, "ok", r.wall, str(out), node_count_file(str(out)))


def prep_cvc5(task: Task, opts, work: Path) -> Prep:
    config = "cvc5-pre"
    src = task.path.read_text(errors="replace")
    out = work / config / task.rel
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        script = peers.cvc5_input(src)
    except smt.ParseError as e:
        return Prep(config, "error", 0.0, note=f"input does not parse: {e}")
    inp = out.with_suffix(".in.smt2")
    inp.write_text(script)
    to = opts.peer_timeout
    r = run_cmd([opts.cvc5, "--preprocess-only", "-o", "post-asserts",
                 f"--tlimit={int(to * 1000)}", str(inp)], to + 2)
    if r.killed or "interrupted by timeout" in r.stderr:
        return Prep(config, "timeout", r.wall, note=f"no output within {to:g}s")
    try:
        text = peers.cvc5_output_to_smt2(r.stdout, src)
    except peers.PeerError as e:
        return Prep(config, "error", r.wall, note=str(e))
    out.write_text(text)
    return Prep(config, "ok", r.wall, str(out), node_count_file(str(out)))


def token_digest(path: str) -> str:
    """sha256 of the file's token stream: two inputs with the same digest
    differ only in comments and whitespace, so a solver treats them alike and
    one run serves both."""
    h = hashlib.sha256()
    try:
        for _, tok, _, _ in smt.tokenize(Path(path).read_text(errors="replace")):
            h.update(tok.encode())
            h.update(b" ")
    except (OSError, smt.ParseError):
        return "raw-bytes:" + file_digest(path)
    return h.hexdigest()


def prep_one(task: Task, config: str, opts, work: Path) -> Prep:
    return digested(_prep_one(task, config, opts, work), config, opts)


def digested(p: Prep, config: str, opts) -> Prep:
    """p with the digest of its solver input (the key of its solver runs)."""
    if p.path is not None:
        p.digest = token_digest(p.path)
        if config == "solve":
            # Not the raw file's run: a run of this vcsimp build around the solver.
            p.digest = f"vcsimp-solve {file_digest(opts.vcsimp)} {p.digest}"
    return p


def _prep_one(task: Task, config: str, opts, work: Path) -> Prep:
    if config in ("raw", "solve"):
        return Prep(config, "ok", 0.0, str(task.path), node_count_file(str(task.path)))
    if config == "vcsimp":
        return prep_vcsimp(task, opts, work)
    if config in peers.Z3_TACTICS:
        return prep_z3(task, config, opts, work)
    if config == "cvc5-pre":
        return prep_cvc5(task, opts, work)
    if config == "vericuda":
        # VeriCUDA simplified when the set was made (its times are in the set's
        # timing.tsv); the inputs are its S1/S2 files, solved one by one.
        parts = task_parts(task)
        nodes = [node_count_file(p) for p in parts]
        return Prep("vericuda", "ok", 0.0, None,
                    None if None in nodes else sum(nodes),
                    f"{len(task.branches)} common subtask(s), {len(parts)} S1/S2 file(s)")
    raise ValueError(config)


def task_parts(task: Task) -> list[str]:
    return [str(p) for p in vericuda_real.files(task.branches)]


def part_task(task: Task, part: str) -> Task:
    """One S1/S2 file of a vericuda-real task, solved like a task of its own
    (its answer only counts through VeriCUDA's proof rule)."""
    p = Path(part)
    return Task(p, f"{task.kernel}/{p.name}", task.family, task.kernel, p.stem, "unknown")


def vericuda_row(task: Task, prep: Prep, solver: str, t: float,
                 parts: list[tuple[str, dict]]) -> dict:
    """The vericuda row of a task at timeout t from the rows (path, row) of
    its S1/S2 files at t: `unsat` when VeriCUDA's proof rule holds, else
    `timeout` (or `error` when a file's run erred); seconds = the sum over
    all its files."""
    answers = {Path(p): r["status"] for p, r in parts}
    parts = [r for _, r in parts]
    if vericuda_real.proved(task.branches, answers):
        status = "unsat"
    elif any(r["status"] == "error" for r in parts):
        status = "error"
    else:
        status = "timeout"
    row = result_row(task, prep, solver, t, {
        "status": status,
        "seconds": round(sum(_num(r["seconds"]) for r in parts), 4),
        "cpu_seconds": round(sum(_num(r["cpu_seconds"]) for r in parts), 4),
        "note": f"{sum(r['status'] == 'unsat' for r in parts)}/{len(parts)} S1/S2 files unsat",
        "measured": max((r["measured"] for r in parts if r.get("measured")), default="")})
    row["reused_from"] = next((r["reused_from"] for r in parts if r["reused_from"]), "")
    return row


# --------------------------------------------------------------------------
# Result rows

RESULT_FIELDS = ["family", "kernel", "task", "file", "expected", "config", "solver", "timeout",
                 "status", "seconds", "cpu_seconds", "solved", "alarm", "reused_from",
                 "same_input_as", "measured", "prep_status", "prep_seconds", "note"]
PREP_FIELDS = ["family", "kernel", "task", "file", "expected", "config", "prep_status",
               "prep_seconds", "nodes_harness", "stats_input_nodes", "stats_output_nodes",
               "stats_total_seconds", "stats_stop_reason", "stats_passes", "note"]


def solve_options(solver: str, t: float) -> list[str]:
    """The solver's command line without the executable and the input."""
    return solver_cmd(solver, "", "", t)[1:-1]


def measure(solver: str, path: str, t: float, opts, config: str = "raw") -> dict:
    """One solver run on path with timeout t: status, seconds, cpu_seconds,
    note. Configuration `solve` runs the solver through `vcsimp solve`, which
    takes the solver's time limit as its budget."""
    exe = opts.z3 if solver == "z3" else opts.cvc5
    cmd = solver_cmd(solver, exe, path, t)
    if config == "solve":
        cmd = [opts.vcsimp, "solve", "--solver", " ".join(cmd[:-1]), path]
    r = run_cmd(cmd, t * 1.2 + 1)
    status, note = parse_answer(r.stdout, r.stderr, r.killed)
    if late_unknown(status, r.wall, t):
        status = "timeout"
    return {"status": status, "seconds": round(r.wall, 4), "cpu_seconds": round(r.cpu, 4),
            "note": note}


def late_unknown(status: str, seconds: float, t: float) -> bool:
    """`unknown` at the limit is running out of time (z3's soft -t limit
    answers "unknown"), not the solver giving up."""
    return status == "unknown" and seconds >= 0.95 * t


def result_row(task: Task, prep: Prep, solver: str, t: float, result: dict | None) -> dict:
    """A results.csv row; result None = the preprocessor gave no output."""
    row = {"family": task.family, "kernel": task.kernel, "task": task.name, "file": task.rel,
           "expected": task.expected, "config": prep.config, "solver": solver, "timeout": t,
           "reused_from": "", "same_input_as": "", "measured": "", "prep_status": prep.status,
           "prep_seconds": round(prep.seconds, 4)}
    if result is None:
        row.update(status="no-output", seconds="", cpu_seconds="", note=prep.note)
    else:
        row.update({k: result.get(k, "") for k in ("status", "seconds", "cpu_seconds", "note",
                                                   "measured")})
    return judged(row)


def judged(row: dict) -> dict:
    row["solved"] = int(is_solved(row["expected"], row["status"]))
    row["alarm"] = int(is_alarm(row["expected"], row["status"]))
    return row


def at_timeout(row: dict, t: float) -> dict:
    """The row a run with the smaller timeout t would have given, read off a
    run at a larger one (as SMT-COMP derives its shorter limits): an answer
    within t stays, anything later is a timeout at t."""
    t_run = float(row["timeout"])
    if t == t_run:
        return row
    r = dict(row, timeout=t, reused_from=row["reused_from"] or t_run)
    status, secs = row["status"], _num(row["seconds"], 0.0)
    if status == "no-output":
        return r
    if status == "timeout" or secs > t or late_unknown(status, secs, t):
        r.update(status="timeout", seconds=t, cpu_seconds="",
                 note=f"run at T={t_run:g}: {status} after {secs:.2f} s")
    return judged(r)


def prep_row(task: Task, prep: Prep) -> dict:
    s = prep.stats or {}
    passes = s.get("passes")
    return {"family": task.family, "kernel": task.kernel, "task": task.name, "file": task.rel,
            "expected": task.expected, "config": prep.config, "prep_status": prep.status,
            "prep_seconds": round(prep.seconds, 4),
            "nodes_harness": "" if prep.nodes is None else prep.nodes,
            "stats_input_nodes": s.get("input_nodes", ""),
            "stats_output_nodes": s.get("output_nodes", ""),
            "stats_total_seconds": s.get("total_seconds", ""),
            "stats_stop_reason": s.get("stop_reason", ""),
            "stats_passes": ";".join(f"{p.get('name')}={p.get('fired')}" for p in passes)
            if isinstance(passes, list) else "",
            "note": prep.note}


def write_csv(path: Path, fields: list[str], rows: list[dict]):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            if r.get("note"):
                r = dict(r, note=" ".join(str(r["note"]).split())[:300])
            w.writerow(r)


def read_csv(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def keep_previous(outdir: Path, results: list[dict], prep_rows: list[dict], stats: dict):
    """This run's rows plus the previous run's rows (outdir's results.csv,
    prep.csv and vcsimp-stats.json) of what this run did not measure: a
    previous result row stays unless this run has rows of its family,
    configuration and timeout; a prep row unless this run has rows of its
    family and configuration; a file's vcsimp stats unless this run ran
    vcsimp on its family. Returns the merged rows and stats, and a sentence
    saying what was kept ("" when nothing was)."""
    res_slices = {(r["family"], r["config"], _num(r["timeout"])) for r in results}
    prep_slices = {(r["family"], r["config"]) for r in prep_rows}

    def old(name, measured):
        p = outdir / name
        return ([r for r in read_csv(p) if not measured(r)] if p.exists() else [])

    old_res = old("results.csv", lambda r: (r["family"], r["config"], _num(r["timeout"]))
                  in res_slices)
    old_prep = old("prep.csv", lambda r: (r["family"], r["config"]) in prep_slices)
    try:
        old_stats = json.loads((outdir / "vcsimp-stats.json").read_text())
    except (OSError, ValueError):
        old_stats = {}
    stats = {k: v for k, v in old_stats.items()
             if (k.split("/")[0], "vcsimp") not in prep_slices} | stats
    if not old_res:
        return results, prep_rows, stats, ""
    dates = sorted({r["measured"] for r in old_res if r.get("measured")})
    new_fams = {f for f, _, _ in res_slices}
    whole = sorted({r["family"] for r in old_res} - new_fams)
    part: dict[str, set] = {}
    for r in old_res:
        if r["family"] in new_fams:
            part.setdefault(r["family"], set()).add(f"{r['config']} at {_fmt_t(r['timeout'])} s")
    # Families with the same kept slices in one phrase.
    by_slices: dict[tuple, list] = {}
    for f, cs in sorted(part.items()):
        by_slices.setdefault(tuple(sorted(cs)), []).append(f)
    what = ([f"rows of {', '.join(whole)}"] if whole else []) + [
        f"{', '.join(cs)} rows of {', '.join(fs)}" for cs, fs in by_slices.items()]
    kept = ("; ".join(what) + " kept from the previous results.csv"
            + (f" (measured {dates[0]} to {dates[-1]})" if dates else ""))
    return old_res + results, old_prep + prep_rows, stats, kept


# --------------------------------------------------------------------------
# Table


def _num(x, default=0.0) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return default


def _fmt_t(t) -> str:
    return f"{_num(t):g}"


def _secs(x: float) -> str:
    return f"{x:.2f}"


def make_table(results: list[dict], preps: list[dict], meta: dict) -> str:
    """Markdown report from result and prep rows (as read from the CSVs)."""
    configs = [c for c in CONFIGS if any(r["config"] == c for r in results)] or CONFIGS
    solvers = [s for s in SOLVERS if any(r["solver"] == s for r in results)]
    timeouts = sorted({_num(r["timeout"]) for r in results})
    def real_first(name: str):
        fam = name.split("/")[0]
        return (REAL_FAMILIES.index(fam) if fam in REAL_FAMILIES else len(REAL_FAMILIES), name)

    kernels = sorted({r["kernel"] for r in preps} | {r["kernel"] for r in results}, key=real_first)
    families = sorted({r["family"] for r in preps} | {r["family"] for r in results},
                      key=real_first)
    tasks_of: dict[str, set] = {}
    for r in preps + results:
        tasks_of.setdefault(r["kernel"], set()).add(r["file"])
        tasks_of.setdefault("fam:" + r["family"], set()).add(r["file"])
    all_files = {r["file"] for r in preps + results}

    def agg(group_key, group, solver, t, config):
        rows = [r for r in results if r["solver"] == solver and _num(r["timeout"]) == t
                and r["config"] == config and (group is None or r[group_key] == group)]
        if not rows:
            return None, 0.0  # not run (see --long-configs)
        solved = [r for r in rows if r["solved"] in ("1", 1)]
        return len(solved), sum(_num(r["seconds"]) for r in solved)

    lines = []
    a = lines.append
    a("# vcsimp evaluation: z3 and cvc5 on raw, vcsimp and peer-preprocessed VCs")
    a("")
    a(f"Generated {meta.get('date', '')} by:")
    a("")
    a("```")
    a(meta.get("command", "python3 bench/harness.py --corpus corpus --out bench/results"))
    a("```")
    a("")
    a("## How to read")
    a("")
    a("* **Configurations**: `raw` = the corpus file as is; `vcsimp` = vcsimp's output; "
      "`z3-pre` = z3 tactic `" + peers.Z3_TACTICS["z3-pre"] + "`; `z3-qe` = z3 tactic `"
      + peers.Z3_TACTICS["z3-qe"] + "`; `cvc5-pre` = `cvc5 --preprocess-only -o post-asserts`; `vericuda` = VeriCUDA's "
      "own simplification (only on `vericuda-real`, where its output exists; `–` elsewhere, "
      "and its total counts those tasks only); `solve` = `vcsimp solve` around the solver on "
      "the file as it is (timed as a whole; see *vcsimp solve against the solver alone*). "
      "Peer outputs are printed back as SMT-LIB and solved like any other file.")
    a("* **Cells** `s/n (t)`: `s` tasks solved out of `n`, `t` = summed solver wall-clock seconds "
      "over the solved tasks only. *Solved* = a sat/unsat answer that agrees with the file's "
      "`(set-info :status ...)`, within the timeout T (solver time only; preprocessing time is "
      "reported separately).")
    a("* A preprocessor that failed or timed out gives *no output*: the task counts as unsolved "
      "in that configuration (see *Preprocessing failures*).")
    a(f"* Each configuration is solved once per task and solver, at the largest T it is "
      "reported at; its answers at a smaller T are read off that run (an answer within T "
      "stands, a later one is a timeout at T), as SMT-COMP derives its shorter limits (column "
      "`reused_from` in results.csv: the T of the run read). Within one task, configurations "
      "whose inputs have the same token stream (comments and whitespace aside) share one "
      "solver run (column `same_input_as`). A cell `–` was not run (`--long-configs`).")
    a("* **Store of runs**: a solver run is a function of the machine, the solver build, its "
      "options and timeout, and the input's token stream; a run whose key is in "
      "`solver-runs.jsonl` is not made again (column `measured`: when the answer was "
      "measured; `--fresh` measures everything again). After a change to vcsimp, only the "
      "tasks whose vcsimp output changed are solved again, all their configurations side by "
      "side, so that a task's times compare at one load. See *Environment* for how many runs "
      "this run made and how many it reused.")
    a("* **Sizes** are AST nodes of the asserted terms. `vcsimp in/out` come from vcsimp's "
      "`--stats-json`; the `harness` columns are the harness's own count of the terms as "
      "written (lets not expanded, patterns not counted), computed the same way for every "
      "configuration, as a cross-check.")
    a("* All times are wall-clock seconds on a shared 2-core machine with "
      f"{meta.get('jobs', '?')} jobs in parallel; compare configurations run side by side in "
      "this same run (ratios), not absolute numbers across runs.")
    env = meta.get("env")
    if env:
        a(f"* Environment: {env}")
    a("")

    alarms = [r for r in results if r["alarm"] in ("1", 1)]
    a("## Soundness alarms")
    a("")
    if alarms:
        a(f"**{len(alarms)} SOUNDNESS ALARM(S)**: an answer contradicts the expected status.")
        a("")
        a("| file | expected | config | solver | T | answer |")
        a("|---|---|---|---|---|---|")
        for r in alarms:
            a(f"| {r['file']} | {r['expected']} | {r['config']} | {r['solver']} | "
              f"{_fmt_t(r['timeout'])} | **{r['status']}** |")
    else:
        a("None: no configuration answered sat on an unsat file or unsat on a sat file.")
    a("")

    def solved_table(title, group_key, groups, label, total=True):
        for solver in solvers:
            for t in timeouts:
                a(f"### {title}: {solver}, T = {_fmt_t(t)} s")
                a("")
                a(f"| {label} | tasks | " + " | ".join(configs) + " |")
                a("|---|---:|" + "---:|" * len(configs))
                for g in groups:
                    n = len(tasks_of.get(("fam:" + g) if group_key == "family" else g, ()))
                    cells = []
                    for c in configs:
                        s, secs = agg(group_key, g, solver, t, c)
                        cells.append("–" if s is None else f"{s}/{n} ({_secs(secs)})")
                    a(f"| {g} | {n} | " + " | ".join(cells) + " |")
                if not total:
                    a("")
                    continue
                cells = []
                for c in configs:
                    s, secs = agg(group_key, None, solver, t, c)
                    cells.append("–" if s is None else f"**{s}/{len(all_files)}** ({_secs(secs)})")
                a(f"| **total** | {len(all_files)} | " + " | ".join(cells) + " |")
                a("")

    real = [f for f in families if f in REAL_FAMILIES]
    if real:
        a("## VCs printed by real tools")
        a("")
        a("`vericuda-real`: VCs written by the real VeriCUDA (Why3 0.87.2's SMT-LIB printer), read "
          "in place from the VeriCUDA training set; the `vericuda` column is VeriCUDA's own "
          "simplification: a VC counts as solved when, for every common subtask, all its S1 "
          "files or all its S2 files are proved (seconds: summed over all its S1/S2 files). "
          "`gpuverify-real`: the queries that Boogie, run by GPUVerify, sent z3 (one per "
          "check-sat of a Houdini or final-check session), read in place from the GPUVerify "
          "training set; a query's expected status is the reference z3's answer where it gave "
          "one. `why3-real`: goals printed by Why3 1.5.1 from WhyML models of the paper's "
          "kernels (`corpus/why3-real/`).")
        a("")
        solved_table("Real tool output", "family", real, "family", total=False)
        vcsimp_against_raw(results, preps, solvers, timeouts, real, a)
    invalid_vcs(results, configs, solvers, a)
    a("## Solved per encoding family")
    a("")
    solved_table("Per family", "family", families, "family")
    solve_against_alone(results, solvers, timeouts, families, a)
    a("## Solved per kernel")
    a("")
    solved_table("Per kernel", "kernel", kernels, "kernel")

    # Sizes and preprocessing.
    pre_cfgs = [c for c in configs if c != "raw"]

    def size_row(label, rows):
        def by(cfg):
            return [r for r in rows if r["config"] == cfg]

        raw_h = sum(int(_num(r["nodes_harness"])) for r in by("raw") if r["nodes_harness"] != "")
        vs = [r for r in by("vcsimp") if r["prep_status"] == "ok"]
        vin = sum(int(_num(r["stats_input_nodes"])) for r in vs if r["stats_input_nodes"] != "")
        vout = sum(int(_num(r["stats_output_nodes"])) for r in vs if r["stats_output_nodes"] != "")
        vh = sum(int(_num(r["nodes_harness"])) for r in vs if r["nodes_harness"] != "")
        cells = [label, str(len({r["file"] for r in rows})), str(raw_h),
                 f"{vin} → {vout}" if vs else "–", str(vh) if vs else "–"]
        for c in pre_cfgs:
            if c == "vcsimp":
                continue
            ok = [r for r in by(c) if r["prep_status"] == "ok"]
            cells.append(str(sum(int(_num(r["nodes_harness"])) for r in ok
                                 if r["nodes_harness"] != "")) if ok else "–")
        for c in pre_cfgs:
            rs = by(c)
            fail = sum(1 for r in rs if r["prep_status"] != "ok")
            cells.append(_secs(sum(_num(r["prep_seconds"]) for r in rs))
                         + (f" ({fail} no output)" if fail else ""))
        return "| " + " | ".join(cells) + " |"

    a("## VC size and preprocessing time per kernel")
    a("")
    a("Node counts are sums over the kernel's tasks (for a preprocessor, over the tasks where it "
      "produced output). Preprocessing columns: summed wall-clock seconds, and how many tasks "
      "got no output.")
    a("")
    peer_cfgs = [c for c in pre_cfgs if c != "vcsimp"]
    head = (["kernel", "tasks", "raw (harness)", "vcsimp in → out (stats)", "vcsimp out (harness)"]
            + [f"{c} (harness)" for c in peer_cfgs] + [f"{c} s" for c in pre_cfgs])
    a("| " + " | ".join(head) + " |")
    a("|---|" + "---:|" * (len(head) - 1))
    for k in kernels:
        a(size_row(k, [r for r in preps if r["kernel"] == k]))
    for f in families:
        a(size_row(f"*family {f}*", [r for r in preps if r["family"] == f]))
    a(size_row("**total**", preps))
    a("")

    fails = [r for r in preps if r["prep_status"] != "ok"]
    a("## Preprocessing failures (no output)")
    a("")
    if fails:
        a("| file | config | status | seconds | reason |")
        a("|---|---|---|---:|---|")
        for r in fails[:200]:
            note = r["note"].replace("|", "\\|").replace("\n", " ")[:160]
            a(f"| {r['file']} | {r['config']} | {r['prep_status']} | "
              f"{_secs(_num(r['prep_seconds']))} | {note} |")
        if len(fails) > 200:
            a(f"| … {len(fails) - 200} more in prep.csv | | | | |")
    else:
        a("None.")
    a("")

    stops: dict[str, int] = {}
    for r in preps:
        if r["config"] == "vcsimp" and r["stats_stop_reason"]:
            stops[r["stats_stop_reason"]] = stops.get(r["stats_stop_reason"], 0) + 1
    if stops:
        a("vcsimp stop reasons: " + ", ".join(f"`{k}` × {v}" for k, v in sorted(stops.items())))
        a("")

    errs = [r for r in results if r["status"] == "error"]
    if errs:
        a("## Solver errors")
        a("")
        a("| file | config | solver | T | message |")
        a("|---|---|---|---|---|")
        for r in errs[:100]:
            note = r["note"].replace("|", "\\|")[:160]
            a(f"| {r['file']} | {r['config']} | {r['solver']} | {_fmt_t(r['timeout'])} | {note} |")
        if len(errs) > 100:
            a(f"| … {len(errs) - 100} more in results.csv | | | | |")
        a("")
    return "\n".join(lines) + "\n"


def vcsimp_against_raw(results: list[dict], preps: list[dict], solvers: list[str],
                       timeouts: list[float], families: list[str], a):
    """Per family, solver and T: the files decided raw and after vcsimp, the
    files only the raw run decides (`lost`) and only vcsimp's output decides
    (`gained`), and on the files both decide the solver's seconds raw against
    vcsimp's own seconds plus the solver's on its output."""
    by = {(r["file"], r["solver"], _num(r["timeout"]), r["config"]): r for r in results
          if r["config"] in ("raw", "vcsimp") and r["family"] in families}
    prep_s = {r["file"]: _num(r["prep_seconds"]) for r in preps if r["config"] == "vcsimp"}
    rows = []
    for fam in families:
        for solver in solvers:
            for t in timeouts:
                pairs = [(by[k], by.get((k[0], solver, t, "vcsimp"))) for k in by
                         if k[1] == solver and k[2] == t and k[3] == "raw"
                         and by[k]["family"] == fam]
                pairs = [(r, v) for r, v in pairs if v is not None]
                if not pairs:
                    continue
                ok = lambda r: r["solved"] in ("1", 1)  # noqa: E731
                both = [(r, v) for r, v in pairs if ok(r) and ok(v)]
                raw_s = sum(_num(r["seconds"]) for r, _ in both)
                own = sum(prep_s.get(r["file"], 0.0) for r, _ in both)
                sol_s = sum(_num(v["seconds"]) for _, v in both)
                rows.append(f"| {fam} | {solver} | {_fmt_t(t)} | {len(pairs)} | "
                            f"{sum(ok(r) for r, _ in pairs)} | {sum(ok(v) for _, v in pairs)} | "
                            f"{sum(ok(r) and not ok(v) for r, v in pairs)} | "
                            f"{sum(ok(v) and not ok(r) for r, v in pairs)} | {len(both)} | "
                            f"{_secs(raw_s)} | {_secs(own)} + {_secs(sol_s)} | "
                            f"{_secs(sum(prep_s.get(r['file'], 0.0) for r, _ in pairs))} |")
    if not rows:
        return
    a("### vcsimp against the solver alone, per file")
    a("")
    a("`raw` and `vcsimp` decided: files solved at T; `lost`: decided raw only; `gained`: "
      "decided after vcsimp only; on the `both` files that both decide, the solver's seconds "
      "raw against vcsimp's own seconds + the solver's on vcsimp's output; `vcsimp s`: "
      "vcsimp's own seconds over all the family's files.")
    a("")
    a("| family | solver | T | files | raw | vcsimp | lost | gained | both | raw s | "
      "vcsimp + solver s | vcsimp s |")
    a("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        a(row)
    a("")


def solve_against_alone(results: list[dict], solvers: list[str], timeouts: list[float],
                        families: list[str], a):
    """`vcsimp solve` against the solver alone (`raw`) per family: files
    decided by each, files only the solver alone decided (`lost`, which
    should be 0), and the ratio of wall times on the files both decided."""
    by = {(r["file"], r["solver"], _num(r["timeout"]), r["config"]): r for r in results
          if r["config"] in ("raw", "solve")}
    if not any(k[3] == "solve" for k in by):
        return
    a("## vcsimp solve against the solver alone")
    a("")
    a("`solve` runs `vcsimp solve --solver \"<solver> <limit>\"` on the file as it is: the "
      "solver raced on the input and on vcsimp's outputs, timed as a whole (simplification "
      "included) on the same machine and jobs as the solver alone (`raw`). `lost`: files the "
      "solver alone decides and `solve` does not. Wall ratio: summed `solve` seconds over "
      "summed `raw` seconds on the files both decide (median of the per-file ratios in "
      "parentheses). Measured: when the `solve` runs of the row were made (a run limited by "
      "`--families` keeps the other families' rows).")
    a("")
    for solver in solvers:
        for t in timeouts:
            rows = []
            for fam in families + [None]:
                pairs = [(by[k], by.get((k[0], solver, t, "solve"))) for k in by
                         if k[1] == solver and k[2] == t and k[3] == "raw"
                         and (fam is None or by[k]["family"] == fam)]
                pairs = [(r, v) for r, v in pairs if v is not None]
                if not pairs:
                    continue
                ok = lambda r: r["solved"] in ("1", 1)  # noqa: E731
                both = [(r, v) for r, v in pairs if ok(r) and ok(v)]
                lost = sum(1 for r, v in pairs if ok(r) and not ok(v))
                raw_s = sum(_num(r["seconds"]) for r, _ in both)
                sol_s = sum(_num(v["seconds"]) for _, v in both)
                ratio = f"{sol_s / raw_s:.2f}" if raw_s > 0 else "–"
                med = (f" ({statistics.median(_num(v['seconds']) / max(_num(r['seconds']), 1e-3) for r, v in both):.2f})"
                       if both else "")
                name = f"**{fam or 'total'}**" if fam is None else fam
                dates = sorted({v["measured"] for _, v in pairs if v.get("measured")})
                when = (dates[0] + (f" to {dates[-1]}" if len(dates) > 1 else "")) if dates else ""
                rows.append(f"| {name} | {len(pairs)} | {sum(ok(r) for r, _ in pairs)} | "
                            f"{sum(ok(v) for _, v in pairs)} | {lost} | {ratio}{med} | {when} |")
            if not rows:
                continue
            a(f"### {solver}, T = {_fmt_t(t)} s")
            a("")
            a("| family | files | solver alone | vcsimp solve | lost | wall ratio | measured |")
            a("|---|---:|---:|---:|---:|---:|---|")
            for row in rows:
                a(row)
            a("")


def invalid_vcs(results: list[dict], configs: list[str], solvers: list[str], a):
    """The deliberately invalid VCs (status sat): each one's answer in every
    configuration and solver, at the largest T that configuration ran at."""
    rows = [r for r in results if r["expected"] == "sat"]
    if not rows:
        return
    largest: dict[tuple, dict] = {}
    for r in rows:
        k = (r["file"], r["config"], r["solver"])
        if k not in largest or _num(r["timeout"]) > _num(largest[k]["timeout"]):
            largest[k] = r
    files = sorted({r["file"] for r in rows})
    cols = [(c, s) for c in configs for s in solvers]

    def all_sat(f):
        return all(largest.get((f, c, s), {}).get("status") == "sat" for c, s in cols)

    good = [f for f in files if all_sat(f)]
    a("## Deliberately invalid VCs (status sat)")
    a("")
    a(f"**{len(good)} of {len(files)}** are answered `sat` in every configuration by both "
      "solvers (each configuration at the largest T it ran at). The others:")
    a("")
    rest = [f for f in files if f not in good]
    if not rest:
        a("None.")
        a("")
        return
    a("| file | " + " | ".join(f"{c} {s}" for c, s in cols) + " |")
    a("|---|" + "---|" * len(cols))
    for f in rest:
        cells = [largest.get((f, c, s), {}).get("status", "–") for c, s in cols]
        a(f"| {f} | " + " | ".join(f"**{x}**" if x == "unsat" else x for x in cells) + " |")
    a("")


# --------------------------------------------------------------------------
# Cactus plots


def cactus(results: list[dict], preps: list[dict], outdir: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    prep_secs = {(r["file"], r["config"]): _num(r["prep_seconds"]) for r in preps}
    timeouts = sorted({_num(r["timeout"]) for r in results})
    configs = [c for c in CONFIGS if any(r["config"] == c for r in results)]
    styles = {"raw": ("black", "-"), "vcsimp": ("tab:red", "-"), "z3-pre": ("tab:blue", "--"),
              "z3-qe": ("tab:green", "--"), "cvc5-pre": ("tab:purple", ":")}
    written = []
    for solver in SOLVERS:
        rows = [r for r in results if r["solver"] == solver]
        if not rows:
            continue
        fig, axes = plt.subplots(1, len(timeouts), figsize=(6 * len(timeouts), 4.5), squeeze=False)
        ntasks = len({r["file"] for r in rows})
        for ax, t in zip(axes[0], timeouts):
            for c in configs:
                times = sorted(max(_num(r["seconds"]) + prep_secs.get((r["file"], c), 0.0), 1e-3)
                               for r in rows if r["config"] == c and _num(r["timeout"]) == t
                               and r["solved"] in ("1", 1))
                if not times:
                    continue
                color, ls = styles.get(c, (None, "-"))
                ax.plot(range(1, len(times) + 1), times, label=f"{c} ({len(times)})",
                        color=color, linestyle=ls, marker=".", markersize=3, linewidth=1.3)
            ax.set_yscale("log")
            ax.set_xlim(0, max(ntasks, 1) + 1)
            ax.set_xlabel("number of solved instances")
            ax.set_ylabel("seconds per instance (preprocessing + solve), sorted")
            ax.set_title(f"{solver}, T = {_fmt_t(t)} s ({ntasks} tasks)")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8, loc="upper left")
        fig.tight_layout()
        for ext in ("png", "svg"):
            p = outdir / f"cactus-{solver}.{ext}"
            fig.savefig(p, dpi=120 if ext == "png" else None,
                        metadata={"Date": None} if ext == "svg" else None)
            written.append(p)
        plt.close(fig)
    return written


# --------------------------------------------------------------------------
# Main


def tool_version(exe: str, args: list[str]) -> str:
    try:
        r = subprocess.run([exe] + args, capture_output=True, text=True, timeout=20)
        return (r.stdout.strip().splitlines() or ["?"])[0]
    except (OSError, subprocess.SubprocessError):
        return "?"


def file_digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
    except OSError:
        return "missing"


class LoadSampler:
    """Samples the 1-min load average every 30 s while the harness runs: on a
    2-core machine a load well above 2 (others' builds) slows every run and
    turns some solves into timeouts."""

    def __init__(self, every: float = 30.0):
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._every = every
        self._sample()
        self._t = threading.Thread(target=self._loop, daemon=True)
        self._t.start()

    def _sample(self):
        try:
            self.samples.append(os.getloadavg()[0])
        except (OSError, AttributeError):
            pass

    def _loop(self):
        while not self._stop.wait(self._every):
            self._sample()

    def stop(self):
        self._stop.set()
        self._sample()

    def summary(self) -> str:
        self.stop()
        if not self.samples:
            return "load average unknown"
        return (f"1-min load average during the run: mean {statistics.mean(self.samples):.1f}, "
                f"max {max(self.samples):.1f} ({len(self.samples)} samples; 2 = both cores busy)")


class Progress:
    def __init__(self, label: str, total: int, quiet: bool):
        self.label, self.total, self.quiet = label, total, quiet
        self.done, self.t0, self.last = 0, time.monotonic(), 0.0
        self.lock = threading.Lock()

    def tick(self):
        with self.lock:
            self.done += 1
            now = time.monotonic()
            if self.quiet or (now - self.last < 5 and self.done != self.total):
                return
            self.last = now
            el = now - self.t0
            eta = el / self.done * (self.total - self.done)
            print(f"[{self.label}] {self.done}/{self.total}  {el:.0f}s elapsed, ~{eta:.0f}s left",
                  file=sys.stderr, flush=True)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="corpus", help="corpus root (default: corpus)")
    ap.add_argument("--out", default="bench/results", help="results dir (default: bench/results)")
    ap.add_argument("--work", default="bench/work/harness",
                    help="scratch dir for preprocessed files (default: bench/work/harness)")
    ap.add_argument("--vcsimp", default="target/release/vcsimp",
                    help="vcsimp executable (default: target/release/vcsimp)")
    ap.add_argument("--vcsimp-arg", action="append", default=[],
                    help="extra argument for vcsimp (repeatable), e.g. --vcsimp-arg=--timeout=10")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--cvc5", default="cvc5")
    ap.add_argument("--timeouts", default="1,10", help="solver timeouts in s (default: 1,10)")
    ap.add_argument("--peer-timeout", type=float, default=10.0,
                    help="limit for each peer preprocessing run in s (default: 10)")
    ap.add_argument("--vcsimp-timeout", type=float, default=10.0,
                    help="passed to vcsimp as --timeout (it then prints its best result so far), "
                         "hard kill 5 s later; 0: no --timeout (default: 10, as --peer-timeout)")
    ap.add_argument("--prep-timeout", type=float, default=60.0,
                    help="hard limit for one vcsimp run in s (default: 60)")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    ap.add_argument("--vericuda-real", default=vericuda_real.DEFAULT_DIR,
                    help="VeriCUDA training set read in place as the family vericuda-real "
                         f"(default {vericuda_real.DEFAULT_DIR}; skipped when absent, '' = off)")
    ap.add_argument("--gpuverify-real", default=gpuverify_real.DEFAULT_DIR,
                    help="GPUVerify training set read in place as the family gpuverify-real "
                         f"(default {gpuverify_real.DEFAULT_DIR}; skipped when absent, '' = off)")
    ap.add_argument("--families", default="",
                    help="only these families (comma list); what the run does not measure "
                         "(other families, configurations, timeouts) is kept from the existing "
                         "results.csv and prep.csv, so that table.md stays whole")
    ap.add_argument("--long-configs", default="raw,vcsimp,vericuda",
                    help="configurations that also run at the timeouts above the smallest "
                         "(default: raw,vcsimp; 'all' for every configuration); the others "
                         "show '–' there. Most of a full run is spent on runs that time out "
                         "at the largest T: all five configurations at 10 s do not fit in "
                         "15 minutes on 2 cores")
    ap.add_argument("--jobs", type=int, default=2, help="parallel jobs (default: 2)")
    ap.add_argument("--match", default="", help="only files whose path contains this string")
    ap.add_argument("--every", type=int, default=1,
                    help="only every Nth file (sorted by path): a quick, spread-out sample")
    ap.add_argument("--prep-only", action="store_true",
                    help="only preprocess (vcsimp and peers), write prep.csv and stop")
    ap.add_argument("--store", default="",
                    help="store of solver runs (default: <out>/solver-runs.jsonl): a run whose "
                         "machine, solver build, options, timeout and input token stream are "
                         "in it is not made again")
    ap.add_argument("--fresh", action="store_true",
                    help="measure every run again (the store is still updated)")
    ap.add_argument("--no-store", action="store_true", help="neither read nor write a store")
    ap.add_argument("--table-only", action="store_true",
                    help="run nothing: rewrite table.md and the plots from --out's results.csv "
                         "and prep.csv, keeping the date, command and environment of the "
                         "existing table.md (after a change to the table's code)")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args(argv)


def table_meta(old_table: str) -> dict:
    """The date, command, jobs and environment a table.md was generated
    with (empty where it does not say)."""
    meta = {}
    m = re.search(r"^Generated (.*) by:\n\n```\n(.*?)\n```", old_table, re.M | re.S)
    if m:
        meta["date"], meta["command"] = m.group(1), m.group(2)
    m = re.search(r"on a shared 2-core machine with (\S+) jobs in parallel", old_table)
    if m:
        meta["jobs"] = m.group(1)
    m = re.search(r"^\* Environment: (.*)$", old_table, re.M)
    if m:
        meta["env"] = m.group(1)
    return meta


def rewrite_table(outdir: Path) -> int:
    """--table-only: table.md and the plots again from the saved CSVs."""
    res_csv, prep_csv = read_csv(outdir / "results.csv"), read_csv(outdir / "prep.csv")
    table = outdir / "table.md"
    meta = table_meta(table.read_text() if table.exists() else "")
    table.write_text(make_table(res_csv, prep_csv, meta))
    try:
        cactus(res_csv, prep_csv, outdir)
    except Exception as e:  # plots are a convenience
        print(f"warning: cactus plots failed: {e!r}", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    opts = parse_args(argv)
    corpus, outdir, work = Path(opts.corpus), Path(opts.out), Path(opts.work)
    if opts.table_only:
        return rewrite_table(outdir)
    configs = [c for c in opts.configs.split(",") if c]
    solvers = [s for s in opts.solvers.split(",") if s]
    for c in configs:
        if c not in CONFIGS:
            print(f"unknown configuration {c}; known: {', '.join(CONFIGS)}", file=sys.stderr)
            return 2
    timeouts = sorted(float(x) for x in opts.timeouts.split(",") if x)
    long_configs = [c for c in opts.long_configs.split(",") if c and c != "all"]
    if not corpus.is_dir():
        print(f"corpus {corpus} is not a directory", file=sys.stderr)
        return 2
    opts.z3 = resolve_exe(opts.z3)
    opts.cvc5 = resolve_exe(opts.cvc5)
    if any(c in configs for c in USES_VCSIMP):
        if not (Path(opts.vcsimp).exists() or shutil.which(opts.vcsimp)):
            print(f"vcsimp not found at {opts.vcsimp} (use --vcsimp PATH or drop it from "
                  "--configs)", file=sys.stderr)
            return 2
        if Path(opts.vcsimp).exists():
            opts.vcsimp = str(Path(opts.vcsimp).resolve())
    skipped: list[str] = []
    tasks = discover(corpus, skipped)
    real_dir = Path(opts.vericuda_real) if opts.vericuda_real else None
    if real_dir is not None:
        real = discover_vericuda_real(real_dir)
        if not real and not opts.quiet:
            print(f"{real_dir}: no VeriCUDA training set (EXPECT.tsv); family "
                  f"{vericuda_real.FAMILY} skipped", file=sys.stderr)
        tasks += real
    gv_dir = Path(opts.gpuverify_real) if opts.gpuverify_real else None
    if gv_dir is not None:
        gv = discover_gpuverify_real(gv_dir)
        if not gv and not opts.quiet:
            print(f"{gv_dir}: no GPUVerify training set (EXPECT.tsv); family "
                  f"{gpuverify_real.FAMILY} skipped", file=sys.stderr)
        tasks += gv
    families = [f for f in opts.families.split(",") if f]
    if families:
        tasks = [t for t in tasks if t.family in families]
    if skipped and not opts.quiet:
        print(f"skipped {len(skipped)} file(s) outside the <family>/<kernel>/<task>.smt2 layout: "
              + ", ".join(skipped[:5]) + (" …" if len(skipped) > 5 else ""), file=sys.stderr)
    if opts.match:
        tasks = [t for t in tasks if opts.match in t.rel]
    if opts.every > 1:
        tasks = tasks[::opts.every]
    if not tasks:
        print(f"no .smt2 files under {corpus}", file=sys.stderr)
        return 2
    outdir.mkdir(parents=True, exist_ok=True)
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    vcsimp_src = opts.vcsimp
    if any(c in configs for c in USES_VCSIMP) and is_elf(opts.vcsimp):
        # Snapshot the binary: others rebuild target/release while we run.
        snap = work / "bin" / Path(opts.vcsimp).name
        snap.parent.mkdir()
        shutil.copy2(opts.vcsimp, snap)
        opts.vcsimp = str(snap.resolve())
    t_start = time.monotonic()
    load = LoadSampler()
    phases: list[str] = []
    quiet = opts.quiet
    if not quiet:
        print(f"{len(tasks)} files, configs {configs}, solvers {solvers}, T {timeouts}, "
              f"{opts.jobs} jobs; z3={opts.z3} cvc5={opts.cvc5}", file=sys.stderr)

    # Phase 1: preprocessing. vcsimp first, in one `vcsimp batch`; what it
    # leaves, and the peers, one process per file.
    preps: dict[tuple[str, str], Prep] = {}
    t_phase = time.monotonic()
    if "vcsimp" in configs:
        done, why = prep_vcsimp_batch([t for t in tasks if applies(t, "vcsimp")], opts, work)
        preps.update({(rel, "vcsimp"): digested(p, "vcsimp", opts) for rel, p in done.items()})
        if why and not quiet:
            print(why, file=sys.stderr)
        if not quiet:
            print(f"[prep] vcsimp batch: {len(done)} files, {time.monotonic() - t_phase:.0f} s",
                  file=sys.stderr)
    jobs = [(t, c) for t in tasks for c in configs if applies(t, c) and (t.rel, c) not in preps]
    prog = Progress("prep", len(jobs), quiet)
    with cf.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        futs = {ex.submit(prep_one, t, c, opts, work): (t, c) for t, c in jobs}
        for fut in cf.as_completed(futs):
            t, c = futs[fut]
            try:
                preps[(t.rel, c)] = fut.result()
            except Exception as e:  # never crash on one file
                preps[(t.rel, c)] = Prep(c, "error", 0.0, note=f"harness: {e!r}")
            prog.tick()

    phases.append(f"preprocessing {time.monotonic() - t_phase:.0f} s")
    if opts.prep_only:
        load.stop()
        write_csv(outdir / "prep.csv", PREP_FIELDS,
                  [prep_row(t, preps[(t.rel, c)]) for t in tasks for c in configs
                   if applies(t, c)])
        if not quiet:
            print(f"preprocessing done in {time.monotonic() - t_start:.0f} s; "
                  f"{outdir / 'prep.csv'}", file=sys.stderr)
        return 0

    # Phase 2: solving. Each (task, configuration, solver) is run once, at the
    # largest timeout it is reported at; the smaller ones are read off that
    # run. Configurations of a task whose inputs have the same token stream
    # share one run; runs already in the store are not made again.
    t_phase = time.monotonic()
    run_date = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    machine = store_mod.machine_fingerprint()
    solver_ids = {s: f"{tool_version(opts.z3 if s == 'z3' else opts.cvc5, ['--version'])} "
                     f"{store_mod.binary_digest(opts.z3 if s == 'z3' else opts.cvc5)}"
                  for s in solvers}
    try:
        store = store_mod.RunStore(None if opts.no_store else Path(opts.store) if opts.store
                                   else outdir / "solver-runs.jsonl")
    except (OSError, ValueError) as e:
        print(f"error: cannot read the store: {e} (--fresh --store NEW, or --no-store)",
              file=sys.stderr)
        return 2

    def reported_at(c: str) -> list[float]:
        return timeouts if not long_configs or c in long_configs else timeouts[:1]

    # Group the (task, config, solver) triples that share an input.
    groups: dict[tuple, list[tuple]] = {}
    results: list[dict] = []
    # vericuda: (task, solver) -> [(S1/S2 file, its group)]; those files are
    # solved like tasks, and only VeriCUDA's proof rule over them is reported.
    vc_parts: dict[tuple, list[tuple[str, tuple]]] = {}
    part_rels: set[str] = set()
    for task in tasks:
        for c in configs:
            if not applies(task, c):
                continue
            prep = preps[(task.rel, c)]
            for s in solvers:
                if c == "vericuda":
                    lst = vc_parts.setdefault((task.rel, s), [])
                    for part in task_parts(task):
                        pt = part_task(task, part)
                        if (pt.rel, c) not in preps:
                            preps[(pt.rel, c)] = Prep(c, "ok", 0.0, part, digest=token_digest(part))
                        gkey = (pt.rel, preps[(pt.rel, c)].digest, s)
                        groups.setdefault(gkey, []).append((pt, c, s))
                        part_rels.add(pt.rel)
                        lst.append((part, gkey))
                elif prep.path is None:
                    results += [result_row(task, prep, s, t, None) for t in reported_at(c)]
                else:
                    groups.setdefault((task.rel, prep.digest, s), []).append((task, c, s))
    # The task a group's answer is compared within: VeriCUDA's S1/S2 files
    # belong to the task whose rows they make.
    owner = {gkey: gkey[0] for gkey in groups}
    for (rel, _), parts in vc_parts.items():
        for _, gkey in parts:
            owner[gkey] = rel
    planned = []
    for gkey, members in groups.items():
        task, c, s = members[0]
        t = max(max(reported_at(m[1])) for m in members)
        key = store_mod.run_key(machine, solver_ids[s], solve_options(s, t), gkey[1])
        planned.append((gkey, key, t, None if opts.fresh else store.get(key)))
    # Side by side: where one configuration of a task must be solved now (its
    # input changed), the task's other configurations are solved again in the
    # same run, so that their times compare at one load, never against a
    # stored answer measured at another.
    stale = {(owner[gkey], gkey[2]) for gkey, _, _, hit in planned if hit is None}
    measured: dict[tuple, dict] = {}
    to_run = []
    reused = 0
    for gkey, key, t, hit in planned:
        task, c, s = groups[gkey][0]
        if hit is not None and (owner[gkey], s) not in stale:
            measured[gkey] = result_row(task, preps[(task.rel, c)], s, t, hit)
            reused += 1
        else:
            to_run.append((gkey, key, t, preps[(task.rel, c)].path, c))
    # Longest limits first: better packing of the jobs.
    to_run.sort(key=lambda run: -run[2])
    if not quiet:
        print(f"[solve] {len(to_run)} runs to make ({reused} answers from the store "
              f"{store.path}); at most "
              f"{sum(t * 1.2 + 1 for _, _, t, _, _ in to_run) / opts.jobs:.0f} s",
              file=sys.stderr, flush=True)
    prog = Progress("solve", len(to_run), quiet)
    with cf.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        futs = {ex.submit(measure, gkey[2], path, t, opts, c): (gkey, key, t)
                for gkey, key, t, path, c in to_run}
        for fut in cf.as_completed(futs):
            gkey, key, t = futs[fut]
            task, c, s = groups[gkey][0]
            try:
                res = dict(fut.result(), measured=run_date)
                store.put(key, f"{task.rel} {c} {s} T={t:g}", res)
            except Exception as e:  # never crash on one file
                res = {"status": "error", "seconds": "", "cpu_seconds": "",
                       "note": f"harness: {e!r}", "measured": run_date}
            row = result_row(task, preps[(task.rel, c)], s, t, res)
            measured[gkey] = row
            if row["alarm"] and not quiet:
                print(f"!!! SOUNDNESS ALARM: {s} says {row['status']} on {task.rel} ({c}, "
                      f"T={t:g}), expected {row['expected']}", file=sys.stderr, flush=True)
            prog.tick()
    for gkey, members in groups.items():
        base = measured[gkey]
        for task, c, s in members:
            if task.rel in part_rels:
                continue
            p = preps[(task.rel, c)]
            row = dict(base, config=c, prep_status=p.status, prep_seconds=round(p.seconds, 4),
                       same_input_as="" if c == base["config"] else base["config"])
            results += [at_timeout(row, t) for t in reported_at(c)]
    for task in tasks:
        for s in solvers:
            if (task.rel, s) in vc_parts:
                results += [vericuda_row(task, preps[(task.rel, "vericuda")], s, t,
                                         [(part, at_timeout(measured[g], t))
                                          for part, g in vc_parts[(task.rel, s)]])
                            for t in reported_at("vericuda")]
    # Only a run over everything knows the working set; a partial one keeps the rest.
    partial = (opts.match or opts.every > 1 or families or set(configs) != set(CONFIGS)
               or set(solvers) != set(SOLVERS))
    store.save(prune=not partial)
    dates = sorted({r["measured"] for r in results if r.get("measured")})
    phases.append(f"solving: {len(to_run)} runs made, {reused} reused from the store"
                  + (f" (measured {dates[0]}" + (f" to {dates[-1]})" if len(dates) > 1 else ")")
                     if dates else "")
                  + f", {time.monotonic() - t_phase:.0f} s")

    prep_rows = [prep_row(t, preps[(t.rel, c)]) for t in tasks for c in configs
                 if applies(t, c)]
    stats = {t.rel: preps[(t.rel, "vcsimp")].stats for t in tasks if (t.rel, "vcsimp") in preps}
    kept = ""
    if (families or set(configs) != set(CONFIGS)) and not (opts.match or opts.every > 1):
        # Keep the previous run's rows (and stats) of what this run did not measure.
        results, prep_rows, stats, kept = keep_previous(outdir, results, prep_rows, stats)
    order = {c: i for i, c in enumerate(CONFIGS)}
    results.sort(key=lambda r: (r["file"], order[r["config"]], r["solver"], float(r["timeout"])))
    write_csv(outdir / "results.csv", RESULT_FIELDS, results)
    write_csv(outdir / "prep.csv", PREP_FIELDS, prep_rows)
    (outdir / "vcsimp-stats.json").write_text(json.dumps(stats, indent=1, sort_keys=True) + "\n")

    # Re-read the CSVs so that the table is made exactly as from saved results.
    res_csv, prep_csv = read_csv(outdir / "results.csv"), read_csv(outdir / "prep.csv")
    elapsed = time.monotonic() - t_start
    cmd = "python3 bench/harness.py " + " ".join(argv if argv is not None else sys.argv[1:])
    env = (f"z3 `{tool_version(opts.z3, ['--version'])}` (`{opts.z3}`), cvc5 "
           f"`{tool_version(opts.cvc5, ['--version'])}` (`{opts.cvc5}`)")
    if any(c in configs for c in USES_VCSIMP):
        env += (f", vcsimp `{vcsimp_src}` (sha256 {file_digest(opts.vcsimp)}, run with "
                f"`--timeout {opts.vcsimp_timeout:g}`)")
    env += (f"; peer timeout {opts.peer_timeout:g} s; {platform.node()}, "
            f"{os.cpu_count()} CPUs; ")
    env += f"harness wall time {elapsed:.0f} s ({'; '.join(phases)}); {load.summary()}"
    if kept:
        env += f"; {kept}"
    if skipped:
        env += (f"; skipped (not <family>/<kernel>/<task>.smt2): "
                + ", ".join(f"`{x}`" for x in skipped))
    meta = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "command": cmd.strip(),
            "jobs": opts.jobs, "env": env}
    (outdir / "table.md").write_text(make_table(res_csv, prep_csv, meta))
    try:
        cactus(res_csv, prep_csv, outdir)
    except Exception as e:  # plots are a convenience; results are already saved
        print(f"warning: cactus plots failed: {e!r}", file=sys.stderr)

    alarms = [r for r in results if r["alarm"] in (1, "1")]
    alarm_file = outdir / "alarms.txt"
    if alarms:
        alarm_file.write_text("".join(
            f"{r['file']}\t{r['config']}\t{r['solver']}\tT={r['timeout']}\t"
            f"answer={r['status']}\texpected={r['expected']}\n" for r in alarms))
        bar = "!" * 78
        print(f"\n{bar}\n!!! {len(alarms)} SOUNDNESS ALARM(S): answers contradict the expected "
              f"status\n{bar}", file=sys.stderr)
        for r in alarms:
            print(f"!!!   {r['file']}  config={r['config']} solver={r['solver']} "
                  f"T={r['timeout']}: {r['status']} (expected {r['expected']})", file=sys.stderr)
        print(bar, file=sys.stderr)
        return 3
    if alarm_file.exists():
        alarm_file.unlink()
    if not quiet:
        print(f"done in {elapsed:.0f} s; results in {outdir}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
