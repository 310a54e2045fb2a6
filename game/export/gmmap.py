"""The game master's map as SVG: a printable floor on a square grid, light and ink only.

Rock is grey, open ground white with a fine grid of squares, walls a black line along every
wall face; every area's number sits in a box on the area; doors are drawn by kind (open, stuck,
locked, held by magic, secret, trapped), and stairs, trapdoors, shafts, teleporters, traps,
features, treasure, keys, the relic, merchants and captives each have a mark, and each monster
its letter in a red ring (the key lists them by area, grouped by kind). `map_svg` is the map
alone (`run.py gm --format svg`); the HTML page embeds it and draws its legend with the same
marks (`mark`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from html import escape

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.bestiary import default_bestiary
from game.content.features import feature_kind
from game.dressing.areas import AreaMap, build_areas
from game.dressing.model import DoorDressing, Dressing
from game.export.keyparts import anchor
from game.floorplan import FloorPlan, Point

CELL = 10
"""SVG units per tile: the map scales to any size (`viewBox`), a tile is CELL x CELL."""
ROCK = "#c8c8c8"
INK = "#111111"
GRID = "#b9b9b9"
RED = "#b3261e"
GOLD = "#c99400"

MARKS = (
    ("door", "door"), ("door-open", "open doorway (a door left open)"),
    ("door-stuck", "stuck door"), ("door-locked", "locked door (break DC in the key)"),
    ("door-reinforced", "magically held door (key or knock)"), ("door-secret", "secret door"),
    ("door-trapped", "trapped door"), ("stairs-up", "stairs up"), ("stairs-down", "stairs down"),
    ("trapdoor-up", "trapdoor, ladder up"), ("trapdoor-down", "trapdoor, ladder down"),
    ("shaft", "shaft up and down"),
    ("teleporter", "teleporter"), ("trap", "trap"), ("treasure", "treasure"), ("key", "key"),
    ("relic", "the relic"), ("merchant", "merchant"), ("captive", "captive"),
    ("monster", "monster (its letter; the key lists them)"),
    ("number", "area number (see the key)"),
)
"""Every mark the map draws, with its legend text, in the legend's order."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """The map's SVG and which marks it used (the legend lists those, and the features)."""

    svg: str
    used: frozenset[str]
    features: tuple[tuple[str, str], ...]
    """(glyph, name) of each kind of feature on the map, in order of first appearance."""


def map_svg(plan: FloorPlan, dressing: Dressing, amap: AreaMap | None = None,
            title: str = "") -> Drawn:
    """The floor as one SVG document (no XML prolog: it also goes inline into HTML)."""
    amap = amap or build_areas(plan)
    parts: list[str] = []
    used: set[str] = set()
    w, h = plan.width * CELL, plan.height * CELL
    parts.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
                 f'class="gm-map" role="img" aria-label="{escape(title or "map")}" '
                 f'font-family="DejaVu Sans, Arial, sans-serif">')
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(f'<defs><pattern id="gm-grid" width="{CELL}" height="{CELL}" '
                 f'patternUnits="userSpaceOnUse"><rect width="{CELL}" height="{CELL}" '
                 f'fill="#ffffff"/><path d="M{CELL} 0H0V{CELL}" fill="none" stroke="{GRID}" '
                 'stroke-width="0.5"/></pattern></defs>')
    parts.append(f'<rect width="{w}" height="{h}" fill="{ROCK}"/>')
    open_ = plan.tiles != tiles.WALL
    parts.append(_runs(open_, "url(#gm-grid)"))
    parts.append(_walls(open_))
    parts += _stairs_and_tiles(plan, dressing, used)
    parts += _doors(plan, dressing, used)
    features = _features(dressing, parts)
    parts += _things(dressing, used)
    parts += _monsters(dressing, used)
    parts += _numbers(amap, _taken(plan, dressing), used)
    parts.append("</svg>")
    return Drawn("\n".join(parts), frozenset(used), features)


def _runs(mask: NDArray[np.bool_], fill: str) -> str:
    """One rect per row run of `mask` (far fewer elements than one per tile)."""
    rects = []
    for y in range(mask.shape[0]):
        row = np.concatenate(([False], mask[y], [False]))
        edges = np.flatnonzero(row[1:] != row[:-1])
        for start, stop in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
            rects.append(f'<rect x="{start * CELL}" y="{y * CELL}" width="{(stop - start) * CELL}"'
                         f' height="{CELL}"/>')
    return f'<g fill="{fill}">' + "".join(rects) + "</g>"


def wall_segments(open_: NDArray[np.bool_]) -> Iterator[tuple[Point, Point]]:
    """Every wall face as a straight segment in tile units, (x0, y0)-(x1, y1): runs of tile
    edges with rock on one side and open ground on the other, each run merged end to end. The
    map's edge counts as rock. Shared with the VTT export, whose walls these are."""
    h, w = open_.shape
    padded = np.zeros((h + 2, w + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = open_
    # horizontal faces: the edge above row y (y = 0..h), between padded rows y and y + 1
    faces = padded[:-1, 1:-1] != padded[1:, 1:-1]
    for y in range(h + 1):
        for start, stop in _spans(faces[y]):
            yield (start, y), (stop, y)
    # vertical faces: the edge left of column x, between padded columns x and x + 1
    faces = padded[1:-1, :-1] != padded[1:-1, 1:]
    for x in range(w + 1):
        for start, stop in _spans(faces[:, x]):
            yield (x, start), (x, stop)


def _spans(line: NDArray[np.bool_]) -> Iterator[tuple[int, int]]:
    row = np.concatenate(([False], line, [False]))
    edges = np.flatnonzero(row[1:] != row[:-1]).tolist()
    yield from zip(edges[::2], edges[1::2], strict=True)


def _walls(open_: NDArray[np.bool_]) -> str:
    path = "".join(f"M{a[0] * CELL} {a[1] * CELL}L{b[0] * CELL} {b[1] * CELL}"
                   for a, b in wall_segments(open_))
    return (f'<path d="{path}" stroke="{INK}" stroke-width="1.6" stroke-linecap="square" '
            'fill="none"/>')


def _stairs_and_tiles(plan: FloorPlan, dressing: Dressing, used: set[str]) -> list[str]:
    from game.dressing.stairs import drawn_stairs

    drawn = drawn_stairs(plan.tiles, dressing.stairs)
    names = {tiles.STAIRS_UP: "stairs-up", tiles.STAIRS_DOWN: "stairs-down",
             tiles.TRAPDOOR: "trapdoor-down", tiles.TRAPDOOR_UP: "trapdoor-up",
             tiles.SHAFT: "shaft", tiles.TELEPORTER: "teleporter"}
    parts = []
    for tile, name in names.items():
        for y, x in np.argwhere(drawn == tile).tolist():
            parts.append(mark(name, x, y))
            used.add(name)
    return parts


def door_kind(door: DoorDressing | None, secret: bool) -> str:
    """The door's mark: secret first (it looks like wall), then what holds it shut."""
    if secret:
        return "door-secret"
    if door is None:
        return "door"
    if door.reinforced:
        return "door-reinforced"
    return {"locked": "door-locked", "stuck": "door-stuck"}.get(door.state, "door")


def _doors(plan: FloorPlan, dressing: Dressing, used: set[str]) -> list[str]:
    dressed = {d.point: d for d in dressing.doors}
    parts = []
    for door in plan.doors:
        kind = door_kind(dressed.get((door.x, door.y)),
                         bool(plan.tiles[door.y, door.x] == tiles.SECRET_DOOR))
        if plan.tiles[door.y, door.x] == tiles.OPEN_DOOR and kind == "door":
            kind = "door-open"
        across = _across(plan.tiles, door.x, door.y)
        parts.append(mark(kind, door.x, door.y, across))
        used.add(kind)
        found = dressed.get((door.x, door.y))
        if found is not None and found.trapped:
            parts.append(mark("door-trapped", door.x, door.y))
            used.add("door-trapped")
    return parts


def _across(tile_ids: NDArray[np.uint8], x: int, y: int) -> bool:
    """Whether a door at (x, y) spans left to right (rock left and right of it, so one walks
    through it up or down)."""
    w = tile_ids.shape[1]
    left = x == 0 or tile_ids[y, x - 1] == tiles.WALL
    right = x == w - 1 or tile_ids[y, x + 1] == tiles.WALL
    return bool(left and right)


def _features(dressing: Dressing, parts: list[str]) -> tuple[tuple[str, str], ...]:
    seen: dict[str, str] = {}
    for feature in dressing.features:
        kind = feature_kind(feature.name)
        parts.append(_glyph(kind.glyph, feature.x, feature.y, "#555555"))
        seen.setdefault(feature.name.lower(), kind.glyph)
    return tuple((glyph, name) for name, glyph in seen.items())


def _things(dressing: Dressing, used: set[str]) -> list[str]:
    placed: list[tuple[str, Point]] = [("trap", t.point) for t in dressing.traps
                                       if t.source != "door"]
    placed += [("treasure", (t.x, t.y)) for t in dressing.treasures]
    placed += [("key", k.point) for k in dressing.keys]
    placed += [("key", v.key_at) for v in dressing.vaults]
    placed += [("treasure", i.point) for v in dressing.vaults for i in v.items]
    if dressing.relic is not None:
        placed.append(("relic", dressing.relic))
    placed += [("merchant", m.point) for m in dressing.merchants]
    placed += [("captive", c.point) for c in dressing.captives]
    used.update(name for name, _ in placed)
    return [mark(name, x, y) for name, (x, y) in placed]


def _monsters(dressing: Dressing, used: set[str]) -> list[str]:
    """Each monster as its glyph in a red ring, where the encounter places it."""
    bestiary = default_bestiary()
    parts = [_monster(bestiary.get(m.kind).glyph, m.x, m.y)
             for e in dressing.encounters for m in e.monsters]
    if parts:
        used.add("monster")
    return parts


def _monster(glyph: str, x: int, y: int) -> str:
    cx, cy = (x + 0.5) * CELL, (y + 0.5) * CELL
    return (f'<circle cx="{cx}" cy="{cy}" r="{0.44 * CELL:.1f}" fill="#ffffff" stroke="{RED}" '
            f'stroke-width="0.8"/><text x="{cx}" y="{cy + 0.28 * CELL:.1f}" '
            f'font-size="{0.72 * CELL:.1f}" font-weight="bold" text-anchor="middle" '
            f'fill="{RED}">{escape(glyph)}</text>')


def _taken(plan: FloorPlan, dressing: Dressing) -> set[Point]:
    """The tiles that hold a mark: an area's number stands clear of them where it can."""
    taken = {f.point for f in dressing.features} | {t.point for t in dressing.traps}
    taken |= {(t.x, t.y) for t in dressing.treasures} | {k.point for k in dressing.keys}
    taken |= {m.point for e in dressing.encounters for m in e.monsters}
    taken |= {m.point for m in dressing.merchants} | {c.point for c in dressing.captives}
    taken |= {(s.x, s.y) for s in dressing.stairs} | {(s.x, s.y) for s in plan.stairs}
    taken |= {i.point for v in dressing.vaults for i in v.items}
    if dressing.relic is not None:
        taken.add(dressing.relic)
    return taken


def _numbers(amap: AreaMap, taken: set[Point], used: set[str]) -> list[str]:
    parts = []
    for area in amap.areas:
        x, y = anchor(amap, area, taken, len(str(area.id)))
        parts.append(number_box(area.id, x, y))
        used.add("number")
    return parts


def number_box(number: int | str, x: int, y: int) -> str:
    """The area's number in a box centred on tile (x, y), wide enough for its digits."""
    text = escape(str(number))
    width = CELL * (0.62 * len(text) + 0.5)
    cx, cy = (x + 0.5) * CELL, (y + 0.5) * CELL
    return (f'<g class="num"><rect x="{cx - width / 2:.1f}" y="{cy - 0.62 * CELL:.1f}" '
            f'width="{width:.1f}" height="{1.24 * CELL:.1f}" rx="2" fill="#ffffff" '
            f'stroke="{INK}" stroke-width="0.9"/><text x="{cx:.1f}" y="{cy + 0.4 * CELL:.1f}" '
            f'font-size="{1.05 * CELL:.1f}" font-weight="bold" text-anchor="middle" '
            f'fill="{INK}">{text}</text></g>')


def _glyph(glyph: str, x: int, y: int, colour: str) -> str:
    return (f'<text x="{(x + 0.5) * CELL:.1f}" y="{(y + 0.8) * CELL:.1f}" '
            f'font-size="{0.85 * CELL:.1f}" text-anchor="middle" fill="{colour}">'
            f"{escape(glyph)}</text>")


def _way_letter(cx: float, cy: float, letter: str) -> str:
    """U or D on a way up or down (stairs, a trapdoor's ladder), haloed to read over its lines."""
    c = CELL
    return (f'<text x="{cx}" y="{cy + 0.32 * c}" font-size="{0.8 * c}" font-weight="bold"'
            f' text-anchor="middle" fill="{INK}" stroke="#ffffff" stroke-width="0.8" '
            f'paint-order="stroke">{letter}</text>')


def mark(name: str, x: int, y: int, across: bool = True) -> str:
    """One mark's SVG on tile (x, y) (a door spans left to right when `across`)."""
    c = CELL
    x0, y0, cx, cy = x * c, y * c, (x + 0.5) * c, (y + 0.5) * c
    if name.startswith("door") and name != "door-trapped":
        return _door_mark(name, x0, y0, across)
    if name == "door-trapped":
        return f'<circle cx="{cx}" cy="{cy}" r="{0.16 * c}" fill="{RED}"/>'
    if name in ("stairs-up", "stairs-down"):
        steps = "".join(f'<line x1="{x0 + 1.5}" y1="{y0 + k * 2 + 1.5}" x2="{x0 + c - 1.5}" '
                        f'y2="{y0 + k * 2 + 1.5}"/>' for k in range(5))
        return (f'<g stroke="{INK}" stroke-width="0.7">{steps}</g>'
                + _way_letter(cx, cy, "U" if name == "stairs-up" else "D"))
    if name in ("trapdoor-up", "trapdoor-down"):
        return (f'<rect x="{x0 + 1.5}" y="{y0 + 1.5}" width="{c - 3}" height="{c - 3}" '
                f'fill="none" stroke="{INK}" stroke-width="0.9"/>'
                f'<path d="M{x0 + 1.5} {y0 + 1.5}L{x0 + c - 1.5} {y0 + c - 1.5}M{x0 + c - 1.5} '
                f'{y0 + 1.5}L{x0 + 1.5} {y0 + c - 1.5}" stroke="{INK}" stroke-width="0.7"/>'
                + _way_letter(cx, cy, "U" if name == "trapdoor-up" else "D"))
    if name == "shaft":
        return (f'<circle cx="{cx}" cy="{cy}" r="{0.38 * c}" fill="{INK}"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{0.18 * c}" fill="#ffffff"/>')
    if name == "teleporter":
        return (f'<circle cx="{cx}" cy="{cy}" r="{0.36 * c}" fill="none" stroke="#5b3fa0" '
                f'stroke-width="0.9" stroke-dasharray="1.6 1"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{0.12 * c}" fill="#5b3fa0"/>')
    if name == "trap":
        return (f'<path d="M{cx} {y0 + 1.5}L{x0 + c - 1.2} {y0 + c - 1.5}L{x0 + 1.2} '
                f'{y0 + c - 1.5}Z" fill="{RED}" stroke="{INK}" stroke-width="0.4"/>')
    if name == "treasure":
        return (f'<circle cx="{cx}" cy="{cy}" r="{0.3 * c}" fill="{GOLD}" stroke="{INK}" '
                f'stroke-width="0.5"/><text x="{cx}" y="{cy + 0.2 * c}" font-size="{0.5 * c}" '
                f'text-anchor="middle" fill="{INK}">$</text>')
    if name == "key":
        return (f'<g stroke="{INK}" stroke-width="0.8" fill="none"><circle cx="{x0 + 3.2}" '
                f'cy="{cy}" r="1.7"/><path d="M{x0 + 4.9} {cy}H{x0 + 8.6}M{x0 + 7.6} {cy}'
                f'V{cy + 1.8}M{x0 + 8.6} {cy}V{cy + 1.8}"/></g>')
    if name == "relic":
        points = " ".join(
            f"{cx + r * np.sin(k * np.pi / 5):.1f},{cy - r * np.cos(k * np.pi / 5):.1f}"
            for k, r in ((k, 0.42 * c if k % 2 == 0 else 0.18 * c) for k in range(10)))
        return f'<polygon points="{points}" fill="{GOLD}" stroke="{INK}" stroke-width="0.5"/>'
    if name in ("merchant", "captive"):
        letter = "M" if name == "merchant" else "C"
        return (f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{c - 2}" height="{c - 2}" rx="1.5" '
                f'fill="#ffffff" stroke="{INK}" stroke-width="0.6"/><text x="{cx}" '
                f'y="{cy + 0.3 * c}" font-size="{0.75 * c}" text-anchor="middle" '
                f'fill="{INK}">{letter}</text>')
    if name == "monster":
        return _monster("r", x, y)
    if name == "number":
        return number_box("n", x, y)  # the legend's sample: no area's number
    raise ValueError(f"no mark {name!r}")


def _door_mark(name: str, x0: float, y0: float, across: bool) -> str:
    """A door leaf across its tile, turned to the wall it stands in."""
    c = CELL
    leaf_w, leaf_h = c - 1.0, 0.42 * c
    rx, ry = x0 + 0.5, y0 + (c - leaf_h) / 2
    if not across:
        leaf_w, leaf_h = leaf_h, leaf_w
        rx, ry = x0 + (c - leaf_w) / 2, y0 + 0.5
    fill = {"door-locked": INK, "door-reinforced": "#2f5fa7", "door-stuck": "#9a9a9a",
            "door-open": "#ffffff", "door-secret": "none"}.get(name, "#ffffff")
    if name == "door-secret":
        return (f'<text x="{x0 + c / 2}" y="{y0 + 0.82 * c}" font-size="{0.9 * c}" '
                f'font-weight="bold" text-anchor="middle" fill="{INK}" stroke="#ffffff" '
                f'stroke-width="0.9" paint-order="stroke">S</text>')
    rect = (f'<rect x="{rx:.1f}" y="{ry:.1f}" width="{leaf_w:.1f}" height="{leaf_h:.1f}" '
            f'fill="{fill}" stroke="{INK}" stroke-width="0.8"')
    if name == "door-open":
        return rect + ' stroke-dasharray="1.5 1.2"/>'
    return rect + "/>"
