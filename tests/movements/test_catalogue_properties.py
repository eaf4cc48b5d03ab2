"""Every movement the catalogue builds, over its whole range, passes validate()."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.errors import MovementError
from bridgedesk.movements.catalogue import KINDS, build
from bridgedesk.movements.model import Movement
from bridgedesk.movements.validate import ERROR, validate


def _ok(m: Movement) -> None:
    errors = [str(p) for p in validate(m) if p.severity == ERROR]
    assert errors == []
    # every real pair plays in every round it is not listed as sitting out
    for rnd in m.rounds:
        seated = {p for s in rnd.seatings for p in s.pairs()}
        for p in m.real_pairs():
            assert (p in seated) != (p in rnd.sitout) or (
                m.phantom is not None
                and any(p in s.pairs() and m.phantom in s.pairs() for s in rnd.seatings)
            )


@given(pairs=st.integers(5, 32), bpr=st.integers(1, 4))
@settings(max_examples=30, deadline=None)
def test_howell_by_pairs(pairs: int, bpr: int) -> None:
    _ok(build("howell", pairs=pairs, boards_per_round=bpr))


@given(pairs=st.integers(7, 30), data=st.data())
@settings(max_examples=10, deadline=None)
def test_short_howell_by_pairs(pairs: int, data: st.DataObject) -> None:
    tables = (pairs + 1) // 2
    rounds = data.draw(st.integers(tables, 2 * tables - 2))
    _ok(build("three-quarter-howell", pairs=pairs, rounds=rounds))


@given(pairs=st.integers(8, 34))
@settings(max_examples=20, deadline=None)
def test_appendix_howell_by_pairs(pairs: int) -> None:
    _ok(build("appendix-howell", pairs=pairs))


@given(pairs=st.integers(6, 80))
@settings(max_examples=30, deadline=None)
def test_mitchell_by_pairs_picks_rover_or_phantom(pairs: int) -> None:
    m = build("mitchell", pairs=pairs)
    _ok(m)
    assert len(m.real_pairs()) == pairs
    if pairs % 2:
        assert m.rover is not None or m.phantom is not None
        assert any("arrangement" in n for n in m.notes)


@given(
    tables=st.integers(4, 40).filter(lambda t: t % 2 == 0),
    kind=st.sampled_from(["skip-mitchell", "relay-mitchell", "scrambled-mitchell"]),
)
@settings(max_examples=30, deadline=None)
def test_even_mitchells(tables: int, kind: str) -> None:
    _ok(build(kind, tables=tables))


@given(tables=st.integers(8, 24))
@settings(max_examples=15, deadline=None)
def test_appendix_mitchell_by_tables(tables: int) -> None:
    _ok(build("appendix-mitchell", tables=tables))


def test_every_kind_is_buildable_somewhere() -> None:
    sizes = {
        "team-of-pairs": {"pairs": 4},
        "rover-mitchell": {"pairs": 15},
        "appendix-mitchell": {"pairs": 17},
        "web-mitchell": {"tables": 18},
        "three-quarter-howell": {"tables": 8, "rounds": 12},
        "short-howell": {"tables": 6, "rounds": 9},
        "skip-mitchell": {"tables": 8},
        "interwoven-howell": {"tables": 9},
        "relay-mitchell": {"tables": 8},
    }
    for kind in KINDS:
        _ok(build(kind, **sizes.get(kind, {"tables": 7})))  # type: ignore[arg-type]


def test_unknown_and_conflicting_requests() -> None:
    with pytest.raises(MovementError, match="either --tables or --pairs"):
        build("howell", tables=6, pairs=12)
    with pytest.raises(MovementError, match="needs --rounds"):
        build("three-quarter-howell", tables=8)


def test_ew_offset_numbering() -> None:
    # 004:968-970 and 004:1228: EW may be numbered after NS (1..n, n+1..2n).
    m = build("mitchell", tables=7).with_ew_offset()
    assert m.master_rows()[0][0] == "1-8"
    assert m.pair_name(m.rounds[0].seatings[0].ew) == "EW 8"
