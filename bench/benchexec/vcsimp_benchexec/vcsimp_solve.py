"""Tool-info base of `vcsimp solve` around one solver.

The command line of a run is

    vcsimp solve -v [--jobs CORES] OPTIONS --solver SOLVER INPUT

* `--jobs` is BenchExec's `cpuCores` limit (`rlimits.cpu_cores`), so
  that vcsimp races at most that many solvers at once; left out when the
  benchmark sets no such limit (vcsimp then counts the cores it may use,
  which BenchExec restricts to the run's own) or when OPTIONS give
  `--jobs`/`-j`.
* OPTIONS are the benchmark definition's `<option>`s, passed on as they
  are (e.g. `--time-limit 60`, `--passes …`, `--strengthen`).
* `--solver` is the solver's name (`z3`, `cvc5`), or its path when it
  sits beside `vcsimp` in the tool directory (see `solver.path`); an
  `<option name="--solver">z3 -T:60</option>` replaces it whole.
* `-v` makes vcsimp say on standard error which run won; the column
  `<column title="answer from">vcsimp solve: answer from:</column>`
  shows it (`get_value_from_output`).

Every solver that `vcsimp solve` starts is its child, in a process group of
its own but in the run's cgroup (vcsimp never daemonizes them), so
BenchExec counts their CPU time and memory with vcsimp's and kills them
with the run; vcsimp itself kills them when it gets BenchExec's SIGTERM or
when it ends.

The run's status comes from `smtlib_output.status`: `vcsimp solve`
prints the winning run's output exactly as the solver printed it.
"""

import benchexec.tools.template

from . import smtlib_output, solver


class VcsimpSolve(benchexec.tools.template.BaseTool2):
    """`vcsimp solve` around the solver SOLVER (a subclass sets it)."""

    SOLVER = None

    def executable(self, tool_locator):
        return tool_locator.find_executable("vcsimp")

    def program_files(self, executable):
        # vcsimp, and the solver when it is bundled beside it.
        return [executable] + self._program_files_from_executable(
            executable, [self.SOLVER]
        )

    def name(self):
        return f"vcsimp+{self.SOLVER}"

    def version(self, executable):
        own = self._version_from_tool(executable, line_prefix="vcsimp")
        other = solver.version(self.SOLVER, executable)
        return f"{own} ({self.SOLVER} {other or 'version unknown'})"

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "solve", "-v"]
        if rlimits.cpu_cores and not {"--jobs", "-j"} & set(options):
            cmd += ["--jobs", str(rlimits.cpu_cores)]
        cmd += options
        if "--solver" not in options:
            cmd += ["--solver", solver.path(self.SOLVER, executable)]
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        return smtlib_output.status(run.output, run.exit_code)

    def get_value_from_output(self, output, identifier):
        for line in output:
            if line.startswith(identifier):
                return line[len(identifier) :].strip()
        return None
