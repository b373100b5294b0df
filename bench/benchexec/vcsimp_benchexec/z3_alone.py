"""BenchExec tool-info module: z3 alone (see `solver_alone`)."""

from .solver_alone import SolverAlone


class Tool(SolverAlone):
    """z3 on the SMT-LIB script as it is."""

    SOLVER = "z3"
