"""Where a solver is, and its version.

Contract: `path(name, beside)` is the solver `name` in the directory of
the executable `beside` when one is there and executable (a tool
directory that bundles vcsimp with its solvers, which BenchExec then ships
to a cluster's workers with `REQUIRED_PATHS`), written so that it is not
looked up on PATH (`./z3`, `dir/z3`); otherwise `name` itself, for the
run to find on PATH. `version(name, beside)` is the solver's version
number (`5.4.1`), or "" when it cannot be run or says none.
"""

import os
import re
import shutil
import subprocess

# The flag that prints the version, and the pattern of the number in it.
_VERSION = {
    "z3": ("--version", r"Z3 version (\S+)"),
    "cvc5": ("--version", r"cvc5 version (\S+)"),
}


def path(name, beside):
    here = os.path.join(os.path.dirname(beside) or os.curdir, name)
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    return name


def version(name, beside):
    flag, pattern = _VERSION[name]
    exe = path(name, beside)
    if os.sep not in exe:
        exe = shutil.which(exe)
        if exe is None:
            return ""
    try:
        out = subprocess.run(
            [exe, flag],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    found = re.search(pattern, out)
    return found.group(1) if found else ""
