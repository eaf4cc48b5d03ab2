"""A scored section as a PBN 2.1 file: deals, ``[ScoreTable]`` and ``[TotalScoreTable]``.

Written through :mod:`bridgedesk.formats.pbn` (the one PBN writer), with the
deal tags of :func:`bridgedesk.formats.pbn_deals.game_of` when the event has
deals.  One game per board; each holds the board's ScoreTable (round, table,
pairs, contract, declarer, tricks, lead, NS / EW score, both sides' points
and, for matchpoints, percentages); the first game also holds the
TotalScoreTable with the ranking.  :func:`bridgedesk.formats.pbn_scores.from_pbn`
reads the ScoreTables back.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bridgedesk.bridge import board_dealer, board_vulnerability
from bridgedesk.formats import pbn
from bridgedesk.reports.scored import ScoredSection
from bridgedesk.scoring.rounding import round_half_up

_VUL = {"None": "None", "NS": "NS", "EW": "EW", "All": "All", "Both": "All"}
_POINTS = {"mp": "MP", "ximp": "IMP", "butler": "IMP", "total": "Points"}
_TOTAL = {"mp": "TotalScoreMP", "total": "TotalPoints"}
_SCORING = {"mp": "MP", "ximp": "Cross-IMP", "butler": "Butler", "total": "Total"}


def _fmt(value: Fraction | None) -> str | None:
    if value is None:
        return None
    return f"{float(round_half_up(value, 2)):.2f}"


def _score_table(scored: ScoredSection, board: int) -> pbn.Table:
    col = _POINTS[scored.method.value]
    spec = (
        "Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;"
        f"Result\\2R;Lead\\3L;Score_NS\\5R;Score_EW\\5R;{col}_NS\\6R;{col}_EW\\6R"
    )
    mp = scored.method.value == "mp"
    if mp:
        spec += ";Percentage_NS\\3R;Percentage_EW\\3R"
    traveller = next(t for t in scored.travellers if t.board == board)
    rows: list[list[str | int | None]] = []
    for line in traveller.lines:
        r = line.result
        s_ns: str | None
        s_ew: str | None
        if r.adjusted is not None:
            contract, declarer, tricks = None, None, None
            s_ns, s_ew = str(r.adjusted.ns), str(r.adjusted.ew)
        else:
            assert r.contract is not None
            score = r.ns_score or 0
            contract = "Pass" if r.contract.is_pass else str(r.contract)
            declarer = None if r.declarer is None else r.declarer.value
            tricks = None if r.contract.is_pass else r.tricks
            s_ns = str(score) if score > 0 or (score == 0) else None
            s_ew = str(-score) if score < 0 else None
        row: list[str | int | None] = [
            r.round, r.table, r.ns, r.ew, contract, declarer, tricks, r.lead, s_ns, s_ew,
            _fmt(line.ns_points), _fmt(line.ew_points),
        ]  # fmt: skip
        if mp:
            top = traveller.top
            row += [
                _fmt(v * 100 / top) if v is not None and top else None
                for v in (line.ns_points, line.ew_points)
            ]
        rows.append(row)
    return pbn.Table.build(spec, rows)


def _total_table(scored: ScoredSection) -> pbn.Table:
    method = scored.method.value
    total = _TOTAL.get(method, "TotalIMP")
    spec = f"Rank\\3R;PairId\\2R;Direction\\2R;{total}\\7R;TotalPercentage\\6R;NrOfBoards\\2R;Names"
    rows: list[list[str | int | None]] = [
        [
            s.rank,
            s.number,
            None if s.direction is None else s.direction.value,
            _fmt(s.total),
            _fmt(s.percentage),
            s.boards,
            s.names,
        ]
        for s in scored.ranking
    ]
    return pbn.Table.build(spec, rows)


def games(scored: ScoredSection, deals: Mapping[int, str] | None = None) -> list[pbn.Game]:
    """One PBN game per board with its ScoreTable; the first also has the TotalScoreTable."""
    from bridgedesk.deals.deal import Deal
    from bridgedesk.formats.pbn_deals import game_of

    event = scored.snapshot.event
    out: list[pbn.Game] = []
    for i, t in enumerate(scored.travellers):
        if deals and t.board in deals:
            deal = Deal.from_pbn(deals[t.board], t.board)
            game = game_of(deal, event=event.name)
        else:
            game = pbn.Game()
            game.set("Event", event.name)
            game.set("Board", str(t.board))
            game.set("Dealer", board_dealer(t.board).value)
            game.set("Vulnerable", _VUL[str(board_vulnerability(t.board))])
        game.set("Event", event.name)
        game.set("Site", event.club or "")
        game.set("Date", event.date.strftime("%Y.%m.%d"))
        game.set("Scoring", _SCORING[scored.method.value])
        game.set("Section", scored.snapshot.section)
        game.set_table("ScoreTable", _score_table(scored, t.board))
        if i == 0:
            game.set_table("TotalScoreTable", _total_table(scored))
        out.append(game)
    return out


def dumps(scored: ScoredSection, deals: Mapping[int, str] | None = None) -> str:
    """PBN 2.1 export text (CRLF line ends)."""
    return pbn.dumps(games(scored, deals))


__all__ = ["dumps", "games"]
