#!/usr/bin/env python3
"""Replay recorded solver sessions command by command through a solver
command line, waiting for each answer where the verifier waited, and
compare the answers of two command lines (by default `vcsimp solve
--interactive --solver "z3 -in"` and `z3 -in` alone).

A session file is what a verifier sent its solver, in order (Boogie's
`/proverLog`, Viper Silicon's z3 log). The client sends one command at a
time followed by a line end. It waits for one response after every command
while `:print-success` is on, and otherwise after each command that answers
(`check-sat`, `check-sat-assuming`, `get-…`, `echo`, `labels`, `eval`). A
response is one line, or a balanced s-expression or string over several
lines. The client first sends `(set-option :timeout MS)` (the per-check-sat timeout,
the same for both command lines); a response that does not come within the
timeout plus a grace makes the session a hang and ends it.

    python3 bench/replay.py [--timeout-ms MS] [--side-by-side] [--out FILE] SESSION...
    python3 bench/replay.py --zoo-incremental ZOO [...]

prints one line per session and a summary; `--out` writes the figures as
Markdown.

`--zoo-incremental ZOO` adds the incremental scripts of a zoo directory
(the rows of ZOO/MANIFEST.tsv whose `features` contain `push-pop` or whose
`n_check_sat` is more than 1), in the manifest's order.

How the responses are compared: response by response, in order. A
check-sat answer (`sat`, `unsat`, `unknown`, `timeout`) is the same, or
decided by one side only (`sat`/`unsat` against `unknown`, `timeout` or
no answer because that side hung), or a disagreement (`sat` against
`unsat`). Any other response counts as differing unless it is the same
text; statistics (`(:…)`) are compared without `:time`, `:memory`,
`:max-memory` and `:num-allocs`. The summary gives the total time of
all sessions, and of the sessions where neither side hung and every
response was the same (so both gave the same answer to every check-sat,
`unknown` included): the sessions on which the two can be compared for
speed, since both did the same work. Of those, it also gives the
sessions where every check-sat was answered `sat` or `unsat`.

By default each session is replayed through z3 alone and then through
vcsimp; `--side-by-side` replays it through both at the same time,
so that on a shared machine both see the same load (and each other).
"""

import argparse
import concurrent.futures
import csv
import itertools
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
VCSIMP = REPO / "target/release/vcsimp"
ANSWERS = {"sat", "unsat", "unknown", "timeout"}
ANSWERING = ("check-sat", "check-sat-assuming", "echo", "labels", "eval")


def commands(text):
    """The top-level commands of `text`, each as its text (comments
    dropped): balanced parentheses, "strings" with "" escapes, |quoted
    symbols| and ; comments."""
    out, depth, i, start, n = [], 0, 0, None, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if c == '"' or c == "|":
            if start is None:
                start = i
            j = i + 1
            while j < n:
                if text[j] == c:
                    if c == '"' and j + 1 < n and text[j + 1] == '"':
                        j += 2
                        continue
                    break
                j += 1
            i = j + 1
            if depth == 0:
                out.append(text[start:i])
                start = None
            continue
        if c == "(":
            if depth == 0:
                start = i
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0 and start is not None:
                out.append(text[start : i + 1])
                start = None
            depth = max(depth, 0)
        elif not c.isspace() and depth == 0:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '();"|':
                j += 1
            out.append(text[i:j])
            i = j
            continue
        i += 1
    return out


def name(command):
    body = command.lstrip("(").split()
    return body[0].rstrip(")") if body else ""


def print_success(command):
    words = command.strip("()").split()
    if len(words) == 3 and words[:2] == ["set-option", ":print-success"]:
        return words[2] == "true"
    return None


def scan(line, depth=0, inside=None):
    """The parenthesis depth and the open string or quoted symbol (its
    quote character, or None) after `line`, starting from `depth` and
    `inside`: a response may be a string over several lines (z3's old model
    format prints one)."""
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if inside is not None:
            if c == inside:
                if inside == '"' and i + 1 < n and line[i + 1] == '"':
                    i += 2
                    continue
                inside = None
        elif c in '"|':
            inside = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    return depth, inside


class Session:
    """One solver process spoken to over a pipe."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.buf = b""

    def send(self, text):
        try:
            self.proc.stdin.write(text.encode() + b"\n")
            self.proc.stdin.flush()
            return True
        except BrokenPipeError:
            return False

    def line(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                raise TimeoutError
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                if self.buf:
                    rest, self.buf = self.buf, b""
                    return rest.decode(errors="replace")
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace")

    def response(self, deadline):
        """One response: a line, or the lines of one balanced s-expression."""
        lines, depth, inside = [], 0, None
        while True:
            line = self.line(deadline)
            if not lines and not line.strip():
                continue
            lines.append(line)
            depth, inside = scan(line, depth, inside)
            if depth <= 0 and inside is None:
                return "\n".join(lines)

    def rest(self, deadline):
        """Whatever it prints until it ends (after the input ended)."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        out = []
        try:
            while True:
                out.append(self.response(deadline))
        except (EOFError, TimeoutError):
            pass
        return out

    def kill(self):
        """End the process group; returns the CPU seconds (user and
        system) of the process and of the descendants it waited for."""
        try:
            os.killpg(self.proc.pid, 9)
        except ProcessLookupError:
            pass
        cpu = 0.0
        try:
            _, status, usage = os.wait4(self.proc.pid, 0)
            self.proc.returncode = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
        except ChildProcessError:
            self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except BrokenPipeError:
                pass
        return cpu


def replay(argv, cmds, timeout_ms, grace_s=30.0):
    """Replay `cmds` through `argv`. Returns (responses, hung, seconds,
    CPU seconds of `argv`'s processes)."""
    per = timeout_ms / 1000 + grace_s
    start = time.monotonic()
    s = Session(argv)
    responses, hung = [], False
    on = False
    try:
        s.send(f"(set-option :timeout {timeout_ms})")
        for c in cmds:
            ps = print_success(c)
            waits = on or name(c).startswith("get-") or name(c) in ANSWERING
            if ps is not None:
                on = ps
                waits = ps
            if not s.send(c):
                break
            if name(c) == "exit":
                break
            if waits:
                responses.append(s.response(time.monotonic() + per))
        responses.extend(s.rest(time.monotonic() + per))
    except TimeoutError:
        hung = True
    except EOFError:
        pass
    finally:
        cpu = s.kill()
    return responses, hung, time.monotonic() - start, cpu


def normal(response):
    """`response` stripped, without the statistics that measure time or
    memory: z3's `(get-info :all-statistics)` prints `:time` (different
    from run to run, and left out when it is 0), and `:memory`,
    `:max-memory` and `:num-allocs`, which count every command the process
    read, vcsimp's `echo` markers included."""
    response = response.strip()
    if response.startswith("(:"):
        response = re.sub(
            r"\s*:(total-time|time|memory|max-memory|num-allocs)\s+[0-9.]+", "", response
        )
    return response


def compare(a, b):
    """(check-sat answers agreeing, answers decided by a only, by b only,
    answers disagreeing, other responses differing)."""
    agree = only_a = only_b = disagree = other = 0
    for x, y in itertools.zip_longest(a, b, fillvalue=""):
        x, y = normal(x), normal(y)
        if x in ANSWERS or y in ANSWERS:
            if x == y:
                agree += 1
            elif x in ("sat", "unsat") and y in ("sat", "unsat"):
                disagree += 1
            elif x in ("sat", "unsat"):
                only_a += 1
            elif y in ("sat", "unsat"):
                only_b += 1
            elif x and y:
                agree += 1
            else:
                # One gave no answer (it hung or ended before).
                other += 1
        elif x != y:
            other += 1
    return agree, only_a, only_b, disagree, other


def zoo_incremental(zoo):
    """The incremental scripts listed in `zoo`/MANIFEST.tsv: those with
    `push-pop` among their features or more than one check-sat."""
    out = []
    with open(Path(zoo) / "MANIFEST.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            features = row.get("features", "").split(",")
            n = row.get("n_check_sat", "").strip()
            if "push-pop" in features or (n.isdigit() and int(n) > 1):
                out.append(Path(zoo) / row["path_in_zoo"])
    return out


def differences(a, b):
    """The pairs of responses that differ (a's, b's), missing ones as None."""
    out = [(x, y) for x, y in zip(a, b) if normal(x) != normal(y)]
    out.extend((x, None) for x in a[len(b):])
    out.extend((None, y) for y in b[len(a):])
    return out


def vcsimp_argv(solver="z3 -in", vcsimp=VCSIMP):
    return [str(vcsimp), "solve", "--interactive", "--solver", solver]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sessions", nargs="*", type=Path)
    ap.add_argument("--zoo-incremental", type=Path, metavar="ZOO",
                    help="also replay the incremental scripts listed in ZOO/MANIFEST.tsv")
    ap.add_argument("--show-differences", action="store_true",
                    help="print the responses that differ")
    ap.add_argument("--timeout-ms", type=int, default=10000)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--vcsimp", type=Path, default=VCSIMP,
                    help="the vcsimp binary (default: target/release/vcsimp)")
    ap.add_argument("--side-by-side", action="store_true",
                    help="replay through z3 alone and through vcsimp at the same time")
    args = ap.parse_args()
    if args.zoo_incremental is not None:
        if not (args.zoo_incremental / "MANIFEST.tsv").is_file():
            sys.exit(f"{args.zoo_incremental}/MANIFEST.tsv is absent")
        args.sessions += zoo_incremental(args.zoo_incremental)
    if not args.sessions:
        ap.error("no sessions")
    z3 = shutil.which("z3")
    if z3 is None or not args.vcsimp.is_file():
        sys.exit("needs z3 on PATH and target/release/vcsimp")
    rows, totals = [], dict(sessions=0, checks=0, agree=0, only_v=0, only_z=0, disagree=0,
                            other=0, hang_v=0, hang_z=0, t_v=0.0, t_z=0.0, t_v_both=0.0,
                            t_z_both=0.0, n_both=0, t_v_same=0.0, t_z_same=0.0, n_same=0,
                            cpu_v=0.0, cpu_z=0.0)
    load_before = os.getloadavg()
    zoo = args.zoo_incremental.resolve() if args.zoo_incremental else None
    for path in args.sessions:
        label = path.name
        if zoo is not None and path.resolve().is_relative_to(zoo):
            label = str(path.resolve().relative_to(zoo))
        cmds = commands(path.read_text(errors="replace"))
        if args.side_by_side:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                z = pool.submit(replay, [z3, "-in"], cmds, args.timeout_ms)
                v = pool.submit(replay, vcsimp_argv(vcsimp=args.vcsimp), cmds, args.timeout_ms)
                (rz, hz, tz, cz), (rv, hv, tv, cv) = z.result(), v.result()
        else:
            rz, hz, tz, cz = replay([z3, "-in"], cmds, args.timeout_ms)
            rv, hv, tv, cv = replay(vcsimp_argv(vcsimp=args.vcsimp), cmds, args.timeout_ms)
        agree, only_v, only_z, disagree, other = compare(rv, rz)
        checks = max(sum(1 for r in rs if r.strip() in ANSWERS) for rs in (rv, rz))
        # Both gave the same response to every command (so the same
        # answer to every check-sat, decided or not), and neither hung.
        same = not hz and not hv and len(rv) == len(rz) and (only_v, only_z, disagree, other) == (
            0, 0, 0, 0)
        # ... and every check-sat answer is sat or unsat.
        decided_all = same and all(r.strip() in ("sat", "unsat") for r in rz if r.strip() in ANSWERS)
        row = dict(session=label, checks=checks, agree=agree, only_v=only_v, only_z=only_z,
                   disagree=disagree, other=other, hang_v=hv, hang_z=hz, t_v=tv, t_z=tz,
                   cpu_v=cv, cpu_z=cz)
        rows.append(row)
        print(
            f"{label}: {checks} check-sats, {agree} agree, {only_v} decided by vcsimp only, "
            f"{only_z} by z3 only, {disagree} disagree, {other} other responses differ, "
            f"hang vcsimp/z3 {hv}/{hz}, {tv:.2f}s vs {tz:.2f}s (CPU {cv:.2f}s vs {cz:.2f}s)",
            flush=True,
        )
        if args.show_differences:
            for x, y in differences(rv, rz):
                print(f"  vcsimp: {x!r}\n  z3:     {y!r}", flush=True)
        totals["sessions"] += 1
        totals["checks"] += checks
        for k in ("agree", "only_v", "only_z", "disagree", "other"):
            totals[k] += row[k]
        totals["hang_v"] += hv
        totals["hang_z"] += hz
        totals["t_v"] += tv
        totals["t_z"] += tz
        totals["cpu_v"] += cv
        totals["cpu_z"] += cz
        if same:
            totals["n_same"] += 1
            totals["t_v_same"] += tv
            totals["t_z_same"] += tz
        if decided_all:
            totals["n_both"] += 1
            totals["t_v_both"] += tv
            totals["t_z_both"] += tz
        if args.out:
            # After every session, so that a run cut short leaves figures.
            write_markdown(args, rows, totals, load_before, os.getloadavg())
    print(totals)


def write_markdown(args, rows, t, load_before, load_after):
    done = len(rows) == len(args.sessions)
    lines = [
        "# Replaying recorded solver sessions through `vcsimp solve --interactive`",
        "",
        "`python3 bench/replay.py --timeout-ms {}{} --out {} SESSIONS` replays each session".format(
            args.timeout_ms, " --side-by-side" if args.side_by_side else "", args.out
        ),
        "command by command, waiting for each answer where the verifier waited, through",
        '`vcsimp solve --interactive --solver "z3 -in"` and through `z3 -in` alone'
        + (" at the same time" if args.side_by_side else "") + ", with",
        f"`(set-option :timeout {args.timeout_ms})` sent first to both.",
        "" if done else f"(Partial: {len(rows)} of {len(args.sessions)} sessions so far.)",
        "",
        f"Load average (1, 5, 15 min) before: {load_before[0]:.2f} {load_before[1]:.2f} "
        f"{load_before[2]:.2f}; after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
        "(2 cores, shared with other jobs: the times are noisy, and so are the answers of "
        "check-sats that end near the timeout).",
        "",
        "| sessions | check-sats | same answer | decided by vcsimp only | by z3 only | "
        "disagree | other responses differing | hangs vcsimp | hangs z3 | time vcsimp | time z3 |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {t['sessions']} | {t['checks']} | {t['agree']} | {t['only_v']} | {t['only_z']} | "
        f"{t['disagree']} | {t['other']} | {t['hang_v']} | {t['hang_z']} | {t['t_v']:.1f} s | "
        f"{t['t_z']:.1f} s |",
        "",
        f"CPU time (user and system, of vcsimp with the solvers it ran, and of z3 alone): "
        f"{t['cpu_v']:.1f} s through vcsimp, {t['cpu_z']:.1f} s z3 alone.",
        "",
        f"On the {t['n_same']} sessions where neither hung and both gave the same response "
        f"to every command (the same answer to every check-sat, `unknown` included, and the "
        f"same output for every other command): {t['t_v_same']:.1f} s through vcsimp, "
        f"{t['t_z_same']:.1f} s z3 alone. On the {t['n_both']} of them where every check-sat "
        f"was answered `sat` or `unsat`: {t['t_v_both']:.1f} s through vcsimp, "
        f"{t['t_z_both']:.1f} s z3 alone.",
        "",
        "| session | check-sats | same | vcsimp only | z3 only | disagree | other | hang v/z | "
        "vcsimp s | z3 s | vcsimp CPU s | z3 CPU s |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['session']} | {r['checks']} | {r['agree']} | {r['only_v']} | {r['only_z']} | "
            f"{r['disagree']} | {r['other']} | {int(r['hang_v'])}/{int(r['hang_z'])} | "
            f"{r['t_v']:.2f} | {r['t_z']:.2f} | {r['cpu_v']:.2f} | {r['cpu_z']:.2f} |"
        )
    args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
