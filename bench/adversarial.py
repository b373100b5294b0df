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

``--sweep`` times instead the smaller inputs of ``sweep_inputs()``, each
making one pass family (or the printer) work hard on one assertion, under
``--timeout 1`` (``--timeout T``): the default passes, ``--passes none``,
each pass alone with ``--per-pass``, and another binary with ``--before
BIN``. Its table replaces the sweep section of the same results file::

    nice -n 10 python3 bench/adversarial.py --sweep --per-pass --before OLD
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


# One assertion that makes one pass work hard: the sweep (``--sweep``) runs
# each of these under ``--timeout 1``.
SMALL = "(declare-const p Bool)(declare-const x Int)(declare-const y Int)\n"


def wide_or(n: int = 20_000) -> str:
    lits = "".join(f" (> x {i})" for i in range(n))
    return f"{SMALL}(assert (or{lits}))\n(check-sat)\n"


def wide_and_cmp(n: int = 4_000) -> str:
    # two variables compared with many constants: bounds, context, folding
    lits = "".join(f" (or (< (+ x (* {i} y)) {i}) (> (- y x) {i}))" for i in range(n))
    return f"{SMALL}(assert (and{lits}))\n(check-sat)\n"


def nested_ite_ctx(n: int = 3_000) -> str:
    # each ite condition is a hypothesis for the whole rest of the term
    t = "0"
    for i in range(n):
        t = f"(ite (< x {i}) (+ y {i}) {t})"
    return f"{SMALL}(assert (> {t} (ite (> x {n}) y x)))\n(check-sat)\n"


def store_chain(n: int = 5_000) -> str:
    parts = [SMALL, "(declare-const a (Array Int Int))\n"]
    t = "a"
    for i in range(n):
        t = f"(store {t} (+ x {i}) {i})"
    reads = "".join(f" (= (select {t} (+ y {i})) {i})" for i in range(0, n, max(1, n // 20)))
    parts.append(f"(assert (or{reads}))\n(check-sat)\n")
    return "".join(parts)


def let_explode(levels: int = 40) -> str:
    # shared Boolean structure: each level uses the previous one four times
    parts = [SMALL, "(assert "]
    t = "(> x 0)"
    for i in range(levels):
        parts.append(f"(let ((b{i} (and (or {t} (< y {i})) (or (not {t}) (> x {i}))))) ")
        t = f"b{i}"
    parts += [t, ")" * levels, ")\n(check-sat)\n"]
    return "".join(parts)


def define_fun_chain(n: int = 60) -> str:
    # each define-fun uses the previous one twice: 2^n nodes unfolded
    parts = [SMALL, "(define-fun f0 ((z Int)) Int (+ z 1))\n"]
    for i in range(1, n):
        parts.append(f"(define-fun f{i} ((z Int)) Int (+ (f{i - 1} z) (f{i - 1} (* 2 z))))\n")
    parts.append(f"(assert (> (f{n - 1} x) y))\n(check-sat)\n")
    return "".join(parts)


def define_fun_many(n: int = 5_000) -> str:
    parts = [SMALL]
    for i in range(n):
        parts.append(f"(define-fun g{i} ((z Int)) Bool (and (< {i} z) (< z (+ y {i}))))\n")
    body = "".join(f" (g{i} x)" for i in range(n))
    parts.append(f"(assert (or{body}))\n(check-sat)\n")
    return "".join(parts)


def axiom_unfold(n: int = 2_000) -> str:
    # definitional axioms (forall ((z Int)) (= (h_i z) body)) to use as macros
    parts = [SMALL]
    for i in range(n):
        parts.append(f"(declare-fun h{i} (Int) Int)\n"
                     f"(assert (forall ((z Int)) (= (h{i} z) (+ z {i}))))\n")
    body = "".join(f" (> (h{i} x) y)" for i in range(n))
    parts.append(f"(assert (or{body}))\n(check-sat)\n")
    return "".join(parts)


def guarded_eqs(n: int = 1_500) -> str:
    # guarded definitions of an array's cells, each read under a guard
    parts = [SMALL, "(declare-fun v (Int) Int)(declare-fun w (Int) Int)\n"]
    eqs = "".join(f" (=> (= x {i}) (= (v {i}) (w {i})))" for i in range(n))
    reads = "".join(f" (and (= y {i}) (> (v y) {i}))" for i in range(n))
    parts.append(f"(assert (and{eqs} (or{reads})))\n(check-sat)\n")
    return "".join(parts)


def forall_affine(n: int = 60) -> str:
    # bounded thread-like variables used as x + a*y, pairwise
    parts = [SMALL, "(declare-fun m (Int) Int)\n"]
    vs = "".join(f"(t{i} Int)" for i in range(n))
    guards = "".join(f" (<= 0 t{i}) (< t{i} 32)" for i in range(n))
    body = "".join(f" (= (m (+ t{i} (* 32 t{i + 1}))) (m (+ t{i + 1} (* 32 t{i}))))"
                   for i in range(n - 1))
    parts.append(f"(assert (forall ({vs}) (=> (and{guards}) (and{body}))))\n")
    parts.append(f"(assert (not (forall ({vs}) (=> (and{guards}) "
                 f"(< (+ t0 (* 32 t1)) (* 32 (+ 1 t1)))))))\n(check-sat)\n")
    return "".join(parts)


def exists_cooper(n: int = 40) -> str:
    # existentials over linear Int variables for Cooper elimination
    vs = "".join(f"(e{i} Int)" for i in range(n))
    body = "".join(f" (< (+ e{i} (* 3 e{i + 1})) (+ x {i})) (> (* 5 e{i}) (- y {i}))"
                   for i in range(n - 1))
    divs = "".join(f" (= (mod e{i} {i % 5 + 2}) 1)" for i in range(n))
    return f"{SMALL}(assert (exists ({vs}) (and{body}{divs})))\n(check-sat)\n"


def quant_binders(n: int = 2_000) -> str:
    # many binders, most unused or resolved by an equality
    vs = "".join(f"(q{i} Int)" for i in range(n))
    eqs = "".join(f" (not (= q{i} (+ x {i})))" for i in range(0, n, 2))
    return (f"{SMALL}(declare-fun r (Int Int) Bool)\n"
            f"(assert (forall ({vs}) (or{eqs} (r q1 q3))))\n(check-sat)\n")


def deep_bool_mix(depth: int = 20_000) -> str:
    # alternating and/or nesting (name-deep, ctx-simplify, bool-nary)
    t = "p"
    for i in range(depth):
        op = "and" if i % 2 else "or"
        t = f"({op} (< x {i}) {t})"
    return f"{SMALL}(assert {t})\n(check-sat)\n"


def nested_forall(n: int = 3_000) -> str:
    # one binder per level, every variable used at the bottom: the
    # printer's let placement looks at each scope's variables
    parts = ["(declare-fun r (Int Int) Bool)\n(assert "]
    parts += [f"(forall ((v{i} Int)) " for i in range(n)]
    parts.append("(and" + "".join(f" (r v{i} v{(i * 7) % n})" for i in range(n)) + ")")
    parts += [")" * n, ")\n(check-sat)\n"]
    return "".join(parts)


def assertions_ctx(n: int = 20_000) -> str:
    # many assertions that share variables: context, facts, splitting
    return SMALL + "".join(f"(assert (or (< x {i}) (> y {i}) p))\n" for i in range(n)) \
        + "(check-sat)\n"


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


def sweep_inputs() -> dict[str, tuple[str, str]]:
    """Inputs of the ``--sweep``: one hard assertion (or many small ones)
    per pass family, each quick to parse and print."""
    return {
        "wide-or": ("(or (> x 0) ... (> x 19999)), one assertion", wide_or),
        "wide-and-cmp": ("4,000 disjunctions of linear comparisons in one and", wide_and_cmp),
        "nested-ite": ("3,000 nested ite, each condition a hypothesis below", nested_ite_ctx),
        "store-chain": ("5,000 stores, 20 reads through the chain", store_chain),
        "let-explode": ("40 lets, each using the previous binding 4 times", let_explode),
        "define-fun-chain": ("60 define-funs, each using the previous twice", define_fun_chain),
        "define-fun-many": ("5,000 define-funs applied in one or", define_fun_many),
        "axiom-unfold": ("2,000 definitional axioms applied in one or", axiom_unfold),
        "guarded-eqs": ("1,500 guarded equalities and 1,500 guarded reads", guarded_eqs),
        "forall-affine": ("forall over 60 bounded variables used as x + 32*y", forall_affine),
        "exists-cooper": ("exists over 40 Int variables with mod constraints", exists_cooper),
        "quant-binders": ("forall over 2,000 binders, equalities to resolve", quant_binders),
        "deep-bool-mix": ("alternating and/or 20,000 deep", deep_bool_mix),
        "assertions-20k": ("20,000 assertions over the same variables", assertions_ctx),
        "nested-forall": ("3,000 nested foralls, all variables used at the bottom", nested_forall),
        "let-dag": ("200 nested lets, 2^200 nodes expanded", let_dag),
        "forall-300": ("forall and exists over 300 variables", forall),
        "assertions-100k": ("100,000 assertions", assertions),
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


SWEEP_START = "<!-- sweep: generated by bench/adversarial.py --sweep -->"
SWEEP_END = "<!-- end of sweep -->"


def wall(cmd: list[str], limit: float) -> str:
    """Wall seconds of `cmd` (stdout to /dev/null) and, in parentheses, its
    CPU seconds (user and system: on a loaded machine the wall time is
    mostly waiting for a core), or why it failed."""
    r = harness.run_cmd(cmd, limit)
    if r.killed:
        return f"> {limit:g} (killed)"
    if r.returncode != 0:
        return f"exit {r.returncode}"
    return f"{r.wall:.2f} ({r.cpu:.2f})"


def sweep(opts) -> int:
    """Each sweep input under ``--timeout T``: the default passes, each pass
    alone, and ``--passes none`` (reading and printing), for the binary and
    optionally a ``--before`` binary; the table replaces the sweep section
    of the results file."""
    import os
    t = opts.timeout
    limit = 120.0
    bins = [("after", opts.vcsimp)] + ([("before", opts.before)] if opts.before else [])
    passes = [p for p in harness_passes(opts.vcsimp)]
    wanted = [n for n in opts.only.split(",") if n]
    load_before = os.getloadavg()
    rows, per_pass = [], {}
    for name, (desc, gen) in sweep_inputs().items():
        if wanted and name not in wanted:
            continue
        src = opts.work / f"{name}.smt2"
        src.write_text(gen())
        row = {"name": name, "desc": desc, "mb": src.stat().st_size / 1e6}
        for label, exe in bins:
            row[f"none-{label}"] = wall([exe, "--passes", "none", str(src), "-o", os.devnull], limit)
            row[f"all-{label}"] = wall([exe, "--timeout", str(t), str(src), "-o", os.devnull],
                                       limit)
        if opts.per_pass:
            for p in passes:
                w = wall([opts.vcsimp, "--passes", p, "--timeout", str(t), str(src),
                          "-o", os.devnull], limit)
                per_pass.setdefault(p, []).append((name, w))
        print(f"sweep: {name}: " + ", ".join(f"{k} {v}" for k, v in row.items()
                                             if k not in ("name", "desc", "mb")),
              file=sys.stderr)
        rows.append(row)
    load_after = os.getloadavg()
    lines = [SWEEP_START, "",
             f"## Deadline sweep: `--timeout {t:g}` on one hard assertion per pass family",
             "",
             f"Generated by `bench/adversarial.py --sweep` on {time.strftime('%Y-%m-%d %H:%M')}. "
             "Wall seconds, and CPU seconds in parentheses, "
             f"of `vcsimp --timeout {t:g} FILE -o /dev/null` (default passes) and "
             "of `vcsimp --passes none FILE` (reading and printing only), one run each on a "
             f"shared 2-core machine; load average (1, 5, 15 min) {load_before[0]:.1f}, "
             f"{load_before[1]:.1f}, {load_before[2]:.1f} at the start and "
             f"{load_after[0]:.1f}, {load_after[1]:.1f}, {load_after[2]:.1f} at the end. "
             "The output is due within the timeout plus reading and printing "
             "(`simplify/src/deadline.rs`); under this load wall times are several times "
             "the CPU time.",
             ""]
    head = "| input | what | MB | none |" + "".join(
        f" --timeout {t:g} ({label}) |" for label, _ in bins)
    if opts.before:
        head = head.replace("| none |", "| none (after) | none (before) |")
    lines += [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        cells = [f"`{r['name']}`", r["desc"], f"{r['mb']:.2f}", r["none-after"]]
        if opts.before:
            cells.append(r["none-before"])
        cells += [r[f"all-{label}"] for label, _ in bins]
        lines.append("| " + " | ".join(cells) + " |")
    if per_pass:
        lines += ["", f"Each pass alone (`--passes X --timeout {t:g}`, this binary): the "
                  "slowest input and its wall seconds.", "",
                  "| pass | slowest input | s |", "|---|---|---|"]
        for p, ws in per_pass.items():
            def key(nw):
                try:
                    return float(nw[1].split()[0]) if nw[1][0] != ">" else 1e9
                except ValueError:
                    return 1e9
            n, w = max(ws, key=key)
            lines.append(f"| `{p}` | `{n}` | {w} |")
    lines += ["", SWEEP_END]
    old = opts.out.read_text() if opts.out.exists() else ""
    if SWEEP_START in old:
        pre = old[:old.index(SWEEP_START)]
        post = old[old.index(SWEEP_END) + len(SWEEP_END):] if SWEEP_END in old else ""
    else:
        pre, post = old.rstrip("\n") + "\n\n", "\n"
    opts.out.write_text(pre + "\n".join(lines) + post)
    print(f"sweep: wrote {opts.out}", file=sys.stderr)
    return 0


def harness_passes(vcsimp: str) -> list[str]:
    """The pass names `vcsimp --help` lists."""
    import subprocess
    text = subprocess.run([vcsimp, "--help"], capture_output=True, text=True).stdout
    out, on = [], False
    for ln in text.splitlines():
        if ln.startswith("PASSES"):
            on = True
            continue
        if on and not ln.strip():
            break
        if on:
            out.append(ln[3:].split()[0].rstrip(","))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vcsimp", default="target/release/vcsimp")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--work", type=Path, default=HERE / "work" / "adversarial")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "adversarial.md")
    ap.add_argument("--only", default="", help="comma-separated input names")
    ap.add_argument("--sweep", action="store_true",
                    help="time the sweep inputs under --timeout (see sweep())")
    ap.add_argument("--before", default="", help="with --sweep: a binary to compare with")
    ap.add_argument("--timeout", type=float, default=1.0, help="with --sweep")
    ap.add_argument("--per-pass", action="store_true", help="with --sweep: each pass alone")
    opts = ap.parse_args(argv)
    opts.work.mkdir(parents=True, exist_ok=True)
    if opts.sweep:
        return sweep(opts)
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
    old = opts.out.read_text() if opts.out.exists() else ""
    kept = old[old.index(SWEEP_START):] if SWEEP_START in old else ""
    opts.out.write_text("\n".join(lines) + ("\n" + kept if kept else ""))
    print(f"adversarial: wrote {opts.out}", file=sys.stderr)
    return 3 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
