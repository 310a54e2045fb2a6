"""Write tests/data/fingerprints.json: the golden floors every later change is checked against.

Run `python tools/make_golden.py` only when a floor change is deliberate (and say so in the commit).
"""

from __future__ import annotations

import json
from pathlib import Path

from game import generators
from game.seeds import seed_from_text

SEEDS = ("golden-1", "golden-2", "golden-3")
SIZES = ((80, 50), (41, 31))
TARGET = Path(__file__).resolve().parent.parent / "tests" / "data" / "fingerprints.json"


def golden() -> dict[str, dict[str, str]]:
    """{generator: {"seed@WxH": fingerprint}} for fixed seeds and sizes at depth 1."""
    return {
        name: {
            f"{seed}@{w}x{h}": generators.generate_floor(
                name, seed_from_text(seed), 1, w, h
            ).fingerprint()
            for seed in SEEDS
            for w, h in SIZES
        }
        for name in generators.names()
    }


if __name__ == "__main__":
    TARGET.write_text(json.dumps(golden(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {TARGET}")
