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
from game.grids import find_boxes, region_boxes
from game.params import Param
from game.pathing import UNREACHED, flood, to_yx
from game.seeds import Rng

Mask = NDArray[np.bool_]
Labels = NDArray[np.int32]
RegionInfo = tuple[int, int, int]  # (x, y, size) of one kept pocket
Box = tuple[slice, slice]
Link = tuple[TeleporterPair, Box]
"""A teleporter pair (near end in the home region) and the bounding box of its far region."""

FILL_SCALES = (1.0, 1.0, 2 / 3, 1 / 3)
"""Fill multiplier per attempt: the given fill twice, then thinner noise; after that, open space."""

PARAMS = (
    Param("fill", 0.43, "share of wall in the starting noise", 0.3, 0.55),
    Param("passes1", 4, "smoothing passes with the open-cave (5x5 <= 2) term", 0, 10),
    Param("passes2", 3, "smoothing passes of the 3x3 rule alone", 0, 10),
    Param("min_region", 16, "smallest pocket worth keeping, in tiles; smaller ones are filled",
          1, 1_000_000),
    Param("teleporter_chance", 0.2,
          "chance a kept pocket is joined by a teleporter pair instead of a tunnel", 0.0, 1.0),
)


def wall_counts(wall: Mask, radius: int) -> NDArray[np.uint8]:
    """Walls in the (2r+1)^2 block around each tile, itself included; outside the map is wall.

    Two separable passes of shifted slices: a handful of whole-array adds, no per-tile loop."""
    height, width = wall.shape
    size = 2 * radius + 1
    padded = np.ones((height + 2 * radius, width + 2 * radius), dtype=np.uint8)
    padded[radius : radius + height, radius : radius + width] = wall  # (np.pad: 5x the cost)
    rows = np.zeros((height, width + 2 * radius), dtype=np.uint8)
    for dy in range(size):
        rows += padded[dy : dy + height]
    counts = np.zeros((height, width), dtype=np.uint8)
    for dx in range(size):
        counts += rows[:, dx : dx + width]
    return counts


def seal(wall: Mask) -> Mask:
    """Force the outer ring to wall (in place) and return the mask."""
    wall[0, :] = wall[-1, :] = True
    wall[:, 0] = wall[:, -1] = True
    return wall


def smooth(wall: Mask, passes1: int, passes2: int) -> Mask:
    """The two-phase rule: `passes1` of "3x3 >= 5 or 5x5 <= 2", then `passes2` of "3x3 >= 5".

    A sealed border stays sealed by the rule itself: each border tile's 3x3 block holds at least
    three outside tiles and three border walls."""
    for step in range(passes1 + passes2):
        crowded = wall_counts(wall, 1) >= 5
        if step < passes1:
            crowded |= wall_counts(wall, 2) <= 2
        wall = crowded
    return wall


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
    """Dig from each pocket's tile nearest the main pocket to that main tile (taxicab nearest).

    One feature transform finds every tile's nearest main tile; each pocket then only scans its
    own bounding box for its closest tile. scipy's feature transform decides which of equally
    near main tiles is aimed at, so it is imported here, for the caves that have strays."""
    from scipy import ndimage

    distance, nearest = ndimage.distance_transform_cdt(
        labels != main, metric="taxicab", return_indices=True
    )
    for label in strays:
        box = boxes[label - 1]
        local = np.where(labels[box] == label, distance[box], np.iinfo(distance.dtype).max)
        ly, lx = np.unravel_index(int(local.argmin()), local.shape)
        y, x = int(ly) + box[0].start, int(lx) + box[1].start
        target = (int(nearest[0, y, x]), int(nearest[1, y, x]))
        dig_l(floor, (y, x), target, rng.coin())


def teleport_strays(
    tiles: NDArray[np.uint8], labels: Labels, home_label: int, rng: Rng
) -> list[Link]:
    """Link every floor region but the home one to the home region by a teleporter pair.

    Ends: a random tile of the stray region and a random, not yet used tile of the home region.
    Each link keeps the stray's bounding box, so walking distances can be finished inside it."""
    home = np.flatnonzero(labels.ravel() == home_label)
    used: set[int] = set()
    links: list[Link] = []
    for index, box in enumerate(find_boxes(labels)):
        if box is None or index + 1 == home_label:
            continue
        spots = np.argwhere(labels[box] == index + 1)
        sy, sx = spots[rng.below(len(spots))]
        pick = rng.below(len(home))
        while pick in used:
            pick = (pick + 1) % len(home)
        used.add(pick)
        hy, hx = np.unravel_index(int(home[pick]), labels.shape)
        pair = TeleporterPair((int(hx), int(hy)), (int(sx) + box[1].start, int(sy) + box[0].start))
        links.append((pair, box))
    for pair, _ in links:
        tiles[to_yx(pair.a)] = tiles[to_yx(pair.b)] = tile_ids.TELEPORTER
    return links


def pick_arrival(tiles: NDArray[np.uint8], home: Mask, rng: Rng) -> Point:
    """A floor tile of the home region within the last tenth of one end of the long axis."""
    ys, xs = np.nonzero(home & (tiles == tile_ids.FLOOR))
    along = xs if tiles.shape[1] >= tiles.shape[0] else ys
    if rng.coin():
        along = -along
    low = int(along.min())
    near = np.flatnonzero(along <= low + (int(along.max()) - low) // 10)
    pick = int(near[rng.below(len(near))])
    return (int(xs[pick]), int(ys[pick]))


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


def farthest_floor(tiles: NDArray[np.uint8], dist: NDArray[np.int32]) -> Point:
    """The plain floor tile with the longest walk (the first such in row order)."""
    usable = (tiles == tile_ids.FLOOR) & (dist != UNREACHED)
    y, x = np.unravel_index(int(np.where(usable, dist, -1).argmax()), tiles.shape)
    return (int(x), int(y))


def region_summary(
    labels: Labels, boxes: list[Box], sizes: NDArray[np.int64], kept: list[int]
) -> list[RegionInfo]:
    """(x, y, size) per kept pocket, main first: the pocket tile nearest its bounding-box centre."""
    summary: list[RegionInfo] = []
    for label in kept:
        box = boxes[label - 1]
        ys, xs = np.nonzero(labels[box] == label)
        cy, cx = (box[0].stop - box[0].start) // 2, (box[1].stop - box[1].start) // 2
        pick = int((np.abs(ys - cy) + np.abs(xs - cx)).argmin())
        x, y = int(xs[pick]) + box[1].start, int(ys[pick]) + box[0].start
        summary.append((x, y, int(sizes[label])))
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
    tiles: NDArray[np.uint8], home: Mask, links: list[Link], rng: Rng
) -> tuple[Point, Point]:
    """Arrival near one end of the home region, way down on the floor tile farthest from it."""
    arrival = pick_arrival(tiles, home, rng)
    way_down = farthest_floor(tiles, walk_from(tile_ids.walkable(tiles), arrival, links))
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
    boxes: list[Box] = region_boxes(labels)
    floor = worth[labels]
    chance = float(params["teleporter_chance"])
    # Teleporter ends may take all but two tiles of the main pocket: the stairs need those two.
    tunnelled = choose_tunnels(others, int(sizes[main]) - 2, chance, rng)
    if tunnelled:
        tunnel_to_main(floor, labels, boxes, main, tunnelled, rng)
    tiles = blank(width, height)
    tiles[floor] = tile_ids.FLOOR
    joined, _ = label_regions(floor)
    home_label = int(joined.ravel()[int((labels == main).argmax())])
    links = teleport_strays(tiles, joined, home_label, rng)
    arrival, way_down = place_stairs(tiles, joined == home_label, links, rng)
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
