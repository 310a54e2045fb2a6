"""Write the README's screenshots (docs/*.png) from the screen gallery (`run.py screens`).

Run `SDL_VIDEODRIVER=dummy python tools/readme_images.py` after a change to how a screen looks:
the README shows what the gallery draws, never a hand-made picture.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from game.ui import gallery, gallery_scene

DOCS = Path(__file__).resolve().parent.parent / "docs"
README_IMAGES = {"play": "map.png", "first-person": "first-person.png",
                 "labyrinth": "labyrinth.png"}
"""Gallery screen -> the README's picture of it (few and small: 80x50 cells, 800x800 pixels)."""


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        drawn = gallery.render_all(Path(scratch), *gallery_scene.MIN_SIZE, list(README_IMAGES))
        for picture in drawn:
            if picture.cuts:
                raise SystemExit(f"{picture.name} cuts text: {picture.cuts}")
            target = DOCS / README_IMAGES[picture.name]
            shutil.copyfile(Path(scratch) / f"{picture.name}.png", target)
            print(f"wrote {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
