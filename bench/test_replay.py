"""bench/replay.py: its command splitter and response reader (no solver),
and recorded verifier sessions (GPUVerify's Boogie sessions and Viper
Silicon's incremental z3 logs, from ../shared) replayed command by command
through `vcsimp solve --interactive --solver "z3 -in"` and through `z3 -in`
alone: the same check-sat answers (or decided by vcsimp where z3 was not),
and no hang. The session tests skip when ../shared is absent; without z3 or
target/release/vcsimp they fail under CI=true and are skipped elsewhere.
"""

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import replay  # noqa: E402
from needs import require  # noqa: E402

SHARED = HERE.parent.parent / "shared"
GPUVERIFY = SHARED / "gpuverify-train" / "sessions"
SILICON = SHARED / "zoo" / "viper-smt-scope" / "smt-problems" / "test-suite" / "silicon"
TIMEOUT_MS = 5000


class Splitter(unittest.TestCase):
    def test_commands(self):
        text = '; head\n(set-option :print-success true)(assert (= |a)(| "x)""(")) ; c (\natom\n(check-sat)'
        self.assertEqual(
            replay.commands(text),
            [
                "(set-option :print-success true)",
                '(assert (= |a)(| "x)""("))',
                "atom",
                "(check-sat)",
            ],
        )
        self.assertEqual(replay.name("(get-value ((x 1)))"), "get-value")
        self.assertEqual(replay.print_success("(set-option :print-success false)"), False)

    def test_responses(self):
        p = subprocess.Popen(
            ["printf", 'sat\n(\n  (define-fun x () Int\n    1)\n)\n((s "a (")) \n"x -> 1\ny -> ""2""\n"\nunsat\n'],
            stdout=subprocess.PIPE,
        )
        s = replay.Session.__new__(replay.Session)
        s.proc, s.buf = p, b""
        far = replay.time.monotonic() + 60
        self.assertEqual(s.response(far), "sat")
        self.assertEqual(s.response(far), "(\n  (define-fun x () Int\n    1)\n)")
        self.assertEqual(s.response(far), '((s "a (")) ')
        self.assertEqual(s.response(far), '"x -> 1\ny -> ""2""\n"')
        self.assertEqual(s.response(far), "unsat")
        p.wait()
        p.stdout.close()

    def test_compare_statistics(self):
        a = "(:conflicts 5\n :memory 18.20\n :time 0.01)"
        self.assertEqual(replay.compare([a], [a.replace("0.01", "0.00")]), (0, 0, 0, 0, 0))
        self.assertEqual(replay.compare([a], [a.replace(":conflicts 5", ":conflicts 6")]), (0, 0, 0, 0, 1))
        self.assertEqual(replay.differences(["sat", a], ["sat"]), [(a, None)])
        b = "(:conflicts 5\n :rlimit-count 3273)"
        self.assertEqual(replay.compare([b], [b.replace(")", "\n :time 0.00)")]), (0, 0, 0, 0, 0))
        # A session that hung gives no answer: decided by the other.
        self.assertEqual(replay.compare(["unsat", "x"], []), (0, 1, 0, 0, 1))

    def test_zoo_incremental(self):
        with tempfile.TemporaryDirectory() as d:
            Path(d, "MANIFEST.tsv").write_text(
                "path_in_zoo\tn_check_sat\tfeatures\n"
                "a.smt2\t1\tint,push-pop\n"
                "b.smt2\t1\tint\n"
                "c.smt2\t3\t\n"
            )
            self.assertEqual(replay.zoo_incremental(d), [Path(d, "a.smt2"), Path(d, "c.smt2")])

    def test_compare(self):
        self.assertEqual(
            replay.compare(["sat", "unsat", "((x 1))", "sat"], ["sat", "unknown", "((x 2))", "unsat"]),
            (1, 1, 0, 1, 1),
        )


class Sessions(unittest.TestCase):
    def setUp(self):
        if not SHARED.is_dir():
            self.skipTest(f"{SHARED} is absent")
        require(self, shutil.which("z3") is not None, "z3")
        require(self, replay.VCSIMP.is_file(), f"{replay.VCSIMP} (cargo build --release)")

    def check(self, path):
        cmds = replay.commands(path.read_text(errors="replace"))
        alone, hung_alone, *_ = replay.replay([shutil.which("z3"), "-in"], cmds, TIMEOUT_MS)
        through, hung, *_ = replay.replay(replay.vcsimp_argv(), cmds, TIMEOUT_MS)
        self.assertFalse(hung, f"{path.name}: the session hangs through vcsimp")
        self.assertFalse(hung_alone, f"{path.name}: the session hangs with z3 alone")
        agree, _, only_z3, disagree, _ = replay.compare(through, alone)
        self.assertEqual((only_z3, disagree), (0, 0), path.name)
        answers = [r for r in alone if r.strip() in replay.ANSWERS]
        self.assertGreater(len(answers), 0, path.name)
        self.assertEqual(len([r for r in through if r.strip() in replay.ANSWERS]), len(answers))
        self.assertGreater(agree, 0, path.name)

    def test_gpuverify_sessions(self):
        # The smallest sessions with several check-sats (Houdini rounds).
        sessions = sorted(
            (p for p in GPUVERIFY.glob("*.smt2") if p.read_text().count("(check-sat)") > 1),
            key=lambda p: p.stat().st_size,
        )[:2]
        self.assertEqual(len(sessions), 2)
        for path in sessions:
            with self.subTest(session=path.name):
                self.check(path)

    def test_silicon_logs(self):
        logs = sorted(SILICON.rglob("*.smt2"), key=lambda p: p.stat().st_size)[:3]
        self.assertEqual(len(logs), 3)
        for path in logs:
            with self.subTest(session=path.name):
                self.check(path)


if __name__ == "__main__":
    unittest.main()
