"""recommend() follows the seed's weekly quick-reference list (004:3048-3066)."""

from __future__ import annotations

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.movements.catalogue import build
from bridgedesk.movements.recommend import duration, recommend
from bridgedesk.movements.validate import ERROR, validate


def _summary(pairs: int) -> list[tuple[str, int, int, int]]:
    return [(r.kind, r.sheet_tables, r.boards_per_round, r.rounds) for r in recommend(pairs)]


def test_duration_seven_minutes_a_board_plus_one_a_round() -> None:
    # 004:805 (a board in 7 minutes), 004:880 (a round: 7 min x boards + 1 min).
    assert duration(24, 12) == 7 * 24 + 12
    assert recommend(14)[-1].minutes == 7 * 28 + 7  # 7-table Mitchell, 4 x 7


def hw(tables: int, bpr: int, rounds: int) -> tuple[str, int, int, int]:
    """A Howell row: complete with 2T-1 rounds, else a short (3/4 from 8 tables) Howell."""
    if rounds == 2 * tables - 1:
        return ("howell", tables, bpr, rounds)
    kind = "three-quarter-howell" if tables >= 8 else "short-howell"
    return (kind, tables, bpr, rounds)


# The weekly-game choices, transcribed from 004:3052-3064 (tables, pairs covered,
# boards a round x rounds); an odd count plays the Howell with the phantom and a
# Mitchell with the rover, more pairs than the sheet's tables add A/B tables.
WEEKLY = {
    6: [hw(3, 4, 5), hw(3, 5, 5)],
    7: [hw(4, 3, 6), hw(4, 4, 6), hw(4, 3, 7), hw(4, 4, 7)],
    10: [
        ("appendix-howell", 4, 3, 6),
        ("appendix-howell", 4, 4, 6),
        ("appendix-howell", 4, 3, 7),
        ("appendix-howell", 4, 4, 7),
        hw(5, 3, 7),
        hw(5, 3, 8),
        hw(5, 2, 9),
        hw(5, 3, 9),
    ],
    14: [
        ("appendix-howell", 6, 3, 7),
        ("appendix-howell", 6, 3, 8),
        ("appendix-howell", 6, 2, 9),
        ("appendix-howell", 6, 3, 9),
        ("appendix-howell", 6, 2, 10),
        ("appendix-howell", 6, 2, 11),
        hw(7, 2, 9),
        hw(7, 3, 9),
        hw(7, 2, 10),
        hw(7, 2, 11),
        hw(7, 2, 12),
        hw(7, 2, 13),
        ("mitchell", 7, 4, 6),
        ("mitchell", 7, 3, 7),
        ("mitchell", 7, 4, 7),
    ],
    16: [
        *[
            ("appendix-howell", 7, b, r)
            for b, r in ((2, 9), (3, 9), (2, 10), (2, 11), (2, 12), (2, 13))
        ],
        *[hw(8, 2, r) for r in (10, 11, 12, 13, 15)],
        ("skip-mitchell", 8, 3, 7),
        ("skip-mitchell", 8, 4, 7),
        ("relay-mitchell", 8, 3, 8),
    ],
    # 10 tables x 10/11 rounds and 11 tables x 10 rounds come from the Howell
    # guide-card list (004:3136-3143).  A rover plays at most 8 rounds of a
    # 9-table straight Mitchell (004:3783), so 3 x 9 for 19 pairs is the phantom
    # arrangement (004:1088).  With 23-24 pairs 10 rounds are too few for an A/B
    # table on the 11-table sheet: they play the 12-table Howell of 10 rounds.
    19: [
        *[("appendix-howell", 9, 2, r) for r in (10, 11, 12, 13)],
        *[("rover-mitchell", 9, 3, r) for r in (7, 8)],
        ("mitchell", 9, 3, 9),
        *[hw(10, 2, r) for r in (10, 11, 12, 13)],
    ],
    23: [
        ("short-howell", 11, 2, 10),
        *[("appendix-howell", 11, 2, r) for r in (12, 13)],
        *[("rover-mitchell", 11, b, r) for b, r in ((3, 7), (3, 8), (3, 9), (2, 11))],
    ],
    24: [("short-howell", 11, 2, 10), *[("appendix-howell", 11, 2, r) for r in (12, 13)]],
}


@pytest.mark.parametrize("pairs", sorted(WEEKLY))
def test_weekly_choices_follow_the_seed_list(pairs: int) -> None:
    assert _summary(pairs) == WEEKLY[pairs]


@pytest.mark.parametrize("pairs", range(6, 31))
def test_every_count_6_to_30_has_choices_and_they_build(pairs: int) -> None:
    found = recommend(pairs)
    assert found, pairs
    for r in found:
        if not r.buildable:
            continue
        m = build(
            r.kind,
            pairs=pairs,
            rounds=r.rounds,
            boards_per_round=r.boards_per_round,
            base=r.base,
        )
        assert [p for p in validate(m) if p.severity == ERROR] == [], r
        assert m.round_count == r.rounds


def test_beyond_the_list_mitchell_continues() -> None:
    # 25..30 pairs: 13-15 tables; the seed's list stops at 11 tables.
    assert _summary(28)[0] == ("skip-mitchell", 14, 3, 7)
    assert _summary(27)[0] == ("mitchell", 13, 3, 7) or _summary(27)[0][0] == "rover-mitchell"


def test_filters_boards_and_minutes() -> None:
    found = recommend(12, boards=(20, 24), minutes=170)
    assert found
    assert all(20 <= r.boards <= 24 and r.minutes <= 170 for r in found)


def test_rover_round_limit_gives_the_phantom() -> None:
    # 004:3783: a rover plays at most 8 rounds of a 9-table straight Mitchell;
    # the 9-round row is offered with the phantom instead (004:1088)
    nine = [r for r in recommend(19) if r.rounds == 9 and "mitchell" in r.kind]
    assert [r.kind for r in nine] == ["mitchell"]
    assert nine[0].buildable and "004:3783" in nine[0].note and "phantom" in nine[0].stationary


def test_team_of_pairs_small_fields() -> None:
    assert {r.kind for r in recommend(4)} == {"team-of-pairs"}
    assert {r.kind for r in recommend(5)} == {"team-of-pairs"}


def test_bad_requests() -> None:
    with pytest.raises(MovementError, match="at least 4 pairs"):
        recommend(2)
    with pytest.raises(MovementError, match="sessions must be 1 or 2"):
        recommend(12, sessions=3)


def test_two_sessions_small_fields_play_the_howell_twice() -> None:
    # 004:2072: up to 7 tables the Howell is played twice.
    found = recommend(12, sessions=2)
    assert found and all("howell" in r.kind and r.sessions == 2 for r in found)
    assert found[0].minutes == 2 * duration(21, 7)


def test_two_sessions_list_rows() -> None:
    # 004:2121-2123: 8 tables: 7 AM + 7 IWH, 8 SM + 7 IWH (the printed "8 (IWH)"
    # with 21 boards is a typo: 21 boards at 3 a round are 7 rounds, as the
    # 8-table sheet at 004:2236-2266 shows), 13 H + 13 H.
    rows = [(r.kind, r.rounds, r.second) for r in recommend(16, sessions=2)]
    assert rows == [
        ("appendix-mitchell", 7, ("interwoven-howell", 7)),
        ("scrambled-mitchell", 8, ("interwoven-howell", 7)),
        ("howell", 13, ("howell", 13)),
    ]
    # 004:2127: "13 (H) 3 (H)" with 26 + 26 boards is 13 + 13 rounds.
    nine = [(r.kind, r.rounds, r.second) for r in recommend(18, sessions=2)]
    assert ("howell", 13, ("howell", 13)) in nine
    # 004:2165-2170: 19 tables split 11T + 8T or 12T + 7T, or one section.
    nineteen = recommend(38, sessions=2)
    assert [r.sections for r in nineteen] == [
        "11T + 8T (19 tables)",
        "12T + 7T (19 tables)",
        "1 section (19 tables)",
    ]
    assert nineteen[0].kind == "scrambled-mitchell + howell"
    # from 20 tables the multi-section list (004:3254-3256): 30 tables
    thirty = recommend(60, sessions=2)
    assert [r.sections for r in thirty] == [
        "11T + 11T + 8T (30 tables)",
        "18T + 12T (30 tables)",
        "17T + 13T (30 tables)",
    ]
    with pytest.raises(MovementError, match="several sections"):
        recommend(92, sessions=2)


def test_two_session_rows_say_how_to_build_them() -> None:
    # 004:2122-2127: 9 tables, 8(AM) + 9(IWH) and 13(H) twice
    rows = {(r.kind, r.rounds, r.second): r for r in recommend(18, sessions=2)}
    am = rows[("appendix-mitchell", 8, ("interwoven-howell", 9))]
    assert am.buildable
    assert am.stationary == (
        "movement two-session --tables 9 --first AM --first-rounds 8 --second-rounds 9"
    )
    hh = rows[("howell", 13, ("howell", 13))]
    assert hh.stationary == "movement double-howell --pairs 18 --rounds 13"
