"""The camera: which part of the floor the map view shows.

It follows a focus point (the player) with a dead zone, and stops at the floor's edges; a floor
smaller than the view is centred in it. Drawing slices only the window it covers, so drawing
cost depends on the view size, never on the floor size.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.floorplan import Point


@dataclass(frozen=True, slots=True)
class Camera:
    """World (x, y) shown at the view's top-left cell; negative when a small floor is centred."""

    x: int
    y: int
    width: int
    height: int

    def to_world(self, sx: int, sy: int) -> Point:
        """The floor position under view cell (sx, sy)."""
        return (sx + self.x, sy + self.y)

    def to_view(self, wx: int, wy: int) -> Point:
        return (wx - self.x, wy - self.y)

    def shows(self, wx: int, wy: int) -> bool:
        """Whether floor position (wx, wy) is inside the view."""
        vx, vy = self.to_view(wx, wy)
        return 0 <= vx < self.width and 0 <= vy < self.height

    def slices(self, floor_width: int, floor_height: int) -> tuple[
        tuple[slice, slice], tuple[slice, slice]
    ]:
        """([y, x] slices of the floor arrays, [y, x] slices of the view) that line up."""
        x0, x1 = max(0, self.x), min(floor_width, self.x + self.width)
        y0, y1 = max(0, self.y), min(floor_height, self.y + self.height)
        x1, y1 = max(x0, x1), max(y0, y1)
        world = (slice(y0, y1), slice(x0, x1))
        view = (slice(y0 - self.y, y1 - self.y), slice(x0 - self.x, x1 - self.x))
        return world, view


EDGE_FRACTION = 4
"""The camera stays put while the focus keeps a quarter of the view from its edges (the dead
zone), and recentres when it comes nearer: the map does not slide under every step."""


def _axis(focus: int, floor_size: int, view_size: int, before: int | None) -> int:
    if floor_size <= view_size:
        return -((view_size - floor_size) // 2)
    margin = view_size // EDGE_FRACTION
    if before is None or not before + margin <= focus < before + view_size - margin:
        before = focus - view_size // 2
    return max(0, min(floor_size - view_size, before))


def follow(focus: Point, floor_size: tuple[int, int], view_size: tuple[int, int],
           previous: Camera | None = None) -> Camera:
    """The camera on `focus`, clamped to the floor (or centring a small floor). Given the
    `previous` camera of the same view, it keeps it while the focus stays in the dead zone and
    recentres on the focus when it nears an edge; without one, it centres."""
    same = previous is not None and (previous.width, previous.height) == view_size
    return Camera(
        _axis(focus[0], floor_size[0], view_size[0], previous.x if same and previous else None),
        _axis(focus[1], floor_size[1], view_size[1], previous.y if same and previous else None),
        view_size[0],
        view_size[1],
    )
