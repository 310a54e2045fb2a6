"""Vaults in play: of the items on a vault's pedestals the hero takes one, and the rest vanish.

The dressing seals the vault and lays its items out (game.dressing.vaults); each item on a
pedestal carries its vault's id (`Item.vault`). Taking one (game.rules.items) calls `taken`,
which clears the others from the floor and says so. Auto-pickup never takes a vault's item:
the choice is the player's.
"""

from __future__ import annotations

from game.rules import identify
from game.world.kinds import MessageKind
from game.world.model import Floor, Game, Item

NOTE = "a vault: take one and the rest vanish"
"""What look, describe and the ground say of an item on a vault's pedestal."""


def offered(floor: Floor, vault: int) -> list[Item]:
    """The items still on the pedestals of vault `vault` of `floor`."""
    return [item for item in floor.items if vault and item.vault == vault]


def taken(game: Game, item: Item) -> None:
    """`item` has just left its pedestal for the hero's pack: the vault's other items vanish."""
    vault, item.vault = item.vault, 0
    rest = offered(game.floor, vault)
    if not rest:
        return
    for other in rest:
        game.floor.items.remove(other)
    names = ", ".join(identify.article(identify.name_of(game, other.kind)) for other in rest)
    game.log(f"As you take it, the vault's other treasures vanish: {names}.", MessageKind.MAGIC)


def note(items: list[Item]) -> str:
    """" (a vault: take one and the rest vanish)" when any of `items` stands in a vault."""
    return f" ({NOTE})" if any(item.vault for item in items) else ""


def unseen(floor: Floor) -> tuple[Floor, list[int]]:
    """The vaults of `floor` none of whose items the hero has seen yet (asked before sight is
    updated, for `glimpse`)."""
    ids: set[int] = set()
    seen: set[int] = set()
    for item in floor.items:
        if item.vault:
            ids.add(item.vault)
            if floor.explored[item.y, item.x]:
                seen.add(item.vault)
    return floor, sorted(ids - seen)


def glimpse(game: Game, before: tuple[Floor, list[int]]) -> None:
    """Say so when a vault is first seen: what it offers and the rule of the choice."""
    floor, hidden = before
    if floor is not game.floor:
        return
    for vault in hidden:
        items = offered(floor, vault)
        if any(floor.explored[item.y, item.x] for item in items):
            game.log(f"You find a vault: {len(items)} treasures stand on pedestals. Take one"
                     " and the rest vanish.", MessageKind.DISCOVERY)
