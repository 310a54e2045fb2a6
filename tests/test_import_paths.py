"""Who imports whom, read from the source (every import, including those inside functions): path
finding has one home, the first-person view reads no generator, and the parts that play a turn
(rules, ai, the turn loop, the bot) import each other one way only."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
FLOOD_REFERENCE = {"game.cli.bench"}
"""The benchmark floods with tcod itself, as the yardstick the game's floods are measured by."""
ONE_WAY = {"ai", "rules", "turns", "bot", "pathing", "compass"}


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, list[str]]:
    """Module -> every module it names in an import statement, anywhere in its body."""
    found: dict[str, list[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        names: list[str] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.append(node.module)
                names += [f"{node.module}.{alias.name}" for alias in node.names]
        found[module_name(path)] = names
    return found


def part(module: str) -> str:
    """The top-level part of game/ a module belongs to (game.ai.maps -> ai)."""
    bits = module.split(".")
    return bits[1] if len(bits) > 1 else bits[0]


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected groups of more than one part (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = {stack.pop()}
            while node not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_tcod_path_is_imported_by_the_path_finding_module_only() -> None:
    users = sorted(module for module, names in imports().items()
                   if any(n == "tcod.path" or n.startswith("tcod.path.") for n in names))
    assert [m for m in users if m not in FLOOD_REFERENCE] == ["game.pathing"]


def test_first_person_view_reads_no_generator() -> None:
    for module, names in imports().items():
        if module.startswith("game.ui.firstperson"):
            assert not [n for n in names if n.startswith("game.generators")], module


def test_turn_parts_import_one_way() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for module, names in imports().items():
        for name in names:
            if name.startswith("game.") and part(name) != part(module):
                edges[part(module)].add(part(name))
                edges.setdefault(part(name), set())
    tangled = [group for group in cycles(edges) if group & ONE_WAY]
    assert tangled == []


def test_the_cycle_finder_finds_a_circle() -> None:
    """The check above can fail: a circle through a deferred import is one."""
    edges: dict[str, set[str]] = {"rules": {"ai", "world"}, "ai": {"rules"}, "world": set()}
    assert cycles(edges) == [{"rules", "ai"}]
