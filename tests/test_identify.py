"""Unknown appearances: dealt from the run's seed, shown until identified, learned by use or by
a scroll, and kept in the save."""

from __future__ import annotations

from pathlib import Path

from scenario import give, messages, monster, scenario

from game.codex import describe_item
from game.content.items import UNKNOWN_KINDS, item_kinds
from game.rules import identify
from game.rules.actions import Equip, Move, PickUp, Success, Use, Zap
from game.rules.identify import appearances
from game.rules.items import label
from game.run import Run
from game.save import codec, migrate
from game.save.codec import load_bytes, save_bytes
from game.ui.describe import describe_at, item_name
from game.world.dungeon import STARTING_KIT, new_game
from game.world.serial import state_hash

ROOM = """
##########
#@.......#
#........#
##########
"""
SAVES = Path(__file__).parent / "data" / "saves"


def unknown_keys() -> list[str]:
    return sorted(k for k, kind in item_kinds().items() if kind.kind in UNKNOWN_KINDS)


def test_every_unknown_kind_has_its_own_look_in_a_run() -> None:
    looks = appearances(Run("looks").seed_hash)
    assert sorted(looks) == unknown_keys()
    assert len(set(looks.values())) == len(looks)
    for key, look in looks.items():
        assert look.endswith(item_kinds()[key].kind) or look.startswith("scroll labelled")


def test_a_shared_run_code_shares_the_appearances() -> None:
    run = Run.from_plan("shared")
    again = Run.from_code(run.code)
    assert appearances(again.seed_hash) == appearances(run.seed_hash)
    first, second = new_game(run), new_game(again)
    assert [label(first, i) for i in first.hero.inventory] == [
        label(second, i) for i in second.hero.inventory]


def test_different_codes_deal_different_appearances() -> None:
    dealt = [appearances(Run.from_plan(f"seed-{n}").seed_hash) for n in range(12)]
    for key in unknown_keys():
        assert len({deal[key] for deal in dealt}) > 2, key
    assert len({tuple(sorted(deal.items())) for deal in dealt}) == len(dealt)


def test_the_hero_knows_its_starting_potions_and_nothing_else() -> None:
    game = new_game(Run.from_plan("kit"))
    assert game.identified == ["potion_healing"]
    assert set(game.identified) <= set(STARTING_KIT)


def test_names_show_the_appearance_until_identified() -> None:
    scene = scenario(ROOM.replace("#@.", "#@!"), legend={"!": "potion_strength"})
    game = scene.game
    look = appearances(game.run.seed_hash)["potion_strength"]
    assert look in describe_at(game, 2, 1), "hover and look"
    assert "strength" not in describe_at(game, 2, 1)
    scene.act(Move(1, 0))
    scene.act(PickUp())
    [potion] = game.hero.inventory
    assert any(look in t for t in messages(scene)), "pickup"
    assert item_name(game, potion) == look, "inventory"
    assert "do not know" in identify.unknown_text(game, potion)
    scene.act(Use(potion.id))
    assert identify.known(game, "potion_strength")
    assert any(f"The {look} was a potion of strength." == t for t in messages(scene)), "log"


def test_drinking_identifies_and_a_failed_blind_use_wastes_but_teaches() -> None:
    scene = scenario(ROOM)
    potion = give(scene, "potion_healing", known=False)
    assert isinstance(scene.act(Use(potion.id)), Success), "at full health, drunk blind"
    assert potion not in scene.game.hero.inventory
    assert identify.known(scene.game, "potion_healing")
    scroll = give(scene, "scroll_lightning", known=False)
    assert isinstance(scene.act(Use(scroll.id)), Success), "no enemy near: wasted"
    assert identify.known(scene.game, "scroll_lightning")


def test_a_scroll_of_identify_names_everything_unknown_in_the_pack() -> None:
    scene = scenario(ROOM)
    ring = give(scene, "ring_regeneration", known=False)
    wand = give(scene, "wand_slow", known=False, amount=3)
    scroll = give(scene, "scroll_identify", known=False)
    scene.act(Equip(ring.id))
    assert not identify.known(scene.game, "ring_regeneration")
    assert isinstance(scene.act(Use(scroll.id)), Success)
    assert {"ring_regeneration", "wand_slow", "scroll_identify"} <= set(scene.game.identified)
    assert scene.game.identified == sorted(scene.game.identified)
    assert item_name(scene.game, wand) == "wand of slowness (3)"
    assert "Charges left: 3." in describe_item(scene.game, wand).lines


def test_a_wand_is_known_once_its_effect_is_seen() -> None:
    scene = scenario("""
        ########
        #@..a..#
        ########
    """, legend={"a": monster(hp=100)})
    slow = give(scene, "wand_slow", known=False, amount=2)
    scene.act(Zap(slow.id, (1, 2)))  # into the wall below: nothing to see
    assert not identify.known(scene.game, "wand_slow")
    scene.act(Zap(slow.id, scene.at("a")))
    assert identify.known(scene.game, "wand_slow")


def test_what_is_identified_survives_a_save() -> None:
    game = new_game(Run.from_plan("saved"))
    identify.identify(game, "wand_dig")
    identify.identify(game, "ring_stealth")
    loaded = load_bytes(save_bytes(game)).game
    assert loaded.identified == ["potion_healing", "ring_stealth", "wand_dig"]
    assert state_hash(loaded) == state_hash(game)
    identify.identify(game, "scroll_fear")
    assert state_hash(loaded) != state_hash(game), "the hash sees what is known"


def test_a_format_2_save_knows_the_items_it_had_by_name() -> None:
    assert codec.FORMAT_VERSION >= 3
    loaded = load_bytes((SAVES / "format-2.delve").read_bytes())
    assert loaded.format_version == 2
    assert loaded.game.identified == sorted(migrate.FORMAT_2_KINDS)
    for item in loaded.game.hero.inventory:
        assert identify.known(loaded.game, item.kind)
