"""Monsters made during play: the nearest free, reachable tile, on the game's scale."""

from __future__ import annotations

from game.content.bestiary import default_bestiary
from game.run import Run
from game.world.build import monster_from
from game.world.dungeon import new_game
from game.world.kinds import Mode
from game.world.spawning import free_tiles_near, spawn


def test_a_spawned_monster_is_built_as_the_floors_own_and_stands_near() -> None:
    game = new_game(Run("spawn-test"))
    floor = game.floor
    before = len(floor.monsters)
    actor = spawn(game, floor, "zombie", game.player.pos, within=4)
    assert actor is not None
    assert len(floor.monsters) == before + 1
    assert actor.pos != game.player.pos
    assert abs(actor.x - game.player.x) + abs(actor.y - game.player.y) <= 4
    same = monster_from(default_bestiary().get("zombie"), actor.id, actor.pos, False)
    assert (actor.hp, actor.speed, actor.ac, actor.damage) == (same.hp, same.speed, same.ac,
                                                              same.damage)
    assert actor.mode == Mode.HUNT


def test_no_two_monsters_share_a_tile_and_none_spawn_without_room() -> None:
    game = new_game(Run("spawn-test-2"))
    floor = game.floor
    made = [spawn(game, floor, "cave_rat", game.player.pos, within=2) for _ in range(40)]
    placed = [m for m in made if m is not None]
    assert placed and len(placed) < 40  # the ring of two steps fills up
    spots = [m.pos for m in floor.monsters if m.alive]
    assert len(spots) == len(set(spots))
    assert free_tiles_near(game, floor, game.player.pos, 2) == []
    assert spawn(game, floor, "cave_rat", game.player.pos, within=2) is None
