"""The turn loop: the player acts; if time passed, monsters act, conditions wear off, FOV updates.

It sits above both the rules (what an action does) and the ai (what monsters choose, through the
rules), so each of those imports the other one way only: ai uses rules, and neither uses this.

An exception inside an action must not leave a half-applied turn: the caller (the ui) keeps a
snapshot and restores it; see game.save (a later issue) for the crash report.
"""

from __future__ import annotations

from game.ai import monsters, tactics
from game.rules import abilities, gear, hunger, meals, stealth, talents, vaults, wandering
from game.rules.actions import Action, Alternative, Illegal, Impossible, Rest, Result, Success
from game.rules.items import underfoot
from game.rules.perform import perform
from game.world.fov import sight_radius, update_fov
from game.world.kinds import MessageKind
from game.world.model import Game

MAX_ALTERNATIVES = 4
REGEN_EVERY = 6
"""The hero heals one hit point every this many turns (a short rest, spread out)."""


def player_act(game: Game, action: Action) -> Result:
    """Perform the player's action; on success run the rest of the turn(s)."""
    if game.outcome:
        return Impossible("The run is over.")
    floor, pos = game.floor, game.player.pos
    result = perform(game, game.player, action)
    for _ in range(MAX_ALTERNATIVES):
        if not isinstance(result, Alternative):
            break
        result = perform(game, game.player, result.action)
    if game.actions is not None and not isinstance(result, Illegal):
        game.actions.append(action)  # before the turn runs on: a replay performs the same
    if isinstance(result, Success):
        moved = game.floor is not floor or game.player.pos != pos
        seen = underfoot(game) if moved and not game.outcome else ""
        if seen:  # a step, a teleport, the stairs or a fall: say what lies here
            game.log(seen)
        resting = isinstance(action, Rest)
        game.stance = stealth.stance_of(action)
        for _ in range(result.turns):
            end_turn(game, resting)
            if is_over(game):
                break
        while meals.fainted(game) and not is_over(game):  # a faint: the world goes on
            end_turn(game)
    elif isinstance(result, Impossible) and result.reason and not isinstance(result, Illegal):
        game.log(result.reason, MessageKind.SYSTEM)  # an illegal action changes nothing at all
    return result


def is_over(game: Game) -> bool:
    """The run has ended (death or victory)."""
    return bool(game.outcome)


def _look(game: Game) -> None:
    """Update the hero's sight, and say so when it first falls on a vault's treasures."""
    hidden = vaults.unseen(game.floor)
    player = game.player
    update_fov(game.floor, player.x, player.y, sight_radius(player.effects))
    vaults.glimpse(game, hidden)


def end_turn(game: Game, resting: bool = False) -> None:
    """Monsters act (twice while the player is slowed), the clock runs (a wandering check each
    turn it is due, more often while `resting`; hunger), conditions wear off, sight updates.

    Sight is updated first as well: monsters see the player where the action left them (a step
    into view, a door just opened, a teleport), not where the turn began.
    """
    _look(game)
    rounds = 2 if abilities.slowing(game.player) else 1
    for _ in range(rounds):
        game.turn += 1
        monsters.take_turns(game)
        if is_over(game):
            return
        wandering.check(game, resting)
        meals.tick(game)
        if is_over(game):
            return
    player = game.player
    abilities.hero_turn(game)
    talents.tick(game)
    if is_over(game):
        return
    healing = 0 < player.hp < player.max_hp and hunger.heals(game.hero)
    if game.turn % REGEN_EVERY == 0 and healing:
        player.hp = min(player.max_hp, player.hp + 1 + gear.total(game.hero, "regen"))
    for name in sorted(player.effects):
        player.effects[name] -= 1
        if player.effects[name] <= 0:
            del player.effects[name]
            game.log(f"You are no longer {name}.", MessageKind.BOON)
    _look(game)
    tactics.announce(game)
