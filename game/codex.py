"""The codex: every item, monster, feature, door and trap kind in words and numbers, and what one
particular thing in play is as far as the hero knows.

One source for `run.py codex` and the describe screen. The words come from the kinds' data
fields: a field this module has no words for is still described, by its name and value, so a
kind that grows a field (range, charges, traits) shows it at once; fields that only say how a
thing is drawn or how often it is placed (glyph, colour, weight) are left out.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from game import tiles
from game.codex_backgrounds import background_entries
from game.codex_monsters import describe_monster, monster_entry
from game.codex_talents import talent_entries
from game.codex_text import (
    QUIET_FIELDS,
    Entry,
    JsonValue,
    cap,
    depth_text,
    dice_text,
    other_fields,
    signed,
)
from game.codex_text import json_value as _json
from game.codex_text import words as _words
from game.content.bestiary import default_bestiary
from game.content.features import FeatureKind, feature_kind, feature_kinds
from game.content.items import ItemKind, item_kinds, kind_of
from game.content.prices import base_price
from game.dressing import traps as trap_kinds
from game.floorplan import Point
from game.rules import combat, identify
from game.rules import doors as door_rules
from game.rules import effects as effect_rules
from game.rules import features as feature_rules
from game.rules import items as item_rules
from game.rules import traps as trap_rules
from game.seeds import dice_mean
from game.tables import default_tables
from game.world.dreams import seen_as
from game.world.fov import LIGHT_BONUS, LIGHT_REACH
from game.world.model import DoorState, FeatureState, Game, Item, Merchant

SECTIONS: Final = ("items", "monsters", "features", "backgrounds", "talents")

CATEGORY_DOES: Final = {
    "key": "It opens the door it was made for; keys hang on the key ring, not in the pack.",
    "gold": "Counted, not carried.",
    "relic": "The run's goal: take it from the deepest floor and climb out of floor 1.",
    "potion": "Drunk once.",
    "scroll": "Read once.",
    "food": "Eaten once.",
    "ammo": "Fired from its launcher; it can be picked up again where it lands, unless it"
            " breaks.",
    "launcher": "Ready its ammunition (the quiver) and fire it.",
}
ONCE: Final = ("container", "water", "sacred", "craft", "clue")
"""Feature classes whose use is spent after once (game.rules.features.use)."""



# --- items -----------------------------------------------------------------------------------

BONUS_WORDS: Final[dict[str, tuple[str, str]]] = {
    "attack": ("{s} to hit", "{s} to hit."),
    "ac": ("armour {s}", "Armour {s}."),
    "range": ("range {v}", "Reaches {v} squares."),
    "reach": ("reach {v}", "Strikes {v} squares away."),
    "sweep": ("sweep", "Each blow also strikes every other enemy beside you."),
    "pierce": ("pierce {v}", "Ignores {v} points of the target's armour."),
    "quick": ("quick", "A second blow follows each attack."),
    "thrown": ("", "Made for throwing: full damage at range."),
    "ammo": ("fires {v}", "Fires {v}."),
    "strength": ("strength {s}", "Strength {s} (damage and forcing doors)."),
    "stealth": ("stealth {s}", "Stealth {s} (above 0 sleeping monsters notice you less, below"
                " 0 more)."),
    "move_cost": ("slow steps {v}%", "A step takes an extra turn {v}% of the time."),
    "regen": ("regen {s}", "Heals {v} extra hit points every few turns."),
    "ward": ("ward {s}", "{s} to saving throws against hexes."),
    "charges": ("{v} charges", "Found with {v} charges."),
    "break_chance": ("", "Breaks {v}% of the time when it lands."),
    "bundle": ("", "Found in bundles of up to {v}."),
    "cursed": ("cursed", "Cursed: once worn it will not come off until the curse is lifted."),
}
"""Words for the numbers and traits an item kind may have ("{v}" its value, "{s}" signed): the
short form for the pack's lines ("" keeps it off them), the sentence for the describe screen. A
field missing from a kind is skipped, so the table may name fields other branches add."""
REACHING: Final = ("range", "reach")
"""Fields in squares: worth saying only above 1 (1 is the square next to you)."""
ITEM_WORDS: Final = frozenset({"slot", "damage", "heal", "turns", "target", "depth", "effect",
                               "text", "nutrition", "price", *BONUS_WORDS})


def bonuses(kind: ItemKind) -> list[tuple[str, str, str, JsonValue]]:
    """(field, short form, sentence, value) for each number or trait the kind has."""
    found: list[tuple[str, str, str, JsonValue]] = []
    for name, (short, sentence) in BONUS_WORDS.items():
        value = getattr(kind, name, None)
        if not value or (name in REACHING and isinstance(value, int) and value <= 1):
            continue
        shown = kind_of(value).name if name == "ammo" and isinstance(value, str) \
            and value in item_kinds() else _words(value)
        sign = signed(value) if isinstance(value, int) and not isinstance(value, bool) else ""
        found.append((name, short.format(v=shown, s=sign), sentence.format(v=shown, s=sign),
                      _json(value)))
    return found


def item_numbers(kind: ItemKind) -> str:
    """The numbers that matter on one short line, for the inventory and equip lists: "1d8, +1
    to hit", "armour +2", "4d6, range 8"."""
    parts = [kind.damage] if kind.damage else []
    if kind.heal:
        parts.append(f"heals {kind.heal}")
    if kind.nutrition:
        parts.append(f"{kind.nutrition} turns of food")
    return ", ".join(parts + [short for _, short, _, _ in bonuses(kind) if short])


def item_effects(kind: ItemKind) -> list[str]:
    """What using the item does, as sentences."""
    effects: list[str] = []
    if kind.text:  # what the effect does beyond the numbers, in the kind's own words
        effects.append(kind.text)
    if kind.heal:
        effects.append(f"Heals {dice_text(kind.heal)}, or 1/{effect_rules.HEAL_SHARE} of your"
                       " maximum hit points if that is more.")
    if kind.damage and not kind.slot:
        effects.append(f"Deals {dice_text(kind.damage)} damage.")
    if kind.turns:
        effects.append(f"Lasts {kind.turns} turns.")
    if kind.target:
        effects.append("Aimed: you choose the spot.")
    if kind.nutrition:
        effects.append(f"Eaten (E): staves off hunger for {kind.nutrition} turns.")
    return effects


def item_entry(kind: ItemKind) -> Entry:
    """An item kind, as the codex and the describe screen show it."""
    lines: list[str] = []
    if kind.slot:
        # "Weapon, wielded." read as if the spare sword described were in hand: say how instead.
        how = "e wields it" if kind.slot == "weapon" else f"e wears it ({kind.slot})"
        lines.append(f"{cap(kind.kind)}: {how}.")
    if kind.damage and kind.slot:
        lines.append(f"Damage {dice_text(kind.damage)}.")
    traits = bonuses(kind)
    lines += [sentence for _, _, sentence, _ in traits]
    effects = item_effects(kind)
    lines += effects
    if kind.kind in CATEGORY_DOES:
        lines.append(CATEGORY_DOES[kind.kind])
    fired_by = [k.name for k in item_kinds().values() if getattr(k, "ammo", "") == kind.key]
    if fired_by:
        lines.append(f"Fired from: {', '.join(fired_by)}.")
    lines.append(cap(depth_text(kind.depth)) + ".")
    price = base_price(kind)
    if price:
        lines.append(f"A merchant asks {price} gold for one on depth 1, a tenth more each depth"
                     " down, and pays half that (a fifth for one not yet identified).")
    extra_lines, extra = other_fields(kind, ITEM_WORDS)
    lines += extra_lines
    facts: dict[str, JsonValue] = {name: value for name, _, _, value in traits}
    facts.update({
        "key": kind.key, "slot": kind.slot or None, "damage": kind.damage or None,
        "to_hit": kind.attack, "armour": kind.ac, "charges": getattr(kind, "charges", 0),
        "effects": list[JsonValue](effects), "depth": [kind.depth[0], kind.depth[1]],
        "effect": kind.effect or None, "harmful": kind.harmful,
        "glyph": kind.glyph, "colour": list[JsonValue](kind.color),
    })
    facts.pop("attack", None)
    facts.pop("ac", None)
    facts.pop("reach", None)
    reach = max(getattr(kind, name, 0) for name in REACHING)
    if reach > 1:
        facts["range"] = reach
    else:
        facts.pop("range", None)
    if kind.heal:
        facts["heal"] = kind.heal
    if kind.turns:
        facts["turns"] = kind.turns
    if kind.nutrition:
        facts["nutrition"] = kind.nutrition
    if price:
        facts["price"] = price
    return Entry(kind.name, kind.kind, lines, {**facts, **extra})


def known_name(game: Game, item: Item) -> str:
    """An item's name as the hero knows it (an unknown potion by its look)."""
    return identify.name_of(game, item.kind)


def describe_item(game: Game, item: Item) -> Entry:
    """A particular item: its kind, then what is true of this one (how many, worn, whose key,
    and for gear how it compares with what is worn in its slot)."""
    kind = kind_of(item.kind)
    if not identify.known(game, item.kind):  # nothing of its kind until identified
        return Entry(known_name(game, item), kind.kind, [identify.unknown_text(game, item)])
    entry = item_entry(kind)
    mine: list[str] = []
    if kind.kind == "gold":
        mine.append(f"{item.amount} gold.")
    elif kind.kind == "key":
        mine.append(cap(item_rules.label(game, item)) + ".")
    elif getattr(kind, "charges", 0):
        mine.append(f"Charges left: {item.amount}.")
    elif item.amount > 1:
        mine.append(f"Amount: {item.amount}.")
    if game.hero.equipment.get(kind.slot) == item.id:
        mine.append("You are wearing it." if kind.slot != "weapon" else "You wield it.")
    elif kind.slot:
        mine.append(compare(game, item))
    return Entry(known_name(game, item), entry.kind, mine + entry.lines, entry.facts)


COMPARED: Final = {"attack": "to hit", "ac": "armour"}


def compare(game: Game, item: Item) -> str:
    """How wearing `item` would change things against what is worn in its slot: "+2 damage,
    -1 armour vs your leather armour". Damage compares the dice's averages; every other whole
    number field of the kind (to hit, armour, range, and any added later) by its value."""
    kind = kind_of(item.kind)
    hero = game.hero
    worn_id = hero.equipment.get(kind.slot)
    worn = next((i for i in hero.inventory if i.id == worn_id), None)
    other = kind_of(worn.kind) if worn is not None else None
    diffs: list[str] = []
    if kind.slot == "weapon" or kind.damage:
        bare = game.player.damage if kind.slot == "weapon" else ""
        theirs = other.damage if other is not None else bare
        change = dice_mean(kind.damage) - dice_mean(theirs)
        if change:
            diffs.append(f"{signed(change)} damage")
    for spec in dataclasses.fields(kind):
        mine = getattr(kind, spec.name)
        theirs_value = getattr(other, spec.name) if other is not None else type(mine)()
        minor = BONUS_WORDS.get(spec.name, ("-", ""))[0] == ""  # kept off the pack's lines
        if spec.name in QUIET_FIELDS or spec.name == "depth" or minor or mine == theirs_value:
            continue
        label = COMPARED.get(spec.name, spec.name.replace("_", " "))
        if isinstance(mine, bool):
            diffs.append(f"{label}{'' if mine else ' lost'}")
        elif isinstance(mine, int):
            diffs.append(f"{signed(mine - theirs_value)} {label}")
    against = f"your {other.name}" if other is not None else (
        "your bare hands" if kind.slot == "weapon" else f"nothing worn ({kind.slot})")
    if not diffs:
        return f"The same as {against}."
    return f"{', '.join(diffs)} vs {against}."


# --- features, doors and traps ---------------------------------------------------------------

FEATURE_WORDS: Final = frozenset({"effect", "blocks_move", "blocks_sight", "text"})


def feature_use(kind: FeatureKind) -> str:
    """What using (or stepping on) a feature does, from its class and, where the class's
    features differ, its key (game.rules.features)."""
    name, key = kind.name.lower(), kind.key
    match kind.effect:
        case "light":
            return (f"Within {LIGHT_REACH} squares of it you see {LIGHT_BONUS} squares"
                    " further.")
        case "cover":
            return f"Someone beside it is harder to shoot (-{combat.COVER_BONUS} to hit)."
        case "container":
            return "Search it: an item, gold, or nothing."
        case "water":
            return (f"Drink from it: it heals, poisons, confuses or clears your head; every"
                    f" {name} of a run does the same.")
        case "hazard" if key in feature_rules.FALLS:
            return "Stepping in is a fall to the floor below (1d6 damage)."
        case "hazard" if key in feature_rules.PITS:
            return "Stepping in is a fall into a pit (1d6 plus half the depth); you climb out."
        case "hazard" if key == "cobwebs":
            return f"Stepping in sticks you fast for {feature_rules.STUCK_TURNS} turns."
        case "hazard":
            dice, verb = ("1d4", "poisons") if key in feature_rules.POISONS else (
                ("1d3", "cuts") if key in feature_rules.CUTS else ("1d6", "rains stones on"))
            once = ", once" if key in feature_rules.STONES else ""
            return f"It {verb} whoever steps in: {dice} plus a third of the depth{once}."
        case "sacred" if key in feature_rules.PROFANE:
            return "Touching it burns (1d4) and leaves your arm stronger (+1 to hit)."
        case "sacred" if key in feature_rules.SEERS:
            return (f"Studying it shows the hidden traps within {feature_rules.REVEAL_RADIUS}"
                    " squares.")
        case "sacred":
            unit = feature_rules.OFFER_UNIT
            return ("Praying at it heals you fully and ends every condition, once. Gold laid on"
                    f" it (worth counted in {unit} x depth) may win a blessing: healing, and for"
                    " a worthy gift a curse lifted, an unknown thing named or your weapon"
                    " blessed (+1 to hit).")
        case "noise":
            return (f"Striking it booms {feature_rules.NOISE_RADIUS} squares through the halls"
                    " and wakes what hears it.")
        case "craft":
            return ("Hone your weapon on it (+1 to hit), or with no weapon mend your armour (+1"
                    " armour class).")
        case "clue" if key in feature_rules.LOOT:
            return "Search it: a little gold (1d6 for every floor of depth)."
        case "clue":
            return (f"It tells of the nearest monster or hidden trap within"
                    f" {feature_rules.HINT_RADIUS} squares.")
        case "terrain":
            return "Crossing it costs an extra turn."
        case "passage":
            return f"Standing on it you see {LIGHT_BONUS} squares further."
    return "Nothing happens."


def feature_entry(kind: FeatureKind) -> Entry:
    """A chamber feature kind: its class, its line of text, and what using it does."""
    use = feature_use(kind)
    once = kind.effect in ONCE
    lines = [f"{cap(kind.effect)} feature.", kind.text]
    if kind.effect != "decor":
        lines.append(f"{use}{' Once only.' if once else ''}")
    if kind.blocks_move:
        lines.append("It blocks the way: bump it to use it.")
    if kind.blocks_sight:
        lines.append("It blocks sight.")
    extra_lines, extra = other_fields(kind, FEATURE_WORDS)
    facts: dict[str, JsonValue] = {
        "key": kind.key, "effect": kind.effect, "use": use, "once": once,
        "blocks_move": kind.blocks_move, "blocks_sight": kind.blocks_sight,
        "damage": None, "armour": None, "charges": None, "effects": [use], "depth": None,
        "glyph": kind.glyph, "colour": list[JsonValue](kind.color),
    }
    return Entry(kind.name, kind.effect, lines + extra_lines, {**facts, **extra})


def describe_feature(game: Game, feature: FeatureState) -> Entry:
    """A chamber feature in play: its kind, and whether its one use is spent."""
    del game
    kind = feature_kind(feature.name)
    entry = feature_entry(kind)
    state = []
    if kind.effect in ONCE:
        state.append("It has been used: nothing more to give." if feature.used else
                     "Not used yet.")
    return Entry(feature.name, entry.kind, state + entry.lines, entry.facts)


DOOR_RULES: Final = (
    f"Stuck: force it (d20 + strength against its DC; a natural 20 always works)."
    f" Locked: its key, force, or a scroll of knock. Forcing is heard"
    f" {door_rules.FORCE_NOISE} squares off.",
    "Magically reinforced: only its key or a scroll of knock opens it.",
)


SLIDING: Final = {"slides_side": "sliding door (to one side)", "slides_down": "sliding door"
                   " (down)", "slides_up": "sliding door (up)"}


def door_entries() -> list[Entry]:
    """The door types of the Doors table: each material and quality with its lock states, break
    DCs and odds; then the rows that change how a door opens."""
    table = default_tables().table("doors")
    groups: dict[str, list[tuple[str, int | None, bool, int]]] = {}
    extras: list[Entry] = []
    for row in table.rows:
        if row.reroll is not None:
            opening = str(row.fields.get("opening", ""))
            name = ("magically reinforced door" if row.fields.get("reinforced")
                    else SLIDING.get(opening, f"door that {opening.replace('_', ' ')}"))
            extras.append(Entry(name, "door", [row.text, DOOR_RULES[1]] if row.fields.get(
                "reinforced") else [row.text], {
                "damage": None, "armour": None, "charges": None,
                "effects": [row.text], "depth": None, "chance": row.size / table.sides,
                **_tile_look(tiles.DOOR)}))
            continue
        quality = str(row.fields.get("quality", "none"))
        name = f"{'' if quality == 'none' else quality + ' '}{row.fields['material']} door"
        dc = row.fields.get("dc")
        groups.setdefault(name, []).append(
            (str(row.fields["state"]), dc if isinstance(dc, int) else None,
             bool(row.fields.get("trapped")), row.size))
    entries: list[Entry] = []
    for name, rows in groups.items():
        states: dict[str, int | None] = {}
        for state, dc, _, _ in rows:
            states.setdefault(state, dc)
        share = sum(size for *_, size in rows) / table.sides
        trapped = sum(size for _, _, trap, size in rows if trap) / table.sides
        said = ", ".join(s if dc is None else f"{s} (DC {dc})" for s, dc in states.items())
        lines = [f"{cap(said)}.", f"{share:.0%} of doors; {trapped:.0%} are trapped"
                 " as well.", DOOR_RULES[0]]
        entries.append(Entry(name, "door", lines, {
            "states": dict[str, JsonValue](states), "chance": share, "damage": None,
            "armour": None, "charges": None, "effects": [DOOR_RULES[0]], "depth": None,
            **_tile_look(tiles.DOOR)}))
    return entries + extras


def _tile_look(tile: int) -> dict[str, JsonValue]:
    """How a tile is drawn, for `codex --json`: its glyph and colour."""
    row = tiles.TILES[tile]
    return {"glyph": chr(int(row["glyph"])), "colour": [int(c) for c in row["fg"]]}


TERRAIN_SAYS: Final = {
    tiles.TELEPORTER: "Step on it to be carried to its twin elsewhere on the floor.",
    tiles.STAIRS_DOWN: "Stairs down to the next floor.",
    tiles.STAIRS_UP: "Stairs up to the floor above (out of floor 1 to leave the dungeon).",
    tiles.TRAPDOOR: "A trapdoor with a ladder down: one floor down.",
    tiles.TRAPDOOR_UP: "A trapdoor in the ceiling with a ladder up: one floor up.",
    tiles.SHAFT: "A shaft: one floor up or down.",
}
"""The terrain the codex lists beside the features: the tiles that take you somewhere."""


def terrain_entries() -> list[Entry]:
    """The tiles that take you somewhere (teleporters, stairs, trapdoors, shafts), drawn on the
    map by their tile glyph."""
    return [Entry(str(tiles.TILES[tile]["name"]), "tile", [says], {
        "damage": None, "armour": None, "charges": None, "effects": [says], "depth": None,
        **_tile_look(tile)}) for tile, says in TERRAIN_SAYS.items()]


def describe_door(game: Game, pos: Point, door: DoorState) -> Entry:
    """A door in play as the hero knows it: its type always; its lock, break DC, opening, trap
    and key once it was seen up close."""
    name = door_rules.door_name(door)
    lines = [cap(door_rules.describe(door)) + "."]
    if not door.known:
        lines.append("You have not tried it: its lock and break DC are unknown.")
        return Entry(name, "door", lines)
    lines.append("Open." if door.is_open else "Closed.")
    lock = {"unlocked": "Not locked.", "stuck": "Stuck: it must be forced.",
            "locked": "Locked.", "broken": "Its lock is broken."}.get(door.state, door.state)
    lines.append(lock)
    if door.dc is not None and door.state != "broken":
        lines.append(f"Break DC {door.dc} (d20 + your strength {signed(game.hero.strength)}).")
    if door.reinforced and door.state != "broken":
        lines.append(DOOR_RULES[1])
    if door.sealed:
        lines.append("It opens with the key you carry." if door_rules.has_key(game, pos)
                     else f"{cap(door_rules.key_hint(game, pos))}.")
    if door.trapped and door.trap_found:
        lines.append("Trapped: opening it sets the trap off.")
    return Entry(name, "door", lines)


TRAP_DOES: Final = {
    "trapdoor": "A trapdoor gives way: you fall to the floor below (1d6 damage); on the"
                " deepest floor you climb out.",
    "teleport": "A flash of light sends you elsewhere on the floor.",
    "alarm": "An alarm shrieks: the whole floor hears it, and it rings again every time.",
}
"""What a trap does in play (game.rules.traps.spring); the hurting ones are in WOUNDS."""


def search_text() -> str:
    """What searching does, from the rule's own numbers (game.rules.traps.spot_chance)."""
    beside, two = trap_rules.spot_chance(1), trap_rules.spot_chance(2)
    return (f"Found by searching (s): each turn, {beside:.0%} from beside it, {two:.0%} from two"
            f" squares, less farther off, nothing past {trap_rules.SEARCH_RADIUS}.")


def trap_entries() -> list[Entry]:
    """Every trap kind the dressing places, as it plays."""
    entries: list[Entry] = []
    for kind in trap_kinds.KINDS.values():
        wound = trap_rules.WOUNDS.get(kind.name)
        does = (f"{wound[1]}: {wound[0]} plus half the depth." if wound is not None
                else TRAP_DOES.get(kind.name, cap(kind.effect) + "."))
        lines = [does, search_text()]
        entries.append(Entry(f"{kind.name.replace('_', ' ')} trap", "trap", lines, {
            "search_dc": kind.search_dc, "damage": wound[0] if wound else None,
            "armour": None, "charges": None, "effects": [does], "depth": None,
            "glyph": tiles.TRAP_GLYPH, "colour": list[JsonValue](tiles.TRAP_COLOUR)}))
    return entries


def describe_trap(name: str, spent: bool) -> Entry:
    """A trap in play (only found ones are ever described)."""
    entry = next(e for e in trap_entries() if e.name == f"{name.replace('_', ' ')} trap")
    state = ["It has been sprung."] if spent else ["It is set."]
    return Entry(entry.name, "trap", state + entry.lines, entry.facts)


def describe_merchant(game: Game, seller: Merchant) -> Entry:
    """A merchant: who, what it sells at what price, and how to trade."""
    from game.rules.trade import price  # the trade rules load when a merchant is named

    kind = "shopkeeper" if seller.kind == "shop" else "peddler"
    rows: dict[str, tuple[int, int]] = {}
    for ware in seller.wares:
        name = kind_of(ware.kind).name
        count, cost = rows.get(name, (0, price(game, ware)))
        rows[name] = (count + 1, cost)
    lines = [f"A {kind}: walk into them to open the shop and buy or sell (a merchant pays"
             " half the price for what you know, a fifth for what you do not)."]
    lines += [f"{name}{f' x{count}' if count > 1 else ''}: {cost} gold"
              for name, (count, cost) in sorted(rows.items(), key=lambda r: (r[1][1], r[0]))]
    return Entry(seller.name, kind, lines)


# --- everything at a spot, and the codex ---------------------------------------------------


def describe_spot(game: Game, x: int, y: int) -> list[Entry]:
    """Everything the hero knows stands at (x, y): a monster in view, the items, a chamber
    feature, a door, a found trap, stairs, and the ground itself."""
    floor = game.floor
    if not floor.in_bounds(x, y) or not floor.explored[y, x]:
        return []
    found: list[Entry] = []
    monster = floor.monster_at(x, y)
    if monster is not None and floor.visible[y, x]:
        dreamed = seen_as(game, monster)
        found.append(describe_monster(game, monster) if dreamed is None
                     else monster_entry(dreamed))
    seller = floor.merchant_at(x, y)
    if seller is not None:
        found.append(describe_merchant(game, seller))
    found += [describe_item(game, item) for item in floor.items_at(x, y)]
    feature = floor.features.get((x, y))
    if feature is not None:
        found.append(describe_feature(game, feature))
    tile = int(floor.tiles[y, x])
    door = floor.doors.get((x, y))
    if door is not None and tile != tiles.SECRET_DOOR:
        found.append(describe_door(game, (x, y), door))
    trap = floor.traps.get((x, y))
    if trap is not None and trap.found and door is None:
        found.append(describe_trap(trap.kind, trap.spent))
    stair = floor.stairs.get((x, y))
    if stair is not None:
        where = ("a dead end: they lead nowhere" if stair.dead_end
                 else f"they lead {stair.direction}")
        found.append(Entry(stair.kind.replace("_", " "), "stairs",
                           [f"Stairs of the kind '{stair.kind.replace('_', ' ')}': {where}."]))
    ground = str(tiles.TILES["name"][tiles.WALL if tile == tiles.SECRET_DOOR else tile])
    if (x, y) in floor.teleports:
        found.append(Entry("teleporter", "tile",
                           ["Step on it to be carried to its twin elsewhere on the floor."]))
    elif not found:
        found.append(Entry(ground, "tile", [f"{cap(ground)}."]))
    return found


def section(name: str) -> list[Entry]:
    """One section of the codex: "items", "monsters", "features" (chamber features, doors,
    traps and the terrain that takes you somewhere) or "talents"."""
    if name == "items":
        return [item_entry(kind) for kind in item_kinds().values()]
    if name == "monsters":
        return [monster_entry(kind) for kind in default_bestiary().kinds]
    if name == "features":
        chamber = sorted(feature_kinds().values(), key=lambda k: k.name.lower())
        return [feature_entry(kind) for kind in chamber] + door_entries() + trap_entries() \
            + terrain_entries()
    if name == "backgrounds":
        return background_entries()
    if name == "talents":
        return talent_entries()
    raise ValueError(f"no codex section {name!r}; choose from {', '.join(SECTIONS)}")

