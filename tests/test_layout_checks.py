"""The invariant checker itself, on small hand-drawn floors: it must catch each fault."""

from __future__ import annotations

from game import layout_checks
from game.floorplan import Door, FloorPlan, Room, Stair, TeleporterPair
from game.tiles import from_ascii


def plan_of(text: str, **extra: object) -> FloorPlan:
    tiles = from_ascii(text)
    ys, xs = (tiles == 5).nonzero()
    arrival = (int(xs[0]), int(ys[0]))
    ys, xs = (tiles == 4).nonzero()
    exits = tuple((int(x), int(y)) for x, y in zip(xs, ys, strict=True))
    fields: dict[str, object] = {
        "generator": "test",
        "params": {},
        "tiles": tiles,
        "arrival": arrival,
        "exits": exits,
        "stairs": (Stair(*arrival, "up"), *(Stair(*p, "down") for p in exits)),
    }
    fields.update(extra)
    return FloorPlan(**fields)  # type: ignore[arg-type]


GOOD = """
#########
#<..#...#
#...+.>.#
#...#...#
#########
"""


def test_sound_floor_has_no_problems() -> None:
    rooms = (Room(0, 1, 1, 3, 3), Room(1, 5, 1, 3, 3))
    plan = plan_of(GOOD, doors=(Door(4, 2, "ew"),), rooms=rooms)
    assert layout_checks.problems(plan) == []


def test_open_border_is_caught() -> None:
    plan = plan_of(GOOD.replace("#<", ".<"), doors=(Door(4, 2, "ew"),))
    assert "the border is not closed wall" in layout_checks.problems(plan)


def test_unreachable_tiles_and_exit_are_caught() -> None:
    walled = GOOD.replace("+", "#")
    found = layout_checks.problems(plan_of(walled))
    assert any("unreachable" in p for p in found)
    assert any(p.startswith("way down") for p in found)


def test_door_not_in_wall_line_is_caught() -> None:
    text = """
#########
#<..+...#
#.....>.#
#...#...#
#########
"""
    found = layout_checks.problems(plan_of(text, doors=(Door(4, 1, "ew"),)))
    assert any("not in a wall line" in p for p in found)


def test_door_passage_must_match() -> None:
    found = layout_checks.problems(plan_of(GOOD, doors=(Door(4, 2, "ns"),)))
    assert any("passage 'ns'" in p for p in found)


def test_unlisted_door_is_caught() -> None:
    found = layout_checks.problems(plan_of(GOOD))
    assert any("door list and door tiles differ" in p for p in found)


TELE = """
#########
#<.^#.^>#
#...#...#
#########
"""


def test_teleporters_link_regions() -> None:
    pair = TeleporterPair((3, 1), (6, 1))
    assert layout_checks.problems(plan_of(TELE, teleporters=(pair,))) == []
    found = layout_checks.problems(plan_of(TELE))
    assert any("teleporter tiles and teleporter pairs differ" in p for p in found)
    assert any("unreachable" in p for p in found)


def test_teleporter_outside_rooms_is_caught() -> None:
    pair = TeleporterPair((3, 1), (6, 1))
    rooms = (Room(0, 1, 1, 2, 2), Room(1, 5, 1, 3, 2))
    found = layout_checks.problems(plan_of(TELE, teleporters=(pair,), rooms=rooms))
    assert found == ["teleporter end (3, 1) is not in a room"]
