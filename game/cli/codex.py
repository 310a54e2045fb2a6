"""`run.py codex [items|monsters|features|backgrounds] [--json]`: what the game holds, as the
describe screen words it (game.codex): every item, monster, chamber feature, door type, trap
and background."""

from __future__ import annotations

import argparse
import json

from game.codex import SECTIONS, section


def run(args: argparse.Namespace) -> int:
    """One section (JSON: a list) or all of them (JSON: an object of lists)."""
    names = [args.section] if args.section else list(SECTIONS)
    found = {name: section(name) for name in names}
    if args.json:
        if args.section:
            print(json.dumps([entry.as_json() for entry in found[args.section]], indent=1))
        else:
            print(json.dumps({name: [entry.as_json() for entry in entries]
                              for name, entries in found.items()}, indent=1))
        return 0
    for number, (name, entries) in enumerate(found.items()):
        if number:
            print()
        print(f"{name.capitalize()} ({len(entries)})")
        for entry in entries:
            print()
            print(f"  {entry.name} [{entry.kind}]")
            for line in entry.lines:
                print(f"    {line}")
    return 0
