"""The parts of the dressing pass one by one: bestiary, doors, stairs, contents, areas, encounter
composition and placement, the tables floors' own rolls, and the game master's text key."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import generators, tiles
from game.content.bestiary import (
    ROLES,
    BestiaryError,
    bestiary_path,
    default_bestiary,
    load_bestiary,
)
from game.dressing import areas as areas_module
from game.dressing import dress, dress_floor
from game.dressing.areas import BLOCK_H, BLOCK_W, Space, build_areas
from game.dressing.budget import FACTORS, xp_budget
from game.dressing.composer import (
    DEN_STRETCH,
    MAX_DEN_TRAPS,
    MAX_MONSTERS,
    SHAPES,
    SLOTS,
    TOLERANCE,
    Composer,
    Member,
    Party,
    holds_core,
)
from game.dressing.placement import closeness, nearest_first, place
from game.dressing.solvable import problems
from game.dressing.stairs import leads_to, roll_fitting
from game.export.textkey import text_key
from game.grids import find_boxes
from game.pathing import reachable
from game.seeds import Rng, dressing_rng
from game.tables import default_tables

TEMPLATES = ("battlefield_control", "commander_and_troops", "beasts_den", "battle_lines",
             "wolf_pack", "boss")

# --- bestiary --------------------------------------------------------------------------------



def test_the_bestiary_covers_every_role_at_every_depth() -> None:
    bestiary = default_bestiary()
    assert len(bestiary.kinds) >= 24
    for depth in range(1, 31):
        for role in ROLES:
            living = [k for k in bestiary.kinds if k.role == role and k.band_distance(depth) == 0]
            assert living, (depth, role)
    assert all(k.range > 0 for k in bestiary.kinds if k.role == "artillery")
    assert len({k.key for k in bestiary.kinds}) == len(bestiary.kinds)


ENTRY = """
[[monster]]
key = "rat"
name = "Rat"
role = "minion"
depth = [1, 3]
hp = 1
ac = 12
attack = 3
damage = "1d4"
speed = 6
xp = 25
opens_doors = false
glyph = "r"
colour = [1, 2, 3]
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('role = "minion"', None),
        ('role = "wizard"', "role = 'wizard' is not one of"),
        ("hp = 0", "hp = 0 is not a whole number >= 1"),
        ("depth = [4, 2]", "depth"),
        ('damage = "lots"', "damage"),
        ('glyph = "7"', "glyph"),
        ('glyph = "("', "glyph"),
        ("colour = [1, 2, 300]", "colour"),
        ("opens_doors = 1", "opens_doors"),
        ("wings = 2", "unknown field wings"),
        ('role = "artillery"', "range"),
    ],
)
def test_bad_entries_name_the_file_and_the_entry(
    tmp_path: Path, change: str, message: str | None
) -> None:
    name = change.partition(" =")[0]
    lines = [line for line in ENTRY.splitlines() if not line.startswith(f"{name} =")]
    path = tmp_path / "beasts.toml"
    path.write_text("\n".join([*lines, change]) + "\n", encoding="utf-8")
    if message is None:
        assert load_bestiary(path).get("rat").role == "minion"
        return
    with pytest.raises(BestiaryError, match=re.escape("beasts.toml: monster 1 (rat)")) as err:
        load_bestiary(path)
    assert message.split(" is ")[0] in str(err.value)


def test_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    for text, message in [
        ("key = [", "not valid TOML"),
        ("", "needs [[monster]]"),
        ("title = 'x'\n" + ENTRY, "unknown key title"),
        (ENTRY + ENTRY, "used twice"),
        (ENTRY.replace("xp = 25\n", ""), "missing field xp"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(BestiaryError, match=re.escape(message)):
            load_bestiary(path)


def test_another_bestiary_changes_no_door_key_stairs_or_contents(tmp_path: Path) -> None:
    """The independence rule: the bestiary feeds only the encounters."""
    text = bestiary_path().read_text(encoding="utf-8")
    text = text.replace("xp = 100\n", "xp = 110\n") + ENTRY.replace('"rat"', '"dire_rat"')
    path = tmp_path / "monsters.toml"
    path.write_text(text, encoding="utf-8")
    changed = load_bestiary(path)
    differ = 0
    for name in ("bsp", "power", "tables"):
        for seed in range(10):
            plan = generators.generate_floor(name, seed, 2, 60, 40)
            rng = dressing_rng(seed, 2, name)
            usual = dress(plan, rng, 2, {"boss": True})
            other = dress(plan, rng, 2, {"boss": True}, bestiary=changed)
            hidden = [t for t in usual.treasures if not t.hoard]  # a den's hoard is its own
            assert (usual.doors, usual.keys, usual.stairs, usual.contents, hidden) == (
                other.doors, other.keys, other.stairs, other.contents,
                [t for t in other.treasures if not t.hoard])
            assert problems(plan, other) == []
            differ += usual.encounters != other.encounters
    assert differ > 0


# --- doors, stairs, contents -----------------------------------------------------------------


def test_doors_get_their_types_and_reinforced_dcs() -> None:
    seen: Counter[str] = Counter()
    for seed in range(60):
        plan = generators.generate_floor("power", seed, 1, 80, 50)
        for d in dress_floor(plan, seed, 1).doors:
            seen[d.state] += 1
            seen["reinforced"] += d.reinforced
            seen[d.opening] += 1
            if d.reinforced:
                assert d.dc == (30 if d.material == "wooden" else 40)
            assert d.quality == "none" or d.material == "wooden"
    assert seen["unlocked"] and seen["stuck"] and seen["locked"] and seen["reinforced"]
    assert seen["slides_up"] and seen["slides_down"] and seen["slides_side"]


@pytest.mark.parametrize("want", ["up", "down"])
def test_stairs_rolls_fit_their_direction(want: str) -> None:
    rng = Rng(5)
    dead = 0
    for _ in range(500):
        roll, dead_ends = roll_fitting(want, rng, default_tables())
        assert roll.string("direction") in (want, "both") and not roll.flag("dead_end")
        assert all(d.flag("dead_end") for d in dead_ends)
        dead += len(dead_ends)
    assert 50 < dead < 200  # two dead-end faces of twenty, about 2/9 per fitting roll


def test_leads_to() -> None:
    assert leads_to("up", False, 3) == (2,)
    assert leads_to("down", False, 3) == (4,)
    assert leads_to("both", False, 3) == (2, 4)
    assert leads_to("down", True, 3) == ()


def test_every_stair_is_dressed_and_dead_ends_lie_in_areas() -> None:
    extra = 0
    for seed in range(100):
        plan = generators.generate_floor("cave", seed, 5, 60, 40)
        dressing = dress_floor(plan, seed, 5)
        placed = {s.point: s for s in dressing.stairs if s.placed}
        assert set(placed) == {(s.x, s.y) for s in plan.stairs}
        assert placed[plan.arrival].direction in ("up", "both")
        assert all(placed[p].direction in ("down", "both") for p in plan.exits)
        owner = build_areas(plan).owner
        for stair in dressing.stairs:
            if not stair.placed:
                extra += 1
                assert stair.dead_end and stair.leads_to == () and owner[stair.y, stair.x] > 0
    assert extra > 10


def test_contents_features_and_treasure() -> None:
    for seed in range(40):
        plan = generators.generate_floor("bsp", seed, 4, 80, 50)
        dressing = dress_floor(plan, seed, 4)
        assert [c.area for c in dressing.contents] == [a.id for a in dressing.areas]
        for c in dressing.contents:
            assert bool(c.minor or c.major) == c.features
            assert 1 <= len(c.minor) + len(c.major) <= 8 or not c.features
        rooms = {c.area for c in dressing.contents if c.treasure}
        assert {t.area for t in dressing.treasures if not t.hoard} == rooms
        assert all(20 * 4 * (1 + t.hoard) <= t.gold <= 120 * 4 * (1 + t.hoard)
                   for t in dressing.treasures)
        trapped = {c.area for c in dressing.contents if c.trap}
        assert {t.area for t in dressing.traps if t.source == "room"} == trapped
        doors = {d.point for d in dressing.doors if d.trapped}
        assert {t.point for t in dressing.traps if t.source == "door"} == doors
        assert all(t.hidden and t.search_dc >= 18 for t in dressing.traps)


def test_a_tables_floor_keeps_what_it_rolled() -> None:
    """Contents, corridor spots and stairs rolled while building are used, not rolled again."""
    plan = generators.generate_floor("bsp", 3, 1, 60, 40)
    room = plan.rooms[0]
    floor = [(int(x), int(y)) for y, x in zip(*np.nonzero(plan.tiles == 1), strict=True)]
    spot = next(p for p in floor if not any(r.contains(p) for r in plan.rooms))
    feature = next(p for p in floor if room.contains(p))
    extra = {
        "contents": {room.id: {"face": 82, "monster": False, "features": False,
                               "treasure": False, "trap": True}},
        "encounter_spots": [list(spot)],
        "stairs_rolled": [
            {"x": plan.arrival[0], "y": plan.arrival[1], "kind": "shaft", "direction": "both",
             "dead_end": False},
            {"x": feature[0], "y": feature[1], "kind": "stairs", "direction": "up",
             "dead_end": True},
        ],
    }
    tabled = replace(plan, extra=extra)
    dressing = dress_floor(tabled, 3, 1)
    first = dressing.contents[0]
    assert (first.face, first.text, first.trap, first.monster) == (82, "Trap only", True, False)
    corridor = [a for a in dressing.areas if a.source == "corridor"]
    assert len(corridor) == 1 and build_areas(tabled).owner[spot[1], spot[0]] == corridor[0].id
    stairs = {s.point: s for s in dressing.stairs}
    assert stairs[plan.arrival].kind == "shaft" and stairs[plan.arrival].leads_to == (0, 2)
    assert stairs[feature].dead_end and not stairs[feature].placed
    assert problems(tabled, dressing) == []


# --- areas -----------------------------------------------------------------------------------


def test_room_less_floors_are_cut_into_sectors_and_pockets() -> None:
    for seed in range(20):
        plan = generators.generate_floor("maze", seed, 1, 81, 51)
        amap = build_areas(plan)
        assert all(a.source == "sector" and a.w <= BLOCK_W and a.h <= BLOCK_H for a in amap.areas)
        assert len(amap.areas) >= 12
    pockets = 0
    for seed in range(40):
        plan = generators.generate_floor("cave", seed, 1, 80, 50)
        amap = build_areas(plan)
        assert [a.id for a in amap.areas] == list(range(1, len(amap.areas) + 1))
        for area in amap.areas:
            assert int((amap.owner == area.id).sum()) == area.size > 0
        pockets += sum(a.source == "pocket" for a in amap.areas)
    assert pockets > 0


def test_entrances_found_at_once_match_a_scan_of_each_area() -> None:
    """The whole-map pass finds what a scan of each area's grown box finds: every walkable
    tile outside the area beside one of its tiles, in reading order; and the distances to
    them are the brute-force Manhattan minimum."""
    for name in generators.names():
        for seed, (w, h) in enumerate(((80, 50), (41, 31), (200, 120), (24, 16))):
            plan = generators.generate_floor(name, seed, 1, w, h)
            amap = build_areas(plan)
            for area in amap.areas:
                inside = amap.owner == area.id
                beside = np.zeros_like(inside)
                beside[1:] |= inside[:-1]
                beside[:-1] |= inside[1:]
                beside[:, 1:] |= inside[:, :-1]
                beside[:, :-1] |= inside[:, 1:]
                ys, xs = np.nonzero(beside & ~inside & amap.walkable)
                expected = list(zip(xs.tolist(), ys.tolist(), strict=True))
                assert amap.entrances(area) == expected
                ay, ax = np.nonzero(inside)
                spots = np.stack((ax, ay), axis=1).astype(np.int64)
                dist = amap.gate_distance(area, spots)
                if not expected:
                    assert dist is None
                    continue
                gates = np.array(expected, dtype=np.int64)
                brute = np.abs(spots[:, None, :] - gates[None, :, :]).sum(axis=2).min(axis=1)
                assert dist is not None and dist.tolist() == brute.tolist()


def test_an_areas_free_tiles_are_its_untaken_floor_clear_of_the_arrival() -> None:
    """`Space.cells`: the area's plain floor tiles nothing holds, in reading order, the arrival
    and its ring left out unless asked for; a taken tile leaves the kept list."""
    for name in generators.names():
        plan = generators.generate_floor(name, 5, 1, 60, 40)
        amap = build_areas(plan)
        space = Space(plan, amap)
        ax, ay = plan.arrival
        ring = np.zeros(plan.tiles.shape, dtype=np.bool_)
        ring[max(0, ay - 1) : ay + 2, max(0, ax - 1) : ax + 2] = True
        for area in amap.areas:
            mine = (amap.owner == area.id) & (plan.tiles == tiles.FLOOR)
            assert list(space.cells(area, clear_of_arrival=False)) == np.flatnonzero(mine).tolist()
            assert list(space.cells(area)) == np.flatnonzero(mine & ~ring).tolist()
            cells = list(space.cells(area, clear_of_arrival=False))
            if cells:
                space.take(space.point(cells[len(cells) // 2]))
                mine.flat[cells[len(cells) // 2]] = False
                assert list(space.cells(area, clear_of_arrival=False)) == \
                    np.flatnonzero(mine).tolist()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(0, 2**32), st.floats(0.2, 0.9),
       st.integers(0, 6))
def test_blobs_are_the_components_a_flood_reaches_inside_their_boxes(
    width: int, height: int, seed: int, density: float, radius: int
) -> None:
    """Each blob owns exactly the tiles tcod's flood reaches from its point inside its box,
    less what an earlier blob took; its box and size are those of its tiles."""
    draws = np.random.default_rng(seed)
    open_ = draws.random((height, width)) < density
    points = [(int(draws.integers(width)), int(draws.integers(height))) for _ in range(3)]
    owner = np.zeros(open_.shape, dtype=np.int32)
    areas = areas_module._paint_blobs(open_, owner, [(p, radius) for p in points], 7, "pocket")
    left = open_.copy()
    expected_id = 7
    for x, y in points:
        if not left[y, x]:
            continue
        box = np.zeros_like(open_)
        box[max(0, y - radius) : y + radius + 1, max(0, x - radius) : x + radius + 1] = True
        mine = reachable(left & box, (x, y))
        assert (owner == expected_id).tolist() == mine.tolist()
        area = areas[expected_id - 7]
        rows, columns = np.nonzero(mine)
        assert (area.id, area.size, area.source) == (expected_id, len(rows), "pocket")
        assert (area.x, area.y) == (int(columns.min()), int(rows.min()))
        assert (area.w, area.h) == (int(np.ptp(columns)) + 1, int(np.ptp(rows)) + 1)
        left &= ~mine
        expected_id += 1
    assert len(areas) == expected_id - 7
    assert ((owner > 0) == (open_ & ~left)).all()


def test_sector_boxes_are_the_boxes_of_their_tiles() -> None:
    """A sector's box, read off the block grid, is the bounding box of the tiles it owns."""
    for name in ("cave", "maze"):
        for seed, (w, h) in enumerate(((80, 50), (41, 31), (133, 71), (24, 16))):
            amap = build_areas(generators.generate_floor(name, seed, 1, w, h))
            boxes = find_boxes(amap.owner)
            for area in amap.areas:
                if area.source == "sector":
                    rows, columns = boxes[area.id - 1] or (slice(0), slice(0))
                    assert (area.x, area.y, area.x + area.w, area.y + area.h) == (
                        columns.start, rows.start, columns.stop, rows.stop)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(("bsp", "power", "cave", "maze")),
    width=st.integers(5, 120),
    height=st.integers(5, 70),
    seed=st.integers(0, 2**32),
    boss=st.booleans(),
)
def test_any_size_dresses_soundly(name: str, width: int, height: int, seed: int,
                                  boss: bool) -> None:
    spec = generators.get(name)
    width, height = max(width, spec.min_width), max(height, spec.min_height)
    plan = generators.generate_floor(name, seed, 1, width, height)
    dressing = dress_floor(plan, seed, 1 + seed % 9, {"boss": boss})
    assert problems(plan, dressing) == []
    text_key(plan, dressing, "s", 1)


# --- composition and placement ---------------------------------------------------------------


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_is_whole_and_meets_its_budget_at_every_depth(template: str) -> None:
    """For any party, the core whole and the XP within 25% of the budget, or short only when
    full (sixteen monsters, or a den's four traps), or over only when the core at its cheapest
    costs more (then exactly that: weaker members, never a smaller template); a den's beast may
    cost DEN_STRETCH times the ceiling (or be the cheapest solo near), a boss its two courtiers."""
    bestiary = default_bestiary()
    short: set[tuple[int, str]] = set()
    for depth in range(1, 21):
        composer = Composer(bestiary, depth, Rng(depth))
        cheapest = sum(min(k.xp for k in composer.core_pool(SLOTS[name]))
                       for name in SHAPES[template].core)
        for difficulty in ("boss",) if template == "boss" else ("easy", "average", "hard"):
            for party_size in (1, 3):
                for _ in range(10):
                    budget = xp_budget(depth, difficulty, party_size)
                    party = composer.compose(template, budget, room=100)
                    high = (1 + TOLERANCE) * budget
                    full = len(party.members) == MAX_MONSTERS or party.traps == MAX_DEN_TRAPS
                    kinds = [m.kind.key for m in party.members]
                    placed = place(party, template, np.array([(x, 0) for x in range(100)]),
                                   np.arange(100), Rng(0)).monsters
                    assert holds_core(template, placed, bestiary), (depth, kinds)
                    if template == "beasts_den":
                        beast = party.members[0].kind.xp
                        assert beast <= high * DEN_STRETCH or beast == min(
                            k.xp for k in composer.core_pool(SLOTS["solo"])), (depth, kinds)
                        assert party.xp <= max(high, beast)
                    elif template != "boss":
                        assert party.xp <= high or party.xp == cheapest, (depth, kinds)
                    assert full or (1 - TOLERANCE) * budget <= party.xp, (
                        depth, difficulty, kinds)
                    if full and party.xp < (1 - TOLERANCE) * budget:
                        short.add((depth, template))
                    assert 1 <= len(party.members) <= MAX_MONSTERS
                    assert template == "boss" or all(  # a boss's court is its entry's
                        m.kind.depth_min <= depth for m in party.members), kinds
    assert all(depth >= 9 for depth, _ in short), short


def test_budgets_grow_with_depth_and_difficulty() -> None:
    assert xp_budget(1, "easy") < xp_budget(1, "average") < xp_budget(1, "hard")
    assert xp_budget(1, "hard") < xp_budget(1, "boss")
    assert xp_budget(5, "average") > xp_budget(1, "average")
    assert set(FACTORS) == {"easy", "average", "hard", "boss"}


def test_a_den_holds_one_solo_a_lesser_one_where_the_budget_is_small() -> None:
    """Floor 1's easy den cannot pay for a giant spider: a giant centipede keeps it, alone
    (traps only where the beast leaves budget)."""
    bestiary = default_bestiary()
    kinds: Counter[str] = Counter()
    for seed in range(200):
        party = Composer(bestiary, 1, Rng(seed)).compose("beasts_den", xp_budget(1, "easy"), 50)
        (member,) = party.members
        kinds[member.kind.key] += 1
        assert member.kind.role == "solo" and not member.elite
    assert kinds == Counter({"giant_centipede": 200})
    deep = Counter(Composer(bestiary, 10, Rng(seed)).compose(
        "beasts_den", xp_budget(10, "hard"), 50).members[0].kind.key for seed in range(200))
    assert {"hydra", "wyvern", "red_dragon"} <= set(deep), deep


def test_a_small_room_caps_the_party() -> None:
    bestiary = default_bestiary()
    party = Composer(bestiary, 3, Rng(1)).compose("wolf_pack", xp_budget(3, "hard", 3), 5)
    assert len(party.members) == 5 and party.cramped
    too_small = Composer(bestiary, 3, Rng(1)).compose("wolf_pack", xp_budget(3, "hard"), 3)
    assert too_small.members == (), "a pack of four does not shrink to fit three tiles"


def test_melee_stands_in_front_of_ranged() -> None:
    """Placement: the nearest tiles to the entrances for the melee, the farthest for the rest."""
    bestiary = default_bestiary()
    guard, archer = bestiary.get("goblin_guard"), bestiary.get("kobold_slinger")
    party = Party((Member(archer), Member(guard), Member(guard), Member(archer)), 0, 400)
    free = np.array([(x, 1) for x in range(1, 11)], dtype=np.int64)
    gate = np.abs(free[:, 0] - 0)  # an entrance at x = 0
    placed = place(party, "battle_lines", free, gate, Rng(3))
    assert sorted(m.x for m in placed.monsters if m.kind == "goblin_guard") == [1, 2]
    assert sorted(m.x for m in placed.monsters if m.kind == "kobold_slinger") == [9, 10]
    assert len(placed.rest) == 6


def test_a_pack_huddles() -> None:
    bestiary = default_bestiary()
    rat = bestiary.get("cave_rat")
    party = Party(tuple(Member(rat) for _ in range(9)), 0, 225)
    free = np.array([(x, y) for y in range(20) for x in range(20)], dtype=np.int64)
    placed = place(party, "wolf_pack", free, np.zeros(len(free), dtype=np.int64), Rng(4))
    xs = [m.x for m in placed.monsters]
    ys = [m.y for m in placed.monsters]
    assert max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 60), st.integers(0, 8), st.integers(0, 2**64 - 1))
def test_nearest_first_sorts_by_distance_and_breaks_ties_by_its_draw(
    count: int, far: int, seed: int
) -> None:
    """Every free tile once, distances never falling; the same draw, the same order."""
    draws = np.random.default_rng(seed)
    free = draws.integers(0, 50, size=(count, 2)).astype(np.int64)
    dist = draws.integers(0, far + 1, size=count).astype(np.int64)
    ordered = nearest_first(free, dist, Rng(seed))
    assert sorted(map(tuple, ordered.tolist())) == sorted(map(tuple, free.tolist()))
    again = nearest_first(free, dist, Rng(seed))
    assert ordered.tolist() == again.tolist()
    rows = {tuple(row): i for i, row in enumerate(free.tolist())}
    if len(rows) == count:
        steps = [int(dist[rows[tuple(row)]]) for row in ordered.tolist()]
        assert steps == sorted(steps)


def test_the_king_distance_of_free_tiles() -> None:
    free = np.array([(0, 0), (3, 1), (-2, 5)], dtype=np.int64)
    assert closeness(free, (1, 1)).tolist() == [1, 2, 4]


# --- the text key ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bsp", "power", "cave", "maze", "tables"])
def test_the_text_key_names_every_area_and_door_dc(name: str) -> None:
    for seed in range(5):
        plan = generators.generate_floor(name, seed, 2, 70, 44)
        dressing = dress_floor(plan, seed, 2, {"boss": seed == 0})
        text = text_key(plan, dressing, "s", 2)
        lines = text.splitlines()
        map_rows = [line[3:] for line in lines if re.match(r"^ *\d+ [#.]", line)][: plan.height]
        on_map = set(re.findall(r"\d+", "\n".join(map_rows)))
        off_map = re.search(r"Numbers not on the map: (.*)", text)
        listed = set(re.findall(r"(\d+) at", off_map.group(1))) if off_map else set()
        for area in dressing.areas:
            assert f"Area {area.id} - " in text
            assert str(area.id) in on_map | listed
        for door in dressing.doors:
            dc = f"break DC {door.dc}" if door.dc is not None else "no break DC"
            assert f"{door.point} {door.material}" in text
            assert any(f"{door.point} " in line and dc in line for line in lines)
        for encounter in dressing.encounters:
            assert f"Encounter {encounter.id}: " in text
        assert "GAME MASTER'S KEY" in lines[0]
