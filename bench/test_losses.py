"""Unit tests of losses.py's verdicts, rerun cells, summary and report (no solvers)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import losses  # noqa: E402


def row(file, verdict, rr="", ro="", solver="z3", s="why3-real"):
    return {"set": s, "file": file, "solver": solver, "limit": 1, "seed": 0, "raw": "unsat",
            "raw_s": 0.1, "out": "timeout", "out_s": 1.0, "verdict": verdict,
            "recheck_raw": rr, "recheck_out": ro, "load": 1.0}


class Verdict(unittest.TestCase):
    def test_lost_slow_disagree_and_none(self):
        v = losses.verdict
        self.assertEqual(v("unsat", 0.2, "timeout", 1.0, 3, 0.3), "lost")
        self.assertEqual(v("unsat", 0.2, "unknown", 0.5, 3, 0.3), "lost")
        self.assertEqual(v("unsat", 0.1, "unsat", 0.9, 3, 0.3), "slow")
        # three times slower but by less than the margin: noise, not a verdict
        self.assertEqual(v("unsat", 0.01, "unsat", 0.2, 3, 0.3), "")
        self.assertEqual(v("sat", 0.1, "unsat", 0.1, 3, 0.3), "disagree")
        self.assertEqual(v("timeout", 1.0, "timeout", 1.0, 3, 0.3), "")
        self.assertEqual(v("timeout", 1.0, "unsat", 0.1, 3, 0.3), "")
        # raw skipped because the output decided fast
        self.assertEqual(v(None, None, "unsat", 0.05, 3, 0.3), "")


class Recheck(unittest.TestCase):
    def test_format_and_parse_round_trip(self):
        runs = [{"status": "unsat", "wall": 0.3}, {"status": "timeout", "wall": 1.0},
                {"status": "unsat", "wall": 0.2}]
        cell = losses.format_recheck(runs)
        self.assertEqual(cell, "2/3 0.30")
        self.assertEqual(losses.parse_recheck(cell), (2, 0.3))

    def test_a_loss_repeats_only_when_raw_decides_more_often(self):
        self.assertTrue(losses.repeats(row("a", "lost", "3/3 0.20", "1/3 1.00")))
        self.assertFalse(losses.repeats(row("a", "lost", "3/3 0.20", "3/3 0.40")))
        self.assertTrue(losses.repeats(row("a", "lost")))  # no reruns: kept
        self.assertTrue(losses.repeats(row("a", "slow", "3/3 0.10", "3/3 0.50")))
        self.assertFalse(losses.repeats(row("a", "slow", "3/3 0.30", "3/3 0.40")))


class Summary(unittest.TestCase):
    def test_counts_files_once_per_set_and_solver(self):
        rows = [row("a", "lost", "3/3 0.2", "0/3 1.0"), row("a", "lost", "3/3 0.2", "3/3 0.3"),
                row("b", "", solver="z3"), row("b", "slow", "3/3 0.1", "3/3 0.9", solver="cvc5"),
                row("c", "disagree", s="corpus")]
        got = losses.summarize(rows)
        self.assertEqual(got[("why3-real", "z3")], {"files": 2, "lost": 1, "slow": 0, "disagree": 0,
                                                    "lost_repeats": 1, "slow_repeats": 0})
        self.assertEqual(got[("why3-real", "cvc5")]["slow_repeats"], 1)
        self.assertEqual(got[("corpus", "z3")]["disagree"], 1)

    def test_report_lists_flagged_pairs_and_splices_by_tag(self):
        meta = {"command": "python3 bench/losses.py --tag t", "vcsimp": "abc", "load_min": 1.0,
                "load_max": 3.0, "load_med": 2.0, "runs": 10, "fresh": 4}
        sec = losses.report([row("a/x.smt2", "lost", "3/3 0.20", "0/3 1.00"), row("b", "")], "t", meta)
        self.assertIn("| why3-real | z3 | 2 | 1 | 1 | 0 | 0 | 0 |", sec)
        self.assertIn("| why3-real | a/x.smt2 | z3 | 1 | 0 |", sec)
        self.assertNotIn("| b |", sec)
        doc = losses.splice("# head\n\nhand-written\n", "t", sec)
        self.assertIn("hand-written", doc)
        again = losses.splice(doc, "t", sec.replace("abc", "def"))
        self.assertEqual(again.count("losses:t:begin"), 1)
        self.assertIn("vcsimp def", again)
        self.assertIn("hand-written", again)


if __name__ == "__main__":
    unittest.main()
