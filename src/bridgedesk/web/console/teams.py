"""``/d/teams/ID``: a team event at the console -- its teams, its draw and its rounds.

A team event (``bridgedesk event new --kind teams``) opens here instead of the
pairs pages (``/d/events/ID`` sends it on).  Every action calls what the
command line calls, so the checks and the one-line refusals are the same:
teams are entered and changed by :mod:`bridgedesk.store.team_entries`
(``entry add --kind team``), withdrawn by
:func:`bridgedesk.store.team_events.withdraw_team` (``event withdraw-team``);
the draw is :func:`bridgedesk.services.draws.make_draw` (``event movement``)
and :func:`~bridgedesk.services.draws.next_round` (``event round --next``);
rounds are held, closed and opened by
:func:`bridgedesk.store.terminals.set_round` (``event round``).  A refusal is
shown beside the form that sent it, which keeps what was typed; nothing is
stored.  The team pages' shared frame is :func:`team_page` and :func:`team_act`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.team_draw import by_round
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext
from bridgedesk.services import draws
from bridgedesk.store import team_events
from bridgedesk.store.rows import EventInfo
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import edit_team, enter_team, team_players
from bridgedesk.store.terminals import round_states, set_round
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.fields import field_name
from bridgedesk.web.console.pages import console_page, read_form, refill
from bridgedesk.web.console.place import NoSuchPlaceError
from bridgedesk.web.console.results import ROUND_ACTIONS
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d/teams")

#: Rows of the team form: a team lists at most six players.
PLAYER_ROWS = 6

Gather = Callable[[Store, int, Mapping[str, str]], dict[str, Any]]
#: The team pages' titles, by the page's key (the navigation marks the page shown by it).
PAGE_TITLES: dict[str, LazyText] = {
    "teams": lazy_gettext("Teams"),
    "team_grid": lazy_gettext("Matches"),
    "team_results": lazy_pgettext("enter results page", "Results"),
    "standings": lazy_gettext("Standings"),
    "publish": lazy_gettext("Publish"),
}


async def team_event_of(request: Request, event: int) -> tuple[EventInfo, TeamSettings]:
    """The team event ``event`` and its settings; a missing event or a pairs event is
    no place of the team pages (:class:`NoSuchPlaceError`: 404)."""
    store = store_of(request)
    try:
        info = await db_call(request, store.event, event)
        team = await db_call(request, team_events.settings, store, event)
    except BridgedeskError as exc:
        raise exc.as_(NoSuchPlaceError) from None
    return info, team


@dataclass(frozen=True)
class TeamPage:
    """A page of a team event: its template (under ``console/teams/``), its key in
    :data:`PAGE_TITLES` and what it shows (``gather``, given the store, the event and the query)."""

    name: str
    title: str
    gather: Gather

    async def __call__(
        self,
        request: Request,
        session: UserSession,
        event: int,
        status_code: int = 200,
        errors: Mapping[str, Shown] | None = None,
        form: Mapping[str, str] | None = None,
    ) -> HTMLResponse:
        store = store_of(request)
        # a refused form's match (round, home, away) stays chosen, unless the URL names one
        query = {k: v for k, v in (form or {}).items() if k in ("round", "home", "away")}
        query.update(request.query_params)
        info, team = await team_event_of(request, event)
        context = await db_call(request, self.gather, store, event, query)
        title = PAGE_TITLES[self.title].in_(language(request))
        return console_page(
            request,
            f"teams/{self.name}",
            session,
            f"{info.event.name} — {title}",
            status_code,
            event_id=event,
            info=info,
            team=team,
            current=self.title,
            errors=refill(errors or {}),
            form=refill(form or query),
            done=query.get("done", ""),
            **context,
        )


def show(router: APIRouter, path: str, page: TeamPage) -> None:
    """Serve ``page`` at ``path`` (under ``/d/teams``) to anyone logged in."""

    async def view(request: Request, event: int) -> Response:
        session = await need(request, Role.VIEWER)
        return await page(request, session, event)

    router.add_api_route(path, view, methods=["GET"], response_class=HTMLResponse)


async def team_act(
    request: Request,
    event: int,
    role: Role,
    where: str,
    run: Callable[[Store, int, Mapping[str, str], UserSession, str], str],
    page: TeamPage,
    back: Callable[[int, Mapping[str, str], str], str],
) -> Response:
    """Do one action; on refusal ``page`` with its message beside the form ``where``.
    ``run`` says what it did in the request's language (its last argument)."""
    form = await read_form(request)
    session = await need(request, role, form)
    try:
        done = await db_call(
            request, run, store_of(request), event, form, session, language(request)
        )
    except BridgedeskError as exc:
        return await page(request, session, event, status_of(exc), {where: exc}, form)
    return RedirectResponse(back(event, form, done), status_code=303)


def whole(form: Mapping[str, str], name: str, what: str) -> int:
    """A whole number from 1 the form must give."""
    text = form.get(name, "").strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 4 and int(text) >= 1):
        raise EntryError(
            "{field} is a whole number from 1, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(what),
            given=text,
        )
    return int(text)


def reason_of(form: Mapping[str, str]) -> str:
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError("give the reason (it is kept in the audit log)", code="form.needs-reason")
    return reason


def _people(form: Mapping[str, str]) -> list[tuple[str | None, str | None]]:
    return [
        (form.get(f"player{k}") or None, form.get(f"member{k}") or None)
        for k in range(1, PLAYER_ROWS + 1)
    ]


# -- the page -------------------------------------------------------------------------------


def _overview(store: Store, event: int, _query: Mapping[str, str]) -> dict[str, Any]:
    teams = store.entries(event)
    draw = team_events.draw(store, event)
    return {
        "teams": sorted(teams.items()),
        "rounds": by_round(draw.matches),
        "forfeits": draw.forfeits,
        "withdrawn": draw.withdrawn,
        "controls": round_states(store, event),
        "grid_rounds": [] if draw.grid is None else list(range(1, draw.grid.rounds + 1)),
        "player_rows": list(range(1, PLAYER_ROWS + 1)),
    }


overview = TeamPage("teams.html.j2", "teams", _overview)
show(router, "/{event}", overview)


def _back(event: int, _form: Mapping[str, str], done: str) -> str:
    from urllib.parse import urlencode

    return f"/d/teams/{event}?{urlencode({'done': done})}"


# -- teams -------------------------------------------------------------------------------------


def _add(
    store: Store, event: int, form: Mapping[str, str], _session: UserSession, lang: str
) -> str:
    _ = catalog(lang).gettext
    number = whole(form, "number", "the team's number") if form.get("number", "").strip() else None
    players = team_players(store, _people(form))
    got = enter_team(store, event, players, number=number, name=form.get("name"))
    note = _("entered team {n}: {names}").format(n=got.entry.number, names=got.entry.names)
    return note + (_("; the draw was cleared, make it again") if got.draw_cleared else "")


@router.post("/{event}/entries")
async def add_team(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "add", _add, overview, _back)


def _edit(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    number = whole(form, "number", "the team's number")
    edit_team(
        store,
        event,
        number,
        who=session.user.name,
        reason=reason_of(form),
        people=_people(form),
        name=form.get("name", ""),
    )
    return catalog(lang).gettext("team {n} changed").format(n=number)


@router.post("/{event}/entries/edit")
async def change_team(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "edit", _edit, overview, _back)


def _withdraw(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    number = whole(form, "number", "the team's number")
    rnd = whole(form, "from_round", "the first round missed")
    aid = team_events.withdraw_team(store, event, number, rnd, session.user.name, reason_of(form))
    withdrawn = catalog(lang).gettext("audit {id}: team {n} withdrawn from round {round}")
    return withdrawn.format(id=aid, n=number, round=rnd)


@router.post("/{event}/entries/withdraw")
async def withdraw_team(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "withdraw", _withdraw, overview, _back)


# -- the draw and the rounds --------------------------------------------------------------------


def _draw(
    store: Store, event: int, _form: Mapping[str, str], _session: UserSession, lang: str
) -> str:
    report = draws.make_draw(store, event)
    drawn = catalog(lang).gettext("draw: {name}").format(name=report.name)
    return drawn + (f" ({report.basis})" if report.basis else "")


@router.post("/{event}/draw")
async def make_draw(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "draw", _draw, overview, _back)


def _next(
    store: Store, event: int, form: Mapping[str, str], _session: UserSession, lang: str
) -> str:
    report = draws.next_round(store, event, last_round=bool(form.get("last_round")))
    drawn = catalog(lang).gettext("round {round} drawn ({basis})")
    return drawn.format(round=report.matches[0].round, basis=report.basis or report.name)


@router.post("/{event}/next")
async def next_round(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "draw", _next, overview, _back)


def _round(
    store: Store, event: int, form: Mapping[str, str], session: UserSession, lang: str
) -> str:
    _ = catalog(lang).gettext
    action = form.get("action", "")
    if action not in ROUND_ACTIONS:
        raise EntryError(
            "a round is held, closed or opened, not {given!r}",
            code="round.unknown-action",
            given=action,
        )
    rnd = whole(form, "round", "the round")
    set_round(store, event, rnd, ROUND_ACTIONS[action], session.user.name)
    done = {"hold": _("hold"), "close": _("close"), "open": _("open")}[action]
    return _("round {round}: {state}").format(round=rnd, state=done)


@router.post("/{event}/round")
async def round_control(request: Request, event: int) -> Response:
    return await team_act(request, event, Role.DIRECTOR, "round", _round, overview, _back)


__all__ = [
    "PLAYER_ROWS",
    "TeamPage",
    "overview",
    "reason_of",
    "router",
    "show",
    "team_act",
    "whole",
]
