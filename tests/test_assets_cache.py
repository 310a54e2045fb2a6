"""Content TOML kept parsed as JSON (game.assets.read_toml): the same data as parsing the file,
parsed afresh when the file changes, and a damaged cache is only a slower start."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from game.assets import ASSETS_DIR, TomlSyntaxError, read_toml


@pytest.fixture
def writable_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Caches written (as where bytecode is written) into a folder of the test's own."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_every_content_file_reads_back_from_the_cache_as_parsed(writable_cache: Path) -> None:
    files = sorted(ASSETS_DIR.rglob("*.toml"))
    assert len(files) > 5
    for path in files:
        parsed = tomllib.loads(path.read_text(encoding="utf-8"))
        assert read_toml(path) == parsed  # parsed, and cached
        assert read_toml(path) == parsed  # from the cache
    assert len(list(writable_cache.rglob("*.json"))) == len(files)


def test_the_cache_is_read_and_an_edited_file_is_parsed_afresh(
    tmp_path: Path, writable_cache: Path
) -> None:
    path = tmp_path / "kinds.toml"
    path.write_text("[a]\nn = 1\n", encoding="utf-8")
    assert read_toml(path) == {"a": {"n": 1}}
    (cached,) = writable_cache.rglob("kinds.*.json")
    cached.write_text('{"a": {"n": 99}}', encoding="utf-8")
    assert read_toml(path) == {"a": {"n": 99}}  # the cache it wrote is the one it reads
    path.write_text("[a]\nn = 2\n", encoding="utf-8")
    assert read_toml(path) == {"a": {"n": 2}}
    assert [p.name for p in writable_cache.rglob("kinds.*.json")] != [cached.name]  # replaced


def test_a_damaged_cache_falls_back_to_the_file(tmp_path: Path, writable_cache: Path) -> None:
    path = tmp_path / "kinds.toml"
    path.write_text("[a]\nn = 1.5\nwhen = 1979-05-27\n", encoding="utf-8")  # a date: no JSON
    expected = tomllib.loads(path.read_text(encoding="utf-8"))
    assert read_toml(path) == expected
    assert not list(writable_cache.rglob("kinds.*.json"))  # not cacheable: parsed every time
    path.write_text("[a]\nn = 1.5\n", encoding="utf-8")
    read_toml(path)
    (cached,) = writable_cache.rglob("kinds.*.json")
    for damage in ("{", "[1, 2]", ""):
        cached.write_text(damage, encoding="utf-8")
        assert read_toml(path) == {"a": {"n": 1.5}}


def test_a_bad_file_still_fails_as_bad_toml(tmp_path: Path, writable_cache: Path) -> None:
    path = tmp_path / "kinds.toml"
    path.write_text("[a\n", encoding="utf-8")
    with pytest.raises(TomlSyntaxError):
        read_toml(path)


def test_nothing_is_written_where_bytecode_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "cache"))
    path = tmp_path / "kinds.toml"
    path.write_text("[a]\nn = 1\n", encoding="utf-8")
    assert read_toml(path) == {"a": {"n": 1}}
    assert not (tmp_path / "cache").exists()
