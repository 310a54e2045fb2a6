"""The save file: a round trip keeps the state, and every kind of bad file gives one clear error
(SaveError), never another exception, never a pickle run, never a huge allocation."""

from __future__ import annotations

import io
import json
import pickle
import random
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from save_games import forge, played, raw_file, save_of, state_of

from game.save import codec, format, migrate
from game.save.codec import load_bytes, save_bytes
from game.save.format import MAGIC, SaveError, Section, pack, unpack
from game.save.validate import check_state
from game.version import RULES_VERSION
from game.world.serial import canonical_json, content_hash, game_data, state_hash


def refused(blob: bytes) -> str:
    """The one-line error a bad file gets."""
    with pytest.raises(SaveError) as caught:
        load_bytes(blob)
    message = str(caught.value)
    assert "\n" not in message and message
    return message


# --- the good path ------------------------------------------------------------------------------


def test_round_trip_keeps_the_state_hash() -> None:
    game = played("round", 200)
    loaded = load_bytes(save_bytes(game))
    assert state_hash(loaded.game) == state_hash(game) == loaded.state_hash
    assert (loaded.format_version, loaded.rules_version, loaded.notes) == (
        codec.FORMAT_VERSION, RULES_VERSION, [])


def test_the_stored_state_is_what_the_state_hash_digests() -> None:
    for seed, turns in (("a", 1), ("b", 90), ("c", 300)):
        game = played(seed, turns)
        data, arrays = game_data(game)
        assert content_hash(canonical_json(data), arrays) == state_hash(game)


def test_the_file_describes_itself() -> None:
    blob = save_of()
    assert blob.startswith(MAGIC)
    container = format.unpack(blob, 1, codec.FORMAT_VERSION)
    assert container.header["format"] == "delve-save"
    assert container.header["rules_version"] == RULES_VERSION
    assert container.header["summary"]["state_hash"] == state_hash(played())
    names = [section.name for section in container.sections]
    assert names[0] == "state" and "floor1.tiles" in names
    tiles = next(s for s in container.sections if s.name == "floor1.tiles")
    assert (tiles.kind, tiles.dtype, tiles.shape) == ("array", "uint8", (36, 50))


# --- damaged files ------------------------------------------------------------------------------


def test_empty_file() -> None:
    assert refused(b"") == "the file is empty"


@pytest.mark.parametrize("blob", [
    b"hello, world\n", bytes(range(256)) * 4, b"PK\x03\x04" + bytes(100), b"\x89PNG\r\n\x1a\n",
    b'{"format": "delve-save"}',
])
def test_not_a_save(blob: bytes) -> None:
    assert "not a Delve save" in refused(blob)


def test_random_bytes() -> None:
    chance = random.Random(7)
    for size in (1, 7, 16, 100, 5000):
        blob = bytes(chance.getrandbits(8) for _ in range(size))
        refused(blob)
        refused(MAGIC + blob)  # the right signature, then garbage


def test_truncated_at_many_offsets() -> None:
    blob = save_of()
    offsets = sorted({*range(1, 64), *range(64, len(blob), max(1, len(blob) // 150)),
                      len(blob) - 1})
    for offset in offsets:
        assert "truncated" in refused(blob[:offset]), offset


def test_trailing_bytes() -> None:
    assert "unexpected bytes" in refused(save_of() + b"\0")


def test_every_flipped_bit_is_caught() -> None:
    blob = save_of()
    chance = random.Random(11)
    positions = [*range(0, 40), *(chance.randrange(len(blob)) for _ in range(300))]
    for position in positions:
        damaged = bytearray(blob)
        damaged[position] ^= 1 << chance.randrange(8)
        refused(bytes(damaged))


def test_a_damaged_section_is_named() -> None:
    blob = bytearray(save_of())
    blob[-3] ^= 0x40  # inside the last section
    assert "is damaged (checksum mismatch)" in refused(bytes(blob))


# --- pickles are data, never code ---------------------------------------------------------------


class Trigger:
    """Unpickling this creates a marker file: the proof that a loader ran a pickle."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def pickle_payloads(marker: Path) -> list[bytes]:
    """A raw pickle, an object .npy file, and both inside an otherwise well-formed save."""
    payload = pickle.dumps(Trigger(marker))
    npy = io.BytesIO()
    np.save(npy, np.array([Trigger(marker)], dtype=object), allow_pickle=True)
    as_array = Section("floor1.tiles", payload, "array", "object", (len(payload),))
    return [payload, npy.getvalue(), raw_file(payload), raw_file(b"{}", [as_array]),
            raw_file(npy.getvalue())]


def test_the_trigger_would_fire(tmp_path: Path) -> None:
    """The payloads are live: unpickling one does create the marker."""
    marker = tmp_path / "fired"
    pickle.loads(pickle_payloads(marker)[0])  # the point of the test
    assert marker.exists()


def test_pickle_payloads_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "fired"
    messages = [refused(blob) for blob in pickle_payloads(marker)]
    assert not marker.exists()
    assert "not a Delve save" in messages[0] and "not a Delve save" in messages[1]
    assert messages[2] == "the state is not UTF-8 text"
    assert "element type 'object' is not one of uint8, bool" in messages[3]


# --- well-formed files with a bad state ---------------------------------------------------------


def tampered(change: Any) -> str:
    """The error for the played state after `change(data, arrays)`. Floor 1 gets one more
    monster first (a copy of the player), so that every test has one to spoil."""
    data, arrays = state_of()
    data["floors"]["1"]["monsters"].insert(0, {**data["player"], "id": 5_000_000, "x": 1, "y": 1,
                                               "kind": "rat", "role": "soldier"})
    change(data, arrays)
    return refused(forge(data, arrays))


def test_the_spoiled_state_is_sound_before_the_change() -> None:
    with pytest.raises(pytest.fail.Exception):  # tampered() expects a refusal: none comes
        tampered(lambda d, a: None)


def test_wrong_types() -> None:
    assert tampered(lambda d, a: d.update(turn="12")) == (
        "state: turn: expected a whole number, got text")
    assert tampered(lambda d, a: d["player"].update(hp=True)) == (
        "state: player.hp: expected a whole number, got true/false")
    assert tampered(lambda d, a: d.update(floors=[])) == (
        "state: floors: expected an object, got a list")
    assert tampered(lambda d, a: d["hero"]["inventory"][0].update(kind=5)).startswith(
        "state: hero.inventory[0].kind: a number is not one of")
    assert "daily: expected true or false" in tampered(lambda d, a: d.update(daily=1))


def test_missing_and_unknown_fields() -> None:
    assert tampered(lambda d, a: d["hero"].pop("gold")) == "state: hero: missing field 'gold'"
    assert tampered(lambda d, a: d["floors"]["1"]["monsters"][0].pop("hp")) == (
        "state: floors[1].monsters[0]: missing field 'hp'")
    assert tampered(lambda d, a: d.update(cheat=1)) == "state: unexpected field 'cheat'"
    assert tampered(lambda d, a: a.pop("floor1.visible")) == (
        "state: floors.1: the visible array is missing")


def test_values_the_rules_could_not_handle() -> None:
    def first_monster(data: dict[str, Any]) -> dict[str, Any]:
        monster: dict[str, Any] = data["floors"]["1"]["monsters"][0]
        return monster

    assert "is not one of" in tampered(
        lambda d, a: d["hero"]["inventory"][0].update(kind="wand_of_wishing"))
    assert "damage: '99999d6' is not of the form" in tampered(
        lambda d, a: first_monster(d).update(damage="99999d6"))
    assert "off the map" in tampered(lambda d, a: d["player"].update(x=999))
    assert "off the map" in tampered(lambda d, a: first_monster(d).update(y=400))
    assert "unknown tile id" in tampered(lambda d, a: a["floor1.tiles"].__setitem__((3, 3), 200))
    assert "never made" in tampered(lambda d, a: d.update(depth=3))
    assert "unknown generator 'rogue'" in tampered(
        lambda d, a: d["recipes"][0].update(generator="rogue"))
    assert "is for depth 5" in tampered(lambda d, a: d["recipes"][1].update(depth=5))
    assert "outside 0..18446744073709551615" in tampered(
        lambda d, a: d["rng"].update(seed=-1))
    assert "belongs to no floor" in tampered(
        lambda d, a: a.update({"floor9.tiles": a["floor1.tiles"]}))
    assert "text of 5000 characters" in tampered(lambda d, a: d.update(cause="x" * 5000))


def test_huge_dimensions_are_refused_before_any_allocation() -> None:
    big = Section("floor1.tiles", b"\0" * 16, "array", "uint8", (100_000, 100_000))
    assert "16 bytes do not make a 100000x100000 uint8 array" in refused(
        raw_file(b"{}", [big]))
    data, arrays = state_of()
    for name in ("tiles", "explored", "visible"):
        dtype = arrays[f"floor1.{name}"].dtype
        arrays[f"floor1.{name}"] = np.zeros((1200, 1100), dtype=dtype)
    assert "a floor of 1100x1200 is outside 1..1000" in refused(forge(data, arrays))
    assert "over the limit of 100000" in tampered(
        lambda d, a: d["floors"]["1"].update(monsters=[{}] * 100_001))


def test_sizes_over_the_limits_in_the_header() -> None:
    blob = save_of()
    prefix = format.PREFIX.pack(MAGIC, 1, format.MAX_HEADER_BYTES + 1)
    assert "over the limit" in refused(prefix + blob[format.PREFIX.size:])
    head = {"format": "delve-save", "sections": [{
        "name": "state", "kind": "json", "encoding": "zlib", "size": 10,
        "raw_size": format.MAX_SECTION_BYTES + 1, "blake2b": "0" * 64}]}
    assert "raw_size is not within" in refused(pack_header(head))


def pack_header(header: dict[str, Any]) -> bytes:
    """A file that is only a (checksummed) header, whatever it says."""
    text = json.dumps(header).encode()
    prefix = format.PREFIX.pack(MAGIC, 1, len(text))
    return prefix + text + format.checksum(prefix + text, format.HEADER)


def test_a_decompression_bomb_stops_at_the_declared_size() -> None:
    bomb = zlib.compress(b"\0" * 50_000_000, 9)  # 50 MB from about 50 kB
    section = {"name": "state", "kind": "json", "encoding": "zlib", "size": len(bomb),
               "raw_size": 100, "blake2b": format.checksum(bomb, format.SECTION).hex()}
    blob = pack_header({"format": "delve-save", "sections": [section]}) + bomb
    assert "decompresses to more than its declared 100 bytes" in refused(blob)


def test_deep_nesting() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    assert refused(raw_file(deep)) == "the state is nested too deeply"
    prefix = format.PREFIX.pack(MAGIC, 1, len(deep))
    header = prefix + deep + format.checksum(prefix + deep, format.HEADER)
    assert refused(header) == "the header is nested too deeply"
    nested: Any = {"format": "delve-save"}
    for _ in range(50):  # deep enough for any schema, within the parser's reach
        nested = {"x": nested}
    data, arrays = state_of()
    data["hero"]["equipment"] = nested
    assert "hero.equipment.x: expected a whole number, got an object" in refused(
        forge(data, arrays))


def test_json_constants_and_huge_numbers() -> None:
    assert "NaN is not allowed" in refused(raw_file(b'{"turn": NaN}'))
    assert "is not valid JSON" in refused(raw_file(b'{"turn": ' + b"9" * 5000 + b"}"))
    assert "expected a whole number, got a fraction" in tampered(
        lambda d, a: d.update(turn=1e300))


# --- versions -----------------------------------------------------------------------------------


def test_a_newer_format_is_refused_naming_both_versions() -> None:
    data, arrays = state_of()
    message = refused(forge(data, arrays, version=codec.FORMAT_VERSION + 1))
    assert message == (f"save format version {codec.FORMAT_VERSION + 1} is newer than this"
                       f" game's version {codec.FORMAT_VERSION}: it was written by a newer Delve")


def test_a_newer_rules_version_is_refused_an_older_one_loads_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data, arrays = state_of()
    message = refused(forge(data, arrays, rules=RULES_VERSION + 1))
    assert f"rules version {RULES_VERSION + 1}, newer than this game's {RULES_VERSION}" in message
    blob = forge(data, arrays)
    monkeypatch.setattr(codec, "RULES_VERSION", RULES_VERSION + 1)
    loaded = load_bytes(blob)
    assert loaded.rules_version == RULES_VERSION
    assert "floors not yet visited may differ" in loaded.notes[0]


CURRENT = codec.FORMAT_VERSION
NEXT = CURRENT + 1
"""The tests below pretend a version NEXT exists, so that today's files are the older ones."""


def test_an_older_format_loads_through_its_migration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend version NEXT renamed `cause` to `ending`: a current file loads through the step."""
    game = played()
    blob = save_bytes(game)

    def rename(state: dict[str, Any], arrays: Any) -> tuple[dict[str, Any], Any]:
        state = dict(state)
        state["ending"] = state.pop("cause")
        return state, arrays

    def check_as_current(state: dict[str, Any], arrays: Any) -> None:
        """Today's schema is the older version's: put the field back, then check."""
        state["cause"] = state.pop("ending")
        check_state(state, arrays)

    monkeypatch.setattr(codec, "FORMAT_VERSION", NEXT)
    monkeypatch.setitem(migrate.MIGRATIONS, CURRENT, rename)
    monkeypatch.setattr(codec, "check_state", check_as_current)
    loaded = load_bytes(blob)
    assert loaded.format_version == CURRENT
    assert loaded.notes == [f"The save was upgraded from format version {CURRENT}."]
    assert state_hash(loaded.game) == state_hash(game)


def test_an_older_format_without_a_migration_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    blob = save_of()
    monkeypatch.setattr(codec, "FORMAT_VERSION", NEXT)
    assert refused(blob) == (f"save format version {CURRENT} cannot be read: no migration to"
                             f" version {NEXT}")
    monkeypatch.setattr(migrate, "FIRST_VERSION", NEXT)
    assert f"older than any this game reads ({NEXT} to {NEXT})" in refused(blob)


def test_a_failing_migration_is_a_save_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "FORMAT_VERSION", NEXT)
    monkeypatch.setitem(migrate.MIGRATIONS, CURRENT, lambda s, a: (s["no such field"], a))
    said = refused(save_of())
    assert f"the version {CURRENT} save could not be upgraded to version {NEXT} (KeyError" in said


def test_a_failing_later_step_names_the_file_s_own_version() -> None:
    """A format-1 file that breaks in the step from 3 to 4 is still a version 1 save."""
    golden = Path(__file__).parent / "data" / "saves" / "format-1.delve"
    container = unpack(golden.read_bytes(), 1, codec.FORMAT_VERSION)
    state = json.loads(next(s.data for s in container.sections if s.name == "state"))
    del state["hero"]
    sections = [replace(s, data=canonical_json(state)) if s.name == "state" else s
                for s in container.sections]
    state_bytes, arrays = codec._parts(sections)
    header = {k: v for k, v in container.header.items() if k != "sections"}
    header["summary"] = {**header["summary"], "state_hash": content_hash(state_bytes, arrays)}
    with pytest.raises(SaveError, match=r"^the version 1 save could not be upgraded to version"):
        codec.load_bytes(pack(1, header, sections))


def test_a_version_1_monster_fights_by_its_role_and_is_not_announced() -> None:
    """The 1 -> 2 step gives every actor no tactic and marks its encounter as already seen."""
    state: dict[str, Any] = {"player": {}, "floors": {"1": {"monsters": [{}, {}]}}}
    upgraded, _ = migrate.MIGRATIONS[1](state, {})
    defaults = {"tactic": "", "part": "", "band": 0, "sighted": True}
    assert upgraded["player"] == defaults
    assert upgraded["floors"]["1"]["monsters"] == [defaults, defaults]
