"""Choosing a movement from the pairs present, the boards wanted and the time (004:794-808).

The candidates and their order are the seed's quick-reference list for weekly
games (appendix 1, 004:3048-3066, shipped as ``data/weekly.json``): for each
table count the Howell guide sheets, then the Mitchell alternatives.  That list
stops at 11 tables (24 pairs); for more pairs the Mitchell rows continue the
same pattern (straight for odd tables, skip for even, 3 boards x 7-9 rounds,
then 2 boards x 11-13 rounds).  An odd number of pairs plays a Howell with the
phantom (004:864-868) and a Mitchell with a rover (004:1097).

The estimated duration is 7 minutes a board plus a minute a round
(004:805, 004:868-882).  For two sessions the Howell is played twice up to
7 tables (004:2072); larger fields need the two-session list (004:2126-2170).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from bridgedesk.errors import MovementError
from bridgedesk.movements.rover import ROUND_LIMITS

MINUTES_PER_BOARD = 7
MINUTES_PER_ROUND = 1


def duration(boards: int, rounds: int) -> int:
    """Estimated minutes: 7 a board plus 1 a round (004:805, 004:880)."""
    return MINUTES_PER_BOARD * boards + MINUTES_PER_ROUND * rounds


@dataclass(frozen=True)
class Recommendation:
    """One suitable movement: what to ask ``movement show`` for and what it costs."""

    kind: str
    pairs: int
    tables: int
    sheet_tables: int
    boards_per_round: int
    rounds: int
    sessions: int
    relays: str
    stationary: str
    note: str
    buildable: bool
    base: str | None = None
    #: for a two-session row of 004:2117-2170: the second session's kind and rounds
    second: tuple[str, int] | None = None
    sections: str = ""

    @property
    def boards(self) -> int:
        return self.boards_per_round * self.rounds

    @property
    def minutes(self) -> int:
        """Estimated playing time, all sessions together."""
        if self.second is not None:
            second_boards = self.boards_per_round * self.second[1]
            return duration(self.boards, self.rounds) + duration(second_boards, self.second[1])
        return self.sessions * duration(self.boards, self.rounds)

    def describe(self) -> str:
        if self.second is not None:
            return (
                f"{self.sections}: 1st {self.kind} {self.boards_per_round} x {self.rounds}, "
                f"2nd {self.second[0]} {self.boards_per_round} x {self.second[1]}, "
                f"about {self.minutes} min in all"
            )
        return (
            f"{self.kind} ({self.sheet_tables}-table sheet, {self.tables} tables): "
            f"{self.boards_per_round} x {self.rounds} = {self.boards} boards"
            + (f" x {self.sessions} sessions" if self.sessions > 1 else "")
            + f", about {self.minutes} min"
        )


@lru_cache(maxsize=1)
def _weekly() -> list[dict[str, Any]]:
    text = resources.files("bridgedesk.movements").joinpath("data/weekly.json").read_text("utf-8")
    rows: list[dict[str, Any]] = json.loads(text)["rows"]
    return rows


def _mitchell_rows(tables: int) -> list[dict[str, Any]]:
    kind = "mitchell" if tables % 2 else "skip-mitchell"
    top = tables if tables % 2 else tables - 1
    options = [[3, r] for r in (7, 8, 9) if r <= top] + [[2, r] for r in (11, 12, 13) if r <= top]
    return [
        {
            "tables": tables,
            "pairs": [2 * tables, 2 * tables + 1],
            "kind": kind,
            "options": options,
            "note": "Mitchell (beyond the seed's list, same pattern)",
        }
    ]


def _kind_for(row: dict[str, Any], pairs: int) -> tuple[str, int, bool, str]:
    """(kind, tables used, buildable, stationary text) for a list row and a pair count."""
    sheet = int(row["tables"])
    kind = str(row["kind"])
    tables = (pairs + 1) // 2
    if kind == "howell":
        if tables > sheet:
            return "appendix-howell", tables, True, f"pairs {2 * sheet}-{pairs} stationary"
        stationary = f"pair {2 * sheet}" + (" (phantom)" if pairs % 2 else "")
        return "howell", tables, True, stationary
    stationary = f"NS 1-{sheet}"
    if pairs % 2:
        return "rover-mitchell", sheet, True, stationary + f", rover NS {sheet + 1}"
    return kind, sheet, True, stationary


def recommend(
    pairs: int,
    boards: tuple[int, int] | None = None,
    minutes: int | None = None,
    sessions: int = 1,
) -> list[Recommendation]:
    """Suitable movements for ``pairs`` pairs, in the order of the seed's list."""
    if pairs < 4:
        raise MovementError(f"a pair game needs at least 4 pairs, not {pairs}")
    if pairs > 60:
        raise MovementError(
            f"{pairs} pairs need several sections; recommend handles 4 to 60 pairs in one section"
        )
    if sessions not in (1, 2):
        raise MovementError(f"sessions must be 1 or 2, not {sessions}")
    if boards is not None and boards[0] > boards[1]:
        raise MovementError(f"the board range {boards[0]}..{boards[1]} is empty")
    if pairs in (4, 5):
        base = (
            [
                Recommendation(
                    "team-of-pairs",
                    pairs,
                    2 if pairs == 4 else 3,
                    2 if pairs == 4 else 3,
                    b,
                    r,
                    sessions,
                    "all tables relay",
                    "NS 4" if pairs == 4 else "pair 6 (phantom)",
                    "team of pairs scored by IMPs (004:1536-1566)",
                    pairs == 4 or pairs == 5,
                )
                for b, r in ((7, 3), (8, 3))
            ]
            if pairs == 4
            else []
        )
        if pairs == 5:
            base = [
                Recommendation(
                    "team-of-pairs",
                    5,
                    3,
                    3,
                    b,
                    5,
                    sessions,
                    "",
                    "pair 6 (phantom)",
                    "team of pairs on the 3-table Howell (004:1546)",
                    True,
                )
                for b in (4, 5)
            ]
        return _filter(base, boards, minutes)
    rows = [r for r in _weekly() if r["pairs"][0] <= pairs <= r["pairs"][1]]
    if not rows:
        rows = _mitchell_rows(pairs // 2)
    out: list[Recommendation] = []
    for row in rows:
        kind, tables, _, stationary = _kind_for(row, pairs)
        sheet = int(row["tables"])
        for bpr, rounds in row["options"]:
            kind_here = kind
            tables_here = tables
            stay_text = stationary
            buildable = True
            if kind in ("howell", "appendix-howell"):
                # complete Howells and those with stay pairs (sheet <= rounds < 2T-1)
                buildable = sheet <= rounds <= 2 * sheet - 1 or (
                    kind == "howell" and 5 <= rounds < sheet <= 2 * rounds - 2
                )
                if kind == "appendix-howell" and rounds < 2 * sheet - 1:
                    buildable = buildable and rounds - sheet >= 1
                if kind == "howell" and rounds < 2 * sheet - 1:
                    kind_here = "three-quarter-howell" if sheet >= 8 else "short-howell"
                    first_stay = rounds + 1 if rounds >= sheet else 2 * rounds + 1
                    if rounds < sheet:
                        kind_here = "short-howell"
                    stay_text = f"pairs {first_stay}-{2 * sheet} stay" + (
                        f", {2 * sheet} is the phantom" if pairs % 2 else ""
                    )
                if not buildable and kind == "appendix-howell" and 5 <= rounds < tables:
                    # too few rounds for an A/B table on this sheet: the same pairs
                    # play a Howell of fewer rounds than tables on all the tables
                    # (as the list's 11 tables x 10 rounds, 004:3141)
                    buildable = tables <= 2 * rounds - 2
                    kind_here = "short-howell"
                    stay_text = f"pairs {2 * rounds + 1}-{2 * tables} stay" + (
                        f", {2 * tables} is the phantom" if pairs % 2 else ""
                    )
            relays = str(row["note"]) if "relay" in str(row["note"]) else ""
            if kind == "appendix-howell" and kind_here == "appendix-howell":
                relays = (relays + "; " if relays else "") + "A/B tables relay"
            elif kind == "appendix-howell":
                relays = "some tables relay"
            if kind in ("relay-mitchell",):
                relays = f"tables 1 and {sheet} relay"
            note = str(row["note"])
            rover_base: str | None = None
            if kind == "rover-mitchell":
                rover_base = "straight" if sheet % 2 else "skip"
                if row["kind"] == "relay-mitchell":
                    rover_base = "relay"
                    relays = f"tables 1 and {sheet} relay"
                limit = ROUND_LIMITS.get((sheet, rover_base))
                if limit is not None and rounds > limit:
                    # the seed's other way with odd pairs: a phantom (004:1088)
                    kind_here, tables_here = "mitchell", (pairs + 1) // 2
                    stay_text = f"NS 1-{tables_here}, NS {tables_here} is the phantom"
                    note += (
                        f"; a rover can play only {limit} rounds here (004:3783), so "
                        "the phantom arrangement (004:1088)"
                    )
            out.append(
                Recommendation(
                    kind_here,
                    pairs,
                    tables_here,
                    sheet,
                    int(bpr),
                    int(rounds),
                    sessions,
                    relays,
                    stay_text,
                    note,
                    buildable,
                    rover_base,
                )
            )
    seen: set[tuple[str, int, int, int]] = set()
    unique: list[Recommendation] = []
    for rec in out:  # an A/B row and the next sheet can both give the same movement
        key = (rec.kind, rec.tables, rec.boards_per_round, rec.rounds)
        if key not in seen:
            seen.add(key)
            unique.append(rec)
    out = unique
    if sessions == 2:
        if (pairs + 1) // 2 > 7:
            return _filter(_two_sessions(pairs), boards, minutes)
        out = [r for r in out if "howell" in r.kind]
    return _filter(out, boards, minutes)


@lru_cache(maxsize=1)
def _two_session_rows() -> dict[str, Any]:
    text = (
        resources.files("bridgedesk.movements").joinpath("data/two_session.json").read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def _session_text(parts: list[list[Any]], codes: dict[str, str]) -> str:
    return " + ".join(f"{codes[str(code)]}" for _, code in parts)


def _buildable(kind: str, tables: int, rounds: int) -> bool:
    if kind == "interwoven-howell":
        return rounds <= tables <= 2 * rounds - 2 and not (tables == rounds and tables % 2 == 0)
    if kind == "scrambled-mitchell":
        return rounds <= tables
    if kind == "appendix-mitchell":
        return rounds < tables <= 2 * rounds - 2
    return tables <= rounds <= 2 * tables - 1  # a Howell


def _two_sessions(pairs: int) -> list[Recommendation]:
    """The two-session list's rows for this many tables (004:2117-2170)."""
    tables = (pairs + 1) // 2
    data = _two_session_rows()
    codes: dict[str, str] = data["codes"]
    out: list[Recommendation] = []
    for row in data["rows"]:
        if row["tables"] != tables:
            continue
        sizes = [int(t) for t in row["sections"]]
        first, second = row["first"], row["second"]
        buildable = all(
            _buildable(codes[str(code)], size, int(rounds))
            for part in (first, second)
            for size, (rounds, code) in zip(sizes, part, strict=True)
        )
        sections = (
            "1 section" if len(sizes) == 1 else " + ".join(f"{t}T" for t in sizes)
        ) + f" ({tables} tables)"
        how = ""
        if len(sizes) == 1 and buildable and second[0][1] == "IWH":
            how = (
                f"movement two-session --tables {tables} --first {first[0][1]} "
                f"--first-rounds {first[0][0]} --second-rounds {second[0][0]}"
            )
        elif len(sizes) == 1 and buildable and first[0][1] == second[0][1] == "H":
            how = f"movement double-howell --pairs {pairs} --rounds {first[0][0]}"
        out.append(
            Recommendation(
                _session_text(first, codes),
                pairs,
                tables,
                tables,
                int(row["bpr"]),
                int(first[0][0]),
                2,
                "",
                how,
                str(row["note"]),
                buildable,
                None,
                (_session_text(second, codes), int(second[0][0])),
                sections,
            )
        )
    if not out:
        raise MovementError(
            f"the two-session list covers 8 to 19 tables in one or two sections; "
            f"{tables} tables need the multi-section list (004:2320-2380)"
        )
    return out


def _filter(
    items: list[Recommendation], boards: tuple[int, int] | None, minutes: int | None
) -> list[Recommendation]:
    keep = []
    for r in items:
        if boards is not None and not boards[0] <= r.boards <= boards[1]:
            continue
        if minutes is not None and r.minutes > minutes:
            continue
        keep.append(r)
    return keep
