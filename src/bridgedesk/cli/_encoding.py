"""Text encodings a command is asked to write in (``--encoding``), checked before any
work is done; the output paths are :mod:`bridgedesk.reports.output`'s."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bridgedesk.errors import BridgedeskError, Location


def encoding(name: str | None) -> str | None:
    """A text encoding Python knows (``None`` stays: the format's default)."""
    if name is None:
        return None
    try:
        return codecs.lookup(name.strip()).name
    except (LookupError, ValueError):
        raise BridgedeskError(
            "--encoding: unknown text encoding {name!r}; e.g. utf-8, cp932 (Shift-JIS), latin-1",
            Location(input="--encoding"),
            code="encoding.unknown",
            name=name,
        ) from None


@contextmanager
def encodable(path: Path) -> Iterator[None]:
    """Report text the chosen ``--encoding`` cannot hold as one line, naming ``path``."""
    try:
        yield
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise BridgedeskError(
            "the encoding {encoding} cannot write {bad!r}; choose --encoding utf-8",
            Location(file=str(path)),
            code="encoding.cannot-write",
            encoding=exc.encoding,
            bad=bad,
        ) from None
