"""Tool-info base of a solver alone, for comparison with `vcsimp solve`.

The command line of a run is `SOLVER OPTIONS INPUT`; the status is read as
for vcsimp (`smtlib_output.status`), so that a table compares like with
like.
"""

import benchexec.tools.template

from . import smtlib_output, solver


class SolverAlone(benchexec.tools.template.BaseTool2):
    """The solver SOLVER alone (a subclass sets it)."""

    SOLVER = None

    def executable(self, tool_locator):
        return tool_locator.find_executable(self.SOLVER)

    def name(self):
        return self.SOLVER

    def version(self, executable):
        return solver.version(self.SOLVER, executable)

    def cmdline(self, executable, options, task, rlimits):
        return [executable, *options, task.single_input_file]

    def determine_result(self, run):
        return smtlib_output.status(run.output, run.exit_code)
