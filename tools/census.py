"""Print the encounter census of the floors the game plays (issue 28's "encounters whole").

    python tools/census.py [--seeds 20] [--prefix census]

Dresses every floor of the default plan for seeds `<prefix>-1` .. `<prefix>-N` exactly as the
game does (`python run.py catalog --seed S --spoilers full` shows the same encounters) and prints,
per template, the share of encounters holding the template's core, their sizes, the kinds seen
and missing, and the last floor's bosses.
"""

from __future__ import annotations

import argparse

from game.census import census, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="how many seeds (default 20)")
    parser.add_argument("--prefix", default="census", help="seed text before -1, -2, ...")
    args = parser.parse_args()
    print(report(census(f"{args.prefix}-{n}" for n in range(1, args.seeds + 1))))


if __name__ == "__main__":
    main()
