"""``/d/events/ID/handicap``: a pairs session ranked with and without handicaps, and its
masterpoints paid on both lists (docs/handicap.md).

The page is a shell over the services ``bridgedesk handicap`` and ``bridgedesk
masterpoints award --handicap-ratings|--handicap-grades`` call
(:mod:`bridgedesk.services.handicaps`, :mod:`bridgedesk.services.handicap_awards`).
A director or scorer chooses the method: each player's rating, typed beside their name
or read from the club's ratings file (CSV ``member,rating``), or the ledger's
masterpoints by the club's bands; and the share applied.  The handicaps are the club's
and are not stored (the command takes them each time too): the choice is carried in
the page's address (``?method=ratings&share=90&r.59156=47.25...``), so the page
survives a reload, prints, and a viewer given the address reads the same two rankings
side by side.  The awards of both lists (JCBL or SBF, a pair placed on both paid the
better or both) are shown below, and a director records them in the ledger
(:func:`bridgedesk.services.awards.record`).  A refusal is shown beside the field it is
about, with its code; nothing is stored by a refused request.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.formats import handicap_file
from bridgedesk.i18n import lazy_gettext
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.handicap_lists import Split
from bridgedesk.reading import decode
from bridgedesk.results.handicap import HandicapLine
from bridgedesk.results.numbers import fixed
from bridgedesk.services.awards import record
from bridgedesk.services.handicap_awards import HandicapAwards, handicap_awards
from bridgedesk.services.handicaps import HandicapAsked, handicap_session, session_players
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.awards import SBF_TABLES, Choice, choice_of
from bridgedesk.web.console.pages import SectionPage, read_form, text_fields, upload_of
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: Largest ratings file taken from the browser.
MAX_RATINGS = 500_000
METHODS = ("ratings", "grades")
#: The fields that say the handicap method (what the page's address carries).
KEPT = ("method", "grades", "share")


def asked_of(query: Mapping[str, str]) -> HandicapAsked | None:
    """The handicaps the fields ask for (None: no method chosen yet)."""
    method = query.get("method", "").strip()
    if not method:
        return None
    share = handicap_file.parse_share(query.get("share", ""))
    if method == "ratings":
        return HandicapAsked(ratings=handicap_file.typed_ratings(query), share=share)
    if method == "grades":
        bands = query.get("grades", "").strip()
        if not bands:
            raise EntryError(
                "give the club's bands, e.g. 0:6,5:4,20:2,50:1,100:0",
                Location(input="grades"),
                code="handicap.bands-missing",
            )
        return HandicapAsked(grades=handicap_file.parse_grades(bands), share=share)
    raise EntryError(
        "the handicaps come from ratings or grades, not {given!r}",
        Location(input="method"),
        code="handicap.unknown-method",
        given=method,
    )


def _split(query: Mapping[str, str]) -> Split:
    said = query.get("split", "").strip() or Split.BETTER.value
    if said not in (s.value for s in Split):
        raise EntryError(
            "a pair placed on both lists is paid the better or both, not {given!r}",
            Location(input="split"),
            code="handicap.unknown-split",
            given=said,
        )
    return Split(said)


def _awards(
    store: Store, place: Place, asked: HandicapAsked, query: Mapping[str, str]
) -> HandicapAwards:
    choice = choice_of(query)
    return handicap_awards(store, place.event, asked, choice.options(), split=_split(query),
                           section=place.section)  # fmt: skip


def _gather(store: Store, place: Place, query: Mapping[str, str]) -> dict[str, Any]:
    errors: dict[str, Shown] = {}
    pairs = session_players(store, place.event, session=place.session, section=place.section)
    lines: list[HandicapLine] = []
    done = None
    awards: list[Award] = []
    try:
        asked = asked_of(query)
        if asked is not None:
            done = handicap_session(store, place.event, asked, session=place.session,
                                    section=place.section)  # fmt: skip
            lines = list(done.ranking.lines)
    except BridgedeskError as exc:
        errors[exc.where.input or "handicap"] = exc
    if done is not None and asked is not None and query.get("rules"):
        try:
            awards = list(_awards(store, place, asked, query).awards.awards)
        except BridgedeskError as exc:
            errors[exc.where.input if exc.where.input in ("split", "table") else "awards"] = exc
    scratch = sorted(lines, key=lambda x: (str(x.direction), -x.scratch, x.pair))
    kept = _kept(query)
    return {
        "pairs": pairs, "ranked": done, "lines": lines, "scratch": scratch, "fixed": fixed,
        "found_errors": errors, "awards": awards, "sbf_tables": SBF_TABLES,
        "choice": _choice(query), "splits": [s.value for s in Split], "kept": kept,
        "rating_field": handicap_file.RATING_FIELD,
    }  # fmt: skip


def _kept(fields: Mapping[str, str]) -> dict[str, str]:
    """The fields the page's address carries: the handicaps' and the awards' choice."""
    return {
        k: v
        for k, v in fields.items()
        if k in (*KEPT, "rules", "table", "split") or k.startswith(handicap_file.RATING_FIELD)
    }


def _choice(query: Mapping[str, str]) -> Choice:
    try:
        return choice_of(query)
    except BridgedeskError:
        return Choice()


def _prefill(_store: Store, _place: Place, query: Mapping[str, str]) -> dict[str, str]:
    return {"share": "100", "grades": "", **query}


_page = SectionPage("handicap.html.j2", lazy_gettext("Handicap pairs"), _gather, _prefill)


@router.get("/events/{event}/handicap", response_class=HTMLResponse)
async def handicap_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


def _exact(value: Fraction) -> str:
    """A rating read from a decimal, written back as that decimal."""
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def _check(store: Store, place: Place, fields: dict[str, str]) -> None:
    asked = asked_of(fields)
    if asked is None:
        raise EntryError(
            "choose the handicaps' method: ratings or grades",
            Location(input="method"),
            code="handicap.choose-method",
        )
    handicap_session(store, place.event, asked, session=place.session, section=place.section)


@router.post("/events/{event}/handicap")
async def choose(request: Request, event: int) -> Response:
    """A director's or scorer's choice of handicaps: checked, then carried to the page's
    address (module doc); the ratings file's players, then the ones typed."""
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.SCORER, form)
    place = await place_of(request, event, form)
    fields = {k: v for k, v in form.items()
              if k in KEPT or k.startswith(handicap_file.RATING_FIELD)}  # fmt: skip
    try:
        upload = data.get("file")
        chosen = not isinstance(upload, str | None) and bool(upload.filename)
        if fields.get("method") == "ratings" and chosen:
            what = lazy_gettext("a ratings CSV file (member,rating)")
            name, raw = await upload_of(data, what, MAX_RATINGS)
            from_file = handicap_file.loads(decode(raw, name), name)
            typed = {k: v for k, v in fields.items() if v.strip()}
            prefix = handicap_file.RATING_FIELD
            fields.update({f"{prefix}{m}": _exact(r) for m, r in from_file.items()})
            fields.update(typed)
        await db_call(request, _check, store_of(request), place, fields)
    except BridgedeskError as exc:
        where = exc.where.input or "handicap"
        return await _page(request, session, place, status_of(exc), {where: exc}, form)
    kept = {k: v for k, v in fields.items() if v.strip()}
    if kept.get("method") != "ratings":
        kept = {k: v for k, v in kept.items() if not k.startswith(handicap_file.RATING_FIELD)}
    target = place.url(f"/d/events/{event}/handicap") + "&" + urlencode(kept)
    return RedirectResponse(target, status_code=303)


def _record(store: Store, place: Place, form: Mapping[str, str], who: str) -> int:
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason (it is kept in the ledger's audit log)", code="awards.needs-reason"
        )
    asked = asked_of(form)
    if asked is None:
        raise EntryError(
            "choose the handicaps' method: ratings or grades",
            Location(input="method"),
            code="handicap.choose-method",
        )
    choice = choice_of(form)
    found = _awards(store, place, asked, form).awards
    made = record(
        store, place.event, found.awards, rules=choice.rules, who=who, reason=reason,
        options=choice.options(), section=place.section, computed_from=found.digest,
    )  # fmt: skip
    return made.done.recorded


@router.post("/events/{event}/handicap/masterpoints")
async def record_awards(request: Request, event: int) -> Response:
    """Record both lists' awards in the ledger (a director's, audited)."""
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        n = await db_call(request, _record, store_of(request), place, form, session.user.name)
    except BridgedeskError as exc:
        # the page as its address showed it (the rankings and awards the form was sent
        # from), the refusal beside the recording form
        scope = dict(request.scope)
        scope["query_string"] = urlencode(
            {**dict(request.query_params), **_kept(form), "session": place.session,
             "section": place.section}
        ).encode()  # fmt: skip
        shown = Request(scope, request.receive)
        return await _page(shown, session, place, status_of(exc), {"record": exc}, form)
    kept = _kept(form)
    target = place.url(f"/d/events/{event}/handicap", done=n) + "&" + urlencode(kept)
    return RedirectResponse(target, status_code=303)


__all__ = ["asked_of", "router"]
