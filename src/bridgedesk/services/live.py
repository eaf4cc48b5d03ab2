"""Live results: what the public pages, the ranking API and the table terminals show of
an event while it is played, as plain values (dicts and lists) for the web app.

Every number comes from :mod:`bridgedesk.services.event_scores` (the event's method,
convention, rulings and an individual's plan), and the ranking document is exactly
what ``bridgedesk results EVENT --format json`` prints
(:func:`bridgedesk.services.publishing.publish`), so the live page, the API and the
downloads cannot disagree.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bridgedesk.errors import EntryError, ScoringError
from bridgedesk.events.model import SectionResults
from bridgedesk.events.visibility import SectionView, planned_results
from bridgedesk.formats import results_json
from bridgedesk.reports.output import Output
from bridgedesk.reports.session import traveller_row
from bridgedesk.results.model import BoardPenalty, ScoredSession, pair_label
from bridgedesk.results.numbers import fixed, number
from bridgedesk.services.event_scores import (
    EventRules,
    Shape,
    event_rules,
    score_event,
    score_snapshot,
    section_rules,
    standings,
)
from bridgedesk.services.publishing import Publication, publish
from bridgedesk.store import releases
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "board_penalties",
    "board_traveller",
    "live_section",
    "live_session",
    "overall",
    "planned",
    "ranking_document",
    "section_display",
    "section_names",
    "traveller_document",
]


def section_names(unit: UnitOfWork, event: int | str, session: int = 1) -> list[str]:
    """The names of a session's sections."""
    return event_rules(unit, event).sections(session)


def ranking_document(
    unit: UnitOfWork, event: int | str, section: str | None = None, session: int | None = None
) -> dict[str, Any]:
    """The results as ``bridgedesk results EVENT --format json`` prints them (the same
    ``--section`` and ``--session``); a session of several sections needs ``section``."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        if rules.shape is Shape.PAIRS or rules.shape is Shape.INDIVIDUAL:
            names = rules.sections(session or 1)
            if section is None and len(names) > 1:
                raise EntryError(
                    "the session has sections {sections}: give ?section= for one of them",
                    code="live.needs-section",
                    sections=", ".join(names),
                )
        asked = Publication(Output.JSON, session=session, section=section)
        done = publish(unit, event, asked)
    found: dict[str, Any] = json.loads(done.text)
    return found


def planned(snapshot: SectionResults) -> Mapping[int, int]:
    """How many results each board will have when every table has played it
    (:func:`bridgedesk.events.visibility.planned_results`)."""
    phantoms = frozenset(n for n, e in snapshot.entries.items() if e.phantom)
    return planned_results(snapshot.movement, phantoms)


def board_traveller(
    unit: UnitOfWork, event: int | str, section: str, session: int, board: int
) -> dict[str, Any]:
    """One board's traveller as far as it has been played: results, scores, points."""
    with unit.transaction(write=False):
        snapshot = section_results(unit, event, section=section, session=session)
        rules = section_rules(unit, event, section, session)
    whole = None
    if rules.rulings.penalties and snapshot.results:  # sized by the whole section's boards
        with contextlib.suppress(ScoringError):
            whole = rules.score(snapshot)
    penalties = board_penalties(whole, board)
    return traveller_document(snapshot, rules.score_board(snapshot, board), board, penalties)


def board_penalties(scored: ScoredSession | None, board: int) -> tuple[BoardPenalty, ...]:
    """The director's penalties given on ``board``, as the section ``scored`` (whole, None
    when it is not scored) sized them (:func:`bridgedesk.results.section.on_boards`)."""
    if scored is None:
        return ()
    found = next((t for t in scored.section.travellers if t.board == board), None)
    return () if found is None else found.penalties


def traveller_document(
    snapshot: SectionResults,
    scored: ScoredSession | None,
    board: int,
    penalties: Sequence[BoardPenalty] = (),
) -> dict[str, Any]:
    """Board ``board``'s traveller (:func:`board_traveller`) from ``scored``: the board's
    results in the section ``snapshot`` scored alone (its top is its own, not the
    section's), None before any result; with the director's ``penalties`` on the board
    (:func:`board_penalties`), each pair as the players know it (``EW 1``)."""
    found = None
    if scored is not None:
        found = next((t for t in scored.section.travellers if t.board == board), None)
    if scored is None or found is None:
        return {"board": board, "top": None, "results": [], "complete": False}
    doc = results_json.board_dict(found, None)
    numbers = scored.section.numbers
    for line in doc["results"]:  # the numbers on the cards (a Mitchell's EW 1)
        for side in ("ns", "ew"):
            if isinstance(line[side], int):
                line[side] = numbers.number(line[side])
    if penalties:  # off the pairs' totals (003:47-121): said on the board they were given on
        doc["penalties"] = [
            {"pair": pair_label(numbers, p.pair), "points": number(p.points), "reason": p.reason}
            for p in penalties
        ]
    entered = sum(1 for r in snapshot.results if r.board == board)
    doc["complete"] = entered >= planned(snapshot).get(board, 0)
    return doc


def live_section(unit: UnitOfWork, event: int | str, snapshot: SectionResults) -> dict[str, Any]:
    """A section's ranking, its completed boards' travellers and its progress, for display."""
    scored = score_snapshot(unit, event, snapshot, with_deals=False) if snapshot.results else None
    by_rounds = event_rules(unit, event).shape is Shape.ROUNDS
    released = releases.released(unit, event, snapshot.session)
    return section_display(snapshot, scored, by_rounds, released=released)


def section_display(
    snapshot: SectionResults,
    scored: ScoredSession | None,
    by_rounds: bool,
    rows: Callable[..., dict[str, Any]] = traveller_row,
    released: bool = False,
    view: SectionView | None = None,
) -> dict[str, Any]:
    """:func:`live_section` of a section already scored (``scored``: None before its first
    result); ``by_rounds``: an event drawn round by round, ranked by its standings
    (:func:`overall`), not by the section's matchpoints over every round; ``rows``
    writes a board's traveller (one that remembers the boards it wrote, or
    :func:`~bridgedesk.reports.session.traveller_row`); ``view``: what may be seen of
    ``snapshot`` with ``released``, when made already."""
    if view is None:  # the director's release: events.visibility
        view = SectionView.of(snapshot, released)
    counts = view.planned
    complete = list(view.public_boards())  # the one rule: events.visibility
    out: dict[str, Any] = {
        "section": snapshot.section,
        "movement": None if snapshot.movement is None else snapshot.movement.name,
        "movement_plan": snapshot.movement,  # its name in the page's language: movement_title
        "entered": len(snapshot.results),
        "planned": sum(counts.values()),
        "complete_boards": complete,
        "fields": [],
        "travellers": [],
        "over": view.over,
        "hands_boards": [b for b in complete if view.public_hands(b)],
    }
    if scored is None:
        return out
    done = set(complete)
    numbers = scored.section.numbers
    out["travellers"] = [rows(t, numbers) for t in scored.travellers if t.board in done]
    if by_rounds:
        return out
    for direction, lines in scored.section.fields():
        out["fields"].append(
            {
                "direction": None if direction is None else direction.value,
                "rows": [
                    {
                        "rank": s.rank,
                        "pair": s.pair,
                        "number": scored.section.shown(s.pair),
                        "names": s.names,
                        "total": fixed(s.total),
                        "percentage": fixed(s.percentage),
                        "boards": s.boards,
                    }
                    for s in lines
                ],
            }
        )
    return out


def live_session(unit: UnitOfWork, event: int | str) -> int:
    """The session the live page shows: the last one with a result (else the first)."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        started = [
            n
            for n, names in rules.played.items()
            if any(section_results(unit, event, x, n).results for x in names)
        ]
    return max(started, default=1)


def overall(
    unit: UnitOfWork, event: int | str, rules: EventRules | None = None
) -> dict[str, Any] | None:
    """What the live page ranks over the whole event, as ``bridgedesk results`` does: an
    event of several sessions (or a final) its ranking over the sessions; a Swiss pairs,
    barometer or Houston event its standings after the last complete round; None for
    an event ranked by its sections alone.  ``round`` is the standings' round (None:
    the ranking over the sessions); ``rules``: the event's, when read already."""
    rules = rules or event_rules(unit, event)
    if rules.shape is Shape.SESSIONS:
        try:
            combined = score_event(unit, event, with_deals=False).scored.combined
        except ScoringError:  # no result yet
            return None
        assert combined is not None
        rows = [
            {"rank": c.rank, "pair": c.pair, "names": c.names, "total": fixed(c.total),
             "percentage": fixed(c.percentage), "boards": None}
            for c in combined.ranking
        ]  # fmt: skip
        return {"round": None, "rows": rows}
    if rules.shape is Shape.ROUNDS:
        final = standings(unit, event).final
        if final is None:
            return None
        rows = [
            {"rank": x.rank, "pair": x.pair, "names": x.names, "total": fixed(x.total),
             "percentage": fixed(x.percentage), "boards": None}
            for x in final.lines
        ]  # fmt: skip
        return {"round": final.round, "rows": rows}
    return None
