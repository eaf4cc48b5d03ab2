"""A barometer's procedural penalties count from the round they were given in
(003:47-59): the standings after each round take off every penalty of that round
and the rounds before, and the final takes them all.  A penalty naming a board
counts from the round that board was played in.

The running totals are counted here from the slips (one point per NS score beaten,
a half per tie: :func:`tests.events.test_pair_rounds_cli.percentages`), and the
penalties (``--mp``: exactly that many matchpoints) taken off by hand.
"""

from __future__ import annotations

from fractions import Fraction

from tests.events.store_dump import cli_fixture  # noqa: F401
from tests.events.test_cli import Cli
from tests.events.test_pair_rounds_cli import (
    EVENT,
    drawn,
    enter,
    f2,
    new_event,
    percentages,
    standings,
)


def test_every_rounds_penalties_count_after_that_round(cli: Cli) -> None:
    new_event(cli, "barometer", 6)
    running: list[dict[int, Fraction]] = []
    totals: dict[int, Fraction] = {}
    for rnd in (1, 2, 3):
        tables = drawn(cli("event", "round", EVENT, "--next", "--boards", "2"))
        boards = range(2 * rnd - 1, 2 * rnd + 1)
        tricks = {(1, boards[0]): 10, (3, boards[1]): 8, (2, boards[1]): 10 - rnd % 2}
        enter(cli, rnd, tables, boards, tricks)
        for p, pct in percentages(tables, boards, tricks).items():
            totals[p] = totals.get(p, Fraction(0)) + pct * 4 / 100  # top 2 a board, 2 boards
        running.append(dict(totals))
    # pair 2 fined 1 MP on board 1 (round 1), pair 5 half an MP on board 4 (round 2)
    cli("result", "penalty", EVENT, "--pair", "2", "--mp", "1", "--board", "1",
        "--reason", "slow play")  # fmt: skip
    cli("result", "penalty", EVENT, "--pair", "5", "--mp", "0.5", "--board", "4",
        "--reason", "wrong board")  # fmt: skip
    fines = [{2: Fraction(1)}, {2: Fraction(1), 5: Fraction(1, 2)},
             {2: Fraction(1), 5: Fraction(1, 2)}]  # fmt: skip
    rounds = standings(cli)["rounds"]
    assert isinstance(rounds, list) and len(rounds) == 3
    for i, (want, fine) in enumerate(zip(running, fines, strict=True)):
        got = {int(x["pair"]): x for x in rounds[i]["ranking"]}
        for p, t in want.items():
            assert f2(Fraction(str(got[p]["total"]))) == f2(t - fine.get(p, Fraction(0))), (i, p)
            assert f2(Fraction(str(got[p]["penalty"]))) == f2(fine.get(p, Fraction(0)))
        # the order after each round is the penalised totals'
        net = {p: t - fine.get(p, Fraction(0)) for p, t in want.items()}
        assert [int(x["pair"]) for x in rounds[i]["ranking"]] == sorted(
            net, key=lambda p: (-net[p], p)
        )
    # a penalty naming no board counts from the last round scored (as in Swiss pairs)
    cli("result", "penalty", EVENT, "--pair", "4", "--mp", "2", "--reason", "late")
    rounds = standings(cli)["rounds"]
    assert isinstance(rounds, list)
    r2 = {int(x["pair"]): x for x in rounds[1]["ranking"]}
    r3 = {int(x["pair"]): x for x in rounds[2]["ranking"]}
    assert f2(Fraction(str(r2[4]["total"]))) == f2(running[1][4])
    assert f2(Fraction(str(r3[4]["total"]))) == f2(running[2][4] - 2)
