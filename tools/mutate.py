"""`make mutate`: does the suite notice when the engine's rules change? A small mutation run.

For each package it covers (game/rules, ai, dressing, save, run) it makes a fixed sample of
mutants (one operator changed: `<` for `<=`, `+` for `-`, `and` for `or`, a `not` dropped, a
number off by one, True for False, `break` for `continue`), runs each against the tests that
execute its line (fastest first, stopping at the first failure) and prints the share killed per
package and the mutants that survived. Slow, so never part of `make test`.

How it stays honest and bounded:
- the tests for a line come from one traced run of the whole suite (tools/mutate_trace.py:
  a coverage context per test), cached in .mutate/ for the tree it traced; a line that only
  runs while its module is imported (a constant, a default) is tried against every test that
  runs any line of that module;
  a module whose lines all run at import (data classes, constants) is tried against the
  test files that import it by name;
- a mutant on a line no test runs survives without a run, and counts against the score;
- a mutant whose tests take over three times their traced time (and 20 s) is stopped and
  counted killed (an endless loop is something the suite caught);
- mutants are drawn by a seeded shuffle of every site in the package, so the sample is the
  same for the same tree and seed, and --all tries every site.
The work tree is never touched: the tracked files are copied and the copies are mutated.
"""

from __future__ import annotations

import argparse
import ast
import copy as copy_module
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".mutate"
PACKAGES = ("rules", "ai", "dressing", "save", "run")
NO_MUTATE = "pragma: no mutate"

SWAPS: dict[type[ast.AST], type[ast.AST]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Add: ast.Sub, ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.LShift: ast.RShift,
    ast.RShift: ast.LShift, ast.And: ast.Or, ast.Or: ast.And,
}
"""Each operator and the one it becomes."""

SYMBOLS: dict[type[ast.AST], str] = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
    ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>", ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True, slots=True)
class Site:
    """One place a module can be mutated: its file, line, order among the module's sites, and
    what changes there (as a reader would say it)."""

    path: str
    line: int
    index: int
    change: str
    end: int = 0
    """The last line of the changed expression (a condition may span lines)."""
    statement: tuple[int, int] = (0, 0)
    """The first and last line of the innermost statement holding it: a number inside a
    many-line literal runs on its statement's first line only."""


Apply = Callable[[], None]


def _sites(tree: ast.Module, lines: list[str]) -> Iterator[tuple[ast.AST, str, Apply]]:
    """Every mutation of `tree` in a fixed order: (the node, what changes, how to apply it)."""
    skipped = _skipped_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        line = getattr(node, "lineno", 0)
        if line and NO_MUTATE in lines[line - 1]:
            continue
        for change, apply in _node_sites(node):
            yield node, change, apply


def _node_sites(node: ast.AST) -> Iterator[tuple[str, Apply]]:
    """The mutations of one node (an operator swapped, a `not` dropped, a constant moved)."""
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            if type(op) in SWAPS:
                swapped = SWAPS[type(op)]()
                assert isinstance(swapped, ast.cmpop)
                yield _swap_text(op), _set_item(node.ops, k, swapped)
    elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp) and type(node.op) in SWAPS:
        yield _swap_text(node.op), _set_attr(node, "op", SWAPS[type(node.op)]())
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        yield f"drop `{'not' if isinstance(node.op, ast.Not) else '-'}`", \
            _set_attr(node, "op", ast.UAdd() if isinstance(node.op, ast.USub) else _Identity())
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield f"{node.value} -> {not node.value}", _set_attr(node, "value", not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield f"{node.value} -> {node.value + 1}", _set_attr(node, "value", node.value + 1)
    elif isinstance(node, ast.Break | ast.Continue):
        other = ast.Continue if isinstance(node, ast.Break) else ast.Break
        yield f"{type(node).__name__.lower()} -> {other.__name__.lower()}", \
            _set_attr(node, "__class__", other)


class _Identity(ast.UAdd):
    """Marks a `not` to drop: the unparser below writes the operand alone."""


def _swap_text(op: ast.AST) -> str:
    return f"{SYMBOLS[type(op)]} -> {SYMBOLS[type(SWAPS[type(op)]())]}"


def _set_item(items: list[ast.cmpop], k: int, value: ast.cmpop) -> Apply:
    def apply() -> None:
        items[k] = value
    return apply


def _set_attr(node: ast.AST, name: str, value: object) -> Apply:
    def apply() -> None:
        setattr(node, name, value)
    return apply


GUARDS = ("frozen", "slots")
"""Decorator options that guard the programmer, not the player: `frozen` (mypy refuses a write
to a frozen field before any test runs) and `slots` (memory layout). No test of play can tell
them on or off, so their True/False is never a mutant."""

CAP = 2**20
"""A cap (a module constant named MAX_*, *_LIMIT or BIG) at least this big, before and after a
change, is one no play or affordable test reaches (64 MiB of save, 10**12 gold, 2**62 ids):
moving it is not a mutant. A change that brings it within reach (`64 * 1024 * 1024` to
`64 // 1024 * 1024`) still is. Other big numbers (a mask, a hash's multiplier) are mutated."""


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """Nodes no mutant touches: annotations, docstrings, `if TYPE_CHECKING:` blocks (the running
    program never reads them), the branch of an `if sys.platform ...` / `if os.name ...` this
    platform never takes (no test here can run it), and the `frozen`/`slots` options of a
    decorator (GUARDS)."""
    skipped: set[int] = set()

    def skip(root: ast.AST | None) -> None:
        if root is not None:
            skipped.update(id(n) for n in ast.walk(root))

    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.arg):
            skip(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if not isinstance(node, ast.ClassDef):
                skip(node.returns)
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call):
                    for keyword in decorator.keywords:
                        if keyword.arg in GUARDS:
                            skip(keyword.value)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip(node)
        elif isinstance(node, ast.If) and _platform_test(node.test) is not None:
            for statement in node.orelse if _platform_test(node.test) else node.body:
                skip(statement)
        if isinstance(node, ast.Assign | ast.AnnAssign) and _is_cap(node):
            assert node.value is not None
            skip_caps(node.value, skipped)
    return skipped


def _platform_test(test: ast.expr) -> bool | None:
    """The value here of a test of `sys.platform` or `os.name` alone (None for any other)."""
    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    attributes = {ast.unparse(n) for n in ast.walk(test) if isinstance(n, ast.Attribute)}
    if not attributes or not attributes <= {"sys.platform", "os.name"} or names - {"sys", "os"}:
        return None
    try:
        return bool(eval(compile(ast.Expression(test), "<test>", "eval"),
                         {"__builtins__": {}, "sys": sys, "os": os}))
    except Exception:
        return None


def _is_cap(node: ast.Assign | ast.AnnAssign) -> bool:
    """`MAX_SOMETHING = <numbers and operators>` (see CAP)."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name) or node.value is None:
        return False
    name = targets[0].id
    named = name.startswith("MAX_") or name.endswith("_LIMIT") or name == "BIG"
    return named and _arithmetic(node.value) is not None


def _arithmetic(expr: ast.AST) -> int | None:
    """The value of an expression of int constants and + - * // ** (None for anything else)."""
    if isinstance(expr, ast.Expression):
        expr = expr.body
    allowed = (ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator, ast.unaryop)
    if not all(isinstance(n, allowed) for n in ast.walk(expr)):
        return None
    if any(isinstance(n, ast.Constant) and type(n.value) is not int for n in ast.walk(expr)):
        return None
    assert isinstance(expr, ast.expr)
    try:
        value = eval(compile(ast.Expression(expr), "<cap>", "eval"),
                     {"__builtins__": {}})
    except (ArithmeticError, ValueError):
        return None
    return value if type(value) is int else None


def skip_caps(expr: ast.expr, skipped: set[int]) -> None:
    """Skip each node of a cap's value whose every change leaves the cap out of reach."""
    before = _arithmetic(expr)
    if before is None or before < CAP:
        return
    for k, node in enumerate(ast.walk(expr)):
        changes = list(_node_sites(node))
        if not changes:
            continue
        unreachable = True
        for c in range(len(changes)):
            copy = copy_module.deepcopy(expr)
            twin = list(ast.walk(copy))[k]
            list(_node_sites(twin))[c][1]()
            after = _arithmetic(_drop_identity(ast.Expression(copy)))
            unreachable &= after is not None and after >= CAP
        if unreachable:
            skipped.add(id(node))


def _drop_identity(tree: ast.AST) -> ast.AST:
    """Replace each `_Identity` unary (a dropped `not`) by its operand."""

    class Drop(ast.NodeTransformer):
        def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
            self.generic_visit(node)
            return node.operand if isinstance(node.op, _Identity) else node

    dropped: ast.AST = Drop().visit(tree)
    return dropped


def sites_of(path: Path, relative: str) -> list[Site]:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    statements: dict[int, tuple[int, int]] = {}
    for statement in ast.walk(tree):  # breadth first: inner statements come later and win
        if isinstance(statement, ast.stmt):
            span = (statement.lineno, _line(statement, "end_lineno"))
            statements.update((id(sub), span) for sub in ast.walk(statement))
    return [Site(relative, _line(node, "lineno"), k, change, _line(node, "end_lineno"),
                 statements.get(id(node), (0, 0)))
            for k, (node, change, _) in enumerate(_sites(tree, text.splitlines()))]


def _line(node: ast.AST, name: str) -> int:
    """A node's first or last line (0 for nodes without one)."""
    value: int | None = getattr(node, name, None) or getattr(node, "lineno", 0)
    return value or 0


def mutated_source(path: Path, site: Site) -> str:
    """The module's source with `site` applied (comments are lost: the tests do not read them)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    for k, (_, _, apply) in enumerate(_sites(tree, text.splitlines())):
        if k == site.index:
            apply()
            return ast.unparse(ast.fix_missing_locations(_drop_identity(tree)))
    raise ValueError(f"{site.path} has no site {site.index}")


# --- the copies, the trace and the runs --------------------------------------------------------

def copy_tree(target: Path) -> None:
    """The tracked files (plus tests' data) in a fresh folder: the tree the mutants change."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'tools'}",
               SDL_VIDEODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1",
               MUTATE_TRACE_DIR=str(tree / ".trace"))
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _tree_id() -> str:
    """What the trace depends on: the committed game/, tests/ and assets/, any uncommitted
    change to them, and the tracer (the rest of this tool may change without a new trace)."""
    parts = ("game", "tests", "assets")
    heads = subprocess.run(["git", "rev-parse", *(f"HEAD:{p}" for p in parts)], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    diff = subprocess.run(["git", "diff", "HEAD", "--", *parts], cwd=ROOT, capture_output=True,
                          check=True).stdout
    tracer = (ROOT / "tools" / "mutate_trace.py").read_bytes()
    return hashlib.sha256("".join(heads).encode() + diff + tracer).hexdigest()[:16]


@dataclass(slots=True)
class Trace:
    """Which tests run each line (by relative path), and each test's time in seconds."""

    lines: dict[str, dict[int, list[str]]]
    durations: dict[str, float]


def trace(tree: Path, jobs: int) -> Trace:
    """Run the whole suite once with a coverage context per test (cached per traced tree)."""
    cached = CACHE / f"trace-{_tree_id()}.json"
    if cached.exists():
        data = json.loads(cached.read_text(encoding="utf-8"))
        names: list[str] = data["tests"]
        return Trace({path: {int(n): [names[k] for k in ks] for n, ks in by_line.items()}
                      for path, by_line in data["lines"].items()}, data["durations"])
    print("tracing the suite once (a coverage context per test) ...", flush=True)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
               "mutate_trace", "-x"] + (["-n", str(jobs)] if jobs > 1 else [])
    done = subprocess.run(command, check=False, cwd=tree, env=_env(tree), capture_output=True,
                          text=True)
    if done.returncode != 0:
        sys.exit("mutate: the suite fails without any mutant:\n"
                 f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    import coverage
    out = tree / ".trace"
    combiner = coverage.Coverage(data_file=str(out / "lines"))
    combiner.combine([str(out)])
    data = combiner.get_data()
    lines: dict[str, dict[int, list[str]]] = {}
    for measured in data.measured_files():
        relative = Path(measured).resolve().relative_to(tree.resolve()).as_posix()
        by_line = data.contexts_by_lineno(measured)
        lines[relative] = {n: sorted(c for c in ctx if c) for n, ctx in by_line.items()}
    durations: dict[str, float] = {}
    for part in out.glob("durations-*.json"):
        durations.update(json.loads(part.read_text(encoding="utf-8")))
    CACHE.mkdir(exist_ok=True)
    names = sorted({t for by_line in lines.values() for tests in by_line.values() for t in tests})
    number = {name: k for k, name in enumerate(names)}
    packed = {path: {n: [number[t] for t in tests] for n, tests in by_line.items()}
              for path, by_line in lines.items()}
    cached.write_text(json.dumps({"tests": names, "lines": packed, "durations": durations}),
                      encoding="utf-8")
    return Trace(lines, durations)


def tests_for(site: Site, traced: Trace) -> list[str]:
    """The tests that run the site's line (or, for a line run only at import, any line of its
    module), fastest first."""
    module = traced.lines.get(site.path, {})
    span = [n for n in range(site.line, max(site.line, site.end) + 1) if n in module]
    if not span:  # inside a many-line statement: the lines its statement ran
        first, last = site.statement
        span = [n for n in range(first, last + 1) if n in module]
    chosen = sorted({t for n in span for t in module[n]})
    if not chosen and span:  # run, but only while importing
        chosen = sorted({t for tests in module.values() for t in tests})
    if not chosen and span:  # a module no test runs a line of once imported (data classes)
        files = _importers(site.path)
        chosen = sorted(t for t in traced.durations if t.split("::")[0] in files)
    return sorted(chosen, key=lambda t: (traced.durations.get(t, 1.0), t))


def _importers(path: str) -> set[str]:
    """The test files that import the module at `path` by name (`import game.rules.actions`,
    `from game.rules.actions import ...`, `from game.rules import actions`)."""
    dotted = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    package, _, name = dotted.rpartition(".")
    pattern = re.compile(rf"\b{re.escape(dotted)}\b|^from {re.escape(package)} import"
                         rf" [^\n]*\b{re.escape(name)}\b", re.MULTILINE)
    return {test.relative_to(ROOT).as_posix() for test in sorted((ROOT / "tests").glob("*.py"))
            if pattern.search(test.read_text(encoding="utf-8"))}


@dataclass(frozen=True, slots=True)
class Outcome:
    site: Site
    verdict: str  # "killed" | "survived" | "timeout" | "untested"
    tests: int


def try_mutant(tree: Path, site: Site, traced: Trace) -> Outcome:
    """Apply the mutant in `tree`, run its tests, put the module back."""
    tests = tests_for(site, traced)
    if not tests:
        return Outcome(site, "untested", 0)
    target = tree / site.path
    original = target.read_text(encoding="utf-8")
    target.write_text(mutated_source(target, site), encoding="utf-8")
    limit = max(20.0, 3 * sum(traced.durations.get(t, 1.0) for t in tests) + 10)
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p",
                               "no:cacheprovider", "-o", "addopts=", *tests],
                              check=False, cwd=tree, env=_env(tree), capture_output=True,
                              timeout=limit)
        verdict = "survived" if done.returncode == 0 else "killed"
    except subprocess.TimeoutExpired:
        verdict = "timeout"
    finally:
        target.write_text(original, encoding="utf-8")
    return Outcome(site, verdict, len(tests))


def sample(packages: list[str], per_package: int | None, seed: str) -> dict[str, list[Site]]:
    """Each package's mutants: every site, or a seeded sample of `per_package`."""
    chosen: dict[str, list[Site]] = {}
    for package in packages:
        sites = [site for path in sorted((ROOT / "game" / package).rglob("*.py"))
                 for site in sites_of(path, path.relative_to(ROOT).as_posix())]
        if per_package is not None and per_package < len(sites):
            sites = random.Random(f"{seed}/{package}").sample(sites, per_package)
        chosen[package] = sorted(sites, key=lambda s: (s.path, s.line, s.index))
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packages", default=",".join(PACKAGES),
                        help="packages of game/ to mutate (comma-separated)")
    parser.add_argument("--per-package", type=int, default=40, help="mutants per package")
    parser.add_argument("--all", action="store_true", help="every site, not a sample")
    parser.add_argument("--seed", default="delve", help="the sample's seed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--min", type=float, default=90.0, help="score each package must reach")
    args = parser.parse_args(argv)
    packages = [p for p in args.packages.split(",") if p]
    unknown = [p for p in packages if not (ROOT / "game" / p).is_dir()]
    if unknown:
        parser.error(f"no package game/{unknown[0]}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="delve-mutate-") as scratch:
        trees = [Path(scratch) / f"tree-{k}" for k in range(max(1, args.jobs))]
        for tree in trees:
            copy_tree(tree)
        traced = trace(trees[0], args.jobs)
        chosen = sample(packages, None if args.all else args.per_package, args.seed)
        work = [site for package in packages for site in chosen[package]]
        outcomes = _run_all(trees, work, traced)
    return _report(packages, chosen, outcomes, args.min, time.monotonic() - started)


def _run_all(trees: list[Path], work: list[Site], traced: Trace) -> dict[Site, Outcome]:
    """Try every mutant, each worker in its own copy of the tree."""
    queues = [work[k::len(trees)] for k in range(len(trees))]

    def worker(k: int) -> list[Outcome]:
        results = []
        for site in queues[k]:
            results.append(try_mutant(trees[k], site, traced))
            print(f"  {results[-1].verdict:8s} {site.path}:{site.line}  {site.change}",
                  flush=True)
        return results

    with ThreadPoolExecutor(len(trees)) as pool:
        done = [o for batch in pool.map(worker, range(len(trees))) for o in batch]
    return {o.site: o for o in done}


def _report(packages: list[str], chosen: dict[str, list[Site]], outcomes: dict[Site, Outcome],
            floor: float, seconds: float) -> int:
    """Print the score per package and the survivors; 1 when a package is under `floor`."""
    print(f"\nmutation score ({seconds / 60:.1f} min; killed includes timeouts)")
    failing = 0
    report: dict[str, object] = {}
    for package in packages:
        results = [outcomes[s] for s in chosen[package]]
        killed = sum(o.verdict in ("killed", "timeout") for o in results)
        score = 100 * killed / max(1, len(results))
        failing += score < floor
        print(f"  game/{package:9s} {killed:4d}/{len(results):<4d} killed  {score:5.1f} %")
        report[package] = {"killed": killed, "mutants": len(results), "score": round(score, 1),
                           "survivors": [f"{o.site.path}:{o.site.line} {o.site.change}"
                                         f" ({o.verdict})" for o in results
                                         if o.verdict in ("survived", "untested")]}
    print("\nsurvivors:")
    for package in packages:
        entry = report[package]
        assert isinstance(entry, dict)
        for line in entry["survivors"]:
            print(f"  {line}")
    CACHE.mkdir(exist_ok=True)
    (CACHE / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
