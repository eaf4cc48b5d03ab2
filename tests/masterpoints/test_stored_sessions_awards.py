"""Masterpoints of a stored event of two sessions place the competitors by the combined
ranking over both sessions (004:1315-1320), whatever their numbers in each session,
not by one session's ranking nor by adding the sessions pair number by pair number.

12 pairs play the Howell twice, renumbered (004:2072-2073: pair 1 plays as 2 in
session 2).  The expected places are computed here from the slips alone: each
session's totals (one point per NS score beaten, a half per tie,
:func:`tests.events.test_sessions_cli.pair_totals`) added up by competitor through
the seats ``entry list`` prints, then ranked with ties sharing a place.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from tests.events.store_dump import cli_fixture  # noqa: F401
from tests.events.test_cli import Cli
from tests.events.test_sessions_cli import (
    EVENT,
    import_entries,
    import_slips,
    new_event,
    pair_totals,
    planned_slips,
    seats_of,
)


def places(totals: dict[str, Fraction]) -> dict[str, int]:
    """Competition ranking: 1 + the number of competitors with more."""
    return {who: 1 + sum(1 for v in totals.values() if v > t) for who, t in totals.items()}


def test_awards_follow_the_combined_ranking_not_a_session(cli: Cli, tmp_path: Path) -> None:
    new_event(cli)
    import_entries(cli, tmp_path, 12)
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    one, two = planned_slips(cli, EVENT, 1), planned_slips(cli, EVENT, 2)
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in one] + [(2, "A", s) for s in two])
    s1, s2 = pair_totals(one), pair_totals(two)
    seats = seats_of(cli, EVENT, ["A"])
    combined = places({who: s1[int(a)] + s2[int(b)] for who, (a, b) in seats.items()})
    # the data make the point: session 2's placings (by competitor) are not the combined
    session2 = places({who: s2[int(b)] for who, (_a, b) in seats.items()})
    by_number = places({str(n): s1[n] + s2[n] for n in s1})  # the old sum by pair number
    assert session2 != combined and by_number != combined
    awards = json.loads(
        cli("masterpoints", "award", "--from-event", EVENT, "--rules", "jcbl", "--json")
    )
    got = {a["competitor"]: a["place"] for a in awards}
    assert got == {who: p for who, p in combined.items() if who in got}
    assert min(combined.values()) in got.values() and all(a["session"] is None for a in awards)
    # each award goes to the competitor's own members (pair 12 plays as 1 in session 2)
    winner = next(who for who, p in combined.items() if p == 1)
    members = sorted(a["member"] for a in awards if a["competitor"] == winner)
    assert members == [f"{winner}01", f"{winner}02"]
    # the weekly formula pays the top places: as many as the combined ranking has there
    top = {who for who, p in combined.items() if p <= max(got.values())}
    assert set(got) == top
