"""Abilities in the bestiary are data, checked on load: one clear error per bad entry, naming the
file, the monster and the ability."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_dressing_parts import ENTRY

from game.content.bestiary import (
    ABILITY_USES,
    Ability,
    BestiaryError,
    default_bestiary,
    load_bestiary,
)
from game.rules import abilities
from game.world.dungeon import HERO_HP


def load(tmp_path: Path, line: str) -> tuple[Ability, ...]:
    path = tmp_path / "beasts.toml"
    path.write_text(ENTRY + line + "\n", encoding="utf-8")
    return load_bestiary(path).get("rat").abilities


def test_a_good_ability_loads_with_its_parameters(tmp_path: Path) -> None:
    found = load(tmp_path, 'abilities = [{ use = "breath", shape = "cone", range = 5,'
                           ' damage = "4d6", element = "fire", cooldown = 8 },'
                           ' { use = "regenerate", amount = 2 }]')
    assert found == (Ability("breath", range=5, cooldown=8, damage="4d6", shape="cone",
                             element="fire"), Ability("regenerate", amount=2))
    assert load(tmp_path, "abilities = []") == ()


@pytest.mark.parametrize(("line", "message"), [
    ('abilities = "breath"', "is not a list of tables"),
    ('abilities = ["breath"]', "ability 1 (?): not a table"),
    ('abilities = [{ use = "sing" }]', "ability 1 (sing): use = 'sing' is not one of"),
    ('abilities = [{ use = "regenerate" }]', "ability 1 (regenerate): needs exactly amount"
                                             " (missing amount)"),
    ('abilities = [{ use = "regenerate", amount = 2, range = 3 }]', "unknown range"),
    ('abilities = [{ use = "regenerate", amount = 0 }]', "amount = 0 is not a whole number"),
    ('abilities = [{ use = "regenerate", amount = 1 }, { use = "regenerate", amount = 2 }]',
     "ability 2 (regenerate): regenerate is given twice"),
    ('abilities = [{ use = "breath", shape = "ring", range = 5, damage = "4d6",'
     ' element = "fire", cooldown = 8 }]', "shape = 'ring' is not one of cone, line"),
    ('abilities = [{ use = "breath", shape = "cone", range = 5, damage = "lots",'
     ' element = "fire", cooldown = 8 }]', "damage = 'lots' is not dice"),
    ('abilities = [{ use = "summon", kind = "unicorn", count = 2, range = 8, cooldown = 9 }]',
     "ability summon summons 'unicorn', no such monster"),
])
def test_a_bad_ability_names_the_file_the_monster_and_the_ability(
        tmp_path: Path, line: str, message: str) -> None:
    with pytest.raises(BestiaryError, match=re.escape("beasts.toml: monster 1 (rat)")) as err:
        load(tmp_path, line)
    assert message in str(err.value)


def test_twenty_kinds_have_abilities_and_every_ability_is_carried_out() -> None:
    kinds = default_bestiary().kinds
    assert sum(1 for k in kinds if k.abilities) >= 20
    used = {a.use for k in kinds for a in k.abilities}
    assert used == set(ABILITY_USES), "every ability the loader knows is given to someone"
    passive = {"regenerate", "poison", "drain"}
    assert set(abilities.USES) | passive == set(ABILITY_USES)


def poison_total(turns: int) -> int:
    """What a poisoning of `turns` turns costs the hero in all (game.rules.abilities)."""
    return sum(1 + left // abilities.POISON_STEP for left in range(turns, 0, -1))


def test_floor_1_abilities_are_gentle() -> None:
    """A newcomer on floor 1 meets no breath, gaze, summons, dread or charge; a spider's poison
    costs at most a tenth of a new hero's hit points, and its web holds two turns."""
    bestiary = default_bestiary()
    first = [k for k in bestiary.kinds if k.depth_min <= 1]
    uses = {a.use for k in first for a in k.abilities}
    assert uses <= {"steal", "web", "poison"}, uses
    for kind in first:
        for found in kind.abilities:
            if found.use == "poison":
                assert poison_total(found.turns) * 10 <= HERO_HP, kind.key
            if found.use == "web":
                assert found.turns <= 2 and found.cooldown >= 8, kind.key
