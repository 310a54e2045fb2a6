"""Joseph Power's chamber grid (Space Gamer 31, 1980), with a later plugin author's additions.

Power: fill one more than half the cells of a grid with chambers; the chambers of a row all connect
horizontally (corridors may pass through empty cells), vertically adjacent chambers connect, the
entrance is a chamber of the first row and the exit one of the last, both chosen at random
(`ends=far` picks a pair far apart instead). The plugin adds: every row and column its own distinct
random size (where the floor is too small for that, as many different sizes as fit, and the
plan's notes say how many repeat); each chamber sized at random inside its cell; straight
corridors from a random point along the facing walls; where no straight corridor fits, one
chamber grows until the two share a 10-foot section (2 tiles); doors at both ends of every
corridor and at the entrance and exit. Its closing idea, "make some doors secret", is `secret=P`:
a share P of all doors become SECRET_DOOR tiles.

A secret door is never the only way: the links of a random spanning tree of the chamber graph keep
plain doors, and each other link (a loop) may get one secret door, at one random end, so its
corridor stays reachable from the other end as a tell-tale dead end. A floor with fewer loops than
the share asks for gets fewer secret doors, and its notes say how many.

A random fill does not promise the path the article claims (two consecutive rows may share no
column), so the cells are chosen spine first: for every pair of consecutive rows one column holds a
chamber in both, and the rest of the floor(cells/2)+1 chambers fall anywhere.

Tile layout of one cell [c0, c1) along an axis: c0 is a gutter that corridors cross, c0+1 the
chamber's wall at the earliest, the chamber itself somewhere in [c0+2, c1-1), and c1-1 at the
latest its far wall. Two chambers in neighbouring cells therefore have at least wall, gutter, wall
between them, so every corridor has a floor tile between its two doors. The cells tile the floor
inside the border; the last row keeps one more tile so the exit's stairs fit beyond its south door,
as the first row's gutter leaves room for the arrival stairs beyond the entrance's north door.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Door, FloorPlan, ParamValue, Point, Room, Stair
from game.generators.common import GeneratorSpec, blank
from game.params import Param, ParamError
from game.pathing.graphs import dijkstra
from game.seeds import Rng

Span = tuple[int, int]
"""[start, end) along one axis."""

Link = tuple[int, int, str]
"""(chamber a, chamber b, passage): a is above b for "ns", left of b for "ew"."""

OVERLAP: Final = 2
"""One 10-foot section: the tiles two facing walls must share before a straight corridor fits."""

MIN_CELL: Final = 5
"""Gutter, two walls and a chamber of OVERLAP tiles."""

LEAD: Final = 2
"""Gutter and near wall before a chamber inside its cell."""

TAIL: Final = 1
"""Far wall after a chamber inside its cell."""

MIN_WIDTH: Final = 2 + 2 * MIN_CELL
"""Border plus two columns: fewer leaves one chamber per row and nothing to connect."""

MIN_HEIGHT: Final = 2 + MIN_CELL + 1
"""Border plus one row with room for the exit stairs."""


@dataclass(slots=True)
class Chambers:
    """The grid and its chambers: cell sizes, chamber ids per cell, spans per chamber, links."""

    row_sizes: list[int]
    col_sizes: list[int]
    ids: NDArray[np.int64]
    xs: list[Span]
    ys: list[Span]
    links: list[Link]
    notes: list[str]

    def in_row(self, row: int) -> list[int]:
        return [int(i) for i in self.ids[row] if i >= 0]


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """A chamber grid with its entrance in the first row and its exit in the last."""
    SPEC.check_size(width, height)
    chambers = lay_out(rng, width, height, params)
    tiles = blank(width, height)
    for (x0, x1), (y0, y1) in zip(chambers.xs, chambers.ys, strict=True):
        tiles[y0:y1, x0:x1] = tile_ids.FLOOR
    doors: list[Door] = []
    corridors: list[list[int]] = []
    for link in chambers.links:
        (ax, ay), (bx, by) = carve_corridor(rng, tiles, chambers.xs, chambers.ys, link)
        doors += [Door(ax, ay, link[2]), Door(bx, by, link[2])]
        corridors.append([ax, ay, bx, by])

    xs, ys = chambers.xs, chambers.ys
    entrance, exit_ = far_pair(chambers) if params["ends"] == "far" else random_ends(rng, chambers)
    door_in, arrival = stair_alcove(rng, tiles, xs[entrance], ys[entrance][0] - 1, -1)
    door_out, way_down = stair_alcove(rng, tiles, xs[exit_], ys[exit_][1], 1)
    tiles[arrival[1], arrival[0]] = tile_ids.STAIRS_UP
    tiles[way_down[1], way_down[0]] = tile_ids.STAIRS_DOWN
    doors += [door_in, door_out]
    wanted = int(float(params["secret"]) * len(doors) + 0.5)
    hidden = secret_doors(rng, chambers, corridors, wanted) if wanted else []
    for x, y in hidden:
        tiles[y, x] = tile_ids.SECRET_DOOR
    notes = list(chambers.notes)
    if len(hidden) < wanted:
        notes.append(f"secret doors: {len(hidden)} of the {wanted} asked for (one per loop)")

    rooms = tuple(
        Room(i, x0, y0, x1 - x0, y1 - y0, "rectangle")
        for i, ((x0, x1), (y0, y1)) in enumerate(zip(xs, ys, strict=True))
    )
    return FloorPlan(
        generator=SPEC.name,
        params=dict(params),
        tiles=tiles,
        arrival=arrival,
        exits=(way_down,),
        rooms=rooms,
        doors=tuple(doors),
        stairs=(Stair(*arrival, "up"), Stair(*way_down, "down")),
        extra={
            "rows": len(chambers.row_sizes),
            "cols": len(chambers.col_sizes),
            "row_sizes": chambers.row_sizes,
            "col_sizes": chambers.col_sizes,
            "grid": chambers.ids.tolist(),
            "links": [list(link) for link in chambers.links],
            "corridors": corridors,
            "entrance_room": entrance,
            "exit_room": exit_,
            "secret_doors": sorted([x, y] for x, y in hidden),
            "notes": notes,
        },
    )


def lay_out(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> Chambers:
    """Cell sizes, the chosen cells, each chamber placed in its cell and grown where a link's
    facing walls share less than OVERLAP tiles. All growth comes before any carving, so every
    corridor meets its chambers' final walls; growth only widens spans, so no link loses its
    overlap to a later one."""
    min_fill, max_fill = float(params["min_fill"]), float(params["max_fill"])
    if min_fill > max_fill:
        raise ParamError(f"parameter min_fill: {min_fill} is above max_fill {max_fill}")
    cell = int(params["cell"])
    rows = grid_count(int(params["rows"]), height - 2, cell, extra=1)
    cols = grid_count(int(params["cols"]), width - 2, cell, extra=0)
    row_sizes = distinct_split(rng, height - 2, rows, last_extra=1)
    col_sizes = distinct_split(rng, width - 2, cols, last_extra=0)
    notes = [f"{name} sizes repeat: {len(set(sizes))} different sizes for {len(sizes)} {name}s"
             f" ({len(sizes) - len(set(sizes))} repeat; all different need more room)"
             for name, sizes in (("row", row_sizes), ("column", col_sizes))
             if len(set(sizes)) < len(sizes)]
    row_spans = chamber_spans(row_sizes, last_extra=1)
    col_spans = chamber_spans(col_sizes, last_extra=0)

    ids = chamber_ids(choose_cells(rng, rows, cols))
    cells = [(int(r), int(c)) for r, c in np.argwhere(ids >= 0)]
    xs = [place(rng, col_spans[c], min_fill, max_fill) for _, c in cells]
    ys = [place(rng, row_spans[r], min_fill, max_fill) for r, _ in cells]
    links = find_links(ids)
    for a, b, passage in links:
        spans = xs if passage == "ns" else ys
        grower, other = (a, b) if rng.coin() else (b, a)
        spans[grower] = grow_toward(spans[grower], spans[other])
    return Chambers(row_sizes, col_sizes, ids, xs, ys, links, notes)


def grid_count(asked: int, total: int, cell: int, extra: int) -> int:
    """Rows or columns: as asked (0: about total/cell, at least 2), cut down to what fits."""
    fits = max(1, (total - extra) // MIN_CELL)
    wanted = asked if asked > 0 else max(2, (total + cell // 2) // cell)
    return min(wanted, fits)


def split(rng: Rng, total: int, minimums: Sequence[int]) -> list[int]:
    """Sizes, each at least its minimum and each its own random share, summing to `total`."""
    spare = total - sum(minimums)
    weights = [2 + rng.below(7) for _ in minimums]
    whole = sum(weights)
    cuts = [0]
    for weight in weights:
        cuts.append(cuts[-1] + weight)
    shares = [spare * cut // whole for cut in cuts]
    return [low + shares[i + 1] - shares[i] for i, low in enumerate(minimums)]


def distinct_split(rng: Rng, total: int, count: int, last_extra: int) -> list[int]:
    """`count` sizes in random order summing to `total`, each at least MIN_CELL and the last at
    least MIN_CELL + `last_extra` (0 or 1), with as many different sizes as `total` allows: all
    of them when it is big enough (`most_distinct`).

    Each place gets a rank, 0..d-1 once each (d = most_distinct) and 0 for the rest, shuffled;
    size = MIN_CELL + rank + a share of the spare, the shares sorted to go up with the rank, so
    places of different ranks always differ in size (and places of rank 0 mostly do too)."""
    distinct = most_distinct(total, count, last_extra)
    ranks = [*range(distinct), *[0] * (count - distinct)]
    rng.shuffle(ranks)
    if distinct > 1 and ranks[-1] < last_extra:
        swaps = [place for place in range(count - 1) if ranks[place] >= last_extra]
        other = swaps[rng.below(len(swaps))]
        ranks[-1], ranks[other] = ranks[other], ranks[-1]
    spare = total - count * MIN_CELL - sum(ranks) - (last_extra if distinct == 1 else 0)
    shares = sorted(split(rng, spare, [0] * count))
    order = sorted(range(count), key=lambda place: (ranks[place], place))
    sizes = [0] * count
    for share, place in zip(shares, order, strict=True):
        sizes[place] = MIN_CELL + ranks[place] + share
    if distinct == 1:
        sizes[-1] += last_extra
    return sizes


def most_distinct(total: int, count: int, last_extra: int) -> int:
    """The most different sizes `count` cells of at least MIN_CELL can have in `total` tiles (the
    last cell at least MIN_CELL + `last_extra`): sizes MIN_CELL, MIN_CELL + 1, ... once each
    and the rest MIN_CELL are the cheapest with d values. ValueError when not even equal sizes
    fit."""
    def cost(distinct: int) -> int:
        return (count * MIN_CELL + distinct * (distinct - 1) // 2
                + (last_extra if distinct == 1 else 0))

    if cost(1) > total:
        raise ValueError(f"{count} cells of at least {MIN_CELL} tiles do not fit in {total}")
    return max(d for d in range(1, count + 1) if cost(d) <= total)


def chamber_spans(sizes: Sequence[int], last_extra: int) -> list[Span]:
    """Where a chamber may lie in each cell; cells start at tile 1, inside the border."""
    spans: list[Span] = []
    start = 1
    for size in sizes:
        spans.append((start + LEAD, start + size - TAIL))
        start += size
    spans[-1] = (spans[-1][0], spans[-1][1] - last_extra)
    return spans


def choose_cells(rng: Rng, rows: int, cols: int) -> NDArray[np.bool_]:
    """floor(cells/2)+1 random cells holding a chamber in every row and, for every two
    consecutive rows, a column with a chamber in both.

    The spine comes first: one column per pair of rows. Where that column changes from one pair to
    the next, the row between needs two chambers; only as many changes are allowed as the count
    has chambers to spare beyond one per row, at random places. With one column the count is too
    small for a spine (rows > rows//2 + 1 from three rows on), so every cell gets a chamber.
    """
    count = rows * cols // 2 + 1
    taken = np.zeros((rows, cols), dtype=np.bool_)
    places = list(range(1, rows - 1))
    rng.shuffle(places)
    may_change = set(places[: max(0, count - rows)])
    column = rng.below(cols)
    taken[0, column] = True
    for row in range(rows - 1):
        if row in may_change:
            column = rng.below(cols)
        taken[row : row + 2, column] = True
    rest = [int(i) for i in np.flatnonzero(~taken)]
    rng.shuffle(rest)
    taken.flat[rest[: max(0, count - int(taken.sum()))]] = True
    return taken


def chamber_ids(taken: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Chamber numbers in row-major order; -1 for an empty cell."""
    ids = np.full(taken.shape, -1, dtype=np.int64)
    ids[taken] = np.arange(int(taken.sum()))
    return ids


def place(rng: Rng, span: Span, min_fill: float, max_fill: float) -> Span:
    """A random chamber side inside `span`: between the fills of its length, never under OVERLAP."""
    room = span[1] - span[0]
    low = min(room, max(OVERLAP, int(min_fill * room + 0.5)))
    high = min(room, max(low, int(max_fill * room + 0.5)))
    size = rng.randint(low, high)
    start = span[0] + rng.below(room - size + 1)
    return (start, start + size)


def find_links(ids: NDArray[np.int64]) -> list[Link]:
    """Each row's chambers in order ("ew"), then every chamber with one right below it ("ns")."""
    links: list[Link] = []
    for row in ids:
        present = [int(i) for i in row[row >= 0]]
        links += [(a, b, "ew") for a, b in itertools.pairwise(present)]
    below = (ids[:-1] >= 0) & (ids[1:] >= 0)
    links += [(int(ids[r, c]), int(ids[r + 1, c]), "ns") for r, c in np.argwhere(below)]
    return links


def overlap(a: Span, b: Span) -> int:
    """How many tiles two spans share."""
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def grow_toward(grower: Span, other: Span) -> Span:
    """`grower` extended toward `other` until they share OVERLAP tiles (unchanged if they do).

    Both spans are at least OVERLAP long and lie in the same row's or column's chamber span, so
    the grown span stays inside it too.
    """
    if overlap(grower, other) >= OVERLAP:
        return grower
    if grower[0] < other[0]:
        return (grower[0], other[0] + OVERLAP)
    return (other[1] - OVERLAP, grower[1])


def carve_corridor(
    rng: Rng, tiles: NDArray[np.uint8], xs: Sequence[Span], ys: Sequence[Span], link: Link
) -> tuple[Point, Point]:
    """A straight corridor between the facing walls of a link's chambers, doors at both ends."""
    a, b, passage = link
    if passage == "ns":
        x = shared_point(rng, xs[a], xs[b])
        ends = ((x, ys[a][1]), (x, ys[b][0] - 1))
        tiles[ends[0][1] : ends[1][1] + 1, x] = tile_ids.FLOOR
    else:
        y = shared_point(rng, ys[a], ys[b])
        ends = ((xs[a][1], y), (xs[b][0] - 1, y))
        tiles[y, ends[0][0] : ends[1][0] + 1] = tile_ids.FLOOR
    for x, y in ends:
        tiles[y, x] = tile_ids.DOOR
    return ends


def shared_point(rng: Rng, a: Span, b: Span) -> int:
    """A random tile both spans cover."""
    return rng.randint(max(a[0], b[0]), min(a[1], b[1]) - 1)


def far_pair(chambers: Chambers) -> tuple[int, int]:
    """A first-row and a last-row chamber far apart through the chamber graph.

    A double sweep (the last-row chamber farthest from the first first-row one, then the first-row
    chamber farthest from that) costs two searches, where the exact farthest pair costs one search
    per first-row chamber.
    """
    xs, ys, links = chambers.xs, chambers.ys, chambers.links
    first, last = chambers.in_row(0), chambers.in_row(-1)
    centres = np.array([(x0 + x1, y0 + y1) for (x0, x1), (y0, y1) in zip(xs, ys, strict=True)])
    a = np.array([link[0] for link in links], dtype=np.int64)
    b = np.array([link[1] for link in links], dtype=np.int64)
    # Centres are doubled; +1 keeps every edge nonzero, as a sparse graph drops zero weights.
    steps = np.abs(centres[a] - centres[b]).sum(axis=1) // 2 + 1
    edges: dict[int, dict[int, int]] = {}
    for i, j, step in zip(a.tolist(), b.tolist(), steps.tolist(), strict=True):
        edges.setdefault(i, {})
        edges[i][j] = edges[i].get(j, 0) + step  # a repeated link adds up, as in a sparse matrix
    graph: dict[int, list[tuple[int, int]]] = {}
    for i, row in sorted(edges.items()):
        for j, step in sorted(row.items()):
            graph.setdefault(i, []).append((j, step))
            graph.setdefault(j, []).append((i, step))
    exit_ = last[int(np.argmax(_distances(graph, len(xs), first[0])[last]))]
    entrance = first[int(np.argmax(_distances(graph, len(xs), exit_)[first]))]
    return entrance, exit_


def _distances(graph: Mapping[int, list[tuple[int, int]]], count: int, source: int
               ) -> NDArray[np.float64]:
    """Shortest walking steps from `source` over the chamber graph (inf where unreachable)."""
    dist = np.full(count, np.inf)
    for node, distance in dijkstra([(source, 0)], lambda node: graph.get(node, ())):
        dist[node] = distance
    return dist


def random_ends(rng: Rng, chambers: Chambers) -> tuple[int, int]:
    """A random first-row chamber and a random last-row one (another, if the grid has one row)."""
    first = chambers.in_row(0)
    entrance = first[rng.below(len(first))]
    last = [i for i in chambers.in_row(-1) if i != entrance] or [entrance]
    return entrance, last[rng.below(len(last))]


def secret_doors(
    rng: Rng, chambers: Chambers, corridors: Sequence[Sequence[int]], wanted: int
) -> list[Point]:
    """Up to `wanted` corridor doors that no walk needs: the links are taken in random order
    and kept as a spanning tree where they join two parts (union-find); each link that closes a
    loop may hide one of its two doors, at random."""
    parent = list(range(len(chambers.xs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    order = list(range(len(chambers.links)))
    rng.shuffle(order)
    hidden: list[Point] = []
    for i in order:
        a, b = find(chambers.links[i][0]), find(chambers.links[i][1])
        if a != b:
            parent[a] = b
        elif len(hidden) < wanted:
            end = 2 * rng.below(2)
            hidden.append((corridors[i][end], corridors[i][end + 1]))
    return hidden


def stair_alcove(
    rng: Rng, tiles: NDArray[np.uint8], span: Span, wall: int, outward: int
) -> tuple[Door, Point]:
    """A door at a random point of a chamber's north (outward -1) or south (+1) wall line `wall`,
    and the stairs tile just beyond it."""
    x = rng.randint(span[0], span[1] - 1)
    tiles[wall, x] = tile_ids.DOOR
    return Door(x, wall, "ns"), (x, wall + outward)


SPEC: Final = GeneratorSpec(
    name="power",
    summary="Joseph Power's 1980 chamber grid: rows of chambers, straight corridors, doors",
    build=build,
    params=(
        Param("rows", 0, "grid rows; 0 derives them from height and cell; cut to fit", 0, 200),
        Param("cols", 0, "grid columns; 0 derives them from width and cell; cut to fit", 0, 200),
        Param("cell", 12, "typical cell size in tiles where rows or cols is 0", MIN_CELL, 100),
        Param("min_fill", 0.3, "smallest chamber side, as a share of its cell's space", 0.0, 1.0),
        Param("max_fill", 1.0, "largest chamber side, as a share of its cell's space", 0.0, 1.0),
        Param("ends", "random", "entrance and exit: random chambers of the first and last rows,"
              " or far: a pair far apart", choices=("random", "far")),
        Param("secret", 0.1, "share of all doors made secret (one per loop at most, never on"
              " the only way)", 0.0, 1.0),
    ),
    min_width=MIN_WIDTH,
    min_height=MIN_HEIGHT,
)
