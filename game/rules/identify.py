"""What the player knows of an item: its true name once identified, else the run's appearance.

Potions, scrolls, wands, rings and amulets (content.items.UNKNOWN_KINDS) start unknown in every
run. A kind becomes known when its effect is seen (a potion drunk, a scroll read, a bolt flying, a
ring whose bonus shows), or by a scroll of identify; the known kinds are `Game.identified`, saved
with the run. Every name the player reads (the pack, the log, pickup, hover) comes from here.
"""

from __future__ import annotations

import functools
from bisect import insort
from collections.abc import Collection

from game.content import appearances as words
from game.content.items import UNKNOWN_KINDS, item_kinds, kind_of
from game.seeds import Rng, appearance_seed
from game.world.kinds import MessageKind
from game.world.model import Game, Item


@functools.cache
def appearances(run_seed: int) -> dict[str, str]:
    """Item kind key -> how it looks in the run of `run_seed` ("bubbling crimson potion").

    Every run deals the looks afresh from its own stream (`seeds.appearance_seed`), so a shared
    run code shares them and another code shuffles them. Dealing walks the kinds in key order and
    draws without replacement, so no two kinds of a run look alike (nor two potions share a
    tint)."""
    rng = Rng(appearance_seed(run_seed))
    potions = [f"{look} {colour} potion" for look in words.POTION_LOOKS
               for colour in words.POTION_TINTS]
    woods = [f"{wood} wand" for wood in words.WOODS]
    stones = [f"{stone} ring" for stone in words.STONES]
    metals = [f"{metal} amulet" for metal in words.METALS]
    tints_used: list[str] = []
    looks: dict[str, str] = {}
    for key, kind in sorted(item_kinds().items()):
        if kind.kind not in UNKNOWN_KINDS:
            continue
        if kind.kind == "potion":
            fresh = [p for p in potions if p.split()[1] not in tints_used]
            looks[key] = fresh.pop(rng.below(len(fresh)))
            tints_used.append(looks[key].split()[1])
        elif kind.kind == "scroll":
            looks[key] = _scroll_title(rng, looks.values())
        else:
            pool = {"wand": woods, "ring": stones, "amulet": metals}[kind.kind]
            looks[key] = pool.pop(rng.below(len(pool)))
    return looks


def _scroll_title(rng: Rng, taken: Collection[str]) -> str:
    """A title of two or three made-up words, none already on another scroll."""
    while True:
        title_words = [
            "".join(rng.choice(words.SYLLABLES) for _ in range(1 + rng.below(2)))
            for _ in range(2 + rng.below(2))
        ]
        title = f"scroll labelled {' '.join(title_words).upper()}"
        if title not in taken:
            return title


def known(game: Game, key: str) -> bool:
    """The player knows what items of kind `key` are."""
    return kind_of(key).kind not in UNKNOWN_KINDS or key in game.identified


def name_of(game: Game, key: str) -> str:
    """The kind's name as the player knows it: "potion of healing" or "oily crimson potion"."""
    return kind_of(key).name if known(game, key) else appearances(game.run.seed_hash)[key]


def identify(game: Game, key: str) -> bool:
    """Learn kind `key` (logging what it was); False when it was known already."""
    if known(game, key):
        return False
    look = appearances(game.run.seed_hash)[key]
    insort(game.identified, key)
    game.log(f"The {look} was {article(kind_of(key).name)}.", MessageKind.DISCOVERY)
    return True


def article(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def unknown_text(game: Game, item: Item) -> str:
    """What the player knows of an item whose kind is not identified: its look, and how to
    learn it (a known kind is worded by the codex, from the same fields as every other kind)."""
    kind = kind_of(item.kind)
    ways = {"potion": "drink it", "scroll": "read it", "wand": "zap it",
            "ring": "wear it", "amulet": "wear it"}[kind.kind]
    return (f"{article(name_of(game, item.kind)).capitalize()}: you do not know what it does."
            f" {ways.capitalize()} to find out, or read a scroll of identify.")
