"""Encounters that fight as their template says, on hand-drawn maps: a controller's distance and
web, strikers waiting for the hampered hero, troops screening their commander and routing when it
falls, a beast's leash, battle lines, a flanking and scattering pack, and first-sight naming."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import Scene, ScriptedRng, messages, monster, scenario

from game import generators
from game.ai import tactics
from game.dressing import dress_floor
from game.dressing.model import TACTICS
from game.export.floorjson import dressed_floor_to_dict
from game.rules import combat, items
from game.rules.actions import Move, Wait
from game.run.recipe import FloorRecipe
from game.world.build import build_floor
from game.world.kinds import Mode
from game.world.model import Actor


def distance(a: Actor | tuple[int, int], b: Actor | tuple[int, int]) -> int:
    pa = a.pos if isinstance(a, Actor) else a
    pb = b.pos if isinstance(b, Actor) else b
    return max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1]))


def waits(scene: Scene, count: int) -> None:
    for _ in range(count):
        scene.act(Wait())


def band(tactic: str, part: Any, role: Any = "soldier", **stats: Any) -> Actor:
    return monster(role, group=1, tactic=tactic, part=part, **stats)


# --- battlefield control ----------------------------------------------------------------------

HAMPER = """
###################
#.................#
#.................#
#@..s...c.........#
#.................#
#.................#
###################
"""


def hamper_scene(**controller: Any) -> Scene:
    return scenario(HAMPER, legend={
        "c": band("hamper", "controller", "controller", reach=8, attack=30, name="hexer",
                  **controller),
        "s": band("hamper", "striker", "skirmisher", attack=30, name="cutter"),
    }, hp=200)


def test_the_controller_webs_the_hero_who_then_cannot_walk() -> None:
    """Its striker is still far off: the web pins the hero for it."""
    scene = scenario(HAMPER.replace("s...c", "....sc"), legend={
        "c": band("hamper", "controller", "controller", reach=8, attack=30, name="hexer"),
        "s": band("hamper", "striker", "skirmisher", attack=30, name="cutter"),
    }, hp=200)
    scene.act(Wait())
    assert "webbed" in scene.player.effects, messages(scene)
    assert any("you are webbed" in text for text in messages(scene))
    where = scene.player.pos
    scene.act(Move(1, 0))
    assert scene.player.pos == where
    assert "You struggle against the webs." in messages(scene)


def test_the_controller_slows_a_hero_its_strikers_are_upon() -> None:
    scene = hamper_scene()
    scene.act(Wait())
    assert "slowed" in scene.player.effects, messages(scene)


def test_strikers_wait_out_of_reach_until_the_hero_is_hampered() -> None:
    scene = hamper_scene()
    hexer = scene.monster("c")
    hexer.reach, hexer.role = 1, "soldier"  # it never casts: its spell stays ready
    waits(scene, 6)
    cutter = scene.monster("s")
    assert distance(cutter, scene.player) == tactics.STRIKE_RANGE, scene.render()
    assert not any("cutter hits" in t or "cutter misses" in t for t in messages(scene))
    scene.player.effects["webbed"] = 3
    waits(scene, 2)
    assert distance(cutter, scene.player) == 1, scene.render()
    assert any("cutter hits" in t or "cutter misses" in t for t in messages(scene))


def test_strikers_with_no_controller_left_close_in_and_fight() -> None:
    """On floor 1 no controller lives, and a slain one hampers no more: its strikers used to wait
    at two squares for ever (a cutthroat that danced out of reach of every blow)."""
    scene = scenario(HAMPER.replace("c", "."), legend={
        "s": band("hamper", "striker", "skirmisher", attack=30, name="cutter"),
    }, hp=200)
    waits(scene, 4)
    assert any("cutter hits" in t or "cutter misses" in t for t in messages(scene)), (
        scene.render())


def test_strikers_close_in_once_the_controller_has_cast() -> None:
    """A hex resisted is still the signal: waiting longer would waste the strikers' turns."""
    scene = hamper_scene()
    scene.monster("c").effects["recharging"] = 100
    waits(scene, 6)
    assert any("cutter hits" in t or "cutter misses" in t for t in messages(scene))


def test_the_controller_keeps_its_distance_while_its_strikers_stand() -> None:
    scene = scenario("""
        ###################
        #.................#
        #.....@..c........#
        #.................#
        #s................#
        ###################
    """, legend={
        "c": band("hamper", "controller", "controller", reach=8, attack=30, name="hexer"),
        "s": band("hamper", "striker", "skirmisher", mode="asleep", name="cutter"),
    }, hp=200)
    hexer = scene.monster("c")
    hexer.effects["recharging"] = 100
    for _ in range(4):
        scene.act(Move(1, 0))
        assert distance(hexer, scene.player) >= tactics.KEEP_OFF, scene.render()


# --- commander and troops ---------------------------------------------------------------------

WAR_BAND = """
#####################
#...................#
#...................#
#@..............t.L.#
#...............t...#
#...................#
#####################
"""


def war_band(rng: ScriptedRng | None = None, chief: str = "hunt") -> Scene:
    return scenario(WAR_BAND, legend={
        "L": band("screen", "commander", "leader", name="kobold chieftain", mode=chief),
        "t": band("screen", "troop", name="kobold"),
    }, hp=200, rng=rng)


def test_troops_screen_their_commander_who_stays_behind_them() -> None:
    scene = war_band()
    chief = scene.monster("L")
    troops = [scene.monster("t", i) for i in range(2)]
    for _ in range(12):
        scene.act(Wait())
        for troop in troops:
            assert distance(troop, chief) <= tactics.SCREEN_RANGE, scene.render()
            assert distance(troop, scene.player) < distance(chief, scene.player), scene.render()
    assert all("bolstered" in troop.effects for troop in troops)
    assert distance(chief, scene.player) > 1


def test_troops_hold_by_a_commander_that_stands_its_ground() -> None:
    scene = war_band(chief="guard")
    chief = scene.monster("L")
    waits(scene, 10)
    assert chief.pos == scene.at("L")
    for troop in (scene.monster("t", i) for i in range(2)):
        assert distance(troop, chief) <= tactics.SCREEN_RANGE, scene.render()
        assert distance(troop, scene.player) < distance(chief, scene.player), scene.render()


def test_troops_test_their_nerve_when_their_commander_falls() -> None:
    scene = war_band(ScriptedRng(d20=[3, 17]))
    combat.die(scene.game, scene.monster("L"), scene.player)
    first, second = scene.monster("t", 0), scene.monster("t", 1)
    assert (first.mode, second.mode) == (Mode.FLEE, Mode.HUNT)
    assert "With the kobold chieftain fallen, 1 of its troops break and run!" in messages(scene)
    start = distance(first, scene.player)
    waits(scene, 3)
    assert distance(first, scene.player) > start, "the routed troop runs"


def test_troops_that_stand_firm_say_so() -> None:
    scene = war_band(ScriptedRng(d20=[15, 17]))
    combat.die(scene.game, scene.monster("L"), scene.player)
    assert all(scene.monster("t", i).mode == Mode.HUNT for i in range(2))
    assert "The kobold chieftain falls, but its troops stand firm." in messages(scene)


# --- the beast's den --------------------------------------------------------------------------


def test_a_beast_chases_only_near_its_den_then_goes_home_to_guard_it() -> None:
    scene = scenario("""
        ##############################
        #.B..........................#
        #@...........................#
        ##############################
    """, legend={"B": monster("solo", tactic="den", part="beast", mode="guard", group=1,
                              attack=-30, hp=500, name="cave bear")}, hp=500)
    bear = scene.monster("B")
    den = bear.pos
    assert bear.home == den
    scene.act(Wait())
    assert bear.mode == Mode.HUNT
    farthest = 0
    for _ in range(26):
        scene.act(Move(1, 0))
        farthest = max(farthest, distance(bear, den))
    assert farthest <= tactics.LEASH + 1, scene.render()
    waits(scene, 12)
    assert (bear.pos, bear.mode) == (den, Mode.GUARD), scene.render()


# --- battle lines -----------------------------------------------------------------------------


def test_the_melee_line_forms_in_front_of_the_archers() -> None:
    scene = scenario("""
        #######################
        #.....................#
        #@...............a..w.#
        #.................a...#
        #.....................#
        #######################
    """, legend={
        "w": band("lines", "melee", name="orc warrior"),
        "a": band("lines", "archer", "artillery", reach=4, attack=-30, name="orc archer"),
    }, hp=300)
    warrior = scene.monster("w")
    archers = [scene.monster("a", i) for i in range(2)]
    for _ in range(10):
        scene.act(Wait())
        nearest = min(distance(a, warrior) for a in archers)
        assert nearest <= tactics.LINE_RANGE, scene.render()
    assert distance(warrior, scene.player) < min(distance(a, scene.player) for a in archers), \
        scene.render()


def test_an_archer_with_no_melee_before_it_steps_back() -> None:
    scene = scenario("""
        ####################
        #..................#
        #@...a.........w...#
        #..................#
        ####################
    """, legend={
        "w": band("lines", "melee", mode="asleep", name="orc warrior"),
        "a": band("lines", "archer", "artillery", reach=6, attack=-30, name="orc archer"),
    }, hp=300)
    archer = scene.monster("a")
    start = distance(archer, scene.player)
    scene.act(Wait())
    assert distance(archer, scene.player) == start + 1, scene.render()


# --- the wolf pack ----------------------------------------------------------------------------

PACK = """
#################
#...............#
#...............#
#.ww.....@......#
#...............#
#...............#
#################
"""


def test_a_pack_flanks_before_it_strikes() -> None:
    scene = scenario(PACK, legend={"w": band("flank", "wolf", "minion", band=2, name="jackal")},
                     hp=300)
    wolves = [scene.monster("w", i) for i in range(2)]
    hero = scene.player.pos
    bites = 0
    for _ in range(12):
        scene.act(Wait())
        now = sum(1 for t in messages(scene) if t.startswith("The jackal"))
        if now > bites:
            a, b = (w.pos for w in wolves)
            opposite = (a[0] - hero[0]) * (b[0] - hero[0]) + (a[1] - hero[1]) * (b[1] - hero[1])
            assert distance(a, hero) == distance(b, hero) == 1, scene.render()
            assert opposite < 0, "they strike from opposite sides\n" + scene.render()
            break
        bites = now
    else:
        pytest.fail("the pack never struck\n" + scene.render())


def test_a_lone_wolf_at_the_hero_holds_then_strikes_when_patience_runs_out() -> None:
    scene = scenario("""
        #######
        #.w@..#
        #######
        #.....#
        ##w####
    """, legend={"w": band("flank", "wolf", "minion", band=2, name="jackal")}, hp=300)
    scene.act(Wait())
    assert not any(t.startswith("The jackal") for t in messages(scene))
    waits(scene, tactics.STALK_TURNS + 1)
    assert any(t.startswith("The jackal") for t in messages(scene))


def test_a_pack_scatters_when_half_are_down() -> None:
    scene = scenario(PACK.replace(".ww.", "wwww"),
                     legend={"w": band("flank", "wolf", "minion", band=4, name="jackal")})
    combat.die(scene.game, scene.monster("w", 0), scene.player)
    assert all(scene.monster("w", i).mode == Mode.HUNT for i in (1, 2, 3))
    combat.die(scene.game, scene.monster("w", 1), scene.player)
    assert all(scene.monster("w", i).mode == Mode.FLEE for i in (2, 3))
    assert "Half the pack is down: the rest scatter!" in messages(scene)


# --- first sight ------------------------------------------------------------------------------


def test_the_log_names_an_encounter_once_at_first_sight() -> None:
    scene = war_band()
    waits(scene, 8)
    named = [t for t in messages(scene) if t.startswith("You face")]
    assert named == ["You face a kobold war band, led by a kobold chieftain!"]
    waits(scene, 3)
    assert [t for t in messages(scene) if t.startswith("You face")] == named


def test_an_encounter_out_of_sight_is_not_named() -> None:
    scene = scenario("""
        ##########
        #@.#..ww.#
        ##########
    """, legend={"w": band("flank", "wolf", "minion", band=2, mode="asleep", name="jackal")})
    waits(scene, 3)
    assert not any(t.startswith("You face") for t in messages(scene))


@pytest.mark.parametrize(("tactic", "parts", "words"), [
    ("flank", [("wolf", "jackal")] * 6, "a wolf pack: six jackals"),
    ("hamper", [("controller", "goblin hexer"), ("striker", "kobold whelp"),
                ("striker", "kobold whelp")], "a goblin hexer with two kobold whelps"),
    ("lines", [("melee", "orc warrior"), ("archer", "orc archer"), ("archer", "orc archer")],
     "battle lines: an orc warrior before two orc archers"),
    ("den", [("beast", "cave bear")], "a cave bear, guarding its den"),
    ("lair", [("boss", "lich adept"), ("troop", "wolf"), ("troop", "wolf")],
     "a wolf war band, led by a lich adept"),
    ("screen", [("troop", "orc thug"), ("troop", "orc thug")], "two orc thugs"),
    ("screen", [("troop", "cave rat")] * 3, "three cave rats"),
])
def test_names_by_tactic(tactic: str, parts: list[tuple[Any, str]], words: str) -> None:
    members = [band(tactic, part, name=name) for part, name in parts]
    assert tactics.describe(tactic, members) == words


def test_plurals() -> None:
    assert [items.plural(n) for n in ("wolf", "fire imp", "harpy", "lynx", "ogre")] == [
        "wolves", "fire imps", "harpies", "lynxes", "ogres"]


# --- every encounter has a tactic -------------------------------------------------------------


@pytest.mark.parametrize("name", ["bsp", "power", "cave", "maze", "tables"])
def test_every_encounter_has_a_tactic_in_the_json_and_in_play(name: str) -> None:
    for seed in range(4):
        plan = generators.generate_floor(name, seed, 3, 80, 50)
        data = dressed_floor_to_dict(plan, dress_floor(plan, seed, 3, {"boss": True}), "s", 3)
        assert data["version"] == 2
        assert data["encounters"]
        for encounter in data["encounters"]:
            assert encounter["tactic"] == TACTICS[encounter["template"]]
        floor = build_floor(FloorRecipe(3, name, 80, 50), seed, boss=True)
        placed = [m for m in floor.monsters if m.group >= 0]
        assert placed and all(m.tactic in TACTICS.values() and m.part for m in placed)
        assert all(m.home is not None for m in placed if m.part in ("beast", "boss"))
        assert all(m.band >= 1 for m in placed)
