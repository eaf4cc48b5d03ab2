"""The director's ruling on a disputed result, from the results page.

A table calls the director about a result it entered (the table terminal's
"dispute" action, :func:`bridgedesk.store.disputes.raise_dispute`); the result
stays entered, flagged, and the live grid shows its cell as disputed.  The
director either *confirms* the result as entered, with a reason (this
module), or *corrects* it with a reason on the correction page, which then
resolves the dispute in the same transaction (:mod:`.results`).  Both call
:func:`bridgedesk.services.rulings.rule_on_dispute`, which clears the flag; a
refused ruling leaves the dispute open and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import APIRouter, Request
from fastapi.responses import Response

from bridgedesk.errors import EntryError
from bridgedesk.services.rulings import rule_on_dispute
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.place import Place
from bridgedesk.web.console.results import act, whole

router = APIRouter(prefix="/d")


def _confirm(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    dispute = whole(form, "dispute")
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason for confirming the result (it is kept in the audit log)",
            code="dispute.needs-reason",
        )
    rule_on_dispute(store, place.event, dispute, who=session.user.name, reason=reason)
    return f"dispute {dispute}: the result is confirmed as entered"


@router.post("/events/{event}/disputes/confirm")
async def confirm(request: Request, event: int) -> Response:
    return await act(request, event, Role.DIRECTOR, "disputes", _confirm)


__all__ = ["router"]
