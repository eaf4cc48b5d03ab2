"""A stored knockout match's carry-over of IMPs (004:1762-1772), set by the director.

The carry-over is kept on the match (``team_matches.carry_over``, ``HOME:AWAY``);
:func:`bridgedesk.store.team_events.read_draw` reads it back with the draw.
"""

from __future__ import annotations

import json
from fractions import Fraction

from sqlalchemy import select

from bridgedesk.errors import EntryError
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DirectorAuditRow, TeamMatchRow
from bridgedesk.store.team_events import read_draw, section, settings_of, team_row
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["set_carry_over"]


def set_carry_over(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    home: int,
    away: int,
    carry: tuple[Fraction, Fraction],
    who: str,
    reason: str,
) -> int:
    """Give a knockout match a carry-over of IMPs (each side's, e.g. from a seeding or an
    earlier stage); the audit id.  ``(0, 0)`` takes it away.  The match's IMPs start
    from it (:mod:`bridgedesk.results.teams`)."""
    if any(c < 0 for c in carry):
        raise EntryError(
            f"a carry-over is IMPs each side starts with, none negative: got "
            f"{carry[0]}:{carry[1]} (give the leader's IMPs, e.g. 7.5:0)"
        )
    if not reason.strip():
        raise EntryError("give a --reason (it is kept in the director's audit log)")
    with unit.transaction() as s:
        ev = event_row(s, ref)
        if settings_of(team_row(s, ev)).form.value != "knockout":
            raise EntryError("a carry-over is for a knockout match (004:1762-1772)")
        section(s, ev, lock=True)
        found = [
            r
            for r in s.scalars(select(TeamMatchRow).where(TeamMatchRow.event_id == ev.id))
            if r.round == rnd and (r.home, r.away) in ((home, away), (away, home))
        ]
        if not found:
            read_draw(s, ev).match(rnd, home, away)  # says what the round has
        row = found[0]
        if (row.home, row.away) != (home, away):
            raise EntryError(
                f"round {rnd}: team {row.home} is at home against team {row.away}: give "
                f"--home {row.home} --away {row.away} and the carry-over in that order"
            )
        old = row.carry_over
        row.carry_over = None if not any(carry) else f"{carry[0]}:{carry[1]}"
        new = {"round": rnd, "home": home, "away": away, "carry_over": row.carry_over, "was": old}
        audit = DirectorAuditRow(
            event_id=ev.id, action="team-carry-over", subject=f"round {rnd} {home} v {away}",
            at=utcnow(), who=who, reason=reason, old="null", new=json.dumps(new),
        )  # fmt: skip
        s.add(audit)
        s.flush()
        return audit.id
