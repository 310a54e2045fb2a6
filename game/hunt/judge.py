"""A parsed query asked of one floor's record, in three values: True, False, or None where the
answer needs a stage of the floor not made yet (game.hunt.floors makes the next and asks again).

A record (game.hunt.floors) is a dict holding the fields of the stages made so far: a number or
text per scalar field, a list of texts per `texts` field, a list of dicts per `records` field.
A field missing from it is not known yet.
"""

from __future__ import annotations

from typing import Any

from game.hunt.query import Both, Compare, Count, Node, Not, Over, Path

Record = dict[str, Any]
Bindings = dict[tuple[str, ...], Any]
"""The element each enclosing any/all/count has taken from its list, by the list's segments."""


def ask(node: Node, floor: Record, bound: Bindings | None = None) -> bool | None:
    """The node's answer on `floor`: True, False, or None when it cannot be known yet."""
    bound = bound or {}
    if isinstance(node, Compare):
        return _compare(node, floor, bound)
    if isinstance(node, Not):
        inner = ask(node.inner, floor, bound)
        return None if inner is None else not inner
    if isinstance(node, Both):
        unknown = False
        decisive = node.op == "or"  # the answer of a part that settles the whole
        for part in node.parts:
            answer = ask(part, floor, bound)
            if answer is None:
                unknown = True
            elif answer is decisive:
                return decisive
        return None if unknown else not decisive
    return _over(node, floor, bound)


UNKNOWN = object()
"""An element of a list not made yet: what the condition says of it alone may still settle a
range (`any(encounter.template==x and depth==1)` is false on depth 2 before any dressing)."""


def _over(node: Over, floor: Record, bound: Bindings) -> bool | None:
    elements = values(node.bound, floor, bound)
    if elements is None:
        if node.op == "any" and ask(node.inner, floor, bound | {node.bound: UNKNOWN}) is False:
            return False  # no element could satisfy it
        if node.op == "all" and ask(node.inner, floor, bound | {node.bound: UNKNOWN}) is True:
            return True  # every element would
        return None
    decisive = node.op == "any"
    unknown = False
    for element in elements:
        answer = ask(node.inner, floor, bound | {node.bound: element})
        if answer is None:
            unknown = True
        elif answer is decisive:
            return decisive
    return None if unknown else not decisive


def count(node: Count, floor: Record, bound: Bindings) -> int | None:
    """How many elements of the list satisfy the condition (all of them without one)."""
    elements = values(node.bound, floor, bound)
    if elements is None:
        if node.inner is not None and ask(node.inner, floor,
                                          bound | {node.bound: UNKNOWN}) is False:
            return 0  # no element could be counted
        return None
    if node.inner is None:
        return len(elements)
    total = 0
    for element in elements:
        answer = ask(node.inner, floor, bound | {node.bound: element})
        if answer is None:
            return None
        total += answer
    return total


def values(segments: tuple[str, ...], floor: Record, bound: Bindings) -> list[Any] | None:
    """Every value the field takes on the floor, given the bound elements (None: not known)."""
    found: list[Any] = [floor]
    for length in range(1, len(segments) + 1):
        prefix = segments[:length]
        if prefix in bound:
            if bound[prefix] is UNKNOWN:
                return None
            found = [bound[prefix]]
            continue
        name = segments[length - 1]
        following: list[Any] = []
        for holder in found:
            if name not in holder:
                return None
            value = holder[name]
            if isinstance(value, list):
                following.extend(value)
            else:
                following.append(value)
        found = following
    return found


def _compare(node: Compare, floor: Record, bound: Bindings) -> bool | None:
    if isinstance(node.left, Count):
        number = count(node.left, floor, bound)
        return None if number is None else _holds(number, node.op, node.value)
    assert isinstance(node.left, Path)
    found = values(node.left.segments, floor, bound)
    if found is None:
        return None
    return any(_holds(value, node.op, node.value) for value in found)


def _holds(value: Any, op: str, wanted: str | int) -> bool:
    if op == "==":
        return bool(value == wanted)
    if op == "!=":
        return bool(value != wanted)
    if op == "<":
        return bool(value < wanted)
    if op == "<=":
        return bool(value <= wanted)
    if op == ">":
        return bool(value > wanted)
    return bool(value >= wanted)
