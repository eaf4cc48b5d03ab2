"""A page's language, as :func:`bridgedesk.i18n.web_language` chooses it from a request:
``?lang=`` (remembered in a cookie), else that cookie, else ``Accept-Language``."""

from __future__ import annotations

from fastapi import Request

from bridgedesk.i18n import web_language

LANG_COOKIE = "bd_lang"


def language(request: Request) -> str:
    """The request's language (English when nothing says)."""
    return web_language(
        request.query_params.get("lang"),
        request.cookies.get(LANG_COOKIE),
        request.headers.get("accept-language"),
    )


__all__ = ["LANG_COOKIE", "language"]
