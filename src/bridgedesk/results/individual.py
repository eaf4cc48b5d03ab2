"""A stored individual section, scored: players ranked alone (004:1576-1614).

The stored slips (``ns`` North, ``ew`` East) become individual traveller
rows with their four players from the plan
(:meth:`bridgedesk.events.individual.IndividualPlan.players_of`), are scored
by :func:`bridgedesk.scoring.individual.score_individual` (totals per player,
004:1582-1584) and handed to :func:`bridgedesk.results.build.section_of` as a
stored pairs section is (:mod:`bridgedesk.results.section`): the same
conversion of a slip (:func:`~bridgedesk.results.section.to_scoring`), the
same fouled-board groups and the same penalties in boards
(:func:`~bridgedesk.results.section.director_penalties`), here naming players.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgedesk.errors import ScoringError
from bridgedesk.events.individual import IndividualPlan
from bridgedesk.events.model import EntryKind, SectionResults
from bridgedesk.events.rulings import Rulings
from bridgedesk.results.build import Placement, section_of
from bridgedesk.results.model import Competitor, MovementInfo, ScoredSession
from bridgedesk.results.section import director_penalties, event_info, method_of, to_scoring
from bridgedesk.scoring import results as sr
from bridgedesk.scoring.individual import score_individual, with_players


def score_individual_section(
    snapshot: SectionResults,
    plan: IndividualPlan,
    *,
    deals: Mapping[int, str] | None = None,
    rulings: Rulings | None = None,
) -> ScoredSession:
    """Score an individual section's slips and rank its players."""
    if not snapshot.results:
        raise ScoringError(
            "section {section} of {event!r} has no results yet: enter them with "
            "`bridgedesk result add ... --north N --south S --east E --west W`",
            code="ranking.individual-no-results",
            section=snapshot.section,
            event=snapshot.event.name,
        )
    method = method_of(snapshot)
    travellers = snapshot.travellers()
    group = rulings.group_of if rulings is not None else (lambda _r: None)
    boards = []
    for number, rs in travellers.items():
        lines = []
        for r in rs:
            n, s, e, w = plan.players_of(r)
            lines.append(with_players(to_scoring(r, group(r)), (str(n), str(e), str(s), str(w))))
        boards.append(sr.Board(number, tuple(lines)))
    result = score_individual(boards, method=method)
    if rulings is not None and rulings.penalties:
        penalties = director_penalties(rulings.penalties, result)
        result = score_individual(boards, method=method, penalties=penalties)
    placements = {
        (n, i): Placement(r.round, r.table, r.lead)
        for n, rs in travellers.items()
        for i, r in enumerate(rs)
    }
    competitors = {
        str(n): Competitor(str(n), EntryKind.INDIVIDUAL, e.names, e.players)
        for n, e in snapshot.entries.items()
    }
    info = MovementInfo(plan.name, "individual", plan.rounds, plan.tables, 1)
    section = section_of(
        result, name=snapshot.section, seats=placements, competitors=competitors, movement=info
    )
    return ScoredSession(
        event=event_info(snapshot),
        method=method,
        sections=(section,),
        session=snapshot.session,
        kind=EntryKind.INDIVIDUAL,
        deals=dict(deals or {}),
    )


__all__ = ["score_individual_section"]
