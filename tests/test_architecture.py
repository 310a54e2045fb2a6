"""Who may import whom, checked on the source: every module under game/ is parsed with `ast` and
every import statement counts, wherever it stands (top level, inside a function, under
`if TYPE_CHECKING:`). Type-only imports count too: a module that names another's class in its
signatures depends on it, and a cycle through a type-only import is the same knot in the design,
merely hidden from the interpreter. Nothing is imported or run, so a violation is found even in
code no test reaches.

A *part* of game/ is a package game/X/ or a module game/x.py; the rules:
- only game/ui, game/cli and the benchmarks import game.ui, tcod.context or tcod.event;
- the parts import each other without a cycle (the failure names the cycle);
- tcod.path, heapq and collections.deque (every flood, heap search and breadth-first queue) are
  imported from one part only, game/pathing/ (the benchmark's reference flood, the yardstick the
  game's floods are measured by, aside);
- the parts that play a turn (rules, ai, the turn loop, the bot) import each other one way, and
  the first-person view reads no generator;
- no screen module (game/ui/screens/*) imports another: they meet through game.ui.routes, the
  one table that names them, made on first use rather than filled by an import;
- game/content is data and imports nothing of the engine;
- no module is over 650 lines (past that it holds more than one job).

The last tests do run something: a command in a fresh process, to list what it loaded (start-up
is paid by every command, so a command must not load what it does not need).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
WINDOW_MODULES = ("game.ui", "tcod.context", "tcod.event")
WINDOW_PARTS = ("ui", "cli")
SCREENS = "game.ui.screens"
ONE_WAY = frozenset({"ai", "rules", "turns", "bot", "pathing", "compass"})
"""The parts that play a turn: none of them may sit on an import cycle."""


@dataclass(frozen=True, slots=True)
class Import:
    """One imported module name (for `from a import b`, `a.b` when that is a module, else `a`)."""

    importer: str
    target: str
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def game_modules() -> frozenset[str]:
    return frozenset(module_name(path) for path in GAME.rglob("*.py"))


def imports_in(source: str, importer: str, is_package: bool = False) -> Iterator[Import]:
    """Every import in `source`, at any depth; relative imports made absolute."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(importer, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = importer.split(".")
                package = package[: len(package) - node.level + (1 if is_package else 0)]
                base = ".".join([*package, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                is_module = full in game_modules() or base == "tcod"
                yield Import(importer, full if is_module else base, node.lineno)


@cache
def all_imports() -> tuple[Import, ...]:
    found: list[Import] = []
    for path in sorted(GAME.rglob("*.py")):
        found += imports_in(path.read_text(encoding="utf-8"), module_name(path),
                            path.name == "__init__.py")
    return tuple(found)


def part_of(module: str) -> str | None:
    """game.X... -> X (the package or module directly under game/); None outside game/."""
    pieces = module.split(".")
    return pieces[1] if pieces[0] == "game" and len(pieces) > 1 else None


def is_benchmark(module: str) -> bool:
    """The benchmarks: a bench module of the command line (game/cli/bench.py)."""
    return part_of(module) in ("bench", "cli") and module.rsplit(".", 1)[-1].startswith("bench")


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def where(found: Import) -> str:
    return f"{found.importer}:{found.line} imports {found.target}"


def part_graph() -> dict[str, dict[str, Import]]:
    """part -> {imported part: the first import that makes the edge}."""
    graph: dict[str, dict[str, Import]] = {}
    for found in all_imports():
        source, target = part_of(found.importer), part_of(found.target)
        if source is None or target is None or source == target:
            continue
        graph.setdefault(source, {}).setdefault(target, found)
    return graph


def find_cycle(graph: dict[str, dict[str, Import]]) -> list[str] | None:
    """One cycle as a list of parts (first == last), or None; depth-first, in sorted order."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, {})):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def knots(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The sets of parts that all reach each other (more than one part each), sorted: every
    cycle lies inside one of them."""
    nodes = sorted(set(graph) | {b for edges in graph.values() for b in edges})

    def reach(start: str) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph.get(todo.pop(), {}):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    reaches = {node: reach(node) for node in nodes}
    found: list[list[str]] = []
    for node in nodes:
        knot = sorted(other for other in reaches[node] if node in reaches[other])
        if len(knot) > 1 and knot not in found:
            found.append(knot)
    return found


# --- the checker checks itself ---------------------------------------------------------------


def test_imports_inside_functions_and_type_checking_blocks_are_found() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from game.ui.state import State\n"
        "def later() -> None:\n    import tcod.event\n"
        "from . import tiles\n"
        "from game import seeds\n"
    )
    targets = {i.target for i in imports_in(source, "game.rules.movement")}
    assert {"game.ui.state", "tcod.event", "game.rules", "game.seeds"} <= targets


def test_a_cycle_is_found_and_named() -> None:
    edge = Import("game.a", "game.b", 1)
    graph = {"a": {"b": edge}, "b": {"c": edge}, "c": {"a": edge}, "d": {"a": edge}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": edge}, "b": {}}) is None
    assert knots({**graph, "e": {"d": edge}, "x": {"y": edge}, "y": {"x": edge}}) == [
        ["a", "b", "c"], ["x", "y"]]


def test_every_module_is_parsed() -> None:
    importers = {i.importer for i in all_imports()}
    assert {"game.ui.app", "game.turns", "game.world.model"} <= importers


# --- the rules -------------------------------------------------------------------------------


def test_only_the_interface_imports_the_window() -> None:
    bad = [where(i) for i in all_imports()
           if any(within(i.target, window) for window in WINDOW_MODULES)
           and part_of(i.importer) not in WINDOW_PARTS and not is_benchmark(i.importer)]
    assert not bad, "the engine imports the window:\n" + "\n".join(bad)


def test_the_parts_of_game_import_each_other_without_a_cycle() -> None:
    graph = part_graph()
    lines = []
    for knot in knots(graph):
        inside = {a: {b: i for b, i in graph[a].items() if b in knot} for a in knot}
        cycle = find_cycle(inside)
        assert cycle is not None
        lines.append(f"{', '.join(knot)} import each other; one cycle: {' -> '.join(cycle)}")
        lines += [f"  {where(graph[a][b])}" for a, b in itertools.pairwise(cycle)]
    assert not lines, "\n".join(lines)


def test_tcod_path_is_imported_from_one_part_only() -> None:
    users: dict[str, list[str]] = {}
    for found in all_imports():
        part = part_of(found.importer)
        if within(found.target, "tcod.path") and part and not is_benchmark(found.importer):
            users.setdefault(part, []).append(where(found))
    assert sorted(users) == ["pathing"], "tcod.path imported from " + ", ".join(sorted(users)) + \
        ":\n" + "\n".join(line for lines in users.values() for line in lines)


def test_the_turn_parts_import_each_other_one_way() -> None:
    tangled = [knot for knot in knots(part_graph()) if ONE_WAY & set(knot)]
    assert tangled == []


def test_the_first_person_view_reads_no_generator() -> None:
    bad = [where(i) for i in all_imports()
           if within(i.importer, "game.ui.firstperson") and within(i.target, "game.generators")]
    assert not bad, "\n".join(bad)


def test_no_screen_imports_another_screen() -> None:
    bad = [where(i) for i in all_imports()
           if within(i.importer, SCREENS) and i.importer != SCREENS
           and within(i.target, SCREENS)]
    assert not bad, "screens reach each other through game.ui.routes:\n" + "\n".join(bad)


def test_the_route_table_names_every_screen_and_no_import_fills_it() -> None:
    """The screens meet through one table written out in game.ui.routes: the screens package
    registers nothing as a side effect of being imported, and every screen module with a
    state of its own is named in the table."""
    init = GAME / "ui" / "screens" / "__init__.py"
    assert list(imports_in(init.read_text(encoding="utf-8"), SCREENS, True)) == []
    named = {i.target for i in all_imports() if i.importer == "game.ui.routes"}
    screens = {module_name(path) for path in (GAME / "ui" / "screens").glob("*.py")}
    assert screens - named == {SCREENS}


def test_the_route_table_is_made_whatever_was_imported_first() -> None:
    import subprocess
    import sys

    code = ("from game.ui import routes\n"
            "print(routes.to().help.__module__, routes.to().play.__module__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=GAME.parent)
    assert done.stdout.split() == [f"{SCREENS}.help", f"{SCREENS}.play"]


def test_content_is_data_that_imports_nothing_of_the_engine() -> None:
    bad = [where(i) for i in all_imports()
           if part_of(i.importer) == "content"
           and part_of(i.target) not in (None, "content", "assets")]
    assert not bad, "game/content reads data files only:\n" + "\n".join(bad)


# --- what a command loads (these run the command, in a fresh process) -------------------------

LOADED = (
    "import contextlib, io, sys\n"
    "from game.cli import main\n"
    "with contextlib.redirect_stdout(io.StringIO()):\n"
    "    code = main(sys.argv[1:])\n"
    "print(code, *sorted(sys.modules))\n"
)
"""Run one command and print its exit status and every module it loaded."""


def loaded_by(*argv: str) -> set[str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True,
                          check=True, cwd=GAME.parent)
    code, *modules = done.stdout.split()
    assert code == "0", done.stderr
    return set(modules)


def loaded_under(modules: set[str], *packages: str) -> list[str]:
    return sorted(m for m in modules if any(within(m, p) for p in packages))


def test_generating_a_floor_loads_neither_scipy_nor_the_interface_nor_play() -> None:
    """Start-up is part of every command's cost (issue 17): a floor as text needs none of these."""
    modules = loaded_by("generate", "--generator", "bsp", "--seed", "x", "--format", "ascii")
    assert loaded_under(modules, "scipy", "game.ui", "game.bot", "game.ai", "game.turns",
                        "game.rules", "game.save.store", "game.dressing") == []


def test_the_first_frame_loads_no_scipy_bot_or_rules_of_play(tmp_path: Path) -> None:
    """A snapshot before any turn draws the screen from a new game: nothing plays a turn."""
    modules = loaded_by("snapshot", "--seed", "x", "--turns", "0", "--out",
                        str(tmp_path / "f.png"))
    assert loaded_under(modules, "scipy", "game.bot", "game.ai", "game.turns", "game.ui.intents",
                        "game.rules.actions", "game.save.store") == []


def test_the_catalog_loads_neither_scipy_nor_the_interface_nor_play() -> None:
    """A seed catalog makes and furnishes floors (issue 17): it draws nothing and plays no turn."""
    modules = loaded_by("catalog", "--seed", "S", "--depths", "1-10", "--spoilers", "full")
    assert "game.world.build" in modules  # the full spoilers furnish each floor as the game does
    assert loaded_under(modules, "scipy", "game.ui", "game.bot", "game.ai", "game.turns",
                        "game.rules", "game.save.store", "game.export", "game.codex") == []


SEARCH_HOME = "pathing"
LONGEST_MODULE = 650
"""Lines: past this a module holds more than one job (issue 26)."""


def search_imports(source: str) -> list[tuple[int, str]]:
    """(line, name) of each import of a search tool: heapq, collections.deque or tcod.path."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names
                      if a.name == "heapq" or within(a.name, "tcod.path")]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "heapq" or within(node.module, "tcod.path"):
                found.append((node.lineno, node.module))
            elif node.module == "collections":
                found += [(node.lineno, "collections.deque") for a in node.names
                          if a.name == "deque"]
            elif node.module == "tcod":
                found += [(node.lineno, "tcod.path") for a in node.names if a.name == "path"]
    return found


def test_the_search_checker_sees_every_form() -> None:
    source = ("import heapq\nfrom collections import deque, Counter\nfrom tcod import path\n"
              "def f() -> None:\n    from heapq import heappush\n")
    assert [name for _, name in search_imports(source)] == [
        "heapq", "collections.deque", "tcod.path", "heapq"]


def test_searches_live_in_the_path_finding_home() -> None:
    """Every flood, heap search and breadth-first queue is game/pathing's (the benchmark's
    reference flood, the yardstick, aside)."""
    bad = []
    for path in sorted(GAME.rglob("*.py")):
        module = module_name(path)
        if part_of(module) == SEARCH_HOME or is_benchmark(module):
            continue
        bad += [f"{module}:{line} imports {name}"
                for line, name in search_imports(path.read_text(encoding="utf-8"))]
    assert not bad, "searches outside game/pathing:\n" + "\n".join(bad)


def test_no_module_holds_more_than_one_job_s_worth_of_lines() -> None:
    long = [f"{path.relative_to(GAME.parent)}: {count} lines"
            for path in sorted(GAME.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE]
    assert not long, f"modules over {LONGEST_MODULE} lines:\n" + "\n".join(long)
