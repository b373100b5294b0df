"""Unit tests of zoo_verbatim's classification and report splicing (no
vcsimp, no zoo)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import zoo_verbatim as zv  # noqa: E402


class Cause(unittest.TestCase):
    def test_popped_declarations(self):
        src = "(push 1)(declare-fun x () Int)(pop 1)(assert (> x 0))"
        self.assertEqual(zv.cause("unknown constant x", src), zv.POPPED)
        self.assertEqual(zv.cause("unknown constant y", src), "undeclared constant")
        # declared, but no pop: something else is wrong
        self.assertEqual(zv.cause("unknown constant x", "(declare-const x Int)"),
                         "undeclared constant")
        fun = "(push 1)(declare-fun inv@4@00 (Int) Int)(pop 1)"
        self.assertEqual(zv.cause("operator inv@4@00", fun), zv.POPPED)

    def test_declared_by_a_kept_command(self):
        src = "(declare-fun T (Term (=> Term Bool)) Term)\n(push)\n(pop)\n(assert (T a b))\n"
        heads = zv.command_heads(src)
        self.assertEqual(zv.cause("operator T", src, heads, {1, 4}), zv.KEPT)
        self.assertEqual(zv.cause("operator T", src, heads, {4}), zv.POPPED)

    def test_operators(self):
        self.assertEqual(zv.cause("operator implies", ""), "operator `implies`")
        self.assertEqual(zv.cause("operator (_ partial-order 0)", ""),
                         "operator `(_ partial-order …)`")
        self.assertEqual(zv.cause("ill-sorted for vcsimp: x", ""),
                         "ill-sorted by SMT-LIB's rules")

    def test_is_assert(self):
        src = "(declare-const x Int)\n; (assert\n(assert\n (> |a\nb| \"(\")\n)\n(check-sat)\n"
        heads = zv.command_heads(src)
        self.assertEqual([h for _, h in heads], ["declare-const", "assert", "check-sat"])
        self.assertEqual([ln for ln, _ in heads], [1, 3, 7])
        self.assertTrue(zv.is_assert(heads, 4))
        self.assertFalse(zv.is_assert(heads, 7))


class Report(unittest.TestCase):
    def test_splice_replaces_or_appends(self):
        once = zv.splice("# Zoo\n", "table 1")
        self.assertIn(zv.BEGIN + "\ntable 1\n" + zv.END, once)
        twice = zv.splice(once + "\ntail\n", "table 2")
        self.assertNotIn("table 1", twice)
        self.assertIn("table 2", twice)
        self.assertTrue(twice.endswith("tail\n"))

    def test_marked_section_survives_a_rewrite(self):
        report = zv.splice("# old report\n", "table")
        kept = zv.marked_section(report)
        self.assertEqual(kept, "table")
        self.assertEqual(zv.marked_section(zv.splice("# new report\n", kept)), kept)
        self.assertIsNone(zv.marked_section("# no section\n"))

    def test_table_counts(self):
        after = {"a": [("x", True), ("x", True), ("y", False)], "b": []}
        before = {"a": [("x", True)], "b": [("z", True)]}
        t = zv.table(after, before)
        self.assertIn("Assertions kept verbatim: **2** in 1 files (before: 2 in 2 files)", t)
        self.assertIn("| x | 1 | 2 | 0 | 0 | 1 | 1 |", t)
        self.assertIn("| z | 1 | 0 | 0 | 0 | 1 | 0 |", t)


if __name__ == "__main__":
    unittest.main()
