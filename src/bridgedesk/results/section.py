"""A stored section, scored: the store-side adapter to :class:`ScoredSession`.

A :class:`~bridgedesk.events.model.SectionResults` snapshot (what
:meth:`bridgedesk.store.service.Store.section_results` returns) is turned into
scoring travellers, scored by the event's method with
:func:`bridgedesk.scoring.session.score_session`, and handed to
:func:`bridgedesk.results.build.section_of` with each result's round, table,
lead and contract and the entries' names.

The phantom pair (004:864-868) plays no board: its tables have no result, so
its opponents are factored up over the boards they played and the boards it
would have played are brought to the common top (004:1276-1302).  It is left
out of the ranking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import Result, SectionResults
from bridgedesk.results.build import Placement, section_of
from bridgedesk.results.model import (
    Competitor,
    EventInfo,
    MovementInfo,
    ScoredSection,
    ScoredSession,
)
from bridgedesk.scoring import results as sr
from bridgedesk.scoring.session import score_session


def to_scoring(result: Result) -> sr.Result:
    """A stored result as a scoring traveller row."""
    if result.adjusted is not None:
        return sr.Result.adjusted(result.ns, result.ew, result.adjusted.ns, result.adjusted.ew)
    score = result.ns_score
    assert score is not None and result.contract is not None
    play = sr.Play(result.contract, result.declarer, result.tricks)
    return sr.Result.played(result.ns, result.ew, score, play=play)


def event_info(snapshot: SectionResults) -> EventInfo:
    e = snapshot.event
    return EventInfo(e.name, e.date, e.club, e.rating.value, e.class_)


def method_of(snapshot: SectionResults) -> Method:
    found = snapshot.event.scoring
    if not found.is_pairs:
        raise ScoringError(
            f"event {snapshot.event.name!r} is scored by {snapshot.event.scoring}: "
            "results reports cover pair events (mp, ximp, butler, total) so far"
        )
    return found


def _section(snapshot: SectionResults, method: Method) -> ScoredSection:
    if not snapshot.results:
        raise ScoringError(
            f"section {snapshot.section} of {snapshot.event.name!r} has no results yet: "
            "enter them with `bridgedesk result add` or `bridgedesk result import`"
        )
    travellers = snapshot.travellers()
    boards = [sr.Board(n, tuple(to_scoring(r) for r in rs)) for n, rs in travellers.items()]
    movement = snapshot.movement
    winners = movement.winners if movement is not None else None
    result = score_session(boards, method=method, winners=winners)
    placements = {
        (n, i): Placement(r.round, r.table, r.lead)
        for n, rs in travellers.items()
        for i, r in enumerate(rs)
    }
    competitors = {
        str(n): Competitor(str(n), e.kind, e.names, e.players) for n, e in snapshot.entries.items()
    }
    phantom = next((str(n) for n, e in snapshot.entries.items() if e.phantom), None)
    info = None
    rounds = None
    if movement is not None:
        info = MovementInfo(movement.name, movement.kind, movement.rounds, movement.tables,
                            movement.winners)  # fmt: skip
    else:
        rounds = max((r.round for r in snapshot.results), default=0)
    return section_of(
        result, name=snapshot.section, seats=placements, competitors=competitors,
        movement=info, phantom=phantom, rounds=rounds,
    )  # fmt: skip


def score_sections(
    snapshots: Sequence[SectionResults],
    method: Method | None = None,
    deals: Mapping[int, str] | None = None,
) -> ScoredSession:
    """Score each section of one session on its own (004:1315-1320) into one value.

    ``deals`` (PBN deal strings by board, as the store keeps them) go with it
    to the writers."""
    first = snapshots[0]
    method = method or method_of(first)
    event = first.event
    multi = len(event.sessions) > 1 or any(len(s.sections) > 1 for s in event.sessions)
    return ScoredSession(
        event=event_info(first),
        method=method,
        sections=tuple(_section(s, method) for s in snapshots),
        session=first.session,
        deals=dict(deals or {}),
        multi=multi or len(snapshots) > 1,
    )


def score_section(
    snapshot: SectionResults,
    method: Method | None = None,
    deals: Mapping[int, str] | None = None,
) -> ScoredSession:
    """Score a section snapshot by the event's method (or ``method``) and rank it."""
    return score_sections([snapshot], method, deals)


__all__ = ["event_info", "method_of", "score_section", "score_sections", "to_scoring"]
