"""Each master sheet printed in the Director Manual, reproduced exactly.

The text extraction of the seed dropped some empty cells of the Howell sheets
and moved the relay table's cells of Fig 10/14 into the first column, so every
figure is checked two ways: the pairings printed on each row (read from the
seed file itself) are exactly the movement's pairings of that round, and where
a printed row kept all its cells, each pairing is in the printed column.
"""

from __future__ import annotations

import pytest

from bridgedesk.movements.howell import appendix_howell, complete_howell
from bridgedesk.movements.mitchell import (
    one_and_half_appendix,
    relay_mitchell,
    skip_mitchell,
    straight_mitchell,
)
from bridgedesk.movements.model import Movement
from bridgedesk.movements.rover import rover_mitchell
from bridgedesk.movements.validate import validate

from .seedfig import lines, tokens


def _cells(m: Movement, r: int) -> set[str]:
    return {c for cell in m.master_rows()[r - 1] for c in cell.split("/") if c}


def _positions(row: str) -> list[str]:
    """The printed cells of a row, without the round number and the A/B notes."""
    cells = row.split("\t")[1:]
    return ["" if c.startswith("(") else c.split(" (")[0].strip() for c in cells]


# 004:851-866 Fig 7: 12-pair Howell, 11 rounds, 22 boards.  The cells in
# parentheses are the pairings at table 6 split into A/B tables (004:849).
FIG7 = lines(854, 864)


def test_fig7_howell_12_pairs() -> None:
    m = complete_howell(6, boards_per_round=2)
    assert m.round_count == 11 and m.board_sets == 11 and m.total_boards == 22
    assert validate(m) == []
    rows = m.master_rows()
    for r, line in enumerate(FIG7, start=1):
        main = line.split("(")[0]
        assert set(tokens(main)) == _cells(m, r), f"round {r}"
    # Rows 1, 4 and 5 (004:854, 857, 858) lost one empty cell in the text
    # extraction, so their later cells print one column early; the rotation
    # (every pair and set number +1 each round) places them as rows 2-3 and
    # 6-11, which kept all eleven cells, print them.
    for r in (2, 3, 6, 7, 8, 9, 10, 11):
        assert _positions(FIG7[r - 1]) == rows[r - 1], f"round {r}"
    assert rows[0] == ["12-1", "", "11-6", "", "", "", "9-5", "3-2", "8-10", "", "7-4"]


def test_fig7_ab_tables() -> None:
    # 004:849, 004:886-891: the parenthesised pairings, table 6 split into A/B.
    m = appendix_howell(6, 1, boards_per_round=2)
    assert validate(m) == []
    for r, line in enumerate(FIG7, start=1):
        split = line[line.index("(") + 1 : line.index(")")]
        assert any(split == cell for cell in m.master_rows()[r - 1]), f"round {r}"


def test_fig8_appendix_howell() -> None:
    # 004:916-941 Fig 8: Fig 7 with table 5 appended (pairs 15/16) and table 6
    # split A/B (13/14); the continuation lines hold the appendix pairings.
    m = appendix_howell(6, 2, boards_per_round=2)
    assert m.tables == 8 and len(m.real_pairs()) == 16
    assert validate(m) == []
    base = complete_howell(6, boards_per_round=2)
    text = lines(919, 940)
    for r in range(1, 12):
        main, notes = text[2 * r - 2], text[2 * r - 1]
        printed = set(tokens(main.split("(")[0]))
        assert printed == _cells(base, r), f"round {r}"
        splits = [c.strip("()") for c in (main + "\t" + notes).split("\t") if c.startswith("(")]
        assert sorted(splits) == sorted(c for c in m.master_rows()[r - 1] if "/" in c)


def _rows(first: int, last: int) -> list[list[str]]:
    return [_positions(line) for line in lines(first, last)]


def test_fig9_straight_mitchell_7_tables() -> None:
    # 004:990-1000 Fig 9: all cells present, so the sheet must match exactly.
    m = straight_mitchell(7, boards_per_round=3)
    assert validate(m) == []
    assert m.master_rows() == _rows(993, 999)
    assert [m.set_label(k) for k in range(1, 8)] == [
        "1-3",
        "4-6",
        "7-9",
        "10-12",
        "13-15",
        "16-18",
        "19-21",
    ]
    four = straight_mitchell(7, boards_per_round=4)
    assert [four.set_label(k) for k in (1, 7)] == ["1-4", "25-28"]


def test_fig10_relay_mitchell_8_tables() -> None:
    # 004:1015-1025 Fig 10.  The extraction moved table 8's cell (which relays
    # with table 1) into the first column and duplicated some of them (rows
    # 5-7).  Reconstructed from the rotation, table 8 plays the set table 1
    # plays, against EW 8, 7, ..., 1; the bye set moves down one column a round.
    expected = [
        ["1-1/8-8", "2-2", "3-3", "4-4", "", "5-5", "6-6", "7-7"],
        ["7-6", "1-8/8-7", "2-1", "3-2", "4-3", "", "5-4", "6-5"],
        ["6-4", "7-5", "1-7/8-6", "2-8", "3-1", "4-2", "", "5-3"],
        ["5-2", "6-3", "7-4", "1-6/8-5", "2-7", "3-8", "4-1", ""],
        ["", "5-1", "6-2", "7-3", "1-5/8-4", "2-6", "3-7", "4-8"],
        ["4-7", "", "5-8", "6-1", "7-2", "1-4/8-3", "2-5", "3-6"],
        ["3-5", "4-6", "", "5-7", "6-8", "7-1", "1-3/8-2", "2-4"],
        ["2-3", "3-4", "4-5", "", "5-6", "6-7", "7-8", "1-2/8-1"],
    ]
    m = relay_mitchell(8, boards_per_round=3)
    assert validate(m) == []
    assert m.master_rows() == expected
    printed = lines(1018, 1025)
    for r, line in enumerate(printed, start=1):
        cells = _cells(m, r)
        extra = set(tokens(line)) - cells
        # Row 7 (004:1024) carries table 8's round-8 cell "8-1" as well.
        assert extra == ({"8-1"} if r == 7 else set()), f"round {r}"
        assert cells <= set(tokens(line)), f"round {r}"
        assert ("bye" in line) is True


def test_fig11_skip_mitchell_8_tables() -> None:
    # 004:1039-1050 Fig 11: EW skip one table after round 4; all cells present.
    m = skip_mitchell(8, boards_per_round=3)
    assert validate(m) == []
    printed = [line for line in lines(1042, 1050) if line[:1].isdigit()]
    assert m.master_rows() == [_positions(line) for line in printed]
    assert m.round_count == 7


def test_fig13_rover_7_tables() -> None:
    # 004:1110-1121 Fig 13: rover NS 8 sits out round 1 then takes NS 2, 4, 6,
    # 1, 3, 5 (004:1102); the last column is the pair sitting out.
    m = rover_mitchell(15, boards_per_round=3)
    assert validate(m) == []
    for r, line in enumerate(lines(1113, 1119), start=1):
        cells = line.split("\t")[1:]
        sheet = m.master_rows()[r - 1]
        for k, cell in enumerate(cells[:7]):
            rover_here = cell.startswith("(")
            want = cell.replace("(", "").replace(")", "")
            got = sheet[k]
            if rover_here:
                # the rover (8) sits at the table of the pair in parentheses
                assert got == f"8-{want.split('-')[1]}"
                assert m.round(r).sitout[0].number == int(want.split("-")[0])
            else:
                assert got == want, f"round {r} set {k + 1}"
        assert [p.number for p in m.round(r).sitout] == [int(cells[7])]


def test_fig14_one_and_half_appendix() -> None:
    # 004:1137-1148 Fig 14: 8.5 tables (17 pairs).  As in Fig 10 the extraction
    # printed table 8's cell (relaying with table 1) in the first column; it
    # belongs with table 1's cell, which the rotation places in column r.
    m = one_and_half_appendix(17, boards_per_round=3)
    assert validate(m) == []
    for r, line in enumerate(lines(1140, 1146), start=1):
        cells = line.split("\t")[1:]
        first = cells[0].split()
        sheet = m.master_rows()[r - 1]
        assert sheet[0].split("/")[0] == first[0]
        assert f"8-{first[1].split('-')[1]}" == sheet[r - 1].split("/")[1]
        assert [c.split("/")[0] for c in sheet[1:7]] == [c.strip() for c in cells[1:7]]
        assert [p.number for p in m.round(r).sitout] == [int(cells[7])]
        assert set(tokens(line)) == _cells(m, r)


@pytest.mark.parametrize(("tables", "rounds", "earliest"), [(14, 13, 6), (16, 13, 5), (18, 13, 4)])
def test_skip_formula(tables: int, rounds: int, earliest: int) -> None:
    # 004:3742-3758: X = Y - N/2 for 14, 16 and 18 tables and 13 rounds.
    from bridgedesk.movements.mitchell import skip_window

    window = skip_window(tables, rounds)
    assert window is not None and window[0] == earliest


def test_skip_formula_common_rounds() -> None:
    # 004:3756-3758: the three sections can skip together at round 6 or 7;
    # round 8 is too late for the 14-table section.
    from bridgedesk.movements.mitchell import common_skip_rounds

    assert common_skip_rounds([14, 16, 18], 13) == [6, 7]
    for after in (6, 7):
        for tables in (14, 16, 18):
            assert validate(skip_mitchell(tables, rounds=13, skip_after=after)) == []


def test_fig12_appendix_mitchell_20_pairs() -> None:
    # 004:1069-1078 Fig 12: 7 base tables, appendix tables 8-10 opposite 1-3.
    # Rows 1-3 print "table) NS-EW"; rows 4-7 lost the table numbers and
    # some columns, so they are compared as sets of pairings.  Two printed
    # cells are typos: row 4 "7-3" (004:1075) lists EW 3 twice and omits EW 10,
    # the rotation gives 7-10; row 5 "4-10" (004:1076) lists EW 10 twice and
    # omits EW 8, the rotation gives 4-8.
    import re

    from bridgedesk.movements.mitchell import appendix_mitchell

    m = appendix_mitchell(7, 3, boards_per_round=3)
    assert validate(m) == []
    text = lines(1072, 1078)
    for r, line in enumerate(text, start=1):
        got = {(s.table, s.ns.number, s.ew.number) for s in m.round(r).seatings}
        if r <= 3:
            printed = {
                (int(t), int(a), int(b)) for t, a, b in re.findall(r"(\d+)\) (\d+)-(\d+)", line)
            }
            assert printed == got, f"round {r}"
        else:
            typo = {4: ("7-3", "7-10"), 5: ("4-10", "4-8")}.get(r)
            printed_tokens = set(tokens(line))
            if typo:
                printed_tokens = (printed_tokens - {typo[0]}) | {typo[1]}
            assert printed_tokens == {f"{a}-{b}" for _, a, b in got}, f"round {r}"
    # every pair plays every board set once, including the appendix tables
    assert {s.board_set for _, s in m.seatings() if s.table == 8} == set(range(1, 8))


@pytest.mark.parametrize("base", [7, 11, 13])
def test_appendix_mitchell_every_size(base: int) -> None:
    from bridgedesk.movements.mitchell import appendix_mitchell

    for extra in range(1, base - 1):
        assert validate(appendix_mitchell(base, extra)) == [], (base, extra)
