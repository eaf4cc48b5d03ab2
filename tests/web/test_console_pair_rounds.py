"""Swiss pairs from the console (issue 15): the event made on the form, the next round
drawn on the draw page (``event round EVENT --next``), results entered on the
results page, the standings after each round checked against percentages counted
here from the slips, the refusal while a slip is missing, hold/close/open a round;
the director's role and the CSRF token for the new POST."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from bridgedesk.events import Entry, Player
from bridgedesk.store.terminals import round_states
from tests.events.test_pair_rounds_cli import percentages
from tests.web.conftest import SCRIPT_NAME, Stored
from tests.web.test_console import log_in
from tests.web.test_console_event_kinds import client_fixture  # noqa: F401


def _round_event(client: TestClient, stored: Stored, token: str, fmt: str, pairs: int) -> int:
    """An event of ``fmt`` made on the form, ``pairs`` pairs entered (pair 3 named as markup)."""
    answer = client.post("/d/events", data={"csrf_token": token, "name": f"Club {fmt}",
                                            "format": fmt, "scoring": "mp"},
                         follow_redirects=False)  # fmt: skip
    eid = int(answer.headers["location"].rsplit("/", 1)[1])
    for n in range(1, pairs + 1):
        first = SCRIPT_NAME if n == 3 else f"N{n}"
        stored.store.add_entry(eid, Entry(n, (Player(first), Player(f"S{n}"))))
    return eid


def _draw(page: str, rnd: int) -> list[tuple[int, int]]:
    section = re.search(rf'id="draw-{rnd}">(.*?)</section>', page, re.S)
    assert section is not None, page
    cells = re.findall(r'</a></td><td class="num">(\d+)</td><td>[^<]*</td><td class="num">(\d+)',
                       section.group(1))  # fmt: skip
    return [(int(a), int(b)) for a, b in cells]


def test_swiss_pairs_round_by_round(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = _round_event(client, stored, token, "swiss-pairs", 8)
    page = client.get(f"/d/events/{eid}/draw").text
    assert "No round drawn yet." in page and f"/d/events/{eid}/draw" in page  # in the nav
    answer = client.post(f"/d/events/{eid}/draw/next", data={"csrf_token": token, "boards": "2"})
    assert answer.status_code == 200 and "round 1 drawn" in answer.text
    r1 = _draw(answer.text, 1)
    assert r1 == [(1, 5), (2, 6), (3, 7), (4, 8)]  # halves by number (004:2673)
    assert SCRIPT_NAME not in answer.text and "&lt;script&gt;" in answer.text
    tricks = {(1, 1): 10, (2, 1): 8, (3, 1): 7, (4, 1): 11, (1, 2): 9, (2, 2): 10, (3, 2): 8,
              (4, 2): 9}  # fmt: skip
    # the round cannot be drawn again before its slips are in
    answer = client.post(f"/d/events/{eid}/draw/next", data={"csrf_token": token, "boards": "2"})
    assert answer.status_code in (409, 422)
    assert "round 1 is not complete: 8 slip(s) missing" in answer.text
    assert len(stored.store.movement(eid).grid) == 4  # type: ignore[union-attr]
    for t, (ns, ew) in enumerate(r1, start=1):
        for b in (1, 2):
            got = tricks[(t, b)]
            answer = client.post(f"/d/events/{eid}/results", data={
                "csrf_token": token, "round": "1", "table": str(t), "board": str(b),
                "ns": str(ns), "ew": str(ew), "contract": "3NT", "declarer": "N",
                "result": "=" if got == 9 else f"{got - 9:+d}"},
                follow_redirects=False)  # fmt: skip
            assert answer.status_code in (200, 303), answer.text
    page = client.get(f"/d/events/{eid}/draw").text
    after = re.search(r'id="standings-1">(.*?)</section>', page, re.S)
    assert after is not None
    lines = re.findall(r'<tr><td class="num">[^<]*</td><td class="num">(\d+)</td><td>[^<]*</td>'
                       r'<td class="num">\d+</td><td class="num">([\d.]+)</td>'
                       r'<td class="num">([\d.]+)</td>', after.group(1))  # fmt: skip
    pct = percentages(r1, range(1, 3), tricks)
    assert {int(p): r for p, r, _vp in lines} == {p: f"{float(v):.2f}" for p, v in pct.items()}
    # 004:2595: the percentage turned into VPs, 20 shared in proportion
    assert {int(p): vp for p, _r, vp in lines} == {p: f"{float(v / 5):.2f}" for p, v in pct.items()}
    order = sorted(pct, key=lambda p: (-pct[p], p))
    assert [int(p) for p, _r, _vp in lines] == order
    answer = client.post(f"/d/events/{eid}/draw/next", data={"csrf_token": token, "boards": "2"})
    r2 = _draw(answer.text, 2)
    assert not {frozenset(m) for m in r2} & {frozenset(m) for m in r1}  # no rematch
    assert frozenset(r2[0]) == frozenset(
        (
            order[0],
            next(
                p for p in order[1:] if frozenset((order[0], p)) not in {frozenset(m) for m in r1}
            ),
        )
    )
    # hold round 2 from the draw page's form
    answer = client.post(f"/d/events/{eid}/rounds",
                         data={"csrf_token": token, "round": "2", "action": "hold"})  # fmt: skip
    assert answer.status_code in (200, 303)
    assert round_states(stored.store, eid, "A", 1) == {2: "held"}
    printed = client.get(f"/d/events/{eid}/draw/standings.html")
    assert printed.status_code == 200 and "<html" in printed.text
    assert SCRIPT_NAME not in printed.text
    ja = client.get(f"/d/events/{eid}/draw?lang=ja").text
    assert "第1ラウンド後の順位" in ja and "次のラウンドを組む" in ja


def test_drawing_needs_a_director_and_the_token(client: TestClient, stored: Stored) -> None:
    token = log_in(client, "boss")
    eid = _round_event(client, stored, token, "barometer", 6)
    answer = client.post(f"/d/events/{eid}/draw/next", data={"boards": "2"})
    assert answer.status_code == 403 and "CSRF" in answer.text
    client.cookies.clear()
    scorer = log_in(client, "kim")
    answer = client.post(f"/d/events/{eid}/draw/next", data={"csrf_token": scorer})
    assert answer.status_code == 403
    assert stored.store.movement(eid) is None
    # an ordinary pairs event has no draw page
    answer = client.get(f"/d/events/{stored.event}/draw")
    assert answer.status_code == 422 and "is not played round by round" in answer.text
