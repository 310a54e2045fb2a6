"""Look and target mode: a cursor moved by keys or the mouse names what is under it; with an item
to aim (ItemKind.target), Enter or a click uses the item there."""

from __future__ import annotations

import tcod.console
import tcod.event

from game import tiles
from game.content.items import kind_of
from game.floorplan import Point
from game.rules import identify
from game.rules.actions import Attack, Use, Zap
from game.rules.combat import reach_target
from game.ui import intents
from game.ui.camera import Camera
from game.ui.draw import cells
from game.ui.render import play_camera, render_play
from game.ui.routes import Play
from game.ui.state import BaseState, Pop, Transition
from game.world.model import Game, Item

BANNER_BG = (40, 40, 10)


def first_target(game: Game, item: Item) -> Point:
    """Where the cursor starts when aiming: the nearest visible door for knock, else the nearest
    visible monster, else the player."""
    floor, player = game.floor, game.player

    def distance(p: Point) -> tuple[int, Point]:
        return max(abs(p[0] - player.x), abs(p[1] - player.y)), p

    if item.kind == "scroll_knock":
        spots = [p for p, door in floor.doors.items() if floor.visible[p[1], p[0]]
                 and not door.is_open and floor.tiles[p[1], p[0]] != tiles.SECRET_DOOR]
    else:
        spots = [m.pos for m in floor.monsters if m.alive and floor.visible[m.y, m.x]]
    return min(spots, key=distance) if spots else player.pos


class LookScreen(BaseState):
    """Not an overlay: it draws the play screen itself, undimmed, with the cursor on it."""

    def __init__(self, play: Play, item: Item | None = None,
                 cursor: Point | None = None) -> None:
        self.play = play
        self.game = play.game
        self.item = item
        start = first_target(self.game, item) if item is not None else self.game.player.pos
        self.cursor: Point = cursor or start
        self.focus: Point | None = None
        """Where the camera centres when the cursor leaves the player's view."""

    def camera(self) -> Camera:
        session = self.play.session
        cam = play_camera(self.game, session.columns, session.rows, self.focus)
        if not cam.shows(*self.cursor):
            self.focus = self.cursor
            cam = play_camera(self.game, session.columns, session.rows, self.focus)
        return cam

    def move(self, x: int, y: int) -> None:
        floor = self.game.floor
        self.cursor = (max(0, min(floor.width - 1, x)), max(0, min(floor.height - 1, y)))

    def confirm(self) -> Transition:
        foe = reach_target(self.game, self.cursor) if self.item is None else None
        if foe is not None:  # looking at a monster within a long weapon's reach: strike it
            self.play.act(Attack(foe.id))
        if self.item is not None:
            item_id, spot = self.item.id, self.cursor
            wand = kind_of(self.item.kind).kind == "wand"
            self.play.act(Zap(item_id, spot) if wand else Use(item_id, spot))
        return Pop()

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(dx, dy):
                self.move(self.cursor[0] + dx, self.cursor[1] + dy)
            case intents.Confirm():
                return self.confirm()
            case intents.Back() | intents.LookAround():
                return Pop()
        return None

    def _under(self, x: int, y: int) -> Point | None:
        cam = self.camera()
        if 0 <= x < cam.width and 0 <= y < cam.height:
            return cam.to_world(x, y)
        return None

    def on_mouse(self, x: int, y: int) -> Transition | None:
        self.play.session.mouse = (x, y)
        spot = self._under(x, y)
        if spot is not None:
            self.move(*spot)
        return None

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        if button == tcod.event.MouseButton.RIGHT:
            return Pop()
        spot = self._under(x, y)
        if spot is None or button != tcod.event.MouseButton.LEFT:
            return None
        self.move(*spot)
        return self.confirm() if self.item is not None else None

    def banner(self) -> str:
        if self.item is None:
            return "Look: move the cursor (keys or mouse); Esc to stop."
        kind = kind_of(self.item.kind)
        known = identify.known(self.game, self.item.kind)
        reach = f" (reach {kind.range})" if kind.range and known else ""
        name = identify.name_of(self.game, self.item.kind)
        return f"Aim the {name}{reach}: Enter or click uses it there; Esc cancels."

    def on_draw(self, console: tcod.console.Console) -> None:
        self.camera()  # moves the focus along when the cursor leaves the view
        render_play(console, self.game, cursor=self.cursor, focus=self.focus)
        cells(console)["bg"][0] = BANNER_BG
        console.print(1, 0, self.banner()[: console.width - 2], fg=(255, 255, 160))
