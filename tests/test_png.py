"""The PNG writer, the PNG floor export and the tileset asset.

PNGs are read back with a small decoder written here (chunks, CRCs, IHDR, zlib, filters), so the
writer is not checked against itself.
"""

from __future__ import annotations

import importlib.util
import struct
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import tcod.image
import tcod.tileset
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from game import assets, tiles
from game.export import png
from game.export.pngfile import encode_png
from game.floorplan import FloorPlan

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # colour type -> channels
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Decoded:
    width: int
    height: int
    colour_type: int
    chunk_kinds: tuple[bytes, ...]
    pixels: NDArray[np.uint8]


def _unfilter(raw: NDArray[np.uint8], stride: int) -> NDArray[np.uint8]:
    """Undo the filters the writer may use: 0 (None) and 2 (Up); anything else fails."""
    out = np.empty((raw.shape[0], stride), dtype=np.uint8)
    above = np.zeros(stride, dtype=np.uint8)
    for y, row in enumerate(raw):
        kind, line = int(row[0]), row[1:]
        if kind == 0:
            out[y] = line
        elif kind == 2:
            out[y] = line + above
        else:
            raise AssertionError(f"unexpected filter type {kind} in row {y}")
        above = out[y]
    return out


def decode(data: bytes) -> Decoded:
    assert data[:8] == SIGNATURE
    pos, kinds, idat, header = 8, [], b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        header = body if kind == b"IHDR" else header
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    assert pos == len(data) and kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    width, height, depth, colour, method, filtering, interlace = struct.unpack(">IIBBBBB", header)
    assert (depth, method, filtering, interlace) == (8, 0, 0, 0)
    channels = CHANNELS[colour]
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8)
    rows = _unfilter(raw.reshape(height, width * channels + 1), width * channels)
    return Decoded(width, height, colour, tuple(kinds), rows.reshape(height, width, channels))


def hand_plan(text: str) -> FloorPlan:
    grid = tiles.from_ascii(text)
    ys, xs = np.nonzero(grid == tiles.STAIRS_UP)
    return FloorPlan("hand", {}, grid, (int(xs[0]), int(ys[0])), ())


def open_plan(width: int, height: int) -> FloorPlan:
    grid = np.full((height, width), tiles.FLOOR, dtype=np.uint8)
    grid[[0, -1], :] = tiles.WALL
    grid[:, [0, -1]] = tiles.WALL
    grid[2, 5] = tiles.DOOR
    grid[1, 1] = tiles.STAIRS_UP
    return FloorPlan("open", {}, grid, (1, 1), ())


# --- the writer ---------------------------------------------------------------------------------

images = hnp.arrays(
    np.uint8,
    st.tuples(st.integers(1, 9), st.integers(1, 9), st.sampled_from([3, 4])),
)


@given(images)
def test_pixels_round_trip(pixels: NDArray[np.uint8]) -> None:
    decoded = decode(encode_png(pixels))
    assert (decoded.width, decoded.height) == (pixels.shape[1], pixels.shape[0])
    assert decoded.colour_type == {3: 2, 4: 6}[pixels.shape[2]]
    assert decoded.chunk_kinds == (b"IHDR", b"IDAT", b"IEND")
    np.testing.assert_array_equal(decoded.pixels, pixels)


def test_non_contiguous_input_round_trips() -> None:
    pixels = np.arange(6 * 4 * 3, dtype=np.uint8).reshape(6, 4, 3)[::-1, ::2]
    np.testing.assert_array_equal(decode(encode_png(pixels)).pixels, pixels)


def test_output_is_deterministic() -> None:
    pixels = (np.arange(40 * 30 * 4) % 251).astype(np.uint8).reshape(40, 30, 4)
    assert encode_png(pixels) == encode_png(pixels.copy())


def test_another_decoder_reads_it(tmp_path: Path) -> None:
    pixels = (np.arange(7 * 5 * 3) * 37 % 256).astype(np.uint8).reshape(7, 5, 3)
    target = tmp_path / "image.png"
    target.write_bytes(encode_png(pixels))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fine for a test-only check
        loaded = tcod.image.load(target)
    np.testing.assert_array_equal(loaded[:, :, :3], pixels)


@pytest.mark.parametrize(
    "pixels",
    [
        np.zeros((2, 2, 2), dtype=np.uint8),
        np.zeros((2, 2), dtype=np.uint8),
        np.zeros((2, 2, 3), dtype=np.uint16),
        np.zeros((0, 2, 3), dtype=np.uint8),
        np.zeros((2, 0, 4), dtype=np.uint8),
    ],
)
def test_bad_input_is_rejected(pixels: NDArray[np.uint8]) -> None:
    with pytest.raises(ValueError, match="pixel"):
        encode_png(pixels)


# --- the floor export ---------------------------------------------------------------------------

SMALL = """
#######
#<..+.#
#..>..#
#######
"""


def test_floor_png_is_drawn_with_the_tileset() -> None:
    """Each cell is its tile's glyph from the tileset, blended from bg to fg by its coverage,
    at [y, x] = the tile's position."""
    plan = hand_plan(SMALL)
    tileset = assets.tileset()
    tile_w, tile_h = tileset.tile_width, tileset.tile_height
    image = decode(png.floor_png(plan)).pixels
    assert image.shape == (plan.height * tile_h, plan.width * tile_w, 3)
    for x, y in [(0, 0), (2, 1), (4, 1), (3, 2), (1, 1), (6, 3)]:
        row = tiles.TILES[plan.tiles[y, x]]
        alpha = tileset.get_tile(int(row["glyph"]))[:, :, 3, np.newaxis] / 255
        expected = row["bg"] + (row["fg"].astype(float) - row["bg"]) * alpha
        cell = image[y * tile_h : (y + 1) * tile_h, x * tile_w : (x + 1) * tile_w]
        assert np.abs(cell - expected).max() <= 1, (x, y)
        assert alpha.any()


def test_large_floor_is_drawn_as_blocks() -> None:
    plan = open_plan(1000, 1000)
    decoded = decode(png.floor_png(plan))
    assert (decoded.width, decoded.height) == (4000, 4000)
    scale = 4
    for (x, y), tile_id in [((0, 0), tiles.WALL), ((5, 2), tiles.DOOR), ((500, 700), tiles.FLOOR)]:
        block = decoded.pixels[y * scale : (y + 1) * scale, x * scale : (x + 1) * scale]
        assert (block == png.BLOCK_COLOURS[tile_id]).all()
    assert (png.BLOCK_COLOURS[tiles.FLOOR] < png.BLOCK_COLOURS[tiles.WALL]).all()


@pytest.mark.parametrize(
    ("width", "height", "glyphs"),
    [(409, 256, True), (410, 256, False), (409, 257, False), (80, 50, True), (200, 12, True)],
)
def test_glyphs_up_to_about_4096_pixels(width: int, height: int, glyphs: bool) -> None:
    assert png.uses_glyphs(width, height) is glyphs


@pytest.mark.parametrize(
    ("width", "height", "scale"), [(1000, 1000, 4), (410, 30, 9), (5000, 20, 1), (3000, 9000, 1)]
)
def test_block_scale(width: int, height: int, scale: int) -> None:
    assert png.block_scale(width, height) == scale


def test_wide_floor_blocks_keep_the_axes() -> None:
    plan = open_plan(600, 40)
    image = decode(png.floor_png(plan)).pixels
    scale = png.block_scale(600, 40)
    assert image.shape == (40 * scale, 600 * scale, 3)
    assert (image[2 * scale, 5 * scale] == png.BLOCK_COLOURS[tiles.DOOR]).all()


# --- the tileset --------------------------------------------------------------------------------


def test_tileset_maps_every_cp437_code() -> None:
    tileset = assets.tileset()
    assert tileset.tile_shape == (16, 10)
    codes = tcod.tileset.CHARMAP_CP437
    # libtcod keeps tile 0 for "no tile", so NUL (the blank cell 0) cannot count as mapped.
    assert len(set(codes)) == 256
    assert len(tileset) == 255 + len(assets.QUADRANTS) + 1  # the view's quadrants, the ellipsis
    assert all(cp in tileset for cp in codes[1:])
    assert all(cp in tileset for cp in assets.QUADRANTS)
    assert tileset.get_tile(assets.ELLIPSIS)[:, :, 3].any()
    assert not tileset.get_tile(0)[:, :, 3].any()


def test_tileset_cells_are_in_cp437_order() -> None:
    sheet = decode(assets.TILESET_PATH.read_bytes()).pixels
    tileset = assets.tileset()
    tile_h, tile_w = tileset.tile_shape
    assert sheet.shape == (16 * tile_h, 16 * tile_w, 4)
    for index, codepoint in enumerate(tcod.tileset.CHARMAP_CP437):
        row, col = divmod(index, 16)
        cell = sheet[row * tile_h : (row + 1) * tile_h, col * tile_w : (col + 1) * tile_w, 3]
        np.testing.assert_array_equal(cell, tileset.get_tile(codepoint)[:, :, 3], str(index))
    assert tileset.get_tile(ord("#"))[:, :, 3].any()
    assert not tileset.get_tile(ord(" "))[:, :, 3].any()


def test_box_drawing_glyphs_join() -> None:
    """Every line meets each tile edge in one of two places (single, double), the same on
    opposite edges, so any two glyphs that should connect do."""
    tileset = assets.tileset()
    box = [tileset.get_tile(cp)[:, :, 3] > 0 for cp in tcod.tileset.CHARMAP_CP437[179:219]]

    def profiles(edges: list[NDArray[np.bool_]]) -> set[bytes]:
        return {edge.tobytes() for edge in edges if edge.any()}

    top, bottom = profiles([t[0] for t in box]), profiles([t[-1] for t in box])
    left, right = profiles([t[:, 0] for t in box]), profiles([t[:, -1] for t in box])
    assert len(top) == len(left) == 2
    assert top == bottom and left == right
    full = tileset.get_tile(ord("█"))[:, :, 3]
    assert (full == 255).all()


def test_tileset_asset_matches_the_script() -> None:
    script = ROOT / "tools" / "make_tileset.py"
    spec = importlib.util.spec_from_file_location("make_tileset", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not module.FONT.exists():
        pytest.skip("DejaVu Sans Mono is not installed")
    expected = encode_png(module.tilesheet(module.glyph_alphas()))
    assert assets.TILESET_PATH.read_bytes() == expected
    assert (assets.ASSETS_DIR / "LICENSE-DejaVu.txt").exists()
