"""Dressing rules pinned where a mutation run (issue 34, `make mutate`) found them loose: a room
a secret door opens into is never sealed as a vault, a shopkeeper's counter stands in the middle
of the shop, every stairs that is no dead end leads to the floor its direction says, and a
wolf pack is four strong."""

from __future__ import annotations

import pytest
from test_dressing_solvable import plan_from

from game.content.bestiary import default_bestiary
from game.dressing import vaults
from game.dressing.areas import Space, build_areas
from game.dressing.composer import Composer
from game.dressing.encounters import boss_area
from game.dressing.merchants import place_merchants
from game.dressing.model import DoorDressing
from game.dressing.stairs import dress_stairs
from game.floorplan import FloorPlan, Room
from game.seeds import Rng
from game.tables.engine import default_tables

BEHIND_A_SECRET = """
##########
#<...+.#.#
#....#.S>#
#....#.#.#
######.#.#
######.#.#
######.###
##########
"""
"""A closet one tile wide (column 6) behind a plain door from the arrival's room, with a secret
door in its east wall: the tile beyond its west side is wall, not the closet."""


def plain(point: tuple[int, int]) -> DoorDressing:
    return DoorDressing(point[0], point[1], "wooden", "simple", "unlocked", None, False,
                        "normal", False, (1,))


def vault_doors(drawn: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The doors of the vaults the dressing makes on `drawn` at depth 4 (vaults certain)."""
    monkeypatch.setattr(vaults, "VAULT_CHANCE", 1.0)
    plan = plan_from(drawn)
    space = Space(plan, build_areas(plan))
    doors = [plain((d.x, d.y)) for d in plan.doors]
    made = vaults.dress_vaults(plan, doors, [], space, 4, Rng(1))[2]
    return [vault.door for vault in made]


def mirrored(drawn: str) -> str:
    return "\n".join(row[::-1] for row in drawn.strip("\n").splitlines())


@pytest.mark.parametrize(("drawn", "door"), [(BEHIND_A_SECRET, (5, 1)),
                                            (mirrored(BEHIND_A_SECRET), (4, 1))],
                         ids=["secret door east of it", "secret door west of it"])
def test_a_closet_a_secret_door_opens_into_is_no_vault(
    drawn: str, door: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A vault is sealed by its key: a secret door into it would be a way round the lock."""
    assert vault_doors(drawn, monkeypatch) == []
    walled = drawn.replace("S", "#")  # without the secret door, the closet is a vault
    assert vault_doors(walled, monkeypatch) == [door]


class Always(Rng):
    """Every chance comes up: a peddler and a shop on the floor."""

    def chance(self, probability: float) -> bool:
        return True


def test_a_shopkeeper_stands_in_the_middle_of_the_shop() -> None:
    rows = ["#" * 13] + ["#" + "." * 11 + "#"] * 11 + ["#" * 13]
    rows[1] = "#<" + "." * 10 + "#"
    base = plan_from("\n".join(rows))
    plan = FloorPlan(base.generator, base.params, base.tiles, base.arrival, base.exits,
                     rooms=(Room(1, 0, 0, 13, 13),), stairs=base.stairs)
    space = Space(plan, build_areas(plan))
    merchants = place_merchants(space, (), 3, False, Always(5))
    shop = next(m for m in merchants if m.kind == "shop")
    assert (shop.x, shop.y) == (6, 6)


@pytest.mark.parametrize("depth", [2, 5])
def test_stairs_lead_to_the_floor_their_direction_says(depth: int) -> None:
    plan = plan_from("""
        ###############
        #<....+.......#
        #.....#.......#
        #######...>...#
        ###############
    """)
    dressed, _ = dress_stairs(plan, depth, Rng(depth), default_tables())
    ways = {"up": (depth - 1,), "down": (depth + 1,), "both": (depth - 1, depth + 1)}
    assert len(dressed) == 2
    for stair in dressed:
        assert not stair.dead_end
        assert stair.leads_to == ways[stair.direction], stair


@pytest.mark.parametrize("depth", [1, 4, 9])
def test_a_wolf_pack_is_four_strong_and_needs_room_for_four(depth: int) -> None:
    """The core of a pack is four (bought whole even on a tiny budget); an area with room for
    fewer gets no pack, and room for exactly four gets exactly four."""
    composer = Composer(default_bestiary(), depth, Rng(depth))
    party = composer.compose("wolf_pack", 1, room=4)
    assert len(party.members) == 4
    assert all(member.kind.role == "minion" for member in party.members)
    assert composer.compose("wolf_pack", 1, room=3).members == ()


def test_the_boss_takes_the_room_farthest_from_the_arrival() -> None:
    """Manhattan from the arrival to a room's centre: a room far east beats one less far south."""
    grid = [["#"] * 46 for _ in range(26)]
    boxes = {1: (1, 3, 5, 5), 2: (35, 1, 10, 10), 3: (1, 15, 10, 10)}  # x, y, w, h
    for x0, y0, w, h in boxes.values():
        for y in range(y0, y0 + h):
            grid[y][x0:x0 + w] = ["."] * w
    grid[5][2] = "<"
    base = plan_from("\n".join("".join(row) for row in grid))
    plan = FloorPlan(base.generator, base.params, base.tiles, base.arrival, base.exits,
                     rooms=tuple(Room(k, *box) for k, box in boxes.items()), stairs=base.stairs)
    found = boss_area(Space(plan, build_areas(plan)))
    assert found is not None and (found.x, found.y) == (35, 1)  # centre (40, 6): 38 + 1 away


def test_a_peddler_lays_out_three_to_five_wares_and_a_shop_six_to_nine() -> None:
    rows = ["#" * 27] + ["#" + "." * 12 + "#" + "." * 12 + "#"] * 11 + ["#" * 27]
    rows[1] = "#<" + rows[1][2:]
    base = plan_from("\n".join(rows))
    plan = FloorPlan(base.generator, base.params, base.tiles, base.arrival, base.exits,
                     rooms=(Room(1, 0, 0, 14, 13), Room(2, 13, 0, 14, 13)), stairs=base.stairs)
    counts: dict[str, set[int]] = {"peddler": set(), "shop": set()}
    for seed in range(60):
        space = Space(plan, build_areas(plan))
        for merchant in place_merchants(space, (), 4, False, Always(seed)):
            counts[merchant.kind].add(len(merchant.wares))
    assert counts == {"peddler": {3, 4, 5}, "shop": {6, 7, 8, 9}}


@pytest.mark.parametrize(("tiles_there", "sector"), [(24, True), (23, False)])
def test_a_block_of_24_open_tiles_is_a_sector_and_23_is_not(tiles_there: int,
                                                             sector: bool) -> None:
    """A roomless floor is cut into blocks of 20 x 14; a block with MIN_SECTOR (24) open tiles
    no pocket took is an area of its own (the fullest block always is)."""
    grid = [["#"] * 40 for _ in range(14)]
    for y in range(1, 13):
        grid[y][1:20] = ["."] * 19
    strip = [(x, y) for y in range(1, 13) for x in (20, 21)][:tiles_there]
    for x, y in strip:
        grid[y][x] = "."
    grid[1][1] = "<"
    plan = plan_from("\n".join("".join(row) for row in grid))
    areas = build_areas(plan).areas
    assert any(a.x == 20 and a.size == tiles_there for a in areas) == sector, areas
