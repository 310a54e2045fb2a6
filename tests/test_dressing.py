"""The dressing pass over many floors of every generator: its invariants hold on each one.

Each generator gets 1,000 seeds at 60x40 (depths 1-20, every third floor a boss floor, the
rulesets in turn). On every floor: every door dressed, solvable (the checker walks it picking up
keys), monsters clear of the arrival, stairs, doors and teleporters, the deck dealt in its
proportions, each template made of its roles, the XP budget met, the plan left untouched.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from game import generators, tiles
from game.content.bestiary import default_bestiary
from game.content.bosses import default_bosses
from game.dressing import Dressing, dress, dress_floor
from game.dressing.areas import build_areas
from game.dressing.budget import GENTLE_DEPTH, RULESETS, deck_size, difficulties
from game.dressing.composer import (
    DEN_STRETCH,
    MAX_DEN_TRAPS,
    MAX_MONSTERS,
    SHAPES,
    SLOTS,
    TOLERANCE,
    Composer,
    holds_core,
)
from game.dressing.solvable import problems
from game.export.floorjson import dressed_floor_to_dict
from game.export.textkey import text_key
from game.floorplan import FloorPlan
from game.params import ParamError
from game.seeds import Rng, dressing_rng

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 1000
WIDTH, HEIGHT = 60, 40
# LEAD: "tables" was added once game/generators/tables.py existed; a new generator goes here too.
GENERATORS = ("bsp", "power", "cave", "maze", "tables")


def recipe(seed: int) -> tuple[int, dict[str, str | bool]]:
    """Depth and dressing params for a seed: depths 1-20, a boss every third floor."""
    rulesets = list(RULESETS)
    return 1 + seed % 20, {"boss": seed % 3 == 0, "ruleset": rulesets[seed % len(rulesets)]}


def template_problems(dressing: Dressing) -> list[str]:
    """Each encounter holds its template's core whole (a lone hero's too) and is made only of
    the roles its template asks for; a boss's court is its boss entry's."""
    bestiary = default_bestiary()
    found: list[str] = []
    for e in dressing.encounters:
        kinds = [bestiary.get(m.kind) for m in e.monsters]
        if e.template == "boss":
            (boss,) = [m.kind for m in e.monsters if m.boss] or [""]
            courts = [b.court for b in default_bosses() if b.leader == boss]
            made_of = bool(courts) and e.difficulty == "boss" and all(
                m.boss or any(m.kind in court for court in courts) for m in e.monsters)
        else:
            shape = SHAPES[e.template]
            slots = [SLOTS[name] for name in shape.core + shape.filler]
            made_of = all(any(slot.allows(kind) for slot in slots) for kind in kinds)
        if not made_of or not holds_core(e.template, e.monsters, bestiary):
            found.append(f"encounter {e.id} ({e.template}) is {[m.kind for m in e.monsters]}")
    return found


def cheapest_core(template: str, depth: int) -> int:
    """What the template's core costs at its cheapest at `depth` (every place its weakest)."""
    composer = Composer(default_bestiary(), depth, Rng(0))
    return sum(min(k.xp for k in composer.core_pool(SLOTS[name]))
               for name in SHAPES[template].core)


def budget_problems(dressing: Dressing) -> list[str]:
    """Within 25% of the budget, unless the area was full, or the encounter was (sixteen
    monsters, or a den's four traps), or its core at its cheapest costs more (then it is that
    core alone: weaker members, never a smaller template), or it is a den (its beast may cost
    DEN_STRETCH times the ceiling, or be the cheapest solo near the depth) or a boss."""
    found = []
    for e in dressing.encounters:
        high = (1 + TOLERANCE) * e.budget
        if e.template == "boss":
            continue
        if e.template == "beasts_den":
            solos = Composer(default_bestiary(), dressing.depth, Rng(0)).core_pool(SLOTS["solo"])
            beast = default_bestiary().get(e.monsters[0].kind).xp
            over = e.xp > max(high, beast) or (
                beast > high * DEN_STRETCH and beast != min(k.xp for k in solos))
        else:
            core = cheapest_core(e.template, dressing.depth)
            over = e.xp > high and not (core > high and e.xp == core)
        short = e.xp < (1 - TOLERANCE) * e.budget and not e.cramped and (
            len(e.monsters) < MAX_MONSTERS and len(e.traps) < MAX_DEN_TRAPS)
        if over or short:
            found.append(f"encounter {e.id} ({e.template}, {e.difficulty}): XP {e.xp} for a "
                         f"budget of {e.budget}: {[m.kind for m in e.monsters]}")
    return found


def deck_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """About 20% easy and 20% hard (easy on the gentle first floor), the boss apart; the whole
    deck is placed unless no area has room left for a template's core."""
    size = deck_size(dressing.ruleset, plan.width, plan.height)
    dealt = Counter(e.difficulty for e in dressing.encounters if e.difficulty != "boss")
    deck = Counter(difficulties(size, dressing.depth))
    if dealt != deck and (dealt - deck or most_free_in_an_area(plan, dressing) >= LARGEST_CORE):
        return [f"deck of {size} dealt as {dict(dealt)}"]
    bosses = sum(e.difficulty == "boss" for e in dressing.encounters)
    if bosses != int(dressing.boss) or (dressing.relic is None) == dressing.boss:
        return [f"boss={dressing.boss} but {bosses} boss encounters, relic {dressing.relic}"]
    return []


LARGEST_CORE = max(len(shape.core) for shape in SHAPES.values())


def most_free_in_an_area(plan: FloorPlan, dressing: Dressing) -> int:
    """The most plain floor tiles that nothing holds in one area, away from the arrival and the
    boss's lair (which the deck leaves to the boss): a card whose core does not fit in any area
    is left out, never shrunk."""
    owner = build_areas(plan).owner
    free = (owner > 0) & (plan.tiles == tiles.FLOOR)
    for lair in (e.area for e in dressing.encounters if e.difficulty == "boss"):
        free &= owner != lair
    held = [m.point for e in dressing.encounters for m in e.monsters]
    held += [k.point for k in dressing.keys] + [t.point for t in dressing.traps]
    held += [(t.x, t.y) for t in dressing.treasures] + [s.point for s in dressing.stairs]
    held += [dressing.relic] if dressing.relic else []
    for x, y in held:
        free[y, x] = False
    ax, ay = plan.arrival
    free[max(0, ay - 1) : ay + 2, max(0, ax - 1) : ax + 2] = False
    return int(np.bincount(owner[free]).max(initial=0))


def line_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """Monsters standing back (ranged, leaders, solos) are no nearer the area's entrances than
    those in front: melee in front of ranged."""
    bestiary = default_bestiary()
    amap = build_areas(plan)
    found: list[str] = []
    for e in dressing.encounters:
        if e.template == "wolf_pack" or len(e.monsters) < 2:
            continue
        back = [bestiary.get(m.kind).range > 0 or m.role in ("leader", "solo") or m.boss
                for m in e.monsters]
        spots = np.array([m.point for m in e.monsters], dtype=np.int64)
        dist = amap.gate_distance(amap.area(e.area), spots)
        if dist is None or all(back) or not any(back):
            continue
        front_far = max(int(d) for d, b in zip(dist, back, strict=True) if not b)
        back_near = min(int(d) for d, b in zip(dist, back, strict=True) if b)
        if front_far > back_near:
            found.append(f"encounter {e.id}: a front monster stands behind a back one")
    return found


def pack_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """In a room it has to itself, a pack of n stands within about sqrt(n) of its middle."""
    found: list[str] = []
    shared = Counter(e.area for e in dressing.encounters)
    for e in dressing.encounters:
        if e.template != "wolf_pack" or e.room is None or e.cramped or shared[e.area] > 1:
            continue
        mx = float(np.median([m.x for m in e.monsters]))
        my = float(np.median([m.y for m in e.monsters]))
        spread = max(max(abs(m.x - mx), abs(m.y - my)) for m in e.monsters)
        if spread > math.isqrt(len(e.monsters)) + 2:
            found.append(f"encounter {e.id}: a pack of {len(e.monsters)} spreads {spread}")
    return found


def sweep(
    name: str, check: Callable[[FloorPlan, Dressing], list[str]]
) -> tuple[float, list[str]]:
    """Dress SEEDS floors: the share of encounters whose area was full, and the problems."""
    found: list[str] = []
    cramped = met = 0
    for seed in range(SEEDS):
        depth, params = recipe(seed)
        plan = generators.generate_floor(name, seed, depth, WIDTH, HEIGHT)
        tiles = plan.tiles.copy()
        dressing = dress_floor(plan, seed, depth, params)
        cramped += sum(e.cramped for e in dressing.encounters)
        met += len(dressing.encounters)
        issues = check(plan, dressing)
        if not np.array_equal(tiles, plan.tiles):
            issues.append("the dressing changed the tiles")
        found += [f"{name} seed {seed}: {issue}" for issue in issues]
    return cramped / max(1, met), found


def all_checks(plan: FloorPlan, dressing: Dressing) -> list[str]:
    return (
        problems(plan, dressing)
        + template_problems(dressing)
        + budget_problems(dressing)
        + deck_problems(plan, dressing)
        + line_problems(plan, dressing)
        + pack_problems(plan, dressing)
    )


@pytest.mark.parametrize("name", GENERATORS)
def test_invariants_over_many_seeds(name: str) -> None:
    cramped, found = sweep(name, all_checks)
    assert not found, found[:5]
    # Small rooms fill up: power's chambers under the big decks (deeper still since rules 7's
    # steeper budgets), and the tables floors' corridor spots, one tile wide. Elsewhere an area
    # is almost never too small.
    assert cramped <= {"power": 0.15, "tables": 0.3}.get(name, 0.02)


@pytest.mark.parametrize("name", ["bsp", "cave"])
def test_a_big_floor(name: str) -> None:
    plan = generators.generate_floor(name, 7, 4, 1000, 1000)
    dressing = dress_floor(plan, 7, 4, {"boss": True})
    assert problems(plan, dressing) == []
    assert len(dressing.encounters) == deck_size("4e", 1000, 1000) + 1


@pytest.mark.parametrize("name", GENERATORS)
def test_deterministic(name: str) -> None:
    for seed in range(5):
        plan = generators.generate_floor(name, seed, 3, WIDTH, HEIGHT)
        first = dress_floor(plan, seed, 3, {"boss": True})
        again = dress_floor(generators.generate_floor(name, seed, 3, WIDTH, HEIGHT), seed, 3,
                            {"boss": True})
        assert first == again
        assert first != dress_floor(plan, seed + 1, 3, {"boss": True})


SCRIPT = """
import hashlib, json
from game import generators, tiles
from game.dressing import dress_floor
from game.export.floorjson import dressed_floor_to_dict
from game.export.textkey import text_key
out = {}
for name in ("bsp", "power", "cave", "maze"):
    plan = generators.generate_floor(name, 11, 5, 50, 30)
    data = dressed_floor_to_dict(plan, dress_floor(plan, 11, 5, {"boss": True}), "s", 5)
    out[name] = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
print(json.dumps(out))
"""


def test_same_dressing_in_processes_with_different_hash_seeds() -> None:
    runs = []
    for hash_seed in ("0", "777"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]


def test_the_dressing_stream_is_the_layout_streams_sibling() -> None:
    assert dressing_rng(5, 2, "bsp").seed != generators.layout_rng(5, 2, "bsp").seed
    assert dressing_rng(5, 2, "bsp").seed == dressing_rng(5, 2, "bsp").seed
    assert dressing_rng(5, 2, "bsp").seed != dressing_rng(5, 3, "bsp").seed
    plan = generators.generate_floor("bsp", 5, 2, WIDTH, HEIGHT)
    assert dress_floor(plan, 5, 2) == dress(plan, dressing_rng(5, 2, "bsp"), 2)


def test_boss_only_when_asked() -> None:
    plan = generators.generate_floor("bsp", 3, 9, WIDTH, HEIGHT)
    plain = dress_floor(plan, 3, 9)
    boss = dress_floor(plan, 3, 9, {"boss": "true"})
    assert not any(e.difficulty == "boss" for e in plain.encounters) and plain.relic is None
    (lair,) = [e for e in boss.encounters if e.difficulty == "boss"]
    assert boss.relic is not None
    area = build_areas(plan).area(lair.area)
    assert area.x <= boss.relic[0] < area.x + area.w and area.y <= boss.relic[1] < area.y + area.h
    # The boss changes only encounters: doors, keys, contents and stairs stay.
    assert (plain.doors, plain.keys, plain.contents, plain.stairs) == (
        boss.doors, boss.keys, boss.contents, boss.stairs)


def test_deck_size_follows_ruleset_and_floor_size() -> None:
    assert [deck_size(r, 80, 50) for r in RULESETS] == [10, 13, 13, 20, 40]
    assert deck_size("4e", 160, 100) == 40
    assert deck_size("4e", 5, 5) == 1
    assert deck_size("pathfinder-slow", 60, 40) == 24
    for size in range(1, 60):
        dealt = Counter(difficulties(size, GENTLE_DEPTH + 1))
        assert sum(dealt.values()) == size
        assert dealt["easy"] == dealt["hard"] == round(0.2 * size)
        gentle = Counter(difficulties(size, GENTLE_DEPTH))
        assert gentle["hard"] == 0, "no hard card on floor 1"
        assert gentle["easy"] == 2 * dealt["easy"]
        assert gentle["average"] == dealt["average"]


def test_bad_params_and_depth() -> None:
    plan = generators.generate_floor("maze", 1, 1, 21, 21)
    with pytest.raises(ParamError, match="ruleset"):
        dress(plan, Rng(1), 1, {"ruleset": "5e"})
    with pytest.raises(ParamError, match="boss"):
        dress(plan, Rng(1), 1, {"boss": "maybe"})
    with pytest.raises(ParamError, match="no parameter"):
        dress(plan, Rng(1), 1, {"monsters": "many"})
    with pytest.raises(ValueError, match="depth"):
        dress(plan, Rng(1), 0)


def test_export_is_json_and_keeps_the_layout_keys() -> None:
    from game.export.floorjson import floor_to_dict

    for name in ("bsp", "power", "cave", "maze"):
        plan = generators.generate_floor(name, 2, 4, WIDTH, HEIGHT)
        dressing = dress_floor(plan, 2, 4, {"boss": True})
        data = json.loads(json.dumps(dressed_floor_to_dict(plan, dressing, "s", 4)))
        base = json.loads(json.dumps(floor_to_dict(plan, "s", 4)))
        for key, value in base.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                assert [{k: e[k] for k in value[0]} for e in data[key][: len(value)]] == value
            elif key not in ("tiles", "legend"):
                assert data[key] == value
        # the tiles differ only where a stairs entry is drawn with its kind's tile
        changed = {(x, y) for y, row in enumerate(base["tiles"]) for x, char in enumerate(row)
                   if data["tiles"][y][x] != char}
        assert changed <= {(s["x"], s["y"]) for s in data["stairs"]}
        assert set(data["legend"]) == {char for row in data["tiles"] for char in row}
        assert all({"material", "dc", "state", "opening", "key"} <= set(d) for d in data["doors"])
        assert all({"contents", "features", "area"} <= set(r) for r in data["rooms"])
        assert all({"stair_kind", "leads_to", "dead_end"} <= set(s) for s in data["stairs"])
        assert {"encounters", "keys", "traps", "areas", "treasure"} <= set(data)
        assert dressing.relic is not None and data["relic"] == list(dressing.relic)


def test_secret_doors_in_the_game_masters_key_and_the_json_export() -> None:
    plan = generators.get("power").generate(Rng(4), 80, 50, {"secret": "0.5"})
    hidden = sorted((int(x), int(y)) for y, x in np.argwhere(plan.tiles == tiles.SECRET_DOOR))
    assert hidden
    dressing = dress_floor(plan, 4, 1)
    key = text_key(plan, dressing, "s", 1)
    assert "S secret door" in key and f"doors ({len(hidden)} secret)" in key
    assert key.count("SECRET") == len(hidden)
    lines = key.splitlines()
    assert all(any(line.strip().startswith(f"Door {point}") and "SECRET" in line
                   for line in lines) for point in hidden)
    data = dressed_floor_to_dict(plan, dressing, "s", 1)
    assert sorted((d["x"], d["y"]) for d in data["doors"] if d["secret"]) == hidden
    assert all(data["tiles"][y][x] == "S" for x, y in hidden)
    assert data["legend"]["S"] == {"name": "secret door", "walkable": False, "transparent": False}


@pytest.mark.parametrize("generator", generators.names())
def test_the_first_floor_is_gentle_no_hard_card_and_only_its_own_kinds(generator: str) -> None:
    """Floor 1 is where a newcomer learns the game: easy and average encounters only, whole,
    of kinds that live there (the kobold taskmaster and the goblin snarer lead, never a goblin
    warchief or a hexer); floor 2 deals the source's hard share."""
    bestiary = default_bestiary()
    kinds: Counter[str] = Counter()
    hard_on_two = 0
    for seed in range(12):
        plan = generators.generate_floor(generator, seed, 1, 80, 50)
        dressing = dress_floor(plan, seed, 1)
        assert all(e.difficulty in ("easy", "average") for e in dressing.encounters)
        assert all(holds_core(e.template, e.monsters, bestiary) for e in dressing.encounters)
        kinds.update(m.kind for e in dressing.encounters for m in e.monsters)
        deeper = dress_floor(plan, seed, 2)
        hard_on_two += sum(e.difficulty == "hard" for e in deeper.encounters)
    assert all(bestiary.get(kind).depth_min == 1 for kind in kinds), kinds
    assert kinds["kobold_taskmaster"] and kinds["goblin_snarer"], kinds
    assert hard_on_two > 0
