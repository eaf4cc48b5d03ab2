"""The web app's one door to scoring and ranking.

Every page and API answer that shows points, ranks or travellers gets them
here, as plain values (dicts and lists), from the same code as ``bridgedesk
results EVENT --format json``: one :class:`~bridgedesk.results.model.ScoredSession`
made by :func:`bridgedesk.results.section.score_section` with the director's
rulings (penalties, fouled boards), written by
:func:`bridgedesk.formats.results_json.to_dict`.  Nothing else in
``bridgedesk.web`` imports the results package, so this module is the one
place to re-point when it changes (the director's console's report set is
scored by :func:`scored_section`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bridgedesk.errors import EntryError
from bridgedesk.events.model import SectionResults
from bridgedesk.events.seating import seats
from bridgedesk.formats import results_json
from bridgedesk.reports.session import traveller_rows
from bridgedesk.results.individual import score_individual_section
from bridgedesk.results.model import ScoredSession
from bridgedesk.results.numbers import fixed
from bridgedesk.results.section import score_section, score_sections
from bridgedesk.store import director, individuals
from bridgedesk.store.service import Store


def _scored(
    store: Store, event: int | str, snapshot: SectionResults, deals: dict[int, str] | None = None
) -> ScoredSession:
    """The snapshot scored with the director's rulings for its section, as ``results`` does."""
    rulings = director.rulings(store, event, snapshot.section, snapshot.session)
    plan = individuals.plan(store, event, snapshot.section, snapshot.session)
    if plan is not None:  # an individual's players ranked alone (004:1576-1614)
        return score_individual_section(snapshot, plan, deals=deals, rulings=rulings)
    return score_section(snapshot, deals=deals, rulings=rulings)


def section_names(store: Store, event: int | str, session: int = 1) -> list[str]:
    info = store.event(event)
    return [n for number, names in info.sections if number == session for n in names]


def ranking_document(
    store: Store, event: int | str, section: str | None = None, session: int = 1
) -> dict[str, Any]:
    """The ranking as ``bridgedesk results EVENT --format json`` prints it."""
    names = section_names(store, event, session)
    if section is None:
        if len(names) != 1:
            raise EntryError(
                f"the session has sections {', '.join(names)}: give ?section= for one of them"
            )
        section = names[0]
    snapshot = store.section_results(event, section=section, session=session)
    doc: dict[str, Any] = results_json.to_dict(_scored(store, event, snapshot, store.deals(event)))
    return doc


def scored_section(store: Store, event: int | str, section: str, session: int = 1) -> ScoredSession:
    """A section scored with its deals and rulings, as ``bridgedesk results`` scores it
    (for the console's report set)."""
    snapshot = store.section_results(event, section=section, session=session)
    return _scored(store, event, snapshot, store.deals(event))


def scored_sections(store: Store, event: int | str, session: int = 1) -> ScoredSession:
    """Every section of a session, each scored on its own with its rulings, in one value
    (as ``bridgedesk results EVENT`` scores a session of several sections)."""
    names = section_names(store, event, session)
    if not names:
        raise EntryError(f"event {event} has no session {session}")
    snapshots = [store.section_results(event, section=n, session=session) for n in names]
    rulings = {n: director.rulings(store, event, n, session) for n in names}
    return score_sections(snapshots, deals=store.deals(event), rulings=rulings)


def planned(snapshot: SectionResults) -> dict[int, int]:
    """How many results each board will have when every table has played it."""
    if snapshot.movement is None:
        return {}
    phantoms = {n for n, e in snapshot.entries.items() if e.phantom}
    counts: dict[int, int] = {}
    for _, _, a in seats(snapshot.movement):
        if a.ns in phantoms or a.ew in phantoms:
            continue
        for board in a.boards:
            counts[board] = counts.get(board, 0) + 1
    return counts


def board_traveller(
    store: Store, event: int | str, section: str, session: int, board: int
) -> dict[str, Any]:
    """One board's traveller as far as it has been played: results, scores, points."""
    snapshot = store.section_results(event, section=section, session=session)
    only = replace(snapshot, results=tuple(r for r in snapshot.results if r.board == board))
    if not only.results:
        return {"board": board, "top": None, "results": [], "complete": False}
    boards = results_json.to_dict(_scored(store, event, only))["boards"]
    found: dict[str, Any] = boards[0]
    found["complete"] = len(only.results) >= planned(snapshot).get(board, 0)
    return found


def live_section(store: Store, event: int | str, snapshot: SectionResults) -> dict[str, Any]:
    """A section's ranking, its completed boards' travellers and its progress, for display."""
    counts = planned(snapshot)
    entered: dict[int, int] = {}
    for r in snapshot.results:
        entered[r.board] = entered.get(r.board, 0) + 1
    complete = sorted(b for b, n in counts.items() if entered.get(b, 0) >= n)
    out: dict[str, Any] = {
        "section": snapshot.section,
        "movement": None if snapshot.movement is None else snapshot.movement.name,
        "movement_plan": snapshot.movement,  # its name in the page's language: movement_title
        "entered": len(snapshot.results),
        "planned": sum(counts.values()),
        "complete_boards": complete,
        "fields": [],
        "travellers": [],
        "over": bool(counts) and len(complete) == len(counts),
    }
    if not snapshot.results:
        return out
    scored = _scored(store, event, snapshot)
    for direction, rows in scored.section.fields():
        out["fields"].append(
            {
                "direction": None if direction is None else direction.value,
                "rows": [
                    {
                        "rank": s.rank,
                        "pair": s.pair,
                        "names": s.names,
                        "total": fixed(s.total),
                        "percentage": fixed(s.percentage),
                        "boards": s.boards,
                    }
                    for s in rows
                ],
            }
        )
    done = set(complete)
    out["travellers"] = [t for t in traveller_rows(scored) if t["board"] in done]
    return out


__all__ = [
    "board_traveller",
    "live_section",
    "planned",
    "ranking_document",
    "scored_section",
    "section_names",
]
