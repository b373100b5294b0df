"""BenchExec tool-info modules for vcsimp.

Put `bench/benchexec` on PYTHONPATH and name a module in a benchmark
definition's `tool` attribute:

* `vcsimp_benchexec.vcsimp_z3`: `vcsimp solve` around z3;
* `vcsimp_benchexec.vcsimp_cvc5`: `vcsimp solve` around cvc5;
* `vcsimp_benchexec.z3_alone`, `vcsimp_benchexec.cvc5_alone`: the solver
  alone, read the same way, for the comparison.

Every module reads the run's SMT-LIB answer with
`smtlib_output.status` (`sat` is BenchExec's `true`, `unsat` its `false`,
for the property `sat.prp` beside this package).
"""
