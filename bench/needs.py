"""What a test needs from the machine: `require(test, ok, what)` passes when
`ok`; otherwise the test fails under CI=true (CI installs every tool, with
scripts/install-solvers.sh) and is skipped, naming `what`, elsewhere."""

import os

IN_CI = os.environ.get("CI") == "true"


def require(test, ok, what):
    if ok:
        return
    if IN_CI:
        test.fail(f"{what} is missing (scripts/install-solvers.sh installs it)")
    test.skipTest(f"{what} is missing")
