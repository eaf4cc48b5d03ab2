"""Choosing by double-dummy results over one or more layouts of the unseen cards.

The expert level passes the one true layout; the club level a sample of
layouts consistent with what it has seen (:mod:`bridgedesk.practice.sampling`).
Both then take the contract, or the card, with the best average MiniBridge
score for their side, as single-dummy programs do.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Seat, Strain
from bridgedesk.deals.cards import SUITS, Card
from bridgedesk.errors import PracticeError
from bridgedesk.practice import dd
from bridgedesk.practice.contract import (
    ALL_MINI_CONTRACTS,
    GAME_TRICKS,
    PART_SCORE_TRICKS,
    MiniContract,
    declarer_score,
)
from bridgedesk.practice.play import TRICKS
from bridgedesk.practice.players import PlayView

Layout = Mapping[Seat, frozenset[Card]]
#: Cards together in a suit that make a fit.
FIT = 8
#: Up to this many leads to choose from, each is solved on its own
#: (:func:`bridgedesk.practice.dd.lead_tricks`), cheaper than solving every card.
FEW_LEADS = 4


def best_contract(rows: Sequence[Mapping[Strain, int]]) -> MiniContract:
    """The contract with the best average score over declarer's trick counts ``rows``.

    Only the strains every row has are considered.  Ties go to the earlier
    contract of :data:`ALL_MINI_CONTRACTS` (no trumps first, game before part
    score).
    """
    if not rows:
        raise PracticeError("no layouts to choose a contract from")
    candidates = [c for c in ALL_MINI_CONTRACTS if all(c.strain in row for row in rows)]
    if not candidates:
        raise PracticeError("no strain to choose a contract in")

    def average(contract: MiniContract) -> float:
        return sum(declarer_score(contract, row[contract.strain]) for row in rows) / len(rows)

    return max(candidates, key=average)


def candidate_strains(declarer: Collection[Card], dummy: Collection[Card]) -> tuple[Strain, ...]:
    """The strains worth solving for a contract: no trumps and every suit in which
    declarer and dummy hold a fit of 8 cards or more, but with a major fit no
    minor (its game needs 11 tricks and scores less); without a fit, no trumps
    and their longest suit (the higher of equals).

    Without a fit, trying the other 7-card suits too named the double-dummy best
    contract no more often (replayed over 200 deals of bench/practice_versus.py,
    seed 1: 59 % with them, 59.5 % without) for 2.3 more searches a deal."""
    lengths = {suit: sum(1 for c in (*declarer, *dummy) if c.suit is suit) for suit in SUITS}
    longest = max(SUITS, key=lambda suit: (lengths[suit], -suit.index))
    suits = [suit for suit in SUITS if lengths[suit] >= FIT] or [longest]
    if any(suit.index < 2 for suit in suits if lengths[suit] >= FIT):
        suits = [suit for suit in suits if suit.index < 2]
    return (Strain.NT, *(Strain(suit.value) for suit in suits))


def estimated_tricks(hands: dd.Hands, declarer: Seat, strain: Strain) -> int:
    """Declarer's double-dummy tricks in ``strain`` as far as a contract's score needs
    them, from one or two yes-or-no searches (:func:`dd.declarer_reaches`): the game's
    target when it is reached, else one short of it when a part score's 7 are reached,
    else 6."""
    game = GAME_TRICKS[strain]
    if dd.declarer_reaches(hands, declarer, strain, game):
        return game
    if dd.declarer_reaches(hands, declarer, strain, PART_SCORE_TRICKS):
        return game - 1
    return PART_SCORE_TRICKS - 1


def contract_value(rows: Sequence[Mapping[Strain, int]], strain: Strain) -> float:
    """The best average score of a contract in ``strain`` over ``rows``."""
    return max(
        sum(declarer_score(MiniContract(strain, game), row[strain]) for row in rows) / len(rows)
        for game in (True, False)
    )


def _average_bounds(
    rows: Sequence[Mapping[Strain, int]], contract: MiniContract, left: int
) -> tuple[float, float]:
    """The lowest and the highest average score ``contract`` can end with when ``left``
    more layouts follow ``rows``: each scores between declarer's 6 tricks and the game's
    tricks, the range of :func:`estimated_tricks`."""
    total = sum(declarer_score(contract, row[contract.strain]) for row in rows)
    worst = declarer_score(contract, PART_SCORE_TRICKS - 1)
    best = declarer_score(contract, GAME_TRICKS[contract.strain])
    n = len(rows) + left
    return (total + left * worst) / n, (total + left * best) / n


def still_open(
    rows: Sequence[Mapping[Strain, int]], strains: Sequence[Strain], left: int
) -> tuple[tuple[Strain, ...], MiniContract | None]:
    """What ``left`` more layouts can still change in :func:`best_contract` of ``rows``:
    the strains one of whose contracts can still come first, and the contract when
    none can overtake it any more (else ``None``).  Both exact: stopping there, or
    solving only those strains, names what all the layouts would have named."""
    contracts = [c for c in ALL_MINI_CONTRACTS if c.strain in strains]
    bounds = {c: _average_bounds(rows, c, left) for c in contracts}
    floor = max(low for low, _ in bounds.values())
    leader = next(c for c in contracts if bounds[c][0] == floor)
    if all(floor > high for c, (_, high) in bounds.items() if c != leader):
        return (leader.strain,), leader
    return tuple(
        s for s in strains if any(bounds[c][1] >= floor for c in contracts if c.strain is s)
    ), None


def distinct_cards(view: PlayView) -> tuple[Card, ...]:
    """The legal cards that can differ in effect: of cards in one suit with nothing
    between them but the player's own cards and cards of earlier tricks, only
    the lowest is kept (a card in the trick being played still counts)."""
    out: list[Card] = []
    own = view.known[view.seat]
    gone = {c for cards in view.played.values() for c in cards} - set(view.trick.cards)
    legal = sorted(view.legal, key=lambda c: (c.suit.index, -c.rank))
    for card in legal:
        if out and out[-1].suit is card.suit:
            higher = out[-1]
            between = (Card(card.suit, r) for r in range(card.rank + 1, higher.rank))
            if all(c in own or c in gone for c in between):
                out[-1] = card
                continue
        out.append(card)
    return tuple(out)


@dataclass(frozen=True)
class CardValue:
    """A card's average over the layouts: the score for the controller's side, and the
    tricks the side to play takes from here on."""

    card: Card
    score: float
    tricks: float


def card_values(
    view: PlayView, layouts: Sequence[Layout], choices: Sequence[Card] | None = None
) -> list[CardValue]:
    """Every card of ``choices`` (default: :func:`distinct_cards`) with its averages over
    ``layouts`` (each giving the remaining cards of the two unseen seats), best first:
    the best average score, then the most tricks, then the lowest card."""
    if choices is None:
        choices = distinct_cards(view)
    if not layouts:
        raise PracticeError("no layouts to choose a card from")
    positions = [
        {s: (view.known[s] if s in view.known else lay[s]) for s in SEATS} for lay in layouts
    ]
    if not view.trick.cards and len(choices) <= FEW_LEADS:
        results = dd.lead_tricks(positions, view.trick, view.trump, choices)
    else:
        results = dd.card_tricks(positions, view.trick, view.trump)
    ours = view.seat.side is view.declarer.side
    sign = 1 if view.controller.side is view.declarer.side else -1
    left = TRICKS - view.tricks_done
    values: list[CardValue] = []
    for card in choices:
        total = 0
        tricks = 0
        for result in results:
            future = result[card]
            final = view.declarer_tricks + (future if ours else left - future)
            total += sign * declarer_score(view.contract, final)
            tricks += future
        values.append(CardValue(card, total / len(results), tricks / len(results)))
    values.sort(key=lambda v: (-v.score, -v.tricks, v.card.rank, v.card.suit.index))
    return values


def best_card(view: PlayView, layouts: Sequence[Layout]) -> Card:
    """The card with the best average score for the controller's side over ``layouts``."""
    choices = distinct_cards(view)
    if len(choices) == 1:
        return choices[0]
    return card_values(view, layouts, choices)[0].card


__all__ = [
    "CardValue",
    "Layout",
    "best_card",
    "best_contract",
    "candidate_strains",
    "card_values",
    "contract_value",
    "distinct_cards",
    "estimated_tricks",
    "still_open",
]
