"""SBF master classes and stars (001:67-132).

A class needs a total in mp and a share of it in silver or gold.  Where the table
allows it, 20 bp may count as 1 sp (``*``) and 20 sp as 1 gp (``**``); a converted
point counts at its new value, so converting loses mp: with only bronze one becomes
rutermästare at 20 mp, 2 000 bp of which 1 000 count as 50 sp (001:130-132).  For the
grandmaster stars (``***``) nothing may be exchanged into gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from bridgedesk.errors import MasterpointError

__all__ = ["CLOVER_STARS", "Exchange", "Holding", "MasterClass", "master_class"]


class Exchange(Enum):
    """Which exchanges a requirement allows."""

    NONE = 0  # *** no bp/sp into gp
    BRONZE_TO_SILVER = 1  # *  20 bp = 1 sp
    BOTH = 2  # ** 20 bp = 1 sp and 20 sp = 1 gp


@dataclass(frozen=True)
class Holding:
    """A player's points by colour (whole or fractional)."""

    bp: Fraction = Fraction(0)
    sp: Fraction = Fraction(0)
    gp: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name in ("bp", "sp", "gp"):
            value = Fraction(getattr(self, name))
            if value < 0:
                raise MasterpointError(
                    "{colour} cannot be negative, got {value}",
                    code="masterpoint.holding-negative",
                    colour=name,
                    value=value,
                )
            object.__setattr__(self, name, value)

    @property
    def mp(self) -> Fraction:
        return self.bp / 100 + self.sp / 10 + self.gp


@dataclass(frozen=True)
class _Requirement:
    name: str
    stars: int
    mp: int
    sp: int | None
    gp: int | None
    exchange: Exchange


#: Highest first.  (class, stars, mp, sp alternative, gp alternative, exchange)
_LEVELS: tuple[_Requirement, ...] = (
    _Requirement("Stormästare", 5, 2800, None, 1500, Exchange.NONE),
    _Requirement("Stormästare", 4, 2100, None, 1000, Exchange.NONE),
    _Requirement("Stormästare", 3, 1500, None, 600, Exchange.NONE),
    _Requirement("Stormästare", 2, 1000, None, 300, Exchange.NONE),
    _Requirement("Stormästare", 1, 600, None, 150, Exchange.NONE),
    _Requirement("Stormästare", 0, 300, None, 150, Exchange.BOTH),
    _Requirement("Spadermästare", 2, 350, None, 75, Exchange.BOTH),
    _Requirement("Spadermästare", 1, 275, None, 75, Exchange.BOTH),
    _Requirement("Spadermästare", 0, 150, None, 75, Exchange.BOTH),
    _Requirement("Hjärtermästare", 3, 200, 200, 10, Exchange.BOTH),
    _Requirement("Hjärtermästare", 2, 150, 200, 10, Exchange.BOTH),
    _Requirement("Hjärtermästare", 1, 100, 200, 10, Exchange.BOTH),
    _Requirement("Hjärtermästare", 0, 50, 200, 10, Exchange.BOTH),
    _Requirement("Rutermästare", 0, 15, 50, 2, Exchange.BRONZE_TO_SILVER),
    _Requirement("Klövermästare", 0, 2, None, None, Exchange.NONE),  # stars: CLOVER_STARS
)
#: Stars of a clubs master on bronze alone (001:86-96): bp needed for 1..5 stars.
CLOVER_STARS = (500, 1000, 1500, 2500, 10000)
CLOVER_MASTER = "Klövermästare"


@dataclass(frozen=True)
class MasterClass:
    """A master class with its stars; ``name`` is None below klövermästare.

    ``stars`` are the class's own stars; a klövermästare's are the bronze stars of
    001:86-96 ("Klövermästare (endast bronspoäng)": 1-5 stars at 500, 1 000, 1 500,
    2 500 and 10 000 bp, bronze alone counting).  ``clover_stars`` is that bronze
    count for every holding, also above klövermästare (the 4- and 5-star clover pins
    are sold to such players, 001:98-100).
    """

    name: str | None
    stars: int = 0
    clover_stars: int = 0

    def __str__(self) -> str:
        if self.name is None:
            return "-"
        return self.name + ("*" * self.stars)


def _silver_route(h: Holding, need: int, exchange: Exchange) -> Fraction | None:
    """mp left after exchanging bronze into the missing silver, or None."""
    missing = max(Fraction(0), need - h.sp)
    if missing == 0:
        return h.mp
    if exchange is Exchange.NONE or h.bp < 20 * missing:
        return None
    return h.mp - 20 * missing / 100 + missing / 10


def _gold_route(h: Holding, need: int, exchange: Exchange) -> Fraction | None:
    """mp left after exchanging silver (and bronze) into the missing gold, or None."""
    missing = max(Fraction(0), need - h.gp)
    if missing == 0:
        return h.mp
    if exchange is not Exchange.BOTH:
        return None
    sp_needed = 20 * missing
    own = min(h.sp, sp_needed)
    from_bronze = sp_needed - own
    if h.bp < 20 * from_bronze:
        return None
    loss = sp_needed / 10 - missing + from_bronze * (Fraction(20, 100) - Fraction(1, 10))
    return h.mp - loss


def _meets(h: Holding, r: _Requirement) -> bool:
    routes: list[Fraction | None] = []
    if r.sp is None and r.gp is None:
        routes.append(h.mp)
    if r.sp is not None:
        routes.append(_silver_route(h, r.sp, r.exchange))
    if r.gp is not None:
        routes.append(_gold_route(h, r.gp, r.exchange))
    return any(left is not None and left >= r.mp for left in routes)


def master_class(holding: Holding) -> MasterClass:
    """The highest class and stars the holding reaches."""
    clover = sum(1 for need in CLOVER_STARS if holding.bp >= need)
    for level in _LEVELS:
        if _meets(holding, level):
            stars = clover if level.name == CLOVER_MASTER else level.stars
            return MasterClass(level.name, stars, clover)
    return MasterClass(None, 0, clover)
