"""The matchpoint conventions in outputs: ``score --convention`` and a stored event's
``--convention`` (bridgedesk.scoring.options; issue 13).

The FFB file (tests/scoring/data/README.md) was written by Magic Contest France on
the 2-per-comparison scale: bridgedesk's JSON, PBN and text outputs with
``--convention two-per-comparison`` must carry the file's own MP_NS figures, and the
percentages must be JCBL's.  The no-factoring (JFR Pary) figures are worked out by
hand in tests/scoring/test_conventions.py's docstring (the same three boards here as a
stored event).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.events import GridMovement, TableAssignment, make_result
from bridgedesk.formats import pbn_scores
from bridgedesk.services import slips
from bridgedesk.store.service import Store
from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli

FFB = Path(__file__).parent / "data" / "ffb_2022_board28.pbn"


def score(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> str:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    assert code == status, err
    return out if status == 0 else err


def their_mp_ns() -> list[Fraction]:
    table = pbn_scores.pbn.load(FFB)[0].table("ScoreTable")
    assert table is not None
    return [Fraction(c) for c in table.column("MP_NS")]


def test_two_per_comparison_writes_the_ffb_figures(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(score(capsys, str(FFB), "--format", "json", "--convention", "ffb"))
    board = doc["boards"][0]
    assert board["top"] == 42
    assert [Fraction(str(r["ns_points"])) for r in board["results"]] == their_mp_ns()
    jcbl = json.loads(score(capsys, str(FFB), "--format", "json"))
    assert jcbl["boards"][0]["top"] == 21
    assert {(x["pair"], x["direction"]): x["percentage"] for x in doc["ranking"]} == {
        (x["pair"], x["direction"]): x["percentage"] for x in jcbl["ranking"]
    }
    pbn = score(capsys, str(FFB), "--format", "pbn", "--convention", "two-per-comparison")
    line = next(x for x in pbn.splitlines() if x.startswith("19 14  4 11"))
    assert line.split()[-4:] == ["42.00", "0.00", "100.00", "0.00"]


def test_a_convention_goes_with_its_methods(capsys: pytest.CaptureFixture[str]) -> None:
    err = score(capsys, str(FFB), "--method", "ximp", "--convention", "pary", status=2)
    assert err.startswith("error: the convention jfr-pary is for mp scoring, not ximp")
    err = score(capsys, str(FFB), "--method", "butler", "--convention", "bbo", status=2)
    assert err.startswith("error: the convention bbo is for mp, ximp scoring, not butler")
    err = score(capsys, str(FFB), "--convention", "nonsense", status=2)
    assert "unknown scoring convention 'nonsense'" in err


#: test_conventions.py's three boards: round, table, board, NS, EW, contract, declarer,
#: result (board 1 none vul: 420, 450, 400; board 2 NS vul: -100, 110; board 3: 140 twice, 170)
SLIPS = [
    (1, 1, 1, 1, 4, "4S", "N", "="), (1, 2, 1, 2, 5, "4S", "N", "+1"),
    (1, 3, 1, 3, 6, "3NT", "N", "="),
    (2, 1, 2, 1, 5, "4S", "N", "-1"), (2, 2, 2, 2, 6, "2S", "N", "="),
    (3, 1, 3, 1, 6, "3S", "N", "="), (3, 2, 3, 2, 4, "3S", "N", "="),
    (3, 3, 3, 3, 5, "3H", "N", "+1"),
]  # fmt: skip


def stored(cli: Cli, convention: str) -> None:
    cli("event", "new", "Pary", "--date", "2026-11-24", "--convention", convention)
    grid = {}
    for rnd, table, board, ns, ew, *_ in SLIPS:
        grid[(rnd, table)] = TableAssignment(ns, ew, (board,))
    grid[(2, 3)] = TableAssignment(3, 4, (2,))
    movement = GridMovement("by hand", "mitchell", 3, 3, 2, grid)
    with Store.open(cli.db) as store:
        for n in range(1, 7):
            cli("entry", "add", "Pary", "--pair", str(n), "--names", f"N{n}, S{n}")
        store.set_movement("Pary", movement)
        for rnd, table, board, ns, ew, c, d, r in SLIPS:
            slip = make_result(round=rnd, table=table, board=board, ns=ns, ew=ew, contract=c,
                               declarer=d, result=r)  # fmt: skip
            slips.enter(store, "Pary", slip)


def test_a_stored_event_scored_the_jfr_pary_way(cli: Cli) -> None:
    stored(cli, "pary")
    cli("result", "not-played", "Pary", "--round", "2", "--table", "3", "--board", "2",
        "--reason", "slow play")  # fmt: skip
    doc = json.loads(cli("results", "Pary", "--format", "json", "--final"))
    got = {x["pair"]: (x["total"], x["percentage"]) for x in doc["ranking"]}
    # the hand-worked figures of test_conventions.py: plain sums, % of what was played
    assert got == {1: (1.5, 30), 2: (3.5, 70), 3: (2, 50), 4: (2.5, 62.5), 5: (1, 20),
                   6: (3.5, 70)}  # fmt: skip
    assert "scoring convention: jfr-pary" in cli("event", "options", "Pary")


def test_a_stored_event_with_two_per_comparison(cli: Cli) -> None:
    stored(cli, "two-per-comparison")
    doc = json.loads(cli("results", "Pary", "--format", "json"))
    got = {x["pair"]: x["total"] for x in doc["ranking"]}
    # JCBL's totals (test_conventions.py) doubled: NS1 1.75, NS2 4.25, NS3 3; EW4 3.75 ...
    assert got == {1: 3.5, 2: 8.5, 3: 6, 4: 7.5, 5: 3.5, 6: 7.5}
    before = dump(cli.db)
    err = cli("event", "options", "Pary", "--convention", "jcbl", status=2)
    assert err == "error: changing the event's options needs --reason (the audit log)\n"
    assert dump(cli.db) == before


def test_a_stored_event_scored_the_bbo_way(cli: Cli) -> None:
    stored(cli, "bbo")
    cli("result", "not-played", "Pary", "--round", "2", "--table", "3", "--board", "2",
        "--reason", "slow play")  # fmt: skip
    doc = json.loads(cli("results", "Pary", "--format", "json", "--final"))
    got = {x["pair"]: x["percentage"] for x in doc["ranking"]}
    # the mean of each pair's board percentages over the boards it played
    # (test_conventions.py's boards 1-3): NS1 50, 0, 25; NS2 100, 100, 25; NS3 0, 100 ...
    assert got == {1: 25, 2: 75, 3: 50, 4: 62.5, 5: 33.33, 6: 58.33}
    assert "scoring convention: bbo" in cli("event", "options", "Pary")
