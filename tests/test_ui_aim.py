"""The keys of reach and rest: f aims the targeting cursor (Tab cycles enemies, the line and the
chance to hit show, Enter or a click fires, Esc cancels), t throws, Q readies, R and Z rest."""

from __future__ import annotations

import tcod.console
from tcod.event import KeySym, Modifier
from ui_world import click, give, hand_game, key, monster, motion

from game.rules import missiles
from game.ui.activity import Resting
from game.ui.draw import cells
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.look import PATH_BG, LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Pop, Push, Replace
from game.world.model import Game


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or hand_game()))


def slinger(state: PlayState, stones: int = 3) -> None:
    sling = give(state.game, "sling")
    state.game.hero.equipment[missiles.MISSILE_SLOT] = sling.id
    for _ in range(stones):
        give(state.game, "sling_stone")


def running(state: PlayState) -> bool:
    return state.activity is not None


def aim_screen(state: PlayState) -> LookScreen:
    result = state.on_event(key(KeySym.F))
    assert isinstance(result, Push) and isinstance(result.state, LookScreen)
    return result.state


def test_f_aims_at_the_nearest_enemy_tab_cycles_and_enter_fires() -> None:
    state = play()
    monster(state.game, 7, 3, "goblin", hp=50)
    monster(state.game, 5, 2, "kobold", hp=50)
    slinger(state)
    aim = aim_screen(state)
    assert aim.cursor == (5, 2)
    aim.on_event(key(KeySym.TAB))
    assert aim.cursor == (7, 3)
    aim.on_event(key(KeySym.TAB))
    assert aim.cursor == (5, 2), "round again after the last"
    console = tcod.console.Console(80, 50, order="C")
    aim.on_draw(console)
    banner = "".join(chr(c) for c in cells(console)["ch"][0])
    assert "kobold:" in banner and "% to hit" in banner
    vx, vy = aim.camera().to_view(4, 2)
    assert tuple(cells(console)[vy, vx]["bg"]) == PATH_BG
    assert isinstance(aim.on_event(key(KeySym.RETURN)), Pop)
    assert state.game.turn == 1
    assert sum(i.kind == "sling_stone" for i in state.game.hero.inventory) == 2


def test_a_click_fires_and_esc_cancels() -> None:
    state = play()
    goblin = monster(state.game, 7, 3, hp=50)
    slinger(state)
    aim = aim_screen(state)
    assert isinstance(aim.on_event(key(KeySym.ESCAPE)), Pop)
    assert state.game.turn == 0
    aim = aim_screen(state)
    vx, vy = aim.camera().to_view(*goblin.pos)
    aim.on_event(motion(vx, vy))
    assert isinstance(aim.on_event(click(vx, vy)), Pop)
    assert state.game.turn == 1


def test_f_with_nothing_to_fire_says_why() -> None:
    state = play()
    state.game.hero.inventory.clear()
    state.game.hero.equipment.clear()
    assert state.on_event(key(KeySym.F)) is None
    assert "nothing to fire" in state.notice


def test_t_throws_the_chosen_item_and_shift_q_readies_it() -> None:
    state = play()
    monster(state.game, 6, 2, hp=50)
    javelin = give(state.game, "javelin")
    result = state.on_event(key(KeySym.T))
    assert isinstance(result, Push) and isinstance(result.state, InventoryScreen)
    menu = result.state
    chosen = menu.choose(menu.items.index(javelin))
    assert isinstance(chosen, Replace) and isinstance(chosen.state, LookScreen)
    assert chosen.state.cursor == (6, 2)
    chosen.state.on_event(key(KeySym.RETURN))
    assert javelin not in state.game.hero.inventory
    dart = give(state.game, "dart")
    quiver = state.on_event(key(KeySym.Q, Modifier.SHIFT))
    assert isinstance(quiver, Push) and isinstance(quiver.state, InventoryScreen)
    quiver.state.choose(quiver.state.items.index(dart))
    assert state.game.hero.equipment["quiver"] == dart.id


def test_shift_r_rests_until_healed_and_says_so() -> None:
    state = play()
    state.game.player.hp = state.game.player.max_hp - 3
    state.on_event(key(KeySym.R, Modifier.SHIFT))
    assert isinstance(state.activity, Resting)
    ticks = 0
    while running(state) and ticks < 500:
        state.on_tick()
        ticks += 1
    assert state.game.player.hp == state.game.player.max_hp
    assert state.game.messages.shown()[-1].text == "You stop resting: you are fully healed."


def test_shift_r_rests_past_a_hundred_turns_when_healing_takes_longer() -> None:
    """A hero at a fifth of its hit points needs far more than Z's hundred turns: R rests on
    until healed instead of stopping half way with Z's message."""
    state = play()
    state.game.player.hp = state.game.player.max_hp // 5
    state.on_event(key(KeySym.R, Modifier.SHIFT))
    ticks = 0
    while running(state) and ticks < 3000:
        state.on_tick()
        ticks += 1
    assert state.game.turn > 100
    assert state.game.player.hp == state.game.player.max_hp
    assert state.game.messages.shown()[-1].text == "You stop resting: you are fully healed."


def test_rest_is_refused_with_an_enemy_in_view() -> None:
    state = play()
    monster(state.game, 6, 2)
    state.on_event(key(KeySym.Z, Modifier.SHIFT))
    assert state.activity is None and state.notice == "You cannot rest with enemies in view."
