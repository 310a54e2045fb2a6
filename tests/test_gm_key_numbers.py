"""The game master's key prints each monster with the numbers the game plays it by."""

from __future__ import annotations

import re

from game.content.bestiary import default_bestiary
from game.export.textkey import played_summary
from game.world.build import monster_from


def test_every_kind_in_the_key_has_its_played_hit_points_speed_and_xp() -> None:
    for kind in default_bestiary().kinds:
        for elite in (False, True):
            line = played_summary(kind, elite)
            actor = monster_from(kind, 1, (0, 0), elite)
            hp = re.search(r"HP (\d+)", line)
            speed = re.search(r"speed (\d+)", line)
            xp = re.search(r"XP (\d+)", line)
            assert hp and speed and xp, line
            assert int(hp.group(1)) == actor.hp, (kind.key, line)
            assert int(speed.group(1)) == actor.speed, (kind.key, line)
            assert int(xp.group(1)) == actor.xp, (kind.key, line)
            for ability in kind.abilities:
                assert ability.use in line


def test_the_key_does_not_print_the_bestiarys_party_scale() -> None:
    guard = default_bestiary().get("goblin_guard")
    assert guard.hp == 29  # the source's number, for a party of adventurers
    assert "HP 14," in played_summary(guard, False)
