"""End-of-run records: a plain-text morgue file and the local high-score table.

Both live in the user's data directory (`game.userfiles.data_dir`). Nothing here opens a window
or pickles: the morgue is text, the score table JSON. Files are written atomically
(`game.userfiles.write_atomic`), so a crash mid-write never destroys the old table; a table that
cannot be read is set aside under another name with a message, never a crash.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.content.backgrounds import DEFAULT, background_name
from game.content.items import kind_of
from game.pastgames import MORGUE_DIR
from game.rules import gear
from game.userfiles import data_dir, unused_path, write_atomic
from game.world import pack
from game.world.kinds import Outcome
from game.world.model import Game

SCORES_FILE = "scores.json"
SCORES_FORMAT = "delve-scores"
SCORES_VERSION = 1
MAX_SCORES = 100
MAX_TABLE_BYTES = 1_000_000
LAST_MESSAGES = 20
WIN_BONUS = 5000
DEPTH_POINTS = 100


# --- the morgue ---------------------------------------------------------------------------------


def write_morgue(game: Game, directory: str | os.PathLike[str] | None = None) -> Path:
    """Write the run's morgue file under `data_dir(directory)/morgue` and return its path.

    Never overwrites an earlier morgue (a replay of the same seed gets a numbered name).
    Raises OSError when the folder cannot be written.
    """
    folder = data_dir(directory) / MORGUE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"morgue-{_slug(game.run.seed)}-{game.outcome or 'alive'}-t{game.turn}"
    path = unused_path(folder, stem, ".txt")
    write_atomic(path, morgue_text(game))
    return path


def morgue_text(game: Game) -> str:
    """The morgue as text: the character, gear, pack, floors, how it ended, last messages."""
    hero, player = game.hero, game.player
    daily = " (daily run)" if game.run.is_daily else ""
    lines = ["Delve morgue", "============", "", f"Run seed: {game.run.seed}{daily}",
             f"Run code: {game.run.code}"]
    lines.append(f"Outcome: {_ending(game)}")
    lines.append(f"Depth: {game.depth} (deepest {max(game.floors, default=game.depth)}"
                 f" of {game.last_depth})   Turns: {game.turn}")
    lines += ["", "Character"]
    lines.append(f"  Background: {background_name(hero.background)}   Talents: "
                 + (", ".join(t.replace("_", " ") for t in hero.talents) or "none"))
    lines.append(f"  Level {hero.level}   HP {player.hp}/{player.max_hp}   XP {hero.xp}"
                 f"   Gold {hero.gold}   Strength +{hero.strength}")
    dice = gear.weapon_dice(hero) or player.damage
    lines.append(f"  To hit +{player.attack + gear.total(hero, 'attack')}"
                 f"   AC {player.ac + gear.total(hero, 'ac')}   Damage {dice}+{hero.strength}")
    lines.append(f"  Relic: {'carried' if hero.has_relic else 'not taken'}")
    if player.effects:
        lines.append("  Effects: " + ", ".join(f"{k} ({v})" for k, v in sorted(
            player.effects.items())))
    lines += ["", "Equipment"]
    by_id = {item.id: item for item in hero.inventory}
    worn = [(slot, by_id[i]) for slot, i in sorted(hero.equipment.items()) if i in by_id]
    lines += [f"  {slot}: {_describe(item.kind)}" for slot, item in worn] or ["  (nothing)"]
    rows = pack.lettered_rows(hero)
    lines += ["", f"Inventory ({len(rows)} places)"]
    worn_ids = [item.id for _, item in worn]
    for letter, row in rows:  # never more rows than letters (items.INVENTORY_LIMIT)
        mark = " (worn)" if row[0].id in worn_ids else ""
        stack = f" (x{len(row)})" if len(row) > 1 else ""
        lines.append(f"  {letter}) {_describe(row[0].kind)}{stack}{mark}")
    if not rows:
        lines.append("  (empty)")
    ring = gear.key_ring(hero)
    lines.append(f"  key ring: {len(ring)} key{'' if len(ring) == 1 else 's'}")
    lines += ["", "Floors visited"]
    for depth in sorted(game.floors):
        floor = game.floors[depth]
        lines.append(f"  depth {depth}: {floor.generator} {floor.width}x{floor.height},"
                     f" fingerprint {floor.fingerprint}")
    lines += ["", f"Last {LAST_MESSAGES} messages"]
    for message in game.messages.messages[-LAST_MESSAGES:]:
        repeat = f" (x{message.count})" if message.count > 1 else ""
        lines.append(f"  {message.text}{repeat}")
    return "\n".join(lines) + "\n"


def _ending(game: Game) -> str:
    if game.outcome == Outcome.WON:
        return f"won: {game.cause or 'escaped'}"
    if game.outcome == Outcome.DEAD:
        cause = game.cause or "died"  # most causes name the depth already; say it once
        return f"died: {cause}" + ("" if " depth " in cause else f" on depth {game.depth}")
    return f"still alive on depth {game.depth} (the run was left)"


def _describe(key: str) -> str:
    try:
        kind = kind_of(key)
    except KeyError:
        return key
    if kind.kind in ("weapon", "launcher"):
        reach = f", range {kind.range}" if kind.range else ""
        return f"{kind.name} ({kind.damage}, {kind.attack:+d} to hit{reach})"
    if kind.kind in ("armour", "shield"):
        return f"{kind.name} (AC +{kind.ac})"
    return kind.name


def _slug(text: str) -> str:
    """The seed as a safe file-name part."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", text).strip("_")[:40]
    return slug or "run"


# --- high scores --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    """One finished run in the high-score table."""

    points: int
    seed: str
    outcome: Outcome
    """WON, DEAD, or PLAYING ("") for a run left unfinished."""
    cause: str
    depth: int
    """The deepest floor reached."""
    turns: int
    level: int
    xp: int
    gold: int
    when: str
    """UTC date and time the run was recorded, ISO 8601."""
    code: str = ""
    """The run code ("" in tables written before codes were recorded)."""
    daily: bool = False
    """A daily run: ranked in a table of its own."""
    background: str = DEFAULT
    """The hero's background (tables written before backgrounds: every hero was a fighter)."""

    def sort_key(self) -> tuple[int, int, str, str]:
        return (-self.points, self.turns, self.seed, self.when)


def score_of(game: Game, when: str | None = None) -> Score:
    """The run's entry: gold, experience, 100 a floor reached, and a bonus for winning."""
    deepest = max(game.floors, default=game.depth)
    points = game.hero.gold + game.hero.xp + DEPTH_POINTS * deepest
    points += WIN_BONUS if game.outcome == Outcome.WON else 0
    stamp = when or datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return Score(
        points=points, seed=game.run.seed, outcome=game.outcome, cause=game.cause,
        depth=deepest, turns=game.turn, level=game.hero.level, xp=game.hero.xp,
        gold=game.hero.gold, when=stamp, code=game.run.code, daily=game.run.is_daily,
        background=game.hero.background,
    )


def record_score(
    game: Game, directory: str | os.PathLike[str] | None = None, when: str | None = None
) -> list[Score]:
    """Add the run to the table and return the table, best first. Problems (a corrupt table set
    aside, a folder that cannot be written) are told as notices in the log, never raised."""
    problems: list[str] = []
    table = load_scores(directory, problems)
    table.append(score_of(game, when))
    table = best_of_each(table)
    try:
        save_scores(table, directory)
    except OSError as problem:
        problems.append(f"Could not save the high scores: {problem}")
    for text in problems:
        game.tell(text)
    return table


def best_of_each(table: list[Score]) -> list[Score]:
    """The best MAX_SCORES plain runs and the best MAX_SCORES daily runs, best first: daily runs
    are ranked apart, so neither kind pushes the other out of the file."""
    ranked = sorted(table, key=Score.sort_key)
    plain = [score for score in ranked if not score.daily][:MAX_SCORES]
    daily = [score for score in ranked if score.daily][:MAX_SCORES]
    return sorted(plain + daily, key=Score.sort_key)


def scores_path(directory: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(directory) / SCORES_FILE


def load_scores(
    directory: str | os.PathLike[str] | None = None, problems: list[str] | None = None
) -> list[Score]:
    """The table, best first ([] when there is none). A table that cannot be read is renamed
    aside and a message about it appended to `problems`."""
    path = scores_path(directory)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_TABLE_BYTES + 1)
    except FileNotFoundError:
        return []
    except OSError as problem:
        _note(problems, f"Could not read the high scores ({path}): {problem.strerror}.")
        return []
    try:
        if len(data) > MAX_TABLE_BYTES:
            raise ValueError(f"larger than {MAX_TABLE_BYTES} bytes")
        table = parse_scores(json.loads(data.decode("utf-8")))
    except (ValueError, UnicodeDecodeError, RecursionError) as problem:
        _note(problems, _set_aside(path, str(problem)))
        return []
    return sorted(table, key=Score.sort_key)


def parse_scores(data: Any) -> list[Score]:
    """Check a decoded table; ValueError names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != SCORES_FORMAT:
        raise ValueError("not a Delve score table")
    if data.get("version") != SCORES_VERSION:
        raise ValueError(f"unknown version {data.get('version')!r}")
    entries = data.get("scores")
    if not isinstance(entries, list):
        raise ValueError("no list of scores")
    return [_score(entry, number) for number, entry in enumerate(entries, start=1)]


def _score(entry: Any, number: int) -> Score:
    if not isinstance(entry, dict):
        raise ValueError(f"score {number} is not an object")

    def whole(name: str) -> int:
        value = entry.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"score {number}: {name} is not a whole number")
        return value

    def text(name: str) -> str:
        value = entry.get(name)
        if not isinstance(value, str):
            raise ValueError(f"score {number}: {name} is not text")
        return value

    outcome = text("outcome")
    if outcome not in tuple(Outcome):
        raise ValueError(f"score {number}: outcome is not won, dead or empty")
    daily = entry.get("daily", False)
    if not isinstance(daily, bool):
        raise ValueError(f"score {number}: daily is not true or false")
    background = entry.get("background", DEFAULT)
    if not isinstance(background, str) or len(background) > 40:
        raise ValueError(f"score {number}: background is not a short text")
    return Score(
        points=whole("points"), seed=text("seed"), outcome=Outcome(outcome), cause=text("cause"),
        depth=whole("depth"), turns=whole("turns"), level=whole("level"), xp=whole("xp"),
        gold=whole("gold"), when=text("when"), code=text("code") if "code" in entry else "",
        daily=daily, background=background,
    )


def save_scores(table: list[Score], directory: str | os.PathLike[str] | None = None) -> Path:
    """Write the table atomically (OSError when the folder cannot be written)."""
    path = scores_path(directory)
    data = {"format": SCORES_FORMAT, "version": SCORES_VERSION,
            "scores": [asdict(score) for score in table]}
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return path


def _set_aside(path: Path, reason: str) -> str:
    """Rename an unreadable table out of the way; returns the message for the player."""
    for number in range(1, 1000):
        spare = path.with_name(f"{path.name}.corrupt-{number}")
        if not spare.exists():
            break
    try:
        os.replace(path, spare)
    except OSError as problem:
        return (f"The high-score table {path} is unreadable ({reason}) and could not be set"
                f" aside ({problem.strerror}); a new table will replace it.")
    return f"The high-score table {path} was unreadable ({reason}); it was set aside as {spare}."


def _note(problems: list[str] | None, text: str) -> None:
    if problems is not None:
        problems.append(text)
