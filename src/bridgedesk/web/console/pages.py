"""What every console page shares: its words, its frame, reading a form, refusals.

A refused request (any :class:`~bridgedesk.errors.BridgedeskError` from the
store or the rules) is shown as its one line beside the form that sent it,
which keeps what was typed; nothing has been stored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import Request
from fastapi.responses import HTMLResponse
from starlette.datastructures import FormData

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.i18n import LazyText, catalog
from bridgedesk.services import visibility
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.templating import page, render
from bridgedesk.web.threads import db_call

if TYPE_CHECKING:
    from bridgedesk.web.console.place import Place


async def read_form(request: Request) -> dict[str, str]:
    return text_fields(await request.form())


def text_fields(data: FormData) -> dict[str, str]:
    return {k: v for k, v in data.items() if isinstance(v, str)}


async def upload_of(data: FormData, what: LazyText, limit: int) -> tuple[str, bytes]:
    """The name and bytes of the form's ``file``, at most ``limit`` bytes; ``what`` the
    file asked for, in the reader's language when it is missing."""
    upload = data.get("file")
    if upload is None or isinstance(upload, str) or not upload.filename:
        raise EntryError("choose {what}", code="form.choose-file", what=what)
    raw = await upload.read(limit + 1)
    if len(raw) > limit:
        raise EntryError(
            "{file}: larger than {value} kB",
            code="form.file-too-large",
            file=upload.filename,
            value=limit // 1000,
        )
    return upload.filename, raw


Gather = Callable[[Store, "Place", Mapping[str, str]], dict[str, Any]]


@dataclass(frozen=True)
class SectionPage:
    """A page of one event's section: its template ``name``, its title (translated in
    the request's language, or the event's name when None), what it shows (``gather``, given the
    store, the place and the query) and what its form holds before anything was
    typed (``prefill``)."""

    name: str
    title: LazyText | None
    gather: Gather
    prefill: Gather | None = None

    async def __call__(
        self,
        request: Request,
        session: UserSession,
        place: Place,
        status_code: int = 200,
        errors: Mapping[str, Shown] | None = None,
        form: Mapping[str, str] | None = None,
    ) -> HTMLResponse:
        """The page with the refusals beside their forms (``errors`` by form), what was
        typed, and the last action's ``?done=``."""
        store = request.app.state.store
        query = dict(request.query_params)
        context = await db_call(request, self.gather, store, place, query)
        if session.user.role is Role.VIEWER:  # a viewer sees what the public sees
            context = await db_call(
                request, visibility.for_viewer, store, place.event, place.section,
                place.session, context,
            )  # fmt: skip
        if form is None and self.prefill is not None:
            form = await db_call(request, self.prefill, store, place, query)
        title = place.info.event.name if self.title is None else self.title.in_(language(request))
        return console_page(
            request,
            self.name,
            session,
            title,
            status_code,
            place=place,
            errors=refill(errors or {}),
            form=refill(form or {}),
            done=query.get("done", ""),
            **context,
        )


def as_uploaded(exc: BridgedeskError, path: str, name: str) -> BridgedeskError:
    """``exc`` naming the uploaded file ``name`` where it names its temporary copy at
    ``path`` (its code and parameters kept)."""
    where = replace(exc.where, file=name) if exc.where.file == path else exc.where
    if exc.code:
        params = {k: name if v == path else v for k, v in exc.params.items()}
        named = type(exc)(exc.msgid, where, code=exc.code, **params)
    else:
        named = type(exc)(exc.message.replace(path, name), where)
    return named.noted(exc.details)


def htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def console_page(
    request: Request,
    name: str,
    session: UserSession | None,
    title: str,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    """A console page (``console/NAME``) in the request's language."""
    return page(
        request,
        f"console/{name}",
        status_code,
        title=title,
        session=session,
        can=_can(session),
        **context,
    )


def fragment(request: Request, name: str, session: UserSession, **context: Any) -> HTMLResponse:
    """A piece of a console page (an htmx swap)."""
    lang = language(request)
    return HTMLResponse(
        render(f"console/{name}", lang, session=session, can=_can(session), **context)
    )


def _can(session: UserSession | None) -> dict[str, bool]:
    role = session.user.role if session is not None else None
    return {r.value: role is not None and role.allows(r) for r in Role}


V = TypeVar("V")


def refill(form: Mapping[str, V]) -> defaultdict[str, V | str]:
    """The form as typed (or the refusals by form), for showing again; "" for what is
    not there."""
    return defaultdict(str, form)


def error_page(
    request: Request, exc: BridgedeskError, status: int | None = None, back: str = "/d/"
) -> HTMLResponse:
    lang = language(request)
    return page(
        request,
        "console/error.html.j2",
        status if status is not None else status_of(exc),
        title=catalog(lang).gettext("Not done"),
        session=None,
        can=_can(None),
        message=exc,
        back=back,
    )


__all__ = [
    "SectionPage",
    "as_uploaded",
    "console_page",
    "error_page",
    "fragment",
    "htmx",
    "read_form",
    "refill",
    "text_fields",
    "upload_of",
]
