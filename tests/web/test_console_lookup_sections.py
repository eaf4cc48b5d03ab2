"""The console's member lookup while typing an entry, and the report set of every
section at once (each section's set and the ranking across them, 004:1315-1320)."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.events import Entry, Player
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import users
from bridgedesk.store.player_lookup import find_players
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import SCRIPT_NAME, Stored, stored_event
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login


def _register(stored: Stored) -> None:
    """Members known to the store: entered in another event's section."""
    people = [("Sato Taro", "1001"), ("Sato Hanako", "1002"), ("Suzuki Ichiro", "2001"),
              (SCRIPT_NAME, "3001"), ("Tanaka 100%_x", "4001")]  # fmt: skip
    eid = stored.store.create_event(stored.store.event(stored.event).event)
    for n, (a, b) in enumerate(zip(people[::2], people[1::2], strict=False), start=1):
        stored.store.add_entry(eid, Entry(n, (Player(*a), Player(*b))))
    stored.store.add_entry(eid, Entry(9, (Player(*people[4]), Player("Guest"))))


def _client(stored: Stored, *roles: tuple[str, Role]) -> TestClient:
    for name, role in roles:
        users.add_user(stored.store, name, role, PASSWORD)
    return TestClient(create_app(store=stored.store, poll_seconds=0.05))


def test_find_players_by_number_start_or_name_part(stored: Stored) -> None:
    _register(stored)
    found = find_players(stored.store, "100")  # numbers first, then names holding it
    assert [p.member for p in found] == ["1001", "1002", "4001"]
    assert found[0].name == "Sato Taro"
    assert [p.member for p in find_players(stored.store, "sato")] == ["1002", "1001"]
    assert [p.member for p in find_players(stored.store, "  SUZUKI ")] == ["2001"]
    # LIKE's wildcards are text: "%_" matches only the name that has them
    assert [p.member for p in find_players(stored.store, "0%_")] == ["4001"]
    assert [p.member for p in find_players(stored.store, "_")] == []  # too short
    assert find_players(stored.store, "Guest") == []  # not a member: not in the register


def test_the_lookup_endpoint(stored: Stored) -> None:
    _register(stored)
    client = _client(stored, ("boss", Role.DIRECTOR), ("vic", Role.VIEWER))
    with client:
        # without a login: htmx is told to go to the login page
        answer = client.get("/d/members?find=sato", headers={"HX-Request": "true"})
        assert answer.status_code == 401
        console_login(client, "vic")
        assert client.get("/d/members?find=sato").status_code == 403
        console_login(client, "boss")
        page = client.get(f"/d/events/{stored.event}").text
        assert 'hx-get="/d/members"' in page and 'id="member-hits"' in page
        html = client.get("/d/members?find=sato").text
        hits = re.findall(r'data-name="([^"]*)" data-member="([^"]*)"', html)
        assert hits == [("Sato Hanako", "1002"), ("Sato Taro", "1001")]
        # a name that is markup comes back as text, in the attribute and the label
        html = client.get("/d/members", params={"find": "script"}).text
        assert SCRIPT_NAME not in html and "&lt;script&gt;" in html
        assert 'data-member="3001"' in html
        assert "No member found." in client.get("/d/members?find=zzz").text
        assert "該当する会員はいません" in client.get("/d/members?find=zzz&lang=ja").text
        assert "data-member" not in client.get("/d/members?find=x").text  # under 2 characters


@pytest.fixture
def two_sections(tmp_path: Path) -> Iterator[Stored]:
    s = stored_event(str(tmp_path / "club.sqlite3"), pairs=8, sections=("A", "B"))
    yield s
    s.store.close()


def test_every_section_at_once(two_sections: Stored) -> None:
    stored = two_sections
    m = stored.movement
    for section, made in (("A", "4S"), ("B", "3NT")):
        for rnd in range(1, m.rounds + 1):
            for table in range(1, m.tables + 1):
                a = m.assignment(rnd, table)
                assert a is not None
                for board in a.boards:
                    slips.enter(stored.store,
                        stored.event,
                        make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                                    contract=made, declarer="N",
                                    result=("=", "+1", "-1")[(table + board + rnd) % 3],
                                    section=section),
                    )  # fmt: skip
    client = _client(stored, ("vic", Role.VIEWER))
    with client:
        console_login(client, "vic")
        page = client.get(f"/d/events/{stored.event}/publish").text
        assert 'id="download-sections"' in page and "Section B: Every slip is in." in page
        answer = client.get(f"/d/events/{stored.event}/publish/sections.zip?lang=ja")
        assert answer.status_code == 200
        assert answer.headers["content-disposition"].endswith('sections-ja.zip"')
        archive = zipfile.ZipFile(io.BytesIO(answer.content))
        names = set(archive.namelist())
        for section in ("A", "B"):
            assert {f"{section}/ranking.html", f"{section}/results.usebio.xml"} <= names
        index = archive.read("index.html").decode()
        # the ranking across sections names every pair with its section; names escaped
        pairs = re.findall(r'<td class="num">([AB]\d+)</td>', index)
        assert sorted(pairs) == sorted(f"{s}{n}" for s in "AB" for n in range(1, 9))
        assert '<a href="B/index.html">' in index
        assert SCRIPT_NAME not in index and "&lt;script&gt;" in index
        # one section's event shows no such button
        single = _single(client, stored)
        assert 'id="download-sections"' not in single


def _single(client: TestClient, stored: Stored) -> str:
    info = stored.store.event(stored.event).event
    from dataclasses import replace

    from bridgedesk.events.model import Section, Session

    eid = stored.store.create_event(replace(info, sessions=(Session(1, (Section("A"),)),)))
    return client.get(f"/d/events/{eid}/publish").text
