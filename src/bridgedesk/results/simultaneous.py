"""A simultaneous event scored across the field: the national ranking, each heat's ranking
(its own and across the field) and each board's frequency table.

:func:`score_field` takes every result of every heat and scores each board over all of
them (matchpoints, one point per result beaten, 004:1175-1283): the field is one field
whatever each heat played, a pair named by its heat and number (``"3-12"``: heat 3,
pair 12).  Boards played by fewer tables than the most played are factored up by
Neuberg's formula to the common top (004:1322-1358), so every board is worth the same
and a pair that played fewer boards is ranked on the percentage of the most it could
have scored.  That is scoring the union of the heats' results as one field
(:func:`bridgedesk.scoring.session.score_session`, the vectorised engine from 4,000
results).  Each heat is also scored on its own results alone (its own field, one or two
winners), so a heat's page shows both percentages, ranked within the heat.

:class:`ScoredField` is the one value the simultaneous pages, the booklet, the JSON and
the awards read.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.seats import Side
from bridgedesk.scoring.boards import FAST_FROM, Engine
from bridgedesk.scoring.results import Adjustment, Board, ScoredBoard, TravellerLine
from bridgedesk.scoring.session import SessionResult, rank_labels, score_session

__all__ = [
    "FieldPair",
    "Frequency",
    "FrequencyRow",
    "HeatInfo",
    "HeatTable",
    "ScoredField",
    "field_boards",
    "pair_id",
    "score_field",
]

#: A result of the field: heat, board, NS, EW, NS's score, adjusted (``A+/A-``).
Row = tuple[int, int, int, int, int | None, str | None]


def pair_id(heat: int, number: int) -> str:
    """A pair of the field: ``HEAT-NUMBER``."""
    return f"{heat}-{number}"


@dataclass(frozen=True)
class HeatInfo:
    """What the field needs of a heat: its club, winners and tables, and its pairs'
    names and member numbers."""

    number: int
    club: str
    winners: int
    tables: int
    pairs: Mapping[int, tuple[str, tuple[str, ...]]]


@dataclass(frozen=True)
class FieldPair:
    """A pair's line: across the field (``total`` its matchpoints factored to the common
    top, ``percentage``, ``rank`` in the whole field, ``heat_rank`` among its heat's
    pairs) and in its heat alone (``own_percentage``, ``own_rank`` in its heat's field,
    ``direction`` NS or EW in a two-winner heat)."""

    id: str
    heat: int
    number: int
    names: str
    members: tuple[str, ...]
    boards: int
    total: Fraction
    percentage: Fraction
    rank: str
    heat_rank: str
    own_percentage: Fraction | None
    own_rank: str
    direction: Side | None


@dataclass(frozen=True)
class HeatTable:
    """A heat: its club, pairs by their own ranking, and how it was played."""

    number: int
    club: str
    winners: int
    tables: int
    pairs: tuple[FieldPair, ...]


@dataclass(frozen=True)
class FrequencyRow:
    """A score of a board and how many tables made it, with what it is worth across the
    field to each side (matchpoints on the common top, and as a percentage of it)."""

    score: int | None
    adjusted: str | None
    count: int
    ns: Fraction | None
    ew: Fraction | None
    ns_percent: Fraction | None
    ew_percent: Fraction | None


@dataclass(frozen=True)
class Frequency:
    """A board's frequency table over the field, best NS score first."""

    board: int
    results: int
    top: Fraction
    rows: tuple[FrequencyRow, ...]


@dataclass(frozen=True)
class ScoredField:
    """A simultaneous event scored (module doc)."""

    name: str
    date: dt.date | None
    club: str
    boards: tuple[int, ...]
    results: int
    tables: int
    pairs: tuple[FieldPair, ...]
    heats: tuple[HeatTable, ...]
    frequencies: tuple[Frequency, ...]
    session: SessionResult

    def heat(self, number: int) -> HeatTable:
        for h in self.heats:
            if h.number == number:
                return h
        raise KeyError(number)


def _line(ns: str, ew: str, score: int | None, adjusted: str | None) -> TravellerLine:
    if adjusted is not None:
        a, _, b = adjusted.partition("/")
        return TravellerLine.adjusted(ns, ew, Adjustment(a), Adjustment(b))
    assert score is not None
    return TravellerLine.played(ns, ew, score)


def field_boards(rows: Sequence[Row]) -> list[Board]:
    """Every board of the field, its results named ``HEAT-NUMBER`` (module doc)."""
    return _boards(rows)[0]


def _boards(rows: Sequence[Row]) -> tuple[list[Board], dict[int, list[Board]]]:
    """The field's boards and each heat's, sharing one line per result (a line is made
    once for a field of 180,000 results, not once more for its heat)."""
    by_board: dict[int, list[TravellerLine]] = defaultdict(list)
    by_heat: dict[int, dict[int, list[TravellerLine]]] = defaultdict(lambda: defaultdict(list))
    for heat, board, ns, ew, score, adjusted in rows:
        line = _line(pair_id(heat, ns), pair_id(heat, ew), score, adjusted)
        by_board[board].append(line)
        by_heat[heat][board].append(line)
    heats = {
        h: [Board(n, tuple(lines)) for n, lines in sorted(boards.items())]
        for h, boards in by_heat.items()
    }
    return [Board(n, tuple(lines)) for n, lines in sorted(by_board.items())], heats


def _frequency(sb: ScoredBoard) -> Frequency:
    counts: Counter[tuple[int | None, str | None]] = Counter()
    values: dict[tuple[int | None, str | None], tuple[object, object]] = {}
    for sr in sb.results:
        r = sr.result
        score = r.score_ns
        adjusted = None
        if isinstance(r.ns_outcome, Adjustment) and isinstance(r.ew_outcome, Adjustment):
            adjusted = f"{r.ns_outcome.value}/{r.ew_outcome.value}"
        key = (score, adjusted)
        counts[key] += 1
        values.setdefault(key, (sr.ns, sr.ew))
    top = sb.top or Fraction(0)
    rows = []
    for key, count in counts.items():
        ns, ew = values[key]
        ns_v = ns if isinstance(ns, Fraction) else None
        ew_v = ew if isinstance(ew, Fraction) else None
        rows.append(
            FrequencyRow(
                key[0], key[1], count, ns_v, ew_v,
                None if ns_v is None or not top else ns_v / top * 100,
                None if ew_v is None or not top else ew_v / top * 100,
            )
        )  # fmt: skip
    rows.sort(key=lambda x: (x.score is None, -(x.score or 0), x.adjusted or ""))
    return Frequency(sb.number, len(sb.results), top, tuple(rows))


def score_field(
    name: str,
    date: dt.date | None,
    club: str,
    rows: Sequence[Row],
    heats: Sequence[HeatInfo],
) -> ScoredField:
    """Score every result across the field and each heat on its own (module doc)."""
    boards, heat_boards = _boards(rows)
    session = score_session(boards, method=Method.MP, winners=1)
    by_id = {s.pair: s for s in session.standings}
    labels = dict(zip((s.pair for s in session.standings),
                      (s.rank for s in session.standings), strict=True))  # fmt: skip
    # a field large enough for the vectorised engine has paid for NumPy: the heats, a few
    # hundred results each, are scored by it too (the engines are equal, scoring/fast.py)
    engine = Engine.FAST if len(rows) >= FAST_FROM else Engine.AUTO
    tables: list[HeatTable] = []
    lines: dict[str, FieldPair] = {}
    for heat in sorted(heats, key=lambda h: h.number):
        played = heat_boards.get(heat.number)
        if not played:
            continue
        own = score_session(played, method=Method.MP, winners=heat.winners, engine=engine)
        # a two-winner heat lists its NS field, then its EW field
        standings = sorted(own.standings, key=lambda s: s.direction is Side.EW)
        across = [by_id[s.pair] for s in standings]
        heat_ranks = rank_labels([s.percentage or Fraction(0) for s in across])
        mine = []
        for s, a, heat_rank in zip(standings, across, heat_ranks, strict=True):
            number = int(s.pair.rpartition("-")[2])
            names, members = heat.pairs.get(number, ("", ()))
            line = FieldPair(
                a.pair, heat.number, number, names, members, a.boards, a.total,
                a.percentage or Fraction(0), labels[a.pair], heat_rank, s.percentage, s.rank,
                s.direction if heat.winners == 2 else None,
            )  # fmt: skip
            lines[a.pair] = line
            mine.append(line)
        tables.append(HeatTable(heat.number, heat.club, heat.winners, heat.tables, tuple(mine)))
    ranked = tuple(lines[s.pair] for s in session.standings if s.pair in lines)
    return ScoredField(
        name, date, club, tuple(b.number for b in boards), len(rows),
        sum(h.tables for h in tables), ranked, tuple(tables),
        tuple(_frequency(sb) for sb in session.boards), session,
    )  # fmt: skip
