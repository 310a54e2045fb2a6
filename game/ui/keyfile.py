"""Key bindings from keys.toml in the config directory, merged over the defaults.

The file has one table, `[keys]`, mapping intent names to lists of key names:
`wait = ["period", "kp_5"]`, `help = ["shift+slash", "question"]`. A key name is a tcod KeySym
name (any case) with optional `shift+`, `ctrl+`, `alt+` prefixes. Each intent named replaces
all of that intent's default keys; intents not named keep theirs. A bad file gives a message
and the defaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from tcod.event import KeySym, Modifier

from game.ui import intents
from game.ui.intents import Intent
from game.userfiles import MissingFileError, config_dir, parse_toml, read_text, write_atomic

KEYS_FILE: Final = "keys.toml"
MAX_KEYS_BYTES: Final = 64 * 1024
Table = dict[tuple[KeySym, Modifier], Intent]

NAMES: Final[dict[str, Intent]] = {
    "north": intents.Direction(0, -1), "south": intents.Direction(0, 1),
    "west": intents.Direction(-1, 0), "east": intents.Direction(1, 0),
    "north_west": intents.Direction(-1, -1), "north_east": intents.Direction(1, -1),
    "south_west": intents.Direction(-1, 1), "south_east": intents.Direction(1, 1),
    "run_north": intents.RunDirection(0, -1), "run_south": intents.RunDirection(0, 1),
    "run_west": intents.RunDirection(-1, 0), "run_east": intents.RunDirection(1, 0),
    "run_north_west": intents.RunDirection(-1, -1), "run_north_east": intents.RunDirection(1, -1),
    "run_south_west": intents.RunDirection(-1, 1), "run_south_east": intents.RunDirection(1, 1),
    "wait": intents.WaitTurn(), "stairs_up": intents.UseStairs("up"),
    "stairs_down": intents.UseStairs("down"), "pick_up": intents.PickUpItem(),
    "use": intents.OpenInventory("use"), "drop": intents.OpenInventory("drop"),
    "quaff": intents.OpenInventory("quaff"), "read": intents.OpenInventory("read"),
    "eat": intents.OpenInventory("eat"),
    "equip": intents.OpenInventory("equip"), "open_door": intents.DoorCommand("open"),
    "close_door": intents.DoorCommand("close"), "shove": intents.ShoveCommand(),
    "search": intents.SearchArea(),
    "fire": intents.FireMissile(), "throw": intents.OpenInventory("throw"),
    "quiver": intents.OpenInventory("quiver"), "rest": intents.RestAWhile(until_healed=True),
    "rest_long": intents.RestAWhile(until_healed=False),
    "use_feature": intents.UseFeature(),
    "order_allies": intents.OrderAllies(),
    "look": intents.LookAround(), "describe": intents.Describe(), "map": intents.ShowMap(),
    "view": intents.ToggleView(),
    "view_style": intents.ToggleStyle(),
    "history": intents.ShowHistory(), "help": intents.ShowHelp(),
    "character": intents.ShowCharacter(), "level_up": intents.SpendLevel(),
    "explore": intents.AutoExplore(),
    "screenshot": intents.TakeScreenshot(), "options": intents.ShowOptions(),
    "fullscreen": intents.ToggleFullscreen(),
    "back": intents.Back(), "confirm": intents.Confirm(),
    "page_up": intents.Scroll(-1), "page_down": intents.Scroll(1),
    **{f"talent_{slot}": intents.UseTalentKey(slot) for slot in range(1, 10)},
}
_NAME_OF: Final = {intent: name for name, intent in NAMES.items()}
_MODIFIERS: Final = (("ctrl", Modifier.CTRL), ("alt", Modifier.ALT), ("shift", Modifier.SHIFT))


def key_name(sym: KeySym, mod: Modifier) -> str:
    """"shift+slash", "kp_5", "k"."""
    prefix = "".join(f"{word}+" for word, flag in _MODIFIERS if mod & flag)
    return prefix + sym.name.lower()


def parse_key(text: str) -> tuple[KeySym, Modifier]:
    """The inverse of key_name; ValueError for a name tcod does not know."""
    *words, base = text.strip().split("+")
    mod = intents.NONE
    flags = dict(_MODIFIERS)
    for word in words:
        if word.lower() not in flags:
            raise ValueError(f"unknown modifier {word!r} in {text!r}")
        mod |= flags[word.lower()]
    try:
        return KeySym[base.upper()], mod
    except KeyError:
        raise ValueError(f"unknown key {base!r}") from None


def bindings(table: Table) -> dict[str, list[str]]:
    """Intent name -> key names, in table order."""
    named: dict[str, list[str]] = {}
    for (sym, mod), intent in table.items():
        named.setdefault(_NAME_OF[intent], []).append(key_name(sym, mod))
    return named


def bindings_text(table: Table) -> str:
    lines = ["# Delve key bindings: intent = [key names]; see the help screen (?)", "[keys]"]
    for name, keys in bindings(table).items():
        quoted = ", ".join(f'"{key}"' for key in keys)
        lines.append(f"{name} = [{quoted}]")
    return "\n".join(lines) + "\n"


def parse_bindings(text: str, defaults: Table) -> Table:
    """`defaults` with the file's intents rebound; ValueError names the problem."""
    data = parse_toml(text)
    extra = sorted(set(data) - {"keys"})
    if extra or not isinstance(data.get("keys", {}), dict):
        raise ValueError("the file must hold only a [keys] table")
    table: dict[str, object] = data.get("keys", {})
    rebound: Table = {}
    for name, keys in table.items():
        if name not in NAMES:
            raise ValueError(f"unknown action {name!r} (known: {', '.join(NAMES)})")
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise ValueError(f"{name} must be a list of key names")
        for key in keys:
            rebound[parse_key(key)] = NAMES[name]
    replaced = {NAMES[name] for name in table}
    merged = {key: intent for key, intent in defaults.items()
              if intent not in replaced and key not in rebound}
    merged.update(rebound)
    return merged


def load_bindings(path: Path | None = None) -> tuple[Table, str]:
    """The bindings from `path` (default: keys.toml in config_dir()) over the defaults, and a
    problem message ("" when the file is fine or missing)."""
    where = path or config_dir() / KEYS_FILE
    defaults = dict(intents.DEFAULT_KEYS)
    try:
        text = read_text(where, MAX_KEYS_BYTES)
    except MissingFileError:
        return defaults, ""
    except ValueError as error:
        return defaults, f"Could not read keys: {error}; using the default keys."
    try:
        return parse_bindings(text, defaults), ""
    except ValueError as error:
        return defaults, f"Bad key bindings in {where}: {error}; using the default keys."


def install(path: Path | None = None) -> str:
    """Load the bindings into intents.KEYS (in place); the problem message, or ""."""
    table, problem = load_bindings(path)
    intents.KEYS.clear()
    intents.KEYS.update(table)
    return problem


def write_defaults(path: Path | None = None) -> Path:
    """Write the default bindings out (a starting point for editing); the file written."""
    where = path or config_dir() / KEYS_FILE
    write_atomic(where, bindings_text(intents.DEFAULT_KEYS))
    return where
