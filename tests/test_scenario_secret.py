"""Secret doors on hand-drawn maps (`S`): wall to sight, feet and monsters until a search beside
them, or a scroll of magic mapping, finds them; then plain doors."""

from __future__ import annotations

from scenario import ScriptedRng, give, messages, scenario

from game import tiles
from game.ai import maps
from game.rules.actions import Impossible, Move, OpenDoor, Search, Use
from game.rules.traps import SECRET_CHANCE
from game.ui.describe import feature_text

CLOSET = """
#######
#.....#
###S###
#..@..#
#######
"""


def test_a_secret_door_is_a_wall_until_a_search_finds_it() -> None:
    rng = ScriptedRng(chances=[False, True])
    scene = scenario(CLOSET, rng=rng)
    door = scene.at("S")
    assert isinstance(scene.act(Move(0, -1)), Impossible)
    assert isinstance(scene.act(OpenDoor(*door)), Impossible)
    assert feature_text(scene.floor, *door) == "wall", "looking gives nothing away"
    assert not maps.walk_map(scene.floor, through_doors=True)[door[1], door[0]]
    scene.act(Search())
    assert scene.floor.tiles[door[1], door[0]] == tiles.SECRET_DOOR
    scene.act(Search())
    assert rng.asked == [SECRET_CHANCE, SECRET_CHANCE]
    assert scene.floor.tiles[door[1], door[0]] == tiles.DOOR
    assert "You find a secret door!" in messages(scene)
    assert "door" in feature_text(scene.floor, *door)
    scene.act(Move(0, -1))  # bumping opens it, as any door
    assert scene.floor.doors[door].is_open
    scene.act(Move(0, -1))
    assert scene.player.pos == door


def test_only_a_search_beside_it_can_find_it() -> None:
    scene = scenario(CLOSET.replace("#..@..#", "#@....#"), rng=ScriptedRng(chances=[True] * 20))
    for _ in range(20):
        scene.act(Search())
    x, y = scene.at("S")
    assert scene.floor.tiles[y, x] == tiles.SECRET_DOOR
    assert not any("secret" in text for text in messages(scene))


def test_searching_finds_it_about_as_often_as_the_chance_says() -> None:
    found = 0
    for seed in range(200):
        scene = scenario(CLOSET, seed=str(seed))
        scene.act(Search())
        x, y = scene.at("S")
        found += scene.floor.tiles[y, x] == tiles.DOOR
    assert abs(found / 200 - SECRET_CHANCE) < 0.1


def test_magic_mapping_shows_secret_doors_as_doors() -> None:
    scene = scenario(CLOSET.replace("#..@..#", "#@....#"))
    scene.act(Use(give(scene, "scroll_mapping").id))
    x, y = scene.at("S")
    assert scene.floor.tiles[y, x] == tiles.DOOR and scene.floor.explored[y, x]


def test_a_knock_cannot_find_a_secret_door() -> None:
    scene = scenario(CLOSET)
    door = scene.at("S")
    result = scene.act(Use(give(scene, "scroll_knock").id, door))
    assert isinstance(result, Impossible)
    assert scene.floor.tiles[door[1], door[0]] == tiles.SECRET_DOOR
