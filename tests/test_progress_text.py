"""The level-up screen's line about what every choice brings says what `choose` gives (it read
"+2 HP" after level-ups grew to +4 and +1 to hit every second level)."""

from __future__ import annotations

import pytest

from game.rules import progress
from game.run import Run
from game.world.dungeon import new_game


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_every_choice_brings_what_the_screen_says(level: int) -> None:
    game = new_game(Run("level-text"))
    game.hero.level = level - 1
    game.hero.pending_levels = 1
    player = game.player
    hp, attack = player.max_hp, player.attack
    assert progress.choose(game, "defense") is None  # a choice that touches neither
    hp_gain, attack_gain = player.max_hp - hp, player.attack - attack
    said = progress.every_choice_brings(level)
    assert said.startswith(f"+{hp_gain} HP")
    assert ("+1 to hit" in said) == (attack_gain == 1)
    assert player.hp == player.max_hp and "full heal" in said
