"""The game state as plain data: a round trip gives the same state, and play goes on the same."""

from __future__ import annotations

from game.rules.actions import Move, Search, Wait
from game.run import FloorRecipe, Run
from game.turns import player_act
from game.world.dungeon import new_game
from game.world.serial import game_data, game_from_data, state_hash

RECIPES = tuple(FloorRecipe(d, name, 60, 40) for d, name in enumerate(("bsp", "cave", "maze"), 1))
MOVES = (Move(1, 0), Move(0, 1), Move(-1, 0), Move(0, -1), Search(), Wait(), Move(1, 1))


def play(game_moves: int, seed: str) -> list[str]:
    game = new_game(Run(seed, RECIPES))
    hashes = []
    for step in range(game_moves):
        player_act(game, MOVES[step % len(MOVES)])
        hashes.append(state_hash(game))
    return hashes


def test_round_trip_keeps_the_hash_and_the_future() -> None:
    for seed in ("a", "b", "c"):
        game = new_game(Run(seed, RECIPES))
        for step in range(40):
            player_act(game, MOVES[(step * 3) % len(MOVES)])
        copy = game_from_data(*game_data(game))
        assert state_hash(copy) == state_hash(game)
        for step in range(40):
            player_act(game, MOVES[step % len(MOVES)])
            player_act(copy, MOVES[step % len(MOVES)])
            assert state_hash(copy) == state_hash(game)


def test_hash_changes_when_the_state_does() -> None:
    hashes = play(30, "h")
    assert len(set(hashes)) > 20
    assert hashes == play(30, "h")


def test_a_snapshot_shares_nothing_mutable_with_the_game() -> None:
    from game.save import crash

    game = new_game(Run("snap", RECIPES))
    for step in range(60):
        player_act(game, MOVES[step % len(MOVES)])
    before = state_hash(game)
    snapshot = crash.snapshot(game)
    for step in range(30):
        player_act(game, MOVES[step % len(MOVES)])
    monster = game.floor.monsters[0]
    monster.effects["confused"] = 9
    monster.hp -= 1
    game.hero.gold += 5
    game.player.effects["slowed"] = 3
    for door in game.floor.doors.values():
        door.is_open = not door.is_open
    assert state_hash(snapshot.restore()) == before
