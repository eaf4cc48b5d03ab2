"""Whatever a route lets escape unanswered, answered in one line as the rest are.

A route answers its own refusals (a page with the form again, the table API's
refusal body).  Two kinds can still reach the app unanswered, and would be a 500
and a traceback: a :class:`~bridgedesk.errors.BridgedeskError` a route did not
expect (a team page asked for a pairs event), and FastAPI's refusal of a path or
query value that does not read (``/api/events/²/ranking``).  These handlers
answer them as refusals (:mod:`bridgedesk.web.refusals`): the status of
:func:`bridgedesk.web.security.status_of` (422 for a value that does not read),
the table API's ``{"error", "code", "field", "params"}`` under ``/api/``, the
error page elsewhere, in the request's language.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.responses import Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import catalog
from bridgedesk.web.api import error
from bridgedesk.web.bodies import unreadable
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.templating import page

__all__ = ["install"]


def _answer(request: Request, exc: BridgedeskError) -> Response:
    if request.url.path.startswith("/api/"):
        return error(exc, request)
    _ = catalog(language(request)).gettext
    return page(
        request, "error.html.j2", status_of(exc), title=_("Not done"), message=exc, back="/"
    )


async def refused(request: Request, exc: Exception) -> Response:
    """A refusal no route answered."""
    assert isinstance(exc, BridgedeskError)
    return _answer(request, exc)


async def unread(request: Request, exc: Exception) -> Response:
    """A path or query value FastAPI could not read into its type."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    name = str(first.get("loc", ("", "the request"))[-1])
    return _answer(request, unreadable(name, first.get("input")))


def install(app: FastAPI) -> None:
    """The handlers on ``app`` (a route's own answers and more particular handlers, such
    as the console's for a login needed, come first)."""
    app.add_exception_handler(BridgedeskError, refused)
    app.add_exception_handler(RequestValidationError, unread)
