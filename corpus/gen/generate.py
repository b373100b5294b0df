#!/usr/bin/env python3
"""Generate the vcsimp VC corpus.

    python3 corpus/gen/generate.py            # (re)write corpus/<family>/...
    python3 corpus/gen/generate.py --check    # exit 1 if regenerating would change a file
    python3 corpus/gen/generate.py --list     # print the files that would be written

Output is deterministic: the same generator yields byte-identical files.
Files that are no longer generated are removed from the family directories
(only ``*.smt2`` files below the families this script owns).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import simt  # noqa: E402
import vcfile  # noqa: E402

CORPUS = HERE.parent
FAMILIES = ("vericuda", "race", "divergence", "pug", "why3-style", "boogie-style")
EXAMPLE = ("vericuda", "arraycopy", "t5_postcondition", "examples/arraycopy_t5.smt2")


def simt_files(family, kernel_fns):
    out = {}
    for fn in kernel_fns:
        k = fn()
        listing = simt.listing(k)
        for t in simt.generate(k):
            if t.status == "skip":
                continue
            text = vcfile.render(
                family=family, kernel=k.name, task=t.name, what=t.what,
                origin=f"{k.title}. {k.source}", status=t.status, decls=t.decls,
                hyps=[(h.comment, h.term) for h in t.hyps], goal=t.goal,
                listing=listing, notes=k.notes)
            out[f"{family}/{k.name}/{t.name}.smt2"] = text
    return out


def all_files():
    import kernels_vericuda as kv
    import kernels_divergence as kd
    import kernels_race as kr
    import kernels_pug as kp
    files = {}
    files.update(simt_files("vericuda", kv.KERNELS))
    files.update(simt_files("divergence", kd.SIMT_KERNELS))
    files.update(kd.twothread_files())
    files.update(kr.files())
    files.update(kp.files())
    import why3_boogie
    kernels_by_name = {fn.__name__: fn for fn in kv.KERNELS}
    files.update(why3_boogie.files(vcfile, simt, kernels_by_name))
    fam, ker, task, dst = EXAMPLE
    files[dst] = files[f"{fam}/{ker}/{task}.smt2"]
    return dict(sorted(files.items()))


FAMILY_DOC = {
    "vericuda": "Lockstep VCs of Kojima, Imanishi & Igarashi, Sec. 3 (ArrayCopy T1..T5, the Sec. 5.2 "
                "benchmarks and VeriCUDA variants): quantified, nonlinear, UF thread maps.",
    "race": "GPUVerify-style two-thread race checks (seeds 001/004): intra- and inter-block pairs, "
            "1-D/2-D index formulas, strided loops with candidate invariants; plus direct "
            "access-offset injectivity VCs (`race/offsets`). Quantifier-free.",
    "divergence": "Barrier divergence: the paper's all-threads-active barrier tasks for kernels with "
                  "barriers in loops, and GPUVerify's two-thread `barrier(P$1, P$2)` checks.",
    "why3-style": "The `vericuda` tasks of the paper's kernels written by our generator in the style "
                  "of Why3's output (`gen/why3_boogie.py`; not printed by Why3: see `why3-real/` for that): "
            "threads as a pair of `dim3` records (axiomatised sort with projection and inversion axioms "
            "inside a datatype), validity predicates defined by axioms with triggers, `t2tb`/`tb2t` "
            "conversions with round-trip axioms, a prelude of library axioms (abs, div/mod, power, sum). "
            "Same statuses as the originals; `*_invalid` drop a needed hypothesis.",
    "boogie-style": "The same tasks written by our generator in the style of Boogie/GPUVerify's output "
                    "(`gen/why3_boogie.py`; not printed by Boogie): Boogie's background "
              "predicate and type encoding, `name@k` incarnations, `:qid`/`:skolemid`, one negated VC with "
              "labels, the goal's thread skolemised to GPUVerify's distinguished thread `$1`.",
    "pug": "PUG-style encodings (seed 002): per-thread SSA, barrier-interval conflict checks, "
           "unrolled reductions, path-condition checks and the schedule-id model; symbolic thread count.",
}


def _header_field(text, key):
    for ln in text.splitlines():
        if ln.startswith(f"; {key}:"):
            return ln.split(":", 1)[1].strip()
        if ln.startswith("(set-"):
            break
    return ""


def read_raw(path):
    """Per-file raw results from check.py's table, if present."""
    out = {}
    if not path.exists():
        return out
    lines = [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
    if not lines:
        return out
    head = lines[0].split("\t")
    for ln in lines[1:]:
        row = dict(zip(head, ln.split("\t")))
        out[row["file"]] = row
    return out


def index_md(files, raw):
    fams = {}
    for rel, text in files.items():
        parts = rel.split("/")
        if len(parts) != 3:
            continue
        fam, ker, _ = parts
        st = "sat" if "(set-info :status sat)" in text else "unsat"
        k = fams.setdefault(fam, {}).setdefault(ker, {"sat": 0, "unsat": 0, "origin": _header_field(text, "origin")})
        k[st] += 1
    L = ["# vcsimp VC corpus", "",
         "Generated by `python3 corpus/gen/generate.py` (see [gen/README.md](gen/README.md)); do not edit",
         "the `.smt2` files or this index by hand.", "",
         "Layout: `corpus/<family>/<kernel>/<task>.smt2`. Every file is one task: declarations,",
         "hypotheses as `(assert ...)`, the negated goal `(assert (not goal))`, `(check-sat)`. The",
         "expected answer is in `(set-info :status ...)`: `unsat` = valid VC, `sat` = deliberately",
         "invalid VC (a wrong invariant, an off-by-one bound, a racy offset, a divergent barrier).",
         "Each file starts with a comment header (kernel, task, what it checks, origin, generator",
         "command) and the kernel source in the mini kernel language.", "",
         "`examples/arraycopy_t5.smt2` is a copy of `vericuda/arraycopy/t5_postcondition.smt2`",
         "(task T5 of the paper: the postcondition of ArrayCopy on loop exit).", "",
         "Checks: `python3 corpus/gen/check.py` (z3 and cvc5 on every file; results in",
         "[gen/raw-results.tsv](gen/raw-results.tsv)); generator tests: `python3 corpus/gen/test_gen.py`.", ""]
    total = sum(k["sat"] + k["unsat"] for f in fams.values() for k in f.values())
    nsat = sum(k["sat"] for f in fams.values() for k in f.values())
    L += [f"**{total} task files** ({total - nsat} unsat, {nsat} sat) in {len(fams)} families, "
          "plus the example.", ""]
    L += ["| family | kernels | files | unsat | sat |", "|---|---:|---:|---:|---:|"]
    for fam in FAMILIES:
        ks = fams.get(fam, {})
        u = sum(k["unsat"] for k in ks.values())
        s = sum(k["sat"] for k in ks.values())
        L.append(f"| [{fam}](#{fam}) | {len(ks)} | {u + s} | {u} | {s} |")
    L.append("")
    L += ["Besides these generated families, [`why3-real/`](why3-real/README.md) holds goals "
          "printed by the real Why3 1.5.1 from WhyML models of the `vericuda` kernels "
          "(`gen/why3_real.py`; statuses in its `EXPECT.tsv`), and the benchmark harness reads "
          "the VCs that the real VeriCUDA wrote (`../shared/vericuda-train`) as the family "
          "`vericuda-real`.", ""]
    if raw:
        L += ["## Raw solver results", "",
              "How many unsat (valid) VCs z3 / cvc5 prove on the raw file within 1 s and 10 s "
              "(from `gen/raw-results.tsv`, wall clock on a shared 2-core machine, 30 s limit per run; "
              "entries near a limit can flip between runs):", "",
              "| family | unsat VCs | z3 <= 1 s | z3 <= 10 s | cvc5 <= 1 s | cvc5 <= 10 s | neither solver <= 10 s |",
              "|---|---:|---:|---:|---:|---:|---:|"]
        tot = [0] * 6
        for fam in FAMILIES:
            rows = [r for f, r in raw.items() if f.startswith(fam + "/") and r.get("expected") == "unsat"]
            c = [len(rows)] + [sum(int(r[k]) for r in rows if r[k] in "01")
                               for k in ("z3_1s", "z3_10s", "cvc5_1s", "cvc5_10s")]
            c.append(sum(1 for r in rows if r["z3_10s"] == "0" and r["cvc5_10s"] == "0"))
            tot = [a + b for a, b in zip(tot, c)]
            L.append(f"| {fam} | " + " | ".join(str(x) for x in c) + " |")
        L.append("| total | " + " | ".join(str(x) for x in tot) + " |")
        L.append("")
    for fam in FAMILIES:
        ks = fams.get(fam, {})
        L += [f"## {fam}", "", FAMILY_DOC[fam], "", "| kernel | unsat | sat | origin |", "|---|---:|---:|---|"]
        for ker in sorted(ks):
            k = ks[ker]
            L.append(f"| `{ker}` | {k['unsat']} | {k['sat']} | {k['origin'].replace('|', '/')} |")
        L.append("")
    L += ["## Deliberately invalid VCs (status sat)", "",
          "All are quantifier-free (cvc5 answers `unknown` on satisfiable quantified problems), and both",
          "solvers find a model quickly.", "", "| file | what fails |", "|---|---|"]
    for rel, text in files.items():
        if rel.count("/") == 2 and "(set-info :status sat)" in text:
            what = _header_field(text, "checks")
            note = _header_field(text, "notes")
            L.append(f"| `{rel}` | {what}{(' -- ' + note) if note else ''} |".replace("|`", "| `"))
    L.append("")
    return "\n".join(L)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only check that the corpus is up to date")
    ap.add_argument("--list", action="store_true", help="list the files that would be written")
    ap.add_argument("--out", default=str(CORPUS), help="corpus root (default: the corpus/ directory)")
    opts = ap.parse_args(argv)
    root = Path(opts.out)
    files = all_files()
    files["README.md"] = index_md(files, read_raw(HERE / "raw-results.tsv"))
    if opts.list:
        for p in files:
            print(p)
        return 0
    stale = []
    for rel, text in files.items():
        p = root / rel
        old = p.read_text() if p.exists() else None
        if old != text:
            stale.append(rel)
            if not opts.check:
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(text)
    owned = [root / f for f in FAMILIES] + [root / "examples"]
    extra = []
    for d in owned:
        if d.is_dir():
            for p in sorted(d.rglob("*.smt2")):
                rel = str(p.relative_to(root))
                if rel not in files:
                    extra.append(rel)
                    if not opts.check:
                        p.unlink()
    if not opts.check:
        for d in owned:
            if d.is_dir():
                for sub in sorted(d.rglob("*"), reverse=True):
                    if sub.is_dir() and not any(sub.iterdir()):
                        sub.rmdir()
    if opts.check:
        if stale or extra:
            for r in stale:
                print(f"out of date: {r}")
            for r in extra:
                print(f"not generated: {r}")
            return 1
        print(f"corpus up to date ({len(files)} files)")
        return 0
    print(f"wrote {len(stale)} changed file(s), removed {len(extra)}; {len(files)} files in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
