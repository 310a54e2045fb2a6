"""The save file container: a fixed prefix, a JSON header describing every section, the sections.

    magic (8 bytes) | format version (u32 LE) | header size (u32 LE) | header (UTF-8 JSON)
    | header checksum (BLAKE2b-256 of everything before it) | the sections' bytes, in header order

Each section is zlib-compressed and listed in the header with its name, stored and raw sizes and a
BLAKE2b-256 checksum of its stored bytes, so every byte of the file is covered by a checksum. The
container never unpickles or evaluates anything: a section is bytes, which the caller reads as
JSON or as a numpy array of a whitelisted dtype. Every size is checked against a limit before
memory is taken for it, and decompression stops at the declared size, so a hostile file cannot
exhaust memory (no decompression bombs).
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import zlib
from dataclasses import dataclass, field
from typing import Any

MAGIC = b"\x89DELVE\r\n"
"""PNG-style: a high byte and a CR LF, so a file mangled as text or truncated at once is caught."""
PREFIX = struct.Struct("<8sII")
DIGEST_BYTES = 32
HEADER = b"delve-header"
SECTION = b"delve-section"
"""The checksums' personalisations."""
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_HEADER_BYTES = 1024 * 1024
MAX_SECTIONS = 1024
MAX_SECTION_BYTES = 16 * 1024 * 1024
"""Raw (decompressed) size of one section."""
MAX_TOTAL_BYTES = 64 * 1024 * 1024
"""Raw size of all sections together: what loading a save may cost in memory, at most."""
COMPRESSION_LEVEL = 1
"""Level 1 packs a floor's arrays and the state about 8:1 in well under a millisecond."""
SECTION_NAME = re.compile(r"^[a-z][a-z0-9_.]{0,63}$")
_SECTION_KEYS = frozenset({"name", "kind", "encoding", "size", "raw_size", "blake2b"})
_ARRAY_KEYS = frozenset({"dtype", "shape"})


class SaveError(ValueError):
    """A file that cannot be loaded as a save: the message says what is wrong, in one line."""


@dataclass(frozen=True, slots=True)
class Section:
    """One named section: its raw bytes, and what they are ("json", or "array" with a dtype
    name and a shape)."""

    name: str
    data: bytes
    kind: str = "json"
    dtype: str = ""
    shape: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Container:
    """A checked file: the format version, the header's own fields and the raw sections."""

    version: int
    header: dict[str, Any]
    sections: list[Section] = field(default_factory=list)


def checksum(data: bytes, person: bytes) -> bytes:
    """BLAKE2b-256, personalised so a header's checksum never matches a section's."""
    return hashlib.blake2b(data, digest_size=DIGEST_BYTES, person=person).digest()


def pack(version: int, header: dict[str, Any], sections: list[Section]) -> bytes:
    """The file's bytes: `header` (JSON values) gains the section list."""
    entries: list[dict[str, Any]] = []
    stored: list[bytes] = []
    for section in sections:
        packed = zlib.compress(section.data, COMPRESSION_LEVEL)
        entry: dict[str, Any] = {
            "name": section.name, "kind": section.kind, "encoding": "zlib", "size": len(packed),
            "raw_size": len(section.data), "blake2b": checksum(packed, SECTION).hex(),
        }
        if section.kind == "array":
            entry |= {"dtype": section.dtype, "shape": list(section.shape)}
        entries.append(entry)
        stored.append(packed)
    head = json.dumps({**header, "sections": entries}, sort_keys=True,
                      separators=(",", ":")).encode()
    prefix = PREFIX.pack(MAGIC, version, len(head))
    return b"".join([prefix, head, checksum(prefix + head, HEADER), *stored])


def read_version(blob: bytes) -> int:
    """The format version from the prefix alone (SaveError when there is no save prefix)."""
    if not blob:
        raise SaveError("the file is empty")
    if len(blob) < PREFIX.size or not blob.startswith(MAGIC):
        if MAGIC.startswith(blob[: len(MAGIC)]):
            raise SaveError(f"the file is truncated ({len(blob)} bytes, inside the save prefix)")
        raise SaveError("not a Delve save (the file does not start with the save signature)")
    version: int = PREFIX.unpack_from(blob)[1]
    return version


def unpack(blob: bytes, oldest: int, newest: int) -> Container:
    """Check every limit and checksum and return the decompressed sections.

    Versions outside oldest..newest are refused naming both; a newer version is not parsed
    further (its layout may differ). Raises SaveError, never anything else.
    """
    version = read_version(blob)
    if version > newest:
        raise SaveError(f"save format version {version} is newer than this game's version"
                        f" {newest}: it was written by a newer Delve")
    if version < oldest:
        raise SaveError(f"save format version {version} is older than any this game reads"
                        f" ({oldest} to {newest})")
    header, body = _header(blob)
    entries = _entries(header.pop("sections", None))
    expected = body + sum(entry["size"] for entry in entries)
    if len(blob) < expected:
        raise SaveError(f"the file is truncated ({len(blob)} of {expected} bytes)")
    if len(blob) > expected:
        raise SaveError(f"the file has {len(blob) - expected} unexpected bytes after its end")
    return Container(version, header, _sections(blob, entries, body))


def _header(blob: bytes) -> tuple[dict[str, Any], int]:
    """The checked header, and the offset where the sections begin."""
    head_size: int = PREFIX.unpack_from(blob)[2]
    if head_size > MAX_HEADER_BYTES:
        raise SaveError(f"the header claims {head_size} bytes, over the limit of"
                        f" {MAX_HEADER_BYTES}")
    end = PREFIX.size + head_size
    if len(blob) < end + DIGEST_BYTES:
        raise SaveError(f"the file is truncated ({len(blob)} bytes, inside the header)")
    if checksum(blob[:end], HEADER) != blob[end : end + DIGEST_BYTES]:
        raise SaveError("the header is damaged (checksum mismatch)")
    header = parse_json(blob[PREFIX.size : end], "the header")
    if not isinstance(header, dict):
        raise SaveError("the header is not a JSON object")
    return header, end + DIGEST_BYTES


def _sections(blob: bytes, entries: list[dict[str, Any]], offset: int) -> list[Section]:
    """Each section's bytes, checked against its checksum, then decompressed."""
    sections = []
    for entry in entries:
        packed = blob[offset : offset + entry["size"]]
        offset += entry["size"]
        if checksum(packed, SECTION).hex() != entry["blake2b"]:
            raise SaveError(f"section {entry['name']!r} is damaged (checksum mismatch)")
        sections.append(Section(
            entry["name"], _inflate(packed, entry["raw_size"], entry["name"]), entry["kind"],
            entry.get("dtype", ""), tuple(entry.get("shape", ())),
        ))
    return sections


def _entries(value: Any) -> list[dict[str, Any]]:
    """The header's section list, every field checked, names unique, sizes within limits."""
    if not isinstance(value, list) or len(value) > MAX_SECTIONS:
        raise SaveError(f"the header's section list is missing or longer than {MAX_SECTIONS}")
    seen: set[str] = set()
    total = 0
    for number, entry in enumerate(value, start=1):
        where = f"section {number} of the header"
        if not isinstance(entry, dict):
            raise SaveError(f"{where} is not an object")
        name = entry.get("name")
        if not isinstance(name, str) or not SECTION_NAME.match(name) or name in seen:
            raise SaveError(f"{where} has a bad or repeated name")
        seen.add(name)
        kind = entry.get("kind")
        wanted = _SECTION_KEYS | (_ARRAY_KEYS if kind == "array" else frozenset())
        if set(entry) != wanted or kind not in ("json", "array") or entry["encoding"] != "zlib":
            raise SaveError(f"section {name!r} is not described the way this version writes")
        for size in ("size", "raw_size"):
            if not _whole(entry[size], 0, MAX_SECTION_BYTES):
                raise SaveError(f"section {name!r}: {size} is not within 0..{MAX_SECTION_BYTES}")
        digest = entry["blake2b"]
        if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise SaveError(f"section {name!r}: the checksum is not 64 hex digits")
        if kind == "array":
            _array_entry(entry)
        total += entry["raw_size"]
    if total > MAX_TOTAL_BYTES:
        raise SaveError(f"the sections hold {total} bytes, over the limit of {MAX_TOTAL_BYTES}")
    return value


def _array_entry(entry: dict[str, Any]) -> None:
    shape = entry["shape"]
    if not isinstance(entry["dtype"], str) or len(entry["dtype"]) > 16:
        raise SaveError(f"section {entry['name']!r}: the dtype is not a short name")
    if (not isinstance(shape, list) or not 1 <= len(shape) <= 3
            or not all(_whole(side, 0, MAX_SECTION_BYTES) for side in shape)):
        raise SaveError(f"section {entry['name']!r}: the shape is not 1 to 3 sizes")


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _inflate(packed: bytes, raw_size: int, name: str) -> bytes:
    """Decompress at most raw_size + 1 bytes: more than declared is an error, never memory."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, raw_size + 1)
    except zlib.error:
        raise SaveError(f"section {name!r} is not valid compressed data") from None
    if len(raw) > raw_size or inflater.unconsumed_tail:
        raise SaveError(f"section {name!r} decompresses to more than its declared {raw_size}"
                        " bytes")
    if len(raw) < raw_size or not inflater.eof or inflater.unused_data:
        raise SaveError(f"section {name!r} does not decompress to its declared {raw_size} bytes")
    return raw


def parse_json(data: bytes, what: str) -> Any:
    """Strict JSON (no NaN or Infinity); SaveError for bad text, deep nesting or huge numbers."""
    try:
        value = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
        return value
    except UnicodeEncodeError:
        raise SaveError(f"{what} holds text that is not valid Unicode (a lone surrogate)") from None
    except RecursionError:
        raise SaveError(f"{what} is nested too deeply") from None
    except UnicodeDecodeError:
        raise SaveError(f"{what} is not UTF-8 text") from None
    except ValueError as problem:
        reason = problem.msg if isinstance(problem, json.JSONDecodeError) else str(problem)
        raise SaveError(f"{what} is not valid JSON ({reason})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
