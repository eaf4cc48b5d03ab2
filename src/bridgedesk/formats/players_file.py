"""Who played in each pair or team: the roster masterpoints are awarded to.

A scored results file numbers pairs; the federation pays members.  The roster maps
each competitor number to its players' member numbers (and, in a stratified event,
to its flight).  Three sources:

* a CSV file with a header ``pair,members`` and optionally ``flight``; members are
  separated by ``;`` or spaces (``3,59156;60211,B``);
* a JSON object ``{"3": ["59156", "60211"]}`` or
  ``{"3": {"members": ["59156", "60211"], "flight": "B"}}``;
* a PBN file's ``[TotalScoreTable]`` with ``PairId`` and ``MemberID1``,
  ``MemberID2``... columns (as Ruter and other club programs export it).

In a two-field event whose NS and EW pairs share numbers, a key may name the field:
``NS:3`` (or ``A NS:3`` with a section); a plain ``3`` matches pair 3 in any field.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import pbn

__all__ = ["Roster", "load", "loads", "pbn_roster"]


@dataclass(frozen=True)
class Roster:
    """Competitor key -> member numbers, and competitor key -> flight."""

    players: Mapping[str, tuple[str, ...]]
    flights: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))
        object.__setattr__(self, "flights", MappingProxyType(dict(self.flights)))


def _members(text: str) -> tuple[str, ...]:
    return tuple(m for m in text.replace(";", " ").split() if m)


def _loads_csv(text: str, file: str | None) -> Roster:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    with reading.csv_errors(lambda: reader.line_num, file):
        names = reader.fieldnames or []
    if "pair" not in names or "members" not in names:
        # a header cell may hold line breaks inside quotes: the message stays one line
        shown = ", ".join(" ".join(n.split()) for n in names)
        if not shown:
            raise FormatError(
                "the players CSV needs a header with pair and members columns (and "
                "optionally flight), got nothing",
                Location(file, 1),
                code="players.csv-header-nothing",
            )
        raise FormatError(
            "the players CSV needs a header with pair and members columns (and "
            "optionally flight), got {shown}",
            Location(file, 1),
            code="players.csv-header",
            shown=shown,
        )
    players: dict[str, tuple[str, ...]] = {}
    flights: dict[str, str] = {}
    for row in reading.csv_rows(reader, lambda: reader.line_num, file):
        where = Location(file, reader.line_num)
        pair = (row.get("pair") or "").strip()
        members = _members(row.get("members") or "")
        if not pair:
            raise FormatError("pair is empty", where, code="players.pair-empty")
        if not members:
            raise FormatError(
                "pair {pair}: no member numbers", where, code="players.no-members", pair=pair
            )
        if pair in players:
            raise FormatError(
                "pair {pair} is listed twice", where, code="players.pair-twice", pair=pair
            )
        players[pair] = members
        flight = (row.get("flight") or "").strip()
        if flight:
            flights[pair] = flight
    return Roster(players, flights)


def _loads_json(text: str, file: str | None) -> Roster:
    data = reading.loads_json(text, file)
    if not isinstance(data, dict):
        raise FormatError(
            "expected an object from pair number to members",
            Location(file),
            code="players.json-object",
        )
    players: dict[str, tuple[str, ...]] = {}
    flights: dict[str, str] = {}
    for pair, value in data.items():
        entry: Any = value
        if isinstance(entry, dict):
            if "flight" in entry:
                flights[str(pair)] = str(entry["flight"])
            entry = entry.get("members")
        if not isinstance(entry, list) or not entry:
            raise FormatError(
                "pair {pair}: members must be a non-empty list",
                Location(file),
                code="players.members-list",
                pair=pair,
            )
        players[str(pair)] = tuple(str(m) for m in entry)
    return Roster(players, flights)


def loads(text: str, file: str | None = None, *, kind: str = "csv") -> Roster:
    """A roster from CSV (``kind="csv"``) or JSON (``kind="json"``) text."""
    if kind == "json":
        return _loads_json(text, file)
    if kind == "csv":
        return _loads_csv(text, file)
    raise FormatError(
        "a players file is CSV or JSON, not {given!r}",
        Location(file),
        code="players.file-kind",
        given=kind,
    )


def load(path: str | Path) -> Roster:
    """Read a players file: ``.json`` as JSON, anything else as CSV."""
    p = Path(path)
    text = reading.read_text(p, what="the players file")
    return loads(text, str(p), kind="json" if p.suffix.lower() == ".json" else "csv")


def _direction(text: str | None) -> str:
    t = (text or "").replace("-", "").replace(" ", "").upper()
    return t if t in ("NS", "EW") else ""


def pbn_roster(parsed: pbn.PbnFile, filename: str | None = None) -> Roster | None:
    """Member numbers from the first ``[TotalScoreTable]`` with ``PairId`` and
    ``MemberID1``... columns; None when the file has no such table."""
    for game in parsed:
        table = game.table("TotalScoreTable")
        if table is None or "PairId" not in table.names:
            continue
        member_columns = [n for n in table.names if n.startswith("MemberID")]
        if not member_columns:
            continue
        rows: list[tuple[str, str, tuple[str, ...]]] = []
        for row in table.rows:
            pair = (row.get("PairId") or "").strip()
            if pair in ("", "-", "?"):
                continue
            members = tuple(m.strip() for m in (row.get(c) or "" for c in member_columns))
            members = tuple(m for m in members if m not in ("", "-", "?"))
            if not members:
                raise FormatError(
                    "pair {pair}: no member numbers in the TotalScoreTable",
                    Location(filename, row.line),
                    code="players.pbn-no-members",
                    pair=pair,
                )
            rows.append((pair, _direction(row.get("Direction")), members))
        counts: dict[str, int] = {}
        for pair, _, _ in rows:
            counts[pair] = counts.get(pair, 0) + 1
        players: dict[str, tuple[str, ...]] = {}
        for pair, direction, members in rows:
            key = f"{direction}:{pair}" if counts[pair] > 1 and direction else pair
            players[key] = members
        return Roster(players)
    return None
