"""The fields a hunt's query may name on a floor, and the stage of the floor's making that knows
each (game.hunt.floors fills them in, stage by stage)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

STAGES = ("recipe", "layout", "dressing", "full")
"""What a floor is made up to, in order: its recipe alone (no work), the layout (the generator),
the dressing (doors, stairs, encounters, vaults, merchants, captives, features, traps), the
furnished floor (the items lying on it)."""

Kind = Literal["number", "text", "texts", "records"]


@dataclass(frozen=True, slots=True)
class Field:
    """A field a query may name: its kind, the stage that knows it, and a record's fields."""

    kind: Kind
    stage: int
    help: str
    parts: tuple[tuple[str, Kind], ...] = ()


FIELDS: dict[str, Field] = {
    "depth": Field("number", 0, "the floor's depth, 1 first"),
    "generator": Field("text", 0, "bsp, power, cave, tables, maze..."),
    "width": Field("number", 0, "the floor's width in tiles"),
    "height": Field("number", 0, "the floor's height in tiles"),
    "size": Field("text", 0, "WxH, e.g. 90x60"),
    "rooms": Field("number", 1, "rooms of the layout"),
    "teleporters": Field("number", 1, "teleporter pairs of the layout"),
    "fingerprint": Field("text", 1, "the layout's fingerprint (as the catalog shows it)"),
    "door": Field("texts", 2, "each door: locked, stuck, unlocked, open, reinforced..."),
    "stair": Field("records", 2, "each stair: .kind (stairs, shaft, ...), .direction (up, down,"
                   " both)", (("kind", "text"), ("direction", "text"))),
    "encounter": Field("records", 2, "each encounter: .template, .tactic, .difficulty, .monster"
                       " (its kinds), .size (its monsters)",
                       (("template", "text"), ("tactic", "text"), ("difficulty", "text"),
                        ("monster", "texts"), ("size", "number"))),
    "monster": Field("texts", 2, "each monster of the floor's encounters, by kind"),
    "vault": Field("records", 2, "each vault: .item (the kinds offered, take one)",
                   (("item", "texts"),)),
    "merchant": Field("records", 2, "each merchant: .kind (peddler, shop), .name, .ware",
                      (("kind", "text"), ("name", "text"), ("ware", "texts"))),
    "captive": Field("records", 2, "each captive: .kind, .held_by (its captors' template)",
                     (("kind", "text"), ("held_by", "text"))),
    "feature": Field("texts", 2, "each feature by name (fountain, altar...)"),
    "trap": Field("texts", 2, "each trap by kind"),
    "gold": Field("number", 2, "the gold lying in the floor's treasures and hoards"),
    "item": Field("texts", 3, "each item lying on the floor (keys, loot, vault items), by kind"),
}
"""Every field of a floor a query may name: `run.py hunt --help` lists them."""
