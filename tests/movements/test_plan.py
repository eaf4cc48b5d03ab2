"""Movement plans over two sessions and several sections (004:2069-2452, 004:3214-3307).

Every plan is checked independently of the code that built it: from the
seatings of each section's movement and the plan's seat map, which couples of
competitors meet in each session, and that nobody meets the same pair twice.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MovementError
from bridgedesk.movements.individual import individual
from bridgedesk.movements.plan import EventPlan, recommend_plan, two_session_rows
from bridgedesk.movements.recommend_individual import recommend_individual


def meetings(plan: EventPlan, session: int) -> list[frozenset[str]]:
    """Couples of competitors at a table in ``session`` (the phantom's tables left out)."""
    back = plan.renumbering(session)
    sp = plan.sessions[session - 1]
    many = len(sp.sections) > 1
    out: list[frozenset[str]] = []
    for s in sp.sections:
        for _, seat in s.movement.seatings():
            ids = [f"{s.name}{p.number}" if many else str(p.number) for p in seat.pairs()]
            who = frozenset(back[i] for i in ids)
            if plan.phantom not in who:
                out.append(who)
    return out


def assert_no_rematch(plan: EventPlan) -> None:
    one, two = meetings(plan, 1), meetings(plan, 2)
    assert max(Counter(one).values()) == 1 and max(Counter(two).values()) == 1
    assert not set(one) & set(two)


def assert_one_seat_each(plan: EventPlan) -> None:
    for i in range(len(plan.sessions)):
        seats = [s[i] for s in plan.seats.values()]
        assert len(seats) == len(set(seats))  # nobody shares a seat


def test_26_pairs_mitchell_then_interwoven_howell() -> None:
    # 004:2133-2137: 13 tables, first row 11(AM) then 11(IWH) at 2 boards a round; the
    # pairs keep their numbers: group A is 1-13, group B 14-26 (004:2178-2181).
    plan = recommend_plan(26)
    assert plan.row.sections == (13,)
    one, two = plan.sessions
    assert one.sections[0].code == "AM" and two.sections[0].code == "IWH"
    assert one.sections[0].movement.round_count == two.sections[0].movement.round_count == 11
    assert plan.moves(2) == []
    assert_no_rematch(plan)
    # the interwoven Howell: A plays A, B plays B, except one A-B table a round (odd groups)
    across = [c for c in meetings(plan, 2) if len({int(x) <= 13 for x in c}) == 2]
    assert len(across) == 11
    # every pair plays every board set once in each session
    for sp in plan.sessions:
        m = sp.sections[0].movement
        for p in m.pairs():
            sets = [s.board_set for _, s in m.seatings() if p in s.pairs()]
            assert len(sets) == len(set(sets)) == 11


def test_26_pairs_other_rows() -> None:
    rows = [(r.first, r.second) for r in two_session_rows(26)]
    assert rows == [
        (((11, "AM"),), ((11, "IWH"),)),
        (((12, "AM"),), ((12, "IWH"),)),
        (((12, "AM"),), ((13, "IWH"),)),
        (((13, "SM"),), ((13, "IWH"),)),
    ]
    plan = recommend_plan(26, rounds=13)
    assert plan.sessions[0].sections[0].code == "SM"
    assert_no_rematch(plan)


def test_40_pairs_two_sections_from_the_multi_section_list() -> None:
    # 004:3218: 20 tables, 11T + 9T, 11(M) 11(H) both sessions, the Howell's stay pairs
    # end at No. 18, seven of them ("No. 18, 7 / 7").
    plan = recommend_plan(40)
    assert plan.row.sections == (11, 9) and plan.row.source == "004:3218"
    for sp in plan.sessions:
        a, b = sp.sections
        assert (a.code, a.movement.tables, a.movement.round_count) == ("SM", 11, 11)
        assert (b.code, b.movement.tables, b.movement.round_count) == ("H", 9, 11)
        assert b.stationary == tuple(range(12, 19))
    assert len(plan.seats) == 40
    assert_one_seat_each(plan)
    assert_no_rematch(plan)
    # whole groups move (004:2389-2392): a scrambled Mitchell's NS half swaps with the
    # Howell's moving pairs, keeping their numbers (as 004:2408-2412 does)
    assert dict(plan.moves(2)) == {
        **{f"A{n}": f"B{n}" for n in range(1, 12)},
        **{f"B{n}": f"A{n}" for n in range(1, 12)},
    }


def test_40_pairs_12_rounds_is_the_seeds_swap() -> None:
    # 004:2395-2412: 20 tables at 2 boards x 12 rounds, 12T SM + 8T H; "swap pairs
    # 1-12 of section 1 with pairs 1-12 of section 2": nobody changes number.
    plan = recommend_plan(40, rounds=12)
    assert plan.row.sections == (12, 8)
    assert plan.sessions[0].sections[1].stationary == (13, 14, 15, 16)
    assert dict(plan.moves(2)) == {
        **{f"A{n}": f"B{n}" for n in range(1, 13)},
        **{f"B{n}": f"A{n}" for n in range(1, 13)},
    }
    assert_no_rematch(plan)


@pytest.mark.parametrize("pairs", [44, 52, 62, 66, 78, 84, 90])
def test_larger_fields_plan_without_rematch(pairs: int) -> None:
    plan = recommend_plan(pairs)
    assert sum(plan.row.sections) == pairs // 2
    assert_one_seat_each(plan)
    assert_no_rematch(plan)


def test_appendix_mitchell_sections_move_their_rings() -> None:
    # 004:3240 / 004:2420-2440: 26 tables as 16T + 10T, 12(A) + 12(H); the appendix
    # Mitchell is two groups plus its stationary pairs (004:2389)
    plan = recommend_plan(52, sections=2, rounds=12)
    assert plan.row.sections == (16, 10)
    assert plan.sessions[0].sections[0].stationary == (13, 14, 15, 16, 29, 30, 31, 32)
    assert plan.sessions[0].sections[1].stationary == tuple(range(13, 21))
    assert_no_rematch(plan)


def test_odd_field_phantom_is_stationary_in_both_sessions() -> None:
    # 004:2157-2163: 13.5 tables play the 14-table movement; the phantom is a number
    # stationary in the 1st and 2nd session, the last one making the bye table obvious
    plan = recommend_plan(27)
    assert plan.phantom == "28"
    for sp in plan.sessions:
        assert 28 in sp.sections[0].stationary
        assert sp.sections[0].movement.phantom is not None
    assert "28" in plan.seats and plan.seats["28"] == ("28", "28")
    # two sections: the phantom is a stationary competitor of the last section
    odd = recommend_plan(41)
    assert odd.phantom is not None
    assert odd.phantom.startswith("B")
    for i, sp in enumerate(odd.sessions):
        seat = odd.seats[odd.phantom][i]
        section = next(s for s in sp.sections if seat.startswith(s.name))
        assert int(seat[1:]) in section.stationary


def test_howell_twice_changes_the_stationary_pairs() -> None:
    # 004:2072-2073: up to 7 tables the Howell twice; with stationary pairs, give
    # other pairs the stationary numbers in the 2nd session.  6 tables: pair 12 stays.
    plan = recommend_plan(12)
    assert plan.row.first == ((11, "H"),) and plan.row.boards_per_round == 2
    stay = plan.sessions[0].sections[0].stationary
    assert stay == (12,)
    assert plan.seats["12"][1] != "12"


def test_refusals() -> None:
    with pytest.raises(MovementError, match="no 3-section row for 20 tables"):
        recommend_plan(40, sections=3)
    with pytest.raises(MovementError, match="one or two sessions"):
        recommend_plan(40, sessions=3)
    with pytest.raises(MovementError, match="45 tables"):
        recommend_plan(100)


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "recommend", "--pairs", "40", "--sessions", "2"]) == 0
    out = capsys.readouterr().out
    assert "11T + 9T (20 tables)" in out and "renumbering for session 2 (22 pairs move)" in out
    assert "A1 plays as B1" in out and "B11 plays as A11" in out
    code = main(["movement", "recommend", "--pairs", "40", "--sessions", "2", "--format", "json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert [len(s["sections"]) for s in doc["sessions"]] == [2, 2]
    assert doc["competitors"]["A3"] == ["A3", "B3"]
    assert doc["competitors"]["A12"] == ["A12", "A12"]
    assert doc["sessions"][0]["sections"][1]["stationary"] == list(range(12, 19))
    assert main(["movement", "recommend", "--pairs", "40", "--sessions", "3"]) == 2
    assert "error: the JCBL lists plan one or two sessions" in capsys.readouterr().err


# -- individuals (004:1576-1614, 004:3068-3078) ------------------------------------

LISTED = {8: [(3, 7)], 9: [(2, 9)], 10: [(2, 10)], 12: [(2, 11)], 13: [(2, 13)],
          14: [(2, 14)], 16: [(2, 12), (2, 15)], 17: [(2, 13)]}  # fmt: skip


@pytest.mark.parametrize("players", range(8, 20))
def test_individual_recommendations(players: int) -> None:
    found = recommend_individual(players)
    if players in LISTED:
        assert [(r.boards_per_round, r.rounds) for r in found] == LISTED[players]
    else:  # not in the list: the full cycle, everyone partners everyone once
        assert len(found) == 1 and found[0].rounds == found[0].full_cycle
    for r in found:
        m = individual(players, rounds=r.rounds, boards_per_round=r.boards_per_round)
        assert m.tables == r.tables == players // 4
        assert m.round_count * m.boards_per_round == r.boards


def test_individual_cli_never_offers_a_pairs_howell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "recommend", "--players", "8"]) == 0
    out = capsys.readouterr().out
    assert "howell" not in out.lower()
    assert "3 x 7 = 21 boards" in out and "movement show individual --players 8" in out
    assert main(["movement", "recommend", "--players", "12", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["kind"], r["tables"], r["rounds"]) for r in rows] == [("individual", 3, 11)]
    assert main(["movement", "recommend", "--players", "7"]) == 2
    assert "8 to 19 players" in capsys.readouterr().err


def test_cli_writes_the_plan_and_every_sections_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["movement", "recommend", "--pairs", "40", "--sessions", "2"]
    assert main([*args, "--out", str(tmp_path)]) == 0
    listed = capsys.readouterr().out
    for session in (1, 2):
        for section in "AB":
            page = tmp_path / f"session-{session}" / f"section-{section}" / "movement.txt"
            assert str(page) in listed and page.is_file()
    assert main([*args, "--format", "json"]) == 0
    assert json.loads((tmp_path / "plan.json").read_text()) == json.loads(capsys.readouterr().out)
    assert "A1 plays as B1" in (tmp_path / "plan.txt").read_text()
