"""Even-chance teams in the store: pairs entered singly, teams formed from them
(004:2725-2734).

``event new --kind teams ... --even-chance`` makes a team event whose entries
are *pairs* with seed points (:func:`add_pair`; the director's floater pair is
entered too, marked, for an odd count, 004:2733).  :func:`form` forms the teams
by best + worst (:func:`bridgedesk.events.even_chance.form_teams`, 004:2728),
stores them as the event's teams -- the stronger pair's players first, so
they sit NS at home until a line-up says otherwise -- and keeps the forming in
the director's audit log.  From then on the event is run as any team event:
``event movement``, ``result team``, ``results``.  Each function is one
transaction: it checks, then writes, or changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError, PairingError
from bridgedesk.events.even_chance import EntryPair, FormedTeam, form_teams
from bridgedesk.events.model import Entry, EntryKind, Player
from bridgedesk.store.events_repo import insert_entry
from bridgedesk.store.lookups import event_row, section_entries
from bridgedesk.store.models import (
    DirectorAuditRow,
    EvenChanceEventRow,
    EvenChancePairRow,
    EventRow,
)
from bridgedesk.store.team_events import section, team_row
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["EvenChancePair", "add_pair", "form", "is_even_chance", "pairs", "seed_points"]


@dataclass(frozen=True)
class EvenChancePair:
    """A pair entered in an even-chance team event, and the team it joined."""

    pair: int
    players: tuple[Player, ...]
    seed_points: Decimal
    floater: bool
    team: int | None

    @property
    def names(self) -> str:
        return " – ".join(p.name for p in self.players)


def seed_points(text: str) -> Decimal:
    """``--seed-points 12.5``: a number of seed points, 0 or more."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise EntryError(
            "--seed-points is a number, e.g. 12.5, not {given!r}",
            code="team.seed-points-number",
            given=text,
        ) from None
    if not value.is_finite() or value < 0:
        raise EntryError(
            "--seed-points is 0 or more, not {given!r}",
            code="team.seed-points-negative",
            given=text,
        )
    return value


def _event(s: OrmSession, ref: int | str) -> EventRow:
    ev = event_row(s, ref)
    team_row(s, ev)
    found = s.scalars(
        select(EvenChanceEventRow.event_id).where(EvenChanceEventRow.event_id == ev.id)
    ).first()
    if found is None:
        raise EntryError(
            "event {event!r} takes teams; pairs are entered singly in an even-chance "
            "team event (`event new NAME --kind teams --even-chance`)",
            code="team.even-chance-pairs",
            event=ev.name,
        )
    return ev


def is_even_chance(unit: UnitOfWork, ref: int | str) -> bool:
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        found = s.scalars(
            select(EvenChanceEventRow.event_id).where(EvenChanceEventRow.event_id == ev.id)
        ).first()
        return found is not None


def _rows(s: OrmSession, ev: EventRow) -> list[EvenChancePairRow]:
    return list(
        s.scalars(
            select(EvenChancePairRow)
            .where(EvenChancePairRow.event_id == ev.id)
            .order_by(EvenChancePairRow.pair)
        )
    )


def _value(row: EvenChancePairRow) -> EvenChancePair:
    people = tuple(Player(n, m) for n, m in json.loads(row.players))
    return EvenChancePair(row.pair, people, Decimal(row.seed_points), row.floater, row.team)


def pairs(unit: UnitOfWork, ref: int | str) -> tuple[EvenChancePair, ...]:
    with unit.transaction(write=False) as s:
        return tuple(_value(r) for r in _rows(s, _event(s, ref)))


def _formed(s: OrmSession, ev: EventRow) -> bool:
    return bool(section_entries(s, section(s, ev)))


def add_pair(
    unit: UnitOfWork,
    ref: int | str,
    number: int | None,
    players: tuple[Player, ...],
    points: Decimal,
    floater: bool = False,
) -> int:
    """Enter a pair with its seed points (or the floater pair); its number."""
    if len(players) != 2:
        raise EntryError(
            "a pair is two players, not {players}",
            code="team.pair-two-players",
            players=len(players),
        )
    with unit.transaction() as s:
        ev = _event(s, ref)
        if _formed(s, ev):
            raise EntryError(
                "the teams are formed already (`event form-teams`): a pair can no longer enter",
                code="team.formed-pair-entry",
            )
        rows = _rows(s, ev)
        taken = {r.pair for r in rows}
        pair = number if number is not None else max(taken, default=0) + 1
        if pair in taken:
            raise EntryError("pair {pair} is entered already", code="team.pair-entered", pair=pair)
        if floater and any(r.floater for r in rows):
            raise EntryError(
                "the floater pair is entered already (004:2733: one is enough)",
                code="team.floater-entered",
            )
        s.add(
            EvenChancePairRow(
                event_id=ev.id, pair=pair, seed_points=str(points), floater=floater,
                players=json.dumps([[p.name, p.member] for p in players], ensure_ascii=False),
            )
        )  # fmt: skip
        return pair


def form(
    unit: UnitOfWork, ref: int | str, who: str, reason: str
) -> tuple[int, tuple[FormedTeam, ...], tuple[EvenChancePair, ...]]:
    """Form the teams, best + worst (004:2728), and store them as the event's teams;
    (audit id, the teams, the pairs).  The floater pair plays only for an odd count."""
    with unit.transaction() as s:
        ev = _event(s, ref)
        if _formed(s, ev):
            raise EntryError(
                "the teams are formed already; they are the event's teams now",
                code="team.formed-already",
            )
        rows = _rows(s, ev)
        by_pair = {r.pair: _value(r) for r in rows}
        field = [p for p in by_pair.values() if not p.floater]
        floaters = [p.pair for p in by_pair.values() if p.floater]
        floater = floaters[0] if floaters and len(field) % 2 else None
        try:
            teams = form_teams([EntryPair(p.pair, p.seed_points) for p in field], floater)
        except PairingError as exc:
            if "floater" in exc.message:
                raise EntryError(
                    "{problem} (`entry add EVENT --names ... --floater`)",
                    code="team.even-chance-floater",
                    problem=exc,
                ) from None
            raise EntryError(exc.msgid, None, code=exc.code, **exc.params) from None
        sec = section(s, ev)
        for t in teams:
            a, b = (by_pair[p] for p in t.pairs)
            insert_entry(
                s, sec,
                Entry(t.team, (*a.players, *b.players), kind=EntryKind.TEAM,
                      team_name=f"{a.names} / {b.names}"),
            )  # fmt: skip
            for row in rows:
                if row.pair in t.pairs:
                    row.team = t.team
        audit = DirectorAuditRow(
            event_id=ev.id, action="even-chance-teams", subject=f"{len(teams)} teams",
            at=utcnow(), who=who, reason=reason or "even-chance teams formed", old="null",
            new=json.dumps([{"team": t.team, "pairs": list(t.pairs), "floater": t.floater}
                            for t in teams]),
        )  # fmt: skip
        s.add(audit)
        s.flush()
        return audit.id, tuple(teams), tuple(_value(r) for r in rows)
