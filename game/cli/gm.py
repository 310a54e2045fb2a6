"""`run.py gm`: a game master's dungeon, the floor the game plays at one depth of a run, as a
printable HTML page (map, legend and key), the map alone as SVG, or a Universal VTT file
(.dd2vtt) a virtual tabletop imports."""

from __future__ import annotations

import argparse
import json

from game.cli.common import UsageError, write_output
from game.cli.runs import choose_run

FORMATS = ("html", "svg", "dd2vtt")


def run(args: argparse.Namespace) -> int:
    from game.export.gamefloor import run_floor

    chosen = choose_run(args)
    if chosen is None:
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    made = run_floor(chosen, args.depth, furnished=False)
    dressing = made.dressing
    assert dressing is not None
    if args.format == "html":
        from game.export.gmhtml import gm_page

        payload = gm_page(made)
    elif args.format == "svg":
        from game.export.gmmap import map_svg

        title = f"Delve - depth {made.depth}, {made.plan.generator} floor, run code {made.code}"
        payload = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                   + map_svg(made.plan, dressing, title=title).svg + "\n")
    else:
        from game.export.uvtt import to_uvtt

        payload = json.dumps(to_uvtt(made.plan, dressing), indent=1) + "\n"
    write_output(args.out, payload)
    return 0
