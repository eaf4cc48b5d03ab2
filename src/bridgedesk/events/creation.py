"""A new event from what a director types: ``bridgedesk event new`` and the console's
event form build it here, with the same checks and messages."""

from __future__ import annotations

import datetime as dt

from bridgedesk.errors import EntryError, Location, ParseError
from bridgedesk.events.model import Event, Rating, ScoringMethod, Section, Session


def parse_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ParseError(
            "bad date {given!r}: write it as YYYY-MM-DD, e.g. 2026-11-24",
            Location(input="date"),
            code="event.bad-date",
            given=text,
        ) from None


def parse_datetime(text: str) -> dt.datetime:
    """An ISO date-time; without a zone it is taken as UTC."""
    try:
        return dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ParseError(
            "bad date and time {given!r}: write YYYY-MM-DDTHH:MM (UTC) or add a "
            "zone, e.g. 2026-11-24T21:30+09:00",
            Location(input="deadline"),
            code="event.bad-deadline",
            given=text,
        ) from None


def new_event(
    name: str,
    *,
    date: str | None = None,
    rating: str = "weekly",
    class_: int = 3,
    scoring: str = "mp",
    club: str = "",
    sessions: int = 1,
    sections: str = "A",
    deadline: str | None = None,
) -> Event:
    """The event described; ``sections`` is the section names, comma-separated,
    the same in every session; ``date`` defaults to today."""
    names = tuple(s.strip() for s in sections.split(",") if s.strip())
    if not names or len(set(names)) != len(names):
        raise EntryError(
            "--sections needs distinct names, e.g. A,B; got {sections!r}",
            Location(input="sections"),
            code="event.sections-not-distinct",
            sections=sections,
        )
    return Event(
        name=name,
        date=parse_date(date) if date else dt.date.today(),
        rating=Rating.parse(rating),
        class_=class_,
        scoring=ScoringMethod.parse(scoring),
        club=club,
        sessions=tuple(
            Session(n, tuple(Section(s) for s in names)) for n in range(1, sessions + 1)
        ),
        correction_deadline=parse_datetime(deadline) if deadline else None,
    )


__all__ = ["new_event", "parse_date", "parse_datetime"]
