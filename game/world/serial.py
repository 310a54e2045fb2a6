"""The whole game state as plain data (JSON values plus named numpy arrays), and its hash.

The same data feeds `state_hash` (replays and autoplay compare it turn by turn) and the save file,
so a save that loads gives back exactly the hashed state. Nothing here pickles anything.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.run import FloorRecipe, Run
from game.run.code import PACKED_SINCE, version_of
from game.seeds import Rng
from game.world import light
from game.world.fov import sight_radius
from game.world.kinds import MessageKind, Mode, Outcome
from game.world.model import (
    Actor,
    DoorState,
    FeatureState,
    Floor,
    Game,
    Hero,
    Item,
    Merchant,
    Message,
    MessageLog,
    StairInfo,
    Trap,
)

Arrays = dict[str, NDArray[Any]]

_FIELD_NAMES: dict[str, tuple[str, ...]] = {}


def _field_names(thing: Any) -> tuple[str, ...]:
    kind = type(thing).__name__
    if kind not in _FIELD_NAMES:
        _FIELD_NAMES[kind] = tuple(f.name for f in fields(thing))
    return _FIELD_NAMES[kind]


def _values(thing: Any) -> dict[str, Any]:
    """A flat dataclass's fields by name: `dataclasses.asdict` without its deep copy, which made
    the crash snapshot taken before every action cost several milliseconds deep in a run. The
    callers replace every mutable value (tuples, dicts) with a fresh list or dict."""
    return {name: getattr(thing, name) for name in _field_names(thing)}


def _point_key(point: tuple[int, int]) -> str:
    return f"{point[0]},{point[1]}"


def actor_data(actor: Actor) -> dict[str, Any]:
    data = _values(actor)
    data["color"] = list(actor.color)
    data["home"] = list(actor.home) if actor.home else None
    data["goal"] = list(actor.goal) if actor.goal else None
    data["effects"] = dict(sorted(actor.effects.items()))
    data["cooldowns"] = dict(sorted(actor.cooldowns.items()))
    for name in ACTOR_EXTRAS:
        if not data[name]:
            del data[name]
    return data


ACTOR_EXTRAS = ("ally", "captive", "waiting")
"""Written only when set (format 7): a monster that is neither hashes as it did before allies."""


def item_data(item: Item) -> dict[str, Any]:
    """An item's values; `improved` and `uncursed` only when set (format 6), so the state of an
    item no feature or scroll has touched hashes as it did before them."""
    data = _values(item)
    data["key_for"] = list(item.key_for) if item.key_for else None
    data["improved"] = list(item.improved)
    for name in ITEM_EXTRAS:
        if not data[name]:
            del data[name]
    return data


ITEM_EXTRAS = ("improved", "uncursed", "vault")
"""Item fields saved only when not their default."""


def floor_data(floor: Floor, prefix: str, arrays: Arrays) -> dict[str, Any]:
    """A floor's values; its arrays go into `arrays` under `prefix`."""
    arrays[f"{prefix}.tiles"] = floor.tiles
    arrays[f"{prefix}.explored"] = floor.explored
    arrays[f"{prefix}.visible"] = floor.visible
    return {
        "depth": floor.depth,
        "generator": floor.generator,
        "fingerprint": floor.fingerprint,
        "arrival": list(floor.arrival),
        "exits": [list(p) for p in floor.exits],
        "doors": {_point_key(p): _values(d) for p, d in floor.doors.items()},
        "traps": {_point_key(p): _values(t) for p, t in floor.traps.items()},
        "teleports": {_point_key(a): list(b) for a, b in floor.teleports.items()},
        "stairs": {_point_key(p): _stair(s) for p, s in floor.stairs.items()},
        "monsters": [actor_data(m) for m in floor.monsters],
        "items": [item_data(i) for i in floor.items],
        "areas": [list(a) for a in floor.areas],
        "treasure": {_point_key(p): gold for p, gold in floor.treasure.items()},
    } | _features(floor) | _merchants(floor)


def _features(floor: Floor) -> dict[str, Any]:
    """A floor's features, written only when it has some: a floor made before features existed
    (every floor of an older save) writes and hashes exactly as it did then."""
    if not floor.features:
        return {}
    return {"features": {_point_key(p): _values(f) for p, f in floor.features.items()}}


def _merchants(floor: Floor) -> dict[str, Any]:
    """A floor's merchants (format 7), written only when it has some: a floor without one
    writes and hashes as it did before merchants."""
    if not floor.merchants:
        return {}
    return {"merchants": [
        {"id": m.id, "name": m.name, "kind": m.kind, "x": m.x, "y": m.y,
         "wares": [item_data(i) for i in m.wares]}
        for m in floor.merchants
    ]}


def merchant_from(data: dict[str, Any]) -> Merchant:
    return Merchant(int(data["id"]), str(data["name"]), str(data["kind"]), int(data["x"]),
                    int(data["y"]), [item_from(i) for i in data["wares"]])


def _stair(stair: StairInfo) -> dict[str, Any]:
    data = _values(stair)
    data["leads_to"] = list(stair.leads_to)
    return data


def game_data(game: Game) -> tuple[dict[str, Any], Arrays]:
    """Every value of the run: what a save writes and what the state hash digests."""
    arrays: Arrays = {}
    data = {
        **run_data(game.run),
        "player": actor_data(game.player),
        "hero": {
            **{k: v for k, v in _values(game.hero).items()
               if k not in ("inventory", "equipment", "letters")},
            "inventory": [item_data(i) for i in game.hero.inventory],
            "equipment": dict(sorted(game.hero.equipment.items())),
            "letters": [[i, letter] for i, letter in sorted(game.hero.letters.items())],
            "talents": list(game.hero.talents),
        },
        "rng": {"seed": game.rng.seed, "consumed": game.rng.consumed},
        "depth": game.depth,
        "floors": {
            str(depth): floor_data(game.floors[depth], f"floor{depth}", arrays)
            for depth in sorted(game.floors)
        },
        "turn": game.turn,
        "next_id": game.next_id,
        "messages": [[m.text, m.kind.value, m.count] for m in game.messages.messages],
        "outcome": game.outcome,
        "cause": game.cause,
        "identified": list(game.identified),
    }
    return data, arrays


def run_data(run: Run) -> dict[str, Any]:
    """The run's fields of the state. The seed's hash and the code are written too (the first
    save format has them, and the state hash digests them) but are checked, never trusted, when
    read back: `run_from_data` rebuilds both from the seed and the recipes."""
    return {
        "seed_text": run.seed,
        "run_seed": run.seed_hash,
        "recipes": [
            {"depth": r.depth, "generator": r.generator, "width": r.width, "height": r.height,
             "params": [list(p) for p in r.params]}
            for r in run.recipes
        ],
        "code": run.code,
        "daily": run.is_daily,
    }


def run_from_data(data: dict[str, Any]) -> Run:
    """The inverse of `run_data`; ValueError when the stored hash or code disagree with the run
    the seed and recipes make (a save edited by hand, or damaged)."""
    run = Run(
        str(data["seed_text"]),
        tuple(
            FloorRecipe(int(r["depth"]), str(r["generator"]), int(r["width"]), int(r["height"]),
                        tuple((str(k), str(v)) for k, v in r["params"]))
            for r in data["recipes"]
        ),
        bool(data["daily"]),
        version_of(str(data["code"])),
    )
    if run.seed_hash != int(data["run_seed"]):
        raise ValueError("the run's seed hash does not match its seed")
    # Codes before the packed format spelled a parameter as the plan gave it ("stamp=42",
    # "0.50"); recipes now keep one canonical spelling, so an old custom plan's code cannot be
    # recomputed letter for letter. The save's own content hash still guards those saves.
    if run.rules_version >= PACKED_SINCE and run.code != data["code"]:
        raise ValueError("the run's code does not match its seed and recipes")
    return run


def canonical_json(data: dict[str, Any]) -> bytes:
    """The state's values as the hash digests them (and the save stores them)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def content_hash(state: bytes, arrays: Arrays) -> str:
    """The hash of a state given as canonical JSON and arrays (a save digests what it writes)."""
    h = hashlib.blake2b(digest_size=16, person=b"delve-state")
    h.update(state)
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        h.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        h.update(array.tobytes())
    return h.hexdigest()


def state_hash(game: Game) -> str:
    """A hash of the whole game state: equal hashes mean the same game, turn for turn."""
    data, arrays = game_data(game)
    return content_hash(canonical_json(data), arrays)



def _point(text: str) -> tuple[int, int]:
    x, _, y = text.partition(",")
    return (int(x), int(y))


def _pair(value: Any) -> tuple[int, int] | None:
    return None if value is None else (int(value[0]), int(value[1]))


def actor_from(data: dict[str, Any]) -> Actor:
    fields = dict(data)
    fields["color"] = tuple(data["color"])
    fields["mode"] = Mode(data["mode"])
    fields["home"] = _pair(data["home"])
    fields["goal"] = _pair(data["goal"])
    fields["effects"] = {str(k): int(v) for k, v in data["effects"].items()}
    fields["cooldowns"] = {str(k): int(v) for k, v in data["cooldowns"].items()}
    return Actor(**fields)


def item_from(data: dict[str, Any]) -> Item:
    improved = [str(key) for key in data.get("improved", [])]
    return Item(**{**data, "key_for": _pair(data["key_for"]), "improved": improved})


def floor_from(data: dict[str, Any], prefix: str, arrays: Arrays) -> Floor:
    return Floor(
        depth=int(data["depth"]),
        generator=str(data["generator"]),
        fingerprint=str(data["fingerprint"]),
        tiles=np.array(arrays[f"{prefix}.tiles"], dtype=np.uint8),
        explored=np.array(arrays[f"{prefix}.explored"], dtype=np.bool_),
        visible=np.array(arrays[f"{prefix}.visible"], dtype=np.bool_),
        arrival=(int(data["arrival"][0]), int(data["arrival"][1])),
        exits=tuple((int(p[0]), int(p[1])) for p in data["exits"]),
        doors={_point(k): DoorState(**v) for k, v in data["doors"].items()},
        traps={_point(k): Trap(**v) for k, v in data["traps"].items()},
        teleports={_point(k): (int(v[0]), int(v[1])) for k, v in data["teleports"].items()},
        stairs={
            _point(k): StairInfo(**{**v, "leads_to": tuple(int(d) for d in v["leads_to"])})
            for k, v in data["stairs"].items()
        },
        monsters=[actor_from(m) for m in data["monsters"]],
        items=[item_from(i) for i in data["items"]],
        areas=[(int(a[0]), int(a[1]), int(a[2]), int(a[3]), str(a[4])) for a in data["areas"]],
        treasure={_point(k): int(v) for k, v in data["treasure"].items()},
        features={_point(k): FeatureState(str(v["name"]), str(v["effect"]), bool(v["used"]))
                  for k, v in data.get("features", {}).items()},
        merchants=[merchant_from(m) for m in data.get("merchants", [])],
    )


def game_from_data(data: dict[str, Any], arrays: Arrays) -> Game:
    """The inverse of `game_data`. Trusts its input's shape: the save loader validates first."""
    hero_data = dict(data["hero"])
    hero = Hero(
        **{k: v for k, v in hero_data.items() if k not in ("inventory", "equipment", "letters")},
        inventory=[item_from(i) for i in hero_data["inventory"]],
        equipment={str(k): int(v) for k, v in hero_data["equipment"].items()},
        letters={int(i): str(letter) for i, letter in hero_data["letters"]},
    )
    hero.talents = [str(key) for key in hero_data["talents"]]  # never the snapshot's own list
    messages = MessageLog([Message(str(t), MessageKind(k), int(n))
                           for t, k, n in data["messages"]])
    game = Game(
        run=run_from_data(data),
        player=actor_from(data["player"]),
        hero=hero,
        rng=Rng(int(data["rng"]["seed"]), int(data["rng"]["consumed"])),
        depth=int(data["depth"]),
        floors={int(d): floor_from(f, f"floor{d}", arrays) for d, f in data["floors"].items()},
        turn=int(data["turn"]),
        next_id=int(data["next_id"]),
        messages=messages,
        outcome=Outcome(data["outcome"]),
        cause=str(data["cause"]),
        identified=sorted(str(key) for key in data["identified"]),
    )
    if game.depth in game.floors:  # the light map is not saved: made again from saved sight
        player = game.player
        light.relight(game.floor, player.x, player.y, sight_radius(player.effects))
    return game
