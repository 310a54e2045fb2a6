"""Keys and the solvability checker on small hand-drawn floors, then the checker against a
tile-by-tile flood on generated floors with keys put right and keys put wrong."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from numpy.typing import NDArray

from game import generators, tiles
from game.dressing import dress_floor
from game.dressing.areas import Space, build_areas
from game.dressing.keys import _Picker, _spares, door_graph, door_walk, place_keys
from game.dressing.model import DoorDressing, Dressing, Key
from game.dressing.solvable import key_problems, problems, reach_problems, return_problems
from game.floorplan import Door, FloorPlan, Point, Stair, TeleporterPair
from game.pathing import reachable
from game.seeds import Rng


def plan_from(text: str) -> FloorPlan:
    """A plan from a drawing: `<` arrival, `>` ways down, `+` doors, `S` secret doors, `^`
    teleporters paired in reading order."""
    t = tiles.from_ascii(text)
    walk = tiles.walkable(t)
    points = {char: [(int(x), int(y)) for y, x in np.argwhere(t == tiles.CHAR_TO_ID[char])]
              for char in "<>+^S"}
    doors = tuple(
        Door(x, y, "ns" if walk[y - 1, x] and walk[y + 1, x] else "ew")
        for x, y in points["+"] + points["S"]
    )
    ends = points["^"]
    pairs = tuple(TeleporterPair(ends[i], ends[i + 1]) for i in range(0, len(ends) - 1, 2))
    (arrival,) = points["<"]
    return FloorPlan(
        "drawn", {}, t, arrival, tuple(points[">"]), doors=doors, teleporters=pairs,
        stairs=(Stair(*arrival, "up"), *(Stair(x, y, "down") for x, y in points[">"])),
    )


def door(point: Point, state: str = "unlocked", reinforced: bool = False) -> DoorDressing:
    dc = {"unlocked": None, "stuck": 13, "locked": 15}[state]
    return DoorDressing(point[0], point[1], "wooden", "simple", state, 30 if reinforced else dc,
                        False, "normal", reinforced, (1,))


def dressed(plan: FloorPlan, doors: list[DoorDressing], keys: list[Key]) -> Dressing:
    by_key: dict[Point, int] = {}
    for k in keys:
        by_key.setdefault(k.door, k.id)  # a door names its first key; later ones are spares
    doors = [replace(d, key=by_key.get(d.point)) for d in doors]
    return Dressing(1, "4e", False, (), tuple(doors), (), (), tuple(keys), (), (), ())


def keyed(plan: FloorPlan, doors: list[DoorDressing], seed: int = 1) -> Dressing:
    """Doors as given; keys placed by the dressing pass."""
    space = Space(plan, build_areas(plan))
    doors, keys = place_keys(plan, doors, Rng(seed), space)
    return Dressing(1, "4e", False, (), tuple(doors), (), (), tuple(keys), (), (), ())


def firsts(dressing: Dressing) -> list[Key]:
    """The keys the doors name (the way down); the rest are spares for the way back."""
    named = {d.key for d in dressing.doors}
    return [k for k in dressing.keys if k.id in named]


def spares(dressing: Dressing) -> list[Key]:
    named = {d.key for d in dressing.doors}
    return [k for k in dressing.keys if k.id not in named]


CORRIDOR = """
###########
#<...+...>#
###########
"""


def test_a_key_on_the_near_side_opens_the_way() -> None:
    plan = plan_from(CORRIDOR)
    assert reach_problems(plan, dressed(plan, [door((5, 1), "locked")], [])) != []
    assert reach_problems(plan, dressed(plan, [door((5, 1), "locked")],
                                        [Key(1, 2, 1, (5, 1))])) == []
    assert reach_problems(plan, dressed(plan, [door((5, 1), "locked")],
                                        [Key(1, 3, 1, (5, 1))])) == []


def test_a_key_behind_its_own_door_is_reported() -> None:
    plan = plan_from(CORRIDOR)
    found = reach_problems(plan, dressed(plan, [door((5, 1), "locked")], [Key(1, 7, 1, (5, 1))]))
    assert any("way down" in line for line in found)
    assert any("key 1" in line for line in found)


def test_a_reinforced_door_needs_its_key_even_unlocked() -> None:
    plan = plan_from(CORRIDOR)
    held = door((5, 1), "unlocked", reinforced=True)
    assert reach_problems(plan, dressed(plan, [held], []))
    assert reach_problems(plan, dressed(plan, [held], [Key(1, 1, 1, (5, 1))])) == []
    placed = keyed(plan, [held])
    (key,) = firsts(placed)
    assert key.x < 5 and placed.doors[0].key == key.id
    (spare,) = spares(placed)
    assert spare.door == (5, 1) and spare.x > 5, "the way back has its own key"


@pytest.mark.parametrize("state", ["unlocked", "stuck"])
def test_stuck_and_trapped_doors_let_the_player_through(state: str) -> None:
    plan = plan_from(CORRIDOR)
    trapped = replace(door((5, 1), state), trapped=True)
    assert reach_problems(plan, dressed(plan, [trapped], [])) == []
    assert keyed(plan, [trapped]).keys == ()


def test_the_way_back_needs_a_key_on_the_way_down_side() -> None:
    # a hero who fell through a trapdoor past this floor comes up at > with no keys
    plan = plan_from(CORRIDOR)
    near_only = dressed(plan, [door((5, 1), "locked")], [Key(1, 2, 1, (5, 1))])
    assert reach_problems(plan, near_only) == []
    assert return_problems(plan, near_only) == [
        "the arrival cannot be reached back from the way down at (9, 1)"]
    both = dressed(plan, [door((5, 1), "locked")], [Key(1, 2, 1, (5, 1)), Key(2, 8, 1, (5, 1))])
    assert return_problems(plan, both) == []


SECRET_ONLY = """
###########
#<...S...>#
###########
"""

SECRET_SHORTCUT = """
###########
#<...S...>#
#.#######.#
#....+....#
###########
"""


def test_a_secret_door_is_a_wall_to_the_proof() -> None:
    """The player may never find it: a floor whose only way is a secret door is unsolvable."""
    plan = plan_from(SECRET_ONLY)
    found = reach_problems(plan, dressed(plan, [door((5, 1))], []))
    assert "the way down at (9, 1) cannot be reached from the arrival" in found


def test_keys_never_count_on_a_secret_door() -> None:
    plan = plan_from(SECRET_SHORTCUT)
    doors = [door((5, 1), "locked"), door((5, 3), "locked")]
    for seed in range(20):
        placed = keyed(plan, doors, seed)
        assert [k.door for k in firsts(placed)] == [(5, 3)], "the secret door needs no key"
        assert all(k.x < 5 for k in firsts(placed)), "its key lies on the arrival's side"
        assert reach_problems(plan, placed) == [] and return_problems(plan, placed) == []
    through_secret = dressed(plan, doors, [Key(1, 7, 1, (5, 3))])
    assert reach_problems(plan, through_secret) != [], "a key behind the secret door is lost"


def test_power_floors_with_many_secret_doors_are_solvable() -> None:
    spec = generators.get("power")
    hidden = 0
    for seed in range(40):
        plan = spec.generate(Rng(seed), 80, 50, {"secret": "0.5"})
        hidden += int((plan.tiles == tiles.SECRET_DOOR).sum())
        assert problems(plan, dress_floor(plan, seed, 1 + seed % 10)) == [], seed
    assert hidden > 100


STAIRS_CLOSET = """
#######
#<..+>#
#######
"""


def test_with_no_free_tile_by_the_way_down_the_spare_lies_on_the_stairs() -> None:
    plan = plan_from(STAIRS_CLOSET)
    placed = keyed(plan, [door((4, 1), "locked")])
    assert [k.point for k in spares(placed)] == [(5, 1)]
    assert return_problems(plan, placed) == [] and key_problems(plan, placed) == []


LOOP = """
###########
#<..+...>.#
#.#######.#
#.........#
###########
"""


def test_a_locked_door_with_a_way_around_gets_no_key() -> None:
    plan = plan_from(LOOP)
    shut = [door((4, 1), "locked")]
    assert reach_problems(plan, dressed(plan, shut, [])) == []
    assert keyed(plan, shut).keys == ()


CHAIN = """
##############
#<..+..+..+.>#
##############
"""


def test_a_chain_of_locked_doors_gets_keys_in_order() -> None:
    plan = plan_from(CHAIN)
    shut = [door((4, 1), "locked"), door((7, 1), "stuck"), door((10, 1), "locked", True)]
    for seed in range(20):
        placed = keyed(plan, shut, seed)
        first, second = firsts(placed)
        assert first.door == (4, 1) and first.x < 4
        assert second.door == (10, 1) and second.x < 10
        back = spares(placed)
        assert [k.door for k in back] == [(10, 1), (4, 1)], "the way back, in the order met"
        assert back[0].x > 10 and 4 < back[1].x < 10
        assert reach_problems(plan, placed) == [] and key_problems(plan, placed) == []
        assert return_problems(plan, placed) == []
    # Swapping the two keys puts each behind a door that needs the other.
    placed = keyed(plan, shut)
    a, b = firsts(placed)
    swapped = dressed(plan, shut, [Key(1, 11, 1, a.door), Key(2, 2, 1, b.door)])
    assert reach_problems(plan, swapped)


CLOSET = """
#####
#<###
#+###
#..>#
#####
"""


def test_an_arrival_closet_gets_its_key_on_the_arrival() -> None:
    plan = plan_from(CLOSET)
    placed = keyed(plan, [door((1, 2), "locked")])
    assert [k.point for k in firsts(placed)] == [(1, 1)]
    assert reach_problems(plan, placed) == [] and return_problems(plan, placed) == []


DOUBLE_DOOR = """
#########
#<.++..>#
#########
"""


def test_doors_side_by_side() -> None:
    plan = plan_from(DOUBLE_DOOR)
    shut = [door((3, 1), "stuck"), door((4, 1), "locked")]
    assert reach_problems(plan, dressed(plan, shut, []))
    placed = keyed(plan, shut)
    assert [k.door for k in firsts(placed)] == [(4, 1)] and placed.keys[0].x < 3
    assert [k.door for k in spares(placed)] == [(4, 1)] and spares(placed)[0].x > 4
    assert reach_problems(plan, placed) == [] and return_problems(plan, placed) == []


TELEPORT = """
#############
#<.^#####^+.>#
#############
"""


def test_teleporters_carry_the_walk_and_the_key() -> None:
    plan = plan_from(TELEPORT)
    shut = [door((10, 1), "locked")]
    assert reach_problems(plan, dressed(plan, shut, [Key(1, 2, 1, (10, 1))])) == []
    placed = keyed(plan, shut)
    assert placed.keys[0].point == (2, 1)  # the only free floor tile this side of the door
    no_link = replace(plan, teleporters=())
    assert reach_problems(no_link, dressed(no_link, [], []))


def test_bad_key_records_are_reported() -> None:
    plan = plan_from(CHAIN)
    shut = [door((4, 1), "locked"), door((7, 1)), door((10, 1), "locked")]
    assert key_problems(plan, dressed(plan, shut, [Key(1, 2, 1, (7, 1))]))  # an unlocked door
    two = dressed(plan, shut, [Key(1, 2, 1, (4, 1)), Key(2, 3, 1, (4, 1))])
    assert key_problems(plan, two) == [], "a spare is allowed"
    misnamed = replace(two, doors=tuple(replace(d, key=2) if d.point == (4, 1) else d
                                        for d in two.doors))
    assert any("is its first" in line for line in key_problems(plan, misnamed))
    assert key_problems(plan, dressed(plan, shut, [Key(1, 4, 1, (4, 1))]))  # on the door
    assert key_problems(plan, dressed(plan, shut, [Key(3, 2, 1, (4, 1))]))  # ids not 1..n


def oracle(plan: FloorPlan, dressing: Dressing) -> NDArray[np.bool_]:
    """Tile floods: walk with the shut doors as walls, pick up every key reached, open its door,
    flood again, until no new key turns up."""
    walk = tiles.walkable(plan.tiles)
    shut = {d.point for d in dressing.doors if d.held_shut}
    held: set[Point] = set()
    while True:
        mask = walk.copy()
        for x, y in shut - held:
            mask[y, x] = False
        reach = reachable(mask, plan.arrival, plan.teleporters)
        found = {k.door for k in dressing.keys if reach[k.y, k.x]} - held
        if not found:
            return reach
        held |= found


def oracle_ok(plan: FloorPlan, dressing: Dressing) -> bool:
    open_floor = tiles.walkable(plan.tiles) & (plan.tiles != tiles.DOOR)
    return bool(oracle(plan, dressing)[open_floor].all())


@pytest.mark.parametrize("name", ["power", "bsp", "tables"])
def test_the_checker_agrees_with_tile_floods(name: str) -> None:
    """Right keys: both say solvable. Each key moved to a random open tile: both agree."""
    rng = Rng(99)
    moved = 0
    for seed in range(120):
        plan = generators.generate_floor(name, seed, 1, 50, 32)
        dressing = dress_floor(plan, seed, 1)
        assert oracle_ok(plan, dressing) and reach_problems(plan, dressing) == []
        if not dressing.keys:
            continue
        ys, xs = np.nonzero(plan.tiles == tiles.FLOOR)
        keys = list(dressing.keys)
        k = rng.below(len(keys))
        spot = rng.below(len(xs))
        keys[k] = replace(keys[k], x=int(xs[spot]), y=int(ys[spot]))
        broken = replace(dressing, keys=tuple(keys))
        assert oracle_ok(plan, broken) == (reach_problems(plan, broken) == [])
        moved += not oracle_ok(plan, broken)
    assert moved > 0  # some moves did strand the floor, so the comparison can fail


def _no_pick(fallback: Point, start: int) -> _Picker:
    raise AssertionError(f"a spare key was placed for the way down at {fallback}")


@pytest.mark.parametrize("name", ["power", "bsp", "tables"])
def test_a_way_down_the_arrival_reaches_before_its_first_key_needs_no_spare(name: str) -> None:
    """place_keys skips the walk back from a way down that the arrival's walk reaches before
    it places its first key: that walk grows the same way and finds every key on its own side.
    Checked by taking the walk anyway: no spare, and not a draw."""
    checked = 0
    for seed in range(160):
        plan = generators.generate_floor(name, seed, 1, 80, 50)
        dressing = dress_floor(plan, seed, 1)
        if not dressing.keys:
            continue
        doors = list(dressing.doors)
        shut = [door.held_shut for door in doors]
        graph = door_graph(plan, [door.point for door in doors], build_areas(plan).open)
        walk = door_walk(graph, shut)
        next(walk.grow(graph.region(plan.arrival)), None)
        home = [way for way in plan.exits if walk.reached[graph.region(way)]]
        if not home:
            continue
        key_regions: dict[Point, list[int]] = {}
        for key in dressing.keys:
            key_regions.setdefault(key.door, []).append(graph.region(key.point))
        rng, space = Rng(seed), Space(plan, build_areas(plan))
        for way in home:
            found = _spares(graph, shut, doors, way, len(dressing.keys), key_regions, rng, space,
                            _no_pick)
            assert found == []
        assert rng.consumed == 0
        checked += 1
    assert checked >= 2, "too few floors took the shortcut to test it"
