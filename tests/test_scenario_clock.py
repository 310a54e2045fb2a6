"""The clock: wandering monsters as turns pass, and hunger, on hand-drawn maps."""

from __future__ import annotations

import pytest
from scenario import give, messages, monster, scenario

from game.rules import hunger, rest, wandering
from game.rules.actions import Eat, Impossible, Rest, Success, Use, Wait
from game.save.codec import load_bytes, save_bytes
from game.seeds import Rng
from game.world.kinds import Mode
from game.world.serial import state_hash

# The hero's room, and a far hall round two corners: 12 to 40 steps' walk away, out of sight.
CAMP = """
##########################################
#........##################..............#
#...@....##################..............#
#........##################..............#
#.........................#..............#
#########################.#..............#
#########################................#
##########################################
"""

SMALL = """
#######
#.@...#
#######
"""


def rest_turns(scene_seed: str, turns: int) -> tuple[bool, bool]:
    """Rest `turns` turns in the camp (no other stop): (a band came, one was in sight when it
    came)."""
    scene = scenario(CAMP, seed=scene_seed, hp=500)
    for _ in range(turns):
        before = len(scene.floor.monsters)
        scene.act(Rest())
        if len(scene.floor.monsters) > before:
            seen = any(scene.floor.visible[m.y, m.x] for m in scene.floor.monsters)
            return True, seen
    return False, False


def test_a_rest_meets_a_band_about_as_often_as_the_rule_says() -> None:
    """Ninety turns of rest hold six resting checks (one in twenty each): 1 - 0.95**6, about
    26 %, over 300 seeds; no band ever arrives in sight."""
    met = 0
    for n in range(300):
        came, seen = rest_turns(f"rest-{n}", 90)
        met += came
        assert not seen
    expected = 1 - (1 - 1 / wandering.DIE) ** (90 // wandering.REST_CHECK_EVERY)
    assert abs(met / 300 - expected) < 0.07, met


def test_waiting_meets_fewer_bands_than_resting() -> None:
    """The same ninety turns awake hold no check at all (every CHECK_EVERY turns)."""
    for n in range(40):
        scene = scenario(CAMP, seed=f"rest-{n}", hp=500)
        for _ in range(90):
            scene.act(Wait())
        assert scene.floor.monsters == []


def test_a_band_arrives_out_of_sight_hunting_and_is_heard() -> None:
    scene = scenario(CAMP, hp=500)
    band = wandering.arrive(scene.game)
    assert band
    assert all(m.mode == Mode.HUNT and not scene.floor.visible[m.y, m.x] for m in band)
    assert len({m.group for m in band}) == 1
    assert messages(scene)[-1] == wandering.ARRIVES
    distance = min(abs(m.x - scene.player.x) + abs(m.y - scene.player.y) for m in band)
    assert distance >= 8


ALCOVE = """
##############
#@...........#
############.#
############.#
##############
"""


def test_members_that_would_stand_in_sight_stay_away() -> None:
    """The only hidden place far enough is an alcove beside the hero's hall: a band bigger than
    the alcove sends only those who fit there out of sight."""
    bigger = 0
    for n in range(30):
        scene = scenario(ALCOVE, seed=f"alcove-{n}")
        scene.floor.depth = 4  # a deeper floor's bands are bigger
        band = wandering.arrive(scene.game)
        assert 1 <= len(band) <= 2
        assert not any(scene.floor.visible[m.y, m.x] for m in scene.floor.monsters)
        bigger += len(band) == 2
    assert bigger


def test_no_band_where_there_is_no_hidden_place_far_enough() -> None:
    scene = scenario(SMALL)
    assert wandering.arrive(scene.game) == []
    assert scene.floor.monsters == []


def test_a_band_stops_a_rest_and_comes_into_view() -> None:
    scene = scenario(CAMP, hp=500)
    watch = rest.begin(scene.game)
    assert isinstance(watch, rest.Watch)
    band = wandering.arrive(scene.game)
    assert band
    assert rest.interruption(scene.game, watch, until_healed=False).startswith(
        "You stop resting: you hear something approaching")
    watch = rest.begin(scene.game)  # the player rests on regardless: the band comes into view
    assert isinstance(watch, rest.Watch)
    reason = ""
    for _ in range(60):
        reason = rest.interruption(scene.game, watch, until_healed=False)
        if reason:
            break
        scene.act(Rest())
    assert "comes into view" in reason


# --- hunger -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("food", "name"), [
    (hunger.HUNGRY + 1, ""), (hunger.HUNGRY, "Hungry"), (hunger.WEAK, "Weak"), (0, "Fainting"),
    (hunger.STARVING, "Starving"),
])
def test_hunger_states_by_food(food: int, name: str) -> None:
    scene = scenario(SMALL)
    scene.game.hero.food = food
    assert hunger.state(scene.game.hero) == name


def test_food_runs_down_and_warns_once_at_each_state() -> None:
    scene = scenario(SMALL)
    scene.game.hero.food = hunger.HUNGRY + 2
    for _ in range(4):
        scene.act(Wait())
    assert scene.game.hero.food == hunger.HUNGRY - 2
    assert messages(scene).count(hunger.WARNINGS["Hungry"]) == 1


def test_weak_stops_natural_healing() -> None:
    scene = scenario(SMALL, hp=30)
    scene.player.hp = 10
    scene.game.hero.food = hunger.WEAK
    for _ in range(30):
        scene.act(Wait())
    assert scene.player.hp == 10
    scene.game.hero.food = hunger.FULL
    for _ in range(30):
        scene.act(Wait())
    assert scene.player.hp > 10


def test_a_fainting_hero_loses_turns_to_a_monster() -> None:
    """Fainting: one action, and several turns pass while the monster beside the hero acts."""
    scene = scenario("""
        #####
        #@g.#
        #####
    """, legend={"g": monster("soldier", mode=Mode.HUNT)}, hp=200)
    scene.game.hero.food = 0
    scene.game.rng = Rng(7)
    longest = 0
    for _ in range(40):
        turn = scene.game.turn
        scene.act(Wait())
        longest = max(longest, scene.game.turn - turn)
    assert longest >= 3
    assert "You faint from hunger." in messages(scene)


def test_starving_kills_and_names_the_cause() -> None:
    scene = scenario(SMALL, hp=5)
    scene.game.hero.food = hunger.STARVING
    for _ in range(200):
        scene.act(Wait())
        if scene.game.outcome:
            break
    assert scene.game.outcome == "dead"
    assert scene.game.cause.startswith("starved")


def test_eating_a_ration_feeds_the_hero_and_uses_it_up() -> None:
    scene = scenario(SMALL)
    ration = give(scene, "food_ration")
    scene.game.hero.food = hunger.WEAK
    assert isinstance(scene.act(Eat(ration.id)), Success)
    assert scene.game.hero.food == hunger.WEAK + 1000 - 1
    assert ration not in scene.game.hero.inventory
    assert hunger.state(scene.game.hero) == ""
    assert "You are no longer hungry." in messages(scene)


def test_using_food_from_the_pack_eats_it() -> None:
    scene = scenario(SMALL)
    meat = give(scene, "dried_meat")
    scene.game.hero.food = 10
    scene.act(Use(meat.id))
    assert scene.game.hero.food == 10 + 400 - 1
    assert meat not in scene.game.hero.inventory


def test_a_full_hero_cannot_eat_and_potions_are_not_food() -> None:
    scene = scenario(SMALL)
    ration = give(scene, "food_ration")
    potion = give(scene, "potion_healing")
    scene.game.hero.food = hunger.FULL + 1
    assert isinstance(scene.act(Eat(ration.id)), Impossible)
    scene.game.hero.food = 10
    assert isinstance(scene.act(Eat(potion.id)), Impossible)
    assert ration in scene.game.hero.inventory


def test_hunger_stops_a_rest() -> None:
    scene = scenario(SMALL)
    scene.game.hero.food = hunger.HUNGRY + 1
    watch = rest.begin(scene.game)
    assert isinstance(watch, rest.Watch)
    assert rest.interruption(scene.game, watch, until_healed=False) == ""
    scene.act(Rest())
    assert rest.interruption(scene.game, watch, until_healed=False) == (
        "You stop resting: you are hungry.")


def test_food_survives_a_save() -> None:
    scene = scenario(SMALL)
    scene.game.hero.food = -37
    copy = load_bytes(save_bytes(scene.game)).game
    assert copy.hero.food == -37
    assert state_hash(copy) == state_hash(scene.game)
