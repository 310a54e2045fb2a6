"""Golden fingerprints: a change that alters a stored floor must be deliberate.

If this fails and the change was meant, run `python tools/make_golden.py` and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from make_golden import TARGET, golden  # noqa: E402


def test_floors_match_the_golden_fingerprints() -> None:
    stored = json.loads(TARGET.read_text())
    assert golden() == stored


def test_golden_file_covers_every_generator() -> None:
    from game import generators

    assert sorted(json.loads(TARGET.read_text())) == generators.names()
