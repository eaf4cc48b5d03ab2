"""`bridgedesk calc`: the calculator commands, their JSON shapes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgedesk.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_score_json_as_in_the_issue(capsys: pytest.CaptureFixture[str]) -> None:
    expected = {"contract": "4SX", "declarer": "S", "tricks": 8, "vulnerable": True,
                "score_ns": -500, "score_ew": 500}  # fmt: skip
    assert run_json(capsys, "calc", "score", "4SX", "S", "-2", "--vul", "ns") == expected
    assert run_json(capsys, "calc", "score", "--vul", "ns", "4SX", "S", "-2") == expected
    assert run_json(capsys, "calc", "score", "4sx", "s", "--tricks", "8", "--vul", "NS") == expected
    # Board 5 is NS vulnerable (004:421-434).
    assert run_json(capsys, "calc", "score", "4SX", "S", "-2", "--board", "5") == expected


@pytest.mark.parametrize(
    ("args", "score_ns", "tricks", "vulnerable"),
    [
        (("3N", "E", "=", "--vul", "none"), -400, 9, False),
        (("3NT", "W", "+1", "--board", "4"), -630, 10, True),
        (("6NTXX", "N", "=", "--vul", "all"), 2110, 12, True),
        (("1C", "N", "-7", "--vul", "ew"), -350, 0, False),
        (("7NT", "S", "=", "--board", "2"), 2220, 13, True),
    ],
)
def test_score_cases(
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
    score_ns: int,
    tricks: int,
    vulnerable: bool,
) -> None:
    data = run_json(capsys, "calc", "score", *args)
    assert isinstance(data, dict)
    assert (data["score_ns"], data["score_ew"]) == (score_ns, -score_ns)
    assert (data["tricks"], data["vulnerable"]) == (tricks, vulnerable)


def test_score_passed_out(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "calc", "score", "PASS", "--vul", "all")
    assert data == {"contract": "PASS", "declarer": None, "tricks": None, "vulnerable": False,
                    "score_ns": 0, "score_ew": 0}  # fmt: skip


def test_score_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calc", "score", "4SX", "S", "-2", "--board", "5")
    assert code == 0
    assert "Board 5" in out
    for text in ("4SX", "-2", "vulnerable", "-500", "+500"):
        assert text in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("4SX", "S", "-2"), "exactly one of --board N or --vul"),
        (("4SX", "S", "-2", "--vul", "ns", "--board", "3"), "exactly one of --board N or --vul"),
        (("8S", "S", "=", "--vul", "ns"), "bad contract '8S': level 8 is not 1-7"),
        (("4Z", "S", "=", "--vul", "ns"), "bad contract '4Z'"),
        (("3NTXXX", "S", "=", "--vul", "ns"), "'XXX' is not a doubling"),
        (
            ("4S", "S", "--tricks", "14", "--vul", "ns"),
            "'--tricks': Input should be less than or equal to 13",
        ),
        (
            ("4S", "S", "--tricks", "-1", "--vul", "ns"),
            "'--tricks': Input should be greater than or equal to 0",
        ),
        (("4S", "S", "-11", "--vul", "ns"), "-11 is impossible in 4S"),
        (("4S", "S", "=", "--tricks", "10", "--vul", "ns"), "not both"),
        (("4S", "--vul", "ns"), "needs a declarer"),
        (("4S", "Q", "=", "--vul", "ns"), "unknown seat 'Q'"),
        (("4S", "S", "=", "--vul", "red"), "unknown vulnerability 'red'"),
        (("4S", "S", "=", "--board", "0"), "'--board': Input should be greater than or equal to 1"),
        (("PASS", "N", "=", "--vul", "ns"), "passed-out board"),
        ((), "Missing argument"),
        (("4S", "S", "=", "--vul", "ns", "--bogus"), "--bogus"),
    ],
)
def test_score_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str
) -> None:
    code, out, err = run(capsys, "calc", "score", *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert fragment in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("points", "expected"),
    [("430", 10), ("-250", -6), ("160", 4), ("30", 1), ("0", 0), ("10", 0), ("4000", 24)],
)
def test_imps(capsys: pytest.CaptureFixture[str], points: str, expected: int) -> None:
    # 004:1660-1688 and the IMP table 004:1694-1717.
    assert run_json(capsys, "calc", "imps", points) == {"points": int(points), "imps": expected}


def test_imps_readable_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calc", "imps", "430")
    assert code == 0
    assert "+10 IMPs" in out
    assert "430-490" in out
    code, out, err = run(capsys, "calc", "imps", "lots")
    assert code == 2
    assert "the point difference must be a whole number, got 'lots'" in err


def test_vp_json(capsys: pytest.CaptureFixture[str]) -> None:
    # 16 boards, 17 IMPs: 14.39 - 5.61 (the WBF formula; see tests/bridge/test_vp.py).
    assert run_json(capsys, "calc", "vp", "17", "--boards", "16") == {
        "imps": 17, "boards": 16, "scale": "wbf2013", "vp": [14.39, 5.61]}  # fmt: skip
    # The winner's VPs come first whatever the sign.
    assert run_json(capsys, "calc", "vp", "-17", "--boards", "16")["vp"] == [14.39, 5.61]  # type: ignore[index]
    # Klinger's 14-board figure (IBPA Bulletin, May 2013): 2 IMPs = 10.66-9.34.
    assert run_json(capsys, "calc", "vp", "2", "--boards", "14")["vp"] == [10.66, 9.34]  # type: ignore[index]
    # JCBL's WBF 25-point table for 8 boards: 15-17 IMPs = 20-10.
    assert run_json(capsys, "calc", "vp", "17", "--boards", "8", "--scale", "wbf25") == {
        "imps": 17, "boards": 8, "scale": "wbf25", "vp": [20, 10]}  # fmt: skip
    # Board-a-match, 2 boards, 250 points (004:1831-1858): 5-1.
    assert run_json(capsys, "calc", "vp", "250", "--boards", "2", "--scale", "bam")["vp"] == [5, 1]  # type: ignore[index]


def test_vp_club_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text(json.dumps({
        "format": "bridgedesk-vp-scale", "version": 1, "name": "club",
        "tables": [{"boards": {"min": 1}, "steps": [[0, 10, 10], [5, 12, 8], [20, 20, 0]]}],
    }), encoding="utf-8")  # fmt: skip
    data = run_json(capsys, "calc", "vp", "7", "--boards", "10", "--scale", str(path))
    assert data == {"imps": 7, "boards": 10, "scale": "club", "vp": [12, 8]}


def test_vp_readable_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calc", "vp", "17", "--boards", "16")
    assert code == 0
    assert "14.39 - 5.61" in out
    code, _, err = run(capsys, "calc", "vp", "17", "--boards", "16", "--scale", "45-0")
    assert code == 2
    assert "unknown VP scale '45-0': known scales are" in err
    code, out, _ = run(capsys, "calc", "vp", "17", "--boards", "16", "--scale", "40-0")
    assert code == 0 and "28.79 - 11.21" in out
    code, _, err = run(capsys, "calc", "vp", "17", "--boards", "16", "--scale", "wbf25")
    assert code == 2
    assert "no table for 16 boards" in err
    code, _, err = run(capsys, "calc", "vp", "17")
    assert code == 2
    assert "--boards" in err
    code, _, err = run(capsys, "calc", "vp", "17", "--boards", "0")
    assert code == 2
    assert "'--boards': Input should be greater than or equal to 1" in err


@pytest.mark.parametrize(
    ("board", "dealer", "vul"),
    [(1, "N", "None"), (5, "N", "NS"), (16, "W", "EW"), (7, "S", "All"), (17, "N", "None")],
)
def test_board(capsys: pytest.CaptureFixture[str], board: int, dealer: str, vul: str) -> None:
    # 004:421-434.
    assert run_json(capsys, "calc", "board", str(board)) == {
        "board": board, "dealer": dealer, "vulnerability": vul}  # fmt: skip


def test_board_readable_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calc", "board", "5")
    assert code == 0
    assert "Board 5: dealer North, North-South vulnerable" in out
    for bad in ("0", "-3", "x"):
        code, _, err = run(capsys, "calc", "board", bad)
        assert code == 2
        assert err.startswith("error: ")


def test_group_without_command_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calc")
    assert code == 2
    assert "score" in out
    assert "board" in out
