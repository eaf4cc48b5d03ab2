"""What the contract and the opening lead tell the players who cannot see them.

A layout of the unseen cards drawn by :mod:`bridgedesk.practice.sampling`
agrees with the announced HCP and the suits shown out of; these clues narrow
it further, as a player at the table reasons:

- the contract (:class:`ContractClue`, for the defenders): declarers choose
  trumps where they and dummy hold a fit.  Over the 300 deals of
  ``bench/practice_versus.py`` the club level's trump suit was the longest
  suit declarer and dummy held together, or one of eight cards or more, in
  96 contracts of 100; in no trumps declarer and dummy held no major suit of
  nine cards or more in 95 of 100.  Dummy is seen from the start (002:32), so
  each sampled declarer's hand is checked against that;
- the opening lead (:class:`LeadClue`, for declarer and the leader's partner):
  the leader led the card a class teaches from the suit led
  (:func:`bridgedesk.practice.lead.suit_lead`), as the club level does, so
  a sampled leader's hand must hold a suit from which that card is the one
  to lead (the king from K-Q-J or K-Q, the four from K-8-4 ...);
- the cards followed (:class:`LowCardClue`, for everyone): a player who
  followed suit to a trick and did not win it played the lowest card it held
  in the suit, so it holds none lower.  Measured on the same positions of 100
  deals (bench/practice_versus.py's 101-200), the defenders' choices with
  this clue gave away 0.54 tricks a deal against 0.57 without.

A clue a layout cannot meet gives way rather than stop the play
(:func:`~bridgedesk.practice.sampling.sample_layouts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgedesk.bridge import Seat
from bridgedesk.deals.cards import SUITS, Card, Suit
from bridgedesk.practice.lead import suit_lead
from bridgedesk.practice.play import Trick
from bridgedesk.practice.players import PlayView
from bridgedesk.practice.sampling import Layout

#: A trump fit declarer is expected to hold with dummy; a major fit that would make
#: no trumps unlikely.
FIT = 8
NT_MAJOR = 9


class Clue(Protocol):
    def accepts(self, layout: Layout) -> bool: ...


@dataclass(frozen=True)
class ContractClue:
    """Declarer's hand agrees with the trump suit named (or with no trumps)."""

    declarer: Seat
    dummy: frozenset[Card]  # dummy's 13 cards
    trump: Suit | None
    played: tuple[Card, ...] = ()  # declarer's cards played so far

    def accepts(self, layout: Layout) -> bool:
        both = [*layout[self.declarer], *self.played, *self.dummy]
        lengths = {suit: sum(1 for c in both if c.suit is suit) for suit in SUITS}
        if self.trump is None:
            return lengths[Suit.S] < NT_MAJOR and lengths[Suit.H] < NT_MAJOR
        trumps = lengths[self.trump]
        return trumps >= FIT or trumps == max(lengths.values())


@dataclass(frozen=True)
class LeadClue:
    """The opening leader's hand holds a suit the opening lead is the conventional card of."""

    leader: Seat
    lead: Card
    trump: Suit | None
    played: tuple[Card, ...] = ()  # the leader's cards played so far (the lead first)

    def accepts(self, layout: Layout) -> bool:
        hand = frozenset(layout[self.leader]) | frozenset(self.played)
        return suit_lead(hand, self.lead.suit, self.trump).card == self.lead


@dataclass(frozen=True)
class LowCardClue:
    """A player who followed suit without winning the trick held no lower card of the
    suit: "follow with your lowest card" (the club and expert levels do, choosing the
    lowest of cards that do equally well)."""

    seat: Seat
    card: Card

    def accepts(self, layout: Layout) -> bool:
        suit, rank = self.card.suit, self.card.rank
        return not any(c.suit is suit and c.rank < rank for c in layout[self.seat])


def low_cards(tricks: Sequence[Trick], trump: Suit | None) -> list[LowCardClue]:
    """The :class:`LowCardClue` of every card followed to a trick it did not win."""
    out: list[LowCardClue] = []
    for trick in tricks:
        winner = trick.winner(trump)
        led = trick.cards[0].suit
        for seat, card in trick.plays()[1:]:
            if seat is not winner and card.suit is led:
                out.append(LowCardClue(seat, card))
    return out


def clues_for(view: PlayView) -> tuple[Clue, ...]:
    """The clues the player choosing in ``view`` has about the two hands it cannot see."""
    clues: list[Clue] = []
    declarer = view.declarer
    unseen = view.unseen
    leader = declarer.lho
    if leader in unseen and view.played[leader]:
        clues.append(LeadClue(leader, view.played[leader][0], view.trump, view.played[leader]))
    if declarer in unseen:
        dummy = declarer.partner
        whole = frozenset(view.known[dummy]) | frozenset(view.played[dummy])
        clues.append(ContractClue(declarer, whole, view.trump, view.played[declarer]))
    clues.extend(c for c in low_cards(view.history, view.trump) if c.seat in unseen)
    return tuple(clues)


def accepting(clues: Sequence[Clue]) -> Callable[[Layout], bool] | None:
    """One test for a layout: every clue accepts it (``None`` without clues)."""
    if not clues:
        return None
    return lambda layout: all(clue.accepts(layout) for clue in clues)


__all__ = [
    "FIT",
    "NT_MAJOR",
    "Clue",
    "ContractClue",
    "LeadClue",
    "LowCardClue",
    "accepting",
    "clues_for",
    "low_cards",
]
