"""The director's release of a session's travellers and hands, from the console: the
form of ``console/_release.html.j2`` on the pairs results page and on a team event's
(``bridgedesk result release`` on the command line); both call
:func:`bridgedesk.services.visibility.release`, audited with the director's name and
the form's reason."""

from __future__ import annotations

from collections.abc import Mapping

from bridgedesk.errors import EntryError, Location
from bridgedesk.services import visibility
from bridgedesk.store.service import Store

#: The form's two buttons: whether each shows the session to everybody.
ACTIONS = {"release": True, "fold": False}


def release_form(
    store: Store,
    event: int,
    session: int,
    form: Mapping[str, str],
    who: str,
    lang: str,
    team: bool = False,
) -> str:
    """Release (or fold, as the form's ``action`` says) ``session`` of ``event`` (a
    ``team`` event: every round of its matches); what was done, in ``lang``."""
    action = form.get("action", "")
    if action not in ACTIONS:
        raise EntryError(
            "the travellers and hands are released or folded, not {given!r}",
            code="release.unknown-action",
            given=action,
        )
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason for the release (it is kept in the audit log)",
            Location(input="reason"),
            code="release.needs-reason",
        )
    shown = ACTIONS[action]
    aid = visibility.release(store, event, session, shown=shown, who=who, reason=reason)
    return visibility.release_said(lang, aid, session, shown=shown, team=team)


__all__ = ["ACTIONS", "release_form"]
