"""The Load screen: every run's save, newest first (seed, depth, turn, hero level, when saved),
the selected one's full run code and file below. Enter plays it; `d` deletes it after a yes/no,
the only way a save is removed from the interface while its run goes on; `p` opens Past games,
the finished runs with their morgue files and replays."""

from __future__ import annotations

import tcod.console
import tcod.constants
import tcod.event
from tcod.event import KeySym

from game.content.backgrounds import background_name
from game.save.runs import SaveEntry, parse_stamp
from game.ui import routes, saves
from game.ui.draw import (
    HIGHLIGHT_BG,
    MUTED,
    TEXT,
    TITLE,
    Cuts,
    abbreviate,
    box,
    clip,
    wrap,
)
from game.ui.session import Session
from game.ui.state import Push, Transition
from game.ui.widgets.choices import Choices, ScrollingMenu

TOP = 7
"""The console row of the first save."""
VISIBLE = 20
"""Saves shown at once; the list scrolls to keep the selection in view."""
SEED_COLUMN = 22
"""The seed column's least width; it grows into the room the row leaves (a seed was cut,
"the seed a friend typ…", with 16 columns free beside it)."""
REST = "  depth   turn  level  saved"
WHEN_WIDTH = 16
"""A saved stamp, "2026-12-03 17:30"."""
WARN = (255, 110, 110)


def when(text: str) -> str:
    """A header stamp as local time for the list ("?" when the file did not say)."""
    moment = parse_stamp(text)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment is not None else "?"


def _ended(entry: SaveEntry) -> str:
    return f"  ({entry.outcome})" if entry.outcome else ""


def seed_column(entries: list[SaveEntry], room: int) -> int:
    """How wide the seed column may be in a row of `room` cells: as wide as the longest seed,
    within what the other columns (and the longest ending) leave, and never under SEED_COLUMN."""
    others = len(REST) - len("  saved") + 2 + WHEN_WIDTH + max(
        (len(_ended(entry)) for entry in entries), default=0)
    longest = max((len(entry.seed) for entry in entries if entry.loadable), default=0)
    return max(SEED_COLUMN, min(longest, room - others))


def header(width: int = SEED_COLUMN) -> str:
    return "seed".ljust(width) + REST


def row_label(entry: SaveEntry, width: int = SEED_COLUMN) -> str:
    """One save's row: the seed (in a column `width` wide), depth, turn, hero level and when it
    was saved."""
    if not entry.loadable:
        return f"{entry.path.name}  (damaged)"
    seed = abbreviate(entry.seed, width)  # whole in the details below the list
    return (f"{seed:<{width}}  {entry.depth:>5}  {entry.turn:>5}  {entry.hero_level:>5}"
            f"  {when(entry.saved_at)}{_ended(entry)}")


class LoadScreen(ScrollingMenu):
    """Choose a saved run to play, or delete one (after a yes/no)."""

    back_closes = True
    visible = VISIBLE

    def __init__(self, session: Session) -> None:
        self.session = session
        self.entries: list[SaveEntry] = []
        self.choices = Choices([])
        self.first = 0
        """The first entry shown (the list scrolls)."""
        self.asking: SaveEntry | None = None
        """The save the player asked to delete, until they answer yes or no."""
        self.error = ""
        self.seed_width = SEED_COLUMN
        self.refresh()

    def refresh(self) -> None:
        """Read the list again (after a delete), keeping the selection in range."""
        self.entries = saves.saved_runs()
        self.error = saves.problem()
        index = min(self.choices.index, max(0, len(self.entries) - 1))
        self.seed_width = seed_column(self.entries, self.session.columns - 4)
        self.choices = Choices([row_label(entry, self.seed_width) for entry in self.entries], {},
                               index)

    def selected(self) -> SaveEntry | None:
        return self.entries[self.choices.index] if self.entries else None

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if self.asking is not None:
            if event.sym == KeySym.Y:
                if saves.delete_run(self.asking.path):
                    self.refresh()
                else:
                    self.error = saves.problem()
                self.asking = None
            elif event.sym in (KeySym.N, KeySym.ESCAPE):
                self.asking = None
            return None
        if event.sym == KeySym.D and self.entries:
            self.asking = self.selected()
            return None
        if event.sym == KeySym.P:
            return Push(routes.to().past_games(self.session))
        return super().on_key(event)


    def choose(self, row: int) -> Transition | None:
        """Play the save in `row` (a damaged one with no sound backup says why instead)."""
        if not 0 <= row < len(self.entries):
            return None
        self.choices.index = row
        entry = self.entries[row]
        if not entry.loadable:
            self.error = f"{entry.path.name} cannot be loaded: {entry.problem}"
            return None
        game = saves.load_run(entry.path)
        if game is None:
            self.error = saves.problem()
            return None
        return routes.play_run(self.session, game)

    def menu_top(self) -> int:
        return TOP


    def on_draw(self, console: tcod.console.Console) -> None:
        width = console.width - 4
        middle = console.width // 2
        console.print(middle, 2, "Load a saved run", fg=TITLE, alignment=tcod.constants.CENTER)
        box(console, 0, 4, console.width, VISIBLE + 5, f"Saved runs ({len(self.entries)})")
        console.print(2, TOP - 1, clip(header(self.seed_width), width), fg=MUTED)
        if not self.entries:
            console.print(2, TOP, "No saved runs: a run is saved when you leave it.", fg=MUTED)
        shown = self.entries[self.first:self.first + VISIBLE]
        for offset, entry in enumerate(shown):
            row = self.first + offset
            label = self.choices.labels[row]
            picked = row == self.choices.index
            console.print(2, TOP + offset, clip(label, width).ljust(width),
                          fg=WARN if not entry.loadable else TEXT,
                          bg=HIGHLIGHT_BG if picked else None)
        self._draw_details(console, TOP + VISIBLE + 3, width)

    def _draw_details(self, console: tcod.console.Console, top: int, width: int) -> None:
        """The selected save in full (run code, file, problem), the keys, and any question."""
        entry = self.selected()
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if entry is not None:
            lines += [(line, TEXT) for line in wrap(f"Seed: {entry.seed or '?'}", width)]
            if entry.background:
                lines.append((f"Hero: {background_name(entry.background)}, level"
                              f" {entry.hero_level}", TEXT))
            lines += [(line, TEXT) for line in wrap(f"Run code: {entry.code or '?'}", width)]
            started = f"started {when(entry.started_at)}, " if entry.started_at else ""
            lines.append((f"Run {started}saved {when(entry.saved_at)}", MUTED))
            lines += [(line, MUTED) for line in wrap(f"File: {entry.path}", width)]
            if entry.problem:
                lines += [(line, WARN) for line in wrap(f"Problem: {entry.problem}", width)]
        if self.error:
            lines += [(line, WARN) for line in wrap(self.error, width)]
        room = console.height - top - 3
        Cuts.seen.extend(line for line, _ in lines[room:])
        for row, (line, colour) in enumerate(lines[:room]):
            console.print(2, top + row, line, fg=colour)
        bottom = console.height - 2
        if self.asking is not None:
            asked = self.asking
            question = (f"Delete the save of {asked.seed} (depth {asked.depth}, turn"
                        f" {asked.turn})? y/n" if asked.loadable else
                        f"Delete the damaged file {asked.path.name}? y/n")
            for row, line in enumerate(reversed(wrap(question, width))):
                console.print(2, bottom - row, line, fg=(255, 230, 120))
            return
        hint = "Up/Down: choose   Enter: play   d: delete   p: past games   Esc: back"
        console.print(console.width // 2, bottom, clip(hint, console.width), fg=MUTED,
                      alignment=tcod.constants.CENTER)
