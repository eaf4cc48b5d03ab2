"""A league season at the console (``/d/leagues``): made from the form, drawn, half time
with a substitution, the standings with the teams going up and down in en, ja and sv,
the awards recorded, the report zip and the next season; the same services and one-line
refusals as ``bridgedesk league``; a viewer reads but cannot act.

The rooms are :mod:`tests.web.team_event`'s menu of contracts, whose scores it gives
independently of bridgedesk."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.services import slips
from bridgedesk.store import leagues as league_store
from bridgedesk.store import team_events, users
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import enter_team
from bridgedesk.store.team_results import read_team_event
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web import team_event as te
from tests.web.test_console import PASSWORD, log_in


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path / "club.sqlite3")
    for name, role in (("boss", Role.DIRECTOR), ("vic", Role.VIEWER)):
        users.add_user(s, name, role, PASSWORD)
    yield s
    s.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store=store, login_limit=3, poll_seconds=0.05)) as c:
        yield c


def _alert(html: str) -> str:
    found = re.findall(r'role="alert"[^>]*>([^<]*)<', html)
    assert found, html[-3000:]
    return found[0].replace("&#39;", "'")


def _form(token: str, **more: str) -> dict[str, str]:
    return {
        "csrf_token": token, "name": "Club league 2026", "season": "2026", "divisions": "2",
        "boards_per_match": "2", "vp_scale": "wbf2013", "cycles": "1",
        "half_time": "winner-stays", "change": "imp-league", "promote": "1", "relegate": "1",
        "masterpoints": "club-league", "days": "2026-04-12:1-2\n2026-05-10:3", **more,
    }  # fmt: skip


def test_a_league_season_at_the_console(client: TestClient, store: Store) -> None:
    token = log_in(client, "boss")
    answer = client.post("/d/leagues", data=_form(token, days="2026-04-12:2"))
    assert answer.status_code == 422
    assert _alert(answer.text) == (
        "match day 1 starts at round 2; the rounds follow on from day to day, so it starts "
        "at round 1"
    )
    assert league_store.leagues(store) == []
    # the same refusal in the reader's language, with its code (issue 24)
    answer = client.post("/d/leagues?lang=ja", data=_form(token, days="2026-04-12:2"))
    assert 'data-code="league.day-rounds"' in answer.text
    assert _alert(answer.text) == (
        "試合日 1 は第2ラウンドから始まっていますが、ラウンドは試合日をまたいで続くので、"
        "第1ラウンドから始まります"
    )
    client.get("/d/leagues?lang=en")
    answer = client.post("/d/leagues", data=_form(token), follow_redirects=False)
    assert answer.status_code == 303
    league = league_store.leagues(store)[0]
    assert answer.headers["location"] == f"/d/leagues/{league.id}"
    for d in league.divisions:
        for t in range(1, 5):
            players = te.players(10 * d.division + t)
            if t == 1:
                players = (*players, *te.players(90 + d.division)[:1])
            enter_team(store, d.event_id, players, name=f"D{d.division} T{t}")
    page = client.get(f"/d/leagues/{league.id}")
    assert page.status_code == 200 and "not drawn yet" in page.text
    answer = client.post(f"/d/leagues/{league.id}/draw", data={"csrf_token": token},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    first = league.divisions[0].event_id
    draw = team_events.draw(store, first)
    match = next(d for d in draw.matches if d.round == 1 and 1 in (d.home, d.away))
    # half time before the first half is in: refused, nothing stored
    half = {"csrf_token": token, "division": "1", "round": "1", "home": str(match.home)}
    answer = client.post(f"/d/leagues/{league.id}/half-time", data=half)
    assert answer.status_code == 422
    assert "the first half of" in _alert(answer.text)
    te.enter_rest(store, first)
    te.enter_rest(store, league.divisions[1].event_id)
    # every room is in: half time now is too late for the second half's pairs
    answer = client.post(f"/d/leagues/{league.id}/half-time", data={**half, "tie": "home"})
    assert answer.status_code == 422 and "has 2 room results already" in _alert(answer.text)
    assert read_team_event(store, first).halves == {}
    for lang, up, down in (("en", "promoted", "relegated"), ("ja", "昇格", "降格"),
                           ("sv", "uppflyttad", "nedflyttad")):  # fmt: skip
        page = client.get(f"/d/leagues/{league.id}?lang={lang}")
        assert page.status_code == 200
        assert page.text.count('data-zone="up"') == 1 and up in page.text
        assert page.text.count('data-zone="down"') == 1 and down in page.text
    assert "1部" in client.get(f"/d/leagues/{league.id}?lang=ja").text
    # the club league's awards (000:590-593): recorded in the ledger
    page = client.get(f"/d/leagues/{league.id}?lang=en").text
    assert 'id="league-awards"' in page
    answer = client.post(f"/d/leagues/{league.id}/awards", data={"csrf_token": token},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    # the report set as a zip
    data = client.get(f"/d/leagues/{league.id}/reports.zip").content
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "index.html" in names and "division-1/standings.html" in names
    # a viewer reads, never acts
    client.post("/d/logout", data={"csrf_token": token})
    viewer = log_in(client, "vic")
    assert client.get(f"/d/leagues/{league.id}").status_code == 200
    answer = client.post(f"/d/leagues/{league.id}/draw", data={"csrf_token": viewer})
    assert answer.status_code == 403
    client.post("/d/logout", data={"csrf_token": viewer})
    token = log_in(client, "boss")
    answer = client.post(
        f"/d/leagues/{league.id}/next",
        data={"csrf_token": token, "name": "Club league 2027", "season": "2027",
              "days": "2027-04-11:1-3"},
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303
    made = league_store.league(store, "Club league 2027")
    assert answer.headers["location"] == f"/d/leagues/{made.id}"
    assert "Club league 2026" in client.get(f"/d/leagues/{made.id}").text


def test_half_time_with_a_substitution_at_the_console(client: TestClient, store: Store) -> None:
    token = log_in(client, "boss")
    client.post("/d/leagues", data=_form(token, boards_per_match="4", divisions="1",
                                         days="2026-04-12:1-3"))  # fmt: skip
    league = league_store.leagues(store)[0]
    event = league.divisions[0].event_id
    for t in range(1, 5):
        enter_team(store, event, (*te.players(t), *te.players(50 + t)[:2]), name=f"T{t}")
    client.post(f"/d/leagues/{league.id}/draw", data={"csrf_token": token})
    draw = team_events.draw(store, event)
    d = next(m for m in draw.matches if m.round == 1)
    assert d.away is not None
    rooms = {}
    for b in d.boards[:2]:
        for room in ("open", "closed"):
            played = te.words(d.round, d.home, b, room)
            rooms[(b, room)] = te.ns_score(b, played)
            slips.enter(store, event, te.slip(d, room, b, played))
    margin = [te.imps(rooms[(b, "open")] - rooms[(b, "closed")]) for b in d.boards[:2]]
    home_won, away_won = sum(x for x in margin if x > 0), -sum(x for x in margin if x < 0)
    moving = d.away if home_won >= away_won else d.home
    half = {
        "csrf_token": token,
        "division": "1",
        "round": "1",
        "home": str(d.home),
        "tie": "away",
        "change_team": str(moving),
        "change_ns": "3,4",
        "change_ew": "1,6",
    }
    answer = client.post(f"/d/leagues/{league.id}/half-time", data=half, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    stored = read_team_event(store, event).halves[(1, moving)]
    assert (stored.seats.ns, stored.seats.ew, stored.moved) == ((3, 4), (1, 6), True)
    assert stored.first_board == d.boards[2]


def test_a_championship_knockout_at_the_console(client: TestClient, store: Store) -> None:
    from bridgedesk.services import draws

    token = log_in(client, "boss")
    rr = te.create_event(store, "PABF RR")
    te.add_teams(store, rr)
    draws.make_draw(store, rr)
    form = {"csrf_token": token, "qualifying": str(rr), "name": "PABF KO", "teams": "4",
            "boards_per_match": "4", "segments": "1", "fraction": "1/3", "cap": ""}  # fmt: skip
    answer = client.post("/d/leagues/championship/knockout", data=form)
    assert answer.status_code == 422 and "room results missing" in _alert(answer.text)
    te.enter_rest(store, rr)
    answer = client.post("/d/leagues/championship/knockout", data=form, follow_redirects=False)
    assert answer.status_code == 303
    ko = int(answer.headers["location"].split("/")[3])
    assert team_events.settings(store, ko).form.value == "knockout"
    page = client.get("/d/leagues?lang=ja")
    assert 'id="carry-over"' in page.text and "PABF KO" in page.text


def test_a_refused_report_zip_is_said_in_the_readers_language(
    client: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the download's refusal goes to the page's refusal line like every other form's
    # (its code, its words from the catalogs), not as the English str(exc)
    from bridgedesk.errors import BridgedeskError
    from bridgedesk.services import league_tables

    token = log_in(client, "boss")
    client.post("/d/leagues", data=_form(token))
    league = league_store.leagues(store)[0]

    def refuse(*_args: object) -> None:
        raise BridgedeskError(
            "no permission to write here; choose another place", code="output.no-permission"
        )

    monkeypatch.setattr(league_tables, "publish_league", refuse)
    answer = client.get(f"/d/leagues/{league.id}/reports.zip?lang=ja")
    assert answer.status_code == 422
    assert 'data-code="output.no-permission"' in answer.text
    assert _alert(answer.text) == "ここに書き込む権限がありません。別の場所を選んでください"
