"""Unit tests of bench/speed.py: families, percentiles, the report (no vcsimp runs)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed  # noqa: E402


def row(path, wall, cpu=None, stop="saturated", status="ok", size=1000, rss=4000, z3=None):
    r = {"path": path, "family": speed.family(path), "bytes": size, "status": status, "stop": stop,
         "wall": wall, "cpu": wall if cpu is None else cpu, "rss_kb": rss, "note": ""}
    if z3 is not None:
        r["z3_seconds"], r["z3_result"] = z3, "unsat"
    return r


class Families(unittest.TestCase):
    def test_paths_name_their_tool(self):
        f = speed.family
        self.assertEqual(f("viper-smt-scope/smt-problems/viper_tests/Scion/scion_DecodeAddrHdr.smt2"), "Viper")
        self.assertEqual(f("mariposa/data/samples/lib-Lang-LinearSequence.i.dfy.Impl.smt2"), "Dafny")
        self.assertEqual(f("cvc5/test/regress/cli/regress2/quantifiers/javafe.tc.FlowInsensitiveChecks.682.smt2"),
                         "ESC/Java, Spec#")
        self.assertEqual(f("smtlib-submission-2023/non-incremental/QF_UFNIA/20230314-Jaroslav-Bendik-Certora/x.smt2"),
                         "Certora")
        self.assertEqual(f("smtlib-submission-2022/non-incremental/AUFBVDTNIRA/20220214-SPARK/a.smt2"), "SPARK")
        self.assertEqual(f("z3test/regressions/fstar/queries-FStar.UInt128-10.smt2"), "F*")
        self.assertEqual(f("cvc5/test/regress/cli/regress0/arith/bug569.smt2"), "cvc5 regressions")
        self.assertEqual(f("elsewhere/a.smt2"), "other")


class Percentiles(unittest.TestCase):
    def test_nearest_rank(self):
        xs = [float(i) for i in range(1, 101)]
        self.assertEqual(speed.percentile(xs, 50), 50.0)
        self.assertEqual(speed.percentile(xs, 99), 99.0)
        self.assertEqual(speed.percentile(xs, 100), 100.0)
        self.assertEqual(speed.percentile([3.0], 99), 3.0)
        self.assertNotEqual(speed.percentile([], 50), speed.percentile([], 50))  # nan


class Report(unittest.TestCase):
    def test_report_lists_slowest_files_stop_reasons_and_crashes(self):
        rows = [row(f"cvc5/t{i}.smt2", 0.01 * i, z3=0.5) for i in range(20)]
        rows.append(row("cvc5/regress2/javafe.x.smt2", 1.3, stop="budget: guarded-eq", size=160_000, rss=20_000))
        rows.append(row("viper-smt-scope/v.smt2", 61.0, status="killed"))
        meta = {"date": "d", "command": "python3 bench/speed.py", "every": 4, "kill": 60.0, "vcsimp": "v",
                "digest": "0", "commit": "c", "jobs": 1, "load_start": 1.0, "load_end": 1.0, "z3_source": "z"}
        text = speed.report(rows, meta)
        self.assertIn("| `cvc5/regress2/javafe.x.smt2` | ESC/Java, Spec# | 160 | 1.30 |", text)
        self.assertIn("budget: guarded-eq", text)
        self.assertIn("2 file(s) over 1 s", text)
        self.assertIn("Crashes or kills: 1", text)
        self.assertIn("`viper-smt-scope/v.smt2`: killed", text)
        self.assertIn("runs the default budget cut: 1", text)


if __name__ == "__main__":
    unittest.main()
