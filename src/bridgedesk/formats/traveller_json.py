"""bridgedesk's JSON traveller format (documented in ``docs/traveller-format.md``).

One file holds the travellers of a session: for each board its results, each
a played score (a contract with declarer and tricks, or an NS score, or both,
checked against each other), an adjusted score (A, A+, A-, the two sides
possibly different), a weighted assigned score, a split score, or "not
played"; fouled boards tag each result with its group; penalties are listed
in fractions of a board.  :func:`load` / :func:`loads` return a
:class:`~bridgedesk.formats.score_input.ScoreInput`.
"""

from __future__ import annotations

import bisect
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats.score_input import ScoreInput, checked_score
from bridgedesk.scoring.individual import with_players
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    Outcome,
    Penalty,
    Play,
    TravellerLine,
    Weighted,
)

FORMAT_NAME = "bridgedesk-travellers"
FORMAT_VERSION = 1

_BOARD_RE = re.compile(r'"board"\s*:\s*(\d+)')
_PAIR_RE = re.compile(r'"pair"\s*:')
_RESULT_RE = re.compile(r'"(?:ns|players)"\s*:\s*["\d{\[]')


class _Lines:
    """Line numbers of offsets in a text, by bisection (a large file is not counted
    again from its start for each of its results)."""

    def __init__(self, text: str) -> None:
        self.ends = [m.start() for m in re.finditer("\n", text)]

    def __call__(self, pos: int) -> int:
        return bisect.bisect_left(self.ends, pos) + 1


_RESULT_KEYS = frozenset(
    {"ns", "ew", "players", "contract", "declarer", "tricks", "score_ns", "adjusted", "weighted",
     "split", "not_played", "group", "table", "round", "lead", "comment"}
)  # fmt: skip
_TOP_KEYS = frozenset({"format", "version", "event", "winners", "scoring", "boards", "penalties"})


def load(path: str | Path, *, strict: bool = False) -> ScoreInput:
    p = Path(path)
    return loads(reading.read_text(p), filename=str(p), strict=strict)


def loads(text: str, filename: str = "<json>", *, strict: bool = False) -> ScoreInput:
    """Read a JSON traveller file; errors carry file, line and board.

    Unknown keys are ignored, or rejected with ``strict``.
    """
    data = reading.loads_json(text, filename)
    top = Location(file=filename, line=1)
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise FormatError(f'not a bridgedesk traveller file: expected "format": "{FORMAT_NAME}"',
                          top)  # fmt: skip
    if data.get("version") != FORMAT_VERSION:
        raise FormatError(f"traveller format version {data.get('version')!r} is not supported; "
                          f"this bridgedesk reads version {FORMAT_VERSION}", top)  # fmt: skip
    if strict and set(data) - _TOP_KEYS:
        unknown = ", ".join(sorted(set(data) - _TOP_KEYS))
        raise FormatError(f"unknown key(s) {unknown}; allowed: {', '.join(sorted(_TOP_KEYS))}", top)
    _line_at = _Lines(text)
    board_pos = [m.start() for m in _BOARD_RE.finditer(text)]
    result_pos = iter(m.start() for m in _RESULT_RE.finditer(text))
    raw_boards = data.get("boards")
    if not isinstance(raw_boards, list) or not raw_boards:
        raise FormatError('"boards" must be a non-empty list of boards', top)
    boards: list[Board] = []
    board_lines: dict[int, int] = {}
    result_lines: dict[tuple[int, int], int] = {}
    for bi, raw in enumerate(raw_boards):
        line = _line_at(board_pos[bi]) if bi < len(board_pos) else None
        if not isinstance(raw, dict) or not isinstance(raw.get("board"), int) or raw["board"] < 1:
            raise FormatError('each board needs "board": a board number from 1',
                              Location(file=filename, line=line))  # fmt: skip
        number = raw["board"]
        if number in board_lines:
            raise FormatError("the board appears twice", Location(filename, line, board=number))
        board_lines[number] = line or 0
        rows = raw.get("results")
        if not isinstance(rows, list):
            raise FormatError('"results" must be a list', Location(filename, line, board=number))
        results: list[TravellerLine] = []
        for ri, row in enumerate(rows):
            pos = next(result_pos, None)
            rline = _line_at(pos) if pos is not None else line
            result_lines[(number, ri)] = rline or 0
            where = Location(file=filename, line=rline, board=number)
            if strict and isinstance(row, dict) and set(row) - _RESULT_KEYS:
                unknown = ", ".join(sorted(set(row) - _RESULT_KEYS))
                raise FormatError(f"unknown key(s) {unknown} in a result; allowed: "
                                  f"{', '.join(sorted(_RESULT_KEYS))}", where)  # fmt: skip
            results.append(_result(row, number, where))
        boards.append(Board(number, tuple(results)))
    raw_penalties = data.get("penalties", [])
    if not isinstance(raw_penalties, list):
        raise FormatError('"penalties" must be a list', top)
    at = text.find('"penalties"')
    pen_lines: list[int | None] = [
        _line_at(m.start()) for m in _PAIR_RE.finditer(text, at if at >= 0 else len(text))
    ]
    penalties = tuple(
        _penalty(p, Location(file=filename, line=pen_lines[i] if i < len(pen_lines) else None))
        for i, p in enumerate(raw_penalties)
    )
    winners = data.get("winners")
    if winners not in (None, 1, 2):
        raise FormatError(f'"winners" must be 1 or 2, not {winners!r}', top)
    individual = any(r.players is not None for b in boards for r in b.results)
    if individual:
        for b in boards:
            for ri, r in enumerate(b.results):
                if r.players is None:
                    raise FormatError(
                        'in an individual event every result names its "players" (N, E, S, W)',
                        Location(filename, result_lines.get((b.number, ri)), board=b.number),
                    )
        if winners == 2:
            raise FormatError('an individual event has one field: "winners" must be 1', top)
    return ScoreInput(filename, tuple(boards), penalties, winners, board_lines, result_lines,
                      data.get("scoring"), individual, tuple(pen_lines))  # fmt: skip


def _pair(row: dict[str, Any], key: str, where: Location) -> str:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise FormatError(f'a result needs "{key}": the pair number sitting {key.upper()}', where)
    return str(value).strip()


def _players(value: Any, where: Location) -> tuple[str, str, str, str]:
    """The ``"players"`` of an individual table: {"N": .., "E": .., "S": .., "W": ..}."""
    if not isinstance(value, dict) or set(value) != {"N", "E", "S", "W"}:
        raise FormatError('"players" needs the four seats: {"N": "8", "E": "6", "S": "1", '
                          '"W": "2"}', where)  # fmt: skip
    names = []
    for seat in "NESW":
        v = value[seat]
        if isinstance(v, bool) or not isinstance(v, (str, int)) or str(v).strip() == "":
            raise FormatError(f'"players": {seat} must be a player number or name', where)
        names.append(str(v).strip())
    if len(set(names)) != 4:
        raise FormatError(f"a player sits twice at one table: {'-'.join(names)} (N-E-S-W)", where)
    return (names[0], names[1], names[2], names[3])


def _result(row: Any, board: int, where: Location) -> TravellerLine:
    if not isinstance(row, dict):
        raise FormatError("a result must be an object", where)
    if "players" in row:
        if "ns" in row or "ew" in row:
            raise FormatError('give "players" (individual) or "ns" and "ew" (pairs), not both',
                              where)  # fmt: skip
        players = _players(row["players"], where)
        return with_players(_result_of(row, board, where, "-", "--"), players)
    return _result_of(row, board, where, _pair(row, "ns", where), _pair(row, "ew", where))


#: Keys that each give a result's outcome; a result may use one kind only.
_OUTCOME_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("not_played", ("not_played",)),
    ("split", ("split",)),
    ("adjusted", ("adjusted",)),
    ("weighted", ("weighted",)),
    ("a played score", ("contract", "declarer", "tricks", "score_ns")),
)


def _one_outcome(spec: dict[str, Any], where: Location) -> None:
    """Refuse a result that gives two outcomes (``"adjusted"`` and a ``"contract"``...):
    which one the director meant cannot be known, so none is taken (issue 10)."""
    kinds = [
        name
        for name, keys in _OUTCOME_KINDS
        if any(k in spec for k in keys) and not (name == "not_played" and not spec["not_played"])
    ]
    if len(kinds) > 1:
        raise FormatError(f"a result gives {' and '.join(kinds)}: keep one of them", where)


def _result_of(row: dict[str, Any], board: int, where: Location, ns: str, ew: str) -> TravellerLine:
    _one_outcome(row, where)
    group = row.get("group")
    if group is not None and not isinstance(group, str):
        raise FormatError('"group" (fouled board) must be text such as "A"', where)
    if row.get("not_played"):
        return TravellerLine.not_played(ns, ew)
    if "split" in row:
        split = row["split"]
        if not isinstance(split, dict) or set(split) != {"ns", "ew"}:
            raise FormatError('"split" needs exactly "ns" and "ew" outcomes', where)
        n, _ = _outcome(split["ns"], board, where)
        e, _ = _outcome(split["ew"], board, where)
        return TravellerLine(ns, ew, n, e, group)
    if "adjusted" in row:
        adj = row["adjusted"]
        if isinstance(adj, dict):
            if set(adj) != {"ns", "ew"}:
                raise FormatError('"adjusted" as an object needs "ns" and "ew"', where)
            ns_adj, ew_adj = _adjustment(adj["ns"], where), _adjustment(adj["ew"], where)
            return TravellerLine(ns, ew, ns_adj, ew_adj, group)
        return TravellerLine.adjusted(ns, ew, _adjustment(adj, where), group=group)
    outcome, play = _outcome(row, board, where)
    return TravellerLine(ns, ew, outcome, outcome, group, play)


def _adjustment(value: Any, where: Location) -> Adjustment:
    if not isinstance(value, str):
        raise FormatError("an adjusted score is A, A+ or A-", where)
    try:
        return Adjustment.parse(value)
    except ValueError as exc:
        raise FormatError(str(exc), where) from None


def _int(value: Any, what: str, where: Location) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(f"{what} must be a whole number, got {value!r}", where)
    return value


def _outcome(spec: Any, board: int, where: Location) -> tuple[Outcome, Play | None]:
    if isinstance(spec, str):
        return _adjustment(spec, where), None
    if isinstance(spec, int) and not isinstance(spec, bool):
        return Weighted.of(spec), None
    if not isinstance(spec, dict):
        raise FormatError("an outcome is a score, an adjustment or an object", where)
    _one_outcome(spec, where)
    if "adjusted" in spec:
        return _adjustment(spec["adjusted"], where), None
    if "weighted" in spec:
        parts = spec["weighted"]
        if not isinstance(parts, list) or not parts:
            raise FormatError('"weighted" must be a list of {"weight": ..., score}', where)
        blend = []
        for part in parts:
            if not isinstance(part, dict) or "weight" not in part:
                raise FormatError('each weighted part needs "weight" ("3/5", 0.6) and a score',
                                  where)  # fmt: skip
            try:
                w = Fraction(str(part["weight"]))
            except (ValueError, ZeroDivisionError):
                raise FormatError(f"bad weight {part['weight']!r}", where) from None
            sub, _ = _outcome({k: v for k, v in part.items() if k != "weight"}, board, where)
            if not isinstance(sub, Weighted) or not sub.is_single:
                raise FormatError("a weighted part must be one table score", where)
            blend.append((w, sub.parts[0][1]))
        try:
            return Weighted.blend(blend), None
        except ValueError as exc:
            raise FormatError(str(exc), where) from None
    score = _int(spec.get("score_ns"), '"score_ns"', where)
    if "contract" in spec:
        tricks = _int(spec.get("tricks"), '"tricks"', where)
        contract = spec["contract"]
        if not isinstance(contract, str):
            raise FormatError('"contract" must be text such as "4SX" or "PASS"', where)
        declarer = spec.get("declarer")
        if declarer is not None and not isinstance(declarer, str):
            raise FormatError(
                '"declarer" must be text: "N", "E", "S" or "W"',
                where,
                code="traveller.declarer-not-text",
            )
        play, computed = checked_score(board, contract, declarer, tricks, score, where)
        return Weighted.of(computed), play
    if score is None:
        raise FormatError('a result needs "score_ns", a "contract", "adjusted", "weighted", '
                          '"split" or "not_played"', where)  # fmt: skip
    return Weighted.of(score), None


def _penalty(raw: Any, where: Location) -> Penalty:
    if not isinstance(raw, dict) or "pair" not in raw or "boards" not in raw:
        raise FormatError('a penalty needs "pair" and "boards" (e.g. "1/2")', where)
    try:
        boards = Fraction(str(raw["boards"]))
    except (ValueError, ZeroDivisionError):
        raise FormatError(f"bad penalty size {raw['boards']!r}", where) from None
    board = raw.get("board")
    try:
        return Penalty(str(raw["pair"]), boards, board, str(raw.get("reason", "")))
    except ValueError as exc:
        raise FormatError(str(exc), where) from None
