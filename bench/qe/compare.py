#!/usr/bin/env python3
"""Compare vcsimp's cooper-qe pass with z3's `(apply (then simplify qe))`.

Both tools get the same formulas in one run: the paper's examples, random
Presburger formulas with 1-3 quantifiers (guarded and unguarded; the
nonlinear parameter is an uninterpreted constant `c` or the product
`(* a b)`), and optionally the quantified VCs of the corpus. For every
formula it records the output size (bench/smt.py's AST node count, lets as
written), whether the output is quantifier-free, and the wall-clock time of
each tool's process; it prints per-group ratios (vcsimp / z3).

    cargo build --release -p simplify --example qe
    python3 bench/qe/compare.py [--random 100] [--corpus corpus --max-corpus 60]

vcsimp's entry point is the example binary `target/release/examples/qe`
(reads SMT-LIB, applies cooper-qe to each assertion, prints the script).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import smt  # noqa: E402  (bench/smt.py)

PAPER = {
    "arraycopy-exit": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)",
        "(forall ((t Int)) (=> (and (<= 0 t) (< t N)) (not (< (+ (* N l) t) len))))",
    ),
    "multblocks-merged": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-const T Int)(declare-const B Int)",
        "(=> (< 0 T) (forall ((z Int)) (=> (and (<= 0 z) (< z (* T B))) (not (< (+ (* N l) z) len)))))",
    ),
    "multblocks-nested": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-const T Int)(declare-const B Int)",
        "(forall ((t Int)) (=> (and (<= 0 t) (< t T)) (forall ((b Int)) (=> (and (<= 0 b) (< b B)) (not (< (+ (* N l) (* b T) t) len))))))",
    ),
    "multblocks-const-blocks": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-const T Int)",
        "(forall ((t Int) (b Int)) (=> (and (<= 0 t) (< t 32) (<= 0 b) (< b 4)) (not (< (+ (* N l) (* 32 b) t) len))))",
    ),
    "stride-2": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)",
        "(forall ((t Int)) (=> (and (<= 0 t) (< t N)) (not (< (+ (* 2 N l) (* 2 t)) len))))",
    ),
    "equality": (
        "(declare-const N Int)(declare-const l Int)(declare-const len Int)(declare-fun a (Int) Int)",
        "(forall ((t Int) (i Int)) (=> (and (<= 0 t) (< t N) (= i (+ (* N l) t))) (< i len)))",
    ),
}


class Gen:
    """Random formulas; mirrors simplify/tests/qe_common."""

    def __init__(self, seed: int, max_quants: int, guarded: bool, nl: str):
        self.r = random.Random(seed)
        self.max_quants, self.guarded, self.nl = max_quants, guarded, nl
        self.quants = 0
        self.next_var = 0

    def linear(self, scope):
        if self.r.randrange(10) == 0:
            op = self.r.choice(["div", "mod"])
            k = self.r.choice([2, 3, -2])
            return f"(+ ({op} {self.linear_plain(scope)} {k}) {self.r.randint(-2, 2)})"
        return self.linear_plain(scope)

    def linear_plain(self, scope):
        parts = []
        for _ in range(self.r.randint(1, 3)):
            c = self.r.randint(-3, 3)
            if c == 0:
                continue
            v = self.nl if self.r.randrange(8) == 0 else self.r.choice(scope)
            parts.append(v if c == 1 else f"(* {c} {v})")
        parts.append(str(self.r.randint(-3, 3)))
        return parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"

    def atom(self, scope):
        k = self.r.randrange(10)
        if k <= 4:
            op = self.r.choice(["<", "<=", ">", ">="])
            return f"({op} {self.linear(scope)} {self.linear(scope)})"
        if k <= 6:
            return f"(= {self.linear(scope)} {self.linear(scope)})"
        if k == 7:
            m = self.r.randint(2, 4)
            return f"(= (mod {self.linear(scope)} {m}) {self.r.randint(0, m - 1)})"
        if k == 8:
            return f"(= (mod {self.linear(scope)} {self.r.randint(2, 3)}) 0)"
        return f"(distinct {self.linear(scope)} {self.linear(scope)})"

    def formula(self, scope, depth):
        r = self.r.randrange(10)
        if self.quants < self.max_quants and (depth == 0 or r < 3):
            return self.quant(scope, depth)
        if depth >= 3 or r < 4:
            return self.atom(scope)
        if r in (4, 5):
            return f"(and {self.formula(scope, depth + 1)} {self.formula(scope, depth + 1)})"
        if r in (6, 7):
            return f"(or {self.formula(scope, depth + 1)} {self.formula(scope, depth + 1)})"
        if r == 8:
            return f"(not {self.formula(scope, depth + 1)})"
        return f"(=> {self.formula(scope, depth + 1)} {self.formula(scope, depth + 1)})"

    def quant(self, scope, depth):
        self.quants += 1
        x = f"x{self.next_var}"
        self.next_var += 1
        lo = str(self.r.randint(-2, 2)) if self.r.randrange(3) == 0 else self.r.choice(scope)
        d1, d2 = self.r.randint(0, 3), self.r.randint(0, 3)
        guard = f"(<= (- {lo} {d1}) {x} (+ {lo} {d2}))"
        body = self.formula(scope + [x], depth + 1)
        if not self.guarded:
            return f"({self.r.choice(['exists', 'forall'])} (({x} Int)) {body})"
        if self.r.randrange(2) == 0:
            return f"(exists (({x} Int)) (and {guard} {body}))"
        return f"(forall (({x} Int)) (=> {guard} {body}))"


def random_case(seed, guarded, nl):
    g = Gen(seed, 1 + seed % 3, guarded, nl)
    f = g.formula(["a", "b"], 0)
    return "(declare-const a Int)(declare-const b Int)(declare-const c Int)", f


KEEP = {"set-logic", "declare-fun", "declare-const", "define-fun", "declare-sort",
        "define-sort", "declare-datatypes", "declare-datatype", "assert"}


def corpus_cases(root, limit):
    files = []
    for d, _, fs in os.walk(root):
        for f in sorted(fs):
            if f.endswith(".smt2"):
                files.append(os.path.join(d, f))
    files.sort()
    out = []
    for p in files:
        text = open(p).read()
        if "forall" not in text and "exists" not in text:
            continue
        cmds = [src for head, _, src in smt.commands(text) if head in KEEP]
        out.append((os.path.relpath(p, root), "\n".join(cmds)))
        if len(out) >= limit:
            break
    return out


def quantified(text):
    return any(tok in ("forall", "exists") for _, tok, _, _ in smt.tokenize(text))


def run(cmd, inp, timeout):
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, input=inp, capture_output=True, text=True, timeout=timeout)
        out, ok = p.stdout, p.returncode == 0
    except subprocess.TimeoutExpired:
        out, ok = "", False
    return out, ok, time.perf_counter() - t0


def vcsimp(binary, script, timeout):
    out, ok, secs = run([binary], script + "\n(check-sat)\n", timeout)
    if not ok:
        return None, secs
    terms = [sx[1] for head, sx, _ in smt.commands(out) if head == "assert"]
    return terms, secs


def z3qe(script, timeout):
    out, ok, secs = run(["z3", "-in", f"-T:{int(timeout)}"],
                        script + "\n(apply (then simplify qe))\n", timeout + 5)
    if not ok or "(goals" not in out:
        return None, secs
    sx = smt.parse(out[out.index("(goals"):])[0]
    terms = []
    for goal in sx[1:]:
        i = 1
        while i < len(goal):
            if isinstance(goal[i], str) and goal[i].startswith(":"):
                i += 2
                continue
            terms.append(goal[i])
            i += 1
    return terms, secs


def size(terms):
    return sum(smt.count_nodes(t) for t in terms)


def is_qf(terms):
    return not any(quantified(smt.to_text(t)) for t in terms)


def gmean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="target/release/examples/qe")
    ap.add_argument("--random", type=int, default=100, help="random formulas per group")
    ap.add_argument("--corpus", default=None, help="also run the quantified VCs under this directory")
    ap.add_argument("--max-corpus", type=int, default=60)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    groups = {"paper": [(k, d + f"(assert {f})") for k, (d, f) in PAPER.items()]}
    for name, guarded, nl in [("random-guarded", True, "c"), ("random-unguarded", False, "c"),
                              ("random-nonlinear", False, "(* a b)")]:
        groups[name] = []
        for s in range(args.random):
            d, f = random_case(s * 7919 + 1, guarded, nl)
            groups[name].append((f"seed{s}", d + f"(assert {f})"))
    if args.corpus:
        groups["corpus"] = corpus_cases(args.corpus, args.max_corpus)

    rows = []
    for gname, cases in groups.items():
        rec = []
        for cname, script in cases:
            vt, vs = vcsimp(args.binary, script, args.timeout)
            zt, zs = z3qe(script, args.timeout)
            r = {
                "case": cname,
                "in": size([sx[1] for h, sx, _ in smt.commands(script) if h == "assert"]),
                "v_size": size(vt) if vt is not None else None,
                "z_size": size(zt) if zt is not None else None,
                "v_qf": vt is not None and is_qf(vt),
                "z_qf": zt is not None and is_qf(zt),
                "z_false": zt is not None and [smt.to_text(t) for t in zt] == ["false"],
                "v_s": vs,
                "z_s": zs,
            }
            rec.append(r)
            if args.verbose:
                print(gname, r, file=sys.stderr)
        both = [r for r in rec if r["v_size"] is not None and r["z_size"] is not None]
        rows.append({
            "group": gname,
            "n": len(rec),
            "z3_failed": sum(r["z_size"] is None for r in rec),
            "v_qf": sum(r["v_qf"] for r in rec),
            "z_qf": sum(r["z_qf"] for r in rec),
            "z_false": sum(r["z_false"] for r in rec),
            "size_ratio": gmean([r["v_size"] / r["z_size"] for r in both if r["z_size"]]),
            "size_ratio_both_qf": gmean([r["v_size"] / r["z_size"] for r in both
                                         if r["z_size"] and r["v_qf"] and r["z_qf"]]),
            "time_ratio": gmean([r["v_s"] / r["z_s"] for r in both]),
            "v_total": sum(r["v_s"] for r in rec),
            "z_total": sum(r["z_s"] for r in rec),
            "v_med": statistics.median(r["v_s"] for r in rec) if rec else 0,
            "z_med": statistics.median(r["z_s"] for r in rec) if rec else 0,
            "in": sum(r["in"] for r in rec),
            "v_out": sum(r["v_size"] or 0 for r in both),
            "z_out": sum(r["z_size"] or 0 for r in both),
        })
        if gname == "paper":
            for r in rec:
                print(f"paper {r['case']}: in {r['in']} nodes; vcsimp {r['v_size']} "
                      f"({'QF' if r['v_qf'] else 'quantified'}), z3 {r['z_size']} "
                      f"({'QF' if r['z_qf'] else 'quantified'})")

    print()
    print("| group | n | QF vcsimp | QF z3 (goal `false`) | z3 failed/timeout | size ratio (gmean) | size ratio, both QF | "
          "nodes in / vcsimp / z3 | time ratio (gmean) | median time vcsimp / z3 | total time vcsimp / z3 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['group']} | {r['n']} | {r['v_qf']} | {r['z_qf']} ({r['z_false']}) | {r['z3_failed']} | "
              f"{r['size_ratio']:.2f} | {r['size_ratio_both_qf']:.2f} | {r['in']} / {r['v_out']} / {r['z_out']} | "
              f"{r['time_ratio']:.2f} | {r['v_med'] * 1000:.1f} ms / {r['z_med'] * 1000:.1f} ms | "
              f"{r['v_total']:.2f} s / {r['z_total']:.2f} s |")


if __name__ == "__main__":
    main()
