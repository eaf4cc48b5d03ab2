"""One door for every slip (issue 21): the same slip gets the same answer through
``bridgedesk result add``, the console's form, the table API and ``bridgedesk result
import``, and a team room's through ``result team``, the console's team form, a team
table and ``result team-import``.

Each bad slip is refused first by the service itself
(:func:`bridgedesk.services.slips.enter`); every door must then print, show or answer
that same line (an import names the file and line in front of it) and change nothing
stored.  A good slip entered through each door into its own event is stored as the
same result.  Before the one door, a table refused a board entered already and a
deleted result with lines of its own, which these tests read from every door.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.errors import BridgedeskError, ConflictError, ForbiddenError
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Result
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.slips import SeatedResult
from bridgedesk.events.team_draw import TeamSlip
from bridgedesk.formats import results_csv
from bridgedesk.services import draws, slips
from bridgedesk.store import team_events, terminals, users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.events.test_individual_cli import slips as individual_slips
from tests.web import team_event as te
from tests.web.conftest import make_event
from tests.web.test_console import PASSWORD, log_in
from tests.web.test_console_individuals import individual_event, slip_form


@dataclass
class Club:
    """A store with the console and the table API on it, and a pairs event."""

    db: Path
    store: Store
    client: TestClient
    csrf: str
    tmp: Path

    def new_event(self) -> int:
        return make_event(self.store, 8)

    def movement(self, event: int) -> GridMovement:
        found = self.store.movement(event)
        assert isinstance(found, GridMovement)
        return found

    def table(self, event: int, table: int) -> dict[str, str]:
        code = next(c.code for c in terminals.table_codes(self.store, event) if c.table == table)
        answer = self.client.post(
            "/api/table/login",
            json={"event": event, "section": "A", "table": table, "code": code},
        )
        assert answer.status_code == 200, answer.text
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    def stored(self, event: int) -> list[tuple[int, Result, bool, str | None]]:
        return [
            (r.id, r.result, r.withdrawn, r.override)
            for r in self.store.results(event, include_withdrawn=True)
        ]


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    db = tmp_path / "club.sqlite3"
    store = Store.open(db)
    users.add_user(store, "boss", Role.DIRECTOR, PASSWORD)
    app = create_app(store=store, login_limit=50, poll_seconds=0.05)
    with TestClient(app) as client:
        csrf = log_in(client, "boss")
        yield Club(db, store, client, csrf, tmp_path)
    store.close()


def _words(result: Result) -> list[str]:
    played = result.result_text.split()
    return played if len(played) == 3 else [*played, "", ""][:3]


# -- the four doors of a pairs slip --------------------------------------------------------


def by_cli(club: Club, event: int, r: Result, capsys: pytest.CaptureFixture[str]) -> str:
    contract, declarer, result = _words(r)
    code = main(["result", "add", str(event), "--round", str(r.round), "--table", str(r.table),
                 "--board", str(r.board), "--ns", str(r.ns), "--ew", str(r.ew), contract,
                 declarer, result, "--by", "boss", "--db", str(club.db)])  # fmt: skip
    out, err = capsys.readouterr()
    return out if code == 0 else err


def by_console(club: Club, event: int, r: Result) -> str:
    contract, declarer, result = _words(r)
    form = {"csrf_token": club.csrf, "round": str(r.round), "table": str(r.table),
            "board": str(r.board), "ns": str(r.ns), "ew": str(r.ew), "contract": contract,
            "declarer": declarer, "result": result}  # fmt: skip
    return html.unescape(club.client.post(f"/d/events/{event}/results?lang=en", data=form).text)


def by_table(club: Club, event: int, r: Result) -> str:
    contract, declarer, result = _words(r)
    body = {"round": r.round, "board": r.board, "ns": r.ns, "ew": r.ew, "contract": contract,
            "declarer": declarer, "result": result}  # fmt: skip
    answer = club.client.post("/api/table/results", headers=club.table(event, r.table), json=body)
    return str(answer.json().get("error", answer.json()))


def by_import(club: Club, event: int, r: Result, capsys: pytest.CaptureFixture[str]) -> str:
    path = club.tmp / "slips.csv"
    results_csv.dump([r], path)
    code = main(["result", "import", str(event), str(path), "--db", str(club.db)])
    out, err = capsys.readouterr()
    return out if code == 0 else err


def refusal(run: Callable[[], object]) -> BridgedeskError:
    with pytest.raises(BridgedeskError) as info:
        run()
    return info.value


def test_a_bad_slip_gets_the_same_refusal_through_every_door(
    club: Club, capsys: pytest.CaptureFixture[str]
) -> None:
    event = club.new_event()
    a = club.movement(event).assignment(1, 1)
    assert a is not None
    here = {"round": 1, "table": 1, "ns": a.ns, "ew": a.ew, "contract": "4S", "declarer": "N"}
    good = make_result(board=a.boards[0], result="=", **here)  # type: ignore[arg-type]
    bad = {
        "a board the table does not play": {**here, "board": 13, "ns": a.ns},
        "pairs the movement does not seat there": {**here, "board": a.boards[1], "ns": 5, "ew": 6},
        "the pairs the other way round": {**here, "board": a.boards[1], "ns": a.ew, "ew": a.ns},
        "a pair not entered": {**here, "board": a.boards[1], "ns": 9},
    }
    for why, fields in bad.items():
        slip = make_result(result="=", **fields)  # type: ignore[arg-type]
        line = str(refusal(lambda s=slip: slips.enter(club.store, event, s)))
        before = club.stored(event)
        assert by_cli(club, event, slip, capsys) == f"error: {line}\n", why
        assert 'data-code="' in by_console(club, event, slip)
        assert line in by_console(club, event, slip), why
        assert by_table(club, event, slip) == line, why
        assert by_import(club, event, slip, capsys) == f"error: {club.tmp}/slips.csv:2, {line}\n"
        assert club.stored(event) == before, why
    # a result at the place already: a conflict (HTTP 409) at every door; an import
    # skips a slip stored as it is and names one stored otherwise (test_store)
    slips.enter(club.store, event, good, who="boss")
    other = make_result(board=a.boards[0], result="-1", **here)  # type: ignore[arg-type]
    taken = refusal(lambda: slips.enter(club.store, event, other))
    assert isinstance(taken, ConflictError)
    before = club.stored(event)
    assert by_cli(club, event, other, capsys) == f"error: {taken}\n"
    assert str(taken) in by_console(club, event, other)
    assert by_table(club, event, other) == str(taken)
    assert club.stored(event) == before
    # a deleted result: put back by undoing the deletion, never entered again
    [(rid, *_)] = before
    slips.delete(club.store, event, rid, who="boss", reason="entered at the wrong table")
    deleted = refusal(lambda: slips.enter(club.store, event, good))
    assert isinstance(deleted, ConflictError) and "undo its deletion" in str(deleted)
    before = club.stored(event)
    assert by_cli(club, event, good, capsys) == f"error: {deleted}\n"
    assert str(deleted) in by_console(club, event, good)
    assert by_table(club, event, good) == str(deleted)
    assert by_import(club, event, good, capsys) == (f"error: {club.tmp}/slips.csv:2, {deleted}\n")
    assert club.stored(event) == before


def test_a_good_slip_is_stored_the_same_through_every_door(
    club: Club, capsys: pytest.CaptureFixture[str]
) -> None:
    doors: dict[str, Callable[[int, Result], str]] = {
        "cli": lambda e, r: by_cli(club, e, r, capsys),
        "console": lambda e, r: by_console(club, e, r),
        "table": lambda e, r: by_table(club, e, r),
        "import": lambda e, r: by_import(club, e, r, capsys),
    }
    stored = {}
    for name, door in doors.items():
        event = club.new_event()
        a = club.movement(event).assignment(1, 1)
        assert a is not None
        slip = make_result(round=1, table=1, board=a.boards[1], ns=a.ns, ew=a.ew,
                           contract="3NTX", declarer="S", result="-2")  # fmt: skip
        door(event, slip)
        [(_, result, withdrawn, override)] = club.stored(event)
        stored[name] = (result, withdrawn, override)
        assert result == slip, name
    assert len(set(stored.values())) == 1, stored


# -- a team room's result ------------------------------------------------------------------


def test_a_bad_room_result_gets_the_same_refusal_through_every_door(
    club: Club, capsys: pytest.CaptureFixture[str]
) -> None:
    event = te.create_event(club.store)
    te.add_teams(club.store, event)
    draws.make_draw(club.store, event)
    d = next(m for m in team_events.draw(club.store, event).matches if m.away is not None)
    assert d.open is not None and d.away is not None
    outside = max(d.boards) + 1
    played = make_result(round=1, table=1, board=outside, ns=1, ew=2, contract="4S",
                         declarer="N", result="=")  # fmt: skip
    room = TeamSlip(d.round, d.home, d.away, "open", outside, played)
    line = str(refusal(lambda: slips.enter(club.store, event, room)))
    assert f"plays boards {d.boards[0]}-{d.boards[-1]}, not board {outside}" in line
    before = club.stored(event)
    code = main(["result", "team", str(event), "--round", str(d.round), "--home", str(d.home),
                 "--away", str(d.away), "--room", "open", "--board", str(outside), "4S", "N",
                 "=", "--db", str(club.db)])  # fmt: skip
    assert (code, capsys.readouterr().err) == (2, f"error: {line}\n")
    form = {"csrf_token": club.csrf, "round": str(d.round), "home": str(d.home),
            "away": str(d.away), "room": "open", "board": str(outside), "contract": "4S",
            "declarer": "N", "result": "="}  # fmt: skip
    page = club.client.post(f"/d/teams/{event}/results?lang=en", data=form)
    assert line in html.unescape(page.text)
    headers = club.table(event, d.open.table)
    body = {"round": d.open.round, "board": outside, "contract": "4S", "declarer": "N",
            "result": "="}  # fmt: skip
    answer = club.client.post("/api/table/results", headers=headers, json=body)
    assert answer.json()["error"] == line
    csv = club.tmp / "rooms.csv"
    csv.write_text(
        "round,home,away,room,board,contract,declarer,result\n"
        f"{d.round},{d.home},{d.away},open,{outside},4S,N,=\n"
    )
    code = main(["result", "team-import", str(event), str(csv), "--db", str(club.db)])
    assert (code, capsys.readouterr().err) == (2, f"error: {csv}:2, {line}\n")
    assert club.stored(event) == before


def test_a_transaction_that_changes_what_slips_are_checked_against_reads_it_again(
    club: Club,
) -> None:
    """A batch reads a section's movement, entries and round controls once; a write
    of any of them inside the same transaction makes the next slip read them again."""
    event = club.new_event()
    grid = club.movement(event)
    codes = {c.table: c.code for c in terminals.table_codes(club.store, event)}
    seated = []
    for table in (1, 2):
        a = grid.assignment(1, table)
        assert a is not None
        _, terminal = terminals.login(club.store, event, "A", table, codes[table])
        result = make_result(round=1, table=table, board=a.boards[0], ns=a.ns, ew=a.ew,
                             contract="PASS")  # fmt: skip
        seated.append(slips.TableSlip(terminal, result))
    with club.store.transaction():
        slips.enter_at_table(club.store, seated[0])
        terminals.set_round(club.store, event, 1, terminals.CLOSED, "boss")
        with pytest.raises(ForbiddenError, match="round 1 is closed"):
            slips.enter_at_table(club.store, seated[1])
    assert [r.result.table for r in club.store.results(event)] == [1]


# -- an individual's slip (004:1576-1614) ---------------------------------------------------


def test_an_individuals_bad_slip_gets_the_same_refusal_through_every_door(
    club: Club, capsys: pytest.CaptureFixture[str]
) -> None:
    event = individual_event(club.client, club.csrf)
    for n in range(1, 13):
        player = {"csrf_token": club.csrf, "name": f"Player {n}"}
        answer = club.client.post(f"/d/events/{event}/players", data=player)
        assert answer.status_code == 200, answer.text
    answer = club.client.post(f"/d/events/{event}/players/movement", data={"csrf_token": club.csrf})
    assert answer.status_code == 200
    rnd, table, board, (n, s, e, w), (contract, declarer, result) = individual_slips()[0]
    wrong = (n, w, e, s)  # South and West swapped
    played = make_result(round=rnd, table=table, board=board, ns=n, ew=e, contract=contract,
                         declarer=declarer, result=result)  # fmt: skip
    line = str(refusal(lambda: slips.enter(club.store, event, SeatedResult(played, wrong))))
    assert f"round {rnd} table {table} seats" in line
    code = main(["result", "add", str(event), "--round", str(rnd), "--table", str(table),
                 "--board", str(board), "--north", str(n), "--south", str(w), "--east", str(e),
                 "--west", str(s), contract, declarer, result, "--db", str(club.db)])  # fmt: skip
    assert (code, capsys.readouterr().err) == (2, f"error: {line}\n")
    form = slip_form(club.csrf, (rnd, table, board, wrong, (contract, declarer, result)))
    page = club.client.post(f"/d/events/{event}/players/results?lang=en", data=form)
    assert page.status_code == 422 and line in html.unescape(page.text)
    path = club.tmp / "individual.csv"
    results_csv.dump([played], path, lambda _: wrong)
    code = main(["result", "import", str(event), str(path), "--db", str(club.db)])
    assert (code, capsys.readouterr().err) == (2, f"error: {path}:2, {line}\n")
    # a pairs slip on an individual event: refused alike by the command and the import
    pairs = str(refusal(lambda: slips.enter(club.store, event, played)))
    assert "is an individual: a slip names its four players" in pairs
    results_csv.dump([played], path)
    code = main(["result", "import", str(event), str(path), "--db", str(club.db)])
    assert (code, capsys.readouterr().err) == (2, f"error: {path}:2: {pairs}\n")
    assert club.stored(event) == []
