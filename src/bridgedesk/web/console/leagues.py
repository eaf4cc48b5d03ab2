"""``/d/leagues``: league seasons and championships at the console (docs/leagues.md).

The list of seasons and the form that makes one (``bridgedesk league new``), and a
season's page: its rules and match days, each division (its team pages at
``/d/teams/ID`` enter the teams, line-ups and rooms), the draw of every division
(``league draw``), half time in a match (``league half-time``), the standings with
the teams going up and down, the masterpoints by division (``league awards``), the
next season (``league next``) and the report set as a zip (``league results --out``).
The list page also makes a championship's knockout from a stored round robin and gives a
later knockout round its carry-overs (``bridgedesk championship knockout|carry-over``).
Every action calls the service the command calls; a refusal is shown beside its form
and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.bridge.vp import scale_names
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.half_time import HalfTimeRule, PairChange, Side, TeamSeats
from bridgedesk.events.league import LeaguePoints
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.i18n import LazyText, catalog, lazy_pgettext
from bridgedesk.reports.league import HALF_TIME, POINTS, ZONES, division_title
from bridgedesk.reports.output import Output
from bridgedesk.results.numbers import fixed
from bridgedesk.services import championships, league_tables, leagues, publishing
from bridgedesk.services import half_time as half_time_service
from bridgedesk.store import leagues as league_store
from bridgedesk.store import team_events
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import need, store_of, zip_download
from bridgedesk.web.console.pages import console_page, read_form, refill
from bridgedesk.web.console.place import NoSuchPlaceError
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d/leagues")

DEFAULTS = {
    "divisions": "2", "boards_per_match": "16", "vp_scale": "wbf2013", "cycles": "1",
    "half_time": HalfTimeRule.WINNER_STAYS.value, "change": PairChange.IMP_LEAGUE.value,
    "promote": "1", "relegate": "1", "masterpoints": LeaguePoints.NONE.value,
}  # fmt: skip


#: The form fields a number is typed in, as a refusal names them.
_WHAT = {
    "the divisions": lazy_pgettext("league form", "the divisions"),
    "the boards a match": lazy_pgettext("league form", "the boards a match"),
    "the round robins": lazy_pgettext("league form", "the round robins"),
    "promotion": lazy_pgettext("league form", "promotion"),
    "relegation": lazy_pgettext("league form", "relegation"),
    "the cap": lazy_pgettext("league form", "the cap"),
    "the round robin": lazy_pgettext("league form", "the round robin"),
    "the teams": lazy_pgettext("league form", "the teams"),
    "the boards a segment": lazy_pgettext("league form", "the boards a segment"),
    "the segments": lazy_pgettext("league form", "the segments"),
    "the knockout": lazy_pgettext("league form", "the knockout"),
    "the round": lazy_pgettext("league form", "the round"),
    "the division": lazy_pgettext("league form", "the division"),
    "the team": lazy_pgettext("league form", "the team"),
    "the home team": lazy_pgettext("league form", "the home team"),
}


def _whole(form: Mapping[str, str], name: str, what: LazyText, least: int = 0) -> int:
    text = form.get(name, "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and int(text) >= least):
        raise EntryError(
            "{what} is a whole number from {least}, not {text!r}",
            Location(input=name),
            code="form.not-a-whole-number",
            what=what,
            least=least,
            text=text,
        )
    return int(text)


def _choices(lang: str) -> dict[str, Any]:
    return {
        "vp_scales": scale_names(),
        "half_times": [(r.value, HALF_TIME[r.value].in_(lang)) for r in HalfTimeRule],
        "changes": [(c.value, c.value) for c in PairChange],
        "point_rules": [(p.value, POINTS[p.value].in_(lang)) for p in LeaguePoints],
    }


def _list_page(
    request: Request,
    session: UserSession,
    status: int = 200,
    errors: Mapping[str, Shown] | None = None,
    form: Mapping[str, str] | None = None,
) -> HTMLResponse:
    lang = language(request)
    store = store_of(request)
    found = league_store.leagues(store)
    round_robins, knockouts = [], []
    for info in store.events():
        if not team_events.is_team_event(store, info.id):
            continue
        form_of = team_events.settings(store, info.id).form
        if form_of is TeamForm.ROUND_ROBIN:
            round_robins.append(info)
        elif form_of is TeamForm.KNOCKOUT:
            knockouts.append(info)
    return console_page(
        request, "leagues.html.j2", session, catalog(lang).gettext("Leagues"), status,
        leagues=found, form=refill(form or DEFAULTS), errors=refill(errors or {}),
        round_robins=round_robins, knockouts=knockouts, **_choices(lang),
    )  # fmt: skip


@router.get("", response_class=HTMLResponse)
async def leagues_page(request: Request) -> Response:
    session = await need(request, Role.VIEWER)
    return await db_call(request, _list_page, request, session)


def _create(store: Store, form: Mapping[str, str]) -> int:
    days = tuple(line.strip() for line in form.get("days", "").splitlines() if line.strip())
    asked = leagues.NewLeague(
        name=form.get("name", ""), season=form.get("season", ""),
        divisions=_whole(form, "divisions", _WHAT["the divisions"], 1),
        boards_per_match=_whole(form, "boards_per_match", _WHAT["the boards a match"], 2),
        days=days, vp_scale=form.get("vp_scale", "wbf2013"),
        cycles=_whole(form, "cycles", _WHAT["the round robins"], 1),
        half_time=form.get("half_time", ""), change=form.get("change", ""),
        promote=_whole(form, "promote", _WHAT["promotion"]),
        relegate=_whole(form, "relegate", _WHAT["relegation"]),
        masterpoints=form.get("masterpoints", "none"), club=form.get("club", ""),
    )  # fmt: skip
    return leagues.create_league(store, asked).id


@router.post("")
async def create(request: Request) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        made = await db_call(request, _create, store_of(request), form)
    except BridgedeskError as exc:
        return await db_call(
            request, _list_page, request, session, status_of(exc), {"new": exc}, form
        )
    return RedirectResponse(f"/d/leagues/{made}", status_code=303)


def _fraction(form: Mapping[str, str]) -> Fraction:
    text = form.get("fraction", "").strip() or "1/3"
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise EntryError(
            "the carry-over's share is a fraction such as 1/3, not {text!r}",
            Location(input="fraction"),
            code="form.bad-fraction",
            text=text,
        ) from None


def _cap(form: Mapping[str, str]) -> int | None:
    return _whole(form, "cap", _WHAT["the cap"]) if form.get("cap", "").strip() else None


def _knockout(store: Store, form: Mapping[str, str], who: str) -> int:
    made = championships.knockout_from_round_robin(
        store, _whole(form, "qualifying", _WHAT["the round robin"], 1),
        name=form.get("name", "").strip(),
        teams=_whole(form, "teams", _WHAT["the teams"], 2),
        boards_per_match=_whole(form, "boards_per_match", _WHAT["the boards a segment"], 1),
        segments=_whole(form, "segments", _WHAT["the segments"], 1), fraction=_fraction(form),
        cap=_cap(form), who=who,
    )  # fmt: skip
    return made.knockout


def _carry(store: Store, form: Mapping[str, str], who: str) -> int:
    event = _whole(form, "knockout", _WHAT["the knockout"], 1)
    championships.carry_from_round_robin(
        store, event, _whole(form, "round", _WHAT["the round"], 1), fraction=_fraction(form),
        cap=_cap(form), who=who,
    )  # fmt: skip
    return event


@router.post("/championship/{action}")
async def championship(request: Request, action: str) -> Response:
    """Make a knockout from a round robin (``knockout``) or give a round its carry-overs
    (``carry-over``); then the knockout's own pages."""
    run = {"knockout": _knockout, "carry-over": _carry}.get(action)
    if run is None:
        raise NoSuchPlaceError(
            "no championship action {action!r}", code="page.no-such-action", action=action
        )
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        event = await db_call(request, run, store_of(request), form, session.user.name)
    except BridgedeskError as exc:
        return await db_call(
            request, _list_page, request, session, status_of(exc), {action: exc}, form
        )
    return RedirectResponse(f"/d/teams/{event}/standings", status_code=303)


# -- one league season --------------------------------------------------------------------


def _gather(store: Store, league: int, lang: str) -> dict[str, Any]:
    try:
        tables = league_tables.league_tables(store, league)
    except BridgedeskError as exc:
        raise exc.as_(NoSuchPlaceError) from None
    found = league_store.league(store, league)
    divisions = []
    for t, d in zip(tables.divisions, found.divisions, strict=True):
        zones = t.zones
        matches = [
            {"round": m.round, "home": m.home, "away": m.away}
            for m in t.scored.matches
            if m.forfeited_by is None
        ]
        divisions.append(
            {
                "division": t.division, "title": division_title(t.division, lang),
                "event_id": d.event_id, "event": d.event_name, "drawn": t.drawn,
                "teams": len(t.scored.teams), "missing": list(t.missing), "matches": matches,
                "standings": [
                    {"rank": s.rank, "team": s.team, "name": s.name, "played": s.played,
                     "points": fixed(s.points),
                     "zone": zones[s.team].value if s.team in zones else "",
                     "zone_name": ZONES[zones[s.team]].in_(lang) if s.team in zones else ""}
                    for s in t.scored.standings
                ],
            }
        )  # fmt: skip
    awards: list[dict[str, Any]] = []
    awards_why: Shown = ""
    if tables.settings.points is not LeaguePoints.NONE:
        try:
            for paid in league_tables.league_awards(store, league):
                awards += [
                    {"division": division_title(paid.division, lang), "team": a.competitor,
                     "member": a.member, "place": a.place, "points": str(a.points)}
                    for a in paid.awards
                ]  # fmt: skip
        except BridgedeskError as exc:
            awards_why = exc
    st = tables.settings
    return {
        "league": found,
        "settings": st,
        "divisions": divisions,
        "half_time_rule": HALF_TIME[st.half_time.value].in_(lang),
        "points_rule": POINTS[st.points.value].in_(lang),
        "awards": awards,
        "awards_why": awards_why,
        "previous": tables.previous,
    }


async def _league_page(
    request: Request,
    session: UserSession,
    league: int,
    status: int = 200,
    errors: Mapping[str, Shown] | None = None,
    form: Mapping[str, str] | None = None,
) -> HTMLResponse:
    lang = language(request)
    context = await db_call(request, _gather, store_of(request), league, lang)
    st = context["settings"]
    return console_page(
        request, "league.html.j2", session, st.name, status, errors=refill(errors or {}),
        form=refill(form or dict(request.query_params)), done=request.query_params.get("done", ""),
        **context,
    )  # fmt: skip


@router.get("/{league}", response_class=HTMLResponse)
async def league_page(request: Request, league: int) -> Response:
    session = await need(request, Role.VIEWER)
    return await _league_page(request, session, league)


def _draw(store: Store, league: int, _form: Mapping[str, str], _who: str) -> str:
    done = leagues.draw_league(store, league)
    return "; ".join(f"{d}: {r.name}" for d, r in done)


def _half_time(store: Store, league: int, form: Mapping[str, str], who: str) -> str:
    found = league_store.league(store, league)
    division = found.division(_whole(form, "division", _WHAT["the division"], 1))
    changes: dict[int, TeamSeats] = {}
    if form.get("change_team", "").strip():
        pairs = []
        for name in ("change_ns", "change_ew"):
            parts = [p.strip() for p in form.get(name, "").split(",")]
            if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
                raise EntryError(
                    "a pair is two places in the team, e.g. 1,5",
                    Location(input="change_ns"),
                    code="form.bad-pair",
                )
            pairs.append((int(parts[0]), int(parts[1])))
        changes[_whole(form, "change_team", _WHAT["the team"], 1)] = TeamSeats(pairs[0], pairs[1])
    tie = form.get("tie", "").strip()
    done = half_time_service.half_time(
        store, division.event_id, _whole(form, "round", _WHAT["the round"], 1),
        _whole(form, "home", _WHAT["the home team"], 1), tie=Side.parse(tie) if tie else None,
        changes=changes, who=who,
    )  # fmt: skip
    return f"{done.home}-{done.away}: {done.imps[0]}-{done.imps[1]} -> {done.moving_team}"


def _next(store: Store, league: int, form: Mapping[str, str], _who: str) -> str:
    days = tuple(line.strip() for line in form.get("days", "").splitlines() if line.strip())
    made = leagues.next_season(store, league, form.get("name", ""), form.get("season", ""), days)
    return str(made.id)


def _record(store: Store, league: int, form: Mapping[str, str], who: str) -> str:
    reason = form.get("reason", "").strip() or "league season awards"
    done = league_tables.record_league_awards(store, league, who=who, reason=reason)
    return str(sum(e.recorded for e in done))


_ACTIONS = {"draw": _draw, "half-time": _half_time, "next": _next, "awards": _record}


@router.post("/{league}/{action}")
async def act(request: Request, league: int, action: str) -> Response:
    run = _ACTIONS.get(action)
    if run is None:
        raise NoSuchPlaceError(
            "no league action {action!r}", code="page.no-such-action", action=action
        )
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        done = await db_call(request, run, store_of(request), league, form, session.user.name)
    except BridgedeskError as exc:
        return await _league_page(request, session, league, status_of(exc), {action: exc},
                                  form)  # fmt: skip
    if action == "next":
        return RedirectResponse(f"/d/leagues/{done}", status_code=303)
    return RedirectResponse(f"/d/leagues/{league}?done={action}", status_code=303)


def _zip(store: Store, league: int, lang: str) -> bytes:
    return publishing.zipped(
        lambda out: league_tables.publish_league(store, league, Output.HTML, lang, out)
    )


@router.get("/{league}/reports.zip")
async def download(request: Request, league: int) -> Response:
    session = await need(request, Role.VIEWER)
    lang = language(request)
    try:
        data = await db_call(request, _zip, store_of(request), league, lang)
    except BridgedeskError as exc:
        return await _league_page(request, session, league, status_of(exc), {"zip": exc})
    return zip_download(data, f"league{league}-{lang}.zip")


__all__ = ["router"]
