"""The harness's store of solver runs, so that a rerun measures only what changed.

A solver run is a pure function of what goes in: the solver binary, its
command line, the timeout, the input's token stream and the machine's speed.
The store keeps one measured answer (status, seconds, cpu seconds, note, when)
per such key. A harness run looks every run up first and solves only the
misses: after a change to vcsimp, only the vcsimp outputs that changed are
solved again, while the corpus files and the peers' outputs (same bytes, same
solvers) keep their earlier measurements.

Contract:
* A key covers everything that can change an answer or its time except
  noise: the machine fingerprint (CPU model, core count, memory), the solver's
  version string and binary sha256, the solver's options (with the timeout)
  and the input's token digest. A different machine or solver build misses
  every entry, so a store never mixes machines.
* Entries record when they were measured; the harness reports, per run, how
  many answers were measured and how many reused, and from when.
* The file is JSON Lines, one entry per line, sorted by key when saved, so
  that its diffs are readable and deterministic. Entries are appended as they
  are measured, so an interrupted run loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import threading
from pathlib import Path


def machine_fingerprint() -> str:
    """What decides a run's speed: CPU model, number of CPUs, memory (GiB)."""
    model = platform.processor() or "?"
    mem_gib = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem_gib = str(round(int(line.split()[1]) / 2**20))
                    break
    except OSError:
        pass
    return f"{model}|{os.cpu_count()} CPUs|{mem_gib} GiB|{platform.machine()}"


def binary_digest(path: str) -> str:
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    except OSError:
        return "missing"
    return h.hexdigest()


def run_key(machine: str, solver_id: str, options: list[str], input_digest: str) -> str:
    """The key of one solver run: options are the command line without the
    input path (the timeout is one of them)."""
    blob = json.dumps([machine, solver_id, options, input_digest])
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


class RunStore:
    """Measured solver runs by key (see the module doc). Thread-safe."""

    FIELDS = ("status", "seconds", "cpu_seconds", "note", "measured")

    def __init__(self, path: Path | None):
        self.path = path
        self.entries: dict[str, dict] = {}
        self.used: set[str] = set()
        self._lock = threading.Lock()
        self._append = None
        if path is not None and path.exists():
            with open(path) as f:
                for n, line in enumerate(f, 1):
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        e = json.loads(line)
                        self.entries[e["key"]] = e
                    except (ValueError, KeyError, TypeError) as err:
                        raise ValueError(f"{path}:{n}: not a store entry: {err}") from err

    def get(self, key: str) -> dict | None:
        with self._lock:
            e = self.entries.get(key)
            if e is not None:
                self.used.add(key)
            return e

    def put(self, key: str, what: str, result: dict):
        """Record a measured run (appended to the file at once)."""
        e = {"key": key, "what": what, **{k: result.get(k, "") for k in self.FIELDS}}
        with self._lock:
            self.entries[key] = e
            self.used.add(key)
            if self.path is None:
                return
            if self._append is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._append = open(self.path, "a")
            self._append.write(json.dumps(e, sort_keys=True) + "\n")
            self._append.flush()

    def save(self, prune: bool):
        """Rewrite the file sorted by key; with prune, keep only the entries
        this run used (a full run's working set: old vcsimp outputs go)."""
        with self._lock:
            if self._append is not None:
                self._append.close()
                self._append = None
            if self.path is None:
                return
            keep = {k: e for k, e in self.entries.items() if not prune or k in self.used}
            tmp = self.path.with_suffix(".tmp")
            with open(tmp, "w") as f:
                for k in sorted(keep):
                    f.write(json.dumps(keep[k], sort_keys=True) + "\n")
            os.replace(tmp, self.path)
