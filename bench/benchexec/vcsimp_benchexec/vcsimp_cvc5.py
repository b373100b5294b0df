"""BenchExec tool-info module: `vcsimp solve` around cvc5 (see
`vcsimp_solve`)."""

from .vcsimp_solve import VcsimpSolve


class Tool(VcsimpSolve):
    """vcsimp simplifies the SMT-LIB script and races cvc5 on the input and
    on its simplifications; the first definitive answer wins."""

    SOLVER = "cvc5"
