"""Every test keeps its saves, morgue files, crash reports and options in folders of its own:
never the user's data or config directory, and never one another test wrote to (the main menu
loads the saved run; the first run shows the introduction once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from game import userfiles
from game.save import AUTOSAVE_TURNS
from game.ui import keyfile, options, saves

# Machines here are shared and noisy: a property test checks properties, never speed.
settings.register_profile("delve", deadline=None)
settings.load_profile("delve")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A patch of its own, so that a test's `monkeypatch.undo()` cannot put the user's data
    directory back in play."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DELVE_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        patch.setenv("DELVE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
        saves.configure()
        options.reload()  # options a test saved (a monkey pressing F2) never reach the next
        yield
        saves.configure()
        options.reload()


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings and records in a fresh folder; the default keys and options restored after (for
    the interface tests that write keys.toml or options.toml)."""
    monkeypatch.setenv(userfiles.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv(userfiles.DATA_ENV, str(tmp_path / "data"))
    options.reload()
    yield tmp_path / "config"
    keyfile.install(tmp_path / "missing.toml")
    options.reload()
    saves.set_autosave_every(AUTOSAVE_TURNS)
