"""Older save formats brought up to the current one, one version at a time.

A save records its format version; loading an older one runs the migrations from that version up
before the current schema checks it. Each released version keeps one function here for good, and
tests/data/saves/ keeps a save of each released version that must keep loading. Migrations see
unchecked data, so they may fail on a damaged file: every failure becomes a SaveError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numpy.typing import NDArray

from game.save.format import SaveError

Arrays = dict[str, NDArray[Any]]
Migration = Callable[[dict[str, Any], Arrays], tuple[dict[str, Any], Arrays]]

FIRST_VERSION = 1
"""The oldest format this game reads: the first release."""


def _encounter_parts(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 2 gave actors their encounter's tactic, their part in it, the encounter's size and
    whether the hero has seen it. A version 1 monster fights by its role alone (no tactic), as it
    did then, and counts as already seen (its encounter is not announced mid-run)."""
    actors = [state["player"]]
    for floor in state["floors"].values():
        actors.extend(floor["monsters"])
    for actor in actors:
        actor.update({"tactic": "", "part": "", "band": 0, "sighted": True})
    return state, arrays


FORMAT_2_KINDS = ("potion_healing", "scroll_confusion", "scroll_knock", "scroll_lightning",
                  "scroll_mapping", "scroll_teleport")
"""Every potion and scroll a format 2 run could find: all of them known by their true names.
A record of that release, so kind keys (never read for behaviour, which is each kind's effect)."""


def _identified(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 3 saves which item kinds the player has identified. A version 2 run knew every
    item by name, so it keeps knowing the kinds it had; those added since start unknown."""
    state["identified"] = list(FORMAT_2_KINDS)
    return state, arrays


def _pack_letters(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 4 keeps each pack row's letter. A version 3 pack had letters by position: it gets
    them afresh, in pack order (game.world.pack), at the first thing the hero does."""
    state["hero"]["letters"] = []
    return state, arrays


FORMAT_4_MESSAGE_KINDS = {
    0xDCDCDC: "info", 0xFFFFA0: "progress", 0xA0C8FF: "progress", 0xA0A0A0: "system",
    0xE6E6E6: "combat", 0xFF7864: "hurt", 0xFF3C3C: "death", 0xC8C878: "combat",
    0xFFA064: "danger", 0xFFC878: "danger", 0xC8A0FF: "magic", 0xAA96DC: "magic",
    0xC878FF: "magic", 0xFFFF78: "magic", 0x78FF78: "boon", 0xA0C8A0: "boon",
    0x78DCFF: "discovery", 0x96C8FF: "magic", 0xC8C8C8: "door", 0xFFD700: "item",
    0xAAAAAA: "info", 0xE6C878: "door", 0xC8A078: "door", 0xFFC850: "danger",
    0xFF78FF: "progress", 0xE6E68C: "discovery", 0xFFB45A: "door", 0xDCC8A0: "noise",
}
"""The three bytes a format 1-4 save wrote for each of its 29 message kinds (the colour format
1 drew it in) -> the kind that message is now. A code that stood for two meanings reads as the
likelier in a save: a miss and a refusal as "system", lightning and the win as "magic" (a won
run is not saved)."""


def _message_kinds(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 5 names each message's kind instead of writing a colour code."""
    state["messages"] = [
        [text, FORMAT_4_MESSAGE_KINDS[(int(code[0]) << 16) | (int(code[1]) << 8) | int(code[2])],
         count]
        for text, code, count in state["messages"]
    ]
    return state, arrays


FORMAT_5_FOOD = 1200
"""What a version 5 hero has eaten: a new hero's food (game.world.model.FOOD_START in format 6),
written out so this migration stays what it was when FOOD_START changes."""


def _version_6(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 6 gave actors their abilities' cooldowns and a thief's stolen gold (a version 5
    monster has used none and carries none), and the hero a hunger clock (game.rules.hunger: a
    version 5 hero, who never had to eat, sets off again well fed)."""
    actors = [state["player"]]
    for floor in state["floors"].values():
        actors.extend(floor["monsters"])
    for actor in actors:
        actor.update({"cooldowns": {}, "carried": 0})
    state["hero"]["food"] = FORMAT_5_FOOD
    # items may now carry `improved` (the crafting features that worked on them) and
    # `uncursed`; a version 5 item has neither, which reads as the defaults.
    return state, arrays


def _version_7(state: dict[str, Any], arrays: Arrays) -> tuple[dict[str, Any], Arrays]:
    """Version 7 gave the hero a background and talents (assets/talents.toml). A version 6 hero
    was a fighter with the fighter's signature talent; the talents its old level-up choices stood
    for are not recorded (their stats are already in its numbers). A pending level's 3 offers are
    drawn when the game is loaded (game.rules.progress.ensure_offers: from the saved rng, so the
    same file always offers the same). Floors gained merchants (game.rules.trade) and actors the
    ally, captive and waiting flags (game.rules.allies), all written only when present or set:
    a version 6 save has none, which reads as none."""
    state["hero"].update({"background": "fighter", "talents": ["cleave"], "offers": []})
    return state, arrays


MIGRATIONS: dict[int, Migration] = {
    1: _encounter_parts, 2: _identified, 3: _pack_letters, 4: _message_kinds, 5: _version_6,
    6: _version_7,
}
"""Version N -> the function that turns a version N state into a version N + 1 state."""


def migrate(version: int, current: int, state: Any, arrays: Arrays) -> tuple[Any, Arrays]:
    """The state of a version `version` save as the `current` version writes it."""
    saved = version
    while version < current:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"save format version {version} cannot be read: no migration to"
                            f" version {version + 1}")
        if not isinstance(state, dict):
            raise SaveError(f"the version {version} state is not a JSON object")
        try:
            state, arrays = step(state, arrays)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as problem:
            raise SaveError(f"the version {saved} save could not be upgraded to version"
                            f" {version + 1} ({type(problem).__name__}: {problem})") from None
        version += 1
    return state, arrays
