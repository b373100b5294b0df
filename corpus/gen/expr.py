"""A tiny C/ACSL-like expression language for kernel code and annotations.

Syntax (lowest to highest precedence)::

    \\forall [int] x, y; e      \\exists [int] x; e        (binders, extend right)
    \\forall_thread; e          \\exists_thread; e         (quantify over all threads)
    c ? a : b
    a <==> b
    a ==> b                   (right associative)
    a || b
    a && b
    a == b    a != b
    a < b <= c ...            (chains: 0 <= j < n means 0 <= j && j < n)
    a + b     a - b
    a * b     a / b     a % b (``/`` and ``%`` become SMT-LIB ``div``/``mod``)
    -a  !a
    x   42   a[i][j]   f(a, b)   (e)

Identifiers may contain ``$`` (``tid$1``) so the two-thread encodings can name
per-thread copies directly.  The parser produces a small tuple AST; the
``Translator`` turns it into SMT terms (``smt.py``) through a resolver that the
symbolic executors provide (locals, arrays, builtins, ...).
"""

from __future__ import annotations

import re

from smt import and_, not_

_TOK = re.compile(
    r"\s*(?:(\d+)|(\\[A-Za-z_]+)|([A-Za-z_][A-Za-z0-9_$]*)|"
    r"(<==>|==>|&&|\|\||==|!=|<=|>=|[<>+\-*/%!?:()\[\],;]))"
)


class ParseError(ValueError):
    pass


def tokenize(s: str):
    pos = 0
    out = []
    s = s.rstrip()
    while pos < len(s):
        m = _TOK.match(s, pos)
        if not m or m.end() == pos:
            raise ParseError(f"bad character at {pos} in {s!r}")
        pos = m.end()
        if m.group(1):
            out.append(("num", int(m.group(1))))
        elif m.group(2):
            out.append(("kw", m.group(2)))
        elif m.group(3):
            out.append(("id", m.group(3)))
        else:
            out.append(("op", m.group(4)))
    out.append(("eof", None))
    return out


QUANT_KWS = {"\\forall": "forall", "\\exists": "exists"}
TQUANT_KWS = {"\\forall_thread": "forall", "\\exists_thread": "exists"}
RELOPS = ("<", "<=", ">", ">=")


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    def peek(self):
        return self.toks[self.i]

    def next(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def at_op(self, *ops):
        k, v = self.peek()
        return k == "op" and v in ops

    def expect_op(self, op):
        k, v = self.next()
        if k != "op" or v != op:
            raise ParseError(f"expected {op!r}, got {v!r} in {self.text!r}")

    def parse(self):
        e = self.expr()
        if self.peek()[0] != "eof":
            raise ParseError(f"trailing input {self.peek()!r} in {self.text!r}")
        return e

    def expr(self):
        k, v = self.peek()
        if k == "kw":
            return self.quant()
        return self.ternary()

    def quant(self):
        k, v = self.next()
        if v in TQUANT_KWS:
            self.expect_op(";")
            return ("tq", TQUANT_KWS[v], self.expr())
        if v not in QUANT_KWS:
            raise ParseError(f"unknown keyword {v}")
        names = []
        if self.peek() == ("id", "int"):
            self.next()
        while True:
            k2, name = self.next()
            if k2 != "id":
                raise ParseError(f"expected a bound variable in {self.text!r}")
            names.append(name)
            if self.at_op(","):
                self.next()
                continue
            break
        self.expect_op(";")
        return ("q", QUANT_KWS[v], names, self.expr())

    def ternary(self):
        c = self.equiv()
        if self.at_op("?"):
            self.next()
            a = self.expr_noquant_or_quant()
            self.expect_op(":")
            b = self.expr_noquant_or_quant()
            return ("ite", c, a, b)
        return c

    def expr_noquant_or_quant(self):
        if self.peek()[0] == "kw":
            return self.quant()
        return self.ternary()

    def equiv(self):
        a = self.implies()
        if self.at_op("<==>"):
            self.next()
            b = self.implies()
            return ("bin", "<==>", a, b)
        return a

    def implies(self):
        a = self.lor()
        if self.at_op("==>"):
            self.next()
            if self.peek()[0] == "kw":
                b = self.quant()
            else:
                b = self.implies()
            return ("bin", "==>", a, b)
        return a

    def _left(self, sub, ops):
        a = sub()
        while self.at_op(*ops):
            op = self.next()[1]
            if self.peek()[0] == "kw":
                b = self.quant()
            else:
                b = sub()
            a = ("bin", op, a, b)
        return a

    def lor(self):
        return self._left(self.land, ("||",))

    def land(self):
        return self._left(self.equality, ("&&",))

    def equality(self):
        return self._left(self.relational, ("==", "!="))

    def relational(self):
        first = self.additive()
        ops, xs = [], [first]
        while self.at_op(*RELOPS):
            ops.append(self.next()[1])
            xs.append(self.additive())
        if not ops:
            return first
        if len(ops) == 1:
            return ("bin", ops[0], xs[0], xs[1])
        return ("chain", ops, xs)

    def additive(self):
        return self._left(self.multiplicative, ("+", "-"))

    def multiplicative(self):
        return self._left(self.unary, ("*", "/", "%"))

    def unary(self):
        if self.at_op("-"):
            self.next()
            e = self.unary()
            if e[0] == "num":
                return ("num", -e[1])
            return ("un", "-", e)
        if self.at_op("!"):
            self.next()
            return ("un", "!", self.unary())
        if self.peek()[0] == "kw":
            return self.quant()
        return self.postfix()

    def postfix(self):
        k, v = self.next()
        if k == "num":
            return ("num", v)
        if k == "op" and v == "(":
            e = self.expr()
            self.expect_op(")")
            return e
        if k != "id":
            raise ParseError(f"unexpected {v!r} in {self.text!r}")
        if self.at_op("("):
            self.next()
            args = []
            if not self.at_op(")"):
                args.append(self.expr())
                while self.at_op(","):
                    self.next()
                    args.append(self.expr())
            self.expect_op(")")
            return ("call", v, args)
        if self.at_op("["):
            idx = []
            while self.at_op("["):
                self.next()
                idx.append(self.expr())
                self.expect_op("]")
            return ("idx", v, idx)
        return ("id", v)


_CACHE: dict[str, tuple] = {}


def parse(text):
    """Parse ``text`` (a string; ASTs are passed through unchanged)."""
    if isinstance(text, tuple):
        return text
    if isinstance(text, int):
        return ("num", text)
    if text not in _CACHE:
        _CACHE[text] = Parser(text).parse()
    return _CACHE[text]


# ---------------------------------------------------------------------------
# AST queries


def ast_ids(a, acc=None):
    """Identifiers (variables, array names, function names) used in ``a``,
    excluding names bound by its own quantifiers."""
    if acc is None:
        acc = set()
    _ids(a, acc, frozenset())
    return acc


def _ids(a, acc, bound):
    k = a[0]
    if k == "num":
        return
    if k == "id":
        if a[1] not in bound:
            acc.add(a[1])
    elif k == "idx":
        acc.add(a[1])
        for i in a[2]:
            _ids(i, acc, bound)
    elif k == "call":
        acc.add(a[1])
        for i in a[2]:
            _ids(i, acc, bound)
    elif k == "un":
        _ids(a[2], acc, bound)
    elif k == "bin":
        _ids(a[2], acc, bound)
        _ids(a[3], acc, bound)
    elif k == "chain":
        for x in a[2]:
            _ids(x, acc, bound)
    elif k == "ite":
        for x in a[1:]:
            _ids(x, acc, bound)
    elif k == "q":
        _ids(a[3], acc, bound | set(a[2]))
    elif k == "tq":
        acc.add("\\thread_quantifier")
        _ids(a[2], acc, bound)
    else:
        raise ValueError(a)


def ast_ids_outside_tq(a):
    """Identifiers used outside of any \\forall_thread / \\exists_thread."""
    acc = set()

    def go(a, bound):
        k = a[0]
        if k == "tq":
            return
        if k == "num":
            return
        if k == "id":
            if a[1] not in bound:
                acc.add(a[1])
        elif k in ("idx", "call"):
            acc.add(a[1])
            for i in a[2]:
                go(i, bound)
        elif k == "un":
            go(a[2], bound)
        elif k == "bin":
            go(a[2], bound)
            go(a[3], bound)
        elif k == "chain":
            for x in a[2]:
                go(x, bound)
        elif k == "ite":
            for x in a[1:]:
                go(x, bound)
        elif k == "q":
            go(a[3], bound | set(a[2]))

    go(a, frozenset())
    return acc


_PREC = {"<==>": 2, "==>": 3, "||": 4, "&&": 5, "==": 6, "!=": 6, "<": 7, "<=": 7, ">": 7,
         ">=": 7, "+": 8, "-": 8, "*": 9, "/": 9, "%": 9}


def _prec(a):
    k = a[0]
    if k in ("q", "tq"):
        return 0
    if k == "ite":
        return 1
    if k == "bin":
        return _PREC[a[1]]
    if k == "chain":
        return 7
    if k == "un":
        return 10
    return 11


def unparse(a, ctx: int = 0) -> str:
    """Print an AST back in the surface syntax with minimal parentheses;
    used for kernel listings and comments."""
    k = a[0]
    p = _prec(a)
    if k == "num":
        s = str(a[1])
    elif k == "id":
        s = a[1]
    elif k == "idx":
        s = a[1] + "".join(f"[{unparse(i)}]" for i in a[2])
    elif k == "call":
        s = f"{a[1]}({', '.join(unparse(x) for x in a[2])})"
    elif k == "un":
        s = f"{a[1]}{unparse(a[2], 10)}"
    elif k == "bin":
        op = a[1]
        if op == "==>":
            s = f"{unparse(a[2], p + 1)} {op} {unparse(a[3], p)}"
        else:
            s = f"{unparse(a[2], p)} {op} {unparse(a[3], p + 1)}"
    elif k == "chain":
        s = unparse(a[2][0], 8)
        for op, x in zip(a[1], a[2][1:]):
            s += f" {op} {unparse(x, 8)}"
    elif k == "ite":
        s = f"{unparse(a[1], 2)} ? {unparse(a[2], 2)} : {unparse(a[3], 1)}"
    elif k == "q":
        s = f"\\{a[1]} {', '.join(a[2])}; {unparse(a[3])}"
    elif k == "tq":
        s = f"\\{a[1]}_thread; {unparse(a[2])}"
    else:
        raise ValueError(a)
    return f"({s})" if p < ctx else s


# ---------------------------------------------------------------------------
# translation to SMT terms

_BIN = {"+": "+", "-": "-", "*": "*", "/": "div", "%": "mod", "<": "<", "<=": "<=",
        ">": ">", ">=": ">=", "==": "=", "&&": "and", "||": "or", "==>": "=>",
        "<==>": "="}
_NARY = ("+", "*", "and", "or")


class Translator:
    """Generic AST -> SMT translation.  Subclasses implement ``ident``,
    ``index``, ``call`` and optionally ``thread_quant``."""

    def __init__(self):
        self.bound: list[str] = []

    def ident(self, name):  # pragma: no cover - abstract
        raise NotImplementedError

    def index(self, name, idx_terms):  # pragma: no cover - abstract
        raise NotImplementedError

    def call(self, name, arg_terms):  # pragma: no cover - abstract
        raise NotImplementedError

    def thread_quant(self, kind, body_ast):  # pragma: no cover - abstract
        raise NotImplementedError(f"thread quantifier not supported here")

    def tr(self, a):
        a = parse(a)
        k = a[0]
        if k == "num":
            return a[1]
        if k == "id":
            if a[1] in self.bound:
                return a[1]
            if a[1] == "true":
                return "true"
            if a[1] == "false":
                return "false"
            return self.ident(a[1])
        if k == "idx":
            return self.index(a[1], [self.tr(i) for i in a[2]])
        if k == "call":
            return self.call(a[1], [self.tr(x) for x in a[2]])
        if k == "un":
            x = self.tr(a[2])
            if a[1] == "-":
                return ("-", x)
            return not_(x) if x in ("true", "false") else ("not", x)
        if k == "bin":
            op = a[1]
            x, y = self.tr(a[2]), self.tr(a[3])
            if op == "!=":
                return ("not", ("=", x, y))
            h = _BIN[op]
            if h in _NARY:
                xs = list(x[1:]) if isinstance(x, tuple) and x[0] == h and self._flat_ok(a[2], op) else [x]
                return (h, *xs, y)
            return (h, x, y)
        if k == "chain":
            xs = [self.tr(x) for x in a[2]]
            return and_(*[(_BIN[op], xs[i], xs[i + 1]) for i, op in enumerate(a[1])])
        if k == "ite":
            return ("ite", self.tr(a[1]), self.tr(a[2]), self.tr(a[3]))
        if k == "q":
            names = a[2]
            self.bound.extend(names)
            try:
                body = self.tr(a[3])
            finally:
                del self.bound[len(self.bound) - len(names):]
            return (a[1], tuple((n, "Int") for n in names), body)
        if k == "tq":
            return self.thread_quant(a[1], a[2])
        raise ValueError(a)

    @staticmethod
    def _flat_ok(sub_ast, op):
        # flatten only a genuine left-nested chain of the same operator
        return sub_ast[0] == "bin" and sub_ast[1] == op
