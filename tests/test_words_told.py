"""Sentences the game makes from table names read as English: clues agree with their subject
and give a monster its article; a feature joins the list of what lies on a tile cleanly."""

from __future__ import annotations

import pytest
from scenario import messages, monster, scenario

from game.rules.actions import Interact
from game.ui.describe import describe_at
from game.words import agree, is_plural, plain_name, some
from game.world.model import FeatureState

CLUE_ROOM = """
##########
#@C.....O#
##########
"""


@pytest.mark.parametrize(("name", "said"), [
    ("Bloodstain", "The bloodstain tells of an ogre to the east."),
    ("Claw marks", "The claw marks tell of an ogre to the east."),
    ("Cards (playing cards)", "The playing cards tell of an ogre to the east."),
    ("Words (scrawled)", "The scrawled words tell of an ogre to the east."),
])
def test_a_clue_agrees_with_its_subject_and_names_the_monster_with_an_article(
        name: str, said: str) -> None:
    """"The bloodstain tell of ogre to the east." before."""
    scene = scenario(CLUE_ROOM, legend={"C": FeatureState(name, "clue"),
                                       "O": monster(name="ogre", mode="asleep")})
    scene.act(Interact())
    assert said in messages(scene)


def test_a_clue_that_hides_gold_is_named_as_a_phrase() -> None:
    scene = scenario(CLUE_ROOM, legend={"C": FeatureState("Bones (humanoid)", "clue"),
                                       "O": monster(name="ogre", mode="asleep")})
    scene.act(Interact())
    assert any(m.startswith("You search the humanoid bones and find") for m in messages(scene))


def test_a_clue_with_nothing_near_agrees_too() -> None:
    scene = scenario(CLUE_ROOM.replace("O", "."), legend={"C": FeatureState("Bloodstain", "clue")})
    scene.act(Interact())
    assert "The bloodstain tells of nothing near." in messages(scene)


def test_a_feature_joins_the_list_of_what_lies_there() -> None:
    """The hover line read "an alcove: Something to hide behind: it stops missiles., floor"."""
    scene = scenario("""
        #####
        #@A.#
        #####
    """, legend={"A": FeatureState("Alcove", "cover")})
    x, y = scene.at("A")
    text = describe_at(scene.game, x, y)
    assert "., " not in text and ".," not in text
    assert text.startswith("an alcove (something to hide behind: it stops missiles)")


def test_items_on_a_tile_are_listed_once() -> None:
    from game.world.model import Item

    scene = scenario("""
        #####
        #@..#
        #####
    """)
    game = scene.game
    game.floor.items.append(Item(game.new_id(), "dagger", 2, 1))
    assert describe_at(game, 2, 1).count("dagger") == 1


def test_names_as_phrases() -> None:
    assert plain_name("Cards (playing cards)") == "playing cards"
    assert plain_name("Hay (pile)") == "pile of hay"
    assert plain_name("Corpse (adventurer)") == "adventurer corpse"
    assert [is_plural(n) for n in ("bits of fur", "moss", "fungus", "teeth", "portcullis")] == [
        True, False, False, True, False]
    assert some("claw marks") == "claw marks" and some("ogre") == "an ogre"
    assert agree("dice", "tells", "tell") == "tell"


def test_the_end_screen_depth_agrees_with_the_cause() -> None:
    """"killed on depth 2" stood beside "Depth reached: 1 of 10": the line showed the depth
    the hero stood on, not the deepest reached (a won run, back on depth 1, said 1)."""
    from game.run import Run
    from game.ui.screens.end import summary
    from game.world.dungeon import change_floor, new_game
    from game.world.kinds import Outcome

    game = new_game(Run("end-depth"))
    change_floor(game, 2, "arrival")
    change_floor(game, 3, "arrival")
    change_floor(game, 2, "exit")
    game.outcome, game.cause = Outcome.DEAD, "killed by a dart trap on depth 2"
    lines = summary(game)
    assert f"Depth reached: 3 of {game.last_depth} (died on depth 2)" in lines
    change_floor(game, 1, "exit")
    game.outcome, game.cause = Outcome.WON, "escaped with the relic"
    assert f"Depth reached: 3 of {game.last_depth}" in summary(game)


def test_a_monster_kill_names_it_with_an_article_and_the_morgue_says_the_depth_once() -> None:
    from game.morgue import _ending
    from game.run import Run
    from game.world.dungeon import new_game
    from game.world.kinds import Outcome

    game = new_game(Run("end-depth"))
    game.outcome, game.cause = Outcome.DEAD, "killed by a dart trap on depth 1"
    assert _ending(game) == "died: killed by a dart trap on depth 1"
    game.cause = "killed by an ogre"
    assert _ending(game) == "died: killed by an ogre on depth 1"


def test_the_load_screen_gives_a_long_seed_the_room_beside_it() -> None:
    """"the seed a friend typ…" was cut at 22 columns with 16 free beside it: the column
    grows to the longest seed within the row, the columns after it still line up."""
    from pathlib import Path

    from game.save.runs import SaveEntry
    from game.ui.screens.loadgame import SEED_COLUMN, header, row_label, seed_column

    friend = "the seed a friend typed"
    entries = [SaveEntry(Path("a"), seed=friend, depth=3, turn=120, hero_level=2,
                         saved_at="2026-12-03T17:30:00+00:00"),
               SaveEntry(Path("b"), seed="hello", depth=1, turn=5, hero_level=1,
                         saved_at="2026-12-03T17:30:00+00:00", outcome="dead")]
    width = seed_column(entries, 76)
    assert width == len(friend) > SEED_COLUMN
    rows = [row_label(entry, width) for entry in entries]
    assert rows[0].startswith(friend + "  ") and "…" not in rows[0]
    assert all(len(row) <= 76 for row in rows)
    assert header(width).index("depth") == rows[0].index("    3"), "columns line up"
    huge = [SaveEntry(Path("c"), seed="x" * 200, outcome="dead")]
    assert len(row_label(huge[0], seed_column(huge, 76))) <= 76
