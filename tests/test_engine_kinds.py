"""The engine names what happens and never how it looks: no colour in rules, ai, world, dressing,
bot or the turn loop.

Scans the source with `ast` (every module, code inside functions too) for RGB-like tuples (three
whole numbers 0..255) and colour words in strings or names, so a colour creeping back into the
engine fails here instead of in review. The screen's colours live in game/ui/draw.py.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.run import Run
from game.save.codec import load_bytes, save_bytes
from game.ui.draw import MESSAGE_COLOURS
from game.world.dungeon import new_game
from game.world.kinds import MessageKind
from game.world.serial import state_hash

ENGINE = Path(__file__).resolve().parent.parent / "game"
SCANNED = ("rules", "ai", "world", "dressing", "bot")
COLOUR_WORDS = re.compile(
    r"\b(red|green|blue|yellow|orange|purple|violet|magenta|cyan|white|grey|gray|rgb"
    r"|colou?rs?)\b", re.IGNORECASE)
"""Words that name a colour (not `gold`: in this game gold is money)."""


def _is_rgb(node: ast.AST) -> bool:
    return (isinstance(node, ast.Tuple | ast.List) and len(node.elts) == 3
            and all(isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255
                    for e in node.elts))


CARRIED = re.compile(r"(\w+_)?colou?r", re.IGNORECASE)


def _colour_word(node: ast.AST) -> str | None:
    """A colour named by a variable, an attribute or a one-word string ("red", not "You see red").

    A name that only says "colour" (`kind.colour`, `tiles.HERO_COLOUR`, `data["color"]`) is let
    through: the engine may carry a glyph colour that content data chose (the bestiary, the gear,
    the tile table) to the screen, as long as it never makes one up (an RGB literal) or names
    one."""
    if isinstance(node, ast.Name):
        word = node.id
    elif isinstance(node, ast.Attribute):
        word = node.attr
    elif isinstance(node, ast.Constant) and isinstance(node.value, str) and " " not in node.value:
        word = node.value
    else:
        return None
    if CARRIED.fullmatch(word):
        return None
    word = word.replace("_", " ")
    return word if COLOUR_WORDS.search(word) else None


def offences(source: str) -> list[str]:
    """Each RGB tuple or colour word in `source`, as "line: text"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if _is_rgb(node) or _colour_word(node):
            found.append(f"{getattr(node, 'lineno', 0)}: {ast.unparse(node)}")
    return found


def engine_modules() -> list[Path]:
    return sorted([*(p for part in SCANNED for p in (ENGINE / part).rglob("*.py")),
                   ENGINE / "turns.py"])


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_colour_in_the_engine(path: Path) -> None:
    assert offences(path.read_text()) == []


def test_the_scan_finds_colours() -> None:
    """The check can fail: each way of writing a colour is caught."""
    assert offences("game.log('Hit.', (255, 120, 100))")
    assert offences("x = [0, 0, 0]")
    assert offences("RED = 1")
    assert offences("kind = 'yellow'")
    assert offences("a.cyan")
    assert offences("text_rgb = 'x'")
    assert not offences("Actor(color=kind.colour, glyph=tiles.HERO_GLYPH)")
    assert not offences("game.log('You pick up 3 gold.', MessageKind.ITEM)")
    assert not offences("drop_gold(game, 3)")


def kinds_logged(source: str) -> set[str]:
    """The kinds a module's `log` and `tell` calls (and the kind arguments passed on, as to
    `combat.magic_hit`) name; a `log` without a kind is INFO, a `tell` without one SYSTEM."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        for arg in (*node.args, *(k.value for k in node.keywords)):
            named.update(n.attr for n in ast.walk(arg) if isinstance(n, ast.Attribute)
                         and isinstance(n.value, ast.Name) and n.value.id == "MessageKind")
        called = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if called in ("log", "tell") and len(node.args) == 1 and not node.keywords:
            named.add("INFO" if called == "log" else "SYSTEM")
    return named


def test_every_kind_is_used() -> None:
    """No kind is only a name: each is said somewhere in the game."""
    used: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        used |= kinds_logged(path.read_text())
    assert {kind.name for kind in MessageKind} <= used
    assert len(MessageKind) <= 13, "a kind says what happened, not which colour it is"


def test_every_kind_has_its_own_colour() -> None:
    assert set(MESSAGE_COLOURS) == set(MessageKind)
    assert len(set(MESSAGE_COLOURS.values())) == len(MessageKind)
    for kind, (r, g, b) in MESSAGE_COLOURS.items():
        assert 0.299 * r + 0.587 * g + 0.114 * b >= 120, f"{kind} reads poorly on black"


def test_a_save_keeps_each_message_kind() -> None:
    """Every kind goes through a save and comes back itself, and the hash survives."""
    game = new_game(Run("kinds"))
    for kind in MessageKind:
        game.log(f"a {kind} message", kind)
    copy = load_bytes(save_bytes(game)).game
    assert [m.kind for m in copy.messages.messages] == [m.kind for m in game.messages.messages]
    assert state_hash(copy) == state_hash(game)


@pytest.mark.parametrize("name", ["format-1.delve", "format-4.delve"])
def test_the_golden_saves_read_their_colours_as_kinds(name: str) -> None:
    """Formats 1-4 wrote a colour code per message; each comes back as the kind it now is."""
    golden = ENGINE.parent / "tests" / "data" / "saves" / name
    messages = load_bytes(golden.read_bytes()).game.messages.messages
    kinds = {m.kind for m in messages}
    assert len(kinds) > 3
    assert messages[0].kind is MessageKind.PROGRESS  # the welcome
    assert all(m.kind is MessageKind.PROGRESS for m in messages if m.text.startswith("Depth "))
    assert all(m.kind is MessageKind.COMBAT for m in messages if m.text.startswith("You hit"))
