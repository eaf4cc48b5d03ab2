"""A pair withdrawing part way through a stored session (003:61-73), through the CLI.

The 3-table Mitchell of tests/events/conftest.py gives each pair 6 boards (3 rounds of
2).  NS pair 3 leaving before round 3 loses 2 of 6: A- to it, A+ to its opponents on
those boards (003:65-69).  NS pair 1 leaving before round 2 loses 4 of 6, half or
more: the scores it played are removed, its opponents' included (003:73).
"""

from __future__ import annotations

import json

from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips
from bridgedesk.store.director import audit_log
from bridgedesk.store.service import Store


def enter_rounds(cli: Cli, mitchell: GridMovement, rounds: range, skip: int) -> None:
    """Every slip of ``rounds`` but those of pair ``skip``: 3NT by North made."""
    with mitchell_event(cli.db, mitchell) as store:
        for rnd in range(1, mitchell.rounds + 1):
            for table in range(1, mitchell.tables + 1):
                a = mitchell.assignment(rnd, table)
                assert a is not None
                if skip in (a.ns, a.ew) and rnd not in rounds:
                    continue
                for b in a.boards:
                    slips.enter(store, 1, make_result(round=rnd, table=table, board=b, ns=a.ns,
                                                    ew=a.ew, contract="3NT", declarer="N",
                                                    result="="))  # fmt: skip


def test_less_than_half_lost_gives_averages(cli: Cli, mitchell: GridMovement) -> None:
    enter_rounds(cli, mitchell, range(1, 3), skip=3)
    assert "PROVISIONAL: 2 of 18 slips missing" in cli("results", EVENT)
    out = cli("result", "withdraw-pair", EVENT, "--pair", "NS 3", "--from-round", "3",
              "--reason", "illness", "--by", "td")  # fmt: skip
    assert out == (
        "pair NS 3: 2 of its 6 boards not played: A- to it, A+ to its opponents (003:65-69) "
        "on 2 slip(s)\n"
    )
    doc = json.loads(cli("results", EVENT, "--format", "json", "--final"))
    a = mitchell.assignment(3, 3)
    assert a is not None
    got = [
        (line["round"], line["table"], board["board"], line["adjusted"])
        for board in doc["boards"]
        for line in board["results"]
        if line["adjusted"]
    ]
    assert sorted(got) == [(3, 3, b, "A-/A+") for b in a.boards]
    with Store.open(cli.db) as store:
        log = audit_log(store, EVENT)
    assert [(x.action, x.subject, x.who, x.reason) for x in log] == [
        ("withdraw-pair", "pair 3", "td", "illness")
    ]


def test_half_or_more_lost_removes_the_pair(cli: Cli, mitchell: GridMovement) -> None:
    enter_rounds(cli, mitchell, range(1, 2), skip=1)
    before = json.loads(cli("results", EVENT, "--format", "json"))
    assert 1 in {x["pair"] for x in before["ranking"]}
    out = cli("result", "withdraw-pair", EVENT, "--pair", "NS 1", "--from-round", "2",
              "--reason", "left early")  # fmt: skip
    assert out.startswith("pair NS 1: 4 of its 6 boards not played: half or more")
    assert "2 result(s) deleted, 6 slip(s) marked not played" in out
    doc = json.loads(cli("results", EVENT, "--format", "json", "--final"))
    assert 1 not in {x["pair"] for x in doc["ranking"]}
    assert all(1 not in (r["ns"], r["ew"]) for b in doc["boards"] for r in b["results"])
    # every other pair is factored up to the field's 6 boards (004:1292-1296): with every
    # board made the same everywhere, each board is a tie, so each pair has 50 %
    assert {x["percentage"] for x in doc["ranking"]} == {50}
    # the deletions are audited corrections (and `result undo` can put one back)
    history = cli("result", "history", EVENT, "--board", "1")
    assert "delete" in history and "pair 1 withdrew before round 2" in history


def test_a_pair_that_played_on_cannot_withdraw(cli: Cli, mitchell: GridMovement) -> None:
    enter_rounds(cli, mitchell, range(1, 3), skip=3)
    before = dump(cli.db)
    err = cli("result", "withdraw-pair", EVENT, "--pair", "NS 3", "--from-round", "2",
              "--reason", "x", status=2)  # fmt: skip
    assert err == (
        "error: pair 3 has results in round 2: it played on; withdraw it from a later "
        "round, or delete those results first\n"
    )
    for args, message in (
        (["--pair", "9", "--from-round", "2", "--reason", "x"], "pair 9 is not entered"),
        (["--pair", "NS 3", "--from-round", "4", "--reason", "x"], "round 4 does not exist"),
        (["--pair", "NS 3", "--from-round", "3", "--reason", " "], "needs a reason"),
    ):
        assert message in cli("result", "withdraw-pair", EVENT, *args, status=2)
    assert dump(cli.db) == before


def test_an_ew_pair_gets_its_average_minus_on_the_ew_side(cli: Cli, mitchell: GridMovement) -> None:
    pair = 4
    enter_rounds(cli, mitchell, range(1, 3), skip=pair)
    # EW 1 of the cards, stored as 4 (004:968-980)
    cli("result", "withdraw-pair", EVENT, "--pair", "EW 1", "--from-round", "3",
        "--reason", "x")  # fmt: skip
    doc = json.loads(cli("results", EVENT, "--format", "json", "--final"))
    adjusted = {r["adjusted"] for b in doc["boards"] for r in b["results"] if r["adjusted"]}
    assert adjusted == {"A+/A-"}
