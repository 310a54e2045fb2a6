"""A pytest plugin for tools/mutate.py: which test runs which line of game/, and how long each
test takes. Loaded with `-p mutate_trace` (tools/ on the path) only by the mutation run.

Every test runs in its own coverage context named by its node id, so a mutant on a line is
tried against exactly the tests that ran that line, fastest first. Under xdist each worker
writes its own data file (`data_suffix`); the tool combines them.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Generator
from pathlib import Path

import coverage
import pytest

_OUT = Path(os.environ.get("MUTATE_TRACE_DIR", ".mutate"))
_recording: list[coverage.Coverage] = []
"""The process's one recorder, once the session has started."""
_durations: dict[str, float] = {}


def _start() -> None:
    """Start recording lines of game/ (each worker, or the one process without xdist) as soon
    as pytest loads this plugin: before the conftest files import the game, so the lines a
    module runs on import are recorded too (in the empty context)."""
    _OUT.mkdir(parents=True, exist_ok=True)
    recorder = coverage.Coverage(data_file=str(_OUT / "lines"), data_suffix=True,
                                 source=["game"], branch=False)
    recorder.start()
    _recording.append(recorder)


_start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Name the context after the test while it runs (setup, call and teardown)."""
    for recorder in _recording:
        recorder.switch_context(item.nodeid)
    start = time.perf_counter()
    yield
    _durations[item.nodeid] = time.perf_counter() - start


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Save the lines and the durations (one file per process)."""
    if not _recording:
        return
    _recording[0].stop()
    _recording[0].save()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (_OUT / f"durations-{worker}.json").write_text(json.dumps(_durations), encoding="utf-8")
