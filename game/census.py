"""The encounter census: the floors the game plays, dressed over many seeds, counted.

For each template the share of its encounters that hold their core (`composer.holds_core`),
the sizes they came to and the XP against the budget; the bestiary kinds seen and missing; the
kinds that lead the last floor. `tools/census.py` prints it; the tests hold it to issue 28's
bar (most encounters whole, every kind met, several bosses).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from game import pipeline
from game.content.bestiary import default_bestiary
from game.dressing import Dressing
from game.dressing.composer import holds_core
from game.run import Run


@dataclass
class Census:
    """Counts over the floors dressed so far."""

    floors: int = 0
    encounters: Counter[str] = field(default_factory=Counter)
    whole: Counter[str] = field(default_factory=Counter)
    sizes: dict[str, Counter[int]] = field(default_factory=dict)
    over: Counter[str] = field(default_factory=Counter)
    """Encounters whose XP came to more than 1.25 times their budget (a core bought whole)."""
    kinds: Counter[str] = field(default_factory=Counter)
    bosses: Counter[str] = field(default_factory=Counter)

    def add(self, dressing: Dressing) -> None:
        bestiary = default_bestiary()
        self.floors += 1
        for e in dressing.encounters:
            self.encounters[e.template] += 1
            self.whole[e.template] += holds_core(e.template, e.monsters, bestiary)
            self.sizes.setdefault(e.template, Counter())[len(e.monsters)] += 1
            self.over[e.template] += e.xp > 1.25 * e.budget
            self.kinds.update(m.kind for m in e.monsters)
            self.bosses.update(m.kind for m in e.monsters if m.boss)

    @property
    def whole_share(self) -> float:
        """The share of all encounters that hold their template's core."""
        total = sum(self.encounters.values())
        return sum(self.whole.values()) / total if total else 0.0

    @property
    def missing(self) -> list[str]:
        """Bestiary kinds no encounter placed, in the bestiary's order."""
        return [k.key for k in default_bestiary().kinds if k.key not in self.kinds]


def played_floors(run: Run) -> Iterable[Dressing]:
    """Each floor of the run dressed as the game dresses it (a party of one, the boss on the
    last floor): the dressing `game.world.build.build_floor` furnishes."""
    for recipe in run.recipes:
        plan = pipeline.layout(recipe, run.seed_hash)
        yield pipeline.dress(recipe, plan, run.seed_hash, boss=recipe.depth == run.last_depth)


def census(seeds: Iterable[str]) -> Census:
    """The census of the default plan's floors for these seeds."""
    found = Census()
    for seed in seeds:
        for dressing in played_floors(Run(seed)):
            found.add(dressing)
    return found


def report(found: Census) -> str:
    """The census as text: a line a template, then kinds and bosses."""
    lines = [f"{found.floors} floors, {sum(found.encounters.values())} encounters, "
             f"{found.whole_share:.1%} hold their template's core"]
    for template in sorted(found.encounters):
        count = found.encounters[template]
        sizes = ", ".join(f"{n}x{c}" for n, c in sorted(found.sizes[template].items()))
        lines.append(f"  {template:21} {count:5}  core {found.whole[template] / count:6.1%}"
                     f"  over budget {found.over[template] / count:6.1%}  sizes {sizes}")
    kinds = len(default_bestiary().kinds)
    lines.append(f"kinds seen {kinds - len(found.missing)} of {kinds}; "
                 f"missing: {', '.join(found.missing) or 'none'}")
    rare = sorted(found.kinds.items(), key=lambda item: (item[1], item[0]))[:8]
    lines.append("rarest: " + ", ".join(f"{kind} {count}" for kind, count in rare))
    lines.append("last floor's boss: " + ", ".join(
        f"{kind} {count}" for kind, count in sorted(found.bosses.items())))
    return "\n".join(lines)
