"""Asking for a direction: which door to open or close, which monster to shove."""

from __future__ import annotations

import tcod.console

from game import tiles
from game.floorplan import Point
from game.rules.actions import CloseDoor, OpenDoor, Shove
from game.ui import intents
from game.ui.draw import MUTED, TEXT, centred_box
from game.ui.routes import Play
from game.ui.state import BaseState, Pop, Transition


class DoorPrompt(BaseState):
    """Open or close (or shove): a direction chooses the door (the monster); Enter takes the only
    candidate next to you."""

    overlay = True

    def __init__(self, play: Play, verb: str) -> None:
        self.play = play
        self.verb = verb

    def candidates(self) -> list[Point]:
        """Adjacent doors this verb applies to (closed ones to open, open ones to close)."""
        floor, player = self.play.game.floor, self.play.game.player
        wanted = tiles.DOOR if self.verb == "open" else tiles.OPEN_DOOR
        if self.verb == "shove":
            return sorted((m.pos for m in floor.monsters if m.alive and max(
                abs(m.x - player.x), abs(m.y - player.y)) == 1), key=lambda p: (p[1], p[0]))
        found = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                x, y = player.x + dx, player.y + dy
                if (dx, dy) != (0, 0) and floor.in_bounds(x, y) and floor.tiles[y, x] == wanted:
                    found.append((x, y))
        return found

    def _act(self, x: int, y: int) -> Transition:
        player = self.play.game.player
        if self.verb == "shove":
            self.play.act(Shove(x - player.x, y - player.y))
        else:
            self.play.act(OpenDoor(x, y) if self.verb == "open" else CloseDoor(x, y))
        return Pop()  # the play screen's next tick opens whatever the turn's aftermath needs

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        player = self.play.game.player
        match intent:
            case intents.Direction(dx, dy):
                return self._act(player.x + dx, player.y + dy)
            case intents.Confirm():
                doors = self.candidates()
                if len(doors) == 1:
                    return self._act(*doors[0])
            case intents.Back():
                return Pop()
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        what = "a monster" if self.verb == "shove" else "a door"
        x, y = centred_box(console, 46, 6, f"{self.verb.capitalize()} {what}")
        console.print(x + 2, y + 2, "Which way? (a direction key)", fg=TEXT)
        doors = self.candidates()
        one = "the monster" if self.verb == "shove" else "the door"
        hint = f"Enter: {one} next to you" if len(doors) == 1 else "Esc: cancel"
        console.print(x + 2, y + 3, hint, fg=MUTED)
