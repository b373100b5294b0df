#!/usr/bin/env python3
"""GPUVerify's real queries, raw against vcsimp's output, with z3 and cvc5
under a CPU-time limit (RLIMIT_CPU on each child) instead of a wall-clock
one: on a machine shared by several jobs a 1 s wall-clock limit gives a
solver a fraction of a second of CPU, and the counts then measure the load.
Times are the children's CPU seconds (user + sys); the vcsimp column adds
vcsimp's own.

usage: gpuverify_cpu.py VCSIMP OUT.tsv [--dir D] [--limit S] [--every N]
Prints, per solver: decided raw and after vcsimp, lost, gained, wrong
answers, the CPU seconds raw / vcsimp + solver on the queries both decide,
and the queries that took more than 10 % (+ 0.05 s) longer after vcsimp.
"""
import argparse, csv, glob, os, resource, subprocess, sys, tempfile

ap = argparse.ArgumentParser()
ap.add_argument("vcsimp"); ap.add_argument("out")
ap.add_argument("--dir", default="../shared/gpuverify-train")
ap.add_argument("--limit", type=int, default=1, help="CPU seconds per solver run")
ap.add_argument("--every", type=int, default=1)
a = ap.parse_args()
files = sorted(glob.glob(os.path.join(a.dir, "queries", "*.smt2")))[::a.every]
if not files:
    sys.exit(f"no queries under {a.dir}/queries")


def run(cmd, lim):
    """Output and CPU seconds of `cmd` killed past `lim` CPU seconds."""
    def pre():
        resource.setrlimit(resource.RLIMIT_CPU, (lim, lim + 1))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         preexec_fn=pre, text=True)
    out = p.stdout.read()
    _, _, ru = os.wait4(p.pid, 0)
    return out, ru.ru_utime + ru.ru_stime


def solve(s, f):
    # no solver time-out option: the CPU limit is the only limit
    cmd = ["z3", f] if s == "z3" else ["cvc5", "--lang", "smt2", f]
    out, t = run(cmd, a.limit)
    w = [l.strip() for l in out.splitlines() if l.strip() in ("sat", "unsat")]
    return (w[0] if w and t <= a.limit else "timeout"), round(t, 3)


rows = []
with tempfile.TemporaryDirectory() as td:
    o = os.path.join(td, "o.smt2")
    for f in files:
        if os.path.exists(o):
            os.remove(o)
        _, vt = run([a.vcsimp, f, "-o", o], 60)
        r = {"file": os.path.basename(f), "vcsimp_s": round(vt, 3)}
        for s in ("z3", "cvc5"):
            x, t = solve(s, f)
            y, u = solve(s, o) if os.path.exists(o) else ("n/a", 0.0)
            r.update({f"{s}_raw": x, f"{s}_raw_s": t, f"{s}_vcsimp": y,
                      f"{s}_vcsimp_s": round(u + vt, 3)})
        rows.append(r)
        print(r["file"], r["z3_raw"], r["z3_vcsimp"], r["cvc5_raw"], r["cvc5_vcsimp"],
              file=sys.stderr, flush=True)
with open(a.out, "w", newline="") as fo:
    w = csv.DictWriter(fo, fieldnames=list(rows[0]), delimiter="\t")
    w.writeheader(); w.writerows(rows)
dec = lambda x: x in ("sat", "unsat")
for s in ("z3", "cvc5"):
    both = [r for r in rows if dec(r[f"{s}_raw"]) and dec(r[f"{s}_vcsimp"])]
    lost = [r["file"] for r in rows if dec(r[f"{s}_raw"]) and not dec(r[f"{s}_vcsimp"])]
    gained = [r["file"] for r in rows if dec(r[f"{s}_vcsimp"]) and not dec(r[f"{s}_raw"])]
    wrong = [r["file"] for r in rows if {r[f"{s}_raw"], r[f"{s}_vcsimp"]} == {"sat", "unsat"}]
    slower = [r["file"] for r in both if r[f"{s}_vcsimp_s"] > 1.1 * r[f"{s}_raw_s"] + 0.05]
    print(f"{s}: {len(rows)} queries, raw {sum(dec(r[f'{s}_raw']) for r in rows)}, "
          f"vcsimp {sum(dec(r[f'{s}_vcsimp']) for r in rows)}, lost {len(lost)}, "
          f"gained {len(gained)}, wrong {len(wrong)}, CPU s on both "
          f"{sum(r[f'{s}_raw_s'] for r in both):.1f} / {sum(r[f'{s}_vcsimp_s'] for r in both):.1f}")
    for x in lost: print("  lost", x)
    for x in gained: print("  gained", x)
    for x in wrong: print("  WRONG", x)
    print(f"  slower by more than 10 % + 0.05 s: {len(slower)}")
