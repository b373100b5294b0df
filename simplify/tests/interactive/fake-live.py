#!/usr/bin/env python3
"""A fake solver for the tests of `vcsimp solve --interactive`.

Given a script that starts with vcsimp's variant comment (a fresh run on
the simplified stack), it prints $FAKE_FRESH (after $FAKE_FRESH_DELAY
seconds) and exits; with FAKE_FRESH=z3
it runs the solver $FAKE_Z3 (`z3 -in`) on the script instead and prints
what it prints; with FAKE_FRESH=hang it appends its pid to
$FAKE_PIDS/fresh and never answers. Otherwise it is a
live session: it reads commands line by line and answers `(echo "s")`
with s, `(check-sat)` with $FAKE_LIVE after $FAKE_LIVE_DELAY seconds
(`hang`: never; with FAKE_LIVE_AFTER_FRESH set, only once a fresh run
has written $FAKE_PIDS/fresh), `(get-value ...)` with ((x 1)) (or, with $FAKE_VALUE_LINES set, that
many lines `(xI I)` in one write), `set-option`,
`declare-const`, `assert`, `push` and `pop` with `success` when
$FAKE_SUCCESS is set, and ends at `(exit)` or at the end of its input. Each live session appends its pid to
$FAKE_PIDS/live.
"""
import os
import re
import subprocess
import sys
import time

first = sys.stdin.readline()
if "vcsimp variant" in first:
    fresh = os.environ.get("FAKE_FRESH", "unknown")
    if fresh == "hang":
        with open(os.path.join(os.environ["FAKE_PIDS"], "fresh"), "a") as f:
            f.write(f"{os.getpid()}\n")
        time.sleep(1000)
    if fresh == "z3":
        script = (first + sys.stdin.read()).encode()
        out = subprocess.run([os.environ["FAKE_Z3"], "-in"], input=script, stdout=subprocess.PIPE)
        sys.stdout.buffer.write(out.stdout)
    else:
        time.sleep(float(os.environ.get("FAKE_FRESH_DELAY", "0")))
        print(fresh, flush=True)
    sys.exit(0)
with open(os.path.join(os.environ["FAKE_PIDS"], "live"), "a") as f:
    f.write(f"{os.getpid()}\n")
TOKEN = re.compile(
    r'\(echo "([^"]*)"\)|\(check-sat\)|\(get-value[^\n]*|\(exit\)'
    r"|\((?:set-option|declare-const|assert|push|pop)\b"
)
SUCCESS = bool(os.environ.get("FAKE_SUCCESS"))
line = first
while line:
    for m in TOKEN.finditer(line):
        t = m.group(0)
        if t.startswith("(echo"):
            print(m.group(1), flush=True)
        elif t == "(check-sat)":
            answer = os.environ.get("FAKE_LIVE", "sat")
            if answer == "hang":
                time.sleep(1000)
            if os.environ.get("FAKE_LIVE_AFTER_FRESH"):
                started = os.path.join(os.environ["FAKE_PIDS"], "fresh")
                for _ in range(1200):
                    if os.path.exists(started):
                        break
                    time.sleep(0.1)
            time.sleep(float(os.environ.get("FAKE_LIVE_DELAY", "0")))
            print(answer, flush=True)
        elif t.startswith("(get-value"):
            n = int(os.environ.get("FAKE_VALUE_LINES", "0"))
            if n:
                # One write of a long answer, one line per value.
                sys.stdout.flush()
                body = "".join(f" (x{i} {i})\n" for i in range(n))
                os.write(1, f"(\n{body})\n".encode())
            else:
                print("((x 1))", flush=True)
        elif t != "(exit)":
            if SUCCESS:
                print("success", flush=True)
        else:
            sys.exit(0)
    line = sys.stdin.readline()
