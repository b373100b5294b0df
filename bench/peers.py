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
  ``(assert true)`` and add back ``set-info :status``. Two printer defects
  of cvc5 1.0.3 are repaired (``repair_cvc5_block``): it declares every
  ``:qid`` name as a Boolean constant and then refuses to read its own output,
  and it may print a ``define-fun`` before a definition it uses.
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
    cmds = repair_cvc5_block(cmds)
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


_DECLARING = ("declare-sort", "define-sort", "declare-fun", "declare-const", "define-fun",
              "define-fun-rec", "declare-datatype", "declare-datatypes")
_OPTIONS = ("set-logic", "set-option", "set-info")


def _sym(tok: str) -> str:
    """A symbol's name: |x| and x are the same symbol."""
    return tok[1:-1] if len(tok) >= 2 and tok[0] == tok[-1] == "|" else tok


def _atoms(sx, skip_qid_values: bool = False):
    """Every atom of sx (iteratively); optionally not the value of a :qid."""
    stack = [sx]
    while stack:
        t = stack.pop()
        if isinstance(t, str):
            yield _sym(t)
            continue
        for i, c in enumerate(t):
            if skip_qid_values and i > 0 and t[i - 1] == ":qid":
                continue
            stack.append(c)


def _qid_values(sx):
    stack = [sx]
    while stack:
        t = stack.pop()
        if isinstance(t, list):
            for i, c in enumerate(t):
                if c == ":qid" and i + 1 < len(t) and isinstance(t[i + 1], str):
                    yield _sym(t[i + 1])
                stack.append(c)


def repair_cvc5_block(cmds):
    """Repair two defects of cvc5 1.0.3's post-asserts printer, nothing else:

    * it declares each `:qid` name as a Boolean constant, `(declare-fun
      |typeInv:U_2_int| () Bool)`, and then refuses to read its own output
      ("previously declared as a variable"): such a declaration goes when the
      name is used nowhere but as a `:qid` value;
    * it may print a `define-fun` before the definition of a symbol it uses
      (Why3's `blockDim` before `bsize_x`): declarations are put in dependency
      order (stable), ahead of the assertions, which keep their order (the
      block is one flat benchmark, without push or pop).
    """
    qids = set()
    used = set()
    for head, sx, _ in cmds:
        qids.update(_qid_values(sx))
        if head not in ("declare-fun", "declare-const"):
            used.update(_atoms(sx, skip_qid_values=True))

    def spurious(head, sx):
        return (head == "declare-fun" and len(sx) == 4 and sx[2] == [] and sx[3] == "Bool"
                and _sym(sx[1]) in qids and _sym(sx[1]) not in used)

    cmds = [c for c in cmds if not spurious(c[0], c[1])]
    if any(h in ("push", "pop", "reset", "reset-assertions") for h, _, _ in cmds):
        return cmds
    decls = [i for i, (h, _, _) in enumerate(cmds) if h in _DECLARING]
    defined_by = {}
    for i in decls:
        for n in _defined_names(cmds[i][0], cmds[i][1]):
            defined_by.setdefault(n, i)
    deps = {i: {defined_by[n] for n in _atoms(cmds[i][1][1:])
                if n in defined_by and defined_by[n] != i} for i in decls}
    if all(j < i for i in decls for j in deps[i]):
        return cmds  # already in order
    order, placed = [], set()
    while len(order) < len(decls):
        ready = next((i for i in decls if i not in placed and deps[i] <= placed), None)
        if ready is None:
            return cmds  # a cycle (shadowed names): leave the block as printed
        order.append(ready)
        placed.add(ready)
    options = [c for i, c in enumerate(cmds) if i not in placed and c[0] in _OPTIONS]
    rest = [c for i, c in enumerate(cmds) if i not in placed and c[0] not in _OPTIONS]
    return options + [cmds[i] for i in order] + rest


def _defined_names(head, sx) -> list[str]:
    """The symbols (sorts, functions, constructors, selectors) a declaring
    command introduces."""
    if not isinstance(sx, list) or len(sx) < 2:
        return []
    if head == "declare-datatypes" and len(sx) >= 3 and isinstance(sx[1], list):
        names = [_sym(d[0]) for d in sx[1] if isinstance(d, list) and d]
        ctor_lists = sx[2:]
    elif head == "declare-datatype" and isinstance(sx[1], str):
        names = [_sym(sx[1])]
        ctor_lists = [sx[2:]]
    else:
        return [_sym(sx[1])] if isinstance(sx[1], str) else []
    for ctors in ctor_lists:
        for c in ctors if isinstance(ctors, list) else []:
            if isinstance(c, list) and c and isinstance(c[0], str):
                if c[0] == "par":
                    continue
                names.append(_sym(c[0]))
                names += [_sym(f[0]) for f in c[1:] if isinstance(f, list) and f]
    return names


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
