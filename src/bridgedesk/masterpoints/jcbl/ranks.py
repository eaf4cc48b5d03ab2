"""JCBL master ranks (000:86-102), FMP certificates (000:17-54), foreign transfers and
deemed levels (000:128-171).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from bridgedesk.errors import MasterpointError

__all__ = [
    "RANKS",
    "TRANSFER_RATIOS",
    "DeemedLevel",
    "FmpCertificate",
    "Rank",
    "deemed_level",
    "rank_for",
    "transfer",
]


@dataclass(frozen=True)
class Rank:
    """A master rank: total MP and RP needed (000:90-100)."""

    name_ja: str
    short_ja: str
    name_en: str
    mp: int
    rp: int


RANKS: tuple[Rank, ...] = (
    Rank("ジュニアマスター", "ジュニアM", "Junior Master", 1, 0),
    Rank("マスター", "マスター", "Master", 20, 0),
    Rank("ナショナルマスター", "ナショナルM", "National Master", 50, 0),
    Rank("シニアマスター", "シニアM", "Senior Master", 100, 0),
    Rank("ライフマスター", "LM", "Life Master", 300, 50),
    Rank("シニアライフマスター", "シニアLM", "Senior Life Master", 1000, 200),
    Rank("シルバーライフマスター", "シルバーLM", "Silver Life Master", 2500, 300),
    Rank("ゴールドライフマスター", "ゴールドLM", "Gold Life Master", 5000, 300),
    Rank("プラチナライフマスター", "プラチナLM", "Platinum Life Master", 7500, 300),
    Rank("ダイヤモンドライフマスター", "ダイヤモンドLM", "Diamond Life Master", 10000, 300),
)

#: Share of the MP earned in 1973 and before that counts as deemed RP (000:102).
PRE_1973_RP_SHARE = Fraction(1, 5)


def rank_for(
    total_mp: Decimal | Fraction,
    total_rp: Decimal | Fraction,
    mp_1973_and_before: Decimal = Decimal(0),
) -> Rank | None:
    """The highest rank the totals reach, or None below Junior Master.

    ``mp_1973_and_before``: MP earned in 1973 or earlier; 20 % of it counts as RP.
    """
    rp = Fraction(total_rp) + PRE_1973_RP_SHARE * Fraction(mp_1973_and_before)
    mp = Fraction(total_mp)
    reached = None
    for rank in RANKS:
        if mp >= rank.mp and rp >= rank.rp:
            reached = rank
    return reached


#: FMP certificate colour by class (000:37-42).
FMP_COLOURS = {1: "桃色", 2: "薄紫色", 3: "水色", 4: "黄緑色", 5: "黄色"}


@dataclass(frozen=True)
class FmpCertificate:
    """A fractional masterpoint certificate a club issues for a weekly game (000:17-42).

    ``klass`` sets the certificate colour (class 1 pink ... class 5 yellow).
    """

    issued: date
    club: str
    player: str
    points: Decimal
    klass: int
    tables: int
    place: int
    game: str = "weekly"  # weekly / series
    movement: str = "Howell"  # Howell / Mitchell / Team / Individual

    def __post_init__(self) -> None:
        if self.klass not in FMP_COLOURS:
            raise MasterpointError(
                "FMP certificate class must be 1-5, got {klass}",
                code="masterpoint.fmp-class",
                klass=self.klass,
            )

    @property
    def colour(self) -> str:
        return FMP_COLOURS[self.klass]

    @property
    def valid_until(self) -> date:
        """One year from the issue date, in principle (000:52-54)."""
        try:
            return self.issued.replace(year=self.issued.year + 1)
        except ValueError:  # 29 February
            return date(self.issued.year + 1, 3, 1)

    def is_valid(self, on: date) -> bool:
        return self.issued <= on <= self.valid_until

    def render(self) -> str:
        """The certificate as text, in the order of the sample card (000:23-35); the
        card's printed choices (Weekly / Series, the movement) are shown with the
        chosen one in brackets; the last line gives the colour and the validity."""

        def choose(options: tuple[str, ...], chosen: str) -> str:
            return "  ".join(f"[{o}]" if o.lower() == chosen.lower() else o for o in options)

        day = f"{self.issued.year}.{self.issued.month}.{self.issued.day}"
        until = self.valid_until
        lines = [
            f"Date {day}",
            f"Tables {self.tables} Rank {self.place}",
            f"Rating  {choose(('Weekly', 'Series'), self.game)} Movement  "
            + choose(("Howell", "Mitchell", "Team", "Individual"), self.movement),
            f"{self.player}様",
            f"Club {self.club}",
            f"{self.points:.2f}",
            f"クラス{self.klass} {self.colour}  有効期限 {until.year}.{until.month}.{until.day}",
        ]
        return "\n".join(lines) + "\n"


#: Foreign federation MP -> JCBL BP: one JCBL MP per ``ratio`` foreign (000:130-139).
TRANSFER_RATIOS: dict[str, int] = {
    "USA": 1,
    "PHILIPPINES": 1,
    "TAIPEI": 1,
    "AUSTRALIA": 1,
    "UK": 50,
    "GREECE": 100,
}


def transfer(points: Decimal | Fraction, country: str) -> Fraction:
    """Foreign MP converted to JCBL BP (000:128-139)."""
    key = country.upper()
    if key not in TRANSFER_RATIOS:
        raise MasterpointError(
            "no fixed conversion ratio for {country!r} (decided case by case); known: {known}",
            code="masterpoint.no-conversion-ratio",
            country=country,
            known=", ".join(TRANSFER_RATIOS),
        )
    return Fraction(points) / TRANSFER_RATIOS[key]


class DeemedLevel(StrEnum):
    WORLD_CLASS = "World Class"
    EXPERT = "Expert"
    ADVANCED = "Advanced"
    INTERMEDIATE = "Intermediate"
    BEGINNER = "Beginner"
    NOVICE = "Novice"


#: (lowest JCBL-converted MP, level, deemed SP), 000:165-171.
_DEEMED: tuple[tuple[int, DeemedLevel, int], ...] = (
    (5000, DeemedLevel.WORLD_CLASS, 400),
    (1000, DeemedLevel.EXPERT, 150),
    (300, DeemedLevel.ADVANCED, 50),
    (100, DeemedLevel.INTERMEDIATE, 15),
    (20, DeemedLevel.BEGINNER, 5),
    (0, DeemedLevel.NOVICE, 0),
)


def deemed_level(deemed_mp: Decimal | Fraction) -> tuple[DeemedLevel, int]:
    """The level and deemed SP of a deemed MP figure (000:153-171).

    The player uses the larger of the deemed and the JCBL figures; a deemed MP of 20
    or more excludes the player from the best-newcomer award.
    """
    mp = Fraction(deemed_mp)
    if mp < 0:
        raise MasterpointError(
            "deemed MP cannot be negative, got {deemed_mp}",
            code="masterpoint.deemed-negative",
            deemed_mp=deemed_mp,
        )
    for low, level, sp in _DEEMED:
        if mp >= low:
            return level, sp
    raise AssertionError("unreachable")
