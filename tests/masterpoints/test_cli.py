"""The ``bridgedesk masterpoints`` commands, through ``bridgedesk.cli.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgedesk.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["masterpoints", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_jcbl_weekly_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    # the JSON shape; 004:4041
    code, out, _ = run(
        capsys, "table", "jcbl-weekly", "--class", "3", "--kind", "pairs", "--competitors", "12",
        "--json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out) == {
        "rules": "jcbl-weekly", "class": 3, "kind": "pairs", "competitors": 12,
        "awards": [0.36, 0.25, 0.18, 0.12, 0.09],
    }  # fmt: skip


def test_jcbl_weekly_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "table", "jcbl-weekly", "--class", "4", "--kind", "teams", "--competitors", "13"
    )
    assert code == 0
    assert out.split()[-2:] == ["5", "0.24"]
    assert "1.00" in out


def test_sbf_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "sbf", "A1", "--pairs", "16", "--json")
    assert code == 0
    assert json.loads(out) == {
        "rules": "sbf", "table": "A1", "pairs": 16, "awards": [32, 22, 15, 10, 7, 5],
    }  # fmt: skip
    code, out, _ = run(capsys, "table", "sbf", "D", "--pairs", "16", "--json")
    assert json.loads(out) == {
        "rules": "sbf", "table": "D", "pairs": 16, "sp": [16, 11, 8, 6], "bp": [14, 10],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["jcbl-weekly", "--class", "6", "--competitors", "10"],
            "'--class': Input should be less than or equal to 5",
        ),
        (
            ["jcbl-weekly", "--class", "3", "--competitors", "0"],
            "'--competitors': Input should be greater than or equal to 2",
        ),
        (["jcbl-weekly", "--class", "3", "--competitors", "9", "--kind", "x"], "pairs, individual"),
        (["sbf", "A1", "--pairs", "40"], "A1 is defined for 4-32 pairs, got 40"),
        (["sbf", "A2", "--pairs", "120"], "A2 is defined for 32-100 pairs"),
        (["sbf", "Q", "--pairs", "20"], "unknown SBF table"),
        (["acbl"], "unknown rule set"),
    ],
)
def test_bad_parameters_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "table", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert message in err


def _ranking(tmp_path: Path) -> Path:
    placings = [
        {"competitor": str(i), "players": [f"{i}01", f"{i}02"], "place": p}
        for i, p in zip(range(1, 13), [1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12], strict=True)
    ]
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"placings": placings}), encoding="utf-8")
    return path


def test_award_jcbl_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _ranking(tmp_path)
    code, out, _ = run(capsys, "award", str(path), "--rules", "jcbl", "--class", "3", "--json")
    assert code == 0
    awards = json.loads(out)
    assert [(a["member"], a["points"]) for a in awards[:6]] == [
        ("101", "0.36"), ("102", "0.36"), ("201", "0.21"), ("202", "0.21"),
        ("301", "0.21"), ("302", "0.21"),
    ]  # fmt: skip
    assert all(a["colour"] == "black" for a in awards)


def test_award_sbf_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _ranking(tmp_path)
    code, out, _ = run(capsys, "award", str(path), "--rules", "sbf", "--table", "A")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 8  # A1 12 pairs pays 4 places: 24, (16+11)/2 -> 14 x2, 8
    assert "24 bp" in lines[0]
    assert "14 bp" in lines[2]


def test_award_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"placings": [{"players": ["1"]}]}', encoding="utf-8")
    code, _, err = run(capsys, "award", str(path), "--rules", "sbf")
    assert code == 2
    assert "placing 1: missing 'place'" in err
    code, _, err = run(capsys, "award", str(tmp_path / "none.json"), "--rules", "sbf")
    assert code == 2
    assert "cannot read" in err


def test_statement_ranks_import(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from bridgedesk.formats import ledger_csv

    from .seeds import JCBL
    from .test_ledger import sample_ledger

    ledger = sample_ledger()
    path = tmp_path / "ledger.csv"
    path.write_text(ledger_csv.dumps(ledger.repository), encoding="utf-8")  # type: ignore[arg-type]
    code, out, _ = run(
        capsys, "statement", "--member", "59156", "--period", "2003-11", "--ledger", str(path)
    )
    assert code == 0
    assert out == "\n".join(JCBL.read_text(encoding="utf-8").splitlines()[59:73]) + "\n"

    past = tmp_path / "past.csv"
    past.write_text(
        "member,date,event,rules,version,points,colour\n"
        "70001,2003-11-02,weekly,jcbl,2007,19.50,black\n"
        "70001,2003-11-09,weekly,jcbl,2007,0.50,black\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "import", str(past), "--ledger", str(path))
    assert (code, out) == (0, f"imported 2 awards into {path}\n")
    code, out, _ = run(capsys, "ranks", "--ledger", str(path), "--json")
    rows = json.loads(out)
    assert rows[0] == {
        "member": "59156", "name": "橋 之介", "rp": "1307.76", "mp": "3095.24",
        "rank": "Silver Life Master",
    }  # fmt: skip
    assert rows[1]["member"] == "70001" and rows[1]["rank"] == "Master"
    code, out, _ = run(capsys, "ranks", "--ledger", str(path), "--on", "2003-11-05", "--json")
    assert json.loads(out)[1]["rank"] == "Junior Master"

    code, _, err = run(
        capsys, "statement", "--member", "1", "--period", "2003-13", "--ledger", str(path)
    )
    assert code == 2 and "month must be 1-12" in err
    code, _, err = run(
        capsys, "statement", "--member", "1", "--period", "11/2003", "--ledger", str(path)
    )
    assert code == 2 and "YYYY-MM" in err


def test_award_jcbl_club_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # CCG class 2 pairs, 10 tables, 2 sessions: winner 1.20 split 20 % red / 80 % black
    placings = [
        {"competitor": str(i), "players": [f"{i}01", f"{i}02"], "place": i} for i in range(1, 21)
    ]
    path = tmp_path / "ccg.json"
    path.write_text(json.dumps({"placings": placings}), encoding="utf-8")
    code, out, _ = run(
        capsys, "award", str(path), "--rules", "jcbl", "--rating", "ccg", "--tables", "10",
        "--sessions", "2", "--limit", "12", "--json",
    )  # fmt: skip
    assert code == 0
    awards = json.loads(out)
    assert [(a["member"], a["colour"], a["points"]) for a in awards[:2]] == [
        ("101", "red", "0.24"), ("101", "black", "0.96"),
    ]  # fmt: skip
    code, _, err = run(
        capsys, "award", str(path), "--rules", "jcbl", "--rating", "club", "--tables", "3"
    )
    assert code == 2 and "--rating must be one of" in err


def test_sbf_ranks_show_ranking_points(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 001:545-571: ranking points from silver and gold events over the last 24 months,
    # 1 per sp, 15 per gp; sp in a gold event 1.5 each; Allsvenskan / SM / DM final
    # bonuses none; SM pairs final gp 9 each; bronze none.  The ledger's kind column
    # names the exception.  On 2015-02-01 member 1 has:
    #   22 sp (2014-03-01)                      22
    #   10 sp in a gold event (2014-04-01)      15
    #    2 gp SM pairs final (2014-06-01)       18
    #    5 sp DM final bonus (2014-06-02)        0
    #    1 gp (2014-09-01)                      15
    #  100 bp (2014-10-01)                       0
    #    3 gp (2013-01-10), older than 24 months 0
    # = 70; holdings count everything: 100 bp, 37 sp, 6 gp.
    path = tmp_path / "ledger.csv"
    path.write_text(
        "type,member,date,event,rules,version,points,colour,kind\n"
        "award,1,2014-03-01,Silver,sbf,2014,22,sp,\n"
        "award,1,2014-04-01,Gold,sbf,2014,10,sp,gold-event\n"
        "award,1,2014-06-01,SM par,sbf,2014,2,gp,sm-pairs-final\n"
        "award,1,2014-06-02,DM,sbf,2014,5,sp,bonus\n"
        "award,1,2014-09-01,Gold,sbf,2014,1,gp,\n"
        "award,1,2014-10-01,Club,sbf,2014,100,bp,\n"
        "award,1,2013-01-10,Gold,sbf,2014,3,gp,\n"
        "award,2,2014-05-01,Club,sbf,2014,40,bp,\n",
        encoding="utf-8",
    )
    code, out, _ = run(
        capsys, "ranks", "--ledger", str(path), "--rules", "sbf", "--on", "2015-02-01", "--json"
    )
    assert code == 0
    rows = {r["member"]: r for r in json.loads(out)}
    assert (rows["1"]["bp"], rows["1"]["sp"], rows["1"]["gp"]) == ("100", "37", "6")
    assert rows["1"]["ranking"] == "70"
    assert rows["1"]["mp"] == "10.7"  # 1 + 3.7 + 6 (1 mp = 1 gp = 10 sp = 100 bp), not "107/10"
    assert rows["2"]["ranking"] == "0"
    # a year later the 2014-03..2014-06 awards are still inside the window (2014-02-01
    # on); on 2016-06-02 only the 1 gp of 2014-09-01 is left: 15
    code, out, _ = run(
        capsys, "ranks", "--ledger", str(path), "--rules", "sbf", "--on", "2016-06-02", "--json"
    )
    assert {r["member"]: r["ranking"] for r in json.loads(out)}["1"] == "15"


def test_award_jcbl_final_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A sectional pairs final of 12 pairs after a 2-session qualifying of 60 pairs on
    # 30 tables each session (000:356-364, 000:401): T = 60, S = 1 + 2/2 = 2,
    # 2*(4+0.2*60*2)/5 = 11.20, capped at 5.00 x 2 = 10.00, all red (3 sessions played);
    # places 2-3 tied: (7.00 + 5.00)/2 = 6.00 each (000:503-507).
    path = _ranking(tmp_path)
    args = ["award", str(path), "--rules", "jcbl", "--rating", "sectional", "--tables", "6"]
    code, out, _ = run(capsys, *args, "--stage", "final", "--qualifying", "2:30+30:60", "--json")
    assert code == 0
    awards = json.loads(out)
    assert [(a["member"], a["points"], a["colour"]) for a in awards[:4]] == [
        ("101", "10.00", "red"), ("102", "10.00", "red"), ("201", "6.00", "red"),
        ("202", "6.00", "red"),
    ]  # fmt: skip
    code, _, err = run(capsys, *args, "--stage", "final", "--qualifying", "2:30+30")
    assert code == 2 and "SESSIONS:TABLES+TABLES...:ENTRANTS" in err
    code, _, err = run(capsys, *args, "--stage", "final")
    assert code == 2 and "needs its qualifying" in err


def test_klover_stars_in_ranks_and_statements(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 001:86-92: klövermästare with one, two and three stars at 500, 1 000 and 1 500 bp
    path = tmp_path / "ledger.csv"
    path.write_text(
        "type,member,date,event,rules,version,points,colour\n"
        "player,1,,,,,,\n"
        "award,1,2014-12-01,Club,sbf,2014,400,bp\n"
        "award,1,2015-01-10,Club,sbf,2014,100,bp\n"
        "award,2,2015-01-10,Club,sbf,2014,1000,bp\n"
        "award,3,2015-01-10,Club,sbf,2014,1500,bp\n"
        "award,4,2015-01-10,Club,sbf,2014,499,bp\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "ranks", "--ledger", str(path), "--rules", "sbf", "--json")
    assert code == 0
    rows = {r["member"]: r for r in json.loads(out)}
    assert {m: (r["class"], r["clover_stars"]) for m, r in rows.items()} == {
        "1": ("Klövermästare*", 1), "2": ("Klövermästare**", 2),
        "3": ("Klövermästare***", 3), "4": ("Klövermästare", 0),
    }  # fmt: skip
    # --since lists the members whose class changed: member 1 earned his star in January
    code, out, _ = run(
        capsys, "ranks", "--ledger", str(path), "--rules", "sbf", "--since", "2014-12-31",
        "--json",
    )  # fmt: skip
    changed = {r["member"]: (r["previous"], r["class"]) for r in json.loads(out)}
    assert changed["1"] == ("Klövermästare", "Klövermästare*")
    code, out, _ = run(
        capsys, "statement", "--rules", "sbf", "--period", "2015-01", "--ledger", str(path),
        "--json",
    )  # fmt: skip
    statements = {s["member"]: s for s in json.loads(out)}
    assert sorted(statements) == ["1", "2", "3", "4"]
    one = statements["1"]
    assert (one["carried"]["bp"], one["totals"]["bp"], one["class"]) == (
        "400", "500", "Klövermästare*",
    )  # fmt: skip
    assert one["events"] == [
        {"date": "2015-01-10", "event": "Club", "points": "100", "colour": "bp"}
    ]
    assert statements["3"]["class"] == "Klövermästare***"
    code, out, _ = run(
        capsys, "statement", "--rules", "sbf", "--period", "2015-01", "--ledger", str(path),
        "--member", "2",
    )  # fmt: skip
    assert out.splitlines() == [
        "2  statement to 2015-01-31",
        "carried        0 bp  0 sp  0 gp  (0 mp)",
        "2015-01-10  Club  1000 bp",
        "total          1000 bp  0 sp  0 gp  (10 mp)",
        "class          Klövermästare**",
    ]
