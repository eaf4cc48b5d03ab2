"""From the scoring engine's result to the scored value.

:func:`section_of` puts a :class:`~bridgedesk.scoring.session.SessionResult`
(scored boards and standings, pairs named by text) together with what the
caller knows beside it -- each result's round, table and lead, the
competitors' names and players, the movement -- into a
:class:`~bridgedesk.results.model.ScoredSection`.  Both adapters (a results
file, a stored section) end here, so the two give the same lines and the
same ranking for the same results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.results.model import (
    Competitor,
    Line,
    MovementInfo,
    ScoredSection,
    Standing,
    Traveller,
)
from bridgedesk.scoring import session as scoring
from bridgedesk.scoring.results import ScoredBoard


@dataclass(frozen=True)
class Placement:
    """Where a result was played and its lead, when the source knows them."""

    round: int | None = None
    table: int | None = None
    lead: str | None = None


def _points(value: object) -> Fraction | None:
    return value if isinstance(value, Fraction) else None


def section_of(
    result: scoring.SessionResult,
    *,
    name: str = "",
    seats: Mapping[tuple[int, int], Placement] | None = None,
    competitors: Mapping[str, Competitor] | None = None,
    movement: MovementInfo | None = None,
    phantom: str | None = None,
    rounds: int | None = None,
    numbers: PairNumbers | None = None,
    travellers: Sequence[Traveller] | None = None,
) -> ScoredSection:
    """The scored section of ``result``.

    ``seats`` gives (board, index of the result on its traveller) -> round,
    table and lead; ``competitors`` names the pairs of the ranking; ``numbers``
    the numbers players know the pairs by (a Mitchell's EW 1, events.pair_numbers).
    ``travellers``: each of ``result``'s boards as :func:`traveller_of` makes it, when
    the caller has them (the live results keep the boards that did not change).
    """
    competitors = competitors or {}
    if travellers is None:
        where = seats or {}
        travellers = [
            traveller_of(sb, [where.get((sb.number, i)) for i in range(len(sb.results))])
            for sb in result.boards
        ]
    ranking = tuple(_standing(s, competitors.get(s.pair)) for s in result.standings)
    if rounds is None:
        rounds = movement.rounds if movement is not None else max(
            (line.round or 0 for t in travellers for line in t.lines), default=0
        )  # fmt: skip
    return ScoredSection(
        name=name,
        winners=result.winners,
        travellers=tuple(travellers),
        ranking=ranking,
        movement=movement,
        phantom=phantom,
        rounds=rounds,
        engine=result,
        numbers=numbers or PairNumbers(),
    )


def traveller_of(sb: ScoredBoard, seats: Sequence[Placement | None]) -> Traveller:
    """A scored board's traveller: its results in order, each with its points and where
    it was played (``seats``, one per result; None: not known)."""
    lines = []
    for x, where in zip(sb.results, seats, strict=True):
        at = where or _NOWHERE
        lines.append(Line(sb.number, x.result, _points(x.ns), _points(x.ew), at.round, at.table,
                          at.lead))  # fmt: skip
    return Traveller(sb.number, sb.top, tuple(lines))


_NOWHERE = Placement()


def _standing(s: scoring.PairStanding, who: Competitor | None) -> Standing:
    return Standing(
        pair=s.pair,
        direction=s.direction,
        rank=s.rank,
        total=s.total,
        max=s.max,
        percentage=s.percentage,
        boards=s.boards,
        names="" if who is None else who.names,
        players=() if who is None else who.players,
        penalty=s.penalty,
        section=s.section,
        overall=s.overall,
        out_of=s.out_of,
        flight=None if who is None else who.flight,
    )


__all__ = ["Placement", "section_of", "traveller_of"]
