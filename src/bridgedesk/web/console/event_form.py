"""The console's new-event form: every kind and option of ``bridgedesk event new``.

The form's fields are read into a :class:`~bridgedesk.services.event_setup.NewEvent`
and stored by :func:`~bridgedesk.services.event_setup.create_event_of_kind`, the
function the command calls, so a combination is refused with the command's own
line; the page shows that line beside the field its ``where.input`` names (:func:`shown_at`)
and nothing is stored.  A VP scale is chosen by name here: a browser does not name
files on the server.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.vp import scale_names
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.model import Rating
from bridgedesk.events.pair_formats import PairFormat
from bridgedesk.events.swiss import SwissRule
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.reports.names import (
    CONVENTIONS,
    METHODS,
    PAIR_FORMATS,
    RATINGS,
    SWISS_RULES,
    TEAM_FORMS,
)
from bridgedesk.services.event_setup import Created, EventKind, NewEvent, create_event_of_kind
from bridgedesk.store.service import Store
from bridgedesk.web.console.fields import field_name

__all__ = ["DEFAULTS", "FIELDS", "choices", "create", "new_event_of", "shown_at"]

#: What the form holds before anything is typed.
DEFAULTS = {"kind": "pairs", "sessions": "1", "sections": "A", "class": "3", "cycles": "1"}

#: The form's fields that show a refusal beside them (``console/events.html.j2``): the
#: options of ``bridgedesk event new`` (``--vp-scale`` is ``vp_scale``).
FIELDS = frozenset({
    "kind", "name", "date", "club", "rating", "class", "scoring", "convention", "format",
    "sessions", "sections", "deadline", "vp_scale", "stock", "boards_per_match", "rounds",
    "swiss_rule", "rematch", "cycles", "even_chance",
})  # fmt: skip


def shown_at(error: BridgedeskError) -> str:
    """The form field a refusal is shown beside: the one its ``where.input`` names, else
    the first (``kind``)."""
    named = (error.where.input or "").replace("-", "_").lstrip("_")
    return named if named in FIELDS else "kind"


def choices() -> dict[str, Any]:
    """The choices the form offers: the event model's own values, each with its name
    for people (:mod:`bridgedesk.reports.names`, shown in the page's language)."""
    return {
        "kinds": tuple(k.value for k in EventKind),
        "ratings": tuple((r.value, RATINGS[r]) for r in Rating),
        "pair_scorings": tuple((m.value, METHODS[m]) for m in Method.pairs()),
        "team_scorings": tuple((m.value, METHODS[m]) for m in Method.teams()),
        "pair_formats": tuple((f.value, PAIR_FORMATS[f]) for f in PairFormat),
        "team_forms": tuple((f.value, TEAM_FORMS[f]) for f in TeamForm),
        "conventions": tuple((c.value, CONVENTIONS[c]) for c in Convention),
        "vp_scales": scale_names(),
        "swiss_rules": tuple((r.value, SWISS_RULES[r]) for r in SwissRule),
    }


def _text(form: Mapping[str, str], name: str) -> str | None:
    value = form.get(name, "").strip()
    return value or None


def _whole(form: Mapping[str, str], name: str, what: str, low: int, high: int) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise EntryError(
            "{field} is a whole number, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(what),
            given=text,
        )
    value = int(text)
    if not low <= value <= high:
        raise EntryError(
            "{field} is {low}-{high}, not {value}",
            Location(input=name),
            code="form.out-of-range",
            field=field_name(what),
            low=low,
            high=high,
            value=value,
        )
    return value


def new_event_of(form: Mapping[str, str]) -> NewEvent:
    """The event the form describes (numbers checked as the command's options are)."""
    vp_scale = _text(form, "vp_scale")
    if vp_scale is not None and vp_scale not in scale_names():
        raise EntryError(
            "--vp-scale {given!r}: choose a built-in scale ({scales})",
            Location(input="vp_scale"),
            code="event.unknown-vp-scale",
            given=vp_scale,
            scales=", ".join(scale_names()),
        )
    return NewEvent(
        name=form.get("name", "").strip(),
        kind=form.get("kind", "pairs"),
        date=_text(form, "date"),
        rating=form.get("rating", "weekly"),
        class_=_whole(form, "class", "the class", 0, 9999) or 3,
        scoring=_text(form, "scoring"),
        club=form.get("club", "").strip(),
        sessions=_whole(form, "sessions", "--sessions", 1, 12) or 1,
        sections=form.get("sections", "").strip() or "A",
        deadline=_text(form, "deadline"),
        format=_text(form, "format"),
        convention=_text(form, "convention"),
        vp_scale=vp_scale,
        stock=_whole(form, "stock", "--stock", 1, 9999) or 40,
        boards_per_match=_whole(form, "boards_per_match", "--boards-per-match", 1, 64),
        rounds=_whole(form, "rounds", "--rounds", 1, 120),
        swiss_rule=_text(form, "swiss_rule"),
        rematch=_text(form, "rematch"),
        cycles=_whole(form, "cycles", "--cycles", 1, 3) or 1,
        even_chance=bool(form.get("even_chance")),
    )


def create(store: Store, form: Mapping[str, str], who: str) -> Created:
    """Store the event of the form, as ``event new`` does, or refuse storing nothing."""
    return create_event_of_kind(store, new_event_of(form), who=who)
