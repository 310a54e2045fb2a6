"""The codex: `run.py codex` lists every item, monster and feature kind with its numbers, and the
words come from the data fields (a field the codex has no words for is still shown)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from game import codex, codex_monsters, codex_text
from game.cli import main
from game.content.bestiary import MonsterKind, default_bestiary
from game.content.features import feature_kinds
from game.content.items import ItemKind, item_kinds
from game.dressing.traps import KINDS as TRAP_KINDS
from game.rules import combat
from game.tables import default_tables
from game.world.build import monster_from

STATS = ("name", "kind", "damage", "armour", "charges", "effects", "depth")
"""What every object of `codex --json` carries (`range` too when it is above 1)."""


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(["codex", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_one_section_is_a_list_of_every_kind_with_its_stats(
        capsys: pytest.CaptureFixture[str]) -> None:
    items = run_json(capsys, "items")
    monsters = run_json(capsys, "monsters")
    features = run_json(capsys, "features")
    assert isinstance(items, list) and isinstance(monsters, list) and isinstance(features, list)
    for entry in [*items, *monsters, *features]:
        assert set(STATS) <= set(entry), entry["name"]
        assert "range" not in entry or entry["range"] > 1
    assert sorted(e["key"] for e in items) == sorted(item_kinds())
    assert sorted(e["key"] for e in monsters) == sorted(k.key for k in default_bestiary().kinds)
    chamber = [e for e in features if e["kind"] not in ("door", "trap", "tile")]
    assert sorted(e["key"] for e in chamber) == sorted(k.key for k in feature_kinds().values())
    traps = {e["name"] for e in features if e["kind"] == "trap"}
    assert traps == {f"{name.replace('_', ' ')} trap" for name in TRAP_KINDS}
    doors = [e for e in features if e["kind"] == "door"]
    assert abs(sum(e["chance"] for e in doors) - 1) < 1e-9, "the door rows cover the d100"


def test_stats_match_the_data(capsys: pytest.CaptureFixture[str]) -> None:
    items = {e["key"]: e for e in run_json(capsys, "items")}
    sword = items["sword"]
    assert (sword["kind"], sword["damage"], sword["armour"], sword["depth"]) == (
        "weapon", "1d8", 0, [2, 7])
    assert items["plate"]["armour"] == 7 and items["plate"]["damage"] is None
    lightning = items["scroll_lightning"]
    assert lightning["range"] == 8 and lightning["damage"] == "4d6"
    assert any("nearest enemy" in e for e in lightning["effects"])
    monsters = {e["key"]: e for e in run_json(capsys, "monsters")}
    for kind in default_bestiary().kinds:
        entry = monsters[kind.key]
        played = monster_from(kind, 1, (0, 0), elite=False)  # as a floor builds it
        assert (entry["kind"], entry["hp"], entry["armour"], entry["to_hit"], entry["damage"],
                entry["speed"], entry["xp"]) == (
            played.role, played.hp, played.ac, played.attack, played.damage, played.speed,
            played.xp), kind.key
        assert entry.get("range", 0) == (played.reach if played.reach > 1 else 0)
        assert entry["effects"], "every monster's way of fighting is said"
        assert [a["use"] for a in entry["abilities"]] == [a.use for a in kind.abilities]
        text = " ".join(entry["text"])
        assert f"Hit points {played.hp}," in text and f"Speed {played.speed} " in text
    assert combat.MONSTER_DAMAGE_PERCENT == 100, "the codex gives monsters' dice as they are"


def test_no_section_gives_an_object_of_lists(capsys: pytest.CaptureFixture[str]) -> None:
    everything = run_json(capsys)
    assert isinstance(everything, dict) and sorted(everything) == sorted(codex.SECTIONS)
    assert {"features", "items", "monsters", "backgrounds", "talents"} <= set(everything)
    assert everything["items"] == run_json(capsys, "items")


def test_text_names_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codex"]) == 0
    text = capsys.readouterr().out
    for kind in item_kinds().values():
        assert f"  {kind.name} [{kind.kind}]" in text
    for monster in default_bestiary().kinds:
        assert f"  {monster.name} [{monster.role}]" in text
    for feature in feature_kinds().values():
        assert f"  {feature.name} [{feature.effect}]" in text
    assert "Damage 1d8 (average 4.5)." in text


def test_a_bad_section_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as leaving:
        main(["codex", "weapons"])
    out, err = capsys.readouterr()
    assert leaving.value.code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "invalid choice: 'weapons'" in err


def test_a_field_the_codex_has_no_words_for_is_described_by_name() -> None:
    """A kind that grows a field (here made up) shows it in the text and the JSON."""

    @dataclasses.dataclass(frozen=True)
    class Grown(ItemKind):
        sweep_arc: int = 0
        traits: tuple[str, ...] = ()
        reach: int = 0
        sweep: bool = False

    base = item_kinds()["sword"]
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    fields.update(sweep_arc=3, traits=("armour_piercing", "quick"), reach=2, sweep=True)
    grown = Grown(**fields)
    entry = codex.item_entry(grown)
    assert "Sweep arc: 3." in entry.lines and "Traits: armour piercing, quick." in entry.lines
    assert entry.facts["sweep_arc"] == 3 and entry.facts["traits"] == ["armour_piercing", "quick"]
    assert "Glyph" not in " ".join(entry.lines), "how a kind is drawn is not described"
    assert "Strikes 2 squares away." in entry.lines and entry.facts["range"] == 2
    assert codex.item_numbers(grown) == "1d8, reach 2, sweep"


def test_every_monster_and_feature_field_is_worded() -> None:
    """Today's fields all have words of their own: none falls to the generic "name: value"."""
    for monster in default_bestiary().kinds:
        assert codex_text.other_fields(monster, codex_monsters.MONSTER_WORDS) == ([], {})
    for kind in item_kinds().values():
        assert codex_text.other_fields(kind, codex.ITEM_WORDS) == ([], {})
    assert {f.name for f in dataclasses.fields(MonsterKind)} <= (
        codex_monsters.MONSTER_WORDS | codex_text.QUIET_FIELDS | {"depth_min", "depth_max"})


def test_every_feature_says_what_using_it_does() -> None:
    for kind in feature_kinds().values():
        use = codex.feature_use(kind)
        assert use and (kind.effect == "decor") == (use == "Nothing happens."), kind.name


def test_door_types_come_from_the_doors_table() -> None:
    table = default_tables().table("doors")
    doors = {e.name: e for e in codex.door_entries()}
    assert doors["iron door"].facts["states"] == {"unlocked": None, "stuck": 28, "locked": 28}
    assert doors["simple wooden door"].lines[0] == "Unlocked, stuck (DC 13), locked (DC 15)."
    rerolls = [row for row in table.rows if row.reroll is not None]
    assert len(doors) == 5 + len(rerolls)


def test_numbers_line_for_the_pack() -> None:
    kinds = item_kinds()
    assert codex.item_numbers(kinds["sword"]) == "1d8"
    assert codex.item_numbers(kinds["runeblade"]) == "2d6, +2 to hit"
    assert codex.item_numbers(kinds["leather"]) == "armour +2"
    assert codex.item_numbers(kinds["scroll_lightning"]) == "4d6, range 8"
    assert codex.item_numbers(kinds["key"]) == ""
    assert not any(re.search(r"\bdc\b", line) for e in codex.section("features")
                   for line in e.lines), "capitals kept (DC, not dc)"


def test_the_items_are_worth_choosing_between(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14: at least 40 kinds in at least 8 categories, at least 5 reaching past one
    square."""
    items = run_json(capsys, "items")
    assert len(items) >= 40
    assert len({entry["kind"] for entry in items}) >= 8
    assert sum(1 for entry in items if entry.get("range", 1) > 1) >= 5


def test_the_codex_gives_the_numbers_of_play_not_the_bestiary_s(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's two cases: the cutthroat is faster than the hero, the guard has 14 hit
    points (the bestiary says speed 7 squares and 29 hit points, for a party)."""
    monsters = {e["key"]: e for e in run_json(capsys, "monsters")}
    cutthroat, guard = monsters["goblin_cutthroat"], monsters["goblin_guard"]
    assert cutthroat["speed"] == 12 and "faster than you" in " ".join(cutthroat["text"])
    assert guard["hp"] == 14 and "Hit points 14," in " ".join(guard["text"])


def test_at_least_twenty_kinds_have_abilities_told_in_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    monsters = run_json(capsys, "monsters")
    able = [e for e in monsters if e["abilities"]]
    assert len(able) >= 20
    for entry in able:
        for ability in entry["abilities"]:
            assert ability["text"] in entry["text"], (entry["key"], ability["use"])
    red = next(e for e in monsters if e["key"] == "red_dragon")
    assert red["abilities"][0] == {
        "use": "breath", "shape": "cone", "range": 6, "damage": "6d6", "element": "fire",
        "cooldown": 10, "text": red["abilities"][0]["text"]}
    assert red["abilities"][0]["text"].startswith("Breathes fire in a cone, 6 squares, damage 6d6")
