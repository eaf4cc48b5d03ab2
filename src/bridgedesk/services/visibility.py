"""What every screen may show of an event while it is played: the one rule of
:mod:`bridgedesk.events.visibility` applied to what the store holds.

* a table's travellers (the terminal's pages and its JSON API):
  :func:`table_boards` (the boards whose traveller the pairs now at the table may
  open) and :func:`table_traveller`;
* the public documents (the ranking JSON): :func:`public_document` folds the
  travellers nobody may see yet, keeps the hands until the session is over and
  strips every member number;
* the live pages read :func:`section_view` (through :mod:`bridgedesk.services.live`);
* the director's release of a session (:func:`release`, audited).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from bridgedesk.errors import EntryError, ForbiddenError, Location
from bridgedesk.events.visibility import SectionView, TeamView
from bridgedesk.formats import results_json
from bridgedesk.i18n import catalog
from bridgedesk.services import live
from bridgedesk.services.event_scores import Shape, event_rules
from bridgedesk.services.live_results import LiveResults, LiveSection, json_bytes
from bridgedesk.store import events_repo, releases, team_events
from bridgedesk.store import terminals as term
from bridgedesk.store.results_repo import results as results_of
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.team_events import is_team_event
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "for_viewer",
    "hands_for_viewer",
    "kept_public_ranking",
    "kept_table_traveller",
    "public_document",
    "public_ranking",
    "release",
    "release_said",
    "released",
    "section_view",
    "strip_members",
    "table_boards",
    "table_traveller",
    "team_board_pages",
    "team_view",
]


def section_view(unit: UnitOfWork, event: int | str, section: str, session: int) -> SectionView:
    """The visibility of a stored section: its results so far and the director's release."""
    with unit.transaction(write=False):
        snapshot = section_results(unit, event, section=section, session=session)
        return SectionView.of(snapshot, releases.released(unit, event, session))


def _terminal_view(
    unit: UnitOfWork, terminal: term.Terminal
) -> tuple[SectionView, tuple[int, ...]]:
    state = term.table_state(unit, terminal)
    view = section_view(unit, terminal.event_id, terminal.section, terminal.session)
    seated = tuple(p for p in (state.ns, state.ew) if p is not None)
    return view, seated


def table_boards(unit: UnitOfWork, terminal: term.Terminal) -> tuple[int, ...]:
    """The boards whose traveller the pairs now sitting at the table may open."""
    with unit.transaction(write=False):
        view, seated = _terminal_view(unit, terminal)
    boards = {r.board for r in view.results}
    return tuple(sorted(b for b in boards if view.at_table(seated, b)))


def table_traveller(unit: UnitOfWork, terminal: term.Terminal, board: int) -> dict[str, Any] | None:
    """A board's traveller so far, or None while a pair now at the table has not played
    it (the director's release shows it)."""
    with unit.transaction(write=False):
        view, seated = _terminal_view(unit, terminal)
        if not view.at_table(seated, board):
            return None
        return live.board_traveller(
            unit, terminal.event_id, terminal.section, terminal.session, board
        )


def kept_table_traveller(
    unit: UnitOfWork, kept: LiveResults, terminal: term.Terminal, board: int
) -> bytes | None:
    """:func:`table_traveller` as a JSON answer's body, from the process's live results
    (``kept``): the traveller written once per stamp of the section, the pairs now at the
    table worked out from the kept results.  Each request still checks the table's login
    and reads the director's holds (one short read with the section's stamp); a team
    table, or a section with no movement yet, is answered by :func:`table_traveller`."""
    with unit.transaction(write=False) as s:
        term.check_login(s, terminal)
        team = team_events.event_draw(s, terminal.event_id) is not None
        held = term.round_controls(s, terminal.section_id)
    section = None if team else kept.section(terminal.event_id, terminal.session, terminal.section)
    movement = None if section is None else section.snapshot.movement
    if section is None or movement is None:
        found = table_traveller(unit, terminal, board)
        return None if found is None else json_bytes(found)
    snapshot = section.snapshot
    entered: dict[int, set[int]] = {}
    for r in snapshot.results:
        if r.table == terminal.table:
            entered.setdefault(r.round, set()).add(r.board)
    phantoms = {n for n, e in snapshot.entries.items() if e.phantom}
    rnd, _ = term.current_round(movement, terminal.table, entered, held, phantoms)
    now = movement.assignment(rnd, terminal.table)
    seated = () if now is None else (now.ns, now.ew)
    if not section.view.at_table(seated, board):
        return None
    return section.traveller(board)


def for_viewer(
    unit: UnitOfWork, event: int | str, section: str, session: int, context: dict[str, Any]
) -> dict[str, Any]:
    """A console page's ``context`` as a viewer may see it (a viewer at the console sees
    what the public sees): its ``results`` only of boards every table has played."""
    if "results" not in context:
        return context
    view = section_view(unit, event, section, session)
    shown = [r for r in context["results"] if view.public(r.result.board)]
    return {**context, "results": shown}


def hands_for_viewer(
    unit: UnitOfWork, event: int | str, section: str, session: int, boards: Sequence[int]
) -> list[int]:
    """The ``boards`` whose hands a viewer at the console may see: once the session is
    over (or released)."""
    view = section_view(unit, event, section, session)
    return [b for b in boards if view.public_hands(b)]


def strip_members(value: Any) -> Any:
    """``value`` (a JSON document's values) without any player's member number."""
    if isinstance(value, dict):
        return {k: strip_members(v) for k, v in value.items() if k != "member"}
    if isinstance(value, list):
        return [strip_members(v) for v in value]
    return value


def _fold(doc: dict[str, Any], view: SectionView) -> None:
    """Keep in a session document only the travellers and hands everybody may see."""
    boards = []
    for board in doc.get("boards", []):
        if not view.public(board["board"]):
            continue
        if not view.public_hands(board["board"]):
            board.pop("deal", None)
        boards.append(board)
    doc["boards"] = boards


def public_document(unit: UnitOfWork, event: int | str, doc: dict[str, Any]) -> dict[str, Any]:
    """A results document (``bridgedesk results --format json``) as the public may see
    it while the event is played: without member numbers, each session's travellers
    of boards still in play folded, its hands kept until the session is over."""
    shown: dict[str, Any] = strip_members(doc)
    with unit.transaction(write=False):
        if is_team_event(unit, event):
            view = team_view(unit, event)
            for match in shown.get("matches", []):
                match["boards"] = [
                    b for b in match.get("boards", []) if view.shows(match["round"], b["board"])
                ]
            return shown
        rules = event_rules(unit, event)
        parts = shown["sessions"] if isinstance(shown.get("sessions"), list) else [shown]
        for part in parts:
            if not isinstance(part, dict) or not isinstance(part.get("boards"), list):
                continue
            session = part.get("session") or 1
            names = rules.sections(session)
            name = part.get("section") or (names[0] if names else None)
            if name is None:
                continue
            _fold(part, section_view(unit, event, name, session))
    return shown


def team_view(unit: UnitOfWork, event: int | str) -> TeamView:
    """The visibility of a stored team event: its draw, the room results entered so far
    and the director's release (of session 1)."""
    with unit.transaction(write=False):
        draw = team_events.draw(unit, event)
        entered = [
            (r.result.round, r.result.table, r.result.board) for r in results_of(unit, event)
        ]
        return TeamView.of(draw, entered, releases.released(unit, event, 1))


def team_board_pages(unit: UnitOfWork, event: int | str) -> None:
    """Refuse the public pages that show a team event board by board while a board is
    played at some tables and still to play at others (:class:`ForbiddenError`)."""
    if not team_view(unit, event).board_pages:
        raise ForbiddenError(
            "the board-by-board pages show once every table has played the boards in "
            "play (the standings show now)",
            code="visibility.team-boards-in-play",
        )


def public_ranking(
    unit: UnitOfWork,
    event: int | str,
    section: str | None = None,
    session: int | None = None,
    ranking: Callable[[], bytes] | None = None,
) -> dict[str, Any]:
    """The ranking JSON as the public may see it (:func:`public_document` of
    :func:`bridgedesk.services.live.ranking_document`, or of the body ``ranking``
    gives: the live results' kept answer)."""
    with unit.transaction(write=False):
        rules = event_rules(unit, event)
        names = rules.sections(session or 1)
        if rules.shape in (Shape.PAIRS, Shape.INDIVIDUAL) and (section or len(names) == 1):
            name = section or names[0]
            snapshot = section_results(unit, event, section=name, session=session or 1)
            if not snapshot.results:
                empty: dict[str, Any] = strip_members(results_json.nothing_yet(snapshot))
                return empty
        if ranking is not None:
            return public_document(unit, event, json.loads(ranking()))
        return public_document(unit, event, live.ranking_document(unit, event, section, session))


def kept_public_ranking(
    unit: UnitOfWork, kept: LiveResults, event: int, section: str | None, session: int | None
) -> bytes:
    """:func:`public_ranking` as the API's body, from the process's live results
    (``kept``): one section's from its :class:`LiveSection` (its results, its document
    and what may be seen of it, none read again), the whole event's as
    :func:`public_ranking` makes it."""
    one = kept.one_section(event, section, session)
    if one is None:
        found = public_ranking(unit, event, section, session,
                               lambda: kept.ranking_json(event, section, session))  # fmt: skip
        return json_bytes(found)
    body: bytes = one.once("public ranking", lambda: _public_body(one))
    return body


def _public_body(one: LiveSection) -> bytes:
    """:func:`kept_public_ranking` of one section at one stamp."""
    pairs = one.rules.rules.shape in (Shape.PAIRS, Shape.INDIVIDUAL)
    if pairs and not one.snapshot.results:
        return json_bytes(strip_members(results_json.nothing_yet(one.snapshot)))
    doc = one.document  # shared by every thread: never changed
    shown: dict[str, Any] = strip_members({k: v for k, v in doc.items() if k != "boards"})
    view = one.view
    boards = [  # a board's lines carry no member number (formats.results_json)
        one.board_json(b, view.public_hands(b["board"]))
        for b in doc["boards"] if view.public(b["board"])
    ]  # fmt: skip
    # the document with its "boards" last, each board's JSON written once while it stays
    head = json_bytes(shown)[:-1]
    return head + (b"," if shown else b"") + b'"boards":[' + b",".join(boards) + b"]}"


def released(unit: UnitOfWork, event: int | str, session: int = 1) -> bool:
    """Whether the director has released the session's travellers and hands to everybody."""
    return releases.released(unit, event, session)


def release(
    unit: UnitOfWork, event: int | str, session: int, *, shown: bool, who: str, reason: str
) -> int:
    """The director releases a session's travellers and hands to everybody before every
    table has played (``shown``), or folds them again (the rule of
    :mod:`bridgedesk.events.visibility` then holds again); audited, with ``who`` and
    ``reason``.  The audit line's id.  A session the event does not have, and a
    release that changes nothing, are refused."""
    with unit.transaction():
        info = events_repo.event(unit, event)
        team = is_team_event(unit, info.id)
        sessions = sorted({number for number, _ in info.sections})
        if session not in sessions:
            raise EntryError(
                "event {event!r} has no session {session} (its sessions: {sessions})",
                Location(input="session"),
                code="release.no-such-session",
                event=info.event.name,
                session=session,
                sessions=", ".join(map(str, sessions)),
            )
        if releases.released(unit, info.id, session) == shown:
            if shown and team:
                raise EntryError(
                    "every round's boards and scorecards are released already",
                    code="release.already-released",
                )
            if shown:
                raise EntryError(
                    "session {session}'s travellers and hands are released already",
                    code="release.already-released",
                    session=session,
                )
            if team:
                raise EntryError(
                    "every round's boards and scorecards are not released: nothing to fold",
                    code="release.not-released",
                )
            raise EntryError(
                "session {session}'s travellers and hands are not released: nothing to fold",
                code="release.not-released",
                session=session,
            )
        return releases.release(unit, info.id, session, shown=shown, who=who, reason=reason)


def release_said(lang: str, audit: int, session: int, *, shown: bool, team: bool) -> str:
    """What the director is told after :func:`release` (audit line ``audit``), in
    ``lang``: a pairs session's travellers and hands, or (``team``: a team event is one
    session, played in rounds of matches) every round's boards and scorecards."""
    _ = catalog(lang).gettext
    if team:
        said = (
            _("audit {id}: every round's boards and scorecards shown to everybody")
            if shown
            else _("audit {id}: every round's boards and scorecards folded again")
        )
    else:
        said = (
            _("audit {id}: session {session}'s travellers and hands shown to everybody")
            if shown
            else _("audit {id}: session {session}'s travellers and hands folded again")
        )
    return said.format(id=audit, session=session)
