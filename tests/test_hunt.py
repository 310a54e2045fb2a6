"""`run.py hunt` (issue 31): matches are true of the seed's catalog, a floor is made only as far
as the query needs, and a pool of workers answers as one process does, in seed order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import catalog, pipeline
from game.cli import bench, main
from game.hunt import floors, search, speed
from game.hunt.floors import STAGES_MADE, run_matches
from game.hunt.query import parse
from game.run import Run


def hunted(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, list[str], str]:
    code = main(["hunt", *words])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def made(query: str, seeds: list[str]) -> dict[str, int]:
    """How many floors each stage was made for while `query` was asked of the seeds."""
    for stage in STAGES_MADE:
        STAGES_MADE[stage] = 0
    list(search.hunt(seeds, query, None, 1))
    return dict(STAGES_MADE)


def test_a_query_of_the_recipe_makes_no_floor() -> None:
    assert made("depth<=3 and generator==maze", ["1", "2"]) == {
        "layout": 0, "dressing": 0, "full": 0}


def test_a_layout_query_lays_out_every_floor_and_dresses_none(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    assert made("rooms>=20 and teleporters>=1", ["1", "2", "3"]) == {
        "layout": 30, "dressing": 0, "full": 0}

    def refuse(*args: object) -> None:
        raise AssertionError("a layout query dressed a floor")

    monkeypatch.setattr(catalog, "dressed", refuse)
    monkeypatch.setattr(catalog, "furnished", refuse)
    assert list(search.hunt(["4", "5"], "fingerprint==abc or rooms>100", None, 1)) == [None] * 2


def test_a_query_of_one_depth_furnishes_that_depth_alone() -> None:
    assert made("depth==1 and item==wand_dig", ["1", "2", "3"]) == {
        "layout": 3, "dressing": 3, "full": 3}
    assert made("count(item==wand_dig and depth==2)>=1", ["1", "2"]) == {
        "layout": 2, "dressing": 2, "full": 2}
    assert made("any(encounter.template==wolf_pack and depth==1)", ["1", "2"]) == {
        "layout": 2, "dressing": 2, "full": 0}


def test_item_matches_are_true_of_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = hunted(capsys, "--seeds", "1-40", "--where", "depth==2 and item==wand_dig",
                            "--json")
    assert code == 0 and lines
    found = {json.loads(line)["seed"] for line in lines}
    for seed in map(str, range(1, 41)):
        (floor,) = catalog.catalog(Run(seed), range(2, 3), "full")["floors"]
        assert (seed in found) == ("wand_dig" in dict(floor["items"])), seed


def test_encounter_and_fingerprint_matches_are_true_of_the_catalog() -> None:
    query = parse("any(encounter.template==wolf_pack and encounter.difficulty==hard)")
    for seed in ("7", "8", "9"):
        run = Run(seed)
        match = run_matches(query, run)
        data = catalog.catalog(run, range(1, 11), "full")["floors"]
        wanted = tuple(f["depth"] for f in data if any(
            e["template"] == "wolf_pack" and e["difficulty"] == "hard" for e in f["encounters"]))
        assert (match.depths if match else ()) == wanted
    fingerprint = catalog.catalog(Run("8"), range(3, 4), "layout")["floors"][0]["fingerprint"]
    matches = [m for seed in ("7", "8", "9")
               if (m := run_matches(parse(f"fingerprint=={fingerprint}"), Run(seed)))]
    assert [(m.seed, m.depths) for m in matches] == [("8", (3,))]


def test_a_plan_is_hunted_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = hunted(capsys, "--seeds", "5-7", "--plan", "1-2:maze,3-4:cave",
                            "--where", "depth<=2 and generator==maze")
    assert code == 0
    assert [line.split()[1] for line in lines] == ["5", "6", "7"]
    assert all(line.endswith("depths 1, 2") for line in lines)
    assert lines[0].split()[3] == Run.from_plan("5", "1-2:maze,3-4:cave").code


def test_two_jobs_give_the_lines_of_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search, "CHUNK", 3)  # several chunks, to both workers, out of order
    where = ("depth<=4 and count(encounter.difficulty==hard)>=4 or depth==2 and item==wand_dig"
             " or depth==3 and item==wand_slow")
    one = hunted(capsys, "--seeds", "100-129", "--where", where, "--jobs", "1")
    two = hunted(capsys, "--seeds", "100-129", "--where", where, "--jobs", "2")
    assert one[0] == two[0] == 0
    assert one[1] == two[1] and 0 < len(one[1]) < 30
    seeds = [int(line.split()[1]) for line in one[1]]
    assert seeds == sorted(seeds)


def test_seeds_from_a_file_and_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seeds = tmp_path / "seeds.txt"
    seeds.write_text("hello\n\n  world  \nhello\n")
    code, lines, _ = hunted(capsys, "--from", str(seeds), "--where", "depth==1", "--json")
    assert code == 0
    assert [json.loads(line) for line in lines] == [
        {"seed": s, "code": Run(s).code, "depths": [1]} for s in ("hello", "world", "hello")]


def test_the_progress_bar_goes_to_standard_error_only(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = hunted(capsys, "--seeds", "1-3", "--where", "depth==10", "--progress")
    assert code == 0 and len(lines) == 3 and all("[" not in line for line in lines)
    assert "3/3 seeds, 3 matched" in err
    _, _, quiet = hunted(capsys, "--seeds", "1-3", "--where", "depth==10")
    assert quiet == ""  # standard error is no terminal here


@pytest.mark.parametrize(("words", "problem"), [
    (["--seeds", "1-3", "--where", "__import__('os')"], "--where: column 1: no function"),
    (["--seeds", "1-3", "--where", "depth=1"], "--where: column 6: unexpected '='"),
    (["--seeds", "3-1", "--where", "depth==1"], "3 is above 1"),
    (["--seeds", "a-b", "--where", "depth==1"], "is not A-B"),
    (["--seeds", "1-9999999", "--where", "depth==1"], "at most"),
    (["--seeds", "1-3", "--where", "depth==1", "--plan", "1:nosuch"], "nosuch"),
])
def test_bad_input_is_one_line_and_exit_2(
    words: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = hunted(capsys, *words)
    assert code == 2 and not lines
    assert problem in err and err.count("\n") == 1 and err.startswith("run.py hunt: error:")


def test_a_missing_seed_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = hunted(capsys, "--from", str(tmp_path / "none.txt"), "--where", "depth==1")
    assert code == 2 and err.count("\n") == 1


def test_bench_hunt_reports_the_three_figures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(speed, "FULL_SEEDS", 2)
    monkeypatch.setattr(speed, "LAYOUT_SEEDS", 3)
    monkeypatch.setattr(speed, "SCALING_SEEDS", 4)
    monkeypatch.setattr(search, "CHUNK", 2)
    assert bench.run_suite("hunt", as_json=True, sizes=None, repeat=1) == 0
    report = json.loads(capsys.readouterr().out)
    for name in ("full_seeds_per_second_per_core", "layout_seeds_per_second_per_core",
                 "scaling_2_jobs"):
        assert report[name] > 0
    assert report["brogue_ce_seeds_per_second"] == 5.0
    assert bench.run_suite("hunt", as_json=False, sizes=None, repeat=1) == 0
    assert "scaling_2_jobs" in capsys.readouterr().out


def test_a_match_reads_as_one_line() -> None:
    assert floors.Match("7", "CODE", (1, 3)).as_text() == "seed 7  code CODE  depths 1, 3"
    assert floors.Match("7", "CODE", (2,)).as_text() == "seed 7  code CODE  depth 2"


def test_the_bench_queries_need_what_they_claim() -> None:
    """The full figure is of 10 furnished floors a seed, the layout figure of 10 bare layouts."""
    assert made(speed.FULL_QUERY, ["1", "2"]) == {"layout": 20, "dressing": 20, "full": 20}
    assert made(speed.LAYOUT_QUERY, ["1", "2"]) == {"layout": 20, "dressing": 0, "full": 0}


def test_every_count_of_the_catalog_is_what_the_hunt_counts() -> None:
    run = Run("21")
    for floor in catalog.catalog(run, range(1, 4), "full")["floors"]:
        depth = floor["depth"]
        counts = [f"count(item=={kind})=={n}" for kind, n in floor["items"]]
        counts += [f"count(encounter)=={len(floor['encounters'])}",
                   f"count(vault)=={len(floor['vaults'])}",
                   f"count(merchant)=={len(floor['merchants'])}",
                   f"count(captive)=={len(floor['captives'])}",
                   f"count(door)=={sum(floor['doors'].values())}",
                   f"rooms=={floor['rooms']} and teleporters=={floor['teleporter_pairs']}"]
        for kind, n in {m: n for e in floor["encounters"] for m, n in e["monsters"]}.items():
            counts.append(f"count(monster=={kind})>={n}")
        for text in counts:
            match = run_matches(parse(f"depth=={depth} and {text}"), run)
            assert match is not None and match.depths == (depth,), (depth, text)


def test_gold_is_the_dressing_s_treasure() -> None:
    run = Run("33")
    recipe = run.recipes[1]
    dressing = catalog.dressed(recipe, run, pipeline.layout(recipe, run.seed_hash))
    gold = sum(t.gold for t in dressing.treasures)
    assert gold > 0
    match = run_matches(parse(f"depth==2 and gold=={gold}"), run)
    assert match is not None and match.depths == (2,)
    assert run_matches(parse(f"depth==2 and gold=={gold + 1}"), run) is None
