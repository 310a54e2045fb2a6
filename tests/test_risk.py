"""Risk in the unknown: each harmful kind does what it says, a cursed ring stays on until a scroll
lifts its curse, a crafting feature improves one item once, the codex marks harmful kinds, and
few feature names are left as pure decor."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from scenario import give, messages, monster, scenario

from game.codex import describe_spot
from game.content.features import FEATURES_PATH
from game.content.items import UNKNOWN_KINDS, item_kinds
from game.rules import crafting, gear
from game.rules.actions import Drop, Equip, Impossible, Interact, Success, Throw, Use, Wait
from game.save.codec import load_bytes, save_bytes
from game.ui.describe import describe_at
from game.words import article
from game.world.dreams import seen_as
from game.world.fov import DARK_RADIUS, SIGHT_RADIUS
from game.world.kinds import Mode
from game.world.model import FeatureState
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent
HALL = """
    #####################
    #@..................#
    #...................#
    #...................#
    #####################
"""


def test_at_least_eight_unknown_kinds_are_harmful_and_the_codex_says_so() -> None:
    unknown = [k for k in item_kinds().values() if k.kind in UNKNOWN_KINDS]
    harmful = {k.key for k in unknown if k.harmful}
    assert len(harmful) >= 8
    shown = subprocess.run([sys.executable, "run.py", "codex", "items", "--json"], check=True,
                           capture_output=True, text=True, cwd=ROOT).stdout
    entries = {entry["key"]: entry for entry in json.loads(shown)}
    assert {key for key, facts in entries.items() if facts["harmful"]} == {
        k.key for k in item_kinds().values() if k.harmful}
    assert entries["potion_healing"]["harmful"] is False
    assert entries["ring_weakness"]["harmful"] is True


def test_a_potion_of_darkness_shrinks_sight() -> None:
    scene = scenario(HALL)
    potion = give(scene, "potion_darkness")
    scene.act(Use(potion.id))
    assert "darkened" in scene.player.effects
    seen = scene.floor.visible.nonzero()[1]
    assert max(seen) - scene.player.x <= DARK_RADIUS < SIGHT_RADIUS


def test_a_potion_of_hallucination_leaves_the_hero_seeing_things() -> None:
    """Monsters look like other kinds, changing turn by turn; the map, the hover line and look
    all tell the same lie, and the truth comes back when the potion wears off."""
    scene = scenario("""
        #####################
        #@.......o..........#
        #...................#
        #####################
    """, legend={"o": monster("brute", name="orc thug", mode="asleep")})
    orc = scene.monster("o")
    assert seen_as(scene.game, orc) is None
    scene.act(Use(give(scene, "potion_hallucination").id))
    assert scene.player.effects["hallucinating"] > 0
    dreams = []
    for _ in range(12):
        dreamed = seen_as(scene.game, orc)
        assert dreamed is not None
        dreams.append(dreamed.key)
        assert describe_at(scene.game, *orc.pos).startswith(article(dreamed.name.lower()))
        assert describe_spot(scene.game, *orc.pos)[0].name == dreamed.name
        scene.act(Wait())
    assert len(set(dreams)) > 3
    scene.player.effects.pop("hallucinating")
    assert "orc thug" in describe_at(scene.game, *orc.pos)


def test_a_potion_of_incineration_burns_the_drinker_and_those_beside() -> None:
    scene = scenario("""
        #######
        #@g..h#
        #######
    """, legend={"g": monster(hp=50), "h": monster(hp=50, mode="asleep")})
    hp = scene.player.hp
    scene.act(Use(give(scene, "potion_incineration").id))
    assert scene.player.hp < hp
    assert scene.monster("g").hp < 50 and scene.monster("h").hp == 50


def test_a_potion_of_sleep_loses_turns() -> None:
    scene = scenario(HALL)
    turn = scene.game.turn
    result = scene.act(Use(give(scene, "potion_sleep").id))
    assert isinstance(result, Success)
    assert scene.game.turn - turn == 1 + item_kinds()["potion_sleep"].turns


def test_a_thrown_potion_of_sleep_sends_a_monster_to_sleep() -> None:
    scene = scenario(HALL.replace("@...", "@..g"), legend={"g": monster(hp=50)})
    scene.act(Throw(give(scene, "potion_sleep").id, scene.at("g")))
    assert scene.monster("g").mode == Mode.ASLEEP


def test_a_scroll_of_aggravate_monsters_wakes_the_floor() -> None:
    scene = scenario(HALL.replace("..................#\n    #...", "................g.#\n    #..."),
                     legend={"g": monster(mode="asleep")})
    scene.act(Use(give(scene, "scroll_aggravate").id))
    assert scene.monster("g").mode == Mode.HUNT
    assert "shriek" in " ".join(messages(scene))


def test_a_scroll_of_summon_monster_brings_a_band() -> None:
    scene = scenario(HALL)
    scene.act(Use(give(scene, "scroll_summon").id))
    near = [m for m in scene.floor.monsters if m.alive]
    assert len(near) >= 2
    assert all(m.mode == Mode.HUNT for m in near)


def test_a_cursed_ring_stays_on_until_the_curse_is_lifted() -> None:
    scene = scenario(HALL)
    ring = give(scene, "ring_weakness", known=False)
    scene.act(Equip(ring.id))
    assert "ring_weakness" in scene.game.identified  # the hero learns it at once
    assert gear.total(scene.game.hero, "strength") == -2
    assert isinstance(scene.act(Equip(ring.id)), Impossible)  # it will not come off
    assert isinstance(scene.act(Drop(ring.id)), Impossible)
    other = give(scene, "ring_protection")
    assert isinstance(scene.act(Equip(other.id)), Impossible)  # nor give way to another
    give(scene, "scroll_identify")
    scene.act(Use(give(scene, "scroll_identify").id))
    assert isinstance(scene.act(Equip(ring.id)), Impossible)  # identify does not lift it
    scene.act(Use(give(scene, "scroll_remove_curse").id))
    assert ring.uncursed
    assert isinstance(scene.act(Equip(ring.id)), Success)
    assert "ring" not in scene.game.hero.equipment


def test_a_lifted_curse_and_an_improvement_survive_a_save() -> None:
    scene = scenario(HALL)
    ring = give(scene, "ring_weakness")
    ring.uncursed = True
    sword = give(scene, "sword")
    sword.improved = ["anvil", "whetstone"]
    copy = load_bytes(save_bytes(scene.game)).game
    assert state_hash(copy) == state_hash(scene.game)
    assert {i.kind: (i.improved, i.uncursed) for i in copy.hero.inventory} == {
        "ring_weakness": ([], True), "sword": (["anvil", "whetstone"], False)}


@pytest.mark.parametrize("name", ["Anvil", "Whetstone", "Forge", "Bellows", "Tongs"])
def test_a_craft_feature_improves_the_wielded_weapon_once(name: str) -> None:
    scene = scenario("""
        #####
        #@F.#
        #####
    """, legend={"F": FeatureState(name, "craft")})
    sword = give(scene, "sword")
    scene.act(Equip(sword.id))
    attack = gear.total(scene.game.hero, "attack")
    assert isinstance(scene.act(Interact(*scene.at("F"))), Success)
    assert gear.total(scene.game.hero, "attack") == attack + crafting.IMPROVEMENT
    assert isinstance(scene.act(Interact(*scene.at("F"))), Impossible)  # used up
    assert gear.total(scene.game.hero, "attack") == attack + crafting.IMPROVEMENT
    scene.act(Equip(sword.id))  # taken off: the improvement goes with the item
    assert gear.total(scene.game.hero, "attack") == 0
    assert scene.player.attack == 3  # nothing was added to the hero


def test_one_kind_of_feature_improves_an_item_only_once() -> None:
    scene = scenario("""
        #####
        #F@F#
        #####
    """, legend={"F": FeatureState("Anvil", "craft")})
    sword = give(scene, "sword")
    scene.act(Equip(sword.id))
    assert isinstance(scene.act(Interact(*scene.at("F", 0))), Success)
    refused = scene.act(Interact(*scene.at("F", 1)))
    assert isinstance(refused, Impossible) and "nothing you wear" in refused.reason
    assert not scene.floor.features[scene.at("F", 1)].used  # left for another item
    assert sword.improved == ["anvil"]
    mail = give(scene, "chain")
    scene.act(Equip(mail.id))
    assert isinstance(scene.act(Interact(*scene.at("F", 1))), Success)
    assert mail.improved == ["anvil"]


def test_every_craft_feature_knows_what_it_works_on() -> None:
    data = tomllib.loads(FEATURES_PATH.read_text())
    crafts = {key for key, entry in data.items() if entry["effect"] == "craft"}
    assert crafts <= set(crafting.CRAFTS)


def test_at_most_twenty_feature_names_are_pure_decor() -> None:
    data = tomllib.loads(FEATURES_PATH.read_text())
    decor = sorted(key for key, entry in data.items() if entry["effect"] == "decor")
    assert len(data) >= 200
    assert len(decor) <= 20, decor
