"""Small English helpers shared by the codex and the interface, kept apart from the codex so
the first frame can name things without loading the rules the codex reads."""

from __future__ import annotations

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
