"""One visibility rule on every route (issue 22): a skip Mitchell and a Howell walked
round by round, every table and every public route asked about every board.

What each route should show is computed here from the movement alone: after round
``r``, a pair has played board ``b`` when the movement seats it with ``b`` in a round
up to ``r``; a table may see ``b`` when both pairs the movement seats there in the
round it is at now have; everybody may see ``b`` once every table that plays it has
played it (rounds up to ``r``), its hands once the last round is in.  The skip
Mitchell is the issue's example: in round 2, EW 12 at table 1 plays board 2 and
meets board 1 only in round 4, though table 1 entered board 1 in round 1.

One store and one app serve the module.  Every round, every table's panel is asked
which travellers it offers (the whole rule, table by table) and the public routes are
asked what they show; the traveller routes themselves are asked of tables and boards
hypothesis draws (derandomized: the same sample every run), a hidden board drawn
first among those the table itself entered earlier (the leak the issue found).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import Seat
from bridgedesk.deals.generate import generate
from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.adapters import as_grid
from bridgedesk.events.model import Section, Session
from bridgedesk.events.seating import GridMovement
from bridgedesk.movements.catalogue import build
from bridgedesk.services.visibility import release
from bridgedesk.store import director, terminals
from bridgedesk.store.service import Store
from bridgedesk.web.app import create_app

#: (kind, tables, boards a round)
WALKS = [("skip-mitchell", 6, 1), ("howell", 3, 2)]


#: One derandomized example a walk (each walk makes its own event in the module's
#: store, so a rerun starts afresh); no shrinking: a walk is seconds long.
WALK_SETTINGS = settings(
    max_examples=1, derandomize=True, deadline=None, database=None, phases=[Phase.generate]
)


@dataclass
class Club:
    """The module's one store and the one app (a test client) on it."""

    store: Store
    client: TestClient


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    store = Store.open(str(tmp_path_factory.mktemp("visibility") / "club.sqlite3"))
    try:
        with TestClient(create_app(store=store, poll_seconds=0.0)) as client:
            yield Club(store, client)
    finally:
        store.close()


def _event(store: Store, kind: str, tables: int, bpr: int) -> tuple[int, GridMovement]:
    eid = store.create_event(
        Event(f"Walk {kind}", dt.date(2026, 11, 24), Rating.WEEKLY, 3,
              ScoringMethod.MATCHPOINTS, sessions=(Session(1, (Section("A"),)),))
    )  # fmt: skip
    movement = build(kind, tables=tables, boards_per_round=bpr)
    grid = as_grid(movement)
    for n in sorted(grid.pairs):
        players = (Player(f"North{n}", member=f"9{n:04}"), Player(f"South{n}", member=f"8{n:04}"))
        store.add_entry(eid, Entry(n, players))
    store.set_movement(eid, movement)
    for deal in generate(len(grid.boards), seed=22):
        store.set_deal(eid, deal.board, deal.pbn(Seat.N))
    return eid, grid


def _logins(client: TestClient, store: Store, eid: int, tables: int) -> dict[int, dict[str, str]]:
    """Every table's terminal logged in: its Authorization header."""
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    auth = {}
    for t in range(1, tables + 1):
        asked = {"event": eid, "section": "A", "table": t, "code": codes[t]}
        answer = client.post("/api/table/login", json=asked)
        auth[t] = {"Authorization": f"Bearer {answer.json()['token']}"}
    return auth


def _played_by(grid: GridMovement, last: int) -> dict[int, set[int]]:
    """Board -> the pairs that have played it once rounds 1..``last`` are in."""
    out: dict[int, set[int]] = {}
    for rnd in range(1, last + 1):
        for table in range(1, grid.tables + 1):
            a = grid.assignment(rnd, table)
            if a is not None:
                for b in a.boards:
                    out.setdefault(b, set()).update((a.ns, a.ew))
    return out


def _public(grid: GridMovement, last: int) -> set[int]:
    """The boards every table has played once rounds 1..``last`` are in."""
    later = {
        b
        for rnd in range(last + 1, grid.rounds + 1)
        for table in range(1, grid.tables + 1)
        for b in (grid.assignment(rnd, table) or _NONE).boards
    }
    return set(grid.boards) - later


class _None:
    boards: tuple[int, ...] = ()


_NONE = _None()


@pytest.mark.parametrize("walk", WALKS, ids=[w[0] for w in WALKS])
@WALK_SETTINGS
@given(data=st.data())
def test_every_route_shows_a_board_only_to_those_who_played_it(
    club: Club, walk: tuple[str, int, int], data: st.DataObject
) -> None:
    store, client = club.store, club.client
    eid, grid = _event(store, *walk)
    auth = _logins(client, store, eid, grid.tables)
    tables = range(1, grid.tables + 1)
    # before any result: an empty public ranking, nothing shown anywhere
    empty = client.get(f"/api/events/{eid}/ranking")
    assert empty.status_code == 200, empty.text
    assert empty.json()["ranking"] == [] and empty.json()["boards"] == []
    entered: dict[int, set[int]] = {t: set() for t in tables}  # boards entered at each table
    for rnd in range(1, grid.rounds + 1):
        for t in tables:
            a = grid.assignment(rnd, t)
            assert a is not None
            for b in a.boards:
                made = ("=", "+1", "-1")[(rnd + t + b) % 3]
                body = {"round": rnd, "board": b, "ns": a.ns, "ew": a.ew,
                        "contract": "3NT", "declarer": "S", "result": made}  # fmt: skip
                got = client.post("/api/table/results", json=body, headers=auth[t])
                assert got.status_code == 201, got.text
                entered[t].add(b)
        played = _played_by(grid, rnd)
        now = min(rnd + 1, grid.rounds)  # where each table is once its round is in
        seen: dict[int, set[int]] = {}
        for t in tables:
            a = grid.assignment(now, t)
            assert a is not None
            seen[t] = {b for b, pairs in played.items() if {a.ns, a.ew} <= pairs}
            # every table's panel offers exactly the travellers both its pairs may see
            panel = client.get("/t/table/panel", headers=auth[t]).text
            offered = {int(x) for x in re.findall(r'href="/t/traveller/(\d+)"', panel)}
            assert offered == seen[t], (rnd, t)
        # the traveller's JSON and page, asked of a sample of the tables: a board shown,
        # and a hidden one, first among those this table entered for the pairs before
        asked = data.draw(
            st.lists(st.sampled_from(tables), min_size=1, max_size=2, unique=True),
            label=f"tables asked after round {rnd}",
        )
        for t in asked:
            hidden = set(grid.boards) - seen[t]
            checks = []
            if seen[t]:
                checks.append((data.draw(st.sampled_from(sorted(seen[t]))), 200))
            if hidden:
                pool = sorted(entered[t] & hidden) or sorted(hidden)
                checks.append((data.draw(st.sampled_from(pool)), 403))
            for b, want in checks:
                api = client.get(f"/api/table/traveller/{b}", headers=auth[t])
                assert api.status_code == want, (rnd, t, b)
                page = client.get(f"/t/traveller/{b}", headers=auth[t])
                assert page.status_code == want, (rnd, t, b)
        public = _public(grid, rnd)
        over = rnd == grid.rounds
        doc = client.get(f"/api/events/{eid}/ranking").json()
        assert {b["board"] for b in doc["boards"]} == public, rnd
        assert all(("deal" in b) == over for b in doc["boards"]), rnd
        assert "member" not in json.dumps(doc)
        live = client.get(f"/e/{eid}/live").text
        assert (
            set(map(int, re.findall(r'class="grid traveller" data-board="(\d+)"', live))) == public
        )
        assert bool(re.search(r'class="hands"', live)) == over, rnd


@pytest.mark.parametrize("walk", WALKS, ids=[w[0] for w in WALKS])
def test_the_directors_release_shows_everything_and_is_audited(
    club: Club, walk: tuple[str, int, int]
) -> None:
    store, client = club.store, club.client
    eid, grid = _event(store, *walk)
    a = grid.assignment(1, 1)
    assert a is not None
    auth = _logins(client, store, eid, 1)[1]
    body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew, "contract": "PASS"}
    assert client.post("/api/table/results", json=body, headers=auth).status_code == 201
    assert client.get(f"/api/events/{eid}/ranking").json()["boards"] == []
    release(store, eid, 1, shown=True, who="TD", reason="results on the club's screen")
    doc = client.get(f"/api/events/{eid}/ranking").json()
    assert [b["board"] for b in doc["boards"]] == [a.boards[0]]
    assert "deal" in doc["boards"][0]
    assert f'data-board="{a.boards[0]}"' in client.get(f"/e/{eid}/live").text
    release(store, eid, 1, shown=False, who="TD", reason="by mistake")
    assert client.get(f"/api/events/{eid}/ranking").json()["boards"] == []
    log = [line for line in director.audit_log(store, eid) if line.action == "release"]
    assert [(line.who, line.new) for line in log] == [("TD", {"released": True}),
                                                      ("TD", {"released": False})]  # fmt: skip


@WALK_SETTINGS
@given(data=st.data())
def test_a_team_match_shows_a_board_once_every_room_has_played_it(
    club: Club, data: st.DataObject
) -> None:
    """An 8-team round robin walked room by room: the public JSON keeps a board of a
    round only once both rooms of every match of that round have played it, and the
    board-by-board pages wait while a board is in play at some tables; member numbers
    never show.  The routes are asked after the last room of each round (the round's
    boards become public) and after rooms hypothesis draws among the others."""
    from bridgedesk.services import draws, slips
    from bridgedesk.store import team_events
    from tests.web import team_event as te

    store, client = club.store, club.client
    eid = te.create_event(store, name="Walk teams")
    te.add_teams(store, eid)
    draws.make_draw(store, eid)
    matches = [d for d in team_events.draw(store, eid).matches if d.away is not None]
    rounds = sorted({d.round for d in matches})[:2]
    entered: set[tuple[int, int, str]] = set()  # (round, home, room)
    for rnd in rounds:
        rooms = [(d, room) for d in matches if d.round == rnd for room in ("open", "closed")]
        asked = data.draw(
            st.sets(st.sampled_from(range(len(rooms) - 1)), min_size=1, max_size=2),
            label=f"rooms after which round {rnd} is asked",
        ) | {len(rooms) - 1}
        for i, (d, room) in enumerate(rooms):
            for board in d.boards:
                played = te.words(d.round, d.home, board, room)
                slips.enter(store, eid, te.slip(d, room, board, played), who="kim")
            entered.add((d.round, d.home, room))
            if i not in asked:
                continue
            doc = client.get(f"/api/events/{eid}/ranking").json()
            assert "member" not in json.dumps(doc)
            shown = {(m["round"], b["board"]) for m in doc["matches"] for b in m["boards"]}
            done = {
                (x.round, b)
                for x in matches
                for b in x.boards
                if all((y.round, y.home, r) in entered for y in matches
                       if y.round == x.round for r in ("open", "closed"))
            }  # fmt: skip
            assert shown == done, (rnd, d.home, room)
            page = client.get(f"/e/{eid}/teams/scorecards.html")
            partly = any(
                (y.round, y.home, r) not in entered
                for y in matches if y.round == rnd for r in ("open", "closed")
            )  # fmt: skip
            assert page.status_code == (403 if partly else 200), (rnd, d.home, room)
            assert ('data-code="visibility.team-boards-in-play"' in page.text) == partly
            assert client.get(f"/e/{eid}/teams/standings.html").status_code == 200
