"""Doors as rolled on the Doors table, played on hand-drawn maps: unlocked, stuck, locked, trapped,
magically reinforced and sliding doors, and which monsters get through them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario import ScriptedRng, door, give, messages, monster, scenario

from game import pathing, tiles
from game.ai import maps
from game.rules import doors
from game.rules.actions import (
    CloseDoor,
    Impossible,
    Move,
    OpenDoor,
    Search,
    Success,
    Use,
    Wait,
)
from game.seeds import Rng

CORRIDOR = """
#######
#@+...#
#######
"""


def test_unlocked_door_opens_on_a_bump_and_closes_again() -> None:
    scene = scenario(CORRIDOR)
    door_at = scene.at("+")
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.player.pos == (1, 1), "opening a door does not walk into it"
    assert scene.floor.doors[door_at].is_open
    assert scene.floor.tiles[door_at[1], door_at[0]] == tiles.OPEN_DOOR
    assert scene.game.turn == 1
    assert isinstance(scene.act(CloseDoor(*door_at)), Success)
    assert not scene.floor.doors[door_at].is_open
    assert scene.floor.tiles[door_at[1], door_at[0]] == tiles.DOOR
    assert scene.game.turn == 2


def test_an_open_door_lets_sight_through_and_a_closed_one_blocks_it() -> None:
    scene = scenario(CORRIDOR)
    assert not scene.floor.visible[1, 4]
    scene.act(Move(1, 0))
    assert scene.floor.visible[1, 4]


def test_a_door_cannot_close_on_its_occupant() -> None:
    scene = scenario("""
        #######
        #@'g..#
        #######
    """, legend={"g": monster(mode="asleep")})
    door_at = scene.at("'")
    scene.monster("g").x = door_at[0]
    result = scene.act(CloseDoor(*door_at))
    assert isinstance(result, Impossible)
    assert scene.game.turn == 0
    scene.monster("g").x = 4
    scene.player.x = door_at[0]
    assert isinstance(scene.act(CloseDoor(*door_at)), Impossible), "the player stands in it"
    assert scene.floor.doors[door_at].is_open


def test_closing_needs_an_open_door_next_to_you() -> None:
    scene = scenario("""
        ########
        #@.'...#
        ########
    """)
    assert isinstance(scene.act(CloseDoor(3, 1)), Impossible)
    assert isinstance(scene.act(CloseDoor(2, 1)), Impossible)
    assert scene.game.turn == 0


@pytest.mark.parametrize(("face", "opens"), [(12, False), (13, True), (1, False), (20, True)])
def test_stuck_door_takes_a_strength_check_each_try(face: int, opens: bool) -> None:
    rng = ScriptedRng(d20=[face])
    scene = scenario(CORRIDOR, legend={"+": door("stuck", dc=15)}, rng=rng)
    assert scene.game.hero.strength == 2
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.game.turn == 1, "every try takes a turn"
    assert scene.floor.doors[scene.at("+")].is_open is opens
    assert not rng.d20, "the check rolled one d20"


def test_a_natural_20_forces_any_stuck_door() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("stuck", dc=40)}, rng=ScriptedRng(d20=[19, 20]))
    state = scene.floor.doors[(2, 1)]
    scene.act(OpenDoor(2, 1))
    assert (state.is_open, state.state) == (False, "stuck"), "19 + 2 is short of DC 40"
    scene.act(OpenDoor(2, 1))
    assert (state.is_open, state.state) == (True, "broken"), "a natural 20"
    assert scene.game.turn == 2


@pytest.mark.parametrize("state", ["stuck", "locked"])
def test_a_failed_try_weakens_the_door_and_says_so(state: str) -> None:
    scene = scenario(CORRIDOR, legend={"+": door(state, dc=27)}, rng=ScriptedRng(d20=[7, 7]))
    scene.act(OpenDoor(2, 1))
    assert "(7+2 vs DC 27): it gives a little." in messages(scene)[-1]
    assert scene.floor.doors[(2, 1)].dc == 26
    scene.act(OpenDoor(2, 1))
    assert "(7+2 vs DC 26)" in messages(scene)[-1], "the next try is easier"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       state=st.sampled_from(["stuck", "locked"]))
def test_any_door_short_of_magic_opens_within_a_bounded_number_of_tries(seed: int,
                                                                         state: str) -> None:
    """No floor dead-ends on a door roll: a DC 30 door, which needs more than a natural 20 plus
    strength, gives way after at most DC - 1 - strength failed tries whatever the dice say."""
    scene = scenario(CORRIDOR, legend={"+": door(state, dc=30)}, rng=Rng(seed))
    bound = 30 - 1 - scene.game.hero.strength + 1
    for _ in range(bound):
        scene.act(OpenDoor(2, 1))
        if scene.floor.doors[(2, 1)].is_open:
            break
    assert scene.floor.doors[(2, 1)].is_open, f"still shut after {bound} tries"
    assert scene.game.turn <= bound


def test_a_reinforced_door_is_not_weakened_by_hammering() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=12, reinforced=True)},
                     rng=ScriptedRng(d20=[]))
    for _ in range(30):
        assert isinstance(scene.act(OpenDoor(2, 1)), Impossible)
    state = scene.floor.doors[(2, 1)]
    assert (state.is_open, state.dc, scene.game.turn) == (False, 12, 0)


FORCE_MAP = """
##################
#@+..a..........b#
##################
"""


def test_forcing_a_door_makes_noise_that_wakes_monsters_nearby() -> None:
    sleeper = monster(mode="asleep")
    scene = scenario(FORCE_MAP, legend={"+": door("stuck", dc=30), "a": sleeper, "b": sleeper},
                     rng=ScriptedRng(d20=[2]))
    scene.act(Move(1, 0))
    assert not scene.floor.doors[(2, 1)].is_open
    assert scene.monster("a").mode == "hunt", "3 tiles from the door"
    assert scene.monster("b").mode == "asleep", "14 tiles from the door: out of earshot"


def test_locked_door_opens_with_its_key() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=25)}, rng=ScriptedRng(d20=[]))
    give(scene, "key", key_for=(2, 1))
    assert isinstance(scene.act(Move(1, 0)), Success)
    state = scene.floor.doors[(2, 1)]
    assert state.is_open and state.state == "unlocked"
    assert scene.game.rng.consumed == 0, "a key needs no roll"


def test_a_key_for_another_door_does_not_help() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=25)}, rng=ScriptedRng(d20=[3]))
    give(scene, "key", key_for=(5, 5))
    scene.act(Move(1, 0))
    assert not scene.floor.doors[(2, 1)].is_open


@pytest.mark.parametrize(("face", "opens"), [(12, False), (13, True), (20, False)])
def test_locked_door_breaks_on_strength_without_the_natural_20_rule(face: int, opens: bool) -> None:
    dc = 15 if face != 20 else 25
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=dc)}, rng=ScriptedRng(d20=[face]))
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.game.turn == 1
    state = scene.floor.doors[(2, 1)]
    assert state.is_open is opens
    assert state.state == ("broken" if opens else "locked")


def test_trapped_door_fires_on_opening() -> None:
    scene = scenario(CORRIDOR, legend={"+": door(trapped=True)})
    scene.act(Move(1, 0))
    assert scene.floor.doors[(2, 1)].is_open
    assert scene.player.hp < 30
    assert scene.floor.traps[(2, 1)].spent
    assert any("dart" in text for text in messages(scene))


def test_trapped_door_found_by_searching_opens_safely() -> None:
    rng = ScriptedRng(chances=[True])
    scene = scenario(CORRIDOR, legend={"+": door(trapped=True)}, rng=rng)
    scene.act(Search())
    assert scene.floor.doors[(2, 1)].trap_found
    assert rng.asked == [0.3], "one chance, at distance 1"
    scene.act(Move(1, 0))
    assert scene.floor.doors[(2, 1)].is_open
    assert scene.player.hp == 30
    assert any("carefully" in text for text in messages(scene))


def test_a_monster_opening_a_trapped_door_does_not_spring_it_on_the_player() -> None:
    scene = scenario("""
        #########
        #@.....+g#
        #########
    """, legend={"+": door(trapped=True), "g": monster(hp=50)})
    scene.act(Wait())
    assert scene.floor.doors[(7, 1)].is_open, "the monster opened it"
    assert scene.player.hp == 30, "the trap is on a door far from the player"


@pytest.mark.parametrize("state", ["locked", "unlocked", "stuck"])
def test_reinforced_door_cannot_be_forced(state: str) -> None:
    legend = {"+": door(state, dc=30, reinforced=True)}
    scene = scenario(CORRIDOR, legend=legend, rng=ScriptedRng(d20=[20, 20]))
    result = scene.act(Move(1, 0))
    assert isinstance(result, Impossible)
    assert "magic" in result.reason
    assert scene.game.turn == 0
    assert not scene.floor.doors[(2, 1)].is_open
    assert len(scene.game.rng.d20) == 2, "no roll is made"  # type: ignore[attr-defined]


def test_reinforced_door_opens_with_its_key() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=30, reinforced=True)})
    give(scene, "key", key_for=(2, 1))
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.floor.doors[(2, 1)].is_open


def test_reinforced_door_yields_to_a_scroll_of_knock() -> None:
    scene = scenario(CORRIDOR, legend={"+": door("locked", dc=40, reinforced=True)})
    scroll = give(scene, "scroll_knock")
    assert isinstance(scene.act(Use(scroll.id, (2, 1))), Success)
    state = scene.floor.doors[(2, 1)]
    assert not state.sealed
    assert not state.is_open, "knock undoes the locks; the door still has to be opened"
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert state.is_open


@pytest.mark.parametrize(("opening", "words"), [
    ("slides_side", "slides into the wall"),
    ("slides_down", "slides down into the floor"),
    ("slides_up", "slides up into the ceiling"),
])
def test_sliding_doors_say_which_way_they_slide(opening: str, words: str) -> None:
    scene = scenario(CORRIDOR, legend={"+": door(opening=opening)})
    scene.act(Move(1, 0))
    assert any(words in text for text in messages(scene))
    assert opening.replace("_", " ") in doors.describe(scene.floor.doors[(2, 1)])


def test_an_ordinary_door_says_nothing_about_sliding() -> None:
    scene = scenario(CORRIDOR)
    scene.act(Move(1, 0))
    assert not any("slides" in text for text in messages(scene))


# Two ways from the monster to the player: 8 steps through the door, 12 around the loop.
LOOP = """
###########
#.........#
#.#######.#
#@...+...g#
###########
"""


def test_a_door_opener_comes_through_a_closed_door() -> None:
    scene = scenario(LOOP, legend={"g": monster(opens_doors=True)})
    for _ in range(4):
        scene.act(Wait())
    assert scene.floor.doors[(5, 3)].is_open
    assert scene.monster("g").y == 3, "it took the short way"


def test_a_monster_that_cannot_open_doors_goes_around() -> None:
    scene = scenario(LOOP, legend={"g": monster(opens_doors=False)})
    approach = maps.approach_map(scene.floor, scene.player.pos, through_doors=False)
    assert approach[3, 5] == pathing.UNREACHED, "its map has no way through the door"
    scene.act(Wait())
    assert scene.monster("g").pos == (9, 2)
    for _ in range(12):
        scene.act(Wait())
    assert not scene.floor.doors[(5, 3)].is_open
    assert max(abs(scene.monster("g").x - 1), abs(scene.monster("g").y - 3)) == 1


@pytest.mark.parametrize("sealed", [door("locked", dc=20), door(dc=20, reinforced=True)])
def test_sealed_doors_stop_every_monster(sealed: object) -> None:
    assert isinstance(sealed, type(door()))
    scene = scenario(LOOP, legend={"g": monster(opens_doors=True), "+": sealed})
    scene.act(Wait())
    assert scene.monster("g").pos == (9, 2), "it heads around, not at the sealed door"
    for _ in range(12):
        scene.act(Wait())
    assert not scene.floor.doors[(5, 3)].is_open
    assert max(abs(scene.monster("g").x - 1), abs(scene.monster("g").y - 3)) == 1


def test_a_sealed_door_holds_a_door_opener_with_no_other_way() -> None:
    scene = scenario("""
        ########
        #@..+.g#
        ########
    """, legend={"g": monster(), "+": door("locked", dc=20)})
    for _ in range(5):
        scene.act(Wait())
    assert not scene.floor.doors[(4, 1)].is_open
    assert scene.monster("g").x >= 5


@pytest.mark.parametrize(("opener", "opens"), [(True, True), (False, False)])
def test_only_door_openers_open_doors(opener: bool, opens: bool) -> None:
    scene = scenario("""
        #######
        #@..+g#
        #######
    """, legend={"g": monster(opens_doors=opener, mode="wander")})
    result = doors.open_door(scene.game, scene.monster("g"), 4, 1)
    assert isinstance(result, Success) is opens
    assert scene.floor.doors[(4, 1)].is_open is opens


@pytest.mark.parametrize(("face", "opens"), [(10, False), (13, True)])
def test_a_monster_forces_a_stuck_door_with_a_roll(face: int, opens: bool) -> None:
    scene = scenario("""
        ########
        #@...+g#
        ########
    """, legend={"g": monster(), "+": door("stuck", dc=15)}, rng=ScriptedRng(d20=[face]))
    scene.act(Wait())
    state = scene.floor.doors[(5, 1)]
    assert state.is_open is opens
    assert state.state == ("broken" if opens else "stuck")
    assert scene.monster("g").pos == (6, 1), "the try was its turn"
