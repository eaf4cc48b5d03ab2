"""What an event, section, team or player may be called.

Names are printed on one line (rankings, the command line's one-line errors)
and section names become directory names of the report set (``results --out
DIR`` writes ``DIR/<section>/``), so they are checked when they are entered:

* every name: not empty, no control characters (a newline or NUL would break a
  line, a report or a file name), at most :data:`LONGEST` characters;
* a section name: letters, digits, spaces, ``-`` and ``_`` only, starting with
  a letter or digit (``A``, ``B``, ``North``, ``東``), at most
  :data:`LONGEST_SECTION` characters -- never ``..`` or a path.
"""

from __future__ import annotations

import re
import unicodedata

from bridgedesk.errors import EntryError

#: Longest event, club, team or player name.
LONGEST = 200
#: Longest section name (the store keeps 10 characters).
LONGEST_SECTION = 10

_SECTION = re.compile(r"[^\W_][\w\- ]*\Z")


def check_name(text: str, what: str, *, empty: bool = False, longest: int = LONGEST) -> str:
    """``text`` if it may name ``what``; :class:`EntryError` saying why not."""
    if not empty and not text.strip():
        raise EntryError(f"{what} is empty")
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None and bad != "\u200d":  # a zero-width joiner belongs to some scripts
        raise EntryError(f"{what} {text[:40]!r} contains the control character {bad!r}")
    if len(text) > longest:
        raise EntryError(f"{what} is {len(text)} characters long; at most {longest}")
    return text


def check_section_name(name: str) -> str:
    """``name`` if it may name a section (and so a report directory)."""
    check_name(name, "a section name", longest=LONGEST_SECTION)
    if not _SECTION.match(name):
        raise EntryError(
            f"section name {name!r}: use letters, digits, spaces, - and _ only, starting "
            "with a letter or digit (e.g. A, B, North)"
        )
    return name


__all__ = ["LONGEST", "LONGEST_SECTION", "check_name", "check_section_name"]
