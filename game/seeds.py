"""Seeds that travel: seed text -> 64 bits, named streams, and the project's own sampling helpers.

Every random choice that reaches a floor goes through `Rng`. It draws only the raw 64-bit output of
numpy's PCG64 bit generator, whose stream numpy keeps stable across versions, and turns it into
integers, floats and choices with the arithmetic below. numpy's `Generator` distribution methods and
Python's `random` module may change their sampling between versions, so neither is used.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_BUFFER = 256
_FIRST_BUFFER = 32
_DICE = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)


def _digest(*parts: bytes) -> int:
    """Hash byte parts to 64 bits; the separator keeps ("ab","c") apart from ("a","bc")."""
    h = hashlib.blake2b(digest_size=8, person=b"delve-seed")
    for part in parts:
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return int.from_bytes(h.digest(), "big")


def seed_from_text(text: str) -> int:
    """Any run seed text -> 64 bits. Stable everywhere (never Python's `hash()`)."""
    return _digest(b"run", text.encode("utf-8"))


def derive(seed: int, *names: str | int) -> int:
    """A child seed named by `names`; independent of how much of the parent was consumed."""
    parts = [b"derive", (seed & _MASK64).to_bytes(8, "big")]
    parts += [str(name).encode("utf-8") for name in names]
    return _digest(*parts)


def water_seed(run_seed: int, name: str) -> int:
    """The stream that fixes what the water of a feature called `name` does for a whole run."""
    return derive(run_seed, "water", name)


def appearance_seed(run_seed: int) -> int:
    """The stream that deals the run's unknown item appearances (game/content/appearances.py)."""
    return derive(run_seed, "appearances")


def floor_seed(run_seed: int, depth: int, generator: str) -> int:
    """A floor's seed: (run seed, depth, generator name), so one floor can be made alone."""
    return derive(run_seed, "floor", depth, generator)


PERIOD = 2**128
"""PCG64's period: advancing by PERIOD draws leaves the stream where it was."""


def dice_mean(dice: str) -> float:
    """The average of dice text such as "2d6+1" (0 for text that is not dice): what the bot
    weighs gear by and what the describe screen compares it by."""
    match = _DICE.match(dice)
    if match is None:
        return 0.0
    bonus = int(match.group(3).replace(" ", "")) if match.group(3) else 0
    return int(match.group(1) or 1) * (int(match.group(2)) + 1) / 2 + bonus


class Rng:
    """A deterministic random stream with sampling helpers defined by this project."""

    __slots__ = ("_bits", "_buf", "_generated", "_pos", "seed")

    def __init__(self, seed: int, consumed: int = 0) -> None:
        self.seed = seed & _MASK64
        self._bits: np.random.PCG64 | None = None
        self._generated = consumed
        self._buf: list[int] = []
        self._pos = 0

    def _bitgen(self) -> np.random.PCG64:
        """The bit generator, made on the first draw: a floor forks streams that may never draw
        (no doors, no traps), and seeding is not free."""
        if self._bits is None:
            self._bits = np.random.PCG64(self.seed)
            if self._generated:
                self._bits.advance(self._generated)
        return self._bits

    @property
    def consumed(self) -> int:
        """Draws taken so far: with the seed, all a save needs (`Rng(seed, consumed)`). Counted
        modulo PERIOD, the generator's period, after which the stream repeats exactly: so the
        count a save holds has a fixed bound that no amount of play can pass."""
        return (self._generated - (len(self._buf) - self._pos)) % PERIOD

    def fork(self, name: str | int) -> Rng:
        """An independent named stream (e.g. "layout", "dressing") derived from this seed."""
        return Rng(derive(self.seed, name))

    def next64(self) -> int:
        """One raw 64-bit draw off the buffer: `below`, `coin`, `random` and `shuffle` all draw
        through here, so the buffer is refilled in one place."""
        if self._pos >= len(self._buf):
            self._refill()
        value = self._buf[self._pos]
        self._pos += 1
        return value

    def _refill(self) -> None:
        """The next buffer of draws. A short first buffer: most streams of a floor draw a few
        dozen values."""
        count = _BUFFER if self._buf else _FIRST_BUFFER
        self._buf = self._bitgen().random_raw(count).tolist()
        self._generated += count
        self._pos = 0

    def raw(self, count: int) -> NDArray[np.uint64]:
        """`count` raw draws as an array, for vectorised work (noise, shuffles of big arrays)."""
        out = np.empty(count, dtype=np.uint64)
        taken = min(count, len(self._buf) - self._pos)
        if taken:
            out[:taken] = self._buf[self._pos : self._pos + taken]
            self._pos += taken
        if taken < count:
            out[taken:] = self._bitgen().random_raw(count - taken)
            self._generated += count - taken
        return out

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by 64x64 -> 128-bit multiply (Lemire, bias < 2**-50)."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, got {n}")
        return (self.next64() * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        if high < low:
            raise ValueError(f"randint() needs low <= high, got {low}..{high}")
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def chance(self, probability: float) -> bool:
        """True with the given probability."""
        return self.random() < probability

    def coin(self) -> bool:
        """A fair coin: the top bit of one draw."""
        return self.next64() >> 63 == 1

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def weighted_index(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to its weight."""
        total = float(sum(weights))
        if total <= 0:
            raise ValueError("weighted_index() needs a positive total weight")
        target = self.random() * total
        acc = 0.0
        for index, weight in enumerate(weights):
            acc += weight
            if target < acc:
                return index
        return len(weights) - 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: item i swaps with item `below(i + 1)`, for i from the
        last down to 1."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def floats(self, shape: tuple[int, ...]) -> NDArray[np.float64]:
        """An array of uniform floats in [0, 1), vectorised."""
        count = int(np.prod(shape))
        values = (self.raw(count) >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))
        return values.reshape(shape)

    def roll(self, dice: str) -> int:
        """Roll dice text such as "1d4", "d20", "2d6+1"."""
        count, sides, bonus = parse_dice(dice)
        return sum(self.randint(1, sides) for _ in range(count)) + bonus



def dressing_rng(run_seed: int, depth: int, generator: str) -> Rng:
    """The dressing stream of one floor, a sibling of its layout stream (`floor_seed` forked
    "dressing" and "layout"): doors, contents and monsters never move a wall."""
    return Rng(floor_seed(run_seed, depth, generator)).fork("dressing")

@lru_cache(maxsize=256)
def parse_dice(dice: str) -> tuple[int, int, int]:
    """Dice text as (count, sides, bonus); ValueError if it is not dice. Cached: the tables roll
    the same few dice texts thousands of times a floor."""
    match = _DICE.match(dice)
    if match is None:
        raise ValueError(f"not dice: {dice!r} (expected e.g. 1d4, d20, 2d6+1)")
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    bonus = int(match.group(3).replace(" ", "")) if match.group(3) else 0
    if sides < 1:
        raise ValueError(f"dice need at least one side: {dice!r}")
    return count, sides, bonus
