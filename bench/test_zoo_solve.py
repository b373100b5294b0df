"""Unit tests of zoo_solve's report (no solvers)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import zoo_solve  # noqa: E402

META = {"date": "d", "command": "c", "files": 3, "every": 4, "seconds": 5, "env": "e"}


def row(path, expected, alone, solve, ta="1.0", ts="1.5"):
    return {"path": path, "expected": expected, "solver": "z3", "alone": alone,
            "solve": solve, "alone_seconds": ta, "solve_seconds": ts}


class Report(unittest.TestCase):
    def test_counts_lost_gained_and_the_ratio_on_files_both_decide(self):
        rows = [row("a", "unsat", "unsat", "unsat", "1.0", "2.0"),
                row("b", "unsat", "timeout", "unsat"),
                row("c", "sat;unsat", "sat;unsat", "sat;timeout", "0.5", "5.0")]
        report, disagreements = zoo_solve.make_report(rows, META)
        self.assertEqual(disagreements, 0)
        # 3 check-sats decided alone, 3 through solve; c's second lost, b gained;
        # the ratio only over a (c is not decided through solve in full)
        self.assertIn("| z3 | 3 | 3 | 3 | 1 | 1 | 0 | 2.00 (2.00) |", report)
        self.assertIn("- z3 `c`: alone `sat;unsat`", report)
        self.assertNotIn("`a`", report)

    def test_a_contradiction_is_a_disagreement(self):
        rows = [row("a", "unsat", "unsat", "sat")]
        report, disagreements = zoo_solve.make_report(rows, META)
        self.assertEqual(disagreements, 1)
        self.assertIn("expected unsat, output sat", report)


if __name__ == "__main__":
    unittest.main()
