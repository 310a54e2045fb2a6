"""Look and target mode: a cursor moved by keys or the mouse names what is under it; Enter, ; or a
click describes all that is there (the describe screen); with an item to aim (ItemKind.target),
Enter or a click uses the item there. Firing and throwing aim the same cursor: it starts on the
nearest visible enemy, Tab (the view key) cycles the enemies in view, the line of fire is drawn up
to the first creature or wall that stops it, with the hit chance (game.rules.combat, the rule
monsters shoot by too). An active talent that aims (game.rules.feats.TARGETED: a shot, a
tumble) aims the same cursor."""

from __future__ import annotations

import tcod.console
import tcod.event

from game import codex, tiles
from game.content.items import kind_of
from game.content.talents import talent as talent_kind
from game.floorplan import Point, king_distance
from game.rules import combat, identify, missiles
from game.rules.actions import Action, Attack, Fire, Throw, Use, UseTalent, Zap
from game.ui import intents, routes
from game.ui.camera import Camera
from game.ui.draw import cells, wrap
from game.ui.render import play_camera, render_play
from game.ui.routes import Play
from game.ui.state import BaseState, Pop, Push, Transition
from game.world import pack
from game.world.model import Game, Item

BANNER_BG = (40, 40, 10)
PATH_BG = (70, 60, 20)
"""The squares the missile would cross."""
BLOCKED_BG = (90, 30, 30)
"""The square where the missile stops short of the cursor (a creature or the last before a wall)."""
VERBS = ("use", "throw", "fire")
SHOTS = ("pinning_shot", "double_shot")
"""Talents that shoot the worn bow: the cursor starts on the nearest enemy, the line is drawn."""
AIM_KEYS = "Tab: next enemy   Enter or click: let fly   Esc: cancel   keys or mouse: move"


def first_target(game: Game, item: Item) -> Point:
    """Where the cursor starts when aiming: the nearest visible door for an item that opens doors
    (knock), else the nearest visible monster, else the player."""
    floor, player = game.floor, game.player
    if kind_of(item.kind).effect == "knock":
        spots = sorted((p for p, door in floor.doors.items() if floor.visible[p[1], p[0]]
                        and not door.is_open and floor.tiles[p[1], p[0]] != tiles.SECRET_DOOR),
                       key=lambda p: (king_distance(p, player.pos), p))
    else:
        spots = enemies(game)
    return spots[0] if spots else player.pos


def enemies(game: Game) -> list[Point]:
    """Where the monsters in view stand, nearest first (Tab's order)."""
    floor, player = game.floor, game.player
    return sorted((m.pos for m in floor.monsters if m.alive and floor.visible[m.y, m.x]),
                  key=lambda p: (king_distance(p, player.pos), p))


class LookScreen(BaseState):
    """Not an overlay: it draws the play screen itself, undimmed, with the cursor on it."""

    def __init__(self, play: Play, item: Item | None = None,
                 cursor: Point | None = None, verb: str = "use", talent: str = "") -> None:
        if verb not in VERBS:
            raise ValueError(f"unknown aim {verb!r}")
        self.play = play
        self.game = play.game
        self.item = item
        self.verb = verb
        """What Enter does with the item: use it there, throw it there, or fire (Fire)."""
        start = first_target(self.game, item) if item is not None else self.game.player.pos
        self.talent = talent
        """An active talent to aim (its key): Enter uses it at the cursor."""
        if talent in SHOTS:
            start = next(iter(enemies(self.game)), start)
        self.cursor: Point = cursor or start
        self.cam: Camera | None = None

    def camera(self) -> Camera:
        """The play screen's camera, moved along (with the same dead zone) by the cursor."""
        session = self.play.session
        self.cam = play_camera(self.game, session.columns, session.rows, self.cursor,
                               self.cam or self.play.camera())
        return self.cam

    def move(self, x: int, y: int) -> None:
        floor = self.game.floor
        self.cursor = (max(0, min(floor.width - 1, x)), max(0, min(floor.height - 1, y)))

    def action(self) -> Action | None:
        """What Enter does: attack a monster within a long weapon's reach when only looking, or
        fire, throw, zap or use the item at the cursor, or use the talent aimed."""
        if self.talent:
            return UseTalent(self.talent, self.cursor)
        if self.item is None:
            foe = combat.reach_target(self.game, self.cursor)
            return Attack(foe.id) if foe is not None else None
        if self.verb == "fire":
            return Fire(self.cursor)
        if self.verb == "throw":
            return Throw(self.item.id, self.cursor)
        if kind_of(self.item.kind).kind == "wand":
            return Zap(self.item.id, self.cursor)
        return Use(self.item.id, self.cursor)

    def confirm(self) -> Transition | None:
        """Aiming: act there and close; looking: describe what is there."""
        action = self.action()
        if action is None:
            return self.describe()
        self.play.act(action)
        return Pop()

    def describe(self) -> Transition | None:
        """The describe screen for everything known at the cursor (nothing on unexplored
        ground)."""
        entries = codex.describe_spot(self.game, *self.cursor)
        return Push(routes.to().describe(entries)) if entries else None

    def missile(self) -> combat.Missile | None:
        """What flies when this aim is confirmed (None: nothing flies)."""
        if self.talent in SHOTS:
            chosen = missiles.readied(self.game)
            return None if isinstance(chosen, str) else chosen[1]
        if self.item is None or self.verb == "use":
            return None
        if self.verb == "fire":
            chosen = missiles.readied(self.game)
            return None if isinstance(chosen, str) else chosen[1]
        return missiles.thrown_missile(self.game, kind_of(self.item.kind))

    def line(self) -> tuple[list[Point], str]:
        """The line of fire to the cursor (stopped where the missile would stop) and what the
        banner says of it: the range, the creature that takes the shot and the chance to hit."""
        missile = self.missile()
        player = self.game.player
        if missile is None or self.cursor == player.pos:
            return [], ""
        path = combat.line_of_fire(self.game, player.pos, self.cursor, missile.reach)
        victim = combat.first_in_line(self.game, path)
        if victim is not None:
            path = path[: path.index(victim.pos) + 1]
            chance = combat.hit_chance(self.game, player, victim, missile)
            return path, f"{victim.name}: {chance}% to hit"
        if king_distance(self.cursor, player.pos) > missile.reach:
            return path, "out of range"
        return path, "nobody there" if self.cursor in path else "a wall is in the way"

    def cycle(self) -> None:
        """Tab: the next enemy in view (nearest first, round again after the last)."""
        spots = enemies(self.game)
        if spots:
            after = spots.index(self.cursor) + 1 if self.cursor in spots else 0
            self.cursor = spots[after % len(spots)]

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(dx, dy):
                self.move(self.cursor[0] + dx, self.cursor[1] + dy)
            case intents.Confirm():
                return self.confirm()
            case intents.Describe():
                return self.describe()
            case intents.ToggleView() if self.item is None or self.verb != "use" or self.talent:
                self.cycle()  # looking too: Tab steps from monster to monster
            case intents.FireMissile() if self.verb == "fire":
                return self.confirm()  # f f fires at the first target
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
        return self.confirm()

    def banner(self) -> str:
        if self.talent:
            said = self.line()[1]
            return (f"{talent_kind(self.talent).name}: aim (Tab: next enemy){': ' * bool(said)}"
                    f"{said}; Enter or click uses it; Esc cancels.")
        if self.item is None:
            return ("Look: move the cursor (keys or mouse); Tab: next monster in view; Enter or"
                    " click describes; Esc stops.")
        kind = kind_of(self.item.kind)
        missile = self.missile()
        if missile is not None:
            verb = "Fire" if self.verb == "fire" else "Throw"
            said = self.line()[1]
            said = f": {said}" if said else ""
            whose = "the"
            if self.verb == "throw" and self.item.id in pack.worn_ids(self.game.hero):
                whose = "your wielded" if kind.slot == "weapon" else "your worn"
            return f"{verb} {whose} {missile.name} (range {missile.reach}){said}"
        known = identify.known(self.game, self.item.kind)
        reach = f" (reach {kind.range})" if kind.range and known else ""
        name = identify.name_of(self.game, self.item.kind)
        return f"Aim the {name}{reach}: Enter or click uses it there; Esc cancels."

    def on_draw(self, console: tcod.console.Console) -> None:
        cam = self.camera()
        render_play(console, self.game, cursor=self.cursor, cam=cam)
        path, _ = self.line()
        grid = cells(console)
        for point in path:
            if cam.shows(*point) and point != self.cursor:
                vx, vy = cam.to_view(*point)
                grid[vy, vx]["bg"] = BLOCKED_BG if point == path[-1] else PATH_BG
        lines = wrap(self.banner(), console.width - 2)  # wrapped, never cut
        keys = wrap(AIM_KEYS, console.width - 2) if self.missile() is not None else []
        grid["bg"][: len(lines) + len(keys)] = BANNER_BG
        for row, line in enumerate(lines):
            console.print(0, row, f" {line}".ljust(console.width), fg=(255, 255, 160))
        for row, line in enumerate(keys, start=len(lines)):
            console.print(0, row, f" {line}".ljust(console.width), fg=(200, 200, 140))
