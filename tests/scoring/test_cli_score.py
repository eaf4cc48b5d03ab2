"""`bridgedesk score`: JSON travellers and PBN score tables, every output format, errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.formats import pbn_scores, traveller_json
from bridgedesk.scoring.session import score_session

DATA = Path(__file__).parent / "data"
FIG15 = DATA / "fig15_howell.json"
FFB = DATA / "ffb_2022_board28.pbn"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(FIG15), "--format", "json", "--missing", "half")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["method"] == "mp" and doc["winners"] == 1
    board9 = doc["boards"][0]
    assert board9["board"] == 9 and board9["top"] == 5
    # The one results document (bridgedesk-results-1) for files and stored events alike.
    assert doc["format"] == "bridgedesk-results-1"
    assert board9["results"][0] == {
        "round": None, "table": None, "ns": 1, "ew": 11, "contract": "1S", "declarer": "N",
        "tricks": 10, "result": "+3", "lead": None, "adjusted": None,
        "score_ns": 170, "ns_points": 1, "ew_points": 4}  # fmt: skip
    # 004:1175-1210: the 7 v 8 score is computed from its contract (4H= by S: 420).
    assert board9["results"][3]["score_ns"] == 420
    assert board9["results"][3]["ns_points"] == 2.5
    first = doc["ranking"][0]
    # A penalised pair's line also shows its penalty (pair 5: half a board at top 5).
    assert set(first) - {"penalty"} == {
        "pair", "direction", "names", "players", "total", "max", "percentage", "rank", "boards",
    }  # fmt: skip
    assert first["direction"] is None
    five = next(r for r in doc["ranking"] if r["pair"] == 5)
    assert five["penalty"] == 2.5
    # Board 3 (Fig 17, weekly method): the neutral pairs 10 and 4 get 2.5.
    board3 = doc["boards"][1]["results"][4]
    assert (board3["ns_points"], board3["ew_points"]) == (2.5, 2.5)
    assert board3["adjusted"] == "A/A"


def test_json_penalty_weighted_and_split(capsys: pytest.CaptureFixture[str]) -> None:
    inp = traveller_json.load(FIG15)
    res = score_session(inp.boards, winners=1, penalties=inp.penalties)
    five = next(s for s in res.standings if s.pair == "5")
    assert five.penalty == Fraction(5, 2)  # half a board at top 5 (003:49, 003:256)
    board4 = res.boards[2]
    # Board 4 has 6 rows: N = 6, top 5; the weighted 60 % 620 / 40 % -100 row and the
    # real scores 650, 170, -100 are 4 real NS scores, factored by Neuberg.
    weighted = board4.results[0]
    # 620 beats 170 and -100; -100 ties -100.
    s = Fraction(3, 5) * 2 + Fraction(2, 5) * Fraction(1, 2)
    assert weighted.ns == 6 * s / 4 + Fraction(2, 8)
    # The split A+/A+ row: both sides 60 % of 5 at least (their session % may raise it).
    assert board4.results[2].ns >= 3 and board4.results[2].ew >= 3  # type: ignore[operator]
    assert board4.results[4].ns is None  # not played


def test_text_and_html(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(FIG15))
    assert code == 0
    assert out.splitlines()[0] == "Matchpoints, 1 winner"
    assert "Rank" in out
    code, out, _ = run(capsys, str(FFB))
    assert "2 winners (detected from the pair numbers)" in out
    code, out, _ = run(capsys, str(FIG15), "--format", "html")
    # The same Jinja2 ranking and travellers as `bridgedesk results EVENT --format html`.
    assert out.startswith("<!DOCTYPE html>") and 'id="board-9"' in out
    assert "Ranking by place" in out


def test_ffb_pbn_matchpoints_and_percentages_reproduced() -> None:
    inp = pbn_scores.load(FFB)
    assert inp.scoring == "MatchPoints;MP1"
    parsed = pbn_scores.pbn.load(FFB)
    table = parsed[0].table("ScoreTable")
    assert table is not None
    their_mp_ns = [Fraction(c) for c in table.column("MP_NS")]
    their_pct = [int(c) for c in table.column("Percentage_NS")]
    # Their scale is 2/1/0 (top 42 for 22 scores); ours at scale=2 must agree exactly.
    res = score_session(inp.boards, winners=2, scale=2)
    ours = [sr.ns for sr in res.boards[0].results]
    assert ours == their_mp_ns
    top = res.boards[0].top
    assert top == 42
    pct = [round(float(v * 100 / top)) for v in ours]  # type: ignore[operator]
    assert pct == their_pct


def test_pbn_output_fills_points_and_total_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(FFB), "--format", "pbn")
    assert code == 0, err
    assert "[TotalScoreTable" in out
    assert "Percentage_NS" in out
    # Written back on the JCBL scale: 670 is the top, 21 of 21, 100 %.
    line = next(x for x in out.splitlines() if x.startswith("19 14  4 11"))
    assert line.split()[-4:] == ["21.00", "0.00", "100.00", "0.00"]
    reread = pbn_scores.pbn.loads(out)
    assert reread[0].table("TotalScoreTable") is not None


def test_ximp_and_butler_run(capsys: pytest.CaptureFixture[str]) -> None:
    for method in ("ximp", "butler", "total"):
        code, out, err = run(capsys, str(FFB), "--method", method, "--format", "json")
        assert code == 0, err
        doc = json.loads(out)
        assert doc["method"] == method and doc["boards"][0]["top"] is None
    code, out, _ = run(capsys, str(FFB), "--method", "ximp", "--format", "json")
    rows = json.loads(out)["boards"][0]["results"]
    assert sum(r["ns_points"] for r in rows) == 0  # cross-IMPs sum to zero


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


PBN_HEAD = (
    '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("1 2 7NT S 14 - -\n", ":3, board 1: bad result '14': tricks must be 0-13"),
        ("1 2 4S - 10 420 -\n", ":3, board 1: contract 4S has no declarer"),
        ("1 2 4S S 10 450 -\n3 4 4S S 10 420 -\n", ":3, board 1: score 450 does not match"),
        ("1 2 4S S 10 420 -\n1 4 4S S 10 420 -\n", "board 1: pair 1 has two results as NS"),
    ],
)
def test_pbn_errors_name_file_line_and_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: str, message: str
) -> None:
    p = write(tmp_path, "bad.pbn", PBN_HEAD + rows)
    code, out, err = run(capsys, str(p), "--format", "json")
    assert code == 2 and out == ""
    assert err.startswith(f"error: {p}:")
    assert message in err


def test_pair_playing_both_directions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = "1 2 4S S 10 420 -\n3 1 4S S 10 420 -\n"
    p = write(tmp_path, "both.pbn", PBN_HEAD + rows)
    code, _, err = run(capsys, str(p), "--winners", "1")
    assert code == 2 and "pair 1 plays both directions of this board" in err


def test_json_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"format": "bridgedesk-travellers", "version": 1, "boards": [
        {"board": 2, "results": [{"ns": "1", "ew": "2", "score_ns": 100},
                                 {"ns": "3", "ew": "4", "contract": "4H"}]}]}  # fmt: skip
    p = write(tmp_path, "bad.json", json.dumps(doc, indent=2))
    code, out, err = run(capsys, str(p))
    assert code == 2 and out == ""
    assert f"{p}:" in err and "board 2" in err and "has no declarer" in err
    line = int(err.split(f"{p}:")[1].split(",")[0])
    assert '"ns": "3"' in p.read_text().splitlines()[line - 1]
    p2 = write(tmp_path, "x.txt", "hello")
    assert run(capsys, str(p2))[0] == 2


def test_json_strict_rejects_unknown_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = {"format": "bridgedesk-travellers", "version": 1, "boards": [
        {"board": 1, "results": [{"ns": "1", "ew": "2", "score_ns": 100, "scor_ew": 5},
                                 {"ns": "3", "ew": "4", "score_ns": 50}]}]}  # fmt: skip
    p = write(tmp_path, "typo.json", json.dumps(doc, indent=1))
    assert run(capsys, str(p))[0] == 0
    code, _, err = run(capsys, str(p), "--strict")
    assert code == 2 and "unknown key(s) scor_ew" in err and "board 1" in err


def test_fouled_board_from_json_both_methods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Fig 24 (004:3553-3596) as JSON: group A NS 1-8, group B NS 9-15.
    a = [(1, 8, 430), (2, 10, 400), (3, 12, 180), (4, 14, 150), (5, 1, 150), (6, 3, 430),
         (7, 5, 460), (8, 7, 400)]  # fmt: skip
    b = [(9, 9, -430), (10, 11, -400), (11, 13, -400), (12, 15, -150), (13, 2, -180),
         (14, 4, -430), (15, 6, -400)]  # fmt: skip
    rows = [{"ns": f"N{n}", "ew": f"E{e}", "score_ns": s, "group": "A"} for n, e, s in a]
    rows += [{"ns": f"N{n}", "ew": f"E{e}", "score_ns": s, "group": "B"} for n, e, s in b]
    doc = {"format": "bridgedesk-travellers", "version": 1, "winners": 2,
           "boards": [{"board": 17, "results": rows}]}  # fmt: skip
    p = write(tmp_path, "fig24.json", json.dumps(doc))
    code, out, _ = run(capsys, str(p), "--fouled", "simple", "--format", "json")
    assert code == 0
    pts = {r["ns"]: r["ns_points"] for r in json.loads(out)["boards"][0]["results"]}
    assert pts["N7"] == 10.5 and pts["N12"] == 10 and sum(pts.values()) == 105
    code, out, _ = run(capsys, str(p), "--format", "json")
    pts = {r["ns"]: r["ns_points"] for r in json.loads(out)["boards"][0]["results"]}
    # Formula: group A (8 of 15): M = 15*S/8 + 7/16; pair 7 has S = 7 -> 13.56.
    assert pts["N7"] == 13.56


def test_ruter_board_with_a_bye_row() -> None:
    # Ruter (SBF) writes a bye as a row with "-" for the NS pair: lenient reading skips it.
    path = DATA / "ruter_2021_board1.pbn"
    inp = pbn_scores.load(path)
    parsed = pbn_scores.pbn.load(path)
    table = parsed[0].table("ScoreTable")
    assert table is not None
    assert [(r.ns, r.ew) for r in inp.boards[0].results] == [("6", "5"), ("7", "3"), ("8", "1")]
    res = score_session(inp.boards, scale=2)
    assert res.winners == 2
    ours = [sr.ns for sr in res.boards[0].results]
    assert ours == [Fraction(c) for c in table.column("MP_NS")[:3]]  # 4.0, 1.0, 1.0
    theirs_ew = [Fraction(c) for c in table.column("MP_EW")[:3]]
    assert [sr.ew for sr in res.boards[0].results] == theirs_ew
    top = res.boards[0].top
    assert [int(v * 100 / top) for v in ours] == [100, 25, 25]  # type: ignore[operator]
    # With --strict the bye row is an error naming its line.
    with pytest.raises(ValueError, match=r"ruter_2021_board1.pbn:34, board 1: a score row needs"):
        pbn_scores.load(path, strict=True)


def test_pbn_score_column_and_adjusted_cells(tmp_path: Path) -> None:
    text = (
        '[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score"]\n'
        '1 2 4H S 10 "NS 620"\n3 4 3NT W 9 "EW 400"\n5 6 - - - -\n\n'
        '[Board "3"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
        "1 4 ^A+ ^A-\n3 2 420 -\n5 6 ^-50 -\n"
    )
    inp = pbn_scores.load(write(tmp_path, "s.pbn", text))
    b2, b3 = inp.boards
    assert [r.score_ns for r in b2.results[:2]] == [620, -400]
    assert str(b2.results[2].ns_outcome) == "-"  # not played
    assert (str(b3.results[0].ns_outcome), str(b3.results[0].ew_outcome)) == ("A+", "A-")
    assert b3.results[2].score_ns == -50
    with pytest.raises(ValueError, match=r"s2.pbn:3, board 2: bad score 'NS x'"):
        pbn_scores.load(write(tmp_path, "s2.pbn", text.replace("NS 620", "NS x")))
