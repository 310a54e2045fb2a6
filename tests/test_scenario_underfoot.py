"""Issue 13 item 2: what lies underfoot is said after every move, arrival and teleport; the
auto-pickup action takes gold, keys, potions and scrolls in no time, and nothing else."""

from __future__ import annotations

from scenario import door, give, messages, scenario

from game.rules.actions import Impossible, Move, PickUp, Success, TakeStairs, Use
from game.run import Run
from game.world.dungeon import new_game
from game.world.kinds import MessageKind
from game.world.model import Item

UPPER = """
########
#<..@>.#
########
"""
LOWER = """
#########
#.<..>..#
#.......#
#########
"""


def test_arriving_by_stairs_says_what_lies_on_the_landing() -> None:
    scene = scenario(UPPER, LOWER)
    scene.game.identified = ["potion_healing"]
    lower = scene.game.floors[2]
    lower.items.append(Item(scene.game.new_id(), "potion_healing", *lower.arrival))
    scene.player.x = 5
    assert isinstance(scene.act(TakeStairs("down")), Success)
    assert messages(scene)[-1] == "You see here: a potion of healing."


def test_a_step_lists_everything_underfoot_with_the_key_named_for_its_door() -> None:
    scene = scenario("""
    #######
    #@.+..#
    #######
    """, legend={"+": door(state="locked", dc=28, material="iron", quality="none")})
    here = (2, 1)
    scene.floor.items.append(Item(scene.game.new_id(), "key", *here, key_for=(3, 1)))
    scene.floor.items.append(Item(scene.game.new_id(), "scroll_mapping", *here))
    scene.game.identified = ["scroll_mapping"]
    scene.act(Move(1, 0))
    said = "You see here: a key to the iron door, depth 1, centre; a scroll of magic mapping."
    assert said in messages(scene)


def test_a_teleport_scroll_says_what_lies_where_it_lands() -> None:
    scene = scenario("""
    #####
    #@..#
    #####
    """)
    for x in (2, 3):  # wherever it lands
        scene.floor.items.append(Item(scene.game.new_id(), "potion_healing", x, 1))
    scroll = give(scene, "scroll_teleport")
    scene.game.identified = sorted([*scene.game.identified, "potion_healing"])
    assert isinstance(scene.act(Use(scroll.id)), Success)
    assert scene.player.pos != (1, 1)
    assert messages(scene)[-1] == "You see here: a potion of healing."


def test_auto_pickup_takes_what_it_covers_in_no_time_and_leaves_gear() -> None:
    scene = scenario("""
    #####
    #@..#
    #####
    """)
    for kind in ("sword", "key", "potion_healing", "scroll_knock"):
        scene.floor.items.append(Item(scene.game.new_id(), kind, *scene.player.pos))
    assert isinstance(scene.act(PickUp(auto=True)), Success)
    assert scene.game.turn == 0
    assert sorted(i.kind for i in scene.game.hero.inventory) == [
        "key", "potion_healing", "scroll_knock"]
    assert [i.kind for i in scene.floor.items] == ["sword"]
    again = scene.act(PickUp(auto=True))
    assert isinstance(again, Impossible) and again.reason == ""


def test_a_locked_door_says_where_its_key_is_and_opens_with_the_key_carried() -> None:
    scene = scenario("""
    #######
    #@+...#
    #######
    """, legend={"+": door(state="locked", dc=40, reinforced=True, material="iron",
                           quality="none")})
    refused = scene.act(Move(1, 0))
    assert isinstance(refused, Impossible) and "its key is not on this floor" in refused.reason
    key = Item(scene.game.new_id(), "key", 4, 1, key_for=(2, 1))
    scene.floor.items.append(key)
    refused = scene.act(Move(1, 0))
    assert isinstance(refused, Impossible) and "its key lies on this floor" in refused.reason
    scene.floor.items.remove(key)
    give(scene, "key", key_for=(2, 1))
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert "The iron door opens with the key you carry." in messages(scene)


def test_auto_pickup_names_what_it_takes_once_and_counts_a_bundle() -> None:
    scene = scenario("""
    #####
    #@..#
    #####
    """)
    scene.game.identified = ["potion_healing"]
    for _ in range(10):
        scene.floor.items.append(Item(scene.game.new_id(), "arrow", 2, 1))
    scene.floor.items.append(Item(scene.game.new_id(), "potion_healing", 2, 1))
    scene.act(Move(1, 0))
    assert messages(scene)[-1] == "You see here: 10 arrows; a potion of healing."
    assert isinstance(scene.act(PickUp(auto=True)), Success)
    said = messages(scene)
    assert said[-1] == "You pick up 10 arrows; a potion of healing.", said
    assert not any(m.startswith("You see here") for m in said), "the pickup says it instead"


def test_auto_pickup_names_it_once_even_when_a_monster_spoke_after_the_step() -> None:
    scene = scenario("""
    #######
    #@....#
    #######
    """)
    scene.game.identified = ["scroll_knock"]
    scene.floor.items.append(Item(scene.game.new_id(), "scroll_knock", 2, 1))
    scene.act(Move(1, 0))
    scene.game.log("The goblin warchief notices you!")
    assert isinstance(scene.act(PickUp(auto=True)), Success)
    said = messages(scene)
    assert said[-2:] == ["The goblin warchief notices you!", "You pick up a scroll of knock."]
    assert sum("scroll of knock" in m for m in said) == 1, said


def test_arriving_on_a_shaft_says_it_goes_both_ways() -> None:
    """The @ hides the shaft it stands on: ember-fox-3's newcomer explored depth 1 for a way down
    while standing on it at the start. Said on arrival exactly when the hero stands on one."""
    said = "You stand on a shaft: it leads up and down (< climbs, > descends)."
    shafts = 0
    for seed in ["ember-fox-3", *(f"arrival-{n}" for n in range(12))]:
        game = new_game(Run(seed))
        stair = game.floor.stairs.get(game.player.pos)
        on_shaft = stair is not None and stair.kind == "shaft" and not stair.dead_end
        shafts += on_shaft
        assert (said in [m.text for m in game.messages.messages]) == on_shaft, seed
        arrivals = [m.text for m in game.messages.messages if m.kind == MessageKind.PROGRESS
                    and game.floor.fingerprint in m.text]
        assert "fingerprint" in arrivals[-1], "the terminal echoes the last arrival line"
    assert shafts >= 1, "ember-fox-3 starts on a shaft"
