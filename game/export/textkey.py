"""The game master's key: a dressed floor as text, ready to print and run at a table.

The map comes first, with area numbers written into the areas (where a run of plain floor holds
the digits) and every placed thing marked; then the stairs, then each area in number order with
its shape, contents, features, doors (type and break DC), traps, treasure, keys and encounter
(template, difficulty, XP, and its monsters grouped by kind, "3 x cave rat (minion)", each group
with its places and one stat line); then what lies outside every area. Every area's number is on
the map: in the area, else on the rock beside it, else on the nearest rock that holds it.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.bestiary import Bestiary, MonsterKind, default_bestiary
from game.content.features import feature_kind
from game.content.items import item_kinds
from game.dressing.areas import AreaMap, build_areas
from game.dressing.model import (
    Area,
    DoorDressing,
    Dressing,
    Encounter,
    Key,
    StairDressing,
    Trap,
)
from game.dressing.stairs import drawn_stairs
from game.export.keyparts import floor_groups, group_line, grouped
from game.floorplan import FloorPlan, Point
from game.grids import grow8
from game.tables import default_tables
from game.world.build import monster_from

MARKS = {"trap": tiles.TRAP_GLYPH, "treasure": item_kinds()["gold"].glyph,
         "key": item_kinds()["key"].glyph, "relic": item_kinds()["relic"].glyph}
"""What the key marks on its map, with the glyphs the game draws them with (one meaning per
glyph everywhere: tests/test_glyphs.py)."""
LEGEND = (
    "# wall  . floor  + door  S secret door  ^ teleporter  < up  > down  _ trapdoor down"
    f"  {tiles.TILES['char'][tiles.TRAPDOOR_UP]} trapdoor up  {tiles.TILES['char'][tiles.SHAFT]}"
    " shaft",
    f"digits: area numbers  {MARKS['key']} key  {MARKS['trap']} trap (door traps are on their"
    f" +)  {MARKS['treasure']} treasure  {MARKS['relic']} relic",
    "letters and symbols: monsters (their glyphs, listed under each encounter) and room",
    "features (their glyphs, listed under each area); a vault's items (their item glyphs)",
    f"{tiles.MERCHANT_GLYPH} merchant (a peddler or a shopkeeper, listed under its area)",
)
TEMPLATE_NAMES = {
    "battlefield_control": "Battlefield Control",
    "commander_and_troops": "Commander and Troops",
    "beasts_den": "Beast's Den",
    "battle_lines": "Battle Lines",
    "wolf_pack": "Wolf Pack",
    "boss": "Boss",
}


NUMBER_REACH = 8
"""How far from its area (in tiles) an area's number may stand when nothing nearer holds it."""


def text_key(
    plan: FloorPlan, dressing: Dressing, seed: str, depth: int, bestiary: Bestiary | None = None,
    code: str | None = None,
) -> str:
    """The whole key as one text (ends with a newline); `code`, the run code that plays it."""
    bestiary = bestiary or default_bestiary()
    amap = build_areas(plan)
    lines = _header(plan, dressing, seed, depth)
    if code is not None:
        lines.insert(2, f"Run code {code}, depth {depth}.")
    monsters = floor_groups((m for e in dressing.encounters for m in e.monsters), bestiary)
    if monsters:
        lines.append(f"Monsters: {group_line(monsters)}.")
    chars, unplaced = _map(plan, dressing, amap, bestiary)
    lines += ["", "MAP", *(f"    {line}" for line in LEGEND), "", *_ruled(chars)]
    if unplaced:
        lines += ["", "Numbers not on the map: " + ", ".join(unplaced)]
    lines += ["", "STAIRS", *(stair_line(s, plan) for s in dressing.stairs)]
    if any(area.source == "corridor" for area in amap.areas):
        lines += ["", *textwrap.wrap(corridor_encounter_note(), 96)]
    lines += _areas(plan, dressing, amap, bestiary)
    return "\n".join(lines) + "\n"


def corridor_encounter_note() -> str:
    """What a corridor area is, from the Corridors table itself: its Random Encounter row, and
    whether the corridor goes on past the encounter (the row's `continues`)."""
    table = default_tables().table("corridors")
    rows = [row for row in table.rows if row.fields.get("kind") == "encounter"]
    if not rows:
        return ""
    row = rows[0]
    goes_on = row.fields.get("continues") == 1
    end = ("the corridor goes on past it" if goes_on
           else "the corridor ends there and the encounter waits at its end")
    return (f"Corridor areas come from the Corridors table's \"{row.text}\" row ({table.die}"
            f" {row.faces}): {end}; its monsters are rolled on the encounter templates like any"
            " area's.")


def _header(plan: FloorPlan, dressing: Dressing, seed: str, depth: int) -> list[str]:
    counts: defaultdict[str, int] = defaultdict(int)
    for encounter in dressing.encounters:
        counts[encounter.difficulty] += 1
    deck = ", ".join(f"{counts[d]} {d}" for d in ("easy", "average", "hard", "boss") if counts[d])
    secret = len(_secret_doors(plan))
    title = f"GAME MASTER'S KEY - {plan.generator} floor, depth {depth}"
    return [
        title,
        "=" * len(title),
        f"Seed {seed!r}, {plan.width} x {plan.height} tiles, ruleset {dressing.ruleset}"
        f"{', boss floor' if dressing.boss else ''}.",
        f"{len(dressing.areas)} areas, {len(dressing.doors)} doors"
        f"{f' ({secret} secret)' if secret else ''}, {len(dressing.keys)} keys,"
        f" {len(dressing.traps)} traps, {len(dressing.encounters)} encounters ({deck or 'none'}).",
    ]


# --- the map ---------------------------------------------------------------------------------


def _map(
    plan: FloorPlan, dressing: Dressing, amap: AreaMap, bestiary: Bestiary
) -> tuple[NDArray[np.str_], list[str]]:
    """The tile characters with things marked, then the area numbers written in."""
    drawn = drawn_stairs(plan.tiles, dressing.stairs)
    chars: NDArray[np.str_] = tiles.TILES["char"][drawn].astype("<U1")
    for point, mark in _marks(dressing, bestiary):
        chars[point[1], point[0]] = mark
    unplaced: list[str] = []
    digits = np.isin(chars, list("0123456789"))  # a feature's glyph may be a digit
    for area in amap.areas:
        label = str(area.id)
        spot = _number_spot(chars, digits, amap, area, len(label))
        for margin in range(2, NUMBER_REACH + 1):
            if spot is not None:
                break
            spot = _rock_spot(chars, digits, amap, area, len(label), margin)
        if spot is None:
            unplaced.append(f"{area.id} at {area.center}")
            continue
        x, y = spot
        chars[y, x : x + len(label)] = list(label)
        digits[y, x : x + len(label)] = True
    return chars, unplaced


def _marks(dressing: Dressing, bestiary: Bestiary) -> Iterable[tuple[Point, str]]:
    """Each thing's mark, features first: what stands on a feature hides it, as in the game."""
    for feature in dressing.features:
        yield feature.point, feature_kind(feature.name).glyph
    for trap in dressing.traps:
        if trap.source != "door":
            yield trap.point, MARKS["trap"]
    for treasure in dressing.treasures:
        yield (treasure.x, treasure.y), MARKS["treasure"]
    for key in dressing.keys:
        yield key.point, MARKS["key"]
    if dressing.relic is not None:
        yield dressing.relic, MARKS["relic"]
    for vault in dressing.vaults:
        for item in vault.items:
            yield item.point, item_kinds()[item.kind].glyph
    for encounter in dressing.encounters:
        for monster in encounter.monsters:
            yield monster.point, bestiary.get(monster.kind).glyph
    for merchant in dressing.merchants:
        yield merchant.point, tiles.MERCHANT_GLYPH
    for captive in dressing.captives:
        yield captive.point, bestiary.get(captive.kind).glyph


def _number_spot(
    chars: NDArray[np.str_], digits: NDArray[np.bool_], amap: AreaMap, area: Area, length: int
) -> Point | None:
    """Where the area's number goes: a run of its plain floor nearest its centre, else (a
    corridor is one tile wide) a run of the rock right beside it. The tiles left and right of
    the run hold no digit, so two numbers never run together."""
    box = amap.box(area, 1)
    inside = amap.owner[box] == area.id
    beside = grow8(inside)
    for usable in ((chars[box] == ".") & inside, (chars[box] == "#") & beside):
        spot = _run(usable, digits[box], length, area.center, (box[1].start, box[0].start))
        if spot is not None:
            return spot
    return None


def _rock_spot(
    chars: NDArray[np.str_], digits: NDArray[np.bool_], amap: AreaMap, area: Area, length: int,
    margin: int,
) -> Point | None:
    """A run of rock within `margin` tiles of the area (a closet or a corridor spot hemmed in
    by doors and things has no room for its number beside it)."""
    box = amap.box(area, margin)
    return _run(chars[box] == "#", digits[box], length, area.center,
                (box[1].start, box[0].start))


def _run(
    usable: NDArray[np.bool_], digits: NDArray[np.bool_], length: int, centre: Point,
    origin: Point,
) -> Point | None:
    w = usable.shape[1]
    if w < length + 2:
        return None
    fits = ~digits[:, : w - length - 1] & ~digits[:, length + 1 :]
    for i in range(length):
        fits &= usable[:, 1 + i : w - length + i]
    ys, xs = np.nonzero(fits)
    if len(ys) == 0:
        return None
    xs, ys = xs + 1 + origin[0], ys + origin[1]
    best = int(np.argmin(np.abs(xs + length // 2 - centre[0]) + np.abs(ys - centre[1])))
    return (int(xs[best]), int(ys[best]))


def _ruled(chars: NDArray[np.str_]) -> list[str]:
    """The map with column numbers above (one line per digit) and row numbers on the left."""
    h, w = chars.shape
    places = len(str(w - 1))
    pad = len(str(h - 1)) + 1
    heads = [
        " " * pad + "".join(str(x // 10**p % 10) if x % 10**p == 0 or p == 0 else " "
                            for x in range(w))
        for p in reversed(range(places))
    ]
    return heads + [f"{y:>{pad - 1}} " + "".join(chars[y]) for y in range(h)]


# --- the listing -----------------------------------------------------------------------------


def stair_line(stair: StairDressing, plan: FloorPlan) -> str:
    role = "arrival" if stair.point == plan.arrival else "way down" if stair.point in plan.exits \
        else "feature" if not stair.placed else "stairs"
    leads = ("depths " + " and ".join(map(str, stair.leads_to)) if len(stair.leads_to) > 1
             else f"depth {stair.leads_to[0]}" if stair.leads_to else "a dead end")
    faces = f" [d20={stair.faces[0]}]" if stair.faces else ""
    return f"  {stair.point} {role}: {stair.text}, leads to {leads}{faces}"


@dataclass(frozen=True, slots=True)
class AreaKey:
    """One area's entry in the key, as lines any page can set: its title, contents (with the
    d100 face), features rolled, doors, things (traps, treasure, keys, features, merchants,
    captives, the relic, vaults) and encounters. Area 0 holds what lies in no area."""

    area: Area | None
    title: str
    contents: str | None
    features: str | None
    doors: tuple[str, ...]
    things: tuple[str, ...]
    encounters: tuple[Encounter, ...]
    unmet: bool
    """Contents said monster but the floor's deck ran out before this area."""


def area_keys(
    plan: FloorPlan, dressing: Dressing, amap: AreaMap, bestiary: Bestiary
) -> list[AreaKey]:
    """Each area's entry, then (when any) the doors, traps and keys that lie in no area."""
    by_area: dict[int, list[str]] = defaultdict(list)
    owner = amap.owner
    doors = {d.point: d for d in dressing.doors}
    traps = {t.point: t for t in dressing.traps}
    keys_for: defaultdict[Point, list[Key]] = defaultdict(list)
    for key in dressing.keys:
        keys_for[key.door].append(key)
    secret = _secret_doors(plan)
    seen_doors: set[Point] = set()
    for area in amap.areas:
        here = [doors[p] for p in amap.entrances(area) if p in doors]
        seen_doors.update(d.point for d in here)
        by_area[area.id] += [_door(d, traps.get(d.point), keys_for[d.point], secret)
                             for d in here]
    things: defaultdict[int, list[str]] = defaultdict(list)
    for trap in dressing.traps:
        if trap.source != "door":
            things[int(owner[trap.y, trap.x])].append(_trap(trap))
    for treasure in dressing.treasures:
        what = "A den's hoard" if treasure.hoard else "Hidden treasure"
        things[treasure.area].append(f"{what} at {(treasure.x, treasure.y)}: {treasure.gold} gp")
    for key in dressing.keys:
        things[int(owner[key.y, key.x])].append(f"Key {key.id} at {key.point}:"
                                                f" opens the door at {key.door}")
    for feature in dressing.features:
        things[feature.area].append(f"Feature at {feature.point}:"
                                    f" {feature_kind(feature.name).glyph}"
                                    f" {feature.name.lower()} ({feature.effect})")
    for merchant in dressing.merchants:
        wares = ", ".join(f"{w.count} {w.kind} {w.price} gp" if w.count > 1 else
                          f"{w.kind} {w.price} gp" for w in merchant.wares)
        things[merchant.area].append(f"{'Shop' if merchant.kind == 'shop' else 'Peddler'} at"
                                     f" {merchant.point}: {tiles.MERCHANT_GLYPH} {merchant.name},"
                                     f" selling {wares}")
    for captive in dressing.captives:
        things[captive.area].append(f"Captive at {captive.point}:"
                                    f" a shackled {bestiary.get(captive.kind).name.lower()},"
                                    f" held by encounter {captive.encounter}; freed, an ally")
    if dressing.relic is not None:
        things[int(owner[dressing.relic[1], dressing.relic[0]])].append(
            f"The relic at {dressing.relic}, guarded by the boss")
    for vault in dressing.vaults:
        offered = ", ".join(f"{item_kinds()[i.kind].name} at {i.point}" for i in vault.items)
        things[vault.area or 0].append(
            f"Vault {vault.id}: sealed door at {vault.door}, its key {vault.key} at"
            f" {vault.key_at}; take one and the rest vanish: {offered}")
    meetings: defaultdict[int, list[Encounter]] = defaultdict(list)
    for encounter in dressing.encounters:
        meetings[encounter.area].append(encounter)
    contents = {c.area: c for c in dressing.contents}
    keys = []
    for area in amap.areas:
        item = contents.get(area.id)
        face = f" (d100={item.face})" if item is not None and item.face is not None else ""
        keys.append(AreaKey(
            area, _title(area, plan), f"Contents{face}: {item.text}" if item else None,
            _features(item.minor, item.major) if item and (item.minor or item.major) else None,
            tuple(by_area[area.id]), tuple(things[area.id]), tuple(meetings[area.id]),
            bool(item is not None and item.monster and not meetings[area.id])))
    loose = [d for d in dressing.doors if d.point not in seen_doors]
    if loose or things[0]:
        keys.append(AreaKey(None, "OUTSIDE THE AREAS (corridors)", None, None,
                            tuple(_door(d, traps.get(d.point), keys_for[d.point], secret)
                                  for d in loose), tuple(things[0]), (), False))
    return keys


def _areas(
    plan: FloorPlan, dressing: Dressing, amap: AreaMap, bestiary: Bestiary
) -> list[str]:
    """Each area's entry as text, then the doors, traps and keys that lie in no area."""
    lines = ["", "AREAS"]
    for key in area_keys(plan, dressing, amap, bestiary):
        if key.area is None:
            lines += ["", key.title, *(f"  Door {door}" for door in key.doors),
                      *(f"  {line}" for line in key.things)]
            continue
        lines += ["", key.title]
        if key.contents is not None:
            lines.append(f"  {key.contents}")
        if key.features is not None:
            lines.append(f"  Features: {key.features}")
        if key.doors:
            lines += ["  Doors:", *(f"    {line}" for line in key.doors)]
        lines += [f"  {line}" for line in key.things]
        for encounter in key.encounters:
            lines += _encounter(encounter, bestiary)
        if key.unmet:
            lines.append("  No encounter: the floor's deck ran out before this area.")
    return lines


def _title(area: Area, plan: FloorPlan) -> str:
    if area.source == "room":
        room = next(r for r in plan.rooms if r.id == area.room)
        what = f"room {room.id}, {room.shape} {room.w} x {room.h} at {(room.x, room.y)}"
    elif area.source == "pocket":
        what = f"cave pocket, {area.size} tiles within {area.w} x {area.h} at {(area.x, area.y)}"
    elif area.source == "corridor":
        what = f"corridor where a random encounter waits, around {area.center}"
    else:
        what = f"sector of {area.size} tiles within {area.w} x {area.h} at {(area.x, area.y)}"
    return f"Area {area.id} - {what}"


def _features(minor: Sequence[str], major: Sequence[str]) -> str:
    parts = []
    if minor:
        parts.append("minor: " + ", ".join(minor))
    if major:
        parts.append("major: " + ", ".join(major))
    return "; ".join(parts)


def _secret_doors(plan: FloorPlan) -> set[Point]:
    return {(d.x, d.y) for d in plan.doors if plan.tiles[d.y, d.x] == tiles.SECRET_DOOR}


def _door(door: DoorDressing, trap: Trap | None, keys: Sequence[Key], secret: set[Point]) -> str:
    """One door's line. Its key is the one the door names (`door.key`); other keys that open it
    (spares for the walk back from the way down) follow as spares."""
    quality = f", {door.quality}" if door.quality != "none" else ""
    words = [f"{door.point} {door.material}{quality}, {door.state}"]
    if door.point in secret:
        words.append("SECRET: wall until a search beside it finds it")
    if door.reinforced:
        words.append("magically reinforced (held shut: key or knock)")
    words.append(f"break DC {door.dc}" if door.dc is not None else "no break DC")
    if door.opening != "normal":
        words.append(door.opening.replace("_", " "))
    if trap is not None:
        words.append(f"trapped: {trap.kind} (search DC {trap.search_dc},"
                     f" disarm DC {trap.disarm_dc})")
    own = [k for k in keys if k.id == door.key]
    if door.key is not None:
        words.append(f"key {door.key}" + (f" at {own[0].point}" if own else ""))
    spares = [k for k in keys if k.id != door.key]
    if spares:
        words.append("spare " + ", ".join(f"key {k.id} at {k.point}" for k in spares))
    return "; ".join(words)


def _trap(trap: Trap) -> str:
    where = f", sends to {trap.target}" if trap.target is not None else ""
    return (f"Trap at {trap.point}: {trap.kind} (search DC {trap.search_dc}, disarm DC"
            f" {trap.disarm_dc}){where}: {trap.effect}")


def encounter_title(encounter: Encounter) -> str:
    """"Encounter 4: Wolf Pack (tactic flank), average (XP 118 of a budget of 100)"."""
    name = TEMPLATE_NAMES.get(encounter.template, encounter.template)
    traps = f", {len(encounter.traps)} traps" if encounter.traps else ""
    cramped = "; the area is full" if encounter.cramped else ""
    return (f"Encounter {encounter.id}: {name} (tactic {encounter.tactic}),"
            f" {encounter.difficulty} (XP {encounter.xp} of a budget of {encounter.budget}"
            f"{traps}{cramped})")


def _encounter(encounter: Encounter, bestiary: Bestiary) -> list[str]:
    lines = [f"  {encounter_title(encounter)}"]
    for group in grouped(encounter.monsters, bestiary):
        kind = bestiary.get(group.kind)
        lines += [f"    {group.label} {group.glyph} at {', '.join(map(str, group.points))}",
                  f"      {played_summary(kind, group.elite or group.boss)}"]
    return lines


def played_summary(kind: MonsterKind, elite: bool) -> str:
    """A one-line stat block with the numbers the game plays by (the monster as the floor makes
    it: hit points and speed on the game's scale), and the kind's own abilities."""
    actor = monster_from(kind, 0, (0, 0), elite)
    reach = f", range {actor.reach}" if actor.reach > 1 else ""
    doors = ", opens doors" if actor.opens_doors else ""
    powers = f", {', '.join(a.use for a in kind.abilities)}" if kind.abilities else ""
    return (
        f"HP {actor.hp}, AC {actor.ac}, {actor.attack:+d} to hit, {actor.damage}{reach}, "
        f"speed {actor.speed} (hero 10){doors}{powers}, XP {actor.xp}"
    )
