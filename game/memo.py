"""What was worked out from an immutable object, kept by the object's identity.

Table rolls, tables and the like are immutable but not hashable (they hold dicts), and each is
read the same way every time it comes back: a roll's door fields, a Stairs table's texts."""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """Values by their object's identity. Each entry holds its object, so the identity stays
    its own while the entry lives; the store empties when it holds `limit` entries."""

    def __init__(self, limit: int) -> None:
        self._found: dict[int, tuple[K, V]] = {}
        self._limit = limit

    def get(self, key: K) -> V | None:
        hit = self._found.get(id(key))
        return hit[1] if hit is not None and hit[0] is key else None

    def put(self, key: K, value: V) -> V:
        if len(self._found) >= self._limit:
            self._found.clear()
        self._found[id(key)] = (key, value)
        return value
