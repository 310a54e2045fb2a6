"""The codex's shared words: one described thing (`Entry`) and the small helpers that turn numbers
and data fields into text, used by the item, feature and door codex (game.codex) and the monster
codex (game.codex_monsters) alike."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from game.seeds import dice_mean

JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]
QUIET_FIELDS: Final = frozenset({"key", "name", "kind", "glyph", "color", "colour", "weight"})
"""Fields that say how a kind is drawn, keyed or placed, not what it is: never described."""


@dataclass(slots=True)
class Entry:
    """One thing described: its name, its category, lines of text (unwrapped), and the same
    facts as JSON values for `codex --json`."""

    name: str
    kind: str
    lines: list[str]
    facts: dict[str, JsonValue] = field(default_factory=dict)

    def as_json(self) -> dict[str, JsonValue]:
        return {"name": self.name, "kind": self.kind, **self.facts,
                "text": list[JsonValue](self.lines)}


def cap(text: str) -> str:
    """`text` with its first letter a capital (str.capitalize lowers the rest: "DC" stays)."""
    return text[:1].upper() + text[1:]


def signed(value: float) -> str:
    """+2, -1, +1.5: a difference or a bonus."""
    return f"{value:+g}"


def dice_text(dice: str) -> str:
    """"1d8 (average 4.5)"."""
    return f"{dice} (average {dice_mean(dice):g})"


def depth_text(band: tuple[int, int]) -> str:
    low, high = band
    if high <= 0:
        return "not found at random"
    if high >= 99:
        return f"found from floor {low} down"
    return f"found on floor {low}" if low == high else f"found on floors {low}-{high}"


def json_value(value: object) -> JsonValue:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value, key=str) if isinstance(value, frozenset) else value
        return [json_value(v) for v in items]
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    return str(value)


def words(value: object) -> str:
    if value is True:
        return "yes"
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value, key=str) if isinstance(value, frozenset) else value
        return ", ".join(words(v) for v in items)
    if isinstance(value, dict):
        return ", ".join(f"{k} {words(v)}" for k, v in sorted(value.items()))
    return str(value).replace("_", " ")


def other_fields(kind: object, known: Iterable[str]) -> tuple[list[str], dict[str, JsonValue]]:
    """Lines and facts for the fields of a kind (a dataclass) this module has no words for:
    "field name: value", left out when the value is the field's default or empty."""
    skip = QUIET_FIELDS | set(known)
    lines: list[str] = []
    facts: dict[str, JsonValue] = {}
    for spec in dataclasses.fields(kind):  # type: ignore[arg-type]
        value = getattr(kind, spec.name)
        if spec.name in skip or value in ("", None, (), [], {}, False, 0) or (
                spec.default is not dataclasses.MISSING and value == spec.default):
            continue
        facts[spec.name] = json_value(value)
        lines.append(f"{cap(spec.name.replace('_', ' '))}: {words(value)}.")
    return lines, facts

