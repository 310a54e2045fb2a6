"""Watching a replay: the recorded actions applied, one at a time, to the run its code names.

The screen counts in ticks (game.ui.state.TICKS_PER_SECOND), so its speed is the same whatever
the frame rate. After every action that has a state hash in the recording, the hash is compared;
the first difference is shown as a warning with its action number, and the replay plays on.
Stepping back restores the nearest keyframe before the step (a snapshot taken every KEYFRAME
actions on the way forward) and plays on from it to the action wanted.
"""

from __future__ import annotations

from typing import Final

import tcod.console
import tcod.event
from tcod.event import KeySym, Modifier

from game.replay import Recording
from game.rules.actions import Illegal
from game.run import Run
from game.save.crash import Snapshot, snapshot
from game.turns import player_act
from game.ui import intents, routes
from game.ui.draw import cells, clip
from game.ui.render import MapView, render_play
from game.ui.session import Session
from game.ui.state import TICKS_PER_SECOND, BaseState, Push, Quit, Transition
from game.world.dungeon import new_game
from game.world.serial import state_hash

SPEEDS: Final = (1, 2, 5, 10, 20, 30, 60)
"""Actions a second, chosen with + and -."""
DEFAULT_SPEED: Final = 10
JUMP_BATCH: Final = 100
"""Actions a tick while jumping to the next floor (the window stays responsive)."""
BANNER_BG: Final = (40, 40, 10)
WARNING_BG: Final = (130, 20, 20)
KEYS: Final = "Space pause  Left/Right step  + - speed  > next floor  m v @ views  Esc quit"
"""The banner: Left steps back, Right on (`,` and `.` too)."""
FASTER: Final = (KeySym.PLUS, KeySym.EQUALS, KeySym.KP_PLUS)
SLOWER: Final = (KeySym.MINUS, KeySym.KP_MINUS)
STEP: Final = (KeySym.PERIOD, KeySym.RIGHT, KeySym.KP_6)
BACK: Final = (KeySym.COMMA, KeySym.LEFT, KeySym.KP_4)
KEYFRAME: Final = 250
"""Actions between keyframes: a step back replays at most this many (a fraction of a second),
and a long game keeps a hundred or so snapshots."""


class ReplayState(BaseState):
    """Plays `recording` back; session.game is the game being replayed."""

    def __init__(self, session: Session, recording: Recording) -> None:
        self.session = session
        self.recording = recording
        self.game = new_game(Run.from_code(recording.code), recording.background)
        self.game.actions = None  # a game watched is not recorded again
        session.game = self.game
        self.done = 0
        """Actions applied so far."""
        self.paused = False
        self.speed = DEFAULT_SPEED
        self.owed = 0.0
        """Actions due but not yet applied (a fraction at slow speeds)."""
        self.jump_from: int | None = None
        """The depth being left while `>` plays on to the next floor."""
        self.diverged: int | None = None
        """The first action after which the state differed from the recording."""
        self.view = MapView()
        """The map's camera, with the play screen's dead zone (it does not jump every step)."""
        self.keyframes: dict[int, Snapshot] = {0: snapshot(self.game)}
        """The game after that many actions, taken on the way forward."""

    @property
    def total(self) -> int:
        return len(self.recording.steps)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self) -> bool:
        """Apply the next recorded action and check its hash; False when none is left."""
        if self.finished:
            return False
        action, digest = self.recording.steps[self.done]
        result = player_act(self.game, action)
        self.done += 1
        if self.done % KEYFRAME == 0 and self.done not in self.keyframes:
            self.keyframes[self.done] = snapshot(self.game)
        if self.diverged is None and (isinstance(result, Illegal)
                                      or (digest is not None
                                          and state_hash(self.game) != digest)):
            self.diverged = self.done
        return True

    def step_back(self) -> None:
        """Back one action: the nearest keyframe at or before it, played on to it."""
        if self.done == 0:
            return
        target = self.done - 1
        base = max(done for done in self.keyframes if done <= target)
        self.game = self.session.game = self.keyframes[base].restore()
        self.done = base
        while self.done < target:
            self.step()

    def jump(self) -> None:
        """Up to JUMP_BATCH actions toward the next floor; the jump ends on arrival or at the end
        of the recording."""
        for _ in range(JUMP_BATCH):
            if self.jump_from is None or not self.step() or self.game.depth != self.jump_from:
                self.jump_from = None
                return

    def change_speed(self, step: int) -> None:
        index = SPEEDS.index(self.speed) + step
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]

    def on_tick(self) -> Transition | None:
        if self.jump_from is not None:
            self.jump()
        elif not self.paused:
            self.owed += self.speed / TICKS_PER_SECOND
            while self.owed >= 1 and self.step():
                self.owed -= 1
            if self.finished:
                self.owed = 0.0
        return None

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        sym, shift = event.sym, bool(intents.normalise(event.mod) & Modifier.SHIFT)
        if sym == KeySym.GREATER or (sym == KeySym.PERIOD and shift):
            self.jump_from = None if self.finished else self.game.depth
        elif sym == KeySym.SPACE:
            self.paused = not self.paused
        elif sym in STEP:
            self.paused = True
            self.step()
        elif sym in BACK:
            self.paused = True
            self.jump_from = None
            self.step_back()
        elif sym in FASTER or sym in SLOWER:
            self.change_speed(1 if sym in FASTER else -1)
        else:
            return super().on_key(event)
        return None

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Back():
                return Quit()
            case intents.ShowMap():
                return Push(routes.to().floor_map(self.game))
            case intents.ShowHistory():
                return Push(routes.to().history(self.game))
            case intents.ShowCharacter():
                return Push(routes.to().character(self.game))
        return None

    def status(self) -> str:
        """The panel's line: where the replay is and how fast it goes."""
        parts = [f"REPLAY action {self.done}/{self.total}, speed {self.speed}"]
        if self.jump_from is not None:
            parts.append("to the next floor")
        elif self.finished:
            parts.append("end of the recording")
        elif self.paused:
            parts.append("paused")
        if self.diverged is not None:
            parts.append(f"DIFFERS from action {self.diverged}")
        return ", ".join(parts)

    def warning(self) -> str:
        if self.diverged is None:
            return ""
        return (f"Warning: after action {self.diverged} the game differs from the recording;"
                " playing on.")

    def on_draw(self, console: tcod.console.Console) -> None:
        cam = self.view.camera(self.game, console.width, console.height)
        render_play(console, self.game, notice=self.status(), cam=cam)
        grid = cells(console)
        grid["bg"][0] = BANNER_BG
        console.print(0, 0, f" {clip(KEYS, console.width - 2)}".ljust(console.width),
                      fg=(255, 255, 160))  # the whole row: the side panel's line goes under
        warning = self.warning()
        if warning:
            grid["bg"][1] = WARNING_BG
            console.print(0, 1, f" {clip(warning, console.width - 2)}".ljust(console.width),
                          fg=(255, 255, 255))
