"""Concrete lockstep interpreter for the mini kernel language (simt.py).

Used by the tests as an independent sanity check of the annotations: for
small concrete launch configurations it runs a kernel in complete lockstep
(the paper's execution model, Sec. 2) and checks

* the preconditions of the chosen instance,
* every loop invariant at every loop head (with ``loop_count``),
* that every barrier is reached by all threads,
* every postcondition at the end.

Quantifiers over integers in annotations are evaluated over a finite window
``[-W, W]`` that covers every array index the instance touches.  Array cells
that were never written hold pseudo-random values, so an annotation that only
holds "by accident" is very unlikely to pass.
"""

from __future__ import annotations

import itertools
import random

import expr as E
from simt import CONFIGS, Assign, Barrier, If, Kernel, While


class AnnotationFailure(AssertionError):
    pass


class Arr:
    """A total Int -> Int map: explicit writes over pseudo-random contents."""

    def __init__(self, name, seed):
        self.name = name
        self.seed = seed
        self.cells = {}

    def get(self, key):
        if key not in self.cells:
            r = random.Random(f"{self.name}/{self.seed}/{key}")
            self.cells[key] = r.randint(-1000, 1000)
        return self.cells[key]

    def set(self, key, v):
        self.cells[key] = v

    def copy(self):
        a = Arr(self.name, self.seed)
        a.cells = dict(self.cells)
        return a


def cdiv(a, b):
    # SMT-LIB div (Euclidean); kernels only divide non-negative values
    if b == 0:
        raise ZeroDivisionError
    q = a // b if b > 0 else -(a // -b)
    if a - q * b < 0:
        q += 1 if b < 0 else -1
    return q


def cmod(a, b):
    return a - b * cdiv(a, b)


class Run:
    def __init__(self, k: Kernel, dims: dict, values: dict, seed=0, window=64):
        self.k = k
        self.cfg = CONFIGS[k.config]()
        self.dims = dims            # e.g. {"N": 4} or {"bsize": 2, "gsize": 3}
        self.values = dict(values)  # params and ghosts
        self.window = window
        self.threads = list(itertools.product(*[range(dims[c.bound]) for c in self.cfg.comps]))
        self.locals = {v: {t: 0 for t in self.threads} for v in k.locals}
        self.arrays = {}
        for a in list(k.shared) + list(k.globals):
            self.arrays[a] = Arr(a, seed)
        self.initial = {a: arr.copy() for a, arr in self.arrays.items()}
        for g, src in values.get("__ghost_arrays__", {}).items():
            self.initial[g] = self.arrays[src].copy()
        self.loop_counts = []
        self.barriers = 0
        self.memo = {}

    # -- evaluation ----------------------------------------------------------------
    def builtin(self, name, t):
        b = self.cfg.builtins[name]
        if b.startswith("%"):
            return t[int(b[1:])]
        if name == "N":
            n = 1
            for c in self.cfg.comps:
                n *= self.dims[c.bound]
            return n
        return self.dims[b]

    def ev(self, a, t=None, env=None, arrays=None, active=None, lc=None):
        env = env or {}
        arrays = arrays or self.arrays
        a = E.parse(a)
        k = a[0]
        r = lambda x: self.ev(x, t, env, arrays, active, lc)
        if k == "num":
            return a[1]
        if k == "id":
            n = a[1]
            if n in env:
                return env[n]
            if n in ("true", "false"):
                return n == "true"
            if n in self.cfg.builtins:
                return self.builtin(n, t)
            if n in self.k.locals:
                return self.locals[n][t]
            if n in self.values:
                return self.values[n]
            if n == "loop_count":
                return lc[-1]
            if n == "loop_count_2":
                return lc[-2]
            if n == "active":
                return active(t)
            raise KeyError(n)
        if k == "idx":
            idx = tuple(r(i) for i in a[2])
            n = a[1]
            if n in self.k.ghost_arrays:
                return self.initial[n].get(idx)
            if n in self.k.shared and self.cfg.nblock:
                idx = tuple(t[: self.cfg.nblock]) + idx
            return arrays[n].get(idx)
        if k == "call":
            f = next(f for f in self.k.logic if f.name == a[1])
            args = [r(x) for x in a[2]]
            key = (a[1], *args)
            if key in self.memo:
                return self.memo[key]
            ps, lo, hi = args[:-2], args[-2], args[-1]
            s = 0
            for v in range(lo, hi):
                e2 = dict(zip(f.params, ps))
                e2[f.var] = v
                s += self.ev(f.term, None, e2, self.initial)
            self.memo[key] = s
            return s
        if k == "un":
            x = r(a[2])
            return -x if a[1] == "-" else (not x)
        if k == "bin":
            op = a[1]
            if op == "&&":
                return r(a[2]) and r(a[3])
            if op == "||":
                return r(a[2]) or r(a[3])
            if op == "==>":
                return (not r(a[2])) or r(a[3])
            x, y = r(a[2]), r(a[3])
            return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
                    "/": lambda: cdiv(x, y), "%": lambda: cmod(x, y), "<": lambda: x < y,
                    "<=": lambda: x <= y, ">": lambda: x > y, ">=": lambda: x >= y,
                    "==": lambda: x == y, "!=": lambda: x != y, "<==>": lambda: x == y}[op]()
        if k == "chain":
            xs = [r(x) for x in a[2]]
            ok = True
            for i, op in enumerate(a[1]):
                ok = ok and {"<": xs[i] < xs[i + 1], "<=": xs[i] <= xs[i + 1],
                             ">": xs[i] > xs[i + 1], ">=": xs[i] >= xs[i + 1]}[op]
            return ok
        if k == "ite":
            return r(a[2]) if r(a[1]) else r(a[3])
        if k == "q":
            rng = range(-self.window, self.window + 1)
            vals = (self.ev(a[3], t, {**env, **dict(zip(a[2], combo))}, arrays, active, lc)
                    for combo in itertools.product(rng, repeat=len(a[2])))
            return all(vals) if a[1] == "forall" else any(vals)
        if k == "tq":
            vals = (self.ev(a[2], th, env, arrays, active, lc) for th in self.threads)
            return all(vals) if a[1] == "forall" else any(vals)
        raise ValueError(a)

    def spec(self, a, what, active=None, lc=None):
        a = E.parse(a)
        dep = set(self.k.locals) | self.cfg.thread_dependent() | {"active"}
        if E.ast_ids_outside_tq(a) & dep:
            ok = all(self.ev(a, t, active=active, lc=lc) for t in self.threads)
        else:
            ok = self.ev(a, None, active=active, lc=lc)
        if not ok:
            raise AnnotationFailure(f"{self.k.name}: {what} fails: {E.unparse(a)} "
                                    f"(dims={self.dims}, values={self.values}, loop_count={lc})")

    # -- execution -------------------------------------------------------------------
    def run(self):
        for r in self.k.requires:
            self.spec(r, "requires")
        self.block(self.k.body, lambda t: True)
        for e in self.k.ensures:
            self.spec(e, "ensures")
        return self

    def block(self, stmts, mask):
        for s in stmts:
            self.stmt(s, mask)

    def stmt(self, s, mask):
        if isinstance(s, Assign):
            lhs = E.parse(s.lhs)
            act = [t for t in self.threads if mask(t)]
            vals = {t: self.ev(s.rhs, t) for t in act}
            if lhs[0] == "id":
                for t in act:
                    self.locals[lhs[1]][t] = vals[t]
            else:
                a = lhs[1]
                writes = {}
                for t in act:
                    idx = tuple(self.ev(i, t) for i in lhs[2])
                    if a in self.k.shared and self.cfg.nblock:
                        idx = tuple(t[: self.cfg.nblock]) + idx
                    writes.setdefault(idx, vals[t])
                for idx, v in writes.items():
                    self.arrays[a].set(idx, v)
        elif isinstance(s, If):
            c = {t: bool(self.ev(s.cond, t)) for t in self.threads}
            self.block(s.then, lambda t, m=mask: m(t) and c[t])
            self.block(s.else_, lambda t, m=mask: m(t) and not c[t])
        elif isinstance(s, Barrier):
            self.barriers += 1
            if not all(mask(t) for t in self.threads):
                raise AnnotationFailure(f"{self.k.name}: barrier {self.barriers} reached by a subset of threads")
        elif isinstance(s, While):
            self.loop_counts.append(0)
            try:
                for it in itertools.count():
                    self.loop_counts[-1] = it
                    active = lambda t, m=mask: m(t) and bool(self.ev(s.cond, t))
                    for i, inv in enumerate(s.invariants):
                        self.spec(inv, f"loop invariant {i + 1} at loop_count={it}", active, list(self.loop_counts))
                    cur = {t: active(t) for t in self.threads}
                    if not any(cur.values()):
                        break
                    if it > 10000:
                        raise RuntimeError("loop does not terminate")
                    self.block(s.body, lambda t, c=cur: c[t])
            finally:
                self.loop_counts.pop()
        else:
            raise ValueError(s)
