"""The camera follows the player, stops at floor edges and centres floors smaller than the view."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.camera import Camera, follow

VIEW = (80, 43)


def test_top_left_corner_clamps_to_zero() -> None:
    cam = follow((0, 0), (200, 120), VIEW)
    assert (cam.x, cam.y) == (0, 0)
    assert cam.to_view(0, 0) == (0, 0)


def test_bottom_right_corner_clamps_to_the_far_edge() -> None:
    cam = follow((199, 119), (200, 120), VIEW)
    assert (cam.x, cam.y) == (120, 77)
    assert cam.to_view(199, 119) == (79, 42)
    world, view = cam.slices(200, 120)
    assert world == (slice(77, 120), slice(120, 200))
    assert view == (slice(0, 43), slice(0, 80))


def test_middle_centres_on_the_focus() -> None:
    cam = follow((100, 60), (200, 120), VIEW)
    assert cam.to_view(100, 60) == (40, 21)


def test_small_floor_is_centred() -> None:
    cam = follow((5, 5), (20, 11), VIEW)
    assert (cam.x, cam.y) == (-30, -16)
    world, view = cam.slices(20, 11)
    assert world == (slice(0, 11), slice(0, 20))
    assert view == (slice(16, 27), slice(30, 50))
    assert cam.shows(0, 0) and cam.shows(19, 10) and not cam.shows(50, 0)


def test_one_axis_small_the_other_large() -> None:
    cam = follow((150, 3), (300, 9), VIEW)
    assert cam.x == 110 and cam.y == -17


def test_screen_and_world_round_trip() -> None:
    cam = Camera(7, -3, 80, 43)
    assert cam.to_world(*cam.to_view(12, 9)) == (12, 9)


@given(
    st.integers(1, 400), st.integers(1, 400), st.integers(1, 120), st.integers(1, 60),
    st.data(),
)
def test_slices_line_up_and_always_show_the_focus(
    fw: int, fh: int, vw: int, vh: int, data: st.DataObject
) -> None:
    fx = data.draw(st.integers(0, fw - 1))
    fy = data.draw(st.integers(0, fh - 1))
    cam = follow((fx, fy), (fw, fh), (vw, vh))
    world, view = cam.slices(fw, fh)
    sizes_world = (world[0].stop - world[0].start, world[1].stop - world[1].start)
    sizes_view = (view[0].stop - view[0].start, view[1].stop - view[1].start)
    assert sizes_world == sizes_view == (min(fh, vh), min(fw, vw))
    assert view[0].start >= 0 and view[0].stop <= vh
    assert view[1].start >= 0 and view[1].stop <= vw
    assert cam.shows(fx, fy)


# --- the dead zone (issue 13, item 12) ------------------------------------------------------


def test_steps_inside_the_dead_zone_leave_the_camera_still() -> None:
    cam = follow((100, 60), (200, 120), VIEW)
    for x in range(100, 100 + 40 - 20):  # a quarter of the view from its right edge
        moved = follow((x, 60), (200, 120), VIEW, cam)
        assert moved == cam, x


def test_near_the_edge_it_recentres_on_the_focus() -> None:
    cam = follow((100, 60), (200, 120), VIEW)
    right = cam.x + VIEW[0] - VIEW[0] // 4  # the first column of the right margin
    moved = follow((right, 60), (200, 120), VIEW, cam)
    assert moved.to_view(right, 60) == (40, 21) and moved.y == cam.y
    up = cam.y + VIEW[1] // 4 - 1
    moved = follow((100, up), (200, 120), VIEW, cam)
    assert moved.to_view(100, up) == (40, 21) and moved.x == cam.x


def test_a_walk_recentres_rarely() -> None:
    """Walking 100 steps east across a wide floor moves the camera a few times, not 100."""
    cam = follow((0, 60), (400, 120), VIEW)
    moves = 0
    for x in range(1, 300):
        after = follow((x, 60), (400, 120), VIEW, cam)
        moves += after != cam
        cam = after
        assert VIEW[0] // 4 <= cam.to_view(x, 60)[0] < VIEW[0] - VIEW[0] // 4 or cam.x == 0
    assert 0 < moves <= 300 // (VIEW[0] // 2 - VIEW[0] // 4) + 1


@given(
    st.integers(0, 299), st.integers(0, 199), st.integers(1, 300), st.integers(1, 200),
    st.integers(-50, 300), st.integers(-50, 200),
)
def test_the_dead_zone_always_shows_the_focus(fx: int, fy: int, fw: int, fh: int,
                                              px: int, py: int) -> None:
    fx, fy = min(fx, fw - 1), min(fy, fh - 1)
    previous = Camera(px, py, VIEW[0], VIEW[1])
    assert follow((fx, fy), (fw, fh), VIEW, previous).shows(fx, fy)
