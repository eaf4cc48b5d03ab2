"""The final of a stored qualifying event (004:1985-2034), made in one call: what
``bridgedesk event final QUALIFYING NAME --cut N`` and the console's sessions page
do.  The qualifiers (overall, or per section and direction, 004:1987; those who
will not play left out before the cut, 004:1991) are entered in the final as
pairs 1, 2, ... in qualifying order, and the cut is kept so the final's ranking
adds the carry-over (at most ``max_boards`` boards at the final's top,
:func:`bridgedesk.store.sessions_repo.make_final`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bridgedesk.errors import BridgedeskError
from bridgedesk.events.creation import parse_date
from bridgedesk.events.model import Section, Session
from bridgedesk.results.qualify import CutBy, qualifiers
from bridgedesk.services.event_scores import event_missing, score_event
from bridgedesk.store.events_repo import event as stored_event
from bridgedesk.store.sessions_repo import FinalCut, make_final
from bridgedesk.store.unit import UnitOfWork

__all__ = ["FinalMade", "final_of_qualifying"]


@dataclass(frozen=True)
class FinalMade:
    """The final stored: its id, the qualifiers in order (qualifying competitor ids,
    pair 1 first) and their names."""

    id: int
    qualifying: str
    finalists: tuple[str, ...]
    names: dict[str, str]


def final_of_qualifying(
    unit: UnitOfWork,
    qualifying: int | str,
    name: str,
    cut: int,
    cut_by: CutBy = CutBy.OVERALL,
    withdrawn: Sequence[str] = (),
    max_boards: int | None = 4,
    date: str | None = None,
) -> FinalMade:
    """Make the final (see module doc); refused, storing nothing, while a slip of the
    qualifying is missing or when nobody qualifies."""
    if cut < 1:
        raise BridgedeskError(
            "--cut keeps at least 1 pair, not {cut}", code="finals.bad-cut", cut=cut
        )
    missing = event_missing(unit, qualifying).slips
    if missing:
        raise BridgedeskError(
            "the qualifying is not complete: {missing} slips missing (the first: {first})",
            code="finals.qualifying-incomplete",
            missing=len(missing),
            first=missing[0],
        ).noted(tuple(f"missing slip: {slip}" for slip in missing))
    scored = score_event(unit, qualifying, with_deals=False).scored
    if scored.combined is None:
        raise BridgedeskError("the qualifying has no results", code="finals.no-results")
    ranking = scored.combined if len(scored.sessions) > 1 else scored.sessions[0]
    finalists = qualifiers(ranking, cut, cut_by, list(withdrawn))
    order = {c.pair: i for i, c in enumerate(scored.combined.ranking)}
    finalists.sort(key=lambda p: order.get(p, len(order)))
    info = stored_event(unit, qualifying)
    event = replace(
        info.event,
        name=name,
        date=parse_date(date) if date else info.event.date,
        sessions=(Session(1, (Section("A"),)),),
        correction_deadline=None,
    )
    made = make_final(
        unit,
        qualifying,
        event,
        finalists,
        FinalCut(info.id, cut, cut_by.value, tuple(withdrawn), max_boards or None),
    )
    names = {c.pair: c.names for c in scored.combined.ranking}
    return FinalMade(made, info.event.name, tuple(finalists), names)
