"""The event, entry and result commands, run through bridgedesk.cli.main."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.events import GridMovement
from bridgedesk.store.service import Store


class Cli:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db = db
        self.capsys = capsys

    def __call__(self, *args: str, status: int = 0) -> str:
        code = main([*args, "--db", str(self.db)])
        out, err = self.capsys.readouterr()
        assert code == status, out + err
        return out if status == 0 else err


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


@pytest.fixture
def event(cli: Cli, mitchell: GridMovement) -> str:
    out = cli(
        "event",
        "new",
        "Tuesday pairs",
        "--date",
        "2026-11-24",
        "--rating",
        "weekly",
        "--class",
        "3",
        "--scoring",
        "mp",
        "--club",
        "丸の内 BC",
    )
    assert out == "event 1: Tuesday pairs (2026-11-24, weekly class 3, mp)\n"
    for n in range(1, 7):
        cli(
            "entry",
            "add",
            "Tuesday pairs",
            "--pair",
            str(n),
            "--names",
            f"N{n}, S{n}",
            "--members",
            f"{n}01,{n}02",
        )
    # `event movement` arrives with the movements package; set it through the service
    with Store.open(cli.db) as store:
        store.set_movement(1, mitchell)
    return "Tuesday pairs"


def test_event_list_and_entries(cli: Cli, event: str) -> None:
    assert "Tuesday pairs  [weekly class 3, mp]  session 1: A" in cli("event", "list")
    out = cli("entry", "list", event)
    assert out.splitlines()[0] == "   1  NS 1    N1 - S1  [101, 102]"  # the movement's number
    err = cli("entry", "add", event, "--pair", "1", "--names", "x, y", status=2)
    assert (
        err == "error: number 1 is already entered in section A (N1 - S1); choose another number\n"
    )


def test_result_add_and_rejections(cli: Cli, event: str) -> None:
    # round 2 table 1 is NS 1 v EW 6 on boards 3-4 (see conftest's Mitchell)
    out = cli(
        "result",
        "add",
        event,
        "--round",
        "2",
        "--table",
        "1",
        "--board",
        "3",
        "--ns",
        "1",
        "--ew",
        "6",
        "4SX",
        "S",
        "-2",
    )
    # board 3: dealer S, EW vulnerable (004:421-434): 4SX -2 not vulnerable = -300
    assert out == "result 1: board 3 NS 1 v EW 3 4SX S -2 (NS -300)\n"  # EW 6 is EW 3 on the cards
    err = cli(
        "result",
        "add",
        event,
        "--round",
        "2",
        "--table",
        "1",
        "--board",
        "5",
        "--ns",
        "1",
        "--ew",
        "6",
        "3NT",
        "N",
        "=",
        status=2,
    )
    assert err == "error: round 2, table 1, board 5: round 2 table 1 plays boards 3-4, not 5\n"
    err = cli(
        "result",
        "add",
        event,
        "--round",
        "2",
        "--table",
        "1",
        "--board",
        "3",
        "--ns",
        "1",
        "--ew",
        "6",
        "3NT",
        "N",
        "=",
        status=2,
    )
    assert "already has a result at round 2 table 1" in err and err.count("\n") == 1
    err = cli(
        "result",
        "add",
        event,
        "--round",
        "2",
        "--table",
        "1",
        "--board",
        "4",
        "--ns",
        "1",
        "--ew",
        "6",
        "8NT",
        "N",
        "=",
        status=2,
    )
    assert "level 8 is not 1-7" in err and err.count("\n") == 1
    assert cli("result", "list", event).count("\n") == 1


def test_override_with_reason(cli: Cli, event: str) -> None:
    # 004:3479-3486: pairs at the wrong table; the result stands, the director says why
    out = cli(
        "result",
        "add",
        event,
        "--round",
        "2",
        "--table",
        "1",
        "--board",
        "5",
        "--ns",
        "1",
        "--ew",
        "5",
        "PASS",
        "--override",
        "EW 5 sat at table 1",
    )
    assert out == "result 1: board 5 NS 1 v EW 2 PASS (NS +0)\n"
    assert "(director: EW 5 sat at table 1)" in cli("result", "list", event)


def test_correct_history_undo(cli: Cli, event: str) -> None:
    cli(
        "result",
        "add",
        event,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "4S",
        "N",
        "=",
        "--by",
        "table 1",
    )
    out = cli(
        "result",
        "correct",
        event,
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "4S",
        "N",
        "+1",
        "--reason",
        "NS wrote = for +1",
        "--by",
        "td",
    )
    assert out == "correction 1: result 1 4S N = -> 4S N +1\n"
    err = cli("result", "correct", event, "--id", "1", "3NT", "N", "=", status=2)
    assert "Missing option" in err or "--reason" in err
    hist = cli("result", "history", event, "--board", "1")
    lines = hist.splitlines()
    assert lines[0].startswith("#1     board  1  round 1 table 1  NS 1 v EW 1  4S N +1  NS +450")
    assert "by table 1: 4S N =" in lines[1]
    assert "correction 1" in lines[2] and "by td: 4S N = -> 4S N +1 (NS wrote = for +1)" in lines[2]
    assert cli("result", "undo", event, "1", "--reason", "EW disagreed") == (
        "correction 2: undid correction 1\n"
    )
    assert "4S N =  NS +420" in cli("result", "list", event)
    assert "undo of 1 2" in cli("result", "history", event, "--board", "1")


def test_deadline(cli: Cli, event: str) -> None:
    cli(
        "result",
        "add",
        event,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "4S",
        "N",
        "=",
    )
    assert cli("event", "deadline", event, "2026-11-24T22:00+09:00") == (
        "event 1: correction deadline 2026-11-24 13:00 UTC\n"
    )
    err = cli(
        "result",
        "correct",
        event,
        "--id",
        "1",
        "4S",
        "N",
        "-1",
        "--reason",
        "r",
        "--at",
        "2026-11-24T13:01",
        status=2,
    )
    assert "only the director can correct now" in err
    out = cli(
        "result",
        "correct",
        event,
        "--id",
        "1",
        "4S",
        "N",
        "-1",
        "--reason",
        "r",
        "--at",
        "2026-11-24T13:01",
        "--director",
    )
    assert out.startswith("correction 1:")
    assert "[director] [after deadline]" in cli("result", "history", event, "--board", "1")


def test_import_csv_is_idempotent(
    cli: Cli, event: str, tmp_path: Path, mitchell: GridMovement
) -> None:
    lines = ["round,table,board,ns,ew,contract,declarer,result,lead"]
    for (rnd, table), a in sorted(mitchell.grid.items()):
        for board in a.boards:
            lines.append(f"{rnd},{table},{board},{a.ns},{a.ew},3NT,S,=,HA")
    path = tmp_path / "slips.csv"
    path.write_text("\n".join(lines[:7]) + "\n", encoding="utf-8")
    assert cli("result", "import", event, str(path)) == (
        "imported 6 result(s) from slips.csv; 0 already stored\n"
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli("result", "import", event, str(path)) == (
        "imported 12 result(s) from slips.csv; 6 already stored\n"
    )
    assert cli("result", "list", event).count("\n") == 18


def test_import_bad_line(cli: Cli, event: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "round,table,board,ns,ew,contract,declarer,result\n1,1,1,1,4,3NT,S,=\n1,1,9,1,4,3NT,S,=\n",
        encoding="utf-8",
    )
    err = cli("result", "import", event, str(path), status=2)
    assert err == (
        f"error: {path}:3, round 1, table 1, board 9: round 1 table 1 plays boards 1-2, not 9\n"
    )
    path.write_text(
        "round,table,board,ns,ew,contract,declarer,result\n1,1,x,1,4,3NT,S,=\n", encoding="utf-8"
    )
    err = cli("result", "import", event, str(path), status=2)
    assert err == f"error: {path}:2, field board: board must be a whole number, got 'x'\n"
    assert cli("result", "list", event) == "no results yet\n"
    err = cli("result", "import", event, str(tmp_path / "x.pbn"), status=2)
    assert err.startswith("error: ") and ".csv" in err


def test_bad_values_one_line(cli: Cli) -> None:
    err = cli("event", "new", "X", "--date", "24/11/2026", status=2)
    assert err == "error: bad date '24/11/2026': write it as YYYY-MM-DD, e.g. 2026-11-24\n"
    err = cli("event", "new", "X", "--class", "7", status=2)
    assert err.startswith(
        "error: Invalid value for '--class': Input should be less than or equal to 5"
    )
    err = cli("result", "list", "nope", status=2)
    assert err == "error: no event named 'nope'; `bridgedesk event list` shows them\n"


@pytest.mark.parametrize(
    "command",
    [
        ("event", "new"),
        ("event", "list"),
        ("event", "deadline"),
        ("entry", "add"),
        ("entry", "list"),
        ("result", "add"),
        ("result", "correct"),
        ("result", "undo"),
        ("result", "history"),
        ("result", "list"),
        ("result", "import"),
        ("result", "delete"),
        ("result", "export"),
    ],
    ids=lambda c: "-".join(c),
)
def test_every_command_has_help_with_an_example(
    command: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--help"]) == 0
    assert "Example: bridgedesk " + command[0] in capsys.readouterr().out


def test_deadline_defaults(cli: Cli, event: str) -> None:
    # 003:131-137: weekly games close at the next game; federation events 30 min after publication
    err = cli("event", "deadline", event, "--published", "2026-11-24T21:30", status=2)
    assert "give --next-game" in err
    out = cli(
        "event",
        "deadline",
        event,
        "--published",
        "2026-11-24T21:30",
        "--next-game",
        "2026-12-01T18:00",
    )
    assert out == "event 1: correction deadline 2026-12-01 18:00 UTC\n"
    cli("event", "new", "Kanto sectional", "--rating", "sectional", "--date", "2026-11-29")
    out = cli("event", "deadline", "Kanto sectional", "--published", "2026-11-29T21:30+09:00")
    assert out == "event 2: correction deadline 2026-11-29 13:00 UTC\n"
    assert cli("event", "deadline", "2", "--clear") == "event 2: correction deadline cleared\n"
    err = cli("event", "deadline", "2", "--clear", "2026-11-29T21:30", status=2)
    assert "exactly one of" in err


def test_delete_and_restore(cli: Cli, event: str) -> None:
    cli(
        "result",
        "add",
        event,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "4S",
        "N",
        "=",
    )
    assert cli("result", "delete", event, "--id", "1", "--reason", "wrong event") == (
        "correction 1: deleted result 1\n"
    )
    assert cli("result", "list", event) == "no results yet\n"
    hist = cli("result", "history", event, "--board", "1")
    assert "[deleted]" in hist and "deletion 1" in hist and "4S N = -> (none) (wrong event)" in hist
    cli("result", "undo", event, "1", "--reason", "right event after all")
    assert "4S N =" in cli("result", "list", event)


def test_whole_weekly_game_with_phantom(cli: Cli, howell: GridMovement, tmp_path: Path) -> None:
    """7 pairs: the 4-table Howell with pair 8 as phantom (004:872-880), every slip by CLI."""
    cli(
        "event",
        "new",
        "Friday Howell",
        "--date",
        "2026-11-27",
        "--rating",
        "weekly",
        "--class",
        "4",
        "--scoring",
        "mp",
    )
    for n in range(1, 8):
        cli("entry", "add", "Friday Howell", "--pair", str(n), "--names", f"A{n} - B{n}")
    cli("entry", "add", "Friday Howell", "--pair", "8", "--phantom")
    with Store.open(cli.db) as store:
        assert store.set_movement(1, howell) == []
    entered = 0
    for (rnd, table), a in sorted(howell.grid.items()):
        for board in a.boards:
            args = [
                "result",
                "add",
                "1",
                "--round",
                str(rnd),
                "--table",
                str(table),
                "--board",
                str(board),
                "--ns",
                str(a.ns),
                "--ew",
                str(a.ew),
                "3NT",
                "S",
                "=" if board % 2 else "-1",
            ]
            if 8 in (a.ns, a.ew):
                # the phantom's table sits out: no result can be entered there
                assert "is the phantom" in cli(*args, status=2)
                continue
            cli(*args)
            entered += 1
    assert entered == 21 * 2  # 28 table-rounds less the 7 sit-outs, 2 boards each
    # a slip with the wrong board is refused and says which boards the table plays
    err = cli(
        "result",
        "add",
        "1",
        "--round",
        "3",
        "--table",
        "2",
        "--board",
        "1",
        "--ns",
        "4",
        "--ew",
        "2",
        "4H",
        "N",
        "=",
        status=2,
    )
    # round 3 table 2: labels 2+1 and 2-1 (pairs 4 v 2), set 2+2 = boards 9-10
    assert "round 3 table 2 plays boards 9-10, not 1" in err
    out = cli("result", "list", "1")
    assert out.count("\n") == 42
    with Store.open(cli.db) as store:
        snap = store.section_results(1)
    travellers = snap.travellers()
    assert sorted(travellers) == list(range(1, 15))
    # every board is played by 3 tables (the 4th set of each round sits with the phantom)
    assert {len(t) for t in travellers.values()} == {3}
    # each real pair played 6 rounds of 2 boards
    assert {len(snap.by_pair(p)) for p in range(1, 8)} == {12}


def test_export_then_import_elsewhere(cli: Cli, event: str, tmp_path: Path) -> None:
    cli(
        "result",
        "add",
        event,
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "4",
        "4S",
        "N",
        "=",
        "--lead",
        "HA",
    )
    cli(
        "result",
        "add",
        event,
        "--round",
        "1",
        "--table",
        "2",
        "--board",
        "3",
        "--ns",
        "2",
        "--ew",
        "5",
        "--adjusted",
        "A+/A-",
    )
    printed = cli("result", "export", event)
    # "=" (made exactly) would start a spreadsheet formula: written as '= (OWASP CSV
    # injection advice), and read back as "=" by the import below
    assert printed.splitlines() == [
        "session,section,round,table,board,ns,ew,contract,declarer,result,lead,adjusted",
        "1,A,1,1,1,1,4,4S,N,=,HA,",  # "=" alone is no formula (issue 23)
        "1,A,1,2,3,2,5,,,,,A+/A-",
    ]
    out = tmp_path / "slips.csv"
    assert cli("result", "export", event, "--out", str(out)) == f"wrote 2 result(s) to {out}\n"
    # re-importing the export into the same event adds nothing
    assert cli("result", "import", event, str(out)) == (
        "imported 0 result(s) from slips.csv; 2 already stored\n"
    )


def test_usage_errors_are_one_line(cli: Cli) -> None:
    err = cli("result", "add", "1", "--round", "2", "4S", "N", "=", status=2)
    assert err == "error: Missing option '--table'. (see bridgedesk result add --help)\n"
    err = cli("event", "new", "X", "--class", "abc", status=2)
    assert err.startswith("error: Invalid value for '--class'") and err.count("\n") == 1
