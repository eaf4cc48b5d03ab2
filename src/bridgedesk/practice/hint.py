"""A hint during play: the card the computer would play, with a one-line reason.

The card is the club level's choice (:mod:`bridgedesk.practice.club`) from
the person's own view, so a hint never looks at hidden cards.  The reason is
the classroom rule the card follows, read from the position: the
conventional opening lead (:mod:`bridgedesk.practice.lead`), second hand low,
third hand high, win as cheaply as you can, let partner's winner stand, trump
when you cannot follow, cash a winner, draw trumps, set up a long suit.  The
words are :mod:`bridgedesk.practice.words`'.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from enum import Enum

from bridgedesk.deals.cards import DECK, Card
from bridgedesk.practice.choice import distinct_cards
from bridgedesk.practice.club import ClubPlayer
from bridgedesk.practice.lead import LeadRule, suit_lead
from bridgedesk.practice.players import PlayView

#: A suit this long counts as a long suit to set up.
LONG_SUIT = 4


class HintReason(Enum):
    ONLY_CARD = "only_card"
    EQUAL_CARDS = "equal_cards"
    OPENING_LEAD = "opening_lead"
    DRAW_TRUMPS = "draw_trumps"
    CASH_WINNER = "cash_winner"
    LONG_SUIT = "long_suit"
    LEAD = "lead"
    PARTNER_WINS = "partner_wins"
    WIN_CHEAPLY = "win_cheaply"
    SECOND_HAND_LOW = "second_hand_low"
    THIRD_HAND_HIGH = "third_hand_high"
    CANNOT_WIN = "cannot_win"
    FOLLOW = "follow"
    RUFF = "ruff"
    DISCARD = "discard"


@dataclass(frozen=True)
class Hint:
    card: Card
    reason: HintReason
    lead_rule: LeadRule | None = None
    #: the tricks the side to play takes from here on, on average over the layouts tried
    tricks: float | None = None
    layouts: int = 0
    #: the tricks still to play, this one included
    left: int = 13


def _outstanding(view: PlayView) -> set[Card]:
    """The cards the player cannot see: still in the two unseen hands."""
    gone = {c for cards in view.played.values() for c in cards}
    seen = {c for cards in view.known.values() for c in cards}
    return {c for c in DECK if c not in gone and c not in seen}


def _winning(view: PlayView) -> tuple[int, Card]:
    """The index in the trick and the card winning the trick so far."""
    cards = view.trick.cards
    led = cards[0].suit

    def strength(card: Card) -> tuple[int, int]:
        if view.trump is not None and card.suit is view.trump:
            return (2, card.rank)
        return (1, card.rank) if card.suit is led else (0, card.rank)

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return best, cards[best]


def _beats(view: PlayView, card: Card, other: Card) -> bool:
    """Whether ``card`` (following to the trick) beats ``other``, the card winning it."""
    if card.suit is other.suit:
        return card.rank > other.rank
    return view.trump is not None and card.suit is view.trump


def reason_for(view: PlayView, card: Card) -> tuple[HintReason, LeadRule | None]:
    """The classroom rule ``card`` follows in the position of ``view``."""
    legal = view.legal
    if len(legal) == 1:
        return HintReason.ONLY_CARD, None
    if len(distinct_cards(view)) == 1:
        return HintReason.EQUAL_CARDS, None
    own = view.known[view.seat]
    if not view.trick.cards:
        if view.tricks_done == 0:
            conventional = suit_lead(own, card.suit, view.trump)
            if conventional.card == card:
                return HintReason.OPENING_LEAD, conventional.rule
            return HintReason.LEAD, None
        outside = _outstanding(view)
        declaring = view.seat.side is view.declarer.side
        if (
            declaring
            and view.trump is not None
            and card.suit is view.trump
            and any(c.suit is view.trump for c in outside)
        ):
            return HintReason.DRAW_TRUMPS, None
        if not any(c.suit is card.suit and c.rank > card.rank for c in outside):
            return HintReason.CASH_WINNER, None
        lengths = Counter(c.suit for c in own)
        if lengths[card.suit] >= LONG_SUIT and lengths[card.suit] == max(lengths.values()):
            return HintReason.LONG_SUIT, None
        return HintReason.LEAD, None
    led = view.trick.cards[0].suit
    if card.suit is not led:
        return (HintReason.RUFF, None) if card.suit is view.trump else (HintReason.DISCARD, None)
    position = len(view.trick.cards)  # 1: second hand, 2: third hand, 3: fourth hand
    best_index, best = _winning(view)
    partner_winning = position - best_index == 2
    wins = _beats(view, card, best)
    if not wins:
        if partner_winning:
            return HintReason.PARTNER_WINS, None
        if position == 1 and card == min(c for c in legal if c.suit is led):
            return HintReason.SECOND_HAND_LOW, None
        if not any(_beats(view, c, best) for c in legal):
            return HintReason.CANNOT_WIN, None
        return HintReason.FOLLOW, None
    if position == 3:
        return HintReason.WIN_CHEAPLY, None
    if position == 2:
        return HintReason.THIRD_HAND_HIGH, None
    return HintReason.FOLLOW, None


def hint(view: PlayView, rng: random.Random) -> Hint:
    """The club level's card for ``view``, its reason and the average it was chosen on."""
    player = ClubPlayer(rng)
    choice = player.evaluate(view)
    reason, rule = reason_for(view, choice.card)
    return Hint(choice.card, reason, rule, choice.tricks, choice.layouts, 13 - view.tricks_done)


__all__ = ["Hint", "HintReason", "hint", "reason_for"]
