"""Vaults: the dressing seals a dead-end room behind a keyed door and lays out 3-5 items; in
play the hero takes one and the rest vanish."""

from __future__ import annotations

import pytest
from scenario import Scene, door, give, messages, scenario
from test_dressing_solvable import plan_from

from game import pipeline
from game.content.items import kind_of
from game.dressing import vaults as dressing_vaults
from game.dressing.areas import Space, build_areas
from game.dressing.model import DoorDressing, Dressing
from game.dressing.solvable import problems
from game.floorplan import FloorPlan
from game.rules import vaults
from game.rules.actions import Impossible, Move, PickUp, Success
from game.rules.items import pick_up
from game.run import Run
from game.seeds import Rng
from game.world.build import furnish
from game.world.model import Item

ROOMS = """
###############
#<....+.......#
#.....#.......#
#######...>...#
#.....+.......#
#.....#########
#.....#
#######
"""
"""The arrival's room, a through room with the way down, and a dead end (lower left)."""


def plain(point: tuple[int, int]) -> DoorDressing:
    return DoorDressing(point[0], point[1], "wooden", "simple", "unlocked", None, False,
                        "normal", False, (1,))


def sealed_floor(monkeypatch: pytest.MonkeyPatch, seed: int = 1) -> tuple[FloorPlan, Dressing]:
    monkeypatch.setattr(dressing_vaults, "VAULT_CHANCE", 1.0)
    plan = plan_from(ROOMS)
    space = Space(plan, build_areas(plan))
    doors = [plain((d.x, d.y)) for d in plan.doors]
    doors, keys, made = dressing_vaults.dress_vaults(plan, doors, [], space, 3, Rng(seed))
    dressing = Dressing(3, "4e", False, build_areas(plan).areas, tuple(doors), (), (),
                        tuple(keys), (), (), (), vaults=made)
    return plan, dressing


@pytest.mark.parametrize("seed", range(1, 6))
def test_the_dead_end_room_is_sealed_and_its_key_lies_outside(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    plan, dressing = sealed_floor(monkeypatch, seed)
    (vault,) = dressing.vaults
    assert vault.door == (6, 4), "the room behind one door, not the room with the way down"
    sealed = next(d for d in dressing.doors if d.point == vault.door)
    assert sealed.held_shut and sealed.reinforced and sealed.key == vault.key
    key = dressing.keys[vault.key - 1]
    assert key.door == vault.door and key.point == vault.key_at
    assert not (1 <= key.x <= 5 and 4 <= key.y <= 6), "never behind its own door"
    assert 3 <= len(vault.items) <= 5
    assert all(1 <= i.x <= 5 and 4 <= i.y <= 6 for i in vault.items)
    groups = [kind_of(i.kind).kind for i in vault.items]
    assert len(set(groups)) == len(groups), "one of each kind of thing"
    assert problems(plan, dressing) == []


def test_floor_one_has_no_vault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dressing_vaults, "VAULT_CHANCE", 1.0)
    plan = plan_from(ROOMS)
    space = Space(plan, build_areas(plan))
    doors = [plain((d.x, d.y)) for d in plan.doors]
    assert dressing_vaults.dress_vaults(plan, doors, [], space, 1, Rng(1))[2] == ()


def test_a_room_with_two_doors_is_no_vault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dressing_vaults, "VAULT_CHANCE", 1.0)
    plan = plan_from("""
        ###########
        #<...+...>#
        ###########
    """)
    space = Space(plan, build_areas(plan))
    doors = [plain((d.x, d.y)) for d in plan.doors]
    assert dressing_vaults.dress_vaults(plan, doors, [], space, 4, Rng(1))[2] == ()


def test_vault_items_are_good_for_the_depth() -> None:
    for depth in (2, 5, 9):
        for kinds in dressing_vaults.vault_kinds(depth).values():
            for kind in kinds:
                assert not kind.harmful and kind.depth[0] <= depth + 1 <= kind.depth[1] + 1


def test_generated_floors_with_vaults_stay_solvable() -> None:
    """Over many seeds' default runs: every floor solvable, vaults where doors allow."""
    seen = 0
    for i in range(12):
        run = Run(f"vault-check-{i}")
        for depth, recipe in enumerate(run.recipes, start=1):
            plan = pipeline.layout(recipe, run.seed_hash)
            dressing = pipeline.dress(recipe, plan, run.seed_hash, depth == len(run.recipes))
            assert problems(plan, dressing) == [], (i, depth)
            assert depth > 1 or not dressing.vaults
            if recipe.generator in ("cave", "maze"):
                assert not dressing.vaults, "no doors, no vault"
            seen += len(dressing.vaults)
            floor = furnish(recipe, plan, dressing, run.seed_hash)
            on_pedestals = [item for item in floor.items if item.vault]
            assert len(on_pedestals) == sum(len(v.items) for v in dressing.vaults)
    assert seen >= 12, f"{seen} vaults in 12 runs"


VAULT = """
#######
#@.+abc#
#######
"""


def vault_scene() -> Scene:
    scene = scenario(VAULT, legend={"+": door("locked", dc=40, reinforced=True,
                                               material="iron"),
                                    "a": "wand_bolt", "b": "ring_protection",
                                    "c": "potion_strength"})
    for item in scene.floor.items:
        item.vault = 1
    return scene


def test_the_vault_door_needs_its_key() -> None:
    scene = vault_scene()
    scene.act(Move(1, 0))
    result = scene.act(Move(1, 0))
    assert not scene.floor.doors[(3, 1)].is_open, result
    give(scene, "key", key_for=(3, 1))
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.floor.doors[(3, 1)].is_open


def test_taking_one_makes_the_rest_vanish() -> None:
    scene = vault_scene()
    give(scene, "key", key_for=(3, 1))
    for _ in range(4):
        scene.act(Move(1, 0))
    assert scene.player.pos == (4, 1)
    seen = messages(scene)[-1]
    assert vaults.NOTE in seen
    assert isinstance(scene.act(PickUp()), Success)
    kinds = [i.kind for i in scene.game.hero.inventory]
    assert "wand_bolt" in kinds
    assert scene.floor.items == [], "the ring and the potion vanished"
    assert "vanish" in messages(scene)[-1]
    taken = next(i for i in scene.game.hero.inventory if i.kind == "wand_bolt")
    assert taken.vault == 0


def test_auto_pickup_leaves_the_choice_to_the_player() -> None:
    scene = scenario("""
        #####
        #@a.#
        #####
    """, legend={"a": "potion_strength"})
    scene.floor.items[0].vault = 1
    scene.act(Move(1, 0))
    assert isinstance(pick_up(scene.game, auto=True), Impossible)
    assert scene.floor.items, "still on its pedestal"


def test_catalog_json_and_key_list_the_vaults() -> None:
    from game.catalog import as_text, catalog
    from game.export.floorjson import dressed_floor_to_dict
    from game.export.textkey import text_key

    run = Run("fresh-1")
    data = catalog(run, range(1, run.last_depth + 1), "full")
    listed = [(f["depth"], v) for f in data["floors"] for v in f["vaults"]]
    assert listed, "this run holds vaults"
    depth, vault = listed[0]
    assert set(vault) == {"area", "door", "key", "items"} and 3 <= len(vault["items"]) <= 5
    assert "vault: area" in as_text(data)
    recipe = run.recipes[depth - 1]
    plan = pipeline.layout(recipe, run.seed_hash)
    dressing = pipeline.dress(recipe, plan, run.seed_hash, depth == run.last_depth)
    exported = dressed_floor_to_dict(plan, dressing, run.seed, depth)["vaults"]
    assert [v["door"] for v in exported] == [vault["door"]]
    assert exported[0]["key_at"] == vault["key"]
    assert f"Vault 1: sealed door at {tuple(vault['door'])}" in text_key(
        plan, dressing, run.seed, depth)


def test_the_bot_walks_past_lesser_items_to_take_the_best() -> None:
    """The bot stands on a vault's potion but the wand is worth more to it: it leaves the
    potion, takes the wand, and the potion and ring vanish."""
    from game.bot.policy import next_action

    scene = scenario("""
        #######
        #@abc.#
        #######
    """, legend={"a": "potion_strength", "b": "ring_protection", "c": "wand_bolt"})
    scene.game.identified = sorted(["potion_strength", "ring_protection", "wand_bolt"])
    scene.game.hero.inventory.append(Item(scene.game.new_id(), "ring_protection"))
    scene.game.hero.equipment["ring"] = scene.game.hero.inventory[-1].id
    for item in scene.floor.items:
        item.vault = 1
    for _ in range(12):
        if any(i.kind == "wand_bolt" for i in scene.game.hero.inventory):
            break
        scene.act(next_action(scene.game))
    kinds = [i.kind for i in scene.game.hero.inventory]
    assert "wand_bolt" in kinds and "potion_strength" not in kinds
    assert not scene.floor.items, "the rest vanished"


def test_a_vault_is_announced_when_first_seen() -> None:
    scene = vault_scene()
    scene.floor.explored[:] = False
    give(scene, "key", key_for=(3, 1))
    scene.act(Move(1, 0))
    assert not any("You find a vault" in m for m in messages(scene))
    scene.act(Move(1, 0))  # the door opens on the vault
    found = [m for m in messages(scene) if "You find a vault" in m]
    assert found == ["You find a vault: 3 treasures stand on pedestals. Take one and the rest"
                     " vanish."]
    scene.act(Move(1, 0))
    assert len([m for m in messages(scene) if "You find a vault" in m]) == 1, "said once"
