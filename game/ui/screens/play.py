"""The play screen: intents become actions, clicks travel, and the turn's aftermath (a level to
spend, death or victory) opens the screen it needs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

import tcod.console
import tcod.event

from game import codex
from game.floorplan import Point, king_length
from game.rules import allies, feats, features, missiles, talents
from game.rules.actions import (
    Action,
    Attack,
    Illegal,
    Interact,
    Move,
    OrderAllies,
    PickUp,
    Result,
    Search,
    TakeStairs,
    UseTalent,
    Wait,
)
from game.rules.combat import reach_target
from game.rules.noise import way_to
from game.rules.stairs import GOES, stairs_mask
from game.save import crash
from game.turns import player_act
from game.ui import firstperson, intents, options, render, routes, saves
from game.ui.activity import (
    Activity,
    Repeat,
    RunAlong,
    pick_up_underfoot,
    resting,
    travel,
    visible_monsters,
)
from game.ui.camera import Camera
from game.ui.render import MapView, render_play
from game.ui.seek import Explore, Sightings, ToStairs
from game.ui.session import Session
from game.ui.sidebar import layout
from game.ui.state import BaseState, Push, Replace, Transition
from game.world.kinds import MessageKind, StairsWay
from game.world.model import Game

SEARCH_TURNS = 5
UNKNOWN_KEY = "unknown key \u2014 ? for help"
T = TypeVar("T")


class PlayState(BaseState):
    """The game itself. Rendering reads session.game; only actions change it."""

    def __init__(self, session: Session) -> None:
        if session.game is None:
            raise ValueError("the play screen needs a game")
        self.session = session
        self.game: Game = session.game
        self.activity: Activity | None = None
        self._notice = ""
        self.notice = saves.note_for(self.game)  # a run just loaded: from the backup, ...
        self.last_result: Result | None = None
        self.facing = firstperson.initial_facing(self.game.floor, self.game.player.pos)
        """The way the player looks (the last step's direction): the screen's, not the game's."""
        self.first_person = False
        """Tab: the first-person view instead of the map."""
        self.saved_turn = self.game.turn
        """The turn of the last autosave (or of the start of this screen)."""
        self.unknown_said = False
        """An unbound key was answered since the last bound one (so the next is not)."""
        self.failed_doors: dict[int, set[Point]] = {}
        """Per depth, the doors exploring bumped and could not open (never bumped again)."""
        self.visited_items: set[tuple[int, int, int]] = set()
        self.sightings = Sightings()
        """Items exploring has stepped onto (each once)."""
        self.view = MapView()
        """The camera the map was last drawn with (game.ui.camera's dead zone)."""
        self.told = ""
        """The last floor arrival said on the terminal (a line of the log)."""
        self.tell_terminal()
        self.offered: tuple[int, int] = (0, 0)
        """The (level, pending levels) the level-up choice last opened by itself for."""

    @property
    def notice(self) -> str:
        """A line from the interface itself (why travel stopped, a refusal, a file problem)."""
        return self._notice

    @notice.setter
    def notice(self, text: str) -> None:
        """The one place a notice is given: every notice and refusal also goes into the message
        log (`Game.tell`: shown, never saved), where a hover never hides it."""
        self._notice = text
        if text:
            self.game.tell(text)

    def camera(self) -> Camera:
        """The map's camera: it moves only when the player leaves its dead zone (a new floor
        starts centred)."""
        return self.view.camera(self.game, self.session.columns, self.session.rows)

    def act(self, action: Action) -> Transition | None:
        """Perform one player action and open whatever screen its aftermath needs."""
        # an impossible action logs its reason; one that raised was undone (None)
        self.last_result = self.guarded(repr(action), lambda: self.act_and_pick_up(action))
        if isinstance(self.last_result, Illegal):  # e.g. '>' away from stairs: say why
            self.notice = self.last_result.reason
        return self.aftermath()

    def act_and_pick_up(self, action: Action) -> Result:
        """The action, then auto-pickup of what it brought the player onto."""
        result = player_act(self.game, action)
        pick_up_underfoot(self.game)
        return result

    def guarded(self, what: str, perform: Callable[[], T]) -> T | None:
        """Run one action (or activity step), then autosave when due. An exception inside it
        must not leave a half-applied turn: the state from before it comes back, a crash report
        is written, the player is told, and play goes on (None is returned)."""
        before = crash.snapshot(self.game)
        depth = self.game.depth
        try:
            outcome = perform()
        except Exception as error:  # any bug in the rules: undo the turn rather than crash
            self.recover(before, what, error)
            return None
        self.autosave(depth)
        return outcome

    def recover(self, before: crash.Snapshot, what: str, error: Exception) -> None:
        """Put back the game from before the failed action; report where the details went."""
        report = saves.report_crash(self.game, what, error)
        restored = before.restore()
        restored.messages.notices = self.game.messages.notices  # the snapshot keeps no notices
        saves.carry_over(self.game, restored)
        self.game = self.session.game = restored
        self.activity = None
        self.notice = f"That action failed ({type(error).__name__}) and was undone; {report}"

    def autosave(self, depth: int) -> None:
        """Save on every floor change and every `saves.autosave_every()` turns; a failure is
        shown and play goes on (the previous save is kept)."""
        game = self.game
        due = game.depth != depth or game.turn - self.saved_turn >= saves.autosave_every()
        if game.outcome or not due:
            return
        self.saved_turn = game.turn
        if not saves.save_run(game):
            self.notice = saves.problem()

    def tell_terminal(self) -> None:
        """Print the newest floor arrival (depth, generator, fingerprint) to the terminal the
        game was started from, once: two players compare fingerprints there as in the log."""
        fingerprint = self.game.floor.fingerprint
        arrival = next((m.text for m in reversed(self.game.messages.messages)
                        if m.kind == MessageKind.PROGRESS and fingerprint in m.text), "")
        if arrival and arrival != self.told:
            self.told = arrival
            print(arrival, flush=True)

    def aftermath(self) -> Transition | None:
        """The end screen when the run is over. A pending level opens its choice by itself only
        with no monster in view, no activity running, and once (Esc leaves it for the panel's
        LEVEL UP marker and its key): it never opens under keys meant for walking or fighting."""
        self.tell_terminal()
        if self.game.outcome:
            self.stop()
            return Replace(routes.to().end(self.session))
        hero = self.game.hero
        pending = (hero.level, hero.pending_levels)
        quiet = self.activity is None and not visible_monsters(self.game)
        if hero.pending_levels > 0 and quiet and self.offered != pending:
            self.offered = pending
            return Push(routes.to().level_up(self))
        return None

    def start(self, activity: Activity | None, failure: str = "") -> None:
        self.activity = activity
        self.notice = failure if activity is None else ""

    def stop(self) -> bool:
        """Interrupt the running activity; True if there was one."""
        running = self.activity is not None
        self.activity = None
        return running

    def on_tick(self) -> Transition | None:
        activity = self.activity
        if activity is not None:
            before = self.game.player.pos
            going = self.guarded(f"{type(activity).__name__} step", activity.step)
            self.facing = firstperson.facing_after(before, self.game.player.pos, self.facing)
            if going is not None and not going:  # done or stopped (None: it raised, undone)
                self.notice = activity.notice  # logged too: a hover never hides why
                self.activity = None
        return self.aftermath()

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        """A bound key acts; an unbound one says so once (until a bound key is pressed), and
        a modifier pressed alone says nothing."""
        intent = intents.intent_for(event)
        if intent is not None:
            self.unknown_said = False
            return self.on_intent(intent)
        if event.sym not in intents.MODIFIER_KEYS and not self.unknown_said:
            self.stop()
            self.unknown_said = True
            self.notice = UNKNOWN_KEY
        return None

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        running = self.activity
        if isinstance(running, ToStairs) and intent == intents.UseStairs(running.direction):
            # > again on the way to the stairs down asks for what is under way (a double press,
            # a held key): the walk goes on, and at the stairs says that > takes them
            return None
        if self.stop() and running is not None:  # a key pressed while exploring only stops it
            self.notice = f"You stop {running.doing}."
            return None
        self.notice = ""
        match intent:
            case intents.ToggleView():
                self.first_person = not self.first_person
                return None
            case intents.ToggleStyle():
                self.toggle_style()
                return None
            case intents.Direction(dx, dy) if self.first_person:
                self.facing, step = firstperson.command(self.facing, dx, dy)
                return None if step is None else self.step(*step)
            case intents.Direction(dx, dy):
                self.facing = firstperson.facing_of(dx, dy, self.facing)
                return self.step(dx, dy)
            case intents.RunDirection(dx, dy) if not self.first_person:
                self.facing = firstperson.facing_of(dx, dy, self.facing)
                self.start(RunAlong(self.game, dx=dx, dy=dy))
                return None
            case intents.WaitTurn():
                return self.act(Wait())
            case intents.UseStairs(direction):
                return self.stairs(direction)
            case intents.AutoExplore():
                self.start(Explore(self.game, failed=self.failed_here(),
                                   visited=self.visited_items, sightings=self.sightings))
                return None
            case intents.PickUpItem():
                return self.act(PickUp())
            case intents.UseFeature():
                spot = features.use_spot(self.game.floor, self.game.player.pos)
                return self.trade_at(spot) if spot is not None else self.act(Interact())
            case intents.OrderAllies():
                following = any(not a.waiting for a in allies.allies(self.game.floor))
                return self.act(OrderAllies(wait=following))
            case intents.SearchArea():
                self.start(Repeat(self.game, action=Search(), times=SEARCH_TURNS))
                return None
            case intents.RestAWhile(until_healed):
                rest = resting(self.game, until_healed)
                if isinstance(rest, str):
                    self.start(None, rest)
                else:
                    self.start(rest)
                return None
            case intents.FireMissile():
                return self.aim()
            case intents.UseTalentKey(slot):
                return self.use_talent(slot)
        return self.open_screen(intent)

    def step(self, dx: int, dy: int) -> Transition | None:
        """A step; into a merchant it opens the shop, into an altar or shrine its choices."""
        player = self.game.player
        return self.trade_at((player.x + dx, player.y + dy)) or self.act(Move(dx, dy))

    def trade_at(self, spot: Point) -> Transition | None:
        """The shop of the merchant at `spot`, or the altar screen of the holy feature there;
        None when there is neither (the caller acts as usual)."""
        floor = self.game.floor
        seller = floor.merchant_at(*spot)
        if seller is not None:
            return Push(routes.to().shop(self, seller.id))
        feature = floor.features.get(spot)
        if feature is not None and features.holy(feature):
            return Push(routes.to().altar(self, spot))
        return None

    def use_talent(self, slot: int) -> Transition | None:
        """1-9: the hero's active talent in that place; one that aims opens the cursor."""
        known = talents.actives(self.game.hero)
        if not 1 <= slot <= len(known):
            self.notice = (f"No active talent on {slot}: you know {len(known)}"
                           " (the panel lists them).")
            return None
        key = known[slot - 1]
        if key in feats.TARGETED:
            return Push(routes.to().look(self, talent=key))
        return self.act(UseTalent(key))

    def aim(self) -> Transition | None:
        """f: the targeting cursor for the readied missile (or why there is none)."""
        chosen = missiles.readied(self.game)
        if isinstance(chosen, str):
            self.notice = chosen
            return None
        return Push(routes.to().look(self, item=chosen[0], verb="fire"))

    def failed_here(self) -> set[Point]:
        """The doors of this floor that would not open for exploring or the way to stairs."""
        return self.failed_doors.setdefault(self.game.depth, set())

    def toggle_style(self) -> None:
        """The first-person view's other style, kept in the options as the Options screen
        keeps it (a file that cannot be written is said, and the style still changes)."""
        chosen = options.current()
        styles = options.VIEW_STYLES
        style = styles[(styles.index(chosen.view_style) + 1) % len(styles)]
        problem = options.save(replace(chosen, view_style=style))
        self.notice = problem or f"First-person view: {style}."

    def stairs(self, direction: StairsWay) -> Transition | None:
        """Take the stairs underfoot; off the stairs, walk to the nearest known ones first."""
        floor, here = self.game.floor, self.game.player.pos
        if here not in floor.stairs and stairs_mask(floor, direction).any():
            self.start(ToStairs(self.game, direction=direction, failed=self.failed_here(),
                                sightings=self.sightings))
            return None
        if here not in floor.stairs:  # none known: not "no stairs here", but where to look
            dead = sorted(p for p, stair in floor.stairs.items() if stair.dead_end
                          and stair.direction in GOES[direction] and floor.explored[p[1], p[0]])
            self.notice = (f"The stairs {way_to(self.game, dead[0])} are collapsed (a dead end);"
                           f" you know no other stairs {direction} yet: z explores to find them."
                           if dead else
                           f"You know no stairs {direction} yet: z explores to find them.")
            return None
        return self.act(TakeStairs(direction))

    def open_screen(self, intent: intents.Intent) -> Transition | None:
        """Intents that open another screen over this one."""
        match intent:
            case intents.OpenInventory(mode):
                return Push(routes.to().inventory(self, mode))
            case intents.DoorCommand(verb):
                return Push(routes.to().door_prompt(self, verb))
            case intents.ShoveCommand():
                return Push(routes.to().door_prompt(self, "shove"))
            case intents.LookAround():
                return Push(routes.to().look(self))
            case intents.Describe():
                return self.describe_hovered()
            case intents.ShowMap():
                return Push(routes.to().floor_map(self.game))
            case intents.ShowHistory():
                return Push(routes.to().history(self.game))
            case intents.ShowHelp():
                return Push(routes.to().help())
            case intents.ShowCharacter():
                return Push(routes.to().character(self.game))
            case intents.SpendLevel() if self.game.hero.pending_levels > 0:
                return Push(routes.to().level_up(self))
            case intents.SpendLevel():
                self.notice = "No level to spend yet."
            case intents.Back():
                return Push(routes.to().game_menu(self.session))
        return None

    def describe_hovered(self) -> Transition | None:
        """The describe screen for the spot under the mouse (what the hover line names), or
        for the hero's own spot when the mouse is off the map."""
        pointed = None if self.first_person else self.pointed(self.session.mouse)
        spot = self.game.player.pos if pointed is None else pointed
        entries = codex.describe_spot(self.game, *spot)
        if not entries:
            self.notice = "You know nothing of that spot."
            return None
        return Push(routes.to().describe(entries))

    def on_mouse(self, x: int, y: int) -> Transition | None:
        self.session.mouse = (x, y)
        return None

    def pointed(self, mouse: Point | None) -> Point | None:
        """The floor position under the mouse: its map cell, or the thing of the side panel's
        entry under it (a click there acts as on the thing's cell)."""
        session = self.session
        return render.pointed(self.game, self.camera(), layout(session.columns, session.rows),
                              mouse)

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        self.session.mouse = (x, y)
        goal = None if self.first_person else self.pointed((x, y))
        if goal is None:
            return None
        self.stop()
        if button == tcod.event.MouseButton.RIGHT:
            return Push(routes.to().look(self, cursor=goal))
        if button != tcod.event.MouseButton.LEFT:
            return None
        return self.click_move(goal)

    def click_move(self, goal: Point) -> Transition | None:
        """Next to the player: one step (or attack); further: travel by the known path."""
        player = self.game.player
        dx, dy = goal[0] - player.x, goal[1] - player.y
        if king_length(dx, dy) == 1:
            return self.step(dx, dy)
        foe = reach_target(self.game, goal)
        if foe is not None:  # a spear's reach: strike it from here
            return self.act(Attack(foe.id))
        if (dx, dy) != (0, 0):
            self.start(travel(self.game, goal), "You know no way there.")
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        if self.first_person:
            firstperson.render_firstperson(console, self.game, self.facing, self.notice,
                                           options.current().view_style)
            return
        render_play(console, self.game, self.session.mouse, cam=self.camera())  # notices: log
