"""A scored session as PBN 2.1: ``[ScoreTable]`` with points and a ``[TotalScoreTable]``.

The one PBN results writer, for ``bridgedesk score FILE --format pbn`` and
``bridgedesk results EVENT --format pbn`` alike.  It reads only a
:class:`~bridgedesk.results.model.ScoredSession` and writes through
:mod:`bridgedesk.formats.pbn`:

* without a ``base`` file, one game per board (with the deal's tags from
  :func:`bridgedesk.formats.pbn_deals.game_of` when the deal is known), each
  with its ScoreTable: round, table and lead when known, the pairs (or the
  four players of an individual), contract, declarer, tricks, NS / EW score,
  the fouled-board group when there is one, both sides' points and, for
  matchpoints, percentages;
* with a ``base`` file (the PBN the results were read from), every game and
  every column of it is kept and the points columns are filled in.

The first game also holds the TotalScoreTable with the ranking.
:func:`bridgedesk.formats.pbn_scores.loads` reads the ScoreTables back.
PBN has no notation for a weighted or split score: such a side is written as
a director's score (``^``) of its expected NS score rounded to a whole point.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from bridgedesk import reading
from bridgedesk.bridge import board_dealer, board_vulnerability
from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.deals.deal import Deal
from bridgedesk.formats import pbn
from bridgedesk.formats.pbn_deals import game_of
from bridgedesk.results.model import Line, ScoredSession, Traveller
from bridgedesk.results.numbers import fixed
from bridgedesk.scoring.results import Outcome
from bridgedesk.scoring.rounding import round_half_up

#: The Scoring tag of each method (PBN 2.1 names).
SCORING = {
    Method.MP: "MatchPoints",
    Method.XIMP: "Cross-IMPs",
    Method.BUTLER: "Butler",
    Method.TOTAL: "TotalPoints",
}
_POINTS = {Method.MP: "MP", Method.XIMP: "IMP", Method.BUTLER: "IMP", Method.TOTAL: "Points"}
_TOTAL = {Method.MP: "TotalScoreMP", Method.TOTAL: "TotalPoints"}
_PLAYERS = ("PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West")
_EMPTY = ("", "-", "?")


def _fmt(value: Fraction | None) -> str | None:
    return None if value is None else fixed(value)


def outcome_cell(outcome: Outcome, side: str) -> str | None:
    """A Score_NS / Score_EW cell for one side's outcome (``side`` "NS" or "EW")."""
    if isinstance(outcome, Adjustment):
        return None if outcome is Adjustment.NOT_PLAYED else str(outcome)
    if outcome.is_single:
        score = outcome.parts[0][1]
        mine = score if side == "NS" else -score
        return str(mine) if mine > 0 or (mine == 0 and side == "NS") else None
    mean = round_half_up(outcome.mean, 0)
    mine = int(mean if side == "NS" else -mean)
    return f"^{mine}" if mine > 0 or (mine == 0 and side == "NS") else None


def _point_columns(method: Method) -> list[pbn.Column]:
    col = _POINTS[method]
    cols = [pbn.Column(f"{col}_NS", 6, "R"), pbn.Column(f"{col}_EW", 6, "R")]
    if method is Method.MP:
        cols += [pbn.Column("Percentage_NS", 6, "R"), pbn.Column("Percentage_EW", 6, "R")]
    return cols


def _point_cells(method: Method, traveller: Traveller, line: Line) -> list[str | None]:
    cells = [_fmt(line.ns_points), _fmt(line.ew_points)]
    if method is Method.MP:
        top = traveller.top
        cells += [
            _fmt(v * 100 / top) if v is not None and top else None
            for v in (line.ns_points, line.ew_points)
        ]
    return cells


def score_table(scored: ScoredSession, traveller: Traveller) -> pbn.Table:
    """A board's ScoreTable built from its scored lines."""
    lines = traveller.lines
    where = any(x.round is not None or x.table is not None for x in lines)
    lead = any(x.lead for x in lines)
    fouled = any(x.group is not None for x in lines)
    who = list(_PLAYERS) if scored.individual else ["PairId_NS", "PairId_EW"]
    spec = [
        *(["Round\\2R", "Table\\2R"] if where else []),
        *(f"{c}\\2R" for c in who),
        "Contract\\5L", "Declarer\\1R", "Result\\2R",
        *(["Lead\\3L"] if lead else []),
        "Score_NS\\5R", "Score_EW\\5R",
        *(["Group\\1R"] if fouled else []),
    ]  # fmt: skip
    columns = [*pbn.Table.parse_spec(";".join(spec)), *_point_columns(scored.method)]
    rows: list[list[str | int | None]] = []
    for x in lines:
        row: list[str | int | None] = [x.round, x.table] if where else []
        row += list(x.players) if scored.individual and x.players else [x.ns, x.ew]
        if x.contract is None:
            row += [None, None, None]
        else:
            row += [
                "Pass" if x.contract.is_pass else str(x.contract),
                None if x.declarer is None else x.declarer.value,
                x.tricks,
            ]
        if lead:
            row.append(x.lead)
        row += [outcome_cell(x.ns_outcome, "NS"), outcome_cell(x.ew_outcome, "EW")]
        if fouled:
            row.append(x.group)
        row += _point_cells(scored.method, traveller, x)
        rows.append(row)
    return pbn.Table.build(columns, rows)


def total_table(scored: ScoredSession) -> pbn.Table:
    """The ranking as a TotalScoreTable."""
    total = _TOTAL.get(scored.method, "TotalIMP")
    who = "PlayerId" if scored.individual else "PairId"
    spec = f"Rank\\4R;{who}\\4R;Direction\\2R;{total}\\8R;TotalPercentage\\7R;NrBoards\\3R;Names"
    rows: list[list[str | int | None]] = [
        [
            s.rank,
            s.pair,
            None if s.direction is None else s.direction.value,
            _fmt(s.total),
            _fmt(s.percentage),
            s.boards,
            s.names,
        ]
        for s in scored.ranking
    ]
    return pbn.Table.build(spec, rows)


def _game(scored: ScoredSession, board: int) -> pbn.Game:
    event = scored.event
    if board in scored.deals:
        game = game_of(Deal.from_pbn(scored.deals[board], board), event=event.name)
    else:
        game = pbn.Game()
        game.set("Event", event.name)
        game.set("Board", str(board))
        game.set("Dealer", board_dealer(board).value)
        game.set("Vulnerable", str(board_vulnerability(board)).replace("Both", "All"))
    game.set("Event", event.name)
    if event.club:
        game.set("Site", event.club)
    if event.date is not None:
        game.set("Date", event.date.strftime("%Y.%m.%d"))
    game.set("Scoring", SCORING[scored.method])
    if scored.section.name:
        game.set("Section", scored.section.name)
    return game


def _fill(scored: ScoredSession, game: pbn.Game, traveller: Traveller) -> None:
    """Fill a base game's ScoreTable with the points of ``traveller`` (columns kept)."""
    table = game.table("ScoreTable")
    assert table is not None
    extra = _point_columns(scored.method)
    names = {c.name for c in extra}
    keep = [c for c in table.columns if c.name not in names]
    rows: list[list[str | None]] = []
    k = 0
    for row in table.rows:
        cells: list[str | None] = [row.cells[table.names.index(c.name)] for c in keep]
        first = _PLAYERS[0] if scored.individual else "PairId_NS"
        ns = row.get(first, row.get("Pair_NS"))
        ew = row.get(_PLAYERS[0] if scored.individual else "PairId_EW", row.get("Pair_EW"))
        values: list[str | None] = [None] * len(extra)
        present = ns is not None and ns.strip() not in _EMPTY
        if present and ew is not None and ew.strip() not in _EMPTY and k < len(traveller.lines):
            values = _point_cells(scored.method, traveller, traveller.lines[k])
            k += 1
        rows.append([*cells, *values])
    game.set_table("ScoreTable", pbn.Table.build([*keep, *extra], rows))


def games(scored: ScoredSession, base: pbn.PbnFile | None = None) -> list[pbn.Game]:
    """The PBN games: ``base``'s games with points filled in, or one game per board."""
    by_board = {t.board: t for t in scored.travellers}
    out: list[pbn.Game] = []
    if base is None:
        for t in scored.travellers:
            game = _game(scored, t.board)
            game.set_table("ScoreTable", score_table(scored, t))
            out.append(game)
    else:
        for game in base:
            text = game.get("Board")
            number = None if text is None else reading.whole_number(text)
            if game.table("ScoreTable") is not None and number is not None:
                found = by_board.get(number)
                if found is not None:
                    _fill(scored, game, found)
            out.append(game)
    first = next((g for g in out if g.table("ScoreTable") is not None), None)
    if first is not None:
        first.set_table("TotalScoreTable", total_table(scored))
    return out


def dumps(scored: ScoredSession, base: pbn.PbnFile | None = None, *, newline: str = "\r\n") -> str:
    """The PBN 2.1 text (CRLF line ends, as PBN's export format asks, unless ``newline``)."""
    return pbn.dumps(games(scored, base), newline=newline)


def dump(scored: ScoredSession, path: str | Path, base: pbn.PbnFile | None = None) -> Path:
    """Write :func:`dumps` to ``path`` (UTF-8)."""
    target = Path(path)
    target.write_bytes(dumps(scored, base).encode("utf-8"))
    return target


__all__ = ["SCORING", "dump", "dumps", "games", "outcome_cell", "score_table", "total_table"]
