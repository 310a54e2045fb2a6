"""Help: every key of the binding table (game.ui.intents.KEYS), the mouse, and the
introduction (also shown by itself on the first run)."""

from __future__ import annotations

from game import tiles
from game.content.features import feature_kinds
from game.content.items import CATEGORY_GLYPHS, item_kinds
from game.ui import intents, keyfile
from game.ui.draw import MUTED, TEXT, TITLE, wrap
from game.ui.palette import PLAIN_EFFECTS
from game.ui.widgets.text import Line, TextScreen
from game.userfiles import config_dir

MOUSE = (
    ("hover", "name what is under the cursor"),
    ("left click", "walk there by the shortest known path (stops when a monster appears)"),
    ("right click", "look at that spot (then Enter or a click describes it)"),
    ("panel entry", "hover: light that thing on the map (hovering the thing lights its entry);"
                    " a click acts as on its spot"),
)
KEY_COLUMN = 22
ITEM_WORDS = {"weapon": "a weapon", "armour": "armour", "potion": "a potion", "scroll": "a scroll",
              "wand": "a wand", "ring": "a ring", "amulet": "an amulet", "gold": "gold",
              "key": "a key (a tool)", "food": "food", "shield": "a shield",
              "launcher": "a launcher (bow, sling)", "ammo": "ammunition", "relic": "the relic"}
"""Item categories as the legend names them."""
RULES_OF_THUMB = (
    "Walking into a monster attacks it; into a door opens it; into a merchant opens their shop"
    " (Tab: sell); a at an altar or shrine: pray, or offer gold for a blessing.",
    "Take the relic from the deepest floor and climb back out of floor 1 with it to win.",
    "Stealth (the character sheet, @): idle monsters in sight notice you less when you move "
    "quietly, rest or search, wear quiet gear or keep out of the light; fighting is heard.",
    "A vault is a room behind a sealed door whose key lies elsewhere on the floor: take one of "
    "its treasures and the rest vanish.",
    "Light: you see what your own light reaches, lit rooms, what braziers, sconces and glowing"
    " monsters light, and whatever stands beside you; caves and corridors are dark, and a"
    " monster in the dark is seen only when lit. Remembered places are drawn dim.",
    "Each level gained offers a choice of 3 talents (run.py codex talents lists all 28);"
    " the number keys 1-9 use your active ones, listed with their cooldowns on the panel.",
    "The side panel lists all you see, nearest first: a creature's bar is its health, the words"
    " on it its state (asleep, unaware, hunting, fleeing, webbed ...). Every notice also goes"
    " into the message log.",
)
INTRO = (
    "Welcome to Delve.",
    "",
    "Go down to the deepest floor, take the relic from the boss who guards it, and climb back "
    "out of floor 1 with it to win.",
    "",
    "Every floor is built by a classic dungeon generator: the status panel names the one in use "
    "(Depth n/N and the generator). The default run goes through them all, one or more floors "
    "each: BSP rooms, cave automata, mazes, and more. The New game screen lets you choose the "
    "generator and its parameters per depth.",
    "",
    "It also lets you choose who sets out: a fighter, a skirmisher, an archer or a mystic, each "
    "with its own numbers, kit and signature talent (run.py codex backgrounds lists them). The "
    "background makes only the hero: one run code is one dungeon, whoever goes down.",
    "",
    "A run is fully described by its run code (shown at the foot of the play screen and in the "
    "Esc menu, where c copies it): the same code gives the same floors and the same dice, so a "
    "run can be shared, replayed and compared.",
    "",
    "Tab switches the map to a first-person view of the same floor: up/down walk, left/right "
    "turn. z explores, > walks to the stairs, ? lists every key.",
)


def intro_lines(width: int) -> list[Line]:
    lines: list[Line] = []
    for paragraph in INTRO:
        lines.extend((line, TEXT) for line in wrap(paragraph, width))
    return lines


class IntroScreen(TextScreen):
    """The introduction by itself (the first run)."""

    title = "Introduction"

    def lines(self, width: int) -> list[Line]:
        return intro_lines(width)


def symbols() -> list[tuple[str, str]]:
    """(glyph, meaning) rows for what the map draws, from the same tables the map draws from."""
    rows = [("@", "you"), ("a-Z", "monsters (x, or hovering, names them)")]
    for tile in tiles.TILES:
        name = str(tile["name"])
        rows.append((chr(tile["glyph"]), "a secret door: it looks like wall until found"
                     if tile["glyph"] == tiles.TILES["glyph"][tiles.WALL] and name != "wall"
                     else name))
    rows += [("monster (dim, blue)",
              "asleep (undimmed, on a deep blue ground, with colour-blind map colours)"),
             ("monster (plain)", "awake but unaware of you (wandering or guarding)"),
             ("monster (red)", "hunting you (dark red with colour-blind map colours)"),
             ("monster (yellow)", "fleeing (grey with colour-blind map colours)"),
             ("same letter", "a different kind when the colour differs: x names it (Options:"
              " Map colours keeps them apart for colour-blind eyes)")]
    rows += [("+ (red)", "a locked or magically held door, once seen up close"),
             (tiles.TRAP_GLYPH, "a trap you have found (dark once sprung)"),
             (tiles.MERCHANT_GLYPH, "a merchant: walk into them to buy and sell"),
             ("> < (grey)", "collapsed stairs that lead nowhere")]
    found = {kind.kind for kind in item_kinds().values()}
    rows.append(("items", "on the bare floor; a feature stands on a ground of its own colour;"
                 " scenery and clues are bare punctuation"))
    rows += [(glyph, ITEM_WORDS.get(kind, kind)) for kind, glyph in CATEGORY_GLYPHS.items()
             if kind in found]
    by_glyph: dict[str, list[str]] = {}
    for feature in feature_kinds().values():
        names = by_glyph.setdefault(feature.glyph, [])
        if feature.effect not in names:
            names.append(feature.effect)
    for glyph, names in by_glyph.items():
        plain = all(name in PLAIN_EFFECTS for name in names)
        rows.append((glyph, " or ".join(names) + (" (scenery)" if plain else " feature")))
    return rows


def help_text() -> list[tuple[str, str]]:
    """(keys, meaning) rows: the table's bindings, then the mouse."""
    return [*intents.help_lines(), *MOUSE]


def two_columns(pairs: list[tuple[str, str]], width: int) -> list[Line]:
    """Name and meaning side by side; a long meaning wraps under its own column rather than
    running off the screen."""
    hang = " " * (KEY_COLUMN + 1)
    rows: list[Line] = []
    for name, meaning in pairs:
        first, *rest = wrap(meaning, max(10, width - len(hang)))
        rows.append((f"{name:<{KEY_COLUMN}} {first}", TEXT))
        rows.extend((hang + line, TEXT) for line in rest)
    return rows


class HelpScreen(TextScreen):
    title = "Help"
    closing = (intents.Back, intents.Confirm, intents.ShowHelp)

    def lines(self, width: int) -> list[Line]:
        where = config_dir() / keyfile.KEYS_FILE
        rows: list[Line] = [(line, TITLE) for line in wrap(f"Keys (rebind in {where})", width)]
        rows.append(("", TEXT))
        rows += two_columns(help_text(), width)
        rows += [("", TEXT), ("What the map shows", TITLE), ("", TEXT)]
        rows += two_columns(symbols(), width)
        rows.append(("", TEXT))
        for note in RULES_OF_THUMB:
            rows.extend((line, MUTED) for line in wrap(note, width))
        rows += [("", TEXT), ("Introduction", TITLE), ("", TEXT), *intro_lines(width)]
        return rows
