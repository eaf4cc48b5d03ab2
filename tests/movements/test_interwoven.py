"""The two-group cyclic movements: interwoven Howell and appendix Mitchell of any size."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.cli import main
from bridgedesk.errors import MovementError
from bridgedesk.movements.catalogue import build
from bridgedesk.movements.interwoven import (
    cyclic_appendix_mitchell,
    interwoven_howell,
    two_sessions,
)
from bridgedesk.movements.model import Movement
from bridgedesk.movements.recommend import recommend
from bridgedesk.movements.validate import validate


def _couples(m: Movement) -> Counter[frozenset[int]]:
    """Who meets whom, counted straight from the seatings (not the module's helper)."""
    return Counter(frozenset((s.ns.number, s.ew.number)) for _, s in m.seatings())


def _one_section_rows() -> list[dict[str, Any]]:
    text = (
        resources.files("bridgedesk.movements").joinpath("data/two_session.json").read_text("utf-8")
    )
    rows = json.loads(text)["rows"]
    return [r for r in rows if len(r["sections"]) == 1 and r["second"][0][1] == "IWH"]


@pytest.mark.parametrize(
    "row",
    _one_section_rows(),
    ids=lambda r: f"{r['tables']}T-{r['first'][0][0]}{r['first'][0][1]}-{r['second'][0][0]}IWH",
)
def test_every_one_section_row_of_the_two_session_list(row: dict[str, Any]) -> None:
    # 004:2117-2170: every one-section row (Mitchell first, interwoven Howell second)
    # is built; nobody meets the same pair in both sessions (004:2316) and every
    # board is played by every table once in each session (equal tops, 004:2267).
    tables = int(row["tables"])
    (r1, kind1), (r2, _) = row["first"][0], row["second"][0]
    first, second = two_sessions(tables, kind1, r1, r2, boards_per_round=int(row["bpr"]))
    assert validate(first) == []
    assert validate(second) == []
    assert first.tables == second.tables == tables
    assert second.round_count == r2 and second.board_sets == r2
    # with odd groups after a scrambled Mitchell the seed cuts the Mitchell's last
    # round (004:2187-2189); otherwise the row's rounds are played.  (11 tables,
    # 9(SM) + 9(IWH), 004:2139, needs the cut too: the Howell's ring of 9 cannot
    # play across on a class of couples the 11-table Mitchell left unmet.)
    cut = kind1 == "SM" and tables % 2 == 1
    assert first.round_count == (r1 - 1 if cut else r1)
    met1, met2 = _couples(first), _couples(second)
    assert max(met1.values()) == 1 and max(met2.values()) == 1
    assert not set(met1) & set(met2)
    pairs = set(range(1, 2 * tables + 1))
    for m in (first, second):
        assert {p.number for p in m.pairs()} == pairs
        plays = Counter(s.board_set for _, s in m.seatings())
        if m is second:
            assert set(plays.values()) == {tables}
    # the Mitchell plays A (1..T) against B (T+1..2T); the Howell within the groups,
    # with one table across a round only when the groups are odd
    assert all((min(c) <= tables) != (max(c) <= tables) for c in met1)
    across = [c for c in met2 if (min(c) <= tables) != (max(c) <= tables)]
    assert len(across) == (r2 if tables % 2 else 0)


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_appendix_mitchell_any_rounds(data: st.DataObject) -> None:
    rounds = data.draw(st.integers(7, 13), label="rounds")
    tables = data.draw(st.integers(rounds + 1, 2 * rounds - 2), label="tables")
    m = cyclic_appendix_mitchell(tables, rounds, boards_per_round=2)
    assert validate(m) == []
    assert m.winners == 2 and m.round_count == rounds and m.board_sets == rounds
    # every NS pair meets ``rounds`` different EW pairs and plays every set once
    for p in (x for x in m.pairs() if x.side is not None):
        seen = [s for _, s in m.seatings() if p in s.pairs()]
        assert len(seen) == rounds
        assert sorted(s.board_set for s in seen) == list(range(1, rounds + 1))
        assert len({s.ew if s.ns == p else s.ns for s in seen}) == rounds


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_interwoven_howell_any_size(data: st.DataObject) -> None:
    rounds = data.draw(st.integers(7, 13), label="rounds")
    tables = data.draw(st.integers(rounds, 2 * rounds - 2), label="tables")
    if tables == rounds and tables % 2 == 0:
        with pytest.raises(MovementError, match="meet twice"):
            interwoven_howell(tables, rounds)
        return
    m = interwoven_howell(tables, rounds)
    assert validate(m) == []
    across = {c for c in _couples(m) if (min(c) <= tables) != (max(c) <= tables)}
    assert len(across) == (rounds if tables % 2 else 0)


def test_appendix_mitchell_8_9_12_rounds_from_the_catalogue() -> None:
    # 004:2122-2147: 9 tables 8(A), 12 tables 9(A), 13 tables 12(A); the text's
    # 7/11/13 (004:1054) are the Fig 12 construction, kept for those rounds.
    for tables, rounds in ((9, 8), (12, 9), (13, 12), (10, 8)):
        m = build("appendix-mitchell", tables=tables, rounds=rounds, boards_per_round=2)
        assert (m.tables, m.round_count, m.board_sets) == (tables, rounds, rounds)
        assert validate(m) == []
    fig12 = build("appendix-mitchell", tables=10, rounds=7)
    assert fig12.notes[0].startswith("7-table appendix Mitchell with 3 appendix table(s)")


def test_interwoven_howell_from_the_catalogue_keeps_the_seed_sheets() -> None:
    # 004:2257-2266 (8 tables, 7 rounds) is still the seed's own sheet
    m = build("interwoven-howell", tables=8)
    assert m.master_rows()[0][0] == "8-1/9-16"
    big = build("interwoven-howell", tables=14, rounds=12)
    assert (big.tables, big.round_count) == (14, 12)
    assert validate(big) == []


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--tables", "20", "--rounds", "9"], "needs 9 to 16 tables"),
        (["--tables", "14"], "needs --rounds"),
    ],
)
def test_interwoven_howell_bad_sizes(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["movement", "show", "interwoven-howell", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and fragment in err and err.count("\n") == 1


def test_appendix_mitchell_bad_rounds() -> None:
    with pytest.raises(MovementError, match="play 13 rounds"):
        build("appendix-mitchell", tables=22, rounds=9)
    with pytest.raises(MovementError, match="relay Mitchell"):
        cyclic_appendix_mitchell(10, 10)


def test_two_session_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                *("movement", "two-session", "--tables", "13", "--first", "AM"),
                *("--first-rounds", "12", "--second-rounds", "13"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "1st session" in out and "2nd session" in out
    assert out.rstrip().endswith("couples meeting in both sessions: 0")


def test_recommend_two_sessions_one_section_rows_all_buildable() -> None:
    # every one-section row for 8-19 tables can now be generated (004:2117-2170)
    for pairs in range(16, 39):
        for r in recommend(pairs, sessions=2):
            if r.sections.startswith("1 section"):
                assert r.buildable, r.describe()


def test_howell_11_tables_10_rounds_stay_pairs_21_22() -> None:
    # 004:3141: the JCBL Howell list's 11 tables x 10 rounds (2 boards, 20 boards),
    # relays, no A/B table, stay pairs No. 21-22.
    m = build("short-howell", tables=11, rounds=10)
    assert (m.tables, m.round_count, m.board_sets, m.total_boards) == (11, 10, 10, 20)
    assert validate(m) == []
    assert {p.number for p in m.stationary_pairs()} == {21, 22}
    assert m.relay_groups  # 11 tables share 10 sets
    # 22 pairs, 10 rounds: every pair meets 10 different pairs, plays every set once
    for p in m.pairs():
        seen = [s for _, s in m.seatings() if p in s.pairs()]
        assert sorted(s.board_set for s in seen) == list(range(1, 11))
        assert len({s.ew if s.ns == p else s.ns for s in seen}) == 10


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_howell_fewer_rounds_than_tables(data: st.DataObject) -> None:
    tables = data.draw(st.integers(6, 16), label="tables")
    rounds = data.draw(st.integers(max(5, (tables + 3) // 2), tables - 1), label="rounds")
    odd = data.draw(st.booleans(), label="odd pairs")
    m = build("short-howell", pairs=2 * tables - odd, rounds=rounds)
    assert [p for p in validate(m) if p.severity == "error"] == []
    assert m.round_count == rounds and m.tables == tables


def test_weekly_list_rows_are_all_buildable() -> None:
    # 004:3048-3066 with 004:3136-3143: every row recommend() offers for 6-30 pairs
    # can be generated (the 9-round straight Mitchell with a rover for 19 pairs
    # becomes the phantom arrangement, 004:1088, since a rover plays 8 rounds there)
    for pairs in range(6, 31):
        recs = recommend(pairs)
        assert recs and all(r.buildable for r in recs), pairs
        for r in recs:
            if r.kind in ("team-of-pairs",):
                continue
            m = build(
                r.kind,
                pairs=pairs,
                rounds=r.rounds,
                boards_per_round=r.boards_per_round,
                base=r.base,
            )
            assert m.round_count == r.rounds, (pairs, r.describe())
            assert [p for p in validate(m) if p.severity == "error"] == [], r.describe()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (
            [
                *("two-session", "--tables", "12", "--first", "AM"),
                *("--first-rounds", "12", "--second-rounds", "11"),
            ],
            "use SM",
        ),
        (
            [
                *("two-session", "--tables", "8", "--first", "XX"),
                *("--first-rounds", "7", "--second-rounds", "7"),
            ],
            "AM (appendix Mitchell) or SM",
        ),
        (["double-howell", "--pairs", "3"], "5 to 32 pairs"),
        (["show", "interwoven-howell", "--tables", "30", "--rounds", "13"], "13 to 24 tables"),
        (["show", "short-howell", "--tables", "16", "--rounds", "8"], "9 to 31 rounds"),
    ],
)
def test_impossible_requests_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["movement", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and fragment in err
