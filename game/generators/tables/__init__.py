"""tables: a floor rolled on the dice tables of the pen-and-paper random dungeon method (seed 002).

The method: an entrance (a pre-made chamber with the stairs down into the dungeon, or a random
corridor or chamber); a corridor attached to every open exit and rolled on Corridors; a corridor
that ends in a chamber rolls the chamber's size and shape, its exits (each a door or a corridor),
its stairs and its contents. Growth stops once the floor holds a character level's worth of
encounters for the ruleset per 80x50 tiles (scaled by the map's area, so a big map is filled as
densely as a small one); cleanup then connects or removes dead ends. One square is one tile and
corridors are one tile wide.

The parts, by job: `site` is the map being dug with no dice in it (may a corridor go here,
where does a chamber of this outline fit) and `shapes` the chamber outlines and drawn entrances;
`dungeon` is the walk's state on the site; `walk` lays the entrance and runs the loop,
`corridors` grows open ends, `chambers` places chambers, `exits` adds exits and stairs and finds
the way down, and `cleanup` connects or removes dead ends; `rolls` rolls the structure tables.

Stairs: the arrival is a stairs-up tile; the way down is the farthest rolled real way down, if it
is far enough from the arrival, else new stairs down in the chamber farthest from the arrival.
Every Stairs result is listed in `extra["stairs_rolled"]`, kept by cleanup and drawn with its
kind's tile (stairs up or down, trapdoor with ladder, shaft; dead ends look like stairs): the
dressing gives each its kind and the game lets the real ones be used.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Final

from game.floorplan import Door, FloorPlan, ParamValue, Stair
from game.generators.common import GeneratorSpec
from game.generators.tables.cleanup import bounds, clean_up
from game.generators.tables.dungeon import Dungeon
from game.generators.tables.exits import way_down
from game.generators.tables.walk import BUDGETS, ENTRANCE_BUILDERS, budget_for, generate
from game.params import Param
from game.seeds import Rng
from game.tables import default_tables

MIN_WIDTH: Final = 24
MIN_HEIGHT: Final = 16
"""The largest entrance (11 x 9 with its walls, either way round) with room for corridors."""


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """Entrance, growth to the encounter budget, the way down, cleanup."""
    SPEC.check_size(width, height)
    budget = budget_for(str(params["ruleset"]), width, height)
    dungeon = Dungeon(rng, width, height, default_tables())
    ENTRANCE_BUILDERS[str(params["entrance"])](dungeon)
    generate(dungeon, budget)
    down = way_down(dungeon, *bounds(dungeon))
    if params["cleanup"]:
        clean_up(dungeon)
    arrival = dungeon.xy(dungeon.arrival)
    w = dungeon.width
    doors = sorted([(i % w, i // w, passage) for i, passage in dungeon.doors.items()])
    return FloorPlan(
        generator=SPEC.name,
        params=dict(params),
        tiles=dungeon.tiles,
        arrival=arrival,
        exits=(down,),
        rooms=tuple(dungeon.rooms),
        doors=tuple(Door(x, y, passage) for x, y, passage in doors),
        stairs=(Stair(*arrival, "up"), Stair(*down, "down")),
        extra={
            "contents": dict(sorted(dungeon.contents.items())),
            "encounter_spots": sorted(list(dungeon.xy(i)) for i in dungeon.spots),
            "stairs_rolled": sorted(dungeon.stairs, key=itemgetter("x", "y")),  # whole numbers
            "budget": budget,
            "encounters": dungeon.monsters + len(dungeon.spots),
            "entrance_room": None if params["entrance"] == "corridor" else 0,
        },
    )


SPEC: Final = GeneratorSpec(
    name="tables",
    summary="the pen-and-paper method: entrance, corridors and chambers rolled on dice tables",
    build=build,
    params=(
        Param(
            "ruleset",
            "4e",
            "encounters in one level: 4e 10, 3.5 13, pathfinder 13/20/40 (fast/medium/slow)",
            choices=tuple(BUDGETS),
        ),
        Param(
            "entrance",
            "premade",
            "a pre-made entrance chamber, or a random corridor or chamber",
            choices=("premade", "corridor", "chamber"),
        ),
        Param("cleanup", True, "connect or remove dead ends and hanging corridors"),
    ),
    min_width=MIN_WIDTH,
    min_height=MIN_HEIGHT,
)
