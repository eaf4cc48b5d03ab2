"""A team event at the console (``/d/teams/ID``), at its tables (``/t/team``) and on the
public live pages (``/e/ID/teams/``): the same service functions and one-line
refusals as ``bridgedesk entry add --kind team``, ``event movement``, ``result
team`` and ``result forfeit``; roles, the CSRF check on every new POST, and team
names shown as text."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.services import draws, slips
from bridgedesk.store import team_events, terminals, users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web import team_event as te
from tests.web.test_console import PASSWORD, log_in

ESCAPED = "&lt;script&gt;alert(&#39;team&#39;)&lt;/script&gt;"


@pytest.fixture
def team_store(tmp_path: Path) -> Iterator[tuple[Store, int]]:
    store = Store.open(tmp_path / "club.sqlite3")
    for name, role in (("boss", Role.DIRECTOR), ("kim", Role.SCORER), ("vic", Role.VIEWER)):
        users.add_user(store, name, role, PASSWORD)
    eid = te.create_event(store)
    try:
        yield store, eid
    finally:
        store.close()


@pytest.fixture
def client(team_store: tuple[Store, int]) -> Iterator[TestClient]:
    app = create_app(store=team_store[0], login_limit=3, poll_seconds=0.05)
    with TestClient(app) as c:
        yield c


def _drawn(store: Store, eid: int) -> None:
    te.add_teams(store, eid)
    draws.make_draw(store, eid)


def _alert(html: str) -> str:
    found = re.findall(r'role="alert"[^>]*>([^<]*)<', html)
    assert found, html[-3000:]
    return found[0].replace("&#39;", "'").replace("&gt;", ">").replace("&lt;", "<")


def _team_form(token: str, t: int, count: int = 4, **more: str) -> dict[str, str]:
    form = {"csrf_token": token, "name": f"Team {t}", **more}
    for k in range(1, count + 1):
        form[f"player{k}"] = f"Player {t}-{k}"
        form[f"member{k}"] = f"{t}{k:03d}"
    return form


def test_a_team_event_opens_its_own_pages(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    _, eid = team_store
    log_in(client, "vic")
    answer = client.get(f"/d/events/{eid}", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/d/teams/{eid}"
    for path in ("", "/grid", "/grid/cells", "/results", "/standings", "/publish"):
        assert client.get(f"/d/teams/{eid}{path}").status_code == 200, path
    # the pairs pages are not a team event's (a pairs movement would break its draw)
    for path in ("/grid", "/movement", "/results", "/publish"):
        answer = client.get(f"/d/events/{eid}{path}")
        assert answer.status_code == 404, path
        assert f"event {eid} is a team event: its pages are /d/teams/{eid}" in answer.text
    assert client.get("/d/events/999").status_code == 404
    # a pairs event has no team pages: one line, 404
    store = team_store[0]
    from tests.web.conftest import make_event

    pairs = make_event(store, 8)
    answer = client.get(f"/d/teams/{pairs}")
    assert answer.status_code == 404 and "is a pairs event" in answer.text


def test_teams_entered_by_name_and_member_number(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    store, eid = team_store
    token = log_in(client, "boss")
    answer = client.post(f"/d/teams/{eid}/entries", data=_team_form(token, 1))
    assert answer.status_code == 200 and "entered team 1: Team 1" in answer.text
    # member numbers alone: the names come from the register (as `--player :MEMBER`)
    form = {
        "csrf_token": token,
        "name": "Register",
        **{f"member{k}": f"1{k:03d}" for k in range(1, 5)},
    }
    answer = client.post(f"/d/teams/{eid}/entries", data=form)
    assert answer.status_code == 200, answer.text
    entry = store.entries(eid)[2]
    assert [p.name for p in entry.players] == [f"Player 1-{k}" for k in range(1, 5)]
    # three players: the Entry's own one line, beside the form, the form kept; nothing stored
    answer = client.post(f"/d/teams/{eid}/entries", data=_team_form(token, 3, count=3))
    assert answer.status_code == 422
    assert _alert(answer.text) == "a team entry lists 4-6 players, entry 3 has 3"
    assert 'value="Player 3-2"' in answer.text
    assert sorted(store.entries(eid)) == [1, 2]
    # an unknown member number alone
    form = {
        "csrf_token": token,
        "member1": "999999",
        "player2": "A",
        "player3": "B",
        "player4": "C",
    }
    answer = client.post(f"/d/teams/{eid}/entries", data=form)
    assert (
        _alert(answer.text) == "member 999999 is not in the player register: give the name as well"
    )
    assert sorted(store.entries(eid)) == [1, 2]


def test_a_team_changed_and_withdrawn(client: TestClient, team_store: tuple[Store, int]) -> None:
    store, eid = team_store
    _drawn(store, eid)
    token = log_in(client, "boss")
    form = {**_team_form(token, 5, count=5), "number": "5", "name": "Sunrise", "reason": "late sub"}
    answer = client.post(f"/d/teams/{eid}/entries/edit", data=form)
    assert answer.status_code == 200 and "team 5 changed" in answer.text
    entry = store.entries(eid)[5]
    assert entry.team_name == "Sunrise" and len(entry.players) == 5
    # without a reason: refused, nothing changed
    answer = client.post(f"/d/teams/{eid}/entries/edit", data={**form, "name": "X", "reason": ""})
    assert _alert(answer.text) == "give the reason (it is kept in the audit log)"
    assert store.entries(eid)[5].team_name == "Sunrise"
    form = {"csrf_token": token, "number": "6", "from_round": "3", "reason": "went home"}
    answer = client.post(f"/d/teams/{eid}/entries/withdraw", data=form)
    assert answer.status_code == 200 and "team 6 withdrawn from round 3" in answer.text
    draw = team_events.draw(store, eid)
    assert draw.withdrawn == {6: 3}
    assert all(
        draw.forfeited_by(d) == 6 for d in draw.matches if d.round >= 3 and 6 in (d.home, d.away)
    )
    answer = client.post(f"/d/teams/{eid}/entries/withdraw", data=form)
    assert _alert(answer.text) == "team 6 is withdrawn already (from round 3)"


def test_the_draw_and_the_rounds(client: TestClient, team_store: tuple[Store, int]) -> None:
    store, eid = team_store
    token = log_in(client, "boss")
    answer = client.post(f"/d/teams/{eid}/draw", data={"csrf_token": token})
    assert _alert(answer.text).startswith("a team event needs at least 2 teams; 0 entered")
    te.add_teams(store, eid)
    assert 'id="make-draw"' in client.get(f"/d/teams/{eid}").text
    answer = client.post(f"/d/teams/{eid}/draw", data={"csrf_token": token})
    assert "draw: round-robin 8 teams, 7 rounds x 2 boards" in answer.text
    # drawn: the page no longer offers to draw it again
    assert 'id="make-draw"' not in answer.text
    assert 'id="make-draw"' not in client.get(f"/d/teams/{eid}").text
    draw = team_events.draw(store, eid)
    assert len([d for d in draw.matches if d.away is not None]) == 28
    assert answer.text.count("/results?round=") == 28
    # a round robin is drawn whole: "next round" is the command line's refusal
    answer = client.post(f"/d/teams/{eid}/next", data={"csrf_token": token})
    assert _alert(answer.text).startswith("a round-robin is drawn whole")
    answer = client.post(f"/d/teams/{eid}/round", data={"csrf_token": token, "round": "2",
                                                          "action": "hold"})  # fmt: skip
    assert answer.status_code == 200 and "round 2: hold" in answer.text
    assert terminals.round_states(store, eid) == {2: "held"}
    grid = client.get(f"/d/teams/{eid}/grid/cells").text
    assert '<tr data-round="2" data-home="1"><th>2<br><small>held' in grid


def test_room_results_wrong_room_correction_and_forfeit(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    store, eid = team_store
    _drawn(store, eid)
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    token = log_in(client, "kim")  # a scorer enters and corrects
    base = {"csrf_token": token, "round": str(d.round), "home": str(d.home),
            "away": str(d.away), "board": str(d.boards[0])}  # fmt: skip
    answer = client.post(f"/d/teams/{eid}/results", data={**base, "room": "open",
                         "contract": "4S", "declarer": "N", "result": "="})  # fmt: skip
    assert answer.status_code == 200 and "open room, board 1: 4S N =" in answer.text
    # the wrong room: home and away the wrong way round, refused beside the form
    wrong = {**base, "home": str(d.away), "away": str(d.home), "room": "closed",
             "contract": "4S", "declarer": "N", "result": "-1"}  # fmt: skip
    answer = client.post(f"/d/teams/{eid}/results", data=wrong)
    assert answer.status_code == 422
    assert _alert(answer.text) == (
        f"round {d.round}: team {d.home} is at home against team {d.away}, not away (the open "
        f"room is {d.home}'s NS, 004:1631-1633): enter it as --home {d.home} --away {d.away}"
    )
    assert 'data-code="team.home-away-reversed"' in answer.text
    assert len(store.results(eid)) == 1
    # a second result for the room, and a board the match does not play
    again = {**base, "room": "open", "contract": "3NT", "declarer": "S", "result": "+1"}
    answer = client.post(f"/d/teams/{eid}/results", data=again)
    assert "has a result on board 1 already" in _alert(answer.text)
    answer = client.post(f"/d/teams/{eid}/results", data={**again, "board": "9"})
    assert _alert(answer.text) == (
        f"round 1, board 9: round 1: the match {d.label} plays boards 1-2, not board 9"
    )
    assert len(store.results(eid)) == 1
    # the closed room; the comparison shows
    closed = {**base, "room": "closed", "contract": "4S", "declarer": "N", "result": "-1"}
    answer = client.post(f"/d/teams/{eid}/results", data=closed)
    assert answer.status_code == 200
    assert re.search(r'data-board="1">.*?imps-home">10<', answer.text, re.S)  # 420 + 50 = 10 IMPs
    # a room's result opens the correction form filled in with it
    query = f"round={d.round}&home={d.home}&away={d.away}"
    page = client.get(f"/d/teams/{eid}/results?{query}&room=closed&board=1").text
    form = page[page.index('id="correct-room"') :]
    assert 'name="contract" placeholder="4S, 3NTX, PASS" value="4S"' in form
    assert 'name="result" placeholder="=, +1, -2" value="-1"' in form
    assert '<option value="closed" selected>' in form
    # a correction needs a reason; with one it is stored
    fix = {**closed, "result": "=", "reason": ""}
    answer = client.post(f"/d/teams/{eid}/results/correct", data=fix)
    assert _alert(answer.text) == "give the reason (it is kept in the audit log)"
    answer = client.post(f"/d/teams/{eid}/results/correct", data={**fix, "reason": "made it"})
    assert "4S N -1 -&gt; 4S N =" in answer.text
    # a scorer may not forfeit a match (a director's ruling)
    other = [m for m in team_events.draw(store, eid).matches if m.away is not None][1]
    form = {"csrf_token": token, "round": str(other.round), "team": str(other.away),
            "home": str(other.home), "away": str(other.away), "reason": "no show"}  # fmt: skip
    assert client.post(f"/d/teams/{eid}/forfeit", data=form).status_code == 403
    token = log_in(client, "boss")
    answer = client.post(f"/d/teams/{eid}/forfeit", data={**form, "csrf_token": token})
    assert f"team {other.away} forfeits its round 1 match" in answer.text
    answer = client.post(f"/d/teams/{eid}/forfeit", data={**form, "csrf_token": token})
    assert "is already forfeited" in _alert(answer.text)


def test_roles(client: TestClient, team_store: tuple[Store, int]) -> None:
    store, eid = team_store
    _drawn(store, eid)
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    result = {"round": str(d.round), "home": str(d.home), "away": str(d.away), "room": "open",
              "board": "1", "contract": "4S", "declarer": "N", "result": "="}  # fmt: skip
    token = log_in(client, "vic")  # a viewer reads, posts nothing
    assert client.get(f"/d/teams/{eid}/standings").status_code == 200
    for path, form in (("/entries", te_form(token)), ("/results", result), ("/draw", {}),
                       ("/results/correct", {**result, "reason": "x"})):  # fmt: skip
        answer = client.post(f"/d/teams/{eid}{path}", data={**form, "csrf_token": token})
        assert answer.status_code == 403, path
    assert store.results(eid) == []
    token = log_in(client, "kim")  # a scorer enters results, but does not draw or enter teams
    hold = {"round": "1", "action": "hold"}
    for path, form in (("/entries", te_form(token)), ("/draw", {}), ("/round", hold)):
        answer = client.post(f"/d/teams/{eid}{path}", data={**form, "csrf_token": token})
        assert answer.status_code == 403, path
    answer = client.post(f"/d/teams/{eid}/results", data={**result, "csrf_token": token})
    assert answer.status_code == 200 and len(store.results(eid)) == 1


def te_form(token: str) -> dict[str, str]:
    return _team_form(token, 9)


def test_every_team_post_needs_the_csrf_token(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    store, eid = team_store
    _drawn(store, eid)
    log_in(client, "boss")
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    posts = {
        "/entries": te_form(""),
        "/entries/edit": {"number": "1", "name": "X", "reason": "r"},
        "/entries/withdraw": {"number": "1", "from_round": "1", "reason": "r"},
        "/draw": {},
        "/next": {},
        "/round": {"round": "1", "action": "hold"},
        "/results": {"round": "1", "home": str(d.home), "away": str(d.away), "room": "open",
                     "board": "1", "contract": "4S", "declarer": "N", "result": "="},
        "/results/correct": {"round": "1", "home": str(d.home), "away": str(d.away),
                             "room": "open", "board": "1", "contract": "4S", "declarer": "N",
                             "result": "=", "reason": "r"},
        "/forfeit": {"round": "1", "team": str(d.home), "reason": "r"},
        "/lineup": {"round": "1", "team": str(d.home), "ns1": "1", "ns2": "3", "ew1": "2",
                    "ew2": "4"},
    }  # fmt: skip
    before = (store.entries(eid), team_events.draw(store, eid), store.results(eid))
    for path, form in posts.items():
        for token in ({}, {"csrf_token": "forged"}):
            answer = client.post(f"/d/teams/{eid}{path}", data={**form, **token})
            assert answer.status_code == 403 and "CSRF" in answer.text, path
    assert (store.entries(eid), team_events.draw(store, eid), store.results(eid)) == before


def test_team_names_are_shown_as_text(client: TestClient, team_store: tuple[Store, int]) -> None:
    store, eid = team_store
    _drawn(store, eid)
    # the table where team 3 plays in round 1
    d = next(
        m for m in team_events.draw(store, eid).matches if m.round == 1 and 3 in (m.home, m.away)
    )
    assert d.open is not None
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    _table_login(client, eid, d.open.table, codes[d.open.table])
    page = client.get("/t/team").text
    assert ESCAPED in page and te.SCRIPT_TEAM not in page
    te.enter_rest(store, eid)
    log_in(client, "vic")
    for path in (f"/d/teams/{eid}", f"/d/teams/{eid}/standings", f"/e/{eid}/teams/",
                 f"/e/{eid}/teams/live", f"/d/teams/{eid}/reports/standings.html",
                 f"/e/{eid}/teams/scorecards.html"):  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert te.SCRIPT_TEAM not in answer.text, path
    assert ESCAPED in client.get(f"/d/teams/{eid}").text
    assert ESCAPED in client.get(f"/e/{eid}/teams/").text


def test_standings_publish_and_the_public_pages(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    store, eid = team_store
    _drawn(store, eid)
    log_in(client, "vic")
    # one room in: the standings are provisional and the missing rooms listed
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    slips.enter(store, eid, te.slip(d, "open", 1, ("4S", "N", "=")), who="k")
    page = client.get(f"/d/teams/{eid}/publish").text
    assert f"round 1, {d.label}: 3 of 4 room results" in page
    assert 'id="provisional"' in client.get(f"/d/teams/{eid}/standings").text
    # every room in: the standings are the independent computation's
    te.enter_rest(store, eid)
    assert 'id="none-missing"' in client.get(f"/d/teams/{eid}/publish").text
    draw = list(team_events.draw(store, eid).matches)
    expected = {(d.round, d.home, 1, "open"): ("4S", "N", "=")}
    want = te.standings(draw, {**te.expected_rooms(draw), **expected})
    standings = client.get(f"/d/teams/{eid}/standings").text
    assert 'id="provisional"' not in standings
    shown = {
        int(t): p
        for t, p in re.findall(
            r'<tr data-team="(\d+)">.*?class="num points">([\d.]+)<', standings, re.S
        )
    }
    assert shown == {t: f"{v:.2f}" for t, v in want.items()}
    answer = client.get(f"/d/teams/{eid}/publish/reports.zip")
    assert answer.status_code == 200
    names = set(zipfile.ZipFile(io.BytesIO(answer.content)).namelist())
    assert {"standings.html", "scorecards.html", "sheets.html", "rounds.html", "results.json",
            "results.pbn", "standings.csv", "matches.csv", "index.html"} <= names  # fmt: skip
    answer = client.get(f"/e/{eid}/", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/e/{eid}/teams/"
    public = client.get(f"/e/{eid}/teams/").text
    assert 'id="standings"' in public and 'id="cross-table"' in public
    assert client.get(f"/e/{eid}/teams/nothing.html").status_code == 422


# -- the tables ----------------------------------------------------------------------------------


def _table_login(client: TestClient, eid: int, table: int, code: str) -> str:
    form = client.get(f"/t/login?event={eid}&section=A&table={table}&code={code}")
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.text))
    answer = client.post(
        "/t/login",
        data={**hidden, "event": str(eid), "section": "A", "table": str(table), "code": code},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    page = client.get("/t/table")  # a team event's table goes on to /t/team
    assert page.url.path == "/t/team"
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None
    return found.group(1)


def test_a_table_enters_its_room_and_sees_the_comparison(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    store, eid = team_store
    _drawn(store, eid)
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    assert d.open is not None and d.closed is not None
    # the closed room's table: the away team sits NS (004:1631-1633)
    csrf = _table_login(client, eid, d.closed.table, codes[d.closed.table])
    page = client.get("/t/team").text
    assert 'data-room="closed"' in page
    assert f"NS: team {d.away}" in page and f"EW: team {d.home}" in page
    assert f'<span class="names">{te.team_name(d.home)}</span>' in page
    # CSRF: a post without the token changes nothing
    form = {"round": "1", "board": str(d.boards[0]), "contract": "4S", "declarer": "N",
            "result": "-1"}  # fmt: skip
    assert client.post("/t/team/results", data=form).status_code == 403
    # a board of another match: the room's refusal (as `result team` gives it), beside the form
    answer = client.post("/t/team/results", data={**form, "csrf": csrf, "board": "5"})
    assert answer.status_code == 422
    assert f"the match {d.label} plays boards 1-2, not board 5" in _alert(answer.text)
    assert store.results(eid) == []
    answer = client.post("/t/team/results", data={**form, "csrf": csrf})
    assert answer.status_code == 200 and "board 1 4S N -1" in answer.text
    assert 'class="grid comparison"' not in answer.text  # the open room is not in yet
    stored = store.results(eid)[0].result
    assert (stored.round, stored.table, stored.ns, stored.ew) == (
        d.closed.round,
        d.closed.table,
        d.away,
        d.home + te.TEAMS,
    )
    # the open room from the console; the table then shows the comparison
    te_slip = te.slip(d, "open", d.boards[0], ("4S", "N", "="))
    slips.enter(store, eid, te_slip, who="boss")
    page = client.get("/t/team").text
    assert 'class="grid comparison" data-round="1"' in page
    assert re.search(r'class="grid comparison".*?<td class="num">420</td><td class="num">-50</td>'
                     r'<td class="num imps-home">10</td>', page, re.S)  # fmt: skip


def test_a_swiss_draws_round_by_round_at_the_console(tmp_path: Path) -> None:
    """`event round --next` from the console: round 1 by seed, round 2 from the standings."""
    import datetime as dt

    from bridgedesk.events import Event, Rating, ScoringMethod
    from bridgedesk.services.event_setup import team_settings

    store = Store.open(tmp_path / "swiss.sqlite3")
    users.add_user(store, "boss", Role.DIRECTOR, PASSWORD)
    event = Event("Swiss", dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.TEAM_VP)
    settings = team_settings("swiss", "vp", boards_per_match=2, rounds=3, swiss_rule="jcbl-1")
    eid = team_events.create_team_event(store, event, settings)
    te.add_teams(store, eid)
    try:
        with TestClient(create_app(store=store)) as client:
            token = log_in(client, "boss")
            page = client.get(f"/d/teams/{eid}").text
            assert 'id="next-round"' in page  # a Swiss draws round by round
            answer = client.post(f"/d/teams/{eid}/next", data={"csrf_token": token})
            assert _alert(answer.text).startswith("round 1 is not drawn yet")
            answer = client.post(f"/d/teams/{eid}/draw", data={"csrf_token": token})
            round_one = [d for d in team_events.draw(store, eid).matches if d.round == 1]
            # by seed, halves: 1 v 5, 2 v 6 ... (004:1783-1791, jcbl-1)
            assert [(d.home, d.away) for d in round_one] == [(1, 5), (2, 6), (3, 7), (4, 8)]
            te.enter_rest(store, eid)
            answer = client.post(f"/d/teams/{eid}/next", data={"csrf_token": token})
            assert answer.status_code == 200 and "round 2 drawn" in answer.text
            drawn = team_events.draw(store, eid)
            round_two = [d for d in drawn.matches if d.round == 2]
            assert len(round_two) == 4
            met = {frozenset((d.home, d.away)) for d in round_one}
            assert not met & {frozenset((d.home, d.away)) for d in round_two}
            # a round held: its tables wait, the console says so
            answer = client.post(
                f"/d/teams/{eid}/round", data={"csrf_token": token, "round": "2", "action": "hold"}
            )
            assert "round 2: hold" in answer.text
    finally:
        store.close()


def test_the_table_api_checks_a_team_result_against_the_draw(
    client: TestClient, team_store: tuple[Store, int]
) -> None:
    """A phone's queued result (``POST /api/table/results``) of a team table goes through
    the same checks as the page's: a forfeited match takes no result."""
    store, eid = team_store
    _drawn(store, eid)
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    first, second = [d for d in team_events.draw(store, eid).matches if d.away is not None][:2]
    assert first.open is not None and second.open is not None
    team_events.forfeit_match(store, eid, 1, second.away or 0, "boss", "no show")

    def api(table: int) -> dict[str, str]:
        login = {"event": eid, "section": "A", "table": table, "code": codes[table]}
        answer = client.post("/api/table/login", json=login)
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    body = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "result": "="}
    answer = client.post("/api/table/results", headers=api(second.open.table), json=body)
    assert answer.status_code == 422
    assert "was forfeited by team" in answer.json()["error"]
    assert store.results(eid) == []
    answer = client.post("/api/table/results", headers=api(first.open.table), json=body)
    assert answer.status_code == 201 and answer.json()["score_ns"] == 420
    assert len(store.results(eid)) == 1


def test_line_ups_at_the_console(client: TestClient, team_store: tuple[Store, int]) -> None:
    """`event lineup` from the console: the pairs named on the scorecard (and the Butler)."""
    store, eid = team_store
    _drawn(store, eid)
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    token = log_in(client, "boss")
    form = {"csrf_token": token, "round": "1", "home": str(d.home), "away": str(d.away),
            "team": str(d.home), "ns1": "1", "ns2": "3", "ew1": "2", "ew2": "3"}  # fmt: skip
    answer = client.post(f"/d/teams/{eid}/lineup", data=form)
    assert answer.status_code == 422 and _alert(answer.text).startswith(
        f"a line-up names four different players of team {d.home}"
    )
    answer = client.post(f"/d/teams/{eid}/lineup", data={**form, "ew2": "4"})
    assert answer.status_code == 200 and "NS players 1,3, EW players 2,4" in answer.text
    te.enter_rest(store, eid)
    page = client.get(f"/d/teams/{eid}/results?round=1&home={d.home}&away={d.away}").text
    shown = page[page.index('id="lineup-shown"') :]
    assert f"NS {d.home} Player {d.home}-1 – Player {d.home}-3" in shown
    assert client.post(f"/d/teams/{eid}/lineup", data={**form, "csrf_token": ""}).status_code == 403
