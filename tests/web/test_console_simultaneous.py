"""A simultaneous event at the console and over HTTP: the organiser makes it from a deal
file, registers heats (each token shown once, only its hash kept), imports a heat's
file; a club's console sends its heat to the organiser's server; the upload API takes a
heat by its token, refuses a stranger (401) and a heat of another deal set (422, one
line); the public pages show the national ranking, a heat's and the booklet in the
reader's language; the awards are recorded and the report set downloads as a zip.

The heats are :mod:`tests.services.sim_heats`' (simulated from fixed seeds)."""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.formats import heat_json
from bridgedesk.services import heat_export
from bridgedesk.store import simultaneous as sim_store
from bridgedesk.store import users
from bridgedesk.store.service import Store
from bridgedesk.store.simultaneous_models import HeatRow
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.services.sim_heats import club_heat, deal_file, deal_set
from tests.web.conftest import running
from tests.web.test_console import PASSWORD, log_in


@pytest.fixture
def fed(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path / "federation.sqlite3")
    for name, role in (("boss", Role.DIRECTOR), ("vic", Role.VIEWER)):
        users.add_user(s, name, role, PASSWORD)
    yield s
    s.close()


def _alert(html: str) -> str:
    found = re.findall(r'role="alert"[^>]*>([^<]*)<', html)
    assert found, html[-3000:]
    return found[0].replace("&#39;", "'")


def test_a_simultaneous_event_at_the_console(fed: Store, tmp_path: Path) -> None:
    deals = deal_set(24, 7)
    pbn = deal_file(deals, tmp_path / "set.pbn").read_bytes()
    club1 = club_heat(tmp_path / "c1.sqlite3", "Lunds BK", deals, "mitchell", 6, 3, 1)
    club2 = club_heat(tmp_path / "c2.sqlite3", "Kyoto BC", deals, "howell", 6, 2, 3)
    with TestClient(create_app(store=fed)) as client:
        token = log_in(client, "boss")
        form = {"csrf_token": token, "name": "Japan sim", "date": "2026-11-24",
                "rating": "regional", "masterpoints": "jcbl:regional"}  # fmt: skip
        answer = client.post("/d/simultaneous", data=form)
        assert answer.status_code == 422 and _alert(answer.text) == (
            "choose the deal set (a .pbn or .hnd file)"
        )
        answer = client.post("/d/simultaneous", data=form, files={"file": ("set.pbn", pbn)},
                             follow_redirects=False)  # fmt: skip
        assert answer.status_code == 303
        eid = int(answer.headers["location"].rsplit("/", 1)[1])
        tokens = []
        for club, kind in (("Lunds BK", "mitchell"), ("Kyoto BC", "howell")):
            page = client.post(f"/d/simultaneous/{eid}/heat",
                               data={"csrf_token": token, "club": club, "movement": kind,
                                     "tables": "6"})  # fmt: skip
            assert page.status_code == 200
            shown = re.search(r"<code>([^<]+)</code>", page.text)
            assert shown is not None
            tokens.append(shown.group(1))
        with fed.transaction(write=False) as s:
            hashes = {r.token_hash for r in s.query(HeatRow)}
        assert hashes == {hashlib.sha256(t.encode()).hexdigest() for t in tokens}
        assert tokens[0] not in client.get(f"/d/simultaneous/{eid}").text
        # the club's heat file, imported by the organiser
        with Store.open(tmp_path / "c2.sqlite3") as club:
            kyoto = heat_export.heat_of_event(club, club2)
        answer = client.post(
            f"/d/simultaneous/{eid}/import",
            data={"csrf_token": token, "heat": "2"},
            files={"file": ("kyoto.json", heat_json.dumps(kyoto).encode())},
            follow_redirects=False,
        )
        assert answer.status_code == 303 and answer.headers["location"].endswith("done=stored")
        # the upload API: a stranger, another deal set, the heat itself
        with Store.open(tmp_path / "c1.sqlite3") as club:
            lunds = heat_export.heat_of_event(club, club1)
        body = heat_json.dumps(lunds).encode()
        url = f"/api/simultaneous/{eid}/upload"
        assert client.post(url, content=body).status_code == 401
        answer = client.post(url, content=body, headers={"Authorization": "Bearer wrong"})
        assert answer.status_code == 401
        other = club_heat(tmp_path / "o.sqlite3", "Osaka BC", deal_set(24, 99), "mitchell", 6, 3,
                          4)  # fmt: skip
        with Store.open(tmp_path / "o.sqlite3") as club:
            osaka = heat_json.dumps(heat_export.heat_of_event(club, other)).encode()
        answer = client.post(url, content=osaka, headers={"Authorization": f"Bearer {tokens[0]}"})
        assert answer.status_code == 422
        assert answer.json()["error"].startswith("heat 1 (Lunds BK): board 1 was dealt otherwise")
        assert sim_store.heats(fed, eid)[0].results == 0
        # a club's console sends its heat to the organiser's server
        with Store.open(tmp_path / "c1.sqlite3") as club_store:
            users.add_user(club_store, "boss", Role.DIRECTOR, PASSWORD)
            with (
                running(create_app(store=fed)) as base,
                TestClient(create_app(store=club_store)) as club_client,
            ):
                club_token = log_in(club_client, "boss")
                page = club_client.get(f"/d/events/{club1}/send")
                assert page.status_code == 200
                sent = club_client.post(
                    f"/d/events/{club1}/send",
                    data={"csrf_token": club_token, "url": f"{base}{url}", "token": tokens[0]},
                )
                assert sent.status_code == 200 and 'id="sent"' in sent.text, sent.text[-2000:]
                again = club_client.post(
                    f"/d/events/{club1}/send",
                    data={"csrf_token": club_token, "url": f"{base}{url}", "token": tokens[0]},
                )
                assert "The same results again: nothing changed." in again.text
        assert [h.results for h in sim_store.heats(fed, eid)] == [90, 132]
        page = client.get(f"/d/simultaneous/{eid}")
        assert 'id="national-ranking"' in page.text and 'id="simultaneous-awards"' in page.text
        answer = client.post(f"/d/simultaneous/{eid}/awards", data={"csrf_token": token},
                             follow_redirects=False)  # fmt: skip
        assert answer.status_code == 303
        names = zipfile.ZipFile(io.BytesIO(client.get(f"/d/simultaneous/{eid}/reports.zip")
                                           .content)).namelist()  # fmt: skip
        assert {"index.html", "heat-1.html", "heat-2.html", "booklet.html"} <= set(names)
        # the public pages, in the reader's language
        for lang, word in (
            ("en", "National ranking"),
            ("ja", "全国順位"),
            ("sv", "Gemensam resultatlista"),
        ):
            page = client.get(f"/s/{eid}/?lang={lang}")
            assert page.status_code == 200 and word in page.text
        assert "頻度表" in client.get(f"/s/{eid}/boards.html?lang=ja").text
        assert client.get(f"/s/{eid}/heat-2.html").status_code == 200
        assert client.get(f"/s/{eid}/heat-9.html").status_code == 404
        # a viewer reads, never acts
        client.post("/d/logout", data={"csrf_token": token})
        viewer = log_in(client, "vic")
        assert client.get(f"/d/simultaneous/{eid}").status_code == 200
        answer = client.post(f"/d/simultaneous/{eid}/heat",
                             data={"csrf_token": viewer, "club": "X"})  # fmt: skip
        assert answer.status_code == 403
