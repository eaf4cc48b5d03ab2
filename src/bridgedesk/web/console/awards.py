"""The masterpoint awards of the publish page: JCBL or SBF, and their certificates.

An event is awarded under the JCBL rules by its stored rating and class (000),
or, when the director says it is SBF-rated, under the SBF rules by the table of
its kind of event (001:609-1900: A bronze pairs, A1/A2 by size, C bronze
individual, D silver pairs, F silver individual, GOLD gold pairs, with the
boards played and the opponents met where the table uses them).  The awards are
computed by :func:`bridgedesk.services.awards.event_awards` with the options
of ``bridgedesk masterpoints award --from-event`` (``--rules sbf --table D
--boards 52``), and recorded by the same ``record``.

The certificates print one card per award: for a JCBL weekly game the club's
fractional masterpoint certificate (FMP証, 000:17-54: date, tables, rank,
weekly, movement, the player, the club, the points; coloured by the class,
valid for a year), else an award card with the event, date, club, player,
member number, place and points (SBF sends no such card: its master pins and
certificates are for master levels, 001:46-53, so the card's layout is the
club's own).  Texts in the catalogs' languages (``?in=sv``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgedesk.errors import EntryError, Location
from bridgedesk.events.model import EntryKind, Rating
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.jcbl.ranks import FmpCertificate
from bridgedesk.masterpoints.request import AwardOptions
from bridgedesk.reading import whole_number
from bridgedesk.services.awards import event_awards
from bridgedesk.store.service import Store
from bridgedesk.web.console.fields import field_name
from bridgedesk.web.console.place import Place

#: The SBF tables a stored pairs or individual event can be awarded by.
SBF_TABLES = ("A", "A1", "A2", "C", "D", "F", "GOLD")
RULES = ("jcbl", "sbf")


@dataclass(frozen=True)
class Choice:
    """Which rules the event is awarded under (the form's or the query's fields)."""

    rules: str = "jcbl"
    table: str = "A"
    boards: int | None = None
    met: int | None = None

    def options(self) -> AwardOptions:
        if self.rules == "jcbl":
            return AwardOptions(rules="jcbl")
        return AwardOptions(rules="sbf", table=self.table, boards=self.boards, met=self.met)

    def fields(self) -> dict[str, str]:
        """The choice as the form's fields (to carry it to the next request)."""
        out = {"rules": self.rules}
        if self.rules == "sbf":
            out["table"] = self.table
            out.update({k: str(v) for k, v in (("boards", self.boards), ("met", self.met)) if v})
        return out


def _count(form: Mapping[str, str], name: str) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    value = whole_number(text, max_digits=4)
    if value is None or value < 1:
        raise EntryError(
            "{field} is a whole number from 1, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(name),
            given=text,
        )
    return value


def choice_of(form: Mapping[str, str]) -> Choice:
    """The rules chosen (JCBL by default); a wrong value is refused, naming it."""
    rules = form.get("rules", "").strip().lower() or "jcbl"
    if rules not in RULES:
        raise EntryError(
            "the rules are jcbl or sbf, not {given!r}", code="awards.unknown-rules", given=rules
        )
    if rules == "jcbl":
        return Choice()
    table = form.get("table", "").strip().upper() or "A"
    if table not in SBF_TABLES:
        raise EntryError(
            "the SBF table is one of {tables}, not {given!r}",
            Location(input="table"),
            code="awards.unknown-sbf-table",
            tables=", ".join(SBF_TABLES),
            given=table,
        )
    return Choice("sbf", table, _count(form, "boards"), _count(form, "met"))


def section_awards(store: Store, place: Place, choice: Choice) -> list[Award]:
    return event_awards(store, place.event, place.section, options=choice.options())


def _movement_word(store: Store, place: Place) -> str:
    """The FMP card's movement box (000:25): Howell, Mitchell, Team or Individual."""
    entries = store.entries(place.event, section=place.section, session=place.session)
    kinds = {e.kind for e in entries.values() if not e.phantom}
    if kinds == {EntryKind.TEAM}:
        return "Team"
    if kinds == {EntryKind.INDIVIDUAL}:
        return "Individual"
    movement = store.movement(place.event, section=place.section, session=place.session)
    return "Mitchell" if movement is not None and "mitchell" in movement.name.lower() else "Howell"


def certificates(store: Store, place: Place, choice: Choice) -> dict[str, Any]:
    """One card per award, with the player's name from the entries."""
    awards = section_awards(store, place, choice)
    event = place.info.event
    entries = store.entries(place.event, section=place.section, session=place.session)
    names = {p.member: p.name for e in entries.values() for p in e.players if p.member}
    movement = store.movement(place.event, section=place.section, session=place.session)
    tables = movement.tables if movement is not None else 0
    weekly = choice.rules == "jcbl" and event.rating is Rating.WEEKLY
    cards = []
    for a in awards:
        fmp = None
        if weekly and tables:
            fmp = FmpCertificate(
                event.date, event.club, names.get(a.member, a.member),
                a.points, event.class_, tables, a.place, movement=_movement_word(store, place),
            )  # fmt: skip
        cards.append({"award": a, "name": names.get(a.member, ""), "fmp": fmp})
    return {"cards": cards, "event": event, "tables": tables, "choice": choice}


__all__ = [
    "RULES",
    "SBF_TABLES",
    "Choice",
    "certificates",
    "choice_of",
    "section_awards",
]
