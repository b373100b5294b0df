"""The BenchExec status of a run from what an SMT-LIB solver printed.

Contract: `status(lines, exit_code)` reads the answers to `(check-sat)`,
lines that are exactly `sat`, `unsat`, `unknown` or `timeout` once
stripped (BenchExec's log holds standard output and error together; other
lines, such as a model or `vcsimp solve -v`'s notes, never are), and
returns

* the last answer: `sat` is `result.RESULT_TRUE_PROP` (the property
  "the script is satisfiable" holds), `unsat` is `result.RESULT_FALSE_PROP`,
  `unknown` is `result.RESULT_UNKNOWN`, `timeout` (z3 `-T:N`, and
  `vcsimp solve` when its own budget ends) is `result.RESULT_TIMEOUT`;
* with no answer, `result.RESULT_ERROR` when a line starts with `(error`
  or the exit code is not 0 (BenchExec then adds the exit code or signal),
  `"ERROR (solver not started)"` for exit code 127 (the shell's and
  `vcsimp solve`'s code for a command that cannot be run), and
  `result.RESULT_UNKNOWN` otherwise.

A script with several `(check-sat)` is judged by its last answer.
"""

import benchexec.result as result

_ANSWERS = {
    "sat": result.RESULT_TRUE_PROP,
    "unsat": result.RESULT_FALSE_PROP,
    "unknown": result.RESULT_UNKNOWN,
    "timeout": result.RESULT_TIMEOUT,
}

NOT_STARTED = "ERROR (solver not started)"


def status(lines, exit_code):
    """The BenchExec status of output `lines` (strings) and `exit_code`
    (`benchexec.util.ProcessExitCode`)."""
    answer = None
    error = False
    for line in lines:
        line = line.strip()
        if line in _ANSWERS:
            answer = _ANSWERS[line]
        elif line.startswith("(error"):
            error = True
    if answer is not None:
        return answer
    if exit_code.value == 127:
        return NOT_STARTED
    if error or exit_code.value or exit_code.signal:
        return result.RESULT_ERROR
    return result.RESULT_UNKNOWN
