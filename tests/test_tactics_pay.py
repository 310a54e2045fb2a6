"""Tactics that pay (issue 28, item 3): over many seeds, each template's monsters fighting with
their tactic do at least TACTIC_GAIN times the damage to the hero that the same monsters do with
plain role behaviour (every member's `tactic` and `part` set to "").

The arena and the hero are fixed: an open room 21 x 11, the band awake at its far end (a beast at
its den), the hero at the near end with 1000 hit points, no regeneration, a 1d6 blade (1d6 + 2,
+5 to hit, AC 12). Each turn the hero attacks the nearest monster beside it, else steps toward the
nearest monster, else waits: a hero who wades in and never retreats, as a player fighting
the band would. A fight lasts until none of the band is left fighting (dead or fled) or
FIGHT_TURNS have passed. The monsters are
the bestiary's own (game.world.build.monster_from), as the game makes them.

Run `python tests/test_tactics_pay.py` to print the measured ratios.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import pytest
from scenario import Scene, scenario

from game import turns
from game.content.bestiary import default_bestiary
from game.floorplan import king_distance
from game.rules.actions import Attack, Move, Success, Wait
from game.world.build import monster_from, part_of
from game.world.kinds import Mode

TACTIC_GAIN = 1.2
SEEDS = 40
FIGHT_TURNS = 60
HERO_HP = 1000
ARENA = "\n".join(["#" * 23, *["#" + "." * 21 + "#"] * 11, "#" * 23])
BANDS: dict[str, Sequence[str]] = {
    "hamper": ("goblin_hexer", "goblin_cutthroat", "goblin_guard"),
    "screen": ("goblin_warchief", "goblin_guard", "goblin_guard", "goblin_cutthroat"),
    "lines": ("goblin_guard", "goblin_guard", "kobold_slinger", "kobold_slinger"),
    "flank": ("goblin_cutthroat", "goblin_cutthroat", "goblin_cutthroat", "goblin_cutthroat"),
    "den": ("giant_spider",),
    "lair": ("giant_spider", "goblin_guard", "goblin_guard", "goblin_cutthroat"),
}
"""Each tactic's band, bestiary keys (a lair's first member is its boss)."""
SPOTS = ((18, 6), (17, 4), (17, 8), (19, 5), (19, 7))


def arena(tactic: str, plain: bool, seed: int) -> Scene:
    """The band of `tactic` at the arena's far end (plain: no tactic, no part)."""
    scene = scenario(ARENA.replace(".", "@", 1), seed=f"tactic-{tactic}-{seed}", hp=HERO_HP)
    game = scene.game
    game.floor.relocate(scene.player, 2, 6)
    scene.player.damage, scene.player.attack = "1d6", 5
    bestiary = default_bestiary()
    names = BANDS[tactic]
    for index, (key, spot) in enumerate(zip(names, SPOTS, strict=False)):
        kind = bestiary.get(key)
        actor = monster_from(kind, game.new_id(), spot, elite=False)
        actor.group, actor.band = 1, len(names)
        actor.mode = Mode.HUNT
        if not plain:
            actor.tactic, actor.part = tactic, part_of(tactic, kind, boss=index == 0)
            if actor.part in ("beast", "boss"):
                actor.mode, actor.home = Mode.GUARD, spot
        game.floor.monsters.append(actor)
    return scene


def hero_turn(scene: Scene) -> None:
    """Attack the nearest monster beside the hero, else step toward the nearest one (the hero
    knows where the band is)."""
    hero, floor = scene.player, scene.game.floor
    foes = sorted((king_distance(m.pos, hero.pos), m.id, m) for m in floor.monsters
                  if m.alive)
    if not foes:
        scene.act(Wait())
        return
    distance, _, foe = foes[0]
    if distance == 1:
        scene.act(Attack(foe.id))
        return
    dx = (foe.x > hero.x) - (foe.x < hero.x)
    dy = (foe.y > hero.y) - (foe.y < hero.y)
    for way in ((dx, dy), (dx, 0), (0, dy)):
        if way != (0, 0) and isinstance(scene.act(Move(*way)), Success):
            return
    scene.act(Wait())


def damage_taken(tactic: str, plain: bool, seed: int) -> int:
    scene = arena(tactic, plain, seed)
    for _ in range(FIGHT_TURNS):
        if scene.game.outcome or all(m.mode == Mode.FLEE for m in scene.floor.monsters):
            break
        hero_turn(scene)
    return HERO_HP - scene.player.hp


def totals(tactic: str, seeds: int = SEEDS) -> tuple[int, int]:
    """(damage with the tactic, damage plain) summed over `seeds` fights each."""
    return (sum(damage_taken(tactic, False, s) for s in range(seeds)),
            sum(damage_taken(tactic, True, s) for s in range(seeds)))


@pytest.fixture(autouse=True)
def no_regeneration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "REGEN_EVERY", 10**9)


@pytest.mark.parametrize("tactic", sorted(BANDS))
def test_each_tactic_does_more_damage_than_plain_behaviour(tactic: str) -> None:
    tactical, plain = totals(tactic)
    assert plain > 0 and tactical >= TACTIC_GAIN * plain, (tactic, tactical, plain)


if __name__ == "__main__":
    turns.REGEN_EVERY = 10**9
    for name in sys.argv[1:] or sorted(BANDS):
        with_tactic, without = totals(name)
        print(f"{name:7} tactic {with_tactic:6}  plain {without:6}  ratio "
              f"{with_tactic / max(1, without):.2f}")
