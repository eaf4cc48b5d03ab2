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
7 tables (004:2072); larger fields take the two-session list (004:2126-2170)
and from 20 tables the multi-section list (004:3214-3307); the plan of every
session and section is :func:`bridgedesk.movements.plan.recommend_plan`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from bridgedesk.errors import MovementError
from bridgedesk.i18n import Phrase, phrase
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


#: The notes of the weekly list's rows (``data/weekly.json``), said in the reader's
#: language.
_NOTES = {
    "no A/B table": phrase("no A/B table"),
    "relay": phrase("relay"),
    "relay Mitchell": phrase("relay Mitchell"),
    "relay, no A/B table": phrase("relay, no A/B table"),
    "skip Mitchell": phrase("skip Mitchell"),
    "straight Mitchell": phrase("straight Mitchell"),
}


def _note(text: str) -> str:
    """A row's note as a phrase (said in the reader's language); another as it is."""
    return _NOTES.get(text, text)


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
            "note": phrase("Mitchell (beyond the seed's list, same pattern)"),
        }
    ]


def _kind_for(row: dict[str, Any], pairs: int) -> tuple[str, int, bool, str]:
    """(kind, tables used, buildable, stationary text) for a list row and a pair count."""
    sheet = int(row["tables"])
    kind = str(row["kind"])
    tables = (pairs + 1) // 2
    if kind == "howell":
        if tables > sheet:
            stay = phrase("pairs {first}-{last} stationary", first=2 * sheet, last=pairs)
            return "appendix-howell", tables, True, stay
        if pairs % 2:
            return "howell", tables, True, phrase("pair {pair} (phantom)", pair=2 * sheet)
        return "howell", tables, True, phrase("pair {pair}", pair=2 * sheet)
    stationary = phrase("NS 1-{last}", last=sheet)
    if pairs % 2:
        rover = phrase("{stationary}, rover NS {rover}", stationary=stationary, rover=sheet + 1)
        return "rover-mitchell", sheet, True, rover
    return kind, sheet, True, stationary


def _stay(first: int, last: int, phantom: bool) -> Phrase:
    """Which pairs stay at their tables in a Howell of fewer rounds than it has."""
    if phantom:
        return phrase("pairs {first}-{last} stay, {last} is the phantom", first=first, last=last)
    return phrase("pairs {first}-{last} stay", first=first, last=last)


def recommend(
    pairs: int,
    boards: tuple[int, int] | None = None,
    minutes: int | None = None,
    sessions: int = 1,
) -> list[Recommendation]:
    """Suitable movements for ``pairs`` pairs, in the order of the seed's list."""
    if pairs < 4:
        raise MovementError(f"a pair game needs at least 4 pairs, not {pairs}")
    if pairs > 60 and sessions == 2 and pairs <= 90:
        return _filter(_two_sessions(pairs), boards, minutes)
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
                    phrase("all tables relay"),
                    phrase("NS {pair}", pair=4)
                    if pairs == 4
                    else phrase("pair {pair} (phantom)", pair=6),
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
                    phrase("pair {pair} (phantom)", pair=6),
                    phrase("team of pairs on the 3-table Howell (004:1546)"),
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
                    stay_text = _stay(first_stay, 2 * sheet, pairs % 2 == 1)
                if not buildable and kind == "appendix-howell" and 5 <= rounds < tables:
                    # too few rounds for an A/B table on this sheet: the same pairs
                    # play a Howell of fewer rounds than tables on all the tables
                    # (as the list's 11 tables x 10 rounds, 004:3141)
                    buildable = tables <= 2 * rounds - 2
                    kind_here = "short-howell"
                    stay_text = _stay(2 * rounds + 1, 2 * tables, pairs % 2 == 1)
            relays: str = _note(str(row["note"])) if "relay" in str(row["note"]) else ""
            if kind == "appendix-howell" and kind_here == "appendix-howell":
                relays = (
                    phrase("{relays}; A/B tables relay", relays=relays)
                    if relays
                    else phrase("A/B tables relay")
                )
            elif kind == "appendix-howell":
                relays = phrase("some tables relay")
            if kind in ("relay-mitchell",):
                relays = phrase("tables 1 and {last} relay", last=sheet)
            note = _note(str(row["note"]))
            rover_base: str | None = None
            if kind == "rover-mitchell":
                rover_base = "straight" if sheet % 2 else "skip"
                if row["kind"] == "relay-mitchell":
                    rover_base = "relay"
                    relays = phrase("tables 1 and {last} relay", last=sheet)
                limit = ROUND_LIMITS.get((sheet, rover_base))
                if limit is not None and rounds > limit:
                    # the seed's other way with odd pairs: a phantom (004:1088)
                    kind_here, tables_here = "mitchell", (pairs + 1) // 2
                    stay_text = phrase("NS 1-{last}, NS {last} is the phantom", last=tables_here)
                    note = phrase(
                        "{note}; a rover can play only {limit} rounds here (004:3783), so "
                        "the phantom arrangement (004:1088)",
                        note=note,
                        limit=limit,
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
    more = resources.files("bridgedesk.movements").joinpath("data/multi_section.json")
    data["rows"] = data["rows"] + json.loads(more.read_text("utf-8"))["rows"]
    return data


def _session_text(parts: list[list[Any]], codes: dict[str, str]) -> str:
    return " + ".join(f"{codes[str(code)]}" for _, code in parts)


#: The two-session lists' codes (004:2168-2176) and the movement families they name.
CODE_KINDS = {
    "SM": "scrambled-mitchell",
    "AM": "appendix-mitchell",
    "IWH": "interwoven-howell",
    "H": "howell",
}


def buildable_size(kind: str, tables: int, rounds: int) -> bool:
    """Whether a movement of ``kind`` with ``rounds`` rounds exists on ``tables`` tables."""
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
            buildable_size(codes[str(code)], size, int(rounds))
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
                _note(str(row.get("note", ""))),
                buildable,
                None,
                (_session_text(second, codes), int(second[0][0])),
                sections,
            )
        )
    if not out:
        raise MovementError(
            f"the two-session lists cover 8 to 45 tables (004:2117-2170, 004:3214-3307), "
            f"not {tables}"
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
