"""Run codes: one printable string holding the rules version, the seed, the recipes and a checksum.

    D6-NZM62-M80NM-...

"D6" is the rules version, readable before anything else is decoded, so a code from another
version is refused naming both. The rest is Crockford base32 (digits and letters without I, L, O,
U; case-insensitive; I and L read as 1, O as 0; hyphens ignored) of bits:

    CRC-32 (32) | 000 | daily (1) | custom plan (1) | seed length (1 + 5 or 1 + 10) |
    seed (UTF-8) | recipes (game.run.packed, custom plans only) | zeros to a whole letter

The checksum and its three zero bits fill the first seven letters, and the CRC covers the letters
after them (and the version), so every single-character typo is caught: in the first seven it
changes the stored checksum alone, after them it is a burst of at most 5 bits, which a CRC-32
always detects. A code is canonical: decoding re-encodes and refuses any other spelling of a run.

Codes of rules versions before 4 were bytes (version, flags, seed length, seed, the recipes'
short text, CRC-32): they are still read far enough to name their seed when refused.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass

from game.run.bits import BitReader, BitsError, BitWriter
from game.run.packed import pack_recipes, unpack_recipes
from game.run.recipe import FloorRecipe
from game.run.recipes import recipes_text
from game.version import RULES_VERSION

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = {char: value for value, char in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
_PREFIX = re.compile(r"^D([0-9]+)-")
DAILY = 1
DEFAULT_RECIPES = 2
MAX_CODE = 4096
GROUP = 5
PACKED_SINCE = 4
"""The first rules version whose codes are packed bits (before it: bytes and recipes text)."""
CHECK_BITS = 35
"""The CRC-32 and three zero bits: seven whole letters, so no letter holds checksum and data."""
MAX_SEED = 1000


class RunCodeError(ValueError):
    """A code that cannot be used: mistyped, another rules version, or not a code at all."""


@dataclass(frozen=True, slots=True)
class RunCode:
    """What a code carries. `recipes` are the run's floors, or () for the default run."""

    seed: str
    recipes: tuple[FloorRecipe, ...] = ()
    daily: bool = False
    version: int = RULES_VERSION


def _letters(value: int, count: int) -> str:
    return "".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count))


def _grouped(version: int, letters: str) -> str:
    groups = [letters[i : i + GROUP] for i in range(0, len(letters), GROUP)]
    return f"D{version}-" + "-".join(groups)


def _checksum(version: int, count: int, payload: int, length: int) -> int:
    """CRC-32 of the version, the letter count and the payload bits (zero-padded to bytes)."""
    pad = -length % 8
    data = (payload << pad).to_bytes((length + pad) // 8, "big")
    return zlib.crc32(f"D{version}:{count}:".encode() + data)


def encode(code: RunCode) -> str:
    seed = code.seed.encode("utf-8")
    if len(seed) > MAX_SEED:
        raise RunCodeError(f"run code: the seed is longer than {MAX_SEED} bytes")
    if code.version < PACKED_SINCE:
        return _legacy_encode(code, seed)
    body = BitWriter()
    body.put_flag(code.daily)
    body.put_flag(bool(code.recipes))
    body.put_flag(len(seed) >= 32)
    body.put(len(seed), 10 if len(seed) >= 32 else 5)
    body.put_bytes(seed)
    if code.recipes:
        pack_recipes(body, code.recipes)
    count = -(-(CHECK_BITS + body.length) // 5)
    length = 5 * count - CHECK_BITS
    payload = body.value << (length - body.length)
    check = _checksum(code.version, count, payload, length)
    return _grouped(code.version, _letters((check << 3 << length) | payload, count))


def _legacy_encode(code: RunCode, seed: bytes) -> str:
    """The byte layout of rules versions 1..3 (saves made then keep their codes)."""
    recipes = recipes_text(code.recipes) if code.recipes else ""
    flags = (DAILY if code.daily else 0) | (0 if recipes else DEFAULT_RECIPES)
    body = struct.pack(">BBH", code.version, flags, len(seed)) + seed + recipes.encode("utf-8")
    body += struct.pack(">I", zlib.crc32(body))
    bits = int.from_bytes(body, "big")
    count = (len(body) * 8 + 4) // 5
    return _grouped(code.version, _letters(bits << (count * 5 - len(body) * 8), count))


def version_of(text: str) -> int:
    """The rules version a code names (its "D<version>-" prefix), without reading the rest."""
    prefix = _PREFIX.match("-".join(text.split()).upper())
    if prefix is None:
        raise RunCodeError("run code: expected it to start with D<version>-, e.g. D1-")
    return int(prefix.group(1))


def decode(text: str) -> RunCode:
    """A code as typed or pasted; RunCodeError says what is wrong in one line."""
    cleaned = "-".join(text.split()).upper()
    if len(cleaned) > MAX_CODE:
        raise RunCodeError("run code: too long")
    prefix = _PREFIX.match(cleaned)
    if prefix is None:
        raise RunCodeError("run code: expected it to start with D<version>-, e.g. D1-")
    version = int(prefix.group(1))
    values = _values(cleaned[prefix.end():])
    if version == RULES_VERSION:
        return _read(values, version)
    try:  # another version's code: name its seed if it reads as that version's codes do
        found = _legacy_seed(values, version) if version < PACKED_SINCE else \
            _open(values, version)[1]
        seed = f" (its seed is {found!r}: start that seed to play it here, on other floors)"
    except RunCodeError:
        seed = ""
    raise RunCodeError(
        f"run code: made for rules version {version}; this game plays rules version "
        f"{RULES_VERSION}{seed}"
    )


def _values(rest: str) -> list[int]:
    """The letters after the prefix as numbers 0..31."""
    values = []
    for char in rest.replace("-", ""):
        if char not in _DECODE:
            raise RunCodeError(f"run code: {char!r} is not a code character")
        values.append(_DECODE[char])
    return values


def _open(values: list[int], version: int) -> tuple[BitReader, str, bool, bool]:
    """The checksum checked, then (the bits after the seed, the seed, daily, custom plan)."""
    count = len(values)
    if count * 5 < CHECK_BITS + 8:
        raise RunCodeError("run code: too short")
    whole = 0
    for value in values:
        whole = (whole << 5) | value
    length = count * 5 - CHECK_BITS
    payload = whole & ((1 << length) - 1)
    if whole >> length != _checksum(version, count, payload, length) << 3:
        raise RunCodeError("run code: the checksum does not match (a character is mistyped?)")
    bits = BitReader(payload, length)
    try:
        daily, custom = bits.get_flag(), bits.get_flag()
        size = bits.get(10 if bits.get_flag() else 5)
        seed = bits.get_bytes(size).decode("utf-8")
    except (BitsError, UnicodeDecodeError):
        raise RunCodeError("run code: malformed seed") from None
    return bits, seed, daily, custom


def _read(values: list[int], version: int) -> RunCode:
    """A code of this version: its seed, flags and recipes, and nothing else."""
    bits, seed, daily, custom = _open(values, version)
    recipes: tuple[FloorRecipe, ...] = ()
    if custom:
        try:
            recipes = unpack_recipes(bits)
        except ValueError as problem:
            raise RunCodeError(f"run code: malformed plan ({problem})") from None
    code = RunCode(seed, recipes, daily, version)
    if bits.left >= 5 or bits.get(bits.left) or _values(encode(code)[len(f"D{version}-"):]) \
            != values:
        raise RunCodeError("run code: malformed (not the code this run would have)")
    return code


def _legacy_seed(values: list[int], version: int) -> str:
    """The seed of a code of rules versions 1..3, when its checksum holds."""
    bits = 0
    for value in values:
        bits = (bits << 5) | value
    size = len(values) * 5 // 8
    body = (bits >> (len(values) * 5 - size * 8)).to_bytes(size, "big")
    if len(body) < 8 or zlib.crc32(body[:-4]) != struct.unpack(">I", body[-4:])[0]:
        raise RunCodeError("run code: the checksum does not match")
    inner, _, length = struct.unpack(">BBH", body[:4])
    if inner != version or 4 + length > len(body) - 4:
        raise RunCodeError("run code: malformed")
    try:
        return body[4 : 4 + length].decode("utf-8")
    except UnicodeDecodeError:
        raise RunCodeError("run code: malformed text inside") from None
