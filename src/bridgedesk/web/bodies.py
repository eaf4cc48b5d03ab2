"""What the web app is sent, read as strictly as the files are: the request bodies.

Every request body reaches the app's code through here, and any bytes at all
give either the values or one coded :class:`~bridgedesk.errors.EntryError` (its
``where.input`` the field), in bounded time and memory, as :mod:`bridgedesk.reading`
does for files:

- :class:`BodyLimit` refuses a body larger than its route takes with 413
  before it is read (from its ``Content-Length``, or while it streams in):
  :data:`MAX_TABLE_BODY` for the table API and the table pages,
  :data:`MAX_HEAT_UPLOAD` for a simultaneous heat's upload, the largest file
  bridgedesk reads (:data:`bridgedesk.reading.MAX_FILE_BYTES`) for the
  director's console, whose forms upload files;
- :func:`json_object` reads a JSON body with :func:`bridgedesk.reading.parse_json`
  (numbers of at most 30 digits, no ``NaN``, nesting within the parser's depth)
  from strict UTF-8, and refuses a lone surrogate (``"\\udcff"``) anywhere in it;
- the models (:class:`LoginBody`, :class:`SlipBody`, :class:`CorrectionBody`,
  :class:`DisputeBody`) hold each field to the bounds of the command line
  (:mod:`bridgedesk.limits`): a whole number is a JSON integer or its ASCII
  digits as text (``"²"`` and ``"١٢"`` are no numbers), within its range; text
  is text of a bounded length without control characters.  :func:`parsed`
  reads a mapping (a JSON body or a form's fields) into one, or refuses it
  naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError
from pydantic_core import PydanticCustomError
from starlette.requests import ClientDisconnect, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgedesk import limits
from bridgedesk.errors import EntryError, Location
from bridgedesk.reading import MAX_FILE_BYTES, MAX_NUMBER_DIGITS, NumberRefusedError, parse_json
from bridgedesk.web.language import language
from bridgedesk.web.refusals import refusal_json

__all__ = [
    "MAX_HEAT_UPLOAD",
    "MAX_TABLE_BODY",
    "BodyLimit",
    "CorrectionBody",
    "DisputeBody",
    "LoginBody",
    "SlipBody",
    "body_limit",
    "json_object",
    "parsed",
    "unreadable",
]

#: The largest body a table's request may have: a slip is a few hundred bytes.
MAX_TABLE_BODY = 64 * 1024
#: The largest heat upload taken (a heat of 60 tables and 36 boards is about 0.4 MB).
MAX_HEAT_UPLOAD = 8_000_000
#: The longest text a field of a table's request may hold, by field.
CODE_LENGTH = 64
NOTE_LENGTH = 2000
SLIP_TEXT_LENGTH = 16
SECTION_LENGTH = 8

M = TypeVar("M", bound=BaseModel)


def body_limit(path: str) -> int:
    """The largest body a request to ``path`` may send."""
    if path.startswith("/api/simultaneous/"):
        return MAX_HEAT_UPLOAD
    if path.startswith(("/api/", "/t/", "/e/")):
        return MAX_TABLE_BODY
    return MAX_FILE_BYTES


class _TooLargeError(Exception):
    """A body streamed past its limit (caught by :class:`BodyLimit`)."""


class BodyLimit:
    """ASGI middleware: a request whose body is larger than :func:`body_limit` allows
    is answered 413 with one line, and never read whole."""

    def __init__(self, app: ASGIApp, limit_of: Callable[[str], int] = body_limit) -> None:
        self.app = app
        self.limit_of = limit_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope["path"])
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and not (declared.isdigit() and int(declared[:20]) <= limit):
            await self._too_large(scope, send, limit)
            return
        received = 0
        started = False

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLargeError
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, bounded, sending)
        except _TooLargeError:
            if not started:
                await self._too_large(scope, send, limit)

    @staticmethod
    async def _too_large(scope: Scope, send: Send, limit: int) -> None:
        size = f"{limit // 1024} KiB" if limit < 1024 * 1024 else f"{limit // (1024 * 1024)} MiB"
        refused = EntryError(
            "the request body is larger than {size}; nothing was read",
            code="request.too-large",
            size=size,
        )
        line = json.dumps(refusal_json(refused, language(Request(scope))))
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": line.encode("utf-8")})


def _has_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False


async def json_object(request: Request) -> dict[str, Any]:
    """The JSON object a request's body holds (an empty body is ``{}``); one line otherwise."""
    try:
        raw = await request.body()
    except ClientDisconnect:
        raise EntryError("the request was cut off: send it again", code="request.cut-off") from None
    try:
        data = parse_json(raw.decode("utf-8") if raw else "{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise EntryError("the request body is not JSON", code="request.not-json") from None
    except NumberRefusedError:
        raise EntryError(
            "the request body holds a number that is not finite or has more than {digits} digits",
            code="request.number-refused",
            digits=MAX_NUMBER_DIGITS,
        ) from None
    except RecursionError:
        raise EntryError(
            "the request body nests lists or objects too deeply", code="request.too-deep"
        ) from None
    if not isinstance(data, dict):
        raise EntryError("the request body must be a JSON object", code="request.not-an-object")
    # text read from UTF-8 holds no surrogate: only a JSON escape ("\\udXXX") makes one
    if b"\\u" in raw and _has_surrogate(data):
        raise EntryError(
            "the request body holds a lone surrogate (\\udXXX), which is no text",
            code="request.surrogate",
        )
    return data


# -- the fields ---------------------------------------------------------------------------


def _refuse(kind: str, **context: Any) -> PydanticCustomError:
    """A field's refusal, said by :func:`parsed` with the code and words of ``kind``."""
    return PydanticCustomError(kind, kind, context)


def _whole(low: int, high: int) -> Callable[[Any], int | None]:
    """A field's reader: a JSON integer or its ASCII digits as text, from ``low`` to
    ``high``; an empty text is no value."""

    def read(value: Any) -> int | None:
        if value is None or value == "":
            return None
        if isinstance(value, str):
            text = value.strip()
            if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
                raise _refuse("number", low=low, high=high)  # "²" is no number
            value = int(text)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _refuse("number", low=low, high=high)
        return value

    return read


def _control(text: str) -> str | None:
    """The first control character (NUL, ``\\x1a``, a line break) or lone surrogate of
    ``text``, if it holds one."""
    return next((c for c in text if c < " " or c == "\x7f" or "\ud800" <= c <= "\udfff"), None)


def _text(longest: int, numbers: bool = False) -> Callable[[Any], str | None]:
    """A field's reader: text (or a number given for it, when ``numbers``) of at most
    ``longest`` characters, stripped, without control characters; an empty text is no
    value."""

    def read(value: Any) -> str | None:
        if value is None:
            return None
        if numbers and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise _refuse("text")
        text = value.strip()
        if len(text) > longest:
            raise _refuse("long", longest=longest)
        bad = _control(text)
        if bad is not None:
            raise _refuse("control", char=repr(bad))
        return text or None

    return read


EventId = Annotated[int | None, BeforeValidator(_whole(1, limits.ROW_ID))]
SessionNumber = Annotated[int | None, BeforeValidator(_whole(1, limits.SESSIONS))]
TableNumber = Annotated[int | None, BeforeValidator(_whole(1, limits.TABLES))]
RoundNumber = Annotated[int | None, BeforeValidator(_whole(1, limits.ROUNDS))]
BoardNumber = Annotated[int | None, BeforeValidator(_whole(1, limits.BOARDS))]
PairNumber = Annotated[int | None, BeforeValidator(_whole(1, limits.ENTRY_NUMBER))]
SlipText = Annotated[str | None, BeforeValidator(_text(SLIP_TEXT_LENGTH, numbers=True))]


class _Body(BaseModel):
    """A request body: unknown fields are left alone (a newer phone may send more)."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class LoginBody(_Body):
    """``POST /api/table/login`` and the table login form."""

    event: EventId = None
    table: TableNumber = None
    session: SessionNumber = None
    section: Annotated[str | None, BeforeValidator(_text(SECTION_LENGTH))] = None
    code: Annotated[str | None, BeforeValidator(_text(CODE_LENGTH))] = None


class SlipBody(_Body):
    """A table's result: ``POST /api/table/results`` and the table pages' forms.  The
    ``event`` and ``table``, when given, must be the terminal's own."""

    event: EventId = None
    table: TableNumber = None
    round: RoundNumber = None
    board: BoardNumber = None
    ns: PairNumber = None
    ew: PairNumber = None
    contract: SlipText = None
    declarer: SlipText = None
    result: SlipText = None
    lead: SlipText = None


class CorrectionBody(SlipBody):
    """``PUT /api/table/results/ID``: the contract, declarer, result and lead again (the
    round, board and pairs it repeats must be the stored ones)."""


class DisputeBody(_Body):
    """``POST /api/table/results/ID/dispute``: the table's note for the director."""

    note: Annotated[str | None, BeforeValidator(_text(NOTE_LENGTH))] = None


def _refusal(exc: ValidationError) -> EntryError:
    """The first field of ``exc`` that does not read, as one coded line naming it."""
    first = exc.errors(include_url=False)[0]
    name = ".".join(str(p) for p in first["loc"]) or "the request body"
    shown = _shown(first.get("input"))
    where = Location(input=name)
    context = first.get("ctx") or {}
    kind = first["type"]
    if kind == "number":
        return EntryError(
            "{name} is a whole number from {low} to {high}, not {value}",
            where,
            code="request.number-range",
            name=name,
            low=context["low"],
            high=context["high"],
            value=shown,
        )
    if kind == "text":
        return EntryError(
            "{name} is text, not {value}", where, code="request.not-text", name=name, value=shown
        )
    if kind == "long":
        return EntryError(
            "{name} is text of at most {longest} characters",
            where,
            code="request.text-too-long",
            name=name,
            longest=context["longest"],
        )
    if kind == "control":
        return EntryError(
            "{name} is text without control characters such as {char}",
            where,
            code="request.control-character",
            name=name,
            char=context["char"],
        )
    return unreadable(name, first.get("input"))


def _shown(value: Any) -> str:
    """``value`` as Python writes it, cut to 40 characters."""
    given = repr(value)
    return given if len(given) <= 40 else given[:37] + "..."


def unreadable(name: str, value: Any) -> EntryError:
    """The refusal of a ``value`` of ``name`` that does not read into its type."""
    return EntryError(
        "{name} cannot be {value}",
        Location(input=name),
        code="request.unreadable",
        name=name,
        value=_shown(value),
    )


def parsed(model: type[M], data: Mapping[str, Any]) -> M:
    """``data`` (a JSON object or a form's fields) read into ``model``; one line naming
    the first field that does not read otherwise."""
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        raise _refusal(exc) from None
