"""GPUVerify-style two-thread race and barrier-divergence VCs.

This follows the kernel transformation of the GPUVerify tutorial (seed 004)
and the GPUVerify invariant paper (seed 001):

* two arbitrary, distinct threads ``$1`` and ``$2`` (``0 <= tid$1 < N``,
  ``0 <= tid$2 < N``, ``tid$1 != tid$2``; with several blocks either the same
  block (*intra*) or different blocks (*inter*));
* every local and scalar parameter is duplicated (``x$1``, ``x$2``;
  parameters start equal);
* shared arrays disappear: for each array ``A`` the instrumentation variables
  ``READ_HAS_OCCURRED_A``, ``READ_OFFSET_A``, ``WRITE_HAS_OCCURRED_A``,
  ``WRITE_OFFSET_A``; thread 1 *logs* accesses (a nondeterministic choice
  ``log@k`` decides whether this access is the one remembered), thread 2
  *checks* its accesses against the log;  values read are havocked;
* predicated execution: ``if`` and loops compute per-thread predicates, a loop
  runs while ``Q$1 || Q$2`` (Boogie-style: invariants checked on entry,
  modified variables havocked, invariants assumed, body checked, invariants
  re-established);
* ``barrier(P$1, P$2)`` asserts ``P$1 == P$2`` (barrier divergence) and then
  assumes no access is logged.

Each ``assert`` becomes one task ``hypotheses ==> assertion``; earlier
assertions are hypotheses of later tasks (Boogie's assume-after-assert).  SSA
versions are written ``x$1@k``.  All VCs are quantifier-free.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import expr as E
from simt import CONFIGS, Assign, Barrier, GenError, Hyp, If, Task, While
from smt import TRUE, and_, eq, implies, not_, symbols

FLAGS = ("READ_HAS_OCCURRED", "READ_OFFSET", "WRITE_HAS_OCCURRED", "WRITE_OFFSET")


@dataclass
class TTKernel:
    name: str
    config: str                 # single1d / multi1d / multi2d
    mode: str = "intra"         # intra: same block, inter: different blocks (multi-block only)
    title: str = ""
    source: str = ""
    params: list = field(default_factory=list)
    ghosts: list = field(default_factory=list)     # uniform specification constants
    locals: list = field(default_factory=list)
    arrays: dict = field(default_factory=dict)      # name -> "shared" | "global"
    requires: list = field(default_factory=list)    # uniform (may mention params, ghosts, builtins)
    body: list = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    default_status: str = "unsat"
    notes: str = ""


def _thread_names(cfg):
    # builtin names that denote thread-id components, in component order
    inv = {v: k for k, v in cfg.builtins.items() if v.startswith("%")}
    return [inv[f"%{i}"] for i in range(len(cfg.comps))]


class TT:
    def __init__(self, k: TTKernel):
        self.k = k
        self.cfg = CONFIGS[k.config]()
        self.comp_names = _thread_names(self.cfg)
        self.decls = {}
        self.ver = {}
        self.cnt = {}
        self.gamma = []
        self.tasks = []
        self.logs = 0
        self.nreads = 0
        self.access = {}
        self.barriers = 0
        self.loop_ids = 0
        self.loop_stack = []

    # -- symbols ------------------------------------------------------------------
    def declare(self, name, sort="Int"):
        self.decls.setdefault(name, ((), sort))
        return name

    def fresh(self, base, sort="Int"):
        i = self.cnt.get(base, 0)
        self.cnt[base] = i + 1
        s = f"{base}@{i}"
        self.declare(s, sort)
        self.ver[base] = s
        return s

    def cur(self, base):
        return self.ver[base]

    def hyp(self, comment, t):
        self.gamma.append(Hyp(comment, t))

    def task(self, label, what, goal):
        n = len(self.tasks) + 1
        self.tasks.append((f"t{n}_{label}", what, list(self.gamma), goal))
        # Boogie: the assertion is assumed afterwards
        self.hyp(f"(assumed after being checked) {what}", goal)

    # -- translation ---------------------------------------------------------------
    def tr(self, a, k, reads=None):
        return _TTr(self, k, reads, self.nreads).tr(a)

    def spec(self, a):
        """Invariant / requires: names carry their thread suffix explicitly."""
        return _SpecTr(self).tr(a)

    def with_reads(self, asts, P):
        """Translate ``asts`` for both threads, emitting LOG_READ/CHECK_READ for
        every array read (in evaluation order); returns ([terms$1], [terms$2])."""
        r1, r2 = [], []
        t1 = [self.tr(a, 1, r1) for a in asts]
        t2 = [self.tr(a, 2, r2) for a in asts]
        assert len(r1) == len(r2)
        self.nreads += len(r1)
        for (arr, off1, v1), (_, off2, v2) in zip(r1, r2):
            self.log("READ", arr, P[0], off1)
            self.check_read(arr, P[1], off2)
        return t1, t2

    # -- instrumentation ---------------------------------------------------------------
    def racy(self, arr):
        return not (self.k.mode == "inter" and self.k.arrays[arr] == "shared")

    def log(self, kind, arr, en, off):
        if not self.racy(arr):
            return
        self.logs += 1
        c = self.declare(f"log@{self.logs}", "Bool")
        g = and_(en, c) if en != TRUE else c
        ho, of = f"{kind}_HAS_OCCURRED_{arr}", f"{kind}_OFFSET_{arr}"
        old_h, old_o = self.cur(ho), self.cur(of)
        new_h, new_o = self.fresh(ho, "Bool"), self.fresh(of)
        self.hyp(f"LOG_{kind}_{arr} by thread 1 (nondeterministically chosen by {c})",
                 eq(new_h, ("ite", g, "true", old_h)))
        self.hyp(None, eq(new_o, ("ite", g, off, old_o)))

    def _acc(self, kind, arr):
        key = (kind, arr)
        self.access[key] = self.access.get(key, 0) + 1
        return self.access[key]

    def check_read(self, arr, en, off):
        if not self.racy(arr):
            return
        n = self._acc("read", arr)
        wh, wo = self.cur(f"WRITE_HAS_OCCURRED_{arr}"), self.cur(f"WRITE_OFFSET_{arr}")
        self.task(f"check_read{n}_{arr}",
                  f"CHECK_READ_{arr}: read {n} of {arr} by thread 2 does not conflict with a logged write of thread 1",
                  implies(and_(en, wh) if en != TRUE else wh, not_(eq(wo, off))))

    def check_write(self, arr, en, off):
        if not self.racy(arr):
            return
        n = self._acc("write", arr)
        wh, wo = self.cur(f"WRITE_HAS_OCCURRED_{arr}"), self.cur(f"WRITE_OFFSET_{arr}")
        rh, ro = self.cur(f"READ_HAS_OCCURRED_{arr}"), self.cur(f"READ_OFFSET_{arr}")
        self.task(f"check_write{n}_{arr}_ww",
                  f"CHECK_WRITE_{arr}: write {n} of {arr} by thread 2 does not conflict with a logged write of thread 1",
                  implies(and_(en, wh) if en != TRUE else wh, not_(eq(wo, off))))
        self.task(f"check_write{n}_{arr}_rw",
                  f"CHECK_WRITE_{arr}: write {n} of {arr} by thread 2 does not conflict with a logged read of thread 1",
                  implies(and_(en, rh) if en != TRUE else rh, not_(eq(ro, off))))

    # -- run --------------------------------------------------------------------------
    def run(self):
        k, cfg = self.k, self.cfg
        for c, t, trig in cfg.axioms:
            self.hyp(c, t)
        for s in cfg.builtins.values():
            if not s.startswith("%"):
                self.declare(s)
        # the two threads
        for th in (1, 2):
            for name, comp in zip(self.comp_names, cfg.comps):
                v = self.declare(f"{name}${th}")
                self.hyp(f"thread {th}: {name} in range", and_(("<=", 0, v), ("<", v, comp.bound)))
        nb = cfg.nblock
        blk = [(f"{n}$1", f"{n}$2") for n in self.comp_names[:nb]]
        thr = [(f"{n}$1", f"{n}$2") for n in self.comp_names[nb:]]
        if nb == 0:
            self.hyp("the two threads are distinct", _distinct_tuple(thr))
        elif k.mode == "intra":
            self.hyp("same block", and_(*[eq(a, b) for a, b in blk]))
            self.hyp("distinct threads within the block", _distinct_tuple(thr))
        elif k.mode == "inter":
            self.hyp("different blocks", _distinct_tuple(blk))
        else:
            raise GenError(f"bad mode {k.mode}")
        for p in k.params:
            a, b = self.fresh(f"{p}$1"), self.fresh(f"{p}$2")
            self.hyp(f"parameter {p} is uniform", eq(a, b))
        for g in k.ghosts:
            self.declare(g)
        for v in k.locals:
            self.fresh(f"{v}$1")
            self.fresh(f"{v}$2")
        for arr in k.arrays:
            if not self.racy(arr):
                continue
            for f in FLAGS:
                self.fresh(f"{f}_{arr}", "Bool" if "HAS" in f else "Int")
            self.hyp(f"no access to {arr} logged yet",
                     and_(not_(self.cur(f"READ_HAS_OCCURRED_{arr}")), not_(self.cur(f"WRITE_HAS_OCCURRED_{arr}"))))
        for r in k.requires:
            self.hyp(f"requires {E.unparse(E.parse(r))}", self.spec(r))
        self.block(k.body, (TRUE, TRUE))
        return self.finish()

    def block(self, stmts, P):
        for s in stmts:
            self.stmt(s, P)

    def stmt(self, s, P):
        if isinstance(s, Assign):
            lhs = E.parse(s.lhs)
            if lhs[0] == "id":
                v = lhs[1]
                if v not in self.k.locals:
                    raise GenError(f"{self.k.name}: assignment to non-local {v}")
                (r1,), (r2,) = self.with_reads([s.rhs], P)
                for th, rt, p in ((1, r1, P[0]), (2, r2, P[1])):
                    old = self.cur(f"{v}${th}")
                    new = self.fresh(f"{v}${th}")
                    self.hyp(f"thread {th}: {E.unparse(lhs)} = {E.unparse(E.parse(s.rhs))}",
                             eq(new, rt if p == TRUE else ("ite", p, rt, old)))
                return
            arr = lhs[1]
            if len(lhs[2]) != 1:
                raise GenError("two-thread arrays are 1-D (flatten the offset)")
            (o1, r1), (o2, r2) = self.with_reads([lhs[2][0], s.rhs], P)
            self.log("WRITE", arr, P[0], o1)
            self.check_write(arr, P[1], o2)
        elif isinstance(s, If):
            (c1,), (c2,) = self.with_reads([s.cond], P)
            self.block(s.then, (_conj(P[0], c1), _conj(P[1], c2)))
            self.block(s.else_, (_conj(P[0], not_(c1)), _conj(P[1], not_(c2))))
        elif isinstance(s, Barrier):
            self.barriers += 1
            self.task(f"barrier{self.barriers}_divergence",
                      f"barrier {self.barriers}: both threads agree on reaching it (no barrier divergence)",
                      eq(P[0], P[1]))
            for arr in self.k.arrays:
                if not self.racy(arr):
                    continue
                if self.k.mode == "inter" and self.k.arrays[arr] == "global":
                    continue  # a barrier does not order accesses of different blocks
                self.hyp(f"barrier {self.barriers}: logged accesses to {arr} were checked, none pending",
                         implies(P[0], and_(not_(self.cur(f"READ_HAS_OCCURRED_{arr}")),
                                            not_(self.cur(f"WRITE_HAS_OCCURRED_{arr}")))))
        elif isinstance(s, While):
            self.loop(s, P)
        else:
            raise GenError(f"unknown statement {s!r}")

    def loop(self, s, P):
        self.loop_ids += 1
        lid = self.loop_ids
        g1, g2 = self.tr(s.cond, 1), self.tr(s.cond, 2)
        qb = f"Q{lid}"
        q1, q2 = self.fresh(f"{qb}$1", "Bool"), self.fresh(f"{qb}$2", "Bool")
        self.hyp(f"loop {lid}: thread 1 enters iff enabled and {E.unparse(E.parse(s.cond))}", eq(q1, _conj(P[0], g1)))
        self.hyp(f"loop {lid}: thread 2 enters iff enabled and {E.unparse(E.parse(s.cond))}", eq(q2, _conj(P[1], g2)))
        self.loop_stack.append(qb)
        invs = _expand(s.invariants)
        for i, inv in enumerate(invs):
            self.task(f"loop{lid}_entry_inv{i + 1}", f"loop {lid} invariant {i + 1} holds on entry: {inv}",
                      self.spec(inv))
        # havoc the modified variables
        for base, sort in self._modset(s.body) + [(f"{qb}$1", "Bool"), (f"{qb}$2", "Bool")]:
            self.fresh(base, sort)
        for i, inv in enumerate(invs):
            self.hyp(f"loop {lid} invariant {i + 1} (assumed at the loop head): {inv}", self.spec(inv))
        gamma_head, ver_head = list(self.gamma), dict(self.ver)
        q1, q2 = self.cur(f"{qb}$1"), self.cur(f"{qb}$2")
        self.hyp(f"loop {lid}: some thread still iterates", ("or", q1, q2))
        self.block(s.body, (q1, q2))
        g1, g2 = self.tr(s.cond, 1), self.tr(s.cond, 2)
        n1, n2 = self.fresh(f"{qb}$1", "Bool"), self.fresh(f"{qb}$2", "Bool")
        self.hyp(f"loop {lid}: re-evaluate the guard for thread 1", eq(n1, _conj(q1, g1)))
        self.hyp(f"loop {lid}: re-evaluate the guard for thread 2", eq(n2, _conj(q2, g2)))
        for i, inv in enumerate(invs):
            self.task(f"loop{lid}_preserve_inv{i + 1}",
                      f"loop {lid} invariant {i + 1} is preserved by the loop body: {inv}", self.spec(inv))
        self.loop_stack.pop()
        self.gamma, self.ver = gamma_head, ver_head
        self.hyp(f"loop {lid} exited by both threads", not_(("or", self.cur(f"{qb}$1"), self.cur(f"{qb}$2"))))

    def _modset(self, body):
        out = []

        def add(x):
            if x not in out:
                out.append(x)

        def go(stmts):
            for st in stmts:
                if isinstance(st, Assign):
                    lhs = E.parse(st.lhs)
                    for a in _read_arrays(E.parse(st.rhs)) + (_read_arrays(lhs[2][0]) if lhs[0] == "idx" else []):
                        if self.racy(a):
                            add((f"READ_HAS_OCCURRED_{a}", "Bool"))
                            add((f"READ_OFFSET_{a}", "Int"))
                    if lhs[0] == "id":
                        add((f"{lhs[1]}$1", "Int"))
                        add((f"{lhs[1]}$2", "Int"))
                    elif self.racy(lhs[1]):
                        add((f"WRITE_HAS_OCCURRED_{lhs[1]}", "Bool"))
                        add((f"WRITE_OFFSET_{lhs[1]}", "Int"))
                elif isinstance(st, If):
                    for a in _read_arrays(E.parse(st.cond)):
                        if self.racy(a):
                            add((f"READ_HAS_OCCURRED_{a}", "Bool"))
                            add((f"READ_OFFSET_{a}", "Int"))
                    go(st.then)
                    go(st.else_)
                elif isinstance(st, While):
                    go(st.body)
                elif isinstance(st, Barrier):
                    for a in self.k.arrays:
                        if self.racy(a):
                            for f in FLAGS:
                                add((f"{f}_{a}", "Bool" if "HAS" in f else "Int"))

        go(body)
        return out

    def finish(self):
        out = []
        for name, what, gamma, goal in self.tasks:
            used = {}
            for t in [h.term for h in gamma] + [goal]:
                symbols(t, used)
            decls = {s: self.decls[s] for s in self.decls if s in used}
            missing = [s for s in used if s not in self.decls]
            if missing:
                raise GenError(f"{self.k.name}/{name}: undeclared {missing}")
            label = name.split("_", 1)[1]
            st = self.k.expect.get(label, self.k.default_status)
            out.append(Task(name, "race", what, gamma, goal, decls, st))
        return out


def _conj(p, c):
    return c if p == TRUE else and_(p, c)


def _distinct_tuple(pairs):
    if len(pairs) == 1:
        a, b = pairs[0]
        return not_(eq(a, b))
    return not_(and_(*[eq(a, b) for a, b in pairs]))


def _expand(invs):
    out = []
    for inv in invs:
        if "$t" in inv:
            out.append(inv.replace("$t", "$1"))
            out.append(inv.replace("$t", "$2"))
        else:
            out.append(inv)
    return out


def _read_arrays(a):
    out = []

    def go(x):
        k = x[0]
        if k == "idx":
            for i in x[2]:
                go(i)
            out.append(x[1])
        elif k == "call":
            for i in x[2]:
                go(i)
        elif k == "un":
            go(x[2])
        elif k == "bin":
            go(x[2])
            go(x[3])
        elif k == "chain":
            for y in x[2]:
                go(y)
        elif k == "ite":
            for y in x[1:]:
                go(y)

    go(a)
    return out


class _TTr(E.Translator):
    """Program expressions for thread ``k``; array reads yield fresh values
    and are recorded (in evaluation order) for logging/checking."""

    def __init__(self, tt: TT, k, reads, base):
        super().__init__()
        self.tt, self.th, self.reads, self.base = tt, k, reads, base

    def ident(self, name):
        tt = self.tt
        b = tt.cfg.builtins.get(name)
        if b is not None:
            if b.startswith("%"):
                return f"{tt.comp_names[int(b[1:])]}${self.th}"
            return b
        if name in tt.k.params or name in tt.k.locals:
            return tt.cur(f"{name}${self.th}")
        if name in tt.k.ghosts:
            return name
        raise GenError(f"{tt.k.name}: unknown identifier {name}")

    def index(self, name, idx):
        if self.reads is None:
            raise GenError("array read not allowed here (loop guard?)")
        if name not in self.tt.k.arrays or len(idx) != 1:
            raise GenError(f"bad array access {name}")
        n = self.base + len(self.reads) + 1
        v = self.tt.declare(f"read{n}${self.th}")
        self.reads.append((name, idx[0], v))
        return v

    def call(self, name, args):
        raise GenError("no functions in two-thread kernels")


class _SpecTr(E.Translator):
    """Annotations: ``x$1``/``x$2`` name the per-thread copies (current SSA
    version), ``READ_HAS_OCCURRED_A`` etc. the instrumentation, plain names
    the uniform parameters (thread 1's copy), ghosts and launch constants;
    ``__enabled$1``/``__enabled$2`` the current loop predicates."""

    def __init__(self, tt: TT):
        super().__init__()
        self.tt = tt

    def ident(self, name):
        tt = self.tt
        if name.startswith("__enabled$"):
            return tt.cur(f"{tt.loop_stack[-1]}${name[-1]}")
        if "$" in name:
            base, th = name.rsplit("$", 1)
            if base in tt.cfg.builtins and tt.cfg.builtins[base].startswith("%"):
                return f"{base}${th}"
            if base in tt.k.params or base in tt.k.locals:
                return tt.cur(f"{base}${th}")
            raise GenError(f"unknown {name}")
        for f in FLAGS:
            if name.startswith(f + "_") and name[len(f) + 1:] in tt.k.arrays:
                return tt.cur(name)
        b = tt.cfg.builtins.get(name)
        if b is not None and not b.startswith("%"):
            return b
        if name in tt.k.params:
            return tt.cur(f"{name}$1")
        if name in tt.k.ghosts:
            return name
        raise GenError(f"{tt.k.name}: unknown identifier {name} in annotation")

    def index(self, name, idx):
        raise GenError("array contents are abstracted away in two-thread VCs")

    def call(self, name, args):
        raise GenError("no functions")


def generate(k: TTKernel):
    return TT(k).run()


def listing(k: TTKernel):
    u = lambda s: E.unparse(E.parse(s))
    out = [f"// launch configuration: {k.config}"
           + (f", two threads in the {'same block' if k.mode == 'intra' else 'different blocks'}"
              if CONFIGS[k.config]().nblock else "")
           + f"; builtins: {', '.join(CONFIGS[k.config]().builtins)}"]
    if k.ghosts:
        out.append("//@ ghost " + ", ".join(k.ghosts) + ";")
    for r in k.requires:
        out.append(f"//@ requires {u(r)};")
    sig = ", ".join([f"int {p}" for p in k.params]
                    + [f"{'__shared__' if s == 'shared' else '__global__'} int *{a}" for a, s in k.arrays.items()])
    out.append(f"kernel {k.name}({sig}) {{")
    if k.locals:
        out.append("  int " + ", ".join(k.locals) + ";")

    def go(stmts, ind):
        p = "  " * ind
        for s in stmts:
            if isinstance(s, Assign):
                out.append(f"{p}{u(s.lhs)} = {u(s.rhs)};")
            elif isinstance(s, Barrier):
                out.append(f"{p}barrier();")
            elif isinstance(s, If):
                out.append(f"{p}if ({u(s.cond)}) {{")
                go(s.then, ind + 1)
                if s.else_:
                    out.append(f"{p}}} else {{")
                    go(s.else_, ind + 1)
                out.append(f"{p}}}")
            elif isinstance(s, While):
                for inv in s.invariants:
                    out.append(f"{p}//@ loop invariant {inv};")
                out.append(f"{p}while ({u(s.cond)}) {{")
                go(s.body, ind + 1)
                out.append(f"{p}}}")

    go(k.body, 1)
    out.append("}")
    out.append("// two-thread encoding: x$1/x$2 are the copies of x in the two threads, x@k its SSA versions;")
    out.append("// ($t in an invariant stands for both $1 and $2; __enabled$t is the loop predicate)")
    return out


def files(family, kernels):
    import vcfile
    out = {}
    for k in kernels:
        lst = listing(k)
        for t in generate(k):
            if t.status == "skip":
                continue
            out[f"{family}/{k.name}/{t.name}.smt2"] = vcfile.render(
                family=family, kernel=k.name, task=t.name, what=t.what,
                origin=f"{k.title}. {k.source}", status=t.status, decls=t.decls,
                hyps=[(h.comment, h.term) for h in t.hyps], goal=t.goal, listing=lst, notes=k.notes)
    return out
