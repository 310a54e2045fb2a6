"""Entry point: `python run.py [command]`; see game.cli."""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
