"""The screen gallery: every screen of the interface drawn without a window, each to NAME.png
(the console through the project tileset) and NAME.txt (its characters, one line per row).

The gallery is a registry: one `@shot("name")` function per screen builds the stack of states
to draw from a `Scene` (a session holding a played run, scratch folders). Adding a screen is one
such function. While a screen is drawn, every cut is recorded:

- a text a widget had to shorten to fit (game.ui.draw.clip, the only truncation there is), and
- a text printed past the console's edge (tcod drops what does not fit, silently).

A screen with a cut fails (`run.py screens` exits 1 and names it; the test suite runs it), so
text is laid out to fit: wrapped, scrolled or abbreviated by design, never cut.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

from tcod.event import KeySym

from game.codex import describe_item
from game.codex_monsters import describe_monster
from game.content.bestiary import default_bestiary
from game.run import Run
from game.ui import options, saves
from game.ui.draw import Cuts
from game.ui.gallery_scene import (
    CheckedConsole,
    Picture,
    Scene,
    console_text,
    isolated,
    press,
)
from game.ui.screens.character import CharacterScreen
from game.ui.screens.describe import DescribeScreen
from game.ui.screens.direction import DoorPrompt
from game.ui.screens.end import EndScreen
from game.ui.screens.floormap import FloorMapScreen
from game.ui.screens.gamemenu import GameMenu
from game.ui.screens.help import HelpScreen, IntroScreen
from game.ui.screens.history import HistoryScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.lab import LabScreen
from game.ui.screens.levelup import LevelUpScreen
from game.ui.screens.loadgame import LoadScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.newgame import DAILY, FIRST_DEPTH, NewGameScreen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.params import ParamEditor
from game.ui.screens.pastgames import PastGamesScreen
from game.ui.screens.play import PlayState
from game.ui.screens.replay import ReplayState
from game.ui.screens.scores import ScoresScreen
from game.ui.screens.shop import AltarScreen, ShopScreen
from game.ui.screenshot import png_of
from game.ui.state import State, draw_stack
from game.userfiles import write_atomic
from game.world.build import monster_from
from game.world.kinds import Outcome
from game.world.model import FeatureState, Game, Item, Merchant

Builder = Callable[[Scene], list[State]]
SHOTS: dict[str, Builder] = {}
"""Screen name -> how to build its stack, in gallery order."""


def shot(name: str) -> Callable[[Builder], Builder]:
    """Register a gallery entry (the function builds the stack of states to draw)."""
    def register(build: Builder) -> Builder:
        SHOTS[name] = build
        return build
    return register


def picture(name: str, scene: Scene) -> Picture:
    """Draw one registered screen and collect what was cut while drawing it."""
    stack = SHOTS[name](scene)
    console = CheckedConsole(scene.columns, scene.rows, order="C")
    Cuts.seen.clear()
    draw_stack(stack, console)
    cuts = tuple(Cuts.seen)
    Cuts.seen.clear()
    return Picture(name, console_text(console), png_of(console), cuts)


def render_all(out: Path, columns: int, rows: int, names: list[str] | None = None) -> list[Picture]:
    """Draw every registered screen (or `names`) into `out` as NAME.png and NAME.txt."""
    import tempfile

    out.mkdir(parents=True, exist_ok=True)
    pictures: list[Picture] = []
    with (tempfile.TemporaryDirectory(prefix="delve-gallery-") as scratch,
          isolated(Path(scratch)), redirect_stdout(io.StringIO())):  # no arrival lines
        scene = Scene(columns, rows, Path(scratch))
        for name in names or list(SHOTS):
            drawn = picture(name, scene)
            write_atomic(out / f"{name}.png", drawn.png)
            write_atomic(out / f"{name}.txt", drawn.text)
            pictures.append(drawn)
            (Path(scratch) / "config" / options.OPTIONS_FILE).unlink(missing_ok=True)
            options.reload()  # a screen that changed an option leaves the next one alone
    return pictures


# --- the screens ---------------------------------------------------------------------------


@shot("main-menu")
def _main_menu(scene: Scene) -> list[State]:

    scene.saved()  # a saved run: Continue is offered and selected
    return [MainMenu(scene.session())]


@shot("new-game")
def _new_game(scene: Scene) -> list[State]:

    session = scene.session()
    return [MainMenu(session), NewGameScreen(session)]


@shot("new-game-daily")
def _new_game_daily(scene: Scene) -> list[State]:
    """The daily run chosen, its row selected (its hint shown)."""
    session = scene.session()
    session.daily = True
    return [press(NewGameScreen(session), *[KeySym.DOWN] * DAILY)]


@shot("new-game-background")
def _new_game_background(scene: Scene) -> list[State]:
    """The background row selected and the archer chosen: its card shows text, numbers, kit."""
    session = scene.session()
    return [press(NewGameScreen(session), KeySym.DOWN, KeySym.RIGHT, KeySym.RIGHT)]


@shot("plan-editor")
def _plan_editor(scene: Scene) -> list[State]:

    session = scene.session()
    return [press(NewGameScreen(session), *[KeySym.DOWN] * (FIRST_DEPTH + 1), KeySym.RIGHT)]


@shot("parameter-editor")
def _parameter_editor(scene: Scene) -> list[State]:

    session = scene.session()
    return [NewGameScreen(session), ParamEditor(session, 1)]


@shot("load-game")
def _load_game(scene: Scene) -> list[State]:

    from game.world.dungeon import new_game

    session = scene.session()
    scene.saved()
    if not scene.extra.get("long seed"):  # a seed longer than its column: abbreviated there
        scene.extra["long seed"] = saves.save_run(
            new_game(Run("the seed a friend typed to name the run they shared")))
    return [MainMenu(session), LoadScreen(session)]


@shot("play")
def _play(scene: Scene) -> list[State]:
    return [scene.play()]


@shot("play-veteran")
def _play_veteran(scene: Scene) -> list[State]:
    """The panel at its fullest: a high level, a level to spend, long effects, the relic."""
    game = scene.game()
    hero = game.hero
    hero.level, hero.xp, hero.pending_levels, hero.gold, hero.has_relic = 9, 10990, 2, 99999, True
    game.turn = 123456
    game.player.effects.update({"confused": 9, "hasted": 9})
    hero.talents += ["mend", "pinning_shot"]  # the active talents' line, one cooling down
    game.player.cooldowns["mend"] = 14
    play = scene.play(game)
    play.notice = ("A fountain of clear water stands here, and beside it lies a key to the iron "
                   "door of the east wing.")
    return [play]


@shot("inventory")
def _inventory(scene: Scene) -> list[State]:

    play = scene.play()
    for kind in ("potion_healing", "scroll_lightning", "sword", "chain", "shield"):
        play.game.hero.inventory.append(Item(play.game.new_id(), kind))
    return [play, InventoryScreen(play, "use")]


@shot("equip")
def _equip(scene: Scene) -> list[State]:

    play = scene.play()
    for kind in ("runeblade", "plate", "dagger"):
        play.game.hero.inventory.append(Item(play.game.new_id(), kind))
    return [play, InventoryScreen(play, "equip")]


@shot("describe")
def _describe(scene: Scene) -> list[State]:

    play = scene.play()
    sword = Item(play.game.new_id(), "sword")
    play.game.hero.inventory.append(sword)
    return [play, DescribeScreen([describe_item(play.game, sword)])]


@shot("describe-monster")
def _describe_monster(scene: Scene) -> list[State]:
    """A monster in play with abilities of its own, one of them cooling down."""
    play = scene.play()
    dragon = monster_from(default_bestiary().get("red_dragon"), play.game.new_id(), (1, 1), True)
    dragon.cooldowns["breath"] = 4
    dragon.hp -= dragon.max_hp // 3
    return [play, DescribeScreen([describe_monster(play.game, dragon)])]


@shot("allies")
def _allies(scene: Scene) -> list[State]:
    """Two allies on the panel (one told to wait) and a shackled captive under the cursor."""
    from game.world.dungeon import spots_near

    play = scene.play()
    game = play.game
    bestiary = default_bestiary()
    spots = spots_near(game, game.floor, game.player.pos, 3)
    for (kind, flag), spot in zip((("orc_thug", "ally"), ("goblin_cutthroat", "waiting"),
                                   ("goblin_guard", "captive")), spots, strict=False):
        actor = monster_from(bestiary.get(kind), game.new_id(), spot, False)
        actor.ally, actor.waiting = flag != "captive", flag == "waiting"
        actor.captive = flag == "captive"
        if actor.ally:
            actor.hp -= actor.max_hp // 3
        game.floor.monsters.append(actor)
    return [play, LookScreen(play, cursor=spots[-1])]


@shot("look")
def _look(scene: Scene) -> list[State]:

    play = scene.play()
    x, y = play.game.player.pos
    return [play, LookScreen(play, cursor=(x + 1, y))]


@shot("aim")
def _aim(scene: Scene) -> list[State]:

    play = scene.play()
    scroll = Item(play.game.new_id(), "scroll_lightning")
    play.game.hero.inventory.append(scroll)
    return [play, LookScreen(play, item=scroll)]


@shot("door-prompt")
def _door_prompt(scene: Scene) -> list[State]:

    play = scene.play()
    return [play, DoorPrompt(play, "open")]


@shot("help")
def _help(scene: Scene) -> list[State]:
    return [scene.play(), HelpScreen()]


@shot("key-bindings")
def _key_bindings(scene: Scene) -> list[State]:
    """The help's list of every bound key, scrolled to its end."""
    return [press(HelpScreen(), KeySym.PAGEDOWN, KeySym.PAGEDOWN, KeySym.PAGEDOWN)]


@shot("intro")
def _intro(scene: Scene) -> list[State]:
    return [IntroScreen()]


@shot("character")
def _character(scene: Scene) -> list[State]:

    game = scene.game()
    return [CharacterScreen(game)]


@shot("history")
def _history(scene: Scene) -> list[State]:
    return [HistoryScreen(scene.game())]


@shot("history-search")
def _history_search(scene: Scene) -> list[State]:

    history = HistoryScreen(scene.game())
    press(history, KeySym.SLASH, KeySym.D, KeySym.E, KeySym.P, KeySym.T, KeySym.H, KeySym.RETURN)
    return [history]


@shot("floor-map")
def _floor_map(scene: Scene) -> list[State]:
    return [FloorMapScreen(scene.game())]


@shot("level-up")
def _level_up(scene: Scene) -> list[State]:

    play = scene.play()
    hero = play.game.hero
    hero.pending_levels = 1
    hero.talents = ["cleave", "might", "weapon_training"]
    hero.offers = ["heavy_blows", "battle_cry", "toughness"]  # a need, an active, a repeatable
    return [play, LevelUpScreen(play)]


def _beside(game: Game) -> tuple[int, int]:
    """A free floor tile next to the hero (for a merchant or an altar put there)."""
    floor, (px, py) = game.floor, game.player.pos
    walkable = floor.walkable()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        x, y = px + dx, py + dy
        if walkable[y, x] and floor.monster_at(x, y) is None and not floor.items_at(x, y):
            return x, y
    return px + 1, py


def _with_merchant(scene: Scene) -> tuple[PlayState, int]:
    """The play screen with a peddler beside the hero, its pack open, and gold to spend."""
    play = scene.play()
    game = play.game
    wares = [Item(game.new_id(), kind) for kind in
             ("potion_healing", "potion_healing", "food_ration", "arrow", "arrow", "chain",
              "scroll_identify", "wand_slow")]
    game.floor.merchants.append(Merchant(99, "Wenna the tinker", "peddler", *_beside(game),
                                         wares))
    game.floor.forget_obstacles()
    game.hero.gold = 120
    for kind in ("sword", "potion_confusion", "dagger"):
        game.hero.inventory.append(Item(game.new_id(), kind))
    return play, 99


@shot("shop")
def _shop(scene: Scene) -> list[State]:
    play, merchant = _with_merchant(scene)
    return [play, ShopScreen(play, merchant)]


@shot("shop-sell")
def _shop_sell(scene: Scene) -> list[State]:
    play, merchant = _with_merchant(scene)
    return [play, ShopScreen(play, merchant, selling=True)]


@shot("altar")
def _altar(scene: Scene) -> list[State]:
    play = scene.play()
    spot = _beside(play.game)
    play.game.floor.features[spot] = FeatureState("Altar", "sacred")
    play.game.floor.forget_obstacles()
    play.game.hero.gold = 150
    return [play, AltarScreen(play, spot)]


@shot("options")
def _options(scene: Scene) -> list[State]:
    return [scene.play(), OptionsScreen()]


@shot("game-menu")
def _game_menu(scene: Scene) -> list[State]:

    play = scene.play()
    return [play, GameMenu(play.session)]


@shot("scores")
def _scores(scene: Scene) -> list[State]:
    return [ScoresScreen()]


def _ended(scene: Scene, outcome: Outcome, cause: str) -> list[State]:

    game = scene.game()
    game.outcome, game.cause = outcome, cause
    return [EndScreen(scene.session(game))]


@shot("death")
def _death(scene: Scene) -> list[State]:
    return _ended(scene, Outcome.DEAD, "killed by a goblin archer")


@shot("victory")
def _victory(scene: Scene) -> list[State]:
    return _ended(scene, Outcome.WON, "escaped with the relic")


def _lab(scene: Scene, *toggles: str) -> list[State]:
    import time


    lab = LabScreen(scene.session())
    deadline = time.monotonic() + 60
    while lab.busy and time.monotonic() < deadline:
        lab.on_tick()
        time.sleep(0.01)
    for toggle in toggles:
        getattr(lab, toggle)()
    return [lab]


@shot("lab")
def _lab_map(scene: Scene) -> list[State]:
    return _lab(scene)


@shot("lab-stats")
def _lab_stats(scene: Scene) -> list[State]:
    return _lab(scene, "toggle_stats")


@shot("lab-dressing")
def _lab_dressing(scene: Scene) -> list[State]:
    return _lab(scene, "toggle_dressing")


@shot("first-person")
def _first_person(scene: Scene) -> list[State]:
    play = scene.play()
    play.first_person = True
    return [play]


@shot("labyrinth")
def _labyrinth(scene: Scene) -> list[State]:
    from dataclasses import replace

    play = scene.play()
    play.first_person = True
    options.save(replace(options.current(), view_style="labyrinth"))
    return [play]


@shot("replay")
def _replay(scene: Scene) -> list[State]:

    watching = ReplayState(scene.session(), scene.recording())
    for _ in range(120):
        watching.step()
    return [watching]


@shot("vault")
def _vault(scene: Scene) -> list[State]:
    """A vault opened: the hero stands on one of its pedestals among the others, and the log
    says what the choice is (the first vault of the run, on the floor that holds it)."""
    from game import tiles
    from game.floorplan import king_distance
    from game.rules.items import underfoot
    from game.world.dungeon import change_floor, floor_at
    from game.world.fov import update_fov

    game = scene.game()
    depth = next(d for d in range(2, game.last_depth + 1)
                 if any(item.vault for item in floor_at(game, d).items))
    change_floor(game, depth, "arrival")
    floor = game.floor
    offered = [item for item in floor.items if item.vault]
    door = min((pos for pos, state in floor.doors.items() if state.reinforced),
               key=lambda pos: king_distance(pos, offered[0].pos))
    floor.doors[door].is_open = True
    floor.tiles[door[1], door[0]] = tiles.OPEN_DOOR
    game.player.x, game.player.y = offered[0].pos
    update_fov(floor, *game.player.pos)
    game.log(underfoot(game))
    return [scene.play(game)]


@shot("past-games")
def _past_games(scene: Scene) -> list[State]:
    """Past games: two finished runs with their morgue files and replays."""
    from game.world.dungeon import new_game

    session = scene.session()
    if not scene.extra.get("past games"):
        for seed, cause in (("a run a friend shared", "killed by an ogre"),
                            ("amber-flint-7", "killed by a goblin archer")):
            game = new_game(Run(seed))
            game.outcome, game.cause = Outcome.DEAD, cause
            saves.record_run_end(game)
        scene.extra["past games"] = True
    return [MainMenu(session), LoadScreen(session), PastGamesScreen(session)]


@shot("sidebar")
def _sidebar(scene: Scene) -> list[State]:
    """The side panel at work: monsters hunting, asleep, fleeing (wounded), unaware and webbed,
    items and a feature in view, nearest first; the mouse on the hunter's entry lights it on the
    map; the hero hungry and slowed."""
    from game.rules.hunger import HUNGRY
    from game.ui.render import panel_lines
    from game.ui.sidebar import layout
    from game.world.dungeon import spots_near
    from game.world.fov import update_fov
    from game.world.kinds import Mode

    game = scene.game()
    floor = game.floor
    spots = spots_near(game, floor, game.player.pos, 9)
    states = (("goblin_cutthroat", Mode.HUNT), ("kobold_whelp", Mode.ASLEEP),
              ("orc_thug", Mode.FLEE), ("goblin_guard", Mode.WANDER), ("cave_rat", Mode.GUARD))
    for (kind, mode), spot in zip(states, spots[::2], strict=True):
        actor = monster_from(default_bestiary().get(kind), game.new_id(), spot, False)
        actor.mode = mode
        floor.monsters.append(actor)
    floor.monsters[-3].hp, floor.monsters[-2].effects["webbed"] = 5, 5
    floor.items += [Item(game.new_id(), "potion_healing", *spots[1]),
                    Item(game.new_id(), "gold", *spots[3], amount=23)]
    floor.features[spots[5]] = FeatureState("Anvil", "craft")
    floor.forget_obstacles()
    update_fov(floor, *game.player.pos)
    game.hero.food, game.player.effects["slowed"] = HUNGRY - 1, 4
    play, lay = scene.play(game), layout(scene.columns, scene.rows)
    row = next(row for row, line in enumerate(panel_lines(game, lay)) if line.pos == spots[0])
    play.session.mouse = (lay.side_x + 3, row)
    return [play]


@shot("colour-blind")
def _colour_blind(scene: Scene) -> list[State]:
    """Map colours for colour-blind eyes: the kinds that share a letter (four orcs, four goblins,
    four kobolds) in every state tint, and a feature and an item beside them."""
    from dataclasses import replace

    from game.world.dungeon import spots_near
    from game.world.kinds import Mode

    options.save(replace(options.current(), map_colours="colour-blind"))
    play = scene.play()
    game = play.game
    bestiary = default_bestiary()
    kinds = ("orc_thug", "orc_drudge", "orc_warrior", "orc_archer", "goblin_snarer",
             "goblin_guard", "goblin_cutthroat", "goblin_hexer", "kobold_taskmaster",
             "kobold_pebbler", "kobold_whelp", "kobold_slinger")
    modes = (Mode.WANDER, Mode.ASLEEP, Mode.HUNT, Mode.FLEE)
    spots = [spot for spot in spots_near(game, game.floor, game.player.pos, 60)
             if game.floor.visible[spot[1], spot[0]]]
    for index, (kind, spot) in enumerate(zip(kinds, spots, strict=False)):
        actor = monster_from(bestiary.get(kind), game.new_id(), spot, False)
        actor.mode = modes[index % len(modes)]
        game.floor.monsters.append(actor)
    rest = spots[len(kinds):]
    if len(rest) >= 2:
        game.floor.features[rest[0]] = FeatureState("Chest", "container")
        game.floor.items.append(Item(game.new_id(), "potion_healing", *rest[1]))
    return [play]


@shot("dark-cave")
def _dark_cave(scene: Scene) -> list[State]:
    """A cave floor in the dark, a glowing fire imp beyond the hero's light (gallery_light)."""
    from game.ui import gallery_light

    return [scene.play(gallery_light.dark_cave(scene.game()))]


@shot("lit-room")
def _lit_room(scene: Scene) -> list[State]:
    """A lit room of the first floor seen whole, the corridors beyond it dark (gallery_light)."""
    from game.ui import gallery_light

    return [scene.play(gallery_light.lit_room(scene.game()))]
