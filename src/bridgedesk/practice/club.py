"""The club level: a single-dummy player that does not look at hidden cards.

For each decision it draws layouts of the two unseen hands consistent with
everything public (their HCP counts as announced, less the honours played;
the suits they have shown out of; their number of cards) and takes the
contract or card with the best average double-dummy score over those layouts,
as single-dummy programs do.  For the contract it solves no trumps and the
suits in which declarer and dummy hold seven cards or more (and their longest
suit): a trump suit with fewer is not worth the time.  All randomness comes from the ``rng`` it is
given, so a seeded session plays the same way again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridgedesk.bridge import SEATS
from bridgedesk.deals.cards import DECK, Card
from bridgedesk.practice import dd
from bridgedesk.practice.choice import (
    best_card,
    best_contract,
    candidate_strains,
    distinct_cards,
)
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.players import ContractView, PlayView
from bridgedesk.practice.sampling import constraints_of, sample_layouts

#: Layouts per card decision and per contract decision (see bench/practice_club.py).
CARD_SAMPLES = 10
CONTRACT_SAMPLES = 8
#: Layouts for the cards of the first trick, where each double-dummy solve of the
#: full 52-card position costs the most.
FIRST_TRICK_SAMPLES = 6


@dataclass
class ClubPlayer:
    rng: random.Random
    card_samples: int = CARD_SAMPLES
    contract_samples: int = CONTRACT_SAMPLES
    first_trick_samples: int = FIRST_TRICK_SAMPLES
    level: str = "club"
    double_dummy: bool = False

    def choose_contract(self, view: ContractView) -> MiniContract:
        seen = frozenset().union(*view.known.values())
        unseen = [c for c in DECK if c not in seen]
        hidden = [s for s in SEATS if s not in view.known]
        announced = {a.seat: a.hcp for a in view.declaration.announcements}
        first, second = constraints_of(hidden, dict.fromkeys(hidden, 13), announced, {}, {})
        layouts = sample_layouts(unseen, first, second, self.rng, self.contract_samples)
        deals = [
            {s: (view.known[s] if s in view.known else lay[s]) for s in SEATS} for lay in layouts
        ]
        strains = candidate_strains(view.known[view.declarer], view.known[view.dummy])
        return best_contract(dd.declarer_tricks(deals, view.declarer, strains))

    def choose_card(self, view: PlayView) -> Card:
        choices = distinct_cards(view)
        if len(choices) == 1:
            return choices[0]
        gone = {c for cards in view.played.values() for c in cards}
        seen = frozenset().union(*view.known.values())
        unseen = [c for c in DECK if c not in seen and c not in gone]
        hidden = view.unseen
        sizes = {s: 13 - len(view.played[s]) for s in hidden}
        announced = {a.seat: a.hcp for a in view.declaration.announcements}
        first, second = constraints_of(hidden, sizes, announced, view.played, view.voids)
        count = (
            self.card_samples
            if view.tricks_done
            else min(self.card_samples, self.first_trick_samples)
        )
        layouts = sample_layouts(unseen, first, second, self.rng, count)
        return best_card(view, layouts)


__all__ = ["CARD_SAMPLES", "CONTRACT_SAMPLES", "FIRST_TRICK_SAMPLES", "ClubPlayer"]
