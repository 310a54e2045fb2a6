"""The key table: every key the issue and the help name is bound, and lookups ignore lock keys."""

from __future__ import annotations

import pytest
from tcod.event import KeySym, Modifier
from ui_world import key

from game.ui import intents
from game.ui.intents import KEYS, Direction, intent_for, key_label
from game.ui.screens.help import help_text

ISSUE_KEYS = {
    "Up": Direction(0, -1), "Down": Direction(0, 1), "Left": Direction(-1, 0),
    "Right": Direction(1, 0), "k": Direction(0, -1), "j": Direction(0, 1), "h": Direction(-1, 0),
    "l": Direction(1, 0), "y": Direction(-1, -1), "u": Direction(1, -1), "b": Direction(-1, 1),
    "n": Direction(1, 1), "Num7": Direction(-1, -1), "Num9": Direction(1, -1),
    "Num1": Direction(-1, 1), "Num3": Direction(1, 1), ".": intents.WaitTurn(),
    "Num5": intents.WaitTurn(), "<": intents.UseStairs("up"), ">": intents.UseStairs("down"),
    "g": intents.PickUpItem(), "i": intents.OpenInventory("use"),
    "d": intents.OpenInventory("drop"), "e": intents.OpenInventory("equip"),
    "o": intents.DoorCommand("open"), "c": intents.DoorCommand("close"),
    "s": intents.SearchArea(), "x": intents.LookAround(), "m": intents.ShowMap(),
    "v": intents.ShowHistory(), "?": intents.ShowHelp(), "Esc": intents.Back(),
}


def bound_labels() -> dict[str, set[intents.Intent]]:
    labels: dict[str, set[intents.Intent]] = {}
    for (sym, mod), intent in KEYS.items():
        labels.setdefault(key_label(sym, mod), set()).add(intent)
    return labels


@pytest.mark.parametrize(("label", "intent"), sorted(ISSUE_KEYS.items(), key=str))
def test_issue_keys_are_bound(label: str, intent: intents.Intent) -> None:
    assert bound_labels()[label] == {intent}


def test_every_key_in_the_help_is_in_the_table_and_back() -> None:
    labels = bound_labels()
    helped = {label for keys, _ in intents.help_lines() for label in keys.split()}
    assert helped == set(labels)
    assert {meaning for _, meaning in intents.help_lines()} == {
        intents.describe(intent) for intent in KEYS.values()
    }
    assert len(help_text()) > len(intents.help_lines())  # the mouse is described too


def test_no_label_means_two_things() -> None:
    assert all(len(meanings) == 1 for meanings in bound_labels().values())


def test_lock_keys_are_ignored_and_sides_merge() -> None:
    assert intent_for(key(KeySym.KP_8, Modifier.NUM)) == Direction(0, -1)
    assert intent_for(key(KeySym.K, Modifier.CAPS)) == Direction(0, -1)
    assert intent_for(key(KeySym.LESS, Modifier.RSHIFT)) == intents.UseStairs("up")


def test_shifted_symbols_as_sdl3_and_sdl2_report_them() -> None:
    assert intent_for(key(KeySym.GREATER, Modifier.LSHIFT)) == intents.UseStairs("down")
    assert intent_for(key(KeySym.PERIOD, Modifier.LSHIFT)) == intents.UseStairs("down")
    assert intent_for(key(KeySym.PERIOD)) == intents.WaitTurn()
    assert intent_for(key(KeySym.QUESTION, Modifier.SHIFT)) == intents.ShowHelp()


def test_unbound_and_modified_keys_give_nothing() -> None:
    assert intent_for(key(KeySym.F1)) is None
    assert intent_for(key(KeySym.K, Modifier.CTRL)) is None


def test_letters_and_digits_for_menus() -> None:
    assert intents.letter_of(key(KeySym.Q)) == "q"
    assert intents.letter_of(key(KeySym.Q, Modifier.CTRL)) is None
    assert intents.letter_of(key(KeySym.N1)) is None
    assert intents.digit_of(key(KeySym.N7)) == "7"


def test_intents_are_frozen_values() -> None:
    with pytest.raises(AttributeError):
        Direction(1, 0).dx = 2  # type: ignore[misc]
    assert Direction(1, 0) == Direction(1, 0) and hash(Direction(1, 0)) == hash(Direction(1, 0))
