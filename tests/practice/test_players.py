"""The computer players: what they may see, that they play legally, and how well."""

from __future__ import annotations

import random
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import SEATS, Seat, Strain
from bridgedesk.deals import Deal
from bridgedesk.deals.cards import DECK, Card, Hand
from bridgedesk.deals.dd import solve
from bridgedesk.deals.generate import random_deal
from bridgedesk.practice import MiniContract, PlayState, declaration
from bridgedesk.practice.choice import best_contract
from bridgedesk.practice.club import ClubPlayer
from bridgedesk.practice.expert import ExpertPlayer
from bridgedesk.practice.players import ContractView, PlayView, make_player, play_view
from bridgedesk.practice.room import play_room
from bridgedesk.practice.sampling import HandConstraint, sample_layout

# A deal with NS 31 HCP and an 8-card spade fit (board 1, dealer N).
DEAL = Deal.from_pbn("N:AQ73.K52.AJ4.Q83 K92.QJ7.Q1085.J72 J1086.A96.K9.AK104 54.10843.7632.965", 1)


class Spy:
    """Wraps a player and records every view it is given."""

    def __init__(self, inner: ClubPlayer | ExpertPlayer) -> None:
        self.inner = inner
        self.level = inner.level
        self.double_dummy = inner.double_dummy
        self.views: list[PlayView | ContractView] = []

    def choose_contract(self, view: ContractView) -> MiniContract:
        self.views.append(view)
        return self.inner.choose_contract(view)

    def choose_card(self, view: PlayView) -> Card:
        self.views.append(view)
        card = self.inner.choose_card(view)
        assert card in view.legal
        return card


def test_expert_takes_the_double_dummy_tricks_and_par() -> None:
    found = declaration(DEAL)
    assert found.declarer is Seat.N  # N 16, E 9, S 15, W 0
    players = {s: ExpertPlayer() for s in SEATS}
    result = play_room(DEAL, found, players)
    record = solve(DEAL)
    assert record.dd is not None
    dd_row = {strain: record.dd[found.declarer, strain] for strain in Strain}
    # Both sides double dummy: declarer takes exactly its double-dummy tricks
    assert result.tricks == dd_row[result.contract.strain]
    # and names the contract that scores best on them
    assert result.contract == best_contract([dd_row])


def test_club_player_never_sees_the_hidden_hands() -> None:
    found = declaration(DEAL)
    spies = {s: Spy(ClubPlayer(random.Random(s.value), 4, 4, 4))
             for s in SEATS}  # fmt: skip
    result = play_room(DEAL, found, spies)
    assert len(result.play) == 52
    dummy = found.declarer.partner  # type: ignore[union-attr]
    assert spies[dummy].views == []  # dummy's cards are chosen by declarer
    for seat, spy in spies.items():
        for view in spy.views:
            assert view.hidden is None
            assert set(view.known) == {seat, dummy} or set(view.known) == {seat}
            if isinstance(view, PlayView):
                assert view.controller is seat


def test_the_club_level_replays_with_the_same_seed() -> None:
    found = declaration(DEAL)

    def play(seed: int) -> tuple[Card, ...]:
        players = {s: ClubPlayer(random.Random(f"{seed}/{s}"), 3, 3, 3) for s in SEATS}
        return play_room(DEAL, found, players).play

    assert play(5) == play(5)
    assert make_player("club", random.Random(1)).level == "club"


def test_a_view_shows_own_hand_and_dummy_only() -> None:
    found = declaration(DEAL)
    declarer = found.declarer
    assert declarer is not None
    state = PlayState.start(DEAL, declarer, Strain.S)
    contract = MiniContract(Strain.S, True)
    view = play_view(state, contract, found, double_dummy=False)
    assert view.seat is declarer.lho and view.controller is declarer.lho
    assert set(view.known) == {declarer.lho, declarer.partner}
    assert view.known[declarer.partner] == DEAL.hand(declarer.partner).cards
    assert set(view.unseen) == {declarer, declarer.rho}


@st.composite
def positions(draw: st.DrawFn) -> tuple[Deal, PlayState]:
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    deal = random_deal(1, rng)
    state = PlayState.start(deal, draw(st.sampled_from(SEATS)), draw(st.sampled_from(list(Strain))))
    for _ in range(draw(st.integers(0, 40))):
        state = state.play(rng.choice(state.legal()))
    return deal, state


def _constraint(state: PlayState, seat: Seat, hcp: Mapping[Seat, int]) -> HandConstraint:
    played = state.played_by(seat)
    return HandConstraint(seat, 13 - len(played), hcp[seat] - sum(c.hcp for c in played),
                          state.shown_void(seat))  # fmt: skip


@given(positions(), st.integers(0, 1000))
@settings(max_examples=80, deadline=None)
def test_sampled_layouts_match_what_has_been_seen(
    position: tuple[Deal, PlayState], seed: int
) -> None:
    """Sizes, announced HCP (less the honours played) and shown voids all hold."""
    deal, state = position
    hcp = deal.hcp()
    a, b = state.declarer, state.declarer.rho  # the two hands a defender on lead cannot see
    gone = set(state.played)
    seen = state.remaining(state.declarer.lho) | state.remaining(state.dummy)
    unseen = [c for c in DECK if c not in gone and c not in seen]
    ca, cb = _constraint(state, a, hcp), _constraint(state, b, hcp)
    layout = sample_layout(unseen, ca, cb, random.Random(seed))
    assert layout[a] | layout[b] == frozenset(unseen) and not layout[a] & layout[b]
    for seat, c in ((a, ca), (b, cb)):
        assert len(layout[seat]) == c.cards
        assert sum(x.hcp for x in layout[seat]) == c.hcp
        assert not any(x.suit in c.voids for x in layout[seat])


def test_candidate_strains_for_the_club_contract() -> None:
    from bridgedesk.practice.choice import candidate_strains

    north, south = DEAL.hand(Seat.N).cards, DEAL.hand(Seat.S).cards
    # N AQ73.K52.AJ4.Q83 + S J1086.A96.K9.AK104: spades 8, hearts 6, diamonds 5, clubs 7;
    # with an 8-card fit the 7-card clubs are not tried
    assert candidate_strains(north, south) == (Strain.NT, Strain.S)
    east, west = DEAL.hand(Seat.E).cards, DEAL.hand(Seat.W).cards
    # E K92.QJ7.Q1085.J72 + W 54.10843.7632.965: spades 5, hearts 7, diamonds 8, clubs 6
    assert candidate_strains(east, west) == (Strain.NT, Strain.D)
    # no fit: the longest suit only, the higher of equals (spades, hearts and diamonds 7,
    # clubs 5: spades; spades 6, hearts 7, diamonds 6, clubs 7: hearts)
    assert candidate_strains(Hand.from_pbn("AQ73.K52.AJ4.Q83").cards,
                             Hand.from_pbn("K98.A964.KQ52.K4").cards) == (
        Strain.NT, Strain.S)  # fmt: skip
    assert candidate_strains(Hand.from_pbn("AQ3.K543.AJ4.Q83").cards,
                             Hand.from_pbn("K98.A96.K52.K642").cards) == (
        Strain.NT, Strain.H)  # fmt: skip
    # a major fit (hearts 8) and a minor one (clubs 9): the minor is not tried
    assert candidate_strains(Hand.from_pbn("A3.KQ52.A4.Q8532").cards,
                             Hand.from_pbn("K98.A964.Q2.AK94").cards) == (
        Strain.NT, Strain.H)  # fmt: skip


def test_best_contract_over_rows() -> None:
    # 10 tricks in spades: 4S game 420 beats 3NT on 9 tricks (400)
    assert best_contract([{Strain.S: 10, Strain.NT: 9}]) == MiniContract(Strain.S, True)
    # 8 tricks everywhere: a part score (no trumps: 40+30 + 50 = 120)
    assert best_contract([{Strain.S: 8, Strain.NT: 8}]) == MiniContract(Strain.NT, False)
    # over two layouts, game in NT averages (400 - 100) / 2 = 150 > part 135
    rows = [{Strain.NT: 9}, {Strain.NT: 8}]
    assert best_contract(rows) == MiniContract(Strain.NT, True)


_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_an_early_answer_is_the_answer_of_every_layout(data: st.DataObject) -> None:
    """The contract search stops, or drops strains, only when the layouts left cannot
    change :func:`best_contract`: checked against the answer over every layout, with
    tricks as :func:`estimated_tricks` gives them (game, one short, or 6)."""
    from bridgedesk.practice.choice import still_open
    from bridgedesk.practice.contract import GAME_TRICKS

    strains = data.draw(st.lists(st.sampled_from(_STRAINS), min_size=1, max_size=4, unique=True))
    rows = [
        {
            s: GAME_TRICKS[s] - data.draw(st.sampled_from((0, 1, GAME_TRICKS[s] - 6)))
            for s in strains
        }
        for _ in range(data.draw(st.integers(1, 6)))
    ]
    whole = best_contract(rows)
    for seen in range(1, len(rows) + 1):
        kept, decided = still_open(rows[:seen], strains, len(rows) - seen)
        assert whole.strain in kept
        if decided is not None:
            assert decided == whole
    # the last layout decides unless contracts tie
    _, decided = still_open(rows, strains, 0)
    assert decided in (whole, None)
