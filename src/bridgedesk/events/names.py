"""What an event, section, team or player may be called.

Names are printed on one line (rankings, the command line's one-line errors)
and section names become directory names of the report set (``results --out
DIR`` writes ``DIR/<section>/``), so they are checked when they are entered:

* every name: not empty, no control characters (a newline or NUL would break a
  line, a report or a file name), at most :data:`LONGEST` characters;
* a section name: letters, digits, spaces, ``-`` and ``_`` only, starting with
  a letter or digit (``A``, ``B``, ``North``, ``東``), at most
  :data:`LONGEST_SECTION` characters -- never ``..`` or a path;
* a member number (a federation's or a club's): ASCII letters, digits and ``-``,
  starting with a letter or digit, at most :data:`LONGEST_MEMBER` characters
  (``12345678``, ``SBF-4711``), so it is never a formula a spreadsheet runs
  (``=cmd|...``), a negative number, a NUL or a number no register uses.

:func:`check_entry` applies them to an entry: every door that stores one
(``entry add``, ``entry import``, the console's forms and uploads) calls it
through the store (:func:`bridgedesk.store.events_repo.insert_entry`).
"""

from __future__ import annotations

import re
import unicodedata

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry
from bridgedesk.i18n import LazyText, lazy_pgettext

#: Longest event, club, team or player name.
LONGEST = 200
#: Longest section name (the store keeps 10 characters).
LONGEST_SECTION = 10

#: Longest member number (the JCBL's have 8 digits, the SBF's up to 7).
LONGEST_MEMBER = 20

_SECTION = re.compile(r"[^\W_][\w\- ]*\Z")
_MEMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*\Z")


def check_name(
    text: str, what: str | LazyText, *, empty: bool = False, longest: int = LONGEST
) -> str:
    """``text`` if it may name ``what`` (words said in the reader's language);
    :class:`EntryError` saying why not."""
    if not empty and not text.strip():
        raise EntryError("{what} is empty", code="name.empty", what=what)
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None and bad != "\u200d":  # a zero-width joiner belongs to some scripts
        raise EntryError(
            "{what} {name!r} contains the control character {bad!r}",
            code="name.control-character",
            what=what,
            name=text[:40],
            bad=bad,
        )
    if len(text) > longest:
        raise EntryError(
            "{what} is {length} characters long; at most {longest}",
            code="name.too-long",
            what=what,
            length=len(text),
            longest=longest,
        )
    return text


def check_section_name(name: str) -> str:
    """``name`` if it may name a section (and so a report directory)."""
    check_name(name, lazy_pgettext("name of", "a section name"), longest=LONGEST_SECTION)
    if not _SECTION.match(name):
        raise EntryError(
            "section name {name!r}: use letters, digits, spaces, - and _ only, "
            "starting with a letter or digit (e.g. A, B, North)",
            code="section.bad-name",
            name=name,
        )
    return name


def check_member(member: str, whose: str | LazyText) -> str:
    """``member`` if it may be a member number; :class:`EntryError` saying why not."""
    if len(member) > LONGEST_MEMBER or not _MEMBER.match(member):
        shown = repr(member) if len(member) <= 40 else repr(member[:37]) + "..."
        raise EntryError(
            "{whose}'s member number {member}: use letters, digits and - only, starting "
            "with a letter or digit, at most {longest} characters",
            code="entry.member-number",
            whose=whose,
            member=shown,
            longest=LONGEST_MEMBER,
        )
    return member


def check_entry(entry: Entry) -> Entry:
    """``entry`` if its team name, its players' names and member numbers may be stored."""
    if entry.team_name is not None:
        check_name(entry.team_name, lazy_pgettext("name of", "the team's name"))
    for player in entry.players:
        check_name(player.name, lazy_pgettext("name of", "a player's name"))
        if player.member is not None:
            check_member(player.member, player.name)
    return entry


__all__ = [
    "LONGEST",
    "LONGEST_MEMBER",
    "LONGEST_SECTION",
    "check_entry",
    "check_member",
    "check_name",
    "check_section_name",
]
