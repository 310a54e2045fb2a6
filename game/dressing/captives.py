"""Captives: some encounters hold a prisoner in chains (Brogue CE's captives are the anchor),
which the hero may free to follow it as an ally (game.rules.allies).

The last stage of the dressing, on its own fork ("captives"), so nothing drawn before it moves:
from floor CAPTIVES_FROM on, a floor holds one captive with CAPTIVE_CHANCE, in one of its
guarded encounters (a band of people, not a beast's den or a pack), of a kind from
assets/captives.toml whose depth band fits the floor, rather one the guards are not. It stands
behind its guards: on the free tile of their area nearest the encounter's back rank.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.assets import ASSETS_DIR, checked_fields, toml_entries
from game.content.bestiary import Bestiary, MonsterKind
from game.dressing.areas import Space
from game.dressing.model import Area, Captive, Encounter
from game.dressing.placement import closeness, nearest_first
from game.seeds import Rng

CAPTIVES_PATH: Final = ASSETS_DIR / "captives.toml"
CAPTIVE_CHANCE: Final = 0.3
"""A floor's chance to hold a captive: about 2.7 over the nine floors of a default run that may
(the issue asks for at least one a run on average)."""
CAPTIVES_FROM: Final = 2
"""Floor 1 is the newcomer's: it learns to fight alone first."""
GUARDING: Final = ("commander_and_troops", "battle_lines", "battlefield_control")
"""The templates whose bands keep prisoners: people with a chain of command, not beasts."""
CAPTIVE_ROLES: Final = ("soldier", "brute", "skirmisher")
"""An ally walks up to its foe and strikes (game.ai.allies): no shooter, caster or minion."""


class CaptiveDataError(ValueError):
    """The captives file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class CaptiveKind:
    """A kind that may be held captive, and how it came to be."""

    kind: str
    why: str


def load_captives(path: Path, bestiary: Bestiary) -> tuple[CaptiveKind, ...]:
    """Read and check a captives file against the bestiary."""
    found: list[CaptiveKind] = []
    for number, entry in enumerate(toml_entries(path, CaptiveDataError, "captive"), start=1):
        where = f"{path.name}: captive {number}"
        if not isinstance(entry, dict):
            raise CaptiveDataError(f"{where}: not a table")
        checked_fields(entry, where, CaptiveDataError, ("kind", "why"))
        kind, why = entry["kind"], entry["why"]
        if not isinstance(why, str) or not why:
            raise CaptiveDataError(f"{where}: why must be a line of text")
        if not isinstance(kind, str) or kind not in {k.key for k in bestiary.kinds}:
            raise CaptiveDataError(f"{where}: kind {kind!r} is not in the bestiary")
        if bestiary.get(kind).role not in CAPTIVE_ROLES:
            raise CaptiveDataError(f"{where}: kind {kind!r} is a {bestiary.get(kind).role},"
                                   f" not one of {', '.join(CAPTIVE_ROLES)}")
        if any(other.kind == kind for other in found):
            raise CaptiveDataError(f"{where}: kind {kind!r} is listed twice")
        found.append(CaptiveKind(kind, why))
    return tuple(found)


@functools.cache
def captive_kinds() -> tuple[CaptiveKind, ...]:
    from game.content.bestiary import default_bestiary

    return load_captives(CAPTIVES_PATH, default_bestiary())


def why_held(kind: str) -> str:
    """How a captive of `kind` came to be held ("" for a kind the file does not list)."""
    return next((c.why for c in captive_kinds() if c.kind == kind), "")


def place_captives(space: Space, areas: Sequence[Area], encounters: Sequence[Encounter],
                   rng: Rng, depth: int, bestiary: Bestiary) -> tuple[Captive, ...]:
    """At most one captive on the floor (see the module's docstring)."""
    if depth < CAPTIVES_FROM or not rng.chance(CAPTIVE_CHANCE):
        return ()
    guarded = [e for e in encounters if e.template in GUARDING and len(e.monsters) >= 2]
    if not guarded:
        return ()
    encounter = guarded[rng.below(len(guarded))]
    kind = _kind(encounter, depth, bestiary, rng)
    area = next((a for a in areas if a.id == encounter.area), None)
    if kind is None or area is None:
        return ()
    free = space.free(area)
    if len(free) == 0:
        return ()
    anchor = encounter.monsters[-1].point
    x, y = (int(v) for v in nearest_first(free, closeness(free, anchor), rng)[0].tolist())
    space.take((x, y))
    return (Captive(kind.key, x, y, encounter.id, area.id),)


def _kind(encounter: Encounter, depth: int, bestiary: Bestiary, rng: Rng) -> MonsterKind | None:
    """A listed kind of the floor's band (else the nearest), not one of the guards' own kinds
    while another is left, drawn at random."""
    listed = [c.kind for c in captive_kinds()]
    guards = {m.kind for m in encounter.monsters}

    def keep(kind: MonsterKind) -> bool:
        return kind.key in listed

    fitting = bestiary.candidates(CAPTIVE_ROLES, depth, keep)
    chosen = [k for k in fitting if k.key not in guards] or fitting
    return chosen[rng.below(len(chosen))] if chosen else None
