"""A results file, scored: the file-side adapter to :class:`ScoredSession`.

``bridgedesk score FILE`` reads a PBN ``[ScoreTable]`` file or JSON travellers
(:class:`~bridgedesk.formats.score_input.ScoreInput`), scores it, and hands the
scoring engine's result here.  What the scoring input does not
carry is taken from the PBN file itself when there is one: the event's name,
date and club (``[Event]``, ``[Date]``, ``[Site]``), the section
(``[Section]``), each result's round, table and lead (the ScoreTable's
``Round``, ``Table`` and ``Lead`` columns), the pairs' names (the
TotalScoreTable's ``Names`` column) and the deals.  So a PBN file written by
``bridgedesk results EVENT --format pbn`` scores back to the same value, and
every writer prints the same thing from either side.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bridgedesk import reading
from bridgedesk.events.model import EntryKind
from bridgedesk.formats import pbn
from bridgedesk.results.build import Placement, section_of
from bridgedesk.results.model import Competitor, EventHeading, Options, ScoredSession
from bridgedesk.scoring.session import SessionResult

_EMPTY = ("", "-", "?")
_PLAYERS = ("PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West")


def _tag(base: pbn.PbnFile | None, name: str) -> str | None:
    if base is None:
        return None
    for game in base:
        value = game.get(name)
        if value is not None and value.strip() not in _EMPTY:
            return value.strip()
    return None


def _date(text: str | None) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.datetime.strptime(text, "%Y.%m.%d").date()
    except ValueError:
        return None


def _int(text: str | None) -> int | None:
    return None if text is None else reading.whole_number(text)


def _placements(base: pbn.PbnFile, individual: bool) -> dict[tuple[int, int], Placement]:
    out: dict[tuple[int, int], Placement] = {}
    for game in base:
        table = game.table("ScoreTable")
        number = _int(game.get("Board"))
        if table is None or number is None:
            continue
        k = 0
        for row in table.rows:
            first = row.get(_PLAYERS[0] if individual else "PairId_NS", row.get("Pair_NS"))
            second = row.get(_PLAYERS[2] if individual else "PairId_EW", row.get("Pair_EW"))
            if first is None or second is None or first in _EMPTY or second in _EMPTY:
                continue
            lead = row.get("Lead")
            out[(number, k)] = Placement(
                _int(row.get("Round")), _int(row.get("Table")),
                None if lead is None or lead in _EMPTY else lead,
            )  # fmt: skip
            k += 1
    return out


def _competitors(base: pbn.PbnFile, kind: EntryKind) -> dict[str, Competitor]:
    for game in base:
        table = game.table("TotalScoreTable")
        if table is None or "Names" not in table.names:
            continue
        who = "PlayerId" if "PlayerId" in table.names else "PairId"
        if who not in table.names:
            continue
        return {
            r[who]: Competitor(r[who], kind, "" if r["Names"] in _EMPTY else r["Names"])
            for r in table.records()
        }
    return {}


def _deals(base: pbn.PbnFile) -> dict[int, str]:
    out: dict[int, str] = {}
    for game in base:
        number = _int(game.get("Board"))
        deal = game.get("Deal")
        if number is not None and deal is not None and deal.strip() not in _EMPTY:
            out[number] = deal.strip()
    return out


def scored_file(
    result: SessionResult,
    filename: str | Path,
    *,
    individual: bool = False,
    base: pbn.PbnFile | None = None,
    options: Options | None = None,
) -> ScoredSession:
    """The scored value of a results file (``base``: the parsed PBN file, if it is one)."""
    kind = EntryKind.INDIVIDUAL if individual else EntryKind.PAIR
    event = EventHeading(
        name=_tag(base, "Event") or Path(filename).stem,
        date=_date(_tag(base, "Date")),
        club=_tag(base, "Site") or "",
    )
    placements = competitors = deals = None
    if base is not None:
        placements = _placements(base, individual)
        competitors = _competitors(base, kind)
        deals = _deals(base)
    section = section_of(
        result, name=_tag(base, "Section") or "", seats=placements, competitors=competitors
    )
    return ScoredSession(
        event=event,
        method=result.method,
        sections=(section,),
        options=options or Options(),
        kind=kind,
        deals=deals or {},
    )


__all__ = ["scored_file"]
