"""Exact-to-printed rounding shared by the federation rule sets.

Everything inside the rule sets is a :class:`fractions.Fraction`; these helpers
turn a final value into what the federation prints, once.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

__all__ = ["ceil_int", "jcbl_round", "to_fraction"]


def to_fraction(value: int | str | Fraction | Decimal) -> Fraction:
    """An exact fraction from an int, a decimal string, a Fraction or a Decimal."""
    if isinstance(value, Fraction):
        return value
    return Fraction(value)


def jcbl_round(value: Fraction) -> Decimal:
    """JCBL rounding (000:473-476): 2 decimals, half up; below 0.01 truncated to 0.

    ``value`` is a non-negative exact masterpoint value.  A value below 0.01 is not
    rounded up to 0.01 but cut to 0.00 (no award).
    """
    if value < 0:
        raise ValueError(f"masterpoints cannot be negative, got {value}")
    if value < Fraction(1, 100):
        return Decimal("0.00")
    hundredths = math.floor(value * 100 + Fraction(1, 2))
    return Decimal(hundredths).scaleb(-2).quantize(Decimal("0.01"))


def ceil_int(value: Fraction) -> int:
    """SBF rounding: every decimal is rounded up to a whole number."""
    return math.ceil(value)
