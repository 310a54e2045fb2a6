"""Headless autoplay: the bot plays one run, or many in a row, and reports what happened.

`run.py autoplay` prints these reports; soak tests and replays compare their `state_hash`.
"""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

from game.bot.policy import Bot
from game.content.backgrounds import DEFAULT
from game.replay import Recording
from game.rules import allies
from game.rules.actions import Action, Impossible, Interact, Move, Result
from game.run import Run
from game.world.dungeon import new_game
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash

ACTIONS_PER_TURN = 4
"""A run stops after this many bot actions per allowed turn, whatever happens (a guard: refused
and zero-time actions do not advance the turn counter)."""


@dataclass(slots=True)
class RunReport:
    """How one autoplayed run ended."""

    seed: str
    turns: int
    depth: int
    deepest: int
    alive: bool
    outcome: Outcome
    cause: str
    floors: list[str]
    """Generator names of the floors visited, in order of first visit."""
    level: int
    xp: int
    gold: int
    actions: int
    state_hash: str
    action_counts: dict[str, int] = field(default_factory=dict)
    """Action class name -> how many the bot played that were not refused: what it used."""
    arrival_levels: list[int] = field(default_factory=list)
    """The hero's level on first arrival at each depth of `floors`, in the same order."""
    relic_level: int = 0
    """The hero's level when the relic was taken (0: never): the levelling curve's end point."""
    background: str = DEFAULT
    """The hero's background (assets/backgrounds.toml)."""
    allies_freed: int = 0
    """Captives the bot freed (game.bot.captives: on purpose, or by a bump on its way)."""
    allies_at_end: int = 0
    """The hero's living allies, on any floor, when the run ended."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        status = self.outcome or ("alive" if self.alive else "dead")
        cause = f" ({self.cause})" if self.cause else ""
        return (
            f"seed {self.seed!r}: {status}{cause} after {self.turns} turns on depth {self.depth}"
            f" (deepest {self.deepest}; floors {', '.join(self.floors)}), {self.background}"
            f" level {self.level},"
            f" {self.xp} xp, {self.gold} gold, state {self.state_hash}"
        )


@dataclass(slots=True)
class Summary:
    """Several runs in a row: totals, and every exception caught (seed, error, traceback)."""

    runs: int = 0
    turns: int = 0
    deepest: int = 0
    won: int = 0
    dead: int = 0
    errors: list[tuple[str, str, str]] = field(default_factory=list)
    results: list[RunReport] = field(default_factory=list)
    background: str = DEFAULT

    @property
    def exceptions(self) -> int:
        return len(self.errors)

    def as_dict(self) -> dict[str, Any]:
        return {
            "runs": self.runs, "turns": self.turns, "deepest": self.deepest, "won": self.won,
            "dead": self.dead, "exceptions": self.exceptions,
            "errors": [{"seed": seed, "error": error} for seed, error, _ in self.errors],
            "results": [report.as_dict() for report in self.results],
            "background": self.background,
        }

    def line(self) -> str:
        return (
            f"{self.runs} runs, {self.turns} turns, deepest depth {self.deepest}, {self.won} won,"
            f" {self.dead} dead, {self.exceptions} exceptions ({self.background})"
        )


def play(
    run: Run, turns: int, *, recording: Recording | None = None, background: str = DEFAULT,
) -> tuple[Game, RunReport]:
    """A fresh run of `background` played by the bot until death, victory or `turns` game
    turns; with a `recording`, every action and the state hash after it are added to it."""
    game = new_game(run, background)
    if recording is not None:
        recording.code = game.run.code
        recording.background = game.hero.background
    bot = Bot()
    bot.memory.visited.append(game.depth)
    tally = Tally(arrival_levels=[game.hero.level])
    actions = 0
    while game.turn < turns and not game.outcome and actions < ACTIONS_PER_TURN * turns + 100:
        result = bot.act(game)
        tally.note(game, bot.last_action, result, len(bot.memory.visited))
        if not isinstance(result, Impossible) and isinstance(bot.last_action, Move | Interact):
            tally.freed.update(a.id for a in game.floor.monsters if a.ally)
        if recording is not None:
            recording.add(bot.last_action, game)
        actions += 1
    return game, report(game, bot.memory.visited, actions, tally)


@dataclass(slots=True)
class Tally:
    """What a soak reports beyond the end state: the tools used and the levelling curve."""

    action_counts: dict[str, int] = field(default_factory=dict)
    arrival_levels: list[int] = field(default_factory=list)
    relic_level: int = 0
    freed: set[int] = field(default_factory=set)
    """The ids of the captives the bot freed (counted, never iterated)."""

    def note(self, game: Game, action: Action, result: Result, visited: int) -> None:
        """Count a played action unless it was refused; note levels at new depths and the relic."""
        if not isinstance(result, Impossible):
            name = type(action).__name__
            self.action_counts[name] = self.action_counts.get(name, 0) + 1
        if len(self.arrival_levels) < visited:
            self.arrival_levels.append(game.hero.level)
        if game.hero.has_relic and not self.relic_level:
            self.relic_level = game.hero.level


def report(game: Game, visited: list[int], actions: int, tally: Tally) -> RunReport:
    return RunReport(
        seed=game.run.seed, turns=game.turn, depth=game.depth, deepest=max(game.floors),
        alive=game.player.alive and game.outcome != Outcome.DEAD, outcome=game.outcome,
        cause=game.cause, floors=[game.floors[depth].generator for depth in visited],
        level=game.hero.level, xp=game.hero.xp, gold=game.hero.gold, actions=actions,
        state_hash=state_hash(game), action_counts=dict(sorted(tally.action_counts.items())),
        arrival_levels=tally.arrival_levels, relic_level=tally.relic_level,
        background=game.hero.background,
        allies_freed=len(tally.freed), allies_at_end=len(allies.all_allies(game)),
    )


def run_seeds(seed_text: str, runs: int) -> list[str]:
    """The seeds of `--runs`: TEXT, TEXT-2, TEXT-3, ..."""
    return [seed_text if k == 1 else f"{seed_text}-{k}" for k in range(1, runs + 1)]


def play_runs(seed_text: str, runs: int, turns: int, background: str = DEFAULT) -> Summary:
    """Play several seeds in a row, each hero of `background`; an exception ends only its own
    run and is counted."""
    summary = Summary(background=background)
    for seed in run_seeds(seed_text, runs):
        summary.runs += 1
        try:
            _, result = play(Run(seed), turns, background=background)
        except Exception as problem:  # a soak run reports every crash and carries on
            error = f"{type(problem).__name__}: {problem}"
            summary.errors.append((seed, error, traceback.format_exc()))
            continue
        summary.results.append(result)
        summary.turns += result.turns
        summary.deepest = max(summary.deepest, result.deepest)
        summary.won += result.outcome == Outcome.WON
        summary.dead += result.outcome == Outcome.DEAD
    return summary
