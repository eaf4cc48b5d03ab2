"""What keeps the table terminals safe: who is calling, forged forms, guessed codes.

* A terminal proves itself with its bearer token: in the ``Authorization:
  Bearer`` header (the JSON API) or in the ``HttpOnly``, ``SameSite=Strict``
  cookie the table pages set at login.  A write that comes with the cookie
  must also carry the terminal's CSRF token (a form field or the
  ``X-CSRF-Token`` header), which only the terminal's own pages know.
* The login form, used before there is a terminal, is protected by a
  double-submit token: a random cookie that the form must repeat.
* Table logins are rate-limited per client address: after ``limit`` failed
  logins within ``window`` seconds, further logins are refused (HTTP 429)
  until the window has passed.  The count is kept in the database, so it holds
  across worker processes; the client's address is the socket's (``bridgedesk
  serve`` believes no ``X-Forwarded-For`` unless told of a proxy with ``--proxy``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from fastapi import Request, Response

from bridgedesk.errors import BridgedeskError, ConflictError, ForbiddenError
from bridgedesk.i18n import LazyText, lazy_gettext
from bridgedesk.store import login_failures
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import NotLoggedInError, Terminal, authenticate
from bridgedesk.store.unit import UnitOfWork, utcnow

TOKEN_COOKIE = "bd_table"
LOGIN_CSRF_COOKIE = "bd_login"
CSRF_HEADER = "x-csrf-token"


class TooManyLoginsError(BridgedeskError):
    """Too many failed table logins from one address (HTTP 429)."""


#: What a table's failed logins are (the limiter's default ``what``).
WRONG_CODES = lazy_gettext("wrong table codes")


@dataclass
class LoginLimiter:
    """Failed logins per client address, counted in the database
    (:mod:`bridgedesk.store.login_failures`) so that every worker process sees them
    all; ``scope`` keeps the table codes' count apart from the console's."""

    store: UnitOfWork
    limit: int = 10
    window: float = 60.0
    #: What the failures were, for the refusal's message (a message of the catalogs).
    what: LazyText = WRONG_CODES
    scope: str = "table"

    def check(self, client: str) -> None:
        count, first = login_failures.recent(self.store, self.scope, client, self.window)
        if count >= self.limit and first is not None:
            waited = (utcnow() - first).total_seconds()
            wait = max(int(self.window - waited), 0) + 1
            raise TooManyLoginsError(
                "too many {what} from this address: try again in {wait} s",
                code="login.too-many",
                what=self.what,
                wait=wait,
            )

    def failed(self, client: str) -> None:
        login_failures.failed(self.store, self.scope, client, self.window)


def status_of(exc: BridgedeskError) -> int:
    """The HTTP status of a refused request: 401, 403, 409, 429, else 422."""
    if isinstance(exc, NotLoggedInError):
        return 401
    if isinstance(exc, ForbiddenError):
        return 403
    if isinstance(exc, ConflictError):
        return 409
    if isinstance(exc, TooManyLoginsError):
        return 429
    return 422


def client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


def terminal_of(
    request: Request, store: Store, write: bool = False, form_csrf: str = ""
) -> Terminal:
    """The calling terminal; a cookie-borne write must also show the CSRF token."""
    token = bearer(request)
    if token is not None:
        return authenticate(store, token)
    cookie = request.cookies.get(TOKEN_COOKIE)
    terminal = authenticate(store, cookie)
    if write:
        given = request.headers.get(CSRF_HEADER) or form_csrf
        if not given or not secrets.compare_digest(given, terminal.csrf):
            raise ForbiddenError(
                "the form is out of date or forged (CSRF check): reload the page", code="form.csrf"
            )
    return terminal


def set_token_cookie(response: Response, token: str, secure: bool) -> None:
    response.set_cookie(
        TOKEN_COOKIE, token, httponly=True, samesite="strict", secure=secure, path="/"
    )


def login_csrf(request: Request) -> str:
    """The double-submit token of the login form (a new one if the browser has none)."""
    return request.cookies.get(LOGIN_CSRF_COOKIE) or secrets.token_urlsafe(24)


def set_login_csrf(response: Response, value: str, secure: bool) -> None:
    response.set_cookie(
        LOGIN_CSRF_COOKIE, value, httponly=True, samesite="strict", secure=secure, path="/t"
    )


def check_login_csrf(request: Request, given: str) -> None:
    cookie = request.cookies.get(LOGIN_CSRF_COOKIE, "")
    if not cookie or not given or not secrets.compare_digest(cookie, given):
        raise NotLoggedInError(
            "the login form is out of date (CSRF check): reload the page", code="table.login-csrf"
        )


__all__ = [
    "CSRF_HEADER",
    "TOKEN_COOKIE",
    "LoginLimiter",
    "TooManyLoginsError",
    "bearer",
    "check_login_csrf",
    "client_of",
    "login_csrf",
    "set_login_csrf",
    "set_token_cookie",
    "status_of",
    "terminal_of",
]
