"""The package an installer builds: every game folder listed, the data carried as
delve_assets, the A-Maze-ing module importable, and `--version` naming what decides
compatibility. (The wheel itself is built and installed by tools/check_wheel.sh, run by CI.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.cli import main
from game.cli.common import program
from game.save.codec import FORMAT_VERSION
from game.version import RULES_VERSION, __version__

ROOT = Path(__file__).resolve().parent.parent


def _setuptools() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    section = data["tool"]["setuptools"]
    assert isinstance(section, dict)
    return section


def test_every_game_folder_is_a_listed_package() -> None:
    inits = (ROOT / "game").rglob("__init__.py")
    folders = sorted(".".join(init.parent.relative_to(ROOT).parts) for init in inits)
    listed = _setuptools()["packages"]
    assert isinstance(listed, list)
    assert sorted(p for p in listed if p.startswith("game")) == folders


def test_the_data_ship_as_delve_assets() -> None:
    section = _setuptools()
    assert section["package-dir"] == {"delve_assets": "assets"}
    patterns = section["package-data"]
    assert isinstance(patterns, dict)
    shipped = {
        path.relative_to(ROOT / "assets")
        for package, globs in patterns.items()
        for glob in globs
        for path in (ROOT / "assets" / Path(*package.split(".")[1:])).glob(glob)
    }
    every_file = {p.relative_to(ROOT / "assets") for p in (ROOT / "assets").rglob("*")
                  if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts}
    assert every_file == shipped


def test_mazegen_is_importable_as_the_document_shows() -> None:
    from mazegen import MazeGenerator, maze_solver

    maze = MazeGenerator(width=20, height=15, seed=42, perfect=True)
    maze.generate()
    path, directions = maze_solver(maze.grid, (0, 0), (19, 14))
    assert path[0] == (0, 0) and path[-1] == (19, 14)
    assert len(directions) == len(path) - 1


def test_version_names_package_rules_and_save_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    line = capsys.readouterr().out.strip()
    assert line == f"delve {__version__} (rules {RULES_VERSION}, save format {FORMAT_VERSION})"


def test_the_installed_command_calls_itself_delve(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["/home/x/.local/bin/delve"])
    assert program() == "delve"
    monkeypatch.setattr("sys.argv", ["run.py"])
    assert program() == "run.py"
