#!/usr/bin/env python3
"""GPUVerify's real queries, raw against vcsimp's output, with z3 and cvc5
under a CPU-time limit (RLIMIT_CPU on each child) instead of a wall-clock
one: on a machine shared by several jobs a 1 s wall-clock limit gives a
solver a fraction of a second of CPU, and the counts then measure the load.
Times are the children's CPU seconds (user + sys); the vcsimp column adds
vcsimp's own.

usage: gpuverify_cpu.py VCSIMP OUT.tsv [--dir D] [--limit S] [--every N]
                        [--repeat N] [--short S]
Prints, per solver: decided raw and after vcsimp, lost, gained, wrong
answers, the CPU seconds raw / vcsimp + solver on the queries both decide,
and the queries decided raw that take more than 10 % longer after vcsimp
(vcsimp's CPU seconds plus the solver's on its output, against the
solver's on the input), with vcsimp's own CPU seconds (median, max, sum).
A run shorter than --short CPU seconds (vcsimp's, or a solver's that
decided) is repeated up to --repeat times and its least CPU time kept:
the time of a query solved in a few hundredths of a second varies by more
than 10 % from one run to the next.
"""
import argparse, csv, glob, os, resource, statistics, subprocess, sys, tempfile

SOLVERS = ("z3", "cvc5")
SLOWER = 1.1


def decided(x):
    return x in ("sat", "unsat")


def run(cmd, lim):
    """Output and CPU seconds of `cmd` killed past `lim` CPU seconds."""
    def pre():
        resource.setrlimit(resource.RLIMIT_CPU, (lim, lim + 1))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         preexec_fn=pre, text=True)
    out = p.stdout.read()
    _, _, ru = os.wait4(p.pid, 0)
    return out, ru.ru_utime + ru.ru_stime


def best_of(once, repeat, short):
    """`once()` -> (answer, CPU s), run again while its first answer is a
    decision (or "ok") and its least time so far is under `short` seconds,
    at most `repeat` times in all: the first answer and the least time."""
    answer, t = once()
    for _ in range(repeat - 1):
        if t >= short or answer not in ("sat", "unsat", "ok"):
            break
        _, u = once()
        t = min(t, u)
    return answer, t


def summarise(rows, s):
    """The figures of solver `s` over `rows` (as written to the TSV)."""
    both = [r for r in rows if decided(r[f"{s}_raw"]) and decided(r[f"{s}_vcsimp"])]
    return {
        "queries": len(rows),
        "raw": sum(decided(r[f"{s}_raw"]) for r in rows),
        "vcsimp": sum(decided(r[f"{s}_vcsimp"]) for r in rows),
        "lost": [r["file"] for r in rows
                 if decided(r[f"{s}_raw"]) and not decided(r[f"{s}_vcsimp"])],
        "gained": [r["file"] for r in rows
                   if decided(r[f"{s}_vcsimp"]) and not decided(r[f"{s}_raw"])],
        "wrong": [r["file"] for r in rows
                  if {r[f"{s}_raw"], r[f"{s}_vcsimp"]} == {"sat", "unsat"}],
        "raw_s": sum(r[f"{s}_raw_s"] for r in both),
        "vcsimp_s": sum(r[f"{s}_vcsimp_s"] for r in both),
        # decided both ways, vcsimp + solver more than 10 % above raw
        "slower": [r for r in both if r[f"{s}_vcsimp_s"] > SLOWER * r[f"{s}_raw_s"]],
    }


def report(rows, out=sys.stdout):
    v = [r["vcsimp_s"] for r in rows]
    print(f"vcsimp CPU s: median {statistics.median(v):.3f}, max {max(v):.3f}, "
          f"sum {sum(v):.2f}", file=out)
    for s in SOLVERS:
        m = summarise(rows, s)
        print(f"{s}: {m['queries']} queries, raw {m['raw']}, vcsimp {m['vcsimp']}, "
              f"lost {len(m['lost'])}, gained {len(m['gained'])}, wrong {len(m['wrong'])}, "
              f"CPU s on both {m['raw_s']:.1f} / {m['vcsimp_s']:.1f}", file=out)
        for x in m["lost"]:
            print("  lost", x, file=out)
        for x in m["gained"]:
            print("  gained", x, file=out)
        for x in m["wrong"]:
            print("  WRONG", x, file=out)
        print(f"  decided raw and more than 10 % slower after vcsimp: {len(m['slower'])} "
              f"of {m['raw']}", file=out)
        for r in m["slower"]:
            print(f"    {r['file']}: {r[f'{s}_raw_s']:.3f} -> {r[f'{s}_vcsimp_s']:.3f} "
                  f"(vcsimp {r['vcsimp_s']:.3f})", file=out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vcsimp"); ap.add_argument("out")
    ap.add_argument("--dir", default="../shared/gpuverify-train")
    ap.add_argument("--limit", type=int, default=1, help="CPU seconds per solver run")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of a short run, least CPU time kept")
    ap.add_argument("--short", type=float, default=0.2,
                    help="CPU seconds under which a run is repeated")
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.dir, "queries", "*.smt2")))[::a.every]
    if not files:
        sys.exit(f"no queries under {a.dir}/queries")

    def solve(s, f):
        # no solver time-out option: the CPU limit is the only limit
        cmd = ["z3", f] if s == "z3" else ["cvc5", "--lang", "smt2", f]

        def once():
            out, t = run(cmd, a.limit)
            w = [l.strip() for l in out.splitlines() if l.strip() in ("sat", "unsat")]
            return (w[0] if w and t <= a.limit else "timeout"), t
        answer, t = best_of(once, a.repeat, a.short)
        return answer, round(t, 3)

    rows = []
    with tempfile.TemporaryDirectory() as td:
        o = os.path.join(td, "o.smt2")
        for f in files:
            def simplify():
                if os.path.exists(o):
                    os.remove(o)
                _, t = run([a.vcsimp, f, "-o", o], 60)
                return ("ok" if os.path.exists(o) else "failed"), t
            _, vt = best_of(simplify, a.repeat, a.short)
            r = {"file": os.path.basename(f), "vcsimp_s": round(vt, 3)}
            for s in SOLVERS:
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
    report(rows)


if __name__ == "__main__":
    main()
