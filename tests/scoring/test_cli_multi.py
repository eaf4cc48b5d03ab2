"""`bridgedesk score` over several files: sections, sessions, carry-over, flights,
Houston VPs; individual events.  Every expected number is worked out by hand in
the comments from the small travellers below."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge.vp import get_scale
from bridgedesk.cli import main

# Four pairs, three boards, one field (pair 2 sits NS and EW).
# Qualifying: B1 NS1 100 v NS3 200 -> 3 and 2 (EW) top; B2 NS1 100 > NS2 50, EW4 tops;
# B3 NS1 600 > NS2 -100, EW3 tops.  Totals 1:2, 2:1, 3:2, 4:1 (top 1 a board).
QUAL = [
    (1, [(1, 2, 100), (3, 4, 200)]),
    (2, [(1, 3, 100), (2, 4, 50)]),
    (3, [(1, 4, 600), (2, 3, -100)]),
]
# Final: B1 NS1 400 > NS3 100, EW4 tops; B2 NS1 100 > NS2 60, EW4 tops; B3 NS1 600 > NS2
# -100, EW3 tops.  Totals 1:3, 2:0, 3:1, 4:2.
FINAL = [
    (1, [(1, 2, 400), (3, 4, 100)]),
    (2, [(1, 3, 100), (2, 4, 60)]),
    (3, [(1, 4, 600), (2, 3, -100)]),
]


def travellers(tmp_path: Path, name: str, boards: list[Any]) -> Path:
    doc = {
        "format": "bridgedesk-travellers",
        "version": 1,
        "boards": [
            {
                "board": n,
                "results": [{"ns": str(a), "ew": str(b), "score_ns": s} for a, b, s in rows],
            }
            for n, rows in boards
        ],
    }
    p = tmp_path / name
    p.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return p


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def totals(doc: dict[str, Any]) -> dict[str, tuple[float, str]]:
    return {row["pair"]: (row["total"], row["rank"]) for row in doc["totals"]}


def test_two_sessions_added_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    q, f = travellers(tmp_path, "q.json", QUAL), travellers(tmp_path, "f.json", FINAL)
    code, out, err = run(capsys, str(q), str(f), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["sessions"]) == 2
    # 2+3, 1+0, 2+1, 1+2
    assert totals(doc) == {"1": (5.0, "1"), "3": (3.0, "2="), "4": (3.0, "2="), "2": (1.0, "4")}
    code, out, _ = run(capsys, str(q), str(f))
    assert "Ranking over all sessions" in out and out.count("Matchpoints, 1 winner") == 2


def test_carry_over_from_the_qualifying(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    q, f = travellers(tmp_path, "q.json", QUAL), travellers(tmp_path, "f.json", FINAL)
    # 004:2010-2034: C = M * Q/E * (A*B) / (S/Q); Q = E = 4, A = 1/2 (final top 1),
    # B = 3 qualifying boards, S = 2+1+2+1 = 6: C = M * 1 * 1.5 / 1.5 = M.  The 4-board
    # maximum (4 * 2A = 4) is not reached.
    code, out, err = run(capsys, str(f), "--qualifying", str(q), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["carry_over"] == {"1": 2.0, "2": 1.0, "3": 2.0, "4": 1.0}
    assert totals(doc) == {"1": (5.0, "1"), "3": (3.0, "2="), "4": (3.0, "2="), "2": (1.0, "4")}
    # A 1-board maximum is 2A = 1: the highest carry (2) comes down to 1 and every other
    # in proportion (004:2030-2034): 1, 0.5, 1, 0.5; totals 4, 0.5, 2, 2.5.
    code, out, err = run(capsys, str(f), "--qualifying", str(q), "--carry-max-boards", "1",
                         "--format", "json")  # fmt: skip
    doc = json.loads(out)
    assert doc["carry_over"] == {"1": 1.0, "2": 0.5, "3": 1.0, "4": 0.5}
    assert totals(doc) == {"1": (4.0, "1"), "4": (2.5, "2"), "3": (2.0, "3"), "2": (0.5, "4")}


def test_carry_over_needs_the_finalists_in_the_qualifying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    q = travellers(tmp_path, "q.json", QUAL)
    f = travellers(tmp_path, "f.json", [(1, [(1, 9, 100), (3, 4, 200)])])
    code, out, err = run(capsys, str(f), "--qualifying", str(q))
    assert code == 2 and out == "" and "pair 9 of the final did not play" in err


def test_sections_one_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = travellers(tmp_path, "a.json", FINAL), travellers(tmp_path, "b.json", QUAL)
    code, out, err = run(capsys, str(a), str(b), "--sections", "one-field", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    # Each board has 4 scores (top 3).  B1 NS: A1 400 (3), B3 200 (2), A3 = B1 100 (0.5 each);
    # EW: A4 = B2 -100 (2.5), B4 -200 (1), A2 -400 (0).  B2 NS: A1 = B1 100 (2.5), A2 60 (1),
    # B2 50 (0); EW: B4 -50 (3), A4 -60 (2), A3 = B3 -100 (0.5).  B3 NS: 600 twice (2.5),
    # -100 twice (0.5); EW: 100 twice (2.5), -600 twice (0.5).
    got = {str(r["pair"]): (r["total"], r["rank"]) for r in doc["ranking"]}
    assert got == {
        "A1": (8.0, "1"), "B1": (5.5, "2"), "A4": (5.0, "3="), "B3": (5.0, "3="),
        "B4": (4.5, "5"), "A3": (3.5, "6"), "B2": (3.0, "7"), "A2": (1.5, "8"),
    }  # fmt: skip
    assert doc["boards"][0]["top"] == 3


def test_sections_each_with_percentage_ranking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = travellers(tmp_path, "a.json", FINAL), travellers(tmp_path, "b.json", QUAL)
    code, out, err = run(capsys, str(a), str(b), "--sections", "each", "--section-names",
                         "N,S", "--format", "json")  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    # 004:1315-1320: each section ranked alone; then all pairs on their percentages:
    # N1 100, N4 = S1 = S3 66.67, N3 = S2 = S4 33.33, N2 0.
    rows = {str(r["pair"]): (r["percentage"], r["rank"]) for r in doc["ranking"]}
    assert rows["N1"] == (100.0, "1") and rows["N2"] == (0.0, "4")
    assert rows["S1"] == (66.67, "1=") and rows["S2"] == (33.33, "3=")
    overall = {str(r["pair"]): r["overall"] for r in doc["ranking"]}
    assert overall == {
        "N1": "1", "N4": "2=", "S1": "2=", "S3": "2=", "N3": "5=", "S2": "5=", "S4": "5=",
        "N2": "8",
    }  # fmt: skip


def test_flights_rank_nested_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = travellers(tmp_path, "f.json", FINAL)
    code, out, err = run(capsys, str(f), "--flight", "A=1,2", "--flight", "B=3,4",
                         "--format", "json")  # fmt: skip
    assert code == 0, err
    # 004:1526-1528: A ranks everybody (3, 2, 1, 0 matchpoints), B ranks pairs 3 and 4.
    assert json.loads(out)["flights"] == {
        "1": {"A": "1"}, "2": {"A": "4"}, "3": {"A": "3", "B": "2"}, "4": {"A": "2", "B": "1"},
    }  # fmt: skip
    code, _, err = run(capsys, str(f), "--flight", "A=1,2", "--flight", "B=3")
    assert code == 2 and "pair 4 has no flight" in err


def test_houston_vps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = travellers(tmp_path, "f.json", FINAL)
    code, out, err = run(capsys, str(f), "--method", "butler", "--butler-drop", "0",
                         "--houston-vp", "wbf2013", "--format", "json")  # fmt: skip
    assert code == 0, err

    # Datums: B1 (400+100)/2 = 250, B2 80, B3 250.  IMPs: B1 NS1 +150 = 4, NS3 -4, EW2 -4,
    # EW4 +4; B2 NS1 +20 = 1, NS2 -1, EW3 -1, EW4 +1; B3 NS1 +350 = 8, NS2 -8, EW3 +8, EW4 -8.
    # Each pair meets each opponent on one board: VPs for a 1-board match.
    def v(imps: int) -> Decimal:
        return get_scale("wbf2013").vp(imps, 1)[0]

    expected = {
        "1": v(4) + v(1) + v(8), "2": v(-4) + v(-1) + v(-8),
        "3": v(-4) + v(-1) + v(8), "4": v(4) + v(1) + v(-8),
    }  # fmt: skip
    got = {r["pair"]: Decimal(str(r["vp"])) for r in json.loads(out)["houston_vp"][0]}
    assert got == expected
    assert expected["1"] + expected["2"] == 60  # each 1-board match shares 20 VPs


def test_multi_file_errors_print_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    q = travellers(tmp_path, "q.json", QUAL)
    bad = travellers(tmp_path, "bad.json", [(1, [(1, 2, 100), (1, 4, 200)])])
    code, out, err = run(capsys, str(q), str(bad))
    assert code == 2 and out == ""
    assert f"{bad}:" in err and "board 1" in err and "pair 1 has two results as NS" in err
    code, out, err = run(capsys, str(q), "--sections", "each")
    assert code == 2 and out == "" and "two or more files" in err
    code, out, err = run(capsys, str(q), str(q), "--format", "pbn")
    assert code == 2 and out == "" and "one results file" in err


# --------------------------------------------------------------------------- individual

# Fig 20 (004:1592-1611) writes a table N-S-E-W: round 1 is 8-1-6-2 and 5-7-3-4, round 2
# 8-2-7-3 and 6-1-4-5.  Board 1: NS 420 (8&1) beats 170 (5&7).  Board 2: table 1 NS -100 is
# the only real score (Neuberg with n = 1 of N = 2: 0 * 2 + (2 - 1) / 2 = 0.5 each side);
# table 2 is average plus to NS (6 and 1), average minus to EW (4 and 5).
INDIVIDUAL = [
    (1, [("8", "6", "1", "2", 420), ("5", "3", "7", "4", 170)]),
    (2, [("8", "7", "2", "3", -100), ("6", "4", "1", "5", "A+")]),
]


def individual_json(tmp_path: Path) -> Path:
    boards = []
    for n, rows in INDIVIDUAL:
        results = []
        for north, east, south, west, score in rows:
            r: dict[str, Any] = {"players": {"N": north, "E": east, "S": south, "W": west}}
            r.update({"adjusted": score} if isinstance(score, str) else {"score_ns": score})
            results.append(r)
        boards.append({"board": n, "results": results})
    doc = {"format": "bridgedesk-travellers", "version": 1, "boards": boards}
    p = tmp_path / "ind.json"
    p.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return p


# Each player's matchpoints (top 1 a board, 2 in all).  A+ / A- use the player's own
# percentage on the boards really played (003:16-19): player 1 had 100 % on board 1, so
# A+ gives 1; player 6 had 0 %, so 60 % = 0.6; player 4 had 100 %, so A- stays 40 % = 0.4;
# player 5 had 0 %, so A- gives 0.
PLAYER_TOTALS = {
    "1": (2.0, 100.0, "1"), "8": (1.5, 75.0, "2="), "3": (1.5, 75.0, "2="),
    "4": (1.4, 70.0, "4"), "6": (0.6, 30.0, "5"), "2": (0.5, 25.0, "6="),
    "7": (0.5, 25.0, "6="), "5": (0.0, 0.0, "8"),
}  # fmt: skip


def test_individual_from_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(individual_json(tmp_path)), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["winners"] == 1 and doc["individual"] is True
    got = {str(r["pair"]): (r["total"], r["percentage"], r["rank"]) for r in doc["ranking"]}
    assert got == PLAYER_TOTALS
    code, out, err = run(capsys, str(individual_json(tmp_path)))
    assert out.splitlines()[0] == "Matchpoints, 1 winner, individual: totals per player"
    assert "Player" in out.splitlines()[3]
    assert [r["pair"] for r in doc["ranking"]][:3] == [1, 3, 8]
    board2 = doc["boards"][1]["results"]
    assert (board2[0]["ns"], board2[0]["ew"]) == ("8&2", "7&3")
    assert (board2[0]["ns_points"], board2[0]["ew_points"]) == (0.5, 0.5)


def test_individual_from_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = "PlayerId_North\\2R;PlayerId_East\\2R;PlayerId_South\\2R;PlayerId_West\\2R;"
    spec += "Score_NS\\4R;Score_EW\\4R"
    text = f"""% PBN 2.1
[Event "Individual"]
[Competition "Individuals"]
[Board "1"]
[ScoreTable "{spec}"]
8 6 1 2 420 -
5 3 7 4 170 -

[Event "Individual"]
[Board "2"]
[ScoreTable "{spec}"]
8 7 2 3 - 100
6 4 1 5 A+ A-
"""
    p = tmp_path / "ind.pbn"
    p.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(p), "--format", "json")
    assert code == 0, err
    ranking = json.loads(out)["ranking"]
    got = {str(r["pair"]): (r["total"], r["percentage"], r["rank"]) for r in ranking}
    assert got == PLAYER_TOTALS


def test_individual_player_twice_on_a_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = individual_json(tmp_path)
    doc = json.loads(p.read_text())
    doc["boards"][1]["results"][1]["players"]["S"] = "2"  # 2 already plays board 2 at table 1
    p.write_text(json.dumps(doc, indent=1))
    code, out, err = run(capsys, str(p))
    assert code == 2 and out == ""
    assert f"{p}:" in err and "board 2" in err and "player 2 has two results" in err


def test_individual_penalty_is_per_player() -> None:
    from bridgedesk.scoring.individual import individual_result, score_individual
    from bridgedesk.scoring.results import Board, Penalty

    boards = [Board(n, tuple(individual_result(*r[:4], r[4]) for r in rows
                             if isinstance(r[4], int))) for n, rows in INDIVIDUAL]  # fmt: skip
    res = score_individual(boards, penalties=[Penalty("8", Fraction(1, 2))])
    eight = next(s for s in res.standings if s.pair == "8")
    one = next(s for s in res.standings if s.pair == "1")
    # Board 2 has only table 1: top 1 when one result is compared with nobody (Neuberg
    # gives it 0.5 with the common top of 2 scores); 8 has 1 + 0.5 - 0.5 penalty.
    assert eight.total == 1 and eight.penalty == Fraction(1, 2)
    # Player 1 played only board 1 (1 of top 1): factored up to 2 boards = 2.
    assert one.total == 2 and one.boards == 1


# --------------------------------------------------------------------------- JSON to PBN


def test_json_input_written_as_pbn_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgedesk.formats import pbn_scores
    from bridgedesk.scoring.session import score_session

    q = travellers(tmp_path, "q.json", QUAL)
    code, out, err = run(capsys, str(q), "--format", "pbn")
    assert code == 0, err
    assert '[Scoring "MatchPoints"]' in out and "[TotalScoreTable" in out
    # Board 1: NS 1 v 2 scored 100 (top 1: NS1 0, EW2 1), so the row reads 1 2 ... 100 - 0 1.
    row = next(x for x in out.splitlines() if x.split()[:2] == ["1", "2"])
    assert row.split()[-6:] == ["100", "-", "0.00", "1.00", "0.00", "100.00"]
    back = tmp_path / "q.pbn"
    back.write_text(out, encoding="utf-8")
    inp = pbn_scores.load(back)
    res = score_session(inp.boards)
    assert {s.pair: s.total for s in res.standings} == {"1": 2, "2": 1, "3": 2, "4": 1}


def test_individual_and_adjusted_json_to_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgedesk.formats import pbn_scores

    code, out, err = run(capsys, str(individual_json(tmp_path)), "--format", "pbn")
    assert code == 0, err
    assert "PlayerId_North" in out and '[TotalScoreTable "Rank\\4R;PlayerId' in out
    # The adjusted row keeps its A+ / A-; EW's -100 is written as EW 100.
    assert any(x.split()[:6] == ["6", "4", "1", "5", "-", "-"] and "A+" in x and "A-" in x
               for x in out.splitlines())  # fmt: skip
    back = tmp_path / "ind.pbn"
    back.write_text(out, encoding="utf-8")
    assert pbn_scores.load(back).individual
    code, out, err = run(capsys, str(back), "--format", "json")
    ranking = json.loads(out)["ranking"]
    got = {str(r["pair"]): (r["total"], r["percentage"], r["rank"]) for r in ranking}
    assert got == PLAYER_TOTALS


def test_weighted_score_in_pbn_is_a_directors_score() -> None:
    from bridgedesk.formats.pbn_results import outcome_cell as _outcome_cell
    from bridgedesk.scoring.results import Weighted

    # 60 % of 620 and 40 % of -100: 372 - 40 = 332 for NS, nothing in EW's column.
    w = Weighted.blend([("3/5", 620), ("2/5", -100)])
    assert (_outcome_cell(w, "NS"), _outcome_cell(w, "EW")) == ("^332", None)


def test_houston_penalty_is_in_vps(tmp_path: Path) -> None:
    from bridgedesk.formats import traveller_json
    from bridgedesk.scoring.results import Penalty
    from bridgedesk.scoring.session import Method, houston_vp, score_session

    boards = traveller_json.load(travellers(tmp_path, "f.json", FINAL)).boards
    with pytest.raises(Exception, match="5 per cent of a round's maximum"):
        score_session(boards, method=Method.BUTLER, penalties=[Penalty("1", Fraction(1, 2))])
    res = score_session(boards, method=Method.BUTLER, butler_drop=0)
    plain = {k[0]: v for k, v, _ in houston_vp(res)}
    fined = {k[0]: v for k, v, _ in houston_vp(res, penalties=[Penalty("1", Fraction(1, 2))])}
    # 003:55-57: one board = 5 % of a round's maximum (20 VPs): half a board is 0.5 VP.
    assert fined["1"] == plain["1"] - Fraction(1, 2)
    assert fined["2"] == plain["2"]


def test_errors_name_the_line_of_the_offending_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "dup.pbn"
    p.write_text(
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
        " 1  2 4S   N 10\n"
        " 3  4 4S   N 10\n"
        " 1  5 4S   N 10\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, str(p), "--format", "pbn")
    # The second row of pair 1 is on line 5; nothing is written.
    assert code == 2 and out == ""
    assert err.startswith(f"error: {p}:5, board 1: pair 1 has two results as NS")


def test_penalty_errors_name_their_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    q = travellers(tmp_path, "q.json", QUAL)
    doc = json.loads(q.read_text())
    doc["penalties"] = [{"pair": "1", "boards": "1/2"}, {"pair": "9", "boards": "1"}]
    q.write_text(json.dumps(doc, indent=1))
    line = next(i for i, x in enumerate(q.read_text().splitlines(), 1) if '"9"' in x)
    code, out, err = run(capsys, str(q))
    assert code == 2 and out == ""
    assert err.startswith(f"error: {q}:{line}: penalty for pair 9, who has no result")
    doc["penalties"][1] = {"pair": "3", "boards": "-1"}
    q.write_text(json.dumps(doc, indent=1))
    code, out, err = run(capsys, str(q))
    assert code == 2 and f"{q}:{line}:" in err and "positive number of boards" in err


def test_sessions_refuse_mitchell_numbers_shared_by_ns_and_ew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A Mitchell numbered 1-2 in each direction: NS 1 and EW 1 are different pairs, so
    # adding sessions up by number would merge them.
    m = travellers(
        tmp_path, "m.json", [(1, [(1, 1, 100), (2, 2, 200)]), (2, [(1, 2, 50), (2, 1, 90)])]
    )
    code, out, err = run(capsys, str(m), "--format", "json")
    assert code == 0 and json.loads(out)["winners"] == 2
    code, out, err = run(capsys, str(m), str(m))
    assert code == 2 and out == "" and "pair number 1 is both an NS and an EW pair" in err


def test_individual_butler_imps() -> None:
    # 004:1582-1584: individuals may be scored by the Houston (Butler) method too.
    # Board 1 of Fig 20's round 1 with NS 420 (8&1) and 170 (5&7): datum 295 -> 300,
    # NS +120 = 3 IMPs and -130 = -4 IMPs; EW 6&2 -3, EW 3&4 +4; each player gets his side's.
    from bridgedesk.scoring.individual import individual_result, score_individual
    from bridgedesk.scoring.results import Board
    from bridgedesk.scoring.session import Method

    b1 = Board.of(1, [individual_result("8", "6", "1", "2", 420),
                      individual_result("5", "3", "7", "4", 170)])  # fmt: skip
    res = score_individual([b1], method=Method.BUTLER)
    assert {s.pair: s.total for s in res.standings} == {
        "8": 3, "1": 3, "6": -3, "2": -3, "5": -4, "7": -4, "3": 4, "4": 4
    }  # fmt: skip
    assert [s.rank for s in res.standings] == ["1=", "1=", "3=", "3=", "5=", "5=", "7=", "7="]
