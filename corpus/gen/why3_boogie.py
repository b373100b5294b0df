"""The paper's kernels in the encodings of other VC generators.

The lockstep tasks of ``simt.py`` (family ``vericuda``) are printed again
as Why3 and as Boogie would print them, so that vcsimp's passes are tested
on more than one shape of the same problem:

* ``why3-style``: threads are values of the datatype ``thread``, a pair of
  ``dim3`` records (block index, thread index); ``dim3`` is an
  uninterpreted sort with constructor ``mk_dim3``, projections ``x y z``,
  projection axioms and the inversion axiom (Why3's
  ``eliminate_algebraic`` output); thread validity is a predicate defined
  by an axiom with a trigger; per-thread variables are polymorphic maps
  ``thread -> 'a`` and carry Why3's ``t2tb``/``tb2t`` conversions with
  their round-trip axioms; 1-D global arrays are SMT arrays; a prelude of
  library axioms (abs, ComputerDivision div/mod, power, sums) precedes the
  goal.  Each declaration is preceded by a ``;; name`` comment, as Why3
  prints them.
* ``boogie-style``: Boogie's background predicate (``T@U``/``T@T`` type
  encoding with ``int_2_U``/``U_2_int`` and their ``typeInv``/``cast``
  axioms, ``tickleBool``), GPUVerify's names for the launch (``group_size_x``,
  ``num_groups_x``), incarnations as ``name@k``, axioms with ``:qid`` and
  ``:skolemid``, and the VC as one negated implication with ``:lblneg``
  labels (Boogie's ``(push 1)``/``(pop 1)`` around it are left out: cvc5 rejects them without ``--incremental``).  As in GPUVerify's two-thread
  encoding, the goal is checked for one arbitrary thread: the negated
  goal's outermost thread quantifier is skolemised to the distinguished
  thread ``$1`` (``local_id_x$1`` ...), which keeps the status.

Both are faithful translations: every file has the same status as its
``vericuda`` original.
"""

from __future__ import annotations

import re

from smt import TRUE, is_quant, pretty

KERNELS = ["arraycopy", "arraycopy_multblocks", "vectoradd", "scp", "rotate", "matrixmul",
           "matrixmul2", "diffusion1d"]

# (kernel, task) -> which hypothesis (by comment prefix) to drop: deliberately invalid VCs
INVALID = {
    ("arraycopy", "t1_entry_inv1"): "i = tid",
    ("vectoradd", "t1_entry_inv1"): "i = ",
}

FIELDS = ("x", "y", "z")


def _ver_base(sym):
    m = re.match(r"^(.*)_(\d+)$", sym)
    return m.group(1) if m else sym


class Enc:
    """Shared analysis of one task: which symbols are per-thread, shared, global."""

    def __init__(self, k, cfg, task):
        self.k, self.cfg, self.task = k, cfg, task
        self.comps = cfg.comps
        self.nblock = cfg.nblock
        self.nthread = len(cfg.comps)
        self.bounds = [c.bound for c in cfg.comps]

    def kind_of(self, sym):
        base = _ver_base(sym)
        if sym in self.task.decls:
            args, _ = self.task.decls[sym]
            if base in self.k.locals and len(args) == self.nthread:
                return "local"
            if base in self.k.shared:
                return "shared"
            if base in self.k.globals:
                return "global"
        return None

    # -- recognising thread quantifiers --------------------------------------
    def range_comp(self, t, v):
        """If ``t`` is ``(<= 0 v)`` / ``(< v B)`` return ('lo', None) / ('hi', B)."""
        if t == ("<=", 0, v):
            return ("lo", None)
        if isinstance(t, tuple) and len(t) == 3 and t[0] == "<" and t[1] == v and t[2] in self.bounds:
            return ("hi", t[2])
        return None

    def split_range(self, conj, v):
        """Conjuncts of ``conj`` -> (bound, rest) if it starts with v's range."""
        cs = list(conj[1:]) if isinstance(conj, tuple) and conj and conj[0] == "and" else [conj]
        if len(cs) >= 2 and self.range_comp(cs[0], v) == ("lo", None):
            r = self.range_comp(cs[1], v)
            if r and r[0] == "hi":
                return r[1], cs[2:]
        return None


def _and(xs):
    xs = [x for x in xs if x != TRUE]
    if not xs:
        return TRUE
    return xs[0] if len(xs) == 1 else ("and",) + tuple(xs)


def thread_quants(enc, t):
    """Decompose a (possibly nested) thread quantifier built by ``simt.Quant``.

    Returns (kind, [(var, comp index)], body, shape) with shape 'forall',
    'exists' or 'forall_not', or None."""
    if not is_quant(t) or len(t[1]) != 1 or t[1][0][1] != "Int":
        return None
    kind = t[0]
    v = t[1][0][0]
    body = t[2]
    if kind == "forall" and isinstance(body, tuple) and body[0] == "=>" and len(body) == 3:
        sr = enc.split_range(body[1], v)
        if sr and not sr[1]:
            ci = enc.bounds.index(sr[0])
            inner = thread_quants(enc, body[2])
            if inner and inner[0] == "forall" and all(c > ci for _, c in inner[1]):
                return ("forall", [(v, ci)] + inner[1], inner[2], inner[3])
            return ("forall", [(v, ci)], body[2], "forall")
        return None
    if kind == "forall" and isinstance(body, tuple) and body[0] == "not":
        sr = enc.split_range(body[1], v)
        if sr:
            ci = enc.bounds.index(sr[0])
            return ("forall", [(v, ci)], _and(sr[1]), "forall_not")
        return None
    if kind == "exists":
        sr = enc.split_range(body, v)
        if sr:
            ci = enc.bounds.index(sr[0])
            rest = sr[1]
            if len(rest) == 1:
                inner = thread_quants(enc, rest[0])
                if inner and inner[0] == "exists" and all(c > ci for _, c in inner[1]):
                    return ("exists", [(v, ci)] + inner[1], inner[2], inner[3])
            return ("exists", [(v, ci)], _and(rest), "exists")
    return None


# ---------------------------------------------------------------------------
# Why3


def _comp_field(enc, ci):
    """(record, field) of component ``ci``: ('bid'|'tid', 'x'|'y')."""
    if ci < enc.nblock:
        return "bid", FIELDS[ci]
    return "tid", FIELDS[ci - enc.nblock]


class Why3(Enc):
    def __init__(self, k, cfg, task):
        super().__init__(k, cfg, task)
        self.fresh = 0

    def _fresh(self, base):
        self.fresh += 1
        return f"{base}{self.fresh}"

    def tr(self, t, env, comp_of):
        """``comp_of``: Int var name -> (thread var, component index)."""
        if isinstance(t, int):
            return t
        if isinstance(t, str):
            if t in comp_of:
                th, ci = comp_of[t]
                rec, f = _comp_field(self, ci)
                if th[1] == "thread":
                    return (f, ("block_idx" if rec == "bid" else "thread_idx", th[0]))
                return (f, th[0])
            return t
        q = thread_quants(self, t)
        if q:
            return self.tr_quant(q, env, comp_of)
        if is_quant(t):
            return (t[0], t[1], self.tr(t[2], env, comp_of))
        head = t[0]
        args = [self.tr(a, env, comp_of) for a in t[1:]]
        kind = self.kind_of(head) if isinstance(head, str) else None
        if kind == "local":
            return ("tb2t", (head, self.thread_arg(t[1:], args, comp_of)))
        if kind == "shared":
            nb = self.nblock
            blk = self.block_arg(t[1:nb + 1], args[:nb], comp_of) if nb else None
            return (head,) + ((blk,) if nb else ()) + tuple(args[nb:])
        if kind == "global" and len(args) == 1:
            return ("select", head, args[0])
        return (head,) + tuple(args)

    def thread_arg(self, raw, args, comp_of):
        """The thread argument of a per-thread map read at components ``raw``."""
        if all(isinstance(a, str) and a in comp_of for a in raw):
            ths = {comp_of[a][0] for a in raw}
            if len(ths) == 1:
                th = next(iter(ths))
                if th[1] == "thread" and [comp_of[a][1] for a in raw] == list(range(self.nthread)):
                    return th[0]
        nb = self.nblock
        blk = self.part(raw[:nb], args[:nb], comp_of, "bid")
        tid = self.part(raw[nb:], args[nb:], comp_of, "tid")
        return ("mk_thread", blk, tid)

    def part(self, raw, args, comp_of, which):
        """The dim3 of the block (``which`` = 'bid') or thread part of an index."""
        if raw and all(isinstance(a, str) and a in comp_of for a in raw):
            ths = {comp_of[a][0] for a in raw}
            if len(ths) == 1:
                th = next(iter(ths))
                if th[1] == "dim3" and th[2] == which:
                    return th[0]
                if th[1] == "thread":
                    return ("block_idx" if which == "bid" else "thread_idx", th[0])
        vals = list(args) + [0] * (3 - len(args))
        return ("mk_dim3",) + tuple(vals)

    def block_arg(self, raw, args, comp_of):
        return self.part(raw, args, comp_of, "bid")

    def tr_quant(self, q, env, comp_of):
        kind, vs, body, shape = q
        cis = [c for _, c in vs]
        whole = cis == list(range(self.nthread))
        comp_of = dict(comp_of)
        if whole:
            th = self._fresh("th")
            for v, c in vs:
                comp_of[v] = ((th, "thread"), c)
            binder = ((th, "thread"),)
            valid = ("is_valid_thread", th)
        else:
            blocks = all(c < self.nblock for c in cis)
            threads = all(c >= self.nblock for c in cis)
            assert blocks or threads, cis
            which = "bid" if blocks else "tid"
            d = self._fresh("b" if blocks else "t")
            for v, c in vs:
                comp_of[v] = ((d, "dim3", which), c)
            binder = ((d, "dim3"),)
            valid = ("is_valid_bid" if blocks else "is_valid_tid", d)
        b = self.tr(body, env, comp_of)
        if shape == "forall":
            return ("forall", binder, ("=>", valid, b))
        if shape == "forall_not":
            return ("forall", binder, ("not", _and([valid] + (list(b[1:]) if isinstance(b, tuple) and b[0] == "and" else [b]))))
        return ("exists", binder, _and([valid] + (list(b[1:]) if isinstance(b, tuple) and b[0] == "and" else [b])))


def why3_prelude(enc):
    """(comment, declaration-or-assert text) pairs of the theory part."""
    cfg = enc.cfg
    L = []
    L.append(("", "(declare-sort uni 0)"))
    L.append(("", "(declare-sort ty 0)"))
    L.append(("sort", "(declare-fun sort (ty uni) Bool)"))
    L.append(("int", "(declare-fun int () ty)"))
    L.append(("t2tb", "(declare-fun t2tb (Int) uni)"))
    L.append(("tb2t", "(declare-fun tb2t (uni) Int)"))
    L.append(("t2tb_sort", "(assert (forall ((x Int)) (! (sort int (t2tb x)) :pattern ((t2tb x)) )))"))
    L.append(("BridgeL", "(assert (forall ((i Int)) (! (= (tb2t (t2tb i)) i) :pattern ((t2tb i)) )))"))
    L.append(("BridgeR", "(assert (forall ((j uni)) (! (=> (sort int j) (= (t2tb (tb2t j)) j)) :pattern ((t2tb (tb2t j))) )))"))
    # library: abs, ComputerDivision, power, sums
    L.append(("abs", "(define-fun abs1 ((x Int)) Int (ite (<= 0 x) x (- x)))"))
    L.append(("Abs_le", "(assert (forall ((x Int) (y Int)) (= (<= (abs1 x) y) (and (<= (- y) x) (<= x y)))))"))
    L.append(("Abs_pos", "(assert (forall ((x Int)) (<= 0 (abs1 x))))"))
    L.append(("div", "(declare-fun div1 (Int Int) Int)"))
    L.append(("mod", "(declare-fun mod1 (Int Int) Int)"))
    L.append(("Div_mod", "(assert (forall ((x Int) (y Int)) (=> (not (= y 0)) (= x (+ (* y (div1 x y)) (mod1 x y))))))"))
    L.append(("Div_bound", "(assert (forall ((x Int) (y Int)) (=> (and (<= 0 x) (< 0 y)) (and (<= 0 (div1 x y)) (<= (div1 x y) x)))))"))
    L.append(("Mod_bound", "(assert (forall ((x Int) (y Int)) (=> (not (= y 0)) (and (< (- (abs1 y)) (mod1 x y)) (< (mod1 x y) (abs1 y))))))"))
    L.append(("Div_sign_pos", "(assert (forall ((x Int) (y Int)) (=> (and (<= 0 x) (< 0 y)) (<= 0 (div1 x y)))))"))
    L.append(("Mod_1", "(assert (forall ((x Int)) (! (= (mod1 x 1) 0) :pattern ((mod1 x 1)) )))"))
    L.append(("Div_1", "(assert (forall ((x Int)) (! (= (div1 x 1) x) :pattern ((div1 x 1)) )))"))
    L.append(("power", "(declare-fun power (Int Int) Int)"))
    L.append(("Power_0", "(assert (forall ((x Int)) (! (= (power x 0) 1) :pattern ((power x 0)) )))"))
    L.append(("Power_s", "(assert (forall ((x Int) (n Int)) (=> (<= 0 n) (= (power x (+ n 1)) (* x (power x n))))))"))
    L.append(("Power_sum", "(assert (forall ((x Int) (n Int) (m Int)) (=> (and (<= 0 n) (<= 0 m)) (= (power x (+ n m)) (* (power x n) (power x m))))))"))
    L.append(("sum", "(declare-fun sum ((Array Int Int) Int Int) Int)"))
    L.append(("sum_def1", "(assert (forall ((f (Array Int Int)) (i Int) (j Int)) (! (=> (<= j i) (= (sum f i j) 0)) :pattern ((sum f i j)) )))"))
    L.append(("sum_def2", "(assert (forall ((f (Array Int Int)) (i Int) (j Int)) (! (=> (< i j) (= (sum f i j) (+ (sum f i (- j 1)) (select f (- j 1))))) :pattern ((sum f i j)) )))"))
    # dim3 (eliminate_algebraic) and thread (datatype)
    L.append(("", "(declare-sort dim3 0)"))
    L.append(("mk_dim3", "(declare-fun mk_dim3 (Int Int Int) dim3)"))
    for f in FIELDS:
        L.append((f, f"(declare-fun {f} (dim3) Int)"))
    for i, f in enumerate(FIELDS):
        us = ["u", "u1", "u2"]
        L.append((f"{f}_def", f"(assert (forall ((u Int) (u1 Int) (u2 Int)) (! (= ({f} (mk_dim3 u u1 u2)) {us[i]}) :pattern (({f} (mk_dim3 u u1 u2))) )))"))
    L.append(("dim3_inversion", "(assert (forall ((u dim3)) (! (= u (mk_dim3 (x u) (y u) (z u))) :pattern ((x u)) )))"))
    L.append(("", "(declare-datatypes ((thread 0)) (((mk_thread (block_idx dim3) (thread_idx dim3)))))"))
    return L


def why3_launch(enc):
    """Launch configuration and thread validity (after the task's declarations)."""
    cfg = enc.cfg
    L = []
    if cfg.name == "single1d":
        bd, gd = "(mk_dim3 N 1 1)", "(mk_dim3 1 1 1)"
    elif cfg.name == "multi1d":
        bd, gd = "(mk_dim3 bsize 1 1)", "(mk_dim3 gsize 1 1)"
    else:
        bd, gd = "(mk_dim3 bsize_x bsize_y 1)", "(mk_dim3 gsize_x gsize_y 1)"
    L.append(("blockDim", f"(define-fun blockDim () dim3 {bd})"))
    L.append(("gridDim", f"(define-fun gridDim () dim3 {gd})"))
    for name, dim in (("is_valid_tid", "blockDim"), ("is_valid_bid", "gridDim")):
        L.append((name, f"(declare-fun {name} (dim3) Bool)"))
        conds = " ".join(f"(<= 0 ({f} d)) (< ({f} d) ({f} {dim}))" for f in FIELDS)
        L.append((f"{name}_def", f"(assert (forall ((d dim3)) (! (= ({name} d) (and {conds})) :pattern (({name} d)) )))"))
    L.append(("is_valid_thread", "(declare-fun is_valid_thread (thread) Bool)"))
    L.append(("is_valid_thread_def", "(assert (forall ((th thread)) (! (= (is_valid_thread th) (and (is_valid_bid (block_idx th)) (is_valid_tid (thread_idx th)))) :pattern ((is_valid_thread th)) )))"))
    return L


def why3_decls(enc):
    out = []
    for s, (args, ret) in enc.task.decls.items():
        kind = enc.kind_of(s)
        if kind == "local":
            out.append((s, f"(declare-fun {s} (thread) uni)"))
        elif kind == "shared":
            rest = " ".join(args[enc.nblock:])
            blk = "dim3 " if enc.nblock else ""
            out.append((s, f"(declare-fun {s} ({blk}{rest}) {ret})"))
        elif kind == "global" and len(args) == 1:
            out.append((s, f"(declare-fun {s} () (Array Int {ret}))"))
        else:
            out.append((s, f"(declare-fun {s} ({' '.join(args)}) {ret})"))
    return out


def why3_assign_fix(t, target):
    """Per-thread map updates compare boxed values: ``(= (tb2t (target th)) e)``
    becomes ``(= (target th) (t2tb e))``, as Why3 prints an equality at a
    polymorphic type. Only the assigned map's own equations are converted
    (they occur positively in the assign form, where the boxed equation,
    which implies the unboxed one, keeps the VC's status)."""
    if isinstance(t, (int, str)):
        return t
    if is_quant(t):
        return (t[0], t[1], why3_assign_fix(t[2], target))
    if t[0] == "=" and len(t) == 3 and isinstance(t[1], tuple) and t[1][0] == "tb2t" \
            and t[1][1][0] == target:
        return ("=", t[1][1], ("t2tb", t[2]))
    return (t[0],) + tuple(why3_assign_fix(a, target) for a in t[1:])


def render_why3(k, cfg, task, header, status, drop=None):
    enc = Why3(k, cfg, task)
    lines = list(header)
    lines.append("(set-info :smt-lib-version 2.6)")
    lines.append("(set-logic AUFDTNIRA)")
    lines.append(f"(set-info :status {status})")
    lines.append("(set-option :produce-models true)")
    lines.append("")
    for name, text in why3_prelude(enc):
        if name:
            lines.append(f";; {name}")
        lines.append(text)
        lines.append("")
    for name, text in why3_decls(enc) + why3_launch(enc):
        lines.append(f";; {name}")
        lines.append(text)
        lines.append("")
    n = 0
    for h in task.hyps:
        if drop and h.comment.startswith(drop):
            continue
        n += 1
        t = enc.tr(h.term, {}, {})
        m = re.search(r"\[assign (\S+)\]", h.comment)
        if m and enc.kind_of(m.group(1)) == "local":
            t = why3_assign_fix(t, m.group(1))
        lines.append(f";; H{n}: {h.comment}".replace("\n", " "))
        lines.append("(assert")
        lines.append("  " + pretty(t, 2) + ")")
        lines.append("")
    g = enc.tr(task.goal, {}, {})
    lines.append(f";; Goal {task.name}")
    lines.append(";; File \"kernel.mlw\", VC for the lockstep task, negated")
    lines.append("(assert")
    lines.append("  (not " + pretty(g, 7) + "))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Boogie


BOOGIE_NAMES = {"N": "group_size_x", "bsize": "group_size_x", "gsize": "num_groups_x",
                "bsize_x": "group_size_x", "bsize_y": "group_size_y",
                "gsize_x": "num_groups_x", "gsize_y": "num_groups_y"}


def _boogie_sym(s, enc):
    if s in BOOGIE_NAMES and (s != "N" or enc.cfg.name == "single1d"):
        return BOOGIE_NAMES[s]
    m = re.match(r"^(.*)_(\d+)$", s)
    if m and s in enc.task.decls and enc.kind_of(s):
        return f"{m.group(1)}@{m.group(2)}"
    return s


def _rename(t, ren):
    if isinstance(t, int):
        return t
    if isinstance(t, str):
        return ren.get(t, t)
    if is_quant(t):
        return (t[0], t[1], _rename(t[2], ren))
    return (ren.get(t[0], t[0]),) + tuple(_rename(a, ren) for a in t[1:])


def skolem_goal(enc, goal):
    """Skolemise the outermost thread quantifier of the (positive) goal
    ``forall t. range => body``: the negated goal ``not forall`` becomes
    ``range($1) and not body($1)`` for GPUVerify's distinguished thread."""
    q = thread_quants(enc, goal)
    if not q or q[0] != "forall" or q[3] != "forall":
        return None, goal
    from smt import subst
    names = {}
    ranges = []
    for v, ci in q[1]:
        comp = ["group_id_x", "group_id_y"][ci] if ci < enc.nblock else \
            ["local_id_x", "local_id_y"][ci - enc.nblock]
        c = f"{comp}$1"
        names[v] = c
        ranges += [("<=", 0, c), ("<", c, enc.bounds[ci])]
    return (list(names.values()), ranges), subst(q[2], names)


def boogie_qid(t, counter):
    """Attach :qid/:skolemid to quantifiers (Boogie prints them on all)."""
    if isinstance(t, (int, str)):
        return t
    if is_quant(t):
        counter[0] += 1
        n = counter[0]
        body = boogie_qid(t[2], counter)
        return (t[0], t[1], ("!", body, ":qid", f"|kernelbpl.{n}:10|", ":skolemid", f"|{n}|"))
    return (t[0],) + tuple(boogie_qid(a, counter) for a in t[1:])


BOOGIE_PRELUDE = """; Boogie universal background predicate
; Copyright (c) 2004-2010, Microsoft Corp.
(set-info :category "industrial")
(declare-sort |T@U| 0)
(declare-sort |T@T| 0)
(declare-fun real_pow (Real Real) Real)
(declare-fun UOrdering2 (|T@U| |T@U|) Bool)
(declare-fun UOrdering3 (|T@T| |T@U| |T@U|) Bool)

(declare-fun tickleBool (Bool) Bool)
(assert (and (tickleBool true) (tickleBool false)))
(declare-fun Ctor (T@T) Int)
(declare-fun intType () T@T)
(declare-fun boolType () T@T)
(declare-fun int_2_U (Int) T@U)
(declare-fun U_2_int (T@U) Int)
(declare-fun type (T@U) T@T)
(declare-fun bool_2_U (Bool) T@U)
(declare-fun U_2_bool (T@U) Bool)
(assert (and
(= (Ctor intType) 0)
(= (Ctor boolType) 2)
(forall ((arg0 Int) ) (! (= (U_2_int (int_2_U arg0)) arg0)
 :qid |typeInv:U_2_int|
 :pattern ( (int_2_U arg0))
))
(forall ((x T@U) ) (! (=> (= (type x) intType) (= (int_2_U (U_2_int x)) x))
 :qid |cast:U_2_int|
 :pattern ( (U_2_int x))
))
(forall ((arg0@@0 Int) ) (! (= (type (int_2_U arg0@@0)) intType)
 :qid |funType:int_2_U|
 :pattern ( (int_2_U arg0@@0))
))
(forall ((arg0@@1 Bool) ) (! (= (U_2_bool (bool_2_U arg0@@1)) arg0@@1)
 :qid |typeInv:U_2_bool|
 :pattern ( (bool_2_U arg0@@1))
))
(forall ((x@@0 T@U) ) (! (=> (= (type x@@0) boolType) (= (bool_2_U (U_2_bool x@@0)) x@@0))
 :qid |cast:U_2_bool|
 :pattern ( (U_2_bool x@@0))
))
(forall ((arg0@@2 Bool) ) (! (= (type (bool_2_U arg0@@2)) boolType)
 :qid |funType:bool_2_U|
 :pattern ( (bool_2_U arg0@@2))
))))
"""


def render_boogie(k, cfg, task, header, status, drop=None):
    enc = Enc(k, cfg, task)
    ren = {s: _boogie_sym(s, enc) for s in task.decls}
    lines = list(header)
    lines.append("(set-option :print-success false)")
    lines.append("(set-info :smt-lib-version 2.6)")
    lines.append("(set-logic AUFNIRA)")
    lines.append(f"(set-info :status {status})")
    lines.append("; done setting options")
    lines.append("")
    lines += BOOGIE_PRELUDE.splitlines()
    # per-thread and array state: Boogie maps stored boxed in T@U by the
    # type encoding; reads are U_2_int of the map application
    decls = []
    for s, (args, ret) in task.decls.items():
        decls.append(f"(declare-fun {ren[s]} ({' '.join(args)}) {ret})")
    sk, goal = skolem_goal(enc, task.goal)
    if sk:
        for c in sk[0]:
            decls.append(f"(declare-fun {c} () Int)")
    decls.append("(declare-fun |%lbl%+1| () Bool)")
    decls.append("(declare-fun |%lbl%@2| () Bool)")
    lines += decls
    counter = [0]
    axioms = [h for h in task.hyps if h.comment.startswith("launch") or h.comment.startswith("definition")]
    body_hyps = [h for h in task.hyps if h not in axioms and not (drop and h.comment.startswith(drop))]
    for h in axioms:
        lines.append(f"; {h.comment}")
        lines.append("(assert " + pretty(boogie_qid(_rename(h.term, ren), counter), 8) + ")")
    lines.append(f"(set-info :boogie-vc-id {k.name}_{task.name})")
    hyps = []
    if sk:
        hyps += [_rename(r, ren) for r in sk[1]]
    hyps += [boogie_qid(_rename(h.term, ren), counter) for h in body_hyps]
    g = boogie_qid(_rename(goal, ren), counter)
    labelled = ("!", ("or", "|%lbl%@2|", g), ":lblneg", "@2")
    vc = ("=>", ("!", ("and", "|%lbl%+1|", "true"), ":lblpos", "+1"), ("=>", ("and",) + tuple(hyps), labelled))
    lines.append("(assert (not")
    lines.append("  (let ((anon0_correct " + pretty(vc, 24) + "))")
    lines.append("  anon0_correct)))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


def files(vcfile, simt, kernels_by_name):
    """All ``why3-style/`` and ``boogie-style/`` files: path -> text."""
    out = {}
    for kname in KERNELS:
        k = kernels_by_name[kname]()
        cfg = simt.CONFIGS[k.config]()
        for task in simt.generate(k):
            if task.status == "skip":
                continue
            variants = [(task.name, task.status, None)]
            drop = INVALID.get((kname, task.name))
            if drop:
                variants.append((task.name + "_invalid", "sat", drop))
            for fam, render in (("why3-style", render_why3), ("boogie-style", render_boogie)):
                for name, status, dr in variants:
                    what = task.what if not dr else \
                        f"{task.what} -- with the hypothesis '{dr}...' left out (INVALID: the goal no longer follows)"
                    header = vcfile.header_lines(
                        family=fam, kernel=kname, task=name, what=what,
                        origin=f"{k.title}. {k.source}", status=status,
                        encoding=ENCODING_DOC[fam])
                    out[f"{fam}/{kname}/{name}.smt2"] = render(k, cfg, task, header, status, dr)
    return out


ENCODING_DOC = {
    "why3-style": "Why3-style (our generator, not Why3): thread = pair of dim3 records (dim3 axiomatised with projection and "
            "inversion axioms, thread a datatype), validity predicates defined by axioms, t2tb/tb2t "
            "conversions of per-thread maps, library prelude (abs, div/mod, power, sum)",
    "boogie-style": "Boogie/GPUVerify-style (our generator, not Boogie): Boogie background predicate (int_2_U/U_2_int type encoding), "
              "incarnations name@k, :qid/:skolemid, one negated VC with :lblpos/:lblneg labels, "
              " the goal checked for GPUVerify's distinguished thread $1",
}
