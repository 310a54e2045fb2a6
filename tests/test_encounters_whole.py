"""Issue 28's "encounters whole": one party size, every template whole for a lone hero, every
kind met, several bosses; and the exported floor is the played one."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_balance import mean_blow

from game import catalog, generators, pipeline
from game.census import census, played_floors, report
from game.cli import main
from game.content.bestiary import default_bestiary
from game.content.bosses import BossError, bosses_path, default_bosses, load_bosses
from game.dressing import DRESSING_PARAMS, dress_floor
from game.dressing.composer import holds_core
from game.export.floorjson import dressed_floor_to_dict
from game.export.textkey import text_key
from game.rules import combat
from game.run import Run
from game.run.recipe import ALL_DRESSING, FloorRecipe
from game.seeds import seed_from_text
from game.world.build import build_floor, monster_from
from game.world.dungeon import HERO_HP, new_game
from game.world.model import NORMAL_SPEED


def placed(monsters: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    return sorted(monsters)


@pytest.mark.parametrize("generator", generators.names())
def test_generate_places_the_encounters_the_game_plays(generator: str) -> None:
    """`generate`'s dressing (the recipe's defaults) and the floor the game builds hold the same
    monsters on the same tiles, for several seeds and depths: one party size, one budget."""
    for seed_text in ("y2", "one", "two"):
        seed = seed_from_text(seed_text)
        for depth in (1, 4, 8):
            recipe = FloorRecipe(depth, generator, 80, 45, (), ALL_DRESSING)
            plan = pipeline.layout(recipe, seed)
            exported = pipeline.dress(recipe, plan, seed, boss=None)
            game_floor = build_floor(recipe, seed, boss=False)
            captives = [(c.kind, c.x, c.y) for c in exported.captives]  # issue 29's prisoners
            assert placed([(m.kind, m.x, m.y) for e in exported.encounters for m in e.monsters]
                          + captives) == placed([(a.kind, a.x, a.y) for a in game_floor.monsters])
            assert exported == dress_floor(plan, seed, depth)


def test_the_json_export_of_y2_is_the_game_floor(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's floor: seed y2, depth 1, bsp 80x45 through `run.py generate --format json`."""
    assert main(["generate", "--generator", "bsp", "--seed", "y2", "--depth", "1", "--width",
                 "80", "--height", "45", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    exported = [(m["kind"], m["x"], m["y"]) for e in data["encounters"] for m in e["monsters"]]
    recipe = FloorRecipe(1, "bsp", 80, 45, (), ALL_DRESSING)
    game_floor = build_floor(recipe, seed_from_text("y2"), boss=False)
    assert exported and placed(exported) == placed([(a.kind, a.x, a.y)
                                                    for a in game_floor.monsters])


def test_the_party_parameter_defaults_to_the_games_one_hero() -> None:
    (party,) = [p for p in DRESSING_PARAMS if p.name == "party"]
    assert party.default == pipeline.PARTY == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(generators.names()), st.integers(1, 14),
       st.booleans())
def test_every_encounter_holds_its_core(seed: int, generator: str, depth: int,
                                        boss: bool) -> None:
    """Any floor, any depth: every encounter is its template whole (a commander and two troops,
    a controller and two strikers, two melee and two ranged, a pack of four, one solo, a boss
    and two of its court)."""
    plan = generators.generate_floor(generator, seed, depth, 70, 44)
    dressing = dress_floor(plan, seed, depth, {"boss": boss})
    bestiary = default_bestiary()
    for e in dressing.encounters:
        assert holds_core(e.template, e.monsters, bestiary), (e.template, e.monsters)


def test_the_core_rule_fails_a_shrunk_template() -> None:
    """The check itself: a commander alone, a line of two, a pack of three are not whole."""
    bestiary = default_bestiary()
    dressing = dress_floor(generators.generate_floor("bsp", 5, 3, 80, 50), 5, 3)
    for e in dressing.encounters:
        if e.template != "beasts_den":
            assert not holds_core(e.template, e.monsters[:2], bestiary), e.template
        assert not holds_core(e.template, (), bestiary)


def test_the_census_of_twenty_fresh_seeds_meets_the_bar() -> None:
    """Issue 28's census: the default plan's floors as the game plays them, 20 seeds: at least
    90% of encounters hold their core, every bestiary kind appears, at least 4 kinds lead the
    last floor."""
    found = census(f"census-{n}" for n in range(1, 21))
    assert found.floors == 200
    assert found.whole_share >= 0.9, report(found)
    assert found.missing == [], report(found)
    assert len(found.bosses) >= 4, report(found)
    assert sum(found.bosses.values()) == 20


def test_the_boss_keeps_its_court() -> None:
    """Every boss encounter of a run's last floor: the entry's leader, at least two courtiers."""
    bosses = {b.leader: b for b in default_bosses()}
    for n in range(6):
        run = Run(f"court-{n}")
        plan = pipeline.layout(run.recipes[-1], run.seed_hash)
        dressing = pipeline.dress(run.recipes[-1], plan, run.seed_hash, boss=True)
        (lair,) = [e for e in dressing.encounters if e.template == "boss"]
        (leader,) = [m.kind for m in lair.monsters if m.boss]
        court = [m.kind for m in lair.monsters if not m.boss]
        assert len(court) >= 2 and set(court) <= set(bosses[leader].court)


def test_the_bosses_file_is_checked_with_one_clear_error(tmp_path: Path) -> None:
    text = bosses_path().read_text(encoding="utf-8")
    bad = tmp_path / "bosses.toml"
    bad.write_text(text.replace('leader = "lich_adept"', 'leader = "lich_king"'),
                   encoding="utf-8")
    with pytest.raises(BossError, match=r"bosses.toml: boss 2 \(lich\): leader"):
        load_bosses(bad, default_bestiary())
    bad.write_text(text + '\n[[boss]]\nkey = "x"\nname = "X"\nleader = "ogre"\n'
                   'court = []\ndepth = [1, 2]\n', encoding="utf-8")
    with pytest.raises(BossError, match=r"\(x\): court"):
        load_bosses(bad, default_bestiary())
    assert len(default_bosses()) >= 4


def test_a_new_hero_survives_any_whole_encounter_of_floor_1() -> None:
    """A lone level-1 hero meeting any floor-1 encounter whole (all its members fighting until
    each falls, the hero killing the hardest hitter first) expects to lose less than half its
    hit points (14.6 expected at worst when written): a fight, not a death."""
    game = new_game(Run("whole-1"))
    hero = game.player
    hero_blow = mean_blow(game, hero)
    bestiary = default_bestiary()
    worst = 0.0
    for n in range(20):
        plan = generators.generate_floor(generators.names()[n % 5], n, 1, 80, 50)
        for e in dress_floor(plan, n, 1).encounters:
            foes = [monster_from(bestiary.get(m.kind), 1, (hero.x + 1, hero.y), m.elite)
                    for m in e.monsters]
            taken = 0.0
            alive = sorted(foes, key=lambda f: -mean_blow(game, f, 50))
            while alive:
                target = alive[0]
                rounds = target.hp / (combat.hit_chance(game, hero, target, None) / 100
                                      * hero_blow)
                taken += rounds * sum(combat.hit_chance(game, f, hero, None) / 100
                                      * mean_blow(game, f, 50) * f.speed / NORMAL_SPEED
                                      for f in alive)
                alive.pop(0)
            worst = max(worst, taken)
    assert worst < HERO_HP / 2, worst


def test_a_den_keeps_its_hoard_beside_its_beast() -> None:
    """Each den with a free tile left holds a hoard (hidden gold, twice a treasure) within a
    step or two of its beast, in its own area."""
    dens = hoards = 0
    for n in range(12):
        plan = generators.generate_floor(generators.names()[n % 5], n, 1 + n % 10, 80, 50)
        dressing = dress_floor(plan, n, 1 + n % 10)
        by_area = {t.area: t for t in dressing.treasures if t.hoard}
        for e in dressing.encounters:
            if e.template != "beasts_den":
                continue
            dens += 1
            hoard = by_area.get(e.area)
            if hoard is None:
                assert e.cramped
                continue
            hoards += 1
            beast = e.monsters[0]
            assert max(abs(hoard.x - beast.x), abs(hoard.y - beast.y)) <= 2
    assert dens and hoards == dens


def test_the_census_reads_the_floors_the_catalog_shows() -> None:
    """`catalog --spoilers full` and the census count the same encounters, floor by floor."""
    run = Run("census-3")
    shown = catalog.catalog(run, range(1, run.last_depth + 1), "full")["floors"]
    for floor, dressing in zip(shown, played_floors(run), strict=True):
        listed = sorted((e["template"], sorted(map(tuple, e["monsters"])))
                        for e in floor["encounters"])
        counted = sorted((e.template, sorted(Counter(m.kind for m in e.monsters).items()))
                         for e in dressing.encounters)
        assert listed == counted, floor["depth"]


def test_the_exports_tell_a_dens_hoard_from_other_treasure() -> None:
    """A game master reading the JSON or the key knows which gold a beast guards."""
    plan = generators.generate_floor("bsp", 0, 3, 80, 45)
    dressing = dress_floor(plan, 0, 3)
    hoards = [t for t in dressing.treasures if t.hoard]
    assert hoards
    data = dressed_floor_to_dict(plan, dressing, "0", 3)
    assert [t["hoard"] for t in data["treasure"]] == [t.hoard for t in dressing.treasures]
    key = text_key(plan, dressing, "0", 3)
    for hoard in hoards:
        assert f"A den's hoard at {(hoard.x, hoard.y)}: {hoard.gold} gp" in key
