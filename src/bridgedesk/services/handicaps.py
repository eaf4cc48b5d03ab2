"""Rank a stored pairs session with handicaps (docs/handicap.md): ``bridgedesk handicap``
and the console's handicap page (``/d/events/ID/handicap``) come here.

The session is scored as it is published (:func:`bridgedesk.services.event_scores.score_session`,
one section); each pair's handicap comes from its players' ratings (a file the club
keeps, :func:`bridgedesk.formats.handicap_file.load`) or from the masterpoints
the ledger holds for them through the day of the event, by the club's table of bands;
then :func:`bridgedesk.results.handicap.handicap_ranking` ranks the pairs with and
without their handicaps.  A player the method knows nothing of (no member number, no
rating) is refused in one line naming the pair and the player; nothing is stored: the
ratings are the club's file, given again each time (the console keeps them in its page's
address), and the ledger's masterpoints are read as they stand on the event's day.
:func:`session_players` lists the players of the session, for a form that asks each one's
rating.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.errors import EntryError, Location
from bridgedesk.results.handicap import (
    Grades,
    HandicapSession,
    Played,
    grade_handicap,
    handicap_ranking,
    rating_handicap,
)
from bridgedesk.results.model import Standing
from bridgedesk.services import event_scores
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "HandicapAsked",
    "HandicapSession",
    "PairPlayers",
    "handicap_session",
    "session_players",
]


@dataclass(frozen=True)
class HandicapAsked:
    """What the handicaps come from: ``ratings`` (member -> rating) or ``grades`` (the
    club's bands, on the ledger's masterpoints), and the ``share`` applied."""

    ratings: Mapping[str, Fraction] | None = None
    grades: Grades | None = None
    share: Fraction = Fraction(1)


def _members(s: Standing) -> list[str]:
    found = [p.member for p in s.players if p.member]
    if not s.players or len(found) < len(s.players):
        raise EntryError(
            "pair {pair} ({names}): a handicap needs every player's member number",
            code="handicap.member-number-missing",
            pair=s.pair,
            names=s.names or "no names",
        )
    return found


@dataclass(frozen=True)
class PairPlayers:
    """A pair of the session as a form asking its players' ratings shows it: its number,
    direction (a two-winner session's), names, and each player's (member, name)."""

    pair: str
    direction: str
    names: str
    players: tuple[tuple[str, str], ...]


def session_players(
    unit: UnitOfWork, event: int | str, *, session: int = 1, section: str | None = None
) -> tuple[PairPlayers, ...]:
    """The pairs of the session by direction and number, with their players."""
    scores = event_scores.score_session(
        unit, event, session, None if section is None else [section], with_deals=False
    )
    ranking = sorted(
        scores.scored.section.ranking,
        key=lambda s: ("" if s.direction is None else s.direction.value, _number(s.pair)),
    )
    return tuple(
        PairPlayers(
            s.pair,
            "" if s.direction is None else s.direction.value,
            s.names,
            tuple((p.member or "", p.name or "") for p in s.players),
        )
        for s in ranking
    )


def _number(pair: str) -> tuple[int, str]:
    digits = "".join(c for c in pair if c.isdigit())
    return (int(digits) if digits and len(digits) < 6 else 0, pair)


def handicap_session(
    unit: UnitOfWork,
    event: int | str,
    asked: HandicapAsked,
    *,
    session: int = 1,
    section: str | None = None,
) -> HandicapSession:
    """The session ranked with and without handicaps (module doc)."""
    if (asked.ratings is None) == (asked.grades is None):
        raise EntryError(
            "give the players' ratings or the club's masterpoint bands, one of them",
            Location(input="method"),
            code="handicap.one-method",
        )
    with unit.transaction(write=False):
        scores = event_scores.score_session(
            unit, event, session, None if section is None else [section], with_deals=False
        )
        sec = scores.scored.section
        ranked = [s for s in sec.ranking if s.percentage is not None]
        members = {s.pair: _members(s) for s in ranked}
        handicaps: dict[str, Fraction] = {}
        if asked.ratings is not None:
            ratings = asked.ratings
            for s in ranked:
                unrated = [m for m in members[s.pair] if m not in ratings]
                if unrated:
                    raise EntryError(
                        "pair {pair}: member {member} has no rating",
                        Location(input="ratings"),
                        code="handicap.member-without-rating",
                        pair=s.pair,
                        member=unrated[0],
                    )
                handicaps[s.pair] = rating_handicap([ratings[m] for m in members[s.pair]])
            method = "rating"
        else:
            assert asked.grades is not None
            day = scores.scored.event.date
            with open_ledger(unit, write=False) as ledger:
                held = {
                    m: Fraction(ledger.totals(m, day).mp) for s in ranked for m in members[s.pair]
                }
            for s in ranked:
                handicaps[s.pair] = grade_handicap([held[m] for m in members[s.pair]],
                                                   asked.grades)  # fmt: skip
            method = "masterpoints"
    played = [
        Played(s.pair, s.names, s.direction, s.percentage)
        for s in ranked
        if s.percentage is not None
    ]
    return HandicapSession(
        scores.scored.event.name, session, sec.name, method,
        handicap_ranking(played, handicaps, asked.share),
    )  # fmt: skip
