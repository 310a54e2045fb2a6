"""The state of the table walk: the site being dug, its dice, and the walk's bookkeeping.

The jobs of the walk work on a `Dungeon`: `corridors` grows open ends, `chambers` places
chambers, `exits` adds exits and stairs and finds the way down, `cleanup` tidies dead ends, and
`walk` lays the entrance and runs the loop.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from game.generators.tables.rolls import StructureRolls, structure_rolls
from game.generators.tables.shapes import Outline
from game.generators.tables.site import Site
from game.seeds import Rng
from game.tables import TableSet

STRUCTURE: Final = frozenset(
    {"chambers", "chamber_exits", "exit_kind", "stairs", "chamber_contents"}
)
"""The tables rolled on the layout stream; doors, features and encounter templates are not."""


class OpenEnd(NamedTuple):
    """An open end waiting to be grown: `i` the flat index of its last dug tile and `d` the way
    on. An exit's own tile (a chamber's door or opening, a door in a corridor's side) is walled
    up again if no corridor can start beyond it; `chamber` owns it if it is a chamber's exit
    (else -1), and such an exit is waiting (`Dungeon.waiting`) until it is grown or moved."""

    i: int
    d: int
    exit: bool = False
    chamber: int = -1


class EndQueue:
    """Open ends, grown first in, first out: the dungeon spreads out from the entrance a piece
    at a time, each end grown in the order the pieces before it left it, as the method grows
    "a corridor attached to every open exit" in turn. Ends taken stay listed (so the order of
    all ends is kept); `pending` are those not yet taken."""

    def __init__(self) -> None:
        self.ends: list[OpenEnd] = []
        self.taken = 0

    def append(self, end: OpenEnd) -> None:
        self.ends.append(end)

    def pop(self) -> OpenEnd:
        """The oldest end not yet taken (IndexError when there is none)."""
        end = self.ends[self.taken]
        self.taken += 1
        return end

    def pending(self) -> list[OpenEnd]:
        return self.ends[self.taken :]

    def clear(self) -> None:
        self.ends, self.taken = [], 0

    def __len__(self) -> int:
        return len(self.ends) - self.taken


class Dungeon(Site):
    """The site being dug, the walk's dice and tables, its queue of open ends, and what the
    dressing pass is handed: contents, encounter spots, the stairs rolled."""

    def __init__(self, rng: Rng, width: int, height: int, tables: TableSet) -> None:
        super().__init__(width, height)
        self.rng = rng
        self.tables = tables
        self.rolls: StructureRolls = structure_rolls(tables, STRUCTURE)
        self.queue = EndQueue()
        self.unused: list[list[OpenEnd]] = []  # per chamber: its exits queued, in order
        self.waiting: dict[int, OpenEnd] = {}  # chambers' exits queued and not yet grown or moved
        self.closed = EndQueue()  # corridor ends that stopped: a rescue may reopen one
        self.roomy: list[int] = []  # chambers that may still have room for a rescue's exit
        self.contents: dict[int, dict[str, int | bool]] = {}
        self.spots: list[int] = []
        self.stairs: list[dict[str, int | str | bool]] = []
        self.monsters = 0
        self.pieces = 0
        self.arrival = 0

    def push(self, end: OpenEnd) -> None:
        """Queue an open end; a chamber's exit waits until it is grown or moved."""
        self.queue.append(end)
        if end.chamber >= 0:
            self.unused[end.chamber].append(end)
            self.waiting[end.i] = end

    def central(self, size: int, total: int) -> int:
        """A start for `size` tiles in `total`, in the middle half when there is slack."""
        slack = total - size
        return self.rng.randint(slack // 4, slack - slack // 4)

    def add_chamber(self, x0: int, y0: int, floor: Outline) -> int:
        """A chamber on the site, with no exits waiting yet."""
        cid = super().add_chamber(x0, y0, floor)
        self.unused.append([])
        self.roomy.append(cid)
        return cid

    def exit_is_door(self) -> bool:
        """A roll on Exit kind: a door, or an opening a corridor leads on from."""
        return self.rolls.roll("exit_kind", self.rng)[0].fields["kind"] == "door"
