#!/usr/bin/env python3
"""Which zoo commands does vcsimp keep verbatim, and why?

vcsimp keeps a command it cannot read (an operator outside its tables, an
undeclared symbol, a sort error by SMT-LIB's rules) verbatim, with a warning
``kept verbatim: LINE:COL: REASON``; such an assertion is never simplified
nor used as a fact. This script runs ``vcsimp --passes none`` (read and
print only) on every file of the zoo (``BASELINE.tsv``) with one or two
binaries (``--before`` for a comparison), sorts the warnings by cause, and
writes the table into ``bench/results/zoo.md`` between the markers below
(``zoo_diff.py`` keeps that section when it rewrites the report). Per-file
rows go to ``bench/results/zoo-verbatim.tsv``. Usage, from the repository
root::

    python3 bench/zoo_verbatim.py [--vcsimp target/release/vcsimp]
        [--before OLD_BINARY] [--zoo ../shared/zoo] [--jobs 2]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
BEGIN = "<!-- zoo_verbatim.py: begin -->"
END = "<!-- zoo_verbatim.py: end -->"

POPPED = "declared under a `push`, used after its `pop`"
KEPT = "declared by a command kept verbatim"
WARNING = re.compile(r"^kept verbatim: (\d+):(\d+): (.*)$")
DECLARED = r"\(declare-(?:fun|const|sort|datatypes?)\s+\(?\s*\(?{}[\s)]"


def declared_where(name: str, source: str, heads, kept_lines: set[int]) -> str | None:
    """Why `name`, unknown to vcsimp, is declared in `source` after all: by
    a command kept verbatim itself, or under a `push` that was popped (when
    neither, None)."""
    m = re.search(DECLARED.format(re.escape(name)), source)
    if not m:
        return None
    if covering(heads, source.count("\n", 0, m.start()) + 1)[0] in kept_lines:
        return KEPT
    return POPPED if re.search(r"\(pop\b", source) else None


def cause(reason: str, source: str, heads=(), kept_lines: set[int] = frozenset()) -> str:
    """The cause of one kept-verbatim command, from vcsimp's reason; symbols
    that differ from file to file are abstracted away. `heads` are the
    file's `command_heads`, `kept_lines` the lines where the commands kept
    verbatim start."""
    m = re.match(r"unknown (constant|sort) (\S+)$", reason)
    if m:
        kind, name = m.groups()
        return declared_where(name, source, heads, kept_lines) or f"undeclared {kind}"
    m = re.match(r"operator (\(_ \S+|[^ ()]+)", reason)
    if m:
        op = m.group(1)
        where = declared_where(op, source, heads, kept_lines)
        if where:
            return where
        return f"operator `{op + ' …)' if op.startswith('(_') else op}`"
    if reason.startswith("ill-sorted for vcsimp"):
        return "ill-sorted by SMT-LIB's rules"
    if reason.startswith("higher-order application"):
        return "higher-order application"
    m = re.match(r"(\S+) needs \(as", reason)
    if m:
        return "polymorphic constant without `as`"
    m = re.match(r"indexed constant \(_ (\S+)", reason)
    if m:
        return f"indexed constant `(_ {m.group(1)} …)`"
    return reason


def command_heads(source: str) -> list[tuple[int, str]]:
    """(line of the opening parenthesis, head) of every top-level command."""
    out, depth, line, i, n = [], 0, 1, 0, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
        elif c == ";":
            while i < n and source[i] != "\n":
                i += 1
            continue
        elif c == "|":
            j = source.find("|", i + 1)
            j = n if j < 0 else j
            line += source.count("\n", i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and not (source[j] == '"' and source[j + 1:j + 2] != '"'):
                j += 2 if source[j] == '"' else 1
            line += source.count("\n", i, j)
            i = j
        elif c == "(":
            if depth == 0:
                m = re.match(r"\(\s*([^\s()]+)", source[i:i + 200])
                out.append((line, m.group(1) if m else ""))
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        i += 1
    return out


def covering(heads: list[tuple[int, str]], line: int) -> tuple[int, str]:
    """(start line, head) of the command that covers `line`."""
    found = (0, "")
    for start, h in heads:
        if start > line:
            break
        found = (start, h)
    return found


def is_assert(heads: list[tuple[int, str]], line: int) -> bool:
    """Whether the command that covers `line` is an `assert`."""
    return covering(heads, line)[1] == "assert"


def run_one(vcsimp: str, path: Path, tmp: Path) -> list[tuple[str, bool]]:
    """[(cause, is an assertion)] for one file; [("rejected", False)] if
    vcsimp rejects it."""
    js = tmp / (re.sub(r"\W", "_", str(path)) + ".json")
    p = subprocess.run([vcsimp, "--passes", "none", "--stats-json", str(js), str(path)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       timeout=300)
    if p.returncode != 0:
        return [("rejected", False)]
    warnings = json.loads(js.read_text())["warnings"]
    js.unlink()
    source = path.read_text(errors="replace")
    heads = command_heads(source)
    kept = [m for m in map(WARNING.match, warnings) if m]
    kept_lines = {covering(heads, int(m.group(1)))[0] for m in kept}
    return [(cause(m.group(3), source, heads, kept_lines), is_assert(heads, int(m.group(1))))
            for m in kept]


def survey(vcsimp: str, zoo: Path, files: list[str], jobs: int) -> dict[str, list]:
    with tempfile.TemporaryDirectory() as tmp:
        snap = Path(tmp) / "vcsimp"
        shutil.copy2(vcsimp, snap)
        with ThreadPoolExecutor(jobs) as ex:
            res = ex.map(lambda f: run_one(str(snap), zoo / f, Path(tmp)), files)
            return dict(zip(files, res))


def tally(per_file: dict[str, list]) -> dict[str, list[int]]:
    """cause -> [assertions, other commands, files]."""
    t: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for items in per_file.values():
        for c, is_a in items:
            t[c][0 if is_a else 1] += 1
        for c in {c for c, _ in items}:
            t[c][2] += 1
    return t


def table(after: dict[str, list], before: dict[str, list] | None) -> str:
    ta, tb = tally(after), tally(before) if before else None
    causes = sorted(set(ta) | set(tb or ()),
                    key=lambda c: (-(ta.get(c, [0])[0] + (tb or {}).get(c, [0])[0]), c))
    if tb is not None:
        head = ["| cause | assertions before | assertions after | other commands "
                "before | other commands after | files before | files after |",
                "|---|---:|---:|---:|---:|---:|---:|"]
    else:
        head = ["| cause | assertions | other commands | files |", "|---|---:|---:|---:|"]
    rows = []
    for c in causes:
        a = ta.get(c, [0, 0, 0])
        if tb is not None:
            b = tb.get(c, [0, 0, 0])
            rows.append(f"| {c} | {b[0]} | {a[0]} | {b[1]} | {a[1]} | {b[2]} | {a[2]} |")
        else:
            rows.append(f"| {c} | {a[0]} | {a[1]} | {a[2]} |")

    def total(t):
        return sum(v[0] for k, v in t.items() if k != "rejected")
    files = sum(1 for items in after.values() if any(c != "rejected" for c, _ in items))
    summary = f"Assertions kept verbatim: **{total(ta)}** in {files} files"
    if tb is not None:
        bfiles = sum(1 for items in before.values()
                     if any(c != "rejected" for c, _ in items))
        summary += f" (before: {total(tb)} in {bfiles} files)"
    return "\n".join([summary + ".", ""] + head + rows)


def splice(report: str, section: str) -> str:
    """`report` with its marked section replaced by `section` (appended if
    there is none)."""
    block = f"{BEGIN}\n{section.rstrip()}\n{END}"
    if BEGIN in report and END in report:
        pre, rest = report.split(BEGIN, 1)
        return pre + block + rest.split(END, 1)[1]
    return report.rstrip("\n") + "\n\n" + block + "\n"


def marked_section(report: str) -> str | None:
    """The content of the marked section of `report` (for `splice`), if any."""
    if BEGIN in report and END in report:
        return report.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n")
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--zoo", type=Path, default=HERE.parent.parent / "shared" / "zoo")
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--before", help="an earlier vcsimp binary, for the before columns")
    ap.add_argument("--before-label", default="", help="what --before is (e.g. a commit)")
    ap.add_argument("--after-label", default="", help="what --vcsimp is (e.g. a commit)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "zoo.md")
    opts = ap.parse_args(argv)
    if not (opts.zoo / "BASELINE.tsv").exists():
        print(f"zoo_verbatim: no {opts.zoo}/BASELINE.tsv", file=sys.stderr)
        return 2
    with open(opts.zoo / "BASELINE.tsv", newline="") as f:
        files = [r["path_in_zoo"] for r in csv.DictReader(f, delimiter="\t")]
    after = survey(opts.vcsimp, opts.zoo, files, opts.jobs)
    before = survey(opts.before, opts.zoo, files, opts.jobs) if opts.before else None
    tsv = opts.out.parent / "zoo-verbatim.tsv"
    with open(tsv, "w", newline="") as f:
        w = csv.writer(f, delimiter="\t")
        w.writerow(["path", "binary", "cause", "assertions", "other_commands"])
        for label, res in (("before", before), ("after", after)):
            for path, items in (res or {}).items():
                per = defaultdict(lambda: [0, 0])
                for c, is_a in items:
                    per[c][0 if is_a else 1] += 1
                for c, (na, no) in sorted(per.items()):
                    w.writerow([path, label, c, na, no])
    labels = ""
    if opts.before:
        labels = f" Before: vcsimp {opts.before_label or opts.before}; after: vcsimp " \
                 f"{opts.after_label or opts.vcsimp}."
    section = "\n".join([
        "## Commands kept verbatim, by cause", "",
        f"`python3 bench/zoo_verbatim.py` (`vcsimp --passes none` on all {len(files)} zoo "
        f"files; per-file rows in `zoo-verbatim.tsv`).{labels} A command is counted once, "
        "under the first thing vcsimp could not read in it; `rejected` counts files "
        "vcsimp rejects with an error.", "",
        table(after, before), ""])
    report = opts.out.read_text() if opts.out.exists() else "# Zoo\n"
    opts.out.write_text(splice(report, section))
    print(f"zoo_verbatim: wrote {opts.out} and {tsv}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
