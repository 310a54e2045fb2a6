"""Unknown appearances: what each potion, scroll, wand, ring and amulet looks like in one run.

Every run deals the appearances out afresh from its own stream (`seeds.appearance_seed`), so a
shared run code shares them and another code shuffles them: "a bubbling crimson potion" may be
healing in one run and confusion in the next. Dealing walks the kinds in key order and draws from
word lists without replacement, so no two kinds of a run look alike.
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from game.content.items import UNKNOWN_KINDS, item_kinds
from game.seeds import Rng, appearance_seed

POTION_LOOKS = ("bubbling", "cloudy", "fizzy", "murky", "oily", "smoking", "glowing", "viscous",
                "speckled", "shimmering")
POTION_COLOURS = ("crimson", "amber", "azure", "emerald", "violet", "ochre", "silver", "pink",
                  "black", "golden", "turquoise", "milky")
SYLLABLES = ("xoth", "venar", "zim", "ka", "lor", "bek", "ith", "nar", "quo", "sul", "mor", "ahn",
             "tep", "yol", "rix", "dun", "ela", "gor", "ush", "fen")
WOODS = ("oak", "ash", "yew", "birch", "ebony", "bone", "iron", "brass", "willow", "cedar",
         "glass", "copper")
STONES = ("jade", "ruby", "opal", "onyx", "garnet", "amethyst", "topaz", "moonstone", "coral",
          "obsidian", "pearl", "tiger-eye")
METALS = ("silver", "bronze", "gold", "pewter", "electrum", "iron", "copper", "platinum")


COLOURS: dict[str, tuple[int, int, int]] = {
    "crimson": (220, 30, 60), "amber": (255, 190, 60), "azure": (60, 150, 255),
    "emerald": (40, 200, 100), "violet": (170, 90, 240), "ochre": (200, 140, 40),
    "silver": (200, 200, 215), "pink": (255, 150, 200), "black": (110, 110, 120),
    "golden": (255, 215, 60), "turquoise": (60, 220, 210), "milky": (235, 235, 225),
}
"""A potion's colour word as the map draws it."""
PLAIN: dict[str, tuple[int, int, int]] = {
    "scroll": (225, 215, 180), "wand": (190, 150, 100), "ring": (210, 210, 225),
    "amulet": (230, 200, 120),
}
"""How an unknown scroll, wand, ring or amulet is drawn: all alike, so colour tells nothing."""


def look_colour(look: str) -> tuple[int, int, int]:
    """The map colour of an appearance: a potion by its colour word, the rest by category."""
    words = look.split()
    if words[-1] == "potion":
        return COLOURS[words[1]]
    return PLAIN["scroll" if words[0] == "scroll" else words[-1]]


@functools.cache
def appearances(run_seed: int) -> dict[str, str]:
    """Item kind key -> how it looks in the run of `run_seed` ("bubbling crimson potion")."""
    rng = Rng(appearance_seed(run_seed))
    potions = [f"{look} {colour} potion" for look in POTION_LOOKS for colour in POTION_COLOURS]
    woods = [f"{wood} wand" for wood in WOODS]
    stones = [f"{stone} ring" for stone in STONES]
    metals = [f"{metal} amulet" for metal in METALS]
    colours_used: list[str] = []
    looks: dict[str, str] = {}
    for key, kind in sorted(item_kinds().items()):
        if kind.kind not in UNKNOWN_KINDS:
            continue
        if kind.kind == "potion":
            fresh = [p for p in potions if p.split()[1] not in colours_used]
            looks[key] = fresh.pop(rng.below(len(fresh)))
            colours_used.append(looks[key].split()[1])
        elif kind.kind == "scroll":
            looks[key] = _scroll_title(rng, looks.values())
        else:
            pool = {"wand": woods, "ring": stones, "amulet": metals}[kind.kind]
            looks[key] = pool.pop(rng.below(len(pool)))
    return looks


def _scroll_title(rng: Rng, taken: Collection[str]) -> str:
    """A title of two or three made-up words, none already on another scroll."""
    while True:
        words = [
            "".join(SYLLABLES[rng.below(len(SYLLABLES))] for _ in range(1 + rng.below(2)))
            for _ in range(2 + rng.below(2))
        ]
        title = f"scroll labelled {' '.join(words).upper()}"
        if title not in taken:
            return title
