"""Chamber features in play, one scenario (at least) per effect class, on hand-drawn maps."""

from __future__ import annotations

import pytest
from scenario import give, messages, monster, scenario

from game.content.features import feature_kinds
from game.rules import gear
from game.rules.actions import Equip, Impossible, Interact, Move, Success
from game.rules.combat import COVER_BONUS, cover
from game.rules.features import INERT, WATERS, water_effect
from game.world.fov import LIGHT_REACH, SIGHT_RADIUS
from game.world.kinds import Mode
from game.world.model import FeatureState, Trap

ROOM = """
###########
#@F.......#
#.........#
###########
"""


def feature(name: str, effect: str) -> FeatureState:
    return FeatureState(name, effect)


def test_an_obstacle_blocks_walking_and_sight_and_a_bump_names_it_in_no_time() -> None:
    scene = scenario("""
        #########
        #@P.....#
        #########
    """, legend={"P": feature("Pillar", "cover")})
    start, turn = scene.player.pos, scene.game.turn
    result = scene.act(Move(1, 0))
    assert isinstance(result, Impossible) and scene.player.pos == start
    assert "pillar" in result.reason.lower() and scene.game.turn == turn
    x, y = scene.at("P")
    assert not scene.floor.walkable()[y, x] and not scene.floor.transparent()[y, x]
    assert not scene.floor.visible[y, x + 2]


@pytest.mark.parametrize("effect", sorted(INERT))
def test_the_use_key_on_a_feature_it_cannot_use_says_what_it_is_for_free(effect: str) -> None:
    """`a` on an alcove spent a turn to repeat its description."""
    kind = next(k for k in feature_kinds().values() if k.effect == effect)
    scene = scenario(ROOM, legend={"F": feature(kind.name, effect)})
    turn = scene.game.turn
    result = scene.act(Interact())
    assert isinstance(result, Impossible)
    assert result.reason == f"The {kind.name.lower()}. {kind.text}"
    assert scene.game.turn == turn


def test_cover_makes_shots_harder() -> None:
    scene = scenario(ROOM, legend={"F": feature("Barrel", "cover")})
    assert cover(scene.game, scene.player) == COVER_BONUS
    scene.player.x += 5
    assert cover(scene.game, scene.player) == 0


def test_a_light_widens_sight_nearby() -> None:
    wide = "#" * 40
    hall = "\n".join([wide, "#@L" + "." * 36 + "#", wide])
    scene = scenario(hall, legend={"L": feature("Brazier", "light")})
    y = scene.player.y
    assert scene.floor.visible[y, SIGHT_RADIUS + 3]
    far = scenario(hall.replace("L", "."))
    assert not far.floor.visible[y, SIGHT_RADIUS + 3]
    assert LIGHT_REACH >= 1


def test_a_container_is_searched_once() -> None:
    scene = scenario(ROOM, legend={"F": feature("Chest", "container")})
    gold, items = scene.game.hero.gold, len(scene.floor.items)
    assert isinstance(scene.act(Interact()), Success)
    found = scene.game.hero.gold > gold or len(scene.floor.items) > items or any(
        "empty" in m for m in messages(scene))
    assert found and scene.floor.features[scene.at("F")].used
    turn = scene.game.turn
    result = scene.act(Interact())
    assert isinstance(result, Impossible) and "nothing more to give" in result.reason
    assert scene.game.turn == turn, "bumping a spent feature costs no turn"


def test_water_is_fixed_per_run_and_name() -> None:
    effects = {water_effect(seed, "Fountain") for seed in range(40)}
    assert effects == set(WATERS)
    assert water_effect(7, "Fountain") == water_effect(7, "fountain")
    scene = scenario(ROOM, legend={"F": feature("Fountain", "water")})
    scene.player.hp = 10
    scene.act(Interact())
    assert "You drink from the fountain" in " ".join(messages(scene))


@pytest.mark.parametrize(("name", "word"), [
    ("Mold", "poisons"), ("Broken glass", "cuts"), ("Loose masonry", "stones"),
])
def test_hazards_hurt_on_stepping(name: str, word: str) -> None:
    scene = scenario(ROOM, legend={"F": feature(name, "hazard")})
    scene.act(Move(1, 0))
    assert scene.player.hp < 30 and word in " ".join(messages(scene))


def test_cobwebs_hold_the_hero() -> None:
    scene = scenario(ROOM, legend={"F": feature("Cobwebs", "hazard")})
    scene.act(Move(1, 0))
    here = scene.player.pos
    scene.act(Move(1, 0))
    assert scene.player.pos == here and "stuck" in " ".join(messages(scene))


def test_a_chasm_drops_the_hero_a_floor() -> None:
    scene = scenario(ROOM, """
        #####
        #...#
        #####
    """, legend={"F": feature("Chasm", "hazard")})
    scene.act(Move(1, 0))
    assert scene.game.depth == 2


def test_a_shallow_pit_hurts_and_keeps_the_hero_on_the_floor() -> None:
    scene = scenario(ROOM, """
        #####
        #...#
        #####
    """, legend={"F": feature("Pit (shallow)", "hazard")})
    scene.act(Move(1, 0))
    assert scene.game.depth == 1
    assert scene.player.hp < 30
    assert any("climb back out" in text for text in messages(scene))


def test_prayer_at_an_altar_heals_once() -> None:
    scene = scenario(ROOM, legend={"F": feature("Altar", "sacred")})
    scene.player.hp = 5
    scene.act(Interact())
    assert scene.player.hp == scene.player.max_hp


def test_an_idol_curses_and_runes_show_traps() -> None:
    scene = scenario("""
        ########
        #R@F.T.#
        ########
    """, legend={"F": feature("Idol", "sacred"), "R": feature("Runes", "sacred"),
                 "T": Trap("dart", 15)})
    sword = give(scene, "sword")
    scene.act(Equip(sword.id))
    hp = scene.player.hp
    scene.act(Interact(*scene.at("F")))
    assert sword.improved == ["idol"] and scene.player.hp < hp
    scene.act(Interact(*scene.at("R")))
    assert scene.floor.traps[scene.at("T")].found


def test_a_gong_wakes_the_floor() -> None:
    scene = scenario("""
        ##############################
        #@F.........................g#
        ##############################
    """, legend={"F": feature("Gong", "noise"), "g": monster(mode="asleep")})
    scene.act(Interact())
    assert scene.monster("g").mode != Mode.ASLEEP


def test_an_anvil_improves_the_worn_armour_once() -> None:
    scene = scenario(ROOM, legend={"F": feature("Anvil", "craft")})
    mail = give(scene, "chain")
    scene.act(Equip(mail.id))
    ac = gear.total(scene.game.hero, "ac")
    scene.act(Interact())
    scene.act(Interact())
    assert gear.total(scene.game.hero, "ac") == ac + 1 and mail.improved == ["anvil"]


def test_claw_marks_point_at_a_monster() -> None:
    scene = scenario("""
        ###########
        #@F......g#
        ###########
    """, legend={"F": feature("Claw marks", "clue"), "g": monster(mode="asleep")})
    scene.act(Interact())
    assert "to the east" in messages(scene)[-1]


def test_a_corpse_gives_loot() -> None:
    scene = scenario(ROOM, legend={"F": feature("Corpse (adventurer)", "clue")})
    scene.act(Interact())
    assert scene.game.hero.gold > 0


def test_rubble_costs_a_second_turn() -> None:
    scene = scenario(ROOM, legend={"F": feature("Mound of rubble", "terrain")})
    turn = scene.game.turn
    result = scene.act(Move(1, 0))
    assert isinstance(result, Success) and result.turns == 2 and scene.game.turn == turn + 2


def test_bars_stop_walking_but_not_sight_and_a_ladder_sees_further() -> None:
    scene = scenario(ROOM, legend={"F": feature("Iron bars", "passage")})
    x, y = scene.at("F")
    assert not scene.floor.walkable()[y, x] and scene.floor.transparent()[y, x]
    wide = "#" * 40
    hall = "\n".join([wide, "#@" + "." * 37 + "#", wide])
    up = scenario(hall, legend={"@": feature("Ladder", "passage")})
    assert up.floor.visible[up.player.y, SIGHT_RADIUS + 3]


def test_decor_keeps_its_line_of_text() -> None:
    scene = scenario(ROOM, legend={"F": feature("Carpet", "decor"), "@": feature("Ash", "decor")})
    scene.act(Interact(*scene.at("F")))
    assert "carpet" in messages(scene)[-1].lower()



@pytest.mark.parametrize(("name", "effect", "said"), [
    ("Pouch", "container", "There is a pouch here (a: search it)."),
    ("Pool", "water", "There is a pool here (a: drink from it)."),
    ("Evil symbol", "sacred", "There is an evil symbol here (a: touch it)."),
    ("Runes", "sacred", "There are runes here (a: study it)."),
    ("Drum", "noise", "There is a drum here (a: strike it)."),
    ("Paper", "clue", "There is some paper here (a: study it)."),
    ("Bones (humanoid)", "clue", "There are bones (humanoid) here (a: search it)."),
])
def test_stepping_onto_a_feature_says_which_key_uses_it(name: str, effect: str,
                                                        said: str) -> None:
    scene = scenario(ROOM, legend={"F": feature(name, effect)})
    scene.game.hero.equipment["weapon"] = give(scene, "dagger").id  # what an idol works on
    scene.act(Move(1, 0))
    assert messages(scene)[-1] == said
    scene.act(Interact(-1, -1))
    scene.player.effects.clear()  # a confusing drink must not send the next steps astray
    if effect != "noise":
        scene.act(Move(-1, 0))
        scene.act(Move(1, 0))
        spent = said[:said.rindex("(")] + "(used up)."
        assert spent in messages(scene)[-2:], "stepping on again: it has nothing more to give"
