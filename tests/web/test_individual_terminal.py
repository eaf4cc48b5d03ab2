"""The table terminal of a stored individual event names the four players of the
table, seat by seat, and says "player" where a pairs event says "pair", in English
and Japanese (004:1576-1614: partners change every round, so each of the four
moves alone).  Expected seats and moves are read from the stored plan's master
sheet (``IndividualPlan.seats``), not from the page code.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.events.entry import make_result
from bridgedesk.events.individual import IndividualPlan
from bridgedesk.events.slips import SeatedResult
from bridgedesk.services import slips
from bridgedesk.store import individuals, terminals
from bridgedesk.store.service import Store
from bridgedesk.web.app import create_app

EVENT = "Spring individual"


@pytest.fixture
def stored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Store]:
    db = str(tmp_path / "club.sqlite3")
    assert main(["event", "new", EVENT, "--kind", "individual", "--date", "2026-11-24",
                 "--db", db]) == 0  # fmt: skip
    for n in range(1, 13):
        assert main(["entry", "add", EVENT, "--kind", "individual", "--player", f"Player {n}",
                     "--db", db]) == 0  # fmt: skip
    assert main(["event", "movement", EVENT, "--recommend", "--db", db]) == 0
    capsys.readouterr()
    store = Store.open(db)
    yield store
    store.close()


def plan_of(store: Store) -> IndividualPlan:
    plan = individuals.plan(store, EVENT)
    assert plan is not None
    return plan


def login(client: TestClient, store: Store, table: int) -> None:
    code = {(c.section, c.table): c.code for c in terminals.table_codes(store, 1)}[("A", table)]
    answer = client.post(
        "/api/table/login", json={"event": 1, "section": "A", "table": table, "code": code}
    )
    assert answer.status_code == 200, answer.text
    client.cookies.set("bd_table", answer.json()["token"])


def test_the_four_players_and_their_moves(stored: Store) -> None:
    plan = plan_of(stored)
    app = create_app(store=stored, login_limit=5, poll_seconds=0.05)
    with TestClient(app) as client:
        login(client, stored, 1)
        page = html.unescape(client.get("/t/table?lang=en").text)
        seated = plan.seats[(1, 1)]
        for seat, player in zip(("North", "South", "East", "West"), seated.players, strict=True):
            assert f'<b>{seat} {player}</b><span class="names">Player {player}</span>' in page
        assert "<b>NS " not in page
        # round 1 played at table 1: each of the four is sent to its round-2 seat
        for board in seated.boards:
            made = make_result(round=1, table=1, board=board, ns=seated.north, ew=seated.east,
                               contract="3NT", declarer="N", result="=")  # fmt: skip
            slips.enter(stored, EVENT, SeatedResult(made, seated.players))
        page = html.unescape(client.get("/t/table?lang=en").text)
        where = {p: (t, s) for (r, t), x in plan.seats.items() if r == 2
                 for s, p in zip("NSEW", x.players, strict=True)}  # fmt: skip
        words = {"N": "North", "S": "South", "E": "East", "W": "West"}
        for player in seated.players:
            if player in where:
                table, seat = where[player]
                assert f"Player {player} → table {table} {words[seat]}" in page
            else:
                assert f"Player {player} sits out the next round" in page
        assert "Pair " not in page
        ja = html.unescape(client.get("/t/table?lang=ja").text)
        first = seated.players[0]
        table, seat = where[first]
        jwords = {"N": "ノース", "S": "サウス", "E": "イースト", "W": "ウエスト"}
        assert f"プレイヤー {first} → テーブル {table} {jwords[seat]}" in ja
        now = plan.seats[(2, 1)]
        assert f"<b>ノース {now.north}</b>" in ja and f"<b>ウエスト {now.west}</b>" in ja
        assert "ペア " not in ja
