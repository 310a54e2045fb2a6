"""The pack's rows and their letters: interchangeable items share a row, and a row keeps its
letter for as long as it is carried (Brogue's and NetHack's rule), so "t e" throws what was `e`
a moment ago, never whatever slid into its place."""

from __future__ import annotations

from game.world.model import Hero, Item

QUIVER = "quiver"
"""The equipment entry that names what `f` throws or shoots when no launcher's ammunition is
carried (game.rules.missiles): readied, not worn, so it adds nothing and stacks as before."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""One letter a place in the pack (game.rules.items.INVENTORY_LIMIT places)."""


def worn_ids(hero: Hero) -> set[int]:
    """Ids of the items worn (the quivered one is only readied)."""
    return {i for slot, i in hero.equipment.items() if slot != QUIVER}


def pack_rows(hero: Hero, extra: Item | None = None) -> list[list[Item]]:
    """The pack (plus `extra`, if given) as rows: interchangeable items (same kind and amount,
    not worn, not the key to one door) share a row, in the order first carried; the rest have a
    row each. A row is one inventory letter and one of the pack's places."""
    worn = worn_ids(hero)
    rows: list[list[Item]] = []
    row_of: dict[tuple[str, int], int] = {}
    for item in [*hero.inventory, *([extra] if extra is not None else [])]:
        if item.kind == "key":
            continue  # on the key ring: no place in the pack
        alike = item.id not in worn and item.key_for is None and not item.improved \
            and not item.uncursed
        kind = (item.kind, item.amount)
        if alike and kind in row_of:
            rows[row_of[kind]].append(item)
            continue
        if alike:
            row_of[kind] = len(rows)
        rows.append([item])
    return rows


def lettered_rows(hero: Hero) -> list[tuple[str, list[Item]]]:
    """The pack's rows with their letters, in letter order. A row takes the letter its items
    already have (the first row to claim one keeps it when a worn item leaves its stack); a new
    row takes the first free letter. Pure: `settle` stores what this computes."""
    rows = pack_rows(hero)
    letters: list[str] = []
    taken: set[str] = set()
    for row in rows:
        own = next((hero.letters[i.id] for i in row
                    if i.id in hero.letters and hero.letters[i.id] not in taken), "")
        letters.append(own)
        taken.add(own)
    free = (letter for letter in LETTERS if letter not in taken)
    lettered = [(letter or next(free, "?"), row) for letter, row in zip(letters, rows, strict=True)]
    return sorted(lettered, key=lambda pair: pair[0])


def settle(hero: Hero) -> None:
    """Give every carried item its row's letter and forget the letters of items let go: called
    after each of the hero's actions, so a letter once shown stays with its row."""
    hero.letters = {item.id: letter for letter, row in lettered_rows(hero) for item in row}


def row_with(hero: Hero, letter: str) -> list[Item]:
    """The row that bears `letter`, or [] when none does."""
    return next((row for own, row in lettered_rows(hero) if own == letter), [])
