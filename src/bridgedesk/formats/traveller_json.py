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
from bridgedesk.errors import BridgedeskError, FormatError, Location
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


def _keys_said(keys: set[str]) -> str:
    """The unknown keys for a one-line message: a key as written, or quoted with its
    escapes when it holds a character that would break the line (a newline, a
    control character: a file can hold any)."""
    return ", ".join(k if k.isprintable() else repr(k) for k in sorted(keys))


def loads(text: str, filename: str = "<json>", *, strict: bool = False) -> ScoreInput:
    """Read a JSON traveller file; errors carry file, line and board.

    Unknown keys are ignored, or rejected with ``strict``.
    """
    data = reading.loads_json(text, filename)
    top = Location(file=filename, line=1)
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise FormatError(
            'not a bridgedesk traveller file: expected "format": "{format_name}"',
            top,
            code="traveller.format",
            format_name=FORMAT_NAME,
        )
    if data.get("version") != FORMAT_VERSION:
        raise FormatError(
            "traveller format version {given!r} is not supported; this bridgedesk "
            "reads version {format_version}",
            top,
            code="traveller.version",
            given=data.get("version"),
            format_version=FORMAT_VERSION,
        )
    if strict and set(data) - _TOP_KEYS:
        unknown = _keys_said(set(data) - _TOP_KEYS)
        raise FormatError(
            "unknown key(s) {unknown}; allowed: {allowed}",
            top,
            code="traveller.unknown-keys",
            unknown=unknown,
            allowed=", ".join(sorted(_TOP_KEYS)),
        )
    _line_at = _Lines(text)
    board_pos = [m.start() for m in _BOARD_RE.finditer(text)]
    result_pos = iter(m.start() for m in _RESULT_RE.finditer(text))
    raw_boards = data.get("boards")
    if not isinstance(raw_boards, list) or not raw_boards:
        raise FormatError(
            '"boards" must be a non-empty list of boards', top, code="traveller.boards-list"
        )
    boards: list[Board] = []
    board_lines: dict[int, int] = {}
    result_lines: dict[tuple[int, int], int] = {}
    for bi, raw in enumerate(raw_boards):
        line = _line_at(board_pos[bi]) if bi < len(board_pos) else None
        if not isinstance(raw, dict) or not isinstance(raw.get("board"), int) or raw["board"] < 1:
            raise FormatError(
                'each board needs "board": a board number from 1',
                Location(file=filename, line=line),
                code="traveller.board-number",
            )
        number = raw["board"]
        if number in board_lines:
            raise FormatError(
                "the board appears twice",
                Location(filename, line, board=number),
                code="traveller.board-twice",
            )
        board_lines[number] = line or 0
        rows = raw.get("results")
        if not isinstance(rows, list):
            raise FormatError(
                '"results" must be a list',
                Location(filename, line, board=number),
                code="traveller.results-list",
            )
        results: list[TravellerLine] = []
        for ri, row in enumerate(rows):
            pos = next(result_pos, None)
            rline = _line_at(pos) if pos is not None else line
            result_lines[(number, ri)] = rline or 0
            where = Location(file=filename, line=rline, board=number)
            if strict and isinstance(row, dict) and set(row) - _RESULT_KEYS:
                unknown = _keys_said(set(row) - _RESULT_KEYS)
                raise FormatError(
                    "unknown key(s) {unknown} in a result; allowed: {allowed}",
                    where,
                    code="traveller.unknown-result-keys",
                    unknown=unknown,
                    allowed=", ".join(sorted(_RESULT_KEYS)),
                )
            results.append(_result(row, number, where))
        boards.append(Board(number, tuple(results)))
    raw_penalties = data.get("penalties", [])
    if not isinstance(raw_penalties, list):
        raise FormatError('"penalties" must be a list', top, code="traveller.penalties-list")
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
        raise FormatError(
            '"winners" must be 1 or 2, not {given!r}', top, code="traveller.winners", given=winners
        )
    individual = any(r.players is not None for b in boards for r in b.results)
    if individual:
        for b in boards:
            for ri, r in enumerate(b.results):
                if r.players is None:
                    raise FormatError(
                        'in an individual event every result names its "players" (N, E, S, W)',
                        Location(filename, result_lines.get((b.number, ri)), board=b.number),
                        code="traveller.individual-players",
                    )
        if winners == 2:
            raise FormatError(
                'an individual event has one field: "winners" must be 1',
                top,
                code="traveller.individual-winners",
            )
    return ScoreInput(filename, tuple(boards), penalties, winners, board_lines, result_lines,
                      data.get("scoring"), individual, tuple(pen_lines))  # fmt: skip


def _refused(exc: ValueError, where: Location) -> FormatError:
    """A value's own refusal as this file's, at ``where`` (its code kept when it has one)."""
    if isinstance(exc, BridgedeskError):
        return FormatError(exc.msgid, where, code=exc.code, **exc.params)
    return FormatError("{problem}", where, code="traveller.bad-value", problem=str(exc))


def _pair(row: dict[str, Any], key: str, where: Location) -> str:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise FormatError(
            'a result needs "{key}": the pair number sitting {seat}',
            where,
            code="traveller.result-pair",
            key=key,
            seat=key.upper(),
        )
    return str(value).strip()


def _players(value: Any, where: Location) -> tuple[str, str, str, str]:
    """The ``"players"`` of an individual table: {"N": .., "E": .., "S": .., "W": ..}."""
    if not isinstance(value, dict) or set(value) != {"N", "E", "S", "W"}:
        raise FormatError(
            '"players" needs the four seats: {{"N": "8", "E": "6", "S": "1", "W": "2"}}',
            where,
            code="traveller.players-seats",
        )
    names = []
    for seat in "NESW":
        v = value[seat]
        if isinstance(v, bool) or not isinstance(v, (str, int)) or str(v).strip() == "":
            raise FormatError(
                '"players": {seat} must be a player number or name',
                where,
                code="traveller.player-seat",
                seat=seat,
            )
        names.append(str(v).strip())
    if len(set(names)) != 4:
        raise FormatError(
            "a player sits twice at one table: {players} (N-E-S-W)",
            where,
            code="traveller.player-twice",
            players="-".join(names),
        )
    return (names[0], names[1], names[2], names[3])


def _result(row: Any, board: int, where: Location) -> TravellerLine:
    if not isinstance(row, dict):
        raise FormatError("a result must be an object", where, code="traveller.result-object")
    if "players" in row:
        if "ns" in row or "ew" in row:
            raise FormatError(
                'give "players" (individual) or "ns" and "ew" (pairs), not both',
                where,
                code="traveller.players-or-pairs",
            )
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
        raise FormatError(
            "a result gives {kinds}: keep one of them",
            where,
            code="traveller.outcome-kinds",
            kinds=" and ".join(kinds),
        )


def _result_of(row: dict[str, Any], board: int, where: Location, ns: str, ew: str) -> TravellerLine:
    _one_outcome(row, where)
    group = row.get("group")
    if group is not None and not isinstance(group, str):
        raise FormatError(
            '"group" (fouled board) must be text such as "A"', where, code="traveller.group"
        )
    if row.get("not_played"):
        return TravellerLine.not_played(ns, ew)
    if "split" in row:
        split = row["split"]
        if not isinstance(split, dict) or set(split) != {"ns", "ew"}:
            raise FormatError(
                '"split" needs exactly "ns" and "ew" outcomes', where, code="traveller.split"
            )
        n, _ = _outcome(split["ns"], board, where)
        e, _ = _outcome(split["ew"], board, where)
        return TravellerLine(ns, ew, n, e, group)
    if "adjusted" in row:
        adj = row["adjusted"]
        if isinstance(adj, dict):
            if set(adj) != {"ns", "ew"}:
                raise FormatError(
                    '"adjusted" as an object needs "ns" and "ew"',
                    where,
                    code="traveller.adjusted-object",
                )
            ns_adj, ew_adj = _adjustment(adj["ns"], where), _adjustment(adj["ew"], where)
            return TravellerLine(ns, ew, ns_adj, ew_adj, group)
        return TravellerLine.adjusted(ns, ew, _adjustment(adj, where), group=group)
    outcome, play = _outcome(row, board, where)
    return TravellerLine(ns, ew, outcome, outcome, group, play)


def _adjustment(value: Any, where: Location) -> Adjustment:
    if not isinstance(value, str):
        raise FormatError("an adjusted score is A, A+ or A-", where, code="traveller.adjusted")
    try:
        return Adjustment.parse(value)
    except ValueError as exc:
        raise _refused(exc, where) from None


def _int(value: Any, what: str, where: Location) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(
            "{what} must be a whole number, got {given!r}",
            where,
            code="traveller.not-whole",
            what=what,
            given=value,
        )
    return value


def _outcome(spec: Any, board: int, where: Location) -> tuple[Outcome, Play | None]:
    if isinstance(spec, str):
        return _adjustment(spec, where), None
    if isinstance(spec, int) and not isinstance(spec, bool):
        return Weighted.of(spec), None
    if not isinstance(spec, dict):
        raise FormatError(
            "an outcome is a score, an adjustment or an object", where, code="traveller.outcome"
        )
    _one_outcome(spec, where)
    if "adjusted" in spec:
        return _adjustment(spec["adjusted"], where), None
    if "weighted" in spec:
        parts = spec["weighted"]
        if not isinstance(parts, list) or not parts:
            raise FormatError(
                '"weighted" must be a list of {{"weight": ..., score}}',
                where,
                code="traveller.weighted-list",
            )
        blend = []
        for part in parts:
            if not isinstance(part, dict) or "weight" not in part:
                raise FormatError(
                    'each weighted part needs "weight" ("3/5", 0.6) and a score',
                    where,
                    code="traveller.weighted-part",
                )
            try:
                w = Fraction(str(part["weight"]))
            except (ValueError, ZeroDivisionError):
                raise FormatError(
                    "bad weight {given!r}", where, code="traveller.weight", given=part["weight"]
                ) from None
            sub, _ = _outcome({k: v for k, v in part.items() if k != "weight"}, board, where)
            if not isinstance(sub, Weighted) or not sub.is_single:
                raise FormatError(
                    "a weighted part must be one table score",
                    where,
                    code="traveller.weighted-one-score",
                )
            blend.append((w, sub.parts[0][1]))
        try:
            return Weighted.blend(blend), None
        except ValueError as exc:
            raise _refused(exc, where) from None
    score = _int(spec.get("score_ns"), '"score_ns"', where)
    if "contract" in spec:
        tricks = _int(spec.get("tricks"), '"tricks"', where)
        contract = spec["contract"]
        if not isinstance(contract, str):
            raise FormatError(
                '"contract" must be text such as "4SX" or "PASS"', where, code="traveller.contract"
            )
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
        raise FormatError(
            'a result needs "score_ns", a "contract", "adjusted", "weighted", '
            '"split" or "not_played"',
            where,
            code="traveller.result-needs-outcome",
        )
    return Weighted.of(score), None


def _penalty(raw: Any, where: Location) -> Penalty:
    if not isinstance(raw, dict) or "pair" not in raw or "boards" not in raw:
        raise FormatError(
            'a penalty needs "pair" and "boards" (e.g. "1/2")',
            where,
            code="traveller.penalty-fields",
        )
    try:
        boards = Fraction(str(raw["boards"]))
    except (ValueError, ZeroDivisionError):
        raise FormatError(
            "bad penalty size {given!r}", where, code="traveller.penalty-size", given=raw["boards"]
        ) from None
    board = raw.get("board")
    try:
        return Penalty(str(raw["pair"]), boards, board, str(raw.get("reason", "")))
    except ValueError as exc:
        raise _refused(exc, where) from None
