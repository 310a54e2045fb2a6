"""Screens are states on a stack. A handler returns a transition; one loop applies them.

Only the top state receives input and ticks. Drawing starts at the highest state that is not an
overlay, then dims the console before each overlay above it, so menus sit over a faded game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import tcod.console
import tcod.event

from game.ui import intents
from game.ui.draw import dim

DIM_OVERLAY = 0.35
"""Brightness left to the states beneath an overlay."""
TICKS_PER_SECOND = 30
"""on_tick calls a second: travel and searching take one step per tick, replays count in them."""


class State(Protocol):
    """One screen: handles events and ticks, draws itself; never applies transitions itself."""

    @property
    def overlay(self) -> bool:
        """True when the state beneath stays visible (dimmed) behind this one."""
        ...

    def on_event(self, event: tcod.event.Event) -> Transition | None: ...

    def on_tick(self) -> Transition | None: ...

    def on_draw(self, console: tcod.console.Console) -> None: ...


@dataclass(frozen=True, slots=True)
class Push:
    """Open `state` on top of the current one."""

    state: State


@dataclass(frozen=True, slots=True)
class Pop:
    """Close the current state."""


@dataclass(frozen=True, slots=True)
class Replace:
    """Close the current state and open `state` in its place."""

    state: State


@dataclass(frozen=True, slots=True)
class Reset:
    """Close every state and start over with `state` (e.g. back to the main menu)."""

    state: State


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the application."""


Transition = Push | Pop | Replace | Reset | Quit


def apply(stack: list[State], transition: Transition | None) -> bool:
    """Apply one transition to `stack`; False when the application should end."""
    match transition:
        case None:
            pass
        case Push(state):
            stack.append(state)
        case Pop():
            if stack:
                stack.pop()
        case Replace(state):
            if stack:
                stack.pop()
            stack.append(state)
        case Reset(state):
            stack.clear()
            stack.append(state)
        case Quit():
            stack.clear()
    return bool(stack)


def draw_stack(stack: list[State], console: tcod.console.Console) -> None:
    """Draw the top state and, beneath overlays, the states they cover (dimmed)."""
    console.clear()
    base = len(stack) - 1
    while base > 0 and stack[base].overlay:
        base -= 1
    for index in range(max(base, 0), len(stack)):
        if index > base:
            dim(console, DIM_OVERLAY)
        stack[index].on_draw(console)


class BaseState:
    """Defaults for states: keys become intents, mouse events become tile positions."""

    overlay = False

    def on_event(self, event: tcod.event.Event) -> Transition | None:
        match event:
            case tcod.event.KeyDown():
                return self.on_key(event)
            case tcod.event.MouseMotion():
                x, y = event.integer_position
                return self.on_mouse(x, y)
            case tcod.event.MouseButtonDown():
                x, y = event.integer_position
                return self.on_click(x, y, event.button)
            case tcod.event.MouseWheel():
                return self.on_wheel(event.y)
        return None

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        intent = intents.intent_for(event)
        return None if intent is None else self.on_intent(intent)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        del intent
        return None

    def on_mouse(self, x: int, y: int) -> Transition | None:
        del x, y
        return None

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        del x, y, button
        return None

    def on_wheel(self, dy: int) -> Transition | None:
        del dy
        return None

    def on_tick(self) -> Transition | None:
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        del console
