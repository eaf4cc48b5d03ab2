"""Who is at the console: logging in and out, roles, CSRF.

A director, scorer or viewer logs in at ``/d/login`` with the name and password
of a ``bridgedesk user`` account.  The login form is protected by a
double-submit token (a random ``HttpOnly`` cookie the form's ``csrf_token``
field must repeat); failed logins are rate-limited per client address (the
table terminals' :class:`~bridgedesk.web.security.LoginLimiter`, its own
count).  A login sets the session cookie ``bd_console``: ``HttpOnly``,
``SameSite=Lax``, ``Secure`` behind HTTPS; only the SHA-256 of its token is
stored (:mod:`bridgedesk.store.users`).  Every console page needs a session
whose role allows it (a viewer reads, a scorer also enters and corrects
results, a director does everything): without one the browser goes to the
login page, with too small a role it gets 403.  Every write must carry the
session's CSRF token (a form's ``csrf_token`` field or the ``X-CSRF-Token``
header).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from urllib.parse import quote

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from bridgedesk.errors import BridgedeskError, ForbiddenError
from bridgedesk.i18n import LazyText, lazy_gettext, lazy_pgettext
from bridgedesk.store import users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.security import CSRF_HEADER, LoginLimiter, client_of
from bridgedesk.web.threads import db_call

SESSION_COOKIE = "bd_console"
LOGIN_CSRF_COOKIE = "bd_console_login"


class LoginNeededError(Exception):
    """No session (or an ended one): the browser is sent to the login page."""


class RoleRefusedError(ForbiddenError):
    """The account's role does not allow this page or action (HTTP 403)."""


#: The roles as a refusal names them (``store.users.Role``).
ROLE_NAMES = {
    Role.DIRECTOR: lazy_pgettext("role", "director"),
    Role.SCORER: lazy_pgettext("role", "scorer"),
    Role.VIEWER: lazy_pgettext("role", "viewer"),
}


def role_name(role: Role) -> LazyText:
    """The role, said in the page's language."""
    return ROLE_NAMES[role]


def zip_download(data: bytes, filename: str) -> Response:
    """A zip archive the browser saves as ``filename`` (every console download)."""
    return Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def secure(request: Request) -> bool:
    """Cookies are ``Secure`` when the app says so or the request came over HTTPS."""
    return bool(request.app.state.secure_cookies) or request.url.scheme == "https"


def limiter_of(request: Request) -> LoginLimiter:
    limiter: LoginLimiter = request.app.state.console_limiter
    return limiter


async def need(request: Request, role: Role, form: Mapping[str, str] | None = None) -> UserSession:
    """The session at the console, if its role allows ``role``; with ``form`` a write,
    whose CSRF token is checked."""
    token = request.cookies.get(SESSION_COOKIE)
    try:
        session = await db_call(request, users.session_of, store_of(request), token)
    except users.LoginError:
        raise LoginNeededError from None
    if not session.user.role.allows(role):
        raise RoleRefusedError(
            "{who} is a {role}: this needs a {need} (ask the director for a higher role)",
            code="role.refused",
            who=session.user.name,
            role=role_name(session.user.role),
            need=role_name(role),
        )
    if form is not None:
        given = request.headers.get(CSRF_HEADER) or form.get("csrf_token", "")
        if not given or not secrets.compare_digest(given, session.csrf):
            raise ForbiddenError(
                "the form is out of date or forged (CSRF check): reload the page", code="form.csrf"
            )
    return session


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE, token, httponly=True, samesite="lax", secure=secure(request), path="/d"
    )


def login_csrf(request: Request) -> str:
    return request.cookies.get(LOGIN_CSRF_COOKIE) or secrets.token_urlsafe(24)


def set_login_csrf(request: Request, response: Response, value: str) -> None:
    response.set_cookie(
        LOGIN_CSRF_COOKIE, value, httponly=True, samesite="lax", secure=secure(request), path="/d"
    )


def check_login_csrf(request: Request, given: str) -> None:
    cookie = request.cookies.get(LOGIN_CSRF_COOKIE, "")
    if not cookie or not given or not secrets.compare_digest(cookie, given):
        raise ForbiddenError(
            "the login form is out of date (CSRF check): reload the page", code="login.csrf"
        )


async def log_in(request: Request, name: str, password: str) -> str:
    """A new session token for a right name and password; rate-limited per address."""
    limiter = limiter_of(request)
    client = client_of(request)
    await db_call(request, limiter.check, client)
    try:
        token, _ = await db_call(request, users.log_in, store_of(request), name, password)
    except users.LoginError:
        await db_call(request, limiter.failed, client)
        raise
    return token


def safe_next(target: str) -> str:
    """Where to go after logging in: a console path only (never another site)."""
    if target.startswith("/d/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/d/"


def install(app: FastAPI) -> None:
    """The console's login limiter and the answers to a missing session or role."""
    base: LoginLimiter = app.state.login_limiter
    app.state.console_limiter = LoginLimiter(
        base.store,
        limit=base.limit,
        window=base.window,
        what=lazy_gettext("failed console logins"),
        scope="console",
    )

    async def login_needed(request: Request, _exc: Exception) -> Response:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        where = "/d/login?next=" + quote(target if request.method == "GET" else "/d/")
        if request.headers.get("hx-request") == "true":
            return Response(status_code=401, headers={"HX-Redirect": where})
        return RedirectResponse(where, status_code=303)

    async def refused(request: Request, exc: Exception) -> Response:
        from bridgedesk.web.console.pages import error_page

        assert isinstance(exc, BridgedeskError)
        response: HTMLResponse = error_page(request, exc, 403)
        return response

    async def missing(request: Request, exc: Exception) -> Response:
        from bridgedesk.web.console.pages import error_page

        assert isinstance(exc, BridgedeskError)
        response: HTMLResponse = error_page(request, exc, 404)
        return response

    from bridgedesk.web.console.place import NoSuchPlaceError

    app.add_exception_handler(LoginNeededError, login_needed)
    app.add_exception_handler(NoSuchPlaceError, missing)
    app.add_exception_handler(ForbiddenError, refused)


__all__ = [
    "LOGIN_CSRF_COOKIE",
    "SESSION_COOKIE",
    "LoginNeededError",
    "RoleRefusedError",
    "check_login_csrf",
    "install",
    "log_in",
    "login_csrf",
    "need",
    "safe_next",
    "set_login_csrf",
    "set_session_cookie",
    "store_of",
]
