"""The backgrounds in words: their numbers, kit and signature talent, for `run.py codex
backgrounds` and the New game screen alike (one wording for both)."""

from __future__ import annotations

from game.codex_text import Entry, JsonValue
from game.content.backgrounds import Background, default_backgrounds
from game.content.items import kind_of
from game.content.talents import talent
from game.rules import items as item_rules


def worn_bonus(background: Background, field: str) -> int:
    """What the kit's worn gear adds to `field` ("ac" or "attack")."""
    return sum(int(getattr(kind_of(key), field)) for key in background.equip)


def numbers_text(background: Background) -> str:
    """"HP 50   AC 18   To hit +6   Strength +3": as the hero starts, gear worn."""
    return (f"HP {background.hp}   AC {background.ac + worn_bonus(background, 'ac')}"
            f"   To hit {background.attack + worn_bonus(background, 'attack'):+d}"
            f"   Strength {background.strength:+d}")


def kit_names(background: Background) -> list[str]:
    """The kit as a player reads it: "long sword (wielded)", "3 potions of healing"."""
    names: list[str] = []
    for key, count in background.counted_kit():
        kind = kind_of(key)
        name = kind.name if count == 1 else f"{count} {_plural(kind.name)}"
        if key in background.equip:
            worn = {"weapon": " (wielded)", "launcher": " (readied)"}
            name += worn.get(kind.kind, " (worn)")
        names.append(name)
    return names


def signature_name(background: Background) -> str:
    """The signature talent's name and what it does: "Cleave: Strike every foe beside you..."."""
    known = talent(background.signature)
    return f"{known.name}: {known.text}"


def _plural(name: str) -> str:
    """"potions of healing", "arrows", "food rations"."""
    head, of, rest = name.partition(" of ")
    return item_rules.plural(head) + of + rest


def background_entry(background: Background) -> Entry:
    """One background for the codex: its text, numbers, kit and signature talent."""
    kit: list[JsonValue] = [
        {"kind": key, "count": count, "worn": key in background.equip}
        for key, count in background.counted_kit()
    ]
    lines = [background.text,
             f"Hit points {background.hp}, armour class"
             f" {background.ac + worn_bonus(background, 'ac')} in its gear ({background.ac}"
             f" without), {background.attack + worn_bonus(background, 'attack'):+d} to hit with"
             f" its weapon, strength {background.strength:+d}.",
             "Kit: " + ", ".join(kit_names(background)) + ".",
             f"Signature talent: {signature_name(background)}"]
    facts: dict[str, JsonValue] = {
        "key": background.key, "hp": background.hp, "ac": background.ac,
        "attack": background.attack, "strength": background.strength, "kit": kit,
        "signature": background.signature, "blurb": background.text,
    }
    return Entry(background.name, "background", lines, facts)


def background_entries() -> list[Entry]:
    return [background_entry(background) for background in default_backgrounds()]
