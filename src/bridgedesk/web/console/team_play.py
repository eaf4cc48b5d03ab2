"""``/d/teams/ID/grid`` and ``/d/teams/ID/results``: a team event's matches as they
are played, and their room results entered, corrected and forfeited.

The grid lists every match of the draw with its two rooms (the open room
where the home team sits NS, the closed room where the away team does,
004:1631-1633): each room *entered* when all its boards are in, *partial*,
or *waiting*; a forfeit or a bye says so.  It reloads itself (htmx polling).

A room result is a :class:`~bridgedesk.events.team_draw.TeamSlip` addressed as
``bridgedesk result team`` addresses it (round, home, away, room, board), stored
by :func:`bridgedesk.services.slips.enter` and corrected with a
reason by :func:`~bridgedesk.services.slips.correct_room`
(``--correct --reason``); a forfeit is
:func:`bridgedesk.store.team_events.forfeit_match` (``result forfeit``).  So a
result for the wrong room (home and away the wrong way round), a board the
match does not play or a second result for a room is refused with the
command line's own line, shown beside the form.  The chosen match's
comparison, board by board, is the scored event's
(:func:`bridgedesk.services.team_scores.scored`).  The director may show every
board to everybody before every room has played it (``result release``,
:mod:`bridgedesk.web.console.release`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events import make_result
from bridgedesk.events.model import Result
from bridgedesk.events.team_draw import ROOMS, DrawnMatch, TeamSlip
from bridgedesk.i18n import catalog
from bridgedesk.results.team_model import ScoredMatch
from bridgedesk.services import slips, team_scores, visibility
from bridgedesk.store import team_events
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import round_states
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import fragment
from bridgedesk.web.console.release import release_form
from bridgedesk.web.console.teams import (
    TeamPage,
    reason_of,
    show,
    team_act,
    team_event_of,
    whole,
)
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d/teams")

#: Seconds between the grid's reloads.
POLL_SECONDS = 3
SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True)
class RoomCell:
    """A room of a match on the grid: its grid place and how far it is entered."""

    room: str
    round: int
    table: int
    entered: int
    boards: int

    @property
    def state(self) -> str:
        if self.entered == self.boards:
            return "entered"
        return "partial" if self.entered else "waiting"


@dataclass(frozen=True)
class MatchRow:
    match: DrawnMatch
    rooms: tuple[RoomCell, ...]
    forfeited_by: int | None

    @property
    def query(self) -> str:
        d = self.match
        return urlencode({"round": d.round, "home": d.home, "away": d.away})


def _placed(store: Store, event: int) -> dict[tuple[int, int], dict[int, Result]]:
    """The stored results by grid place (round, table), then board."""
    out: dict[tuple[int, int], dict[int, Result]] = defaultdict(dict)
    for stored in store.results(event):
        r = stored.result
        out[(r.round, r.table)][r.board] = r
    return out


def match_rows(store: Store, event: int) -> list[MatchRow]:
    """Every match of the draw with its rooms' state."""
    draw = team_events.draw(store, event)
    placed = _placed(store, event)
    rows = []
    for d in draw.matches:
        rooms = []
        if d.away is not None:
            for name, room in zip(ROOMS, (d.open, d.closed), strict=True):
                assert room is not None
                got = placed.get((room.round, room.table), {})
                done = sum(1 for b in d.boards if b in got)
                rooms.append(RoomCell(name, room.round, room.table, done, len(d.boards)))
        rows.append(MatchRow(d, tuple(rooms), draw.forfeited_by(d)))
    return rows


def _grid(store: Store, event: int, _query: Mapping[str, str]) -> dict[str, Any]:
    rows = match_rows(store, event)
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        for cell in row.rooms:
            counts[cell.state] += 1
    by_round: dict[int, list[MatchRow]] = defaultdict(list)
    for row in rows:
        by_round[row.match.round].append(row)
    return {
        "grid": dict(sorted(by_round.items())),
        "counts": dict(counts),
        "poll": POLL_SECONDS,
        "controls": round_states(store, event),
    }


show(router, "/{event}/grid", TeamPage("grid.html.j2", "team_grid", _grid))


@router.get("/{event}/grid/cells", response_class=HTMLResponse)
async def grid_cells(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    await team_event_of(request, event)  # a pairs event's cells are not here: 404
    context = await db_call(request, _grid, store_of(request), event, {})
    return fragment(
        request,
        "teams/_grid.html.j2",
        session,
        event_id=event,
        **context,
    )


# -- a match: its comparison and the forms -------------------------------------------------------


def _chosen(query: Mapping[str, str]) -> tuple[int, int, int] | None:
    texts = [query.get(k, "") for k in ("round", "home", "away")]
    if all(t.isascii() and t.isdigit() and 1 <= len(t) <= 4 for t in texts):
        return int(texts[0]), int(texts[1]), int(texts[2])
    return None


def _scored_match(store: Store, event: int, key: tuple[int, int, int]) -> ScoredMatch | None:
    try:
        scored, _ = team_scores.scored(store, event)
    except BridgedeskError:
        return None
    for m in scored.matches:
        if (m.round, m.home, m.away) == key:
            return m
    return None


def _to_correct(
    d: DrawnMatch, rooms: Mapping[str, Mapping[int, Result]], query: Mapping[str, str]
) -> dict[str, str]:
    """The correction form filled in with a room's stored result (``?room=R&board=B``)."""
    room, text = query.get("room", ""), query.get("board", "")
    if room not in rooms or not (text.isascii() and text.isdigit() and len(text) <= 4):
        return {}
    stored = rooms[room].get(int(text))
    if stored is None:
        return {}
    form = {"round": str(d.round), "home": str(d.home), "away": str(d.away), "room": room,
            "board": text}  # fmt: skip
    if stored.adjusted is not None:
        return {**form, "adjusted": str(stored.adjusted)}
    assert stored.contract is not None
    if stored.contract.is_pass:
        return {**form, "contract": "PASS"}
    words = stored.result_text.split()
    return {**form, "contract": words[0], "declarer": words[1], "result": words[2],
            "lead": stored.lead or ""}  # fmt: skip


def _results(store: Store, event: int, query: Mapping[str, str]) -> dict[str, Any]:
    """The matches to choose from; the chosen one's boards, room by room, compared."""
    rows = [r for r in match_rows(store, event) if r.match.away is not None]
    key = _chosen(query)
    chosen = next(
        (r for r in rows if key is not None and (r.match.round, r.match.home, r.match.away) == key),
        None,
    )
    boards = []
    if chosen is not None:
        d = chosen.match
        assert d.open is not None and d.closed is not None and d.away is not None
        placed = _placed(store, event)
        opened = placed.get((d.open.round, d.open.table), {})
        closed = placed.get((d.closed.round, d.closed.table), {})
        scored = _scored_match(store, event, (d.round, d.home, d.away))
        compared = {} if scored is None else {b.board: b for b in scored.boards}
        for b in d.boards:
            got = compared.get(b)
            boards.append(
                {
                    "board": b,
                    "open": opened.get(b),
                    "closed": closed.get(b),
                    "imps": None if got is None else got.imps,
                }
            )
        totals = None if scored is None else scored
        fix = _to_correct(d, {"open": opened, "closed": closed}, query)
        entries = store.entries(event)
        squads = [(t, entries[t].players) for t in (d.home, d.away) if t in entries]
    else:
        totals, fix, squads = None, {}, []
    return {
        "matches": rows,
        "chosen": chosen,
        "boards": boards,
        "scored": totals,
        "fix": fix,
        "squads": squads,
        "rooms": ROOMS,
        "seats": SEATS,
        "released": visibility.released(store, event),
    }


results_page_of = TeamPage("results.html.j2", "team_results", _results)
show(router, "/{event}/results", results_page_of)


def _slip(form: Mapping[str, str]) -> TeamSlip:
    """The form as ``result team`` reads its options (round, home, away, room, board)."""
    room = form.get("room", "")
    if room not in ROOMS:
        raise EntryError(
            "the room is open (home NS) or closed (away NS), not {given!r}",
            code="team.unknown-room",
            given=room,
        )
    board = whole(form, "board", "the board")
    rnd = whole(form, "round", "the round")
    # The table and pairs are the draw's; 1 and 2 stand in until the slip is placed.
    played = make_result(
        round=rnd,
        table=1,
        board=board,
        ns=1,
        ew=2,
        contract=form.get("contract", "").strip() or None,
        declarer=form.get("declarer") or None,
        result=form.get("result", "").strip() or None,
        lead=form.get("lead", "").strip() or None,
        adjusted=form.get("adjusted", "").strip() or None,
    )
    return TeamSlip(
        rnd, whole(form, "home", "the home team"), whole(form, "away", "the away team"),
        room, board, played,
    )  # fmt: skip


def _where(slip: TeamSlip, lang: str) -> str:
    _ = catalog(lang).gettext
    room = _("open room") if slip.room == "open" else _("closed room")
    return _("round {round}, {home} v {away}, {room}, board {board}").format(
        round=slip.round, home=slip.home, away=slip.away, room=room, board=slip.board
    )


def _enter(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    slip = _slip(form)
    rid = slips.enter(store, event, slip, who=session.user.name)
    entered = catalog(lang).gettext("result {id}: {where}: {result}")
    return entered.format(id=rid, where=_where(slip, lang), result=slip.result.result_text)


def _correct(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    slip = _slip(form)
    reason = reason_of(form)
    cid, old, new = slips.correct_room(
        store,
        event,
        slip,
        who=session.user.name,
        reason=reason,
        director=session.user.role.allows(Role.DIRECTOR),
    )
    corrected = catalog(lang).gettext("correction {id}: {where}: {old} -> {new}")
    return corrected.format(
        id=cid, where=_where(slip, lang), old=old.result_text, new=new.result_text
    )


def _forfeit(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    rnd = whole(form, "round", "the round")
    team = whole(form, "team", "the team forfeiting")
    aid = team_events.forfeit_match(store, event, rnd, team, session.user.name, reason_of(form))
    forfeits = catalog(lang).gettext("audit {id}: team {team} forfeits its round {round} match")
    return forfeits.format(id=aid, team=team, round=rnd)


def _lineup(
    store: Store, event: int, form: Mapping[str, str], _session: UserSession, lang: str
) -> str:
    """Which players of a team sit NS and EW in a round (``event lineup``, 004:1631-1633)."""
    rnd = whole(form, "round", "the round")
    team = whole(form, "team", "the team")
    ns = (whole(form, "ns1", "an NS player"), whole(form, "ns2", "an NS player"))
    ew = (whole(form, "ew1", "an EW player"), whole(form, "ew2", "an EW player"))
    team_events.set_lineup(store, event, rnd, team, ns, ew)
    lineup = catalog(lang).gettext("round {round}, team {team}: NS players {ns}, EW players {ew}")
    return lineup.format(round=rnd, team=team, ns=f"{ns[0]},{ns[1]}", ew=f"{ew[0]},{ew[1]}")


def _release(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    """The director shows every board of the event to everybody now (a team event is
    one session), or folds them again."""
    return release_form(store, event, 1, form, session.user.name, lang, team=True)


def _back(event: int, form: Mapping[str, str], done: str) -> str:
    query = {k: form.get(k, "") for k in ("round", "home", "away")}
    return f"/d/teams/{event}/results?{urlencode({**query, 'done': done})}"


@router.post("/{event}/results")
async def enter_result(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.SCORER, "enter", _enter, results_page_of, _back)


@router.post("/{event}/results/correct")
async def correct_result(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.SCORER, "correct", _correct, results_page_of, _back)


@router.post("/{event}/lineup")
async def lineup(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "lineup", _lineup, results_page_of, _back)


@router.post("/{event}/release")
async def release(request: Request, event: int) -> Response:
    return await team_act(
        request, event, Role.DIRECTOR, "release", _release, results_page_of, _back
    )


@router.post("/{event}/forfeit")
async def forfeit(request: Request, event: int) -> Response:
    return await team_act(
        request, event, Role.DIRECTOR, "forfeit", _forfeit, results_page_of, _back
    )


__all__ = ["MatchRow", "RoomCell", "match_rows", "router"]
