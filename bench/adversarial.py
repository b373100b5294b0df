#!/usr/bin/env python3
"""Adversarial inputs at full size: time and peak memory of
vcsimp against z3 parse-only, side by side.

Generates into ``bench/work/adversarial/``:

| name | what |
|---|---|
| ``let-dag`` | 200 nested ``let``s, each binding ``(f y y)`` of the previous one: 2^200 nodes when expanded |
| ``deep-not``, ``deep-and``, ``deep-ite``, ``deep-plus`` | a term 10^6 nodes deep |
| ``assertions-100k`` | 100,000 assertions |
| ``numerals-1e5`` | numerals of 10^5 digits in linear arithmetic |
| ``forall-300`` | a ``forall`` and an ``exists`` over 300 bound variables |

Each is run as ``vcsimp --timeout 20 FILE -o OUT`` and as z3 parse-only
(the same script without ``check-sat``, ending in ``(exit)``: z3 parses,
sort-checks and asserts, no solving), both under ``/usr/bin/time -f "%e %M"``.
The table goes to ``bench/results/adversarial.md``. Usage, from the
repository root::

    nice -n 10 python3 bench/adversarial.py [--vcsimp target/release/vcsimp]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import zoo_diff  # noqa: E402

HEAD = "(declare-const p Bool)(declare-const q Bool)(declare-const x Int)\n"
DEPTH = 1_000_000


def nest(open_: str, leaf: str, depth: int) -> str:
    return open_ * depth + leaf + ")" * depth


def let_dag(levels: int = 200) -> str:
    parts = [HEAD, "(declare-fun f (Int Int) Int)\n(assert (> "]
    t = "x"
    for i in range(levels):
        parts.append(f"(let ((y{i} (f {t} {t}))) ")
        t = f"y{i}"
    parts += [t, ")" * levels, " 0))\n(check-sat)\n"]
    return "".join(parts)


def assertions(n: int = 100_000) -> str:
    return HEAD + "".join(f"(assert (or p (> x {i})))\n" for i in range(n)) + "(check-sat)\n"


def numerals(digits: int = 100_000) -> str:
    big = "1" + "0" * digits
    return (f"{HEAD}(assert (= x (+ {big} {big} (- {big}))))\n"
            f"(assert (> (* x 3) (* {big} 2)))\n(check-sat)\n")


def forall(n: int = 300) -> str:
    vs = "".join(f"(v{i} Int)" for i in range(n))
    guards = "".join(f"(<= 0 v{i} x)" for i in range(n))
    total = "".join(f" v{i}" for i in range(n))
    return (f"{HEAD}(declare-fun f (Int) Int)\n"
            f"(assert (forall ({vs}) (=> (and {guards}) (>= (f (+{total})) 0))))\n"
            f"(assert (exists ({vs}) (and {guards} (= (+{total}) 7))))\n(check-sat)\n")


def inputs() -> dict[str, tuple[str, str]]:
    """name -> (description, generator); generated lazily (some are large)."""
    return {
        "let-dag": ("200 nested lets, 2^200 nodes expanded", let_dag),
        "deep-not": ("(not (not ... p)), 10^6 deep",
                     lambda: f"{HEAD}(assert {nest('(not ', 'p', DEPTH)})\n(check-sat)\n"),
        "deep-and": ("(and p (and p ... q)), 10^6 deep",
                     lambda: f"{HEAD}(assert {nest('(and p ', 'q', DEPTH)})\n(check-sat)\n"),
        "deep-ite": ("(ite p 1 (ite p 1 ... 0)), 10^6 deep",
                     lambda: f"{HEAD}(assert (= x {nest('(ite p 1 ', '0', DEPTH)}))\n"
                             f"(check-sat)\n"),
        "deep-plus": ("(+ 1 (+ 1 ... x)), 10^6 deep",
                      lambda: f"{HEAD}(assert (> {nest('(+ 1 ', 'x', DEPTH)} 0))\n"
                              f"(check-sat)\n"),
        "assertions-100k": ("100,000 assertions", assertions),
        "numerals-1e5": ("10^5-digit numerals", numerals),
        "forall-300": ("forall and exists over 300 variables", forall),
    }


def measure(cmd: list[str], timeout: float, tf: Path) -> dict:
    r = harness.run_cmd(["/usr/bin/time", "-o", str(tf), "-f", "%e %M", *cmd], timeout)
    secs, rss = zoo_diff.parse_time_file(tf.read_text() if tf.exists() else "")
    tf.unlink(missing_ok=True)
    return {"secs": secs if secs is not None else r.wall, "rss_kb": rss or r.maxrss_kb,
            "rc": r.returncode, "killed": r.killed, "stdout": r.stdout, "stderr": r.stderr}


def parse_only(text: str) -> str:
    keep = [ln for ln in text.splitlines(keepends=True)
            if not ln.lstrip().startswith(("(check-sat", "(get-", "(exit"))]
    return "".join(keep) + "(exit)\n"


def status(m: dict, z3: bool = False) -> str:
    if m["killed"]:
        return "killed"
    if z3 and "(error" in m["stdout"]:
        line = next(ln for ln in m["stdout"].splitlines() if "(error" in ln)
        return f"error: {line.strip()[:80]}"
    if m["rc"] != 0:
        err = (m["stderr"].strip().splitlines() or ["?"])[-1]
        return f"exit {m['rc']}: {err[:80]}"
    return "ok"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b > 0 else "n/a"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--work", type=Path, default=HERE / "work" / "adversarial")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "adversarial.md")
    ap.add_argument("--only", default="", help="comma-separated input names")
    opts = ap.parse_args(argv)
    opts.work.mkdir(parents=True, exist_ok=True)
    z3 = harness.resolve_exe(opts.z3)
    vcsimp = opts.work / "vcsimp"
    shutil.copy2(opts.vcsimp, vcsimp)
    rows = []
    bad = 0
    wanted = [n for n in opts.only.split(",") if n]
    for name, (desc, gen) in inputs().items():
        if wanted and name not in wanted:
            continue
        text = gen()
        src = opts.work / f"{name}.smt2"
        src.write_text(text)
        zsrc = opts.work / f"{name}.z3.smt2"
        zsrc.write_text(parse_only(text))
        out = opts.work / f"{name}.out.smt2"
        tf = opts.work / "time.txt"
        v = measure([str(vcsimp), "--timeout", "20", str(src), "-o", str(out)], 120, tf)
        z = measure([z3, "-T:20", str(zsrc)], 60, tf)
        vs, zs = status(v), status(z, z3=True)
        if vs != "ok" or v["secs"] > 20 + 10:
            bad += 1
        rows.append((name, desc, len(text), v, vs, z, zs,
                     out.stat().st_size if out.exists() else 0))
        print(f"adversarial: {name}: vcsimp {v['secs']:.2f} s {v['rss_kb'] / 1024:.0f} MB {vs}; "
              f"z3 {z['secs']:.2f} s {z['rss_kb'] / 1024:.0f} MB {zs}", file=sys.stderr)
    lines = [
        "# Adversarial inputs: vcsimp vs z3 parse-only",
        "",
        f"Generated by `bench/adversarial.py` on {time.strftime('%Y-%m-%d')}. "
        "vcsimp: `vcsimp --timeout 20 FILE -o OUT` (default passes). z3: parse-only "
        "(the script minus `check-sat`, ending in `(exit)`; `-T:20`). Wall seconds and "
        "peak RSS from `/usr/bin/time -f \"%e %M\"`, one run each, on a shared "
        "2-core machine.",
        "",
        "| input | what | size MB | vcsimp s | vcsimp MB | vcsimp | output MB | z3 s | z3 MB | "
        "z3 | time vcsimp/z3 | RSS vcsimp/z3 |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, desc, size, v, vs, z, zs, out_size in rows:
        lines.append(
            f"| `{name}` | {desc} | {size / 1e6:.1f} | {v['secs']:.2f} | "
            f"{v['rss_kb'] / 1024:.0f} | {vs} | {out_size / 1e6:.2f} | {z['secs']:.2f} | "
            f"{z['rss_kb'] / 1024:.0f} | {zs} | {ratio(v['secs'], z['secs'])} | "
            f"{ratio(v['rss_kb'], z['rss_kb'])} |")
    lines += ["", "vcsimp's output is checked for correctness on the same families at "
              "test size by `simplify/tests/adversarial.rs` (z3 translation validation).", ""]
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    opts.out.write_text("\n".join(lines))
    print(f"adversarial: wrote {opts.out}", file=sys.stderr)
    return 3 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
