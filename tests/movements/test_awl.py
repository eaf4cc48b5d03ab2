"""The AWL board-a-match movement (004:1874-1971): Figs 21-23 and 5-51 teams."""

from __future__ import annotations

import json

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.formats import movement_json
from bridgedesk.movements.awl import (
    awl,
    awl_sessions,
    corresponding_rounds,
    omit_rounds,
    session_split,
)
from bridgedesk.movements.model import Movement, ew, ns
from bridgedesk.movements.validate import validate

from .seedfig import lines


def _figure(first: int, last: int) -> list[list[str]]:
    """A printed AWL sheet: per round, the ``NS-EW`` cell of each board set column.

    A line starting with a tab continues the round above (Fig 22's relay
    round prints its second table on a line of its own); its cells are joined
    with ``/`` as :meth:`Movement.master_rows` joins relayed tables.
    """
    header, *rows = lines(first, last)
    columns = [c for c in header.split("\t")[1:] if c != "set"]
    assert columns == [str(k) for k in range(1, len(columns) + 1)]
    out: list[list[str]] = []
    for row in rows:
        cells = row.split("\t")
        number, values = cells[0], [c.strip() for c in cells[-len(columns) :]]
        if number:
            assert int(number) == len(out) + 1
            out.append(values)
        else:
            out[-1] = [f"{a}/{b}" if b else a for a, b in zip(out[-1], values, strict=True)]
    return out


def _table_of(m: Movement, team: int, r: int) -> tuple[int, int]:
    """(table, set) of team's EW pair in round r."""
    s = m.where(ew(team), r)
    assert s is not None
    return s.table, s.board_set


def _set_at(m: Movement, table: int, r: int) -> int:
    (s,) = m.round(r).at(table)
    return s.board_set


def test_fig21_nine_teams() -> None:
    m = awl(9)
    assert m.master_rows() == _figure(1902, 1910)  # 004:1902-1910, cell by cell
    assert validate(m) == []
    # NS pairs stay at home, table number = team number (004:1884-1886)
    assert all(s.ns == ns(s.table) for _, s in m.seatings())
    for r in range(1, 8):
        for t in range(1, 10):
            # boards down one table, EW pairs skip down two (004:1886-1894)
            assert _set_at(m, t, r + 1) == _set_at(m, (t % 9) + 1, r)
            here, _ = _table_of(m, t, r)
            there, _ = _table_of(m, t, r + 1)
            assert (here - there) % 9 == 2
    # round 1: EW pairs have skipped once; the boards are a Mitchell's passed down once
    assert [_table_of(m, e, 1)[0] for e in range(1, 10)] == [8, 9, 1, 2, 3, 4, 5, 6, 7]
    assert [_set_at(m, t, 1) for t in range(1, 10)] == [2, 3, 4, 5, 6, 7, 8, 9, 1]
    # the last round: EW pairs are two tables above home (004:1898)
    assert [_table_of(m, e, 8)[0] for e in range(1, 10)] == [3, 4, 5, 6, 7, 8, 9, 1, 2]
    # rounds 1 and 8 are the two halves of the same matches (004:1941)
    assert corresponding_rounds(m) == {r: 9 - r for r in range(1, 9)}


def test_fig22_ten_teams_crossover_rearrangement_relay() -> None:
    m = awl(10)
    printed = _figure(1924, 1934)  # 004:1924-1935
    rows = m.master_rows()
    # rounds 1-8 cell by cell, sets 1-10
    assert [row[:10] for row in rows[:8]] == printed[:8]
    assert all(row[10:] == [""] * 5 for row in rows[:8])
    # the relay round: the seed prints tables t and t+5 under columns 1-5, but
    # sets 1-5 were played by NS 6-10 in round 7 (e.g. 6-7 on set 1), so the
    # relay boards are five sets of their own, 11-15, in the same order
    assert (
        rows[8][10:] == printed[8][:5] == ["1-6/6-1", "2-7/7-2", "3-8/8-3", "4-9/9-4", "5-10/10-5"]
    )
    assert printed[6][0] == "6-7"
    assert validate(m) == []
    for e in range(1, 11):
        # after round 2 the EW pairs take the boards just played home (004:1918)
        assert _set_at(m, e, 3) == _table_of(m, e, 2)[1]
    # after round 4 the boards are re-arranged: not simply passed down (004:1920)
    assert any(_set_at(m, t, 5) != _set_at(m, t % 10 + 1, 4) for t in range(1, 11))
    # then four rounds of boards down, EW skip down ...
    for r in range(5, 8):
        for t in range(1, 11):
            assert _set_at(m, t, r + 1) == _set_at(m, t % 10 + 1, r)
            assert (_table_of(m, t, r)[0] - _table_of(m, t, r + 1)[0]) % 10 == 2
    # ... and the last round relays between two tables (004:1920)
    last = m.round(9)
    assert m.relay_groups == ((1, 6), (2, 7), (3, 8), (4, 9), (5, 10))
    for a, b in m.relay_groups:
        assert _set_at(m, a, 9) == _set_at(m, b, 9)
    assert len(last.board_sets()) == 5
    assert corresponding_rounds(m) == {1: 4, 2: 3, 3: 2, 4: 1, 5: 8, 6: 7, 7: 6, 8: 5, 9: 9}


def test_fig23_fifteen_teams_two_sessions() -> None:
    m = awl(15)
    assert m.master_rows() == _figure(1957, 1971)  # 004:1957-1971, cell by cell
    assert validate(m) == []
    # 004:1949-1951: rounds 1-4 and 11-14, then 5-10; 004:1953: or 1-3, 12-14 and 4-11
    assert session_split(m) == ([1, 2, 3, 4, 11, 12, 13, 14], [5, 6, 7, 8, 9, 10])
    assert session_split(m, 6) == ([1, 2, 3, 12, 13, 14], [4, 5, 6, 7, 8, 9, 10, 11])
    for e in range(1, 16):
        table4, set4 = _table_of(m, e, 4)
        table11, _ = _table_of(m, e, 11)
        # the EW pairs carry the boards home and move one table up, no skip (004:1949)
        assert _set_at(m, e, 11) == set4
        assert table11 == table4 % 15 + 1
    one, two = awl_sessions(15)
    assert (one.round_count, two.round_count) == (8, 6)
    assert validate(one) == [] and validate(two) == []
    with pytest.raises(MovementError, match="exactly 7 rounds"):
        session_split(m, 7)


@pytest.mark.parametrize("teams", range(5, 52))
def test_every_awl_validates(teams: int) -> None:
    m = awl(teams)
    assert m.round_count == teams - 1
    assert validate(m) == []
    # every NS pair meets every other team's EW pair once, on the set its EW
    # pair plays against that team's NS pair
    meets = {(s.ns.number, s.ew.number): s.board_set for _, s in m.seatings()}
    assert len(meets) == teams * (teams - 1)
    assert all(meets[(b, a)] == k for (a, b), k in meets.items())


def test_cutting_rounds_in_pairs() -> None:
    # 004:1941: one round of a pair can not go alone
    with pytest.raises(MovementError, match="corresponding pairs"):
        awl(9, rounds=7)
    with pytest.raises(MovementError, match="without round 8"):
        omit_rounds(awl(9), [1])
    six = awl(9, rounds=6)
    assert six.round_count == 6 and validate(six) == []
    # 004:1943: an even count may drop the relay round alone
    eight = awl(10, rounds=8)
    assert validate(eight) == [] and eight.round_count == 8
    assert all(len(r.board_sets()) == 10 for r in eight.rounds)
    assert validate(awl(10, rounds=5)) == []


def test_json_shape_and_round_trip() -> None:
    m = awl(10)
    data = json.loads(movement_json.dumps(m))
    assert data["teams"] is True
    first = data["rounds_detail"][0]["tables"][0]
    assert first == {"table": 1, "ns": 1, "ew": 3, "set": 2, "boards": [3, 4]}
    relay = data["rounds_detail"][8]["tables"]
    assert relay[0]["set"] == relay[5]["set"] == 11
    assert movement_json.loads(movement_json.dumps(m)) == m


def test_validate_catches_broken_team_movements() -> None:
    from dataclasses import replace

    m = awl(9)
    r1 = m.rounds[0]
    bad = replace(r1.seatings[0], ew=ew(1))
    broken = replace(m, rounds=(replace(r1, seatings=(bad, *r1.seatings[1:])), *m.rounds[1:]))
    codes = {p.code for p in validate(broken)}
    assert {"own-team", "teammate-sets", "match-sets"} <= codes
    with pytest.raises(MovementError, match="5 to 51"):
        awl(4)
