"""The vectorised engine scores whole sessions exactly as the exact engine does.

A differential test: random fields (two to eight tables, one to five boards) with
played scores, artificial scores (balanced and split), boards not played,
weighted scores, fouled boards and procedural penalties, scored by matchpoints
(with Neuberg factoring and a common top, two per comparison, JFR Pary's no
factoring) and by cross-IMPs, once board by board (``Engine.EXACT``) and once
through the NumPy engine (``Engine.FAST``, which hands the boards it does not
score -- weighted, split, fouled -- back to the exact one).  The two results
must be equal value for value: every board's points, every total, percentage
and rank.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.boards import FAST_FROM, Engine, score_boards
from bridgedesk.scoring.matchpoints import Missing
from bridgedesk.scoring.results import Adjustment, Board, Penalty, TravellerLine
from bridgedesk.scoring.session import score_session

SCORES = [-1100, -620, -200, -100, -50, 0, 90, 110, 140, 170, 400, 420, 430, 450, 620, 1430]
A, PLUS, MINUS, GONE = (
    Adjustment.AVERAGE,
    Adjustment.AVERAGE_PLUS,
    Adjustment.AVERAGE_MINUS,
    Adjustment.NOT_PLAYED,
)


@st.composite
def row(draw: st.DrawFn, ns: int, ew: int, group: str | None) -> TravellerLine:
    kind = draw(st.sampled_from(["score"] * 8 + ["adjusted", "split", "gone", "weighted"]))
    if kind == "adjusted":
        return TravellerLine.adjusted(ns, ew, draw(st.sampled_from([A, PLUS, MINUS])), group=group)
    if kind == "split":
        pair = draw(st.sampled_from([(PLUS, PLUS), (MINUS, MINUS), (PLUS, A), (A, MINUS)]))
        return TravellerLine.adjusted(ns, ew, *pair, group=group)
    if kind == "gone" and group is None:
        return TravellerLine.not_played(ns, ew)
    if kind == "weighted":
        w = draw(st.sampled_from([Fraction(1, 2), Fraction(3, 5)]))
        parts = [(w, draw(st.sampled_from(SCORES))), (1 - w, draw(st.sampled_from(SCORES)))]
        return TravellerLine.assigned(ns, ew, parts, group=group)
    return TravellerLine.played(ns, ew, draw(st.sampled_from(SCORES)), group=group)


@st.composite
def field(draw: st.DrawFn) -> tuple[list[Board], list[Penalty]]:
    """A Mitchell field: NS pairs 1..T stay, EW pairs T+1..2T move a table a board."""
    tables = draw(st.integers(min_value=2, max_value=8))
    boards = []
    for number in range(1, draw(st.integers(min_value=1, max_value=5)) + 1):
        fouled = draw(st.integers(min_value=0, max_value=5)) == 0
        playing = draw(st.integers(min_value=1, max_value=tables))  # some tables sit out
        rows = []
        for t in range(1, playing + 1):
            group = draw(st.sampled_from(["A", "B"])) if fouled else None
            rows.append(draw(row(t, tables + 1 + (t + number) % tables, group)))
        boards.append(Board.of(number, rows))
    present = sorted({r.ns for b in boards for r in b.results})
    penalties = []
    if draw(st.booleans()):
        pair = draw(st.sampled_from(present))
        penalties.append(Penalty(pair, draw(st.sampled_from([Fraction(1, 2), Fraction(1)]))))
    return boards, penalties


CONVENTIONS = [Convention.JCBL, Convention.TWO_PER_COMPARISON, Convention.JFR_PARY]


def scored(boards: list[Board], engine: Engine, **how: Any) -> object:
    """The session scored by ``engine``, or the refusal's line (both engines refuse alike)."""
    try:
        return score_session(boards, winners=2, engine=engine, **how)
    except ScoringError as e:
        return str(e)


@settings(max_examples=120)
@given(field(), st.sampled_from(CONVENTIONS))
def test_matchpoints_equal_on_random_fields(
    made: tuple[list[Board], list[Penalty]], convention: Convention
) -> None:
    boards, penalties = made
    how = {"penalties": penalties, "convention": convention}
    assert scored(boards, Engine.FAST, **how) == scored(boards, Engine.EXACT, **how)


@settings(max_examples=80)
@given(field())
def test_cross_imps_equal_on_random_fields(made: tuple[list[Board], list[Penalty]]) -> None:
    boards, penalties = made
    how = {"penalties": penalties, "method": Method.XIMP}
    assert scored(boards, Engine.FAST, **how) == scored(boards, Engine.EXACT, **how)


def test_a_big_field_takes_the_vectorised_engine_by_itself() -> None:
    # FAST_FROM results or more: AUTO scores through NumPy, with the same values
    tables = FAST_FROM // 2 + 1
    boards = [
        Board.of(b, [TravellerLine.played(t, tables + 1 + (t + b) % tables,
                                          SCORES[(t * 7 + b) % len(SCORES)])
                     for t in range(1, tables + 1)])
        for b in (1, 2)
    ]  # fmt: skip
    auto = score_boards(boards, Method.MP)
    assert auto == score_boards(boards, Method.MP, engine=Engine.EXACT)
    assert auto == score_boards(boards, Method.MP, engine=Engine.FAST)


def test_what_the_vectorised_engine_does_not_score_is_refused_by_name() -> None:
    board = [Board.of(1, [TravellerLine.played(1, 2, 420), TravellerLine.played(3, 4, 450)])]
    with pytest.raises(ScoringError, match="Neuberg factoring and classic cross-IMPs only"):
        score_boards(board, Method.MP, missing=Missing.HALF, engine=Engine.FAST)
    with pytest.raises(ScoringError, match="Neuberg factoring and classic cross-IMPs only"):
        score_boards(board, Method.XIMP, per_comparison=True, engine=Engine.FAST)
