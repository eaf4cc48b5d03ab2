"""The one Fraction printer (results.numbers): rounded once, 2 decimals half up (004:1303-1313).

Checked against the standard library's decimal arithmetic (ROUND_HALF_UP), an
independent computation, over many fractions.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgedesk.results.numbers import decimal, fixed, number, points, real

F = Fraction


def _reference(value: Fraction) -> Decimal:
    """``value`` to 2 places, half away from zero, by Decimal division to 40 digits."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


fractions = st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1000)


@given(fractions)
def test_every_printer_rounds_the_same_way(value: Fraction) -> None:
    ref = _reference(value)
    shown = fixed(value)
    assert Decimal(shown) == ref and len(shown.split(".")[1]) == 2
    assert Decimal(points(value)) == ref
    assert Decimal(str(number(value))) == ref
    assert real(value) == float(ref)
    assert decimal(value) == ref


def test_worked_values() -> None:
    # 004:1292-1296: 10/9 of a score (factoring) prints rounded once.
    assert fixed(F(10, 9) * 7) == "7.78"
    assert [points(v) for v in (F(7), F(13, 2), F(35, 6), F(-5, 2), None)] == [
        "7", "6.5", "5.83", "-2.5", "",
    ]  # fmt: skip
    assert fixed(F(7249, 100) + F(1, 200)) == "72.50"  # the half goes up
    assert fixed(F(-1, 200)) == "-0.01"  # and away from zero
    assert points(F(-1, 1000)) == "0"  # nothing left to print but zero
    assert (number(F(5)), number(F(5, 2)), number(None)) == (5, 2.5, None)
    assert isinstance(number(F(5)), int) and real(F(99)) == 99.0
