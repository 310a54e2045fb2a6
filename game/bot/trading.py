"""The bot's use of gold: it sells what it does not need to a merchant beside it, buys what it
wants and can afford (healing potions, food, ammunition for its launcher, better weapons and
armour), walks to a known merchant when it has gold and a want, and lays a rich offering on an
altar or a shrine once when it has gold to spare.

Trading takes no time, so every want is met or refused in a row of actions; a refused trade is
not offered again until time passes (Memory.failed), and each altar gets one offering
(Memory.offered), so nothing here can loop.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.bot.exploring import toward
from game.bot.kit import junk, wanted
from game.bot.memory import Memory, Step, carried
from game.content.items import kind_of
from game.floorplan import king_distance
from game.rules import features, trade
from game.rules.actions import Action, Buy, Offer, Sell
from game.world.model import Game, Item, Merchant

POTIONS: Final = 6
"""Healing potions the bot buys up to."""
MEALS: Final = 2
"""Food items the bot buys up to."""
AMMO: Final = 20
"""Rounds for its launcher the bot buys up to."""
GEAR: Final = ("weapon", "launcher", "armour", "shield")
"""Gear bought when better than the hero's (no unknown rings: the merchant's word is not tried)."""
TRADE_STEPS: Final = 120
"""Steps a floor toward merchants and altars at most."""
OFFER_WORTH: Final = features.OFFER_WHOLE
"""The bot's offering, in features.OFFER_UNIT x depth: enough to be healed wholly."""
SPARE: Final = 10
"""Gold per depth the bot keeps beyond its offering before it offers at all."""


def wants(game: Game, seller: Merchant) -> list[Item]:
    """The wares the bot would buy now, best first, each affordable on its own."""
    hero = game.hero
    gold = hero.gold
    chosen: list[Item] = []
    healing = len(carried(game, "heal"))
    meals = sum(1 for item in hero.inventory if kind_of(item.kind).kind == "food")
    launcher = next((item for item in hero.inventory
                     if item.id == hero.equipment.get("launcher")), None)
    ammo = kind_of(launcher.kind).ammo if launcher is not None else ""
    rounds = sum(1 for item in hero.inventory if item.kind == ammo)
    for ware in seller.wares:
        kind = kind_of(ware.kind)
        if trade.price(game, ware) > gold:
            continue
        if kind.effect == "heal" and kind.kind == "potion" and healing < POTIONS:
            chosen.append(ware)
            healing += 1
        elif kind.kind == "food" and meals < MEALS:
            chosen.append(ware)
            meals += 1
        elif ammo and ware.kind == ammo and rounds < AMMO:
            chosen.append(ware)
            rounds += 1
        elif kind.kind in GEAR and wanted(game, ware):
            chosen.append(ware)
    return chosen


def to_sell(game: Game) -> list[Item]:
    """What the bot sells: gear it will never wear again, if a merchant pays for it."""
    return [item for item in junk(game) if not trade.refuse_sale(game, item)]


def trade_here(game: Game) -> Iterator[tuple[str, Action]]:
    """Sell, then buy, with a merchant beside the hero."""
    seller = trade.beside(game)
    if seller is None:
        return
    for item in to_sell(game)[:1]:
        yield "sell", Sell(seller.id, item.id)
    for ware in wants(game, seller)[:1]:
        yield "buy", Buy(seller.id, ware.id)


def offer_here(game: Game, memory: Memory) -> Iterator[tuple[str, Action]]:
    """One rich offering at an altar or shrine beside the hero, when gold is to spare."""
    gift = _gift(game)
    if gift <= 0:
        return
    player = game.player
    for pos, feature in sorted(game.floor.features.items()):
        if features.holy(feature) and king_distance(pos, player.pos) <= 1 \
                and (game.depth, *pos) not in memory.offered:
            yield "offer", Offer(*pos, gift)


def _gift(game: Game) -> int:
    """The offering the bot would make now (0: not rich enough, or nothing to gain)."""
    depth = game.depth
    gift = OFFER_WORTH * features.OFFER_UNIT * depth
    if game.hero.gold < gift + SPARE * depth:
        return 0
    return gift


def toward_trade(game: Game, memory: Memory, walk: NDArray[np.bool_]) -> Step:
    """A step toward a known merchant with something to trade, or a known altar to offer at."""
    floor = game.floor
    if memory.trade_steps.get(game.depth, 0) >= TRADE_STEPS:
        return None
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    selling = bool(to_sell(game))
    for seller in floor.merchants:
        x, y = seller.pos
        if floor.explored[y, x] and (selling or wants(game, seller)):
            goals[max(0, y - 1): y + 2, max(0, x - 1): x + 2] = True
    if _gift(game):
        for (x, y), feature in sorted(floor.features.items()):
            if features.holy(feature) and floor.explored[y, x] \
                    and (game.depth, x, y) not in memory.offered:
                goals[max(0, y - 1): y + 2, max(0, x - 1): x + 2] = True
    return toward(floor, walk, goals & walk, game.player.pos)
