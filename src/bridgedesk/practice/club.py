"""The club level: a single-dummy player that does not look at hidden cards.

For each decision it draws layouts of the two unseen hands consistent with
everything public (their HCP counts as announced, less the honours played;
the suits they have shown out of; their number of cards) and takes the
contract or card with the best average double-dummy score over those layouts,
as single-dummy programs do.

For the contract it tries no trumps and the suits worth trumps
(:func:`~bridgedesk.practice.choice.candidate_strains`), asking of each layout
only whether declarer makes a game and whether a part score (two quick
searches instead of counting every trick,
:func:`~bridgedesk.practice.choice.estimated_tricks`), stops trying a
strain that is far behind after the first layouts, and stops as soon as the
layouts left could not change the answer
(:func:`~bridgedesk.practice.choice.still_open`).

The opening lead, where a sampling player gives most away, is chosen as a
class teaches it and checked by simulation
(:mod:`bridgedesk.practice.lead`): one conventional card from each suit,
tried over more layouts; near ties go to the suit a class prefers.  Every
layout a defender draws also agrees with what the contract tells about
declarer's hand, and every layout declarer or the leader's partner draws with
the opening lead (:mod:`bridgedesk.practice.clues`).

All randomness comes from the ``rng`` it is given, so a seeded session plays
the same way again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Strain
from bridgedesk.deals.cards import DECK, Card
from bridgedesk.practice.choice import (
    best_contract,
    candidate_strains,
    card_values,
    contract_value,
    distinct_cards,
    estimated_tricks,
    still_open,
)
from bridgedesk.practice.clues import accepting, clues_for
from bridgedesk.practice.contract import MiniContract
from bridgedesk.practice.lead import conventional_leads, preference
from bridgedesk.practice.players import ContractView, PlayView
from bridgedesk.practice.sampling import Layout, constraints_of, sample_layouts

#: Layouts per card decision and per contract decision (bench/practice_club.py and
#: bench/practice_versus.py: with the quick searches below, 6 layouts named the
#: contract as well as 8 layouts counting every trick did, 1.2 IMP a deal below the
#: double-dummy best over 150 deals.  The same searches replayed for 200 deals (seed
#: 1): 5 layouts name the double-dummy best contract as often as 6 (59 % against
#: 58.5 %; 1.27 IMP a deal below it against 1.38), with a 95th percentile of the
#: searches' CPU 0.45 s against 0.53 s at load average 10; 4 layouts 57.5 %).
CARD_SAMPLES = 10
CONTRACT_SAMPLES = 5
#: Layouts for the cards of the first trick, where each double-dummy solve of the
#: full 52-card position costs the most.
FIRST_TRICK_SAMPLES = 6
#: After this many layouts of the contract decision, strains whose best contract is
#: more than RACE_MARGIN points behind on average are dropped.
RACE_AFTER = 3
RACE_MARGIN = 150.0
#: Layouts for the opening lead (bench/practice_versus.py).
LEAD_SAMPLES = 12
#: Leads whose average score is within this many points of the best count as equal,
#: and the class's preference decides among them: against a trump contract the suit a
#: class teaches to lead is right more often than a small simulation, against no
#: trumps the simulation finds the suit to set up better than "the longest suit"
#: (100 deals of bench/practice_versus.py, each lead tried on 32 layouts: against
#: trumps 0.15 tricks lost a lead this way, 0.21 by the simulation alone; against no
#: trumps 0.34 by the simulation alone, 0.47 with this margin, 0.63 always the class's).
LEAD_MARGIN_TRUMPS = 30.0
LEAD_MARGIN_NO_TRUMPS = 0.0


@dataclass(frozen=True)
class Evaluation:
    """A chosen card, the tricks its side takes from here on (average over the layouts
    tried; ``None`` when there was no choice to make) and how many layouts were tried."""

    card: Card
    tricks: float | None
    layouts: int


@dataclass
class ClubPlayer:
    rng: random.Random
    card_samples: int = CARD_SAMPLES
    contract_samples: int = CONTRACT_SAMPLES
    first_trick_samples: int = FIRST_TRICK_SAMPLES
    lead_samples: int = LEAD_SAMPLES
    #: whether layouts must agree with the contract and the opening lead (clues)
    clues: bool = True
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
        rows: list[dict[Strain, int]] = []
        for i, hands in enumerate(deals):
            rows.append({s: estimated_tricks(hands, view.declarer, s) for s in strains})
            if i + 1 == RACE_AFTER and len(strains) > 1:
                # strains well behind after the first layouts are not solved further
                values = {s: contract_value(rows, s) for s in strains}
                lead = max(values.values())
                strains = tuple(s for s in strains if values[s] >= lead - RACE_MARGIN)
            # nor strains the layouts left cannot bring first; none once the answer is known
            strains, decided = still_open(rows, strains, len(deals) - i - 1)
            if decided is not None:
                return decided
            rows = [{s: row[s] for s in strains} for row in rows]
        return best_contract(rows)

    def choose_card(self, view: PlayView) -> Card:
        return self.evaluate(view).card

    def _layouts(self, view: PlayView, count: int) -> list[Layout]:
        gone = {c for cards in view.played.values() for c in cards}
        seen = frozenset().union(*view.known.values())
        unseen = [c for c in DECK if c not in seen and c not in gone]
        hidden = view.unseen
        sizes = {s: 13 - len(view.played[s]) for s in hidden}
        announced = {a.seat: a.hcp for a in view.declaration.announcements}
        first, second = constraints_of(hidden, sizes, announced, view.played, view.voids)
        accept = accepting(clues_for(view)) if self.clues else None
        return sample_layouts(unseen, first, second, self.rng, count, accept)

    def evaluate(self, view: PlayView) -> Evaluation:
        """The card to play, with the average it was chosen on."""
        choices = distinct_cards(view)
        if len(choices) == 1:
            return Evaluation(choices[0], None, 0)
        if view.tricks_done == 0 and not view.trick.cards:
            return self._opening_lead(view)
        count = (
            self.card_samples
            if view.tricks_done
            else min(self.card_samples, self.first_trick_samples)
        )
        layouts = self._layouts(view, count)
        best = card_values(view, layouts, choices)[0]
        return Evaluation(best.card, best.tricks, len(layouts))

    def _opening_lead(self, view: PlayView) -> Evaluation:
        own = view.known[view.seat]
        leads = {lead.card: lead for lead in conventional_leads(own, view.trump)}
        layouts = self._layouts(view, self.lead_samples)
        values = card_values(view, layouts, list(leads))
        margin = LEAD_MARGIN_NO_TRUMPS if view.trump is None else LEAD_MARGIN_TRUMPS
        near = [v for v in values if values[0].score - v.score <= margin]
        pick = max(near, key=lambda v: preference(leads[v.card], own, view.trump))
        return Evaluation(pick.card, pick.tricks, len(layouts))


__all__ = [
    "CARD_SAMPLES",
    "CONTRACT_SAMPLES",
    "FIRST_TRICK_SAMPLES",
    "LEAD_MARGIN_NO_TRUMPS",
    "LEAD_MARGIN_TRUMPS",
    "LEAD_SAMPLES",
    "ClubPlayer",
    "Evaluation",
]
