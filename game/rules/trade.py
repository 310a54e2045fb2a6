"""Trading with merchants: buying their wares and selling them what the hero carries.

A merchant (game.world.model.Merchant) stands still on its tile; a hero who bumps it trades
(the interface opens the shop screen; the rules refuse the step and say so). Prices are
game.content.prices': a ware costs its asking price at this depth, and a merchant pays half
that for a kind the hero knows, a fifth for one the hero has not identified. A merchant names
its wares, so buying one identifies its kind. Trading takes no time (the haggling is quick, and
a turn lost per coin would make a shop a trap); a merchant has gold enough for anything.
"""

from __future__ import annotations

from game.content.items import kind_of
from game.content.prices import ask, offer
from game.floorplan import king_distance
from game.rules import gear, identify
from game.rules.actions import Impossible, Result, Success
from game.rules.items import pack_full
from game.rules.progress import MAX_GOLD
from game.world.kinds import MessageKind
from game.world.model import Game, Item, Merchant


def merchant(game: Game, merchant_id: int) -> Merchant | None:
    """The merchant of this floor with that id."""
    return next((m for m in game.floor.merchants if m.id == merchant_id), None)


def beside(game: Game) -> Merchant | None:
    """The first merchant next to the hero (by id), if any."""
    return next((m for m in game.floor.merchants
                 if king_distance(m.pos, game.player.pos) == 1), None)


def price(game: Game, item: Item) -> int:
    """What the merchants of this floor ask for `item`."""
    return ask(kind_of(item.kind), game.floor.depth)


def sell_price(game: Game, item: Item) -> int:
    """What a merchant of this floor pays the hero for `item` (0: merchants do not buy it)."""
    if item.key_for is not None:
        return 0
    return offer(kind_of(item.kind), game.floor.depth, identify.known(game, item.kind))


def refuse_sale(game: Game, item: Item) -> str:
    """Why a merchant will not take `item` from the hero ("" when it will)."""
    name = identify.name_of(game, item.kind)
    if sell_price(game, item) <= 0:
        return f"No merchant buys the {name}."
    if gear.stuck_on(game.hero, item.id) is not None:
        return f"The {name} is cursed: you cannot take it off to sell it."
    return ""


def buy(game: Game, merchant_id: int, item_id: int) -> Result:
    """Pay the asking price; the ware goes into the pack and its kind is known."""
    seller = merchant(game, merchant_id)
    if seller is None:
        return Impossible("There is no such merchant here.")
    ware = next((w for w in seller.wares if w.id == item_id), None)
    if ware is None:
        return Impossible(f"{seller.name} has no such thing to sell.")
    hero, cost = game.hero, price(game, ware)
    name = kind_of(ware.kind).name
    if hero.gold < cost:
        return Impossible(f"{seller.name} wants {cost} gold for the {name}; you have"
                          f" {hero.gold}.")
    if pack_full(game, ware):
        return Impossible("Your pack is full.")
    hero.gold -= cost
    seller.wares.remove(ware)
    hero.inventory.append(ware)
    identify.identify(game, ware.kind)
    game.log(f"You buy {identify.article(name)} from {seller.name} for {cost} gold.",
             MessageKind.ITEM)
    return Success(turns=0)


def sell(game: Game, merchant_id: int, item_id: int) -> Result:
    """The merchant pays for a carried item and adds it to its wares (taken off first)."""
    buyer = merchant(game, merchant_id)
    if buyer is None:
        return Impossible("There is no such merchant here.")
    hero = game.hero
    item = next((i for i in hero.inventory if i.id == item_id), None)
    if item is None:
        return Impossible("You do not have that.")
    refused = refuse_sale(game, item)
    if refused:
        return Impossible(refused)
    paid = sell_price(game, item)
    for slot, worn in list(hero.equipment.items()):
        if worn == item_id:
            del hero.equipment[slot]
    hero.inventory.remove(item)
    buyer.wares.append(item)
    hero.gold = min(hero.gold + paid, MAX_GOLD)
    name = identify.name_of(game, item.kind)
    game.log(f"You sell the {name} to {buyer.name} for {paid} gold.", MessageKind.ITEM)
    return Success(turns=0)


def greeting(game: Game, seller: Merchant) -> str:
    """What a bump into a merchant says (the interface opens the shop instead)."""
    what = "shop" if seller.kind == "shop" else "pack"
    return (f"{seller.name} shows you the wares of the {what}"
            f" ({len(seller.wares)} things): trade from the shop screen.")
