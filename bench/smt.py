"""Small SMT-LIB helpers shared by the bench scripts (stdlib only).

* ``tokenize`` / ``parse`` read s-expressions iteratively (no recursion, so
  deeply nested terms are fine).
* ``commands`` splits a script into top-level commands with their text spans.
* ``count_nodes`` is the harness's own VC size measure (see its docstring).
"""

from __future__ import annotations

import re

# One token per match: whitespace, comment, paren, string ("" escapes a quote),
# quoted symbol, or any other atom.
_TOKEN = re.compile(
    r'(\s+)|(;[^\n]*)|(\()|(\))|("(?:[^"]|"")*")|(\|[^|]*\|)|([^\s()";|]+)'
)


class ParseError(ValueError):
    pass


def tokenize(text: str):
    """Yield (kind, token, start, end) with kind in '(' ')' 'atom'."""
    pos = 0
    n = len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ParseError(f"bad token at offset {pos}: {text[pos:pos + 20]!r}")
        end = m.end()
        if m.group(3):
            yield "(", "(", pos, end
        elif m.group(4):
            yield ")", ")", pos, end
        elif m.group(5) or m.group(6) or m.group(7):
            yield "atom", m.group(0), pos, end
        pos = end


def parse_spans(text: str):
    """Parse all top-level s-expressions; return [(sexpr, start, end)].

    Lists become Python lists, atoms stay strings (quoted symbols keep their
    bars, strings keep their quotes)."""
    out = []
    stack: list[list] = []
    start = 0
    for kind, tok, s, e in tokenize(text):
        if kind == "(":
            if not stack:
                start = s
            stack.append([])
        elif kind == ")":
            if not stack:
                raise ParseError(f"unbalanced ')' at offset {s}")
            done = stack.pop()
            if stack:
                stack[-1].append(done)
            else:
                out.append((done, start, e))
        else:
            if stack:
                stack[-1].append(tok)
            else:
                out.append((tok, s, e))
    if stack:
        raise ParseError("unbalanced '(' at end of input")
    return out


def parse(text: str):
    return [x for x, _, _ in parse_spans(text)]


def commands(text: str):
    """Top-level commands as (head, sexpr, source_text)."""
    res = []
    for sx, s, e in parse_spans(text):
        head = sx[0] if isinstance(sx, list) and sx and isinstance(sx[0], str) else None
        res.append((head, sx, text[s:e]))
    return res


def to_text(sx) -> str:
    """Print an s-expression back (iteratively)."""
    if isinstance(sx, str):
        return sx
    parts: list[str] = []
    stack = [(sx, 0)]
    while stack:
        node, i = stack.pop()
        if i == 0:
            parts.append("(")
        if i < len(node):
            stack.append((node, i + 1))
            child = node[i]
            if i > 0:
                parts.append(" ")
            if isinstance(child, list):
                stack.append((child, 0))
            else:
                parts.append(child)
        else:
            parts.append(")")
    return "".join(parts)


def count_nodes(term) -> int:
    """AST nodes of a term *as written*: every constant, variable and function
    application is one node (``(+ x 1)`` is 3). ``let`` counts 1 plus its bound
    terms and body (bindings are not expanded); a quantifier counts 1 plus its
    body; ``(! t ...)`` annotations count as ``t`` (patterns are not counted);
    indexed and qualified identifiers (``(_ bv5 32)``, ``(as const T)``) are 1.
    Sorts are never counted."""
    total = 0
    stack = [term]
    while stack:
        t = stack.pop()
        if not isinstance(t, list):
            total += 1
            continue
        if not t:
            continue
        head = t[0]
        if head == "!":
            if len(t) > 1:
                stack.append(t[1])
        elif head in ("_", "as"):
            total += 1
        elif head in ("forall", "exists"):
            total += 1
            if len(t) > 2:
                stack.append(t[2])
        elif head == "let":
            total += 1
            if len(t) > 2 and isinstance(t[1], list):
                for b in t[1]:
                    if isinstance(b, list) and len(b) == 2:
                        stack.append(b[1])
                stack.append(t[2])
        elif head == "match":
            total += 1
            if len(t) > 1:
                stack.append(t[1])
            if len(t) > 2 and isinstance(t[2], list):
                for case in t[2]:
                    if isinstance(case, list) and len(case) == 2:
                        stack.append(case[1])
        else:
            # application; a list head such as ((_ extract 7 0) b) or
            # ((as const T) 0) is part of the application node.
            total += 1
            stack.extend(t[1:])
    return total


def asserted_nodes(text: str) -> int:
    """Sum of count_nodes over every (assert t) in the script."""
    return sum(count_nodes(sx[1]) for head, sx, _ in commands(text)
               if head == "assert" and len(sx) > 1)


_STATUS = re.compile(r"\(\s*set-info\s+:status\s+(sat|unsat|unknown)\s*\)")


def expected_status(text: str) -> str:
    m = _STATUS.search(text)
    return m.group(1) if m else "unknown"
