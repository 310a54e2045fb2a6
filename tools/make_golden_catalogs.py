"""Write tests/data/catalogs.json: full catalogs of a few fixed runs covering every generator.

Run `python tools/make_golden_catalogs.py` only after a deliberate change to floors, and bump
game.version.RULES_VERSION with it: shared run codes then refuse the old version by name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game import catalog
from game.run import Run
from game.version import RULES_VERSION

RUNS = (
    ("golden-a", "1:bsp@60x40,2:power@60x40,3:cave@60x40,4:tables@60x40,5:maze@41x31(stamp=42)"),
    ("golden-b", "1-2:random@50x36,3:tables@60x40(ruleset=3.5),4:bsp@70x40(teleporter_groups=4)"),
)
TARGET = Path(__file__).resolve().parent.parent / "tests" / "data" / "catalogs.json"


def golden() -> dict[str, Any]:
    """{"rules_version": N, "catalogs": [catalog, ...]} for the fixed runs, full spoilers."""
    found = []
    for seed, plan in RUNS:
        run = Run.from_plan(seed, plan)
        found.append(catalog.catalog(run, range(1, run.last_depth + 1), "full"))
    return {"rules_version": RULES_VERSION, "catalogs": found}


if __name__ == "__main__":
    TARGET.write_text(json.dumps(golden(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {TARGET}")
