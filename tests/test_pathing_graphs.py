"""The graph searches of game.pathing.graphs, held to plain brute-force answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.pathing.graphs import GatedWalk, breadth_first, dijkstra

Graph = dict[int, list[tuple[int, int]]]

graphs = st.integers(1, 12).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(0, 9)),
                 max_size=30),
    )
)


def adjacency(n: int, edges: list[tuple[int, int, int]]) -> Graph:
    graph: Graph = {node: [] for node in range(n)}
    for a, b, cost in edges:
        graph[a].append((b, cost))
        graph[b].append((a, cost))
    return graph


def relaxed(n: int, graph: Graph, source: int) -> dict[int, int]:
    """Bellman-Ford: relax every edge until nothing improves."""
    dist = {source: 0}
    for _ in range(n):
        for a in range(n):
            for b, cost in graph[a]:
                if a in dist and dist[a] + cost < dist.get(b, 1 << 30):
                    dist[b] = dist[a] + cost
    return dist


@given(graphs)
@settings(max_examples=200, deadline=None)
def test_dijkstra_settles_each_node_once_at_its_distance_nearest_first(
    case: tuple[int, list[tuple[int, int, int]]],
) -> None:
    n, edges = case
    graph = adjacency(n, edges)
    walk = list(dijkstra([(0, 0)], graph.__getitem__))
    assert dict(walk) == relaxed(n, graph, 0)
    assert len(walk) == len(dict(walk))
    assert [d for _, d in walk] == sorted(d for _, d in walk)


@given(graphs, st.data())
@settings(max_examples=200, deadline=None)
def test_a_star_meets_its_goal_at_the_shortest_distance(
    case: tuple[int, list[tuple[int, int, int]]], data: st.DataObject
) -> None:
    """With an estimate that is a true distance to the goal minus a bit, never more than a
    step costs: the goal comes at its distance, and nothing comes whose sum passes it."""
    n, edges = case
    graph = adjacency(n, edges)
    goal = data.draw(st.integers(0, n - 1))
    to_goal = relaxed(n, graph, goal)
    shave = data.draw(st.integers(0, 3))

    def estimate(node: int) -> int:
        return max(0, to_goal[node] - shave) if node in to_goal else 0

    best = relaxed(n, graph, 0).get(goal)
    for node, distance in dijkstra([(0, 0)], graph.__getitem__, estimate):
        if best is not None:
            assert distance + estimate(node) <= best
        if node == goal:
            assert distance == best
            break
    else:
        assert best is None


@given(graphs)
@settings(max_examples=200, deadline=None)
def test_breadth_first_meets_nodes_by_fewest_steps(
    case: tuple[int, list[tuple[int, int, int]]],
) -> None:
    n, edges = case
    graph = adjacency(n, edges)
    steps = relaxed(n, {a: [(b, 1) for b, _ in out] for a, out in graph.items()}, 0)
    walk = list(breadth_first([0], lambda node: [b for b, _ in graph[node]]))
    assert sorted(walk) == sorted(steps)
    assert [steps[node] for node in walk] == sorted(steps.values())


@given(graphs, st.sets(st.integers(0, 11)))
@settings(max_examples=300, deadline=None)
def test_the_gated_walk_opens_the_lowest_gate_that_leads_anywhere_new(
    case: tuple[int, list[tuple[int, int, int]]], gates: set[int]
) -> None:
    n, edges = case
    graph = {a: [b for b, _ in out] for a, out in adjacency(n, edges).items()}
    gates.discard(0)

    def closure(opened: set[int]) -> set[int]:
        return set(breadth_first([0], lambda node: [b for b in graph[node]
                                                    if b not in gates or b in opened]))

    expected: list[int] = []
    while True:
        reached = closure(set(expected))
        waiting = [g for g in sorted(gates) if g not in reached
                   and any(g in graph[node] for node in reached)
                   and any(b not in reached for b in graph[g])]
        if not waiting:
            break
        expected.append(waiting[0])
    walk = GatedWalk([graph[node] for node in range(n)], [node in gates for node in range(n)])
    assert list(walk.grow(0)) == expected
    reached = closure(set(expected))
    assert {node for node in range(n) if walk.reached[node]} == reached
    assert sorted(walk.order) == sorted(reached)
