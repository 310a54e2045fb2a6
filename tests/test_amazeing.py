"""`run.py amazeing CONFIG`: the config reader (every rule, good and bad files made here), the file
it writes (hex layout, round trip, determinism), the stamp notice and the terminal picture."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pytest

from game.cli import amazeing, main
from game.cli.amazeing import Config, ConfigError, parse_config, read_config
from game.cli.parser import build_parser
from game.compass import CLOSED, EAST, SOUTH
from game.content import themes
from game.export import hexmaze
from game.generators import mazegen
from game.generators.mazegen import MazeGenerator

# The document's example configuration, as printed there.
EXAMPLE = """# A-Maze-ing default configuration
WIDTH=20
HEIGHT=18
ENTRY=0,0
EXIT=9,9
OUTPUT_FILE=maze.txt
PERFECT=True
SEED=1337
"""


def with_line(key: str, line: str | None, text: str = EXAMPLE) -> str:
    """The example with `key`'s line replaced by `line` (None: removed), in the same place."""
    out = []
    for row in text.splitlines():
        if row.startswith(f"{key}="):
            if line is not None:
                out.append(line)
        else:
            out.append(row)
    return "\n".join(out) + "\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the config reader ---------------------------------------------------------------------


def test_the_documents_example_config() -> None:
    config, warnings = parse_config(EXAMPLE, "config.txt")
    assert config == Config(20, 18, (0, 0), (9, 9), Path("maze.txt"), True, 1337)
    assert warnings == []


def test_comments_blank_lines_spaces_crlf_bom_and_true_false_in_any_case() -> None:
    text = ("\ufeff# comment\r\n\r\n   # indented comment\r\nWIDTH = 12\r\n  HEIGHT=9  \r\n"
            "ENTRY= 1 , 2\r\nEXIT=11,8\r\nOUTPUT_FILE = out file.txt\r\nPERFECT=fAlSe\r\n")
    config, warnings = parse_config(text, "c")
    assert config == Config(12, 9, (1, 2), (11, 8), Path("out file.txt"), False, None)
    assert warnings == []
    for word, value in (("TRUE", True), ("true", True), ("False", False), ("FALSE", False)):
        assert parse_config(with_line("PERFECT", f"PERFECT={word}"), "c")[0].perfect is value


def test_seed_is_optional_and_any_whole_number() -> None:
    assert parse_config(with_line("SEED", None), "c")[0].seed is None
    assert parse_config(with_line("SEED", "SEED=-5"), "c")[0].seed == -5
    assert parse_config(with_line("SEED", "SEED=+12345678901234567890"), "c")[0].seed == (
        12345678901234567890)


def test_unknown_keys_are_warned_about_with_their_line() -> None:
    text = EXAMPLE + "COLOR=red\n"
    config, warnings = parse_config(text, "c.txt")
    assert config.width == 20
    assert warnings == ["c.txt: line 9: unknown key 'COLOR' ignored"]


def test_keys_are_case_sensitive() -> None:
    text = with_line("WIDTH", "width=20")
    with pytest.raises(ConfigError, match="WIDTH is missing"):
        parse_config(text, "c")
    _, warnings = parse_config(text + "WIDTH=20\n", "c")
    assert warnings == ["c: line 2: unknown key 'width' ignored (keys are case-sensitive: WIDTH?)"]


BAD = [
    # (key, its new line or None to leave it out, the message; its line is 2..8 as in EXAMPLE)
    ("WIDTH", None, r"c: WIDTH is missing \(line 8: the file ended without it"),
    ("HEIGHT", None, "c: HEIGHT is missing"),
    ("ENTRY", None, "c: ENTRY is missing"),
    ("EXIT", None, "c: EXIT is missing"),
    ("OUTPUT_FILE", None, "c: OUTPUT_FILE is missing"),
    ("PERFECT", None, "c: PERFECT is missing"),
    ("WIDTH", "WIDTH=2", r"c: line 2: WIDTH=2 is outside 3\.\.1000"),
    ("WIDTH", "WIDTH=1001", r"c: line 2: WIDTH=1001 is outside 3\.\.1000"),
    ("HEIGHT", "HEIGHT=0", r"c: line 3: HEIGHT=0 is outside 3\.\.1000"),
    ("WIDTH", "WIDTH=abc", "c: line 2: WIDTH=abc is not a whole number"),
    ("WIDTH", "WIDTH=20.5", "c: line 2: WIDTH=20.5 is not a whole number"),
    ("WIDTH", "WIDTH=-20", r"c: line 2: WIDTH=-20 is outside 3\.\.1000"),
    ("WIDTH", "WIDTH=1234567890", "c: line 2: WIDTH=1234567890 is not a whole number"),
    ("HEIGHT", "HEIGHT=", "c: line 3: HEIGHT= is not a whole number"),
    ("WIDTH", "WIDTH=\u0663", "c: line 2: WIDTH=\u0663 is not a whole number"),  # Arabic 3
    ("ENTRY", "ENTRY=0;0", "c: line 4: ENTRY=0;0 is not x,y"),
    ("ENTRY", "ENTRY=1,2,3", "c: line 4: ENTRY=1,2,3 is not x,y"),
    ("ENTRY", "ENTRY=a,b", "c: line 4: ENTRY=a,b is not x,y"),
    ("ENTRY", "ENTRY=-1,0", "c: line 4: ENTRY=-1,0 is not x,y"),
    ("ENTRY", "ENTRY=20,0", r"c: line 4: ENTRY=20,0 is outside the 20x18 maze \(x 0\.\.19"),
    ("EXIT", "EXIT=0,18", "c: line 5: EXIT=0,18 is outside the 20x18 maze"),
    ("EXIT", "EXIT=0,0", r"c: line 5: EXIT=0,0 is the ENTRY cell \(line 4\)"),
    ("EXIT", "EXIT=6,6", "c: line 5: EXIT=6,6 is inside the '42' stamp"),
    ("ENTRY", "ENTRY=12,10", "c: line 4: ENTRY=12,10 is inside the '42' stamp"),
    ("OUTPUT_FILE", "OUTPUT_FILE=", "c: line 6: OUTPUT_FILE= is empty"),
    ("PERFECT", "PERFECT=yes", "c: line 7: PERFECT=yes is not True or False"),
    ("PERFECT", "PERFECT=1", "c: line 7: PERFECT=1 is not True or False"),
    ("SEED", "SEED=1.5", "c: line 8: SEED=1.5 is not a whole number"),
    ("SEED", "SEED=" + "x" * 60, r"c: line 8: SEED=x{40}\.\.\. is not a whole number"),
    ("SEED", "SEED=\x1b[2J", r"c: line 8: SEED='\\x1b\[2J' is not"),
    ("SEED", "SEED 12", "c: line 8: expected KEY=VALUE, found SEED 12"),
    ("SEED", "=12", "c: line 8: expected KEY=VALUE"),
    ("SEED", "WIDTH=30", r"c: line 8: WIDTH is given again \(first on line 2\)"),
]


@pytest.mark.parametrize(("key", "line", "message"), BAD)
def test_every_bad_config_names_its_key_and_line(key: str, line: str | None, message: str) -> None:
    with pytest.raises(ConfigError, match=f"^{message}") as refused:
        parse_config(with_line(key, line), "c")
    assert "\n" not in str(refused.value)


def test_the_stamp_cells_follow_the_size() -> None:
    """EXIT=9,9 is in the gap between 4 and 2 at 20x18; at 20x15 the stamp moves up a row."""
    locked = MazeGenerator(20, 15).locked
    inside = sorted(locked)[0]
    text = with_line("HEIGHT", "HEIGHT=15", with_line("EXIT", f"EXIT={inside[0]},{inside[1]}"))
    with pytest.raises(ConfigError, match="inside the '42' stamp"):
        parse_config(text, "c")
    small = with_line("WIDTH", "WIDTH=8", with_line("EXIT", "EXIT=6,6"))
    assert parse_config(small, "c")[0].exit == (6, 6), "no stamp fits, so no cell is locked"


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"cannot read .*missing\.txt"):
        read_config(tmp_path / "missing.txt")
    big = tmp_path / "big.txt"
    big.write_text(EXAMPLE + "#" * amazeing.CONFIG_LIMIT)
    with pytest.raises(ConfigError, match="larger than 65536 bytes"):
        read_config(big)
    latin = tmp_path / "latin.txt"
    latin.write_bytes(EXAMPLE.replace("maze.txt", "mazé.txt").encode("latin-1"))
    with pytest.raises(ConfigError, match="not UTF-8"):
        read_config(latin)
    with pytest.raises(ConfigError, match="is not a regular file"):
        read_config(tmp_path)  # a directory
    itself = tmp_path / "self.txt"
    itself.write_text(with_line("OUTPUT_FILE", f"OUTPUT_FILE={itself}"))
    with pytest.raises(ConfigError, match=r"line 6: OUTPUT_FILE=.* is the config file itself"):
        read_config(itself)


# --- the program ---------------------------------------------------------------------------


def write_config(tmp_path: Path, text: str = EXAMPLE, name: str = "config.txt") -> Path:
    path = tmp_path / name
    path.write_text(text.replace("OUTPUT_FILE=maze.txt", f"OUTPUT_FILE={tmp_path / 'maze.txt'}"))
    return path


def test_the_program_writes_the_hex_file_and_shows_the_maze(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "amazeing", str(write_config(tmp_path)))
    assert code == 0 and err == ""
    text = (tmp_path / "maze.txt").read_text()
    lines = text.split("\n")
    assert len(lines) == 18 + 1 + 3 + 1
    assert all(re.fullmatch(r"[0-9A-F]{20}", row) for row in lines[:18])
    assert lines[18] == "" and lines[19] == "0,0" and lines[20] == "9,9"
    assert re.fullmatch(r"[NESW]+", lines[21]) and lines[22] == ""
    # the same maze the API makes for the config, solved from ENTRY to EXIT
    mg = MazeGenerator(20, 18, 1337, True, entry=(0, 0))
    mg.generate()
    _, letters = mazegen.maze_solver(mg.grid, (0, 0), (9, 9))
    assert lines[:18] == ["".join(f"{v:X}" for v in row) for row in mg.grid]
    assert lines[21] == letters
    assert sum(row.count("F") for row in lines[:18]) == 20
    # read back by the hex reader: walls, path, reach all checked there
    plan = hexmaze.plan_from_hex(text)
    assert plan.extra["entry"] == (0, 0) and plan.extra["exit"] == (9, 9)
    assert set(plan.extra["stamped"]) == mg.locked
    # the picture, plain because the output is not a terminal
    assert "\x1b" not in out
    rows = out.splitlines()
    assert rows[0].startswith("┌───") and rows[36].startswith("└───")
    picture = "\n".join(rows[:37])
    assert picture.count("E") == 1 and picture.count("X") == 1
    assert rows[-1] == (f"wrote {tmp_path / 'maze.txt'}: 20x18 cells perfect, seed 1337,"
                        f" shortest path {len(letters)} steps")


def test_same_config_and_seed_same_file_no_seed_fresh_mazes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path)
    files = []
    for _ in range(2):
        assert run(capsys, "amazeing", str(config))[0] == 0
        files.append((tmp_path / "maze.txt").read_text())
    assert files[0] == files[1]
    unseeded = write_config(tmp_path, with_line("SEED", None), "fresh.txt")
    fresh = []
    for _ in range(2):
        code, out, _ = run(capsys, "amazeing", str(unseeded))
        assert code == 0
        fresh.append((tmp_path / "maze.txt").read_text())
        seed = int(re.findall(r"seed (\d+)", out)[-1])
    assert fresh[0] != fresh[1]
    seeded = write_config(tmp_path, with_line("SEED", f"SEED={seed}"), "again.txt")
    assert run(capsys, "amazeing", str(seeded))[0] == 0
    assert (tmp_path / "maze.txt").read_text() == fresh[1], "the seed shown makes it again"


def test_not_perfect_opens_about_a_tenth_of_the_remaining_walls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counts = []
    for perfect in ("True", "False"):
        config = write_config(tmp_path, with_line("PERFECT", f"PERFECT={perfect}"))
        assert run(capsys, "amazeing", str(config))[0] == 0
        cells = hexmaze.plan_from_hex((tmp_path / "maze.txt").read_text()).extra["cells"]
        free = cells != CLOSED
        opened = int(((cells[:, :-1] & EAST) == 0).sum() + ((cells[:-1] & SOUTH) == 0).sum())
        inner = int((free[:, :-1] & free[:, 1:]).sum() + (free[:-1] & free[1:]).sum())
        counts.append((opened, inner))
    (tree, inner), (loopy, _) = counts
    assert tree == 20 * 18 - 20 - 1
    assert loopy - tree == round((inner - tree) * 0.10)


def test_a_maze_too_small_for_the_stamp_gets_a_notice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = with_line("EXIT", "EXIT=7,2")
    text = with_line("WIDTH", "WIDTH=8", with_line("HEIGHT", "HEIGHT=3", text))
    code, _, err = run(capsys, "amazeing", str(write_config(tmp_path, text)))
    assert code == 0
    assert err == ("notice: stamp '42' skipped: the maze needs at least 9x7 cells,"
                   " this one has 8x3\n")
    assert "F" not in (tmp_path / "maze.txt").read_text()


def test_bad_configs_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for key, line, message in BAD:
        config = write_config(tmp_path, with_line(key, line))
        code, out, err = run(capsys, "amazeing", str(config))
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("run.py amazeing: error: ")
        expected = message.replace("c: ", "", 1) if message.startswith("c: ") else message
        assert re.search(expected, err), (key, line, err)
    code, _, err = run(capsys, "amazeing", str(tmp_path / "nothing.txt"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_unknown_keys_are_warned_about_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, EXAMPLE + "\nCOLOR=red\n")
    code, _, err = run(capsys, "amazeing", str(config))
    assert code == 0 and err == f"warning: {config}: line 10: unknown key 'COLOR' ignored\n"


def test_an_unwritable_output_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.txt"
    config.write_text(with_line("OUTPUT_FILE", f"OUTPUT_FILE={tmp_path / 'no' / 'maze.txt'}"))
    code, _, err = run(capsys, "amazeing", str(config))
    assert code == 2 and "cannot write" in err and err.count("\n") == 1


def test_themes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = str(write_config(tmp_path))
    assert run(capsys, "amazeing", config, "--theme", "ice")[0] == 0
    code, _, err = run(capsys, "amazeing", config, "--theme", "nope")
    assert code == 2
    assert "--theme 'nope' is not a theme; valid: parchment, ice" in err


# --- the terminal picture ------------------------------------------------------------------


def test_the_picture_of_a_small_maze() -> None:
    # 3x2 cells: entry 1,0, exit 2,1, path east then south (the hex file test's maze)
    cells = np.array([[0x9, 0x5, 0x3], [0xC, 0x7, 0xE]], dtype=np.uint8)
    path = [(1, 0), (2, 0), (2, 1)]
    chars, kinds = amazeing.picture(cells, path)
    assert ["".join(row) for row in chars] == [
        "┌───────────┐",
        "│     E · · │",
        "│   ╶───┐ · │",
        "│       │ X │",
        "└───────┴───┘",
    ]
    assert (kinds[1, 5:12] != amazeing.OPEN).all() and kinds[1, 1] == amazeing.OPEN
    assert kinds[3, 9] == amazeing.END and kinds[2, 9] == amazeing.PATH
    assert amazeing.show(cells, [], None).splitlines()[1] == "│           │"  # no path: none drawn


def test_the_stamp_is_drawn_as_one_block() -> None:
    mg = MazeGenerator(9, 7, 1)
    mg.generate()
    chars, kinds = amazeing.picture(mg.cells, [(0, 0), (1, 0)])
    assert "".join(chars[3, 4:9]) == "│███│"  # the 4's top left cell, at 1,1
    assert "".join(chars[7, 4:17]) == "│" + "█" * 11 + "│"  # its bar, cells 1..3 of row 3
    # inside each of the 20 cells, the 8 gaps between cells side by side, the 10 above and below
    assert int((kinds == amazeing.LOCKED).sum()) == 20 * 3 + 8 + 10 * 3


def test_colours_come_from_the_theme() -> None:
    mg = MazeGenerator(5, 4, 3)
    mg.generate()
    path, _ = mazegen.maze_solver(mg.grid, (0, 0), (4, 3))
    theme = themes.load_themes()[0][1]
    shown = amazeing.show(mg.cells, path, theme)
    r, g, b = theme.path
    assert f"48;2;{r};{g};{b}m" in shown
    plain = amazeing.show(mg.cells, path, None)
    stripped = re.sub(r"\x1b\[[0-9;]*m", "", shown)
    assert [row.rstrip() for row in stripped.splitlines()] == plain.splitlines()


def test_colour_only_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    config = write_config(tmp_path)
    args = build_parser().parse_args(["amazeing", str(config)])
    screen = Terminal()
    assert amazeing.run(args, out=screen, err=io.StringIO()) == 0
    assert "\x1b[38;2;" in screen.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    screen = Terminal()
    amazeing.run(args, out=screen, err=io.StringIO())
    assert "\x1b" not in screen.getvalue()
