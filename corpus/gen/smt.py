"""SMT-LIB terms for the VC generator: construction, substitution, printing.

A term is one of
  * ``int``                       an integer literal (negative ones print as ``(- n)``)
  * ``str``                       a symbol (``true``/``false`` included)
  * ``tuple`` ``(head, a1, ...)``  an application, ``head`` a ``str``
  * ``("forall"|"exists", ((name, sort), ...), body)``  a quantifier

Thread placeholders ``%0``, ``%1``, ... stand for the components of "the
current thread" (block id(s) first, then thread id(s)).  They are not valid
SMT-LIB symbols, so they can never collide with a real name; ``inst``
replaces them by the bound variables of a thread quantifier.

Everything here is deterministic: printing depends only on the term.
"""

from __future__ import annotations

TRUE = "true"
FALSE = "false"
QUANTS = ("forall", "exists")
BUILTIN_OPS = frozenset(["=", "+", "-", "*", "div", "mod", "abs", "<", "<=", ">", ">=",
                         "and", "or", "not", "=>", "xor", "ite", "distinct"])


def is_quant(t) -> bool:
    return isinstance(t, tuple) and t and t[0] in QUANTS


def app(head: str, *args):
    return (head,) + tuple(args)


def and_(*xs):
    """Conjunction; drops literal ``true`` conjuncts, flattens nested ``and``s
    only when they were built by this helper from a list (never rewrites the
    user's structure otherwise)."""
    ys = [x for x in xs if x != TRUE]
    if any(x == FALSE for x in ys):
        return FALSE
    if not ys:
        return TRUE
    if len(ys) == 1:
        return ys[0]
    return ("and",) + tuple(ys)


def or_(*xs):
    ys = [x for x in xs if x != FALSE]
    if any(x == TRUE for x in ys):
        return TRUE
    if not ys:
        return FALSE
    if len(ys) == 1:
        return ys[0]
    return ("or",) + tuple(ys)


def not_(x):
    if x == TRUE:
        return FALSE
    if x == FALSE:
        return TRUE
    return ("not", x)


def implies(a, b):
    if a == TRUE:
        return b
    return ("=>", a, b)


def eq(a, b):
    return ("=", a, b)


def forall(binders, body):
    return ("forall", tuple((v, s) for v, s in binders), body)


def exists(binders, body):
    return ("exists", tuple((v, s) for v, s in binders), body)


# ---------------------------------------------------------------------------
# traversal


def symbols(t, acc=None, bound=frozenset()):
    """Free symbols of ``t`` (function symbols and constants), in order of
    first occurrence."""
    if acc is None:
        acc = {}
    if isinstance(t, int):
        return acc
    if isinstance(t, str):
        if t not in bound and not t.startswith("%") and t not in (TRUE, FALSE):
            acc.setdefault(t, None)
        return acc
    if is_quant(t):
        b = bound | {v for v, _ in t[1]}
        symbols(t[2], acc, b)
        return acc
    head = t[0]
    if head not in bound and head not in BUILTIN_OPS:
        acc.setdefault(head, None)
    for a in t[1:]:
        symbols(a, acc, bound)
    return acc


def all_names(t, acc=None):
    """Every name occurring in ``t`` (free or bound)."""
    if acc is None:
        acc = set()
    if isinstance(t, int):
        return acc
    if isinstance(t, str):
        acc.add(t)
        return acc
    if is_quant(t):
        for v, _ in t[1]:
            acc.add(v)
        all_names(t[2], acc)
        return acc
    acc.add(t[0])
    for a in t[1:]:
        all_names(a, acc)
    return acc


def subst(t, m: dict):
    """Replace symbols (constants, never function heads) according to ``m``.
    Binders shadow.  The caller guarantees no capture (bound names are chosen
    fresh with respect to everything substituted in)."""
    if isinstance(t, int):
        return t
    if isinstance(t, str):
        return m.get(t, t)
    if is_quant(t):
        inner = {k: v for k, v in m.items() if k not in {b for b, _ in t[1]}}
        return (t[0], t[1], subst(t[2], inner))
    return (t[0],) + tuple(subst(a, m) for a in t[1:])


def inst(t, names):
    """Instantiate thread placeholders %0.. with ``names`` (terms)."""
    return subst(t, {f"%{i}": n for i, n in enumerate(names)})


def has_placeholder(t) -> bool:
    return any(isinstance(n, str) and n.startswith("%") for n in all_names(t))


# ---------------------------------------------------------------------------
# printing


def flat(t) -> str:
    if isinstance(t, bool):
        raise TypeError("bool in term")
    if isinstance(t, int):
        return str(t) if t >= 0 else f"(- {-t})"
    if isinstance(t, str):
        if t.startswith("%"):
            raise ValueError(f"unresolved thread placeholder {t}")
        return t
    if is_quant(t):
        bs = " ".join(f"({v} {s})" for v, s in t[1])
        return f"({t[0]} ({bs}) {flat(t[2])})"
    return "(" + " ".join(flat(a) for a in t) + ")"


def pretty(t, indent: int = 0, width: int = 100) -> str:
    """Deterministic pretty printer: a term that fits in the remaining width
    is printed on one line, otherwise its arguments go on separate lines."""
    s = flat(t)
    if len(s) + indent <= width or isinstance(t, (int, str)):
        return s
    pad = " " * (indent + 2)
    if is_quant(t):
        bs = " ".join(f"({v} {sort})" for v, sort in t[1])
        return f"({t[0]} ({bs})\n{pad}{pretty(t[2], indent + 2, width)})"
    head = t[0]
    args = t[1:]
    first = flat(args[0]) if args else ""
    if args and len(args) > 1 and len(head) + len(first) + indent + 2 <= min(width, indent + 70):
        # short first argument (a guard, a left-hand side) stays on the head line
        rest = [pretty(a, indent + 2, width) for a in args[1:]]
        return f"({head} {first}\n" + "\n".join(pad + p for p in rest) + ")"
    parts = [pretty(a, indent + 2, width) for a in args]
    return "(" + head + "\n" + "\n".join(pad + p for p in parts) + ")"
