"""The words unknown items are dressed in: potion looks and colours, scroll syllables, wand
woods, ring stones, amulet metals. game/rules/identify.py deals them out to the kinds of a run."""

from __future__ import annotations

POTION_LOOKS = ("bubbling", "cloudy", "fizzy", "murky", "oily", "smoking", "glowing", "viscous",
                "speckled", "shimmering")
POTION_TINTS = ("crimson", "amber", "azure", "emerald", "violet", "ochre", "silver", "pink",
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
