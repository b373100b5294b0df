"""pySMT drives vcsimp as its solver: `vcsimp solve --interactive --solver
"z3 -in"` registered with pySMT's `add_generic_solver`, which speaks
SMT-LIB to it over a pipe one command at a time and reads each answer
before it sends the next: `(set-option :print-success true)`, the
options and `(set-logic …)`, a `declare-fun`/`declare-sort` per symbol,
`assert`, `push`/`pop`, `check-sat`, `get-value`, `reset-assertions` and
`exit`, in pySMT's own printing (`let`-daggified terms).

The same tests run with `z3 -in` registered the same way: the control that
shows what the solver alone answers over this pipe.

* Corpus VCs: of every 10th corpus file (in name order), those that
  pySMT's parser reads (it knows no `div`/`mod` and no datatypes), solved through pySMT's
  API with a 2 s `:timeout` per check-sat. An answer must be the file's
  `(set-info :status …)` or `unknown`; pySMT must see no protocol error.
* A session on one satisfiable VC: `reset-assertions`, `push`/`pop`
  around the VC and around a contradiction with the answers each frame
  must get, and last `get-value` of every free symbol after a `sat` (the
  values must satisfy the VC).

A hang fails the test after a fixed time instead of blocking the suite.
Needs pySMT (scripts/install-solvers.sh), z3 and target/release/vcsimp:
without them the tests fail under CI=true and are skipped elsewhere.
"""

import functools
import shutil
import signal
import subprocess
import sys
import unittest
import warnings
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
VCSIMP = REPO / "target/release/vcsimp"
sys.path.insert(0, str(HERE))

from needs import require  # noqa: E402

EVERY = 10
TIMEOUT_MS = 2000
# A whole test's limit: far above what its check-sats may take.
WATCHDOG_S = 600
# How long a solver may take to end after pySMT's (exit).
EXIT_S = 30

try:
    import pysmt  # noqa: F401

    HAVE_PYSMT = True
except ImportError:
    HAVE_PYSMT = False


@contextmanager
def watchdog(seconds):
    """Raise TimeoutError in the main thread after `seconds` (a blocked read
    of the solver's answer included)."""

    def expire(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s: the session hangs")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def read(path):
    """(pySMT environment, script) of an SMT-LIB file, each file in a fresh
    environment (pySMT's symbols are global to one); None when pySMT's
    parser cannot read it."""
    from pysmt.environment import reset_env
    from pysmt.smtlib.parser import SmtLibParser

    env = reset_env()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # set-logic of a logic pySMT does not name
        try:
            with open(path) as f:
                return env, SmtLibParser(env).get_script(f)
        except Exception:  # noqa: BLE001 - pySMT's parser raises many kinds
            return None


def status(script):
    return next(
        (c.args[1] for c in script.filter_by_command_name("set-info") if c.args[0] == ":status"),
        None,
    )


@functools.lru_cache(maxsize=None)
def corpus_sample():
    """Of every EVERY-th corpus file (in name order), those that pySMT
    reads, as (path, env, script)."""
    sample = []
    for path in sorted(REPO.glob("corpus/*/*/*.smt2"))[::EVERY]:
        got = read(path)
        if got is not None:
            sample.append((path, *got))
    return sample


@contextmanager
def open_solver(env, name, command):
    """A pySMT solver of `env` that runs `command`, registered under `name`
    as a generic SMT-LIB solver (once per environment). On leaving, pySMT
    sends `(exit)`; the process must then end by itself."""
    from pysmt.logics import AUFNIRA

    if name not in env.factory.all_solvers():
        env.factory.add_generic_solver(name, command, [AUFNIRA])
    solver = env.factory.Solver(name=name, logic=AUFNIRA, solver_options={":timeout": TIMEOUT_MS})
    try:
        with solver:
            yield solver
    finally:
        process = solver.solver
        try:
            process.wait(timeout=EXIT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise AssertionError(f"{command} did not end within {EXIT_S} s of (exit)")


def answer(solver):
    from pysmt.exceptions import SolverReturnedUnknownResultError

    try:
        return "sat" if solver.solve() else "unsat"
    except SolverReturnedUnknownResultError:
        return "unknown"


class PysmtClient:
    """The tests, for the command line COMMAND (a subclass sets it)."""

    COMMAND = None

    def setUp(self):
        require(self, HAVE_PYSMT, "pySMT (python3 -m pip install pysmt)")
        require(self, shutil.which("z3") is not None, "z3")
        require(self, VCSIMP.is_file(), f"{VCSIMP} (cargo build --release)")

    def test_corpus_vcs(self):
        sample = corpus_sample()
        self.assertGreater(len(sample), 10)
        answers = {}
        with watchdog(WATCHDOG_S):
            for path, env, script in sample:
                with open_solver(env, type(self).__name__, self.COMMAND) as solver:
                    solver.add_assertion(script.get_last_formula())
                    got = answer(solver)
                rel = path.relative_to(REPO)
                self.assertIn(got, [status(script), "unknown"], rel)
                answers[rel] = got
        # The sample has easy VCs of both answers: a pipe that answers
        # nothing but unknown is broken.
        self.assertIn("sat", answers.values(), answers)
        self.assertIn("unsat", answers.values(), answers)

    def test_a_session_with_push_pop_reset_and_values(self):
        from pysmt.shortcuts import Not

        env, script = self.satisfiable_vc()
        formula = script.get_last_formula()
        symbols = sorted(formula.get_free_variables(), key=str)
        with watchdog(WATCHDOG_S), open_solver(env, type(self).__name__, self.COMMAND) as solver:
            self.assertEqual(answer(solver), "sat")
            solver.reset_assertions()
            solver.push()
            solver.add_assertion(formula)
            self.assertEqual(answer(solver), "sat")
            solver.push()
            solver.add_assertion(Not(formula))
            self.assertEqual(answer(solver), "unsat")
            solver.pop()
            self.assertEqual(answer(solver), "sat")
            solver.pop()
            solver.push()
            solver.add_assertion(Not(formula))
            solver.add_assertion(formula)
            self.assertEqual(answer(solver), "unsat")
            solver.pop()
            solver.push()
            solver.add_assertion(formula)
            self.assertEqual(answer(solver), "sat")
            # get-value last: pySMT reads a value as an s-expression and
            # leaves its line's end, which the next line-read answer (the
            # `success` of a push, say) would take for the answer.
            values = {s: solver.get_value(s) for s in symbols}
            self.assertTrue(formula.substitute(values).simplify().is_true(), values)

    def satisfiable_vc(self):
        """The first corpus file (in name order) that pySMT reads, whose
        status is sat and whose free symbols are all constants (so that
        their values decide the formula)."""
        for path in sorted(REPO.glob("corpus/*/*/*.smt2")):
            got = read(path)
            if got is None or status(got[1]) != "sat":
                continue
            symbols = got[1].get_last_formula().get_free_variables()
            if all(not s.symbol_type().is_function_type() for s in symbols):
                return got
        self.fail("no satisfiable corpus VC over constants that pySMT reads")


class Z3AloneTest(PysmtClient, unittest.TestCase):
    """The control: z3 itself over pySMT's pipe."""

    COMMAND = ["z3", "-in"]


class VcsimpInteractiveTest(PysmtClient, unittest.TestCase):
    """vcsimp in z3's place over the same pipe."""

    COMMAND = [str(VCSIMP), "solve", "--interactive", "--solver", "z3 -in"]

    def setUp(self):
        super().setUp()
        # A vcsimp without the pipe mode fails here with its own words
        # rather than with a broken pipe in pySMT.
        r = subprocess.run(
            self.COMMAND, input="(exit)\n", capture_output=True, text=True, timeout=EXIT_S
        )
        if r.returncode == 2 and "--interactive" in r.stderr:
            self.fail(f"vcsimp solve has no --interactive mode: {r.stderr.strip()}")


if __name__ == "__main__":
    unittest.main()
