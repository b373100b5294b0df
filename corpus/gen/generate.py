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
FAMILIES = ("vericuda", "race", "divergence", "pug")
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
    fam, ker, task, dst = EXAMPLE
    files[dst] = files[f"{fam}/{ker}/{task}.smt2"]
    return dict(sorted(files.items()))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only check that the corpus is up to date")
    ap.add_argument("--list", action="store_true", help="list the files that would be written")
    ap.add_argument("--out", default=str(CORPUS), help="corpus root (default: the corpus/ directory)")
    opts = ap.parse_args(argv)
    root = Path(opts.out)
    files = all_files()
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
