"""The screen's notices: shown among the log's messages, never saved or hashed.

The interface tells the player things the rules did not say (a refusal, why an activity stopped,
a file that could not be written). They go to `MessageLog.notices`, so a state hash, a save and
a replay depend on what happened in the dungeon only, never on the interface that played it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tcod.event import KeySym, Modifier
from ui_world import hand_game, key

from game.run import Run
from game.save.codec import load_bytes, save_bytes
from game.ui.render import shown_messages
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.world.dungeon import new_game
from game.world.kinds import MessageKind
from game.world.model import MessageLog
from game.world.serial import state_hash


def test_a_notice_is_shown_but_neither_hashed_nor_saved() -> None:
    game = new_game(Run("notices"))
    before = state_hash(game)
    game.tell("Could not save the high scores.")
    assert state_hash(game) == before
    assert game.messages.shown()[-1].text == "Could not save the high scores."
    assert game.messages.shown()[-1].kind is MessageKind.SYSTEM
    assert shown_messages(game, 1) == [("Could not save the high scores.", MessageKind.SYSTEM)]
    copy = load_bytes(save_bytes(game)).game
    assert copy.messages.notices == [] and state_hash(copy) == before


def test_notices_sit_between_the_messages_they_came_between() -> None:
    log = MessageLog()
    log.tell("first")
    log.add("a")
    log.tell("second")
    log.tell("second")
    log.add("b")
    log.add("b")
    log.tell("third")
    assert [(m.text, m.count) for m in log.shown()] == [
        ("first", 1), ("a", 1), ("second", 2), ("b", 2), ("third", 1)]
    assert [m.text for m in log.messages] == ["a", "b"]


def test_the_play_screen_tells_and_never_logs() -> None:
    """A refusal the screen says ('>' with no stairs known) leaves the game's state alone."""
    game = hand_game(player=(4, 2))
    state = PlayState(Session(game=game))
    before, said = state_hash(game), len(game.messages.messages)
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    assert state_hash(game) == before and len(game.messages.messages) == said
    assert game.messages.shown()[-1].text.startswith("You know no stairs down")


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "tell", "retract"]), st.integers(0, 2)),
                max_size=60))
def test_trimming_and_retracting_keep_each_notice_in_its_place(
        steps: list[tuple[str, int]]) -> None:
    """Whatever a short log forgets or takes back, what it shows is the end of what a log that
    forgets nothing shows: every notice stays between the messages it came between."""
    short, full = MessageLog(limit=5), MessageLog(limit=10_000)
    for step, word in steps:
        for log in (short, full):
            if step == "add":
                log.add(f"said {word}")
            elif step == "tell":
                log.tell(f"told {word}")
            else:
                log.retract(f"said {word}", within=3)
    assert short.messages == full.messages[len(full.messages) - len(short.messages):]
    kept, everything = short.shown(), full.shown()
    assert kept == everything[len(everything) - len(kept):]
    assert all(m in kept for m in short.messages)
