"""Knockouts (004:1762-1772, 004:2719-2723) and even-chance teams (004:2725-2734)."""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from bridgedesk.errors import PairingError
from bridgedesk.events.even_chance import EntryPair, form_teams
from bridgedesk.events.knockout import (
    SingleKnockout,
    bracket_order,
    carry_over,
    double_knockout_round,
    draw_text,
)


def test_bracket_order() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = bracket_order(16)
    # the top two meet only in the final, the top four only in the semi-finals
    assert order.index(1) < 8 <= order.index(2)
    quarters = [set(order[i : i + 4]) for i in range(0, 16, 4)]
    assert all(len(q & {1, 2, 3, 4}) == 1 for q in quarters)
    with pytest.raises(PairingError, match="power of two"):
        bracket_order(6)


def test_single_knockout_byes_to_top_seeds() -> None:
    ko = SingleKnockout(6)
    first = ko.first_round()
    assert [(m.home, m.away) for m in first] == [(1, None), (4, 5), (2, None), (3, 6)]
    winners = {(1, 2): 5, (1, 4): 3, (2, 1): 5, (2, 2): 2, (3, 1): 2}
    assert ko.champion(winners) == 2
    assert "  match 1: 1 v 5" in draw_text(ko, {(1, 2): 5}).splitlines()
    text = draw_text(ko)
    assert text.splitlines()[:5] == [
        "round 1 (quarter-finals)",
        "  match 1: 1 v bye",
        "  match 2: 4 v 5",
        "  match 3: 2 v bye",
        "  match 4: 3 v 6",
    ]
    assert text.splitlines()[-2:] == ["round 3 (final)", "  match 1: winner of 2-1 v winner of 2-2"]
    with pytest.raises(PairingError, match="team 9 is not one of 4 and 5"):
        ko.play({(1, 2): 9})


@pytest.mark.parametrize("teams", range(2, 40))
def test_single_knockout_any_size(teams: int) -> None:
    ko = SingleKnockout(teams)
    first = ko.first_round()
    byes = sorted(m.home for m in first if m.away is None)
    assert byes == list(range(1, ko.places - teams + 1))
    # the better seed always wins: seed 1 is champion after log2(places) rounds
    winners: dict[tuple[int, int], int] = {}
    for _ in range(ko.rounds):
        for m in ko.play(winners)[-1]:
            if m.away is not None:
                winners[(m.round, m.number)] = m.home
    assert len(ko.play(winners)) == ko.rounds
    assert ko.champion(winners) == 1


def test_carry_over() -> None:
    assert carry_over(25) == Fraction(25, 3)
    assert carry_over(-30, Fraction(1, 2), cap=8) == -8
    with pytest.raises(PairingError, match="fraction"):
        carry_over(10, Fraction(3, 2))


@pytest.mark.parametrize("teams", range(2, 20))
def test_double_knockout_everybody_out_after_two_defeats(teams: int) -> None:
    rng = random.Random(teams)
    played: list[list[tuple[int, int, int]]] = []
    losses = dict.fromkeys(range(1, teams + 1), 0)
    while (nxt := double_knockout_round(teams, played)) is not None:
        seen = [t for m in nxt.matches for t in m] + list(nxt.byes)
        assert len(seen) == len(set(seen))
        assert all(losses[t] < 2 for t in seen)
        # no group mixes unbeaten and once-beaten teams, but for the final
        if len(nxt.matches) > 1:
            assert all(losses[a] == losses[b] for a, b in nxt.matches)
        rnd = []
        for a, b in nxt.matches:
            w = rng.choice((a, b))
            losses[b if w == a else a] += 1
            rnd.append((a, b, w))
        played.append(rnd)
        assert len(played) < 4 * teams
    alive = [t for t, n in losses.items() if n < 2]
    assert len(alive) == 1


def test_double_knockout_final_replayed() -> None:
    # 2 teams: 2 beats 1, then 1 beats 2 (both once beaten), the replay decides
    assert double_knockout_round(2, []) is not None
    played = [[(1, 2, 2)]]
    nxt = double_knockout_round(2, played)
    assert nxt is not None and nxt.matches == ((1, 2),)  # the once-beaten team gets its chance
    played.append([(1, 2, 1)])
    nxt = double_knockout_round(2, played)
    assert nxt is not None and nxt.matches == ((1, 2),)  # replay: both beaten once
    played.append([(1, 2, 1)])
    assert double_knockout_round(2, played) is None


def test_even_chance_teams() -> None:
    entries = [
        EntryPair(p, Decimal(pts)) for p, pts in [(1, 50), (2, 80), (3, 10), (4, 80), (5, 30)]
    ]
    # ranked 2, 4 (tie: lower number), 1, 5, 3: 2 + 3, 4 + 5, 1 + floater
    teams = form_teams(entries, floater=99)
    assert [(t.pairs, t.floater) for t in teams] == [
        ((2, 3), False),
        ((4, 5), False),
        ((1, 99), True),
    ]
    with pytest.raises(PairingError, match="pair 1 has no partner pair; give a floater"):
        form_teams(entries)
    with pytest.raises(PairingError, match="not needed"):
        form_teams(entries[:4], floater=99)
    # 004:2728: best + worst, second + second worst ...
    six = [EntryPair(p, Decimal(70 - 10 * p)) for p in range(1, 7)]
    assert [t.pairs for t in form_teams(six)] == [(1, 6), (2, 5), (3, 4)]
    many = [EntryPair(p, Decimal(p * 7 % 23)) for p in range(1, 13)]
    assert len(list(itertools.chain.from_iterable(t.pairs for t in form_teams(many)))) == 12


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgedesk.cli import main

    assert main(["knockout", "draw", "--teams", "5", "--winner", "1-2=5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:5] == [
        "round 1 (quarter-finals)",
        "  match 1: 1 v bye",
        "  match 2: 4 v 5",
        "  match 3: 2 v bye",
        "  match 4: 3 v bye",
    ]
    assert out[6:8] == ["  match 1: 1 v 5", "  match 2: 2 v 3"]
    assert main(["knockout", "draw", "--teams", "5", "--winner", "1-4=7"]) == 2
    assert capsys.readouterr().err == ("error: round 1, match 4: team 3 has a bye, not team 7\n")
    assert main(["knockout", "draw", "--teams", "5", "--winner", "final=1"]) == 2
    args = ["swiss", "form-teams", "--pair", "1=50", "--pair", "2=80", "--pair", "3=10"]
    assert main([*args, "--floater", "9"]) == 0
    assert capsys.readouterr().out == "team 1: pairs 2 and 3\nteam 2: pairs 1 and 9 (floater)\n"
    assert main(args) == 2
    assert "give a floater pair (004:2733)" in capsys.readouterr().err


def test_double_knockout_text_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgedesk.cli import main
    from bridgedesk.events.knockout import double_knockout_text

    played = [[(1, 4, 1), (2, 3, 3)], [(1, 3, 1), (2, 4, 2)]]
    # after two rounds 4 is out (two defeats), 1 unbeaten, 2 and 3 beaten once
    text = double_knockout_text(4, played)
    assert text.endswith("round 3 (next)\n  2 v 3\n  1: bye\n")
    done = [*played, [(2, 3, 2)], [(1, 2, 2)], [(1, 2, 1)]]
    assert double_knockout_text(4, done).endswith("  1 v 2: 1 wins\nwinner: 1\n")
    args = ["knockout", "double", "--teams", "4", "--round", "1-4=1,2-3=3"]
    assert main(args) == 0
    assert capsys.readouterr().out.endswith("round 2 (next)\n  1 v 3\n  2 v 4\n")
    assert main(["knockout", "double", "--teams", "4", "--round", "1-2=1"]) == 2
    assert capsys.readouterr().err == "error: round 1: 1 v 2 is not a match of the draw\n"
    assert main(["knockout", "double", "--teams", "4", "--round", "1-4"]) == 2
