"""How far apart two colours look, to a typical eye and to a colour-blind one.

The map tells monsters apart by letter and colour, so two kinds that share a letter must differ
in colour by enough to see at a glance, also for the one player in twelve who is colour-blind.
Here lives the measure: sRGB to CIELAB (D65), the CIEDE2000 colour difference (Sharma, Wu and
Dalal 2005, "The CIEDE2000 color-difference formula: implementation notes, supplementary test
data, and mathematical observations", Color Res. Appl. 30(1)), and dichromat vision simulated
with the severity-1.0 matrices of Machado, Oliveira and Fernandes 2009 ("A physiologically-based
model for simulation of color vision deficiency", IEEE TVCG 15(6)), applied in linear RGB.
Pure functions on RGB triples; nothing here draws.
"""

from __future__ import annotations

import math
from typing import Final

Colour = tuple[int, int, int]

DISTINCT: Final = 20.0
"""The least CIEDE2000 difference at which two kinds sharing a letter are told apart."""

MACHADO: Final[dict[str, tuple[tuple[float, float, float], ...]]] = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. 2009, severity 1.0 (protanopia, deuteranopia, tritanopia), on linear RGB."""
VIEWS: Final = ("normal", "protan", "deutan", "tritan")

_WHITE: Final = (0.95047, 1.0, 1.08883)
"""The D65 white point in XYZ."""


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> float:
    c = min(1.0, max(0.0, linear))
    return 255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(colour: Colour, view: str) -> tuple[float, float, float]:
    """The colour as a dichromat of `view` sees it (normal: unchanged), as sRGB 0..255."""
    if view == "normal":
        return float(colour[0]), float(colour[1]), float(colour[2])
    rgb = [_linear(c) for c in colour]
    r, g, b = (_encoded(sum(m * c for m, c in zip(row, rgb, strict=True)))
               for row in MACHADO[view])
    return r, g, b


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour with channels 0..255."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / _WHITE[0]
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / _WHITE[1]
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / _WHITE[2]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) <= 180:
            h_mean /= 2
        elif h1p + h2p < 360:
            h_mean = (h_mean + 360) / 2
        else:
            h_mean = (h_mean - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2
                     + r_t * (dc / s_c) * (dhh / s_h))


def difference(first: Colour, second: Colour, view: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen by `view` (one of VIEWS)."""
    return ciede2000(lab(simulate(first, view)), lab(simulate(second, view)))


def worst(first: Colour, second: Colour, views: tuple[str, ...]) -> tuple[float, str]:
    """The smallest difference over `views`, and the view it falls in."""
    return min((difference(first, second, view), view) for view in views)
