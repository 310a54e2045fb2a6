"""A noise heard every turn of a fight out of sight reads as one line that counts, not a flood
between the blows (issue 13); a rest still stops for every repeat."""

from __future__ import annotations

from scenario import scenario

from game.rules import noise, rest
from game.world.kinds import MessageKind

MAP = """
    #########
    #a#.....#
    ###..@..#
    #.......#
    #########
"""


def test_a_repeated_noise_counts_on_one_line_moved_to_the_end() -> None:
    scene = scenario(MAP)
    origin = scene.at("a")
    assert not scene.floor.visible[origin[1], origin[0]]
    for blow in range(12):
        noise.hear(scene.game, origin, 8, "a noise")
        scene.game.log(f"Something hits you for {blow}.", MessageKind.HURT)
    noise.hear(scene.game, origin, 8, "a noise")
    texts = [m.text for m in scene.game.messages.messages]
    assert texts.count("You hear a noise to the west.") == 1
    last = scene.game.messages.messages[-1]
    assert (last.text, last.count) == ("You hear a noise to the west.", 13)


def test_a_noise_after_a_long_quiet_gets_a_line_of_its_own() -> None:
    scene = scenario(MAP)
    noise.hear(scene.game, scene.at("a"), 8, "a noise")
    for line in range(8):
        scene.game.log(f"You walk {line}.")
    noise.hear(scene.game, scene.at("a"), 8, "a noise")
    texts = [m.text for m in scene.game.messages.messages]
    assert texts.count("You hear a noise to the west.") == 2


def test_a_rest_still_stops_for_a_repeated_noise() -> None:
    scene = scenario(MAP)
    noise.hear(scene.game, scene.at("a"), 8, "a noise")
    scene.game.log("You search.")
    watch = rest.begin(scene.game)
    assert not isinstance(watch, str)
    assert rest.interruption(scene.game, watch, until_healed=False) == ""
    noise.hear(scene.game, scene.at("a"), 8, "a noise")
    assert rest.interruption(scene.game, watch, until_healed=False) == (
        "You stop resting: you hear a noise to the west.")
