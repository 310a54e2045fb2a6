"""The bot's talents: which of a level-up's offers it takes (a preference order per background),
and when it uses the active ones in a fight (cleave into a crowd, tumble out of a surround when
hurt, mend when hurt, a pinning shot at a foe closing in, ...). Reads the game, never its rng."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from game.floorplan import Point, king_distance
from game.rules import combat, feats, missiles
from game.rules.actions import Action, UseTalent
from game.rules.talents import actives, cooldown_left
from game.world.model import Actor, Game, Hero

COMMON: Final = ("toughness", "weapon_training", "guard", "potion_lore", "evasion", "iron_skin",
                 "might", "heavy_blows", "steady_aim", "keen_points", "light_step", "smite",
                 "faith", "battle_cry", "ward", "arcane_focus", "opportunist", "blinding_dust",
                 "hunters_eye", "long_shot", "double_shot", "assassin", "shadow_walker",
                 "greater_mend")
"""What any hero takes, best first: staying alive and hitting, then the rest."""
PREFERRED: Final = {
    "fighter": ("heavy_blows", "might", "weapon_training", "battle_cry", "toughness", "guard",
                "iron_skin"),
    "skirmisher": ("opportunist", "blinding_dust", "evasion", "light_step", "weapon_training",
                   "toughness", "assassin"),
    "archer": ("steady_aim", "keen_points", "hunters_eye", "double_shot", "long_shot",
               "evasion", "toughness"),
    "mystic": ("greater_mend", "smite", "faith", "potion_lore", "ward", "arcane_focus",
               "toughness"),
}
"""Each background's own path first (unknown backgrounds go by COMMON alone)."""
HURT: Final = 0.5
"""Mend, tumble out and ward below this share of maximum HP."""
MEND_BELOW: Final = 0.6


def talent_choice(hero: Hero) -> str:
    """The offer the bot takes: first in its background's order, then COMMON, then the first
    offered; "hp" (Toughness, the old choice) when a level has no offers."""
    if not hero.offers:
        return "hp"
    order = (*PREFERRED.get(hero.background, ()), *COMMON)
    ranked = sorted(hero.offers, key=lambda key: order.index(key) if key in order else len(order))
    return ranked[0]


def use_talents(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """The active talents worth using in a fight now, best first (only those ready; Mend is
    `mend`, asked before the potions)."""
    ready = [key for key in actives(game.hero) if not cooldown_left(game, key)]
    if not ready:
        return
    player = game.player
    hurt = player.hp < player.max_hp * HURT
    beside = [m for m in feats.adjacent_foes(game) if m in awake]
    if "tumble" in ready and len(beside) >= 2 and hurt:
        spot = _escape(game, awake)
        if spot is not None:
            yield "tumble", UseTalent("tumble", spot)
    if "blinding_dust" in ready and (len(beside) >= 2 or (beside and hurt)):
        yield "dust", UseTalent("blinding_dust")
    if "battle_cry" in ready and (hurt or sum(
            king_distance(m.pos, player.pos) <= feats.CRY_RANGE for m in awake) >= 3):
        yield "battle cry", UseTalent("battle_cry")
    if "ward" in ready and beside and (hurt or len(beside) >= 2):
        yield "ward", UseTalent("ward")
    if "cleave" in ready and len(beside) >= 2:
        yield "cleave", UseTalent("cleave")
    if "smite" in ready and beside:
        yield "smite", UseTalent("smite", min(beside, key=lambda m: (m.hp, m.id)).pos)
    for key in ("pinning_shot", "double_shot"):
        if key in ready:
            target = _shot(game, awake, closing=key == "pinning_shot")
            if target is not None:
                yield key.replace("_", " "), UseTalent(key, target)


def mend(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Mend when hurt in a fight (before a potion: it costs nothing but its cooldown)."""
    player = game.player
    if ("mend" in actives(game.hero) and not cooldown_left(game, "mend") and awake
            and player.hp < player.max_hp * MEND_BELOW):
        yield "mend", UseTalent("mend")


def _shot(game: Game, awake: list[Actor], closing: bool) -> Point | None:
    """The nearest awake foe not beside the hero that the worn bow reaches first on its line;
    for a pinning shot only one that comes to melee (a shooter keeps its distance)."""
    if feats.bow_ready(game) is not None:
        return None
    chosen = missiles.readied(game)
    if isinstance(chosen, str):
        return None
    player, reach = game.player, chosen[1].reach
    for foe in sorted(awake, key=lambda m: (king_distance(m.pos, player.pos), m.id)):
        if not 1 < king_distance(foe.pos, player.pos) <= reach or (closing and foe.reach > 1):
            continue
        if combat.first_in_line(game, combat.line_of_fire(game, player.pos, foe.pos,
                                                          reach)) is foe:
            return foe.pos
    return None


def _escape(game: Game, awake: list[Actor]) -> Point | None:
    """The square tumble may reach that is farthest from the nearest awake foe (at least 2
    from all of them), nearest first on a tie, scanned in a fixed order."""
    player = game.player
    best: tuple[int, int, int, int] | None = None
    spot: Point | None = None
    reach = feats.TUMBLE_RANGE
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            target = (player.x + dx, player.y + dy)
            if (dx, dy) == (0, 0) or feats.tumble_reason(game, target):
                continue
            gap = min((king_distance(target, m.pos) for m in awake), default=reach)
            if gap < 2:
                continue
            score = (gap, -king_distance(target, player.pos), -dy, -dx)
            if best is None or score > best:
                best, spot = score, target
    return spot
