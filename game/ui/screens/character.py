"""The character sheet: level, experience, combat numbers, equipment, talents, conditions and
the stealth figure with its parts."""

from __future__ import annotations

from game.ai.monsters import notice_chance
from game.content.backgrounds import background_name
from game.content.talents import talent
from game.rules import gear, identify, items, stealth
from game.rules.combat import armour_class, attack_bonus
from game.rules.progress import xp_for_level
from game.ui import intents
from game.ui.draw import MUTED, TEXT, TITLE, wrap
from game.ui.widgets.text import Line, TextScreen
from game.world.model import Game


def sheet(game: Game, width: int = 76) -> list[Line]:
    hero, player = game.hero, game.player
    by_id = {item.id: item for item in hero.inventory}
    worn = [
        f"  {slot}: {identify.name_of(game, by_id[item_id].kind)}"
        for slot, item_id in sorted(hero.equipment.items()) if item_id in by_id
    ]
    dice = gear.weapon_dice(hero) or player.damage
    effects = ", ".join(f"{name} ({turns})" for name, turns in sorted(player.effects.items()))
    rows = [
        ("Character", TITLE),
        (f"Level {hero.level}   experience {hero.xp} (next level at "
         f"{xp_for_level(hero.level + 1)})", TEXT),
        (f"Levels to spend: {hero.pending_levels}", TEXT),
        (f"Hit points {player.hp}/{player.max_hp}", TEXT),
        (f"Attack +{attack_bonus(game, player)}   armour class {armour_class(game, player)}", TEXT),
        (f"Strength +{hero.strength}   damage {dice}+{hero.strength}", TEXT),
        (f"Gold {hero.gold}   relic: {'carried' if hero.has_relic else 'not yet'}", TEXT),
        (f"Conditions: {effects or 'none'}", TEXT),
        (f"Background: {background_name(hero.background)}", TEXT),
        ("", TEXT),
        ("Equipment", TITLE),
    ]
    rows += [(line, TEXT) for line in worn or ["  nothing worn"]]
    ring = [f"  {items.label(game, key).removeprefix('a ')}" for key in gear.key_ring(hero)]
    rows += [("", TEXT), ("Key ring", TITLE)]
    rows += [(line, TEXT) for line in ring or ["  no keys"]]
    rows += [("", TEXT), ("Talents", TITLE)]
    for key in dict.fromkeys(hero.talents):  # each once, in the order gained
        known = talent(key)
        times = hero.talents.count(key)
        name = f"{known.name} x{times}" if times > 1 else known.name
        said = wrap(f"{name} ({known.path}): {known.text}", width - 4)
        rows += [(f"  {line}" if n == 0 else f"    {line}", TEXT) for n, line in enumerate(said)]
    rows += stealth_rows(game)
    daily = " (daily run)" if game.run.is_daily else ""
    rows += [("", TEXT), ("Run", TITLE),
             (f"Seed {game.run.seed}{daily}   depth {game.depth}/{game.last_depth}   "
              f"turn {game.turn}", TEXT)]
    rows += [(line, TEXT) for line in wrap(f"Run code {game.run.code}", width)]
    rows.append(("Share the code to let others play this run (Esc in play: copy it).", MUTED))
    return rows


def stealth_rows(game: Game) -> list[Line]:
    """The stealth figure, its parts (game.rules.stealth) and what it means in play."""
    parts = stealth.stealth_parts(game)
    chance = round(100 * notice_chance(game))
    rows: list[Line] = [
        ("", TEXT),
        (f"Stealth {stealth.stealth(game):+d}   (an idle monster in sight notices you"
         f" {chance}% a turn)", TITLE),
    ]
    rows += [(f"  {name:16s} {value:+d}   {stealth.WHY.get(name, '')}",
              TEXT if value else MUTED) for name, value in parts]
    return rows


class CharacterScreen(TextScreen):
    title = "Character"
    closing = (intents.Back, intents.Confirm, intents.ShowCharacter)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def lines(self, width: int) -> list[Line]:
        return sheet(self.game, width)
