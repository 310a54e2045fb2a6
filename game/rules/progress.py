"""Experience and levels: every level-up waits for the player's choice of what improves."""

from __future__ import annotations

from game.world.kinds import MessageKind
from game.world.model import Game

LEVEL_CHOICES = {
    "hp": "+10 maximum hit points",
    "attack": "+1 to hit",
    "defense": "+1 armour class",
    "strength": "+1 strength (damage and forcing doors)",
}


def xp_for_level(level: int) -> int:
    """Total experience needed to reach `level` (level 2 at 100, then 250, 450, ...)."""
    return 50 * (level - 1) * (level + 2) // 2


def gain_xp(game: Game, amount: int) -> None:
    hero = game.hero
    hero.xp += amount
    while hero.xp >= xp_for_level(hero.level + hero.pending_levels + 1):
        hero.pending_levels += 1
        game.log("You feel more experienced. Choose how you grow.", MessageKind.BOON)


def choose(game: Game, choice: str) -> str | None:
    """Spend one pending level on `choice`; returns a reason when that is not possible."""
    hero, player = game.hero, game.player
    if hero.pending_levels <= 0:
        return "You have no level to spend."
    if choice not in LEVEL_CHOICES:
        return f"Unknown choice {choice!r}."
    hero.pending_levels -= 1
    hero.level += 1
    if choice == "hp":
        player.max_hp += 10
    elif choice == "attack":
        player.attack += 1
    elif choice == "defense":
        player.ac += 1
    else:
        hero.strength += 1
    player.max_hp += 2
    player.hp = player.max_hp
    game.log(f"You reach level {hero.level}: {LEVEL_CHOICES[choice]}.", MessageKind.BOON)
    return None
