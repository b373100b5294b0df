"""BenchExec tool-info module: cvc5 alone (see `solver_alone`)."""

from .solver_alone import SolverAlone


class Tool(SolverAlone):
    """cvc5 on the SMT-LIB script as it is."""

    SOLVER = "cvc5"
