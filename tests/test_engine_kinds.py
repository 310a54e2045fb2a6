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
from game.world.serial import MESSAGE_CODES, state_hash

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
    assert not offences("game.log('You pick up 3 gold.', MessageKind.GOLD)")
    assert not offences("drop_gold(game, 3)")


def test_every_kind_has_a_colour_and_a_save_code() -> None:
    assert set(MESSAGE_COLOURS) == set(MessageKind) == set(MESSAGE_CODES)
    assert len(set(MESSAGE_CODES.values())) == len(MESSAGE_CODES), "a save code names one kind"


def test_a_save_keeps_each_message_kind() -> None:
    """Every kind goes through a save and comes back itself, and the hash survives."""
    game = new_game(Run("kinds"))
    for kind in MessageKind:
        game.log(f"a {kind} message", kind)
    copy = load_bytes(save_bytes(game)).game
    assert [m.kind for m in copy.messages.messages] == [m.kind for m in game.messages.messages]
    assert state_hash(copy) == state_hash(game)


def test_the_golden_save_reads_its_colours_as_kinds() -> None:
    """The format-1 file wrote colours; they come back as kinds the screen colours the same."""
    golden = ENGINE.parent / "tests" / "data" / "saves" / "format-1.delve"
    messages = load_bytes(golden.read_bytes()).game.messages.messages
    assert len({m.kind for m in messages}) > 3
    assert messages[0].kind is MessageKind.WELCOME
