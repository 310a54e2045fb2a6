"""The run value: every constructor makes the same checked Run, its code round-trips, the floor
pipeline takes its typed parameters from the recipe, and the catalog makes each floor once."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save_games import forge, state_of

from game import catalog, generators, pipeline
from game.dressing import Dressing
from game.floorplan import FloorPlan
from game.params import ParamError
from game.run import FloorRecipe, RecipeError, Run, daily_seed, default_recipes
from game.run import recipe as recipe_module
from game.run.code import RunCode, encode
from game.run.recipes import RecipeEntry
from game.save.codec import load_bytes
from game.save.format import SaveError
from game.seeds import seed_from_text
from game.version import RULES_VERSION
from game.world import build

PLANS = st.sampled_from([
    None,
    "1:bsp",
    "1-2:bsp,3:power",
    "1:cave@40x30(fill=0.5),2:tables(ruleset=3.5),3:maze@61x41(stamp=42;perfect=false)",
    "1-4:random(ruleset=pathfinder-medium),5:bsp@120x80(teleporter_groups=4)",
    "1-30:random",
    "1:bsp,2-3:random@50x36,4:maze",
])
SEEDS = st.text(max_size=40)


@settings(max_examples=60, deadline=None)
@given(SEEDS, PLANS, st.booleans())
def test_a_run_code_gives_back_the_same_run(seed: str, plan: str | None, daily: bool) -> None:
    run = Run.from_plan(seed, plan, daily)
    again = Run.from_code(run.code)
    assert again == run
    assert again.seed_hash == run.seed_hash == seed_from_text(seed)
    assert again.code == run.code
    assert Run.from_code(run.code.lower().replace("-", " ")) == run


@settings(max_examples=30, deadline=None)
@given(SEEDS, PLANS)
def test_the_code_is_the_one_the_recipes_text_makes(seed: str, plan: str | None) -> None:
    """The code carries no recipes text for the default run, and a random entry's drawn
    generator (not the word random), so every code names concrete floors."""
    run = Run.from_plan(seed, plan)
    code = Run.from_code(run.code)
    assert (code.recipes == default_recipes()) == (run.recipes == default_recipes())
    assert all(r.generator in generators.names() for r in run.recipes)


def test_the_default_run_has_ten_floors_of_every_generator() -> None:
    run = Run("x")
    assert run.last_depth == 10
    assert {r.generator for r in run.recipes} == set(generators.names())
    assert run == Run.from_plan("x") == Run.from_code(encode(RunCode("x")))


def test_the_daily_run_is_the_date_and_says_so() -> None:
    run = Run.daily(datetime.date(2026, 3, 1))
    assert run.seed == daily_seed(datetime.date(2026, 3, 1)) == "daily-2026-03-01"
    assert run.is_daily and Run.from_code(run.code).is_daily
    assert Run.daily(datetime.date(2026, 3, 1), "1:maze").recipes[0].generator == "maze"


def test_a_run_file_and_a_plan_make_the_same_run() -> None:
    text = (
        'seed = "filed"\n'
        '[[floor]]\ndepths = "1-2"\ngenerator = "cave"\nparams = { fill = 0.5 }\n'
        '[[floor]]\ndepths = 3\ngenerator = "power"\nwidth = 60\nheight = 40\n'
    )
    run = Run.from_file(text, "run.toml")
    assert run == Run.from_plan("filed", "1-2:cave(fill=0.5),3:power@60x40")
    assert Run.from_file(text, "run.toml", seed="other").seed == "other"
    unseeded = text.replace('seed = "filed"', "")
    assert Run.from_file(unseeded, "run.toml", daily=True).is_daily
    with pytest.raises(RecipeError, match="--daily chooses the seed"):
        Run.from_file(text, "run.toml", daily=True)
    with pytest.raises(RecipeError, match="name a run"):
        Run.from_file(unseeded, "run.toml")


LOOPS_CODE = Run.from_plan("s", "1:bsp(loops=1)").code
"""Made before any test spies on the split, so decoding it is what the spy sees."""
CONSTRUCTORS: dict[str, Callable[[], object]] = {
    "Run": lambda: Run("s", (FloorRecipe(1, "bsp", 80, 45, (("loops", "1"),)),)),
    "from_plan": lambda: Run.from_plan("s", "1:bsp(loops=1)"),
    "from_code": lambda: Run.from_code(LOOPS_CODE),
    "from_file": lambda: Run.from_file(
        "seed = 's'\n[[floor]]\ndepths = 1\ngenerator = 'bsp'\nparams = { loops = 1 }", "f"),
    "daily": lambda: Run.daily(plan="1:bsp(loops=1)"),
    "from_entries": lambda: Run.from_entries(
        "s", (RecipeEntry(1, 1, "bsp", None, (("loops", "1"),)),)),
    "generate": lambda: FloorRecipe(1, "bsp", 80, 45, (("loops", "1"),), ("ruleset", "party")),
}


@pytest.mark.parametrize("name", sorted(CONSTRUCTORS))
def test_every_constructor_checks_parameters_with_the_split_the_floors_use(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    real = recipe_module.split_params

    def spy(generator: str, given: Any, dressing: Any = recipe_module.RUN_DRESSING) -> Any:
        calls.append(generator)
        if "loops" in given:
            raise ParamError("refused by the one split")
        return real(generator, given, dressing)

    monkeypatch.setattr(recipe_module, "split_params", spy)
    with pytest.raises(ValueError, match="refused by the one split"):
        CONSTRUCTORS[name]()
    assert calls


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Run("s", ()), "needs 1..99 floors"),
        (lambda: Run("s", (FloorRecipe(2, "bsp", 80, 45),)), "recipe 1 is for depth 2"),
        (lambda: Run("s", (FloorRecipe(1, "bsp", 10, 45),)), "within 20..400"),
        (lambda: Run("s" * 1001), "longer than 1000 bytes"),
        (lambda: FloorRecipe(1, "random", 80, 45), "names its generator"),
        (lambda: FloorRecipe(1, "nope", 80, 45), "unknown generator 'nope'"),
        (lambda: FloorRecipe(1, "bsp", 80, 45, (("party", "2"),)), "no parameter 'party'"),
        (lambda: FloorRecipe(1, "cave", 80, 45, (("ruleset", "5e"),)), "not one of"),
        (lambda: Run.from_plan("s", "1:bsp,3:cave"), "depth 2 is missing"),
        (lambda: Run.from_code("D1-00000"), "rules version|checksum|malformed"),
    ],
)
def test_bad_runs_are_refused_in_one_line(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        make()
    assert "\n" not in str(caught.value)


def test_recipe_parameters_are_typed_once_and_split_between_layout_and_dressing() -> None:
    recipe = FloorRecipe(1, "tables", 90, 60, (("cleanup", "no"), ("ruleset", "3.5")))
    assert recipe.params == (("cleanup", "false"), ("ruleset", "3.5"))  # each value in its one text
    assert recipe.dressing == {"ruleset": "3.5"}
    assert recipe.layout == {"cleanup": False, "ruleset": "3.5"}  # tables takes the ruleset too
    cave = FloorRecipe(1, "cave", 90, 50, (("fill", "0.45"), ("ruleset", "pathfinder-slow")))
    assert cave.layout == {"fill": 0.45} and cave.dressing == {"ruleset": "pathfinder-slow"}


def test_the_pipeline_hands_the_generator_typed_values(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    real = generators.generate_floor

    def spy(name: str, run_seed: int, depth: int, width: int, height: int,
            params: Any = None) -> FloorPlan:
        seen.append(dict(params or {}))
        return real(name, run_seed, depth, width, height, params)

    monkeypatch.setattr(generators, "generate_floor", spy)
    run = Run.from_plan("typed", "1:cave@60x40(fill=0.45;ruleset=3.5)")
    pipeline.layout(run.recipes[0], run.seed_hash)
    assert seen == [{"fill": 0.45}]


def test_the_catalog_makes_each_floor_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = {"layout": 0, "dress": 0, "furnish": 0}

    def counted(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(pipeline, "layout", counted("layout", pipeline.layout))
    monkeypatch.setattr(pipeline, "dress", counted("dress", pipeline.dress))
    monkeypatch.setattr(build, "furnish", counted("furnish", build.furnish))
    run = Run.from_plan("once", "1:bsp@50x36,2:cave@50x36,3:maze@41x31")
    data = catalog.catalog(run, range(1, 4), "full")
    assert counts == {"layout": 3, "dress": 3, "furnish": 3}
    assert len(data["floors"]) == 3 and data["code"] == run.code
    assert data["rules_version"] == RULES_VERSION
    counts.update(layout=0, dress=0, furnish=0)
    catalog.catalog(run, range(2, 3), "layout")
    assert counts == {"layout": 1, "dress": 1, "furnish": 0}


def test_the_catalog_matches_the_floors_the_game_builds() -> None:
    run = Run.from_plan("same", "1:bsp@50x36,2:tables@60x40")
    data = catalog.catalog(run, range(1, 3), "full")
    for entry, recipe in zip(data["floors"], run.recipes, strict=True):
        floor = build.build_floor(recipe, run.seed_hash, boss=recipe.depth == run.last_depth)
        assert entry["fingerprint"] == floor.fingerprint
        items: dict[str, int] = {}
        for item in floor.items:
            items[item.kind] = items.get(item.kind, 0) + 1
        assert entry["items"] == sorted(items.items())


def test_a_lone_floor_is_dressed_without_the_game_s_choices() -> None:
    recipe = FloorRecipe(3, "bsp", 60, 40, (("party", "4"),), ("ruleset", "boss", "party"))
    plan = pipeline.layout(recipe, 9)
    lone: Dressing = pipeline.dress(recipe, plan, 9, boss=None)
    played = pipeline.dress(recipe, plan, 9, boss=True)
    assert lone.boss is False and played.boss is True


def test_ids_come_from_the_depth_s_own_block() -> None:
    run = Run.from_plan("ids", "1:bsp@50x36,2:bsp@50x36")
    floor = build.build_floor(run.recipes[1], run.seed_hash, boss=False)
    ids = [m.id for m in floor.monsters] + [i.id for i in floor.items]
    assert ids and all(build.id_block(2) <= i < build.id_block(3) for i in ids)


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.update(code=Run("another seed").code),
        lambda data: data.update(run_seed=(data["run_seed"] + 1) % 2**64),
        lambda data: data.update(daily=not data["daily"]),
    ],
)
def test_a_save_whose_run_fields_disagree_is_refused(change: Callable[[Any], None]) -> None:
    """The save keeps the seed hash and the code beside the seed (the state hash digests
    them); loading rebuilds both from the run and refuses a file where they differ."""
    data, arrays = state_of()
    load_bytes(forge(data, arrays))  # sound before the change
    change(data)
    with pytest.raises(SaveError, match="does not fit the game"):
        load_bytes(forge(data, arrays))


def test_the_run_and_the_first_stages_sit_below_the_world() -> None:
    """game.run and game.pipeline import no world, rules, ai, ui or command line (deferred
    imports included); the world imports the run, never the reverse."""
    from test_architecture import all_imports, part_of

    above = {"world", "rules", "ai", "turns", "bot", "ui", "cli", "save", "catalog", "replay",
             "morgue"}
    found: dict[str, set[str]] = {}
    for each in all_imports():
        found.setdefault(each.importer, set()).add(each.target)
    for module in ("game.run", "game.run.code", "game.run.recipe", "game.run.recipes",
                   "game.pipeline"):
        assert module in found
        parts = {part_of(name) for name in found[module] if name.startswith("game.")}
        assert parts & above == set()
    assert any(name.startswith("game.run") for name in found["game.world.model"])


def test_the_recipe_names_every_dressing_parameter() -> None:
    """ALL_DRESSING spares `run.py generate` the dressing's import: it must stay its list."""
    from game.dressing import DRESSING_PARAMS
    from game.run.recipe import ALL_DRESSING

    assert tuple(p.name for p in DRESSING_PARAMS) == ALL_DRESSING
