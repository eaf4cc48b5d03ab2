"""A 12-player individual event from the console (issue 15): created on the form, the
players entered on the players page, the recommended individual movement taken
(004:3068-3078: 11 rounds of 2 boards), every slip entered naming its four
players (refused where the movement does not seat them, as ``result add`` refuses),
and the players' ranking checked against the matchpoints counted in
tests/events/test_individual_cli.py; the role and CSRF checks of the new POSTs."""

from __future__ import annotations

import re
from fractions import Fraction

from fastapi.testclient import TestClient

from tests.events.test_individual_cli import Slip, expected_totals, slips
from tests.web.conftest import SCRIPT_NAME, Stored
from tests.web.test_console import log_in
from tests.web.test_console_event_kinds import client_fixture  # noqa: F401


def slip_form(token: str, slip: Slip) -> dict[str, str]:
    rnd, table, board, (n, s, e, w), (contract, declarer, result) = slip
    return {"csrf_token": token, "round": str(rnd), "table": str(table), "board": str(board),
            "north": str(n), "south": str(s), "east": str(e), "west": str(w),
            "contract": contract, "declarer": declarer, "result": result}  # fmt: skip


def individual_event(client: TestClient, token: str) -> int:
    answer = client.post("/d/events", data={"csrf_token": token, "name": "Spring individual",
                                            "kind": "individual", "date": "2026-11-24"},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    return int(answer.headers["location"].rsplit("/", 1)[1])


def test_twelve_players_from_the_console(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = individual_event(client, token)
    for n in range(1, 13):
        name = SCRIPT_NAME if n == 4 else f"Player {n}"
        answer = client.post(
            f"/d/events/{eid}/players",
            data={"csrf_token": token, "name": name},
            follow_redirects=False,
        )
        assert answer.status_code == 303, answer.text
    answer = client.post(f"/d/events/{eid}/players/movement", data={"csrf_token": token})
    assert answer.status_code == 200 and "recommended:" in answer.text
    assert "11 rounds" in answer.text or "11 round" in answer.text
    assert SCRIPT_NAME not in answer.text and "&lt;script&gt;" in answer.text
    all_slips = slips()
    # the movement shown is the library's with the players' own numbers (seat k = player k)
    first = all_slips[0]
    row = re.search(rf'<tr data-round="1" data-table="{first[1]}">(.*?)</tr>', answer.text)
    assert row is not None
    assert re.findall(r'<td class="num">(\d+)</td>', row.group(1))[1:] == [str(p) for p in first[3]]
    # a slip naming the wrong players is refused, changing nothing
    bad = list(first[3])
    bad[1], bad[3] = bad[3], bad[1]
    wrong: Slip = (first[0], first[1], first[2], (bad[0], bad[1], bad[2], bad[3]), first[4])
    answer = client.post(f"/d/events/{eid}/players/results", data=slip_form(token, wrong))
    assert answer.status_code == 422 and f"round 1 table {first[1]} seats" in answer.text
    assert stored.store.results(eid) == []
    client.cookies.clear()
    scorer = log_in(client, "kim")
    for slip in all_slips:
        answer = client.post(f"/d/events/{eid}/players/results", data=slip_form(scorer, slip),
                             follow_redirects=False)  # fmt: skip
        assert answer.status_code == 303, answer.text
    page = client.get(f"/d/events/{eid}/players").text
    table = re.search(r'id="player-ranking">(.*?)</section>', page, re.S)
    assert table is not None
    shown = {int(p): Fraction(t) for p, t in re.findall(
        r'<tr><td class="num">[^<]*</td><td class="num">(\d+)</td><td>[^<]*</td>'
        r'<td class="num">([\d.]+)</td>', table.group(1))}  # fmt: skip
    want = expected_totals(all_slips, rulings=False)
    assert shown == {p: Fraction(round(v * 100), 100) for p, v in want.items()}
    ja = client.get(f"/d/events/{eid}/players?lang=ja").text
    assert "プレイヤーの順位" in ja and "第1ラウンド" in ja
    # the report set of the publish page ranks the players
    answer = client.get(f"/d/events/{eid}/publish/reports.zip")
    assert answer.status_code == 200 and answer.content[:2] == b"PK"


def test_roles_and_the_token(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = individual_event(client, token)
    answer = client.post(f"/d/events/{eid}/players", data={"name": "No token"})
    assert answer.status_code == 403 and "CSRF" in answer.text
    client.cookies.clear()
    scorer = log_in(client, "kim")
    for path in ("players", "players/movement"):
        answer = client.post(f"/d/events/{eid}/{path}", data={"csrf_token": scorer, "name": "x"})
        assert answer.status_code == 403
    client.cookies.clear()
    viewer = log_in(client, "vic")
    answer = client.post(f"/d/events/{eid}/players/results", data=slip_form(viewer, slips()[0]))
    assert answer.status_code == 403
    assert stored.store.entries(eid) == {} and stored.store.results(eid) == []
    # a pairs event has no players page
    answer = client.get(f"/d/events/{stored.event}/players")
    assert answer.status_code == 422 and "not an individual event" in answer.text
