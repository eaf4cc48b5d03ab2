"""A stored event of several sessions ranked as one: each session on its own, then the
combined ranking by competitor (004:1315-1320, 004:2381-2452), and a final's
carry-over from its qualifying event (004:1993-2034).

The store keeps each competitor's seat in every session (section and number);
:func:`seat_map` turns those into the renumbering map that
:func:`bridgedesk.results.combined.combine` reads, so the sessions add up by
competitor whatever its numbers.  The rules themselves stay where they are:
the combined ranking in :mod:`bridgedesk.results.combined`, the cut in
:mod:`bridgedesk.results.qualify`, the carry-over formula in
:func:`bridgedesk.scoring.session.carry_over`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.results.combined import combine, seat_of
from bridgedesk.results.model import ScoredEvent, ScoredSession
from bridgedesk.scoring.session import carry_over

__all__ = ["SeatTuple", "event_ranking", "final_carry", "qualifying_boards", "seat_map"]

#: A stored seat: (competitor, session, section, number).
SeatTuple = tuple[str, int, str, int]


def _seat_id(session: ScoredSession, section: str, number: int) -> str:
    return f"{section}{number}" if len(session.sections) > 1 else str(number)


def seat_map(
    seats: Iterable[SeatTuple], sessions: Sequence[ScoredSession]
) -> dict[str, tuple[str | None, ...]]:
    """competitor -> its seat id in each of ``sessions`` (None where it has none).

    Without stored seats (a one-session event entered before sessions were
    kept) every ranked pair is its own competitor.
    """
    by_session = {s.session: i for i, s in enumerate(sessions)}
    out: dict[str, list[str | None]] = {}
    for who, session, section, number in seats:
        i = by_session.get(session)
        if i is None:
            continue
        row = out.setdefault(who, [None] * len(sessions))
        row[i] = _seat_id(sessions[i], section, number)
    if not out and len(sessions) == 1:
        only = sessions[0]
        many = len(only.sections) > 1
        for sec in only.sections:
            for st in sec.ranking:
                out[seat_of(sec.name, st, many)] = [seat_of(sec.name, st, many)]
    return {who: tuple(row) for who, row in out.items()}


def event_ranking(
    sessions: Sequence[ScoredSession],
    seats: Iterable[SeatTuple],
    carry: Mapping[str, Fraction] | None = None,
) -> ScoredEvent:
    """The sessions and their combined ranking, matched by the stored seats."""
    if not sessions:
        raise ScoringError("no session of the event has results yet", code="ranking.no-results-yet")
    combined = combine(sessions, seat_map(seats, sessions), carry)
    return ScoredEvent(tuple(sessions), carry_over=dict(carry or {}), combined=combined)


def qualifying_boards(event: ScoredEvent) -> int:
    """B of 004:2017: the boards of the qualifying, a session's boards added up."""
    return sum(max(len(sec.travellers) for sec in s.sections) for s in event.sessions)


def final_carry(
    qualifying: ScoredEvent,
    origins: Mapping[str, str],
    final: ScoredSession,
    max_boards: int | None = 4,
) -> dict[str, Fraction]:
    """Each finalist's carry-over (``origins``: final competitor -> its qualifying id).

    M is its qualifying total, E the competitors ranked in the qualifying, Q
    the finalists, A the final's average on a board (half its top), B the
    qualifying's boards; no pair carries more than ``max_boards`` boards at
    the final's top (004:2010-2034, :func:`~bridgedesk.scoring.session.carry_over`).
    """
    if final.method is not Method.MP:
        raise ScoringError(
            "carry-over (004:2010-2034) is defined for matchpoints only",
            code="ranking.carry-over-mp-only",
        )
    if qualifying.combined is None:
        raise ScoringError("the qualifying has no ranking", code="ranking.qualifying-no-ranking")
    totals = {c.pair: c.total - c.carry for c in qualifying.combined.ranking}
    missing = sorted(set(origins.values()) - set(totals))
    if missing:
        raise ScoringError(
            "finalist {pair} has no score in the qualifying",
            code="ranking.finalist-no-score",
            pair=missing[0],
        )
    top = max((t.top or 0 for sec in final.sections for t in sec.travellers), default=0)
    if not top:
        raise ScoringError(
            "the final has no board with a top yet: enter its results first",
            code="ranking.final-no-top",
        )
    carry = carry_over(
        totals,
        list(origins.values()),
        len(totals),
        Fraction(top) / 2,
        qualifying_boards(qualifying),
        max_boards,
    )
    return {who: carry[origin] for who, origin in origins.items()}
