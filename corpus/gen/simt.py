"""Section-3 VC generation (Kojima, Imanishi, Igarashi) for a mini kernel language.

The program is executed symbolically in complete lockstep:

* every assignment introduces a fresh symbol ``x_k`` for the assigned variable
  (``i_0, i_1, ...``); locals are thread maps ``(declare-fun i_2 (Int) Int)``
  (one ``Int`` argument per thread-id component), shared/global arrays are
  ``Int -> Int`` functions (per-block shared arrays take the block id(s) as
  extra leading arguments);
* an assignment under the active-thread predicate ``mu`` adds the ``assign``
  constraint: formula (1) of the paper for arrays, its per-thread form for
  locals;
* ``if c then P else Q`` runs P with ``mu && c`` and then Q with ``mu && !c``;
* a loop with invariants yields the entry tasks, then Gamma_loop (fresh symbols
  for everything the body modifies, ``0 <= l``, the invariants with
  ``loop_count := l``), Gamma_iter (``exists t. mu(t) && guard(t)`` plus the
  body), the preservation tasks (``loop_count := l + 1``) and finally
  Gamma_exit (``forall t. mu(t) -> !guard(t)``);
* ``barrier`` yields the task ``forall t. 0 <= t < N -> mu(t)``;
* each ``ensures`` clause yields a postcondition task.

A task is (hypotheses, goal); ``vcfile.py`` prints it as an SMT-LIB script.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import expr as E
from smt import (FALSE, TRUE, and_, all_names, eq, implies, inst, not_, or_)

# ---------------------------------------------------------------------------
# launch configurations


@dataclass(frozen=True)
class Comp:
    """One component of a thread identifier: bound-variable name and the
    (constant) number of values it ranges over."""
    var: str
    bound: str


@dataclass
class Config:
    name: str
    comps: tuple          # Comp per component, block components first
    nblock: int           # how many leading components are block ids
    builtins: dict        # identifier -> term (placeholders %i for components)
    axioms: list          # (comment, term, trigger-symbol or None)

    def thread_dependent(self):
        return {k for k, v in self.builtins.items() if isinstance(v, str) and v.startswith("%")}


def single1d():
    """One block of N threads (the paper's ArrayCopy setting)."""
    return Config("single1d", (Comp("t", "N"),), 0,
                  {"tid": "%0", "N": "N"},
                  [("launch: at least one thread", ("<", 0, "N"), None)])


def multi1d():
    """gsize blocks of bsize threads; N = bsize * gsize (Fig. 2)."""
    return Config("multi1d", (Comp("b", "gsize"), Comp("t", "bsize")), 1,
                  {"bid": "%0", "tid": "%1", "bsize": "bsize", "gsize": "gsize", "N": "N"},
                  [("launch: blocks are non-empty", ("<", 0, "bsize"), None),
                   ("launch: at least one block", ("<", 0, "gsize"), None),
                   ("launch: N is the total number of threads", ("=", "N", ("*", "bsize", "gsize")), "N")])


def multi2d():
    """A gsize_x * gsize_y grid of bsize_x * bsize_y blocks (matrixMul)."""
    return Config("multi2d",
                  (Comp("bx", "gsize_x"), Comp("by", "gsize_y"), Comp("tx", "bsize_x"), Comp("ty", "bsize_y")),
                  2,
                  {"bid_x": "%0", "bid_y": "%1", "tid_x": "%2", "tid_y": "%3",
                   "bsize_x": "bsize_x", "bsize_y": "bsize_y", "gsize_x": "gsize_x", "gsize_y": "gsize_y"},
                  [("launch: blockDim.x > 0", ("<", 0, "bsize_x"), None),
                   ("launch: blockDim.y > 0", ("<", 0, "bsize_y"), None),
                   ("launch: gridDim.x > 0", ("<", 0, "gsize_x"), None),
                   ("launch: gridDim.y > 0", ("<", 0, "gsize_y"), None)])


CONFIGS = {"single1d": single1d, "multi1d": multi1d, "multi2d": multi2d}

# ---------------------------------------------------------------------------
# kernel language


@dataclass
class Assign:
    lhs: str   # "x" (local) or "a[e]" / "a[e][f]" (array element)
    rhs: str


@dataclass
class If:
    cond: str
    then: list
    else_: list = field(default_factory=list)


@dataclass
class While:
    cond: str
    invariants: list
    body: list


@dataclass
class Barrier:
    pass


@dataclass
class LogicSum:
    """``name(p1, .., pk, lo, hi)`` = sum of ``term`` for ``var`` in [lo, hi).
    Declared as an uninterpreted function with its two defining axioms."""
    name: str
    params: list
    var: str
    term: str


@dataclass
class Kernel:
    name: str
    config: str
    title: str = ""
    source: str = ""
    params: list = field(default_factory=list)        # uniform scalar parameters
    ghosts: list = field(default_factory=list)        # specification variables
    ghost_arrays: dict = field(default_factory=dict)  # name -> dims
    locals: list = field(default_factory=list)        # per-thread scalars
    shared: dict = field(default_factory=dict)        # per-block arrays: name -> dims
    globals: dict = field(default_factory=dict)       # global arrays: name -> dims
    logic: list = field(default_factory=list)         # LogicSum definitions
    requires: list = field(default_factory=list)
    ensures: list = field(default_factory=list)
    body: list = field(default_factory=list)
    expect: dict = field(default_factory=dict)        # task name -> 'sat'/'unsat'/'skip'
    default_status: str = "unsat"
    notes: str = ""


@dataclass
class Hyp:
    comment: str
    term: object


@dataclass
class Task:
    name: str          # e.g. t5_postcondition
    kind: str          # entry / preserve / barrier / postcondition
    what: str          # one-line description
    hyps: list         # Hyp list (axioms first)
    goal: object
    decls: dict        # symbol -> (arg sorts, result sort), only those used
    status: str


RESERVED = {"l", "active", "loop_count", "loop_count_2", "true", "false", "int"}


class GenError(Exception):
    pass


# ---------------------------------------------------------------------------
# quantifier helpers


def fresh_name(pref: str, avoid: set) -> str:
    if pref not in avoid:
        return pref
    i = 1
    while f"{pref}{i}" in avoid:
        i += 1
    return f"{pref}{i}"


def _range(v, bound):
    return [("<=", 0, v), ("<", v, bound)]


def _conjuncts(t):
    if t == TRUE:
        return []
    if isinstance(t, tuple) and t[0] == "and":
        return list(t[1:])
    return [t]


def conj(*xs):
    """Flat conjunction of the conjuncts of ``xs`` (masks stay flat)."""
    out = []
    for x in xs:
        out.extend(_conjuncts(x))
    return and_(*out)


class Quant:
    """Builds the bounded thread quantifiers of the paper for a config.

    ``forall``:  (forall ((t Int)) (=> (and (<= 0 t) (< t N)) body))
    ``exists``:  (exists ((t Int)) (and (<= 0 t) (< t N) body...))
    ``forall_not`` (the second disjunct of formula (1)):
                 (forall ((t Int)) (not (and (<= 0 t) (< t N) cond...)))
    Several components nest one quantifier per component, outermost first.
    """

    def __init__(self, cfg: Config):
        self.cfg = cfg

    def _names(self, idxs, body, avoid=()):
        avoid = set(all_names(body)) | set(avoid)
        out = {}
        for i in idxs:
            n = fresh_name(self.cfg.comps[i].var, avoid)
            avoid.add(n)
            out[i] = n
        return out

    def _subst_ph(self, body, names):
        return inst(body, [names.get(i, f"%{i}") for i in range(len(self.cfg.comps))])

    def forall(self, body, idxs=None):
        idxs = list(range(len(self.cfg.comps))) if idxs is None else idxs
        names = self._names(idxs, body)
        t = self._subst_ph(body, names)
        for i in reversed(idxs):
            v = names[i]
            t = ("forall", ((v, "Int"),), implies(and_(*_range(v, self.cfg.comps[i].bound)), t))
        return t

    def exists(self, body, idxs=None):
        idxs = list(range(len(self.cfg.comps))) if idxs is None else idxs
        names = self._names(idxs, body)
        t = self._subst_ph(body, names)
        first = True
        for i in reversed(idxs):
            v = names[i]
            rng = _range(v, self.cfg.comps[i].bound)
            inner = _conjuncts(t) if first else [t]
            t = ("exists", ((v, "Int"),), and_(*rng, *inner))
            first = False
        return t

    def forall_not(self, cond, idxs=None):
        idxs = list(range(len(self.cfg.comps))) if idxs is None else idxs
        names = self._names(idxs, cond)
        t = self._subst_ph(cond, names)
        first = True
        for i in reversed(idxs):
            v = names[i]
            rng = _range(v, self.cfg.comps[i].bound)
            if first:
                t = ("forall", ((v, "Int"),), ("not", and_(*rng, *_conjuncts(t))))
                first = False
            else:
                t = ("forall", ((v, "Int"),), implies(and_(*rng), t))
        return t


# ---------------------------------------------------------------------------
# the symbolic executor


@dataclass
class LoopCtx:
    counter: object       # term for loop_count at the current point
    head_counter: str     # the loop's counter symbol l
    guard: tuple          # AST
    outer_mask: object


class Exec:
    def __init__(self, k: Kernel):
        self.k = k
        self.cfg = CONFIGS[k.config]()
        self.q = Quant(self.cfg)
        self.decls: dict = {}
        self.ver: dict = {}
        self.cnt: dict = {}
        self.gamma: list = []
        self.mask = TRUE
        self.loops: list = []
        self.tasks: list = []
        self.loop_ids = 0
        self.nloops = self._count_loops(k.body)
        self.barriers = 0
        self.axioms: list = []
        self._check_names()

    # -- names ---------------------------------------------------------------
    def _check_names(self):
        k = self.k
        names = (list(k.params) + list(k.ghosts) + list(k.ghost_arrays) + list(k.locals)
                 + list(k.shared) + list(k.globals) + [f.name for f in k.logic])
        if len(set(names)) != len(names):
            raise GenError(f"{k.name}: duplicate names")
        for n in names:
            if n in RESERVED or n in self.cfg.builtins or n.startswith("l_"):
                raise GenError(f"{k.name}: name {n!r} is reserved")

    def _count_loops(self, body):
        c = 0
        for s in body:
            if isinstance(s, While):
                c += 1 + self._count_loops(s.body)
            elif isinstance(s, If):
                c += self._count_loops(s.then) + self._count_loops(s.else_)
        return c

    def nthread(self):
        return len(self.cfg.comps)

    def sort_of(self, v):
        k = self.k
        if v in k.params:
            return ()
        if v in k.locals:
            return ("Int",) * self.nthread()
        if v in k.shared:
            return ("Int",) * (self.cfg.nblock + k.shared[v])
        if v in k.globals:
            return ("Int",) * k.globals[v]
        raise GenError(f"unknown variable {v}")

    def fresh(self, v):
        i = self.cnt.get(v, 0)
        self.cnt[v] = i + 1
        s = f"{v}_{i}"
        self.decls[s] = (self.sort_of(v), "Int")
        self.ver[v] = s
        return s

    def declare(self, name, args=(), ret="Int"):
        self.decls.setdefault(name, (tuple(args), ret))

    def ph(self):
        return tuple(f"%{i}" for i in range(self.nthread()))

    # -- translation ------------------------------------------------------------
    def translator(self, thread=None, lc=None, active=None):
        return _Tr(self, thread, lc, active)

    def prog(self, a):
        """Translate a program expression for 'the current thread'."""
        return self.translator(thread=self.ph()).tr(a)

    def spec(self, a, lc=None, active=None):
        """Translate an annotation.  If it mentions thread-dependent names
        outside explicit thread quantifiers it is implicitly universally
        quantified over all threads (as in the paper's T1/T3)."""
        a = E.parse(a)
        dep = set(self.k.locals) | self.cfg.thread_dependent() | {"active"}
        if E.ast_ids_outside_tq(a) & dep:
            body = self.translator(thread=self.ph(), lc=lc, active=active).tr(a)
            return self.q.forall(body)
        return self.translator(thread=None, lc=lc, active=active).tr(a)

    # -- hypotheses and tasks -------------------------------------------------------
    def hyp(self, comment, term):
        self.gamma.append(Hyp(comment, term))

    def task(self, kind, label, what, goal):
        n = len(self.tasks) + 1
        name = f"t{n}_{label}"
        self.tasks.append((name, kind, what, list(self.gamma), goal))

    # -- running --------------------------------------------------------------------
    def run(self):
        k = self.k
        for c, t, trig in self.cfg.axioms:
            self.axioms.append((Hyp(c, t), trig))
        for s in self.cfg.builtins.values():
            if not s.startswith("%"):
                self.declare(s)
        for p in k.params:
            self.fresh(p)
        for g in k.ghosts:
            self.declare(g)
        for g, d in k.ghost_arrays.items():
            self.declare(g, ("Int",) * d)
        for v in k.locals:
            self.fresh(v)
        for a in list(k.shared) + list(k.globals):
            self.fresh(a)
        for f in k.logic:
            self._logic(f)
        for r in k.requires:
            self.hyp(f"requires {E.unparse(E.parse(r))}", self.spec(r))
        self.block(k.body)
        ens = k.ensures
        for i, e in enumerate(ens):
            label = "postcondition" if len(ens) == 1 else f"postcondition{i + 1}"
            self.task("postcondition", label, f"postcondition: ensures {E.unparse(E.parse(e))}",
                      self.spec(e))
        return self.finish()

    def _logic(self, f: LogicSum):
        self.declare(f.name, ("Int",) * (len(f.params) + 2))
        ps = list(f.params)
        avoid = set(ps) | {f.var}
        lo, hi = fresh_name("lo", avoid), fresh_name("hi", avoid)
        tr = self.translator()
        tr.bound.extend(ps + [f.var])
        term = tr.tr(f.term)
        term_hi = _subst_bound(term, f.var, hi)
        binders = tuple((v, "Int") for v in ps + [lo, hi])
        call = (f.name, *ps, lo, hi)
        ax0 = ("forall", binders, implies(("<=", hi, lo), eq(call, 0)))
        ax1 = ("forall", binders,
               implies(("<=", lo, hi),
                       eq((f.name, *ps, lo, ("+", hi, 1)), ("+", call, term_hi))))
        desc = f"{f.name}({', '.join(ps)}, lo, hi) = sum of {f.term} for {f.var} in [lo, hi)"
        self.axioms.append((Hyp(f"definition of {desc}: empty range", ax0), None))
        self.axioms.append((Hyp(f"definition of {f.name}: [lo, hi+1) = [lo, hi) + term(hi)", ax1), None))

    def block(self, stmts):
        for s in stmts:
            self.stmt(s)

    def stmt(self, s):
        if isinstance(s, Assign):
            self.assign(s)
        elif isinstance(s, If):
            c = self.prog(s.cond)
            saved = self.mask
            self.mask = conj(saved, c)
            self.block(s.then)
            self.mask = conj(saved, not_(c))
            self.block(s.else_)
            self.mask = saved
        elif isinstance(s, While):
            self.loop(s)
        elif isinstance(s, Barrier):
            self.barriers += 1
            self.task("barrier", f"barrier{self.barriers}",
                      "barrier: all threads are active at the barrier (no divergence)",
                      self.q.forall(self.mask))
        else:
            raise GenError(f"unknown statement {s!r}")

    def assign(self, s: Assign):
        lhs = E.parse(s.lhs)
        rhs = self.prog(s.rhs)
        text = f"{E.unparse(lhs)} = {E.unparse(E.parse(s.rhs))}"
        mu = self.mask
        if lhs[0] == "id":
            v = lhs[1]
            if v not in self.k.locals:
                raise GenError(f"assignment to non-local {v}")
            old = self.ver[v]
            new = self.fresh(v)
            ph = self.ph()
            if mu == TRUE:
                body = eq((new, *ph), rhs)
            else:
                body = or_(conj(mu, eq((new, *ph), rhs)),
                           and_(not_(mu), eq((new, *ph), (old, *ph))))
            self.hyp(f"{text}   [assign {new}]", self.q.forall(body))
            return
        if lhs[0] != "idx":
            raise GenError(f"bad lhs {s.lhs}")
        a = lhs[1]
        idx = [self.prog(i) for i in lhs[2]]
        old = self.ver[a]
        new = self.fresh(a)
        shared = a in self.k.shared and self.cfg.nblock > 0
        nb = self.cfg.nblock if shared else 0
        avoid = set()
        for t in idx + [rhs, mu]:
            all_names(t, avoid)
        ns = []
        for i in range(len(idx)):
            n = fresh_name("n" if len(idx) == 1 else f"n{i + 1}", avoid)
            avoid.add(n)
            ns.append(n)
        blk = [f"%{i}" for i in range(nb)]
        cond = conj(mu, *[eq(x, n) for x, n in zip(idx, ns)])
        thread_idxs = list(range(nb, self.nthread()))
        write = and_(*_conjuncts(cond), eq((new, *blk, *ns), rhs))
        first = self.q.exists(write, thread_idxs)
        second = and_(self.q.forall_not(cond, thread_idxs), eq((new, *blk, *ns), (old, *blk, *ns)))
        body = ("forall", tuple((n, "Int") for n in ns), or_(first, second))
        if nb:
            body = self.q.forall(body, list(range(nb)))
        self.hyp(f"{text}   [assign {new}, formula (1)]", body)

    def loop(self, s: While):
        self.loop_ids += 1
        lid = self.loop_ids
        pre = f"loop{lid}_" if self.nloops > 1 else ""
        guard = E.parse(s.cond)
        outer_mask = self.mask
        invs = s.invariants

        def active():
            return conj(outer_mask, self.prog(guard))

        # entry: invariants with loop_count := 0
        ctx = LoopCtx(0, None, guard, outer_mask)
        self.loops.append(ctx)
        for i, inv in enumerate(invs):
            self.task("entry", f"{pre}entry_inv{i + 1}",
                      f"loop {lid} invariant {i + 1} holds on entry: {E.unparse(E.parse(inv))}",
                      self.spec(inv, lc=0, active=active))
        # Gamma_loop
        for v in _modified(s.body):
            self.fresh(v)
        lname = "l" if lid == 1 else f"l_{lid - 1}"
        self.declare(lname)
        ctx.counter = lname
        ctx.head_counter = lname
        self.hyp(f"loop {lid}: loop counter {lname} is non-negative", ("<=", 0, lname))
        for i, inv in enumerate(invs):
            self.hyp(f"loop {lid} invariant {i + 1} at iteration {lname}: {E.unparse(E.parse(inv))}",
                     self.spec(inv, lc=lname, active=active))
        gamma_loop = list(self.gamma)
        ver_loop = dict(self.ver)
        g = self.prog(guard)
        # Gamma_iter
        self.hyp(f"loop {lid} continues: some active thread satisfies {E.unparse(guard)}",
                 self.q.exists(conj(outer_mask, g)))
        self.mask = conj(outer_mask, g)
        self.block(s.body)
        ctx.counter = ("+", lname, 1)
        for i, inv in enumerate(invs):
            self.task("preserve", f"{pre}preserve_inv{i + 1}",
                      f"loop {lid} invariant {i + 1} is preserved by an iteration: {E.unparse(E.parse(inv))}",
                      self.spec(inv, lc=("+", lname, 1), active=active))
        self.loops.pop()
        self.mask = outer_mask
        # Gamma_exit
        self.gamma = gamma_loop
        self.ver = ver_loop
        self.hyp(f"loop {lid} exited: no active thread satisfies {E.unparse(guard)}",
                 self.q.forall(implies(outer_mask, not_(g)) if outer_mask != TRUE else not_(g)))

    # -- output -------------------------------------------------------------------
    def finish(self):
        out = []
        for name, kind, what, gamma, goal in self.tasks:
            terms = [h.term for h in gamma] + [goal]
            used = {}
            for t in terms:
                _syms(t, used)
            axioms = []
            for h, trig in self.axioms:
                if trig is None or trig in used:
                    axioms.append(h)
            for h in axioms:
                _syms(h.term, used)
            decls = {s: self.decls[s] for s in self.decls if s in used}
            missing = [s for s in used if s not in self.decls]
            if missing:
                raise GenError(f"{self.k.name}/{name}: undeclared symbols {missing}")
            label = name.split("_", 1)[1]
            st = self.k.expect.get(label, self.k.expect.get(name, self.k.default_status))
            out.append(Task(name, kind, what, axioms + gamma, goal, decls, st))
        return out


def _syms(t, acc):
    from smt import symbols
    symbols(t, acc)


def _subst_bound(t, var, val):
    from smt import subst
    return subst(t, {var: val})


def _modified(body):
    out = []

    def go(stmts):
        for s in stmts:
            if isinstance(s, Assign):
                lhs = E.parse(s.lhs)
                v = lhs[1]
                if v not in out:
                    out.append(v)
            elif isinstance(s, If):
                go(s.then)
                go(s.else_)
            elif isinstance(s, While):
                go(s.body)

    go(body)
    return out


class _Tr(E.Translator):
    def __init__(self, ex: Exec, thread, lc, active):
        super().__init__()
        self.ex = ex
        self.thread = thread
        self.lc = lc
        self.active = active

    def _need_thread(self, name):
        if self.thread is None:
            raise GenError(f"{name} used outside a thread context")

    def ident(self, name):
        ex, k = self.ex, self.ex.k
        if name in ex.cfg.builtins:
            t = ex.cfg.builtins[name]
            if t.startswith("%"):
                self._need_thread(name)
                return self.thread[int(t[1:])]
            return t
        if name in k.params:
            return ex.ver[name]
        if name in k.locals:
            self._need_thread(name)
            return (ex.ver[name], *self.thread)
        if name in k.ghosts:
            return name
        if name == "loop_count":
            if self.lc is None:
                raise GenError("loop_count outside a loop invariant")
            return self.lc
        if name == "loop_count_2":
            if len(ex.loops) < 2:
                raise GenError("loop_count_2 needs an enclosing loop")
            return ex.loops[-2].head_counter
        if name == "active":
            self._need_thread(name)
            if self.active is None:
                raise GenError("active outside a loop invariant")
            return inst(self.active(), self.thread)
        raise GenError(f"{k.name}: unknown identifier {name}")

    def index(self, name, idx):
        ex, k = self.ex, self.ex.k
        if name in k.shared:
            blk = ()
            if ex.cfg.nblock:
                self._need_thread(name)
                blk = tuple(self.thread[: ex.cfg.nblock])
            if len(idx) != k.shared[name]:
                raise GenError(f"{name}: wrong number of indices")
            return (ex.ver[name], *blk, *idx)
        if name in k.globals:
            if len(idx) != k.globals[name]:
                raise GenError(f"{name}: wrong number of indices")
            return (ex.ver[name], *idx)
        if name in k.ghost_arrays:
            return (name, *idx)
        raise GenError(f"{k.name}: unknown array {name}")

    def call(self, name, args):
        for f in self.ex.k.logic:
            if f.name == name:
                if len(args) != len(f.params) + 2:
                    raise GenError(f"{name}: arity")
                return (name, *args)
        raise GenError(f"unknown function {name}")

    def thread_quant(self, kind, body_ast):
        if self.thread is not None:
            raise GenError("nested thread quantifier")
        inner = _Tr(self.ex, self.ex.ph(), self.lc, self.active)
        inner.bound = list(self.bound)
        body = inner.tr(body_ast)
        return self.ex.q.forall(body) if kind == "forall" else self.ex.q.exists(body)


def generate(k: Kernel):
    return Exec(k).run()


def listing(k: Kernel):
    """Pseudo-CUDA rendering of a kernel for file headers."""
    out = []
    u = lambda s: E.unparse(E.parse(s))
    sig = ", ".join([f"int {p}" for p in k.params] +
                    [f"int *{a}" for a in k.globals] )
    out.append(f"// launch configuration: {k.config}; builtins: {', '.join(CONFIGS[k.config]().builtins)}")
    if k.ghosts or k.ghost_arrays:
        out.append("//@ ghost " + ", ".join(list(k.ghosts) + [f"{g}[]" for g in k.ghost_arrays]) + ";")
    for f in k.logic:
        out.append(f"//@ logic {f.name}({', '.join(f.params)}, lo, hi) = sum {f.var} in [lo, hi). {f.term}")
    for r in k.requires:
        out.append(f"//@ requires {u(r)};")
    for e in k.ensures:
        out.append(f"//@ ensures {u(e)};")
    out.append(f"kernel {k.name}({sig}) {{")
    if k.shared:
        out.append("  __shared__ " + ", ".join(f"{a}" + "[]" * d for a, d in k.shared.items()) + ";")
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
                    out.append(f"{p}//@ loop invariant {u(inv)};")
                out.append(f"{p}while ({u(s.cond)}) {{")
                go(s.body, ind + 1)
                out.append(f"{p}}}")

    go(k.body, 1)
    out.append("}")
    return out
