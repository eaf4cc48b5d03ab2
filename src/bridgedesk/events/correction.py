"""Correcting a stored result: the corrected slip, and who may change what when.

``bridgedesk result correct`` and the console's correction form build the new
slip with :func:`corrected`: without a new contract or artificial score the
old contract line is kept (only the seating, the board or the lead change).

Every change to a stored result -- a correction, a deletion, the undo of either
-- is audited with who made it and why, and after the event's correction
deadline only the director may make it (003:123-159, :func:`check_change`); an
undo puts back the state a correction replaced, and only while the result is
still as that correction left it (:func:`check_undo`).  The new slip is then
checked as an entered one is (:func:`bridgedesk.events.slips.check_slip`).
"""

from __future__ import annotations

import datetime as dt

from bridgedesk.bridge.contract import format_result
from bridgedesk.errors import EntryError, ForbiddenError
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Result

#: A stored result's state: its value, the director's override reason, whether deleted.
ResultState = tuple[Result, str | None, bool]


def corrected(
    old: Result,
    *,
    contract: str | None = None,
    declarer: str | None = None,
    result: str | None = None,
    lead: str | None = None,
    adjusted: str | None = None,
    round: int | None = None,
    table: int | None = None,
    board: int | None = None,
    ns: int | None = None,
    ew: int | None = None,
) -> Result:
    """``old`` with the given parts replaced, checked as a new slip is."""
    if not (adjusted or contract):
        contract = None if old.contract is None else str(old.contract)
        declarer = None if old.declarer is None else str(old.declarer)
        keep = old.contract is not None and not old.contract.is_pass
        result = str(old.tricks) if keep and old.tricks is not None else None
        adjusted = None if old.adjusted is None else str(old.adjusted)
    playing = contract is not None and not adjusted and contract.upper() != "PASS"
    return make_result(
        round=round or old.round,
        table=table or old.table,
        board=board or old.board,
        ns=ns or old.ns,
        ew=ew or old.ew,
        contract=contract,
        declarer=declarer,
        result=result,
        lead=(lead or old.lead) if playing else None,
        adjusted=adjusted,
        section=old.section,
        session=old.session,
    )


def stored_fields(result: Result) -> dict[str, str]:
    """The fields of a correction form as ``result`` fills them (the form starts from
    the stored slip, so the director changes only what is wrong): an artificial
    score, ``PASS``, or the contract, declarer, result (``=``, ``-2``, ``+1``) and lead."""
    if result.adjusted is not None:
        return {"adjusted": str(result.adjusted)}
    if result.contract is None or result.contract.is_pass:
        return {"contract": "PASS"}
    assert result.declarer is not None and result.tricks is not None
    return {
        "contract": str(result.contract),
        "declarer": result.declarer.value,
        "result": format_result(result.contract, result.tricks),
        "lead": result.lead or "",
    }


def check_change(
    old: ResultState,
    new: ResultState,
    *,
    who: str,
    reason: str,
    director: bool,
    at: dt.datetime,
    deadline: dt.datetime | None,
) -> bool:
    """Refuse a change of a stored result from ``old`` to ``new`` made at ``at`` (naive
    UTC, as ``deadline``) unless it has a reason and an author, is the director's
    after the deadline, stays in its session and section, and changes something;
    return whether it is made after the deadline (the audit says so)."""
    if not reason.strip():
        raise EntryError(
            "a correction needs a reason (it is kept in the audit log)",
            code="correction.needs-reason",
        )
    if not who.strip():
        raise EntryError("a correction needs the name of who makes it", code="correction.needs-who")
    late = deadline is not None and at > deadline
    if late and not director:
        assert deadline is not None
        raise EntryError(
            "the correction deadline ({deadline:%Y-%m-%d %H:%M} UTC) has passed: "
            "only the director can correct now, with a reason (003:123-159)",
            code="correction.deadline-passed",
            deadline=deadline,
        )
    if (new[0].session, new[0].section) != (old[0].session, old[0].section):
        raise EntryError(
            "a correction cannot move a result to another session or section",
            code="correction.moves-section",
        )
    if new == old:
        raise EntryError("the correction changes nothing", code="correction.changes-nothing")
    return late


def check_role(result: int, *, director: bool, disputed: bool, undoes_director: bool) -> None:
    """Refuse a change that is the director's alone when a scorer or a table makes it:
    any change of a result whose dispute awaits the director's ruling (the ruling
    is the director's, 003:123-159), and the undo of a correction the director made."""
    if director:
        return
    if disputed:
        raise ForbiddenError(
            "result {result} is disputed: only the director changes it (by ruling on the dispute)",
            code="result.disputed-director-only",
            result=result,
        )
    if undoes_director:
        raise ForbiddenError(
            "the director corrected result {result}: only the director undoes it",
            code="correction.undo-is-directors",
            result=result,
        )


def check_undo(
    correction: int,
    result: int,
    left: ResultState,
    current: ResultState,
    undone_by: int | None,
    later: int | None,
) -> None:
    """An undo of ``correction`` (which left ``result`` as ``left``): refused when it is
    undone already (by ``undone_by``) or the result was changed again since (``current``
    differs; ``later`` is the last change)."""
    if undone_by is not None:
        raise EntryError(
            "correction {correction} is already undone by {undone_by}",
            code="correction.already-undone",
            correction=correction,
            undone_by=undone_by,
        )
    if left != current:
        raise EntryError(
            "result {result} was changed again after correction {correction} (by "
            "correction {later}); undo that one first",
            code="correction.changed-again",
            result=result,
            correction=correction,
            later=later,
        )


__all__ = [
    "ResultState",
    "check_change",
    "check_role",
    "check_undo",
    "corrected",
    "stored_fields",
]
