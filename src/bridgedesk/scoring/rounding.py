"""Rounding at the end, by the federation's rule (JCBL: 2 decimals, half up, 004:1303-1306)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def round_half_up(value: Fraction, places: int = 2) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero.

    >>> round_half_up(Fraction(1, 8)), round_half_up(Fraction(-1, 8))
    (Fraction(13, 100), Fraction(-13, 100))
    """
    return Fraction(units_half_up(value, places), 10**places)


def units_half_up(value: Fraction, places: int = 2) -> int:
    """``value`` rounded to ``places`` decimals, halves away from zero, as a whole number
    of 10 ** -places (:func:`round_half_up` x 10 ** places): compared and sorted as
    whole numbers.

    >>> units_half_up(Fraction(1, 8)), units_half_up(Fraction(-1, 8))
    (13, -13)
    """
    # in whole numbers: |value| x scale = whole + rest / denominator
    whole: int
    rest: int
    whole, rest = divmod(abs(value.numerator) * 10**places, value.denominator)
    if 2 * rest >= value.denominator:
        whole += 1
    return whole if value.numerator >= 0 else -whole


def to_decimal(value: Fraction, places: int = 2) -> Decimal:
    """A rounded value as a Decimal with exactly ``places`` decimals, for display."""
    r = round_half_up(value, places)
    return (Decimal(r.numerator) / Decimal(r.denominator)).quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP
    )


def round_to(value: Fraction, step: int) -> int:
    """``value`` rounded to the nearest multiple of ``step``, halves away from zero."""
    q = abs(value) / step
    whole = int(q)
    if q - whole >= Fraction(1, 2):
        whole += 1
    return whole * step if value >= 0 else -whole * step
