"""Generator parameters: one mechanism (KEY=VALUE text) with defaults, ranges and clear errors."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.floorplan import ParamValue


class ParamError(ValueError):
    """A parameter was unknown or its value was bad; the message names both and the choices."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its type comes from the default; ints and floats may carry a range."""

    name: str
    default: ParamValue
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    check: Callable[[str], str] | None = None
    """For text: what is wrong with a value ("" when nothing), so a bad value is refused where
    the parameter is read (a run file, a run code), not when the floor is built."""

    def describe(self) -> str:
        kind = type(self.default).__name__
        if self.choices:
            kind = "|".join(self.choices)
        elif self.minimum is not None or self.maximum is not None:
            kind += f" {_num(self.minimum)}..{_num(self.maximum)}"
        return f"{self.name}={self.default!s} ({kind}): {self.help}"

    def parse(self, text: str) -> ParamValue:
        """Text -> value of this parameter's type, checked against its range or choices."""
        raw = text.strip()
        value: ParamValue
        if isinstance(self.default, bool):
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise ParamError(f"parameter {self.name}: {text!r} is not true or false")
        if isinstance(self.default, int):
            try:
                value = int(raw)
            except ValueError:
                raise ParamError(f"parameter {self.name}: {text!r} is not a whole number") from None
        elif isinstance(self.default, float):
            try:
                value = float(raw)
            except ValueError:
                raise ParamError(f"parameter {self.name}: {text!r} is not a number") from None
            if not math.isfinite(value):
                raise ParamError(f"parameter {self.name}: {text!r} is not a finite number")
        else:
            value = raw
            if self.choices and value not in self.choices:
                valid = ", ".join(self.choices)
                raise ParamError(f"parameter {self.name}: {text!r} is not one of {valid}")
            problem = self.check(value) if self.check is not None else ""
            if problem:
                raise ParamError(f"parameter {self.name}: {problem}")
            return value
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise ParamError(
                f"parameter {self.name}: {value} is outside {_num(low)}..{_num(high)}"
            )
        return value


def _num(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def resolve(
    specs: Sequence[Param], given: Mapping[str, str | ParamValue], owner: str
) -> dict[str, ParamValue]:
    """All parameters with defaults filled in; text values are parsed, typed values checked."""
    by_name = {p.name: p for p in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(p.name for p in specs) or "none"
        raise ParamError(f"{owner} has no parameter {unknown[0]!r}; valid: {valid}")
    values: dict[str, ParamValue] = {}
    for spec in specs:
        if spec.name in given:
            supplied = given[spec.name]
            text = str(supplied).lower() if isinstance(supplied, bool) else str(supplied)
            values[spec.name] = spec.parse(text)
        else:
            values[spec.name] = spec.default
    return values


def parse_assignments(items: Sequence[str]) -> dict[str, str]:
    """["k=v", ...] -> {"k": "v"}; a missing "=" or a repeated key is an error."""
    result: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ParamError(f"parameter {item!r} is not KEY=VALUE")
        if key in result:
            raise ParamError(f"parameter {key!r} is given twice")
        result[key] = value
    return result
