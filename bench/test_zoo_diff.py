"""Tests for bench/zoo_diff.py's parsing and report logic (no solvers run)."""

import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import zoo_diff  # noqa: E402


def row(path, expected="unknown", status="ok", z3=("", ""), cvc5=("", ""), secs="0.10",
        rss="20000", note=""):
    return {"path": path, "expected": expected, "vcsimp_status": status, "vcsimp_note": note,
            "vcsimp_seconds": secs, "vcsimp_rss_kb": rss,
            "z3_in": z3[0], "z3_out": z3[1], "z3_in_seconds": "1", "z3_out_seconds": "1",
            "cvc5_in": cvc5[0], "cvc5_out": cvc5[1], "cvc5_in_seconds": "1",
            "cvc5_out_seconds": "1"}


class ParseTest(unittest.TestCase):
    def test_time_file(self):
        self.assertEqual(zoo_diff.parse_time_file("1.25 20480\n"), (1.25, 20480))
        self.assertEqual(zoo_diff.parse_time_file(
            "Command exited with non-zero status 1\n0.01 3000\n"), (0.01, 3000))
        self.assertEqual(zoo_diff.parse_time_file(""), (None, None))

    def test_answers(self):
        self.assertEqual(zoo_diff.answers("unsat\nsat\n"), ["unsat", "sat"])
        # An answer after an error is unreliable.
        self.assertEqual(zoo_diff.answers('sat\n(error "line 3: unknown constant x")\nunsat\n'),
                         ["sat", "error"])
        self.assertEqual(zoo_diff.answers("sat\ntimeout\n"), ["sat", "timeout"])
        self.assertEqual(zoo_diff.answers("unsat\n", "interrupted by timeout."),
                         ["unsat", "timeout"])
        self.assertEqual(zoo_diff.answers("", killed=True), ["timeout"])
        # get-value output and other lines are not answers.
        self.assertEqual(zoo_diff.answers("sat\n((x 1))\n"), ["sat"])

    def test_encode_round_trip(self):
        for a in ([], ["sat"], ["unknown", "unsat"]):
            self.assertEqual(zoo_diff.decode(zoo_diff.encode(a)), a)

    def test_cvc5_flags(self):
        self.assertEqual(zoo_diff.cvc5_extra_flags("--tlimit=5000 --incremental"),
                         ["--incremental"])
        self.assertEqual(zoo_diff.cvc5_extra_flags(""), [])


class CompareTest(unittest.TestCase):
    def test_kinds(self):
        c = zoo_diff.compare(["unknown"] * 4, ["sat", "unsat", "timeout", "sat"],
                             ["unsat", "timeout", "sat", "sat"])
        self.assertEqual((c["disagree"], c["regress"], c["gain"], c["both"]), (1, 1, 1, 1))

    def test_expected_status_is_checked(self):
        # Input undecided, output contradicts the expected status.
        c = zoo_diff.compare(["unsat"], ["timeout"], ["sat"])
        self.assertEqual(c["disagree"], 1)
        self.assertIn("expected unsat", c["notes"][0])

    def test_unreliable_answers_not_compared(self):
        c = zoo_diff.compare(["unknown"], ["sat"], ["error"])
        self.assertEqual((c["disagree"], c["regress"]), (0, 1))

    def test_missing_answers(self):
        c = zoo_diff.compare(["unknown", "unknown"], ["sat", "sat"], ["sat"])
        self.assertEqual((c["both"], c["regress"]), (1, 1))


class ReportTest(unittest.TestCase):
    def test_percentile(self):
        xs = list(range(1, 101))
        self.assertEqual(zoo_diff.percentile(xs, 50), 50)
        self.assertEqual(zoo_diff.percentile(xs, 100), 100)
        self.assertEqual(zoo_diff.percentile([3.0], 90), 3.0)

    def test_report(self):
        rows = [
            row("a.smt2", "unsat", z3=("unsat", "unsat"), cvc5=("unsat", "timeout")),
            row("b.smt2", z3=("timeout", "sat"), cvc5=("sat", "sat")),
            row("c.smt2", status="rejected", note="c.smt2:1:2: error: bad"),
            row("d.smt2", z3=("sat", "unsat;error"), cvc5=("sat", "sat"), secs="41.0",
                rss="2048000"),
        ]
        md, bad = zoo_diff.make_report(rows, {"total": 5})
        self.assertEqual(bad, 1)
        self.assertIn("**4 tried**", md)
        self.assertIn("rejected with an error: 1", md)
        self.assertIn("**Status disagreements: 1.**", md)
        self.assertIn("d.smt2 (z3): check-sat #1: input sat, output unsat", md)
        self.assertIn("| z3 | 1 | 1 | 0 (0 files) | 1 (1 files) | 1 |", md)
        self.assertIn("| cvc5 | 2 | 0 | 1 (1 files) | 0 (0 files) | 0 |", md)
        self.assertIn("`c.smt2`: c.smt2:1:2: error: bad", md)
        self.assertIn("- `d.smt2`: 41.0 s, 2000 MB", md)

    def test_crash_counts_as_bad(self):
        md, bad = zoo_diff.make_report([row("x.smt2", status="exit 101", note="panicked")], {})
        self.assertEqual(bad, 1)
        self.assertIn("`x.smt2`: exit 101: panicked", md)


if __name__ == "__main__":
    unittest.main()
