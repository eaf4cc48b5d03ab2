"""PBN ``[ScoreTable]`` rows to results and back (on top of :mod:`bridgedesk.formats.pbn`).

Reading: each game with a ``[Board]`` tag and a ``[ScoreTable]`` gives one
board.  Columns used (others are kept and ignored): ``PairId_NS`` /
``PairId_EW`` (or ``Pair_NS`` / ``Pair_EW``), ``Section`` (prefixed to pair
numbers when a file has several sections), ``Contract``, ``Declarer``,
``Result`` (tricks, or ``=`` / ``+1`` / ``-2``), ``Score_NS`` / ``Score_EW``
(one of them, the other ``-``; a leading ``^`` marks a director's score) or
``Score`` (``NS 420`` / ``EW 100``, PBN's own score notation),
and adjusted scores written ``A``, ``A+``, ``A-`` (with or without ``^``) in
the score columns, NS's in ``Score_NS`` and EW's in ``Score_EW``.  A row with
``-`` for contract and scores is a board not played.  When contract and score
are both given they must agree at the board's vulnerability.

Writing the scored file back (points, percentages, ``[TotalScoreTable]``) is
:mod:`bridgedesk.formats.pbn_results`, the one PBN results writer, from the
scored value (:mod:`bridgedesk.formats.scored_file` makes it from a file).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgedesk import reading
from bridgedesk.bridge.board import board_dealer, board_vulnerability
from bridgedesk.bridge.contract import Contract, parse_result
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.formats import pbn
from bridgedesk.formats.pbn_results import outcome_cell
from bridgedesk.formats.score_input import ScoreInput, checked_score
from bridgedesk.scoring.individual import with_players
from bridgedesk.scoring.results import Adjustment, Board, Outcome, TravellerLine, Weighted

_EMPTY = ("", "-", "?")


def load(path: str | Path, *, strict: bool = False, encoding: str | None = None) -> ScoreInput:
    """Read a PBN file's score tables (a caller keeping the parsed file to write it
    back reads it with :func:`bridgedesk.formats.pbn.load` and calls :func:`score_input`)."""
    return score_input(pbn.load(path, strict=strict, encoding=encoding), str(path), strict=strict)


def loads(text: str, filename: str = "<pbn>", *, strict: bool = False) -> ScoreInput:
    """The score tables of PBN text."""
    return score_input(pbn.loads(text, strict=strict, filename=filename), filename, strict=strict)


def score_input(parsed: pbn.PbnFile, filename: str, *, strict: bool = False) -> ScoreInput:
    """The score tables of a parsed PBN file."""
    by_number: dict[int, list[TravellerLine]] = {}
    board_lines: dict[int, int] = {}
    result_lines: dict[tuple[int, int], int] = {}
    scoring = None
    individual = False
    sections: set[str] = set()
    for game in parsed:
        table = game.table("ScoreTable")
        if table is not None and "Section" in table.names:
            sections.update(c for c in table.column("Section") if c not in _EMPTY)
    for game in parsed:
        table = game.table("ScoreTable")
        if table is None:
            continue
        tag = game.tag("ScoreTable")
        line = tag.line if tag is not None else game.line
        scoring = scoring or game.get("Scoring")
        number_text = game.get("Board")
        found = None if number_text is None else reading.whole_number(number_text)
        if found is None or found < 1:
            raise FormatError(
                "a ScoreTable needs a [Board] tag with a board number, got {given!r}",
                Location(file=filename, line=line),
                code="pbn.score-table-board",
                given=(number_text or "")[:40],
            )
        number = found
        if number in by_number and strict:
            raise FormatError(
                "the board has two score tables",
                Location(file=filename, line=line, board=number),
                code="pbn.score-tables-twice",
            )
        # leniently, a second table of the board (a second game with the same
        # [Board], as programs write one game per section) adds its rows
        board_lines.setdefault(number, line or 0)
        results = by_number.setdefault(number, [])
        for row in table.rows:
            where = Location(file=filename, line=row.line, board=number)
            players = _players(row, where)
            result = _row(row, number, where, len(sections) > 1, strict, players is not None)
            if result is None:
                continue
            group = _cell(row, "Group")
            if group not in (None, *_EMPTY):
                result = replace(result, group=group)
            if players is not None:
                individual = True
                result = with_players(result, players)
            elif individual:
                raise FormatError(
                    "an individual event's rows need PlayerId_North, PlayerId_East, "
                    "PlayerId_South and PlayerId_West",
                    where,
                    code="pbn.individual-rows-players",
                )
            result_lines[(number, len(results))] = row.line or 0
            results.append(result)
    boards = [Board(number, tuple(results)) for number, results in by_number.items() if results]
    if not boards:
        raise FormatError(
            "no [ScoreTable] with results in this PBN file",
            Location(file=filename),
            code="pbn.no-score-table",
        )
    if individual and any(r.players is None for b in boards for r in b.results):
        raise FormatError(
            "some score rows name players (PlayerId_North ...) and some pairs: an "
            "individual event needs the four players on every row",
            Location(file=filename),
            code="pbn.players-and-pairs",
        )
    return ScoreInput(filename, tuple(boards), (), 1 if individual else None, board_lines,
                      result_lines, scoring, individual)  # fmt: skip


_PLAYER_COLUMNS = ("PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West")


def _players(row: Any, where: Location) -> tuple[str, str, str, str] | None:
    """The four players of an individual's score row (PBN's PlayerId_* columns)."""
    cells = [_cell(row, name) for name in _PLAYER_COLUMNS]
    if all(c in (None, *_EMPTY) for c in cells):
        return None
    if any(c in (None, *_EMPTY) for c in cells):
        raise FormatError(
            "an individual's score row needs all four of PlayerId_North, "
            "PlayerId_East, PlayerId_South and PlayerId_West",
            where,
            code="pbn.individual-row-players",
        )
    names = [c or "" for c in cells]
    if len(set(names)) != 4:
        raise FormatError(
            "a player sits twice at one table: {players} (N-E-S-W)",
            where,
            code="pbn.player-twice-at-table",
            players="-".join(names),
        )
    return (names[0], names[1], names[2], names[3])


def _cell(row: Any, *names: str) -> str | None:
    for n in names:
        v = row.get(n)
        if v is not None:
            return str(v).strip()
    return None


def _side_score(text: str | None) -> Outcome | int | None:
    """A Score_NS / Score_EW cell: an int, an adjustment, or None when empty."""
    if text is None or text in _EMPTY:
        return None
    t = text[1:] if text.startswith("^") else text
    try:
        return int(t)
    except ValueError:
        pass
    return Adjustment.parse(t)


def _row(
    row: Any, board: int, where: Location, prefix: bool, strict: bool, individual: bool = False
) -> TravellerLine | None:
    ns = "-" if individual else _cell(row, "PairId_NS", "Pair_NS")
    ew = "--" if individual else _cell(row, "PairId_EW", "Pair_EW")
    if not individual and (ns in (None, *_EMPTY) or ew in (None, *_EMPTY)):
        # a row without both pairs is a bye (Ruter writes "-" and "Bye"), but one
        # with a contract or a score is a result whose pair was lost (issue 10); a
        # table with no pair columns at all is a frequency table (PBN 2.1, 5.3)
        has_pairs = _cell(row, "PairId_NS", "Pair_NS", "PairId_EW", "Pair_EW") is not None
        if strict or (has_pairs and _has_play(row)):
            raise FormatError(
                "a score row needs PairId_NS and PairId_EW", where, code="pbn.score-row-pairs"
            )
        return None
    assert ns is not None and ew is not None
    if prefix and not individual:
        section = _cell(row, "Section") or ""
        ns, ew = section + ns, section + ew
    try:
        s_ns = _side_score(_cell(row, "Score_NS"))
        s_ew = _side_score(_cell(row, "Score_EW"))
    except BridgedeskError as exc:
        raise exc.located(where) from None
    if isinstance(s_ns, Adjustment) or isinstance(s_ew, Adjustment):
        n = s_ns if isinstance(s_ns, Adjustment) else None
        e = s_ew if isinstance(s_ew, Adjustment) else None
        if n is None and e is None:  # pragma: no cover - one of them is an Adjustment
            raise FormatError("bad adjusted score", where, code="pbn.bad-adjusted-score")
        if n is not None and e is not None:
            return TravellerLine(ns, ew, n, e)
        first = n if n is not None else e
        assert first is not None
        r = TravellerLine.adjusted(ns, ew, first)
        return r if n is not None else TravellerLine(ns, ew, r.ew_outcome, r.ns_outcome)
    score: int | None = None
    if isinstance(s_ns, int):
        score = s_ns
    elif isinstance(s_ew, int):
        score = -s_ew
    else:
        score = _plain_score(_cell(row, "Score"), where)
    contract = _cell(row, "Contract")
    if contract in (None, *_EMPTY):
        if score is None:
            return TravellerLine.not_played(ns, ew)
        return TravellerLine(ns, ew, Weighted.of(score), Weighted.of(score))
    assert contract is not None
    tricks = _tricks(_cell(row, "Result"), contract, where)
    play, computed = checked_score(board, contract, _cell(row, "Declarer"), tricks, score, where)
    w = Weighted.of(computed)
    return TravellerLine(ns, ew, w, w, None, play)


def _has_play(row: Any) -> bool:
    """Whether a score row holds a contract or a numeric score."""
    if _cell(row, "Contract") not in (None, *_EMPTY):
        return True
    for name in ("Score_NS", "Score_EW", "Score"):
        cell = _cell(row, name)
        if cell is not None and any(ch.isdigit() for ch in cell):
            return True
    return False


def _plain_score(text: str | None, where: Location) -> int | None:
    """A ``Score`` column cell: ``NS 420``, ``EW 100`` or a number from NS's side."""
    if text is None or text in _EMPTY:
        return None
    parts = text.split()
    try:
        if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
            value = int(parts[1])
            return value if parts[0].upper() == "NS" else -value
        if len(parts) == 1:
            return int(parts[0])
    except ValueError:
        pass
    raise FormatError(
        "bad score {given!r}: expected 'NS 420', 'EW 100' or a number",
        where,
        code="pbn.bad-score",
        given=text,
    )


def _tricks(text: str | None, contract: str, where: Location) -> int | None:
    if text is None or text in _EMPTY:
        return None
    try:
        return parse_result(text, Contract.parse(contract))
    except BridgedeskError as exc:
        raise exc.located(where) from None


def dumps(inp: ScoreInput, event: str | None = None) -> str:
    """PBN text holding ``inp``'s travellers as read, before any scoring: one game
    per board with its ``[ScoreTable]`` (PairId_NS / PairId_EW, or PlayerId_* for an
    individual; a ``Group`` column for a fouled board, which :func:`loads` reads
    back).  The score cells are written as the one PBN results writer writes them
    (:func:`bridgedesk.formats.pbn_results.outcome_cell`); a scored file with points
    and a TotalScoreTable is :func:`bridgedesk.formats.pbn_results.dumps`.
    """
    fouled = any(r.group is not None for b in inp.boards for r in b.results)
    ids = ["PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West"]
    who = ids if inp.individual else ["PairId_NS", "PairId_EW"]
    spec = ";".join([*(f"{c}\\2R" for c in who), "Contract\\5L", "Declarer\\1R",
                     "Result\\2R", "Score_NS\\5R", "Score_EW\\5R",
                     *(["Group\\1R"] if fouled else [])])  # fmt: skip
    games = []
    name = event if event is not None else Path(inp.filename).stem
    for b in inp.boards:
        game = pbn.Game()
        game.set("Event", name)
        game.set("Board", str(b.number))
        game.set("Dealer", board_dealer(b.number).value)
        game.set("Vulnerable", board_vulnerability(b.number).value)
        if inp.scoring:
            game.set("Scoring", inp.scoring)
        rows: list[list[str | int | None]] = []
        for r in b.results:
            pairs: list[str | int | None] = (
                list(r.players) if inp.individual and r.players else [r.ns, r.ew]
            )
            play = r.play
            cells: list[str | int | None] = [None, None, None]
            if play is not None:
                declarer = None if play.declarer is None else play.declarer.value
                cells = [str(play.contract), declarer, play.tricks]
            cells += [outcome_cell(r.ns_outcome, "NS"), outcome_cell(r.ew_outcome, "EW")]
            if fouled:
                cells.append(r.group)
            rows.append([*pairs, *cells])
        game.set_table("ScoreTable", pbn.Table.build(spec, rows))
        games.append(game)
    return pbn.dumps(pbn.PbnFile(games, [], inp.filename))
