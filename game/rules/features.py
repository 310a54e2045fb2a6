"""Chamber features in play: what stepping onto, bumping or using one does.

A feature's class (content data, game/content/features.py) decides its effect; the few classes
whose features differ (hazards, the sacred and profane) tell them apart by the table's row key.
Every use reports its result in the log. A one-off use (a chest searched, an anvil used, a well
drunk from) marks the feature used; it stays on its tile and says so when used again.
"""

from __future__ import annotations

from typing import Final

from game.content.features import FeatureKind, feature_kind
from game.content.items import found_amount, item_kinds
from game.floorplan import Point, king_distance
from game.rules import crafting, gear, identify
from game.rules.actions import Impossible, Result, Success
from game.rules.noise import make_noise
from game.seeds import Rng, water_seed
from game.words import agree, article, plain_name
from game.world.build import bundle_size
from game.world.kinds import MessageKind
from game.world.model import PLAYER_ID, Actor, FeatureState, Floor, Game, Item, Trap

NOISE_RADIUS: Final = 40
"""A gong or a drum is heard this far (straight line): most of a floor."""
FALLS: Final = frozenset({"chasm", "hole", "hole_blasted", "shaft", "chute"})
PITS: Final = frozenset({"pit_shallow"})
"""A pit's floor is not far down: stepping in hurts as a pit trap does, and you climb out."""
POISONS: Final = frozenset({"mold", "fungus", "slime", "insects"})
CUTS: Final = frozenset({"broken_glass", "spike", "razor"})
STONES: Final = frozenset({"loose_masonry", "partially_collapsed_ceiling"})
STUCK_TURNS: Final = 3
MIRED: Final = "mired"
"""A monster's condition on rough ground: it gains no energy while it lasts (game.ai.monsters)."""
MIRED_TURNS: Final = 2
"""Set as it steps in, it wears off at the end of its next turn: one turn lost a square."""
PROFANE: Final = frozenset({"idol", "evil_symbol"})
SEERS: Final = frozenset({"runes", "mirror"})
REVEAL_RADIUS: Final = 10
HINT_RADIUS: Final = 20
LOOT: Final = frozenset({"corpse_adventurer", "corpse_monster", "bones_humanoid",
                         "bones_nonhumanoid", "discarded_weapons", "equipment_usable", "trophy"})
WATERS: Final = ("heals", "poisons", "confuses", "clears")
"""What drinking a feature's water does: fixed per run and feature name (game.seeds.water_seed)."""
ONCE: Final = frozenset({"container", "water", "sacred", "craft", "clue"})
INERT: Final = frozenset({"cover", "decor", "light", "passage", "terrain"})
"""Feature classes the use key can do nothing with: it says what one is, in no time (the use
key on a pillar spent a turn to repeat its description)."""
"""Features that give once: used, they say so."""
USES: Final = {"container": "search it", "water": "drink from it", "sacred": "pray here",
               "craft": "use it on your gear", "noise": "strike it", "clue": "search it"}
"""What the use key does to a feature of each class (game.rules.features.use)."""
UNCOUNTED: Final = frozenset({"paper", "trash", "equipment", "dripping"})
"""Features named by a word that takes "some", not "a"."""
HOLY: Final = frozenset({"altar", "shrine"})
"""Sacred features that take an offering of gold (the profane and the seers do not)."""
OFFER_UNIT: Final = 10
"""An offering's worth is its gold over OFFER_UNIT x depth: what a floor's gold is worth there."""
OFFER_BOON: Final = 1
"""Worth needed for a blessing beyond healing: a curse lifted or an unknown thing named."""
OFFER_BLESS: Final = 3
"""Worth needed for the weapon to be blessed (+1 to hit, once per kind of holy place)."""
OFFER_WHOLE: Final = 6
"""Worth that heals wholly besides."""
HEARD: Final = 40
HEARD_PER_WORTH: Final = 15
HEARD_MOST: Final = 95
"""Percent chance the gods answer: HEARD + worth x HEARD_PER_WORTH, at most HEARD_MOST."""
COMPASS: Final = {(0, -1): "north", (1, -1): "north-east", (1, 0): "east", (1, 1): "south-east",
                  (0, 1): "south", (-1, 1): "south-west", (-1, 0): "west", (-1, -1): "north-west"}


def use_spot(floor: Floor, pos: Point) -> Point | None:
    """The feature the use key means from `pos`: the one there, else the first beside it."""
    around = [(pos[0] + dx, pos[1] + dy) for dx, dy in ((0, 0), *COMPASS)]
    return next((p for p in around if p in floor.features), None)


def interact(game: Game, actor: Actor, x: int, y: int) -> Result:
    """Use the feature at (x, y) (the hero's tile or next to it); (-1, -1): the hero's own tile,
    else the first feature next to the hero."""
    floor = game.floor
    if (x, y) == (-1, -1):
        spot = use_spot(floor, actor.pos)
        if spot is None:
            return Impossible("There is nothing here to use.")
        x, y = spot
    if king_distance(actor.pos, (x, y)) > 1:
        return Impossible("That is not next to you.")
    feature = floor.features.get((x, y))
    if feature is None:
        return Impossible("There is nothing there to use.")
    kind = feature_kind(feature.name)
    if kind.effect in INERT:
        return Impossible(f"The {feature.name.lower()}. {kind.text}")
    if feature.used and kind.effect in ONCE:  # spent: trying costs no turn
        more = " for free: an offering of gold may move it" if kind.key in HOLY else ""
        return Impossible(f"The {feature.name.lower()} has nothing more to give{more}.")
    if kind.key in crafting.CRAFTS:  # nothing it could work on: left unused, no turn spent
        refused = crafting.refusal(game.hero, kind.key, feature.name.lower())
        if refused:
            return Impossible(refused)
    use(game, actor, (x, y), feature)
    return Success()


def use(game: Game, actor: Actor, pos: Point, feature: FeatureState) -> None:
    """The hero uses a feature on purpose (the use key, or a bump into one that blocks)."""
    kind = feature_kind(feature.name)
    name = feature.name.lower()
    once = kind.effect in ONCE
    match kind.effect:
        case "container":
            _search(game, actor, name)
        case "water":
            _drink(game, actor, name)
        case "sacred":
            _pray(game, actor, pos, kind, name)
        case "noise":
            woken = make_noise(game, pos, NOISE_RADIUS)
            stirring = " Things stir all over the floor." if woken else ""
            game.log(f"You strike the {name}: it booms through the halls!{stirring}",
                     MessageKind.DANGER)
        case "craft":
            crafting.improve(game, kind.key, name)
        case "clue":
            _clue(game, actor, pos, kind, name)
        case "hazard":
            step_on(game, actor, pos, feature)
        case _:
            game.log(f"The {name}: {kind.text}")
    if once:
        feature.used = True


def step_on(game: Game, actor: Actor, pos: Point, feature: FeatureState,
            by: Actor | None = None) -> int:
    """What a feature does to whoever steps onto its tile, hero or monster (`by`: who shoved
    it there, for the kill); returns extra turns the step costs (rough terrain; a monster pays
    them out of its energy)."""
    kind = feature_kind(feature.name)
    if actor.id != PLAYER_ID:
        return _monster_steps_on(game, actor, pos, feature, by)
    name = feature.name.lower()
    if kind.effect == "terrain":
        game.log(f"You pick your way over the {name}.")
        return 1
    if kind.effect != "hazard":
        if kind.effect in ("light", "passage"):
            game.log(f"{there_is(name)} here.")
        elif kind.effect in USES:
            game.log(f"{there_is(name)} here ({how_to_use(kind, feature)}).")
        return 0
    from game.rules import combat, traps

    if kind.key in FALLS:
        traps.fall(game, actor, f"You step into the {name}")
    elif kind.key in PITS:
        traps.spring(game, actor, pos, Trap("pit", 0))
    elif kind.key == "cobwebs":
        actor.effects["webbed"] = STUCK_TURNS
        game.log("You blunder into cobwebs: you are stuck!", MessageKind.DANGER)
    elif kind.key in STONES and feature.used:
        game.log(f"The {name} has already come down.")
    else:
        damage, text = _wound(game, kind.key, feature)
        actor.hp -= damage
        game.log(f"The {name} {text} you for {damage}!", MessageKind.HURT)
        if actor.hp <= 0:
            combat.die(game, actor, None, cause=f"killed by {name} on depth {game.floor.depth}")
    return 0


def harmful(feature: FeatureState) -> bool:
    """A hazard that still hurts whoever steps in (fallen stones are only rubble): monsters
    know them and step round (game.ai.maps)."""
    kind = feature_kind(feature.name)
    return kind.effect == "hazard" and not (kind.key in STONES and feature.used)


def slow_ground(feature: FeatureState) -> bool:
    """Rough terrain (rubble, mud): a step onto it costs a turn more, for anyone."""
    return feature_kind(feature.name).effect == "terrain"


def _wound(game: Game, key: str, feature: FeatureState) -> tuple[int, str]:
    """The damage of mold, glass or falling stones (the stones fall once) and its verb."""
    dice, text = ("1d4", "poisons") if key in POISONS else (
        ("1d3", "cuts") if key in CUTS else ("1d6", "rains stones on"))
    feature.used = key in STONES
    return game.rng.roll(dice) + game.floor.depth // 3, text


def _monster_steps_on(game: Game, monster: Actor, pos: Point, feature: FeatureState,
                      by: Actor | None) -> int:
    """The same hazards and rough ground catch a monster: it falls, is webbed, poisoned or cut,
    or loses a turn to the terrain. The log tells what the hero can see."""
    from game.rules import combat, traps

    kind = feature_kind(feature.name)
    name = feature.name.lower()
    seen = bool(game.floor.visible[pos[1], pos[0]])
    if kind.effect == "terrain":
        monster.effects[MIRED] = MIRED_TURNS
        return 1
    if not harmful(feature):
        return 0
    if kind.key in FALLS:
        traps.drop(game, monster, name, by)
        return 0
    if kind.key == "cobwebs":
        monster.effects["webbed"] = STUCK_TURNS
        if seen:
            game.log(f"The {monster.name} is caught in the cobwebs!", MessageKind.COMBAT)
        return 0
    if kind.key in PITS:
        damage, text = game.rng.roll(traps.WOUNDS["pit"][0]) + game.floor.depth // 2, "hurts"
    else:
        damage, text = _wound(game, kind.key, feature)
    monster.hp -= damage
    if seen:
        game.log(f"The {name} {text} the {monster.name} for {damage}!", MessageKind.COMBAT)
    if monster.hp <= 0:
        combat.die(game, monster, by)
    return 0


def there_is(name: str) -> str:
    """"There is a pouch", "There are runes", "There is some paper": the features' names are
    table rows, some plural ("Claw marks", "Teeth") and some not counted ("Trash (pile)")."""
    first = name.split(maxsplit=1)[0]
    if first == "teeth" or (first.endswith("s") and not first.endswith("ss")):
        return f"There are {name}"
    if first in UNCOUNTED:
        return f"There is some {name}"
    return f"There is {identify.article(name)}"


def how_to_use(kind: FeatureKind, feature: FeatureState) -> str:
    """The key that uses a feature and what it does ("a: search it"), or that it is spent: a
    player told only "There is a pouch here" does not know what to do with it."""
    if kind.effect in ONCE and feature.used and kind.key not in HOLY:
        return "used up"
    verb = USES[kind.effect]
    if kind.key in HOLY:
        return "a: offer gold (you have prayed here)" if feature.used else "a: pray or offer gold"
    if kind.key in PROFANE:
        verb = "touch it"
    elif kind.key in SEERS or (kind.effect == "clue" and kind.key not in LOOT):
        verb = "study it"
    return f"a: {verb}"


def _search(game: Game, actor: Actor, name: str) -> None:
    depth = game.floor.depth
    kinds = [k for k in sorted(item_kinds().values(), key=lambda k: k.key)
             if k.weight > 0 and k.depth[0] <= depth <= k.depth[1]]
    if kinds and game.rng.coin():
        kind = kinds[game.rng.weighted_index([k.weight for k in kinds])]
        game.floor.items.extend(Item(game.new_id(), kind.key, actor.x, actor.y,
                                     amount=found_amount(kind))
                                for _ in range(bundle_size(kind, game.rng)))
        what = identify.article(identify.name_of(game, kind.key))
        game.log(f"You search the {name} and find {what}: it lies at your feet.",
                 MessageKind.DISCOVERY)
    elif game.rng.coin():
        gold = game.rng.roll("2d6") * depth
        game.hero.gold += gold
        game.log(f"You search the {name} and find {gold} gold.", MessageKind.ITEM)
    else:
        game.log(f"You search the {name}: it is empty.", MessageKind.INFO)


def water_effect(run_seed: int, name: str) -> str:
    """What the water of every feature called `name` does in this run."""
    return WATERS[Rng(water_seed(run_seed, name.lower())).below(len(WATERS))]


def _drink(game: Game, actor: Actor, name: str) -> None:
    effect = water_effect(game.run.seed_hash, name)
    if effect == "heals":
        healed = min(actor.max_hp - actor.hp, game.rng.roll("2d6"))
        actor.hp += healed
        game.log(f"You drink from the {name}: it heals you ({healed}).", MessageKind.BOON)
    elif effect == "poisons":
        damage = game.rng.roll("1d4")
        actor.hp = max(1, actor.hp - damage)
        game.log(f"You drink from the {name}: foul! It poisons you for {damage}.",
                 MessageKind.HURT)
    elif effect == "confuses":
        actor.effects["confused"] = 4
        game.log(f"You drink from the {name}: your head swims.", MessageKind.MAGIC)
    else:
        actor.effects.clear()
        game.log(f"You drink from the {name}: clear and cold, it clears your head.",
                 MessageKind.BOON)


def _pray(game: Game, actor: Actor, pos: Point, kind: FeatureKind, name: str) -> None:
    if kind.key in PROFANE:
        damage = game.rng.roll("1d4")
        actor.hp = max(1, actor.hp - damage)
        game.log(f"You touch the {name}: a curse burns you for {damage}.", MessageKind.MAGIC)
        crafting.improve(game, kind.key, name)
    elif kind.key in SEERS:
        found = 0
        for (x, y), trap in game.floor.traps.items():
            near = king_distance((x, y), pos) <= REVEAL_RADIUS
            if near and not trap.found and not trap.spent:
                trap.found = True
                found += 1
        what = f"{found} hidden trap{'s' if found != 1 else ''}" if found else "no hidden traps"
        game.log(f"You study the {name}: they show {what} nearby.", MessageKind.DISCOVERY)
    else:
        actor.hp = actor.max_hp
        actor.effects.clear()
        game.log(f"You pray at the {name}: you are blessed and made whole.", MessageKind.BOON)


def holy(feature: FeatureState) -> bool:
    """An altar or shrine: it takes an offering of gold (Offer)."""
    return feature_kind(feature.name).key in HOLY


def offer_worth(depth: int, gold: int) -> int:
    """What an offering of `gold` is worth to the gods on `depth` (0: a trifle)."""
    return gold // (OFFER_UNIT * depth)


def offer(game: Game, actor: Actor, pos: Point, gold: int) -> Result:
    """Give `gold` at the altar or shrine at `pos`: the gods keep it, and answer (the game's
    rng, likelier for a richer gift) with a blessing scaled by its worth: some healing always,
    then, worth enough, a curse lifted, an unknown carried thing named or the weapon blessed,
    and a rich gift heals wholly besides. A prayer stays the altar's one free blessing."""
    feature = game.floor.features.get(pos)
    if feature is None or not holy(feature):
        return Impossible("Only an altar or a shrine takes an offering.")
    if not 0 < gold <= game.hero.gold:
        return Impossible(f"You have not {gold} gold to give.")
    name = feature.name.lower()
    game.hero.gold -= gold
    worth = offer_worth(game.floor.depth, gold)
    if game.rng.below(100) >= min(HEARD_MOST, HEARD + HEARD_PER_WORTH * worth):
        game.log(f"You lay {gold} gold on the {name}: it is gone, and the gods are silent.",
                 MessageKind.INFO)
        return Success()
    healed = min(actor.max_hp - actor.hp, max(1, worth) * game.rng.roll("1d6"))
    if worth >= OFFER_WHOLE:
        healed = actor.max_hp - actor.hp
    actor.hp += healed
    game.log(f"You lay {gold} gold on the {name}: a warmth answers"
             f"{f' and heals you ({healed})' if healed else ''}.", MessageKind.BOON)
    if worth >= OFFER_BOON:
        _boon(game, feature_kind(feature.name).key, name, worth)
    return Success()


def _boon(game: Game, key: str, name: str, worth: int) -> None:
    """One blessing beyond healing, drawn among those that would do something now."""
    hero = game.hero
    cursed = [item for item in hero.inventory
              if item.id in hero.equipment.values() and gear.cursed(item)]
    unknown = sorted({item.kind for item in hero.inventory if not identify.known(game, item.kind)})
    weapon = next((item for item in hero.inventory if item.id == hero.equipment.get("weapon")),
                  None)
    boons: list[str] = []
    if cursed:
        boons.append("uncurse")
    if unknown:
        boons.append("identify")
    if weapon is not None and worth >= OFFER_BLESS and key not in weapon.improved:
        boons.append("bless")
    if not boons:
        return
    chosen = boons[game.rng.below(len(boons))]
    if chosen == "uncurse":
        for item in cursed:
            item.uncursed = True
        game.log(f"The curse on your {identify.name_of(game, cursed[0].kind)} lifts.",
                 MessageKind.BOON)
    elif chosen == "identify":
        identify.identify(game, unknown[game.rng.below(len(unknown))])
    elif weapon is not None:
        weapon.improved.append(key)
        game.log(f"The {name} blesses your {identify.name_of(game, weapon.kind)}"
                 f" (+{crafting.IMPROVEMENT} to hit).", MessageKind.BOON)


def _clue(game: Game, actor: Actor, pos: Point, kind: FeatureKind, name: str) -> None:
    """What a clue tells of: the nearest hostile monster or unfound trap within HINT_RADIUS,
    said in whole sentences ("The bloodstains tell of an ogre to the east.")."""
    if kind.key in LOOT:
        gold = game.rng.roll("1d6") * game.floor.depth
        game.hero.gold += gold
        game.log(f"You search the {plain_name(name)} and find {gold} gold.",
                 MessageKind.ITEM)
        return
    floor = game.floor
    near = sorted(
        (king_distance(m.pos, pos), m.y, m.x, m.name)
        for m in floor.monsters if m.alive and m.hostile
    )
    traps = sorted((king_distance((x, y), pos), y, x) for (x, y), t in
                   floor.traps.items() if not t.found and not t.spent)
    thing = plain_name(name)
    the = f"The {thing}"
    if near and near[0][0] <= HINT_RADIUS:
        _, y, x, what = near[0]
        game.log(f"{the} {agree(thing, 'tells', 'tell')} of {article(what.lower())}"
                 f" {_where(pos, (x, y))}.", MessageKind.DISCOVERY)
    elif traps and traps[0][0] <= HINT_RADIUS:
        _, y, x = traps[0]
        game.log(f"{the} {agree(thing, 'warns', 'warn')} of a trap {_where(pos, (x, y))}.",
                 MessageKind.DISCOVERY)
    else:
        game.log(f"{the} {agree(thing, 'tells', 'tell')} of nothing near.")


def _where(start: Point, goal: Point) -> str:
    """"to the east", or "right here" when the thing stands on the clue itself."""
    way = _toward(start, goal)
    return "right here" if way == "here" else f"to the {way}"


def _toward(start: Point, goal: Point) -> str:
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return COMPASS.get(step, "here")
