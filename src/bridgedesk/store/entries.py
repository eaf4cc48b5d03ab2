"""Registration on stored events: import, the player register, edit and withdraw.

* :func:`import_entries` enters a whole CSV (:mod:`bridgedesk.formats.entries_csv`)
  in one transaction: one bad row and nothing is entered.
* A member number alone is enough: the name comes from the store's player
  register (``players``), :func:`register_players`.
* :func:`edit_entry` changes a pair's players or its stationary request and
  :func:`withdraw_entry` takes out a pair that has played nothing; both are
  written to the director's audit log (:func:`bridgedesk.store.director.audit`)
  with the entry before and after.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sqlalchemy import or_, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.model import Entry, EntryKind, Player
from bridgedesk.events.names import check_entry
from bridgedesk.events.renumber import stationary_swaps
from bridgedesk.events.seating import SeatingPlan
from bridgedesk.store.competitors import follow
from bridgedesk.store.director import audit
from bridgedesk.store.events_repo import insert_entry
from bridgedesk.store.individual_events import check_entry_kind, is_individual
from bridgedesk.store.lookups import event_row, player_row, section_entries, section_row
from bridgedesk.store.models import EntryPlayerRow, EntryRow, PlayerRow, ResultRow, SectionRow
from bridgedesk.store.rows import entry_of
from bridgedesk.store.unit import UnitOfWork


class EntryLine(Protocol):
    """One row to enter (as :class:`bridgedesk.formats.entries_csv.EntryLine` reads it):
    the source line, the number (None: the next free one), each player's (name,
    member number), the stationary request, a team name and a flight."""

    @property
    def line(self) -> int: ...
    @property
    def number(self) -> int | None: ...
    @property
    def players(self) -> Sequence[tuple[str | None, str | None]]: ...
    @property
    def stationary(self) -> bool: ...
    @property
    def team(self) -> str | None: ...
    @property
    def flight(self) -> str | None: ...


def _resolve(s: OrmSession, people: Sequence[tuple[str | None, str | None]]) -> tuple[Player, ...]:
    out = []
    for name, member in people:
        if name:
            out.append(Player(name, member))
            continue
        if not member:
            raise EntryError(
                "a player needs a name or a member number", code="entry.player-needs-name"
            )
        row = s.scalars(select(PlayerRow).where(PlayerRow.member == member)).first()
        if row is None:
            raise EntryError(
                "member {member} is not in the player register: give the name as well",
                code="entry.member-not-registered",
                member=member,
            )
        out.append(Player(row.name, member))
    return tuple(out)


def register_players(
    unit: UnitOfWork, people: Sequence[tuple[str | None, str | None]]
) -> tuple[Player, ...]:
    """Players from (name, member number) with each missing name taken from the register."""
    with unit.transaction(write=False) as s:
        return _resolve(s, people)


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "number": entry.number,
        "players": [[p.name, p.member] for p in entry.players],
        "kind": entry.kind.value,
        "team": entry.team_name,
        "stationary": entry.stationary,
        "phantom": entry.phantom,
        "late": entry.late,
        **({"flight": entry.flight} if entry.flight else {}),
    }


def import_entries(
    unit: UnitOfWork,
    ref: int | str,
    lines: Sequence[EntryLine],
    *,
    who: str,
    kind: EntryKind | None = None,
    section: str = "A",
    session: int = 1,
) -> list[int]:
    """Enter every row, all or none; return the numbers given, in file order.

    ``kind`` None: the event's (players in an individual event, else pairs)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        if kind is None:
            kind = EntryKind.INDIVIDUAL if is_individual(s, ev) else EntryKind.PAIR
        sec = section_row(s, ev, session, section, lock=True)
        taken = set(section_entries(s, sec))
        wanted = [line.number for line in lines if line.number is not None]
        numbers = []
        for line in lines:
            try:
                number = line.number
                if number is None:
                    number = 1
                    while number in taken or number in wanted:
                        number += 1
                taken.add(number)
                entry = Entry(
                    number,
                    _resolve(s, line.players),
                    kind=kind,
                    team_name=line.team,
                    stationary=line.stationary,
                    flight=line.flight,
                )
                check_entry_kind(s, ev, entry)
                numbers.append(insert_entry(s, sec, entry))
            except BridgedeskError as exc:
                raise exc.located(Location(line=line.line)) from None
        audit(
            s,
            ev,
            "entry-import",
            f"section {section}",
            who=who,
            reason=f"{len(numbers)} entries imported",
            old=None,
            new=[entry_json(e) for n, e in sorted(section_entries(s, sec).items()) if n in numbers],
        )
        return numbers


def _entry_row(s: OrmSession, sec: SectionRow, number: int) -> EntryRow:
    row = s.scalars(
        select(EntryRow).where(EntryRow.section_id == sec.id, EntryRow.number == number)
    ).first()
    if row is None:
        raise EntryError(
            "no entry {number} in section {section}",
            code="entry.no-such-entry",
            number=number,
            section=sec.name,
        )
    return row


def edit_entry(
    unit: UnitOfWork,
    ref: int | str,
    number: int,
    *,
    who: str,
    reason: str,
    players: Sequence[tuple[str | None, str | None]] | None = None,
    stationary: bool | None = None,
    section: str = "A",
    session: int = 1,
    team_name: str | None = None,
    flight: str | None = None,
) -> int:
    """Change an entry's players, stationary request, team name and/or flight (audited;
    an empty ``team_name`` or ``flight`` clears it); return the audit id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        row = _entry_row(s, sec, number)
        old = entry_of(row)
        if old.phantom:
            raise EntryError(
                "entry {number} is the phantom: a late pair takes its number",
                code="entry.phantom-number",
                number=number,
            )
        new_players = old.players if players is None else _resolve(s, players)
        new = Entry(
            number,
            new_players,
            kind=old.kind,
            team_name=old.team_name if team_name is None else (team_name or None),
            stationary=old.stationary if stationary is None else stationary,
            late=old.late,
            flight=old.flight if flight is None else (flight or None),
        )
        if new == old:
            raise EntryError("the edit changes nothing", code="entry.nothing-changes")
        check_entry(new)
        row.stationary = new.stationary
        row.team_name = new.team_name
        row.flight = new.flight
        if new.players != old.players:
            row.players.clear()
            s.flush()
            for position, player in enumerate(new.players):
                row.players.append(EntryPlayerRow(position=position, player=player_row(s, player)))
        s.flush()
        follow(s, sec, number)  # the competitor's other sessions (store/competitors.py)
        return audit(
            s,
            ev,
            "entry-edit",
            f"entry {number}",
            who=who,
            reason=reason,
            old=entry_json(old),
            new=entry_json(new),
        )


def withdraw_entry(
    unit: UnitOfWork,
    ref: int | str,
    number: int,
    *,
    who: str,
    reason: str,
    section: str = "A",
    session: int = 1,
) -> int:
    """Take out an entry that has no result (audited); return the audit id.

    A pair that has played keeps its results: withdrawing it part way is a
    matter of boards not played (``bridgedesk result not-played``) and 003:73.
    """
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        row = _entry_row(s, sec, number)
        played = s.scalars(
            select(ResultRow.id).where(
                ResultRow.section_id == sec.id,
                or_(ResultRow.ns == number, ResultRow.ew == number),
            )
        ).all()
        if played:
            raise EntryError(
                "pair {number} has {results} result(s) stored: it cannot be taken out; "
                "mark the boards it will not play with `bridgedesk result not-played`",
                code="entry.has-results",
                number=number,
                results=len(played),
            )
        old = entry_of(row)
        s.delete(row)
        s.flush()
        follow(s, sec, number)
        return audit(
            s,
            ev,
            "entry-withdraw",
            f"entry {number}",
            who=who,
            reason=reason,
            old=entry_json(old),
            new=None,
        )


def honour_stationary(s: OrmSession, sec: SectionRow, movement: SeatingPlan) -> list[str]:
    """Renumber entries so stationary requests get stationary numbers (in the caller's
    transaction, before any result is in); return a line per pair renumbered."""
    rows = {r.number: r for r in s.scalars(select(EntryRow).where(EntryRow.section_id == sec.id))}
    swaps = stationary_swaps(movement, {n: entry_of(r) for n, r in rows.items()})
    if not swaps:
        return []
    for old in swaps:  # out of the way of the unique (section, number) first
        rows[old].number = -old
    s.flush()
    lines = []
    for old, new in sorted(swaps.items()):
        rows[old].number = new
        entry = entry_of(rows[old])
        if entry.stationary:
            lines.append(
                f"pair {old} ({entry.names}) asked for a stationary seat: it plays as pair {new}"
            )
        else:
            lines.append(f"pair {old} ({entry.names}) plays as pair {new}")
    s.flush()
    return lines


__all__ = [
    "edit_entry",
    "entry_json",
    "honour_stationary",
    "import_entries",
    "register_players",
    "withdraw_entry",
]
