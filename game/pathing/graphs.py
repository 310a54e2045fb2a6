"""Searches over graphs given as a neighbours function: Dijkstra (A* with an estimate), the
breadth-first walk, and the walk over adjacency lists that opens its gates one at a time.

The map floods of `game.pathing` work on tiles; these work on the small graphs a generator or
the dressing pass builds (rooms and tunnel mouths, chambers, regions and doors). Nodes of the
searches that order by node are ints, so equal choices always break the same way.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TypeVar

H = TypeVar("H", bound=Hashable)

Edges = Callable[[int], Iterable[tuple[int, int]]]
"""A node's neighbours, each with the cost of the step to it (never negative)."""


def dijkstra(
    starts: Iterable[tuple[int, int]], edges: Edges, estimate: Callable[[int], int] | None = None
) -> Iterator[tuple[int, int]]:
    """Every node reachable from the starts ((node, distance) pairs), once, as (node, distance),
    nearest first.

    With `estimate` (a lower bound on what is left from a node to the goal that never drops by
    more than a step costs) it is A*: the least distance plus estimate comes first, so a caller
    looking for one goal can stop as soon as that sum passes what it would accept. Equal sums:
    the smaller distance first, then the lower node."""

    def key(node: int, distance: int) -> tuple[int, int, int]:
        return (distance + (estimate(node) if estimate else 0), distance, node)

    heap = [key(node, distance) for node, distance in starts]
    heapq.heapify(heap)
    settled: set[int] = set()
    while heap:
        _, distance, node = heapq.heappop(heap)
        if node in settled:
            continue
        settled.add(node)
        yield node, distance
        for other, step in edges(node):
            if other not in settled:
                heapq.heappush(heap, key(other, distance + step))


def breadth_first(starts: Iterable[H], neighbours: Callable[[H], Iterable[H]]) -> Iterator[H]:
    """Every node reachable from the starts, once, fewest steps first. `neighbours` is asked
    about a node only when the walk leaves it, after the node itself has been yielded."""
    seen: set[H] = set()
    todo: deque[H] = deque()
    for start in starts:
        if start not in seen:
            seen.add(start)
            todo.append(start)
    while todo:
        node = todo.popleft()
        yield node
        for other in neighbours(node):
            if other not in seen:
                seen.add(other)
                todo.append(other)


class GatedWalk:
    """A walk over nodes 0..n-1 that stops at gates (shut doors) and opens them one at a time.

    From the start it reaches everything it can without passing a gate, depth first; the gates
    it meets wait. `grow` then yields the lowest waiting gate that leads somewhere not yet
    reached, opens it and walks on, until no gate leads anywhere new. `reached` and `order` may
    be read between the gates it yields."""

    def __init__(self, neighbours: Sequence[Sequence[int]], gates: Sequence[bool]) -> None:
        self.neighbours = neighbours
        """Each node's neighbours, by node."""
        self.gates = gates
        """Whether each node is a gate, by node."""
        self.reached = bytearray(len(neighbours))
        """1 for each node reached."""
        self.order: list[int] = []
        """The nodes reached, in the order they were reached."""

    def grow(self, start: int) -> Iterator[int]:
        """Walk from `start`, yielding each gate opened."""
        waiting: list[int] = []
        if not self.reached[start]:
            self._enter(start)
            self._walk([start], waiting)
        while (gate := self._next_gate(waiting)) is not None:
            yield gate
            self._enter(gate)
            self._walk([gate], waiting)

    def _enter(self, node: int) -> None:
        self.reached[node] = 1
        self.order.append(node)

    def _walk(self, stack: list[int], waiting: list[int]) -> None:
        """Reach all that the nodes on `stack` lead to without passing a gate; gates met wait."""
        while stack:
            for other in self.neighbours[stack.pop()]:
                if self.reached[other]:
                    continue
                if self.gates[other]:
                    heapq.heappush(waiting, other)
                else:
                    self._enter(other)
                    stack.append(other)

    def _next_gate(self, waiting: list[int]) -> int | None:
        """The lowest waiting gate not yet reached that leads somewhere not yet reached."""
        while waiting:
            gate = heapq.heappop(waiting)
            if not self.reached[gate] and not all(
                self.reached[other] for other in self.neighbours[gate]
            ):
                return gate
        return None
