"""Save files on disk: atomic replacement, the backup, falling back to it, the lock, leftovers,
and a full disk that leaves the previous save intact."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from save_games import played, save_of

from game.save import store
from game.save.format import SaveError
from game.save.store import SaveBusyError, SaveLock, SaveSlot, read_save
from game.userfiles import write_atomic
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent


def files(folder: Path) -> dict[str, bytes]:
    """The folder's files and their bytes (the lock file holds whichever process id took it)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())
            if path.is_file() and path.name != "save.lock"}


def test_a_save_and_its_backup(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    first, second = played("store", 20), played("store", 40)
    slot.save(first)
    assert not slot.backup.exists()
    slot.save(second)
    assert state_hash(read_save(slot.path).game) == state_hash(second)
    assert state_hash(read_save(slot.backup).game) == state_hash(first)
    restored = slot.load()
    assert restored is not None and restored.notes == []
    assert state_hash(restored.game) == state_hash(second)
    assert sorted(files(tmp_path)) == ["save.delve", "save.delve.bak"]
    slot.release()


def test_no_save_is_none(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.load() is None and not slot.exists()
    slot.release()


def test_a_damaged_save_falls_back_to_the_backup_with_a_message(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    older = played("store", 20)
    slot.save(older)
    slot.save(played("store", 40))
    slot.path.write_bytes(slot.path.read_bytes()[:-100])
    before = files(tmp_path)
    restored = slot.load()
    assert restored is not None
    assert state_hash(restored.game) == state_hash(older)
    assert restored.notes[0].startswith("The save is damaged (")
    assert "truncated" in restored.notes[0]
    assert f"backup (turn {older.turn})" in restored.notes[0]
    assert files(tmp_path) == before  # loading changes no file
    slot.path.unlink()
    restored = slot.load()
    assert restored is not None and "is missing" in restored.notes[0]
    slot.release()


def test_a_damaged_save_and_backup_say_both(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.path.write_bytes(b"junk")
    slot.backup.write_bytes(b"")
    with pytest.raises(SaveError) as caught:
        slot.load()
    assert "not a Delve save" in str(caught.value) and "file is empty" in str(caught.value)
    slot.release()


def test_a_damaged_save_never_replaces_a_good_backup(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.save(played("store", 20))
    slot.save(played("store", 40))
    good_backup = slot.backup.read_bytes()
    slot.path.write_bytes(b"damaged")
    latest = played("store", 60)
    slot.save(latest)
    assert slot.backup.read_bytes() == good_backup
    assert (tmp_path / "save.delve.damaged").read_bytes() == b"damaged"
    assert state_hash(read_save(slot.path).game) == state_hash(latest)
    slot.release()


def test_leftover_temporary_files_are_ignored_then_cleared(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    game = played("store", 20)
    slot.save(game)
    slot.release()
    leftover = tmp_path / ".save.delve.abc123.tmp"
    leftover.write_bytes(b"half a save")
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    slot = SaveSlot(tmp_path)
    restored = slot.load()  # claiming the slot clears what an interrupted write left
    assert restored is not None and state_hash(restored.game) == state_hash(game)
    assert not leftover.exists() and other.read_text() == "mine"
    slot.release()


def test_one_game_at_a_time(tmp_path: Path) -> None:
    first, second = SaveSlot(tmp_path), SaveSlot(tmp_path)
    game = played("store", 20)
    first.save(game)
    with pytest.raises(SaveBusyError) as caught:
        second.load()
    assert f"another Delve (process {os.getpid()}) is using the saves in {tmp_path}" == str(
        caught.value)
    with pytest.raises(SaveBusyError):
        second.save(played("store", 40))
    assert state_hash(read_save(first.path).game) == state_hash(game)
    first.release()
    restored = second.load()
    assert restored is not None and state_hash(restored.game) == state_hash(game)
    second.release()


def test_a_lock_dies_with_its_process(tmp_path: Path) -> None:
    """A crashed game never leaves a stale lock: the kernel drops it with the process."""
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import os, sys
            from pathlib import Path
            from game.save.store import SaveLock
            lock = SaveLock(Path({str(tmp_path / "save.lock")!r}))
            lock.acquire()
            print("held", flush=True)
            sys.stdin.read()
            os._exit(9)
        """)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert holder.stdout is not None and holder.stdin is not None
    assert holder.stdout.readline().strip() == "held"
    lock = SaveLock(tmp_path / "save.lock")
    with pytest.raises(SaveBusyError, match=f"process {holder.pid}"):
        lock.acquire()
    holder.kill()
    holder.wait()
    lock.acquire()
    assert lock.held
    lock.release()


def test_a_full_disk_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = SaveSlot(tmp_path)
    slot.save(played("store", 20))
    kept = played("store", 40)
    slot.save(kept)
    before = files(tmp_path)

    def full(handle: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", full)
        with pytest.raises(OSError, match="No space left"):
            slot.save(played("store", 60))
    assert files(tmp_path) == before  # no temporary file left behind either
    assert state_hash(read_save(slot.path).game) == state_hash(kept)
    slot.release()


def test_a_failing_rename_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "file.delve"
    write_atomic(path, b"old")

    def refuse(source: object, target: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        with pytest.raises(OSError):
            write_atomic(path, b"new")
    assert files(tmp_path) == {"file.delve": b"old"}


def test_text_is_written_as_utf8_bytes_with_newlines_untouched(tmp_path: Path) -> None:
    """The one writer serves saves (bytes), morgue files and scores (text) alike."""
    text = "déjà vu\r\nline two\n"
    write_atomic(tmp_path / "a.txt", text)
    write_atomic(tmp_path / "b.txt", text.encode("utf-8"))
    assert files(tmp_path) == {"a.txt": text.encode("utf-8"), "b.txt": text.encode("utf-8")}


def test_a_file_size_limit_in_a_real_process(tmp_path: Path) -> None:
    """RLIMIT_FSIZE: the write fails part way (EFBIG), as on a full disk; the old save stays."""
    slot = SaveSlot(tmp_path)
    slot.save(played("store", 20))
    slot.release()
    before = files(tmp_path)
    script = textwrap.dedent(f"""
        import resource, signal
        from pathlib import Path
        from save_games import played
        from game.save.store import SaveSlot
        game = played("store", 40)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
        try:
            SaveSlot(Path({str(tmp_path)!r})).save(game)
        except OSError as problem:
            print("refused", problem.errno)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "tests")},
                          check=False)
    assert done.stdout.strip() == f"refused {errno.EFBIG}", done.stderr
    assert files(tmp_path) == before


def test_read_save_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.delve"
    with pytest.raises(SaveError, match=r"x\.delve: no such file"):
        read_save(path)
    path.write_bytes(save_of()[:50])
    with pytest.raises(SaveError, match=r"x\.delve: the file is truncated"):
        read_save(path)
    with pytest.raises(SaveError, match="is not a regular file"):
        read_save(tmp_path)


def test_a_file_too_large_is_not_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.delve"
    path.write_bytes(b"\0" * 101)
    with pytest.raises(SaveError, match="larger than 100 bytes"):
        read_save(path)


def test_delete_and_belongs_to(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    game = played("store", 40)
    slot.save(played("store", 20))
    slot.save(game)
    assert slot.belongs_to(game)
    assert not slot.belongs_to(played("someone else", 200))
    slot.delete()
    assert not slot.exists() and not slot.belongs_to(game)
    slot.release()


def test_a_file_system_without_hard_links_still_keeps_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", no_links)
    slot = SaveSlot(tmp_path)
    first, second = played("store", 20), played("store", 40)
    slot.save(first)
    slot.save(second)
    assert state_hash(read_save(slot.backup).game) == state_hash(first)
    assert state_hash(read_save(slot.path).game) == state_hash(second)
    assert sorted(files(tmp_path)) == ["save.delve", "save.delve.bak"]
    slot.release()
