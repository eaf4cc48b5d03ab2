"""What reports are written as (:class:`Output`, the one output-format choice of every
command and page) and where: checks on an output path made before any work is done.

A command that solves double dummy for a minute and then cannot write its
``--out`` file wastes the director's minute; :func:`output_file` and
:func:`output_dir` refuse the bad path (a directory where a file is meant, a
missing or unwritable directory) at once, in one line.  The operating system
still has the last word: anything it refuses later is reported in one line by
:func:`bridgedesk.cli.main`.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path

from bridgedesk.errors import BridgedeskError, Location

__all__ = ["Output", "output_dir", "output_file"]


class Output(StrEnum):
    """What results are printed or written as (``--format``): the ranking as text, the
    whole HTML report set, or one data file (each shape of event takes some)."""

    TEXT = "text"
    HTML = "html"
    CSV = "csv"
    JSON = "json"
    PBN = "pbn"
    USEBIO = "usebio"


def output_file(path: Path, option: str = "--out") -> Path:
    """``path`` if a file can be written there; one-line error otherwise."""
    where = Location(file=str(path), field=option)
    if path.is_dir():
        raise BridgedeskError(
            "is a directory; give a file name", where, code="output.is-a-directory"
        )
    parent = path.parent
    if not parent.is_dir():
        raise BridgedeskError(
            "no directory {directory}; create it first",
            where,
            code="output.no-directory",
            directory=parent,
        )
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise BridgedeskError(
            "no permission to write here; choose another place", where, code="output.no-permission"
        )
    # permissions do not tell everything (root, /proc, a read-only mount): try it
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as exc:
        what = (exc.strerror or str(exc)).lower()
        raise BridgedeskError(
            "cannot write here ({problem}); choose another place",
            where,
            code="output.cannot-write",
            problem=what,
        ) from None
    if not existed:
        path.unlink()
    return path


def output_dir(path: Path, option: str = "--out") -> Path:
    """``path`` as a directory to write into (created if need be); one-line error otherwise."""
    where = Location(file=str(path), field=option)
    if path.exists() and not path.is_dir():
        raise BridgedeskError(
            "is a file; give a directory to write the files into", where, code="output.is-a-file"
        )
    path.mkdir(parents=True, exist_ok=True)
    if not os.access(path, os.W_OK | os.X_OK):
        raise BridgedeskError(
            "no permission to write here; choose another place", where, code="output.no-permission"
        )
    return path
