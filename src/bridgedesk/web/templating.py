"""The web pages' Jinja2 environment (templates in ``web/templates``, autoescaped:
a player called ``<script>`` is shown as text), with the catalogs' words in the
request's language (:func:`bridgedesk.reports.templating.add_catalogs`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.routing import Match

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import LANGS, NATIVE_NAMES
from bridgedesk.reports.templating import add_catalogs
from bridgedesk.web.language import LANG_COOKIE, language
from bridgedesk.web.refusals import refusal
from bridgedesk.web.security import status_of


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("bridgedesk.web", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        # the templates are the package's own, changed only with the code: no stat of
        # each file on every render (a server is restarted for new code anyway)
        auto_reload=False,
        undefined=StrictUndefined,
    )
    env.globals["refused"] = refusal  # a refusal in the page's language, with its code
    # the language switch of every page: each language named in its own words
    env.globals["languages"] = [(code, NATIVE_NAMES[code]) for code in LANGS]
    add_catalogs(env)
    return env


def render(name: str, lang: str, **context: Any) -> str:
    return environment().get_template(name).render(lang=lang, **context)


def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language (remembered when ``?lang=`` asked for it)."""
    lang = language(request)
    if request.method not in ("GET", "HEAD"):  # a page answering a form (a refusal)
        context.setdefault("lang_path", _language_path(request, context.get("back")))
    response = HTMLResponse(render(name, lang, **context), status_code=status_code)
    if request.query_params.get("lang") == lang:
        response.set_cookie(LANG_COOKIE, lang, samesite="lax", httponly=True)
    return response


def _language_path(request: Request, back: object) -> str:
    """Where the language switch of a page answering a POST goes: ``?lang=`` on the POST's
    own address would ask a GET it may not answer.  The page's way back when it has one,
    else the page the form was on (the Referer, on this site only), else this address if
    it answers a GET, else the site's first page."""
    if isinstance(back, str) and back.startswith("/") and not back.startswith("//"):
        return back.split("?")[0]
    came = urlsplit(request.headers.get("referer", ""))
    if came.netloc == request.url.netloc and came.path.startswith("/"):
        return came.path
    scope = {**request.scope, "method": "GET"}
    if any(r.matches(scope)[0] is Match.FULL for r in request.app.router.routes):
        return request.url.path
    return "/"


def refused_fragment(request: Request, where: str, exc: BridgedeskError) -> HTMLResponse:
    """A fragment swapped in place of ``#where`` that says why the request was refused
    (the one refusal template: its code, its text escaped, in the request's language)."""
    html = render("_refused_fragment.html.j2", language(request), where=where, message=exc)
    return HTMLResponse(html, status_code=status_of(exc))


__all__ = ["environment", "page", "refused_fragment", "render"]
