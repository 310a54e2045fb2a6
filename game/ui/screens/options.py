"""Options (F2): window scale, fullscreen, colour theme, first-person style, autosave interval,
auto-pickup; saved to options.toml in the config directory when the screen closes."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import tcod.console

from game.ui import intents, options, saves
from game.ui.draw import MUTED, centred_box, clip
from game.ui.state import BaseState, Pop, Transition
from game.ui.widgets.choices import Choices

WIDTH: Final = 52
ROWS: Final = ("scale", "fullscreen", "theme", "autosave_every", "view_style", "auto_pickup")
LABELS: Final = {"scale": "Tile scale (font size)", "fullscreen": "Fullscreen",
                 "theme": "Colour theme", "view_style": "First-person style",
                 "autosave_every": "Autosave every (turns)",
                 "auto_pickup": "Auto-pickup"}
CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "scale": options.SCALES, "fullscreen": (False, True), "theme": options.THEMES,
    "view_style": options.VIEW_STYLES, "autosave_every": options.AUTOSAVE_CHOICES,
    "auto_pickup": (False, True),
}


def cycle(current: options.Options, field: str, step: int) -> options.Options:
    """The options with `field` moved `step` places along its choices (wrapping)."""
    values = CHOICES[field]
    value = getattr(current, field)
    index = values.index(value) if value in values else 0
    changed = {field: values[(index + step) % len(values)]}  # a value of the field's own type
    return replace(current, **changed)  # type: ignore[arg-type]


class OptionsScreen(BaseState):
    overlay = True

    def __init__(self) -> None:
        self.options = options.current()
        self.choices = Choices(self.labels())
        self.problem = ""

    def labels(self) -> list[str]:
        def shown(value: object) -> str:
            return ("on" if value else "off") if isinstance(value, bool) else str(value)

        return [f"{LABELS[f]:<26} < {shown(getattr(self.options, f))} >" for f in ROWS]

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
        left, top = centred_box(console, WIDTH, len(ROWS) + 8, "Options")
        x, y = left + 2, top + 2
        self.choices.draw(console, x, y, WIDTH - 4)
        hints = ("Up/Down: choose  Left/Right: change", "Esc: save and close",
                 "Scale and fullscreen apply when the window opens.")
        for row, hint in enumerate(hints):
            console.print(x, y + len(ROWS) + 1 + row, clip(hint, WIDTH - 4), fg=MUTED)
        if self.problem:
            console.print(x, y + len(ROWS) + 4, clip(self.problem, WIDTH - 4), fg=(255, 110, 110))
