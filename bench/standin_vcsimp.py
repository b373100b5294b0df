#!/usr/bin/env python3
"""Stand-in for the vcsimp CLI, for developing and testing the bench scripts
before the real binary exists. It copies its input unchanged (so `--passes`
is ignored) and writes the `--stats-json` fields the harness reads, with node
counts from bench/smt.py.

    standin_vcsimp.py [INPUT|-] [-o OUTPUT] [--passes LIST|none] [--stats]
                      [--stats-json FILE] [--timeout SECS] [--node-limit N]
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import smt  # noqa: E402


def main():
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
