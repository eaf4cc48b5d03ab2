"""Entries from a CSV file: pair numbers, player names, member numbers, seat requests.

The header names the columns (any order, case ignored)::

    pair,player1,member1,player2,member2,stationary
    1,Yamada Taro,10234,Suzuki Hanako,10567,
    2,,20111,,20112,yes
    ,Sato Jiro,,Ito Ken,,

``pair`` (or ``number``) is optional: a row without one takes the next free
number.  A member number alone is enough: the name comes from the store's player
register.  ``stationary`` (``yes``/``y``/``1``/``x``/``true``) asks for a seat that
does not move (004:810-948).  Also accepted: ``names`` and ``members`` columns
holding a pair's two names / member numbers separated by ``;`` or ``/``, and a
``team`` column for team names and a ``flight`` column for a stratified event's
flights (``A`` the top, 004:1515-1532).  A file saved by Excel (UTF-8 with a BOM)
reads as well.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from bridgedesk.errors import FormatError, Location

_YES = {"yes", "y", "1", "x", "true", "stationary", "s"}
_NO = {"", "no", "n", "0", "false", "-"}
_SPLIT = re.compile(r"\s*[;/]\s*")


@dataclass(frozen=True)
class EntryLine:
    """One row: the number (None: the next free one), each player's name and member
    number (either may be None), the stationary request, a team name and a flight."""

    line: int
    number: int | None
    players: tuple[tuple[str | None, str | None], ...]
    stationary: bool = False
    team: str | None = None
    flight: str | None = None


def _cell(row: dict[str, str | None], key: str) -> str:
    return (row.get(key) or "").strip()


def loads(text: str, file: str | None = None) -> list[EntryLine]:
    """Parse the CSV text; raise FormatError naming the line of a bad row."""
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    reader.fieldnames = header
    indexed = sorted(
        {int(m[1]) for h in header if (m := re.fullmatch(r"(?:player|name)(\d)", h))}
        | {int(m[1]) for h in header if (m := re.fullmatch(r"member(\d)", h))}
    )
    if not indexed and "names" not in header and "members" not in header:
        if not header:
            raise FormatError(
                "the entries CSV needs player1/member1, player2/member2 ... or "
                "names/members columns, got nothing",
                Location(file, 1),
                code="entry.csv-no-columns",
            )
        raise FormatError(
            "the entries CSV needs player1/member1, player2/member2 ... or "
            "names/members columns, got {columns}",
            Location(file, 1),
            code="entry.csv-columns",
            columns=", ".join(header),
        )
    out: list[EntryLine] = []
    for row in reader:
        line = reader.line_num
        where = Location(file, line)
        if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
            continue
        raw = _cell(row, "pair") or _cell(row, "number")
        if raw and not (raw.isascii() and raw.isdigit()):
            raise FormatError(
                "pair number {given!r} is not a whole number",
                where,
                code="entry.csv-pair-number",
                given=raw,
            )
        number = int(raw) if raw else None
        if number == 0:
            raise FormatError("pair numbers start at 1", where, code="entry.csv-pair-from-1")
        players: list[tuple[str | None, str | None]] = []
        for i in indexed:
            name = _cell(row, f"player{i}") or _cell(row, f"name{i}")
            member = _cell(row, f"member{i}")
            if name or member:
                players.append((name or None, member or None))
        names = [n for n in _SPLIT.split(_cell(row, "names")) if n]
        members = [m for m in _SPLIT.split(_cell(row, "members")) if m]
        if names or members:
            if len(names) and len(members) and len(names) != len(members):
                raise FormatError(
                    "{names} names but {members} member numbers",
                    where,
                    code="entry.csv-names-members",
                    names=len(names),
                    members=len(members),
                )
            count = max(len(names), len(members))
            names += [""] * (count - len(names))
            members += [""] * (count - len(members))
            players += [(n or None, m or None) for n, m in zip(names, members, strict=True)]
        if not players:
            raise FormatError(
                "the row names no player (give a name or a member number)",
                where,
                code="entry.csv-no-player",
            )
        flag = _cell(row, "stationary").lower()
        if flag not in _YES | _NO:
            raise FormatError(
                "stationary {given!r}: write yes or leave it empty",
                where,
                code="entry.csv-stationary",
                given=flag,
            )
        flight = _cell(row, "flight")
        if flight and not (len(flight) <= 8 and flight.isascii() and flight.isalnum()):
            raise FormatError(
                "flight {flight!r}: name it by letters, like A, B or C",
                where,
                code="entry.flight-name-csv",
                flight=flight,
            )
        out.append(
            EntryLine(line, number, tuple(players), flag in _YES, _cell(row, "team") or None,
                      flight.upper() or None)
        )  # fmt: skip
    if not out:
        raise FormatError(
            "the entries CSV has no rows", Location(file, 1), code="entry.csv-no-rows"
        )
    return out


def load(path: Path) -> list[EntryLine]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise FormatError(
            "cannot read {path}: {reason}",
            Location(str(path)),
            code="file.cannot-read",
            path=path,
            reason=exc.strerror,
        ) from None
    except UnicodeDecodeError:
        raise FormatError(
            "{path} is not UTF-8 text", Location(str(path)), code="file.not-utf8", path=path
        ) from None
    return loads(text, str(path))


__all__ = ["EntryLine", "load", "loads"]
