"""The scored-section adapter and the report rows, on the seed's worked examples."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from bridgedesk.bridge import Side
from bridgedesk.events import Entry, Event, Player, SectionResults, make_result
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.reports import names
from bridgedesk.reports.session import (
    ranking_html,
    ranking_text,
    recap_rows,
    sheet_rows,
    traveller_rows,
)
from bridgedesk.results import score_section
from bridgedesk.results.numbers import fixed as fmt_total
from bridgedesk.results.numbers import points as fmt_points

F = Fraction

# 004:1175-1210, Fig 15: 12-pair Howell, section C, board 9 (N-S pair, E-W pair, slip).
FIG15 = (
    (1, 11, "1S", "N", "10"),  # 170
    (2, 9, "4H", "S", "11"),  # 450
    (5, 6, "5CX", "W", "8"),  # 800 to NS
    (7, 8, "4H", "S", "10"),  # 420
    (10, 4, "4S", "N", "10"),  # 420
    (12, 3, "4H", "S", "9"),  # -50
)
# The Match Points column of Fig 15 by pair number ("2x" is 2.5).
FIG15_MP = {1: 1, 2: 4, 3: 5, 4: F(5, 2), 5: 5, 6: 0, 7: F(5, 2), 8: F(5, 2), 9: 1,
            10: F(5, 2), 11: 4, 12: 0}  # fmt: skip


def fig15_section(names: dict[int, str] | None = None) -> SectionResults:
    grid = {(1, t): TableAssignment(ns, ew, (9,)) for t, (ns, ew, *_) in enumerate(FIG15, start=1)}
    movement = GridMovement("Fig 15", "howell", 1, 6, 1, grid)
    results = tuple(
        make_result(round=1, table=t, board=9, ns=ns, ew=ew, contract=c, declarer=d, result=r)
        for t, (ns, ew, c, d, r) in enumerate(FIG15, start=1)
    )
    names = names or {}
    entries = {
        n: Entry(n, (Player(names.get(n, f"P{n}a")), Player(f"P{n}b"))) for n in range(1, 13)
    }
    event = Event("Section C", dt.date(1978, 9, 5), club="丸の内 BC")
    return SectionResults(event, 1, "C", movement, entries, results)


def test_fig15_traveller_points() -> None:
    scored = score_section(fig15_section())
    (t,) = scored.travellers
    assert t.board == 9 and t.top == 5
    assert [line.ns_score for line in t.lines] == [170, 450, 800, 420, 420, -50]
    got = {}
    for line in t.lines:
        got[int(line.ns)] = line.ns_points
        got[int(line.ew)] = line.ew_points
    assert got == FIG15_MP
    # Ranking on the one board: pairs 2, 3, 5, 11 ... each side's points as its total.
    assert {s.number: s.total for s in scored.ranking} == FIG15_MP
    assert scored.section.standing(3).rank == "1="  # 3 and 5 share the top with 5 points


def test_report_rows_of_fig15() -> None:
    scored = score_section(fig15_section({1: "山口"}))
    (trav,) = traveller_rows(scored)
    first = trav["lines"][0]
    assert (first["contract"], first["by"], first["result"], first["ns_score"]) == (
        "1S", "N", "+3", "170",
    )  # fmt: skip
    assert trav["lines"][-1]["ew_score"] == "50"
    assert (trav["dealer"], trav["vul"]) == ("N", "EW")  # board 9 (004:421-434)
    ((direction, rows),) = recap_rows(scored)
    assert direction is None
    assert [r["boards"] for r in rows][:4] == [["1"], ["4"], ["5"], ["2.5"]]
    sheet = sheet_rows(scored, 6)
    assert sheet == [
        {"round": 1, "table": 3, "board": 9, "side": "EW", "opponent": "5",
         "contract": "5CX W -3", "score": "-800", "points": "0"}
    ]  # fmt: skip
    html = ranking_html(scored, "ja")
    assert "山口" in html and "順位表（順位順）" in html
    text = ranking_text(scored)
    # Method, event, blank, column heads, then the first row (3 and 5 share the top).
    assert text.splitlines()[4].split()[:3] == ["1=", "3", "5.00"]


def test_two_field_sheet_sides() -> None:
    scored = score_section(fig15_section())
    assert scored.winners == 1
    assert [s.side for s in scored.section.sheet(11)] == [Side.EW]


def test_formatting() -> None:
    assert [fmt_points(v) for v in (F(7), F(13, 2), F(35, 6), None)] == ["7", "6.5", "5.83", ""]
    # Rounded once, half up (004:1303-1313).
    assert fmt_total(F(7249, 100) + F(1, 200)) == "72.50"
    assert fmt_total(F(-1, 3)) == "-0.33"


def test_method_names_come_from_the_catalogs() -> None:
    assert names.method_name("mp", "en") == "Matchpoints"
    assert names.method_name("mp", "ja") == "マッチポイント"
    with pytest.raises(Exception, match="unknown language"):
        names.method_name("mp", "xx")


def test_no_results_is_a_clear_error() -> None:
    empty = fig15_section()
    empty = SectionResults(empty.event, 1, "C", empty.movement, empty.entries, ())
    with pytest.raises(Exception, match="has no results yet"):
        score_section(empty)


def test_adjusted_score_in_reports() -> None:
    """An artificial A+/A- (003:11-19, 004:1364-1386) on the Fig 15 board: 60 % / 40 % of top."""
    from dataclasses import replace

    from bridgedesk.formats import pbn, pbn_results, usebio

    snap = fig15_section()
    adjusted = make_result(round=1, table=4, board=9, ns=7, ew=8, adjusted="A+/A-")
    snap = replace(snap, results=tuple(adjusted if r.ns == 7 else r for r in snap.results))
    scored = score_section(snap)
    line = next(x for x in scored.travellers[0].lines if x.ns == "7")
    # No played board to take a session percentage from: A+ is 60 % and A- 40 % of top 5.
    assert (line.ns_points, line.ew_points) == (3, 2)
    (trav,) = traveller_rows(scored)
    assert trav["lines"][3]["contract"] == "A+/A-"
    table = pbn.loads(pbn_results.dumps(scored))[0].table("ScoreTable")
    assert table is not None
    row = table.records()[3]
    assert (row["Score_NS"], row["Score_EW"], row["Contract"]) == ("A+", "A-", "-")
    root = usebio.to_element(scored)
    lines = root.findall("EVENT/SESSION/SECTION/BOARD/TRAVELLER_LINE")
    assert lines[3].findtext("ADJUSTED_SCORE") == "A+/A-"
    assert lines[3].find("CONTRACT") is None


def test_text_ranking_max_is_factored_like_the_total() -> None:
    """Issue 25: a pair that missed a board has its total factored up to the field's
    boards (004:1297-1302); the Max printed beside it is the field's, so Total / Max is
    the percentage printed (here NS 3 played board 1 only: 2 of 2, factored to 4 of 4)."""
    grid = {(1, t): TableAssignment(t, t + 3, (1, 2)) for t in (1, 2, 3)}
    movement = GridMovement("3 tables", "mitchell", 1, 3, 2, grid)
    slips = [
        make_result(round=1, table=t, board=1, ns=t, ew=t + 3, contract="3NT", declarer="N",
                    result=str(7 + t))
        for t in (1, 2, 3)
    ] + [
        make_result(round=1, table=t, board=2, ns=t, ew=t + 3, contract="2S", declarer="S",
                    result=str(6 + t))
        for t in (1, 2)  # table 3 did not play board 2
    ]  # fmt: skip
    entries = {n: Entry(n, (Player(f"a{n}"), Player(f"b{n}"))) for n in range(1, 7)}
    snapshot = SectionResults(Event("E", dt.date(2026, 1, 1)), 1, "A", movement, entries,
                              tuple(slips))  # fmt: skip
    scored = score_section(snapshot)
    three = scored.section.standing(3)
    assert (three.total, three.max, three.out_of, three.boards) == (4, 2, 4, 1)
    lines = [line.split() for line in ranking_text(scored).splitlines()
             if line[:5].strip().rstrip("=").isdigit()]  # fmt: skip
    # NS pairs first, then EW numbered 1-3 as their cards are (events.pair_numbers)
    assert sorted(w[1] for w in lines[:3]) == sorted(w[1] for w in lines[3:]) == ["1", "2", "3"]
    ns3 = next(w[2:5] for w in lines[:3] if w[1] == "3")
    assert ns3 == ["4.00", "4.00", "100.00"]
    for total, most, pct in (w[2:5] for w in lines):
        assert abs(float(total) / float(most) * 100 - float(pct)) < 0.01
