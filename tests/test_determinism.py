"""Same recipe, same floor: across processes with different hash seeds; different seeds differ."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game import generators
from game.seeds import seed_from_text

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = """
import json
from game import generators
from game.seeds import seed_from_text
print(json.dumps({n: [generators.generate_floor(n, seed_from_text(s), 2, 70, 45).fingerprint()
                      for s in ("a", "b", "c")] for n in generators.names()}))
"""


def fingerprints_in_process(hash_seed: str) -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True,
    )
    result: dict[str, list[str]] = json.loads(done.stdout)
    return result


def test_same_floors_in_processes_with_different_hash_seeds() -> None:
    first = fingerprints_in_process("0")
    assert first == fingerprints_in_process("4242")
    local = {n: [generators.generate_floor(n, seed_from_text(s), 2, 70, 45).fingerprint()
                 for s in ("a", "b", "c")] for n in generators.names()}
    assert first == local


def test_different_seeds_and_depths_give_different_floors() -> None:
    for name in generators.names():
        prints = {
            generators.generate_floor(name, seed, depth, 60, 40).fingerprint()
            for seed in range(20)
            for depth in (1, 2)
        }
        assert len(prints) == 40, name
