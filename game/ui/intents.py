"""Keys to intents: one table from (key symbol, modifiers) to a small frozen value.

The table is the only place a key is bound, so rebinding later means editing or replacing
`KEYS`; the help screen is generated from it. Modifiers are reduced to shift / ctrl / alt (num lock
and caps lock are ignored). Symbols typed with shift on a US keyboard (< > ? @) are bound both
with and without shift, since SDL 3 reports the typed symbol and layouts differ in which need it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import tcod.event
from tcod.event import KeySym, Modifier

from game.world.kinds import StairsWay


@dataclass(frozen=True, slots=True)
class Direction:
    """Step (play), or move a cursor or selection (other screens)."""

    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class RunDirection:
    """Shift+direction: run that way (along a corridor, following its bends)."""

    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class WaitTurn:
    pass


@dataclass(frozen=True, slots=True)
class UseStairs:
    direction: StairsWay


@dataclass(frozen=True, slots=True)
class PickUpItem:
    pass


@dataclass(frozen=True, slots=True)
class OpenInventory:
    """`mode` is what choosing an item does: use (quaff and read: potions or scrolls only; eat:
    food only), drop, equip, throw or quiver."""

    mode: str


@dataclass(frozen=True, slots=True)
class DoorCommand:
    """Open or close a door; a direction is asked next."""

    verb: str


@dataclass(frozen=True, slots=True)
class ShoveCommand:
    """Shove a monster beside you one square away (a strength check); a direction is asked
    next."""


@dataclass(frozen=True, slots=True)
class SearchArea:
    pass


@dataclass(frozen=True, slots=True)
class FireMissile:
    """Aim (the targeting cursor) and fire the readied missile."""


@dataclass(frozen=True, slots=True)
class RestAWhile:
    """R: rest until healed; Z: rest and search a hundred turns (both stop for anything seen or
    heard)."""

    until_healed: bool


@dataclass(frozen=True, slots=True)
class UseFeature:
    """Use the chamber feature here, or the first one next to the hero."""


@dataclass(frozen=True, slots=True)
class OrderAllies:
    """Tell the allies on this floor to wait, or (when all wait) to follow again."""


@dataclass(frozen=True, slots=True)
class LookAround:
    pass


@dataclass(frozen=True, slots=True)
class Describe:
    """Describe what is chosen: the spot under the mouse (play), the cursor (look), the
    selected item (inventory)."""


@dataclass(frozen=True, slots=True)
class ShowMap:
    pass


@dataclass(frozen=True, slots=True)
class ShowHistory:
    pass


@dataclass(frozen=True, slots=True)
class ShowHelp:
    pass


@dataclass(frozen=True, slots=True)
class ShowCharacter:
    pass


@dataclass(frozen=True, slots=True)
class SpendLevel:
    """Open the level-up choice (a pending level waits for it; nothing else opens it while a
    monster is in view)."""


@dataclass(frozen=True, slots=True)
class UseTalentKey:
    """Use the hero's `slot`-th active talent (1-9, the order the side panel lists them)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ToggleView:
    """Switch the play screen between the map and the first-person view."""


@dataclass(frozen=True, slots=True)
class ToggleStyle:
    """Switch the first-person view between textured blocks and Labyrinth's lines."""


@dataclass(frozen=True, slots=True)
class AutoExplore:
    pass


@dataclass(frozen=True, slots=True)
class TakeScreenshot:
    pass


@dataclass(frozen=True, slots=True)
class ShowOptions:
    pass


@dataclass(frozen=True, slots=True)
class ToggleFullscreen:
    pass


@dataclass(frozen=True, slots=True)
class Back:
    """Escape: the game menu in play, otherwise close the screen."""


@dataclass(frozen=True, slots=True)
class Confirm:
    pass


@dataclass(frozen=True, slots=True)
class Scroll:
    """Page through a long list: -1 up, +1 down."""

    pages: int


Intent = (
    Direction | RunDirection | WaitTurn | UseStairs | PickUpItem | OpenInventory | DoorCommand
    | ShoveCommand
    | SearchArea | UseFeature | FireMissile | RestAWhile | Describe
    | LookAround | ShowMap | ShowHistory | ShowHelp | ShowCharacter | Back | Confirm | Scroll
    | ToggleView | ToggleStyle | AutoExplore | TakeScreenshot | ShowOptions | SpendLevel
    | ToggleFullscreen | UseTalentKey | OrderAllies
)

MODIFIER_KEYS: Final = frozenset({
    KeySym.LSHIFT, KeySym.RSHIFT, KeySym.LCTRL, KeySym.RCTRL, KeySym.LALT, KeySym.RALT,
    KeySym.LGUI, KeySym.RGUI, KeySym.CAPSLOCK, KeySym.NUMLOCKCLEAR, KeySym.SCROLLLOCK,
    KeySym.MODE,
})
"""Keys that only change others: pressed alone they are neither bound nor unknown."""

NONE: Final = Modifier.NONE
SHIFT: Final = Modifier.SHIFT

COMPASS: Final = {
    (0, -1): "north", (0, 1): "south", (-1, 0): "west", (1, 0): "east",
    (-1, -1): "north-west", (1, -1): "north-east", (-1, 1): "south-west", (1, 1): "south-east",
}


def _directions() -> dict[tuple[KeySym, Modifier], Intent]:
    keys: dict[tuple[KeySym, Modifier], Intent] = {}
    groups = (
        (KeySym.UP, KeySym.KP_8, KeySym.K, 0, -1),
        (KeySym.DOWN, KeySym.KP_2, KeySym.J, 0, 1),
        (KeySym.LEFT, KeySym.KP_4, KeySym.H, -1, 0),
        (KeySym.RIGHT, KeySym.KP_6, KeySym.L, 1, 0),
        (None, KeySym.KP_7, KeySym.Y, -1, -1),
        (None, KeySym.KP_9, KeySym.U, 1, -1),
        (None, KeySym.KP_1, KeySym.B, -1, 1),
        (None, KeySym.KP_3, KeySym.N, 1, 1),
    )
    for arrow, pad, vi, dx, dy in groups:
        for sym in (arrow, pad, vi):
            if sym is not None:
                keys[(sym, NONE)] = Direction(dx, dy)
    for arrow, pad, vi, dx, dy in groups:
        for sym in (arrow, pad, vi):
            if sym is not None:
                keys[(sym, SHIFT)] = RunDirection(dx, dy)
    return keys


def _symbol(sym: KeySym, intent: Intent, us_base: KeySym) -> dict[tuple[KeySym, Modifier], Intent]:
    """A shifted symbol: as typed (with or without shift), and as its base key with shift."""
    return {(sym, NONE): intent, (sym, SHIFT): intent, (us_base, SHIFT): intent}


def _table() -> dict[tuple[KeySym, Modifier], Intent]:
    keys = _directions()
    keys.update({
        (KeySym.PERIOD, NONE): WaitTurn(),
        (KeySym.KP_5, NONE): WaitTurn(),
        **_symbol(KeySym.LESS, UseStairs("up"), KeySym.COMMA),
        **_symbol(KeySym.GREATER, UseStairs("down"), KeySym.PERIOD),
        (KeySym.G, NONE): PickUpItem(),
        (KeySym.I, NONE): OpenInventory("use"),
        (KeySym.D, NONE): OpenInventory("drop"),
        (KeySym.E, NONE): OpenInventory("equip"),
        (KeySym.E, SHIFT): OpenInventory("eat"),
        (KeySym.O, NONE): DoorCommand("open"),
        (KeySym.C, NONE): DoorCommand("close"),
        (KeySym.P, NONE): ShoveCommand(),
        (KeySym.S, NONE): SearchArea(),
        (KeySym.F, NONE): FireMissile(),
        (KeySym.T, NONE): OpenInventory("throw"),
        (KeySym.Q, NONE): OpenInventory("quaff"),
        (KeySym.R, NONE): OpenInventory("read"),
        (KeySym.Q, SHIFT): OpenInventory("quiver"),
        (KeySym.R, SHIFT): RestAWhile(until_healed=True),
        (KeySym.Z, SHIFT): RestAWhile(until_healed=False),
        (KeySym.A, NONE): UseFeature(),
        (KeySym.A, SHIFT): OrderAllies(),
        (KeySym.X, NONE): LookAround(),
        (KeySym.SEMICOLON, NONE): Describe(),
        (KeySym.M, NONE): ShowMap(),
        (KeySym.TAB, NONE): ToggleView(),
        (KeySym.W, NONE): ToggleStyle(),
        (KeySym.V, NONE): ShowHistory(),
        **_symbol(KeySym.QUESTION, ShowHelp(), KeySym.SLASH),
        **_symbol(KeySym.AT, ShowCharacter(), KeySym.N2),
        **_symbol(KeySym.PLUS, SpendLevel(), KeySym.EQUALS),
        (KeySym.Z, NONE): AutoExplore(),
        (KeySym.F12, NONE): TakeScreenshot(),
        (KeySym.F2, NONE): ShowOptions(),
        (KeySym.F11, NONE): ToggleFullscreen(),
        (KeySym.ESCAPE, NONE): Back(),
        (KeySym.RETURN, NONE): Confirm(),
        (KeySym.KP_ENTER, NONE): Confirm(),
        (KeySym.SPACE, NONE): Confirm(),
        (KeySym.PAGEUP, NONE): Scroll(-1),
        (KeySym.PAGEDOWN, NONE): Scroll(1),
        **{(KeySym[f"N{slot}"], NONE): UseTalentKey(slot) for slot in range(1, 10)},
    })
    return keys


KEYS: Final[dict[tuple[KeySym, Modifier], Intent]] = _table()
"""The key bindings: the defaults, with keys.toml merged over them (game.ui.keyfile) — changed
in place, so the help screen follows it."""
DEFAULT_KEYS: Final = dict(KEYS)


def normalise(mod: Modifier) -> Modifier:
    """Only shift, ctrl and alt matter, left or right alike."""
    result = NONE
    for group in (Modifier.SHIFT, Modifier.CTRL, Modifier.ALT):
        if mod & group:
            result |= group
    return result


def intent_for(event: tcod.event.KeyDown) -> Intent | None:
    """The intent bound to this key press, if any."""
    return KEYS.get((event.sym, normalise(event.mod)))


def letter_of(event: tcod.event.KeyDown, shift: bool = False) -> str | None:
    """The lower-case letter pressed without modifiers (menus pick items by letter); with
    `shift`, the letter pressed with shift alone (the inventory describes by it)."""
    value = int(event.sym)
    if normalise(event.mod) == (SHIFT if shift else NONE) and ord("a") <= value <= ord("z"):
        return chr(value)
    return None


def digit_of(event: tcod.event.KeyDown) -> str | None:
    value = int(event.sym)
    if normalise(event.mod) == NONE and ord("0") <= value <= ord("9"):
        return chr(value)
    return None


_PUNCTUATION: Final = {KeySym.MINUS: "-", KeySym.KP_MINUS: "-", KeySym.UNDERSCORE: "_",
                       KeySym.PERIOD: ".", KeySym.KP_PERIOD: "."}


def char_of(event: tcod.event.KeyDown) -> str | None:
    """A character typed into a text field (a seed, a run code, a parameter): a letter (capital
    with shift), a digit, or one of - _ . (shift and minus give _)."""
    mod, value = normalise(event.mod), int(event.sym)
    if mod & (Modifier.CTRL | Modifier.ALT):
        return None
    if ord("a") <= value <= ord("z"):
        return chr(value).upper() if mod & SHIFT else chr(value)
    if mod == NONE:
        return digit_of(event) or _PUNCTUATION.get(event.sym)
    return "_" if event.sym in (KeySym.MINUS, KeySym.UNDERSCORE) else None


def edit_text(text: str, event: tcod.event.KeyDown, limit: int) -> str | None:
    """`text` after this key: a typed character added (up to `limit`) or the last one erased by
    Backspace; None when the key is not typing."""
    char = char_of(event)
    if char is not None:
        return text + char if len(text) < limit else text
    if event.sym == KeySym.BACKSPACE:
        return text[:-1]
    return None


_NAMES: Final = {
    KeySym.UP: "Up", KeySym.DOWN: "Down", KeySym.LEFT: "Left", KeySym.RIGHT: "Right",
    KeySym.ESCAPE: "Esc", KeySym.RETURN: "Enter", KeySym.KP_ENTER: "KpEnter",
    KeySym.SPACE: "Space", KeySym.PAGEUP: "PgUp", KeySym.PAGEDOWN: "PgDn", KeySym.TAB: "Tab",
}
_SHIFTED: Final = {KeySym.COMMA: "<", KeySym.PERIOD: ">", KeySym.SLASH: "?", KeySym.N2: "@"}


def key_label(sym: KeySym, mod: Modifier) -> str:
    """How the help screen writes a key: "k", "Up", "Num8", "<"."""
    if sym in _NAMES:
        name = _NAMES[sym]
    elif KeySym.KP_1 <= sym <= KeySym.KP_9:
        name = f"Num{int(sym) - int(KeySym.KP_1) + 1}"
    elif int(sym) > 0x7F:
        name = sym.name
    elif mod & SHIFT and sym in _SHIFTED:
        return _SHIFTED[sym]
    else:
        name = chr(int(sym))
        if name in "<>?@":
            return name
    prefix = "".join(tag for flag, tag in ((Modifier.CTRL, "C-"), (Modifier.ALT, "A-"),
                                           (SHIFT, "S-")) if mod & flag)
    return prefix + name


def describe(intent: Intent) -> str:
    """What a binding does, for the help screen."""
    match intent:
        case Direction(dx, dy):
            return f"move / attack {COMPASS[(dx, dy)]}"
        case RunDirection(dx, dy):
            return f"run {COMPASS[(dx, dy)]} (stops at forks, doors, items, anything new)"
        case UseStairs(direction):
            return f"take the stairs {direction} (walks to known stairs first)"
        case OpenInventory(mode):
            return {"use": "use an item", "drop": "drop an item", "quaff": "drink a potion",
                    "read": "read a scroll",
                    "equip": "wear or remove an item (a sling or bow is worn beside the weapon)",
                    "throw": "throw an item, then aim (daggers, javelins, axes are made for it;"
                             " a potion shatters over everyone beside where it lands)",
                    "quiver": "ready what f throws when no launcher's ammunition is carried",
                    "eat": "eat something (food staves off hunger: the panel says Hungry,"
                           " Weak, Fainting, Starving)"}[mode]
        case RestAWhile(until_healed):
            return ("rest until healed" if until_healed else "rest and search 100 turns") + \
                " (stops when something comes into view or is heard)"
        case DoorCommand(verb):
            return f"{verb} a door (then a direction)"
        case Scroll(pages):
            return "page up" if pages < 0 else "page down"
        case UseTalentKey(slot):
            return (f"use your active talent {slot} (the panel lists them with their cooldowns;"
                    " a shot or a tumble then aims)" if slot == 1 else
                    f"use your active talent {slot}")
    return _PLAIN[type(intent)]


_PLAIN: Final[dict[type, str]] = {
    WaitTurn: "wait a turn",
    PickUpItem: "pick up",
    SearchArea: "search (5 turns; stops when a monster appears)",
    ShoveCommand: "shove a monster beside you one square (then a direction): into a chasm,"
                  " mold, webs or mud; a strength check, harder the bigger it is",
    FireMissile: "fire: aim with the cursor (Tab: next enemy, Enter or click: fire, Esc:"
                 " cancel); shoots the worn sling or bow, else throws a javelin, axe or dagger",
    UseFeature: "use a feature here or beside you (drink, pray, search, strike...), or free a"
                " shackled captive beside you (walking into it frees it too)",
    OrderAllies: "allies: wait here / follow me (no time passes; walk into an ally to change"
                 " places)",
    LookAround: "look around (move the cursor, Enter describes, Esc to stop)",
    Describe: "describe what is under the mouse (in look mode: the cursor; in the pack: the item)",
    ShowMap: "floor map",
    ToggleView: "map / first-person view (up/down: walk, left/right: turn)",
    ToggleStyle: "first-person style: textured blocks / Labyrinth's lines",
    ShowHistory: "message history (/ searches it)",
    AutoExplore: "explore (stops when something appears)",
    TakeScreenshot: "save a screenshot (PNG)",
    ShowOptions: "options",
    ToggleFullscreen: "full screen on / off",
    ShowHelp: "this help",
    ShowCharacter: "character sheet",
    SpendLevel: "spend a level gained (when the panel says LEVEL UP)",
    Back: "menu (save and quit) / close a screen",
    Confirm: "confirm / choose",
}


def first_key(intent: Intent) -> str:
    """The label of the first key bound to `intent` ("" when none is), for on-screen hints."""
    for (sym, mod), bound in KEYS.items():
        if bound == intent:
            return key_label(sym, mod)
    return ""


def help_lines() -> list[tuple[str, str]]:
    """(keys, what they do) for every intent in the table, in table order."""
    labels: dict[Intent, list[str]] = {}
    for (sym, mod), intent in KEYS.items():
        label = key_label(sym, mod)
        known = labels.setdefault(intent, [])
        if label not in known:
            known.append(label)
    return [(" ".join(keys), describe(intent)) for intent, keys in labels.items()]
