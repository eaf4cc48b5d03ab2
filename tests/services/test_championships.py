"""A championship in two stages: a round robin of 8 teams qualifies 4 for a knockout whose
matches start from a third of the round-robin meeting's margin (PABF style, 004:4210,
004:1762-1772).

The round robin's rooms are :mod:`tests.web.team_event`'s, whose standings and IMPs it
computes independently of bridgedesk; the carry-overs are checked against that."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.errors import EntryError
from bridgedesk.events.knockout import SingleKnockout
from bridgedesk.services import draws
from bridgedesk.services.championships import carry_from_round_robin, knockout_from_round_robin
from bridgedesk.services.team_scores import score_teams
from bridgedesk.store import team_events
from bridgedesk.store.service import Store
from tests.web import team_event as te


def _margins(store: Store, event: int) -> dict[tuple[int, int], int]:
    """(team, opponent) -> IMP margin, from the rooms as the test entered them."""
    draw = team_events.draw(store, event)
    rooms = te.expected_rooms(list(draw.matches))
    out: dict[tuple[int, int], int] = {}
    for d in draw.matches:
        if d.away is None:
            continue
        margin = sum(
            te.imps(te.ns_score(b, rooms[(d.round, d.home, b, "open")])
                    - te.ns_score(b, rooms[(d.round, d.home, b, "closed")]))
            for b in d.boards
        )  # fmt: skip
        out[(d.home, d.away)] = margin
        out[(d.away, d.home)] = -margin
    return out


def test_the_best_four_of_a_round_robin_in_a_knockout_with_carry_over(tmp_path: Path) -> None:
    with Store.open(tmp_path / "champ.sqlite3") as store:
        rr = te.create_event(store, "PABF RR")
        te.add_teams(store, rr)
        draws.make_draw(store, rr)
        with pytest.raises(EntryError, match="room results missing"):
            knockout_from_round_robin(store, rr, name="KO", teams=4, boards_per_match=4, who="td")
        te.enter_rest(store, rr)
        drawn = list(team_events.draw(store, rr).matches)
        expected = te.standings(drawn, te.expected_rooms(drawn))
        order = sorted(expected, key=lambda t: -expected[t])
        made = knockout_from_round_robin(
            store, rr, name="PABF KO", teams=4, boards_per_match=4, segments=2,
            fraction=Fraction(1, 3), cap=4, who="td",
        )  # fmt: skip
        assert [origin for _, origin, _ in made.seeds] == order[:4]
        # the seeded bracket: 1 v 4, 2 v 3 (SingleKnockout places the top two apart)
        first = {(m.home, m.away) for m in SingleKnockout(4).first_round()}
        assert {(c.home, c.away) for c in made.carries} == first
        margins = _margins(store, rr)
        for c in made.carries:
            home, away = order[c.home - 1], order[c.away - 1]
            assert c.margin == margins[(home, away)]
            value = max(Fraction(-4), min(Fraction(4), Fraction(margins[(home, away)], 3)))
            assert c.carry == ((value, Fraction(0)) if value >= 0 else (Fraction(0), -value))
        # the carry-over is where the knockout's standings start
        scored = score_teams(store, made.knockout).scored
        assert scored.form == "knockout"
        te.enter_rest(store, made.knockout)
        final = score_teams(store, made.knockout).scored
        for m in final.matches:
            c = next(x for x in made.carries if (x.home, x.away) == (m.home, m.away))
            assert m.carry_over == (c.carry if any(c.carry) else None)
            assert m.points[0] == m.imps[0] - m.imps[1] + c.carry[0] - c.carry[1]
        # the final's carry-over once drawn: from the two winners' round-robin meeting
        draws.next_round(store, made.knockout)
        (fin,) = carry_from_round_robin(store, made.knockout, 2, fraction=Fraction(1, 2),
                                        who="td")  # fmt: skip
        home, away = order[fin.home - 1], order[fin.away - 1]
        assert fin.margin == margins[(home, away)]
        assert max(fin.carry) == abs(Fraction(margins[(home, away)], 2))


def test_a_shared_place_at_the_cut_is_refused(tmp_path: Path) -> None:
    with Store.open(tmp_path / "champ.sqlite3") as store:
        rr = te.create_event(store, "RR")
        te.add_teams(store, rr)
        draws.make_draw(store, rr)
        te.enter_rest(store, rr)
        standings = score_teams(store, rr).scored.standings
        with pytest.raises(EntryError, match="the round robin has 8 teams, not 9"):
            knockout_from_round_robin(store, rr, name="KO", teams=9, boards_per_match=4, who="td")
        shared = [i for i in range(1, len(standings)) if standings[i - 1].rank == standings[i].rank]
        for cut in shared:
            with pytest.raises(EntryError, match="are shared"):
                knockout_from_round_robin(
                    store, rr, name="KO", teams=cut, boards_per_match=4, who="td"
                )
