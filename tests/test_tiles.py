"""The tiles: one look per meaning."""

from __future__ import annotations

from game import tiles


def test_every_stairs_kind_and_direction_has_a_glyph_of_its_own() -> None:
    """Fresh tables floors (about 30 stairs each): the same kind and direction always draws
    the same glyph and ASCII character, different ones never (a trapdoor up and a trapdoor down
    once shared `_`)."""
    from game import pipeline
    from game.dressing.stairs import drawn_stairs
    from game.run import FloorRecipe

    looks: dict[tuple[str, str], tuple[int, str]] = {}
    for seed in range(12):
        recipe = FloorRecipe(1, "tables", 90, 60)
        plan = pipeline.layout(recipe, seed)
        dressing = pipeline.dress(recipe, plan, seed, False)
        drawn = drawn_stairs(plan.tiles, dressing.stairs)
        for stair in dressing.stairs:
            tile = tiles.TILES[int(drawn[stair.y, stair.x])]
            look = (int(tile["glyph"]), str(tile["char"]))
            assert looks.setdefault((stair.kind, stair.direction), look) == look
    assert len(looks) >= 5  # stairs up and down, trapdoors up and down, the shaft
    assert len(set(looks.values())) == len(looks)
