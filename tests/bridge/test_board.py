"""Board number -> dealer and vulnerability, checked against the seed's table (004:421-434)."""

from __future__ import annotations

import pytest

from bridgedesk.bridge import (
    BoardInfo,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from bridgedesk.errors import BoardNumberError

# 004:427-431: rows are vulnerabilities, columns dealers N E S W, cells board numbers 1-16.
SEED_TABLE = {
    Vulnerability.NONE: (1, 14, 11, 8),
    Vulnerability.NS: (5, 2, 15, 12),
    Vulnerability.EW: (9, 6, 3, 16),
    Vulnerability.BOTH: (13, 10, 7, 4),
}
EXPECTED = {
    board: (dealer, vul)
    for vul, boards in SEED_TABLE.items()
    for dealer, board in zip((Seat.N, Seat.E, Seat.S, Seat.W), boards, strict=True)
}


@pytest.mark.parametrize("board", range(1, 65))
def test_boards_1_to_64_follow_the_16_board_cycle(board: int) -> None:
    # 004:433-434: boards 17-32, 33-48 (and on) repeat 1-16.
    dealer, vul = EXPECTED[(board - 1) % 16 + 1]
    assert board_dealer(board) is dealer
    assert board_vulnerability(board) is vul
    assert BoardInfo.of(board) == BoardInfo(board, dealer, vul)


def test_seed_table_covers_each_board_once() -> None:
    assert sorted(EXPECTED) == list(range(1, 17))


@pytest.mark.parametrize("bad", [0, -1, -16])
def test_board_zero_or_negative_is_rejected(bad: int) -> None:
    with pytest.raises(BoardNumberError, match="board number"):
        board_dealer(bad)


def test_vulnerable_sides() -> None:
    assert Vulnerability.NS.is_vulnerable(Side.NS)
    assert not Vulnerability.NS.is_vulnerable(Seat.E)
    assert Vulnerability.BOTH.is_vulnerable(Seat.W)
    assert not Vulnerability.NONE.is_vulnerable(Side.EW)
    assert Vulnerability.parse("both") is Vulnerability.BOTH
    assert Vulnerability.parse("None") is Vulnerability.NONE
