"""Moving pairs between sections for the second session (004:2395-2452)."""

from __future__ import annotations

import re

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.movements.howell import short_howell
from bridgedesk.movements.mitchell import scrambled_mitchell, straight_mitchell
from bridgedesk.movements.sessions import (
    Plan,
    meetings,
    rematches,
    sheet_rows,
    swap_plan,
    two_session_sheet,
)
from bridgedesk.movements.validate import ERROR, validate

from .seedfig import lines


def test_seed_example_12t_scrambled_plus_8t_howell() -> None:
    # 004:2411-2428: 20 tables, 2 boards x 12 rounds as 12T SM + 8T H.  Pairs
    # 13-16 stay in the Howell; swapping pairs 1-12 of the two sections
    # avoids every rematch.
    sm = scrambled_mitchell(12, rounds=12, relay=True, boards_per_round=2)
    h = short_howell(8, rounds=12)
    sections = [sm, h]
    seed_plan = Plan(
        {
            **{(0, p): (0, p) for p in range(13, 25)},
            **{(1, p): (1, p) for p in range(13, 17)},
            **{(0, p): (1, p) for p in range(1, 13)},
            **{(1, p): (0, p) for p in range(1, 13)},
        }
    )
    assert rematches(sections, sections, seed_plan) == []
    plan = swap_plan(sections)
    assert rematches(sections, sections, plan) == []
    assert plan.moves[(0, 1)] == (1, 1)
    # doing nothing replays every first-session meeting
    identity = Plan({k: k for k in seed_plan.moves})
    assert len(rematches(sections, sections, identity)) == len(meetings(sm)) + len(meetings(h))


def test_two_field_sections_are_refused() -> None:
    with pytest.raises(MovementError, match="one field"):
        swap_plan([straight_mitchell(7), straight_mitchell(7)])


# -- the two-session master sheets, 004:2190-2266 ----------------------------------


def _printed(first: int, last: int) -> list[list[str]]:
    return [
        [re.sub(r"</?u>", "", c).strip() for c in line.split("\t")[1:]]
        for line in lines(first, last)
        if line[:1].isdigit()
    ]


@pytest.mark.parametrize(
    ("name", "first", "last", "typos"),
    [
        ("9-scrambled-mitchell", 2195, 2204, {}),
        ("9-appendix-mitchell", 2226, 2233, {}),
        # 004:2217 round 9: "16-7" lists pair 7 twice and omits 17, and pair
        # "19" does not exist (18 pairs); the rotation of rounds 1-8 (each
        # group's pairs and the sets advance one) gives 16-17 and 10-13.
        ("9-interwoven-howell", 2209, 2217, {(9, 1): "16-17", (9, 8): "10-13"}),
        # 004:2249 round 1 set 6: "6-15" repeats pair 15 and omits 16.
        ("8-scrambled-mitchell", 2248, 2255, {(1, 6): "6-16"}),
        # 004:2261 round 2 set 3: "11-15" repeats pair 11 and omits 14; the
        # rotation of round 1's 13-14 gives 14-15.
        ("8-interwoven-howell", 2260, 2266, {(2, 3): "14-15"}),
    ],
)
def test_two_session_sheets_reproduced(
    name: str, first: int, last: int, typos: dict[tuple[int, int], str]
) -> None:
    printed = _printed(first, last)
    for (r, k), fixed in typos.items():
        printed[r - 1][k - 1] = fixed
    m = two_session_sheet(name)
    assert sheet_rows(name) == printed
    assert m.master_rows() == printed
    assert [p for p in validate(m) if p.severity == ERROR] == []


def test_nine_tables_cutting_round_nine_avoids_rematches() -> None:
    # 004:2185-2189: cutting the scrambled Mitchell's 9th round avoids the
    # rematches (the underlined pairs) of the interwoven Howell.
    iwh = two_session_sheet("9-interwoven-howell")
    full = two_session_sheet("9-scrambled-mitchell")
    cut = two_session_sheet("9-scrambled-mitchell", rounds=8)
    assert meetings(cut) & meetings(iwh) == set()
    round9 = {frozenset((s.ns.number, s.ew.number)) for s in full.round(9).seatings}
    assert meetings(full) & meetings(iwh) == round9
    underlined = {
        frozenset(int(x) for x in u.split("-"))
        for u in re.findall(r"<u>(\d+-\d+)</u>", "\n".join(lines(2209, 2217)))
    }
    assert round9 <= underlined | {frozenset((10, 13))}


def test_nine_tables_appendix_mitchell_has_no_rematch() -> None:
    # 004:2219-2221: the appendix Mitchell first avoids the cut (and the
    # different tops); it meets nobody again in the 9-round interwoven Howell.
    am = two_session_sheet("9-appendix-mitchell")
    iwh = two_session_sheet("9-interwoven-howell")
    assert meetings(am) & meetings(iwh) == set()
    assert len(meetings(am)) == 8 * 9  # 8 rounds x 9 tables, all different


def test_eight_tables_everybody_meets_once() -> None:
    # 004:2236-2266 and 004:3107 ("総当たり"): 8 + 7 rounds, 16 pairs, every
    # couple meets exactly once over the two sessions.
    sm = two_session_sheet("8-scrambled-mitchell")
    iwh = two_session_sheet("8-interwoven-howell")
    assert meetings(sm) & meetings(iwh) == set()
    assert len(meetings(sm) | meetings(iwh)) == 16 * 15 // 2


def test_interwoven_howell_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgedesk.cli import main

    assert main(["movement", "show", "interwoven-howell", "--tables", "8"]) == 0
    assert "8-1/9-16" in capsys.readouterr().out
    assert main(["movement", "show", "interwoven-howell", "--tables", "12"]) == 2


def test_thirty_tables_three_sections_plan() -> None:
    # 004:3813-3894: 30 tables, 13 rounds: A 13T scrambled Mitchell (A1 1-13,
    # A2 14-26), B 9T Howell (B1 1-13 move, B2 14-18 stay), C 8T Howell (C1
    # 1-13, C2 14-16 stay).  Second session: A = B1 + C1, B = A1 + B2,
    # C = A2 + C2, with no rematch.
    a = scrambled_mitchell(13, boards_per_round=2)
    b = short_howell(9, rounds=13)
    c = short_howell(8, rounds=13)
    assert [p.number for p in b.stationary_pairs()] == list(range(14, 19))
    assert [p.number for p in c.stationary_pairs()] == list(range(14, 17))
    plan = Plan.from_groups(
        [
            (1, range(1, 14), 0, 1),  # B1 -> A 1-13
            (2, range(1, 14), 0, 14),  # C1 -> A 14-26
            (0, range(1, 14), 1, 1),  # A1 -> B 1-13
            (1, range(14, 19), 1, 14),  # B2 stays in B
            (0, range(14, 27), 2, 1),  # A2 -> C 1-13
            (2, range(14, 17), 2, 14),  # C2 stays in C
        ]
    )
    sections = [a, b, c]
    assert rematches(sections, sections, plan) == []
    assert len(plan.moves) == 26 + 18 + 16
    # keeping everybody where they were replays the first session
    assert rematches(sections, sections, Plan({k: k for k in plan.moves}))


def test_group_plan_finds_a_plan_for_thirty_tables() -> None:
    # 004:3880-3894: the search finds a plan of the seed's kind (whole groups).
    from bridgedesk.movements.sessions import blocks, group_plan

    a = scrambled_mitchell(13, boards_per_round=2)
    b = short_howell(9, rounds=13)
    c = short_howell(8, rounds=13)
    assert [len(x) for x in blocks(a)] == [13, 13]
    assert [len(x) for x in blocks(b)] == [13, 5]
    assert [len(x) for x in blocks(c)] == [13, 3]
    sections = [a, b, c]
    plan = group_plan(sections)
    assert rematches(sections, sections, plan) == []
    # the stay pairs keep their places, as in the seed's plan
    assert all(plan.moves[(1, p)] == (1, p) for p in range(14, 19))
    assert all(plan.moves[(2, p)] == (2, p) for p in range(14, 17))


def test_double_howell_moves_the_stationary_pairs() -> None:
    # 004:2072-2073: a Howell played twice; stationary pairs never meet each other,
    # so the second session re-numbers the pairs and others stay.  The 6-table
    # 9-round sheet keeps pairs 10-12 at their tables (004:3119).
    from bridgedesk.movements.howell import short_howell
    from bridgedesk.movements.sessions import double_howell

    m = short_howell(6, rounds=9, boards_per_round=3)
    stay = {p.number for p in m.stationary_pairs()}
    assert stay == {10, 11, 12}
    plan = double_howell(m)
    assert plan.stay_twice == ()
    assert sorted(plan.renumber) == sorted(plan.renumber.values()) == list(range(1, 13))
    assert all(plan.renumber[n] not in stay for n in stay)
    back = {v: k for k, v in plan.renumber.items()}
    first = {frozenset((s.ns.number, s.ew.number)) for _, s in m.seatings()}
    second = {frozenset((back[s.ns.number], back[s.ew.number])) for _, s in m.seatings()}
    # the first session's stay pairs meet each other in the second
    assert {frozenset((10, 11)), frozenset((10, 12)), frozenset((11, 12))} <= second
    never = sum(
        1 for a in range(1, 13) for b in range(a + 1, 13) if frozenset((a, b)) not in first | second
    )
    assert never == plan.never_meet < 66 - len(first)


def test_double_howell_odd_pairs_sit_out_as_little_as_possible() -> None:
    # 13 pairs, 7 tables, 10 rounds: one pair sits out a round, 20 sit-outs over
    # two sessions for 13 pairs, so at least 7 pairs sit out twice (004:2377)
    from bridgedesk.movements.howell import short_howell
    from bridgedesk.movements.sessions import double_howell

    plan = double_howell(short_howell(pairs=13, rounds=10))
    assert len(plan.sit_out_twice) == 20 - 13
    assert plan.stay_twice == ()


def test_double_howell_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgedesk.cli import main

    assert main(["movement", "double-howell", "--pairs", "12", "--rounds", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "pair 10 plays as pair 1" in out
    assert out[-1].startswith("stationary in both sessions: 0;")
