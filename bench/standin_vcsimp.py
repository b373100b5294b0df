#!/usr/bin/env python3
"""Stand-in for the vcsimp CLI, for developing and testing the bench scripts
before the real binary exists. It copies its input unchanged (so `--passes`
is ignored) and writes the `--stats-json` fields the harness reads, with node
counts from bench/smt.py.

    standin_vcsimp.py [INPUT|-] [-o OUTPUT] [--passes LIST|none] [--stats]
                      [--stats-json FILE] [--timeout SECS] [--node-limit N]
    standin_vcsimp.py batch [-q] [--jobs N] [--files-from LIST] [--out-dir DIR]
                      [--report FILE] [--timeout SECS] [FILE...]

`batch` writes each copy to DIR/PATH (PATH without its root) and one
`--report` JSON line per file, like `vcsimp batch`; a file whose path
contains $STANDIN_BATCH_STOP (when set) ends the batch before it, as if it
had been killed there. $STANDIN_APPEND (when set) is appended to every
copy, so that a test can make the "simplified" outputs differ from the inputs.
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import smt  # noqa: E402


def stats_of(text: str, t0: float) -> dict:
    nodes = smt.asserted_nodes(text)
    return {"input_nodes": nodes, "output_nodes": nodes,
            "total_seconds": time.monotonic() - t0, "stop_reason": "standin",
            "passes": [{"name": "copy", "fired": 0, "seconds": 0.0}]}


def batch(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="standin_vcsimp.py batch")
    ap.add_argument("inputs", nargs="*")
    ap.add_argument("-q", "--quiet", action="store_true")
    ap.add_argument("-j", "--jobs", type=int)
    ap.add_argument("--files-from")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--report")
    ap.add_argument("--timeout", type=float)
    a = ap.parse_args(argv)
    files = a.inputs + (Path(a.files_from).read_text().split("\n") if a.files_from else [])
    report = open(a.report, "w") if a.report else None
    stop = os.environ.get("STANDIN_BATCH_STOP")
    failed = 0
    for f in (f.strip() for f in files):
        if not f:
            continue
        if stop and stop in f:
            return 137
        t0 = time.monotonic()
        out = Path(a.out_dir) / Path(*[x for x in Path(f).parts if x not in ("/", "..", ".")])
        line = {"input": f, "output": str(out)}
        try:
            text = Path(f).read_text()
            stats = stats_of(text, t0)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text + os.environ.get("STANDIN_APPEND", ""))
            line.update(status="ok", seconds=time.monotonic() - t0, stats=stats)
        except (OSError, smt.ParseError) as e:
            failed += 1
            line.update(status="error", seconds=time.monotonic() - t0, error=f"{f}: error: {e}")
        if report:
            report.write(json.dumps(line) + "\n")
            report.flush()
    return 1 if failed else 0


def main():
    if sys.argv[1:2] == ["batch"]:
        return batch(sys.argv[2:])
    t0 = time.monotonic()
    ap = argparse.ArgumentParser()
    ap.add_argument("input", nargs="?", default="-")
    ap.add_argument("-o", "--output")
    ap.add_argument("--passes", default="all")
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("--stats-json")
    ap.add_argument("--timeout", type=float)
    ap.add_argument("--node-limit", type=int)
    a = ap.parse_args()
    text = sys.stdin.read() if a.input == "-" else Path(a.input).read_text()
    try:
        nodes = smt.asserted_nodes(text) if a.stats or a.stats_json else 0
    except smt.ParseError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    text += os.environ.get("STANDIN_APPEND", "")
    if a.output:
        Path(a.output).write_text(text)
    else:
        sys.stdout.write(text)
    stats = {"input_nodes": nodes, "output_nodes": nodes,
             "total_seconds": time.monotonic() - t0, "stop_reason": "standin",
             "passes": [{"name": "copy", "fired": 0, "seconds": 0.0}]}
    if a.stats_json:
        Path(a.stats_json).write_text(json.dumps(stats) + "\n")
    if a.stats:
        print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
