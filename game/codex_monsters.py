"""The monster codex: each bestiary kind as the game plays it, and a monster in play.

Every number is the one play uses: the kind is built as a floor builds it (`build.monster_from`:
hit points on the game's scale, speed in energy against the hero's NORMAL_SPEED), never read
raw from the bestiary. Abilities (game.rules.abilities) are told in words with their numbers.
"""

from __future__ import annotations

from typing import Final

from game.ai import monsters as minds
from game.codex_text import (
    Entry,
    JsonValue,
    cap,
    depth_text,
    dice_text,
    json_value,
    other_fields,
    signed,
)
from game.content.bestiary import Ability, MonsterKind, default_bestiary
from game.rules import abilities, combat
from game.words import health_word
from game.world.build import monster_from
from game.world.model import NORMAL_SPEED, Actor, Game

ROLE_DOES: Final = {
    "minion": "Dies to any hit; minions come in swarms.",
    "soldier": "Closes in and fights hand to hand.",
    "brute": "Closes in and hits hard.",
    "artillery": "Keeps its distance and shoots; when you close in it gives ground once, then"
                 " stands and fights.",
    "controller": f"Keeps its distance and hexes you: slowed, confused or webbed for"
                  f" {minds.SPELL_TURNS} turns (a saving throw resists), again after"
                  f" {minds.SPELL_RECHARGE} of its turns; otherwise it shoots.",
    "leader": f"Hangs back behind its troops and bolsters those within {minds.BOLSTER_RANGE}"
              f" squares (+{combat.BOLSTER_BONUS} to hit).",
    "skirmisher": "Strikes, then steps back before striking again.",
    "solo": "Guards its den until disturbed, then hunts.",
}
FLEES: Final = f"Flees when below {round(minds.FLEE_BELOW * 100)}% of its hit points."

MONSTER_WORDS: Final = frozenset({"role", "depth_min", "depth_max", "hp", "ac", "attack",
                                  "damage", "speed", "xp", "opens_doors", "range",
                                  "abilities"})


def speed_text(speed: int) -> str:
    pace = "slower than you" if speed < NORMAL_SPEED else (
        "as fast as you" if speed == NORMAL_SPEED else "faster than you")
    return f"Speed {speed} ({pace}: {speed} moves to your {NORMAL_SPEED})."


def monster_effects(role: str, reach: int) -> list[str]:
    """Its special attacks and ways of fighting, as sentences."""
    effects = [ROLE_DOES.get(role, f"Fights as a {role}.")]
    if reach > 1:
        effects.append(f"Attacks from up to {reach} squares (-2 to hit for every"
                       f" {combat.LONG_RANGE} squares of distance).")
    if role not in ("minion", "solo"):
        effects.append(FLEES)
    return effects


def ability_text(found: Ability, reach: int = 1) -> str:
    """One ability in words a player understands, with its numbers."""
    every = f", every {found.cooldown} turns" if found.cooldown else ""
    save = "a saving throw resists"
    match found.use:
        case "breath":
            words = abilities.BREATH_WORDS.get(found.element, found.element)
            return (f"Breathes {words} in a {found.shape}, {found.range} squares, damage"
                    f" {dice_text(found.damage)}{every}: it draws breath the turn before (out of"
                    f" its sight or range you escape), and a saving throw halves it.")
        case "regenerate":
            return f"Regenerates {found.amount} hit points every turn."
        case "poison":
            return (f"Its blows poison you for {found.turns} turns: 1 hit point a turn, more"
                    f" while the poison is fresh (+1 for every {abilities.POISON_STEP} turns"
                    f" left).")
        case "web":
            return (f"Spits a web up to {found.range} squares: webbed for {found.turns} turns"
                    f" ({save}){every}.")
        case "summon":
            name = default_bestiary().get(found.kind).name.lower()
            return (f"Calls up {found.count} {name}s when it sees you within {found.range}"
                    f" squares{every} (at most {2 * found.count} about it; they are worth no"
                    f" experience).")
        case "steal":
            return (f"Snatches up to {found.amount} gold from beside you and runs; kill it to"
                    f" get the gold back.")
        case "gaze":
            return (f"Its gaze, up to {found.range} squares, stiffens your limbs for"
                    f" {found.turns} turns (petrifying: slowed; {save}){every}; past"
                    f" {abilities.STONE_AT} turns of it you turn partly to stone (1/"
                    f"{abilities.STONE_SHARE} of your hit points). Break its line of sight.")
        case "charge":
            return (f"Charges in a straight line from up to {found.range} squares and strikes"
                    f" at +{abilities.CHARGE_BONUS} to hit{every}.")
        case "blink":
            how = ("Blinks up to {r} squares away when you come beside it" if reach > 1 else
                   "Blinks to your side from up to {r} squares away")
            return how.format(r=found.range) + f"{every}."
        case "fear":
            return (f"Its dread, within {found.range} squares, makes you afraid for"
                    f" {found.turns} turns (-{abilities.FEAR_PENALTY} to hit; {save}){every}.")
        case "heal":
            return (f"Mends itself or an ally within {found.range} squares below"
                    f" {round(abilities.HEAL_BELOW * 100)}% of its hit points for"
                    f" {dice_text(found.heal)}{every}.")
        case "howl":
            return (f"Howls to wake every sleeping or wandering monster within {found.range}"
                    f" squares{every}.")
        case "drain":
            return f"Drinks {found.percent}% of the damage its blows deal as hit points."
        case "heads":
            return f"Bites with {found.count} heads: {found.count} attacks a turn beside you."
    return f"{cap(found.use)}."


def ability_facts(found: Ability, reach: int = 1) -> dict[str, JsonValue]:
    """An ability for `codex --json`: its name, its parameters (those it has) and its words."""
    facts: dict[str, JsonValue] = {"use": found.use}
    for name in ("shape", "range", "damage", "heal", "element", "turns", "amount", "kind",
                 "count", "percent", "cooldown"):
        value = getattr(found, name)
        if value:
            facts[name] = json_value(value)
    facts["text"] = ability_text(found, reach)
    return facts


def as_played(kind: MonsterKind) -> Actor:
    """The kind made into a monster as a floor makes it (not an elite)."""
    return monster_from(kind, 0, (0, 0), elite=False)


def monster_entry(kind: MonsterKind) -> Entry:
    """A monster kind, as the codex and the describe screen show it: the numbers of play."""
    actor = as_played(kind)
    effects = monster_effects(kind.role, actor.reach)
    told = [ability_text(a, actor.reach) for a in kind.abilities]
    lines = [
        f"{cap(kind.role)}, {depth_text((kind.depth_min, kind.depth_max))}.",
        f"Hit points {actor.hp}, armour class {actor.ac}, {signed(actor.attack)} to hit,"
        f" damage {dice_text(actor.damage)}.",
        speed_text(actor.speed),
        *effects,
        *told,
        "Opens doors." if actor.opens_doors else "Cannot open doors.",
        f"Worth {actor.xp} experience.",
    ]
    extra_lines, extra = other_fields(kind, MONSTER_WORDS)
    facts: dict[str, JsonValue] = {
        "key": kind.key, "hp": actor.hp, "armour": actor.ac, "to_hit": actor.attack,
        "damage": actor.damage, "speed": actor.speed, "xp": actor.xp,
        "opens_doors": actor.opens_doors, "charges": None, "effects": list[JsonValue](effects),
        "depth": [kind.depth_min, kind.depth_max],
        "abilities": [ability_facts(a, actor.reach) for a in kind.abilities],
        "glyph": kind.glyph, "colour": list[JsonValue](kind.colour),
    }
    if actor.reach > 1:
        facts["range"] = actor.reach
    return Entry(kind.name, kind.role, lines + extra_lines, {**facts, **extra})


def describe_monster(game: Game, actor: Actor) -> Entry:
    """A monster in play: its own numbers (an elite has more), health, what it is doing, its
    abilities and when each is ready again."""
    del game
    conditions = ", ".join(f"{name} ({turns} turns)"
                           for name, turns in sorted(actor.effects.items()))
    part = f", {actor.part} of a {actor.tactic} group" if actor.part and actor.tactic else ""
    told = []
    for found in abilities.abilities_of(actor):
        wait = actor.cooldowns.get(found.use, 0)
        told.append(ability_text(found, actor.reach)
                    + (f" (ready in {wait} turns)" if wait > 0 else ""))
    lines = [
        f"{cap(health_word(actor))} ({actor.hp}/{actor.max_hp} hit points), {actor.mode}"
        f"{part}.",
        *([f"Conditions: {conditions}."] if conditions else []),
        f"{cap(actor.role)}. Armour class {actor.ac}, {signed(actor.attack)} to hit,"
        f" damage {dice_text(actor.damage)}.",
        speed_text(actor.speed),
        *monster_effects(actor.role, actor.reach),
        *told,
        *([f"It carries {actor.carried} gold stolen from you."] if actor.carried else []),
        "Opens doors." if actor.opens_doors else "Cannot open doors.",
        f"Worth {actor.xp} experience.",
    ]
    return Entry(actor.name, actor.role, lines)
