"""The command-line parser makes a command's flags only when that command runs (start-up, issue
17): every command must still parse, help and fail exactly as a parser made whole would."""

from __future__ import annotations

import argparse
import shutil

import pytest

from game.cli import parser as cli_parser


def whole_parser() -> argparse.ArgumentParser:
    """The parser as argparse would make it with every command's flags added up front."""
    whole = argparse.ArgumentParser(prog="run.py", add_help=False)
    sub = whole.add_subparsers(dest="command")
    for name, help_text, flags in cli_parser.COMMANDS:
        flags(sub.add_parser(name, help=help_text))
    return whole


@pytest.mark.parametrize("name", [name for name, _, _ in cli_parser.COMMANDS])
def test_each_command_helps_with_all_its_flags(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = whole_parser()._subparsers
    assert expected is not None
    (choices,) = [a for a in expected._group_actions if isinstance(a, argparse._SubParsersAction)]
    wanted = {o for action in choices.choices[name]._actions for o in action.option_strings}
    with pytest.raises(SystemExit) as done:
        cli_parser.build_parser().parse_args([name, "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith(f"usage: run.py {name}")
    assert all(option in shown for option in wanted), (wanted, shown)


def test_the_top_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_parser.build_parser().parse_args(["--help"])
    shown = capsys.readouterr().out
    for name, help_text, _ in cli_parser.COMMANDS:
        assert name in shown and help_text in shown


def test_a_command_after_run_options_parses_its_own_flags() -> None:
    args = cli_parser.build_parser().parse_args(
        ["--seed", "catalog", "catalog", "--depths", "2-3", "--spoilers", "full"]
    )
    assert (args.command, args.depths, args.spoilers, args.run_seed) == (
        "catalog", "2-3", "full", None)  # the command's own --seed default, as argparse gives


def test_an_unknown_command_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli_parser.build_parser().parse_args(["nosuch"])
    assert done.value.code == 2
    error = capsys.readouterr().err
    assert all(repr(name) in error for name, _, _ in cli_parser.COMMANDS)


@pytest.mark.parametrize("columns", [None, "abc", "0", "-3", "47", "200"])
def test_help_is_as_wide_as_shutil_says(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli_parser.terminal_columns() == shutil.get_terminal_size().columns


def test_a_caller_that_goes_on_keeps_collecting_garbage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """main() freezes the garbage collector's objects only for the process's own command line,
    which ends the process; a caller passing argv (tests, tools) goes on and must not leak."""
    import gc

    from game.cli import main

    frozen = gc.get_freeze_count()
    assert main(["roll", "doors", "--seed", "x"]) == 0
    assert gc.get_freeze_count() == frozen
    capsys.readouterr()
