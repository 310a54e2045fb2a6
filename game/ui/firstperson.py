"""The first-person view: the floor seen from the player's cell, drawn the way Labyrinth (Computing
Today, 1980) drew its maze, deeper and in colour.

Every tile is a cell; a wall tile or a closed door is a closed cell. Labyrinth keeps each cell's
walls as bits (1 north, 2 east, 4 south, 8 west: game.generators.maze), rotates a cell until it
faces the way the player does, then reads left, right and ahead at each depth (`view_cells`). The
picture generalises that walk to a grid of cells in front of the player (`view_grid`): `depth`
rows ahead, `lateral` columns either side, each either unseen (outside the field of view: never
drawn), open, or closed with a face toward the player.

Drawing is array work on a pixel buffer twice the console's size in each direction, shown with
`Console.draw_semigraphics` (2x2 pixels per cell). Everything that depends only on the console
size is computed once (`layout`): for every pixel, the floor or ceiling cell it looks at and how
lit it is; for every cell's front face and side face, the pixels it covers, with their texture
coordinates and distance. A frame then gathers floor colours by cell kind, and paints the faces
of the cells it sees far to near (painter's order) from per-face textures cached by kind, with
the light's fall-off already in them. No Python loop runs over pixels. Monsters, items and
teleporters stand in their cells as billboards (a monster is its glyph, scaled up). A minimap,
north up, shows the map around the player in the top-right corner.

`draw_semigraphics` writes quadrant block glyphs (U+2596..U+259F), which the CP437 tileset lacks;
`add_quadrant_glyphs` draws them into a tileset.

Facing is a direction bit (NORTH, EAST, SOUTH, WEST). Turning left rotates a cell's wall bits as
Labyrinth does (`rotate_left`: 2->4, 3->6, 8->1) while the facing itself goes N->W->S->E, which
is `rotate_right` applied to the facing bit. The facing belongs to the play screen, never to the
game: turning takes no time and changes no state hash.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Final, NamedTuple

import numpy as np
import tcod.console
import tcod.tileset
from numpy.typing import NDArray

from game import assets, tiles
from game.export.pngfile import encode_png
from game.floorplan import Point
from game.generators.maze import EAST, NORTH, SOUTH, WEST
from game.ui import camera
from game.ui.describe import feature_text
from game.ui.draw import cells
from game.ui.render import draw_map, draw_panel, draw_things, view_size
from game.world import gear
from game.world.fov import SIGHT_RADIUS
from game.world.model import Floor, Game

Floats = NDArray[np.float64]
Box = tuple[NDArray[np.intp], NDArray[np.intp], Floats, Floats]
"""A billboard's pixel rows and columns, and where each falls across and down it (0..1)."""
Colour = tuple[int, int, int]

# --- Facing and turning (Labyrinth's wall bits) ------------------------------------------------

FACINGS: Final = (NORTH, EAST, SOUTH, WEST)
STEP: Final[dict[int, Point]] = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}
NAMES: Final[dict[int, str]] = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}
ARROWS: Final[dict[int, int]] = {NORTH: 0x25B2, EAST: 0x25BA, SOUTH: 0x25BC, WEST: 0x25C4}
"""The player on the minimap: a CP437 triangle pointing the way it faces."""
AHEAD: Final = 1
RIGHT: Final = 2
LEFT: Final = 8
"""A cell's wall bits once rotated to the player's facing, as if facing north (4 is behind)."""


def rotate_left(bits: int) -> int:
    """A cell's wall bits as seen after turning left: what was ahead is now on the right."""
    return ((bits << 1) | (bits >> 3)) & 15


def rotate_right(bits: int) -> int:
    """A cell's wall bits as seen after turning right: what was ahead is now on the left."""
    return ((bits >> 1) | (bits << 3)) & 15


def turn_left(facing: int) -> int:
    """North -> west -> south -> east: the facing bit moves the way `rotate_right` moves walls."""
    return rotate_right(facing)


def turn_right(facing: int) -> int:
    return rotate_left(facing)


def facing_of(dx: int, dy: int, facing: int) -> int:
    """The cardinal direction of a step; a diagonal snaps to its larger component, a tie to the
    horizontal one. No step keeps `facing`."""
    if dx == 0 and dy == 0:
        return facing
    if abs(dx) >= abs(dy):
        return EAST if dx > 0 else WEST
    return SOUTH if dy > 0 else NORTH


def facing_after(before: Point, after: Point, facing: int) -> int:
    """The facing after the player went from `before` to `after`: one step faces its way; staying
    put or jumping (a teleporter, a trapdoor) keeps `facing`."""
    dx, dy = after[0] - before[0], after[1] - before[1]
    return facing_of(dx, dy, facing) if max(abs(dx), abs(dy)) == 1 else facing


def command(facing: int, dx: int, dy: int) -> tuple[int, Point | None]:
    """A direction key in the first-person view -> (new facing, step or None).

    Up walks forward and down steps back (facing kept); left and right turn in place. Diagonal
    keys step forward-left, forward-right, back-left and back-right of the facing.
    """
    if dy == 0:
        if dx == 0:
            return facing, None
        return (turn_left(facing) if dx < 0 else turn_right(facing)), None
    ahead, right = STEP[facing], STEP[turn_right(facing)]
    return facing, (-dy * ahead[0] + dx * right[0], -dy * ahead[1] + dx * right[1])


def blocks(floor: Floor, x: int, y: int) -> bool:
    """A closed cell: a wall or closed door (anything sight stops at), or outside the floor."""
    return not floor.in_bounds(x, y) or not bool(tiles.TRANSPARENT[floor.tiles[y, x]])


def closed_bits(floor: Floor, x: int, y: int) -> int:
    """The cell's walls as Labyrinth stores them: 1 north, 2 east, 4 south, 8 west."""
    return sum(bit for bit in FACINGS if blocks(floor, x + STEP[bit][0], y + STEP[bit][1]))


def relative_bits(floor: Floor, pos: Point, facing: int) -> int:
    """The cell at `pos` rotated until it faces the way the player does (1 ahead, 2 right,
    4 behind, 8 left), as Labyrinth rotates a cell before decoding it."""
    bits = closed_bits(floor, *pos)
    for _ in range(FACINGS.index(facing)):
        bits = rotate_right(bits)
    return bits


class Slice(NamedTuple):
    """One depth of the walk straight ahead: the side walls and the wall ahead of one cell."""

    left_open: bool
    right_open: bool
    ahead_blocked: bool


def view_cells(floor: Floor, pos: Point, facing: int, depth: int = SIGHT_RADIUS) -> list[Slice]:
    """Labyrinth's walk: the player's cell, then each next cell straight ahead, decoded.

    The walk stops after a cell whose way ahead is closed, after `depth` cells, or before a cell
    the player cannot see.
    """
    slices: list[Slice] = []
    x, y = pos
    dx, dy = STEP[facing]
    while len(slices) < depth:
        bits = relative_bits(floor, (x, y), facing)
        slices.append(Slice(not bits & LEFT, not bits & RIGHT, bool(bits & AHEAD)))
        x, y = x + dx, y + dy
        if bits & AHEAD or not floor.visible[y, x]:
            break
    return slices


def initial_facing(floor: Floor, pos: Point) -> int:
    """The facing with the longest view (the first of north, east, south, west on a tie)."""
    return max(FACINGS, key=lambda bit: len(view_cells(floor, pos, bit)))


def ahead_text(floor: Floor, pos: Point, facing: int) -> str:
    """One line for the panel: the facing and what ends the view straight ahead."""
    slices = view_cells(floor, pos, facing)
    steps = len(slices)
    dx, dy = STEP[facing]
    end = (pos[0] + steps * dx, pos[1] + steps * dy)
    if slices and slices[-1].ahead_blocked and floor.in_bounds(*end):
        what = f"{feature_text(floor, *end)}, {steps} step{'s' if steps > 1 else ''} away"
    else:
        what = "the dark"
    return f"Facing {NAMES[facing]}. Ahead: {what}."


# --- What the view shows: a grid of cell kinds ---------------------------------------------------

UNSEEN: Final = 0
OPEN: Final = 1
WALL: Final = 2
DOOR: Final = 3
"""Closed doors: DOOR + the material's index in MATERIALS."""
FRAME: Final = 6
"""Open doors (a frame round an opening): FRAME + the material's index."""
DOWN: Final = 9
UP: Final = 10
PORTAL: Final = 11
TRAP: Final = 12
KINDS: Final = 13
MATERIALS: Final = ("wooden", "stone", "iron")
TILE_KIND: Final = np.array([WALL, OPEN, DOOR, PORTAL, DOWN, UP, FRAME], dtype=np.uint8)
"""Cell kind by tile id (game.tiles order); doors get their material afterwards."""
FACED: Final = np.zeros(KINDS, dtype=np.bool_)
FACED[[WALL, DOOR, DOOR + 1, DOOR + 2, FRAME, FRAME + 1, FRAME + 2]] = True
"""Kinds drawn as faces: closed cells, and open doors (their frame)."""


class Grid(NamedTuple):
    """The cells ahead of the player as [depth + 1, 2 * lateral + 1] arrays.

    Row k is k cells ahead (row 0 the player's row), column lateral + l is l cells to the right
    (negative: left). `kinds` is UNSEEN where the player does not see the cell; `closed` is what
    the tiles are, seen or not (off the floor counts as closed), for hiding faces; `tone` is each
    flagstone's own shade, fixed to its floor position.
    """

    kinds: NDArray[np.uint8]
    closed: NDArray[np.bool_]
    tone: Floats


def view_grid(floor: Floor, pos: Point, facing: int, depth: int, lateral: int) -> Grid:
    """What the player sees ahead: `depth` rows, `lateral` columns each side (see Grid)."""
    ahead, right = STEP[facing], STEP[turn_right(facing)]
    k = np.arange(depth + 1)[:, None]
    sideways = np.arange(-lateral, lateral + 1)[None, :]
    xs = pos[0] + k * ahead[0] + sideways * right[0]
    ys = pos[1] + k * ahead[1] + sideways * right[1]
    inside = (xs >= 0) & (xs < floor.width) & (ys >= 0) & (ys < floor.height)
    cx, cy = np.where(inside, xs, 0), np.where(inside, ys, 0)
    tile = floor.tiles[cy, cx]
    closed = ~inside | ~tiles.TRANSPARENT[tile]
    seen = inside & floor.visible[cy, cx]
    kinds = np.where(seen, TILE_KIND[tile], UNSEEN).astype(np.uint8)
    for r, c in zip(*np.nonzero((kinds == DOOR) | (kinds == FRAME)), strict=True):
        door = floor.doors.get((int(cx[r, c]), int(cy[r, c])))
        if door is not None and door.material in MATERIALS:
            kinds[r, c] += MATERIALS.index(door.material)
    _mark_traps(floor, kinds, xs, ys)
    tone = 0.86 + 0.07 * ((xs * 7 + ys * 11 + (xs * ys) % 3) % 4)
    return Grid(kinds, closed, tone.astype(np.float64))


def _mark_traps(floor: Floor, kinds: NDArray[np.uint8], xs: NDArray[np.int_],
                ys: NDArray[np.int_]) -> None:
    """Found, unsprung traps on seen plain floor show as marks on the floor."""
    for (tx, ty), trap in floor.traps.items():
        if trap.found and not trap.spent:
            hit = (xs == tx) & (ys == ty) & (kinds == OPEN)
            kinds[hit] = TRAP


# --- Projection and lighting ---------------------------------------------------------------------

PIXEL_ASPECT: Final = 1.6
"""Height / width of one semigraphic pixel: half of a 10x16 cell of the project tileset."""
HALF_FOV_TAN: Final = 1.0
"""tan(half the horizontal field of view): 90 degrees, a dungeon crawler's usual."""
NEAR: Final = -0.25
"""Distance to the back edge of the player's cell: the eye is a quarter of the way into it, so
the side walls of its own cell show as the two columns Labyrinth draws at the first depth."""
Z_CLIP: Final = 0.05
TORCH: Final = 4.0
"""Distance at which the player's torchlight has halved."""
AMBIENT: Final = 0.2
"""Light left far from the torch, so all the player sees can be made out."""
NEAR_TINT: Final = np.array((1.0, 0.9, 0.72))
FAR_TINT: Final = np.array((0.72, 0.8, 1.0))
SIDE_SHADE: Final = 0.8
"""Side walls take less light than walls facing the player."""


def light(z: Floats, depth: int) -> Floats:
    """[n, 3] RGB light at distances `z`: warm torchlight falling off, cooler far away, none past
    the sight radius."""
    fall = AMBIENT + (1 - AMBIENT) / (1.0 + (z / TORCH) ** 2)
    edge = np.clip((depth + 1 + NEAR - z) / 1.5, 0.0, 1.0)
    warmth = np.clip(z / (2 * TORCH), 0.0, 1.0)[:, None]
    tint = NEAR_TINT * (1 - warmth) + FAR_TINT * warmth
    result: Floats = (fall * edge)[:, None] * tint
    return result


@dataclass(slots=True)
class Face:
    """The pixels one face of one cell covers, with texture coordinates (u across, v up, both
    0..1) and distance. Side faces run u from their near edge to their far edge."""

    index: NDArray[np.intp]
    u: Floats
    v: Floats
    z: Floats


@dataclass(slots=True)
class Sprite:
    """Something standing in a cell: a glyph (billboard) or a teleporter's glow."""

    k: int
    lateral: int
    glyph: int
    colour: Colour
    height: float


@dataclass
class Layout:
    """Everything that depends on the console size alone (see `layout`)."""

    columns: int
    rows: int
    depth: int = SIGHT_RADIUS
    width: int = field(init=False)
    height: int = field(init=False)
    fx: float = field(init=False)
    fy: float = field(init=False)
    lateral: int = field(init=False)
    floor_cell: NDArray[np.intp] = field(init=False)
    floor_class: NDArray[np.intp] = field(init=False)
    floor_light: Floats = field(init=False)
    fronts: dict[int, Face] = field(init=False)
    sides: dict[int, Face] = field(init=False)
    order: NDArray[np.intp] = field(init=False)
    textures: dict[tuple[int, bool, int], tuple[NDArray[np.intp], NDArray[np.uint8]]] = field(
        init=False, default_factory=dict)
    """(cell, side, kind) -> (pixels, colours): filled as faces are first drawn."""

    def __post_init__(self) -> None:
        self.width, self.height = 2 * self.columns, 2 * self.rows
        self.fx = self.width / 2 / HALF_FOV_TAN
        self.fy = self.fx / PIXEL_ASPECT
        self.lateral = int(np.ceil(HALF_FOV_TAN * (self.depth + 1 + NEAR) + 0.5))
        self.floor_cell, self.floor_class, self.floor_light = _floor_and_ceiling(self)
        self.fronts, self.sides = _faces(self)
        k, sideways = np.divmod(np.arange((self.depth + 1) * self.span), self.span)
        self.order = np.lexsort((-abs(sideways - self.lateral), -k)).astype(np.intp)

    @property
    def span(self) -> int:
        return 2 * self.lateral + 1

    def ray_x(self, column: NDArray[np.int_] | NDArray[np.float64]) -> Floats:
        """x / z of the ray through the centre of pixel column `column`."""
        return np.asarray((column + 0.5 - self.width / 2) / self.fx, dtype=np.float64)

    def ray_y(self, row: NDArray[np.int_] | NDArray[np.float64]) -> Floats:
        """y / z (up positive, eye at mid-wall) of the ray through pixel row `row`."""
        return np.asarray((self.height / 2 - (row + 0.5)) / self.fy, dtype=np.float64)

    def screen_x(self, x: float, z: float) -> float:
        return self.width / 2 + self.fx * x / z

    def screen_y(self, y: float, z: float) -> float:
        return self.height / 2 - self.fy * y / z


@functools.lru_cache(maxsize=4)
def layout(columns: int, rows: int) -> Layout:
    """The geometry of a view `columns` x `rows` console cells big (computed once per size)."""
    return Layout(columns, rows)


def _pixel_range(start: float, stop: float, limit: int) -> range:
    """Pixels whose centres lie in [start, stop), clipped to 0..limit."""
    first = max(0, int(np.ceil(start - 0.5)))
    last = min(limit, int(np.ceil(stop - 0.5)))
    return range(first, max(first, last))


SEAM: Final = 0.025
"""Half the width of the seams between flagstones (and ceiling beams), in cells."""
SEAM_REACH: Final = 7.0
FLOOR_CLASSES: Final = 12
"""Floor pixel classes: 4 by place in the cell (stone, seam, inner square, step line) times 3 by
distance from its centre (outside, ring, disc); ceiling classes follow, offset by this."""


def _floor_and_ceiling(lay: Layout) -> tuple[NDArray[np.intp], NDArray[np.intp], Floats]:
    """Per pixel: the view cell (flat index; one past the end for none) of the floor or ceiling
    it shows, its class (which part of the cell), and its light."""
    rows, columns = np.indices((lay.height, lay.width))
    ry, rx = lay.ray_y(rows).ravel(), lay.ray_x(columns).ravel()
    z = 0.5 / np.maximum(np.abs(ry), 1e-9)
    x = rx * z
    k = np.floor(z - NEAR)
    sideways = np.floor(x + 0.5)
    valid = (k <= lay.depth) & (np.abs(sideways) <= lay.lateral)
    k, sideways = np.where(valid, k, 0), np.where(valid, sideways, 0)
    cell = np.where(valid, k * lay.span + sideways + lay.lateral, (lay.depth + 1) * lay.span)
    a, b = x - sideways + 0.5, z - NEAR - k
    place = _place_class(a, b, z, lay)
    radius = np.hypot(a - 0.5, b - 0.5)
    ring = np.where(radius < 0.24, 2, np.where(radius < 0.38, 1, 0))
    classes = place * 3 + ring + np.where(ry > 0, FLOOR_CLASSES, 0)
    shade = light(np.where(valid, z, 1e9), lay.depth)
    return cell.astype(np.intp), classes.astype(np.intp), shade


def _place_class(a: Floats, b: Floats, z: Floats, lay: Layout) -> NDArray[np.int_]:
    """0 flagstone, 1 seam between cells, 2 inner square, 3 a step line across it.

    Seams are at least a pixel wide wherever they are (a thinner line would break into dots),
    and stop where the cells get too small to show them.
    """
    across = np.minimum(a, 1 - a) < np.maximum(SEAM, 0.5 * z / lay.fx)
    along = np.minimum(b, 1 - b) < np.maximum(SEAM, z * z / lay.fy)  # 0.5 px of floor depth
    seam = (across | along) & (z < SEAM_REACH)
    inner = (np.abs(a - 0.5) < 0.36) & (np.abs(b - 0.5) < 0.36)
    step = inner & (((b - 0.14) * 5) % 1 < 0.22)
    result: NDArray[np.int_] = np.where(step, 3, np.where(inner, 2, np.where(seam, 1, 0)))
    return result


def _faces(lay: Layout) -> tuple[dict[int, Face], dict[int, Face]]:
    """The front and side faces of every view cell within sight that reach the screen."""
    fronts: dict[int, Face] = {}
    sides: dict[int, Face] = {}
    for k in range(lay.depth + 1):
        for sideways in range(-lay.lateral, lay.lateral + 1):
            if k * k + sideways * sideways > (lay.depth + 1) ** 2:
                continue
            flat = k * lay.span + sideways + lay.lateral
            front = _front_face(lay, k, sideways) if k > 0 else None
            side = _side_face(lay, k, sideways) if sideways else None
            if front is not None:
                fronts[flat] = front
            if side is not None:
                sides[flat] = side
    return fronts, sides


def _front_face(lay: Layout, k: int, sideways: int) -> Face | None:
    """The face toward the player: a rectangle on the plane of the cell's near edge."""
    z = k + NEAR
    xs = _pixel_range(lay.screen_x(sideways - 0.5, z), lay.screen_x(sideways + 0.5, z), lay.width)
    ys = _pixel_range(lay.screen_y(0.5, z), lay.screen_y(-0.5, z), lay.height)
    if not xs or not ys:
        return None
    rows, columns = np.meshgrid(np.array(ys), np.array(xs), indexing="ij")
    u = np.clip(lay.ray_x(columns) * z - (sideways - 0.5), 0, 1)
    v = np.clip(lay.ray_y(rows) * z + 0.5, 0, 1)
    index = (rows * lay.width + columns).ravel().astype(np.intp)
    return Face(index, u.ravel(), v.ravel(), np.full(index.size, z))


def _side_face(lay: Layout, k: int, sideways: int) -> Face | None:
    """The face toward the line of sight: a trapezoid on the plane between this cell and the
    next one toward the middle, from the cell's near edge to its far edge."""
    plane = sideways + (0.5 if sideways < 0 else -0.5)
    near, far = max(k + NEAR, Z_CLIP), k + 1 + NEAR
    x0, x1 = sorted((lay.screen_x(plane, near), lay.screen_x(plane, far)))
    xs = _pixel_range(x0, x1, lay.width)
    ys = _pixel_range(lay.screen_y(0.5, near), lay.screen_y(-0.5, near), lay.height)
    if not xs or not ys:
        return None
    rows, columns = np.meshgrid(np.array(ys), np.array(xs), indexing="ij")
    slope = lay.ray_x(columns)
    z = plane / np.where(slope * plane > 0, slope, np.inf)
    height = lay.ray_y(rows) * z
    inside = (z >= near) & (z <= far) & (np.abs(height) <= 0.5)
    if not inside.any():
        return None
    index = (rows * lay.width + columns)[inside].astype(np.intp)
    u = np.clip(z[inside] - (k + NEAR), 0, 1)
    return Face(index, u, np.clip(height[inside] + 0.5, 0, 1), z[inside])


# --- Textures ------------------------------------------------------------------------------------

STONE: Final = np.array((122, 106, 88), dtype=np.float64)
MORTAR: Final = 0.5
COURSES: Final = 4
"""Brick courses per wall height (two bricks a course across a cell)."""
LEAF: Final = (0.22, 0.78, 0.8)
"""A door leaf's left and right edges (u) and top (v) on its cell's face."""
JAMB: Final = 0.06
MATERIAL_COLOURS: Final = (
    np.array((124, 76, 36), dtype=np.float64),  # wooden: brown
    np.array((132, 132, 128), dtype=np.float64),  # stone: grey
    np.array((66, 76, 90), dtype=np.float64),  # iron: dark steel
)
JAMB_COLOURS: Final = ((70, 42, 20), (92, 92, 90), (44, 50, 60))
BRASS: Final = np.array((214, 172, 70), dtype=np.float64)


def face_colours(kind: int, face: Face) -> tuple[NDArray[np.bool_], Floats]:
    """(painted?, [n, 3] colour before light) of a face of `kind` at each of its pixels."""
    colour = _bricks(face.u, face.v, face.z)
    painted = np.ones(face.u.size, dtype=np.bool_)
    if kind == WALL:
        return painted, colour
    material = (kind - DOOR) % len(MATERIALS)
    left, right, top = LEAF
    leaf = (face.u > left) & (face.u < right) & (face.v < top)
    jamb = ~leaf & (face.u > left - JAMB) & (face.u < right + JAMB) & (face.v < top + JAMB)
    colour[jamb] = JAMB_COLOURS[material]
    if kind >= FRAME:
        painted = ~leaf
    else:
        a = (face.u[leaf] - left) / (right - left)
        colour[leaf] = _leaf(material, a, face.v[leaf] / top)
    return painted, colour


def _bricks(u: Floats, v: Floats, z: Floats) -> Floats:
    """Stone courses in running bond; mortar fades out with distance, where it would alias."""
    course = np.floor(v * COURSES)
    along = u * 2 + (course % 2) * 0.5
    brick = np.floor(along)
    joint = ((v * COURSES) % 1 < 0.12) | (along % 1 < 0.05)
    fade = np.clip(1.6 - z / 4, 0, 1)
    grain = 0.9 + 0.1 * (((course * 7 + brick * 13) % 5) / 4)
    shade = np.where(joint, 1 - (1 - MORTAR) * fade, grain)
    corner = 0.78 + 0.22 * np.clip(np.minimum(v, 1 - v) / 0.12, 0, 1)
    result: Floats = STONE * (shade * corner)[:, None]
    return result


def _leaf(material: int, a: Floats, b: Floats) -> Floats:
    """A door leaf at leaf coordinates (a across, b up, 0..1): planks and bands for wood, a slab
    of blocks for stone, banded plates with rivets for iron; a brass handle on all."""
    base = MATERIAL_COLOURS[material]
    if material == 0:
        plank = np.floor(a * 5)
        shade = np.where((a * 5) % 1 < 0.1, 0.55, 0.9 + 0.05 * (plank % 3))
        shade = np.where((np.abs(b - 0.22) < 0.04) | (np.abs(b - 0.78) < 0.04), 0.45, shade)
    elif material == 1:
        row = np.floor(b * 3)
        seam = ((b * 3) % 1 < 0.06) | (((a + 0.5 * (row % 2)) * 2) % 1 < 0.04)
        shade = np.where(seam, 0.6, 0.95 + 0.05 * (row % 2))
    else:
        rivet = (((a * 4) % 1 - 0.5) ** 2 + (((b * 6) % 1 - 0.5) * 0.6) ** 2) < 0.03
        band = (b * 3) % 1 < 0.08
        shade = np.where(rivet, 1.7, np.where(band, 1.3, 1.0))
    colour: Floats = base * shade[:, None]
    handle = (np.abs(a - 0.82) < 0.05) & (np.abs(b - 0.48) < 0.035)
    colour[handle] = BRASS
    edge = (np.minimum(a, 1 - a) < 0.03) | (b > 0.97)
    colour[edge] *= 0.6
    return colour


def _floor_table() -> Floats:
    """[kind, class, rgb] colours of floor and ceiling pixels before light."""
    table = np.zeros((KINDS, 2 * FLOOR_CLASSES, 3), dtype=np.float64)
    stone, seam = (74, 68, 60), (52, 47, 42)
    vault, beam = (36, 33, 32), (22, 19, 17)
    for kind in (OPEN, DOWN, UP, PORTAL, TRAP, FRAME, FRAME + 1, FRAME + 2):
        table[kind, :FLOOR_CLASSES] = stone
        table[kind, 3:6] = seam
        table[kind, FLOOR_CLASSES:] = vault
        table[kind, FLOOR_CLASSES + 3 : FLOOR_CLASSES + 6] = beam
    table[DOWN, 6:9], table[DOWN, 9:12] = (6, 6, 8), (40, 38, 36)  # a pit with steps going down
    table[UP, 6:9], table[UP, 9:12] = (104, 96, 86), (44, 40, 36)  # steps going up
    table[UP, FLOOR_CLASSES + 6 : FLOOR_CLASSES + 12] = (8, 8, 10)  # and a hole above them
    for place in range(4):
        table[PORTAL, place * 3 + 1] = (80, 210, 255)
        table[PORTAL, place * 3 + 2] = (24, 70, 100)
        table[TRAP, place * 3 + 2] = (150, 30, 26)
    return table


FLOOR_TABLE: Final = _floor_table()


# --- Drawing -------------------------------------------------------------------------------------

SPRITE_HEIGHT: Final = 0.75
"""A monster's height in walls (its glyph's inked part)."""
SPRITE_WIDTH: Final = 0.9
"""The widest a glyph may be, as a share of its height (a dash stays a small dash)."""
ITEM_HEIGHT: Final = 0.26
GLOW_SHAPE: Final = np.ones((2, 1), dtype=np.bool_)
"""A teleporter's shimmer: twice as high as wide."""
GLOW: Final = (40, 120, 150)
"""A teleporter's shimmer, added to what is behind it."""
OUTLINE: Final = (8, 6, 6)
COMPASS_FG: Final = (230, 210, 150)
MINIMAP: Final = (17, 11)
"""The minimap's size in cells (north up), in the view's top-right corner."""


def view_height(console: tcod.console.Console) -> int:
    """Console rows the view takes: all above the panel, as the map's."""
    return view_size(console.width, console.height)[1]


def view_pixels(game: Game, facing: int, columns: int, rows: int) -> NDArray[np.uint8]:
    """The first-person picture as [2 * rows, 2 * columns, 3] RGB pixels; reads the game only."""
    lay = layout(columns, rows)
    floor, pos = game.floor, game.player.pos
    kinds, closed, tone = view_grid(floor, pos, facing, lay.depth, lay.lateral)
    flat_kinds = np.append(kinds.ravel(), UNSEEN)
    shade = np.append(tone.ravel(), 0.0)[lay.floor_cell, None] * lay.floor_light
    colours = FLOOR_TABLE[flat_kinds[lay.floor_cell], lay.floor_class] * shade
    pixels = np.clip(colours, 0, 255).astype(np.uint8)
    _paint_cells(pixels, lay, kinds, closed, _sprites(game, facing, lay))
    picture: NDArray[np.uint8] = pixels.reshape(lay.height, lay.width, 3)
    return picture


def _paint_cells(pixels: NDArray[np.uint8], lay: Layout, kinds: NDArray[np.uint8],
                 closed: NDArray[np.bool_], sprites: list[Sprite]) -> None:
    """Faces of the seen cells far to near, each depth's sprites after its faces."""
    shown_front, shown_side = _shown_faces(kinds, closed)
    wanted = (shown_front | shown_side).ravel()
    todo = lay.order[wanted[lay.order]]
    depth_of = todo // lay.span
    flat_kinds = kinds.ravel()
    for k in range(lay.depth, -1, -1):
        for flat in todo[depth_of == k].tolist():
            kind = int(flat_kinds[flat])
            if shown_side.flat[flat] and flat in lay.sides:
                _paint_face(pixels, lay, flat, True, kind)
            if shown_front.flat[flat] and flat in lay.fronts:
                _paint_face(pixels, lay, flat, False, kind)
        for sprite in sprites:
            if sprite.k == k:
                _paint_sprite(pixels, lay, sprite)


def _shown_faces(kinds: NDArray[np.uint8],
                 closed: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Which seen faced cells show their front face (the cell before it is open) and their side
    face (the next cell toward the middle is open)."""
    faced = FACED[kinds]
    front = np.zeros_like(faced)
    front[1:] = faced[1:] & ~closed[:-1]
    middle = kinds.shape[1] // 2
    side = np.zeros_like(faced)
    side[:, :middle] = faced[:, :middle] & ~closed[:, 1 : middle + 1]
    side[:, middle + 1 :] = faced[:, middle + 1 :] & ~closed[:, middle:-1]
    return front, side


def _paint_face(pixels: NDArray[np.uint8], lay: Layout, flat: int, side: bool,
                kind: int) -> None:
    key = (flat, side, kind)
    texture = lay.textures.get(key)
    if texture is None:
        face = (lay.sides if side else lay.fronts)[flat]
        painted, colour = face_colours(kind, face)
        lit = colour * light(face.z, lay.depth) * (SIDE_SHADE if side else 1.0)
        texture = (face.index[painted], np.clip(lit[painted], 0, 255).astype(np.uint8))
        lay.textures[key] = texture
    pixels[texture[0]] = texture[1]


def _sprites(game: Game, facing: int, lay: Layout) -> list[Sprite]:
    """Seen monsters, items and teleporters in view coordinates (cells ahead, to the right)."""
    floor, (px, py) = game.floor, game.player.pos
    ahead, right = STEP[facing], STEP[turn_right(facing)]

    def place(x: int, y: int) -> tuple[int, int] | None:
        k = (x - px) * ahead[0] + (y - py) * ahead[1]
        sideways = (x - px) * right[0] + (y - py) * right[1]
        if 0 <= k <= lay.depth and abs(sideways) <= lay.lateral and floor.visible[y, x]:
            return k, sideways
        return None

    found: list[Sprite] = []
    for (x, y) in floor.teleports:
        spot = place(x, y)
        if spot is not None:
            found.append(Sprite(*spot, 0, GLOW, 0.95))  # glyph 0: the shimmer
    for item in floor.items:
        spot = place(item.x, item.y)
        if spot is not None:
            kind = gear.kind_of(item.kind)
            found.append(Sprite(*spot, ord(kind.glyph), kind.color, ITEM_HEIGHT))
    for monster in floor.monsters:
        spot = place(monster.x, monster.y)
        if monster.alive and spot is not None:
            found.append(Sprite(*spot, ord(monster.glyph), monster.color, SPRITE_HEIGHT))
    found.sort(key=lambda s: (-abs(s.lateral), s.height))
    return found


@functools.lru_cache(maxsize=256)
def glyph_mask(codepoint: int) -> NDArray[np.bool_]:
    """The glyph's inked pixels in the project tileset, cropped to their bounding box."""
    alpha = assets.tileset().get_tile(codepoint)[:, :, 3] > 96
    rows, columns = np.nonzero(alpha)
    if rows.size == 0:
        return np.zeros((1, 1), dtype=np.bool_)
    mask: NDArray[np.bool_] = alpha[rows.min() : rows.max() + 1, columns.min() : columns.max() + 1]
    return mask


def _paint_sprite(pixels: NDArray[np.uint8], lay: Layout, sprite: Sprite) -> None:
    """A billboard standing on the floor in the middle of its cell: a glyph of the tileset,
    outlined, over its shadow; or a teleporter's shimmer."""
    z = sprite.k + 0.5 + NEAR
    if z < 4 * Z_CLIP:
        return
    shape = GLOW_SHAPE if sprite.glyph == 0 else glyph_mask(sprite.glyph)
    scale = min(sprite.height / shape.shape[0], SPRITE_WIDTH * sprite.height / shape.shape[1])
    high, wide = shape.shape[0] * scale, shape.shape[1] * scale
    box = _sprite_box(lay, sprite.lateral, z, wide, high)
    if box is None:
        return
    rows, columns, across, down = box
    index = rows[:, None] * lay.width + columns[None, :]
    lit = light(np.array([z]), lay.depth)[0]
    if sprite.glyph == 0:
        _paint_glow(pixels, index, box, sprite, lit)
        return
    _paint_shadow(pixels, lay, sprite.lateral, z, wide)
    gy = np.minimum((down * shape.shape[0]).astype(np.intp), shape.shape[0] - 1)
    gx = np.minimum((across * shape.shape[1]).astype(np.intp), shape.shape[1] - 1)
    ink = shape[gy[:, None], gx[None, :]]
    pixels[index[_grow(ink) & ~ink]] = OUTLINE
    shade = 0.7 + 0.5 * (1 - down)[:, None, None]
    colour = np.clip(np.array(sprite.colour) * lit * 1.25 * shade, 0, 255)
    pixels[index[ink]] = np.broadcast_to(colour, (*ink.shape, 3))[ink].astype(np.uint8)


def _sprite_box(lay: Layout, centre: float, z: float, wide: float,
                high: float) -> Box | None:
    """The pixel rows and columns a billboard on the floor covers, and where each one falls
    across and down it (0..1); None when it is off the screen."""
    x0, x1 = lay.screen_x(centre - wide / 2, z), lay.screen_x(centre + wide / 2, z)
    y0, y1 = lay.screen_y(high - 0.5, z), lay.screen_y(-0.5, z)
    xs, ys = _pixel_range(x0, x1, lay.width), _pixel_range(y0, y1, lay.height)
    if not xs or not ys:
        return None
    rows, columns = np.array(ys, dtype=np.intp), np.array(xs, dtype=np.intp)
    across = np.asarray((columns + 0.5 - x0) / (x1 - x0), dtype=np.float64)
    return rows, columns, across, np.asarray((rows + 0.5 - y0) / (y1 - y0), dtype=np.float64)


def _paint_shadow(pixels: NDArray[np.uint8], lay: Layout, centre: float, z: float,
                  wide: float) -> None:
    """A dark ellipse on the floor under a billboard, so it stands rather than floats."""
    cx, cy = lay.screen_x(centre, z), lay.screen_y(-0.5, z)
    rx, ry = lay.fx * wide * 0.6 / z, max(0.8, lay.fy * 0.5 * wide * 0.4 / z**2)
    xs = _pixel_range(cx - rx, cx + rx, lay.width)
    ys = _pixel_range(cy - ry, cy + ry, lay.height)
    if not xs or not ys:
        return
    rows, columns = np.array(ys)[:, None], np.array(xs)[None, :]
    inside = ((columns + 0.5 - cx) / rx) ** 2 + ((rows + 0.5 - cy) / ry) ** 2 <= 1
    index = (rows * lay.width + columns)[inside]
    pixels[index] = (pixels[index] * 0.45).astype(np.uint8)


def _grow(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The mask spread one pixel in each of the four directions."""
    grown = mask.copy()
    grown[1:] |= mask[:-1]
    grown[:-1] |= mask[1:]
    grown[:, 1:] |= mask[:, :-1]
    grown[:, :-1] |= mask[:, 1:]
    return grown


def _paint_glow(pixels: NDArray[np.uint8], index: NDArray[np.int_], box: Box, sprite: Sprite,
                lit: Floats) -> None:
    """A teleporter's shimmer: slanted streaks added to the picture, brightest in the middle and
    at the floor, fading upward."""
    rows, columns, across, down = box
    streak = ((columns[None, :] * 2 + rows[:, None]) % 5) < 2
    middle = 1 - (2 * across - 1) ** 2
    strength = np.where(streak, 1.0, 0.3) * middle[None, :] * (0.15 + 0.85 * down[:, None] ** 2)
    add = np.array(sprite.colour) * lit * strength[:, :, None] * 2.4
    flat = index.ravel()
    pixels[flat] = np.clip(pixels[flat] + add.reshape(-1, 3), 0, 255).astype(np.uint8)


def firstperson_frame(console: tcod.console.Console, game: Game, facing: int) -> None:
    """Draw the first-person view (picture, compass, minimap) above the panel; reads the game
    only. One frame of the view, for the benchmark."""
    rows = view_height(console)
    console.draw_semigraphics(view_pixels(game, facing, console.width, rows), 0, 0)
    label = f" {NAMES[facing].capitalize()} "
    console.print((console.width - len(label)) // 2, 0, label, fg=COMPASS_FG, bg=(0, 0, 0))
    draw_minimap(console, game, facing, rows)


def draw_minimap(console: tcod.console.Console, game: Game, facing: int, rows: int) -> None:
    """The map around the player, north up, framed in the view's top-right corner; the player is
    an arrow pointing the way it faces."""
    width, height = MINIMAP
    width, height = min(width, console.width - 2), min(height, rows - 2)
    if width < 3 or height < 3:
        return
    left = console.width - width - 1
    floor = game.floor
    mini = tcod.console.Console(width, height, order="C")
    cam = camera.follow(game.player.pos, (floor.width, floor.height), (width, height))
    draw_map(mini, floor, cam)
    draw_things(mini, game, cam)
    if cam.shows(*game.player.pos):
        vx, vy = cam.to_view(*game.player.pos)
        cells(mini)["ch"][vy, vx] = ARROWS[facing]
    console.draw_frame(left - 1, 0, width + 2, height + 2, fg=(120, 110, 90), bg=(0, 0, 0))
    mini.blit(console, left, 1)


def render_firstperson(console: tcod.console.Console, game: Game, facing: int,
                       notice: str = "") -> None:
    """The whole play screen in first person: the view, and the usual panel beneath it (its top
    line shows `notice`, or what lies straight ahead)."""
    console.clear()
    firstperson_frame(console, game, facing)
    hover = notice or ahead_text(game.floor, game.player.pos, facing)
    draw_panel(console, game, view_height(console), hover)


# --- Glyphs and images ---------------------------------------------------------------------------

def firstperson_image(game: Game, facing: int, width: int = 80,
                      height: int = 50) -> NDArray[np.uint8]:
    """The first-person play screen as an RGB image, drawn with the project tileset."""
    console = tcod.console.Console(width, height, order="C")
    render_firstperson(console, game, facing)
    return np.ascontiguousarray(assets.tileset().render(console)[:, :, :3])


def firstperson_png(game: Game, facing: int, width: int = 80, height: int = 50) -> bytes:
    """The first-person play screen as PNG bytes (snapshots)."""
    return encode_png(firstperson_image(game, facing, width, height))
