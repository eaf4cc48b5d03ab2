"""What every line-by-line reader of one named file shares: its refusals placed at a
line and column of that file."""

from __future__ import annotations

from bridgedesk.errors import FormatError, Location


class FileReader:
    """A reader of the file ``filename`` (None: text given without a file)."""

    filename: str | None

    def error(
        self,
        message: str,
        line: int,
        column: int | None = None,
        *,
        code: str = "",
        **params: object,
    ) -> FormatError:
        """The refusal ``message`` (a message id with its ``code`` and ``params``) at
        ``line`` and ``column`` of the file."""
        return FormatError(
            message, Location(file=self.filename, line=line, column=column), code=code, **params
        )
