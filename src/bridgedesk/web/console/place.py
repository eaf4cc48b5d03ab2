"""Where in an event a console page is: the event, its session and section.

``?session=N&section=X`` (or the form's fields) choose them; by default the
first session and its first section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from fastapi import Request

from bridgedesk.errors import BridgedeskError
from bridgedesk.store.service import EventInfo, Store
from bridgedesk.web.console.kinds import TEAMS, event_kind
from bridgedesk.web.language import language
from bridgedesk.web.threads import db_call


class NoSuchPlaceError(BridgedeskError):
    """An event, session or section that does not exist (HTTP 404)."""


@dataclass(frozen=True)
class Place:
    event: int
    info: EventInfo
    session: int
    section: str
    #: what the event is (:mod:`.kinds`): the navigation offers its pages
    kind: str = "pairs"
    #: the request's language: what an action says it did is said in it
    lang: str = "en"

    @property
    def sections(self) -> list[tuple[int, str]]:
        return [(n, name) for n, names in self.info.sections for name in names]

    def url(self, path: str, **more: object) -> str:
        query = {"session": self.session, "section": self.section, **more}
        return f"{path}?{urlencode(query)}"


async def place_of(request: Request, event: int, form: Mapping[str, str] | None = None) -> Place:
    """The place a request names (form fields first, then the query)."""
    try:
        store: Store = request.app.state.store
        info = await db_call(request, store.event, event)
    except BridgedeskError as exc:
        raise exc.as_(NoSuchPlaceError) from None
    kind = await db_call(request, event_kind, store, info.id)
    if kind == TEAMS:  # its pages: console/teams.py
        raise NoSuchPlaceError(
            "event {event} is a team event: its pages are /d/teams/{event}",
            code="place.team-event",
            event=event,
        )

    def given(name: str) -> str:
        value = (form or {}).get(name) or request.query_params.get(name) or ""
        return value.strip()

    sessions = dict(info.sections)
    text = given("session")
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else 0
    if number not in sessions:
        number = min(sessions) if sessions else 1
    names = sessions.get(number, ("A",))
    section = given("section") or names[0]
    if section not in names:
        raise NoSuchPlaceError(
            "event {id} has no section {section!r} in session {number} (sections: {sections})",
            code="place.no-such-section",
            id=info.id,
            section=section,
            number=number,
            sections=", ".join(names),
        )
    return Place(info.id, info, number, section, kind, language(request))


__all__ = ["NoSuchPlaceError", "Place", "place_of"]
