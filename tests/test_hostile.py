"""Hostile files and odd inputs (issue 12): every file a user or another player hands over goes
through one bounded reader; nothing replaces a node that is not a regular file; forged replays are
refused; saves never hold text a screen cannot draw; printing commands stop quietly.

Every hostile file is built here by the test: FIFOs with os.mkfifo, links, deep nesting, lone
surrogates, huge sizes as sparse files."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save_games import RECIPES, forge, save_of, state_of
from test_save_cli import one_line_error, run_main

from game.ai import monsters as monsters_ai
from game.export import hexmaze
from game.replay import Recording, ReplayError, read, verify
from game.rules import items as items_rules
from game.rules.actions import Attack, Drop, Illegal, Impossible, Move, TakeStairs, Wait
from game.rules.perform import perform
from game.rules.progress import MAX_LEVEL, MAX_XP, choose, gain_xp
from game.run import Run
from game.run.recipes import RecipeError, read_run_file
from game.save import codec
from game.save.format import SaveError, pack, unpack
from game.save.store import SaveSlot, read_save
from game.seeds import PERIOD, Rng
from game.turns import player_act
from game.ui.keyfile import load_bindings, parse_bindings
from game.ui.options import Options, load_options, parse_options
from game.userfiles import (
    MAX_NESTING,
    UnsafeTargetError,
    nesting,
    read_toml,
    writable_target,
    write_atomic,
)
from game.world.dungeon import new_game
from game.world.kinds import Mode
from game.world.model import MAX_CARRIED, MAX_ENERGY, MAX_SPEED, NORMAL_SPEED, Actor, Game, Item
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent
DEEP_TOML = "x = " + "[" * 3000 + "]" * 3000 + "\n"
DEEP_TABLE = "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n"

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def fifo(folder: Path, name: str) -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def sparse(folder: Path, name: str, size: int) -> Path:
    """A file that claims `size` bytes but takes no disk space."""
    path = folder / name
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


# 1. one bounded reader ------------------------------------------------------------------------


@pytest.mark.parametrize("text", [DEEP_TOML, DEEP_TABLE])
@pytest.mark.parametrize("loader", [load_bindings, load_options])
def test_deeply_nested_settings_give_the_defaults_and_one_line(
    tmp_path: Path, text: str, loader: object
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text)
    value, problem = loader(path)  # type: ignore[operator]
    assert str(path) in problem and "nested" in problem and "\n" not in problem
    assert value in (Options(), load_bindings(tmp_path / "none.toml")[0])


@pytest.mark.parametrize("loader", [load_bindings, load_options])
def test_huge_settings_are_not_read(tmp_path: Path, loader: object) -> None:
    path = sparse(tmp_path, "settings.toml", 100 * 1024 * 1024)
    _, problem = loader(path)  # type: ignore[operator]
    assert "larger than" in problem and str(path) in problem


@needs_fifo
@pytest.mark.parametrize("loader", [load_bindings, load_options])
def test_a_fifo_as_settings_never_blocks(tmp_path: Path, loader: object) -> None:
    path = fifo(tmp_path, "settings.toml")
    _, problem = loader(path)  # type: ignore[operator]
    assert "not a regular file" in problem


def test_nesting_is_counted_before_parsing() -> None:
    assert nesting("a = [[1], {b = [2]}]") == 3
    assert nesting(DEEP_TOML) == 3000
    assert nesting("[[floor]]\n[[floor]]\n") == 2


def test_the_config_reader_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "maze.toml"
    path.write_text(DEEP_TOML)
    with pytest.raises(ValueError, match=f"{path}: nested more than {MAX_NESTING}"):
        read_toml(path)
    path.write_text("width = ")
    with pytest.raises(ValueError, match=f"{path}: not valid TOML"):
        read_toml(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="not UTF-8"):
        read_toml(path)


@pytest.mark.parametrize("flag", ["--config", "--from-hex"])
def test_hostile_run_files_and_mazes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: str
) -> None:
    command = (["catalog", "--config"] if flag == "--config"
               else ["generate", "--generator", "maze", "--from-hex"])
    deep = tmp_path / "deep"
    deep.write_text(DEEP_TOML)
    huge = sparse(tmp_path, "huge", 200 * 1024 * 1024)
    assert "larger than" in one_line_error(capsys, *command, str(huge))
    assert "is not a regular file" in one_line_error(capsys, *command, str(tmp_path))
    if flag == "--config":
        assert "nested more than" in one_line_error(capsys, *command, str(deep))
    if hasattr(os, "mkfifo"):
        assert "is not a regular file" in one_line_error(
            capsys, *command, str(fifo(tmp_path, "pipe")))


def test_replay_and_save_files_never_block(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    pipe = fifo(tmp_path, "pipe")
    assert "is not a regular file" in one_line_error(capsys, "save-info", str(pipe))
    assert "is not a regular file" in one_line_error(capsys, "replay", "--verify", str(pipe))
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(pipe)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[floor]]\ndepths = 1\ngenerator = 'bsp'\nwidth = true\nheight = 45",
         "run.toml: floor 1: width must be a whole number within 20..400 (got true)"),
        ("[[floor]]\ndepths = 1\ngenerator = 'bsp'\nwidth = 60\nheight = 'tall'",
         "run.toml: floor 1: height must be a whole number within 20..400 (got 'tall')"),
        ("[[floor]]\ndepths = true\ngenerator = 'bsp'", "run.toml: floor 1: depths must be"),
        ("[[floor]]\ndepths = 1\ngenerator = 'bsp'\nparams = {rooms = 'a;b'}",
         "run.toml: floor 1: params.rooms must be a plain number"),
        ("[[floor]]\ndepths = 1\ngenerator = 'bsp'\nparams = {max_rooms = 'lots'}",
         "run.toml: floor 1:"),
        ("[[floor]]\ndepths = 1\ngenerator = 'maze'\nparams = {stamp = 'é'}",
         "run.toml: floor 1: parameter stamp: no glyph for 'É'"),
    ],
)
def test_run_file_errors_name_the_key_in_the_users_terms(text: str, message: str) -> None:
    with pytest.raises(RecipeError) as caught:
        read_run_file(text, "run.toml")
    assert str(caught.value).startswith(message)
    assert "@" not in str(caught.value) and "\n" not in str(caught.value)


# 2. writes never replace a node that is not a regular file ------------------------------------


def test_special_nodes_are_never_replaced(tmp_path: Path) -> None:
    for node in (tmp_path, Path(os.devnull)):
        with pytest.raises(UnsafeTargetError, match="not a regular file"):
            writable_target(node)
    if hasattr(os, "mkfifo"):
        pipe = fifo(tmp_path, "pipe")
        with pytest.raises(UnsafeTargetError):
            write_atomic(pipe, b"x")
        assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(UnsafeTargetError, match="symbolic links"):
        write_atomic(loop, b"x")


def test_a_symlink_is_written_through_and_kept(tmp_path: Path) -> None:
    target_folder = tmp_path / "real"
    target_folder.mkdir()
    target = target_folder / "final.delve"
    target.write_bytes(b"old")
    link = tmp_path / "link.delve"
    link.symlink_to(target)
    write_atomic(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    dangling = tmp_path / "dangling.delve"
    dangling.symlink_to(target_folder / "fresh.delve")
    write_atomic(dangling, b"made")
    assert dangling.is_symlink() and (target_folder / "fresh.delve").read_bytes() == b"made"


def test_save_to_refuses_special_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    targets = [tmp_path]
    if hasattr(os, "mkfifo"):
        targets.append(fifo(tmp_path, "pipe"))
    for target in targets:
        before = os.lstat(target)
        line = one_line_error(capsys, "autoplay", "--seed", "s", "--turns", "5",
                              "--save-to", str(target))
        assert "not a regular file" in line
        after = os.lstat(target)
        assert (before.st_ino, before.st_mode) == (after.st_ino, after.st_mode)


def test_the_save_slot_writes_through_a_linked_save(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    slot = SaveSlot(tmp_path / "slot")
    slot.folder.mkdir()
    (elsewhere / "save.delve").write_bytes(b"")
    slot.path.symlink_to(elsewhere / "save.delve")
    game = new_game(Run("slot-link", RECIPES))
    try:
        slot.save(game)
    finally:
        slot.release()
    assert slot.path.is_symlink()
    assert state_hash(read_save(elsewhere / "save.delve").game) == state_hash(game)


def test_stale_temporaries_of_ours_are_cleared(tmp_path: Path) -> None:
    target = tmp_path / "final.delve"
    stale = tmp_path / ".final.delve.abcd1234.tmp"
    fresh = tmp_path / ".final.delve.wxyz9876.tmp"
    theirs = tmp_path / ".final.delve.notours.tmp"
    for path in (stale, fresh, theirs):
        path.write_bytes(b"half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(theirs, (old, old))
    write_atomic(target, b"whole")
    assert not stale.exists() and fresh.exists() and theirs.exists()
    assert target.read_bytes() == b"whole"


# 3. forged replays ----------------------------------------------------------------------------


def forged_replay(tmp_path: Path, action: dict[str, object]) -> Path:
    """A replay whose first action is `action`, with its hash computed as a forger would."""
    game = new_game(Run("forge", RECIPES))
    recording = Recording(game.run.code)
    lines = recording.text().splitlines()
    lines.append(json.dumps({**action, "hash": state_hash(game)}))
    path = tmp_path / "forged.replay"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"action": "Move", "args": {"dx": -10, "dy": 0}}, "A step is one square"),
        ({"action": "Move", "args": {"dx": 0, "dy": 0}}, "A step is one square"),
        ({"action": "Attack", "args": {"target": 999}}, "nothing there"),
        ({"action": "Drop", "args": {"item": 999}}, "do not have"),
        ({"action": "Use", "args": {"item": 999, "target": None}}, "do not have"),
        ({"action": "Equip", "args": {"item": 999}}, "do not have"),
        ({"action": "ChooseLevelUp", "args": {"choice": "hp"}}, "no level to spend"),
        ({"action": "OpenDoor", "args": {"x": 0, "y": 0}}, "not next to you"),
    ],
)
def test_forged_replays_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, action: dict[str, object], reason: str
) -> None:
    path = forged_replay(tmp_path, action)
    with pytest.raises(ReplayError, match=f"illegal action at line 2: .*{reason}"):
        verify(read(path))
    line = one_line_error(capsys, "replay", "--verify", str(path))
    assert "illegal action at line 2:" in line


def test_illegal_actions_change_nothing() -> None:
    game = new_game(Run("legal", RECIPES))
    before = state_hash(game)
    far = next(m for m in game.floor.monsters if max(abs(m.x - game.player.x),
                                                     abs(m.y - game.player.y)) > 1)
    for action in (Move(5, 0), Attack(far.id), Drop(12345)):
        assert isinstance(player_act(game, action), Illegal)
    if game.player.pos not in game.floor.stairs:
        assert isinstance(player_act(game, TakeStairs("down")), Illegal)
    assert state_hash(game) == before


def test_monsters_are_held_to_one_square_too() -> None:
    game = new_game(Run("legal", RECIPES))
    monster = game.floor.monsters[0]
    assert isinstance(perform(game, monster, Move(3, 3)), Illegal)


# 4. saves and text --------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["seed_text", "code", "message"])
def test_lone_surrogates_never_load(where: str) -> None:
    data, arrays = state_of()
    if where == "message":
        data["messages"][0][0] = "bad \ud800 text"
    else:
        data[where] = "bad \ud800 text"
    with pytest.raises(SaveError, match="not valid Unicode"):
        codec.load_bytes(forge(data, arrays))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"width": 5}, "floor size must be within"),
        ({"params": [["stamp", "\u00e9"]]}, "no glyph"),
        ({"params": [["perfect", "maybe"]]}, "is not true or false"),
        ({"params": [["nonsense", "1"]]}, "has no parameter 'nonsense'"),
    ],
)
def test_unvisited_floors_recipes_are_checked_when_loading(
    change: dict[str, object], message: str
) -> None:
    data, arrays = state_of()
    last = data["recipes"][-1]
    assert last["generator"] == "maze" and str(last["depth"]) not in data["floors"]
    last.update(change)
    with pytest.raises(SaveError, match=f"state: recipes: .*{message}"):
        codec.load_bytes(forge(data, arrays))


def test_undecodable_command_line_bytes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "autoplay", "--seed", "bad\udcff", "--turns", "5")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "not valid text" in err


def test_counters_stop_at_what_the_save_accepts() -> None:
    game = new_game(Run("clamp", RECIPES))
    hero = game.hero
    hero.level, hero.pending_levels, hero.xp = MAX_LEVEL, 1, MAX_XP - 1
    gain_xp(game, 10**15)
    assert hero.xp == MAX_XP and hero.level + hero.pending_levels <= MAX_LEVEL + 1
    while hero.pending_levels:
        assert choose(game, "attack") is None
    assert hero.level == MAX_LEVEL
    codec.load_bytes(codec.save_bytes(game))  # still a save its own loader takes


def test_the_rng_count_wraps_with_the_generators_period() -> None:
    data, arrays = state_of()
    data["rng"]["consumed"] = PERIOD - 1
    game = codec.load_bytes(forge(data, arrays)).game
    for _ in range(20):
        player_act(game, Wait())
    again = codec.load_bytes(codec.save_bytes(game)).game  # its own loader takes it
    assert again.rng.consumed < PERIOD and state_hash(again) == state_hash(game)
    assert Rng(9, 5).next64() == Rng(9, 5 + PERIOD).next64()


# 5. sizes --------------------------------------------------------------------------------------


@pytest.mark.parametrize("sizes", ["0x0", "100000x100000", "80x0"])
def test_bench_sizes_share_generates_bounds(
    capsys: pytest.CaptureFixture[str], sizes: str
) -> None:
    assert "within 1..4000" in one_line_error(capsys, "bench", "generators", "--sizes", sizes)


# 6. printing commands and broken pipes -----------------------------------------------------------


def test_a_reader_going_away_is_quiet(tmp_path: Path) -> None:
    path = tmp_path / "run.delve"
    path.write_bytes(save_of())
    for command in (["save-info", str(path)],
                    ["generate", "--seed", "p", "--width", "300", "--height", "300"]):
        done = subprocess.run(
            f"{sys.executable} run.py {' '.join(command)} | head -c 1 > /dev/null",
            check=False, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=120,
        )
        assert "Traceback" not in done.stderr and done.stderr == ""


# fuzz: random bytes and random nesting at every reader -----------------------------------------


def readers(tmp_path: Path) -> list[object]:
    def keys(path: Path) -> None:
        _, problem = load_bindings(path)
        assert "\n" not in problem

    def options(path: Path) -> None:
        _, problem = load_options(path)
        assert "\n" not in problem

    def run_file(path: Path) -> None:
        try:
            read_run_file(path.read_text("utf-8", "replace"), "run.toml")
        except ValueError as problem:
            assert "\n" not in str(problem)

    def maze(path: Path) -> None:
        try:
            hexmaze.plan_from_hex(path.read_text("utf-8", "replace"))
        except ValueError as problem:
            assert "\n" not in str(problem)

    def replay(path: Path) -> None:
        try:
            read(path)
        except ReplayError as problem:
            assert "\n" not in str(problem)

    def save(path: Path) -> None:
        try:
            read_save(path)
        except SaveError as problem:
            assert "\n" not in str(problem)

    return [keys, options, run_file, maze, replay, save]


def nested(depth: int, opener: str) -> str:
    closer = {"[": "]", "{": "}"}[opener]
    inner = "1" if opener == "[" else "a = 1"
    body = (opener if opener == "[" else "{a = ") * depth + inner + closer * depth
    return f"x = {body}\n"


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=2000), depth=st.integers(0, 5000),
       opener=st.sampled_from("[{"), mode=st.sampled_from(["bytes", "nesting", "both"]))
def test_fuzz_every_reader(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, depth: int, opener: str, mode: str
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    blob = {"bytes": data, "nesting": nested(depth, opener).encode(),
            "both": nested(depth, opener).encode() + data}[mode]
    path = folder / "file"
    path.write_bytes(blob)
    for reader in readers(folder):
        reader(path)  # type: ignore[operator]


def test_fuzz_the_settings_parsers() -> None:
    for text in (DEEP_TOML, DEEP_TABLE, "[keys]\n" + "wait = " + "[" * 40 + "]" * 40):
        with pytest.raises(ValueError, match="nested"):
            parse_bindings(text, {})
        with pytest.raises(ValueError, match="nested"):
            parse_options(text)


def test_a_feature_is_used_only_from_beside_it() -> None:
    """Interact names a feature here or next to the hero; one across the room is not an action."""
    from scenario import scenario

    from game.rules.actions import Interact
    from game.rules.legal import illegal

    scene = scenario("""
        #######
        #@....#
        #######
    """)
    game, hero = scene.game, scene.player
    assert illegal(game, hero, Interact()) == ""
    assert illegal(game, hero, Interact(hero.x + 1, hero.y)) == ""
    assert "next to you" in illegal(game, hero, Interact(hero.x + 4, hero.y))


# --- issue 27: the last tracebacks and unbounded work -------------------------------------------


@pytest.mark.parametrize("key", ["window_x", "window_y"])
@pytest.mark.parametrize("value", [2**31, -(2**31) - 1, 2**40, 65_537])
def test_a_window_position_sdl_cannot_take_is_refused(key: str, value: int) -> None:
    with pytest.raises(ValueError, match="window_x and window_y must be between"):
        parse_options(f"{key} = {value}\n")
    assert getattr(parse_options(f"{key} = -1200\n"), key) == -1200  # a screen to the left


def test_a_save_dir_with_a_name_too_long_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = one_line_error(capsys, "autoplay", "--seed", "a", "--turns", "3", "--save-dir",
                         str(tmp_path / ("x" * 300)))
    assert "File name too long" in err and len(err) < 300


@pytest.mark.parametrize("argv", [["--repeat", "99999999999"], ["--repeat", "1001"],
                                  ["--sizes", ",".join(["10x10"] * 9)]])
def test_bench_refuses_unbounded_work(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    err = one_line_error(capsys, "bench", "generators", *argv)
    assert "1000" in err or "at most 8 sizes" in err


def test_amazeing_will_not_write_over_its_config_through_a_hard_link(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "config.txt"
    link = tmp_path / "link.txt"
    config.write_text("WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\n"
                      f"OUTPUT_FILE={link}\nPERFECT=True\n")
    os.link(config, link)
    before = config.read_bytes()
    err = one_line_error(capsys, "amazeing", str(config))
    assert "is the config file itself" in err and config.read_bytes() == before


def test_a_monster_s_energy_is_held_to_what_play_leaves() -> None:
    data, arrays = state_of()
    floor = data["floors"][str(data["depth"])]
    floor["monsters"][0]["energy"] = 10**9
    with pytest.raises(SaveError, match="energy"):
        codec.load_bytes(forge(data, arrays))
    floor["monsters"][0]["energy"] = MAX_ENERGY
    codec.load_bytes(forge(data, arrays))  # the bound itself is a save play could make


def test_one_monster_acts_a_bounded_number_of_times_a_turn_whatever_its_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state made in code, past every save check: still a hundred actions at most."""
    game = new_game(Run("energetic", RECIPES))
    monster = sorted(game.floor.monsters, key=lambda m: m.id)[0]
    monster.energy, monster.speed, monster.mode = 10**9, MAX_SPEED, Mode.ASLEEP
    idle = monsters_ai._idle
    acted: list[Actor] = []

    def counting(game: Game, actor: Actor) -> None:
        acted.append(actor)
        idle(game, actor)

    monkeypatch.setattr(monsters_ai, "_idle", counting)
    monsters_ai.take_turns(game)
    assert 0 < acted.count(monster) <= MAX_ENERGY // NORMAL_SPEED
    assert monster.energy < NORMAL_SPEED


def test_a_full_pack_saves_as_a_pack_the_loader_takes() -> None:
    """The pack's own limit is the save's: at MAX_CARRIED items nothing more is picked up."""
    game = new_game(Run("hoard", RECIPES))
    hero = game.hero
    hero.inventory = [Item(game.new_id(), "potion_healing") for _ in range(MAX_CARRIED)]
    spare = Item(game.new_id(), "potion_healing", x=game.player.x, y=game.player.y)
    game.floor.items.append(spare)
    assert isinstance(items_rules.pick_up(game), Impossible)  # the pack is full
    assert len(hero.inventory) == MAX_CARRIED
    codec.load_bytes(codec.save_bytes(game))


@pytest.mark.parametrize("command", [["generate"], ["roll", "doors"]])
def test_a_seed_is_held_to_a_run_s_bound_on_every_command(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    err = one_line_error(capsys, *command, "--seed", "s" * 1001)
    assert "--seed is longer than 1000 bytes" in err


def test_a_run_code_s_version_is_ascii_digits(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_error(capsys, "catalog", "--code", "D\u0667-8VCV4-KR0NM-6AV3C-DW")
    assert "start with D<version>-" in err


def test_amazeing_names_what_it_refuses_briefly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "config.txt"
    config.write_text("WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\nOUTPUT_FILE=a\0b\nPERFECT=True\n")
    assert "OUTPUT_FILE" in one_line_error(capsys, "amazeing", str(config))
    config.write_text(f"WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\nOUTPUT_FILE={tmp_path / 'm'}\n"
                      "PERFECT=True\n")
    err = one_line_error(capsys, "amazeing", str(config), "--theme", "t" * 100_000)
    assert len(err) < 400 and "is not a theme" in err


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_every_format_s_state_is_held_to_its_hash(version: int) -> None:
    """A file whose checksums are all right but whose state was changed after its hash was
    taken is refused, whatever format it is in (formats 1-3 used to skip the check)."""
    golden = Path(__file__).parent / "data" / "saves" / f"format-{version}.delve"
    container = unpack(golden.read_bytes(), 1, codec.FORMAT_VERSION)
    header = {k: v for k, v in container.header.items() if k != "sections"}
    sections = [replace(s, data=s.data.replace(b'"turn":', b'"turn": ', 1))
                if s.name == "state" else s for s in container.sections]
    assert sections != container.sections  # the state changed, its hash did not
    with pytest.raises(SaveError, match="does not match the state hash"):
        codec.load_bytes(pack(version, header, sections))
    codec.load_bytes(golden.read_bytes())  # untouched, it loads
