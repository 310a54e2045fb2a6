"""Experience and levels: every level-up offers 3 talents (game.rules.talents), drawn when the
level is gained and kept in `Hero.offers`, and waits for the player's choice."""

from __future__ import annotations

from game.content.talents import LEGACY_CHOICES, talents
from game.rules.talents import choice_talent, draw_offers, learn
from game.world.kinds import MessageKind
from game.world.model import Game

MAX_LEVEL = 1000
"""Play never raises a hero past this level (level plus levels pending), nor xp past MAX_XP,
gold past MAX_GOLD, nor a level choice's stat past MAX_STAT: the save's schema accepts exactly
these limits, so whatever a loaded save holds, play never pushes it past what the loader takes
(game.rules.talents.MAX_STAT is the same)."""
MAX_XP = 10**12
MAX_GOLD = 10**12
MAX_STAT = 1000

LEVEL_HP = 4
"""Maximum hit points every level-up brings, whatever is chosen."""
SKILL_EVERY = 2
"""Every this many levels the hero also gains +1 to hit (4e's half a level): with about two
levels a floor, a hero keeps pace with the monsters' to-hit and armour, which rise about one a
floor, while the choices decide what the hero is good at."""


def every_choice_brings(level: int) -> str:
    """What reaching `level` gives besides the choice, as the level-up screen says it."""
    skill = ", +1 to hit" if level % SKILL_EVERY == 0 else ""
    return f"+{LEVEL_HP} HP{skill}, full heal"


def xp_for_level(level: int) -> int:
    """Total experience needed to reach `level`: level 2 at 400, then 880, 1440, ... The steps
    grow like the floors' monster XP, so each floor brings about two levels (about a level 20
    hero at the relic, for a player who fights most of what it meets)."""
    return 40 * (level - 1) * (level + 8)


def gain_xp(game: Game, amount: int) -> None:
    hero = game.hero
    hero.xp = min(hero.xp + amount, MAX_XP)
    while (hero.level + hero.pending_levels < MAX_LEVEL
           and hero.xp >= xp_for_level(hero.level + hero.pending_levels + 1)):
        hero.pending_levels += 1
        game.log("You feel more experienced. Choose a talent.", MessageKind.PROGRESS)
    ensure_offers(game)


def ensure_offers(game: Game) -> None:
    """A pending level with no offers yet gets its 3 now, from the game's rng: when the level is
    gained, when the one before is spent, or (a save from before talents) when it is loaded."""
    hero = game.hero
    if hero.pending_levels > 0 and not hero.offers:
        hero.offers = draw_offers(game)


def level_choice_refused(game: Game, choice: str) -> str:
    """Why `choice` cannot spend a level now ("" when it can): one of the offers, or one of the
    four old choices (old replays and saves) by its talent."""
    hero = game.hero
    if hero.pending_levels <= 0:
        return "You have no level to spend."
    if choice in hero.offers or choice in LEGACY_CHOICES:
        return ""
    if choice in talents():
        return f"{talents()[choice].name} is not offered at this level."
    return f"Unknown choice {choice!r}."


def choose(game: Game, choice: str) -> str | None:
    """Spend one pending level on talent `choice`; returns a reason when that is not possible."""
    hero, player = game.hero, game.player
    refused = level_choice_refused(game, choice)
    if refused:
        return refused
    hero.pending_levels -= 1
    hero.level = min(hero.level + 1, MAX_LEVEL)
    hero.offers = []
    talent = learn(game, choice_talent(choice))
    if hero.level % SKILL_EVERY == 0:
        player.attack = min(player.attack + 1, MAX_STAT)
    player.max_hp += LEVEL_HP
    player.hp = player.max_hp
    game.log(f"You reach level {hero.level} and learn {talent.name}: {talent.text}",
             MessageKind.PROGRESS)
    ensure_offers(game)
    return None


GAVE_UP = "gave up"
"""The cause of a run the hero gave up (the morgue: "died: gave up on depth 3"; the GiveUp
action, game.rules.perform)."""
