"""Set up a simultaneous event on the federation's server: the event with its deal set and
masterpoint rules, and its heats (docs/simultaneous.md).

``bridgedesk simultaneous new|heat`` and the console's simultaneous pages come here.
The deal set is read from the organiser's deal file (PBN or HND) and kept as the
event's deals; each heat is registered for a club, with what it says it will play (a
movement family and a number of tables) and a token of its own, shown once, that
authorises its uploads.  The masterpoint rules (:class:`PointRules`) say which award
rules the organiser will apply: JCBL red points overall at a rating (000:232), SBF
bronze on the common list (001:441-446) or SBF silver per heat with the common list's
bonus (001:447-455).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bridgedesk.errors import EntryError
from bridgedesk.events.creation import new_event
from bridgedesk.formats import dealfile
from bridgedesk.masterpoints.jcbl.club import ClubRating
from bridgedesk.store import simultaneous as store
from bridgedesk.store.unit import UnitOfWork

__all__ = ["NewSimultaneous", "PointRules", "add_heat", "create_simultaneous"]

#: The movement families a heat may register (as the movements library names them).
KINDS = ("mitchell", "howell", "appendix-mitchell", "scrambled-mitchell", "web")


@dataclass(frozen=True)
class PointRules:
    """The masterpoint rules of a simultaneous event: ``jcbl`` at a ``rating`` (JCBL red
    points for the overall places, 000:232), ``sbf`` with ``table`` A (bronze on the
    common list, 001:441-446) or D (silver per heat, and the common list's bonus,
    001:447-455), or none."""

    rules: str
    rating: str | None = None
    table: str | None = None

    @classmethod
    def parse(cls, text: str) -> PointRules:
        """``jcbl:RATING`` (ccg, local, sectional, regional, national, apbf, international),
        ``sbf:A``, ``sbf:D`` or ``none``."""
        rules, _, rest = text.strip().lower().partition(":")
        if rules == "none" and not rest:
            return cls("none")
        if rules == "jcbl" and rest in {r.value for r in ClubRating}:
            return cls("jcbl", rating=rest)
        if rules == "sbf" and rest in ("a", "d"):
            return cls("sbf", table=rest.upper())
        ratings = ", ".join(r.value for r in ClubRating)
        raise EntryError(
            "the masterpoint rules are jcbl:RATING ({ratings}), sbf:A (bronze), "
            "sbf:D (silver) or none, not {text!r}",
            code="simultaneous.bad-masterpoints",
            ratings=ratings,
            text=text,
        )

    def text(self) -> str:
        if self.rules == "jcbl":
            return f"jcbl:{self.rating}"
        if self.rules == "sbf":
            return f"sbf:{self.table}"
        return "none"


@dataclass(frozen=True)
class NewSimultaneous:
    """Every field of ``simultaneous new`` as typed."""

    name: str
    deals: Path
    date: str | None = None
    club: str = ""
    rating: str = "regional"
    deadline: str | None = None
    masterpoints: str = "none"


def create_simultaneous(unit: UnitOfWork, asked: NewSimultaneous) -> int:
    """Store the event ``asked`` describes with its deal set; its id."""
    rules = PointRules.parse(asked.masterpoints)
    records = dealfile.load(asked.deals)
    deals = {r.deal.board: r.deal.pbn() for r in records}
    event = new_event(
        asked.name.strip(), date=asked.date, rating=asked.rating, scoring="mp",
        club=asked.club, deadline=asked.deadline,
    )  # fmt: skip
    if not event.name:
        raise EntryError("give the simultaneous event's name", code="simultaneous.needs-name")
    return store.create_simultaneous(unit, event, deals, rules.text())


def add_heat(
    unit: UnitOfWork,
    event: int | str,
    club: str,
    *,
    kind: str | None = None,
    tables: int | None = None,
    number: int | None = None,
) -> tuple[int, str]:
    """Register a club's heat; (its number, its token, shown this once)."""
    if kind is not None and kind not in KINDS:
        raise EntryError(
            "a heat's movement is one of {kinds}, not {kind!r}",
            code="simultaneous.bad-heat-movement",
            kinds=", ".join(KINDS),
            kind=kind,
        )
    return store.add_heat(unit, event, club, kind=kind, tables=tables, number=number)
