"""`run.py snapshot`: the screen a player would see after the bot's turns, as a PNG, no window."""

from __future__ import annotations

import argparse

from game.cli.common import UsageError, chosen_background, write_output
from game.cli.runs import choose_run


def run(args: argparse.Namespace) -> int:
    """Draw the map or first-person view with the project tileset and write it to --out."""
    from game.ui import render

    chosen = choose_run(args)
    if chosen is None:
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    if args.turns:
        from game.bot import autoplay

        game, _ = autoplay.play(chosen, args.turns, background=chosen_background(args))
    else:  # the first frame: no turn to play, so neither the bot nor the rules it plays by load
        from game.world.dungeon import new_game

        game = new_game(chosen, chosen_background(args))
    if args.view == "map":
        image = render.play_png(game)
    else:
        from game.ui import firstperson

        facing = firstperson.initial_facing(game.floor, game.player.pos)
        image = firstperson.firstperson_png(game, facing, style=args.style)
    write_output(args.out, image)
    print(f"wrote {args.out}: depth {game.depth}, turn {game.turn}")
    return 0
