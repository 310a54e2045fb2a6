"""Pack letters stay put: a row keeps its letter while carried, whatever comes and goes around it
(the throw that once sent the worn sword because `e` had vanished and Enter took row a)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from scenario import Scene, ScriptedRng, give, monster, scenario
from tcod.event import KeySym
from ui_world import give as ui_give
from ui_world import hand_game, key
from ui_world import monster as ui_monster

from game.rules.actions import Drop, Equip, PickUp, Throw, Use
from game.save import migrate
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Replace
from game.world import pack
from game.world.model import Item
from game.world.serial import game_data, game_from_data, state_hash

LANE = """
##########
#@...g...#
##########
"""


def letter_of(scene: Scene, item: Item) -> str:
    return next(letter for letter, row in pack.lettered_rows(scene.game.hero) if item in row)


def kit(scene: Scene) -> dict[str, Item]:
    """A worn sword, two potions of healing, a spear and a scroll, lettered a to d."""
    items = {"sword": give(scene, "sword"), "potion": give(scene, "potion_healing"),
             "potion2": give(scene, "potion_healing"), "spear": give(scene, "spear"),
             "scroll": give(scene, "scroll_mapping")}
    scene.game.hero.equipment["weapon"] = items["sword"].id
    pack.settle(scene.game.hero)
    return items


def test_letters_are_given_in_order_and_a_stack_shares_one() -> None:
    scene = scenario(LANE)
    items = kit(scene)
    assert [letter for letter, _ in pack.lettered_rows(scene.game.hero)] == ["a", "b", "c", "d"]
    assert letter_of(scene, items["potion"]) == letter_of(scene, items["potion2"]) == "b"


def test_a_thrown_spear_takes_its_letter_with_it_and_the_rest_keep_theirs() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, speed=0)},
                     rng=ScriptedRng(d20=[1], chances=[False]))
    items = kit(scene)
    scene.act(Throw(items["spear"].id, scene.at("g")))
    assert items["spear"] not in scene.game.hero.inventory
    rows = {letter: row[0].kind for letter, row in pack.lettered_rows(scene.game.hero)}
    assert rows == {"a": "sword", "b": "potion_healing", "d": "scroll_mapping"}, "no sliding up"
    assert pack.row_with(scene.game.hero, "c") == [], "c names nothing now"


def test_drinking_the_last_of_a_stack_leaves_a_gap_the_next_new_row_fills() -> None:
    scene = scenario(LANE)
    items = kit(scene)
    scene.game.player.hp = 1
    scene.act(Use(items["potion"].id, None))
    assert letter_of(scene, items["potion2"]) == "b", "one left: the stack keeps b"
    scene.act(Use(items["potion2"].id, None))
    assert letter_of(scene, items["scroll"]) == "d" and letter_of(scene, items["spear"]) == "c"
    scene.act(Drop(items["spear"].id))
    scene.act(PickUp())
    assert letter_of(scene, items["spear"]) == "b", "the first free letter"


def test_wielding_one_of_a_stack_gives_it_a_letter_of_its_own() -> None:
    scene = scenario(LANE)
    daggers = [give(scene, "dagger"), give(scene, "dagger")]
    pack.settle(scene.game.hero)
    assert letter_of(scene, daggers[0]) == letter_of(scene, daggers[1]) == "a"
    scene.act(Equip(daggers[0].id))
    assert letter_of(scene, daggers[0]) == "a" and letter_of(scene, daggers[1]) == "b"
    scene.act(Equip(daggers[0].id))
    assert letter_of(scene, daggers[0]) == letter_of(scene, daggers[1])


def test_a_save_keeps_the_letters_and_an_older_save_without_them_still_loads() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, speed=0)},
                     rng=ScriptedRng(d20=[1], chances=[False]))
    items = kit(scene)
    scene.act(Throw(items["spear"].id, scene.at("g")))
    data, arrays = game_data(scene.game)
    copy = game_from_data(data, arrays)
    assert pack.lettered_rows(copy.hero) == pack.lettered_rows(scene.game.hero)
    assert state_hash(copy) == state_hash(scene.game)
    older = dict(data, hero={k: v for k, v in data["hero"].items() if k != "letters"})
    upgraded, _ = migrate.migrate(3, 4, older, arrays)
    assert [letter for letter, _ in pack.lettered_rows(game_from_data(upgraded, arrays).hero)] == [
        "a", "b", "c"], "a format 3 pack gets its letters afresh, in pack order"


PACK_KINDS = ("potion_healing", "scroll_mapping", "dagger", "spear", "sling_stone")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.sampled_from(PACK_KINDS), st.integers(0, 30)),
                min_size=1, max_size=40))
def test_a_row_keeps_its_letter_while_any_of_it_is_carried(
        steps: list[tuple[bool, str, int]]) -> None:
    scene = scenario(LANE)
    hero = scene.game.hero
    for adding, kind, pick in steps:
        before = {item.id: letter for letter, row in pack.lettered_rows(hero) for item in row}
        if adding:
            give(scene, kind)
        elif hero.inventory:
            hero.inventory.remove(hero.inventory[pick % len(hero.inventory)])
        pack.settle(hero)
        rows = pack.lettered_rows(hero)
        letters = [letter for letter, _ in rows]
        assert len(set(letters)) == len(letters), "one letter a row"
        for letter, row in rows:
            assert all(before.get(item.id, letter) == letter for item in row), "letters stay"


def test_the_throw_list_starts_on_the_first_thing_not_worn() -> None:
    game = hand_game()  # the starting kit: sword (worn) a, leather (worn) b, potions c
    state = PlayState(Session(game=game))
    screen = InventoryScreen(state, "throw")
    chosen = screen.items[screen.choices.index]
    assert chosen.id not in pack.worn_ids(game.hero) and chosen.kind == "potion_healing"
    ui_give(game, "arrow")
    spear = ui_give(game, "spear")
    screen = InventoryScreen(state, "throw")
    assert screen.items[screen.choices.index] is spear, "a weapon before arrows or a potion"
    dart = ui_give(game, "dart")
    screen = InventoryScreen(state, "throw")
    assert screen.items[screen.choices.index] is dart, "what is made for throwing comes first"


def test_a_letter_that_names_nothing_says_so_and_throws_nothing() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    screen = InventoryScreen(state, "throw")
    assert screen.on_event(key(KeySym.E)) is None
    assert screen.warning == "No item e in this list."
    result = screen.on_event(key(KeySym.RETURN))
    assert isinstance(result, Replace) and isinstance(result.state, LookScreen)
    assert result.state.item is not None and result.state.item.kind == "potion_healing"


def test_the_aim_banner_warns_when_the_wielded_weapon_would_fly() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    sword = next(i for i in game.hero.inventory if i.kind == "sword")
    assert "your wielded" in LookScreen(state, item=sword, verb="throw").banner()
    potion = next(i for i in game.hero.inventory if i.kind == "potion_healing")
    assert "your" not in LookScreen(state, item=potion, verb="throw").banner()


def test_tab_in_look_mode_steps_through_the_monsters_in_view() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    near = ui_monster(game, 5, 2)
    far = ui_monster(game, 7, 3)
    game.floor.visible[:] = True
    look = LookScreen(state)
    assert look.cursor == game.player.pos
    visits = []
    for _ in range(3):
        look.on_event(key(KeySym.TAB))
        visits.append(look.cursor)
    assert visits == [near.pos, far.pos, near.pos]
