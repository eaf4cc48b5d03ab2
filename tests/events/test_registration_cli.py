"""Registration and late changes through the command line: CSV import, member
numbers from the player register, edit, withdraw, late pairs (004:884-898), and
refused commands that must leave the store exactly as it was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from tests.events.store_dump import EVENT, cli_fixture, dump, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import Entry, Event, GridMovement, Player, make_result
from bridgedesk.services import slips
from bridgedesk.store.director import audit_log
from bridgedesk.store.service import Store


@pytest.fixture
def event(cli: Cli, mitchell: GridMovement) -> str:
    """The 3-table Mitchell (NS 1-3, EW 4-6), pairs entered, round 1 table 1 board 1 in."""
    with mitchell_event(cli.db, mitchell) as store:
        slip = make_result(
            round=1, table=1, board=1, ns=1, ew=4, contract="3NT", declarer="N", result="="
        )
        slips.enter(store, 1, slip)
    return EVENT


def test_entry_list_gives_the_movement_numbers(cli: Cli, event: str) -> None:
    # a two-field Mitchell numbers each field from 1 (004:968-980): pair 4 is EW 1
    lines = cli("entry", "list", event).splitlines()
    assert lines[0] == "   1  NS 1    N1 - S1  [101, 102]"
    assert lines[3] == "   4  EW 1    N4 - S4  [401, 402]"


def test_a_late_pair_seated_by_the_directors_own_movement(cli: Cli, event: str) -> None:
    """The director may set a movement for the larger field from round 2 first; the
    late pair then plays where it seats it (without it, the pair roves:
    tests/events/test_late_pair_even_field.py)."""
    # the A/B-table way (004:894-898): a movement for 8 pairs from round 2, then the pair
    out = cli("event", "movement", event, "--kind", "howell", "--pairs", "8", "--from-round", "2")
    assert "seated by the movement but not entered: 7, 8" in out
    cli("entry", "add", event, "--pair", "7", "--names", "L, M", "--late")
    out = cli("entry", "add", event, "--pair", "8", "--phantom")
    assert out == "entered pair 8 in section A: phantom\n"
    assert "(late)" in cli("entry", "list", event).splitlines()[6]
    with Store.open(cli.db) as store:
        movement = store.movement(event)
        assert movement is not None
        a = movement.assignment(1, 1)
        assert a is not None and (a.ns, a.ew) == (1, 4)  # round 1 as it was played
        assert 7 in {x.ns for x in [movement.assignment(2, t) for t in range(1, 5)] if x} | {
            x.ew for x in [movement.assignment(2, t) for t in range(1, 5)] if x
        }


def test_a_refused_movement_leaves_no_phantom(cli: Cli, event: str) -> None:
    # 7 pairs: the recommended movement needs phantom 8, and does not fit the result in
    cli("entry", "add", event, "--pair", "7", "--names", "L, M")
    before = dump(cli.db)
    err = cli("event", "movement", event, "--recommend", status=2)
    assert err.startswith("error: the new movement does not fit result 1 already in")
    assert dump(cli.db) == before
    assert "8" not in cli("entry", "list", event).split()[::5]


def test_entry_by_member_number_alone(cli: Cli, event: str) -> None:
    with Store.open(cli.db) as store:
        store.create_event(Event("Wednesday", dt.date(2026, 11, 25)))
    out = cli("entry", "add", "Wednesday", "--pair", "1", "--members", "101,402")
    assert out == "entered pair 1 in section A: N1 - S4\n"
    before = dump(cli.db)
    err = cli("entry", "add", "Wednesday", "--pair", "2", "--members", "999", status=2)
    assert err == "error: member 999 is not in the player register: give the name as well\n"
    assert dump(cli.db) == before


CSV = """\ufeffPair,Player1,Member1,Player2,Member2,Stationary
1,Yamada Taro,9001,Suzuki Hanako,9002,
3,,101,,202,yes
,Sato Jiro,,Ito Ken,,
"""


def test_csv_import(cli: Cli, event: str, tmp_path: Path) -> None:
    with Store.open(cli.db) as store:
        store.create_event(Event("Wednesday", dt.date(2026, 11, 25)))
    path = tmp_path / "entries.csv"
    path.write_text(CSV, encoding="utf-8")
    out = cli("entry", "import", "Wednesday", str(path))
    assert out == "entered 3 entries in section A: 1, 3, 2\n"
    assert cli("entry", "list", "Wednesday").splitlines() == [
        "   1  Yamada Taro - Suzuki Hanako  [9001, 9002]",
        "   2  Sato Jiro - Ito Ken  [-, -]",
        "   3  N1 - S2  [101, 202]  (stationary)",
    ]
    with Store.open(cli.db) as store:
        [line] = audit_log(store, "Wednesday")
    assert line.action == "entry-import" and [e["number"] for e in line.new] == [1, 2, 3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "pair,player1,member1,player2,member2\n1,A,1,B,2\n2,,555,C,\n",
            "error: line 3: member 555 is not in the player register: give the name as well\n",
        ),
        (
            "pair,player1,player2\n1,A,B\n1,C,D\n",
            "error: line 3: number 1 is already entered in section A (A - B); choose another "
            "number\n",
        ),
        ("pair,player1,player2\nx,A,B\n", "entries.csv:2: pair number 'x' is not a whole number\n"),
        ("pair,player1,player2,stationary\n1,A,B,maybe\n", "entries.csv:2: stationary 'maybe'"),
        ("pair,who\n1,A\n", "entries.csv:1: the entries CSV needs player1/member1"),
    ],
)
def test_a_bad_csv_enters_nothing(
    cli: Cli, event: str, tmp_path: Path, text: str, message: str
) -> None:
    with Store.open(cli.db) as store:
        store.create_event(Event("Wednesday", dt.date(2026, 11, 25)))
    path = tmp_path / "entries.csv"
    path.write_text(text, encoding="utf-8")
    before = dump(cli.db)
    err = cli("entry", "import", "Wednesday", str(path), status=2)
    assert message in err
    assert dump(cli.db) == before


def test_edit_and_withdraw_are_audited(
    cli: Cli, event: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = cli("entry", "edit", event, "--pair", "2", "--members", "501,202",
              "--reason", "substitute", "--by", "td")  # fmt: skip
    assert out == "audit 1: entry 2 changed\n"
    assert cli("entry", "list", event).splitlines()[1] == "   2  NS 2    N5 - S2  [501, 202]"
    cli("entry", "edit", event, "--pair", "3", "--stationary", "--reason", "wheelchair")
    cli("entry", "add", event, "--pair", "9", "--names", "X, Y")
    out = cli("entry", "withdraw", event, "--pair", "9", "--reason", "did not come")
    assert out == "audit 3: entry 9 withdrawn\n"
    with Store.open(cli.db) as store:
        log = audit_log(store, event)
        assert 9 not in store.entries(event)
    assert (log[0].action, log[0].subject, log[0].who) == ("entry-edit", "entry 2", "td")
    assert log[0].old["players"] == [["N2", "201"], ["S2", "202"]]
    assert log[0].new["players"] == [["N5", "501"], ["S2", "202"]]
    assert log[1].new["stationary"] is True and log[2].new is None
    # refusals change nothing
    before = dump(cli.db)
    err = cli("entry", "withdraw", event, "--pair", "1", "--reason", "x", status=2)
    assert err.startswith("error: pair 1 has 1 result(s) stored: it cannot be taken out")
    err = cli("entry", "edit", event, "--pair", "3", "--stationary", "--reason", "x", status=2)
    assert err == "error: the edit changes nothing\n"
    err = cli("entry", "edit", event, "--pair", "2", "--names", "A, B", "--reason", " ", status=2)
    assert err == "error: entry-edit needs a reason (it is kept in the audit log)\n"
    # the action is said in the reader's language (store/director.ACTION_WORDS)
    monkeypatch.setenv("BRIDGEDESK_LANG", "ja")
    err = cli("entry", "edit", event, "--pair", "2", "--names", "A, B", "--reason", " ", status=2)
    assert err == "エラー：参加者の変更 には理由が必要です（監査記録に残ります）\n"
    assert dump(cli.db) == before


def test_a_stationary_request_is_met_when_the_movement_is_set(
    cli: Cli, howell: GridMovement
) -> None:
    # conftest's 8-pair Howell keeps pair 8 at table 1 North-South all session
    with Store.open(cli.db) as store:
        store.create_event(Event("Howell", dt.date(2026, 11, 24)))
        for n in range(1, 9):
            store.add_entry(1, Entry(n, (Player(f"N{n}"), Player(f"S{n}")), stationary=n == 2))
        notes = store.set_movement(1, howell)
        entries = store.entries(1)
    assert notes == [
        "pair 2 (N2 - S2) asked for a stationary seat: it plays as pair 8",
        "pair 8 (N8 - S8) plays as pair 2",
    ]
    assert entries[8].names == "N2 - S2" and entries[8].stationary
    assert entries[2].names == "N8 - S8"
    assert "(stationary)" in cli("entry", "list", "Howell").splitlines()[7]


def test_arrow_switch(cli: Cli, event: str, mitchell: GridMovement) -> None:
    # 004:1066-1074: the arrows switched in the last round; round 1 is already played
    before = dump(cli.db)
    err = cli("event", "arrow-switch", event, "--rounds", "1", status=2)
    assert err.startswith("error: the new movement does not fit result 1 already in")
    err = cli("event", "arrow-switch", event, "--rounds", "4", status=2)
    assert err == "error: round 4 does not exist: the movement has rounds 1-3\n"
    assert dump(cli.db) == before
    out = cli("event", "arrow-switch", event, "--rounds", "3")
    assert out == (
        "section A: Mitchell 3 tables, arrows switched in round(s) 3 (scored as one field)\n"
    )
    with Store.open(cli.db) as store:
        movement = store.movement(event)
    assert movement is not None and movement.winners == 1
    for table in range(1, 4):
        old, new = mitchell.assignment(3, table), movement.assignment(3, table)
        assert old is not None and new is not None
        assert (new.ns, new.ew, new.boards) == (old.ew, old.ns, old.boards)
        assert mitchell.assignment(2, table) == movement.assignment(2, table)


def test_a_corrected_master_sheet_from_a_file(cli: Cli, event: str, tmp_path: Path) -> None:
    # 004:3477-3530: after a mistake the director plays a corrected master sheet from
    # some round on; here the plain 3-table Mitchell written by `movement show`
    from bridgedesk.cli import main

    args = ["movement", "show", "mitchell", "--tables", "3", "--boards-per-round", "2"]
    assert main([*args, "--format", "json"]) == 0
    path = tmp_path / "corrected.json"
    path.write_text(cli.capsys.readouterr().out, encoding="utf-8")
    (tmp_path / "bad.json").write_text('{"kind": "mitchell"}', encoding="utf-8")
    before = dump(cli.db)
    err = cli("event", "movement", event, "--file", str(tmp_path / "bad.json"), status=2)
    assert "bad.json" in err
    err = cli("event", "movement", event, "--file", str(path), "--kind", "howell", status=2)
    assert err == "error: give one of --recommend, --kind KIND or --file MOVEMENT.json\n"
    assert dump(cli.db) == before
    out = cli("event", "movement", event, "--file", str(path), "--from-round", "2")
    assert out.startswith("section A: mitchell 3 tables, 3 rounds x 2 boards")
    with Store.open(cli.db) as store:
        movement = store.movement(event)
    assert movement is not None and "from round 2" in movement.name
