"""An event of two sessions from the console (issue 15): created on the form, the
recommended plan stored for two sessions (``event movement --recommend --sessions
2``), the renumbering between sessions shown, results entered in each session from
the results page, and the combined ranking with a column per session checked
against an independent sum of the slips (tests.events.test_sessions_cli)."""

from __future__ import annotations

import re
from fractions import Fraction

from fastapi.testclient import TestClient

from bridgedesk.events import Entry, Player
from bridgedesk.store.service import Store
from tests.events.test_director_cli import tricks
from tests.events.test_sessions_cli import pair_totals
from tests.web.conftest import SCRIPT_NAME, Stored
from tests.web.test_console import log_in
from tests.web.test_console_event_kinds import client_fixture  # noqa: F401

Slip = tuple[int, int, int, int, int]


def planned(store: Store, eid: int, session: int) -> list[Slip]:
    grid = store.movement(eid, section="A", session=session)
    assert grid is not None
    return [(r, t, b, a.ns, a.ew) for (r, t), a in sorted(grid.grid.items()) for b in a.boards]


def two_session_event(client: TestClient, store: Store, token: str) -> int:
    answer = client.post(
        "/d/events",
        data={"csrf_token": token, "name": "Two evenings", "sessions": "2",
              "date": "2026-11-24"},
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303
    eid = int(answer.headers["location"].rsplit("/", 1)[1])
    for n in range(1, 13):
        first = SCRIPT_NAME if n == 5 else f"North {n}"
        store.add_entry(eid, Entry(n, (Player(first), Player(f"South {n}"))))
    return eid


def test_plan_renumbering_and_combined_ranking(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    store = stored.store
    eid = two_session_event(client, store, token)
    answer = client.post(
        f"/d/events/{eid}/sessions/plan", data={"csrf_token": token, "sessions": "2"}
    )
    assert answer.status_code == 200 and "2 sessions stored" in answer.text
    # up to 7 tables the Howell is played twice with new numbers: pair 1 plays as 2
    seats = re.search(r'<table class="grid" id="seats">(.*?)</table>', answer.text, re.S)
    assert seats is not None
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td><td>([^<]*)</td>"
                      r"<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td></tr>",
                      seats.group(1))  # fmt: skip
    assert ("1", "North 1 - South 1", "1", "2") in rows
    assert ("12", "North 12 - South 12", "12", "1") in rows
    assert SCRIPT_NAME not in answer.text and "&lt;script&gt;" in answer.text
    # every slip of both sessions, entered on the results page of its session
    one, two = planned(store, eid, 1), planned(store, eid, 2)
    for session, slips in ((1, one), (2, two)):
        for rnd, table, board, ns, ew in slips:
            answer = client.post(
                f"/d/events/{eid}/results",
                data={"csrf_token": token, "session": str(session), "section": "A",
                      "round": str(rnd), "table": str(table), "board": str(board),
                      "ns": str(ns), "ew": str(ew), "contract": "3NT", "declarer": "N",
                      "result": str(tricks(board, table) - 6)},
                follow_redirects=False,
            )  # fmt: skip
            assert answer.status_code in (200, 303), answer.text
    page = client.get(f"/d/events/{eid}/sessions").text
    assert 'id="combined-ranking"' in page
    s1, s2 = pair_totals(one), pair_totals(two)
    seat_of = {int(c): (int(a), int(b)) for c, _, a, b in rows}
    want = {c: s1[a] + s2[b] for c, (a, b) in seat_of.items()}
    table = re.search(r'id="combined-ranking">(.*?)</table>', page, re.S)
    assert table is not None
    shown = {int(p): Fraction(t) for p, t in re.findall(
        r'<tr><td class="num">[^<]*</td><td class="num">(\d+)</td><td>[^<]*</td>'
        r'<td class="num">([\d.]+)</td>', table.group(1))}  # fmt: skip
    assert shown == {c: Fraction(round(v * 100), 100) for c, v in want.items()}
    assert "Missing slips in the whole event" not in page
    # the whole event's reports download, the combined page first
    answer = client.get(f"/d/events/{eid}/publish/event.zip")
    assert answer.status_code == 200 and answer.content[:2] == b"PK"
    # the publish page shows the combined ranking too
    publish = client.get(f"/d/events/{eid}/publish").text
    assert 'id="combined-ranking"' in publish and "publish/event.zip" in publish
    # the final: the best 6 overall, pair 7 (of the qualifying) will not play
    answer = client.post(
        f"/d/events/{eid}/sessions/final",
        data={"csrf_token": token, "name": "The final", "cut": "6", "cut_by": "overall",
              "withdrawn": "7", "max_boards": "4"},
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303, answer.text
    final = int(answer.headers["location"].split("/")[3])
    order = sorted(want, key=lambda c: (-want[c], c))
    kept = [c for c in order if c != 7][:6]
    entries = store.entries(final)
    assert [entries[n].names for n in range(1, 7)] == [
        store.entries(eid)[c].names if c != 5 else store.entries(eid)[5].names for c in kept
    ]
    page = client.get(f"/d/events/{final}/sessions").text
    assert f"Final of event {eid}: cut 6 (overall)" in page
    # the Japanese page
    ja = client.get(f"/d/events/{eid}/sessions?lang=ja").text
    assert "全セッションの総合順位" in ja and "セッションごとのペア番号" in ja


def test_the_plan_needs_a_director_and_the_token(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = two_session_event(client, stored.store, token)
    client.cookies.clear()
    scorer = log_in(client, "kim")
    answer = client.post(f"/d/events/{eid}/sessions/plan", data={"csrf_token": scorer})
    assert answer.status_code == 403
    client.cookies.clear()
    log_in(client, "boss")
    answer = client.post(f"/d/events/{eid}/sessions/plan", data={"sessions": "2"})
    assert answer.status_code == 403 and "CSRF" in answer.text
    assert stored.store.movement(eid) is None


def test_a_refused_plan_is_shown_and_changes_nothing(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    answer = client.post(
        "/d/events", data={"csrf_token": token, "name": "Empty", "sessions": "2"},
        follow_redirects=False,
    )  # fmt: skip
    eid = int(answer.headers["location"].rsplit("/", 1)[1])
    answer = client.post(f"/d/events/{eid}/sessions/plan", data={"csrf_token": token})
    assert answer.status_code == 422
    assert "no pairs are entered in the first session: enter them first" in answer.text
    assert stored.store.movement(eid) is None
    # a final of a qualifying with slips missing is refused, nothing stored
    two = two_session_event(client, stored.store, token)
    client.post(f"/d/events/{two}/sessions/plan", data={"csrf_token": token, "sessions": "2"})
    before = stored.store.events()
    answer = client.post(f"/d/events/{two}/sessions/final",
                         data={"csrf_token": token, "name": "F", "cut": "4"})  # fmt: skip
    assert answer.status_code in (400, 409, 422)
    assert "the qualifying is not complete: 264 slips missing" in answer.text
    assert stored.store.events() == before
