"""The high scores: plain runs, then daily runs in a table of their own (everyone plays the same
daily seed, so those runs are compared only with each other). Each entry carries its run code."""

from __future__ import annotations

import os

from game.morgue import Score, load_scores
from game.ui import intents
from game.ui.draw import MUTED, TEXT, TITLE, clip
from game.ui.widgets.text import Line, TextScreen

PROBLEM = (255, 160, 100)
HEADER = "   #  points  outcome  depth   turns  level  background  seed"


def entry_lines(scores: list[Score], width: int) -> list[Line]:
    if not scores:
        return [("  none yet", MUTED)]
    lines: list[Line] = [(HEADER, MUTED)]
    for rank, score in enumerate(scores, start=1):
        outcome = score.outcome or "left"
        lines.append((clip(f"{rank:>4}  {score.points:>6}  {outcome:<7}  {score.depth:>5}  "
                           f"{score.turns:>6}  {score.level:>5}  {score.background:<10}"
                           f"  {score.seed}", width), TEXT))
        if score.code:
            lines.append((clip(f"        code {score.code}", width), MUTED))
    return lines


class ScoresScreen(TextScreen):
    title = "High scores"
    closing = (intents.Back, intents.Confirm)

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.scores = load_scores(directory, self.problems)

    def lines(self, width: int) -> list[Line]:
        plain = [score for score in self.scores if not score.daily]
        daily = [score for score in self.scores if score.daily]
        lines: list[Line] = [(clip(text, width), PROBLEM) for text in self.problems]
        lines += [("Runs", TITLE), *entry_lines(plain, width), ("", TEXT),
                  ("Daily runs (ranked apart: the same seed for everyone that day)", TITLE),
                  *entry_lines(daily, width)]
        return lines
