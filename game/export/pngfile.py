"""A minimal PNG writer (zlib + struct), so exports need no imaging library.

Every row uses the "Up" filter: maps repeat rows (and scaled images repeat them exactly), which
turns them into zeros that deflate to almost nothing. Output depends only on the pixels and the
zlib build, never on time or platform metadata: no optional chunks are written.
"""

from __future__ import annotations

import struct
import zlib
from typing import Final

import numpy as np
from numpy.typing import NDArray

SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES: Final = {3: 2, 4: 6}  # channels -> PNG colour type (truecolour, with alpha)
_FILTER_UP: Final = 2
_LEVEL: Final = 6


def _chunk(kind: bytes, data: bytes) -> bytes:
    """Length, type, data, and the CRC over type + data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def _filtered_rows(pixels: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Scanlines: a filter-type byte, then each byte minus the one above it (mod 256)."""
    rows = pixels.reshape(pixels.shape[0], -1)
    lines = np.empty((rows.shape[0], rows.shape[1] + 1), dtype=np.uint8)
    lines[:, 0] = _FILTER_UP
    lines[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=lines[1:, 1:])  # uint8 arithmetic wraps, as PNG wants
    return lines


def encode_png(pixels: NDArray[np.uint8]) -> bytes:
    """PNG bytes for an 8-bit RGB or RGBA image shaped (height, width, 3 or 4)."""
    if pixels.dtype != np.uint8 or pixels.ndim != 3 or pixels.shape[2] not in _COLOUR_TYPES:
        raise ValueError(f"need uint8 pixels shaped (h, w, 3|4), got {pixels.dtype} {pixels.shape}")
    height, width, channels = pixels.shape
    if height == 0 or width == 0:
        raise ValueError(f"a PNG needs at least one pixel, got {width}x{height}")
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPES[channels], 0, 0, 0)
    data = zlib.compress(_filtered_rows(pixels).data, _LEVEL)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")
