"""Issue 25 at the desk: during play the missing slips are listed the late ones first
(not every future round's slip), by the console and by ``bridgedesk result missing``
alike; the console's correction form starts from the stored result."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login


@pytest.fixture
def boss(stored: Stored) -> Iterator[TestClient]:
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    with TestClient(create_app(store=stored.store, poll_seconds=0.0)) as client:
        console_login(client, "boss")
        yield client


def _enter(stored: Stored, rnd: int, table: int, **kw: str) -> int:
    a = stored.movement.assignment(rnd, table)
    assert a is not None
    ids = []
    for board in a.boards:
        slip = {"contract": "4S", "declarer": "N", "result": "=", **kw}
        result = make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew, **slip)
        ids.append(slips.enter(stored.store, stored.event, result, who="kim"))
    return ids[0]


def _played(stored: Stored) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Round 1 in at every table but table 2; round 2 in at table 1 only: the late
    (round 1, table 2) and the due (round 2, tables 2...) cells."""
    m = stored.movement
    for table in range(1, m.tables + 1):
        if table != 2:
            _enter(stored, 1, table)
    _enter(stored, 2, 1)
    late = {(1, 2)}
    due = {(2, t) for t in range(2, m.tables + 1)}
    return late, due


def test_the_console_lists_the_late_slips_first(stored: Stored, boss: TestClient) -> None:
    late, due = _played(stored)
    page = boss.get(f"/d/events/{stored.event}/results").text
    section = page[
        page.index('<section id="missing">') : page.index(
            "</section>", page.index('<section id="missing">')
        )
    ]
    listed = [(int(r), int(t)) for r, t in re.findall(r"round=(\d+)&amp;table=(\d+)", section)]
    per_round = 2  # the stored Howell plays two boards a round
    assert (
        listed[: len(late) * per_round] == sorted(late) * per_round
        or set(listed[:per_round]) == late
    )
    assert set(listed) == late | due  # no slip of a round to come
    assert section.count('data-late="1"') == len(late) * per_round
    rounds_to_come = stored.movement.rounds - 2
    assert (
        f"{rounds_to_come * stored.movement.tables * per_round} more in the rounds to come"
        in section
    )


def test_result_missing_lists_them_the_same_way(
    stored: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    late, due = _played(stored)
    db = stored.store.engine.url.render_as_string(hide_password=False)
    assert main(["result", "missing", str(stored.event), "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    kinds = [line.split()[0] for line in lines[1:]]
    assert kinds[:2] == ["late", "late"] and set(kinds[2:-1]) == {"now"}
    assert lines[-1].startswith("and ") and "rounds to come" in lines[-1]
    cells = {(int(r), int(t)) for r, t in re.findall(r"round (\d+) table (\d+)", "\n".join(lines))}
    assert cells == late | due
    assert main(["result", "missing", str(stored.event), "--all", "--db", db]) == 0
    assert "later round 3" in capsys.readouterr().out


def test_the_correction_form_starts_from_the_stored_result(
    stored: Stored, boss: TestClient
) -> None:
    rid = _enter(stored, 1, 1, contract="4SX", declarer="N", result="-2", lead="HK")
    form = boss.get(f"/d/events/{stored.event}/results/{rid}/correct").text
    assert 'name="contract" value="4SX"' in form
    assert re.search(r"<option selected>N</option>", form)
    assert 'name="result" value="-2"' in form and 'name="lead" value="HK"' in form
