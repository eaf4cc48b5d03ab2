"""What awarding an event gives: :class:`Award`, one player's points with the colour,
the place and the reason, and the steps every rule set shares (a player placed more
than once keeps the best award; awards come out by field, place and ranking order).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from bridgedesk.masterpoints.ranking import Ranking

__all__ = ["Award", "Rules", "best_of", "ordered", "worth"]

Rules = Literal["jcbl", "sbf"]


@dataclass(frozen=True)
class Award:
    """Points for one player.

    ``points`` is a JCBL masterpoint value with two decimals, or a whole number of
    SBF points; ``colour`` is ``"black"``/``"red"`` (JCBL) or ``"bp"``/``"sp"``/``"gp"``
    (SBF); ``place`` the place paid (within ``flight`` when stratified).
    ``session`` is the session number of a JCBL session award (None: overall, or
    an event-wide award).  ``ranking``: how SBF ranking points treat it, a
    :class:`~bridgedesk.masterpoints.sbf.rules.RankingKind` value (``"bonus"``: the
    Allsvenskan, SM and DM final bonuses give none; ``"sm-pairs-final"``: 9 per gp,
    001:559-569); empty for a normal award.
    """

    member: str
    competitor: str
    field: str
    flight: str | None
    place: int
    points: Decimal
    colour: str
    reason: str
    session: int | None = None
    ranking: str = ""


def worth(a: Award) -> Fraction:
    """Comparable value of an award in mp (SBF colours converted)."""
    per_mp = {"bp": 100, "sp": 10, "gp": 1}.get(a.colour, 1)
    return Fraction(a.points) / per_mp


def best_of(candidates: dict[str, Award], new: Award) -> None:
    old = candidates.get(new.member)
    if old is None or worth(new) > worth(old):
        candidates[new.member] = new


def ordered(ranking: Ranking, awards: list[Award]) -> tuple[Award, ...]:
    fields = {name: i for i, name in enumerate(ranking.fields())}
    order = {(p.field, p.competitor): i for i, p in enumerate(ranking.placings)}
    return tuple(
        sorted(awards, key=lambda a: (fields[a.field], a.place, order[(a.field, a.competitor)]))
    )
