"""`bridgedesk calc demo`: the calculator demonstration shows real, checked numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bridgedesk.cli import main
from bridgedesk.cli.calc_demo import build_demo


def test_demo_numbers() -> None:
    demo = build_demo()
    # Board 5: dealer N, NS vulnerable (004:421-434).
    assert (demo.board.dealer.value, str(demo.board.vulnerability)) == ("N", "NS")
    # 4S= vul 620; 4S+1 650; 5DX by W -3 (EW not vul) 500 to NS; 3NT -1 vul -100;
    # passed out 0; 4SX= vul 240 + 500 + 50 = 790.
    assert [line.score_ns for line in demo.traveller] == [620, 650, 500, -100, 0, 790]
    # Board by board: 430-400, -420-50, 140+300, 1440-690.
    assert [row.difference for row in demo.match] == [30, -470, 440, 750]
    assert [row.imps for row in demo.match] == [1, -10, 10, 13]
    assert demo.imps_total == 14
    # The WBF 4-board continuous table gives 16.42 for 14 IMPs (see tests/bridge/test_vp.py).
    assert demo.vp == (Decimal("16.42"), Decimal("3.58"))


def test_demo_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "demo"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for text in ("Board 5 traveller", "+790", "5DX", "Total", "+14", "16.42", "3.58"):
        assert text in out
