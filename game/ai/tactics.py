"""Encounters that fight as their template says, on top of the shared per-turn Dijkstra maps.

A monster placed by an encounter knows its tactic and its part in it (game.world.model.Actor:
`tactic`, `part`, `home`, `band`). `act` gives the part its turn, or hands it back to the role
behaviour (game.ai.monsters) when the tactic has nothing special to do:
- hamper (Battlefield Control): the controller keeps its distance and webs the hero; its strikers
  wait out of reach until the hero is hampered (or the controller is gone), then close in;
- screen (Commander and Troops) and lair (the boss): troops stay within a few tiles of their
  commander, between it and the hero; the commander hangs back (the leader role) and bolsters them;
- den (Beast's Den) and the boss: the beast chases only while the hero stays near its den, then
  walks home and settles to guard it again;
- lines (Battle Lines): the melee line keeps near its archers; an archer with no melee between it
  and the hero steps back;
- flank (Wolf Pack): near the hero, one wolf holds while the others circle to its opposite side;
  they strike once flanked (or when patience runs out).
Routs and scatters happen when a monster dies (game.rules.morale). Everything here reads the
turn's maps and the encounter's members (TurnMaps.band): no monster floods a map of its own.
"""

from __future__ import annotations

from collections import Counter

from game.ai.maps import TurnMaps
from game.ai.steps import away, step_to, toward
from game.floorplan import Point, king_distance
from game.rules import combat
from game.rules.items import plural
from game.words import article
from game.world.kinds import MessageKind, Mode
from game.world.model import Actor, Game

HAMPERING = combat.HAMPERING
"""Conditions that leave the hero hampered: the strikers' signal to close in (and, by the
rules, an armour class penalty: combat.HAMPERED_PENALTY)."""
STRIKE_RANGE = 2
"""Strikers wait this far from an unhampered hero."""
KEEP_OFF = STRIKE_RANGE
"""A controller with strikers steps back from a hero nearer than this; from farther it casts or
shoots (every step back is a turn not spent hampering)."""
SCREEN_RANGE = 3
"""Troops keep within this many tiles of their commander."""
LINE_RANGE = 2
"""The melee line keeps within this many tiles of its nearest archer."""
LEASH = 8
"""A beast chases only while the hero is within this many tiles of its den."""
FLANK_RANGE = 3
"""Within this many tiles of the hero, a wolf circles instead of coming straight on."""
STALK_TURNS = 3
"""A wolf at the hero's side waits this long for a packmate on the far side, then strikes."""
STALK_RESET = 20


def act(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """The part's turn; False hands it to the role behaviour. `reach` is the distance to the
    hero."""
    match monster.part:
        case "controller":
            return _controller(game, monster, maps, reach)
        case "striker":
            return _striker(game, monster, maps, reach)
        case "troop":
            leaders = [m for m in maps.band(monster.group) if m.part in ("commander", "boss")]
            return bool(leaders) and _screen(game, monster, maps, reach, leaders[0].pos,
                                             SCREEN_RANGE)
        case "melee":
            archers = [m for m in maps.band(monster.group) if m.part == "archer"]
            if not archers:
                return False
            nearest = min(archers, key=lambda m: (king_distance(m.pos, monster.pos), m.id))
            return _screen(game, monster, maps, reach, nearest.pos, LINE_RANGE)
        case "archer":
            return _archer(game, monster, maps, reach)
        case "beast" | "boss":
            return _leashed(game, monster, maps, reach)
        case "wolf":
            return _wolf(game, monster, maps, reach)
    return False


def hampered(hero: Actor) -> bool:
    return combat.hampered(hero)


def _controller(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """Back away from a hero closer than its casting distance while strikers still guard it."""
    strikers = any(m.part == "striker" and m.mode != Mode.FLEE for m in maps.band(monster.group))
    return strikers and reach < KEEP_OFF and away(game, monster, maps)


def _striker(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """Hold at arm's length until the hero is hampered; fight back when the hero comes close.
    With no controller left to hamper the hero (slain, or none on the first floor) there is
    nothing to wait for: it fights as its role does (it used to dance at two squares for ever)."""
    ready = [m for m in maps.band(monster.group)
             if m.part == "controller" and "recharging" not in m.effects]
    if reach <= 1 or hampered(game.player) or not ready:
        return False  # hampered, or hexed once already: the wait is over, it fights
    return reach <= STRIKE_RANGE  # wait here (its turn is spent watching)


def _screen(game: Game, monster: Actor, maps: TurnMaps, reach: int, anchor: Point,
            leash: int) -> bool:
    """Close in on the hero only as far as `leash` tiles from `anchor`; otherwise hold."""
    if reach <= 1:
        return False
    if king_distance(monster.pos, anchor) > leash:
        return step_to(game, monster, anchor, maps) or toward(game, monster, maps)
    toward(game, monster, maps, (anchor, leash))
    return True


def _archer(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """With no melee nearer the hero than itself, step back behind the line; out of range,
    come on no faster than the line does."""
    melee = [m for m in maps.band(monster.group) if m.part == "melee"]
    if not melee or reach <= 1:
        return False
    hero = game.player.pos
    front = min(king_distance(m.pos, hero) for m in melee)
    if front >= reach:
        return away(game, monster, maps)
    in_range = reach <= monster.reach and bool(game.floor.visible[monster.y, monster.x])
    return front == reach - 1 and not in_range  # one more step would bring it level: wait


def _leashed(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """Chase only while the hero is near the den; else walk home and settle there."""
    home = monster.home
    if home is None or reach <= 1 or king_distance(game.player.pos, home) <= LEASH:
        return False
    if "provoked" in monster.effects:
        return False  # struck from beyond its den: it leaves its post to hunt the attacker
    if monster.pos != home:
        step_to(game, monster, home, maps)  # blocked: it waits, and fights if the hero comes
    if monster.pos == home:
        monster.mode = Mode.GUARD
        if game.floor.visible[monster.y, monster.x]:
            game.log(f"The {monster.name} settles back in its den.", MessageKind.INFO)
    return True


def _wolf(game: Game, monster: Actor, maps: TurnMaps, reach: int) -> bool:
    """Circle to the side opposite a packmate already at the hero before striking."""
    if reach > FLANK_RANGE:
        return False
    hero = game.player.pos
    pack = [m for m in maps.band(monster.group) if m.mode == Mode.HUNT and m.part == "wolf"]
    beside = sorted((m for m in pack if king_distance(m.pos, hero) == 1), key=lambda m: m.id)
    if len(pack) < 2:
        return False
    if reach == 1 and any(_opposite(monster.pos, m.pos, hero) for m in beside):
        combat.attack(game, monster, game.player)  # flanked: strike, and hold the flank
        return True
    anchor = next((m for m in beside if m is not monster), None)
    if reach == 1 and (anchor is None or anchor.id > monster.id):
        return _stalk(monster)  # the first at the hero's side holds for the others
    if anchor is None:
        return False  # nobody at the hero yet: come on
    far = (2 * hero[0] - anchor.x, 2 * hero[1] - anchor.y)
    if step_to(game, monster, far, maps):
        return True
    return reach > 1 or _stalk(monster)


def _stalk(monster: Actor) -> bool:
    """Hold (True) for STALK_TURNS, then strike (False) until STALK_RESET turns have passed."""
    if "stalked" not in monster.effects:
        monster.effects["stalked"] = STALK_RESET
        monster.effects["stalking"] = STALK_TURNS
    return "stalking" in monster.effects


def _opposite(a: Point, b: Point, centre: Point) -> bool:
    """Whether a and b stand on opposite sides of centre (more than a right angle apart)."""
    return (a[0] - centre[0]) * (b[0] - centre[0]) + (a[1] - centre[1]) * (b[1] - centre[1]) < 0


# --- naming an encounter at first sight ---------------------------------------------------------

NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")


def announce(game: Game) -> None:
    """Name each encounter the first time one of its members comes into the hero's sight (in id
    order, as monsters act: the log does not depend on the order of the floor's list)."""
    floor = game.floor
    visible = floor.visible
    new = [m for m in floor.monsters
           if not m.sighted and m.group >= 0 and visible[m.y, m.x]]  # few: sort only these
    for monster in sorted(new, key=lambda m: m.id):
        if monster.sighted:
            continue  # named with an earlier member of its encounter
        band = sorted((m for m in floor.monsters if m.group == monster.group),
                      key=lambda m: m.id)
        for member in band:
            member.sighted = True
        game.log(f"You face {describe(monster.tactic, band)}!", MessageKind.DANGER)


def describe(tactic: str, band: list[Actor]) -> str:
    """What the hero faces, in the words of its tactic: "a kobold war band, led by a kobold
    chieftain"; "a wolf pack: six jackals". Troops with no one leading them are just counted
    ("three cave rats", not "a cave rat war band")."""
    parts: dict[str, list[str]] = {}
    for member in band:
        parts.setdefault(member.part, []).append(member.name)
    everyone = _count([m.name for m in band])
    match tactic:
        case "screen" | "lair" if "troop" in parts and ("commander" in parts or "boss" in parts):
            lead = parts.get("commander", parts.get("boss", []))
            return f"{article(parts['troop'][0])} war band, led by {_count(lead)}"
        case "hamper" if "controller" in parts and "striker" in parts:
            return f"{_count(parts['controller'])} with {_count(parts['striker'])}"
        case "den":
            return f"{everyone}, guarding its den"
        case "lines" if "melee" in parts and "archer" in parts:
            return f"battle lines: {_count(parts['melee'])} before {_count(parts['archer'])}"
        case "flank":
            return f"a wolf pack: {everyone}"
    return everyone


def _count(names: list[str]) -> str:
    """"a goblin guard and three kobold whelps" (kinds in order of first appearance)."""
    counted = Counter(names)
    words = [f"{NUMBERS[n] if n < len(NUMBERS) else n} {plural(name)}" if n > 1
             else article(name) for name, n in counted.items()]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
