"""Every file the program writes goes through `userfiles.replacing`: a FIFO, a character device
or a folder where a file should go is refused in one line (exit 2 on the command line) without
being opened, so nothing hangs and nothing is written into a device; a write that fails midway
leaves the old file whole. Each writer is walked onto each hostile target."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import tcod.console

from game.cli import main
from game.cli.common import UsageError, write_output
from game.ui import keyfile, options, screenshot
from game.userfiles import UnsafeTargetError, replacing, write_atomic

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def hostile_targets(folder: Path) -> dict[str, Path]:
    """A FIFO nobody reads (opening it to write would block for ever), a character device that
    swallows what is written, and a folder."""
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    (folder / "folder").mkdir()
    return {"fifo": fifo, "device": Path(os.devnull), "folder": folder / "folder"}


def unchanged(target: Path) -> bool:
    mode = os.lstat(target).st_mode
    if target.name == "fifo":
        return stat.S_ISFIFO(mode)
    if target == Path(os.devnull):
        return stat.S_ISCHR(mode)
    return stat.S_ISDIR(mode) and not any(target.iterdir())


COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "generate": lambda out, _: ["generate", "--seed", "a", "--out", str(out)],
    "generate json": lambda out, _: ["generate", "--seed", "a", "--format", "json", "--out",
                                     str(out)],
    "snapshot": lambda out, _: ["snapshot", "--seed", "a", "--turns", "0", "--out", str(out)],
    "autoplay --record": lambda out, _: ["autoplay", "--seed", "a", "--turns", "3", "--record",
                                         str(out)],
    "amazeing": lambda out, config: ["amazeing", str(config)],
    "screens": lambda out, _: ["screens", "--only", "play", "--out", str(out)],
    "gm": lambda out, _: ["gm", "--seed", "a", "--format", "svg", "--out", str(out)],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_every_command_refuses_a_hostile_target_in_one_line(
    tmp_path: Path, command: str, kind: str
) -> None:
    target = hostile_targets(tmp_path)[kind]
    config = tmp_path / "maze.cfg"
    config.write_text(f"WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\nOUTPUT_FILE={target}\n"
                      "PERFECT=True\n")
    if command == "screens" and kind == "folder":
        pytest.skip("a folder is what screens --out names")
    done = subprocess.run(
        [sys.executable, "run.py", *COMMANDS[command](target, config)], cwd=ROOT,
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, check=False,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert str(target) in lines[0] or target.name in lines[0]
    assert unchanged(target)


def test_the_interface_writers_refuse_a_hostile_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Options and key files, screenshots: a FIFO or a folder where the file goes is reported,
    never opened."""
    targets = hostile_targets(tmp_path)
    monkeypatch.setattr(options, "config_dir", lambda: tmp_path)
    for kind in ("fifo", "folder"):
        monkeypatch.setattr(options, "OPTIONS_FILE", targets[kind].name)
        said = options.save(options.Options())
        assert said.startswith("Options not saved") and "not a regular file" in said
        with pytest.raises(UnsafeTargetError):
            keyfile.write_defaults(targets[kind])
        assert unchanged(targets[kind])
    monkeypatch.setattr(screenshot, "unused_path", lambda *_: targets["fifo"])
    said = screenshot.save_screenshot(tcod.console.Console(4, 2), tmp_path)
    assert said.startswith("No screenshot") and unchanged(targets["fifo"])


def test_a_failed_write_leaves_the_old_output_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "floor.txt"
    write_output(out, "the old floor\n")

    def full(handle: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(UsageError, match="No space left"):
        write_output(out, "a new floor\n" * 1000)
    monkeypatch.undo()
    assert out.read_text() == "the old floor\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["floor.txt"]  # no temporary left


def test_an_error_while_streaming_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    out = tmp_path / "big.json"
    write_atomic(out, b"old")
    with pytest.raises(RuntimeError), replacing(out) as stream:
        stream.write(b"half of a new")
        raise RuntimeError("the encoder failed")
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]


def test_a_dangling_link_is_written_through_to_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As `writable_target` documents: the link is kept and its target made; a link into a
    folder that does not exist makes no folder and says so in one line."""
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "target.txt")
    assert main(["generate", "--seed", "a", "--out", str(link)]) == 0
    assert link.is_symlink() and (tmp_path / "target.txt").read_text().startswith("#")
    nowhere = tmp_path / "nowhere.txt"
    nowhere.symlink_to(tmp_path / "missing" / "target.txt")
    assert main(["generate", "--seed", "a", "--out", str(nowhere)]) == 2
    assert "cannot write" in capsys.readouterr().err and not (tmp_path / "missing").exists()


def test_the_lab_s_exports_refuse_a_hostile_target(tmp_path: Path) -> None:
    """The lab writes FOLDER/STEM-SUFFIX.EXT: a FIFO or folder of that name is refused with an
    OSError the lab screen shows, and never opened."""
    from game.ui import labwork

    floor = labwork.make_floor(labwork.Setup("bsp", 60, 40, (), "lab"))
    for fmt, (suffix, extension) in sorted(labwork.FORMATS.items()):
        if fmt == "hex":
            continue  # a maze's export only
        target = tmp_path / f"{floor.setup.stem}-{suffix}.{extension}"
        os.mkfifo(target)
        with pytest.raises(UnsafeTargetError):
            labwork.export(floor, fmt, tmp_path)
        assert stat.S_ISFIFO(os.lstat(target).st_mode)
        target.unlink()
        assert labwork.export(floor, fmt, tmp_path) == target and target.stat().st_size > 0


def test_screens_out_onto_a_file_or_a_link_to_one_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("mine")
    link = tmp_path / "link"
    link.symlink_to(plain)
    for target in (plain, link):
        assert main(["screens", "--only", "play", "--out", str(target)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is not a folder" in err
    assert plain.read_text() == "mine"


def test_amazeing_on_a_full_disk_keeps_the_old_maze(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 0-byte or truncated output a full disk or `ulimit -f` left is gone: the old file
    stays whole and the command says why in one line."""
    out = tmp_path / "maze.txt"
    out.write_text("the old maze\n")
    config = tmp_path / "maze.cfg"
    config.write_text(f"WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\nOUTPUT_FILE={out}\n"
                      "PERFECT=True\n")

    def too_big(handle: int, data: object) -> int:
        raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))

    monkeypatch.setattr(os, "write", too_big)
    code = main(["amazeing", str(config)])
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "File too large" in err
    assert out.read_text() == "the old maze\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maze.cfg", "maze.txt"]


def test_screens_into_a_place_it_may_not_write_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only place (simulated: the tests may run as root, whom permissions do not stop)."""
    import tempfile

    def refused(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    assert main(["screens", "--only", "play", "--out", str(tmp_path / "shots")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Permission denied" in err
