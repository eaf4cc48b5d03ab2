"""Event model values, default correction deadlines, section snapshots, light imports."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from bridgedesk.errors import EntryError, ParseError
from bridgedesk.events import (
    Entry,
    EntryKind,
    Event,
    Player,
    Rating,
    ScoringMethod,
    SectionResults,
    correction_deadline,
    make_result,
)


def test_parse_ratings_and_methods() -> None:
    assert Rating.parse("Club championship") is Rating.CLUB_CHAMPIONSHIP
    assert Rating.parse("NATIONAL") is Rating.NATIONAL
    assert ScoringMethod.parse("cross-imps") is ScoringMethod.CROSS_IMPS
    assert ScoringMethod.parse("houston") is ScoringMethod.BUTLER
    with pytest.raises(ParseError, match="expected one of weekly, club-championship"):
        Rating.parse("monthly")
    assert EntryKind.parse("Team") is EntryKind.TEAM


def test_entry_player_counts() -> None:
    with pytest.raises(EntryError, match="a pair entry lists 2 players, entry 3 has 1"):
        Entry(3, (Player("a"),))
    with pytest.raises(EntryError, match="a team entry lists 4-6 players"):
        Entry(1, (Player("a"), Player("b")), kind=EntryKind.TEAM)
    with pytest.raises(EntryError, match="phantom pair 4 cannot have players"):
        Entry(4, (Player("a"), Player("b")), phantom=True)
    with pytest.raises(EntryError, match="entry 2 lists member 55 twice"):
        Entry(2, (Player("a", "55"), Player("b", "55")))
    team = Entry(1, tuple(Player(n) for n in "abcde"), kind=EntryKind.TEAM, team_name="Sakura")
    assert team.names == "Sakura"
    assert Entry(9, phantom=True).names == "(phantom)"


def test_event_class_range() -> None:
    with pytest.raises(EntryError, match="class must be 1-5"):
        Event("x", dt.date(2026, 1, 1), class_=0)


def test_default_correction_deadline() -> None:
    # 003:133: federation events close 30 minutes after the last session is published
    published = dt.datetime(2026, 11, 24, 21, 30)
    assert correction_deadline(Rating.SECTIONAL, published) == dt.datetime(2026, 11, 24, 22, 0)
    # 003:135: a club's weekly game: until the next game
    nxt = dt.datetime(2026, 12, 1, 18, 0)
    assert correction_deadline(Rating.WEEKLY, published, nxt) == nxt
    assert correction_deadline(Rating.WEEKLY, published) is None


def test_section_snapshot_travellers_and_sheets() -> None:
    r = [
        make_result(
            round=2, table=1, board=3, ns=1, ew=6, contract="3NT", declarer="N", result="="
        ),
        make_result(
            round=1, table=3, board=3, ns=3, ew=5, contract="4S", declarer="E", result="-1"
        ),
        make_result(round=1, table=1, board=1, ns=1, ew=4, contract="PASS"),
    ]
    snap = SectionResults(Event("x", dt.date(2026, 1, 1)), 1, "A", None, {}, tuple(r))
    travellers = snap.travellers()
    assert list(travellers) == [1, 3]
    assert travellers[3] == (r[1], r[0])  # round order
    assert snap.by_pair(1) == (r[2], r[0])


def test_events_package_is_light() -> None:
    code = (
        "import sys, bridgedesk.events, bridgedesk.cli; "
        "bad = [m for m in ('sqlalchemy', 'alembic', 'numpy', 'endplay') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
