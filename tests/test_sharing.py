"""Seed sharing: golden catalogs, the same catalog in any process, floors that depend on their
own recipe alone, and run codes that start the same run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import pipeline
from game.cli import main
from game.run import Run
from game.version import RULES_VERSION
from game.world.dungeon import floor_at, new_game
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from make_golden_catalogs import TARGET, golden  # noqa: E402


def test_golden_catalogs_still_match() -> None:
    stored = json.loads(TARGET.read_text())
    assert stored["rules_version"] == RULES_VERSION, (
        "RULES_VERSION changed: regenerate with tools/make_golden_catalogs.py"
    )
    assert json.loads(json.dumps(golden())) == stored, (
        "floors changed: if meant, bump RULES_VERSION and regenerate the golden catalogs"
    )


def catalog_in_process(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "run.py", "catalog", "--seed", "cross", "--plan",
         "1:bsp@50x36,2:cave@50x36,3:tables@50x36,4:power@50x36,5:maze@41x31",
         "--spoilers", "full", "--format", "json"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )
    return done.stdout


def test_catalog_is_the_same_in_processes_with_different_hash_seeds() -> None:
    assert catalog_in_process("1") == catalog_in_process("987")


def fingerprints(plan: str, seed: str = "local") -> list[str]:
    run = Run.from_plan(seed, plan)
    return [pipeline.layout(r, run.seed_hash).fingerprint() for r in run.recipes]


def test_changing_one_depth_changes_only_that_depth() -> None:
    base = fingerprints("1-3:bsp@50x36,4:cave@50x36,5-6:power@50x36")
    changed = fingerprints("1-3:bsp@50x36,4:maze@41x31,5-6:power@50x36")
    assert [a == b for a, b in zip(base, changed, strict=True)] == [
        True, True, True, False, True, True
    ]
    sized = fingerprints("1-3:bsp@50x36,4:cave@60x36,5-6:power@50x36")
    assert [a == b for a, b in zip(base, sized, strict=True)].count(False) == 1


def test_floors_do_not_depend_on_the_order_they_are_visited() -> None:
    plan = "1:bsp@50x36,2:cave@50x36,3:tables@50x36"
    in_order = new_game(Run.from_plan("order", plan))
    out_of_order = new_game(Run.from_plan("order", plan))
    for depth in (2, 3):
        floor_at(in_order, depth)
    for depth in (3, 2):
        floor_at(out_of_order, depth)
    assert state_hash(in_order) == state_hash(out_of_order)


def test_a_run_code_starts_the_same_run() -> None:
    game = new_game(Run.from_plan("share", "1:maze@41x31,2:bsp@50x36"))
    again = new_game(Run.from_code(game.run.code.lower()))
    assert again.run == game.run
    assert state_hash(again) == state_hash(game)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["catalog"], "name a run"),
        (["catalog", "--seed", "x", "--depths", "0-3"], "outside 1..10"),
        (["catalog", "--seed", "x", "--plan", "1:bsp,2:zzz"], "unknown generator 'zzz'"),
        (["catalog", "--code", "D99-AAAAA"], "rules version 99"),
        (["catalog", "--code", "D1-AAAAA", "--seed", "x"], "give it alone"),
        (["catalog", "--daily", "--seed", "x"], "leave out --seed"),
        (["replay", "/nonexistent.replay", "--verify"], "cannot read"),
        (["autoplay", "--turns", "5"], "name a run"),
    ],
)
def test_bad_run_options_give_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err


def test_record_and_verify_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.replay"
    assert main(["autoplay", "--seed", "cli-replay", "--turns", "60", "--record", str(path)]) == 0
    assert main(["replay", str(path), "--verify"]) == 0
    assert "identical" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    lines[10] = lines[10].replace('"hash": "', '"hash": "f')
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--verify"]) == 1
    assert "differs: action 10" in capsys.readouterr().out
