"""The game master's text key says what the JSON export says (issue 13 item 11), and every
stairs entry is drawn with its own tile in the export and in the game alike (issue 15 item 3)."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from game import generators, pipeline, tiles
from game.cli import main
from game.content.features import feature_kind
from game.export.floorjson import dressed_floor_to_dict
from game.run.recipe import ALL_DRESSING, FloorRecipe
from game.seeds import seed_from_text
from game.world.build import furnish

SEEDS = ("hello", "gm-1", "gm-2", "gm-3")
POINT = r"\((\d+), (\d+)\)"


def _exports(capsys: pytest.CaptureFixture[str], name: str, seed: str) -> tuple[str, Any]:
    """`run.py generate` of depth 2 as the text key and as JSON."""
    argv = ["generate", "--generator", name, "--seed", seed, "--depth", "2"]
    found = []
    for form in ("text", "json"):
        assert main([*argv, "--format", form]) == 0
        found.append(capsys.readouterr().out)
    return found[0], json.loads(found[1])


def _point(match: re.Match[str], first: int = 1) -> tuple[int, int]:
    return (int(match.group(first)), int(match.group(first + 1)))


def _section(text: str, title: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("name", generators.names())
def test_the_text_key_matches_the_json(capsys: pytest.CaptureFixture[str], name: str) -> None:
    for seed in SEEDS:
        text, data = _exports(capsys, name, seed)
        where = f"{name} {seed!r}"
        keys = {k["id"]: k for k in data["keys"]}
        # every key line names the key's own place and door
        listed = {(int(m[1]), (int(m[2]), int(m[3])), (int(m[4]), int(m[5])))
                  for m in re.finditer(rf"Key (\d+) at {POINT}: opens the door at {POINT}", text)}
        assert listed == {(k["id"], (k["x"], k["y"]), tuple(k["door"])) for k in keys.values()}
        # every door names its key (and the spares) where the JSON has them
        for door in data["doors"]:
            line = next(raw for raw in text.splitlines()
                        if re.match(rf"\s+(Door )?\({door['x']}, {door['y']}\) ", raw))
            named = {(int(m[1]), _point(m, 2)) for m in re.finditer(rf"key (\d+) at {POINT}",
                                                                      line)}
            opening = {(k["id"], (k["x"], k["y"])) for k in keys.values()
                       if tuple(k["door"]) == (door["x"], door["y"])}
            assert named == opening, f"{where}: {line}"
            if door["key"] is not None:
                key = keys[door["key"]]
                assert f"key {key['id']} at ({key['x']}, {key['y']})" in line, f"{where}: {line}"
        # every stairs
        stairs = {_point(m): m.group(3) for raw in _section(text, "STAIRS")
                  if (m := re.match(rf"\s+{POINT} [a-z ]+: (.*), leads to ", raw))}
        assert stairs == {(s["x"], s["y"]): s["text"] for s in data["stairs"]}, where
        # every feature, with its glyph
        features = Counter((m[1], m[2], m[3].lower(), m[4]) for m in re.finditer(
            r"Feature at (\(\d+, \d+\)): (\S) (.+) \(([a-z]+)\)$", text, re.MULTILINE))
        assert features == Counter(
            (f"({f['x']}, {f['y']})", feature_kind(f["name"]).glyph, f["name"].lower(),
             f["effect"]) for f in data["features"]), where
        # every encounter and each of its monsters
        encounters = {int(m[1]): (m[2], m[3]) for m in re.finditer(
            r"Encounter (\d+): .+ \(tactic (\w+)\), (\w+) \(XP", text)}
        assert encounters == {e["id"]: (e["tactic"], e["difficulty"])
                              for e in data["encounters"]}, where
        monsters = Counter((m[2], _point(p)) for m in re.finditer(
            r"^    (\d+) x .+ \((\w+)\) \S at (.+)$", text, re.MULTILINE)
            for p in re.finditer(POINT, m[3]))
        assert monsters == Counter((m["role"], (m["x"], m["y"])) for e in data["encounters"]
                                   for m in e["monsters"]), where
        _check_map(text, data, where)


def _check_map(text: str, data: Any, where: str) -> None:
    """The key's map shows the JSON's tiles, with each feature's glyph where nothing else
    stands on it."""
    mapped = text.split("\nSTAIRS\n", maxsplit=1)[0]  # the map's rows, before the listing
    rows = [line for line in mapped.splitlines() if re.match(r"^\s*\d+ [^ ]", line)]
    height = data["height"]
    grid = [line[-data["width"]:] for line in rows[-height:]]
    things = {(m["x"], m["y"]) for e in data["encounters"] for m in e["monsters"]}
    things |= {(k["x"], k["y"]) for k in data["keys"]}
    things |= {(t["x"], t["y"]) for t in data["traps"]} | {(t["x"], t["y"])
                                                            for t in data["treasure"]}
    for stair in data["stairs"]:
        x, y = stair["x"], stair["y"]
        if (x, y) not in things:
            assert grid[y][x] == data["tiles"][y][x], f"{where}: stairs at {(x, y)}"
    for feature in data["features"]:
        x, y = feature["x"], feature["y"]
        if (x, y) not in things:
            assert grid[y][x] == feature_kind(feature["name"]).glyph, f"{where}: {feature}"


def test_the_issue_s_door_names_the_key_that_lies_on_its_floor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's example: a door with a spare key named the spare as its own key."""
    assert main(["generate", "--generator", "power", "--seed", "hello", "--depth", "2",
                 "--height", "45", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["generate", "--generator", "power", "--seed", "hello", "--depth", "2",
                 "--height", "45", "--format", "text"]) == 0
    text = capsys.readouterr().out
    keys = {k["id"]: k for k in data["keys"]}
    for door in data["doors"]:
        if door["key"] is not None:
            key = keys[door["key"]]
            assert re.search(rf"\({door['x']}, {door['y']}\) .*; key {key['id']} at "
                             rf"\({key['x']}, {key['y']}\)", text)


STAIRS_TILES = {
    tiles.stairs_tile(kind, direction)
    for kind in ("stairs", "trapdoor_ladder", "shaft") for direction in ("up", "down")
}


@pytest.mark.parametrize("name", generators.names())
def test_every_stairs_entry_is_drawn_with_its_kind_in_the_export_and_the_game(name: str) -> None:
    for number in range(12):
        seed = seed_from_text(f"stairs-{number}")
        for depth in (1, 2, 5):
            recipe = FloorRecipe(depth, name, 90, 60, (), ALL_DRESSING)
            plan = pipeline.layout(recipe, seed)
            dressing = pipeline.dress(recipe, plan, seed, boss=None)
            data = dressed_floor_to_dict(plan, dressing, "s", depth)
            floor = furnish(recipe, plan, dressing, seed)
            assert data["stairs"]
            for stair in data["stairs"]:
                x, y = stair["x"], stair["y"]
                char = data["tiles"][y][x]
                drawn = tiles.CHAR_TO_ID[char]
                assert drawn in STAIRS_TILES, f"{name} {number} {depth}: {stair} on {char!r}"
                assert drawn == tiles.stairs_tile(stair["stair_kind"], stair["direction"])
                assert int(floor.tiles[y, x]) == drawn
                assert data["legend"][char]["name"] == str(tiles.TILES[drawn]["name"])


def test_the_key_says_what_a_corridor_encounter_is(capsys: pytest.CaptureFixture[str]) -> None:
    """A tables floor's corridor areas are the Corridors table's Random Encounter row: the key
    says so, and whether the corridor goes on past it, as the row's `continues` says; a floor
    without corridor areas says nothing of it."""
    from game.tables import default_tables

    row = next(r for r in default_tables().table("corridors").rows
               if r.fields.get("kind") == "encounter")
    text, data = _exports(capsys, "tables", "hello")
    assert "corridor where a random encounter waits" in text and data["areas"]
    note = " ".join(line for line in text.splitlines() if line and not line.startswith(" "))
    ends = "the corridor ends there" if row.fields["continues"] == 0 else "goes on past it"
    assert f'"{row.text}" row (d20 {row.faces})' in note and ends in note
    cave, _ = _exports(capsys, "cave", "hello")
    assert "Corridor areas come from" not in cave
