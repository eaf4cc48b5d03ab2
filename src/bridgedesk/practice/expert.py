"""The expert level: plays double dummy, seeing all four hands (through DDS).

It names the contract with the best score for declarer's double-dummy
tricks, and plays a card that keeps the best double-dummy result for its
side; among such cards, the lowest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridgedesk.bridge import SEATS
from bridgedesk.deals.cards import Card
from bridgedesk.errors import PracticeError
from bridgedesk.practice import dd
from bridgedesk.practice.choice import best_contract, distinct_cards
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.players import ContractView, PlayView


@dataclass
class ExpertPlayer:
    """Double-dummy play; needs no randomness (``rng`` is accepted for the common factory)."""

    rng: random.Random | None = None
    level: str = "expert"
    double_dummy: bool = True

    def choose_contract(self, view: ContractView) -> MiniContract:
        if view.hidden is None:
            raise PracticeError("the expert level needs the whole deal")
        hands = {s: (view.known[s] if s in view.known else view.hidden[s]) for s in SEATS}
        return best_contract([dd.deal_tricks(hands, view.declarer)])

    def choose_card(self, view: PlayView) -> Card:
        if view.hidden is None:
            raise PracticeError("the expert level needs the whole deal")
        choices = distinct_cards(view)
        if len(choices) == 1:
            return choices[0]
        # The score only grows with the side's tricks, so the cards that keep the
        # most double-dummy tricks are the best ones: play the lowest of them.
        position = {s: (view.known[s] if s in view.known else view.hidden[s]) for s in SEATS}
        best = dd.card_tricks([position], view.trick, view.trump, optimal_only=True)[0]
        return min(best, key=lambda c: (c.rank, c.suit.index))


__all__ = ["ExpertPlayer"]
