"""Tests for the bench scripts: python3 -m unittest discover -s bench -p 'test_*.py'

The peer-conversion and end-to-end tests run the real z3 and cvc5 (skipped
when they are not on PATH). Everything runs in a few seconds."""

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import unittest.mock
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import peers  # noqa: E402
import smt  # noqa: E402

HAVE_SOLVERS = bool(shutil.which("z3") and shutil.which("cvc5"))
Z3 = harness.resolve_exe("z3") if HAVE_SOLVERS else "z3"


def solve(solver: str, text: str, t: float = 5) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write(text)
    try:
        exe = Z3 if solver == "z3" else "cvc5"
        r = harness.run_cmd(harness.solver_cmd(solver, exe, f.name, t), t + 5)
        return harness.parse_answer(r.stdout, r.stderr, r.killed)[0]
    finally:
        Path(f.name).unlink()


def z3_peer(src: str, tactic: str) -> str:
    r = subprocess.run([Z3, "-in", "-T:10"], input=peers.z3_input(src, tactic),
                       capture_output=True, text=True, timeout=20)
    return peers.z3_output_to_smt2(r.stdout, src)


def cvc5_peer(src: str) -> str:
    r = subprocess.run(["cvc5", "--preprocess-only", "-o", "post-asserts", "--lang", "smt2"],
                       input=peers.cvc5_input(src), capture_output=True, text=True, timeout=20)
    return peers.cvc5_output_to_smt2(r.stdout, src)


SAT = """(set-logic QF_LIA)
(set-info :status sat)
(declare-fun x () Int)
(declare-fun y () Int)
(assert (= x (+ y 1)))
(assert (> y 5))
(check-sat)
(get-model)
(exit)
"""

UNSAT_Q = """(set-logic ALL)
(set-info :status unsat)
(declare-fun N () Int)
(declare-fun l () Int)
(declare-fun len () Int)
(assert (> N 0))
(assert (forall ((t Int)) (=> (and (<= 0 t) (< t N)) (not (< (+ (* N l) t) len)))))
(assert (let ((x (+ l 1))) (and (= x 3) (< (* N l) len))))
(check-sat)
"""

SORTS = """(set-logic ALL)
(set-info :status sat)
(declare-sort U 0)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun f (U) Int)
(declare-fun u () U)
(declare-fun l () Lst)
(declare-fun a () Bool)
(declare-fun b () Bool)
(define-fun g ((x Int)) Int (+ x 1))
(assert (or a (> (f u) 3)))
(assert (or b (< (g (f u)) (hd l))))
(assert (|weird sym| 3))
(check-sat)
""".replace("(assert (|weird sym| 3))",
            "(declare-fun |weird sym| (Int) Bool)\n(assert (|weird sym| 3))")


class AnswerParsing(unittest.TestCase):
    def test_plain_answers(self):
        for a in ("sat", "unsat", "unknown"):
            self.assertEqual(harness.parse_answer(f"{a}\n"), (a, ""))

    def test_error_after_answer_is_ignored(self):
        out = 'unsat\n(error "line 11 column 10: model is not available")\n'
        self.assertEqual(harness.parse_answer(out)[0], "unsat")

    def test_error_before_answer_makes_it_unreliable(self):
        st, note = harness.parse_answer('(error "line 3: unknown constant z")\nsat\n')
        self.assertEqual(st, "error")
        self.assertIn("after error", note)

    def test_timeouts(self):
        self.assertEqual(harness.parse_answer("timeout\n")[0], "timeout")  # z3 -T
        self.assertEqual(harness.parse_answer("", "cvc5 interrupted by timeout.\n")[0], "timeout")
        self.assertEqual(harness.parse_answer("", "", killed=True)[0], "timeout")
        self.assertEqual(harness.parse_answer("sat\n", "", killed=True)[0], "timeout")

    def test_errors(self):
        self.assertEqual(harness.parse_answer('(error "Parse Error: x")\n')[0], "error")
        self.assertEqual(harness.parse_answer("", "Segmentation fault\n"),
                         ("error", "Segmentation fault"))
        self.assertEqual(harness.parse_answer(""), ("error", "no answer"))

    def test_noise_lines_skipped(self):
        self.assertEqual(harness.parse_answer("success\nsuccess\nunsat\n")[0], "unsat")

    def test_solved_and_alarm(self):
        self.assertTrue(harness.is_solved("unsat", "unsat"))
        self.assertFalse(harness.is_solved("unsat", "sat"))
        self.assertFalse(harness.is_solved("sat", "timeout"))
        self.assertTrue(harness.is_solved("unknown", "sat"))
        self.assertTrue(harness.is_alarm("unsat", "sat"))
        self.assertTrue(harness.is_alarm("sat", "unsat"))
        for exp, st in (("unsat", "unsat"), ("unsat", "unknown"), ("unknown", "sat"),
                        ("sat", "timeout"), ("unsat", "error")):
            self.assertFalse(harness.is_alarm(exp, st), (exp, st))

    def test_solver_cmds(self):
        self.assertEqual(harness.solver_cmd("z3", "z3", "f", 1.0), ["z3", "-T:1", "f"])
        self.assertEqual(harness.solver_cmd("z3", "z3", "f", 0.5), ["z3", "-t:500", "-T:2", "f"])
        self.assertEqual(harness.solver_cmd("cvc5", "cvc5", "f", 10), ["cvc5", "--tlimit=10000", "f"])


class SmtHelpers(unittest.TestCase):
    def test_count_nodes(self):
        t = smt.parse("(+ x 1)")[0]
        self.assertEqual(smt.count_nodes(t), 3)
        t = smt.parse("(forall ((t Int)) (! (=> (< t N) (= (select A t) 0)) :pattern ((select A t))))")[0]
        self.assertEqual(smt.count_nodes(t), 1 + 1 + 3 + 5)
        t = smt.parse("(let ((a (+ x 1)) (b y)) (and a b))")[0]
        self.assertEqual(smt.count_nodes(t), 1 + 3 + 1 + 3)
        t = smt.parse("(= ((_ extract 7 0) b) (_ bv5 8))")[0]
        self.assertEqual(smt.count_nodes(t), 1 + 2 + 1)

    def test_commands_and_strings(self):
        text = '; c\n(set-info :source |a ) b|)\n(echo "x "" )")\n(assert (> x 0)) ; tail\n'
        cmds = smt.commands(text)
        self.assertEqual([h for h, _, _ in cmds], ["set-info", "echo", "assert"])
        self.assertEqual(cmds[2][2], "(assert (> x 0))")
        self.assertEqual(smt.asserted_nodes(text), 3)

    def test_deep_terms_no_recursion(self):
        depth = 50_000
        text = "(assert " + "(not " * depth + "p" + ")" * depth + ")"
        self.assertEqual(smt.asserted_nodes(text), depth + 1)
        sx = smt.parse(text)[0]
        self.assertEqual(len(smt.to_text(sx)), len(text))

    def test_unbalanced(self):
        with self.assertRaises(smt.ParseError):
            smt.commands("(assert (> x 0)")

    def test_expected_status(self):
        self.assertEqual(smt.expected_status(SAT), "sat")
        self.assertEqual(smt.expected_status("(check-sat)"), "unknown")


@unittest.skipUnless(HAVE_SOLVERS, "z3 and cvc5 needed")
class PeerConversion(unittest.TestCase):
    def test_z3_input_strips_queries(self):
        s = peers.z3_input(SAT, "simplify")
        self.assertNotIn("check-sat", s)
        self.assertNotIn("get-model", s)
        self.assertNotIn("(exit)", s)
        self.assertTrue(s.rstrip().endswith("(apply simplify :print_benchmark true)"))

    def check_both(self, text, expected):
        for solver in ("z3", "cvc5"):
            self.assertEqual(solve(solver, text), expected, f"{solver} on:\n{text}")

    def test_z3_pre_unsat_becomes_false(self):
        src = SAT.replace("(> y 5)", "(and (= y 2) (> x 5))").replace(":status sat", ":status unsat")
        out = z3_peer(src, peers.Z3_TACTICS["z3-pre"])
        self.assertIn("(assert false)", out)
        self.assertTrue(out.startswith("(set-logic QF_LIA)\n(set-info :status unsat)"))
        self.check_both(out, "unsat")

    def test_z3_pre_sat(self):
        out = z3_peer(SAT, peers.Z3_TACTICS["z3-pre"])
        self.assertIn("(set-info :status sat)", out)
        self.check_both(out, "sat")

    def test_z3_qe_eliminates_quantifier(self):
        out = z3_peer(UNSAT_Q, peers.Z3_TACTICS["z3-qe"])
        self.assertNotIn("forall", out)
        self.check_both(out, "unsat")

    def test_z3_keeps_sorts_and_datatypes(self):
        out = z3_peer(SORTS, peers.Z3_TACTICS["z3-pre"])
        self.assertIn("(declare-sort U 0)", out)
        self.assertIn("(declare-datatypes ((Lst 0))", out)
        self.check_both(out, "sat")

    def test_z3_several_goals_are_disjoined(self):
        src = SORTS.replace(":status sat", ":status unsat") + ""
        src = src.replace("(check-sat)", "(assert (< (f u) 0))\n(assert (not a))\n(check-sat)")
        out = z3_peer(src, "(then simplify split-clause)")
        self.assertIn("(assert (or ", out)
        self.check_both(out, "unsat")
        out = z3_peer(SORTS, "(then simplify split-clause)")
        self.check_both(out, "sat")

    def test_z3_output_shapes(self):
        goals = "(goals\n(goal\n  a\n  :precision precise :depth 1)\n(goal\n  :precision precise :depth 1)\n)\n"
        out = peers.z3_output_to_smt2(goals + "(declare-fun a () Bool)\n(assert a)\n(check-sat)\n",
                                      "(set-info :status sat)")
        self.assertIn("(assert (or a true))", out)
        self.assertIn("(declare-fun a () Bool)", out)
        with self.assertRaises(peers.PeerError):
            peers.z3_output_to_smt2('(error "line 2 column 3: invalid")\n', SAT)
        with self.assertRaises(peers.PeerError):
            peers.z3_output_to_smt2("timeout\n", SAT)
        with self.assertRaises(peers.PeerError):
            peers.z3_output_to_smt2("(goals\n(goal\n  a\n  :precision under :depth 1)\n)\n", SAT)
        with self.assertRaises(peers.PeerError):
            peers.z3_output_to_smt2("(goals\n)\n", SAT)

    def test_cvc5_pre(self):
        out = cvc5_peer(UNSAT_Q)
        self.assertTrue(out.startswith("(set-logic ALL)\n(set-info :status unsat)\n"))
        self.assertNotIn("(assert true)", out)
        self.assertEqual(out.count("(check-sat)"), 1)
        self.check_both(out, "unsat")
        out = cvc5_peer(SORTS)
        self.assertIn("(declare-sort U 0)", out)
        self.check_both(out, "sat")

    def test_cvc5_several_patterns_flattened_for_z3(self):
        src = ("(set-logic UFLIA)\n(set-info :status unsat)\n(declare-fun P (Int) Bool)\n"
               "(declare-fun Q (Int) Bool)\n"
               "(assert (forall ((x Int)) (! (P x) :pattern ((P x)) :pattern ((Q x)))))\n"
               "(assert (not (P 0)))\n(check-sat)\n")
        out = cvc5_peer(src)
        self.assertNotIn("(! (!", out)
        self.assertIn(":pattern ((P x))", out)
        self.assertIn(":pattern ((Q x))", out)
        self.check_both(out, "unsat")

    def test_cvc5_printer_defects_repaired(self):
        # cvc5 1.0.3 declares :qid names as Bool constants (and then rejects its
        # own output), and prints a define-fun before what it uses.
        src = ("(set-logic ALL)\n(set-info :status unsat)\n(declare-fun b0 () Int)\n"
               "(define-fun bx () Int b0)\n(declare-fun f (Int) Int)\n"
               "(assert (forall ((x Int)) (! (= (f x) (+ x bx)) :qid |ax:f| :pattern ((f x)))))\n"
               "(assert (not (= (f 1) (+ 1 b0))))\n(check-sat)\n")
        out = cvc5_peer(src)
        self.assertNotIn("(declare-fun |ax:f| () Bool)", out)
        self.check_both(out, "unsat")
        block = ("(set-logic ALL)\n(declare-datatypes ((th 0)) (((mk (bx Int)))))\n"
                 "(define-fun dim () th (mk bsize_x))\n(declare-fun b0 () Int)\n"
                 "(define-fun bsize_x () Int b0)\n(declare-fun |q:1| () Bool)\n"
                 "(declare-fun q () Bool)\n(assert (! q :qid |q:1|))\n(assert (! q :qid q))\n")
        got = [t for _, _, t in peers.repair_cvc5_block(smt.commands(block))]
        self.assertEqual(got, ["(set-logic ALL)", "(declare-datatypes ((th 0)) (((mk (bx Int)))))",
                               "(declare-fun b0 () Int)", "(define-fun bsize_x () Int b0)",
                               "(define-fun dim () th (mk bsize_x))", "(declare-fun q () Bool)",
                               "(assert (! q :qid |q:1|))", "(assert (! q :qid q))"])
        # In order and without spurious declarations: unchanged.
        fine = smt.commands("(declare-fun a () Int)(define-fun b () Int a)(assert (= b 1))")
        self.assertEqual(peers.repair_cvc5_block(fine), fine)

    def test_cvc5_no_block(self):
        with self.assertRaises(peers.PeerError):
            peers.cvc5_output_to_smt2('(error "Parse Error: x")\n', SAT)
        with self.assertRaises(peers.PeerError):
            peers.cvc5_output_to_smt2(";; post-asserts start\n(assert", SAT)


def fake_rows():
    """Two kernels in two families; z3 only; T=1 and T=10."""
    res, prep = [], []

    def r(file, fam, ker, cfg, t, status, secs, expected="unsat", reused=""):
        res.append({"family": fam, "kernel": ker, "task": Path(file).stem, "file": file,
                    "expected": expected, "config": cfg, "solver": "z3", "timeout": str(t),
                    "status": status, "seconds": str(secs), "cpu_seconds": str(secs),
                    "solved": str(int(harness.is_solved(expected, status))),
                    "alarm": str(int(harness.is_alarm(expected, status))),
                    "reused_from": reused, "prep_status": "ok", "prep_seconds": "0.1", "note": ""})

    for f, fam, ker in (("A/k1/t1.smt2", "A", "A/k1"), ("A/k1/t2.smt2", "A", "A/k1"),
                        ("B/k2/t3.smt2", "B", "B/k2")):
        for cfg in ("raw", "vcsimp"):
            prep.append({"family": fam, "kernel": ker, "task": Path(f).stem, "file": f,
                         "expected": "unsat", "config": cfg, "prep_status": "ok",
                         "prep_seconds": "0.0" if cfg == "raw" else "0.25", "nodes_harness": "100",
                         "stats_input_nodes": "" if cfg == "raw" else "100",
                         "stats_output_nodes": "" if cfg == "raw" else "40",
                         "stats_total_seconds": "", "stats_stop_reason": "" if cfg == "raw" else "saturated",
                         "stats_passes": "", "note": ""})
    r("A/k1/t1.smt2", "A", "A/k1", "raw", 1, "unsat", 0.5)
    r("A/k1/t1.smt2", "A", "A/k1", "raw", 10, "unsat", 0.5, reused="1")
    r("A/k1/t2.smt2", "A", "A/k1", "raw", 1, "timeout", 1.0)
    r("A/k1/t2.smt2", "A", "A/k1", "raw", 10, "unsat", 4.0)
    r("B/k2/t3.smt2", "B", "B/k2", "raw", 1, "timeout", 1.0)
    r("B/k2/t3.smt2", "B", "B/k2", "raw", 10, "timeout", 10.0)
    for f, fam, ker in (("A/k1/t1.smt2", "A", "A/k1"), ("A/k1/t2.smt2", "A", "A/k1"),
                        ("B/k2/t3.smt2", "B", "B/k2")):
        r(f, fam, ker, "vcsimp", 1, "unsat", 0.25)
        r(f, fam, ker, "vcsimp", 10, "unsat", 0.25, reused="1")
    return res, prep


class ReadingOffSmallerTimeouts(unittest.TestCase):
    def row(self, status, secs, expected="unsat"):
        return harness.judged({"expected": expected, "status": status, "seconds": secs,
                               "cpu_seconds": secs, "timeout": 10.0, "reused_from": "",
                               "note": ""})

    def test_answer_within_the_smaller_limit_stands(self):
        r = harness.at_timeout(self.row("unsat", 0.4), 1.0)
        self.assertEqual((r["status"], r["solved"], r["timeout"], r["reused_from"]),
                         ("unsat", 1, 1.0, 10.0))

    def test_later_answer_is_a_timeout(self):
        r = harness.at_timeout(self.row("unsat", 3.2), 1.0)
        self.assertEqual((r["status"], r["solved"], r["seconds"]), ("timeout", 0, 1.0))
        self.assertIn("unsat after 3.20 s", r["note"])
        # a wrong answer after the smaller limit is no alarm at that limit
        r = harness.at_timeout(self.row("sat", 3.2), 1.0)
        self.assertEqual((r["status"], r["alarm"]), ("timeout", 0))
        r = harness.at_timeout(self.row("sat", 0.2), 1.0)
        self.assertEqual((r["status"], r["alarm"]), ("sat", 1))

    def test_giving_up_and_timeouts(self):
        self.assertEqual(harness.at_timeout(self.row("unknown", 0.3), 1.0)["status"], "unknown")
        self.assertEqual(harness.at_timeout(self.row("unknown", 0.97), 1.0)["status"], "timeout")
        self.assertEqual(harness.at_timeout(self.row("timeout", 10.0), 1.0)["status"], "timeout")
        same = self.row("timeout", 10.0)
        self.assertIs(harness.at_timeout(same, 10.0), same)


class TableGeneration(unittest.TestCase):
    def test_table_from_fake_results(self):
        res, prep = fake_rows()
        md = harness.make_table(res, prep, {"date": "d", "command": "python3 bench/harness.py X",
                                            "jobs": 2})
        self.assertIn("python3 bench/harness.py X", md)
        self.assertIn("## How to read", md)
        self.assertIn("None: no configuration", md)
        # per kernel, T=1: raw solves 1/2 on A/k1 in 0.5 s; vcsimp 2/2 in 0.5 s
        self.assertIn("| A/k1 | 2 | 1/2 (0.50) | 2/2 (0.50) |", md)
        self.assertIn("| A/k1 | 2 | 2/2 (4.50) | 2/2 (0.50) |", md)  # T=10
        self.assertIn("| **total** | 3 | **1/3** (0.50) | **3/3** (0.75) |", md)
        self.assertIn("| **total** | 3 | **2/3** (4.50) | **3/3** (0.75) |", md)
        # per family
        self.assertIn("### Per family: z3, T = 1 s", md)
        self.assertIn("| B | 1 | 0/1 (0.00) | 1/1 (0.25) |", md)
        # sizes: raw 200 nodes for A/k1, vcsimp 200 -> 80
        self.assertIn("| A/k1 | 2 | 200 | 200 → 80 | 200 |", md)
        self.assertIn("`saturated` × 3", md)

    def test_solve_against_the_solver_alone(self):
        res, prep = fake_rows()
        solve = {"A/k1/t1.smt2": ("unsat", 0.6), "A/k1/t2.smt2": ("unsat", 0.9),
                 "B/k2/t3.smt2": ("timeout", 1.0)}
        for r in [r for r in res if r["config"] == "raw" and r["timeout"] == "1"]:
            status, secs = solve[r["file"]]
            res.append(harness.judged(dict(r, config="solve", status=status, seconds=str(secs),
                                           measured="2026-11-24 00:00")))
        md = harness.make_table(res, prep, {})
        self.assertIn("## vcsimp solve against the solver alone", md)
        # A: the solver alone decides 1 of 2, solve 2, none lost; 0.6 s against 0.5 s
        self.assertIn("| A | 2 | 1 | 2 | 0 | 1.20 (1.20) | 2026-11-24 00:00 |", md)
        self.assertIn("| **total** | 3 | 1 | 2 | 0 | 1.20 (1.20) |", md)
        # a file decided alone and not by solve is lost
        res = [dict(r, status="timeout", solved="0") if r["config"] == "solve"
               and r["file"] == "A/k1/t1.smt2" else r for r in res]
        self.assertIn("| A | 2 | 1 | 1 | 1 | – |", harness.make_table(res, prep, {}))

    def test_table_only_keeps_the_tables_date_command_and_environment(self):
        res, prep = fake_rows()
        tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        harness.write_csv(tmp / "results.csv", harness.RESULT_FIELDS, res)
        harness.write_csv(tmp / "prep.csv", harness.PREP_FIELDS, prep)
        meta = {"date": "2026-01-02 03:04", "command": "python3 bench/harness.py --x",
                "jobs": 1, "env": "z3 `5`; load 7"}
        (tmp / "table.md").write_text(harness.make_table(res, prep, meta))
        self.assertEqual(harness.table_meta((tmp / "table.md").read_text()),
                         {k: str(v) for k, v in meta.items()})
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(harness.main(["--table-only", "--out", str(tmp)]), 0)
        self.assertEqual(harness.table_meta((tmp / "table.md").read_text()),
                         {k: str(v) for k, v in meta.items()})

    def test_table_reports_alarms(self):
        res, prep = fake_rows()
        res[0] = dict(res[0], status="sat", solved="0", alarm="1")
        md = harness.make_table(res, prep, {})
        self.assertIn("SOUNDNESS ALARM", md)
        self.assertIn("| A/k1/t1.smt2 | unsat | raw | z3 | 1 | **sat** |", md)


class VcsimpBatch(unittest.TestCase):
    """vcsimp's preprocessing is one `vcsimp batch --report` run (here the
    stand-in's); the files it leaves without a report line are simplified
    one by one."""

    def prep(self, stop: str) -> tuple[dict, str]:
        tmp = Path(tempfile.mkdtemp(prefix="bench-batch-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        for name in ("a", "b", "c"):
            (tmp / "corpus" / "F" / "k").mkdir(parents=True, exist_ok=True)
            (tmp / "corpus" / "F" / "k" / f"{name}.smt2").write_text(UNSAT_Q)
        err = io.StringIO()
        env = dict(os.environ, STANDIN_BATCH_STOP=stop)
        with contextlib.redirect_stderr(err), unittest.mock.patch.dict(os.environ, env):
            rc = harness.main(["--corpus", str(tmp / "corpus"), "--out", str(tmp / "out"),
                               "--work", str(tmp / "work"), "--vericuda-real", "",
                               "--gpuverify-real", "",
                               "--vcsimp", str(HERE / "standin_vcsimp.py"), "--configs",
                               "vcsimp", "--prep-only"])
        self.assertEqual(rc, 0, err.getvalue())
        rows = {r["file"]: r for r in harness.read_csv(tmp / "out" / "prep.csv")}
        self.assertEqual(sorted(rows), ["F/k/a.smt2", "F/k/b.smt2", "F/k/c.smt2"])
        for r in rows.values():
            self.assertEqual((r["prep_status"], r["stats_stop_reason"]), ("ok", "standin"), r)
            self.assertGreater(float(r["prep_seconds"]), 0.0)
        return rows, err.getvalue()

    def test_one_batch(self):
        _, err = self.prep("")
        self.assertNotIn("one by one", err)
        self.assertIn("vcsimp batch: 3 files", err)

    def test_what_a_stopped_batch_leaves_is_done_one_by_one(self):
        _, err = self.prep("F/k/b.smt2")
        self.assertIn("vcsimp batch: exit 137; 2 file(s) without a report line", err)
        self.assertIn("vcsimp batch: 1 files", err)


@unittest.skipUnless(HAVE_SOLVERS, "z3 and cvc5 needed")
class EndToEnd(unittest.TestCase):
    def run_harness(self, files: dict, extra=()):
        tmp = Path(tempfile.mkdtemp(prefix="bench-test-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        for rel, text in files.items():
            p = tmp / "corpus" / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = harness.main(["--corpus", str(tmp / "corpus"), "--out", str(tmp / "out"),
                               "--work", str(tmp / "work"), "--timeouts", "1,2",
                               "--vcsimp", str(HERE / "standin_vcsimp.py"),
                               "--vericuda-real", "",
                               "--gpuverify-real", "", *extra])
        return rc, tmp / "out", err.getvalue()

    def test_clean_run(self):
        rc, out, _ = self.run_harness({"F/k/a.smt2": SAT, "F/k/b.smt2": UNSAT_Q},
                                      ["--configs", "raw,vcsimp,z3-qe,cvc5-pre",
                                       "--long-configs", "all"])
        self.assertEqual(rc, 0)
        for name in ("results.csv", "prep.csv", "table.md", "cactus-z3.png", "cactus-z3.svg",
                     "cactus-cvc5.png", "cactus-cvc5.svg", "vcsimp-stats.json"):
            self.assertTrue((out / name).exists(), name)
        rows = harness.read_csv(out / "results.csv")
        self.assertEqual(len(rows), 2 * 4 * 2 * 2)
        self.assertTrue(all(r["solved"] == "1" for r in rows), rows)
        # one run per input at T=2; the T=1 rows are read off it
        self.assertTrue(all(r["reused_from"] == "2.0" for r in rows if r["timeout"] == "1.0"))
        self.assertTrue(all(r["reused_from"] == "" for r in rows if r["timeout"] == "2.0"))
        self.assertFalse((out / "alarms.txt").exists())
        # the stand-in copies its input: one solver run serves raw and vcsimp
        self.assertTrue(all(r["same_input_as"] == "raw" for r in rows if r["config"] == "vcsimp"))

    def test_larger_timeout_only_for_long_configs(self):
        # cvc5 gives up on this one at once ("unknown"); z3 runs out of time.
        gives_up = ("(set-info :status sat)\n(set-logic UFLIA)\n(declare-fun f (Int) Int)\n"
                    "(assert (forall ((x Int)) (> (f x) (f (+ x 1)))))\n(check-sat)\n")
        rc, out, _ = self.run_harness({"F/k/u.smt2": gives_up},
                                      ["--configs", "raw,z3-qe"])
        self.assertEqual(rc, 0)
        rows = harness.read_csv(out / "results.csv")
        at2 = {(r["config"], r["solver"]): r for r in rows if r["timeout"] == "2.0"}
        at1 = {(r["config"], r["solver"]): r for r in rows if r["timeout"] == "1.0"}
        # default --long-configs raw,vcsimp: the peer is not run at T=2
        self.assertEqual(set(at2), {("raw", "z3"), ("raw", "cvc5")})
        self.assertEqual(set(at1), {("raw", "z3"), ("raw", "cvc5"), ("z3-qe", "z3"),
                                    ("z3-qe", "cvc5")})
        self.assertEqual(at2[("raw", "cvc5")]["status"], "unknown")
        self.assertEqual(at1[("raw", "cvc5")]["status"], "unknown")
        self.assertEqual(at2[("raw", "z3")]["status"], "timeout")
        self.assertEqual(at1[("raw", "z3")]["status"], "timeout")
        self.assertEqual(at1[("raw", "z3")]["reused_from"], "2.0")
        self.assertEqual(at1[("z3-qe", "z3")]["reused_from"], "")

    def test_store_makes_a_rerun_measure_only_what_changed(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-store-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        store = tmp / "runs.jsonl"
        args = ["--configs", "raw", "--store", str(store)]
        rc, out, err = self.run_harness({"F/k/a.smt2": SAT, "F/k/b.smt2": UNSAT_Q}, args)
        self.assertEqual(rc, 0)
        self.assertIn("[solve] 4 runs to make (0 answers from the store", err)
        first = harness.read_csv(out / "results.csv")
        self.assertEqual(len(store.read_text().splitlines()), 4)
        # Same inputs (b.smt2 differs only in a comment): nothing is solved again.
        rc, out, err = self.run_harness(
            {"F/k/a.smt2": SAT, "F/k/b.smt2": ";; a comment\n" + UNSAT_Q}, args)
        self.assertEqual(rc, 0)
        self.assertIn("[solve] 0 runs to make (4 answers from the store", err)
        again = harness.read_csv(out / "results.csv")
        self.assertEqual([(r["status"], r["seconds"], r["measured"]) for r in first],
                         [(r["status"], r["seconds"], r["measured"]) for r in again])
        self.assertIn("0 runs made, 4 reused from the store", (out / "table.md").read_text())
        # A changed input is a miss; --fresh measures everything again.
        rc, _, err = self.run_harness(
            {"F/k/a.smt2": SAT.replace("(> y 5)", "(> y 6)"), "F/k/b.smt2": UNSAT_Q}, args)
        self.assertIn("[solve] 2 runs to make (2 answers from the store", err)
        rc, _, err = self.run_harness({"F/k/a.smt2": SAT, "F/k/b.smt2": UNSAT_Q},
                                      args + ["--fresh"])
        self.assertIn("[solve] 4 runs to make (0 answers from the store", err)
        # A store that is not one is an error, not silently replaced.
        store.write_text("not json\n")
        rc, _, err = self.run_harness({"F/k/a.smt2": SAT}, args)
        self.assertEqual(rc, 2)
        self.assertIn("runs.jsonl:1: not a store entry", err)

    def test_a_changed_output_is_solved_again_side_by_side_with_the_raw_file(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-store-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        store = tmp / "runs.jsonl"
        args = ["--configs", "raw,vcsimp", "--solvers", "z3", "--store", str(store)]
        files = {"F/k/a.smt2": SAT, "F/k/b.smt2": UNSAT_Q}
        rc, _, err = self.run_harness(files, args)
        self.assertEqual(rc, 0)
        # The stand-in copies its input: raw and vcsimp share one run per file.
        self.assertIn("[solve] 2 runs to make (0 answers from the store", err)
        # Every vcsimp output now differs from its input, so each is solved, and
        # so is the raw file beside it, at the same load: 4 runs, none reused.
        os.environ["STANDIN_APPEND"] = "(assert true)\n"
        self.addCleanup(os.environ.pop, "STANDIN_APPEND", None)
        rc, out, err = self.run_harness(files, args)
        self.assertEqual(rc, 0)
        self.assertIn("[solve] 4 runs to make (0 answers from the store", err)
        rows = harness.read_csv(out / "results.csv")
        self.assertEqual(len({r["measured"] for r in rows}), 1)
        self.assertTrue(all(r["same_input_as"] == "" for r in rows))
        # Nothing changed since: everything is read from the store.
        rc, _, err = self.run_harness(files, args)
        self.assertIn("[solve] 0 runs to make (4 answers from the store", err)

    def test_soundness_alarm_exits_nonzero(self):
        wrong = SAT.replace(":status sat", ":status unsat")  # actually sat
        rc, out, err = self.run_harness({"F/k/wrong.smt2": wrong, "F/k/ok.smt2": SAT},
                                        ["--configs", "raw", "--solvers", "z3"])
        self.assertEqual(rc, 3)
        self.assertIn("SOUNDNESS ALARM", err)
        self.assertIn("F/k/wrong.smt2", (out / "alarms.txt").read_text())
        self.assertIn("SOUNDNESS ALARM", (out / "table.md").read_text())
        self.assertTrue((out / "results.csv").exists())  # results written before exiting

    def test_family_rerun_keeps_the_rest_and_raises_no_false_alarm(self):
        files = {"A/k/a.smt2": SAT, "B/k/b.smt2": UNSAT_Q}
        args = ["--configs", "raw", "--solvers", "z3", "--no-store"]
        tmp = Path(tempfile.mkdtemp(prefix="bench-fam-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        for rel, text in files.items():
            (tmp / "corpus" / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / "corpus" / rel).write_text(text)
        common = ["--corpus", str(tmp / "corpus"), "--out", str(tmp / "out"), "--work",
                  str(tmp / "work"), "--timeouts", "1", "--vericuda-real", "",
                  "--gpuverify-real", "", *args]
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(harness.main(common), 0)
            self.assertEqual(harness.main(common + ["--families", "B"]), 0)
        rows = harness.read_csv(tmp / "out" / "results.csv")
        self.assertEqual(sorted(r["file"] for r in rows), ["A/k/a.smt2", "B/k/b.smt2"])
        self.assertFalse((tmp / "out" / "alarms.txt").exists())
        self.assertIn("rows of A kept", (tmp / "out" / "table.md").read_text())

    def test_failing_preprocessor_is_no_output(self):
        bad = "(set-info :status unsat)\n(declare-fun x () Int)\n(assert (> x 0)\n(check-sat)\n"
        rc, out, _ = self.run_harness({"F/k/bad.smt2": bad},
                                      ["--configs", "raw,vcsimp,z3-pre,cvc5-pre", "--solvers", "z3"])
        self.assertEqual(rc, 0)
        preps = {r["config"]: r for r in harness.read_csv(out / "prep.csv")}
        for c in ("vcsimp", "z3-pre", "cvc5-pre"):
            self.assertEqual(preps[c]["prep_status"], "error", c)
        rows = harness.read_csv(out / "results.csv")
        self.assertTrue(all(r["status"] == "no-output" for r in rows if r["config"] != "raw"))
        self.assertEqual([r["status"] for r in rows if r["config"] == "raw"], ["error", "error"])


def vericuda_set(root: Path, sat: str, unsat: str) -> Path:
    """A two-VC VeriCUDA training set: k_f_01 is proved by the proof rule
    (subtask 1: all S1 files unsat, S2 not), k_f_02 is not (subtask 1's S1
    was discharged, but subtask 2 has a sat file in S1 and in S2)."""
    d = root / "train"
    (d / "raw").mkdir(parents=True)
    (d / "vericuda-output").mkdir()
    (d / "EXPECT.tsv").write_text("file\tkernel\tvc\texpected\n"
                                  "k_f_01_raw.smt2\tk_f\t1\tunsat\n"
                                  "k_f_02_raw.smt2\tk_f\t2\tunknown\n")
    nounsat = unsat.replace("(set-info :status unsat)\n", "")
    nosat = sat.replace("(set-info :status sat)\n", "")
    for f in ("k_f_01_raw.smt2", "k_f_02_raw.smt2"):
        (d / "raw" / f).write_text(nounsat)
    parts = {"k_f_01_s1_1_1.smt2": nounsat, "k_f_01_s1_1_2.smt2": nounsat,
             "k_f_01_s2_1_1.smt2": nosat, "k_f_02_s1_2_1.smt2": nosat,
             "k_f_02_s2_2_1.smt2": nosat}
    for f, text in parts.items():
        (d / "vericuda-output" / f).write_text(text)
    rows = ["file\tkernel\tform\tvc\tvc_kind\tcommon_subtask\tsub_no"]
    for f in parts:
        _, _, vc, form, j, k = f[:-5].split("_")
        rows.append(f"{f}\tk_f\t{form}\t{int(vc)}\tpostcondition\t{j}\t{k}")
    rows.append("\tk_f\ts1-discharged\t2\tpostcondition\t1\t")
    (d / "manifest.tsv").write_text("\n".join(rows) + "\n")
    return d


class GpuverifyReal(unittest.TestCase):
    def test_absent_set_is_skipped(self):
        self.assertEqual(harness.gpuverify_real.queries(Path("/nonexistent/gpuverify-train")), [])

    def test_reads_sessions_and_expected_answers(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-gv-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        d = tmp / "train"
        (d / "queries").mkdir(parents=True)
        (d / "EXPECT.tsv").write_text(
            "file\tkernel\tstage\tbytes\tz3_1s\tz3_10s\n"
            "k__driver__q002.smt2\tk\tdriver\t9\ttimeout\tsat\n"
            "k__cruncher__q001.smt2\tk\tcruncher\t9\tunsat\tunsat\n"
            "k__driver__q003.smt2\tk\tdriver\t9\ttimeout\ttimeout\n"
            "gone__driver__q001.smt2\tgone\tdriver\t9\tsat\tsat\n")
        for f in ("k__driver__q002.smt2", "k__cruncher__q001.smt2", "k__driver__q003.smt2"):
            (d / "queries" / f).write_text(UNSAT_Q)
        tasks = harness.discover_gpuverify_real(d)
        self.assertEqual([(t.rel, t.kernel, t.expected) for t in tasks], [
            ("gpuverify-real/k__cruncher/k__cruncher__q001.smt2", "gpuverify-real/k__cruncher",
             "unsat"),
            ("gpuverify-real/k__driver/k__driver__q002.smt2", "gpuverify-real/k__driver", "sat"),
            ("gpuverify-real/k__driver/k__driver__q003.smt2", "gpuverify-real/k__driver",
             "unknown")])
        self.assertTrue(all(t.path.is_absolute() and t.family == "gpuverify-real"
                            for t in tasks))

    @unittest.skipUnless((HERE.parent / harness.gpuverify_real.DEFAULT_DIR).is_dir(),
                         "../shared/gpuverify-train is absent")
    def test_reads_the_whole_set(self):
        qs = harness.gpuverify_real.queries(HERE.parent / harness.gpuverify_real.DEFAULT_DIR)
        self.assertEqual(len(qs), len(list((HERE.parent / harness.gpuverify_real.DEFAULT_DIR
                                            / "queries").glob("*.smt2"))))
        self.assertTrue({"sat", "unsat"} <= {q.expected for q in qs})

    def test_table_compares_vcsimp_with_raw_per_file(self):
        def row(f, config, status, secs):
            return {"family": "gpuverify-real", "kernel": "gpuverify-real/k", "file": f,
                    "config": config, "solver": "z3", "timeout": "1", "status": status,
                    "seconds": secs, "solved": int(status in ("sat", "unsat")),
                    "expected": "unknown"}
        results = [row("a", "raw", "sat", 0.5), row("a", "vcsimp", "sat", 0.1),
                   row("b", "raw", "timeout", 1), row("b", "vcsimp", "unsat", 0.2),
                   row("c", "raw", "unsat", 0.3), row("c", "vcsimp", "timeout", 1)]
        preps = [{"file": f, "config": "vcsimp", "prep_seconds": "0.05"} for f in "abc"]
        lines = []
        harness.vcsimp_against_raw(results, preps, ["z3"], [1.0], ["gpuverify-real"],
                                   lines.append)
        self.assertIn("| gpuverify-real | z3 | 1 | 3 | 2 | 2 | 1 | 1 | 1 | 0.50 | 0.05 + 0.10 "
                      "| 0.15 |", lines)


class VericudaReal(unittest.TestCase):
    def test_proof_rule(self):
        a, b, c = Path("a"), Path("b"), Path("c")
        proved = harness.vericuda_real.proved
        self.assertTrue(proved({}, {}))  # no subtask: discharged by simplification
        self.assertTrue(proved({"1": {"s1": [], "s2": [a]}}, {}))  # a discharged branch
        self.assertTrue(proved({"1": {"s1": [a, b], "s2": [c]}}, {a: "unsat", b: "unsat"}))
        self.assertTrue(proved({"1": {"s1": [a, b], "s2": [c]}}, {a: "unsat", c: "unsat"}))
        self.assertFalse(proved({"1": {"s1": [a, b], "s2": [c]}}, {a: "unsat"}))
        self.assertFalse(proved({"1": {"s1": [a], "s2": [b]}, "2": {"s1": [c], "s2": [c]}},
                                {a: "unsat", c: "timeout"}))
        self.assertFalse(proved({"1": {"s1": [a], "s2": [b]}}, {a: "sat", b: "unknown"}))

    def test_absent_set_is_skipped(self):
        self.assertEqual(harness.vericuda_real.vcs(Path("/nonexistent/vericuda-train")), [])

    def test_reads_branches_from_the_manifest(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-vr-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        d = vericuda_set(tmp, SAT, UNSAT_Q)
        vcs = harness.vericuda_real.vcs(d)
        self.assertEqual([(v.raw.name, v.kernel, v.expected) for v in vcs],
                         [("k_f_01_raw.smt2", "k_f", "unsat"), ("k_f_02_raw.smt2", "k_f", "unknown")])
        out = d.resolve() / "vericuda-output"
        self.assertEqual(vcs[0].branches, {"1": {"s1": [out / "k_f_01_s1_1_1.smt2",
                                                        out / "k_f_01_s1_1_2.smt2"],
                                                 "s2": [out / "k_f_01_s2_1_1.smt2"]}})
        self.assertEqual(vcs[1].branches, {"1": {"s1": [], "s2": []},
                                           "2": {"s1": [out / "k_f_02_s1_2_1.smt2"],
                                                 "s2": [out / "k_f_02_s2_2_1.smt2"]}})

    @unittest.skipUnless(Path(harness.vericuda_real.DEFAULT_DIR).is_dir()
                         or (HERE.parent / harness.vericuda_real.DEFAULT_DIR).is_dir(),
                         "../shared/vericuda-train is absent")
    def test_rule_reproduces_the_sets_own_verdicts(self):
        import csv
        d = HERE.parent / harness.vericuda_real.DEFAULT_DIR
        vcs = harness.vericuda_real.vcs(d)
        self.assertEqual(len(vcs), 110)
        with open(d / "solver_results.tsv", newline="") as f:
            z3_1s = {(d / "vericuda-output" / r["file"]).resolve(): r["result"]
                     for r in csv.DictReader(f, delimiter="\t")
                     if r["solver"] == "z3" and float(r["timeout_s"]) == 1}
        with open(d / "EXPECT.tsv", newline="") as f:
            verdict = {r["file"]: r["vericuda_z3_1s"] == "proved"
                       for r in csv.DictReader(f, delimiter="\t")}
        for v in vcs:
            self.assertEqual(harness.vericuda_real.proved(v.branches, z3_1s), verdict[v.raw.name],
                             v.raw.name)

    @unittest.skipUnless(HAVE_SOLVERS, "z3/cvc5 not on PATH")
    def test_harness_reports_vericuda_as_a_peer(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-vr-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        d = vericuda_set(tmp, SAT, UNSAT_Q)
        (tmp / "corpus" / "F" / "k").mkdir(parents=True)
        (tmp / "corpus" / "F" / "k" / "a.smt2").write_text(SAT)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = harness.main(["--corpus", str(tmp / "corpus"), "--out", str(tmp / "out"),
                               "--work", str(tmp / "work"), "--timeouts", "1,2",
                               "--vcsimp", str(HERE / "standin_vcsimp.py"), "--no-store",
                               "--configs", "raw,vericuda", "--vericuda-real", str(d),
                               "--gpuverify-real", ""])
        self.assertEqual(rc, 0, err.getvalue())
        rows = harness.read_csv(tmp / "out" / "results.csv")
        vc = {(Path(r["file"]).name, r["solver"], r["timeout"]): r
              for r in rows if r["config"] == "vericuda"}
        self.assertEqual(len(vc), 2 * 2 * 2)  # not on the corpus file; both T (a long config)
        for s in ("z3", "cvc5"):
            for t in ("1.0", "2.0"):
                self.assertEqual(vc[("k_f_01_raw.smt2", s, t)]["status"], "unsat")
                self.assertEqual(vc[("k_f_01_raw.smt2", s, t)]["solved"], "1")
                self.assertEqual(vc[("k_f_02_raw.smt2", s, t)]["status"], "timeout")
        self.assertEqual({r["family"] for r in rows}, {"F", "vericuda-real"})
        table = (tmp / "out" / "table.md").read_text()
        self.assertIn("## VCs printed by real tools", table)
        self.assertLess(table.index("| vericuda-real |"), table.index("| F |"))

    def test_expectations_from_a_family_tsv(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-vr-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        for rel in ("R/k/g1.smt2", "R/k/g2.smt2", "R/k/g3.smt2"):
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_text("(check-sat)\n")
        (tmp / "R" / "EXPECT.tsv").write_text("file\texpected\nk/g1.smt2\tunsat\nk/g2.smt2\tsat\n")
        got = {t.rel: t.expected for t in harness.discover(tmp)}
        self.assertEqual(got, {"R/k/g1.smt2": "unsat", "R/k/g2.smt2": "sat",
                               "R/k/g3.smt2": "unknown"})

    def test_a_family_run_keeps_the_other_families_rows(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-vr-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        old = [{"family": f, "kernel": f"{f}/k", "task": "a", "file": f"{f}/k/a.smt2",
                "config": "raw", "solver": "z3", "timeout": "1.0", "measured": "2026-01-01 00:00"}
               for f in ("A", "B")]
        harness.write_csv(tmp / "results.csv", harness.RESULT_FIELDS, old)
        harness.write_csv(tmp / "prep.csv", harness.PREP_FIELDS, old)
        (tmp / "vcsimp-stats.json").write_text('{"A/k/a.smt2": {"x": 1}, "B/k/a.smt2": {}}')
        new = [dict(old[1], measured="2026-02-02 00:00")]
        res, prep, stats, kept = harness.keep_previous(tmp, new, new, {"B/k/a.smt2": {"y": 2}})
        self.assertEqual([(r["family"], r["measured"]) for r in res],
                         [("A", "2026-01-01 00:00"), ("B", "2026-02-02 00:00")])
        self.assertEqual([r["family"] for r in prep], ["A", "B"])
        self.assertEqual(stats, {"A/k/a.smt2": {"x": 1}, "B/k/a.smt2": {"y": 2}})
        self.assertIn("rows of A kept from the previous results.csv", kept)


    def test_a_run_of_some_configurations_keeps_the_others_rows(self):
        tmp = Path(tempfile.mkdtemp(prefix="bench-cfg-"))
        self.addCleanup(shutil.rmtree, tmp, ignore_errors=True)
        row = {"family": "A", "kernel": "A/k", "task": "a", "file": "A/k/a.smt2",
               "solver": "z3", "measured": "2026-01-01 00:00"}
        old = [dict(row, config=c, timeout=t) for c in ("raw", "vcsimp") for t in ("1.0", "10.0")]
        harness.write_csv(tmp / "results.csv", harness.RESULT_FIELDS, old)
        harness.write_csv(tmp / "prep.csv", harness.PREP_FIELDS, old[::2])
        (tmp / "vcsimp-stats.json").write_text('{"A/k/a.smt2": {"x": 1}}')
        new = [dict(row, config=c, timeout="1.0", measured="2026-02-02 00:00")
               for c in ("raw", "solve")]
        res, prep, stats, kept = harness.keep_previous(tmp, new, new, {})
        got = sorted((r["config"], harness._num(r["timeout"]), r["measured"][:4]) for r in res)
        self.assertEqual(got, [("raw", 1.0, "2026"), ("raw", 10.0, "2026"),
                               ("solve", 1.0, "2026"), ("vcsimp", 1.0, "2026"),
                               ("vcsimp", 10.0, "2026")])
        self.assertEqual([r["measured"] for r in res if r["config"] == "raw"
                          and harness._num(r["timeout"]) == 1.0], ["2026-02-02 00:00"])
        self.assertEqual(sorted(r["config"] for r in prep), ["raw", "solve", "vcsimp"])
        self.assertEqual(stats, {"A/k/a.smt2": {"x": 1}})
        self.assertIn("raw at 10 s, vcsimp at 1 s, vcsimp at 10 s rows of A kept", kept)


if __name__ == "__main__":
    unittest.main()
