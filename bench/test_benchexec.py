"""Tests of the BenchExec integration (bench/benchexec/): the tool-info
modules (result reading, command lines, BenchExec's own
`python3 -m benchexec.test_tool_info`), the task definitions and benchmark
definitions, and `benchexec` itself on a corpus family where the machine's
cgroups allow it (skipped with the reason otherwise).

Needs BenchExec (scripts/install-solvers.sh installs it), a built vcsimp
(target/release/vcsimp), z3 and cvc5: each test that needs one of them
fails without it under CI=true and is skipped with a message elsewhere.
"""

import bz2
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PKG_DIR = HERE / "benchexec"
VCSIMP = REPO / "target/release/vcsimp"
MODULES = ["vcsimp_z3", "vcsimp_cvc5", "z3_alone", "cvc5_alone"]
DEFINITIONS = ["vcsimp-z3", "vcsimp-cvc5", "z3", "cvc5"]
# bench/benchexec is not a package, and BenchExec's own package wins over it.
HAVE_BENCHEXEC = importlib.util.find_spec("benchexec.result") is not None

sys.path.insert(0, str(PKG_DIR))
sys.path.insert(0, str(HERE))

from needs import require  # noqa: E402


def require_benchexec(test):
    require(test, HAVE_BENCHEXEC, "BenchExec (python3 -m pip install benchexec)")


def require_tools(test):
    require_benchexec(test)
    require(test, VCSIMP.is_file(), f"{VCSIMP} (cargo build --release)")
    for solver in ["z3", "cvc5"]:
        require(test, shutil.which(solver) is not None, solver)


def env_with_modules():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PKG_DIR), env.get("PYTHONPATH")]))
    return env


class SmtlibOutputTest(unittest.TestCase):
    """`smtlib_output.status`: the answer to the last check-sat."""

    def setUp(self):
        require_benchexec(self)
        from benchexec import result
        from benchexec.util import ProcessExitCode
        from vcsimp_benchexec import smtlib_output

        self.result = result
        self.status = lambda text, code=0, signal=None: smtlib_output.status(
            text.splitlines(keepends=True),
            ProcessExitCode.create(value=None if signal else code, signal=signal),
        )
        self.not_started = smtlib_output.NOT_STARTED

    def test_answers(self):
        r = self.result
        self.assertEqual(self.status("unsat\n"), r.RESULT_FALSE_PROP)
        self.assertEqual(self.status("sat\n(\n  (define-fun x () Int 1)\n)\n"), r.RESULT_TRUE_PROP)
        self.assertEqual(self.status("unknown\n"), r.RESULT_UNKNOWN)
        self.assertEqual(self.status("timeout\n"), r.RESULT_TIMEOUT)
        self.assertEqual(self.status("  unsat  \r\n"), r.RESULT_FALSE_PROP)

    def test_the_last_answer_counts(self):
        self.assertEqual(self.status("sat\nunsat\n"), self.result.RESULT_FALSE_PROP)
        self.assertEqual(self.status("unsat\nunknown\n"), self.result.RESULT_UNKNOWN)

    def test_notes_and_models_are_no_answers(self):
        notes = (
            "vcsimp solve: input: definitive, exit 0 (0.1s)\n"
            "vcsimp solve: answer from: input\n"
            '(error "line 3: unsat core is not available")\n'
            "unsat\n"
            "(define-fun sat () Bool true)\n"
        )
        self.assertEqual(self.status(notes), self.result.RESULT_FALSE_PROP)
        self.assertEqual(self.status("the answer is sat\n"), self.result.RESULT_UNKNOWN)

    def test_errors(self):
        r = self.result
        self.assertEqual(self.status('(error "unknown constant x")\n', 1), r.RESULT_ERROR)
        self.assertEqual(self.status('(error "unknown constant x")\n', 0), r.RESULT_ERROR)
        self.assertEqual(self.status("", 1), r.RESULT_ERROR)
        self.assertEqual(self.status("", signal=11), r.RESULT_ERROR)
        self.assertEqual(self.status("vcsimp solve: error: z3: not found\n", 127), self.not_started)
        self.assertEqual(self.status("", 0), r.RESULT_UNKNOWN)


class CommandLineTest(unittest.TestCase):
    """The command line of `vcsimp solve` runs and where the solver is."""

    def setUp(self):
        require_benchexec(self)
        from benchexec.tools.template import BaseTool2
        from vcsimp_benchexec import cvc5_alone, vcsimp_cvc5, vcsimp_z3

        self.limits = BaseTool2.ResourceLimits
        self.task = BaseTool2.Task.with_files(["in.smt2"])
        self.z3 = vcsimp_z3.Tool()
        self.cvc5 = vcsimp_cvc5.Tool()
        self.cvc5_alone = cvc5_alone.Tool()
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir)

    def test_jobs_follow_the_cpu_cores(self):
        cmd = self.z3.cmdline("bin/vcsimp", [], self.task, self.limits(cpu_cores=3))
        self.assertEqual(
            cmd, ["bin/vcsimp", "solve", "-v", "--jobs", "3", "--solver", "z3", "in.smt2"]
        )
        cmd = self.z3.cmdline("bin/vcsimp", [], self.task, self.limits())
        self.assertEqual(cmd, ["bin/vcsimp", "solve", "-v", "--solver", "z3", "in.smt2"])
        cmd = self.z3.cmdline("bin/vcsimp", ["-j", "1"], self.task, self.limits(cpu_cores=4))
        self.assertEqual(cmd, ["bin/vcsimp", "solve", "-v", "-j", "1", "--solver", "z3", "in.smt2"])

    def test_options_pass_and_a_solver_option_replaces_the_solver(self):
        opts = ["--time-limit", "60", "--solver", "z3 -T:60"]
        cmd = self.cvc5.cmdline("vcsimp", opts, self.task, self.limits(cpu_cores=2))
        self.assertEqual(
            cmd, ["vcsimp", "solve", "-v", "--jobs", "2", *opts, "in.smt2"]
        )
        alone = self.cvc5_alone.cmdline(
            "/usr/bin/cvc5", ["--tlimit=1000"], self.task, self.limits()
        )
        self.assertEqual(alone, ["/usr/bin/cvc5", "--tlimit=1000", "in.smt2"])

    def test_a_solver_beside_vcsimp_is_used_and_shipped(self):
        vcsimp = self.dir / "vcsimp"
        for f in [vcsimp, self.dir / "cvc5"]:
            f.write_text("#!/bin/sh\n")
            f.chmod(0o755)
        cmd = self.cvc5.cmdline(str(vcsimp), [], self.task, self.limits())
        self.assertEqual(cmd[-3:], ["--solver", str(self.dir / "cvc5"), "in.smt2"])
        self.assertIn(str(self.dir / "cvc5"), self.cvc5.program_files(str(vcsimp)))
        # no z3 beside it: z3 from PATH, and only vcsimp to ship
        cmd = self.z3.cmdline(str(vcsimp), [], self.task, self.limits())
        self.assertEqual(cmd[-3:], ["--solver", "z3", "in.smt2"])
        self.assertEqual(self.z3.program_files(str(vcsimp)), [str(vcsimp)])

    def test_the_answer_column(self):
        out = [
            "vcsimp solve: s1: definitive, exit 0 (0.2s)\n",
            "vcsimp solve: answer from: s1\n",
            "unsat\n",
        ]
        self.assertEqual(self.z3.get_value_from_output(out, "vcsimp solve: answer from:"), "s1")
        self.assertIsNone(self.z3.get_value_from_output(out[2:], "vcsimp solve: answer from:"))


class TasksTest(unittest.TestCase):
    """tasks.py writes one task definition per VC with its expected verdict;
    the benchmark definitions include them and name existing modules."""

    @classmethod
    def setUpClass(cls):
        import tasks

        cls.tasks = tasks
        cls.out = Path(tempfile.mkdtemp())
        shared = REPO.parent / "shared"
        with open(os.devnull, "w") as quiet:
            saved, sys.stderr = sys.stderr, quiet
            try:
                tasks.main(["--out", str(cls.out), "--shared", str(shared)])
            finally:
                sys.stderr = saved
        cls.families = {f.name: f for f in tasks.families(Path(os.path.abspath(shared)))}

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.out)

    def read(self, yml):
        import yaml

        task = yaml.safe_load(yml.read_text())
        self.assertEqual(task["format_version"], "2.0")
        (prop,) = task["properties"]
        self.assertEqual((yml.parent / prop["property_file"]).resolve(), PKG_DIR / "sat.prp")
        return (yml.parent / task["input_files"]).resolve(), prop.get("expected_verdict")

    def check_family(self, name, expected_of):
        family = self.families[name]
        inputs = sorted(family.root.glob(family.pattern))
        ymls = sorted((self.out / name).glob("*.yml"))
        self.assertEqual(len(ymls), len(inputs), name)
        seen = {}
        for yml in ymls:
            path, verdict = self.read(yml)
            seen[path] = verdict
        self.assertEqual(sorted(seen), [p.resolve() for p in inputs], name)
        for path, verdict in seen.items():
            answer = expected_of(path)
            want = {"sat": True, "unsat": False}.get(answer)
            self.assertEqual(verdict, want, f"{name}: {path}")
        return seen

    def test_the_corpus_families_carry_their_status(self):
        for name in [n for n in self.families if n.startswith("corpus-")]:
            seen = self.check_family(name, lambda p: self.tasks.status_in(p.read_text()))
            self.assertTrue(all(v is not None for v in seen.values()), name)
        # the generated corpus has both answers
        pug = [v for p, v in self.read_all("corpus-pug")]
        self.assertIn(True, pug)
        self.assertIn(False, pug)

    def read_all(self, name):
        return [self.read(y) for y in sorted((self.out / name).glob("*.yml"))]

    def test_tables_give_the_verdicts(self):
        for name in ["why3-real", "vericuda-real", "gpuverify-queries"]:
            family = self.families[name]
            if not family.table.is_file():
                self.assertFalse((self.out / name).exists())
                continue
            import csv

            with open(family.table, newline="") as t:
                rows = {r["file"]: r[family.column] for r in csv.DictReader(t, delimiter="\t")}

            def answer(path, family=family, rows=rows):
                rel = path.relative_to(family.root.resolve()).as_posix()
                return rows.get(rel, rows.get(path.name))

            self.check_family(name, answer)

    def test_task_names_are_unique_per_family(self):
        self.assertEqual(self.tasks.task_name("offsets/t1.smt2"), "offsets.t1.yml")
        self.assertEqual(self.tasks.task_name("q001.smt2"), "q001.yml")

    def test_status_in(self):
        self.assertEqual(self.tasks.status_in("(set-info :status unsat)\n"), "unsat")
        self.assertEqual(self.tasks.status_in("(set-info  :status sat )"), "sat")
        self.assertIsNone(self.tasks.status_in("(set-info :source |x|)"))

    def test_benchmark_definitions(self):
        for name in DEFINITIONS:
            root = ET.parse(PKG_DIR / f"{name}.xml").getroot()
            module = root.get("tool")
            self.assertTrue(module.startswith("vcsimp_benchexec."), module)
            self.assertIn(module.split(".")[1], MODULES)
            self.assertEqual(root.findtext("propertyfile"), "sat.prp")
            includes = [t.findtext("include") for t in root.iter("tasks")]
            names = [t.get("name") for t in root.iter("tasks")]
            self.assertEqual(names, list(self.families), name)
            for tasks_name, include in zip(names, includes):
                self.assertEqual(include, f"tasks/{tasks_name}/*.yml")


class ToolInfoTest(unittest.TestCase):
    """BenchExec's own check of each module: `python3 -m
    benchexec.test_tool_info MODULE`, with vcsimp from target/release."""

    def run_tool_info(self, module, outputs):
        args = [sys.executable, "-m", "benchexec.test_tool_info", f"vcsimp_benchexec.{module}"]
        if module.startswith("vcsimp_"):
            args += ["--tool-directory", str(VCSIMP.parent)]
        # The module's checks need no isolation; `benchexec` runs below use it.
        args += ["--no-container", "--tool-output", *map(str, outputs)]
        r = subprocess.run(
            args, capture_output=True, text=True, env=env_with_modules(), cwd=REPO, timeout=120
        )
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stderr

    def test_every_module(self):
        require_tools(self)
        with tempfile.TemporaryDirectory() as d:
            samples = []
            for i, text in enumerate(["unsat\n", "sat\n", "unknown\n"]):
                samples.append(Path(d) / f"{i}.log")
                samples[-1].write_text(text)
            for module in MODULES:
                solver = "z3" if "z3" in module else "cvc5"
                with self.subTest(module=module):
                    text = self.run_tool_info(module, samples)
                    self.assertNotIn("Traceback", text)
                    self.assertNotIn("Determining version failed", text)
                    version = text.split("Version: “", 1)[1].split("”", 1)[0]
                    if module.startswith("vcsimp_"):
                        self.assertRegex(version, rf"^\d+\.\d+\.\d+ \({solver} \d+\.\d+")
                        self.assertIn("'solve', '-v', '--solver'", text)
                    else:
                        self.assertRegex(version, r"^\d+\.\d+")
                    self.assertIn("INPUT.FILE']", text)
                    lines = text.splitlines()
                    results = [line.strip() for line in lines if line.startswith("\t“")][-3:]
                    self.assertEqual(results, ["“false”", "“true”", "“unknown”"], text)


BURN = """\
import time
t = time.process_time()
while time.process_time() - t < 0.5:
    pass
print("unsat")
"""


class BenchexecRunTest(unittest.TestCase):
    """`benchexec` itself: vcsimp+z3 on the corpus family `pug` (no wrong
    answer, no error), and the CPU time of the solvers that vcsimp starts
    counted in the run's. Runs only where BenchExec can use the cgroups."""

    @classmethod
    def setUpClass(cls):
        # Not below /tmp: BenchExec's container hides the host's /tmp.
        scratch = HERE / "work"
        scratch.mkdir(exist_ok=True)
        cls.work = Path(tempfile.mkdtemp(dir=scratch, prefix="benchexec-test-"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work)

    def setUp(self):
        require_tools(self)
        r = subprocess.run(
            [sys.executable, "-m", "benchexec.check_cgroups"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if r.returncode != 0:
            self.skipTest(
                "benchexec cannot run here: BenchExec's cgroup check "
                f"(python3 -m benchexec.check_cgroups) failed: {(r.stderr or r.stdout).strip()}"
            )

    def benchexec(self, definition, *extra):
        """Run benchexec on `definition`; returns the runs of its result
        files as (task, status, category, cputime)."""
        out = Path(tempfile.mkdtemp(dir=self.work))
        base = [sys.executable, "-m", "benchexec.benchexec", str(definition)]
        base += ["--tool-directory", str(VCSIMP.parent), "-o", f"{out}/", *extra]
        # A read-only root is the container mode that needs no overlay file
        # system (its /dev must stay writable: the runs open /dev/null);
        # without user namespaces, no container at all.
        read_only_root = ["--read-only-dir", "/", "--hidden-dir", "/home", "--full-access-dir", "/dev"]
        for container in (read_only_root, ["--no-container"]):
            r = subprocess.run(
                [*base, *container],
                capture_output=True,
                text=True,
                env=env_with_modules(),
                cwd=REPO,
                timeout=600,
            )
            if "container" not in r.stderr.lower() or list(out.glob("*.results.*.xml.bz2")):
                break
        results = sorted(out.glob("*.results.*.xml.bz2"))
        self.assertTrue(results, r.stdout + r.stderr)
        runs = []
        for f in results:
            for run in ET.fromstring(bz2.decompress(f.read_bytes())).iter("run"):
                cols = {c.get("title"): c.get("value") for c in run.iter("column")}
                fields = ["status", "category", "cputime"]
                runs.append((run.get("name"), *map(cols.get, fields)))
        return runs

    def test_vcsimp_z3_on_the_pug_family(self):
        subprocess.run([sys.executable, str(PKG_DIR / "tasks.py")], check=True, capture_output=True)
        runs = self.benchexec(PKG_DIR / "vcsimp-z3.xml", "--tasks", "corpus-pug")
        self.assertEqual(len(runs), len(list((REPO / "corpus/pug").glob("*/*.smt2"))))
        wrong = [r for r in runs if r[2] == "wrong"]
        self.assertEqual(wrong, [])
        errors = [r for r in runs if r[2] == "error" and r[1] != "TIMEOUT"]
        self.assertEqual(errors, [])
        self.assertTrue(any(r[2] == "correct" for r in runs), runs)

    def test_the_solvers_cpu_time_is_the_runs(self):
        burn = self.work / "burn.py"
        burn.write_text(BURN)
        one = REPO / "corpus/pug/bi_example/bi2_k_write_read.smt2"
        yml = self.work / "one.yml"
        yml.write_text(
            f"format_version: '2.0'\ninput_files: '{one}'\nproperties:\n"
            f"  - property_file: '{PKG_DIR / 'sat.prp'}'\n    expected_verdict: false\n"
        )
        definition = self.work / "burn.xml"
        definition.write_text(
            '<?xml version="1.0"?>\n'
            '<benchmark tool="vcsimp_benchexec.vcsimp_z3" timelimit="60 s" cpuCores="2">\n'
            f'  <rundefinition name="burn">\n'
            f'    <option name="--solver">{sys.executable} {burn}</option>\n'
            "  </rundefinition>\n"
            f"  <propertyfile>{PKG_DIR / 'sat.prp'}</propertyfile>\n"
            f"  <tasks name=\"one\"><include>{yml}</include></tasks>\n"
            "</benchmark>\n"
        )
        ((_, status, category, cputime),) = self.benchexec(definition)
        self.assertEqual((status, category), ("false", "correct"))
        # The solver burned 0.5 s of its own CPU time before it answered.
        self.assertGreaterEqual(float(cputime.rstrip("s")), 0.5)


if __name__ == "__main__":
    unittest.main()
