"""What the practice game teaches: the score and IMPs explained, the help at the two
decisions, the conventional opening leads, the hints' reasons and the clues.

The score and IMP figures are the seed's worked example (002:55: 9 tricks in a
major part score is 140, 8 tricks 110, +30 points is 1 IMP) and the IMP scale
(004:1694-1717); the leads are the ones beginners' books teach (top of a
sequence, fourth best, low from an honour, top of nothing, ...).
"""

from __future__ import annotations

import random
import re

import pytest

from bridgedesk.bridge import SEATS, Seat, Side, Strain, imp_range
from bridgedesk.deals import Deal
from bridgedesk.deals.cards import Card, Hand, Suit
from bridgedesk.errors import PracticeError
from bridgedesk.practice import MiniContract, PlayState, dd, declaration
from bridgedesk.practice.advice import (
    Role,
    StrainReason,
    contract_help,
    declaring_help,
)
from bridgedesk.practice.announce import Announcement, declare
from bridgedesk.practice.clues import ContractClue, LeadClue, LowCardClue, clues_for, low_cards
from bridgedesk.practice.contract import score_breakdown
from bridgedesk.practice.explain import (
    contract_lines,
    declaring_lines,
    imps_lines,
    score_line,
    trick_points_text,
)
from bridgedesk.practice.hint import HintReason, reason_for
from bridgedesk.practice.lead import LeadRule, conventional_leads, suit_lead
from bridgedesk.practice.players import play_view
from bridgedesk.practice.review import BoardReview, RoomReview
from bridgedesk.practice.room import RoomResult
from bridgedesk.practice.session import par_of
from bridgedesk.practice.words import Words

# N 16, E 9, S 15, W 0: North declares; 8 spades together, 31 points (board 1, dealer N).
DEAL = Deal.from_pbn("N:AQ73.K52.AJ4.Q83 K92.QJ7.Q1085.J72 J1086.A96.K9.AK104 54.10843.7632.965", 1)
EN, JA, SV = Words("en"), Words("ja"), Words("sv")


def test_the_names_come_from_the_catalogs_in_every_language() -> None:
    """Seats, sides, suits and contracts as each language's table says them (the SBF's
    sang, utgång and delkontrakt; 002's パートスコア); an unknown language is refused."""
    assert [SV.seat(s) for s in SEATS] == ["Nord", "Öst", "Syd", "Väst"]
    assert (JA.side(Side.NS), SV.side(Side.EW)) == ("ノース・サウス", "Öst-Väst")
    assert (EN.suit(Suit.D), JA.suit(Suit.D), SV.suit(Suit.D)) == (
        "diamonds",
        "ダイヤモンド",
        "ruter",
    )
    assert EN.contract(Strain.S, True) == "♠ game"
    assert JA.contract(Strain.NT, False) == "ノートランプ パートスコア"
    assert SV.contract(Strain.NT, True) == "sang utgång"
    assert (JA.level("club"), SV.level("expert")) == ("クラブレベル", "expert")
    with pytest.raises(PracticeError, match="unknown language 'de'"):
        Words("de")


# ------------------------------------------------------------------ the score


def test_the_seeds_example_explained() -> None:
    """002:55: you make 9 tricks in a major part score (+140); the closed room's
    North-South make 8 in the same contract (+110 to them, -110 to your team-mates):
    +30 points, 1 IMP (20-40 points, 004:1694)."""
    spades = MiniContract(Strain.S, False)
    open_b, closed_b = score_breakdown(spades, 9), score_breakdown(spades, 8)
    assert (open_b.trick_points, open_b.bonus, open_b.total) == ((30, 30, 30), 50, 140)
    assert closed_b.total == 110
    review = _review(RoomResult(spades, (), 9, 140), RoomResult(spades, (), 8, 110))
    lines = imps_lines(EN, review)
    assert lines[0] == (
        "Your team: +140 here (your North-South) and -110 in the closed room (your "
        "team-mates sat East-West there): +30 points, +1 IMP."
    )
    assert lines[1] == "The IMP scale turns 20 to 40 points into 1 IMP."
    assert "+30 点で +1 IMP" in imps_lines(JA, review)[0]
    assert imps_lines(SV, review)[0].endswith("+30 poäng, +1 IMP.")
    text = score_line(EN, "Your room", Seat.S, review.open)
    assert text == (
        "Your room: North-South made ♠ part score with 9 tricks: 3 x 30 = 90 trick points "
        "+ 50 part-score bonus = 140."
    )


def test_a_failed_contract_and_no_trumps_explained() -> None:
    nt = MiniContract(Strain.NT, True)
    # 40 for the first trick over six, 30 for each further one (EBU MiniBridge scoring)
    assert trick_points_text(score_breakdown(nt, 10).trick_points) == "40 + 3 x 30 = 130"
    assert score_breakdown(nt, 10).total == 430
    down = score_breakdown(nt, 7)
    assert (down.undertricks, down.total) == (2, -200)
    review = _review(RoomResult(nt, (), 7, -200), RoomResult(nt, (), 9, 400))
    assert score_line(EN, "Your room", Seat.N, review.open) == (
        "Your room: North-South needed 9 tricks for no trumps game and took 7: 2 down x 100 "
        "= 200 to East-West."
    )
    # -200 against +400: 600 points, 12 IMPs (600-740, 004:1706)
    assert review.imps == -12 and imp_range(12) == (600, 740)
    assert imps_lines(EN, review)[1] == "The IMP scale turns 600 to 740 points into 12 IMPs."


def _review(open_room: RoomResult, closed_room: RoomResult) -> BoardReview:
    from bridgedesk.bridge import imps

    def room(result: RoomResult) -> RoomReview:
        return RoomReview(result, score_breakdown(result.contract, result.tricks), (), ())

    found = declaration(DEAL)
    points = imps(open_room.score_ns - closed_room.score_ns)
    tricks = dict.fromkeys(Strain, 9)
    return BoardReview(DEAL, found, Seat.N, room(open_room), room(closed_room), points,
                       imp_range(abs(points)), tricks, par_of(Seat.N, tricks))  # fmt: skip


# ------------------------------------------------------------------ the decisions


def test_who_declares_and_why() -> None:
    found = declaration(DEAL)
    help = declaring_help(found)
    assert help.totals == {Side.NS: 31, Side.EW: 9}
    assert (help.declarer, help.role, help.leader, help.by_first) == (Seat.N, Role.PARTNER_DECLARES,
                                                                       Seat.E, False)  # fmt: skip
    lines = declaring_lines(EN, help)
    assert lines[0] == "North-South announced 16 + 15 = 31 points; East-West 9 + 0 = 9."
    assert "North has more points than South (16 against 15)" in lines[2]
    # partners with the same count: the first to announce declares (002:31)
    tie = declare([Announcement(Seat.W, 5), Announcement(Seat.N, 11), Announcement(Seat.E, 13),
                   Announcement(Seat.S, 11)])  # fmt: skip
    tied = declaring_help(tie)
    assert tied.declarer is Seat.N and tied.by_first
    assert declaring_lines(EN, tied)[2] == (
        "North and South have 11 points each; North announced first, so North is declarer."
    )
    assert declaring_help(tie, you=Seat.E).role is Role.DEFENDER


def test_the_contract_choices_and_the_rules_of_thumb() -> None:
    help = contract_help(DEAL.hand(Seat.N).cards, DEAL.hand(Seat.S).cards)
    assert help.points == 31 and help.lengths[Suit.S] == 8
    assert (help.suggestion, help.strain_reason) == (MiniContract(Strain.S, True),
                                                     StrainReason.MAJOR_FIT)  # fmt: skip
    by_contract = {o.contract: o for o in help.options}
    assert len(by_contract) == 10
    # made exactly: NT game 9 tricks 40+2x30+300, spade part 7 tricks 30+50, club game 11
    # tricks 5x20+300; each overtrick its trick points; one down 100 (002:44)
    assert by_contract[MiniContract(Strain.NT, True)].made == 400
    assert by_contract[MiniContract(Strain.NT, True)].overtrick == 30
    assert by_contract[MiniContract(Strain.S, False)].made == 80
    assert by_contract[MiniContract(Strain.C, True)].made == 400
    assert by_contract[MiniContract(Strain.D, False)].overtrick == 20
    assert {o.down_one for o in help.options} == {-100}
    assert contract_lines(EN, help)[2:] == [
        "Rule of thumb: 8 spades together make a fit (8 or more), and a major: play with "
        "spades as trumps.",
        "With 25 points or more together (29 for a minor) try for a game: ♠ game.",
    ]


@pytest.mark.parametrize(
    ("declarer", "dummy", "expected", "reason"),
    [
        # no fit, 24 points: no trumps part score
        ("AQ7.K52.AJ4.Q832", "K92.Q87.Q1085.J76", MiniContract(Strain.NT, False),
         StrainReason.NO_FIT),
        # 8 diamonds, 26 points: 9 tricks in no trumps rather than 11 in diamonds
        ("AQ7.K52.AJ43.Q83", "K92.Q76.KQ108.J7", MiniContract(Strain.NT, True),
         StrainReason.MINOR_FIT_NT),
        # 8 clubs, 30 points: a club game
        ("AQ7.K52.A4.AQ832", "K92.Q76.Q108.KJ7", MiniContract(Strain.C, True),
         StrainReason.MINOR_FIT),
    ],
)  # fmt: skip
def test_rules_of_thumb(declarer: str, dummy: str, expected: MiniContract,
                        reason: StrainReason) -> None:  # fmt: skip
    help = contract_help(Hand.from_pbn(declarer).cards, Hand.from_pbn(dummy).cards)
    assert (help.suggestion, help.strain_reason) == (expected, reason)


# ------------------------------------------------------------------ the lead


@pytest.mark.parametrize(
    ("holding", "trump", "card", "rule"),
    [
        ("KQJ5", None, "K", LeadRule.SEQUENCE),
        ("KQ104", None, "K", LeadRule.SEQUENCE),  # a near sequence
        ("J1098", Suit.H, "J", LeadRule.SEQUENCE),
        ("AK73", Suit.H, "A", LeadRule.TOUCHING_HONOURS),
        ("QJ7", Suit.H, "Q", LeadRule.TOUCHING_HONOURS),
        ("AK73", None, "3", LeadRule.FOURTH_BEST),
        ("A873", Suit.H, "A", LeadRule.ACE),  # no lead away from an ace against trumps
        ("A873", None, "3", LeadRule.FOURTH_BEST),
        ("Q1085", None, "5", LeadRule.FOURTH_BEST),
        ("K73", None, "3", LeadRule.LOW_FROM_HONOUR),
        ("873", None, "8", LeadRule.TOP_OF_NOTHING),
        ("83", None, "8", LeadRule.DOUBLETON),
        ("5", Suit.H, "5", LeadRule.SINGLETON),
    ],
)
def test_the_card_a_class_teaches_to_lead(holding: str, trump: Suit | None, card: str,
                                          rule: LeadRule) -> None:  # fmt: skip
    cards = {Card.parse("S" + r) for r in re.findall(r"10|.", holding)}
    lead = suit_lead(cards, Suit.S, trump)
    assert (lead.card, lead.rule) == (Card.parse("S" + card), rule)
    # in the trump suit itself: a low trump
    trump_lead = suit_lead({Card.parse("S8"), Card.parse("S5"), Card.parse("S3")}, Suit.S, Suit.S)
    assert (trump_lead.card, trump_lead.rule) == (Card.parse("S3"), LeadRule.TRUMP)


def test_one_conventional_card_from_each_suit() -> None:
    east = DEAL.hand(Seat.E).cards  # K92.QJ7.Q1085.J72 against spades
    leads = conventional_leads(east, Suit.S)
    assert [str(lead.card) for lead in leads] == ["S2", "HQ", "D5", "C2"]


# ------------------------------------------------------------------ hints


def _state(strain: Strain, cards: str) -> PlayState:
    return PlayState.replay(DEAL, Seat.N, strain, [Card.parse(c) for c in cards.split()])


def _reason(state: PlayState, card: str) -> tuple[HintReason, LeadRule | None]:
    contract = MiniContract(Strain.S, True)
    view = play_view(state, contract, declaration(DEAL), double_dummy=False)
    return reason_for(view, Card.parse(card))


def test_the_reasons_a_hint_gives() -> None:
    # East leads against North's spade game: fourth best from Q-10-8-5
    assert _reason(_state(Strain.S, ""), "D5") == (HintReason.OPENING_LEAD, LeadRule.FOURTH_BEST)
    # South (dummy) second hand after East's 7 of hearts: the 6 is second hand low
    assert _reason(_state(Strain.S, "H7"), "H6")[0] is HintReason.SECOND_HAND_LOW
    # West third hand after D5 D9: nothing beats dummy's 9
    assert _reason(_state(Strain.S, "D5 D9"), "D2")[0] is HintReason.CANNOT_WIN
    # North last, dummy's 9 winning: low
    assert _reason(_state(Strain.S, "D5 D9 D2"), "D4")[0] is HintReason.PARTNER_WINS
    # North last after C2 C4 C9: the queen is the cheapest card that wins
    assert _reason(_state(Strain.S, "C2 C4 C9"), "CQ")[0] is HintReason.WIN_CHEAPLY
    # dummy won trick 1 and leads a club; North third after West's 5: high, or a duck
    after = "D5 DK D2 D4 C4 C5"
    assert _reason(_state(Strain.S, after), "CQ")[0] is HintReason.THIRD_HAND_HIGH
    assert _reason(_state(Strain.S, after), "C3")[0] is HintReason.FOLLOW
    # dummy's last diamond, its only card to follow North's ace
    only = _state(Strain.S, "D5 DK D2 D4 C4 C5 C8 C7 DA D8")
    assert _reason(only, "D9")[0] is HintReason.ONLY_CARD


# ------------------------------------------------------------------ clues


def test_the_clues_from_the_contract_and_the_lead() -> None:
    north, south = DEAL.hand(Seat.N).cards, DEAL.hand(Seat.S).cards
    spades = ContractClue(Seat.N, south, Suit.S)
    assert spades.accepts({Seat.N: north})  # 8 spades together
    short = frozenset(Hand.from_pbn("A7.K5432.AJ4.Q83").cards)
    assert not spades.accepts({Seat.N: short})  # 6 spades, 8 hearts together
    # East led the 5 of diamonds: from Q-10-8-5 it is fourth best; from Q-5 it would be Q
    lead = LeadClue(Seat.E, Card.parse("D5"), Suit.S, (Card.parse("D5"),))
    east = DEAL.hand(Seat.E).cards - {Card.parse("D5")}
    assert lead.accepts({Seat.E: east})
    assert not lead.accepts({Seat.E: frozenset(Hand.from_pbn("K92.QJ7.Q.J7632").cards)})
    # declarer, after the lead, has the lead's clue; a defender has the contract's
    state = _state(Strain.S, "D5")
    contract = MiniContract(Strain.S, True)
    found = declaration(DEAL)
    kinds = {type(c) for c in clues_for(play_view(state, contract, found, double_dummy=False))}
    assert kinds == {LeadClue}
    state = _state(Strain.S, "D5 D9")
    kinds = {type(c) for c in clues_for(play_view(state, contract, found, double_dummy=False))}
    assert kinds == {LeadClue, ContractClue}  # West: partner led, declarer named spades


def test_a_card_followed_without_winning_was_the_lowest() -> None:
    # E D5, S D9, W D2, N D4: South wins; West and North followed low
    state = _state(Strain.S, "D5 D9 D2 D4")
    clues = low_cards(state.tricks, state.trump)
    assert [(c.seat, str(c.card)) for c in clues] == [(Seat.W, "D2"), (Seat.N, "D4")]
    north = clues[1]
    assert north.accepts({Seat.N: frozenset(Hand.from_pbn("AQ73.K52.AJ.Q83").cards)})
    assert not north.accepts({Seat.N: frozenset(Hand.from_pbn("AQ73.K52.AJ3.Q8").cards)})
    # East, who cannot see North, now samples North's hand without a diamond below the 4
    found = declaration(DEAL)
    view = play_view(state, MiniContract(Strain.S, True), found, double_dummy=False)
    assert view.seat is Seat.S  # South won: dummy leads, declarer chooses
    state = _state(Strain.S, "D5 D9 D2 D4 C4")
    view = play_view(state, MiniContract(Strain.S, True), found, double_dummy=False)
    assert view.seat is Seat.W
    assert any(isinstance(c, LowCardClue) and c.seat is Seat.N for c in clues_for(view))


def test_leads_solved_one_by_one_agree_with_the_whole_solve() -> None:
    rng = random.Random(3)
    from bridgedesk.deals.generate import random_deal

    for board in range(1, 4):
        deal = random_deal(board, rng)
        state = PlayState.start(deal, Seat.S, Strain.H)
        hands = {s: deal.hand(s).cards for s in SEATS}
        every = dd.card_tricks([hands], state.current, state.trump)[0]
        some = sorted(every)[:4]
        assert dd.lead_tricks([hands], state.current, state.trump, some)[0] == {
            c: every[c] for c in some
        }
