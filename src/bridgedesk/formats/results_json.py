"""A scored session as one JSON document (``bridgedesk-results-1``).

Written from a :class:`~bridgedesk.results.model.ScoredSession`, so ``bridgedesk
score FILE --format json`` and ``bridgedesk results EVENT --format json`` print
the same document for the same results: the event, the movement, the ranking
(with players and member numbers when known) and every traveller with both
sides' points.  Points, totals and percentages are rounded once, to 2
decimals half up (004:1303-1313, :mod:`bridgedesk.results.numbers`); scores
are NS's.  Pair numbers are JSON numbers; other competitor ids (``A3``,
an individual's ``8&1``) stay text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridgedesk.bridge import board_dealer, board_vulnerability
from bridgedesk.events.model import SectionResults
from bridgedesk.events.seating import GridMovement
from bridgedesk.results.combined import Combined
from bridgedesk.results.model import (
    Line,
    MovementInfo,
    ScoredEvent,
    ScoredSession,
    Standing,
    Traveller,
    pair_number,
)
from bridgedesk.results.numbers import number, real

FORMAT = "bridgedesk-results-1"


def _id(pair: str | None) -> int | str | None:
    if pair is None or pair == "":
        return None
    n = pair_number(pair)
    return pair if n is None else n


def _standing(s: Standing) -> dict[str, Any]:
    row: dict[str, Any] = {
        "rank": s.rank,
        "pair": _id(s.pair),
        "direction": None if s.direction is None else s.direction.value,
        "names": s.names,
        "players": [{"name": p.name, "member": p.member} for p in s.players],
        "total": number(s.total),
        "max": number(s.max),
        "percentage": number(s.percentage),
        "boards": s.boards,
    }
    if s.penalty:
        row["penalty"] = number(s.penalty)
    if s.section is not None:
        row["section"] = s.section
    if s.overall is not None:
        row["overall"] = s.overall
    if s.flight is not None:  # stratified pairs (004:1515-1532)
        row["flight"] = s.flight
        row["flight_ranks"] = dict(s.flight_ranks)
    return row


def _line(line: Line) -> dict[str, Any]:
    row: dict[str, Any] = {
        "round": line.round,
        "table": line.table,
        "ns": _id(line.ns),
        "ew": _id(line.ew),
        "contract": None if line.contract is None else str(line.contract),
        "declarer": None if line.declarer is None else line.declarer.value,
        "tricks": line.tricks,
        "result": line.result_text,
        "lead": line.lead,
        "adjusted": line.adjusted_text,
        "score_ns": line.score_ns,
        "ns_points": number(line.ns_points),
        "ew_points": number(line.ew_points),
    }
    if line.score_ns is None and not line.has_adjustment:
        row["assigned"] = {"ns": str(line.ns_outcome), "ew": str(line.ew_outcome)}
    if line.group is not None:
        row["group"] = line.group
    if line.players is not None:
        row["players"] = list(line.players)
    return row


def _movement(movement: MovementInfo | GridMovement | None) -> dict[str, Any] | None:
    if movement is None:
        return None
    return {
        "name": movement.name,
        "kind": movement.kind,
        "rounds": movement.rounds,
        "tables": movement.tables,
        "winners": movement.winners,
    }


def board_dict(t: Traveller, deal: str | None) -> dict[str, Any]:
    """One board of the document: its traveller (and its deal, when known)."""
    board: dict[str, Any] = {
        "board": t.board,
        "dealer": board_dealer(t.board).value,
        "vulnerability": str(board_vulnerability(t.board)),
        "top": number(t.top),
        "results": [_line(line) for line in t.lines],
    }
    if t.penalties:  # the director's on this board (off the pairs' totals, 003:47-121)
        board["penalties"] = [
            {"pair": _id(p.pair), "points": number(p.points), "reason": p.reason}
            for p in t.penalties
        ]
    if deal is not None:
        board["deal"] = deal
    return board


def to_dict(
    scored: ScoredSession, board: Callable[[Traveller, str | None], dict[str, Any]] = board_dict
) -> dict[str, Any]:
    """The JSON document as Python values (one section); ``board`` writes each board
    (:func:`board_dict`, or one that remembers the boards it wrote)."""
    section = scored.section
    event = scored.event
    movement = section.movement
    boards = [board(t, scored.deals.get(t.board)) for t in section.travellers]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "event": {
            "name": event.name,
            "date": None if event.date is None else event.date.isoformat(),
            "club": event.club,
            "rating": event.rating,
            "class": event.class_,
            "scoring": scored.method.value,
        },
        "session": scored.session,
        "section": section.name or None,
        "movement": _movement(movement),
        "method": scored.method.value,
        "winners": section.winners,
        "phantom": _id(section.phantom),
        "ranking": [_standing(s) for s in section.ranking],
        "boards": boards,
    }
    if scored.individual:
        doc["individual"] = True
    return doc


def nothing_yet(snapshot: SectionResults) -> dict[str, Any]:
    """The document of a stored section before its first result: its event, session,
    section and movement, an empty ranking and no boards (a live client polls from
    the start of play)."""
    event, movement = snapshot.event, snapshot.movement
    return {
        "format": FORMAT,
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "club": event.club,
            "rating": event.rating.value,
            "class": event.class_,
            "scoring": event.scoring.value,
        },
        "session": snapshot.session,
        "section": snapshot.section,
        "movement": _movement(movement),
        "method": event.scoring.value,
        "winners": None if movement is None else movement.winners,
        "phantom": next((n for n, e in snapshot.entries.items() if e.phantom), None),
        "ranking": [],
        "boards": [],
    }


def event_dict(event: ScoredEvent) -> dict[str, Any]:
    """One session's document, or ``{"sessions": [...]}``, with what is ranked over them:
    ``carry_over``, ``totals``, ``flights`` and ``houston_vp`` when present."""
    if len(event.sessions) == 1 and event.combined is None:
        doc = to_dict(event.sessions[0])
    else:
        doc = {"sessions": [session_dict(s) for s in event.sessions]}
    if event.combined is not None and (len(event.sessions) > 1 or event.carry_over):
        doc["ranking"] = combined_ranking(event.combined)
        doc["matched_by"] = event.combined.matched_by
    if event.carry_over:
        doc["carry_over"] = {p: real(c) for p, c in event.carry_over.items()}
    if event.totals:
        doc["totals"] = [
            {"pair": t.pair, "total": real(t.total), "rank": t.rank} for t in event.totals
        ]
    if event.flights:
        doc["flights"] = {p: dict(ranks) for p, ranks in event.flights.items()}
    if event.houston:
        doc["houston_vp"] = [
            [
                {"pair": x.pair, "direction": None if x.direction is None else x.direction.value,
                 "vp": real(x.vp), "rank": x.rank}
                for x in session
            ]
            for session in event.houston
        ]  # fmt: skip
    return doc


def session_dict(scored: ScoredSession) -> dict[str, Any]:
    """One session's document: :func:`to_dict` of its one section, or with several
    sections each section's document and the ranking of every pair (its
    ``section`` named, ``overall`` its rank across sections, 004:1315-1320)."""
    if len(scored.sections) == 1:
        return to_dict(scored)
    ranking = []
    for sec in scored.sections:
        for s in sec.ranking:
            row = _standing(s)
            row.setdefault("section", sec.name)
            ranking.append(row)
    return {
        "session": scored.session,
        "ranking": ranking,
        "sections": [to_dict(scored.with_section(sec)) for sec in scored.sections],
    }


def combined_ranking(combined: Combined) -> list[dict[str, Any]]:
    """The ranking over all sessions: each competitor with a column per session."""
    rows: list[dict[str, Any]] = []
    for c in combined.ranking:
        row: dict[str, Any] = {
            "rank": c.rank,
            "pair": _id(c.pair),
            "names": c.names,
            "total": number(c.total),
            "max": number(c.max),
            "percentage": number(c.percentage),
            "sessions": [
                None
                if x is None
                else {"session": x.session, "pair": _id(x.seat), "section": x.section,
                      "total": number(x.total), "max": number(x.max),
                      "percentage": number(x.percentage), "rank": x.rank}
                for x in c.sessions
            ],
        }  # fmt: skip
        if c.carry:
            row["carry_over"] = number(c.carry)
        if c.section is not None:
            row["section"] = c.section
        if c.section_rank is not None:
            row["section_rank"] = c.section_rank
        rows.append(row)
    return rows


def dumps(scored: ScoredSession | ScoredEvent) -> str:
    """The JSON text (UTF-8 names kept as they are, 2-space indent)."""
    doc = event_dict(scored) if isinstance(scored, ScoredEvent) else to_dict(scored)
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def dump(scored: ScoredSession | ScoredEvent, path: str | Path) -> Path:
    """Write :func:`dumps` to ``path`` (UTF-8)."""
    target = Path(path)
    target.write_text(dumps(scored), encoding="utf-8")
    return target


__all__ = ["FORMAT", "board_dict", "dump", "dumps", "event_dict", "session_dict", "to_dict"]
