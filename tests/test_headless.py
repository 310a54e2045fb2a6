"""The engine never imports the window: generators, checks, stats and exports run headless.

`import tcod` loads all of tcod's modules, so the test cannot look for `tcod.context`; it checks
that no `game.ui` module is loaded and runs every generator and export with SDL told to use a
video driver that does not exist, so any window or renderer would fail.
"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import sys
import game.cli, game.layout_checks, game.stats, game.cli.bench, game.cli.parser
from game import generators
from game.export import floorjson, hexmaze, png
for name in generators.names():
    plan = generators.generate_floor(name, 1, 1, 40, 30)
    png.floor_png(plan)
    floorjson.floor_to_dict(plan, "s", 1)
print(",".join(m for m in sys.modules if m.startswith("game.ui")) or "none")
"""


def test_no_window_module_is_loaded() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout.strip() == "none"
