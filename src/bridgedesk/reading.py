"""Reading a user's file without surprises: bounded size, strict decoding, safe JSON and CSV.

Every reader of bridgedesk takes its bytes through here, so that any bytes at
all give either a result or one :class:`~bridgedesk.errors.BridgedeskError`
line, in bounded time and memory (issue 10):

- :func:`read_bytes` reads at most :data:`MAX_FILE_BYTES` (a directory, a
  missing file or an unreadable one is an error naming the file, not an
  ``OSError``);
- :func:`decode` turns bytes into text: UTF-8 with or without a byte-order
  mark, or the encoding the user named; text that does not decode is refused
  with the line and column of the first bad byte, never replaced silently;
- :func:`check_encoding` refuses an encoding name Python does not know, or one
  that is no text encoding (``base64``, ``zlib``);
- :func:`loads_json` parses JSON refusing what Python's :mod:`json` lets
  through or crashes on: ``NaN`` and ``Infinity``, floats that overflow
  (``1e999999``), integers longer than :data:`MAX_NUMBER_DIGITS` digits (Python
  raises ``ValueError`` past 4,300) and nesting too deep for the parser;
- :func:`csv_rows` turns :class:`csv.Error` (a field over the 128 KiB limit, a
  quote never closed) into a located error.

This module sits beside :mod:`bridgedesk.errors` below every layer, so the
bridge package (VP scale files) may use it as the formats package does.  The
error class is a parameter: a VP scale file is refused with a
:class:`~bridgedesk.errors.ScaleError`, every other file with a
:class:`~bridgedesk.errors.FormatError`.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, TypeVar

from bridgedesk.errors import BridgedeskError, FormatError, Location

#: The largest file any reader accepts: far above any tournament's files.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Digits a JSON number may have: no count, score or points of bridge needs more.
MAX_NUMBER_DIGITS = 30
#: The largest field Python's csv module reads (its default limit, 128 KiB).
MAX_CSV_FIELD = 131072

ErrorType = Callable[[str, Location], BridgedeskError]
T = TypeVar("T")


def _error(kind: ErrorType, message: str, where: Location) -> BridgedeskError:
    return kind(message, where)


def read_bytes(
    path: str | Path,
    *,
    limit: int = MAX_FILE_BYTES,
    error: ErrorType = FormatError,
    what: str = "the file",
) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them; an error naming the file otherwise."""
    name = str(path)
    where = Location(file=name)
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(limit + 1)
    except IsADirectoryError:
        raise _error(error, f"cannot read {what}: it is a directory", where) from None
    except OSError as exc:
        raise _error(error, f"cannot read {what}: {exc.strerror or exc}", where) from None
    if len(data) > limit:
        raise _error(
            error,
            f"{what} is larger than {limit // (1024 * 1024)} MiB; "
            "bridgedesk reads no files that large",
            where,
        )
    return data


def check_encoding(name: str, *, error: ErrorType = FormatError) -> str:
    """``name`` if Python knows it as a text encoding; a one-line error otherwise."""
    try:
        "a".encode(name)
        b"a".decode(name)
    except LookupError:
        raise _error(
            error,
            f"unknown text encoding {name!r}: give --encoding a name such as utf-8, "
            "shift_jis, cp932, cp1252 or latin-1",
            Location(field="encoding"),
        ) from None
    except UnicodeError:
        pass  # a real text encoding (utf-16 cannot decode one byte)
    return name


def position(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (1-based, in bytes) of byte ``offset``, lines ended by LF or CR."""
    head = data[:offset]
    line_start = max(head.rfind(b"\n"), head.rfind(b"\r")) + 1
    line = head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
    return line, offset - line_start + 1


def decode(
    data: bytes,
    filename: str | None = None,
    *,
    encoding: str | None = None,
    error: ErrorType = FormatError,
    hint: str = "save it as UTF-8",
) -> str:
    """Text of ``data``: UTF-8 (a byte-order mark is dropped) unless ``encoding`` says otherwise.

    Bytes that do not decode are refused with the line and column of the
    first bad one and ``hint`` (what the user can do about it).
    """
    name = check_encoding(encoding, error=error) if encoding is not None else "utf-8"
    if name.replace("_", "-").lower() in ("utf-8", "utf8", "u8", "utf"):
        name = "utf-8-sig"
    try:
        text = data.decode(name)
    except UnicodeDecodeError as exc:
        # utf-8-sig counts from after the byte-order mark
        start = exc.start + (3 if name == "utf-8-sig" and data.startswith(b"\xef\xbb\xbf") else 0)
        line, column = position(data, start)
        bad = data[start : start + 1].hex()
        shown = "UTF-8" if encoding is None else repr(encoding)
        raise _error(
            error,
            f"not {shown} text: byte 0x{bad} cannot be read; {hint}",
            Location(file=filename, line=line, column=column),
        ) from None
    return text.removeprefix("\ufeff")


def read_text(
    path: str | Path,
    *,
    encoding: str | None = None,
    limit: int = MAX_FILE_BYTES,
    error: ErrorType = FormatError,
    what: str = "the file",
    hint: str = "save it as UTF-8",
) -> str:
    """:func:`read_bytes` then :func:`decode`."""
    if encoding is not None:
        check_encoding(encoding, error=error)
    data = read_bytes(path, limit=limit, error=error, what=what)
    return decode(data, str(path), encoding=encoding, error=error, hint=hint)


def whole_number(text: str, *, max_digits: int = 9) -> int | None:
    """The number a string of ASCII digits means (surrounding white space allowed),
    or ``None``: ``str.isdigit`` also accepts ``"²"``, which ``int`` refuses, and
    ``int`` refuses more than 4,300 digits with a ``ValueError``.

    >>> whole_number(" 12 "), whole_number("²"), whole_number("1" * 10), whole_number("-1")
    (12, None, None, None)
    """
    text = text.strip()
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


class NumberRefusedError(ValueError):
    """A number refused while parsing (carries the message)."""


def _refuse_constant(name: str) -> Any:
    raise NumberRefusedError(f"{name} is not a number JSON allows")


def _checked_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise NumberRefusedError(f"a number with {len(text)} digits is too long")
    return int(text)


def _checked_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NumberRefusedError(f"the number {text[:30]} is too large")
    return value


def checked_decimal(text: str) -> Decimal:
    """A decimal number from text, refusing infinities, NaN and absurd sizes (``1e999999``).

    Raises :class:`NumberRefusedError` (a :class:`ValueError`) with the reason.
    """
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise NumberRefusedError(f"{text[:30]!r} is not a number") from None
    if not value.is_finite():
        raise NumberRefusedError(f"{text[:30]!r} is not a finite number")
    if value and not -MAX_NUMBER_DIGITS <= value.adjusted() <= MAX_NUMBER_DIGITS:
        raise NumberRefusedError(f"the number {text[:30]} is out of range")
    if len(value.as_tuple().digits) > MAX_NUMBER_DIGITS:
        raise NumberRefusedError(f"the number {text[:30]} has too many digits")
    return value


def parse_json(text: str, *, decimals: bool = False, finite_only: bool = True) -> Any:
    """The value of JSON ``text`` (a byte-order mark dropped), for a caller that says
    each failure itself: :class:`json.JSONDecodeError` for text that is no JSON,
    :class:`NumberRefusedError` for a number refused (:func:`loads_json`) and
    :class:`RecursionError` for nesting too deep for the parser."""
    text = text.removeprefix("\ufeff")
    floats: Callable[[str], Any] = checked_decimal if decimals else _checked_float
    if not finite_only:
        return json.loads(text, parse_int=_checked_int)
    return json.loads(
        text, parse_constant=_refuse_constant, parse_int=_checked_int, parse_float=floats
    )


def loads_json(
    text: str,
    filename: str | None = None,
    *,
    error: ErrorType = FormatError,
    decimals: bool = False,
    finite_only: bool = True,
) -> Any:
    """Parse JSON text; every failure is one located error of type ``error``.

    ``decimals`` reads numbers with a fraction as :class:`~decimal.Decimal`
    (exact) instead of float.  ``finite_only=False`` lets ``NaN``, ``Infinity``
    and overflowing floats through as Python's :mod:`json` reads them, for a
    caller that checks each value and names it in its message.
    """
    try:
        return parse_json(text, decimals=decimals, finite_only=finite_only)
    except json.JSONDecodeError as exc:
        where = Location(file=filename, line=exc.lineno, column=exc.colno)
        raise _error(error, f"not valid JSON: {exc.msg}", where) from None
    except NumberRefusedError as exc:
        raise _error(error, f"not valid JSON: {exc}", Location(file=filename)) from None
    except RecursionError:
        raise _error(
            error, "not valid JSON: lists or objects nested too deeply", Location(file=filename)
        ) from None


def read_json(
    path: str | Path,
    *,
    error: ErrorType = FormatError,
    decimals: bool = False,
    what: str = "the file",
) -> Any:
    """:func:`read_text` (UTF-8) then :func:`loads_json`."""
    text = read_text(path, error=error, what=what)
    return loads_json(text, str(path), error=error, decimals=decimals)


@contextmanager
def csv_errors(line: Callable[[], int], filename: str | None = None) -> Iterator[None]:
    """Turn a :class:`csv.Error` raised inside into a :class:`FormatError` at ``line()``
    (``lambda: reader.line_num``): a field over the 128 KiB limit, a bad quote."""
    try:
        yield
    except csv.Error as exc:
        message = str(exc)
        if "field limit" in message:
            message = f"a field is longer than {MAX_CSV_FIELD} characters (is a quote left open?)"
        raise FormatError(
            f"not a readable CSV file: {message}", Location(file=filename, line=line())
        ) from None


def csv_rows(
    rows: Iterable[T], line: Callable[[], int], filename: str | None = None
) -> Iterator[T]:
    """The rows of a :mod:`csv` reader, a :class:`csv.Error` turned into a located error."""
    iterator = iter(rows)
    while True:
        with csv_errors(line, filename):
            try:
                row = next(iterator)
            except StopIteration:
                return
        yield row


__all__ = [
    "MAX_CSV_FIELD",
    "MAX_FILE_BYTES",
    "MAX_NUMBER_DIGITS",
    "NumberRefusedError",
    "check_encoding",
    "checked_decimal",
    "csv_errors",
    "csv_rows",
    "decode",
    "loads_json",
    "parse_json",
    "position",
    "read_bytes",
    "read_json",
    "read_text",
    "whole_number",
]
