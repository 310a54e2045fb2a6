"""The `generate` command line: a contract other tools rely on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import generators
from game.cli import main
from game.run.recipes import default_size

ROOT = Path(__file__).resolve().parent.parent
REQUIRED_KEYS = [
    "format", "version", "generator", "seed", "depth", "fingerprint", "width", "height", "tiles",
    "legend", "arrival", "exits", "rooms", "doors", "teleporters", "stairs",
]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", generators.names())
def test_ascii_map_has_stairs(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run_main(capsys, "generate", "--generator", name, "--seed", "cli")
    rows = out.splitlines()
    assert code == 0
    width, height = default_size(name)  # the game's size for the generator
    assert len(rows) == height and all(len(row) == width for row in rows)
    text = "".join(rows)
    # A tables floor draws every stairs it rolled: more ways up than the arrival.
    assert (text.count("<") >= 1 if name == "tables" else text.count("<") == 1) and ">" in text
    assert set(text) <= set("#.+^<>S_*-")


@pytest.mark.parametrize("name", generators.names())
def test_json_contract(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run_main(
        capsys, "generate", "--generator", name, "--seed", "j", "--depth", "3",
        "--width", "61", "--height", "41", "--format", "json",
    )
    data = json.loads(out)
    assert code == 0
    assert [key for key in data if key in REQUIRED_KEYS] == REQUIRED_KEYS
    assert (data["format"], data["version"], data["generator"]) == ("dungeon-floor", 2, name)
    assert (data["seed"], data["depth"], data["width"], data["height"]) == ("j", 3, 61, 41)
    assert len(data["tiles"]) == 41 and {len(row) for row in data["tiles"]} == {61}
    x, y = data["arrival"]  # drawn as the game draws its stairs: a shaft, a trapdoor up too
    assert data["tiles"][y][x] in "<-*"
    for ex, ey in data["exits"]:
        assert data["tiles"][ey][ex] in ">_*"
    for door in data["doors"]:
        assert "door" in data["legend"][data["tiles"][door["y"]][door["x"]]]["name"]
    for pair in data["teleporters"]:
        for px, py in (pair["a"], pair["b"]):
            assert "teleport" in data["legend"][data["tiles"][py][px]]["name"]
    assert set(data["legend"]) == set("".join(data["tiles"]))
    assert {s["kind"] for s in data["stairs"]} >= {"up", "down"}


def test_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("generate", "--generator", "cave", "--seed", "same", "--format", "json")
    assert run_main(capsys, *argv)[1] == run_main(capsys, *argv)[1]


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "generate", "--generator", "bsp", "--seed", "s", "--stats")
    assert code == 0
    for label in ("floor ratio", "rooms", "doors", "dead ends", "loops", "regions",
                  "path ratio", "teleporter pairs"):
        assert label in out
    code, out, _ = run_main(
        capsys, "generate", "--generator", "maze", "--seed", "s", "--format", "json", "--stats"
    )
    stats = json.loads(out)["stats"]
    assert stats["loops"] == 0 and stats["regions"] == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["generate", "--generator", "nope", "--seed", "a"],
            "valid: bsp, cave, maze, power, tables",
        ),
        (["generate", "--seed", "a", "--param", "bogus=1"], "valid:"),
        (["generate", "--seed", "a", "--param", "noequals"], "KEY=VALUE"),
        (["generate", "--seed", "a", "--width", "0"], "outside 1..4000"),
        (["generate", "--seed", "a", "--width", "wide"], "not a whole number"),
        (["generate", "--seed", "a", "--format", "gif"], "choose from"),
        (["generate", "--seed", "a", "--format", "hex"], "maze generator only"),
        (["generate", "--seed", "a", "--width", "4", "--height", "4"], "needs at least"),
        (["generate", "--generator", "maze"], "--seed TEXT is required"),
        (["generate", "--from-hex", "/nonexistent/maze.hex"], "cannot read"),
        (["bench", "walls"], "choose from"),
        (["roll", "nope"], "tables are: chamber_contents"),
        (["roll", "doors", "--n", "0"], "outside 1..10000"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code = main(argv)
    except SystemExit as leaving:
        code = int(leaving.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert message in err


def test_png_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "floor.png"
    argv = ["generate", "--generator", "power", "--seed", "p", "--format", "png", "--out"]
    code, _, _ = run_main(capsys, *argv, str(target))
    assert code == 0
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_hex_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "maze.hex"
    base = ["generate", "--generator", "maze", "--seed", "h", "--width", "41", "--height", "21"]
    assert run_main(capsys, *base, "--format", "hex", "--out", str(target))[0] == 0
    original = run_main(capsys, *base)[1]
    code, again, _ = run_main(capsys, "generate", "--from-hex", str(target))
    assert code == 0 and again == original


def test_bad_hex_file_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "broken.hex"
    target.write_text("FZ\n")
    code, _, err = run_main(capsys, "generate", "--from-hex", str(target))
    assert code == 2 and str(target) in err and len(err.strip().splitlines()) == 1


def test_no_traceback_from_a_real_process() -> None:
    env = {**os.environ, "PYTHONHASHSEED": "1"}
    done = subprocess.run(
        [sys.executable, "run.py", "generate", "--generator", "bogus", "--seed", "x"],
        cwd=ROOT, capture_output=True, text=True, env=env, check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "run.py generate: error: unknown generator 'bogus'; valid: bsp, cave, maze, power, tables"
    ]


def test_roll_is_repeatable_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run_main(capsys, "roll", "doors", "--seed", "gm", "--n", "30")
    assert code == 0
    assert first == run_main(capsys, "roll", "doors", "--seed", "gm", "--n", "30")[1]
    numbered = [line for line in first.splitlines() if line[:1].isdigit()]
    assert len(numbered) == 30 and all(" doors d100=" in line for line in numbered)
