"""``result disputes`` and ``result resolve``: a table's dispute listed and ruled on from
the command line with the console's functions (:mod:`bridgedesk.store.disputes`),
confirmed or corrected, audited; a refused ruling leaves the dispute open."""

from __future__ import annotations

from pathlib import Path

from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips
from bridgedesk.store import director
from bridgedesk.store.disputes import disputes, raise_dispute
from bridgedesk.store.service import Store


def _two_disputes(db: Path, mitchell: GridMovement) -> tuple[int, int]:
    with mitchell_event(db, mitchell) as store:
        ids = [
            slips.enter(
                store,
                1,
                make_result(
                    round=1, table=1, board=b, ns=1, ew=4, contract="4S", declarer="N", result="="
                ),
            )
            for b in (1, 2)
        ]
        first = raise_dispute(store, 1, ids[0], who="table 1", note="10 tricks, not 11")
        second = raise_dispute(store, 1, ids[1], who="table 1")
    return first, second


def test_list_confirm_and_correct(cli: Cli, mitchell: GridMovement) -> None:
    first, second = _two_disputes(cli.db, mitchell)
    out = cli("result", "disputes", EVENT)
    lines = out.splitlines()
    assert len(lines) == 2 and all("OPEN" in line for line in lines)
    assert "round 1 table 1 board 1" in lines[0] and "10 tricks, not 11" in lines[0]
    out = cli("result", "resolve", EVENT, str(first), "4S", "N", "-1", "--reason", "9 tricks",
              "--by", "td")  # fmt: skip
    assert f"dispute {first}: correction" in out and "4S N -1" in out
    out = cli("result", "resolve", EVENT, str(second), "--reason", "claim checked", "--by", "td")
    assert out.strip() == f"dispute {second}: the result is confirmed as entered"
    assert cli("result", "disputes", EVENT, "--open").strip() == "no open disputes"
    listed = cli("result", "disputes", EVENT).splitlines()
    assert "corrected by td: 9 tricks (correction" in listed[0]
    assert "confirmed by td: claim checked" in listed[1]
    with Store.open(cli.db) as store:
        ruled = disputes(store, EVENT)
        assert [d.resolution for d in ruled] == ["corrected", "confirmed"]
        board1 = next(r for r in store.results(EVENT) if r.result.board == 1)
        assert board1.result.ns_score == -50  # 4S N one down, board 1 none vulnerable: 50
        actions = [line.action for line in director.audit_log(store, EVENT)]
    assert "dispute-corrected" in actions and "dispute-confirmed" in actions


def test_a_refused_ruling_leaves_the_dispute_open(cli: Cli, mitchell: GridMovement) -> None:
    first, _ = _two_disputes(cli.db, mitchell)
    before = dump(cli.db)
    err = cli("result", "resolve", EVENT, str(first), "4S", "N", "+9", "--reason", "r", status=2)
    assert err.startswith("error: ") and "+9" in err
    err = cli("result", "resolve", EVENT, str(first), "--reason", " ", status=2)
    assert "give the reason for the ruling" in err
    assert dump(cli.db) == before
    cli("result", "resolve", EVENT, str(first), "--reason", "ok")
    err = cli("result", "resolve", EVENT, str(first), "--reason", "again", status=2)
    assert f"dispute {first} was already confirmed" in err
