"""SBF units (001:24-32): 1 mp = 1 gp = 10 sp = 100 bp."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

__all__ = ["Denomination", "to_mp"]


class Denomination(StrEnum):
    """The three colours of Swedish masterpoints, in rising value."""

    BRONZE = "bp"
    SILVER = "sp"
    GOLD = "gp"

    @property
    def per_mp(self) -> int:
        """How many points of this colour make one mp."""
        return {"bp": 100, "sp": 10, "gp": 1}[self.value]


def to_mp(points: int | Fraction, denomination: Denomination) -> Fraction:
    """Points of one colour expressed in mp (exact)."""
    return Fraction(points) / denomination.per_mp
