"""The one way a scored Fraction is printed (004:1303-1313: rounded once, 2 decimals half up).

Every writer (text, JSON, CSV, PBN, USEBIO, HTML) prints points, totals and
percentages through these four functions, so one value never prints two ways:

* :func:`points` -- a board's points as short as exact: ``7``, ``6.5``, ``5.83``;
* :func:`fixed` -- totals and percentages with exactly ``places`` decimals: ``72.50``;
* :func:`number` -- a JSON number: an int when whole after rounding, else a float;
* :func:`real` -- a JSON number that always shows its decimals (``99.0``);
* :func:`decimal` -- a :class:`~decimal.Decimal` with ``places`` decimals (text columns).

``None`` (nothing to print: not played, no percentage) prints as ``""`` (or
``None`` in JSON).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bridgedesk.scoring.rounding import round_half_up, to_decimal


def fixed(value: Fraction | int | None, places: int = 2) -> str:
    """``value`` with exactly ``places`` decimals, rounded once half up (``72.50``)."""
    if value is None:
        return ""
    rounded = round_half_up(Fraction(value), places)
    scaled = rounded * 10**places
    n = scaled.numerator
    sign = "-" if n < 0 else ""
    whole, frac = divmod(abs(n), 10**places)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


def points(value: Fraction | int | None, places: int = 2) -> str:
    """Points as printed on a traveller: ``7``, ``6.5``, ``5.83`` (rounded once, half up)."""
    if value is None:
        return ""
    text = fixed(value, places)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def number(value: Fraction | int | None, places: int = 2) -> int | float | None:
    """A JSON number: rounded once; an int when whole (``5``), else a float (``2.5``)."""
    if value is None:
        return None
    rounded = round_half_up(Fraction(value), places)
    return int(rounded) if rounded.denominator == 1 else float(rounded)


def real(value: Fraction | int | None, places: int = 2) -> float | None:
    """A JSON number that always shows its decimals (``99.0``): totals and VPs over sessions."""
    n = number(value, places)
    return None if n is None else float(n)


def decimal(value: Fraction | int, places: int = 2) -> Decimal:
    """A Decimal with exactly ``places`` decimals, for aligned text columns."""
    return to_decimal(Fraction(value), places)


__all__ = ["decimal", "fixed", "number", "points", "real"]
