"""Unit tests of gpuverify_cpu.py's repetition and summary (no solvers)."""

import io
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gpuverify_cpu as g  # noqa: E402


def row(file, vcsimp_s, z3=("unsat", 0.05, "unsat", 0.05), cvc5=("sat", 0.3, "sat", 0.2)):
    r = {"file": file, "vcsimp_s": vcsimp_s}
    for s, (x, t, y, u) in (("z3", z3), ("cvc5", cvc5)):
        r.update({f"{s}_raw": x, f"{s}_raw_s": t, f"{s}_vcsimp": y, f"{s}_vcsimp_s": u})
    return r


class BestOf(unittest.TestCase):
    def runs(self, results):
        calls = iter(results)
        n = [0]

        def once():
            n[0] += 1
            return next(calls)
        return once, n

    def test_a_short_decided_run_is_repeated_and_the_least_time_kept(self):
        once, n = self.runs([("unsat", 0.06), ("unsat", 0.04), ("unsat", 0.05)])
        self.assertEqual(g.best_of(once, 3, 0.2), ("unsat", 0.04))
        self.assertEqual(n[0], 3)

    def test_a_long_or_undecided_run_is_not_repeated(self):
        once, n = self.runs([("unsat", 0.5), ("unsat", 0.1)])
        self.assertEqual(g.best_of(once, 3, 0.2), ("unsat", 0.5))
        self.assertEqual(n[0], 1)
        once, n = self.runs([("timeout", 0.01), ("unsat", 0.01)])
        self.assertEqual(g.best_of(once, 3, 0.2), ("timeout", 0.01))
        self.assertEqual(n[0], 1)

    def test_the_least_time_so_far_decides_whether_to_repeat(self):
        # a slow second run (load) does not end the repetition
        once, n = self.runs([("sat", 0.1), ("sat", 0.3), ("sat", 0.05)])
        self.assertEqual(g.best_of(once, 3, 0.2), ("sat", 0.05))
        self.assertEqual(n[0], 3)


class Summary(unittest.TestCase):
    def test_slower_counts_queries_decided_both_ways_over_ten_percent(self):
        rows = [
            row("same", 0.01, z3=("unsat", 0.10, "unsat", 0.11)),
            row("slower", 0.03, z3=("unsat", 0.05, "unsat", 0.08)),
            row("faster", 0.03, z3=("sat", 0.50, "sat", 0.20)),
            row("lost", 0.03, z3=("sat", 0.50, "timeout", 1.03)),
            row("gained", 0.03, z3=("timeout", 1.0, "unsat", 0.4)),
        ]
        m = g.summarise(rows, "z3")
        self.assertEqual([r["file"] for r in m["slower"]], ["slower"])
        self.assertEqual((m["raw"], m["vcsimp"]), (4, 4))
        self.assertEqual((m["lost"], m["gained"], m["wrong"]), (["lost"], ["gained"], []))
        self.assertAlmostEqual(m["raw_s"], 0.65)
        self.assertAlmostEqual(m["vcsimp_s"], 0.39)
        self.assertEqual(g.summarise(rows, "cvc5")["slower"], [])

    def test_a_different_answer_is_wrong(self):
        m = g.summarise([row("w", 0.01, z3=("sat", 0.1, "unsat", 0.1))], "z3")
        self.assertEqual(m["wrong"], ["w"])

    def test_report_names_the_slower_queries_and_vcsimp_time(self):
        out = io.StringIO()
        g.report([row("a", 0.02), row("b", 0.04, z3=("unsat", 0.05, "unsat", 0.09))], out)
        text = out.getvalue()
        self.assertIn("vcsimp CPU s: median 0.030, max 0.040, sum 0.06", text)
        self.assertIn("more than 10 % slower after vcsimp: 1 of 2", text)
        self.assertIn("b: 0.050 -> 0.090 (vcsimp 0.040)", text)


if __name__ == "__main__":
    unittest.main()
