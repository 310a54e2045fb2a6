"""Exact numbers of the rules a player meets, pinned where a mutation run (issue 34, `make
mutate`) found them loose: an offering heals the wound and no more, a trap's wound grows by half
the depth, Toughness heals what it adds, a captive anywhere beside the hero is freed by the use
key, plurals of words ending in a vowel and y, and the eight ways a noise is heard from."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import ScriptedRng, messages, monster, scenario

from game.content.bestiary import default_bestiary
from game.rules import abilities, combat, features, items, shove, talents
from game.rules.actions import Interact, Move, Offer, Shove, Success
from game.rules.noise import direction_word
from game.seeds import Rng
from game.world.build import monster_from
from game.world.kinds import Mode
from game.world.model import Actor, FeatureState, Trap


class Answered(Rng):
    """The gods always answer (`below` draws 0) and every die shows its highest face."""

    def below(self, n: int) -> int:
        return 0

    def randint(self, low: int, high: int) -> int:
        return high


ALTAR = """
#########
#@A.....#
#########
"""


def test_an_offering_heals_the_wound_and_no_more() -> None:
    """A small gift heals up to its die's worth, but never past the hero's maximum."""
    scene = scenario(ALTAR, legend={"A": FeatureState("Altar", "sacred")}, rng=Answered(3),
                     hp=30)
    scene.player.hp = 29
    scene.game.hero.gold = features.OFFER_UNIT
    assert isinstance(scene.act(Offer(*scene.at("A"), features.OFFER_UNIT)), Success)
    assert scene.player.hp == scene.player.max_hp == 30
    assert any("heals you (1)" in text for text in messages(scene))


def test_an_offering_of_some_worth_heals_its_worth_in_dice() -> None:
    """Worth 2 (below a whole healing): two times the die (6 with these dice), 12 in all."""
    scene = scenario(ALTAR, legend={"A": FeatureState("Altar", "sacred")}, rng=Answered(3),
                     hp=50)
    scene.player.hp = 10
    gift = 2 * features.OFFER_UNIT
    scene.game.hero.gold = gift
    scene.act(Offer(*scene.at("A"), gift))
    assert scene.player.hp == 22


ROOM = """
#######
#.....#
#.T@..#
#.....#
#######
"""


def test_a_trap_wounds_by_its_dice_and_half_the_depth() -> None:
    """A dart on depth 5 at its highest face: 6 and half of 5 (2) is 8."""
    shallow = [ROOM.replace("@", ".")] * 4
    scene = scenario(*shallow, ROOM, legend={"T": Trap("dart", 12)}, rng=Answered(3), hp=40)
    assert scene.floor.depth == 5
    scene.act(Move(-1, 0))
    assert scene.player.hp == 40 - 8
    assert any(text.endswith("for 8!") for text in messages(scene))


def test_toughness_raises_the_maximum_and_heals_as_much() -> None:
    scene = scenario(ROOM.replace("T", "."), hp=30)
    scene.player.hp = 12
    talents.learn(scene.game, "toughness")
    assert (scene.player.hp, scene.player.max_hp) == (22, 40)


@pytest.mark.parametrize("spot", ["east", "south", "south-east", "west", "north-west"])
def test_the_use_key_frees_a_captive_anywhere_beside_the_hero(spot: str) -> None:
    """Interact() with no place named takes the first captive beside the hero in reading order,
    not only one in the first place looked at."""
    offsets = {"east": (1, 0), "south": (0, 1), "south-east": (1, 1), "west": (-1, 0),
               "north-west": (-1, -1)}
    dx, dy = offsets[spot]
    rows = [list(row) for row in ROOM.replace("T", ".").strip("\n").splitlines()]
    rows[2 + dy][3 + dx] = "c"
    drawn = "\n".join("".join(row) for row in rows)
    shackled = dataclasses.replace(monster("soldier", name="goblin guard", mode="guard"),
                                   captive=True)
    scene = scenario(drawn, legend={"c": shackled})
    scene.act(Interact())
    freed = scene.monster("c")
    assert freed.ally and not freed.captive


def test_plurals_of_words_ending_in_y() -> None:
    """A consonant and y makes -ies; a vowel and y keeps its y."""
    assert [items.plural(n) for n in ("key", "monkey", "harpy", "fly", "ray")] == [
        "keys", "monkeys", "harpies", "flies", "rays"]


@pytest.mark.parametrize(("dx", "dy", "way"), [
    (0, -3, "north"), (3, -1, "east"), (-3, -1, "west"), (3, 1, "east"), (-3, 1, "west"),
    (1, -3, "north"), (1, 3, "south"), (-1, 3, "south"), (2, -1, "north-east"),
    (-2, 1, "south-west"), (1, -2, "north-east"), (-1, -2, "north-west"), (0, 0, "here"),
])
def test_a_noise_is_placed_in_the_nearest_of_eight_ways(dx: int, dy: int, way: str) -> None:
    """Within about a half-step of a straight line, the way is straight: three east and one
    north is east, not north-east."""
    assert direction_word(dx, dy) == way


@pytest.mark.parametrize(("name", "wound"), [("Mold", 4 + 2), ("Broken glass", 3 + 2),
                                             ("Loose masonry", 6 + 2)])
def test_a_hazard_wounds_by_its_dice_and_a_third_of_the_depth(name: str, wound: int) -> None:
    """Mold 1d4, glass 1d3, stones 1d6 (each at its highest face here), plus 7 // 3 on depth 7."""
    shallow = [ROOM.replace("@", ".").replace("T", ".")] * 6
    scene = scenario(*shallow, ROOM.replace("T", "F"), legend={"F": FeatureState(name, "hazard")},
                     rng=Answered(3), hp=40)
    assert scene.floor.depth == 7
    scene.act(Move(-1, 0))
    assert scene.player.hp == 40 - wound, messages(scene)


@pytest.mark.parametrize(("dx", "dy"), [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1),
                                        (-1, 0), (-1, -1)])
def test_the_use_key_finds_a_feature_on_any_side(dx: int, dy: int) -> None:
    rows = [list(row) for row in ROOM.replace("T", ".").strip("\n").splitlines()]
    rows[2 + dy][3 + dx] = "A"
    scene = scenario("\n".join("".join(row) for row in rows),
                     legend={"A": FeatureState("Altar", "sacred")})
    spot = scene.at("A")
    assert features.use_spot(scene.floor, scene.player.pos) == spot
    scene.player.hp = 5
    assert isinstance(scene.act(Interact()), Success)
    assert scene.player.hp == scene.player.max_hp  # the altar's one free blessing


def ogre() -> Actor:
    """An ogre as a floor makes it: it charges down a clear line (game.rules.abilities)."""
    made = monster_from(default_bestiary().get("ogre"), -1, (-1, -1), elite=False)
    made.mode = Mode.HUNT
    return made


@pytest.mark.parametrize("why", ["beside the hero", "recharging", "webbed", "out of sight"])
def test_an_ogre_charges_only_when_ready_free_at_two_or_more_and_seeing(why: str) -> None:
    drawn = {"beside the hero": "#....O@..#", "recharging": "#O...@...#",
             "webbed": "#O...@...#", "out of sight": "#O.#.@...#"}[why]
    scene = scenario(f"##########\n{drawn}\n##########", legend={"O": ogre()})
    brute = scene.monster("O")
    if why == "recharging":
        brute.cooldowns["charge"] = 3
    if why == "webbed":
        brute.effects["webbed"] = 3
    before = brute.pos
    assert not abilities.act(scene.game, brute)
    assert brute.pos == before and not any("charges" in text for text in messages(scene))


def test_only_a_troop_beside_its_living_commander_strikes_harder() -> None:
    """A commanded troop adds COMMAND_BONUS to its damage; the commander itself and a band member
    that is no troop do not, nor a troop whose commander is dead."""
    scene = scenario("""
        ########
        #@..cts#
        ########
    """, legend={"c": monster("leader", group=1, part="commander", damage="1d4"),
                 "t": monster("soldier", group=1, part="troop", damage="1d4"),
                 "s": monster("skirmisher", group=1, part="striker", damage="1d4")},
        rng=Answered(3))
    game = scene.game
    assert combat.damage_roll(game, scene.monster("t"), False) == 4 + combat.COMMAND_BONUS
    assert combat.damage_roll(game, scene.monster("c"), False) == 4
    assert combat.damage_roll(game, scene.monster("s"), False) == 4
    scene.monster("c").hp = 0
    assert combat.damage_roll(game, scene.monster("t"), False) == 4


@pytest.mark.parametrize(("over", "moved"), [(0, True), (-1, False)])
def test_a_shove_moves_a_monster_at_d20_plus_strength_of_ten_plus_its_heft(
    over: int, moved: bool
) -> None:
    """A monster of 10 hit points (heft 1) is moved by a d20 + strength of 11, not 10; the odds
    the game shows say the same."""
    scene = scenario("""
        #######
        #.@g..#
        #######
    """, legend={"g": monster(hp=10, attack=-50)}, rng=ScriptedRng())
    strength = shove.strength(scene.game)
    needed = 11 - strength
    assert 2 <= needed + over <= 19
    assert shove.shove_chance(scene.game, scene.monster("g")) == 5 * (21 - needed)
    rng = scene.game.rng
    assert isinstance(rng, ScriptedRng)
    rng.d20 = [needed + over]
    scene.act(Shove(1, 0))
    assert ("You shove the soldier back!" in messages(scene)) == moved, messages(scene)
