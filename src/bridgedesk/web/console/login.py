"""``/d/login`` and ``/d/logout``: the console's session (see :mod:`.auth`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import catalog
from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.console import auth
from bridgedesk.web.console.pages import console_page, read_form, refill
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")


def _login_form(request: Request, status: int, error: Shown, form: dict[str, str]) -> Response:
    csrf = auth.login_csrf(request)
    response = console_page(
        request,
        "login.html.j2",
        None,
        catalog(language(request)).gettext("Director's console"),
        status,
        csrf=csrf,
        form=refill({**form, "password": ""}),
        error=error,
        next=auth.safe_next(request.query_params.get("next") or form.get("next", "")),
    )
    auth.set_login_csrf(request, response, csrf)
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> Response:
    return _login_form(request, 200, "", {})


@router.post("/login")
async def login(request: Request) -> Response:
    form = await read_form(request)
    try:
        auth.check_login_csrf(request, form.get("csrf_token", ""))
        token = await auth.log_in(request, form.get("username", ""), form.get("password", ""))
    except users.LoginError as exc:
        return _login_form(request, 401, exc, form)
    except BridgedeskError as exc:
        return _login_form(request, status_of(exc), exc, form)
    done = RedirectResponse(auth.safe_next(form.get("next", "")), status_code=303)
    auth.set_session_cookie(request, done, token)
    return done


@router.post("/logout")
async def logout(request: Request) -> Response:
    form = await read_form(request)
    await auth.need(request, Role.VIEWER, form)
    token = request.cookies.get(auth.SESSION_COOKIE)
    await db_call(request, users.log_out, auth.store_of(request), token)
    response = RedirectResponse("/d/login", status_code=303)
    response.delete_cookie(auth.SESSION_COOKIE, path="/d")
    return response


__all__ = ["router"]
