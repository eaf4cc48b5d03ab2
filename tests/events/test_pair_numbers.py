"""One numbering a player sees (issue 25): in a 9-table Mitchell the cards print EW 1-9
(004:968-980, Fig 9), and the slip of the pair printed EW 1 is typed ``--ew 1``."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.events.test_cli import Cli

from bridgedesk.bridge import Side
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.store.service import Store

EVENT = "Club Mitchell"


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


def nine_table_mitchell(cli: Cli, name: str = EVENT, *options: str) -> str:
    """A stored 9-table Mitchell of 18 pairs, 3 boards a round (``options``: more of
    ``event new``'s)."""
    cli("event", "new", name, "--date", "2026-11-24", *options)
    for n in range(1, 19):
        cli("entry", "add", name, "--pair", str(n), "--names", f"N{n}, S{n}")
    cli("event", "movement", name, "--kind", "mitchell", "--tables", "9",
        "--boards-per-round", "3")  # fmt: skip
    return name


@pytest.fixture
def mitchell(cli: Cli) -> str:
    return nine_table_mitchell(cli)


def test_the_pair_printed_ew_1_is_typed_ew_1(cli: Cli, mitchell: str, tmp_path: Path) -> None:
    cli("movement", "cards", "--event", mitchell, "--out", str(tmp_path / "cards"))
    card = (tmp_path / "cards" / "movement.txt").read_text("utf-8")
    table_1 = card[card.index("Table 1\n") :].splitlines()
    assert table_1[2].split()[:5] == ["1", "NS", "1", "EW", "1"]  # round 1: NS 1 v EW 1
    master = card.split("Table 1\n")[0].splitlines()
    assert master[3].split() == [
        "1",
        "1-1",
        "2-2",
        "3-3",
        "4-4",
        "5-5",
        "6-6",
        "7-7",
        "8-8",
        "9-9",
    ]  # fmt: skip  (Fig 9's numbers: EW 1-9)
    assert "  10  EW 1    N10 - S10" in cli("entry", "list", mitchell)

    out = cli("result", "add", mitchell, "--round", "1", "--table", "1", "--board", "1",
              "--ns", "1", "--ew", "1", "3NT", "N", "=")  # fmt: skip
    assert out == "result 1: board 1 NS 1 v EW 1 3NT N = (NS +400)\n"
    with Store.open(cli.db) as store:
        (stored,) = store.results(mitchell)
    assert (stored.result.ns, stored.result.ew) == (1, 10)  # the pair entered as number 10

    # a refusal names the pairs as the cards print them
    err = cli("result", "add", mitchell, "--round", "1", "--table", "1", "--board", "2",
              "--ns", "1", "--ew", "2", "3NT", "N", "=", status=2)  # fmt: skip
    assert err == (
        "error: round 1, table 1, board 2: round 1 table 1 seats NS 1 v EW 1, not NS 1 v EW 2\n"
    )
    # the through number (EW 10, 004:1224-1226) names the same pair
    out = cli("result", "add", mitchell, "--round", "1", "--table", "1", "--board", "2",
              "--ns", "1", "--ew", "10", "4S", "S", "-1")  # fmt: skip
    assert out == "result 2: board 2 NS 1 v EW 1 4S S -1 (NS -100)\n"  # NS vulnerable
    assert "NS 1 v EW 1  4S S -1" in cli("result", "list", mitchell)

    ranking = cli("results", mitchell)
    east_west = ranking[ranking.index("East-West") :].splitlines()
    assert east_west[2].split()[1] == "1"  # EW 1 ranked as EW 1, not 10


def test_numbers_of_a_mitchell_grid() -> None:
    grid = {(1, t): TableAssignment(t, 3 + t, (t,)) for t in (1, 2, 3)}
    numbers = PairNumbers.of(GridMovement("m", "mitchell", 1, 3, 2, grid))
    assert [numbers.label(n) for n in range(1, 7)] == ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2",
                                                       "EW 3"]  # fmt: skip
    assert numbers.entered(2, 2) == (2, 5)
    assert numbers.stored(Side.EW, 5) == 5  # the through number
    # a Howell (one field) and a scrambled Mitchell (fields sharing numbers) keep them
    howell = {(1, 1): TableAssignment(1, 2, (1,)), (1, 2): TableAssignment(3, 4, (1,))}
    assert PairNumbers.of(GridMovement("h", "howell", 1, 2, 1, howell)).label(4) == "4"
    shared = {(1, 1): TableAssignment(1, 2, (1,)), (1, 2): TableAssignment(4, 3, (1,))}
    assert not PairNumbers.of(GridMovement("s", "mitchell", 1, 2, 2, shared)).two_fields
