"""The mixed-language pages of issue 24, each seen as a Japanese (or Swedish) club sees it:
the pairs movement page's button, the travellers' vulnerability, the entry form's
strain row, a dealer that does not break inside its word, movement names, the event
form's choices, award colours and the line an action leaves."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path

from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Section, Session
from bridgedesk.movements.catalogue import build
from bridgedesk.services import slips
from bridgedesk.store import users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored
from tests.web.test_pages import page_login

PASSWORD = "correct horse battery"


def _director(stored: Stored) -> TestClient:
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    client = TestClient(create_app(store=stored.store, poll_seconds=0.05))
    page = client.get("/d/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    answer = client.post(
        "/d/login",
        data={"username": "boss", "password": PASSWORD, "csrf_token": token[1]},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    return client


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found[1]


def test_the_pairs_movement_page_offers_the_pairs_movement(stored: Stored) -> None:
    # before: kind_words.py's key overrode the console's, and a pairs event was offered
    # "Take the recommended individual movement"
    with _director(stored) as client:
        for lang, button in (
            ("en", "Take the recommended movement"),
            ("ja", "推奨のムーブメントにする"),
        ):
            page = client.get(f"/d/events/{stored.event}/movement?lang={lang}").text
            shown = re.search(r'id="take-recommended">([^<]+)<', page)
            assert shown is not None and shown[1] == button
            assert "individual" not in shown[1] and "個人戦" not in shown[1]


def test_the_action_line_the_event_form_and_the_movement_in_japanese(stored: Stored) -> None:
    with _director(stored) as client:
        page = client.get(f"/d/events/{stored.event}/movement?lang=ja").text
        answer = client.post(
            f"/d/events/{stored.event}/movement?lang=ja", data={"csrf_token": _csrf(page)}
        )
        text = html.unescape(re.sub(r"<[^>]+>", " ", answer.text))  # what a person reads
        # before: "Movement set: short-howell 4 tables, 6 rounds x 3 boards" in English
        assert "ムーブメントを設定しました：ショート・ハウエル　4テーブル 6ラウンド×3ボード" in text
        assert "short-howell" not in text
        events = html.unescape(client.get("/d/?lang=ja").text)
        # the scoring and rating choices, and the events list, in Japanese
        assert '<option value="weekly">ウィークリー</option>' in events
        assert '<option value="mp">マッチポイント</option>' in events
        assert "<td>ウィークリー クラス 3</td><td>マッチポイント</td>" in events
        swedish = html.unescape(client.get("/d/?lang=sv").text)
        assert '<option value="ximp">Kors-IMP</option>' in swedish


def test_the_strain_row_is_not_called_a_suit(client: TestClient, stored: Stored) -> None:
    # NT is a strain, not a suit: before, the Japanese entry form said "スーツ"
    page_login(client, stored, 1)
    page = client.get("/t/table?lang=ja").text
    assert "デノミネーション" in page and "スーツ" not in page
    assert "Färg/sang" in client.get("/t/table?lang=sv").text


def test_travellers_say_the_vulnerability_as_the_hand_records_do(tmp_path: Path) -> None:
    # before: travellers headed "バル None" / "バル All" beside hand records saying
    # "両サイドノンバル"; and a dealer could wrap inside its word ("イース/ト")
    argv = ["demo", "--pairs", "8", "--seed", "4", "--no-dd", "--out", str(tmp_path), "--lang"]
    assert main([*argv, "ja"]) == 0
    page = (tmp_path / "travellers.html").read_text("utf-8")
    board_1 = page.split('id="board-1"', 1)[1].split("</h3>", 1)[0]
    assert '<span class="word">ノース</span>' in board_1  # board 1: North deals
    assert '<span class="word">両サイドノンバル</span>' in board_1  # nobody vulnerable
    board_4 = page.split('id="board-4"', 1)[1].split("</h3>", 1)[0]
    assert '<span class="word">ウエスト</span>' in board_4 and "両サイドバル" in board_4
    assert "バル None" not in page and "バル All" not in page
    css = (tmp_path / "ranking.html").read_text("utf-8")
    assert ".word { white-space: nowrap; }" in css
    # the movement by the JCBL manual's name in the report's header, not its code
    assert "ショート・ハウエル" in css and "short-howell" not in css


def test_award_colours_in_the_page_language(tmp_path: Path) -> None:
    # before: the Japanese publish page printed the JCBL colour as "black"
    store = Store.open(str(tmp_path / "club.sqlite3"))
    event = Event("Tuesday pairs", dt.date(2026, 11, 24), Rating.WEEKLY, 3,
                  ScoringMethod.MATCHPOINTS, sessions=(Session(1, (Section("A"),)),))  # fmt: skip
    eid = store.create_event(event)
    for n in range(1, 9):
        pair = (Player(f"N{n}", str(1000 + n)), Player(f"S{n}", str(2000 + n)))
        store.add_entry(eid, Entry(n, pair))
    store.set_movement(eid, build("howell", pairs=8, boards_per_round=2))
    movement = store.movement(eid)
    assert movement is not None
    for (rnd, table), a in sorted(movement.grid.items()):  # every slip in
        for board in a.boards:
            made = "=" if (board + a.ns) % 2 else "-1"
            slips.enter(
                store,
                eid,
                make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                            contract="3NT", declarer="N", result=made),
                who="boss",
            )  # fmt: skip
    with _director(Stored(store, eid, movement, {})) as client:
        page = html.unescape(client.get(f"/d/events/{eid}/publish?lang=ja").text)
        awards = page.split('id="awards"', 1)[1].split("</table>", 1)[0]
        assert "ブラックポイント" in awards or "レッドポイント" in awards
        assert not re.search(r"<td>(black|red)</td>", awards)
    store.close()
