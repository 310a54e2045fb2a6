"""Backgrounds (issue 29, part B): the data and its checks, the hero each one makes, the same
dungeon whichever is chosen, and the background kept by saves, replays, morgue files, scores,
the codex and autoplay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.bot import autoplay
from game.cli import main
from game.content.backgrounds import (
    BackgroundError,
    background_of,
    backgrounds_path,
    default_backgrounds,
    load_backgrounds,
)
from game.content.items import item_kinds, kind_of
from game.morgue import Score, morgue_text, parse_scores, score_of
from game.replay import Recording, ReplayError, read, verify
from game.run import Run
from game.save.codec import load_bytes, save_bytes
from game.world.dungeon import HERO_HP, STARTING_KIT, floor_at, new_game
from game.world.serial import floor_data, state_hash

SIGNATURES = {"fighter": "cleave", "skirmisher": "tumble", "archer": "pinning_shot",
              "mystic": "mend"}
GOLDEN = Path(__file__).parent / "data" / "saves"


# --- the data ------------------------------------------------------------------------------------


def test_the_four_backgrounds_load_with_their_signatures() -> None:
    found = {b.key: b.signature for b in default_backgrounds()}
    assert len(found) >= 4
    assert SIGNATURES.items() <= found.items()


def test_the_backgrounds_differ_in_numbers_and_kit() -> None:
    backgrounds = default_backgrounds()
    numbers = {(b.hp, b.ac, b.attack, b.strength) for b in backgrounds}
    weapons = {b.equip[0] for b in backgrounds}
    kits = {b.kit for b in backgrounds}
    assert len(numbers) == len(weapons) == len(kits) == len(backgrounds)
    archer = background_of("archer")
    assert any(kind_of(k).kind == "launcher" for k in archer.equip)
    assert archer.kit.count(kind_of("short_bow").ammo) >= 20
    assert any(kind_of(k).thrown for k in background_of("skirmisher").kit)
    assert any(kind_of(k).kind == "wand" for k in background_of("mystic").kit)


GOOD_ENTRY = """
[[background]]
key = "fighter"
name = "Fighter"
text = "A sellsword."
hp = 50
ac = 16
attack = 6
strength = 3
kit = ["sword", "leather", "3 potion_healing"]
equip = ["sword", "leather"]
signature = "cleave"
"""


@pytest.mark.parametrize(("change", "message"), [
    (('"3 potion_healing"', '"3 potion_of_luck"'), "kit item '3 potion_of_luck'"),
    (('equip = ["sword", "leather"]', 'equip = ["sword", "potion_healing"]'), "equip"),
    (('equip = ["sword", "leather"]', 'equip = ["axe"]'), "equip"),
    (("hp = 50", "hp = 0"), "hp = 0"),
    (("hp = 50", 'hp = "lots"'), "hp = 'lots'"),
    (('signature = "cleave"', 'signature = "Cleave!"'), "signature"),
    (('text = "A sellsword."', ""), "missing field text"),
    (("hp = 50", "hp = 50\nspeed = 3"), "unknown field speed"),
    (('key = "fighter"', 'key = "brute"'), "needs the 'fighter' background"),
])
def test_a_bad_entry_is_one_error_naming_the_file_and_entry(
        tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = tmp_path / "backgrounds.toml"
    assert change[0] in GOOD_ENTRY
    path.write_text(GOOD_ENTRY.replace(change[0], change[1]))
    with pytest.raises(BackgroundError) as problem:
        load_backgrounds(path, item_kinds())
    assert "backgrounds.toml" in str(problem.value) and message in str(problem.value)
    assert "\n" not in str(problem.value)
    path.write_text(GOOD_ENTRY)
    assert [b.key for b in load_backgrounds(path, item_kinds())] == ["fighter"]


def test_the_games_file_is_the_one_checked() -> None:
    assert backgrounds_path().name == "backgrounds.toml"
    assert load_backgrounds(backgrounds_path(), item_kinds()) == default_backgrounds()


# --- the hero ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(SIGNATURES))
def test_a_new_game_makes_the_hero_of_its_background(key: str) -> None:
    chosen = background_of(key)
    game = new_game(Run("hero-of"), key)
    hero, player = game.hero, game.player
    assert (hero.background, hero.talents) == (key, [SIGNATURES[key]])
    assert (player.hp, player.max_hp, player.ac, player.attack, hero.strength) == (
        chosen.hp, chosen.hp, chosen.ac, chosen.attack, chosen.strength)
    assert sorted(i.kind for i in hero.inventory) == sorted(chosen.kit)
    worn = {slot: next(i.kind for i in hero.inventory if i.id == item_id)
            for slot, item_id in hero.equipment.items()}
    assert worn == {kind_of(k).slot: k for k in chosen.equip}
    for kind in chosen.kit:  # what it set out with, it knows
        if kind_of(kind).kind in ("potion", "scroll", "wand"):
            assert kind in game.identified


def test_the_fighter_is_the_hero_of_before_backgrounds() -> None:
    game = new_game(Run("old-hero"))
    assert game.hero.background == "fighter"
    assert (game.player.max_hp, game.player.ac, game.player.attack, game.hero.strength) == (
        HERO_HP, 16, 6, 3)
    assert tuple(i.kind for i in game.hero.inventory) == STARTING_KIT
    assert game.hero.equipment == {"weapon": game.hero.inventory[0].id,
                                   "body": game.hero.inventory[1].id}


def test_unknown_background_is_refused() -> None:
    with pytest.raises(KeyError, match="choose from fighter"):
        new_game(Run("nobody"), "bard")


def test_the_same_run_is_the_same_dungeon_for_every_background() -> None:
    """The background is the player's: floors (every one, and their ids), the play stream and
    the floor made on arrival are the run's alone."""
    run = Run("same-dungeon")
    seen: list[tuple[Any, ...]] = []
    for key in SIGNATURES:
        game = new_game(run, key)
        for depth in range(1, 5):
            floor_at(game, depth)
        floors = tuple(json.dumps(floor_data(game.floors[d], f"f{d}", {}), sort_keys=True)
                       for d in sorted(game.floors))
        fingerprints = tuple(game.floors[d].fingerprint for d in sorted(game.floors))
        seen.append((floors, fingerprints, game.rng.seed, game.rng.consumed,
                     game.player.pos))
    assert all(entry == seen[0] for entry in seen)


# --- what records it -----------------------------------------------------------------------------


def test_a_save_keeps_the_background_and_talents() -> None:
    game, _ = autoplay.play(Run("save-archer"), 60, background="archer")
    loaded = load_bytes(save_bytes(game)).game
    assert (loaded.hero.background, loaded.hero.talents) == ("archer", ["pinning_shot"])
    assert state_hash(loaded) == state_hash(game)


def test_a_format_6_save_is_a_fighter() -> None:
    loaded = load_bytes((GOLDEN / "format-6.delve").read_bytes())
    assert loaded.format_version == 6
    assert (loaded.game.hero.background, loaded.game.hero.talents) == ("fighter", ["cleave"])


def test_a_replay_records_and_replays_its_background(tmp_path: Path) -> None:
    recording = Recording("")
    autoplay.play(Run("replay-mystic"), 40, recording=recording, background="mystic")
    path = tmp_path / "run.replay"
    path.write_text(recording.text())
    assert json.loads(recording.text().splitlines()[0])["background"] == "mystic"
    again = read(path)
    assert again.background == "mystic" and verify(again) is None
    as_fighter = Recording(again.code, again.steps)  # the same actions by another hero differ
    assert verify(as_fighter) is not None


def test_an_old_replay_is_a_fighters_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    recording = Recording("")
    autoplay.play(Run("replay-old"), 20, recording=recording)
    lines = recording.text().splitlines()
    header = json.loads(lines[0])
    del header["background"]
    path = tmp_path / "old.replay"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    old = read(path)
    assert old.background == "fighter" and verify(old) is None
    header["background"] = "bard"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ReplayError, match="line 1: background 'bard'"):
        read(path)


def test_the_morgue_and_scores_name_the_background() -> None:
    game = new_game(Run("morgue-skirmisher"), "skirmisher")
    assert "Background: Skirmisher   Talents: tumble" in morgue_text(game)
    score = score_of(game, "2026-01-01T00:00:00+00:00")
    assert score.background == "skirmisher"
    entry = {"points": 1, "seed": "s", "outcome": "dead", "cause": "x", "depth": 1,
             "turns": 1, "level": 1, "xp": 0, "gold": 0, "when": "w"}
    old, new = parse_scores({"format": "delve-scores", "version": 1, "scores": [
        entry, {**entry, "background": "archer"}]})
    assert (old.background, new.background) == ("fighter", "archer")
    assert Score(1, "s", old.outcome, "x", 1, 1, 1, 0, 0, "w").background == "fighter"


# --- the command line ----------------------------------------------------------------------------


def test_codex_backgrounds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codex", "backgrounds", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [e["key"] for e in entries] == [b.key for b in default_backgrounds()]
    for entry in entries:
        assert {"key", "name", "text", "hp", "ac", "attack", "strength", "kit",
                "signature"} <= set(entry)
        chosen = background_of(entry["key"])
        assert entry["signature"] == chosen.signature and entry["hp"] == chosen.hp
        assert sum(part["count"] for part in entry["kit"]) == len(chosen.kit)
        assert entry["text"][0] == chosen.text
    assert main(["codex", "backgrounds"]) == 0
    text = capsys.readouterr().out
    assert "Backgrounds (4)" in text and "Signature talent: Pinning shot: Shoot" in text


def test_autoplay_plays_the_background_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--seed", "bg", "--turns", "30", "--background", "archer",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["background"] == "archer"
    assert main(["autoplay", "--seed", "bg", "--turns", "20", "--runs", "2",
                 "--background", "mystic", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["background"] == "mystic"
    assert [r["background"] for r in summary["results"]] == ["mystic", "mystic"]
    assert main(["autoplay", "--seed", "bg", "--turns", "20"]) == 0
    assert "fighter level" in capsys.readouterr().out
    assert main(["--background", "skirmisher", "autoplay", "--seed", "bg", "--turns", "20"]) == 0
    assert "skirmisher level" in capsys.readouterr().out


@pytest.mark.parametrize("runs", [[], ["--runs", "2"]])
def test_autoplay_refuses_an_unknown_background(
        capsys: pytest.CaptureFixture[str], runs: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["autoplay", "--seed", "bg", "--turns", "20", "--background", "bard", *runs])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no background 'bard'" in err[0] and "archer" in err[0]


def test_save_info_names_the_background(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    path = tmp_path / "archer.delve"
    path.write_bytes(save_bytes(new_game(Run("info"), "archer")))
    assert main(["save-info", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["background"] == "archer"
    assert main(["save-info", str(path)]) == 0
    assert "player:     archer, level 1" in capsys.readouterr().out


def test_the_player_reads_the_background_in_the_log_and_on_the_sheet() -> None:
    from game.ui.screens.character import sheet

    game = new_game(Run("sheet"), "archer")
    assert any(m.text == "You set out as an archer." for m in game.messages.messages)
    assert ("Background: Archer" in [text for text, _ in sheet(game)])
    fighter = new_game(Run("sheet"))
    assert not any("set out as" in m.text for m in fighter.messages.messages)
