"""One visibility rule on every route (issue 22): a skip Mitchell and a Howell walked
round by round, every table and every public route asked about every board.

What each route should show is computed here from the movement alone: after round
``r``, a pair has played board ``b`` when the movement seats it with ``b`` in a round
up to ``r``; a table may see ``b`` when both pairs the movement seats there in the
round it is at now have; everybody may see ``b`` once every table that plays it has
played it (rounds up to ``r``), its hands once the last round is in.  The skip
Mitchell is the issue's example: in round 2, EW 12 at table 1 plays board 2 and
meets board 1 only in round 4, though table 1 entered board 1 in round 1.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

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


def _event(store: Store, kind: str, tables: int, bpr: int) -> tuple[int, GridMovement]:
    eid = store.create_event(
        Event("Walk", dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS,
              sessions=(Session(1, (Section("A"),)),))
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


@pytest.fixture(params=WALKS, ids=[w[0] for w in WALKS])
def walk(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Store, int, GridMovement]]:
    store = Store.open(str(tmp_path / "club.sqlite3"))
    eid, grid = _event(store, *request.param)
    yield store, eid, grid
    store.close()


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


def test_every_route_shows_a_board_only_to_those_who_played_it(
    walk: tuple[Store, int, GridMovement],
) -> None:
    store, eid, grid = walk
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    app = create_app(store=store, poll_seconds=0.0)
    with TestClient(app) as client:
        auth = {}
        for t in range(1, grid.tables + 1):
            asked = {"event": eid, "section": "A", "table": t, "code": codes[t]}
            answer = client.post("/api/table/login", json=asked)
            auth[t] = {"Authorization": f"Bearer {answer.json()['token']}"}
        # before any result: an empty public ranking, nothing shown anywhere
        empty = client.get(f"/api/events/{eid}/ranking")
        assert empty.status_code == 200, empty.text
        assert empty.json()["ranking"] == [] and empty.json()["boards"] == []
        for rnd in range(1, grid.rounds + 1):
            for t in range(1, grid.tables + 1):
                a = grid.assignment(rnd, t)
                assert a is not None
                for b in a.boards:
                    made = ("=", "+1", "-1")[(rnd + t + b) % 3]
                    body = {"round": rnd, "board": b, "ns": a.ns, "ew": a.ew,
                            "contract": "3NT", "declarer": "S", "result": made}  # fmt: skip
                    got = client.post("/api/table/results", json=body, headers=auth[t])
                    assert got.status_code == 201, got.text
            played = _played_by(grid, rnd)
            now = min(rnd + 1, grid.rounds)  # where each table is once its round is in
            for t in range(1, grid.tables + 1):
                a = grid.assignment(now, t)
                assert a is not None
                seen = {b for b, pairs in played.items() if {a.ns, a.ew} <= pairs}
                for b in grid.boards:
                    api = client.get(f"/api/table/traveller/{b}", headers=auth[t])
                    assert api.status_code == (200 if b in seen else 403), (rnd, t, b)
                # the page asks the same rule: one board shown and one hidden, if any
                hidden = sorted(set(grid.boards) - seen)
                asked = ((min(seen, default=None), 200), (hidden[0] if hidden else None, 403))
                for b, want in asked:
                    if b is not None:
                        page = client.get(f"/t/traveller/{b}", headers=auth[t])
                        assert page.status_code == want, (rnd, t, b)
                panel = client.get("/t/table/panel", headers=auth[t]).text
                offered = {int(x) for x in re.findall(r'href="/t/traveller/(\d+)"', panel)}
                assert offered == seen, (rnd, t)
            public = _public(grid, rnd)
            over = rnd == grid.rounds
            doc = client.get(f"/api/events/{eid}/ranking").json()
            assert {b["board"] for b in doc["boards"]} == public, rnd
            assert all(("deal" in b) == over for b in doc["boards"]), rnd
            assert "member" not in json.dumps(doc)
            live = client.get(f"/e/{eid}/live").text
            assert (
                set(map(int, re.findall(r'class="grid traveller" data-board="(\d+)"', live)))
                == public
            )
            assert bool(re.search(r'class="hands"', live)) == over, rnd


def test_the_directors_release_shows_everything_and_is_audited(
    walk: tuple[Store, int, GridMovement],
) -> None:
    store, eid, grid = walk
    a = grid.assignment(1, 1)
    assert a is not None
    app = create_app(store=store, poll_seconds=0.0)
    with TestClient(app) as client:
        code = {c.table: c.code for c in terminals.table_codes(store, eid)}[1]
        token = client.post("/api/table/login", json={"event": eid, "section": "A", "table": 1,
                                                      "code": code}).json()["token"]  # fmt: skip
        body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew, "contract": "PASS"}
        auth = {"Authorization": f"Bearer {token}"}
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


def test_a_team_match_shows_a_board_once_every_room_has_played_it(tmp_path: Path) -> None:
    """An 8-team round robin walked room by room: the public JSON keeps a board of a
    round only once both rooms of every match of that round have played it, and the
    board-by-board pages wait while a board is in play at some tables; member numbers
    never show."""
    from bridgedesk.services import draws, slips
    from bridgedesk.store import team_events
    from tests.web import team_event as te

    store = Store.open(str(tmp_path / "club.sqlite3"))
    eid = te.create_event(store)
    te.add_teams(store, eid)
    draws.make_draw(store, eid)
    matches = [d for d in team_events.draw(store, eid).matches if d.away is not None]
    rounds = sorted({d.round for d in matches})[:2]
    app = create_app(store=store, poll_seconds=0.0)
    with TestClient(app) as client:
        entered: set[tuple[int, int, str]] = set()  # (round, home, room)
        for rnd in rounds:
            in_round = [d for d in matches if d.round == rnd]
            for d in in_round:
                for room in ("open", "closed"):
                    for board in d.boards:
                        played = te.words(d.round, d.home, board, room)
                        slips.enter(store, eid, te.slip(d, room, board, played), who="kim")
                    entered.add((d.round, d.home, room))
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
                    assert client.get(f"/e/{eid}/teams/standings.html").status_code == 200
    store.close()
