"""Tests of validate_sweep.py: the reasons and the report (no solver), and a
run on two corpus files (needs target/release/vcsimp and z3; skipped
otherwise)."""

import os
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import validate_sweep  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VCSIMP = ROOT / "target" / "release" / "vcsimp"


class Reasons(unittest.TestCase):
    def test_reasons(self):
        self.assertEqual(validate_sweep.reason("agree", "1 of 1"), "")
        self.assertEqual(validate_sweep.reason("unknown", 'solver said: (error "line 3: unknown constant x")'),
                         "error in the validation query")
        self.assertIn("obligations", validate_sweep.reason(
            "partial", "solver timeout on the whole; 3 of 4 obligations proved one by one, undecided: x (solver timeout)"))

    def test_report_counts_per_family(self):
        rows = [("a", "f1", "agree", ""), ("a", "f2", "partial", "2 of 3 obligations proved one by one"),
                ("b", "f3", "disagree", "found an interpretation")]
        meta = {k: "x" for k in ("commit", "command", "vt", "file_timeout", "load_before", "load_after", "wall")}
        md = validate_sweep.report(rows, meta)
        self.assertIn("| a | 2 | 1 | 1 | 0 | 0 | 0 | 50.0 |", md)
        self.assertIn("| b | 1 | 0 | 0 | 0 | 1 | 0 | 0.0 |", md)
        self.assertIn("b: disagree, counter-model: 1", md)


@unittest.skipUnless(VCSIMP.exists() and shutil.which("z3"), "needs target/release/vcsimp and z3")
class Run(unittest.TestCase):
    def test_two_files(self):
        files = [ROOT / "corpus/examples/arraycopy_t5.smt2",
                 ROOT / "corpus/why3-real/arraycopy/arraycopy-T1_entry_inv1-t1_entry_inv1.smt2"]
        with tempfile.TemporaryDirectory() as out:
            cwd = os.getcwd()
            os.chdir(ROOT)
            try:
                validate_sweep.main(["--vcsimp", str(VCSIMP), "--files", *map(str, files), "--out", out,
                                     "--validate-timeout", "5"])
            finally:
                os.chdir(cwd)
            md = (Path(out) / "validate.md").read_text()
            tsv = (Path(out) / "validate.tsv").read_text().splitlines()
        self.assertEqual(len(tsv), 3, tsv)
        self.assertIn("| files | 2 |", md)
        for row in tsv[1:]:
            self.assertIn(row.split("\t")[2], ("agree", "partial"), row)
        self.assertNotIn("error in the validation query", md)


if __name__ == "__main__":
    unittest.main()
