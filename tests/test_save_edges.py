"""Saves at the edges the rules care about: a state changed after its hash was taken (every
section checksum still right), and positions on the last row and column of a floor and one past
them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from save_games import forge, state_of

from game.save import codec
from game.save.format import SaveError, Section, pack
from game.version import RULES_VERSION
from game.world.serial import Arrays, canonical_json, content_hash


def _refusal(blob: bytes) -> str:
    with pytest.raises(SaveError) as caught:
        codec.load_bytes(blob)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


def _file(state: dict[str, Any], arrays: Arrays, hashed: dict[str, Any]) -> bytes:
    """A current-format save holding `state`, whose header records the hash of `hashed`: built
    section by section as `codec.encode` builds one, so every section checksum is right."""
    sections = [Section(codec.STATE, canonical_json(state))]
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        sections.append(Section(name, array.tobytes(), "array", codec.DTYPE_NAMES[array.dtype],
                                tuple(int(side) for side in array.shape)))
    header = {"format": codec.FORMAT, "rules_version": RULES_VERSION, "program": "delve",
              "summary": {"code": "forged",
                          "state_hash": content_hash(canonical_json(hashed), arrays)}}
    return pack(codec.FORMAT_VERSION, header, sections)


def test_a_state_changed_after_its_hash_was_taken_is_refused_in_one_line() -> None:
    data, arrays = state_of()
    richer = {**data, "hero": {**data["hero"], "gold": data["hero"]["gold"] + 500}}
    assert codec.load_bytes(_file(richer, arrays, richer)).game.hero.gold == \
        data["hero"]["gold"] + 500  # the changed state is sound: only its hash gives it away
    message = _refusal(_file(richer, arrays, data))
    assert message == "the state does not match the state hash in the header"


def _with(data: dict[str, Any], arrays: Arrays, who: str, x: int, y: int) -> bytes:
    """The state with the hero, floor 1's first monster or its first item moved to (x, y)."""
    floor = data["floors"]["1"]
    if who == "hero":
        player = {**data["player"], "x": x, "y": y}
        return forge({**data, "player": player}, arrays)
    table = "monsters" if who == "monster" else "items"
    assert floor[table], f"floor 1 has no {table} to move"
    moved = [{**floor[table][0], "x": x, "y": y}, *floor[table][1:]]
    floors = {**data["floors"], "1": {**floor, table: moved}}
    return forge({**data, "floors": floors}, arrays)


@pytest.mark.parametrize("who", ["hero", "monster", "item"])
def test_a_position_one_past_the_last_column_or_row_is_refused(who: str) -> None:
    data, arrays = state_of()
    assert data["depth"] == 1
    height, width = arrays["floor1.tiles"].shape
    for x, y in ((width, 1), (1, height), (width, height)):
        message = _refusal(_with(data, arrays, who, x, y))
        assert message.startswith("state: ") and message.endswith(f"at ({x}, {y}) is off the map")


@pytest.mark.parametrize("who", ["hero", "monster", "item"])
def test_a_position_on_the_last_column_and_row_loads(who: str) -> None:
    data, arrays = state_of()
    height, width = arrays["floor1.tiles"].shape
    for x, y in ((width - 1, 1), (1, height - 1), (width - 1, height - 1)):
        game = codec.load_bytes(_with(data, arrays, who, x, y)).game
        if who == "hero":
            assert (game.player.x, game.player.y) == (x, y)
