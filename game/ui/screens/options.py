"""Options (F2): window size at start, whole-pixel scaling, fullscreen, colour theme,
first-person style, autosave interval, auto-pickup, map colours; saved to options.toml in the config
directory when the screen closes."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import tcod.console

from game.ui import intents, options, saves
from game.ui.draw import MUTED, centred_box, clip, wrap
from game.ui.state import BaseState, Pop, Transition
from game.ui.widgets.choices import Choices

WIDTH: Final = 52
ROWS: Final = ("scale", "integer_scaling", "fullscreen", "theme", "autosave_every", "view_style",
               "auto_pickup", "map_colours")
LABELS: Final = {"scale": "Window size at start", "fullscreen": "Fullscreen (F11)",
                 "integer_scaling": "Whole-pixel scaling",
                 "theme": "Colour theme", "view_style": "First-person style",
                 "autosave_every": "Autosave every (turns)",
                 "auto_pickup": "Auto-pickup", "map_colours": "Map colours"}
CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "scale": options.SCALES, "fullscreen": (False, True), "theme": options.THEMES,
    "view_style": options.VIEW_STYLES, "autosave_every": options.AUTOSAVE_CHOICES,
    "auto_pickup": (False, True), "integer_scaling": (False, True),
    "map_colours": options.MAP_COLOURS,
}
HINTS: Final = ("Up/Down: choose  Left/Right: change", "Esc: save and close",
                "Drag the window's edge to resize it; its size",
                "and place are kept for the next start.")


def cycle(current: options.Options, field: str, step: int) -> options.Options:
    """The options with `field` moved `step` places along its choices (wrapping)."""
    values = CHOICES[field]
    value = getattr(current, field)
    index = values.index(value) if value in values else 0
    changed: dict[str, object] = {field: values[(index + step) % len(values)]}
    if field == "scale":  # a size chosen here replaces the remembered one at the next start
        changed.update(window_width=0, window_height=0)
    return replace(current, **changed)  # type: ignore[arg-type]


class OptionsScreen(BaseState):
    overlay = True

    def __init__(self) -> None:
        self.options = options.current()
        self.choices = Choices(self.labels())
        self.problem = ""

    def labels(self) -> list[str]:
        def shown(field: str, value: object) -> str:
            if isinstance(value, bool):
                return "on" if value else "off"
            if field == "scale":
                return f"{value}x tiles" if value else "fit the screen"
            return str(value)

        return [f"{LABELS[f]:<24} < {shown(f, getattr(self.options, f))} >" for f in ROWS]

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(0, dy):
                self.choices.move(dy)
            case intents.Direction(dx, 0) | intents.Scroll(dx):
                self.change(dx)
            case intents.Confirm():
                self.change(1)
            case intents.Back() | intents.ShowOptions():
                return self.close()
        return None

    def change(self, step: int) -> None:
        self.options = cycle(self.options, ROWS[self.choices.index], step)
        self.choices.labels = self.labels()

    def close(self) -> Transition | None:
        """Save and apply; a file that cannot be written is said once, then Esc leaves."""
        problem = options.save(self.options)
        saves.set_autosave_every(self.options.autosave_every)
        if problem and not self.problem:
            self.problem = problem
            return None
        return Pop()

    def on_draw(self, console: tcod.console.Console) -> None:
        problem = wrap(self.problem, WIDTH - 4) if self.problem else []
        height = len(ROWS) + len(HINTS) + len(problem) + 5
        left, top = centred_box(console, WIDTH, height, "Options")
        x, y = left + 2, top + 2
        self.choices.draw(console, x, y, WIDTH - 4)
        for row, hint in enumerate(HINTS, start=y + len(ROWS) + 1):
            console.print(x, row, clip(hint, WIDTH - 4), fg=MUTED)
        for row, line in enumerate(problem, start=y + len(ROWS) + len(HINTS) + 2):
            console.print(x, row, line, fg=(255, 110, 110))
