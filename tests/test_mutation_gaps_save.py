"""Save checks pinned where a mutation run (issue 34, `make mutate`) found them loose: the first
column and row are on the map, a colour is three bytes, a pack letter is one letter, a refusal
names a long key by its first 40 characters, and the container keeps an empty array."""

from __future__ import annotations

from typing import Any

import pytest
from save_games import forge, state_of

from game.save import codec
from game.save.format import SaveError, Section, pack, unpack
from game.world.serial import Arrays


def refusal(blob: bytes) -> str:
    with pytest.raises(SaveError) as caught:
        codec.load_bytes(blob)
    return str(caught.value)


def with_player(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**data, "player": {**data["player"], **fields}}


def moved(data: dict[str, Any], arrays: Arrays, who: str, x: int, y: int) -> bytes:
    """The state with the hero or floor 1's first monster moved to (x, y)."""
    if who == "hero":
        return forge(with_player(data, x=x, y=y), arrays)
    floor = data["floors"]["1"]
    monsters = [{**floor["monsters"][0], "x": x, "y": y}, *floor["monsters"][1:]]
    return forge({**data, "floors": {**data["floors"], "1": {**floor, "monsters": monsters}}},
                 arrays)


@pytest.mark.parametrize("who", ["hero", "monster"])
def test_the_first_column_and_row_are_on_the_map(who: str) -> None:
    data, arrays = state_of()
    assert data["depth"] == 1
    for x, y in ((0, 1), (1, 0), (0, 0)):
        codec.load_bytes(moved(data, arrays, who, x, y))
    for x, y in ((-1, 1), (1, -1)):
        assert refusal(moved(data, arrays, who, x, y)).endswith(f"({x}, {y}) is off the map")


def test_a_colour_is_three_values_of_0_to_255() -> None:
    data, arrays = state_of()
    game = codec.load_bytes(forge(with_player(data, color=[255, 0, 255]), arrays)).game
    assert game.player.color == (255, 0, 255)
    for bad in ([256, 0, 0], [0, 0, 256], [-1, 0, 0]):
        assert refusal(forge(with_player(data, color=bad), arrays)).startswith(
            "state: player.color[")


def test_a_pack_letter_is_one_lower_case_letter() -> None:
    data, arrays = state_of()
    letters = data["hero"]["letters"]
    assert letters, "the played hero carries something"
    for bad in ("ab", "a\n", "", "A"):
        changed = [[letters[0][0], bad], *letters[1:]]
        message = refusal(forge({**data, "hero": {**data["hero"], "letters": changed}}, arrays))
        assert message.startswith("state: hero.letters[0][1]: "), message


def test_a_refusal_names_a_long_key_by_its_first_40_characters() -> None:
    data, arrays = state_of()
    key = "".join(chr(ord("a") + k % 26) for k in range(60))
    effects = {**data["player"]["effects"], key: "long"}
    message = refusal(forge(with_player(data, effects=effects), arrays))
    assert message.startswith(f"state: player.effects.{key[:40]}: "), message


def test_the_container_keeps_an_empty_array() -> None:
    """A section's shape may have a side of 0 (an array of nothing): what pack writes, unpack
    reads back."""
    sections = [Section("state", b"{}"), Section("none", b"", "array", "uint8", (0, 7)),
                Section("row", b"\x01\x02", "array", "uint8", (1, 2))]
    back = unpack(pack(3, {"format": "x"}, sections), 1, 3).sections
    assert [(s.name, s.data, s.shape) for s in back] == [(s.name, s.data, s.shape)
                                                        for s in sections]


def test_a_run_seed_past_64_bits_is_refused_by_the_schema() -> None:
    """The loader names the field and its range, rather than a mismatch deep in the state."""
    data, arrays = state_of()
    message = refusal(forge({**data, "run_seed": 2**64}, arrays))
    assert message == f"state: run_seed: {2**64} is outside 0..{2**64 - 1}"


@pytest.mark.parametrize("shape", [(1, 1, 1, 1), (), (2, -1)])
def test_an_array_shape_of_one_to_three_whole_sizes(shape: tuple[int, ...]) -> None:
    sections = [Section("state", b"{}"), Section("odd", b"\x00", "array", "uint8", shape)]
    with pytest.raises(SaveError, match="the shape is not 1 to 3 sizes"):
        unpack(pack(3, {"format": "x"}, sections), 1, 3)
