"""Replays: a run code plus the actions taken, with the state hash after them.

Version 1 hashes every action (the bot's recordings); version 2 lets an action's hash be null, so
that a human game, recorded as it is played, pays for a hash only where it is saved (a hash of a
deep game costs tens of milliseconds); its last action always has one.

The file is JSON lines of plain values (no pickle, nothing executed): a header line, then one line
per action. Actions are stored as their class name and fields, never as input events, so a replay
plays back the same under any key bindings. Reading checks every line's shape and size.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.backgrounds import DEFAULT, background_keys
from game.floorplan import Point
from game.rules.actions import ACTION_TYPES, Action, Illegal
from game.run import Run
from game.userfiles import read_text
from game.world.model import Game
from game.world.serial import state_hash

FORMAT = "delve-replay"
VERSION = 2
VERSIONS = (1, 2)
"""Versions read: 1 has a hash on every action line, 2 at least on the last."""
MAX_BYTES = 64 * 1024 * 1024
MAX_LINE = 4096


class ReplayError(ValueError):
    """A replay file that cannot be read; the message names the line."""


@dataclass(slots=True)
class Recording:
    """A run being recorded: its code and, per action, the action and the hash after it (None
    where the recording kept none)."""

    code: str
    steps: list[tuple[Action, str | None]] = field(default_factory=list)
    background: str = DEFAULT
    """The hero's background (assets/backgrounds.toml): a replay from before backgrounds, which
    names none, plays as the fighter every hero was then."""

    def add(self, action: Action, game: Game) -> None:
        self.steps.append((action, state_hash(game)))

    def text(self) -> str:
        lines = [header_line(self.code, self.background)]
        lines += [step_line(action, digest) for action, digest in self.steps]
        return "\n".join(lines) + "\n"


def header_line(code: str, background: str) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "code": code,
                       "background": background})


def step_line(action: Action, digest: str | None) -> str:
    return json.dumps({"action": type(action).__name__, "args": _args(action), "hash": digest})


def _args(action: Action) -> dict[str, Any]:
    return {
        f.name: (list(value) if isinstance(value := getattr(action, f.name), tuple) else value)
        for f in dataclasses.fields(action)
    }


def action_from(name: Any, args: Any, where: str) -> Action:
    """Rebuild an action from its stored name and fields, checking both."""
    if not isinstance(name, str) or name not in ACTION_TYPES:
        raise ReplayError(f"{where}: unknown action {name!r}")
    cls = ACTION_TYPES[name]
    names = [f.name for f in dataclasses.fields(cls)]
    if not isinstance(args, dict) or sorted(args) != sorted(names):
        raise ReplayError(f"{where}: {name} takes {', '.join(names) or 'nothing'}")
    values: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for key, value in args.items():
        wanted = hints[key]
        if (_is_int(value) and wanted is int) or (isinstance(value, bool) and wanted is bool):
            values[key] = value
        elif value is None and wanted == Point | None:
            values[key] = None
        elif (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)
              and wanted in (Point | None, Point)):
            values[key] = (value[0], value[1])
        elif isinstance(value, str) and len(value) <= 40 and _allows(wanted, value):
            values[key] = value
        else:
            raise ReplayError(f"{where}: bad value for {name}.{key}")
    try:
        return cls(**values)
    except TypeError:
        raise ReplayError(f"{where}: bad arguments for {name}") from None


def _allows(wanted: Any, text: str) -> bool:
    """Whether a string field of type `wanted` (str, or a Literal of strings) may hold `text`."""
    return wanted is str or (typing.get_origin(wanted) is typing.Literal
                             and text in typing.get_args(wanted))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read(path: Path) -> Recording:
    """Load and check a replay file (ReplayError names the problem and the line)."""
    try:
        lines = read_text(path, MAX_BYTES).splitlines()
    except ValueError as problem:
        raise ReplayError(str(problem)) from None
    if not lines:
        raise ReplayError(f"{path} is empty")
    header = _json(lines[0], f"{path} line 1")
    if (not isinstance(header, dict) or header.get("format") != FORMAT
            or not isinstance(header.get("code"), str)):
        raise ReplayError(f"{path} line 1: not a {FORMAT} header")
    version = header.get("version")
    if version not in VERSIONS:
        raise ReplayError(f"{path}: replay format {version!r}, expected one of"
                          f" {', '.join(map(str, VERSIONS))}")
    background = header.get("background", DEFAULT)
    if background not in background_keys():
        raise ReplayError(f"{path} line 1: background {str(background)[:40]!r} is not one of"
                          f" {', '.join(background_keys())}")
    recording = Recording(header["code"], background=background)
    for number, line in enumerate(lines[1:], start=2):
        where = f"{path} line {number}"
        step = _json(line, where)
        digest = step.get("hash") if isinstance(step, dict) else None
        if not isinstance(step, dict) or not (
                isinstance(digest, str) or (digest is None and version != 1)):
            raise ReplayError(f"{where}: expected an action with its state hash")
        recording.steps.append((action_from(step.get("action"), step.get("args"), where),
                                digest))
    if recording.steps and recording.steps[-1][1] is None:
        raise ReplayError(f"{path}: the last action has no state hash to check the end by")
    return recording


def _shown(action: Action) -> str:
    """Move(dx=-10, dy=0): an action as the file names it."""
    fields = ", ".join(f"{key}={value!r}" for key, value in _args(action).items())
    return f"{type(action).__name__}({fields})"


def _json(line: str, where: str) -> Any:
    if len(line) > MAX_LINE:
        raise ReplayError(f"{where}: line longer than {MAX_LINE} characters")
    try:
        return json.loads(line)
    except json.JSONDecodeError as problem:
        raise ReplayError(f"{where}: not JSON ({problem.msg})") from None
    except RecursionError:
        raise ReplayError(f"{where}: nested too deeply") from None


def verify(recording: Recording) -> int | None:
    """Replay without a window: None when every state hash recorded matches, else the first
    action number (1-based) whose state hash differs. An action outside the legal set (a forged
    file) is ReplayError naming its line."""
    from game.turns import player_act  # playing: not needed to read or write a recording
    from game.world.dungeon import new_game

    game = new_game(Run.from_code(recording.code), recording.background)
    for number, (action, digest) in enumerate(recording.steps, start=1):
        result = player_act(game, action)
        if isinstance(result, Illegal):
            raise ReplayError(f"illegal action at line {number + 1}: {_shown(action)}:"
                              f" {result.reason}")
        if digest is not None and state_hash(game) != digest:
            return number
    return None
