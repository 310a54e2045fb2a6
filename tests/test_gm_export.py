"""Issue 31 points 2 and 3: `generate` makes the floor the game plays, and `gm` prints a game
master's dungeon (HTML checked in a real headless browser, SVG, and the Universal VTT file)."""

from __future__ import annotations

import base64
import html
import itertools
import json
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from game import tiles
from game.cli import main
from game.content.bestiary import default_bestiary
from game.dressing.areas import build_areas
from game.export import gmmap
from game.export.gamefloor import run_floor
from game.export.keyparts import grouped
from game.run import Run

FRESH = ("gm-fresh-1", "gm-fresh-2", "gm-fresh-3")
"""Seeds no other test uses."""


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _catalog(capsys: pytest.CaptureFixture[str], *run: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_out(capsys, "catalog", *run, "--format", "json",
                                           "--spoilers", "full"))
    return data


def _as_catalog(data: dict[str, Any]) -> dict[str, Any]:
    """A `generate --format json` floor in the catalog's words."""
    doors = Counter("reinforced" if d["reinforced"] else d["state"] for d in data["doors"])
    return {
        "fingerprint": data["fingerprint"],
        "doors": dict(sorted(doors.items())),
        "encounters": [
            {"template": e["template"], "tactic": e["tactic"], "difficulty": e["difficulty"],
             "monsters": [list(p) for p in sorted(Counter(m["kind"]
                                                          for m in e["monsters"]).items())]}
            for e in data["encounters"]
        ],
        "items": [list(p) for p in sorted(Counter(i["kind"] for i in data["items"]).items())],
        "stairs": sorted(f"{s['direction']} {s['stair_kind']}"
                         f"{' (dead end)' if s['dead_end'] else ''}" for s in data["stairs"]),
        "rooms": len(data["rooms"]),
        "teleporter_pairs": len(data["teleporters"]),
    }


@pytest.mark.parametrize("seed", FRESH)
def test_generate_gives_the_floor_the_catalog_lists(
    capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    """By code, by seed and plan, and by seed alone: fingerprint, doors, encounters, items."""
    plan = "1-2:cave,3:tables,4-5:random"
    for run_flags in (["--seed", seed], ["--seed", seed, "--plan", plan]):
        floors = _catalog(capsys, *run_flags)
        code = json.loads(_out(capsys, "catalog", *run_flags, "--format", "json"))["code"]
        for entry in floors["floors"]:
            depth = str(entry["depth"])
            wanted = {k: entry[k] for k in ("fingerprint", "doors", "encounters", "items",
                                            "stairs", "rooms", "teleporter_pairs")}
            by_code = json.loads(_out(capsys, "generate", "--code", code, "--depth", depth,
                                      "--format", "json"))
            assert _as_catalog(by_code) == wanted, f"{seed} {run_flags} depth {depth}"
            assert by_code["code"] == code
            assert (by_code["width"], by_code["height"]) == (entry["width"], entry["height"])
            by_seed = json.loads(_out(capsys, "generate", *run_flags, "--depth", depth,
                                      "--format", "json"))
            assert by_seed == by_code


def test_a_generator_alone_plays_at_the_games_size(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's example: bsp's default size is the game's 80x45, so depth 1 of the default
    run (a bsp floor) and `--generator bsp` are one floor."""
    data = json.loads(_out(capsys, "generate", "--generator", "bsp", "--seed", "hello",
                           "--format", "json"))
    assert (data["width"], data["height"], data["fingerprint"]) == (80, 45, "9236108041601938")
    assert "9236108041601938" in _out(capsys, "catalog", "--seed", "hello", "--depths", "1")


@pytest.mark.parametrize(("argv", "said"), [
    (["--code", "x", "--generator", "bsp"], "--generator: the run's plan names each floor"),
    (["--seed", "a", "--plan", "1-3:bsp", "--width", "90"], "--width: the run's plan"),
    (["--seed", "a", "--depth", "11"], "outside the run's depths 1..10"),
    (["--seed", "a", "--plan", "1-3:bsp", "--depth", "4"], "outside the run's depths 1..3"),
    ([], "--seed TEXT is required"),
])
def test_generate_refuses_a_floor_it_cannot_name(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(["generate", *argv]) == 2
    assert said in capsys.readouterr().err


def test_the_text_key_numbers_every_area_on_the_map_and_groups_monsters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's floor (tables, hello, 80x50) had areas 10 and 11 off the map, and 28 lines
    of one rat."""
    text = _out(capsys, "generate", "--generator", "tables", "--seed", "hello", "--width", "80",
                "--height", "50", "--format", "text")
    assert "Numbers not on the map" not in text
    rows = [line[3:] for line in text.split("\nSTAIRS\n", 1)[0].splitlines()
            if re.match(r"^ *\d+ [^ ]", line)][-50:]
    on_map = {int(n) for n in re.findall(r"\d+", "\n".join(rows))}
    areas = {int(n) for n in re.findall(r"^Area (\d+) - ", text, re.MULTILINE)}
    assert {10, 11} <= areas <= on_map
    assert re.search(r"^Monsters: \d+ x cave rat \(minion\)", text, re.MULTILINE)
    assert not re.search(r"^    . Cave rat \(minion\) at", text, re.MULTILINE)
    for seed in FRESH:
        for name in ("tables", "bsp", "cave"):
            text = _out(capsys, "generate", "--generator", name, "--seed", seed, "--depth", "3",
                        "--format", "text")
            assert "Numbers not on the map" not in text, (name, seed)


def test_monsters_group_by_kind_role_and_rank() -> None:
    made = run_floor(Run.from_plan("gm-fresh-1"), 1, furnished=False)
    assert made.dressing is not None
    monsters = [m for e in made.dressing.encounters for m in e.monsters]
    groups = grouped(monsters, default_bestiary())
    assert sum(g.count for g in groups) == len(monsters)
    assert len({(g.kind, g.role, g.elite, g.boss) for g in groups}) == len(groups)
    assert any(g.count > 1 for g in groups)
    rat = next(g for g in groups if g.count > 1)
    assert rat.label.startswith(f"{rat.count} x {rat.name}") and rat.label.endswith(
        f"({rat.role})")


def _gm(tmp_path: Path, seed: str, depth: int, fmt: str) -> Path:
    out = tmp_path / f"{seed}-{depth}.{fmt}"
    assert main(["gm", "--seed", seed, "--depth", str(depth), "--format", fmt,
                 "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("seed", FRESH[:2])
def test_the_svg_map_parses_and_numbers_every_area(tmp_path: Path, seed: str) -> None:
    for depth in (1, 4):
        root = ET.parse(_gm(tmp_path, seed, depth, "svg")).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        numbers = {t.text for g in root.iter("{http://www.w3.org/2000/svg}g")
                   if g.get("class") == "num" for t in g if t.tag.endswith("text")}
        made = run_floor(Run.from_plan(seed), depth, furnished=False)
        assert numbers == {str(a.id) for a in build_areas(made.plan).areas}
        assert made.dressing is not None  # every monster in its red ring, where it stands
        rings = {(float(c.get("cx", 0)), float(c.get("cy", 0)))
                 for c in root.iter("{http://www.w3.org/2000/svg}circle")
                 if c.get("stroke") == gmmap.RED}
        assert rings == {((m.x + 0.5) * gmmap.CELL, (m.y + 0.5) * gmmap.CELL)
                         for e in made.dressing.encounters for m in e.monsters}


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("seed", FRESH)
def test_the_vtt_file_has_the_format_and_its_walls_match_the_floor(
    tmp_path: Path, seed: str
) -> None:
    for depth in (2, 5):
        data = json.loads(_gm(tmp_path, seed, depth, "dd2vtt").read_text())
        made = run_floor(Run.from_plan(seed), depth, furnished=False)
        plan = made.plan
        assert data["format"] == 0.3
        res = data["resolution"]
        assert res["map_origin"] == {"x": 0, "y": 0}
        assert res["map_size"] == {"x": plan.width, "y": plan.height}
        ppg = res["pixels_per_grid"]
        assert _png_size(base64.b64decode(data["image"])) == (plan.width * ppg,
                                                             plan.height * ppg)
        _check_walls(data["line_of_sight"], plan.tiles != tiles.WALL)
        portals = {(p["position"]["x"], p["position"]["y"]) for p in data["portals"]}
        assert portals == {(d.x + 0.5, d.y + 0.5) for d in plan.doors}
        for portal in data["portals"]:
            assert {"position", "bounds", "rotation", "closed", "freestanding"} <= set(portal)
            assert len(portal["bounds"]) == 2
        assert all({"position", "range", "intensity", "color", "shadows"} <= set(light)
                   for light in data["lights"])


def _check_walls(lines: list[list[dict[str, int]]], open_: NDArray[np.bool_]) -> None:
    """Every unit step of every wall runs between rock (or the map's edge) and open ground,
    and there are as many steps as such edges: the walls are exactly the floor's faces."""
    padded = np.zeros((open_.shape[0] + 2, open_.shape[1] + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = open_
    steps = 0
    for line in lines:
        for a, b in itertools.pairwise(line):
            (x0, y0), (x1, y1) = (a["x"], a["y"]), (b["x"], b["y"])
            assert x0 == x1 or y0 == y1, line
            if y0 == y1:  # each unit edge between the rows above and below it
                for x in range(min(x0, x1), max(x0, x1)):
                    assert padded[y0, x + 1] != padded[y0 + 1, x + 1], (a, b)
                    steps += 1
            else:
                for y in range(min(y0, y1), max(y0, y1)):
                    assert padded[y + 1, x0] != padded[y + 1, x0 + 1], (a, b)
                    steps += 1
    edges = int((padded[:, 1:] != padded[:, :-1]).sum() + (padded[1:] != padded[:-1]).sum())
    assert steps == edges


BROWSER = next((shutil.which(name) for name in ("chromium", "chromium-browser",
                                                 "google-chrome") if shutil.which(name)), None)
PDFTOTEXT = shutil.which("pdftotext")


@pytest.mark.skipif(BROWSER is None or PDFTOTEXT is None,
                    reason="needs a headless browser and pdftotext: apt-get install chromium "
                           "poppler-utils")
@pytest.mark.parametrize("seed", FRESH[:2])
def test_the_html_page_prints_every_area_number_and_the_grouped_key(
    tmp_path: Path, seed: str
) -> None:
    """Chromium prints the page to PDF; page one (the map and its legend) holds every area's
    number, and the whole text holds every encounter's grouped monsters."""
    assert BROWSER is not None and PDFTOTEXT is not None
    depth = 3
    page = _gm(tmp_path, seed, depth, "html")
    pdf = tmp_path / "gm.pdf"
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    first = subprocess.run([PDFTOTEXT, "-f", "1", "-l", "1", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    whole = subprocess.run([PDFTOTEXT, str(pdf), "-"], check=True, capture_output=True,
                           text=True).stdout
    made = run_floor(Run.from_plan(seed), depth, furnished=False)
    assert made.dressing is not None
    areas = {a.id for a in build_areas(made.plan).areas}
    drawn = first.split("encounters.", 1)[1]  # after the title and the line of figures
    assert areas and areas <= {int(n) for n in re.findall(r"\d+", drawn)}
    flat = " ".join(whole.split())
    for encounter in made.dressing.encounters:
        for group in grouped(encounter.monsters, default_bestiary()):
            assert group.label in flat, group.label
        assert f"tactic {encounter.tactic}), {encounter.difficulty}" in flat


@pytest.mark.parametrize(("argv", "said"), [
    (["--seed", "a", "--depth", "11"], "outside the run's depths 1..10"),
    (["--depth", "2"], "name a run"),
    (["--code", "D10-NOPE", "--seed", "a"], "--code already holds the seed"),
])
def test_gm_refuses_a_floor_it_cannot_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    out = tmp_path / "never.html"
    assert main(["gm", *argv, "--out", str(out)]) == 2
    assert said in capsys.readouterr().err
    assert not out.exists()


def test_the_html_page_is_one_self_contained_file(tmp_path: Path) -> None:
    """No script, no outside file: the map is inline SVG and the style is in the page."""
    page = _gm(tmp_path, FRESH[2], 2, "html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 2
    assert not re.search(r"<script|<link|<img|\bsrc=|\bhref=|url\((?!#)", page)
    made = run_floor(Run.from_plan(FRESH[2]), 2, furnished=False)
    assert made.dressing is not None
    for encounter in made.dressing.encounters:
        for group in grouped(encounter.monsters, default_bestiary()):
            assert html.escape(group.label) in page
