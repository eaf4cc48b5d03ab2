"""The results CSV reader and writer (formats/results_csv.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import ALL_CONTRACTS, Contract, Seat
from bridgedesk.errors import FormatError
from bridgedesk.events import AdjustedScore, Result
from bridgedesk.formats import results_csv


def test_semicolons_bom_aliases_and_kinds() -> None:
    text = (
        "\ufeffRnd;Tbl;Bd;NS;EW;Contract;By;Made;Lead;Adjusted;Section\n"
        "# a comment line\n"
        "2;4;7;3;10;4SX;S;-2;♥10;;B\n"
        "\n"
        "1;1;1;1;2;PASS;;;;;A\n"
        "1;1;2;1;2;;;;;A+/A-;A\n"
    )
    rows = results_csv.loads(text)
    assert [line for line, _ in rows] == [3, 5, 6]
    played, passed, adjusted = (r for _, r in rows)
    assert played == Result(
        2, 4, 7, 3, 10, Contract.parse("4SX"), Seat.S, 8, lead="HT", section="B"
    )
    assert passed.contract is Contract.PASS and passed.declarer is None
    assert adjusted.adjusted == AdjustedScore.parse("A+/A-")


def test_tricks_column() -> None:
    [(_, r)] = results_csv.loads(
        "round,table,board,ns,ew,contract,declarer,tricks\n1,1,1,1,2,3NT,N,10\n"
    )
    assert r.tricks == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round,table,board,ns\n", "missing column(s) ew"),
        ("round,table,board,ns,ew,score\n", "unknown column 'score'"),
        ("round,table,board,ns,ew,result,tricks\n", "either a result or a tricks"),
        ("", "no header line"),
        (
            "round,table,board,ns,ew,contract,declarer,result\n1,1,1,1,2,4S,N,+4\n",
            "slips.csv:2: result +4 is impossible in 4S",
        ),
        (
            "round,table,board,ns,ew,contract,declarer,result\n1,,1,1,2,4S,N,=\n",
            "slips.csv:2, field table: table is empty",
        ),
    ],
)
def test_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=re.escape(message)):
        results_csv.loads(text, file="slips.csv")


def test_load_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    path.write_bytes(b"round,table\n\xff\n")
    with pytest.raises(FormatError, match=r"s\.csv:2:1: not UTF-8"):
        results_csv.load(path)


playable = st.sampled_from(ALL_CONTRACTS)


@st.composite
def results(draw: st.DrawFn) -> Result:
    rnd, table, board = draw(st.integers(1, 20)), draw(st.integers(1, 20)), draw(st.integers(1, 36))
    ns = draw(st.integers(1, 40))
    ew = draw(st.integers(1, 40).filter(lambda e: e != ns))
    kind = draw(st.sampled_from(["played", "pass", "adjusted"]))
    if kind == "adjusted":
        return Result(
            rnd,
            table,
            board,
            ns,
            ew,
            adjusted=draw(
                st.sampled_from([AdjustedScore.parse(t) for t in ("A+/A-", "A/A", "A-/A+")])
            ),
        )
    if kind == "pass":
        return Result(rnd, table, board, ns, ew, Contract.PASS)
    lead = draw(st.none() | st.sampled_from(["SA", "HT", "C2", "D9"]))
    return Result(
        rnd,
        table,
        board,
        ns,
        ew,
        draw(playable),
        draw(st.sampled_from(list(Seat))),
        draw(st.integers(0, 13)),
        lead=lead,
        section=draw(st.sampled_from("AB")),
        session=draw(st.integers(1, 2)),
    )


@settings(max_examples=60)
@given(st.lists(results(), max_size=8))
def test_round_trip(rows: list[Result]) -> None:
    assert [r for _, r in results_csv.loads(results_csv.dumps(rows))] == rows
