"""Bit strings for run codes: fixed-width fields, truncated binary and Exp-Golomb numbers.

A run code packs its fields as tightly as their ranges allow (a choice of five takes two or three
bits, a small number a few), so codes stay short enough to read aloud. The reader is strict: it
never reads past the end and refuses numbers longer than any field can hold, so a hostile code
costs no more than its length.
"""

from __future__ import annotations

MAX_NUMBER_BITS = 80
"""No Exp-Golomb number in a code is wider than this (a float's 64 bits are the widest field)."""


class BitsError(ValueError):
    """The bits end early or hold a number no field can: the code is malformed."""


class BitWriter:
    """Bits appended most significant first, kept as one integer."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, value: int, width: int) -> None:
        """`value` in exactly `width` bits."""
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.value = (self.value << width) | value
        self.length += width

    def put_flag(self, flag: bool) -> None:
        self.put(int(flag), 1)

    def put_choice(self, index: int, count: int) -> None:
        """One of `count` values in truncated binary: floor(log2 count) or one more bits."""
        if not 0 <= index < count:
            raise ValueError(f"choice {index} is not within 0..{count - 1}")
        if count == 1:
            return
        width = count.bit_length() - 1
        short = (1 << (width + 1)) - count
        if index < short:
            self.put(index, width)
        else:
            self.put(index + short, width + 1)

    def put_number(self, value: int) -> None:
        """A whole number >= 0 in Exp-Golomb order 0: small numbers take few bits."""
        if value < 0:
            raise ValueError(f"{value} is negative")
        width = (value + 1).bit_length()
        self.put(0, width - 1)
        self.put(value + 1, width)

    def put_signed(self, value: int) -> None:
        """Any whole number, zigzagged onto 0, 1, 2 ... (0, -1, 1, -2 ...)."""
        self.put_number(2 * value if value >= 0 else -2 * value - 1)

    def put_bytes(self, data: bytes) -> None:
        for byte in data:
            self.put(byte, 8)


class BitReader:
    """Reads what a BitWriter wrote, in the same order; BitsError at the first impossible field."""

    def __init__(self, value: int, length: int) -> None:
        self.value = value
        self.length = length
        self.position = 0

    @property
    def left(self) -> int:
        return self.length - self.position

    def get(self, width: int) -> int:
        if width > self.left:
            raise BitsError("the code ends early")
        self.position += width
        return (self.value >> (self.length - self.position)) & ((1 << width) - 1)

    def get_flag(self) -> bool:
        return bool(self.get(1))

    def get_choice(self, count: int) -> int:
        if count == 1:
            return 0
        width = count.bit_length() - 1
        short = (1 << (width + 1)) - count
        value = self.get(width)
        if value < short:
            return value
        return ((value << 1) | self.get(1)) - short

    def get_number(self) -> int:
        zeros = 0
        while not self.get(1):
            zeros += 1
            if zeros > MAX_NUMBER_BITS:
                raise BitsError("a number in the code is too long")
        return ((1 << zeros) | self.get(zeros)) - 1

    def get_signed(self) -> int:
        folded = self.get_number()
        return folded // 2 if folded % 2 == 0 else -(folded + 1) // 2

    def get_bytes(self, count: int) -> bytes:
        if 8 * count > self.left:
            raise BitsError("the code ends early")
        return bytes(self.get(8) for _ in range(count))
