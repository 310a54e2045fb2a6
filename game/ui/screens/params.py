"""The parameters of one depth: floor size, the generator's Params and the dressing's, each with
its current value (values changed from the default in the title colour; the dressing's, which the
game decides in play, dimmed). Left/Right steps a value, typing replaces it (Enter sets it); a
value that is refused shows its ParamError message and changes nothing."""

from __future__ import annotations

from typing import Final

import tcod.console
import tcod.event
from tcod.event import KeySym

from game.params import Param, ParamError
from game.ui import intents, recipe_rows
from game.ui.draw import HIGHLIGHT_BG, MUTED, TEXT, TITLE, centred_box, clip, wrap_at_most
from game.ui.session import Session
from game.ui.state import BaseState, Pop, Transition

WIDTH: Final = 66
NAME_WIDTH: Final = 20
VALUE_LIMIT: Final = 40
ERROR: Final = (255, 110, 110)
HINT: Final = "Left/Right: change   type + Enter: set   Del: default   Esc: done"


class ParamEditor(BaseState):
    """Edits session.recipes[depth] in place."""

    overlay = True

    def __init__(self, session: Session, depth: int) -> None:
        self.session = session
        self.depth = depth
        self.selected = 0
        self.typed: str | None = None
        """Text typed for the selected parameter, not yet set (None: not typing)."""
        self.error = ""
        self.top = 0

    @property
    def row(self) -> recipe_rows.Row:
        return self.session.recipes[self.depth]

    def params(self) -> tuple[Param, ...]:
        row = self.row
        return (*recipe_rows.size_params(row), *recipe_rows.generator_params(row.generator),
                *recipe_rows.fixed_params(row.generator))

    def current(self) -> Param:
        return self.params()[self.selected]

    def apply(self, text: str | None = None, step: int = 0) -> bool:
        """Set the selected parameter from `text`, or step it; False (and the error shown) when
        the parameter refuses the value."""
        param = self.current()
        try:
            row = (recipe_rows.stepped(self.row, param, step) if text is None
                   else recipe_rows.with_value(self.row, param.name, text))
        except ParamError as problem:
            self.error = str(problem)
            return False
        rows = list(self.session.recipes)
        rows[self.depth] = row
        self.session.recipes = tuple(rows)
        self.error = ""
        return True

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        typed = intents.edit_text(self.typed or "", event, VALUE_LIMIT)
        if typed is not None:
            self.typed = typed
            return None
        if event.sym == KeySym.DELETE:
            param = self.current()
            self.typed = None
            self.apply(recipe_rows.default_text(self.row, param))
            return None
        return super().on_key(event)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(0, dy):
                self.select(self.selected + dy)
            case intents.Direction(dx, 0):
                self.typed = None
                self.apply(step=dx)
            case intents.Confirm() if self.typed is not None:
                if self.apply(self.typed):
                    self.typed = None
            case intents.Confirm():
                return Pop()
            case intents.Back() if self.typed is not None:
                self.typed, self.error = None, ""
            case intents.Back():
                return Pop()
        return None

    def select(self, row: int) -> None:
        self.selected = row % len(self.params())
        self.typed, self.error = None, ""

    def on_mouse(self, x: int, y: int) -> Transition | None:
        del x
        if 0 <= y - self.top < len(self.params()) and y - self.top != self.selected:
            self.select(y - self.top)
        return None

    def on_wheel(self, dy: int) -> Transition | None:
        self.select(self.selected - dy)
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        row, params = self.row, self.params()
        fixed = recipe_rows.fixed_params(row.generator)
        about = wrap_at_most(recipe_rows.about(row, self.current()), WIDTH, 3)
        errors = wrap_at_most(self.error, WIDTH, 2)
        height = len(params) + len(about) + 10
        x, y = centred_box(console, WIDTH + 4, height,
                           f"Depth {row.first}: {row.generator} floor")
        self.top = y + 2
        for index, param in enumerate(params):
            value = recipe_rows.value_text(row, param)
            if index == self.selected and self.typed is not None:
                value = self.typed + "_"
            changed = value != recipe_rows.default_text(row, param)
            text = f"{param.name:<{NAME_WIDTH}} {value}"
            console.print(x + 2, self.top + index, clip(text, WIDTH).ljust(WIDTH),
                          fg=MUTED if param in fixed else TITLE if changed else TEXT,
                          bg=HIGHLIGHT_BG if index == self.selected else None)
        below = self.top + len(params) + 1
        for offset, line in enumerate(about):
            console.print(x + 2, below + offset, line, fg=MUTED)
        for offset, line in enumerate(errors):
            console.print(x + 2, below + len(about) + 1 + offset, line, fg=ERROR)
        console.print(x + 2, below + len(about) + 4, clip(HINT, WIDTH), fg=MUTED)
