"""Cave: cellular-automaton caverns (RogueBasin's "4-5 rule" with the open-cave 5x5 term).

Noise is smoothed in two phases: first "wall if the 3x3 block holds >= 5 walls or the 5x5 block
holds <= 2" (the second term seeds pillars in what would become huge empty halls), then the 3x3
rule alone to smooth the pillars away. The largest pocket is the cave; pockets too small to matter
are filled in, and the others are joined to it by a dug tunnel or a teleporter pair. The arrival
sits near one end of the long axis and the way down on the tile farthest from it by walking.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import FloorPlan, ParamValue, Point, Stair, TeleporterPair
from game.generators.common import GeneratorSpec, blank
from game.grids import label4, run_boxes, taxicab_distance
from game.params import Param
from game.pathing import UNREACHED, to_yx
from game.pathing.pockets import Box, walk_with_pockets
from game.seeds import Rng

Mask = NDArray[np.bool_]
Labels = NDArray[np.int32]
RegionInfo = tuple[int, int, int]  # (x, y, size) of one kept pocket
Link = tuple[TeleporterPair, Box]
"""A teleporter pair (near end in the home region) and the bounding box of its far region."""

FILL_SCALES = (1.0, 1.0, 2 / 3, 1 / 3)
"""Fill multiplier per attempt: the given fill twice, then thinner noise; after that, open space."""

NEAR_CENTRE = 4
"""How far around a pocket's centre `region_summary` looks before it looks at the whole box."""

PARAMS = (
    Param("fill", 0.43, "share of wall in the starting noise", 0.3, 0.55),
    Param("passes1", 4, "smoothing passes with the open-cave (5x5 <= 2) term", 0, 10),
    Param("passes2", 3, "smoothing passes of the 3x3 rule alone", 0, 10),
    Param("min_region", 16, "smallest pocket worth keeping, in tiles; smaller ones are filled",
          1, 1_000_000),
    Param("teleporter_chance", 0.2,
          "chance a kept pocket is joined by a teleporter pair instead of a tunnel", 0.0, 1.0),
)


def seal(wall: Mask) -> Mask:
    """Force the outer ring to wall (in place) and return the mask."""
    wall[0, :] = wall[-1, :] = True
    wall[:, 0] = wall[:, -1] = True
    return wall


def smooth(wall: Mask, passes1: int, passes2: int) -> Mask:
    """The two-phase rule: `passes1` of "3x3 >= 5 or 5x5 <= 2", then `passes2` of "3x3 >= 5",
    counting walls in the block around each tile, itself included; outside the map is wall.

    A sealed border stays sealed by the rule itself: each border tile's 3x3 block holds at least
    three outside tiles and three border walls."""
    walls = np.ones((wall.shape[0] + 4, wall.shape[1] + 4), dtype=np.uint8)  # 2 outside rings
    inside = walls[2:-2, 2:-2]
    inside[...] = wall
    for step in range(passes1 + passes2):
        rule = block_walls(walls, 1) >= 5
        if step < passes1:
            rule |= block_walls(walls, 2) <= 2
        inside[...] = rule
    smoothed: Mask = inside.astype(np.bool_)
    return smoothed


def block_walls(walls: NDArray[np.uint8], reach: int) -> NDArray[np.uint8]:
    """The walls (1s) in the square block `reach` tiles around each tile of a map given with
    two rings of outside wall: a sum down the columns, then along the rows."""
    height, width = walls.shape[0] - 4, walls.shape[1] - 4
    offsets = range(2 - reach, 3 + reach)
    columns = np.zeros((height, width + 4), dtype=np.uint8)
    for dy in offsets:
        columns += walls[dy : dy + height]
    blocks = np.zeros((height, width), dtype=np.uint8)
    for dx in offsets:
        blocks += columns[:, dx : dx + width]
    return blocks


def pockets(
    rng: Rng, width: int, height: int, fill: float, passes1: int, passes2: int
) -> tuple[Labels, NDArray[np.int64], int]:
    """Labelled open pockets, their sizes (index 0 unused) and the main one's label.

    A main pocket under max(24 tiles, a twentieth of the interior), capped at a quarter of the
    interior, is bad luck: retry from the same stream, then with thinner noise, and at last fall
    back to one open chamber so no floor is ever tiny."""
    interior = (width - 2) * (height - 2)
    least = min(interior // 4, max(24, interior // 20))
    for scale in FILL_SCALES:
        noise = seal(rng.floats((height, width)) < fill * scale)
        labels, count = label4(~smooth(noise, passes1, passes2))
        sizes = np.bincount(labels.ravel(), minlength=count + 1)
        sizes[0] = 0
        main = int(sizes.argmax())
        if sizes[main] >= least:
            return labels, sizes, main
    labels = np.zeros((height, width), dtype=np.int32)
    labels[1:-1, 1:-1] = 1
    return labels, np.array([0, interior], dtype=np.int64), 1


def span(a: int, b: int) -> slice:
    """The inclusive run of indices between a and b, in either order."""
    return slice(min(a, b), max(a, b) + 1)


def dig_l(floor: Mask, start: tuple[int, int], end: tuple[int, int], across_first: bool) -> None:
    """Open an L-shaped tunnel between two [y, x] tiles (both inside the border)."""
    (y0, x0), (y1, x1) = start, end
    corner_y, corner_x = (y0, x1) if across_first else (y1, x0)
    floor[span(y0, corner_y), span(x0, corner_x)] = True
    floor[span(y1, corner_y), span(x1, corner_x)] = True


def tunnel_to_main(
    floor: Mask, labels: Labels, boxes: list[Box], main: int, strays: list[int], rng: Rng
) -> None:
    """Dig from each pocket's tile nearest the main pocket to that main tile (taxicab, through
    rock): of the pocket's nearest tiles the first in row order, of the main ones the one
    `first_nearest` names, all of them in the square that distance reaches."""
    distance = taxicab_distance(labels != main)
    unreached = np.iinfo(distance.dtype).max
    for label in strays:
        box = boxes[label - 1]
        local = np.where(labels[box] == label, distance[box], unreached)
        ly, lx = np.unravel_index(int(local.argmin()), local.shape)
        y, x, reach = int(ly) + box[0].start, int(lx) + box[1].start, int(local[ly, lx])
        top, left = max(y - reach, 0), max(x - reach, 0)
        ys, xs = np.nonzero(labels[top : y + reach + 1, left : x + reach + 1] == main)
        near = np.abs(ys + (top - y)) + np.abs(xs + (left - x)) == reach
        ties = list(zip((ys[near] + top).tolist(), (xs[near] + left).tolist(), strict=True))
        dig_l(floor, (y, x), first_nearest(y, x, ties), rng.coin())


def first_nearest(y: int, x: int, nearest: list[tuple[int, int]]) -> tuple[int, int]:
    """Of the tiles `nearest` ([y, x]), all equally near [y, x], the one scipy's taxicab
    feature transform names: the caves were first dug with it, and this keeps them the same
    without importing scipy.

    Its forward raster pass names the nearest tile up and to the left (no greater y and x), the
    topmost of a tie; its backward pass keeps that unless a step down, else a step right, comes
    nearer, and then takes what that tile names. So: stop once a nearest tile lies up-left;
    else step down while one lies below, else right. Every nearest tile of the next tile is one
    of these (checked against scipy in the tests)."""
    while True:
        here = [(ny, nx) for ny, nx in nearest if ny <= y and nx <= x]
        if here:
            return min(here)
        if any(ny > y for ny, _ in nearest):
            y += 1
            nearest = [(ny, nx) for ny, nx in nearest if ny >= y]
        else:
            x += 1  # all lie right of x, none below: each stays as near


def untouched(floor: Mask, kept: Mask, labels: Labels, others: list[int]) -> list[int]:
    """The pockets of `others` that no tunnel dug into `floor` reached: each still a region.

    Every tunnel ends in the main pocket, and a pocket joins it exactly when a dug tile lies
    next to it (a tunnel only passes from pocket to pocket through rock), so this tells the
    regions of the dug floor without labelling it again."""
    ys, xs = np.nonzero(floor & ~kept)  # the dug tiles, never on the border
    near = np.concatenate(
        (labels[ys - 1, xs], labels[ys + 1, xs], labels[ys, xs - 1], labels[ys, xs + 1])
    )
    reached = set(near.tolist())
    return [label for label in others if label not in reached]


def teleport_strays(
    tiles: NDArray[np.uint8], labels: Labels, home: Mask, strays: list[tuple[int, Box]], rng: Rng
) -> list[Link]:
    """Link each stray pocket (its label and bounding box) to the home region by a teleporter
    pair: a random tile of the pocket and a random, not yet used tile of the home region."""
    if not strays:
        return []  # most caves: no need to list the home tiles
    home_tiles = np.flatnonzero(home)
    used: set[int] = set()
    links: list[Link] = []
    for label, box in strays:
        spots = np.argwhere(labels[box] == label)
        sy, sx = spots[rng.below(len(spots))]
        pick = rng.below(len(home_tiles))
        while pick in used:
            pick = (pick + 1) % len(home_tiles)
        used.add(pick)
        hy, hx = np.unravel_index(int(home_tiles[pick]), labels.shape)
        pair = TeleporterPair((int(hx), int(hy)), (int(sx) + box[1].start, int(sy) + box[0].start))
        links.append((pair, box))
    for pair, _ in links:
        tiles[to_yx(pair.a)] = tiles[to_yx(pair.b)] = tile_ids.TELEPORTER
    return links


def pick_arrival(tiles: NDArray[np.uint8], home: Mask, rng: Rng) -> Point:
    """A floor tile of the home region within the last tenth of one end of the long axis.

    Only the columns (or rows) of that tenth are listed, in row order as a whole-map listing
    would give them, so the draw picks the same tile."""
    usable = home & (tiles == tile_ids.FLOOR)
    wide = tiles.shape[1] >= tiles.shape[0]
    lines = np.flatnonzero(usable.any(axis=0 if wide else 1))  # the columns (rows) in use
    low, high = int(lines[0]), int(lines[-1])
    reach = (high - low) // 10
    start, stop = (high - reach, high + 1) if rng.coin() else (low, low + reach + 1)
    ys, xs = np.nonzero(usable[:, start:stop] if wide else usable[start:stop])
    pick = rng.below(len(ys))
    if wide:
        return (int(xs[pick]) + start, int(ys[pick]))
    return (int(xs[pick]), int(ys[pick]) + start)


def farthest_floor(walkable: Mask, floor: Mask, arrival: Point, links: list[Link]) -> Point:
    """The `floor` tile with the longest walk from the arrival (itself a `floor` tile), the
    first such in row order."""
    dist = walk_with_pockets(walkable, arrival, links)
    reached = np.where(floor & (dist != UNREACHED), dist, -1)
    y, x = np.unravel_index(int(reached.argmax()), dist.shape)
    return (int(x), int(y))


def region_summary(
    labels: Labels, boxes: list[Box], sizes: NDArray[np.int64], kept: list[int]
) -> list[RegionInfo]:
    """(x, y, size) per kept pocket, main first: the pocket tile nearest its bounding-box centre
    (taxicab), the first such in row order.

    A pocket mostly covers its centre, so a small square around it is searched first: when it
    holds a tile within its reach, every tile as near lies in it too, in the same order."""
    summary: list[RegionInfo] = []
    for label in kept:
        rows, columns = boxes[label - 1]
        top, bottom, left, right = rows.start, rows.stop, columns.start, columns.stop
        cy, cx = top + (bottom - top) // 2, left + (right - left) // 2
        for reach in (NEAR_CENTRE, bottom - top + right - left):  # the second: the whole box
            y0, x0 = max(cy - reach, top), max(cx - reach, left)
            window = labels[y0 : min(cy + reach + 1, bottom), x0 : min(cx + reach + 1, right)]
            ys, xs = np.nonzero(window == label)
            away = np.abs(ys + (y0 - cy)) + np.abs(xs + (x0 - cx))
            if len(away) and int(away.min()) <= reach:
                break
        pick = int(away.argmin())
        summary.append((int(xs[pick]) + x0, int(ys[pick]) + y0, int(sizes[label])))
    return summary


def choose_tunnels(others: list[int], budget: int, chance: float, rng: Rng) -> list[int]:
    """The pockets to dig to; each other one gets a teleporter pair, at most `budget` of them."""
    tunnelled: list[int] = []
    for label in others:
        if budget > 0 and rng.chance(chance):
            budget -= 1
        else:
            tunnelled.append(label)
    return tunnelled


def place_stairs(
    tiles: NDArray[np.uint8], floor: Mask, home: Mask, links: list[Link], rng: Rng
) -> tuple[Point, Point]:
    """Arrival near one end of the home region, way down on the floor tile farthest from it."""
    arrival = pick_arrival(tiles, home, rng)
    # teleporters stand on floor tiles, so the walkable tiles are those of `floor`
    way_down = farthest_floor(floor, tiles == tile_ids.FLOOR, arrival, links)
    tiles[to_yx(arrival)] = tile_ids.STAIRS_UP
    tiles[to_yx(way_down)] = tile_ids.STAIRS_DOWN
    return arrival, way_down


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """Smooth noise into pockets, keep the worthwhile ones, join them, then place the stairs."""
    labels, sizes, main = pockets(
        rng, width, height, float(params["fill"]), int(params["passes1"]), int(params["passes2"])
    )
    worth = sizes >= int(params["min_region"])
    worth[0] = False
    worth[main] = True
    others = [int(label) for label in np.flatnonzero(worth) if label != main]
    boxes: list[Box] = run_boxes(labels, len(sizes) - 1)
    kept = worth[labels]
    chance = float(params["teleporter_chance"])
    # Teleporter ends may take all but two tiles of the main pocket: the stairs need those two.
    tunnelled = choose_tunnels(others, int(sizes[main]) - 2, chance, rng)
    floor, strays = kept, others
    if tunnelled:
        floor = kept.copy()
        tunnel_to_main(floor, labels, boxes, main, tunnelled, rng)
        strays = untouched(floor, kept, labels, others)
    tiles = blank(width, height)
    tiles[floor] = tile_ids.FLOOR
    home = floor
    if strays:  # the home region is the floor but for the stray pockets
        is_stray = np.zeros(len(sizes), dtype=np.bool_)
        is_stray[strays] = True
        home = floor & ~np.take(is_stray, labels)
    links = teleport_strays(tiles, labels, home, [(label, boxes[label - 1]) for label in strays],
                            rng)
    arrival, way_down = place_stairs(tiles, floor, home, links, rng)
    return FloorPlan(
        generator=SPEC.name,
        params=dict(params),
        tiles=tiles,
        arrival=arrival,
        exits=(way_down,),
        teleporters=tuple(pair for pair, _ in links),
        stairs=(Stair(*arrival, "up"), Stair(*way_down, "down")),
        extra={"regions": region_summary(labels, boxes, sizes, [main, *others])},
    )


SPEC = GeneratorSpec(
    name="cave",
    summary="cellular-automaton caverns; stray pockets joined by tunnels or teleporters",
    build=build,
    params=PARAMS,
    min_width=8,
    min_height=8,
)
