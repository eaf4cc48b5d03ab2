"""A corrected result slip: ``bridgedesk result correct`` and the console's correction
form build it here.  Without a new contract or artificial score the old
contract line is kept (only the seating, the board or the lead change)."""

from __future__ import annotations

from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Result


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


__all__ = ["corrected"]
