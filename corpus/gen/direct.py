"""Directly stated VCs (no program): hypotheses and a goal in the expression
language of ``expr.py``.  Used for the access-offset injectivity VCs and the
PUG-style encodings, which the respective tools build from per-thread SSA
constraints rather than from a lockstep semantics.

Identifiers are integer constants unless listed in ``bools`` (Bool constants)
or ``funs`` (uninterpreted ``Int^k -> Int`` functions, written ``f(x)`` or
``f[x]``).  Bound variables of ``\\forall``/``\\exists`` are integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import expr as E
import vcfile
from smt import symbols


@dataclass
class DirectVC:
    family: str
    kernel: str
    task: str
    what: str
    origin: str
    hyps: list                   # [(comment, text)]
    goal: str
    status: str = "unsat"
    bools: tuple = ()
    funs: dict = field(default_factory=dict)   # name -> arity
    listing: tuple = ()
    notes: str = ""
    logic: str = "UFNIA"


class _Tr(E.Translator):
    def __init__(self, vc: DirectVC, decls: dict):
        super().__init__()
        self.vc, self.decls = vc, decls

    def ident(self, name):
        if name in self.vc.funs:
            raise ValueError(f"function {name} used as a constant")
        self.decls.setdefault(name, ((), "Bool" if name in self.vc.bools else "Int"))
        return name

    def _app(self, name, args):
        if name not in self.vc.funs or self.vc.funs[name] != len(args):
            raise ValueError(f"{self.vc.kernel}/{self.vc.task}: unknown function or arity {name}/{len(args)}")
        self.decls.setdefault(name, (("Int",) * len(args), "Int"))
        return (name, *args)

    def index(self, name, idx):
        return self._app(name, idx)

    def call(self, name, args):
        return self._app(name, args)


def render(vc: DirectVC):
    decls = {}
    tr = _Tr(vc, decls)
    hyps = [(c, tr.tr(h)) for c, h in vc.hyps]
    goal = tr.tr(vc.goal)
    # declaration order: first use
    used = {}
    for _, t in hyps:
        symbols(t, used)
    symbols(goal, used)
    ordered = {s: decls[s] for s in used}
    return vcfile.render(family=vc.family, kernel=vc.kernel, task=vc.task, what=vc.what,
                         origin=vc.origin, status=vc.status, decls=ordered, hyps=hyps,
                         goal=goal, listing=vc.listing, notes=vc.notes, logic=vc.logic)


def files(vcs):
    out = {}
    for vc in vcs:
        out[f"{vc.family}/{vc.kernel}/{vc.task}.smt2"] = render(vc)
    return out
