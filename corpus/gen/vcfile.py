"""Render one task as an SMT-LIB 2.6 script (deterministic)."""

from __future__ import annotations

from smt import pretty

GENERATOR_CMD = "python3 corpus/gen/generate.py"


def _comment_block(lines):
    out = []
    for ln in lines:
        for sub in str(ln).splitlines() or [""]:
            out.append(("; " + sub).rstrip())
    return out


def render(*, family, kernel, task, what, origin, status, decls, hyps, goal,
           listing=(), logic="UFNIA", notes=""):
    """``decls``: dict symbol -> (arg sorts, result sort) in declaration order;
    ``hyps``: list of (comment, term)."""
    assert status in ("sat", "unsat"), status
    head = [
        "vcsimp VC corpus -- generated file, do not edit (regenerate instead).",
        f"family:    {family}",
        f"kernel:    {kernel}",
        f"task:      {task}",
        f"checks:    {what}",
        f"origin:    {origin}",
        f"expected:  {status} ({'valid VC: the negated goal is unsatisfiable' if status == 'unsat' else 'INVALID VC (deliberate bug): a counterexample exists'})",
        f"generator: {GENERATOR_CMD}",
    ]
    if notes:
        head.append("notes:     " + notes.replace("\n", "\n           "))
    lines = _comment_block(head)
    if listing:
        lines.append(";")
        lines += _comment_block(["kernel source (mini kernel language):"] + ["  " + x for x in listing])
    lines.append("(set-info :smt-lib-version 2.6)")
    lines.append(f"(set-logic {logic})")
    src = f"vcsimp corpus: {family}/{kernel}/{task}"
    lines.append(f"(set-info :source |{src}|)")
    lines.append(f"(set-info :status {status})")
    lines.append("")
    for s, (args, ret) in decls.items():
        lines.append(f"(declare-fun {s} ({' '.join(args)}) {ret})")
    lines.append("")
    for comment, term in hyps:
        if comment:
            lines += _comment_block([comment])
        lines.append("(assert " + pretty(term, 8) + ")")
    lines.append("; goal (negated)")
    lines += _comment_block([what])
    lines.append("(assert (not " + pretty(goal, 13) + "))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


def header_lines(*, family, kernel, task, what, origin, status, encoding):
    """The comment header of a file in another encoding (``why3_boogie.py``)."""
    head = [
        "vcsimp VC corpus -- generated file, do not edit (regenerate instead).",
        f"family:    {family}",
        f"kernel:    {kernel}",
        f"task:      {task}",
        f"checks:    {what}",
        f"origin:    {origin}",
        f"encoding:  {encoding}",
        f"expected:  {status} ({'valid VC: the negated goal is unsatisfiable' if status == 'unsat' else 'INVALID VC (deliberate bug): a counterexample exists'})",
        f"generator: {GENERATOR_CMD}",
    ]
    return _comment_block(head)
