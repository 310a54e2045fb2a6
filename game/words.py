"""Small English helpers shared by the codex and the interface, kept apart from the codex so
the first frame can name things without loading the rules the codex reads."""

from __future__ import annotations

import re
from typing import Final

from game.world.model import Actor


def article(name: str) -> str:
    """"a dagger", "an ogre"; a counted name keeps its number ("12 gold")."""
    if name[:1].isdigit():
        return name
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def health_word(actor: Actor) -> str:
    share = actor.hp / max(1, actor.max_hp)
    if share >= 1:
        return "unhurt"
    if share > 0.6:
        return "lightly wounded"
    if share > 0.3:
        return "wounded"
    return "badly wounded"


_QUALIFIED = re.compile(r"^([^()/]+) \(([^()/]+)\)$")
_AS_NOUN: Final = {"pile": "pile of {}", "scraps": "scraps of {}", "stub": "{} stub"}
"""Bracketed words that are nouns of their own: "Hay (pile)" is a pile of hay."""
_PLURALS: Final = frozenset({"teeth", "dice", "feet", "mice", "people"})


def plain_name(name: str) -> str:
    """A table name as a phrase a sentence can hold: "Bones (humanoid)" -> "humanoid bones",
    "Cards (playing cards)" -> "playing cards", "Hay (pile)" -> "pile of hay"; lower case."""
    found = _QUALIFIED.match(name.strip())
    if found is None:
        return name.strip().lower()
    base, extra = found.group(1).lower(), found.group(2).lower()
    if extra in _AS_NOUN:
        return _AS_NOUN[extra].format(base)
    if extra.endswith(base):
        return extra
    return f"{extra} {base}"


def is_plural(phrase: str) -> bool:
    """Whether a phrase's head noun is plural ("bits of fur", "claw marks"; not "moss",
    "fungus", "portcullis"): a guess from its ending, good for the names in the tables."""
    words = phrase.split(" of ", maxsplit=1)[0].split()
    head = words[-1].lower() if words else ""
    if head in _PLURALS:
        return True
    return head.endswith("s") and not head.endswith(("ss", "us", "is"))


def some(phrase: str) -> str:
    """"a bloodstain", "an ogre", "claw marks" (a plural takes no article)."""
    return phrase if is_plural(phrase) else article(phrase)


def agree(phrase: str, singular: str, plural: str) -> str:
    """The verb form that agrees with `phrase`: agree("bloodstain", "tells", "tell")."""
    return plural if is_plural(phrase) else singular
