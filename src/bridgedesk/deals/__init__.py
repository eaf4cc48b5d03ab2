"""Deals: the model, reproducible generation, double-dummy tables and par.

``import bridgedesk.deals`` loads the model only; generation
(:mod:`bridgedesk.deals.generate`) and double dummy (:mod:`bridgedesk.deals.dd`,
which needs endplay) are submodules imported on purpose.
"""

from bridgedesk.deals.cards import DECK, SUITS, Card, Hand, Suit
from bridgedesk.deals.deal import Deal, check_hands

__all__ = ["DECK", "SUITS", "Card", "Deal", "Hand", "Suit", "check_hands"]
