"""Games and files for the save tests: small runs the bot has played, forged save files."""

from __future__ import annotations

import functools
from typing import Any

from game.bot.autoplay import ACTIONS_PER_TURN
from game.bot.policy import Bot
from game.run import FloorRecipe, Run
from game.save import codec
from game.save.format import Section, pack
from game.world.dungeon import new_game
from game.world.model import Game
from game.world.serial import Arrays, content_hash, game_data

RECIPES = (FloorRecipe(1, "bsp", 50, 36), FloorRecipe(2, "cave", 50, 36),
           FloorRecipe(3, "maze", 41, 31))
"""A short plan of small floors: games that save and load in a millisecond or two."""


def played(seed: str = "save", turns: int = 150) -> Game:
    """A fresh run of the small plan, played by the bot for `turns` turns (one more when its last
    action took two): the hero is made too tough to die first, whatever the monsters roll."""
    game = new_game(Run(seed, RECIPES))
    game.player.hp = game.player.max_hp = 1_000_000
    bot = Bot()
    for _ in range(ACTIONS_PER_TURN * turns + 100):
        if game.turn >= turns or game.outcome:
            break
        bot.act(game)
    assert turns <= game.turn <= turns + 5, f"the bot stopped at turn {game.turn} of {turns}"
    return game


@functools.cache
def _blob(seed: str, turns: int) -> bytes:
    return codec.save_bytes(played(seed, turns))


def save_of(seed: str = "save", turns: int = 150) -> bytes:
    """The save file of `played(seed, turns)` (made once per test session)."""
    return _blob(seed, turns)


def state_of(seed: str = "save", turns: int = 150) -> tuple[dict[str, Any], Arrays]:
    """A played game's state, ready to be tampered with (arrays copied)."""
    data, arrays = game_data(codec.load_bytes(save_of(seed, turns)).game)
    return data, {name: array.copy() for name, array in arrays.items()}


def forge(data: dict[str, Any], arrays: Arrays, **versions: int) -> bytes:
    """A well-formed save (every checksum right) of whatever state it is given."""
    return codec.encode(data, arrays, {"code": "forged"}, **versions)


def raw_file(state: bytes, sections: list[Section] | None = None, version: int = 1) -> bytes:
    """A well-formed container around raw state bytes (for states JSON cannot even encode)."""
    header = {"format": codec.FORMAT, "rules_version": 1, "program": "delve",
              "summary": {"state_hash": content_hash(state, {})}}
    return pack(version, header, [Section(codec.STATE, state), *(sections or [])])
