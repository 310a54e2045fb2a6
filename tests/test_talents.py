"""Talents: the pool and its paths, the level-up offers (prerequisites, determinism, saving), each
active talent's effect and a few passives, on hand-drawn maps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import Scene, ScriptedRng, give, messages, monster, scenario

from game.ai import monsters as ai
from game.cli import main
from game.content.talents import PATHS, TalentDataError, load_talents, talents
from game.rules import combat, feats, missiles, progress
from game.rules import talents as rules
from game.rules.actions import (
    Attack,
    ChooseLevelUp,
    Illegal,
    Impossible,
    Success,
    Use,
    UseTalent,
    Wait,
    Zap,
)
from game.save import codec
from game.save.migrate import MIGRATIONS
from game.seeds import Rng
from game.world.kinds import Mode
from game.world.serial import game_data, game_from_data

SIGNATURES = {"fighter": "cleave", "skirmisher": "tumble", "archer": "pinning_shot",
              "mystic": "mend"}

# --- the pool -----------------------------------------------------------------------------------


def test_the_pool_holds_at_least_24_talents_in_the_four_paths() -> None:
    table = talents()
    assert len(table) >= 24
    for path in PATHS:
        assert sum(t.path == path for t in table.values()) >= 5, path
    assert set(SIGNATURES.values()) <= {k for k, t in table.items() if t.signature and t.active}
    actives = {k for k, t in table.items() if t.active}
    assert len(actives) >= 6
    assert set(feats.FEATS) == actives, "every active talent does something, nothing else does"
    assert sum(t.repeatable for t in table.values()) >= 4, "3 offers always exist"


def test_a_bad_talent_file_names_the_file_and_the_entry(tmp_path: Path) -> None:
    bad = tmp_path / "talents.toml"
    bad.write_text('[[talent]]\nkey = "a"\nname = "A"\npath = "weapons"\ntext = "x"\n'
                   'requires = ["nothing"]\n')
    with pytest.raises(TalentDataError, match=r"talents.toml: talent 'a': requires 'nothing'"):
        load_talents(bad)
    bad.write_text('[[talent]]\nkey = "b"\nname = "B"\npath = "cooking"\ntext = "x"\n')
    with pytest.raises(TalentDataError, match=r"talents.toml: talent 1 \(b\): path 'cooking'"):
        load_talents(bad)


# --- offers -------------------------------------------------------------------------------------

ROOM = """
#######
#@....#
#.....#
#######
"""


def test_offers_respect_prerequisites_and_never_repeat_a_talent_once_known() -> None:
    table = talents()
    for seed in range(60):
        scene = scenario(ROOM, rng=Rng(seed))
        hero = scene.game.hero
        hero.talents = ["cleave", "might", "light_step"][: seed % 4]
        hero.pending_levels = 1
        progress.ensure_offers(scene.game)
        assert len(hero.offers) == 3 and len(set(hero.offers)) == 3
        for key in hero.offers:
            talent = table[key]
            assert not talent.signature
            assert all(needed in hero.talents for needed in talent.requires), (seed, key)
            assert talent.repeatable or key not in hero.talents
    scene = scenario(ROOM)
    scene.game.hero.talents = ["light_step"]
    assert "shadow_walker" in rules.pool(scene.game.hero)
    assert "heavy_blows" not in rules.pool(scene.game.hero), "needs Might"
    assert "light_step" not in rules.pool(scene.game.hero), "known, not repeatable"


def level_scene(seed: int = 7) -> Scene:
    scene = scenario(ROOM, rng=Rng(seed))
    progress.gain_xp(scene.game, progress.xp_for_level(3))
    return scene


def test_offers_are_drawn_when_the_level_is_gained_deterministically_and_saved() -> None:
    first, second = level_scene(), level_scene()
    hero = first.game.hero
    assert hero.pending_levels == 2 and len(hero.offers) == 3
    assert hero.offers == second.game.hero.offers
    assert len({tuple(level_scene(seed).game.hero.offers) for seed in range(8)}) > 1
    copy = game_from_data(*game_data(first.game))
    assert copy.hero.offers == hero.offers
    offered = hero.offers[0]
    refused = next(k for k in talents() if k not in hero.offers and not talents()[k].signature)
    assert isinstance(first.act(ChooseLevelUp(refused)), Impossible)
    assert isinstance(first.act(ChooseLevelUp(offered)), Success)
    assert hero.talents[-1] == offered and hero.level == 2
    assert len(hero.offers) == 3, "the next pending level's offers, drawn at once"
    first.act(ChooseLevelUp(hero.offers[0]))
    assert hero.offers == [] and hero.pending_levels == 0


def test_a_version_6_save_gains_a_background_and_its_pending_level_offers() -> None:
    state = {"hero": {"level": 3}}
    MIGRATIONS[6](state, {})
    assert state["hero"] == {"level": 3, "background": "fighter", "talents": ["cleave"],
                             "offers": []}
    scene, again = level_scene(), level_scene()
    for game in (scene.game, again.game):
        game.hero.offers = []  # as a migrated save holds them
        progress.ensure_offers(game)
    assert scene.game.hero.offers == again.game.hero.offers and len(scene.game.hero.offers) == 3


# --- active talents -----------------------------------------------------------------------------


def knowing(scene: Scene, *keys: str) -> Scene:
    scene.game.hero.talents = list(keys)
    return scene


def test_a_talent_the_hero_lacks_is_illegal_and_one_cooling_down_impossible() -> None:
    scene = knowing(scenario(ROOM, hp=20), "mend")
    assert isinstance(scene.act(UseTalent("cleave")), Illegal)
    scene.player.hp = 5
    assert isinstance(scene.act(UseTalent("mend")), Success)
    scene.player.hp = 5
    refused = scene.act(UseTalent("mend"))
    assert isinstance(refused, Impossible) and "not ready" in refused.reason
    for _ in range(talents()["mend"].cooldown - 1):
        scene.act(Wait())
    assert isinstance(scene.act(UseTalent("mend")), Success)


def test_cleave_strikes_every_foe_beside_the_hero() -> None:
    scene = knowing(scenario("#####\n#m@m#\n#.m.#\n#####",
                             legend={"m": monster(hp=1, ac=0)}, rng=ScriptedRng(d20=[15] * 3)),
                    "cleave")
    assert isinstance(scene.act(UseTalent("cleave")), Success)
    assert scene.floor.monsters == [], "all three fell"
    assert isinstance(scene.act(UseTalent("cleave")), Impossible)


def test_battle_cry_puts_near_foes_to_flight() -> None:
    scene = knowing(scenario("##########\n#@.n....f#\n##########",
                             legend={"n": monster(), "f": monster()}), "battle_cry")
    assert isinstance(scene.act(UseTalent("battle_cry")), Success)
    near, far = scene.monster("n"), scene.monster("f")
    assert near.mode == Mode.FLEE and "afraid" in near.effects
    assert far.mode != Mode.FLEE and "afraid" not in far.effects


LANE = """
##########
#@...g...#
##########
"""


def armed(scene: Scene, count: int = 5) -> None:
    bow = give(scene, "short_bow")
    scene.game.hero.equipment[missiles.MISSILE_SLOT] = bow.id
    for _ in range(count):
        give(scene, "arrow")


def test_pinning_shot_needs_the_bow_and_slows_what_it_hits() -> None:
    scene = knowing(scenario(LANE, legend={"g": monster(hp=60, ac=5, mode="asleep")},
                             rng=ScriptedRng(d20=[18])), "pinning_shot")
    target = scene.monster("g")
    refused = scene.act(UseTalent("pinning_shot", target.pos))
    assert isinstance(refused, Impossible) and "sling or bow" in refused.reason
    armed(scene)
    assert isinstance(scene.act(UseTalent("pinning_shot", target.pos)), Success)
    assert target.hp < 60 and target.effects.get("slowed", 0) > 0
    assert sum(i.kind == "arrow" for i in scene.game.hero.inventory) == 4


def test_double_shot_looses_two_arrows() -> None:
    scene = knowing(scenario(LANE, legend={"g": monster(hp=200, ac=5, mode="asleep")},
                             rng=ScriptedRng(d20=[18, 18])), "double_shot")
    armed(scene)
    assert isinstance(scene.act(UseTalent("double_shot", scene.monster("g").pos)), Success)
    assert sum(i.kind == "arrow" for i in scene.game.hero.inventory) == 3
    assert sum(text.startswith("The arrow hits") for text in messages(scene)) == 2


SURROUNDED = """
#######
#.mmm.#
#.m@m.#
#.mmm.#
#.....#
#######
"""


def test_tumble_leaps_over_foes_to_a_free_square() -> None:
    scene = knowing(scenario(SURROUNDED, legend={"m": monster(mode="asleep")}), "tumble")
    start = scene.player.pos
    assert isinstance(scene.act(UseTalent("tumble", (start[0], start[1] - 2))), Impossible)
    assert isinstance(scene.act(UseTalent("tumble", (start[0] + 1, start[1]))), Impossible)
    assert isinstance(scene.act(UseTalent("tumble", (start[0], start[1] + 2))), Success)
    assert scene.player.pos == (start[0], start[1] + 2)
    assert feats.tumble_reason(scene.game, (start[0] + 3, start[1] + 2)) is not None, "a wall"


def test_blinding_dust_confuses_the_foes_beside_the_hero() -> None:
    scene = knowing(scenario("#######\n#m@m.f#\n#######", legend={"m": monster(),
                                                                  "f": monster()}),
                    "blinding_dust")
    assert isinstance(scene.act(UseTalent("blinding_dust")), Success)
    assert all("confused" in m.effects for m in (scene.monster("m"), scene.monster("m", 1)))
    assert "confused" not in scene.monster("f").effects


def test_mend_heals_and_greater_mend_more() -> None:
    scene = knowing(scenario(ROOM, hp=40), "mend")
    scene.player.hp = 2
    scene.act(UseTalent("mend"))
    assert scene.player.hp == 2 + feats.MEND_BASE + 40 // feats.MEND_SHARE
    assert isinstance(scene.act(UseTalent("mend")), Impossible)
    greater = knowing(scenario(ROOM, hp=40), "mend", "greater_mend")
    greater.player.hp = 2
    greater.act(UseTalent("mend"))
    healed = feats.MEND_BASE + 40 // feats.MEND_SHARE + 40 // feats.GREATER_SHARE
    assert greater.player.hp == 2 + healed
    assert greater.player.cooldowns["mend"] < scene.player.cooldowns["mend"]
    full = knowing(scenario(ROOM), "mend")
    assert isinstance(full.act(UseTalent("mend")), Impossible)


def test_smite_never_misses() -> None:
    scene = knowing(scenario("#####\n#@m.#\n#####", legend={"m": monster(hp=100, ac=40)},
                             rng=ScriptedRng(d20=[1, 1, 1])), "smite")
    assert isinstance(scene.act(UseTalent("smite")), Success)
    assert scene.monster("m").hp <= 100 - 3
    assert any(text.startswith("Your smite strikes") for text in messages(scene))


def test_ward_raises_armour_class_for_a_while() -> None:
    scene = knowing(scenario(ROOM), "ward")
    before = combat.armour_class(scene.game, scene.player)
    scene.act(UseTalent("ward"))
    assert combat.armour_class(scene.game, scene.player) == before + combat.WARD_AC
    for _ in range(feats.WARD_TURNS):
        scene.act(Wait())
    assert combat.armour_class(scene.game, scene.player) == before


# --- passive talents ----------------------------------------------------------------------------


def pair(text: str, key: str, **legend: object) -> tuple[Scene, Scene]:
    """The same scene twice, from the same stream: without the talent, and with it."""
    scenes = [scenario(text, legend=legend, rng=Rng(5)) for _ in range(2)]  # type: ignore[arg-type]
    scenes[1].game.hero.talents = [key]
    return scenes[0], scenes[1]


def test_heavy_blows_add_melee_damage() -> None:
    plain, trained = pair(ROOM, "heavy_blows")
    assert (combat.damage_roll(trained.game, trained.player, False)
            == combat.damage_roll(plain.game, plain.player, False) + 2)


def test_archery_talents_reach_further_and_hit_surer() -> None:
    plain, aimed = pair(LANE, "steady_aim", g=monster())
    aimed.game.hero.talents.append("long_shot")
    for scene in (plain, aimed):
        armed(scene)
    before, after = missiles.readied(plain.game), missiles.readied(aimed.game)
    assert not isinstance(before, str) and not isinstance(after, str)
    assert after[1].reach == before[1].reach + 3
    foe = (plain.monster("g"), aimed.monster("g"))
    assert (combat.to_hit(aimed.game, aimed.player, foe[1], after[1])
            == combat.to_hit(plain.game, plain.player, foe[0], before[1]) + 2)


def test_light_step_makes_the_hero_harder_to_notice() -> None:
    plain, quiet = pair(ROOM, "light_step")
    assert rules.stealth_bonus(quiet.game.hero) == 2
    assert ai.notice_chance(quiet.game) == pytest.approx(
        ai.notice_chance(plain.game) - 2 * ai.STEALTH_STEP)


def test_evasion_is_armour_against_shots_only() -> None:
    plain, nimble = pair(LANE, "evasion", g=monster())
    shot = combat.Missile(6)
    for scene, extra in ((plain, 0), (nimble, 3)):
        foe = scene.monster("g")
        assert combat.defence(scene.game, foe, scene.player, shot) == (
            combat.armour_class(scene.game, scene.player) + extra)
        assert combat.defence(scene.game, foe, scene.player, None) == combat.armour_class(
            scene.game, scene.player)


def test_potion_lore_heals_more_and_arcane_focus_strikes_harder() -> None:
    plain, lore = pair(ROOM, "potion_lore")
    healed = []
    for scene in (plain, lore):
        scene.player.hp, scene.player.max_hp = 1, 200
        potion = give(scene, "potion_healing")
        scene.act(Use(potion.id))
        healed.append(scene.player.hp - 1)
    assert healed[1] == healed[0] + healed[0] // 2
    plain, focus = pair(LANE, "arcane_focus", g=monster(hp=100))
    lost = []
    for scene in (plain, focus):
        wand = give(scene, "wand_bolt", amount=3)
        scene.act(Zap(wand.id, scene.monster("g").pos))
        lost.append(100 - scene.monster("g").hp)
    assert lost[1] == lost[0] + 4


def test_assassin_adds_to_a_sneak_attack() -> None:
    plain, sly = pair("#####\n#@m.#\n#####", "assassin", m=monster(hp=100, ac=0, mode="asleep"))
    lost = []
    for scene in (plain, sly):
        scene.game.rng = ScriptedRng(5, d20=[15])
        scene.act(Attack(scene.monster("m").id))
        lost.append(100 - scene.monster("m").hp)
    assert lost[1] == lost[0] + 6


# --- the codex ----------------------------------------------------------------------------------


def test_codex_talents_json_has_the_agreed_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codex", "talents", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert len(entries) == len(talents())
    for entry in entries:
        assert {"key", "name", "path", "requires", "active", "text"} <= set(entry)
        assert isinstance(entry["text"], str) and isinstance(entry["requires"], list)
    assert {e["path"] for e in entries} == set(PATHS)


def test_a_format_6_save_with_a_level_pending_offers_talents_when_loaded() -> None:
    """A save from before talents holds a pending level and no offers: loading draws them from
    the saved stream, the same every time, and the old choice names still spend it."""
    scene = scenario(ROOM, rng=Rng(3))
    scene.game.hero.pending_levels = 1
    data, arrays = game_data(scene.game)
    for field in ("background", "talents", "offers"):
        del data["hero"][field]
    blob = codec.encode(data, arrays, codec.summary(scene.game), version=6)
    first, again = codec.load_bytes(blob).game, codec.load_bytes(blob).game
    assert first.hero.talents == ["cleave"] and first.hero.background == "fighter"
    assert len(first.hero.offers) == 3 and first.hero.offers == again.hero.offers
    assert progress.choose(first, "hp") is None and first.hero.talents[-1] == "toughness"
