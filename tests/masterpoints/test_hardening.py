"""Bad input to the masterpoints commands (issue 10, in the masterpoints area): one
line on standard error, exit 2, nothing written; importing the same awards twice
stores them once."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.ledger import Ledger, LedgerEntry, Member

HEADER = "member,date,event,rules,version,points,colour\n"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main(["masterpoints", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, out: str, err: str) -> None:
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (",2003-11-02,weekly,jcbl,2007,1.50,black", "past.csv:3: member number is empty"),
        ("  ,2003-11-02,weekly,jcbl,2007,1.50,black", "past.csv:3: member number is empty"),
        ("7,2003-11-02,weekly,jcbl,2007,1e999999,black", "past.csv:3: award points must be at"),
        ("7,2003-11-02,weekly,jcbl,2007,NaN,black", "past.csv:3: points must be a number"),
        ("7,2003-11-02,weekly,jcbl,2007,inf,black", "past.csv:3: points must be a number"),
        ("7,2003-11-02,weekly,jcbl,2007,-0.5,black", "past.csv:3: award points cannot be neg"),
    ],
)
def test_import_refuses_a_bad_row_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, row: str, message: str
) -> None:
    past = tmp_path / "past.csv"
    past.write_text(HEADER + "7,2003-11-01,weekly,jcbl,2007,1.00,black\n" + row + "\n", "utf-8")
    ledger = tmp_path / "ledger.csv"
    code, out, err = run(capsys, "import", past, "--ledger", ledger)
    one_line_error(code, out, err)
    assert message in err
    assert not ledger.exists()


def test_import_twice_stores_each_award_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the identity of an award row is the whole row: member, date, event, rules,
    # version, points (by value: 1.5 = 1.50), colour, place, kind and reason
    past = tmp_path / "past.csv"
    past.write_text(
        HEADER + "7,2003-11-01,weekly,jcbl,2007,1.50,black\n"
        "7,2003-11-01,weekly,jcbl,2007,0.50,red\n"
        "8,2003-11-01,weekly,jcbl,2007,1.50,black\n",
        "utf-8",
    )
    ledger = tmp_path / "ledger.csv"
    assert run(capsys, "import", past, "--ledger", ledger)[:2] == (
        0,
        f"imported 3 awards into {ledger}\n",
    )
    text = ledger.read_text("utf-8")
    code, out, _ = run(capsys, "import", past, "--ledger", ledger)
    assert (code, out) == (0, f"imported 0 awards into {ledger}; 3 were in the ledger already\n")
    assert ledger.read_text("utf-8") == text
    # a file with one new row adds that row only
    past.write_text(HEADER + "7,2003-11-01,weekly,jcbl,2007,1.5,black\n"
                    "7,2003-11-08,weekly,jcbl,2007,1.5,black\n", "utf-8")  # fmt: skip
    code, out, _ = run(capsys, "import", past, "--ledger", ledger)
    assert out == f"imported 1 awards into {ledger}; 1 were in the ledger already\n"
    code, out, _ = run(capsys, "list", "--ledger", ledger, "--member", "7", "--json")
    assert [(r["date"], r["points"], r["colour"]) for r in json.loads(out)] == [
        ("2003-11-01", "1.50", "black"), ("2003-11-01", "0.50", "red"),
        ("2003-11-08", "1.5", "black"),
    ]  # fmt: skip


def test_import_twice_into_the_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    past = tmp_path / "past.csv"
    past.write_text(HEADER + "7,2003-11-01,weekly,jcbl,2007,1.50,black\n", "utf-8")
    db = tmp_path / "club.sqlite3"
    assert run(capsys, "import", past, "--db", db)[0] == 0
    code, out, _ = run(capsys, "import", past, "--db", db)
    assert (code, out) == (0, "imported 0 awards into the database; 1 were in the ledger already\n")
    code, out, _ = run(capsys, "list", "--db", db, "--json")
    assert len(json.loads(out)) == 1


def test_add_awards_counts_held_awards_as_known() -> None:
    ledger = Ledger()
    ledger.add_player(Member("9", joined=date(2004, 1, 1)))
    entry = LedgerEntry("9", date(2003, 11, 1), "w", "jcbl", "2007", Decimal(1), "black")
    first = ledger.add_awards([entry, entry])
    assert (first.recorded, first.held, first.skipped) == (0, 1, 1)
    again = ledger.add_awards([entry])
    assert (again.held, again.skipped) == (0, 1)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("NaN", "points must be a number"),
        ("Infinity", "points must be a number"),
        ("1e999999", "points must be a number"),  # JSON reads it as infinity
        ("-1", "points must be a number 0-"),
        ('"x"', "points must be a number"),
        ("true", "points must be a number"),
    ],
)
def test_record_refuses_bad_points(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, points: str, message: str
) -> None:
    awards = tmp_path / "awards.json"
    awards.write_text(
        '[{"member": "1", "place": 1, "points": ' + points + ', "colour": "black"}]', "utf-8"
    )
    db = tmp_path / "club.sqlite3"
    code, out, err = run(capsys, "record", awards, "--event", "x", "--rules", "jcbl",
                         "--reason", "test", "--db", db)  # fmt: skip
    one_line_error(code, out, err)
    assert f"{awards}: award 1: {message}" in err
    assert not db.exists()  # refused before the store is opened


def test_record_refuses_an_empty_member(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    awards = tmp_path / "awards.json"
    awards.write_text('[{"member": " ", "place": 1, "points": 1, "colour": "black"}]', "utf-8")
    code, out, err = run(capsys, "record", awards, "--event", "x", "--rules", "jcbl",
                         "--reason", "test", "--db", tmp_path / "db.sqlite3")  # fmt: skip
    one_line_error(code, out, err)
    assert "award 1: member number is empty" in err


def test_ledger_entry_checks() -> None:
    def entry(member: str, points: str) -> LedgerEntry:
        return LedgerEntry(member, date(2003, 1, 1), "e", "sbf", "", Decimal(points), "bp")

    for member, points, message in (
        ("", "1", "member number is empty"),
        ("1", "NaN", "must be a number"),
        ("1", "sNaN", "must be a number"),
        ("1", "-Infinity", "must be a number"),
        ("1", "1E+7", "at most 1000000"),
        ("1", "-1", "cannot be negative"),
    ):
        with pytest.raises(MasterpointError, match=message):
            entry(member, points)
    assert entry("1", "1000000").points == 1_000_000


@pytest.mark.parametrize(
    "args",
    [
        ["annual", "--year", "0"],
        ["annual", "--year", "1", "--ledger", "l.csv"],
        ["annual", "--year", "2003", "--ledger", "none.csv", "--deemed", "1=x"],
        ["annual", "--year", "2003", "--ledger", "none.csv", "--deemed", "1=NaN"],
        ["annual", "--year", "2003", "--ledger", "none.csv"],
        ["table", "sbf", "A2", "--pairs", "x"],
        ["table", "sbf", "A2", "--pairs", "-4"],
        ["table", "jcbl-weekly", "--class", "3", "--competitors", "1"],
        ["award", "--rules", "x"],
        ["award", "--rules", "jcbl"],
        ["award", "none.json", "--rules", "sbf"],
        ["statement", "--period", "2003-00", "--ledger", "l.csv"],
        ["statement", "--period", "0000-01", "--ledger", "l.csv", "--member", "1"],
        ["statement", "--period", "2003-11", "--ledger", "l.csv", "--rules", "acbl"],
        ["ranks", "--on", "yesterday", "--ledger", "l.csv"],
        ["ranks", "--rules", "acbl", "--ledger", "l.csv"],
        ["ranks", "--ledger", "l.csv", "--db", "x.sqlite3"],
        ["import", "none.csv", "--ledger", "l.csv"],
        ["list", "--ledger", "none.csv"],
        ["record", "none.json", "--event", "x", "--rules", "jcbl", "--reason", "r"],
        ["record", "-", "--event", "x", "--rules", "acbl", "--reason", "r"],
        ["nosuchcommand"],
        ["award", "r.json", "--rules", "sbf", "--table", "B2"],
        ["table", "jcbl-weekly", "--class", "3", "--competitors", "9", "--sessions", "0"],
        [
            "award",
            "r.json",
            "--rules",
            "sbf",
            "--table",
            "B3",
            "--division",
            "4",
            "--divisions",
            "3",
        ],
        [
            "award",
            "r.json",
            "--rules",
            "jcbl",
            "--class",
            "3",
            "--record",
            "no/dir/l.csv",
            "--event",
            "E",
            "--date",
            "2020-01-01",
        ],
        ["ranks", "--ledger", "l.csv", "--rules", "sbf", "--on", "0001-01-01", "--since", "x"],
        ["statement", "--ledger", "l.csv", "--period", "0001-01", "--rules", "sbf"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "l.csv").write_text(HEADER + "1,2003-11-01,w,jcbl,2007,1,black\n", "utf-8")
    placings = [{"competitor": "1", "players": ["101"], "place": 1}]
    (tmp_path / "r.json").write_text(json.dumps({"placings": placings}), "utf-8")
    code, out, err = run(capsys, *args)
    one_line_error(code, out, err)


def test_sbf_ranks_on_the_first_day(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the 24-month ranking window of 0001-01-05 starts at the first day there is
    ledger = tmp_path / "l.csv"
    ledger.write_text(HEADER + "1,0001-01-02,c,sbf,x,2,sp\n", "utf-8")
    code, out, _ = run(capsys, "ranks", "--ledger", ledger, "--rules", "sbf", "--on",
                       "0001-01-05", "--json")  # fmt: skip
    assert code == 0 and json.loads(out)[0]["ranking"] == "2"
