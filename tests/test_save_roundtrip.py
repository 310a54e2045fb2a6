"""Round trips from real play, the saves of every released format, the schema kept in step with
the model, and a fuzzed loader that only ever answers with a game or a SaveError."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_games import RECIPES, forge, played, save_of, state_of

from game import tiles
from game.bot.policy import Bot
from game.run import FloorRecipe, Run
from game.save import codec, validate
from game.save.codec import load_bytes, save_bytes
from game.save.format import SaveError
from game.world.dungeon import new_game
from game.world.model import Actor, DoorState, Game, Hero, Item, StairInfo, Trap
from game.world.serial import game_data, state_hash

GOLDEN = Path(__file__).resolve().parent / "data" / "saves"
FOLLOW_ACTIONS = 40
FUZZ = settings(max_examples=300, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def bot_hashes(game: Game, actions: int) -> list[str]:
    bot = Bot()
    hashes = []
    for _ in range(actions):
        if game.outcome:
            break
        bot.act(game)
        hashes.append(state_hash(game))
    return hashes


def test_states_from_play_survive_a_round_trip_and_play_on_the_same() -> None:
    chance = random.Random(5)
    checked = 0
    for seed in ("trip-a", "trip-b", "trip-c"):
        for turns in sorted(chance.sample(range(1, 400), 2)):
            game = played(seed, turns)
            copy = load_bytes(save_bytes(game)).game
            assert state_hash(copy) == state_hash(game)
            assert bot_hashes(copy, FOLLOW_ACTIONS) == bot_hashes(game, FOLLOW_ACTIONS)
            checked += 1
    assert checked == 6


def test_a_run_of_the_default_plan_with_every_floor_made() -> None:
    from game.cli.bench import ten_floor_game

    game = ten_floor_game()
    copy = load_bytes(save_bytes(game)).game
    assert sorted(copy.floors) == list(range(1, 11))
    assert state_hash(copy) == state_hash(game)


# --- every released format keeps loading --------------------------------------------------------


def golden_index() -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = json.loads((GOLDEN / "index.json").read_text())
    return index


def test_there_is_a_golden_save_of_the_current_format() -> None:
    versions = {entry["format_version"] for entry in golden_index().values()}
    assert set(range(1, codec.FORMAT_VERSION + 1)) <= versions
    assert sorted(p.name for p in GOLDEN.glob("*.delve")) == sorted(golden_index())


@pytest.mark.parametrize("name", sorted(golden_index()))
def test_golden_saves_load_and_play_on(name: str) -> None:
    entry = golden_index()[name]
    loaded = load_bytes((GOLDEN / name).read_bytes())
    assert loaded.format_version == entry["format_version"]
    assert loaded.rules_version == entry["rules_version"]
    if entry["format_version"] == codec.FORMAT_VERSION:
        assert state_hash(loaded.game) == entry["state_hash"] == loaded.state_hash
    assert len(bot_hashes(loaded.game, FOLLOW_ACTIONS)) > 0


# --- the schema follows the model ---------------------------------------------------------------


def names(cls: type) -> set[str]:
    return {field.name for field in dataclasses.fields(cls) if not field.name.startswith("_")}


def test_the_schema_has_every_field_of_the_model() -> None:
    """A field added to the model fails here first: bump FORMAT_VERSION, add a migration."""
    assert set(validate.ACTOR.fields) == names(Actor)
    assert set(validate.item_schema().fields) == names(Item)
    assert set(validate.DOOR.fields) == names(DoorState)
    assert set(validate.TRAP.fields) == names(Trap)
    assert set(validate.STAIR.fields) == names(StairInfo)
    state = validate.state_schema()
    assert set(state.fields["hero"].fields) == names(Hero)  # type: ignore[attr-defined]
    data, _ = game_data(played("schema", 5))
    assert set(state.fields) == set(data)
    floor = state.fields["floors"].value  # type: ignore[attr-defined]
    assert set(floor.fields) == set(data["floors"]["1"])


# --- fuzzing ------------------------------------------------------------------------------------


def loads_or_refuses(blob: bytes) -> Game | None:
    try:
        return load_bytes(blob).game
    except SaveError as problem:
        assert str(problem) and "\n" not in str(problem)
        return None


@FUZZ
@given(st.binary(max_size=4000))
def test_fuzz_any_bytes(blob: bytes) -> None:
    assert loads_or_refuses(blob) is None


@FUZZ
@given(st.data())
def test_fuzz_edits_of_a_real_save(data: st.DataObject) -> None:
    blob = bytearray(save_of())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(blob) - 1))
        edit = data.draw(st.sampled_from(("set", "cut", "insert")))
        if edit == "set":
            blob[at] = data.draw(st.integers(0, 255))
        elif edit == "cut":
            del blob[at : at + data.draw(st.integers(1, 64))]
        else:
            blob[at:at] = data.draw(st.binary(min_size=1, max_size=32))
    loads_or_refuses(bytes(blob))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12)
    | st.sampled_from([0, 1, -1, 2**64, "1d4", "potion_healing", "up", "3,4", [1, 2]]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=8,
)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (containers included)."""
    found = [path]
    if isinstance(value, dict):
        for key in sorted(value):
            found += leaves(value[key], (*path, key))
    elif isinstance(value, list):
        for index, element in enumerate(value[:3]):
            found += leaves(element, (*path, index))
    return found


STATE_PATHS = leaves(state_of("fuzz", 60)[0])[1:]


@FUZZ
@given(st.sampled_from(STATE_PATHS), JSON)
def test_fuzz_forged_states_load_and_play_or_are_refused(path: tuple[Any, ...],
                                                         value: Any) -> None:
    """A well-formed file (every checksum right) with any value anywhere in its state: it loads
    into a game the bot can play on, or it is refused with a SaveError."""
    state, arrays = state_of("fuzz", 60)
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    game = loads_or_refuses(forge(state, arrays))
    if game is not None:
        bot_hashes(game, 3)


def test_the_fuzzed_plan_is_small() -> None:
    """The fuzz targets use the small test plan (quick saves, quick loads)."""
    assert len(RECIPES) == 3 and len(STATE_PATHS) > 100


def test_secret_doors_found_or_not_survive_a_round_trip() -> None:
    game = new_game(Run("secrets", (FloorRecipe(1, "power", 80, 50, (("secret", "0.5"),)),)))
    floor = game.floor
    hidden = np.argwhere(floor.tiles == tiles.SECRET_DOOR)
    assert len(hidden) >= 2
    y, x = hidden[0]
    floor.tiles[y, x] = tiles.DOOR  # one found
    copy = load_bytes(save_bytes(game)).game
    assert (copy.floor.tiles == floor.tiles).all()
    assert int((copy.floor.tiles == tiles.SECRET_DOOR).sum()) == len(hidden) - 1
    assert state_hash(copy) == state_hash(game)
