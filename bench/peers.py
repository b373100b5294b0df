"""Peer preprocessors: turn an SMT-LIB file into a preprocessed, solvable
SMT-LIB file with z3 tactics or cvc5 --preprocess-only.

What the peers actually print (checked on z3 5.4.1 and cvc5 1.0.3):

* z3, ``(apply T :print_benchmark true)``: first a ``(goals (goal f1 ... fn
  :precision precise :depth d) ...)`` block, then a benchmark with the
  ``declare-fun`` of the symbols still used, ``assert``s and ``(check-sat)``.
  It prints no ``set-logic``, no ``declare-sort`` and no datatype declarations,
  and for several goals it asserts their disjunction itself. A goal proved
  unsat is the single formula ``false``; a goal proved sat is empty.
  We rebuild the file from the goals block (one goal: its formulas; several:
  the disjunction of their conjunctions), take the ``declare-fun``s from the
  printed benchmark, and copy ``set-logic``, ``set-info :status``, sorts and
  datatypes from the input. A goal whose precision is not ``precise`` (an
  under/over-approximation) is not equivalent to the input: "no output".
* cvc5, ``--preprocess-only -o post-asserts``: a full benchmark (set-logic,
  sorts, datatypes, define-funs, declarations, asserts, check-sat) between
  ``;; post-asserts start`` and ``;; post-asserts end``, printed when it reaches
  ``(check-sat)``; afterwards it answers ``unknown``. We keep the block, drop
  ``(assert true)`` and add back ``set-info :status``.
"""

from __future__ import annotations

import smt

Z3_TACTICS = {
    "z3-pre": "(then simplify propagate-values solve-eqs elim-uncnstr qe-light simplify)",
    "z3-qe": "(then simplify qe-light qe simplify)",
}

# Commands dropped from a peer's input: queries and everything after them.
_QUERY = ("check-sat", "check-sat-assuming", "exit", "apply", "simplify", "eval", "echo")
_DECLS_FROM_INPUT = ("declare-sort", "define-sort", "declare-datatype", "declare-datatypes")


class PeerError(Exception):
    """The peer produced no usable output (message says why)."""


def _is_get(head):
    return head is not None and head.startswith("get-")


def status_line(src_text: str) -> str:
    st = smt.expected_status(src_text)
    return f"(set-info :status {st})" if st != "unknown" else ""


def z3_input(src_text: str, tactic: str) -> str:
    """The script to give z3: the input without queries plus the apply."""
    keep = [txt for head, _, txt in smt.commands(src_text)
            if head not in _QUERY and not _is_get(head)]
    keep.append(f"(apply {tactic} :print_benchmark true)")
    return "\n".join(keep) + "\n"


def z3_output_to_smt2(stdout: str, src_text: str) -> str:
    """Rebuild a solvable file from z3's apply output (raises PeerError)."""
    try:
        items = smt.commands(stdout)
    except smt.ParseError as e:
        raise PeerError(f"z3 output does not parse: {e}") from None
    for head, sx, txt in items:
        if head == "error":
            raise PeerError(f"z3 error: {txt[:200]}")
        if sx == "timeout":
            raise PeerError("z3 timeout")
    goals = [sx for head, sx, _ in items if head == "goals"]
    if not goals:
        raise PeerError("no (goals ...) block in z3 output")
    goal_list = [g for g in goals[0][1:] if isinstance(g, list) and g and g[0] == "goal"]
    if not goal_list:
        raise PeerError("z3 returned zero goals")
    conj = []
    for g in goal_list:
        body = g[1:]
        forms = []
        i = 0
        precision = "precise"
        while i < len(body):
            x = body[i]
            if isinstance(x, str) and x.startswith(":"):
                if x == ":precision" and i + 1 < len(body):
                    precision = body[i + 1]
                i += 2
                continue
            forms.append(x)
            i += 1
        if precision != "precise":
            raise PeerError(f"z3 goal precision is {precision}, not equivalent")
        conj.append(forms)
    decls = [txt for head, _, txt in items[1:]
             if head in ("declare-fun", "declare-const", "define-fun", "define-fun-rec",
                         "define-funs-rec")]
    src = smt.commands(src_text)
    out = []
    for head, _, txt in src:
        if head == "set-logic":
            out.append(txt)
            break
    st = status_line(src_text)
    if st:
        out.append(st)
    out += [txt for head, _, txt in src if head in _DECLS_FROM_INPUT]
    out += decls
    if len(conj) == 1:
        out += [f"(assert {smt.to_text(f)})" for f in conj[0]]
    else:
        disj = []
        for forms in conj:
            if not forms:
                disj.append("true")
            elif len(forms) == 1:
                disj.append(smt.to_text(forms[0]))
            else:
                disj.append("(and " + " ".join(smt.to_text(f) for f in forms) + ")")
        out.append("(assert (or " + " ".join(disj) + "))")
    out.append("(check-sat)")
    return "\n".join(out) + "\n"


def cvc5_input(src_text: str) -> str:
    """The input without get-*/exit and with exactly one final check-sat."""
    keep = []
    for head, _, txt in smt.commands(src_text):
        if head in ("check-sat", "check-sat-assuming"):
            break  # one query: everything up to the first check-sat
        if head in _QUERY or _is_get(head):
            continue
        keep.append(txt)
    keep.append("(check-sat)")
    return "\n".join(keep) + "\n"


START = ";; post-asserts start"
END = ";; post-asserts end"


def cvc5_output_to_smt2(stdout: str, src_text: str) -> str:
    """Extract the post-asserts block (raises PeerError)."""
    if START not in stdout:
        err = next((ln for ln in stdout.splitlines() if ln.startswith("(error")), "")
        raise PeerError("no post-asserts block in cvc5 output" + (f": {err[:200]}" if err else ""))
    block = stdout.split(START, 1)[1]
    if END not in block:
        raise PeerError("truncated post-asserts block")
    block = block.split(END, 1)[0]
    try:
        cmds = smt.commands(block)
    except smt.ParseError as e:
        raise PeerError(f"cvc5 output does not parse: {e}") from None
    out = []
    st = status_line(src_text)
    has_logic = any(h == "set-logic" for h, _, _ in cmds)
    if st and not has_logic:
        out.append(st)
    for head, sx, txt in cmds:
        if head == "assert" and sx[1:] == ["true"]:
            continue
        if head == "check-sat":
            continue
        if head == "assert" and _has_nested_annotation(sx):
            txt = smt.to_text(flatten_annotations(sx))
        out.append(txt)
        if head == "set-logic" and st:
            out.append(st)
    out.append("(check-sat)")
    return "\n".join(out) + "\n"


def _has_nested_annotation(sx) -> bool:
    stack = [sx]
    while stack:
        t = stack.pop()
        if isinstance(t, list):
            if t and t[0] == "!" and len(t) > 1 and isinstance(t[1], list) and t[1][:1] == ["!"]:
                return True
            stack.extend(t)
    return False


def flatten_annotations(sx):
    """Rewrite every (! (! t a1...) a2...) into (! t a1... a2...), iteratively."""
    if not isinstance(sx, list):
        return sx
    root = list(sx)
    stack = [root]
    while stack:
        t = stack.pop()
        while t and t[0] == "!" and len(t) > 1 and isinstance(t[1], list) and t[1][:1] == ["!"]:
            inner = t[1]
            t[1:] = [inner[1]] + inner[2:] + t[2:]
        for i, c in enumerate(t):
            if isinstance(c, list):
                c = list(c)
                t[i] = c
                stack.append(c)
    return root
