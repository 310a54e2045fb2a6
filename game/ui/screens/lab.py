"""The generator lab: one generator, its parameters, a seed and a size; the floor drawn whole.

Keys regenerate with a new seed or step back through the seeds tried, change generator, size and
parameters, toggle the shortest path and the dressing layers, cycle colour themes, show the
floor's metrics, export the floor to the user's data directory, and start a run on this floor.
A floor larger than BACKGROUND_AREA tiles is made (and exported) on a worker thread the screen
owns, so ticks and drawing never wait for it; the generators are pure, so this changes nothing
that is made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import tcod.console
import tcod.event
from tcod.event import KeySym, Modifier

from game import generators
from game.content import themes
from game.run import Run, default_recipes
from game.run.recipe import RANDOM
from game.run.recipes import MAX_SIDE, MIN_SIDE, RecipeEntry
from game.ui import intents, labwork, recipe_rows, routes
from game.ui.draw import MUTED, TEXT, TITLE, Color, box, cells, clip, dim, wrap_at_most
from game.ui.session import Session, fresh_seed, rows_of
from game.ui.shrink import scale_for
from game.ui.state import BaseState, Pop, Push, Reset, Transition
from game.userfiles import data_dir
from game.world.dungeon import new_game

T = TypeVar("T")

BACKGROUND_AREA: Final = 40_000
"""Floors of more tiles than this are made and exported on the worker thread."""
SIZES: Final = ((40, 25), (61, 41), (80, 45), (120, 70), (200, 120), (400, 250), (1000, 1000))
"""What [ and ] step through (each grown to the generator's smallest floor)."""
LAB_DIR: Final = "lab"
STATS_WIDTH: Final = 30
BOTTOM: Final = 4
"""Rows under the map: the legend, the notice and two help lines."""
SPINNER: Final = "|/-\\"
ERROR: Final[Color] = (255, 110, 110)
GOOD: Final[Color] = (150, 230, 150)
EXPORT_KEYS: Final = {KeySym.A: "ascii", KeySym.J: "json", KeySym.H: "hex", KeySym.G: "png",
                      KeySym.K: "key"}
HELP: Final = ("n new seed  b seed back  g/G generator  [ ] size  o parameters  p path",
               "d dressing  t theme  s stats  e export  Enter play this floor  Esc menu")
EXPORT_HELP: Final = ("Export: a ascii  j json  h hex (mazes)  g png  k text key",
                      "any other key: cancel")


@dataclass(slots=True)
class Job(Generic[T]):
    """Work on the worker thread (or already done): what to show meanwhile, what to do after."""

    label: str
    future: Future[T]
    done: Callable[[T], None]


class LabScreen(BaseState):
    """The lab. Its generator, size and parameters are one recipe row, kept in a session of its own
    so the parameter editor of the New game screen edits it unchanged."""

    def __init__(self, session: Session, themes_path: Path = themes.THEMES_PATH) -> None:
        self.session = session
        first = session.recipes[0] if session.recipes else None
        name = first.generator if first and first.generator != RANDOM else "bsp"
        row = RecipeEntry(1, 1, name, recipe_rows.size_of(first) if first else (80, 45), ())
        self.editing = Session(recipes=(row,), columns=session.columns, rows=session.rows)
        self.seeds = [session.seed_text or fresh_seed()]
        self.themes, problem = themes.load_themes(themes_path)
        self.theme_index = 0
        self.show_path = True
        self.show_dressing = False
        self.show_stats = False
        self.exporting = False
        self.notice: tuple[str, Color] = (problem, ERROR) if problem else ("", TEXT)
        self.floor: labwork.LabFloor | None = None
        self.made: labwork.Setup | None = None
        """What was last asked for (made, or being made)."""
        self.job: Job[Any] | None = None
        self.ticks = 0
        self._executor: ThreadPoolExecutor | None = None
        self._drawn: tuple[object, ...] = ()
        self._cells: Any = None
        self.regenerate()

    # --- what is made --------------------------------------------------------------------

    @property
    def row(self) -> recipe_rows.Row:
        return self.editing.recipes[0]

    @property
    def theme(self) -> themes.Theme:
        return self.themes[self.theme_index]

    def setup(self) -> labwork.Setup:
        width, height = recipe_rows.size_of(self.row)
        return labwork.Setup(self.row.generator, width, height, self.row.params, self.seeds[-1])

    def set_row(self, row: recipe_rows.Row) -> None:
        self.editing.recipes = (row,)
        self.regenerate()

    def regenerate(self) -> None:
        setup = self.setup()
        self.made = setup
        self.run(f"generating {setup.width}x{setup.height}", setup.width * setup.height,
                 lambda: labwork.make_floor(setup), self.arrived)

    def arrived(self, floor: labwork.LabFloor) -> None:
        self.floor = floor
        if self.notice[1] is not ERROR:
            self.notice = ("", TEXT)

    # --- the worker ----------------------------------------------------------------------

    def run(self, label: str, area: int, work: Callable[[], T], done: Callable[[T], None]) -> None:
        """Do `work` now when small, else on the worker thread; a newer job replaces an older."""
        if self.job is not None:
            self.job.future.cancel()  # a job already running finishes unseen
        if area > BACKGROUND_AREA:
            future = self.executor().submit(work)
        else:
            future = Future()
            try:
                future.set_result(work())
            except (ValueError, OSError) as problem:
                future.set_exception(problem)
        self.job = Job(label, future, done)
        self.poll()

    def executor(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lab")
        return self._executor

    def close(self) -> None:
        """Let the worker go (a job it is running finishes and is dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self.job = None

    @property
    def busy(self) -> bool:
        return self.job is not None

    def poll(self) -> None:
        """Finish the job if it is done; never waits."""
        job = self.job
        if job is None or not job.future.done():
            return
        self.job = None
        try:
            result = job.future.result()
        except (ValueError, OSError) as problem:
            self.notice = (f"{job.label}: {problem}", ERROR)
            return
        job.done(result)

    def on_tick(self) -> Transition | None:
        self.ticks += 1
        if self.made is not None and self.made != self.setup():  # the parameter editor closed
            self.notice = ("", TEXT)
            self.regenerate()
        self.poll()
        return None

    # --- keys ----------------------------------------------------------------------------

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        mod = intents.normalise(event.mod)
        if self.exporting:
            self.exporting = False
            if mod == Modifier.NONE and event.sym in EXPORT_KEYS:
                self.export(EXPORT_KEYS[event.sym])
            else:
                self.notice = ("Export cancelled.", MUTED)
            return None
        if mod & (Modifier.CTRL | Modifier.ALT):
            return None
        if event.sym == KeySym.G:
            self.cycle_generator(-1 if mod & Modifier.SHIFT else 1)
            return None
        if mod == Modifier.NONE:
            action = self.actions().get(event.sym)
            if action is not None:
                return action()
        return super().on_key(event)

    def actions(self) -> dict[KeySym, Callable[[], Transition | None]]:
        return {
            KeySym.N: self.new_seed, KeySym.B: self.seed_back, KeySym.P: self.toggle_path,
            KeySym.D: self.toggle_dressing, KeySym.T: self.next_theme,
            KeySym.S: self.toggle_stats, KeySym.E: self.start_export,
            KeySym.LEFTBRACKET: lambda: self.resize(-1),
            KeySym.RIGHTBRACKET: lambda: self.resize(1),
            KeySym.O: lambda: Push(routes.to().param_editor(self.editing, 0)),
        }

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Confirm():
                return self.play()
            case intents.Back():
                self.close()
                return Pop()
        return None

    def new_seed(self) -> None:
        self.seeds.append(fresh_seed())
        self.regenerate()

    def seed_back(self) -> None:
        if len(self.seeds) > 1:
            self.seeds.pop()
            self.regenerate()
        else:
            self.notice = ("This is the first seed of the session.", MUTED)

    def toggle_path(self) -> None:
        self.show_path = not self.show_path

    def toggle_dressing(self) -> None:
        self.show_dressing = not self.show_dressing

    def toggle_stats(self) -> None:
        self.show_stats = not self.show_stats

    def next_theme(self) -> None:
        self.theme_index = (self.theme_index + 1) % len(self.themes)
        self.notice = (f"Theme: {self.theme.name}", MUTED)

    def cycle_generator(self, step: int) -> None:
        row = recipe_rows.cycle(self.row, step)
        if row.generator == RANDOM:  # the lab shows one generator, never a draw
            row = recipe_rows.cycle(row, step)
        self.set_row(row)

    def resize(self, step: int) -> None:
        width, height = recipe_rows.size_of(self.row)
        area = width * height
        if step > 0:
            size = next((s for s in SIZES if s[0] * s[1] > area), SIZES[-1])
        else:
            size = next((s for s in reversed(SIZES) if s[0] * s[1] < area), SIZES[0])
        spec = generators.get(self.row.generator)
        self.set_row(dataclasses.replace(
            self.row, size=(max(size[0], spec.min_width), max(size[1], spec.min_height))))

    # --- export and play -----------------------------------------------------------------

    def start_export(self) -> None:
        if self.floor is None or self.busy:
            self.notice = ("Wait for the floor to be made first.", ERROR)
            return
        self.exporting = True
        self.notice = ("Export: which format?", TITLE)

    def export(self, fmt: str) -> None:
        floor = self.floor
        if floor is None:
            return
        directory = data_dir() / LAB_DIR

        def wrote(path: Path) -> None:
            self.notice = (f"Wrote {path}", GOOD)

        self.run(f"exporting {fmt}", floor.plan.width * floor.plan.height,
                 lambda: labwork.export(floor, fmt, directory), wrote)

    def play(self) -> Transition | None:
        """A run whose depth 1 is this floor (this generator, size, parameters and seed) and
        whose other depths are the default run's."""
        setup = self.setup()
        if not (MIN_SIDE <= setup.width <= MAX_SIDE and MIN_SIDE <= setup.height <= MAX_SIDE):
            self.notice = (f"A run's floors are {MIN_SIDE}..{MAX_SIDE} tiles a side; this one is "
                           f"{setup.width}x{setup.height}.", ERROR)
            return None
        try:
            recipes = (setup.recipe, *default_recipes()[1:])
            game = new_game(Run(setup.seed_text, recipes))
        except ValueError as problem:
            self.notice = (f"Cannot start: {problem}", ERROR)
            return None
        self.close()
        session = self.session
        session.seed_text, session.daily, session.recipes = setup.seed_text, False, rows_of(recipes)
        session.game = game
        return Reset(routes.to().play(session))

    # --- drawing -------------------------------------------------------------------------

    def map_area(self, console: tcod.console.Console) -> tuple[int, int]:
        width = console.width - (STATS_WIDTH if self.show_stats else 0)
        return max(1, width), max(1, console.height - 1 - BOTTOM)

    def floor_block(self, console: tcod.console.Console) -> tuple[Any, int]:
        """The floor's cells for this console (remembered until something drawn changes)."""
        assert self.floor is not None
        plan = self.floor.plan
        k = scale_for((plan.width, plan.height), self.map_area(console))
        key = (self.floor, self.theme, k, self.show_path, self.show_dressing)
        if key != self._drawn:
            self._cells = labwork.floor_cells(self.floor, self.theme, k, path=self.show_path,
                                          dressing=self.show_dressing)
            self._drawn = key
        return self._cells, k

    def on_draw(self, console: tcod.console.Console) -> None:
        area = self.map_area(console)
        title = f"Generator lab: {self.row.generator}"
        if self.floor is not None:
            block, k = self.floor_block(console)
            left, top = (area[0] - block.shape[1]) // 2, 1 + (area[1] - block.shape[0]) // 2
            cells(console)[top : top + block.shape[0], left : left + block.shape[1]] = block
            setup = self.floor.setup
            scale = "1:1" if k == 1 else f"1:{k}"
            title = (f"Generator lab: {setup.generator} {setup.width}x{setup.height}  seed "
                     f"{setup.seed_text}  scale {scale}  theme {self.theme.name}")
        console.print(1, 0, clip(title, console.width - 2), fg=TITLE)
        if self.job is not None:
            if self.floor is not None:
                dim(console, 0.5)
            self.draw_progress(console, area, self.job.label)
        if self.show_stats:
            self.draw_stats(console)
        self.draw_bottom(console)

    def draw_progress(self, console: tcod.console.Console, area: tuple[int, int],
                      label: str) -> None:
        """A spinner and a bouncing bar: the window is alive while the worker makes the floor."""
        width = min(40, area[0])
        x, y = (area[0] - width) // 2, max(1, area[1] // 2 - 2)
        box(console, x, y, width, 5, "Working")
        spin = SPINNER[self.ticks % len(SPINNER)]
        console.print(x + 2, y + 1, clip(f"{spin} {label}…", width - 4), fg=TEXT)
        inner = width - 4
        span = max(1, inner - 6)
        offset = abs((self.ticks % (2 * span)) - span)
        bar = cells(console)["bg"][y + 3, x + 2 : x + 2 + inner]
        bar[...] = (40, 40, 60)
        bar[offset : offset + 6] = TITLE

    def draw_stats(self, console: tcod.console.Console) -> None:
        x = console.width - STATS_WIDTH
        lines = list(self.floor.stats) if self.floor is not None else ["(no floor yet)"]
        if self.floor is not None:
            dressing = self.floor.dressing
            lines += ["", f"path length      {max(0, len(self.floor.path) - 1)}",
                      f"encounters       {len(dressing.encounters)}",
                      f"monsters         {sum(len(e.monsters) for e in dressing.encounters)}",
                      f"locked doors     {sum(d.held_shut for d in dressing.doors)}"]
        box(console, x, 1, STATS_WIDTH, len(lines) + 2, "Stats")
        for row, line in enumerate(lines):
            console.print(x + 1, 2 + row, clip(line, STATS_WIDTH - 2), fg=TEXT)

    def draw_bottom(self, console: tcod.console.Console) -> None:
        y = console.height - BOTTOM
        if self.show_dressing:
            self.draw_legend(console, y)
        text, colour = self.notice
        room = 1 if self.show_dressing else 2  # the legend's row when the legend is off
        lines = wrap_at_most(text, console.width - 2, room)
        for row, line in enumerate(lines):
            console.print(1, y + 2 - min(room, len(lines)) + row, line, fg=colour)
        for row, line in enumerate(EXPORT_HELP if self.exporting else HELP):
            console.print(1, y + 2 + row, clip(line, console.width - 2), fg=MUTED)

    def draw_legend(self, console: tcod.console.Console, y: int) -> None:
        entries = [("doors:", MUTED), *((s, c) for s, c in labwork.DOOR_STATES.items()),
                   ("reinforced", labwork.REINFORCED), ("S secret", MUTED), (" encounters:", MUTED),
                   *((d, c) for d, c in labwork.DIFFICULTY.items()), (" ∙ teleporter link", MUTED)]
        x = 1
        for text, colour in entries:
            if x + len(text) >= console.width:
                break
            console.print(x, y, text, fg=colour)
            x += len(text) + 1

