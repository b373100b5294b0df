"""WhyML models of the paper's kernels, in VeriCUDA's style, for the real Why3.

Every lockstep task of ``simt.py`` (family ``vericuda``: the same kernels and
annotations) becomes one WhyML theory whose axioms are the task's hypotheses
and whose goal is the task's goal, written the way VeriCUDA writes its VCs
(Kojima, Imanishi & Igarashi, Sec. 3):

* a thread is a pair of ``dim3`` records (block index, thread index), with
  ``blockDim``/``gridDim`` constants and ``is_valid_*`` predicates, as in
  VeriCUDA's ``cuda.why``;
* a per-thread variable is a map over threads (``map thread int``), read
  through the polymorphic ``tget : map thread 'a -> thread -> 'a``, so that
  Why3's polymorphism encoding (``uni``/``ty``/``t2tb``/``tb2t``) appears
  in the printed goals; uniform scalar parameters are ``map () int`` (read
  ``p[()]``), global arrays ``map int int``, shared arrays maps over tuples;
* assignments are axioms in VeriCUDA's forms: a scalar assignment under a
  guard is ``forall t. valid t -> ((c t -> x'[t] = e) /\\ (not c t -> x'[t] =
  x[t]))``, an array write ``forall i. (exists t. valid t /\\ c t /\\ idx t =
  i /\\ a'[i] = e t) \\/ ((forall t. not (...)) /\\ a'[i] = a[i])``, a uniform
  loop condition ``exists t. valid t /\\ c t``.

``mlw(kernel)`` renders one kernel's ``.mlw``; Why3 1.5.1 then prints its
goals (``print_goals``: ``why3 prove -D z3_471.drv -a split_vc -o DIR``, the
driver that ``-P z3`` selects for a z3 Why3 knows), one SMT-LIB file per goal
after splitting. ``INVALID`` lists the deliberately invalid variants: a task
with a defining hypothesis left out.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from smt import is_quant
from why3_boogie import Why3, _ver_base

FAMILY = "why3-real"
DRIVER = "z3_471.drv"
DRIVER_DIRS = ("/usr/share/why3/drivers", "/usr/local/share/why3/drivers")

# (kernel, task) -> comment prefix of the hypothesis left out: the goal no
# longer follows (the variable it defines is unconstrained).
INVALID = {
    ("arraycopy", "t1_entry_inv1"): "i = tid",
    ("arraycopy_multblocks", "t1_entry_inv1"): "i = bid",
    ("vectoradd", "t2_entry_inv2"): "i = ",
    ("vectoradd_downward", "t2_entry_inv2"): "i = ",
}

KEYWORDS = frozenset("""abstract absurd alias any as assert assume at axiom begin break by
check clone coinductive constant continue diverges do done downto else end ensures epsilon
exception exists export false float for forall fun function ghost goal if import in inductive
invariant label lemma let match meta module mutable not old partial predicate private pure
raise raises range reads rec ref requires result return returns scope so then theory to true
try type use val variant while with writes x y z tget blockDim gridDim bid_of tid_of
is_valid_bid is_valid_tid is_valid_thread dim3 thread""".split())

PRELUDE = """theory Cuda
  (* VeriCUDA's cuda.why: threads, launch dimensions, validity *)
  use int.Int
  use map.Map

  type dim3 = { x : int; y : int; z : int }
  type thread = (dim3, dim3)

  function bid_of (t : thread) : dim3 = let (b, _) = t in b
  function tid_of (t : thread) : dim3 = let (_, d) = t in d

  constant blockDim : dim3
  constant gridDim : dim3
  axiom blockDim_x_pos : 0 < blockDim.x
  axiom blockDim_y_pos : 0 < blockDim.y
  axiom blockDim_z_pos : 0 < blockDim.z
  axiom gridDim_x_pos : 0 < gridDim.x
  axiom gridDim_y_pos : 0 < gridDim.y
  axiom gridDim_z_pos : 0 < gridDim.z

  predicate is_valid_bid (i : dim3) =
    0 <= i.x < gridDim.x /\\ 0 <= i.y < gridDim.y /\\ 0 <= i.z < gridDim.z
  predicate is_valid_tid (i : dim3) =
    0 <= i.x < blockDim.x /\\ 0 <= i.y < blockDim.y /\\ 0 <= i.z < blockDim.z
  predicate is_valid_thread (t : thread) = is_valid_bid (bid_of t) /\\ is_valid_tid (tid_of t)

  (* a per-thread variable's value in thread t (polymorphic in the value) *)
  function tget (v : map thread 'a) (t : thread) : 'a
  axiom tget_def : forall v : map thread 'a, t : thread. tget v t = v[t]
end
"""


def ident(s: str) -> str:
    """A WhyML lowercase identifier for an SMT symbol of the task."""
    if s[0].isupper():
        s = "v" + s
    s = s.replace("$", "_").replace(".", "_")
    return s + "_" if s in KEYWORDS else s


class Printer:
    """WhyML text of the terms that ``why3_boogie.Why3.tr`` builds."""

    def __init__(self, enc: Why3, k):
        self.enc, self.k = enc, k

    def sym_kind(self, s: str) -> str | None:
        kind = self.enc.kind_of(s)
        if kind is None and s in self.enc.task.decls and not self.enc.task.decls[s][0] \
                and _ver_base(s) in self.k.params:
            return "param"
        return kind

    def t(self, e) -> str:
        if isinstance(e, int):
            return str(e) if e >= 0 else f"(- {-e})"
        if isinstance(e, str):
            if e in ("true", "false"):
                return e
            if self.sym_kind(e) == "param":
                return f"{ident(e)}[()]"
            return ident(e)
        if is_quant(e):
            bs = ", ".join(f"{ident(v)} : {sort(s)}" for v, s in e[1])
            return f"({e[0]} {bs}. {self.t(e[2])})"
        head, args = e[0], e[1:]
        if head == "tb2t":
            v, th = args[0]
            return f"(tget {ident(v)} {self.thread(th)})"
        if head == "select":
            return f"{ident(args[0])}[{self.t(args[1])}]"
        if head in ("block_idx", "thread_idx"):
            return f"({'bid_of' if head == 'block_idx' else 'tid_of'} {ident(args[0])})"
        if head in ("x", "y", "z"):
            return f"{self.dim(args[0])}.{head}"
        if head == "mk_dim3":
            return "{ " + "; ".join(f"{f} = {self.t(a)}" for f, a in zip("xyz", args)) + " }"
        if head in ("is_valid_thread", "is_valid_bid", "is_valid_tid"):
            return f"({head} {ident(args[0])})"
        ops = {"+": "+", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "=",
               "and": "/\\", "or": "\\/", "=>": "->"}
        if head in ops:
            if head == "=" and len(args) == 2 and self.is_bool(args[0]):
                return f"({self.t(args[0])} <-> {self.t(args[1])})"
            return "(" + f" {ops[head]} ".join(self.t(a) for a in args) + ")"
        if head == "-":
            if len(args) == 1:
                return f"(- {self.t(args[0])})"
            return "(" + " - ".join(self.t(a) for a in args) + ")"
        if head == "not":
            return f"(not {self.t(args[0])})"
        if head == "ite":
            return f"(if {self.t(args[0])} then {self.t(args[1])} else {self.t(args[2])})"
        if head in ("div", "mod"):
            return f"({head} {self.t(args[0])} {self.t(args[1])})"
        kind = self.sym_kind(head) if isinstance(head, str) else None
        if kind == "shared":
            return f"{ident(head)}[{self.tuple_key(args)}]"
        if kind == "global":
            return f"{ident(head)}[{self.tuple_key(args)}]"
        return "(" + " ".join([ident(head)] + [self.t(a) for a in args]) + ")"

    def is_bool(self, e) -> bool:
        return isinstance(e, tuple) and e and e[0] in ("and", "or", "not", "=>", "<", "<=")

    def tuple_key(self, args) -> str:
        if len(args) == 1:
            return self.t(args[0])
        return "(" + ", ".join(self.t(a) for a in args) + ")"

    def dim(self, d) -> str:
        if isinstance(d, str):
            return ident(d)
        return self.t(d) if d[0] == "mk_dim3" else f"({self.t(d)})"

    def thread(self, th) -> str:
        if isinstance(th, str):
            return ident(th)
        assert th[0] == "mk_thread", th
        return f"({self.t(th[1])}, {self.t(th[2])})"


def sort(s: str) -> str:
    return {"Int": "int", "Bool": "bool", "thread": "thread", "dim3": "dim3"}[s]


def guarded(e):
    """VeriCUDA's form of a guarded assignment: ``(c /\\ x' = e) \\/ (not c
    /\\ x' = x)`` becomes ``(c -> x' = e) /\\ (not c -> x' = x)``."""
    if isinstance(e, (int, str)):
        return e
    if is_quant(e):
        return (e[0], e[1], guarded(e[2]))
    if e[0] == "or" and len(e) == 3 and all(isinstance(a, tuple) and a[0] == "and" for a in e[1:]):
        a, b = e[1], e[2]
        conds, x = a[1:-1], a[-1]
        cond = conds[0] if len(conds) == 1 else ("and",) + conds
        if len(b) == 3 and b[1] == ("not", cond):
            return ("and", ("=>", cond, x), ("=>", ("not", cond), b[2]))
    return (e[0],) + tuple(guarded(a) for a in e[1:])


def axiom_name(comment: str, n: int) -> str:
    m = re.search(r"\[assign (\S+?)[\],]", comment)
    if m:
        return f"assign_{ident(m.group(1))}"
    for key, name in (("launch", "launch"), ("requires", "precondition"),
                      ("loop counter", "loop_counter"), ("continues", "loop_cont_cond"),
                      ("exits", "loop_exit_cond"), ("ends", "loop_exit_cond"),
                      ("invariant", "invariant"), ("barrier", "barrier")):
        if key in comment:
            return f"{name}_{n}"
    return f"h_{n}"


def comment(s: str) -> str:
    return "(* " + " ".join(s.replace("(*", "( *").replace("*)", "* )").split()) + " *)"


def launch(cfg) -> list[str]:
    """Axioms tying blockDim/gridDim to the configuration's size constants."""
    if cfg.name == "single1d":
        bd, gd = ("vN", "1", "1"), ("1", "1", "1")
    elif cfg.name == "multi1d":
        bd, gd = ("bsize", "1", "1"), ("gsize", "1", "1")
    else:
        bd, gd = ("bsize_x", "bsize_y", "1"), ("gsize_x", "gsize_y", "1")
    return [f"  axiom launch : blockDim.x = {bd[0]} /\\ blockDim.y = {bd[1]} "
            f"/\\ blockDim.z = {bd[2]}",
            f"    /\\ gridDim.x = {gd[0]} /\\ gridDim.y = {gd[1]} /\\ gridDim.z = {gd[2]}"]


def theory(k, cfg, task, name: str, drop: str | None) -> str:
    enc = Why3(k, cfg, task)
    p = Printer(enc, k)
    L = [f"theory {name[0].upper()}{name[1:]}", f"  {comment(task.what)}",
         "  use int.Int", "  use int.Abs", "  use int.EuclideanDivision", "  use int.Power",
         "  use map.Map", "  use Cuda", ""]
    sizes = {c.bound for c in cfg.comps} | {"N"}
    for s, (args, ret) in task.decls.items():
        kind = p.sym_kind(s)
        if kind == "local":
            L.append(f"  constant {ident(s)} : map thread int")
        elif kind == "param":
            L.append(f"  constant {ident(s)} : map () int")
        elif kind in ("shared", "global"):
            nb = enc.nblock if kind == "shared" else 0
            key = ["dim3"] * (1 if nb else 0) + ["int"] * (len(args) - nb)
            ks = key[0] if len(key) == 1 else "(" + ", ".join(key) + ")"
            L.append(f"  constant {ident(s)} : map {ks} {sort(ret)}")
        elif not args:
            L.append(f"  constant {ident(s)} : {sort(ret)}")
        elif ret == "Bool":
            L.append(f"  predicate {ident(s)} {' '.join(sort(a) for a in args)}")
        else:
            L.append(f"  function {ident(s)} {' '.join(sort(a) for a in args)} : {sort(ret)}")
    for s in sorted(sizes - set(task.decls)):
        if s in {c.bound for c in cfg.comps} or (s == "N" and cfg.name == "single1d"):
            L.append(f"  constant {ident(s)} : int")
    L.append("")
    L += launch(cfg)
    L.append("")
    n = 0
    hyps = [h for h in task.hyps if not (drop and h.comment.startswith(drop))]
    if drop and len(hyps) != len(task.hyps) - 1:
        raise ValueError(f"{k.name}/{task.name}: '{drop}' must name exactly one hypothesis")
    for h in hyps:
        n += 1
        term = enc.tr(h.term, {}, {})
        if "[assign" in h.comment:
            term = guarded(term)
        L.append(f"  {comment(h.comment)}")
        L.append(f"  axiom {axiom_name(h.comment, n)} : {p.t(term)}")
    L.append("")
    L.append(f"  goal {task.name} : {p.t(enc.tr(task.goal, {}, {}))}")
    L.append("end")
    return "\n".join(L) + "\n"


def mlw(k, cfg, tasks) -> str:
    """The .mlw of one kernel: the Cuda prelude, then one theory per task
    (and per deliberately invalid variant)."""
    out = [f"(* {k.title}.\n   {k.source}.\n   Generated by corpus/gen/why3_real.py from the "
           f"kernel of the vericuda family; one theory per lockstep task. *)\n", PRELUDE]
    for task in tasks:
        out.append(theory(k, cfg, task, task.name, None))
        drop = INVALID.get((k.name, task.name))
        if drop:
            out.append(theory(k, cfg, task, task.name + "_invalid", drop))
    return "\n".join(out)


def driver() -> str | None:
    for d in DRIVER_DIRS:
        p = Path(d) / DRIVER
        if p.exists():
            return str(p)
    return None


def print_goals(mlw_path: Path, why3: str = "why3") -> dict[str, str]:
    """Why3's printed goals of one .mlw: file name -> text. Run in the .mlw's
    directory (the goals' `File "..."` comments name it relatively)."""
    drv = driver()
    if drv is None or shutil.which(why3) is None:
        raise FileNotFoundError(f"why3 and its {DRIVER} are needed (scripts/install-solvers.sh)")
    with tempfile.TemporaryDirectory() as td:
        r = subprocess.run([why3, "prove", "-D", drv, "-a", "split_vc", "-o", td, mlw_path.name],
                           cwd=mlw_path.parent, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"why3 failed on {mlw_path}: {r.stderr.strip()[:2000]}")
        return {p.name: p.read_text() for p in sorted(Path(td).glob("*.smt2"))}


def expected(goal_file: str) -> str:
    """A printed goal's status: `<mlw>-<Theory>-<goal>.smt2`; the goals of an
    `_invalid` theory are invalid (sat), every other goal is valid (unsat)."""
    return "sat" if goal_file.split("-")[-2].endswith("_invalid") else "unsat"


def files(root: Path, why3: str = "why3") -> dict[str, str]:
    """Every file of the family below `root` (= corpus/why3-real): path
    relative to root -> text: the .mlw models, Why3's printed goals of each,
    and EXPECT.tsv. The goals are printed from the .mlw as written under
    root, so write the models first (`models`)."""
    out = {}
    rows = ["file\texpected"]
    for rel, text in models().items():
        out[rel] = text
        goals = print_goals(root / rel, why3)
        for name, g in goals.items():
            grel = f"{Path(rel).parent}/{name}"
            out[grel] = g
            rows.append(f"{grel}\t{expected(name)}")
    out["EXPECT.tsv"] = "\n".join(rows) + "\n"
    return out


def models() -> dict[str, str]:
    """The .mlw of every kernel of the vericuda family: `<kernel>/<kernel>.mlw` -> text."""
    import kernels_vericuda as kv
    import simt
    out = {}
    for fn in kv.KERNELS:
        k = fn()
        tasks = [t for t in simt.generate(k) if t.status != "skip"]
        out[f"{k.name}/{k.name}.mlw"] = mlw(k, simt.CONFIGS[k.config](), tasks)
    return dict(sorted(out.items()))


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="Write (or --check) corpus/why3-real: WhyML models "
                                 "of the paper's kernels and the goals Why3 prints from them.")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if a model, a printed goal or EXPECT.tsv would change")
    ap.add_argument("--why3", default="why3")
    opts = ap.parse_args(argv)
    root = Path(__file__).resolve().parent.parent / FAMILY
    if driver() is None or shutil.which(opts.why3) is None:
        msg = f"{FAMILY}: why3 and its {DRIVER} are not installed (scripts/install-solvers.sh)"
        if os.environ.get("CI") == "true" or not opts.check:
            print(f"error: {msg}", file=sys.stderr)
            return 1
        print(f"skipped: {msg}")
        return 0
    if opts.check:
        with tempfile.TemporaryDirectory() as td:
            tmp = Path(td)
            for rel, text in models().items():
                (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
                (tmp / rel).write_text(text)
            want = files(tmp, opts.why3)
        have = {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*"))
                if p.is_file() and p.name != "README.md"}
        bad = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
        for k in bad:
            print(f"{FAMILY}/{k}: " + ("missing" if k not in have else "not generated"
                                       if k not in want else "differs"))
        print(f"{FAMILY}: {len(want)} files, {len(bad)} differ")
        return 1 if bad else 0
    for rel, text in models().items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    want = files(root, opts.why3)
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.name != "README.md" and str(p.relative_to(root)) not in want:
            p.unlink()
    for rel, text in want.items():
        (root / rel).write_text(text)
    print(f"{FAMILY}: wrote {len(want)} files "
          f"({sum(rel.endswith('.smt2') for rel in want)} goals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
