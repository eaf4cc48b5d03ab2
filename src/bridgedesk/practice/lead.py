"""The opening lead as beginners are taught it: which card from each suit, and why.

From any holding a class teaches one card to lead (the card, not yet the
suit):

- the top of a sequence of three touching cards headed by an honour (K from
  KQJ, Q from QJ10), or of a near sequence (K from KQ10);
- against a trump contract, the top of two touching honours (A from AK, K
  from KQ, Q from QJ), and the ace of a suit headed by the ace (no lead away
  from an ace against a trump contract);
- a singleton; the top of a doubleton;
- from four cards or more, the fourth highest ("fourth best");
- from three cards, low from an honour (the 3 from K-7-3), else the top
  ("top of nothing");
- in the trump suit, a low trump.

Which suit to lead is then left to the simulation of
:mod:`bridgedesk.practice.club`: each suit's conventional card is tried over
layouts of the unseen hands consistent with the announcements and the
contract, and the best on average is led; where two suits come out about
equal, the one a class prefers is chosen (:func:`preference`): a sequence,
then against no trumps the longest suit and against a trump contract a
singleton with a trump to ruff.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from bridgedesk.deals.cards import SUITS, Card, Suit

TEN, JACK, QUEEN, ACE = 10, 11, 12, 14


class LeadRule(Enum):
    """Why a card is the one to lead from its suit (the words are in :mod:`~.words`)."""

    SEQUENCE = "sequence"
    TOUCHING_HONOURS = "touching_honours"
    ACE = "ace"
    SINGLETON = "singleton"
    DOUBLETON = "doubleton"
    FOURTH_BEST = "fourth_best"
    LOW_FROM_HONOUR = "low_from_honour"
    TOP_OF_NOTHING = "top_of_nothing"
    TRUMP = "trump"


@dataclass(frozen=True)
class ConventionalLead:
    card: Card
    rule: LeadRule
    length: int


def _sequence_top(ranks: Sequence[int]) -> int | None:
    """The top of a three-card sequence (or near sequence, K-Q-10) headed by an honour."""
    if len(ranks) < 3 or ranks[0] < TEN:
        return None
    a, b, c = ranks[0], ranks[1], ranks[2]
    if b == a - 1 and (c == a - 2 or (c == a - 3 and a >= JACK)):
        return a
    return None


def suit_lead(cards: Collection[Card], suit: Suit, trump: Suit | None) -> ConventionalLead:
    """The card a class teaches to lead from ``cards`` of ``suit`` (which must hold one)."""
    ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
    if not ranks:
        raise ValueError(f"no {suit.value} to lead")  # pragma: no cover - callers pass held suits
    n = len(ranks)

    def lead(rank: int, rule: LeadRule) -> ConventionalLead:
        return ConventionalLead(Card(suit, rank), rule, n)

    if suit is trump and n >= 2:
        top = _sequence_top(ranks)
        return lead(top, LeadRule.SEQUENCE) if top is not None else lead(ranks[-1], LeadRule.TRUMP)
    if n == 1:
        return lead(ranks[0], LeadRule.SINGLETON)
    top = _sequence_top(ranks)
    if top is not None:
        return lead(top, LeadRule.SEQUENCE)
    if trump is not None:
        if ranks[0] >= QUEEN and ranks[1] == ranks[0] - 1:
            return lead(ranks[0], LeadRule.TOUCHING_HONOURS)
        if ranks[0] == ACE:
            return lead(ranks[0], LeadRule.ACE)
    if n == 2:
        return lead(ranks[0], LeadRule.DOUBLETON)
    if n >= 4:
        return lead(ranks[3], LeadRule.FOURTH_BEST)
    if ranks[0] >= JACK:
        return lead(ranks[-1], LeadRule.LOW_FROM_HONOUR)
    return lead(ranks[0], LeadRule.TOP_OF_NOTHING)


def conventional_leads(hand: Collection[Card], trump: Suit | None) -> tuple[ConventionalLead, ...]:
    """One conventional card from each suit ``hand`` holds, spades first."""
    held = {c.suit for c in hand}
    return tuple(suit_lead(hand, suit, trump) for suit in SUITS if suit in held)


def _strength(cards: Collection[Card], suit: Suit) -> int:
    return sum(c.hcp for c in cards if c.suit is suit)


def preference(lead: ConventionalLead, hand: Collection[Card], trump: Suit | None) -> int:
    """How strongly a class recommends leading this suit (higher first), used only to
    break near ties of the simulation."""
    suit = lead.card.suit
    if lead.rule is LeadRule.SEQUENCE:
        return 100 + lead.card.rank
    if trump is None:
        return 10 * lead.length + _strength(hand, suit)
    trumps = sum(1 for c in hand if c.suit is trump)
    if lead.rule is LeadRule.SINGLETON and trumps:
        return 90
    if lead.rule is LeadRule.TOUCHING_HONOURS:
        return 80 + lead.card.rank
    if lead.rule in (LeadRule.DOUBLETON, LeadRule.TOP_OF_NOTHING):
        return 50
    if lead.rule is LeadRule.TRUMP:
        return 40
    # leading away from an honour (or an ace) against a trump contract: last
    return 20 - _strength(hand, suit)


__all__ = ["ConventionalLead", "LeadRule", "conventional_leads", "preference", "suit_lead"]
