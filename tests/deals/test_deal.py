"""The deal model: cards, hands, deals, PBN deal strings and the errors for bad deals."""

from __future__ import annotations

import pytest

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.deals import DECK, Card, Deal, Hand, Suit
from bridgedesk.errors import DealError

# Board 1 of the .HND sample in 002:111-115 (South, West, North, East columns).
SAMPLE_1 = "S:4.4.QJT943.QJ964 965.KJ53.AK.AK85 J1082.9876.8652.3 AKQ73.AQ102.7.1072"


def test_deck() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert str(DECK[0]) == "SA" and str(DECK[-1]) == "C2"


def test_card_parse_and_order() -> None:
    assert Card.parse("H10") == Card.parse("HT") == Card(Suit.H, 10)
    assert Card.parse("sa") == Card(Suit.S, 14)
    assert Card.parse("SA") > Card.parse("SK") > Card.parse("HA") > Card.parse("C2")
    assert repr(Card.parse("DQ")) == "Card.parse('DQ')"
    with pytest.raises(DealError, match="unknown card"):
        Card.parse("SX")
    with pytest.raises(DealError, match="unknown suit"):
        Card.parse("XA")


def test_hand_counts() -> None:
    hand = Hand.from_pbn("AKQ73.AQ102.7.1072")
    assert hand.hcp == 4 + 3 + 2 + 4 + 2  # SA SK SQ HA HQ
    assert hand.lengths == (5, 4, 1, 3)
    assert hand.shape == (5, 4, 3, 1)
    assert hand.pbn() == "AKQ73.AQT2.7.T72"
    assert str(hand) == "S:AKQ73 H:AQT2 D:7 C:T72"
    assert hand.holding(Suit.H, ten="10") == "AQ102"
    void = Hand.from_pbn("AKQJT98765432...")
    assert str(void) == "S:AKQJT98765432 H:- D:- C:-"
    assert void.hcp == 10 and void.shape == (13, 0, 0, 0)
    assert eval(repr(hand)) == hand


def test_deal_from_pbn_sample() -> None:
    deal = Deal.from_pbn(SAMPLE_1, board=1, dealer=Seat.W)
    assert deal.dealer is Seat.W
    assert deal.vulnerability is Vulnerability.NONE  # board 1's standard vulnerability
    assert deal[Seat.S].pbn() == "4.4.QJT943.QJ964"
    assert deal[Seat.N].pbn() == "JT82.9876.8652.3"
    # counted by hand: N SJ; E SA SK SQ HA HQ; S DQ DJ CQ CJ; W HK HJ DA DK CA CK
    assert deal.hcp() == {Seat.N: 1, Seat.E: 15, Seat.S: 6, Seat.W: 18}
    assert sum(deal.hcp().values()) == 40
    # export form starts with the dealer
    assert deal.pbn() == ("W:965.KJ53.AK.AK85 JT82.9876.8652.3 AKQ73.AQT2.7.T72 4.4.QJT943.QJ964")
    assert deal.pbn(Seat.N).startswith("N:JT82.")
    assert Deal.from_pbn(deal.pbn(), board=1, dealer=Seat.W) == deal
    assert eval(repr(deal), {"Deal": Deal, "Seat": Seat, "Vulnerability": Vulnerability}) == deal
    assert deal.owner(Card.parse("SA")) is Seat.E


def test_dealer_and_vulnerability_from_board_number() -> None:
    deal = Deal.from_pbn(SAMPLE_1, board=7)
    # 004:421-434: board 7 dealer South, both vulnerable
    assert deal.dealer is Seat.S and deal.vulnerability is Vulnerability.BOTH
    assert deal.standard_dealer and deal.standard_vulnerability
    moved = deal.with_board(2)
    assert moved.dealer is Seat.E and moved.vulnerability is Vulnerability.NS


def test_card_twice_names_card_and_hands() -> None:
    bad = SAMPLE_1.replace("S:4.4.", "S:A.4.", 1)  # SA also with East
    with pytest.raises(DealError, match=r"card SA is given twice \(East and South\)"):
        Deal.from_pbn(bad)
    with pytest.raises(DealError, match="SA is given twice"):
        Deal.from_pbn(bad)


def test_hand_of_twelve() -> None:
    bad = SAMPLE_1.replace("QJ964", "QJ96", 1)
    with pytest.raises(DealError, match=r"South has 12 cards, a hand needs 13.*C4"):
        Deal.from_pbn(bad)


def test_unknown_card_and_bad_shapes() -> None:
    with pytest.raises(DealError, match="unknown card 'X'"):
        Deal.from_pbn(SAMPLE_1.replace("QJ964", "QJ96X", 1))
    with pytest.raises(DealError, match="4 suits"):
        Deal.from_pbn(SAMPLE_1.replace("4.4.QJT943", "4.4QJT943", 1))
    with pytest.raises(DealError, match="not given"):
        Deal.from_pbn("N:AKQJT98765432... - - -")
    with pytest.raises(DealError, match="board number"):
        Deal.from_pbn(SAMPLE_1, board=0)


def test_deal_is_immutable_and_hashable() -> None:
    deal = Deal.from_pbn(SAMPLE_1)
    with pytest.raises(AttributeError):
        deal.board = 2  # type: ignore[misc]
    assert len({deal, Deal.from_pbn(SAMPLE_1)}) == 1
