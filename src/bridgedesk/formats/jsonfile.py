"""What every JSON reader in :mod:`bridgedesk.formats` shares: reading the file, and
errors that name the file and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location


def read_text(path: str | Path) -> tuple[str, str]:
    """The file's text and its name for messages; an unreadable, oversized or
    non-UTF-8 file is a FormatError (:func:`bridgedesk.reading.read_text`)."""
    return reading.read_text(path), str(path)


class JsonReader:
    """Checks on parsed JSON values; each failure names the file and the field."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, message: str, field: str, /, *, code: str = "", **params: object) -> FormatError:
        """The refusal ``message`` (a message id with its ``code`` and ``params``) about
        the record's ``field`` in the file."""
        return FormatError(message, Location(file=self.path, field=field), code=code, **params)

    def obj(self, value: object, field: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(
                "{field} must be an object", field, code="json.not-an-object", field=field
            )
        return value
