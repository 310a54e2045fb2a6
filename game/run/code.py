"""Run codes: one printable string holding the rules version, the seed, the recipes and a checksum.

    D1-8G5RM-D5ZC2-...

"D1" is the rules version, readable before anything else is decoded, so a code from another
version is refused naming both. The rest is Crockford base32 (digits and letters without I, L, O,
U; case-insensitive; I and L read as 1, O as 0; hyphens ignored) of:

    version (1 B) | flags (1 B) | seed length (2 B) | seed (UTF-8) | recipes (UTF-8) | CRC-32

The CRC covers everything before it, so every single-character typo is caught (a changed
character alters at most 5 bits, a burst CRC-32 always detects). Flags: 1 daily, 2 default
recipes (then no recipes text is carried; the text is the --plan short form).
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass

from game.version import RULES_VERSION

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = {char: value for value, char in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
_PREFIX = re.compile(r"^D(\d+)-")
DAILY = 1
DEFAULT_RECIPES = 2
MAX_CODE = 4096
GROUP = 5


class RunCodeError(ValueError):
    """A code that cannot be used: mistyped, another rules version, or not a code at all."""


@dataclass(frozen=True, slots=True)
class RunCode:
    """What a code carries. `recipes` is their canonical short form, or "" for the default run."""

    seed: str
    recipes: str = ""
    daily: bool = False
    version: int = RULES_VERSION


def _base32(data: bytes) -> str:
    bits = int.from_bytes(data, "big")
    count = (len(data) * 8 + 4) // 5
    bits <<= count * 5 - len(data) * 8
    return "".join(ALPHABET[(bits >> (5 * (count - 1 - i))) & 31] for i in range(count))


def _unbase32(text: str) -> bytes:
    value = 0
    for char in text:
        if char not in _DECODE:
            raise RunCodeError(f"run code: {char!r} is not a code character")
        value = (value << 5) | _DECODE[char]
    size = len(text) * 5 // 8
    value >>= len(text) * 5 - size * 8
    return value.to_bytes(size, "big")


def encode(code: RunCode) -> str:
    seed = code.seed.encode("utf-8")
    if len(seed) > 1000:
        raise RunCodeError("run code: the seed is longer than 1000 bytes")
    flags = (DAILY if code.daily else 0) | (0 if code.recipes else DEFAULT_RECIPES)
    body = struct.pack(">BBH", code.version, flags, len(seed)) + seed + code.recipes.encode("utf-8")
    body += struct.pack(">I", zlib.crc32(body))
    letters = _base32(body)
    groups = [letters[i : i + GROUP] for i in range(0, len(letters), GROUP)]
    return f"D{code.version}-" + "-".join(groups)


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
    if version == RULES_VERSION:
        return _read(cleaned[prefix.end():], version)
    try:  # another version's code: name its seed if it reads as ours would
        seed = f" (its seed is {_read(cleaned[prefix.end():], version).seed!r}: start that seed" \
            " to play it here, on other floors)"
    except RunCodeError:
        seed = ""
    raise RunCodeError(
        f"run code: made for rules version {version}; this game plays rules version "
        f"{RULES_VERSION}{seed}"
    )


def _read(rest: str, version: int) -> RunCode:
    """The letters after the prefix: checksum, header, seed and recipes."""
    letters = rest.replace("-", "")
    body = _unbase32(letters)
    if _base32(body) != "".join(ALPHABET[_DECODE[char]] for char in letters):
        raise RunCodeError("run code: the checksum does not match (a character is mistyped?)")
    if len(body) < 8 or zlib.crc32(body[:-4]) != struct.unpack(">I", body[-4:])[0]:
        raise RunCodeError("run code: the checksum does not match (a character is mistyped?)")
    inner, flags, length = struct.unpack(">BBH", body[:4])
    if inner != version or flags & ~(DAILY | DEFAULT_RECIPES) or 4 + length > len(body) - 4:
        raise RunCodeError("run code: malformed")
    try:
        seed = body[4 : 4 + length].decode("utf-8")
        recipes = body[4 + length : -4].decode("utf-8")
    except UnicodeDecodeError:
        raise RunCodeError("run code: malformed text inside") from None
    if bool(flags & DEFAULT_RECIPES) == bool(recipes):
        raise RunCodeError("run code: malformed plan")
    return RunCode(seed, recipes, bool(flags & DAILY), version)
