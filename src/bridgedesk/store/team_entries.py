"""A team's entry as the director gives it: a name and 4-6 players, each by name,
by member number from the register, or both.

``bridgedesk entry add EVENT --kind team`` and the console's team form both
come here, so a team is checked and numbered one way:
:func:`enter_team` takes the next free number unless one is given, and says
whether a draw made already was cleared (a team joining before play starts,
:func:`bridgedesk.store.team_events.add_team`); :func:`edit_team` changes a
team's name and players (audited, as ``entry edit`` is for a pair).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, EntryKind, Player
from bridgedesk.store import team_events
from bridgedesk.store.entries import edit_entry, register_players
from bridgedesk.store.unit import UnitOfWork

__all__ = ["EnteredTeam", "edit_team", "enter_team", "team_players"]

#: A player as typed: (name, member number), either may be missing but not both.
Person = tuple[str | None, str | None]


@dataclass(frozen=True)
class EnteredTeam:
    """The team as stored, and whether the draw made before it was cleared."""

    entry: Entry
    draw_cleared: bool


def _given(people: Sequence[Person]) -> list[Person]:
    """The rows that name someone (blank rows of a form left out)."""
    out = []
    for name, member in people:
        name, member = (name or "").strip() or None, (member or "").strip() or None
        if name is not None or member is not None:
            out.append((name, member))
    return out


def team_players(unit: UnitOfWork, people: Sequence[Person]) -> tuple[Player, ...]:
    """The players of a team (blank rows left out; :class:`~bridgedesk.events.model.Entry`
    checks there are 4-6): a missing name is the member's name in the register."""
    given = _given(people)
    if not given:
        raise EntryError(
            "a team lists its players: give at least one name or member number",
            code="team.needs-players",
        )
    return register_players(unit, given)


def enter_team(
    unit: UnitOfWork,
    ref: int | str,
    players: tuple[Player, ...],
    *,
    number: int | None = None,
    name: str | None = None,
) -> EnteredTeam:
    """Enter a team under ``number`` (else the next free one)."""
    team_no = number if number is not None else team_events.next_team_number(unit, ref)
    entry = Entry(team_no, players, kind=EntryKind.TEAM, team_name=(name or "").strip() or None)
    drawn = bool(team_events.draw(unit, ref).matches)
    got = team_events.add_team(unit, ref, entry)
    return EnteredTeam(Entry(got, players, kind=EntryKind.TEAM, team_name=entry.team_name), drawn)


def edit_team(
    unit: UnitOfWork,
    ref: int | str,
    number: int,
    *,
    who: str,
    reason: str,
    people: Sequence[Person] | None = None,
    name: str | None = None,
) -> int:
    """Change a team's players and/or name (audited, 4-6 players); the audit id."""
    team_events.settings(unit, ref)  # one line for a pairs event
    players = None
    if people is not None:
        players = list(team_players(unit, people))
    return edit_entry(
        unit,
        ref,
        number,
        who=who,
        reason=reason,
        players=None if players is None else [(p.name, p.member) for p in players],
        team_name=None if name is None else name.strip(),
    )
