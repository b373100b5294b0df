"""Unit tests of the corpus generator (stdlib unittest, no solver needed).

    python3 -m unittest discover -s corpus/gen -p 'test_*.py'      # from the repo root
    python3 corpus/gen/test_gen.py

* symbolic execution of ArrayCopy yields exactly the tasks T1..T5 of
  Sec. 3.3 of the paper (hypotheses and goals, formula (1) included);
* the number of tasks per benchmark kernel equals the paper's Table 1;
* generation is deterministic (independent of hash seeds) and the files on
  disk are up to date;
* every file has a header and a status; the corpus size/sat requirements hold;
* the annotations of the lockstep kernels hold on concrete executions
  (interp.py) -- an independent check that no invariant/postcondition is
  simply wrong;
* the expression parser round-trips.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import expr  # noqa: E402
import generate  # noqa: E402
import interp  # noqa: E402
import kernels_divergence as kd  # noqa: E402
import kernels_vericuda as kv  # noqa: E402
import simt  # noqa: E402
from smt import flat  # noqa: E402

_FILES = None


def files():
    global _FILES
    if _FILES is None:
        _FILES = generate.all_files()
    return _FILES


RANGE = "(and (<= 0 t) (< t N))"
G_ENTRY = ["(= len_0 (* m N))",
           f"(forall ((t Int)) (=> {RANGE} (= (i_1 t) t)))"]
G_LOOP = G_ENTRY + [
    "(<= 0 l)",
    f"(forall ((t Int)) (=> {RANGE} (= (i_2 t) (+ (* N l) t))))",
    "(forall ((j Int)) (=> (and (<= 0 j) (< j (* N l))) (= (b_1 j) (a_0 j))))",
]
# formula (1): assign(b_2, i_2 < len_0, b_1, i_2, a_0(i_2))
FORMULA_1 = ("(forall ((n Int)) (or "
             "(exists ((t Int)) (and (<= 0 t) (< t N) (< (i_2 t) len_0) (= (i_2 t) n) (= (b_2 n) (a_0 (i_2 t))))) "
             "(and (forall ((t Int)) (not (and (<= 0 t) (< t N) (< (i_2 t) len_0) (= (i_2 t) n)))) "
             "(= (b_2 n) (b_1 n)))))")
# assign(i_3, i_2 < len_0, i_2, ., i_2 + N) in its per-thread form
ASSIGN_I3 = (f"(forall ((t Int)) (=> {RANGE} (or (and (< (i_2 t) len_0) (= (i_3 t) (+ (i_2 t) N))) "
             "(and (not (< (i_2 t) len_0)) (= (i_3 t) (i_2 t))))))")
G_ITER = G_LOOP + [f"(exists ((t Int)) (and (<= 0 t) (< t N) (< (i_2 t) len_0)))", FORMULA_1, ASSIGN_I3]
G_EXIT = G_LOOP + [f"(forall ((t Int)) (=> {RANGE} (not (< (i_2 t) len_0))))"]
PAPER_TASKS = {
    "t1_entry_inv1": (G_ENTRY, f"(forall ((t Int)) (=> {RANGE} (= (i_1 t) (+ (* N 0) t))))"),
    "t2_entry_inv2": (G_ENTRY, "(forall ((j Int)) (=> (and (<= 0 j) (< j (* N 0))) (= (b_0 j) (a_0 j))))"),
    "t3_preserve_inv1": (G_ITER, f"(forall ((t Int)) (=> {RANGE} (= (i_3 t) (+ (* N (+ l 1)) t))))"),
    "t4_preserve_inv2": (G_ITER, "(forall ((j Int)) (=> (and (<= 0 j) (< j (* N (+ l 1)))) (= (b_2 j) (a_0 j))))"),
    "t5_postcondition": (G_EXIT, "(forall ((j Int)) (=> (and (<= 0 j) (< j len_0)) (= (b_1 j) (a_0 j))))"),
}
LAUNCH = ["(< 0 N)"]  # the launch configuration axiom (N > 0) precedes Gamma in every file


class ArrayCopyT1toT5(unittest.TestCase):
    def setUp(self):
        self.tasks = {t.name: t for t in simt.generate(kv.arraycopy())}

    def test_task_names(self):
        self.assertEqual(list(self.tasks), list(PAPER_TASKS))

    def test_hypotheses_and_goals(self):
        for name, (gamma, goal) in PAPER_TASKS.items():
            t = self.tasks[name]
            with self.subTest(task=name):
                self.assertEqual([flat(h.term) for h in t.hyps], LAUNCH + gamma)
                self.assertEqual(flat(t.goal), goal)
                self.assertEqual(t.status, "unsat")

    def test_declarations(self):
        t5 = self.tasks["t5_postcondition"]
        self.assertEqual(t5.decls["i_2"], (("Int",), "Int"))
        self.assertEqual(t5.decls["b_1"], (("Int",), "Int"))
        self.assertEqual(t5.decls["len_0"], ((), "Int"))
        self.assertNotIn("i_3", t5.decls)

    def test_file_shape(self):
        text = files()["vericuda/arraycopy/t5_postcondition.smt2"]
        self.assertTrue(text.startswith("; vcsimp VC corpus"))
        self.assertIn("(set-logic UFNIA)", text)
        self.assertIn("(set-info :status unsat)", text)
        self.assertIn("(declare-fun i_2 (Int) Int)", text)
        cmds = [ln for ln in text.splitlines() if ln.startswith("(")]
        self.assertEqual(cmds[-1], "(check-sat)")
        self.assertTrue(cmds[-2].startswith("(assert (not "))

    def test_example_is_t5(self):
        fs = files()
        self.assertEqual(fs["examples/arraycopy_t5.smt2"], fs["vericuda/arraycopy/t5_postcondition.smt2"])


class Table1(unittest.TestCase):
    """Without simplification the paper reports these task counts (Table 1, 'N')."""

    def test_counts(self):
        expected = {"scp": 2, "rotate": 3, "vectoradd": 7, "matrixmul": 17, "matrixmul2": 21,
                    "matrixmul4": 29, "diffusion1d": 4, "arraycopy": 5, "arraycopy_multblocks": 5}
        for fn in kv.KERNELS:
            k = fn()
            if k.name in expected:
                with self.subTest(kernel=k.name):
                    self.assertEqual(len(simt.generate(k)), expected[k.name])


class Determinism(unittest.TestCase):
    def test_same_bytes_twice(self):
        self.assertEqual(generate.all_files(), files())

    def test_hash_seed_independent_and_up_to_date(self):
        for seed in ("0", "12345"):
            env = dict(os.environ, PYTHONHASHSEED=seed)
            r = subprocess.run([sys.executable, str(HERE / "generate.py"), "--check"],
                               capture_output=True, text=True, env=env)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


class CorpusShape(unittest.TestCase):
    def test_requirements(self):
        fs = files()
        self.assertGreaterEqual(len(fs), 150)
        nsat = 0
        for rel, text in fs.items():
            with self.subTest(file=rel):
                parts = rel.split("/")
                self.assertTrue(len(parts) == 3 or rel.startswith("examples/"))
                m = re.findall(r"\(set-info :status (sat|unsat)\)", text)
                self.assertEqual(len(m), 1)
                nsat += m[0] == "sat"
                self.assertIn("; generator: python3 corpus/gen/generate.py", text.split("(set-logic")[0])
                self.assertIn("; task:", text.split("(set-logic")[0])
                self.assertEqual(text.count("(check-sat)"), 1)
                code = "\n".join(ln for ln in text.splitlines() if not ln.startswith(";"))
                self.assertIsNone(re.search(r"%\d", code))  # no unresolved thread placeholder
        self.assertGreaterEqual(nsat, 10)

    def test_sat_files_are_quantifier_free(self):
        # cvc5 cannot decide quantified satisfiable problems; sat VCs are QF by design,
        # except in the why3-style/boogie-style encodings, whose preludes are quantified axioms
        for rel, text in files().items():
            if rel.startswith(("why3-style/", "boogie-style/")):
                continue
            if "(set-info :status sat)" in text:
                body = "\n".join(ln for ln in text.splitlines() if not ln.startswith(";"))
                with self.subTest(file=rel):
                    self.assertNotIn("(forall", body)
                    self.assertNotIn("(exists", body)


# concrete instances (launch dimensions, parameter and ghost values) per kernel
INSTANCES = {
    "arraycopy": [({"N": n}, {"m": m, "len": m * n}) for n in (1, 2, 3) for m in (0, 1, 2)],
    "arraycopy_multblocks": [({"bsize": b, "gsize": g}, {"m": m, "len": m * b * g})
                             for b in (1, 2) for g in (1, 3) for m in (0, 2)],
    "vectoradd": [({"bsize": b, "gsize": g}, {"m": m, "numElements": m * b * g})
                  for b in (1, 2) for g in (1, 3) for m in (0, 2)],
    "vectoradd1": [({"bsize": b, "gsize": g}, {"numElements": n})
                   for b in (1, 2) for g in (1, 3) for n in range(0, b * g)],
    "vectoradd_nonunif": [({"bsize": b, "gsize": g}, {"numElements": n})
                          for b in (1, 2) for g in (1, 3) for n in (1, 2, 5, 7)],
    "vectoradd_downward": [({"bsize": b, "gsize": g}, {"m": m, "numElements": m * b * g})
                           for b in (1, 2) for g in (1, 3) for m in (0, 2)],
    "scp": [({"N": n}, {"gsize": n}) for n in (1, 2, 5)],
    "rotate": [({"N": n}, {"size": n, "__ghost_arrays__": {"a0": "a"}}) for n in (1, 2, 5)],
    "diffusion1d": [({"bsize": b, "gsize": g}, {"n": b * g, "c0": 3, "c1": 5})
                    for b in (1, 2, 3) for g in (1, 2, 3) if b * g > 1],
    "diffusion1d_naive": [({"bsize": b, "gsize": g}, {"n": b * g, "c0": 3, "c1": 5})
                          for b in (1, 2, 3) for g in (1, 2, 3) if b * g > 1],
    "matrixmul": [({"bsize_x": b, "bsize_y": b, "gsize_x": gx, "gsize_y": gy},
                   {"bsize": b, "m": m, "wA": b * m, "wB": gx * b, "hA": gy * b})
                  for b in (1, 2) for gx in (1, 2) for gy in (1, 2) for m in (0, 2)],
    "matrixmul2": [({"bsize_x": 2 * by, "bsize_y": by, "gsize_x": gx, "gsize_y": gy},
                    {"m": m, "wA": 2 * by * m, "wB": gx * 2 * by, "hA": gy * 2 * by})
                   for by, gx, gy, m in ((1, 1, 2, 2), (1, 2, 1, 1), (2, 1, 1, 1))],
    "matrixmul4": [({"bsize_x": 4, "bsize_y": 1, "gsize_x": 1, "gsize_y": 1},
                    {"m": 1, "wA": 4, "wB": 4, "hA": 4})],
    "arraycopy_barrier": [({"N": n}, {"m": m, "len": m * n}) for n in (1, 2, 3) for m in (0, 1, 2)],
    "staged_copy": [({"N": n}, {"m": m, "len": m * n}) for n in (1, 2, 3) for m in (0, 1, 2)],
    "vectoradd_barrier": [({"bsize": b, "gsize": g}, {"m": m, "numElements": m * b * g})
                          for b in (1, 2) for g in (1, 3) for m in (0, 2)],
}
WINDOW = {"matrixmul": 10, "matrixmul2": 5, "matrixmul4": 5}


class ConcreteAnnotations(unittest.TestCase):
    def test_all_lockstep_kernels(self):
        for fn in kv.KERNELS + kd.SIMT_KERNELS:
            k = fn()
            with self.subTest(kernel=k.name):
                self.assertIn(k.name, INSTANCES)
                for dims, values in INSTANCES[k.name]:
                    interp.Run(k, dims, values, seed=7, window=WINDOW.get(k.name, 24)).run()

    def test_interpreter_catches_wrong_invariant(self):
        k = kv.arraycopy()
        k.body[1].invariants[0] = "i == N * loop_count + tid + 1"
        with self.assertRaises(interp.AnnotationFailure):
            interp.Run(k, {"N": 2}, {"m": 1, "len": 2}).run()

    def test_interpreter_catches_off_by_one_postcondition(self):
        k = kv.arraycopy()
        k.ensures = ["\\forall int j; 0 <= j <= len ==> b[j] == a[j]"]
        with self.assertRaises(interp.AnnotationFailure):
            interp.Run(k, {"N": 2}, {"m": 1, "len": 2}).run()


class Parser(unittest.TestCase):
    def test_roundtrip(self):
        for s in ["\\forall int j; 0 <= j < N * loop_count ==> b[j] == a[j]",
                  "(a + b) * c - (d - e)", "x ? y : z", "a ==> b ==> c", "-x + !(a && b)",
                  "(\\exists_thread; active) ==> (\\forall_thread; active)", "sumAB(i, j, 0, wA)",
                  "As[ty + 2 * bsize_y][k] * Bs[k][tx]"]:
            a = expr.parse(s)
            self.assertEqual(expr.parse(expr.unparse(a)), a, s)

    def test_chain(self):
        tr = _ConstTr()
        self.assertEqual(flat(tr.tr("0 <= j < n")), "(and (<= 0 j) (< j n))")
        self.assertEqual(flat(tr.tr("a + b + c")), "(+ a b c)")
        self.assertEqual(flat(tr.tr("a / b % c")), "(mod (div a b) c)")


class _ConstTr(expr.Translator):
    def ident(self, name):
        return name


if __name__ == "__main__":
    unittest.main()
