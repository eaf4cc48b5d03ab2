"""The director's rulings on a stored section: one function per ruling, every one audited.

``bridgedesk result penalty`` / ``fouled`` / ``not-played`` / ``withdraw-pair``
and ``result dispute --confirm/--correct``, and the console's forms for them,
call here.  Each reads what the ruling is checked against through the store in
one transaction, checks with :mod:`bridgedesk.events.rulings` (a withdrawal:
:mod:`bridgedesk.events.withdrawal`), and records it with its audit line
(:mod:`bridgedesk.store.director`), or raises its one line having changed
nothing.  A ruling that changes results does so through
:mod:`bridgedesk.services.slips` (the slip's checks, the audited correction),
inside the ruling's transaction:

* :func:`penalty` (003:47-121), :func:`fouled` (004:3531-3658, 003:161-226),
  :func:`not_played` (004:3838-3846);
* :func:`withdraw_pair` (003:61-73): averages entered, or the pair's results
  deleted and its slips marked not played;
* :func:`rule_on_dispute` (Law 79, 003:123-159): a table's disputed result
  confirmed, or corrected as the director.

Cancelling a ruling is :func:`bridgedesk.store.director.cancel_ruling`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Result
from bridgedesk.events.rulings import (
    NotPlayed,
    ProceduralPenalty,
    Slip,
    check_fouled,
    check_not_played,
    check_penalty,
    fouled_group,
)
from bridgedesk.events.withdrawal import average_slip, plan_withdrawal
from bridgedesk.services import slips
from bridgedesk.store import director, disputes
from bridgedesk.store.corrections import locked_result
from bridgedesk.store.lookups import event_row, section_row
from bridgedesk.store.results_repo import board_slips, planned_section, section_boards
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "Withdrawal",
    "fouled",
    "not_played",
    "penalty",
    "rule_on_dispute",
    "withdraw_pair",
]


def penalty(
    unit: UnitOfWork,
    ref: int | str,
    given: ProceduralPenalty,
    *,
    who: str,
    section: str = "A",
    session: int = 1,
) -> int:
    """Record a procedural penalty on a pair entered in the section; the ruling's id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        planned = planned_section(s, sec.id, sec.name)
        check_penalty(given, planned.entries or {}, section, ev.scoring,
                      director.event_format(s, ev), planned.movement)  # fmt: skip
        return director.record_penalty(s, ev, sec, given, who)


def fouled(
    unit: UnitOfWork,
    ref: int | str,
    board: int,
    places: Sequence[tuple[int, int]],
    group: str,
    *,
    reason: str,
    who: str,
    section: str = "A",
    session: int = 1,
) -> list[int]:
    """Put the results of ``board`` at ``places`` (round, table) in fouled group
    ``group``; the rulings' ids.  The results not put in a group stay in group ``1``,
    the hands as dealt."""
    label = fouled_group(group, places)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        planned = planned_section(s, sec.id, sec.name)
        check_fouled(board, places, label, section, planned.movement,
                     director.fouled_taken(s, sec, board))  # fmt: skip
        return director.record_fouled(s, ev, sec, board, places, label, reason=reason, who=who)


def not_played(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    table: int,
    board: int,
    *,
    reason: str,
    who: str,
    section: str = "A",
    session: int = 1,
) -> int:
    """Mark a planned slip as not played (so the results can be made final); the
    ruling's id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        planned = planned_section(s, sec.id, sec.name)
        results = [b.result for b in board_slips(s, sec.id, sec.name, session, board)
                   if not b.deleted]  # fmt: skip
        check_not_played(rnd, table, board, section, planned.movement, results,
                         director.not_played_marks(s, sec))  # fmt: skip
        mark = NotPlayed(rnd, table, board, reason)
        return director.record_not_played(s, ev, sec, mark, who)


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
    """Pair ``pair`` played no board from round ``from_round`` on
    (:mod:`bridgedesk.events.withdrawal`): fewer than half of its boards lost, A- to it
    and A+ to its opponents on each lost slip; else its results deleted and its slips
    marked not played.  Every step audited, one line for the whole."""
    if not reason.strip():
        raise EntryError(
            "a withdrawal needs a reason (it is kept in the audit log)",
            code="withdrawal.needs-reason",
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        planned = planned_section(s, sec.id, sec.name)
        held = [
            b
            for board in section_boards(s, sec.id, sec.name, session).values()
            for b in board
            if not b.deleted and pair in (b.result.ns, b.result.ew)
        ]
        plan = plan_withdrawal(pair, from_round, section, planned.movement,
                               planned.entries or {}, (b.result.round for b in held),
                               director.not_played_marks(s, sec))  # fmt: skip
        note = f"pair {pair} withdrew before round {from_round}: {reason}"
        if plan.removed:
            for b in held:
                slips.delete(unit, ev.id, b.id, who=who, reason=note, director=True)
            director.add_marks(s, sec, plan.marked, reason=note, who=who)
            done = Withdrawal(pair, plan.boards, plan.lost, True, (),
                              tuple(b.id for b in held), plan.marked)  # fmt: skip
        else:
            for x in plan.averages:
                slips.enter(unit, ev.id, average_slip(x, pair, section, session), who=who)
            done = Withdrawal(pair, plan.boards, plan.lost, False, plan.averages)
        director.audit(s, ev, "withdraw-pair", f"pair {pair}", who=who, reason=reason, old=None,
              new={"from_round": from_round, "boards": done.boards, "lost": done.lost,
                   "removed": done.removed, "deleted": list(done.deleted),
                   "not_played": [str(x) for x in done.marked],
                   "averages": [str(x) for x in done.averages]})  # fmt: skip
        return done


def rule_on_dispute(
    unit: UnitOfWork,
    ref: int | str,
    dispute_id: int,
    *,
    who: str,
    reason: str,
    new: Result | None = None,
    override: str | None = None,
    result_id: int | None = None,
) -> int | None:
    """The director's ruling on a dispute: confirm the result (``new`` None) or correct
    it to ``new`` (an audited correction, made as the director); either closes the
    dispute.  ``result_id``: the result the caller means (refused if the dispute is of
    another).  The correction's id (None when confirmed)."""
    reason = reason.strip()
    if not reason:
        raise disputes.DisputeError(
            "give the reason for the ruling (it is kept in the audit log)",
            code="ruling.needs-reason",
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row = disputes.dispute_to_rule(s, ev, dispute_id, result_id)
        correction = None
        if new is not None:
            result, _ = locked_result(s, ev, row.result_id)
            keep = result.override_reason if override is None else override
            correction = slips.correct(unit, ev.id, row.result_id, new, who=who,
                                       reason=f"dispute {dispute_id}: {reason}", director=True,
                                       override=keep)  # fmt: skip
        disputes.record_ruling(s, ev, row, who=who, reason=reason, correction=correction)
        return correction
