"""The Universal VTT export (`.dd2vtt`, format 0.3), which Dungeondraft writes and Foundry,
PlanarAlly, MapTool and Fantasy Grounds import, so a table can play the floor.

Coordinates are in grid squares from the map's top left corner (one square a tile):
`line_of_sight` holds the wall faces (every edge between rock and open ground, merged into
straight runs: game.export.gmmap.wall_segments), `portals` the doors (closed; a secret door
too, since the VTT has no hidden door of this format's own), `lights` the floor's light
features, and `image` the floor drawn as a PNG (light ground, grey rock, black walls, a fine
grid) at `pixels_per_grid`."""

from __future__ import annotations

import base64
import math
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.features import feature_kind
from game.dressing.model import Dressing
from game.dressing.stairs import drawn_stairs
from game.export.gmmap import wall_segments
from game.export.pngfile import encode_png
from game.floorplan import FloorPlan

FORMAT: Final = 0.3
MAX_PIXELS: Final = 4096
"""The image's longer side at most (pixels_per_grid shrinks on large floors)."""
LIGHT_RANGE: Final = 4.0
LIGHT_COLOUR: Final = "ffffd9a0"
"""A light feature's light: a few squares of warm candle or brazier light (ARGB hex)."""


def pixels_per_grid(width: int, height: int) -> int:
    """64 pixels a square, fewer on a floor that would pass MAX_PIXELS (at least 8)."""
    return max(8, min(64, MAX_PIXELS // max(width, height)))


def to_uvtt(plan: FloorPlan, dressing: Dressing) -> dict[str, Any]:
    """The .dd2vtt document of a dressed floor."""
    ppg = pixels_per_grid(plan.width, plan.height)
    open_ = plan.tiles != tiles.WALL
    walls = [[_point(*a), _point(*b)] for a, b in wall_segments(open_)]
    return {
        "format": FORMAT,
        "resolution": {
            "map_origin": _point(0, 0),
            "map_size": _point(plan.width, plan.height),
            "pixels_per_grid": ppg,
        },
        "line_of_sight": walls,
        "objects_line_of_sight": [],
        "portals": [_portal(plan, d.x, d.y) for d in plan.doors],
        "environment": {"baked_lighting": False, "ambient_light": "ff808080"},
        "lights": [
            {"position": _point(f.x + 0.5, f.y + 0.5), "range": LIGHT_RANGE, "intensity": 1.0,
             "color": LIGHT_COLOUR, "shadows": True}
            for f in dressing.features if feature_kind(f.name).effect == "light"
        ],
        "image": base64.b64encode(encode_png(floor_image(plan, dressing, ppg))).decode("ascii"),
    }


def _point(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def _portal(plan: FloorPlan, x: int, y: int) -> dict[str, Any]:
    """A door as a portal: a closed leaf across its tile, along the wall it stands in (rock
    left and right: the leaf runs left to right, rotation 0; else top to bottom)."""
    w = plan.tiles.shape[1]
    across = ((x == 0 or plan.tiles[y, x - 1] == tiles.WALL)
              and (x == w - 1 or plan.tiles[y, x + 1] == tiles.WALL))
    if across:
        bounds = [_point(x, y + 0.5), _point(x + 1, y + 0.5)]
    else:
        bounds = [_point(x + 0.5, y), _point(x + 0.5, y + 1)]
    return {
        "position": _point(x + 0.5, y + 0.5),
        "bounds": bounds,
        "rotation": 0.0 if across else math.pi / 2,
        "closed": True,
        "freestanding": False,
    }


def floor_image(plan: FloorPlan, dressing: Dressing, ppg: int) -> NDArray[np.uint8]:
    """The floor as RGB pixels, ppg a square: white ground, grey rock, a light grid, black
    wall faces, brown doors, slate blue stairs, trapdoors, shafts and teleporters (a secret
    door is drawn as rock: players see this image)."""
    open_ = plan.tiles != tiles.WALL
    ground = np.where(open_[:, :, None], np.uint8(250), np.uint8(190)).astype(np.uint8)
    ground = np.repeat(ground, 3, axis=2)
    ground[np.isin(plan.tiles, (tiles.DOOR, tiles.OPEN_DOOR))] = (150, 100, 55)
    ground[plan.tiles == tiles.SECRET_DOOR] = 190  # the players see rock until it is found
    ways = (*tiles.STAIRS, tiles.TELEPORTER)
    ground[np.isin(drawn_stairs(plan.tiles, dressing.stairs), ways)] = (110, 120, 170)
    image = np.repeat(np.repeat(ground, ppg, axis=0), ppg, axis=1)
    image[::ppg, :, :] = np.minimum(image[::ppg, :, :], 200)
    image[:, ::ppg, :] = np.minimum(image[:, ::ppg, :], 200)
    thick = max(1, ppg // 16)
    hi_y, hi_x = image.shape[0], image.shape[1]
    for (x0, y0), (x1, y1) in wall_segments(open_):
        px0, py0, px1, py1 = x0 * ppg, y0 * ppg, x1 * ppg, y1 * ppg
        image[max(0, py0 - thick):min(hi_y, py1 + thick),
              max(0, px0 - thick):min(hi_x, px1 + thick)] = 20
    return image
