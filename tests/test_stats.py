"""Floor metrics on hand-drawn maps, where the right numbers can be counted by eye."""

from __future__ import annotations

import pytest

from game.floorplan import FloorPlan, TeleporterPair
from game.stats import floor_stats
from game.tiles import from_ascii


def plan_of(text: str, arrival: tuple[int, int], exits: tuple[tuple[int, int], ...],
            teleporters: tuple[TeleporterPair, ...] = ()) -> FloorPlan:
    return FloorPlan("test", {}, from_ascii(text), arrival, exits, teleporters=teleporters)


def test_corridor_ring_has_one_loop_and_no_dead_ends() -> None:
    ring = """
#####
#<..#
#.#.#
#..>#
#####
"""
    stats = floor_stats(plan_of(ring, (1, 1), ((3, 3),)))
    assert stats.loops == 1
    assert stats.dead_ends == 0
    assert stats.regions == 1
    assert stats.floor_ratio == pytest.approx(8 / 25)
    assert stats.path_ratio == pytest.approx(4 / (8**0.5))


def test_dead_end_corridor() -> None:
    line = """
######
#<..>#
######
"""
    stats = floor_stats(plan_of(line, (1, 1), ((4, 1),)))
    assert (stats.loops, stats.dead_ends, stats.path_ratio) == (0, 2, 1.0)


def test_open_square_counts_each_block_as_a_loop() -> None:
    room = """
#####
#<..#
#...#
#..>#
#####
"""
    assert floor_stats(plan_of(room, (1, 1), ((3, 3),))).loops == 4


def test_teleporters_join_regions_without_making_loops() -> None:
    split = """
#######
#<^#^>#
#######
"""
    pair = TeleporterPair((2, 1), (4, 1))
    stats = floor_stats(plan_of(split, (1, 1), ((5, 1),), (pair,)))
    assert stats.regions == 2
    assert stats.loops == 0
    assert stats.teleporter_pairs == 1
    assert stats.path_ratio == pytest.approx(3 / 4)


def test_the_room_pair_ratio_is_the_walk_between_rooms_over_the_straight_line() -> None:
    """Two one-tile rooms 4 apart as the crow flies, 8 steps apart by the corridor around the
    wall: every pair drawn is the two rooms (ratio 2) or a room with itself (skipped)."""
    from dataclasses import replace

    from game.floorplan import Room

    around = """
#######
#<#.#>#
#.#.#.#
#.....#
#######
"""
    plan = replace(plan_of(around, (1, 1), ((5, 1),)),
                   rooms=(Room(0, 1, 1, 1, 1), Room(1, 5, 1, 1, 1)))
    stats = floor_stats(plan)
    assert stats.room_pair_ratio == pytest.approx(2.0)
    assert stats.path_ratio == pytest.approx(2.0)  # the stairs stand in the two rooms
    assert "room pair ratio  2.00" in stats.lines() and "path ratio       2.00 stairs" in \
        stats.lines()
    assert floor_stats(plan_of(around, (1, 1), ((5, 1),))).room_pair_ratio == 0.0  # no rooms
