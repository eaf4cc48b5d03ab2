"""MiniBridge rules (002:18-46): announcements and declarer, contracts, scores, the play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import SEATS, Seat, Side, Strain
from bridgedesk.deals.cards import Card
from bridgedesk.deals.generate import random_deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice import (
    ALL_MINI_CONTRACTS,
    Announcement,
    MiniContract,
    PlayState,
    announcements,
    declare,
    declarer_score,
    score_ns,
)
from bridgedesk.practice.session import team_imps

# ---------------------------------------------------------------- announcements


@st.composite
def hcp_patterns(draw: st.DrawFn) -> tuple[Seat, tuple[int, int, int, int]]:
    """A dealer and four HCP counts (N E S W) adding up to 40, each 0-37, with
    20-20 splits and ties inside a side drawn often."""
    dealer = draw(st.sampled_from(SEATS))
    kind = draw(st.sampled_from(["any", "20-20", "tie"]))
    if kind == "20-20":
        n = draw(st.integers(0, 20))
        e = draw(st.integers(0, 20))
        return dealer, (n, e, 20 - n, 20 - e)
    if kind == "tie":
        side_total = draw(st.sampled_from([22, 24, 26, 28, 30]))
        half = side_total // 2
        other = 40 - side_total
        e = draw(st.integers(0, other))
        if draw(st.booleans()):
            return dealer, (half, e, half, other - e)
        return dealer, (e, half, other - e, half)
    n = draw(st.integers(0, 37))
    e = draw(st.integers(0, min(37, 40 - n)))
    s = draw(st.integers(max(0, 40 - n - e - 37), min(37, 40 - n - e)))
    return dealer, (n, e, s, 40 - n - e - s)


def _in_order(dealer: Seat, counts: tuple[int, int, int, int]) -> list[Announcement]:
    order = [SEATS[(dealer.index + i) % 4] for i in range(4)]
    return [Announcement(seat, counts[seat.index]) for seat in order]


@given(hcp_patterns())
@settings(max_examples=400, deadline=None)
def test_declarer_follows_002_31_for_every_pattern(
    pattern: tuple[Seat, tuple[int, int, int, int]],
) -> None:
    dealer, counts = pattern
    said = _in_order(dealer, counts)
    found = declare(said)
    ns = counts[0] + counts[2]
    ew = counts[1] + counts[3]
    if ns == ew:  # only 20-20 is possible: dealt again
        assert ns == 20 and found.redeal and found.declarer is None
        return
    assert found.declarer is not None
    side = found.declarer.side
    assert found.side_total(side) >= 21 and found.side_total(side) > found.side_total(side.other)
    partner = found.declarer.partner
    mine, theirs = counts[found.declarer.index], counts[partner.index]
    assert mine >= theirs
    if mine == theirs:  # the first of the two to announce declares
        order = [a.seat for a in said]
        assert order.index(found.declarer) < order.index(partner)
    assert found.dummy is partner


def test_declarer_examples() -> None:
    # dealer W: W 10, N 12, E 8, S 10 -> NS 22; North has more
    said = _in_order(Seat.W, (12, 8, 10, 10))
    assert declare(said).declarer is Seat.N
    # dealer E: E 11, S 7, W 11, N 11 -> EW 22, tie: East announced first
    assert declare(_in_order(Seat.E, (11, 11, 7, 11))).declarer is Seat.E
    # dealer S: S 7, W 11, N 11, E 11 -> EW 22, tie: West announced before East
    assert declare(_in_order(Seat.S, (11, 11, 7, 11))).declarer is Seat.W
    assert declare(_in_order(Seat.N, (10, 10, 10, 10))).redeal


def test_announcements_go_clockwise_from_the_dealer() -> None:
    deal = random_deal(2, random.Random(7))  # board 2: dealer East
    said = announcements(deal)
    assert [a.seat for a in said] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [a.hcp for a in said] == [deal.hand(s).hcp for s in (Seat.E, Seat.S, Seat.W, Seat.N)]


def test_bad_announcements_are_refused() -> None:
    with pytest.raises(PracticeError, match="clockwise"):
        declare([Announcement(Seat.N, 10), Announcement(Seat.S, 10),
                 Announcement(Seat.E, 10), Announcement(Seat.W, 10)])  # fmt: skip
    with pytest.raises(PracticeError, match="40 HCP"):
        declare(_in_order(Seat.N, (10, 10, 10, 11)))


# ---------------------------------------------------------------- contracts and scores


def test_tricks_needed_002_32() -> None:
    needed = {(c.strain, c.game): c.tricks_needed for c in ALL_MINI_CONTRACTS}
    assert needed[(Strain.NT, True)] == 9
    assert needed[(Strain.S, True)] == needed[(Strain.H, True)] == 10
    assert needed[(Strain.D, True)] == needed[(Strain.C, True)] == 11
    assert {needed[(s, False)] for s in Strain} == {7}
    assert len(ALL_MINI_CONTRACTS) == 10


def test_the_seeds_example_002_55() -> None:
    # You win 9 tricks and score 140 (a major part score); your team-mates, the
    # closed room's East-West, lose 110: the closed room's North-South won 8 tricks.
    opened = score_ns(Seat.S, MiniContract(Strain.S, False), 9)
    closed = score_ns(Seat.S, MiniContract(Strain.S, False), 8)
    assert (opened, closed) == (140, 110)
    assert opened + (-closed) == 30  # the team's +30 (002:55)
    assert team_imps(opened, closed) == 1  # 30 points is 1 IMP


# The English Bridge Union's table of examples ("How to score in Minibridge"), the
# source named in docs/practice.md; declarer South.  Undertricks follow the seed
# (100 each, 002:44) instead of the EBU's 50.
EBU_EXAMPLES = [
    (Strain.C, False, 8, 90),
    (Strain.D, False, 6, -100),
    (Strain.S, True, 10, 420),
    (Strain.H, False, 10, 170),
    (Strain.S, True, 8, -200),
    (Strain.NT, False, 9, 150),
    (Strain.NT, True, 9, 400),
    (Strain.NT, True, 8, -100),
    (Strain.D, True, 12, 420),
]


@pytest.mark.parametrize(("strain", "game", "tricks", "score"), EBU_EXAMPLES)
def test_score_table_examples(strain: Strain, game: bool, tricks: int, score: int) -> None:
    assert score_ns(Seat.S, MiniContract(strain, game), tricks) == score
    assert score_ns(Seat.W, MiniContract(strain, game), tricks) == -score


@given(st.sampled_from(ALL_MINI_CONTRACTS), st.integers(0, 13))
@settings(deadline=None)
def test_score_table_as_documented(contract: MiniContract, tricks: int) -> None:
    """docs/practice.md: 20/30/40+30 a trick over six, +300 game, +50 part, -100 an undertrick."""
    need = {Strain.NT: 9, Strain.S: 10, Strain.H: 10, Strain.D: 11, Strain.C: 11}
    needed = need[contract.strain] if contract.game else 7
    score = declarer_score(contract, tricks)
    if tricks < needed:
        assert score == -100 * (needed - tricks)
        return
    per = {Strain.C: 20, Strain.D: 20, Strain.H: 30, Strain.S: 30, Strain.NT: 30}[contract.strain]
    first = 40 if contract.strain is Strain.NT else per
    expected = first + per * (tricks - 7) + (300 if contract.game else 50)
    assert score == expected
    if contract.game:  # a made game is worth at least the 100 trick points it needs
        assert score - 300 >= 100


def test_score_refuses_impossible_tricks() -> None:
    with pytest.raises(PracticeError):
        declarer_score(MiniContract(Strain.S, True), 14)


# ---------------------------------------------------------------- the play


@given(st.integers(0, 2**32), st.sampled_from(SEATS), st.sampled_from(list(Strain)))
@settings(max_examples=150, deadline=None)
def test_random_legal_play_follows_the_rules(seed: int, declarer: Seat, strain: Strain) -> None:
    """Every card played is legal and every trick goes to the right seat (002:37-38),
    checked against a separate computation from the raw hands."""
    rng = random.Random(seed)
    deal = random_deal(1 + seed % 16, rng)
    state = PlayState.start(deal, declarer, strain)
    hands = {s: set(deal.hand(s).cards) for s in SEATS}
    trump = None if strain is Strain.NT else strain.value
    leader = declarer.lho
    won = {Side.NS: 0, Side.EW: 0}
    for trick_no in range(13):
        seat = leader
        trick: list[tuple[Seat, Card]] = []
        for _ in range(4):
            assert state.to_play is seat
            legal = set(state.legal())
            if trick:
                same = {c for c in hands[seat] if c.suit is trick[0][1].suit}
                assert legal == (same or hands[seat])
            else:
                assert legal == hands[seat]
            card = rng.choice(sorted(legal))
            state = state.play(card)
            hands[seat].remove(card)
            trick.append((seat, card))
            seat = seat.lho
        led = trick[0][1].suit
        trumps = [(c.rank, s) for s, c in trick if trump is not None and c.suit.value == trump]
        followers = [(c.rank, s) for s, c in trick if c.suit is led]
        winner = max(trumps or followers)[1]
        assert state.tricks[trick_no].winner(state.trump) is winner
        won[winner.side] += 1
        leader = winner
    assert state.is_over and state.legal() == ()
    assert state.tricks_won(Side.NS) == won[Side.NS]
    assert state.declarer_tricks == won[declarer.side]


def test_revoke_and_foreign_cards_are_refused() -> None:
    deal = random_deal(1, random.Random(3))
    state = PlayState.start(deal, Seat.S, Strain.NT)  # West leads
    lead = max(state.legal())
    state = state.play(lead)
    north = state.remaining(Seat.N)
    off_suit = [c for c in north if c.suit is not lead.suit]
    if any(c.suit is lead.suit for c in north) and off_suit:
        with pytest.raises(PracticeError, match="must follow suit"):
            state.play(off_suit[0])
    east_card = next(iter(deal.hand(Seat.E).cards))
    with pytest.raises(PracticeError, match="does not hold"):
        state.play(east_card)
