"""The New game screen: the hero's background, the seed, the daily run, a run code to paste, and
the floors of the run.

Rows: Start, Background, Seed, Daily, Run code, one row per depth, Reset. The chosen background's
card (its text, numbers, kit and signature talent) stands above the rows; it makes the hero only,
never the floors. Starting turns the rows into a Run (game.run: a "random" row draws its generator
from the run seed there), so a run started here is the run its code names. A pasted code is
checked at once; its error is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import tcod.console
import tcod.constants
import tcod.event
from tcod.event import KeySym, Modifier

from game import generators
from game.codex_backgrounds import kit_names, numbers_text, signature_name
from game.content.backgrounds import (
    Background,
    background_keys,
    background_of,
    default_backgrounds,
)
from game.run import Run, daily_seed, default_recipes
from game.run.code import MAX_CODE
from game.run.recipe import RANDOM
from game.ui import clipboard, intents, recipe_rows, routes
from game.ui.draw import (
    HIGHLIGHT_BG,
    MUTED,
    TEXT,
    TITLE,
    Color,
    box,
    clip,
    wrap,
    wrap_at_most,
)
from game.ui.session import Session, fresh_seed, rows_of
from game.ui.state import BaseState, Pop, Push, Reset, Transition
from game.world.dungeon import new_game
from game.world.model import Game

START, BACKGROUND, SEED, DAILY, CODE = range(5)
FIRST_DEPTH: Final = 5
"""Row of depth 1; the depths follow, then the Reset row."""
SEED_LIMIT: Final = 32
WIDTH: Final = 64
CARD_TOP: Final = 6
"""The blank line between the backgrounds' names (above it) and the chosen one's card."""
CARD_LINES: Final = 10
TOP: Final = CARD_TOP + CARD_LINES + 4
"""First row of the run's box."""
CHOSEN: Final = (255, 230, 150)
ERROR: Final = (255, 110, 110)
GOOD: Final = (150, 230, 150)
HINTS: Final = {
    START: "Enter: play these floors with this seed",
    BACKGROUND: "Left/Right or Enter: who sets out (the floors stay the same whoever goes)",
    SEED: "Type a seed   Backspace: erase   Enter: a fresh random seed",
    DAILY: "Enter or Left/Right: today's seed, the same for everyone; scored apart",
    CODE: "Type or paste (Ctrl+V) a run code   Enter: play that run",
}
DEPTH_HINT: Final = ("Left/Right: generator   Enter or p: parameters   [ ]: floor size\n"
                     "a: add a depth after this one   x or Del: remove this depth")


@dataclass(frozen=True, slots=True)
class Notice:
    text: str
    color: Color


class NewGameScreen(BaseState):
    """Edits the session's seed, daily flag and recipes; Start (or a run code) begins the run."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.index = START
        self.code_text = ""
        if session.seed_played and session.seed_text == session.seed_played:
            session.seed_text = fresh_seed()  # a new run, not the last one again
        self.own_seed = fresh_seed() if session.daily else session.seed_text
        """The typed seed, given back when the daily run is turned off."""
        if session.daily:
            session.seed_text = daily_seed()  # a new day may have begun since the last run
        self.notice = Notice("", TEXT)
        self.rows_at: dict[int, int] = {}
        """Console line -> row, as last drawn (for the mouse)."""
        self.chips_at: dict[tuple[int, int, int], str] = {}
        """(x, y, width) of each background's name on the card -> its key (for the mouse)."""

    # --- rows --------------------------------------------------------------------------------

    @property
    def reset_row(self) -> int:
        return FIRST_DEPTH + len(self.session.recipes)

    def depth_index(self, row: int | None = None) -> int | None:
        """The recipe index of a depth row (the selected one by default), else None."""
        index = (self.index if row is None else row) - FIRST_DEPTH
        return index if 0 <= index < len(self.session.recipes) else None

    def label(self, row: int) -> str:
        session = self.session
        if row == START:
            return "Start the run"
        if row == BACKGROUND:
            return f"Background: {self.background().name}   (Left/Right to change)"
        if row == SEED:
            return f"Seed: {session.seed_text}" + (" (the daily seed)" if session.daily else "_")
        if row == DAILY:
            return f"Daily run: {'yes' if session.daily else 'no'}"
        if row == CODE:
            shown = self.code_text or "(type or paste one)"
            room = WIDTH - len("Run code: ") - 1
            return "Run code: " + (shown if len(shown) <= room else "…" + shown[-room + 1 :])
        depth = self.depth_index(row)
        if depth is not None:
            return recipe_rows.label(session.recipes[depth])
        return "Reset to the default floors"

    def move(self, step: int) -> None:
        self.index = (self.index + step) % (self.reset_row + 1)

    def set_rows(self, rows: tuple[recipe_rows.Row, ...]) -> None:
        self.session.recipes = rows
        self.index = min(self.index, self.reset_row)

    # --- input -------------------------------------------------------------------------------

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if event.sym == KeySym.V and event.mod & (Modifier.CTRL | Modifier.GUI):
            self.paste()  # Ctrl+V, or Cmd+V on a Mac
            return None
        if self.index in (SEED, CODE) and self.type_into(event):
            return None
        depth = self.depth_index()
        if depth is not None and self.depth_key(event, depth):
            return None
        if depth is not None and event.sym == KeySym.P:
            return Push(routes.to().param_editor(self.session, depth))
        return super().on_key(event)

    def type_into(self, event: tcod.event.KeyDown) -> bool:
        """Typing on the seed or code row; True when the key was used."""
        if self.index == CODE:
            text = intents.edit_text(self.code_text, event, MAX_CODE)
            if text is not None:
                self.code_text = text
                self.notice = Notice("", TEXT)
            return text is not None
        text = intents.edit_text(self.session.seed_text, event, SEED_LIMIT)
        if text is None:
            return False
        if self.session.daily:
            self.notice = Notice("The daily run has a fixed seed: turn it off to type one.", ERROR)
        else:
            self.session.seed_text = self.own_seed = text
        return True

    def depth_key(self, event: tcod.event.KeyDown, depth: int) -> bool:
        """The recipe keys of a depth row; True when the key was used."""
        rows, sym = self.session.recipes, event.sym
        if intents.normalise(event.mod) & (Modifier.CTRL | Modifier.ALT):
            return False
        if sym in (KeySym.LEFTBRACKET, KeySym.RIGHTBRACKET):
            step = 1 if sym == KeySym.RIGHTBRACKET else -1
            self.replace_row(depth, recipe_rows.resize(rows[depth], step))
        elif sym in (KeySym.A, KeySym.INSERT):
            self.set_rows(recipe_rows.add_depth(rows, depth))
            self.move(1 if len(self.session.recipes) > len(rows) else 0)
        elif sym in (KeySym.X, KeySym.DELETE):
            self.set_rows(recipe_rows.remove_depth(rows, depth))
        else:
            return False
        return True

    def replace_row(self, depth: int, row: recipe_rows.Row) -> None:
        rows = list(self.session.recipes)
        rows[depth] = row
        self.set_rows(tuple(rows))

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        depth = self.depth_index()
        match intent:
            case intents.Direction(0, dy):
                self.move(dy)
            case intents.Direction(dx, 0) if depth is not None:
                self.replace_row(depth, recipe_rows.cycle(self.session.recipes[depth], dx))
            case intents.Direction(_, 0) if self.index == DAILY:
                self.toggle_daily()
            case intents.Direction(dx, 0) if self.index == BACKGROUND:
                self.cycle_background(dx)
            case intents.Scroll(pages):
                self.move(pages * 10)
            case intents.Confirm():
                return self.activate(self.index)
            case intents.Back():
                return Pop()
        return None

    def activate(self, row: int) -> Transition | None:
        """Enter or a click on a row."""
        self.index = row
        depth = self.depth_index(row)
        if row == START:
            return self.start()
        if row == SEED and not self.session.daily:
            self.session.seed_text = self.own_seed = fresh_seed()
        elif row == DAILY:
            self.toggle_daily()
        elif row == BACKGROUND:
            self.cycle_background(1)
        elif row == CODE:
            return self.start_code()
        elif depth is not None:
            return Push(routes.to().param_editor(self.session, depth))
        elif row == self.reset_row:
            self.set_rows(rows_of(default_recipes()))
        return None

    def background(self) -> Background:
        """The chosen background (the first one if the session names none that exists)."""
        try:
            return background_of(self.session.background)
        except KeyError:
            return default_backgrounds()[0]

    def cycle_background(self, step: int) -> None:
        keys = background_keys()
        at = keys.index(self.background().key)
        self.session.background = keys[(at + step) % len(keys)]

    def toggle_daily(self) -> None:
        session = self.session
        session.daily = not session.daily
        session.seed_text = daily_seed() if session.daily else self.own_seed

    def paste(self) -> None:
        """Ctrl+V: the clipboard into the run code field, checked at once."""
        self.index = CODE
        try:
            text = clipboard.paste()
        except clipboard.ClipboardError as problem:
            self.notice = Notice(f"Could not paste: {problem}", ERROR)
            return
        self.code_text = " ".join(text.split())[:MAX_CODE]
        self.notice = check_code(self.code_text)

    # --- starting ----------------------------------------------------------------------------

    def start(self) -> Transition | None:
        session = self.session
        seed = daily_seed() if session.daily else session.seed_text.strip() or fresh_seed()
        try:
            game = new_game(Run.from_entries(seed, session.recipes, session.daily),
                            self.background().key)
        except ValueError as problem:
            self.notice = Notice(f"Cannot start: {problem}", ERROR)
            return None
        session.seed_text = seed
        return self.play(game)

    def start_code(self) -> Transition | None:
        if not self.code_text.strip():
            self.notice = Notice("Type or paste a run code first.", ERROR)
            return None
        try:
            run = Run.from_code(self.code_text)
            game = new_game(run, self.background().key)
        except ValueError as problem:
            self.notice = Notice(str(problem), ERROR)
            return None
        self.session.seed_text, self.session.daily = run.seed, run.is_daily
        self.session.recipes = rows_of(run.recipes)
        return self.play(game)

    def play(self, game: Game) -> Transition:
        self.session.game = game
        self.session.seed_played = game.run.seed
        return Reset(routes.to().play(self.session))

    # --- mouse -------------------------------------------------------------------------------

    def on_mouse(self, x: int, y: int) -> Transition | None:
        del x
        if y in self.rows_at:
            self.index = self.rows_at[y]
        return None

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        if button != tcod.event.MouseButton.LEFT:
            return None
        chip = next((key for (cx, cy, width), key in self.chips_at.items()
                     if cy == y and cx <= x < cx + width), None)
        if chip is not None:
            self.index, self.session.background = BACKGROUND, chip
            return None
        if y in self.rows_at:
            return self.activate(self.rows_at[y])
        return None

    def on_wheel(self, dy: int) -> Transition | None:
        self.move(-dy)
        return None

    # --- drawing -----------------------------------------------------------------------------

    def visible_depths(self, room: int) -> range:
        """The depth rows that fit in `room` lines, keeping the selected one in view."""
        count = len(self.session.recipes)
        if count <= room:
            return range(count)
        selected = self.depth_index()
        first = 0 if selected is None else max(0, min(count - room, selected - room // 2))
        return range(first, first + room)

    def on_draw(self, console: tcod.console.Console) -> None:
        left = (console.width - WIDTH) // 2
        middle = console.width // 2
        console.print(middle, 2, "New game", fg=TITLE, alignment=tcod.constants.CENTER)
        self.draw_card(console, left)
        room = max(1, console.height - TOP - 17)
        depths = self.visible_depths(room)
        lines = [START, BACKGROUND, SEED, DAILY, CODE, -1, *(FIRST_DEPTH + d for d in depths), -1,
                 self.reset_row]
        box(console, left - 2, TOP - 2, WIDTH + 4, len(lines) + 4, "Run")
        self.rows_at = {}
        for offset, row in enumerate(lines):
            if row >= 0:
                y = TOP + offset
                self.rows_at[y] = row
                selected = row == self.index
                console.print(left, y, clip(self.label(row), WIDTH).ljust(WIDTH), fg=TEXT,
                              bg=HIGHLIGHT_BG if selected else None)
        if len(depths) < len(self.session.recipes):
            more = f" depths {depths.start + 1}-{depths.stop} of {len(self.session.recipes)} "
            console.print(left + WIDTH - len(more), TOP + 5, more, fg=MUTED)
        self.draw_help(console, left, TOP + len(lines) + 3)

    def draw_card(self, console: tcod.console.Console, left: int) -> None:
        """The backgrounds by name, the chosen one lit, and its card: text, numbers, kit and
        signature talent."""
        chosen = self.background()
        box(console, left - 2, CARD_TOP - 2, WIDTH + 4, CARD_LINES + 3, "Background")
        self.chips_at = {}
        x = left
        for background in default_backgrounds():
            label = f" {background.name} "
            lit = background.key == chosen.key
            console.print(x, CARD_TOP - 1, label, fg=CHOSEN if lit else MUTED,
                          bg=HIGHLIGHT_BG if lit else None)
            self.chips_at[(x, CARD_TOP - 1, len(label))] = background.key
            x += len(label) + 2
        lines = [*((text, TEXT) for text in wrap_at_most(chosen.text, WIDTH, 3)),
                 (numbers_text(chosen), CHOSEN),
                 *((text, TEXT) for text in wrap_at_most(
                     "Kit: " + ", ".join(kit_names(chosen)), WIDTH, 3)),
                 *((text, GOOD) for text in wrap_at_most(
                     f"Signature talent: {signature_name(chosen)}", WIDTH, 3))]
        for offset, (text, color) in enumerate(lines[: CARD_LINES - 1], start=1):
            console.print(left, CARD_TOP + offset, clip(text, WIDTH), fg=color)

    def draw_help(self, console: tcod.console.Console, left: int, y: int) -> None:
        depth = self.depth_index()
        about = ""
        if depth is not None:
            name = self.session.recipes[depth].generator
            about = (f"{name}: drawn per depth from the run seed" if name == RANDOM
                     else generators.get(name).summary)
        hint = DEPTH_HINT if depth is not None else HINTS.get(self.index, "Enter: reset the plan")
        lines = [*((text, TEXT) for text in wrap_at_most(about, WIDTH, 2)),
                 *((text, MUTED) for line in hint.splitlines() for text in wrap(line, WIDTH)),
                 ("Up/Down: choose   Esc: back to the main menu", MUTED), ("", TEXT),
                 *((text, self.notice.color) for text in wrap_at_most(self.notice.text, WIDTH, 3))]
        for offset, (text, color) in enumerate(lines):
            console.print(left, y + offset, clip(text, WIDTH), fg=color)


def check_code(text: str) -> Notice:
    """What a run code holds, or why it cannot be played (without making any floor)."""
    try:
        run = Run.from_code(text)
    except ValueError as problem:
        return Notice(str(problem), ERROR)
    daily = ", daily run" if run.is_daily else ""
    return Notice(f"Seed {run.seed!r}{daily}, {run.last_depth} floors: Enter plays it.", GOOD)
