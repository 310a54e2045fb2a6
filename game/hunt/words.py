"""The words a query compares text fields with, checked against the game's content: a misspelt
item would match no floor and say nothing, so `item==wand_of_digger` is refused in one line with
the nearest names. An item or monster may be named by its key (`wand_dig`) or by its name with
underscores for spaces (`wand_of_digging`); the check puts the key in its place.

Fields without a fixed list here (door, stair, feature, trap, merchant.name, fingerprint) take
any word.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import replace

from game.hunt.query import Both, Compare, Count, Node, Not, Over, Path, Query, QueryError

SHOWN = 10
"""A field with at most this many words lists them all when one is misspelt."""


@functools.cache
def vocabulary(field: str) -> dict[str, str]:
    """The words `field` may be compared with, each mapped to the key it means."""
    if field == "generator":
        from game import generators

        return {name: name for name in generators.names()}
    if field in ("item", "vault.item", "merchant.ware"):
        from game.content.items import item_kinds

        return _named({key: kind.name for key, kind in item_kinds().items()})
    if field in ("monster", "encounter.monster", "captive.kind"):
        from game.content.bestiary import default_bestiary

        return _named({kind.key: kind.name for kind in default_bestiary().kinds})
    from game.dressing.model import TACTICS

    if field in ("encounter.template", "captive.held_by"):
        return {name: name for name in TACTICS}
    if field == "encounter.tactic":
        return {name: name for name in TACTICS.values()}
    if field == "encounter.difficulty":
        return {name: name for name in ("easy", "average", "hard", "boss")}
    if field == "merchant.kind":
        return {"peddler": "peddler", "shop": "shop"}
    return {}


def _named(names: dict[str, str]) -> dict[str, str]:
    """Keys, and names with underscores for spaces, each to its key (a key wins a clash)."""
    words = {name.lower().replace(" ", "_").replace("'", ""): key for key, name in names.items()}
    return words | {key: key for key in names}


def checked(query: Query) -> Query:
    """The query with every text value of a known field checked and made a key (QueryError
    naming the word and the nearest ones when it is none)."""
    return replace(query, root=_node(query.root))


def _node(node: Node) -> Node:
    if isinstance(node, Not):
        return Not(_node(node.inner))
    if isinstance(node, Both):
        return Both(node.op, tuple(_node(part) for part in node.parts))
    if isinstance(node, Over):
        return Over(node.op, node.bound, _node(node.inner))
    left = node.left
    if isinstance(left, Count):
        inner = None if left.inner is None else _node(left.inner)
        return Compare(Count(left.bound, inner), node.op, node.value)
    return Compare(left, node.op, _word(left, node.value))


def _word(left: Path, value: str | int) -> str | int:
    field = ".".join(left.segments)
    words = vocabulary(field)
    if not words or not isinstance(value, str) or value in words.values():
        return value
    if value in words:
        return words[value]
    near = difflib.get_close_matches(value, list(words), n=3)
    if len(set(words.values())) <= SHOWN:
        hint = f"; choose from {', '.join(sorted(set(words.values())))}"
    else:
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise QueryError(f"{field} is never {value[:40]!r}{hint}")
