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
from game.generators.common import GeneratorSpec, blank, label_regions
from game.grids import as_bits, run_boxes, taxicab_distance
from game.params import Param
from game.pathing import UNREACHED, flood, to_yx
from game.pathing.fronts import walk_fronts
from game.seeds import Rng

Mask = NDArray[np.bool_]
Labels = NDArray[np.int32]
RegionInfo = tuple[int, int, int]  # (x, y, size) of one kept pocket
Box = tuple[slice, slice]
Link = tuple[TeleporterPair, Box]
"""A teleporter pair (near end in the home region) and the bounding box of its far region."""

FILL_SCALES = (1.0, 1.0, 2 / 3, 1 / 3)
"""Fill multiplier per attempt: the given fill twice, then thinner noise; after that, open space."""

NEAR_STEPS = 16
"""How far from the main pocket `closest_tile` looks for a pocket's nearest tile; beyond, the
distance to the main pocket is measured over the whole map."""

NEAR_CENTRE = 4
"""How far around a pocket's centre `region_summary` looks before it looks at the whole box."""

BIT_FLOOD_TILES = 500_000
"""Up to this many tiles the way down is found by a flood on integers with a bit per tile (5x
cheaper than tcod's flood at 80x50, 2x at 500x500); each of its steps costs the whole map and a
cave's longest walk grows with its side, so on bigger maps tcod's flood is the cheaper."""

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
    three outside tiles and three border walls.

    The map lives in one flat uint8 buffer with rows `width + 2` apart: the two wall columns
    after a row are also the outside left of the next, so each neighbour is a fixed offset and a
    block sum is a few adds of flat slices into preallocated arrays (2.5x faster than 2-D)."""
    height, width = wall.shape
    stride = width + 2
    size = height * stride
    grid = np.ones((height + 6) * stride, dtype=np.uint8)  # three wall rows above and below
    rows = grid.reshape(height + 6, stride)
    rows[3:-3, :width] = wall
    start = 3 * stride  # the first map tile
    lo, hi = start - 2, start + size + 2  # the column sums also cover two tiles either side
    col3 = np.empty(size + 4, dtype=np.uint8)
    col5 = np.empty(size + 4, dtype=np.uint8)
    sum3 = np.empty(size, dtype=np.uint8)
    sum5 = np.empty(size, dtype=np.uint8)
    pillar = np.empty(size, dtype=np.bool_)
    walls = grid[start : start + size].view(np.bool_)
    for step in range(passes1 + passes2):
        np.add(grid[lo - stride : hi - stride], grid[lo:hi], out=col3)
        col3 += grid[lo + stride : hi + stride]
        np.add(col3[1:-3], col3[2:-2], out=sum3)
        sum3 += col3[3:-1]
        if step < passes1:
            np.add(col3, grid[lo - 2 * stride : hi - 2 * stride], out=col5)
            col5 += grid[lo + 2 * stride : hi + 2 * stride]
            np.add(col5[:-4], col5[1:-3], out=sum5)
            for shift in (2, 3, 4):
                sum5 += col5[shift : shift + size]
            np.less_equal(sum5, 2, out=pillar)
        np.greater_equal(sum3, 5, out=walls)  # every sum is taken: the map can be overwritten
        if step < passes1:
            walls |= pillar
        rows[3:-3, width:] = 1  # the outside columns got overwritten too
    smoothed: Mask = rows[3:-3, :width].astype(np.bool_)
    return smoothed


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
        labels, count = label_regions(~smooth(noise, passes1, passes2))
        # bincount counts int32 labels at half the speed of intp ones
        sizes = np.bincount(labels.ravel().astype(np.intp), minlength=count + 1)
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
    """Dig from each pocket's tile nearest the main pocket to that main tile (taxicab nearest):
    of the pocket's nearest tiles the first in row order, of the main ones the one
    `first_nearest` names, all of them in the square that distance reaches."""
    distance: NDArray[np.int32] | None = None  # the whole map's, for a pocket far from the main
    for label in strays:
        box = boxes[label - 1]
        found = closest_tile(labels, box, label, main)
        if found is None:
            if distance is None:
                distance = taxicab_distance(labels != main)
            local = np.where(labels[box] == label, distance[box], np.iinfo(distance.dtype).max)
            ly, lx = np.unravel_index(int(local.argmin()), local.shape)
            found = int(ly) + box[0].start, int(lx) + box[1].start, int(local[ly, lx])
        y, x, reach = found
        top, left = max(y - reach, 0), max(x - reach, 0)
        ys, xs = np.nonzero(labels[top : y + reach + 1, left : x + reach + 1] == main)
        near = np.abs(ys + (top - y)) + np.abs(xs + (left - x)) == reach
        ties = list(zip((ys[near] + top).tolist(), (xs[near] + left).tolist(), strict=True))
        dig_l(floor, (y, x), first_nearest(y, x, ties), rng.coin())


def closest_tile(labels: Labels, box: Box, label: int, main: int) -> tuple[int, int, int] | None:
    """[y, x] and distance of the pocket's tile nearest the main pocket (taxicab, through rock),
    the first such in row order; None when that is farther than NEAR_STEPS.

    A flood from the main tiles in the pocket's box widened by NEAR_STEPS, a bit per tile: its
    first front to reach the pocket holds the pocket's nearest tiles, as the whole map's would
    (every main tile that near lies in the window). Cheaper than a whole-map distance."""
    top, left = max(box[0].start - NEAR_STEPS, 0), max(box[1].start - NEAR_STEPS, 0)
    window = labels[top : box[0].stop + NEAR_STEPS, left : box[1].stop + NEAR_STEPS]
    width = window.shape[1]
    every = (1 << window.size) - 1
    first_column = every // ((1 << width) - 1)  # bit 0 of each row: 1 + 2^w + 2^2w + ...
    onto_right = every ^ first_column  # where a step right may land without wrapping a row
    onto_left = every ^ first_column << (width - 1)
    pocket = as_bits(window == label)
    front = as_bits(window == main)
    unseen = every ^ front
    for step in range(1, NEAR_STEPS + 1):
        front = unseen & (
            (front << 1 & onto_right) | (front >> 1 & onto_left) | front << width | front >> width
        )
        unseen ^= front
        hit = front & pocket
        if hit:
            index = (hit & -hit).bit_length() - 1  # the lowest bit comes first in row order
            return top + index // width, left + index % width, step
    return None


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
    first such in row order; walks as `pathing.walk_distance` counts them."""
    if walkable.size <= BIT_FLOOD_TILES:
        return farthest_by_bits(walkable, floor, arrival, [pair for pair, _ in links])
    dist = walk_from(walkable, arrival, links)
    reached = np.where(floor & (dist != UNREACHED), dist, -1)
    y, x = np.unravel_index(int(reached.argmax()), dist.shape)
    return (int(x), int(y))


def farthest_by_bits(
    walkable: Mask, floor: Mask, arrival: Point, pairs: list[TeleporterPair]
) -> Point:
    """`farthest_floor` by `grids.walk_fronts`. Each pair's far end `b` lies in a region that
    only its near end `a` leads to; walkable tiles are never on the sealed border, so no shift
    wraps a row."""
    wanted = as_bits(floor)
    everywhere = wanted == as_bits(walkable)  # no pads: every front is wanted, no test each
    best = 0
    for front in walk_fronts(walkable, arrival, [(pair.a, pair.b) for pair in pairs]):
        if everywhere or front & wanted:
            best = front
    best &= wanted
    index = (best & -best).bit_length() - 1  # the lowest bit comes first in row order
    width = walkable.shape[1]
    return (index % width, index // width)


def walk_from(walkable: Mask, arrival: Point, links: list[Link]) -> NDArray[np.int32]:
    """Walking distance from the arrival, as `pathing.walk_distance` gives it, in one full flood.

    Every link's near end is in the arrival's region and its far region is cut off from all
    others, so that region is finished by a small flood inside its bounding box alone."""
    dist = np.full(walkable.shape, UNREACHED, dtype=np.int32)
    dist[to_yx(arrival)] = 0
    cost = walkable.astype(np.int32)
    flood(dist, cost, 1, None)
    for pair, box in links:
        local = dist[box].copy()
        far_y, far_x = to_yx(pair.b)
        local[far_y - box[0].start, far_x - box[1].start] = dist[to_yx(pair.a)] + 1
        flood(local, cost[box], 1, None)
        dist[box] = local
    return dist


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
    kept = np.take(worth, labels)  # half the time of worth[labels]
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
