"""A pair withdrawing part way through a session (003:61-73), on a stored section.

003:65-69: for every board a pair could not play within the time because it
arrived late or withdrew, the offending pair scores average-minus and its
opponents average-plus.  003:73: "in a pair event, when half or more of a
session's boards could not be played, the scores that were played are removed,
the opponents' scores included" -- the pair leaves the session's ranking, and
its opponents are factored up over the boards they did play (004:1292-1296).

:func:`withdraw_pair` applies whichever of the two the count calls for, in one
transaction, through the tools the director already has, so that every step
is audited and can be undone one by one:

* fewer than half of the pair's boards lost: each of its slips from the round
  it withdrew in gets an adjusted result, A- for the pair and A+ for its
  opponents (``result add`` would store the same);
* half or more lost: each result it played is deleted by an audited correction
  (``result undo`` puts one back), and each of its slips is marked not played
  (``result cancel`` takes a mark back);

and one line of the director's audit log (``withdraw-pair``) records what was
done and why.  "The session's boards" of a pair are the boards its movement
gives it (its phantom tables left out).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from bridgedesk.errors import EntryError
from bridgedesk.events.entry import make_result
from bridgedesk.events.rulings import Slip, expected_slips
from bridgedesk.store.corrections import delete_in
from bridgedesk.store.director import audit
from bridgedesk.store.lookups import (
    event_row,
    movement_of,
    section_entries,
    section_results,
    section_row,
)
from bridgedesk.store.models import RulingRow
from bridgedesk.store.results_repo import insert_result
from bridgedesk.store.unit import UnitOfWork, utcnow


@dataclass(frozen=True)
class Withdrawal:
    """What :func:`withdraw_pair` did: ``removed`` (003:73) or averages (003:65-69)."""

    pair: int
    boards: int
    lost: int
    removed: bool
    averages: tuple[Slip, ...] = ()
    deleted: tuple[int, ...] = ()
    marked: tuple[Slip, ...] = ()


def withdraw_pair(
    unit: UnitOfWork,
    ref: int | str,
    pair: int,
    from_round: int,
    *,
    reason: str,
    who: str,
    section: str = "A",
    session: int = 1,
) -> Withdrawal:
    """Pair ``pair`` played no board from round ``from_round`` on (see module doc)."""
    if not reason.strip():
        raise EntryError("a withdrawal needs a reason (it is kept in the audit log)")
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        if sec.movement is None:
            raise EntryError(f"section {section} has no movement yet: nothing to withdraw from")
        movement = movement_of(sec)
        entries = section_entries(s, sec)
        entry = entries.get(pair)
        if entry is None or entry.phantom:
            what = "is the phantom" if entry is not None else "is not entered"
            raise EntryError(f"pair {pair} {what} in section {section}")
        if not 1 <= from_round <= movement.rounds:
            raise EntryError(
                f"round {from_round} does not exist: the movement has rounds 1-{movement.rounds}"
            )
        slips = [x for x in expected_slips(movement, entries) if pair in (x.ns, x.ew)]
        if not slips:
            raise EntryError(f"the movement gives pair {pair} no board to play")
        held = [(row, r) for row, r in section_results(s, sec) if pair in (r.ns, r.ew)]
        late = sorted({r.round for _, r in held if r.round >= from_round})
        if late:
            raise EntryError(
                f"pair {pair} has results in round {late[0]}: it played on; withdraw it from "
                "a later round, or delete those results first"
            )
        marks = {
            (m.round, m.table_no, m.board)
            for m in s.scalars(
                select(RulingRow).where(
                    RulingRow.section_id == sec.id,
                    RulingRow.kind == "not-played",
                    RulingRow.cancelled.is_(False),
                )
            )
        }
        lost = [x for x in slips if x.round >= from_round]
        removed = 2 * len(lost) >= len(slips)
        note = f"pair {pair} withdrew before round {from_round}: {reason}"
        if removed:
            deleted = []
            for row, r in held:
                delete_in(s, ev, row, r, who=who, reason=note)
                deleted.append(row.id)
            marked = [x for x in slips if (x.round, x.table, x.board) not in marks]
            for x in marked:
                s.add(
                    RulingRow(section_id=sec.id, kind="not-played", board=x.board,
                              round=x.round, table_no=x.table, reason=note, who=who,
                              at=utcnow(), cancelled=False)
                )  # fmt: skip
            done = Withdrawal(pair, len(slips), len(lost), True, (), tuple(deleted), tuple(marked))
        else:
            averages = [x for x in lost if (x.round, x.table, x.board) not in marks]
            for x in averages:
                score = "A-/A+" if x.ns == pair else "A+/A-"
                slip = make_result(round=x.round, table=x.table, board=x.board, ns=x.ns,
                                   ew=x.ew, adjusted=score, section=section,
                                   session=session)  # fmt: skip
                insert_result(s, ev, slip, who, None)
            done = Withdrawal(pair, len(slips), len(lost), False, tuple(averages))
        audit(s, ev, "withdraw-pair", f"pair {pair}", who=who, reason=reason, old=None,
              new={"from_round": from_round, "boards": done.boards, "lost": done.lost,
                   "removed": removed, "deleted": list(done.deleted),
                   "not_played": [str(x) for x in done.marked],
                   "averages": [str(x) for x in done.averages]})  # fmt: skip
        return done


__all__ = ["Withdrawal", "withdraw_pair"]
