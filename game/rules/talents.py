"""Talents the hero knows: the passive bonuses the rules read where they compute them, the pool a
level-up offers from, learning one, and the active talents' cooldowns. (What an active talent
does is game.rules.feats: it strikes and shoots, so it sits above combat, which reads this.)"""

from __future__ import annotations

from game.content.talents import Talent, legacy_talent, talents
from game.world.model import Game, Hero

OFFERED = 3
"""Talents a level-up offers."""
MAX_STAT = 1000
"""The same cap as game.rules.progress.MAX_STAT: the save's schema takes no more."""


def knows(hero: Hero, key: str) -> bool:
    return key in hero.talents


def bonus(hero: Hero, name: str) -> int:
    """The sum of passive bonus `name` over the talents the hero knows (each time it was
    taken): a talent file's `bonus` table, read where the rule computes it."""
    table = talents()
    return sum(table[key].bonus.get(name, 0) for key in hero.talents if key in table)


def stealth_bonus(hero: Hero) -> int:
    """Stealth the hero's talents add to its worn stealth (game.ai.monsters.notice_chance)."""
    return bonus(hero, "stealth")


def qualifies(hero: Hero, talent: Talent) -> bool:
    """Offered at a level-up: every prerequisite known, not known yet unless repeatable, never a
    background's signature (that one starts known)."""
    if talent.signature:
        return False
    if talent.key in hero.talents and not talent.repeatable:
        return False
    return all(needed in hero.talents for needed in talent.requires)


def pool(hero: Hero) -> list[str]:
    """The talents a level-up may offer the hero now, in the file's order."""
    return [t.key for t in talents().values() if qualifies(hero, t)]


def draw_offers(game: Game) -> list[str]:
    """OFFERED talents from the pool, drawn from the game's rng (a shuffle of the pool in the
    file's order: deterministic), in the file's order for the screen."""
    found = pool(game.hero)
    game.rng.shuffle(found)
    chosen = set(found[:OFFERED])
    return [key for key in talents() if key in chosen]


def learn(game: Game, key: str) -> Talent:
    """The hero gains talent `key`: its grants are applied once, now."""
    hero, player = game.hero, game.player
    talent = talents()[key]
    hero.talents.append(key)
    grants = talent.grants
    player.max_hp += grants.get("max_hp", 0)
    player.hp += grants.get("max_hp", 0)
    player.attack = min(player.attack + grants.get("attack", 0), MAX_STAT)
    player.ac = min(player.ac + grants.get("ac", 0), MAX_STAT)
    hero.strength = min(hero.strength + grants.get("strength", 0), MAX_STAT)
    return talent


def choice_talent(choice: str) -> str:
    """The talent key a level-up choice names: a talent's key, or one of the four old choices
    ("hp", "attack", "defense", "strength") that old replays and saves hold."""
    return choice if choice in talents() else legacy_talent(choice)


def actives(hero: Hero) -> list[str]:
    """The hero's active talents in the order gained: number key 1 uses the first."""
    table = talents()
    found: list[str] = []
    for key in hero.talents:
        if key in table and table[key].active and key not in found:
            found.append(key)
    return found


def cooldown_left(game: Game, key: str) -> int:
    """Turns until active talent `key` may be used again (0: ready)."""
    return max(0, game.player.cooldowns.get(key, 0))


def tick(game: Game) -> None:
    """A turn passes for the hero: its talents' cooldowns count down."""
    cooldowns = game.player.cooldowns
    for name in sorted(cooldowns):
        cooldowns[name] -= 1
        if cooldowns[name] <= 0:
            del cooldowns[name]
