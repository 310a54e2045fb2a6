"""Item behaviour lives with its content: each potion, scroll and wand names its effect in
assets/items.toml, the loader checks the name, and game.rules.effects carries it out."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from scenario import give, messages, monster, scenario

from game.content import items as content
from game.content.items import EFFECTS, USED_KINDS, ItemDataError, item_kinds, kind_of, load_items
from game.rules import effects
from game.rules.actions import Success, Use

ROW = """[thing]
name = "potion of something"
kind = "potion"
glyph = "!"
color = [1, 2, 3]
depth = [1, 99]
weight = 1
"""


def test_the_registry_carries_out_every_effect_the_loader_accepts() -> None:
    assert list(effects.EFFECTS) == list(EFFECTS)


def test_every_potion_scroll_and_wand_names_an_effect_and_nothing_else_does() -> None:
    for kind in item_kinds().values():
        assert (kind.effect in EFFECTS) == (kind.kind in USED_KINDS), kind.key
        assert all(getattr(kind, needed) for needed in EFFECTS.get(kind.effect, ())), kind.key


@pytest.mark.parametrize(("extra", "problem"), [
    ('effect = "levitate"\n', "effect 'levitate' is not one of heal, "),
    ("", "effect '' is not one of"),
    ('effect = "heal"\n', "effect 'heal' needs heal"),
])
def test_a_potion_without_a_known_effect_is_a_load_error(
        tmp_path: Path, extra: str, problem: str) -> None:
    path = tmp_path / "items.toml"
    path.write_text(ROW + extra)
    with pytest.raises(ItemDataError, match="item 'thing'") as error:
        load_items(path)
    assert problem in str(error.value)


def test_only_used_kinds_have_an_effect(tmp_path: Path) -> None:
    path = tmp_path / "items.toml"
    path.write_text(ROW.replace('kind = "potion"', 'kind = "gold"') + 'effect = "heal"\n')
    with pytest.raises(ItemDataError, match="a gold has no effect"):
        load_items(path)


def test_a_new_kind_borrows_an_effect_with_a_row_of_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A potion that bursts into lightning needs no code: the effect is looked up by name."""
    storm = dataclasses.replace(kind_of("scroll_lightning"), key="potion_storm",
                                name="potion of storms", kind="potion", glyph="!")
    kinds = {**content.item_kinds(), "potion_storm": storm}
    monkeypatch.setattr(content, "item_kinds", lambda: kinds)
    scene = scenario("""
    ########
    #@...g.#
    ########
    """, legend={"g": monster(hp=200)})
    potion = give(scene, "potion_storm")
    assert isinstance(scene.act(Use(potion.id)), Success)
    assert scene.monster("g").hp < 200
    assert any("Lightning" in text for text in messages(scene))
    assert potion not in scene.game.hero.inventory
